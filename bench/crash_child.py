"""The process the soak kills: plays random legal moves through the real service and SQLite file, and
dies by SIGKILL at a chosen point (or by the parent's timer, anywhere at all).

    python -m bench.crash_child --db PATH --game G --seed S --actions N
        [--kill-after K --kill-at before_commit|after_commit|in_delivery] [--live 3] [--import MOD]

It prints `ready` once it serves, then `ok MATCH VERSION SEAT ACTION_JSON` for every action whose
`act` returned, flushed at once: those moves were committed, and the parent checks that each one is
in the log after the restart. Each round makes one move in every live match at once, so a kill
can find several changes in flight.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
from pathlib import Path
from typing import Any

from app.delivery import BoardPost, NullDelivery
from app.rendering import NoImages
from app.service import MatchService
from bench.tables import USER_BASE, open_match
from bench.util import game_by_name, import_modules
from db.records import MatchChange, MatchRecord
from db.sqlite import SqliteStore
from engine.playout import Style, choose_move

KILL_POINTS = ("before_commit", "after_commit", "in_delivery")
CHANNEL_BASE = 800_000


def die() -> None:
    sys.stdout.flush()
    os.kill(os.getpid(), signal.SIGKILL)


class Plan:
    def __init__(self, kill_after: int | None, kill_at: str | None) -> None:
        self.kill_after = kill_after
        self.kill_at = kill_at
        self.writes = 0
        """Action commits started so far (the kill counts these, not the moves reported)."""

    def due(self, point: str) -> bool:
        return self.kill_at == point and self.kill_after is not None and self.writes >= self.kill_after


class KillingStore:
    """The real store, with a kill just before or just after the commit of the chosen action."""

    def __init__(self, inner: SqliteStore, plan: Plan) -> None:
        self._inner = inner
        self._plan = plan

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    async def apply_change(self, match_id: int, change: MatchChange, now: str) -> MatchRecord:
        is_move = change.log is not None and change.log.kind == "action"
        if is_move:
            self._plan.writes += 1
            if self._plan.due("before_commit"):
                die()
        record = await self._inner.apply_change(match_id, change, now)
        if is_move and self._plan.due("after_commit"):
            die()
        return record


class KillingDelivery(NullDelivery):
    def __init__(self, plan: Plan) -> None:
        super().__init__()
        self._plan = plan

    async def post_board(self, post: BoardPost) -> None:
        if self._plan.due("in_delivery"):
            die()
        await super().post_board(post)


async def run(db: Path, game_name: str, seed: int, actions: int, live: int, plan: Plan) -> None:
    game = game_by_name(game_name)
    rng = random.Random(seed)
    store = await SqliteStore.open(db)
    repo = KillingStore(store, plan)
    service = MatchService(
        repo,  # type: ignore[arg-type]
        KillingDelivery(plan),
        NoImages(),
        seed_source=random.Random(seed),
        allow_unoffered_games=True,
    )
    try:
        await service.deliver_pending(force=True)  # what the bot does when it is ready again
        records = [r for r in await store.list_matches(live_only=True, limit=10_000) if r.status == "active"]
        next_channel = CHANNEL_BASE + await store.count_matches()

        async def fresh() -> MatchRecord:
            nonlocal next_channel
            players = rng.randint(game.min_players, game.max_players)
            users = [USER_BASE + 100 * next_channel + i for i in range(players)]
            next_channel += 1
            return await open_match(service, game, channel=next_channel, users=users, seed=rng.randrange(2**31))

        while len(records) < live:
            records.append(await fresh())
        print("ready", flush=True)
        done = 0

        async def move(i: int) -> int:
            record = records[i]
            if record.status != "active":
                records[i] = await fresh()
                return 0
            chosen = choose_move(game, service.state_of(record), rng, style=Style(revise=0.1))
            if chosen is None:
                return 0
            seat, action = chosen
            user = record.user_at(seat)
            assert user is not None
            result = await service.act(user_id=user, action=action, match_id=record.id)
            records[i] = result.record
            print(f"ok {record.id} {result.record.version} {seat} {json.dumps(action.to_json())}", flush=True)
            return 1

        while done < actions:
            done += sum(await asyncio.gather(*(move(i) for i in range(len(records)))))
    finally:
        await store.close()
    print("done", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.crash_child")
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--game", required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--actions", type=int, default=100)
    parser.add_argument("--live", type=int, default=3, help="matches kept in play at once")
    parser.add_argument("--kill-after", type=int)
    parser.add_argument("--kill-at", choices=KILL_POINTS)
    parser.add_argument("--import", dest="imports", action="append", default=[])
    args = parser.parse_args(argv)
    import_modules(args.imports)
    asyncio.run(run(args.db, args.game, args.seed, args.actions, args.live, Plan(args.kill_after, args.kill_at)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

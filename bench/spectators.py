"""A player's move time while onlookers ask for boards and replay pages in the same channel.

    python -m bench.spectators --game GAME [--seconds 20] [--rate 60] [--import MOD]

Matches in one channel (a new one opens there when one ends), with real board images drawn as the bot
draws them; the players move as fast as the service lets them. By turns, they play alone, and while
onlookers send `rate` requests a minute to that channel (by turns `/match status` and a replay page)
through the service's limits and render cache as the bot serves them. The figure is the players' p99
under that load against their p99 alone (target: at most 2x). Last, one onlooker sends 60 board requests
at once, and the slowest move made until they are all answered is set against the same p99.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from app.limits import TooFast
from app.rendering import PillowRenderer
from app.rewind import Rewinder
from app.service import MatchService
from bench.tables import open_match, open_service, users_for
from bench.util import game_by_name, import_modules, percentile, rounded
from engine.core import Game
from engine.playout import choose_move

CHANNEL = 800_000
ONLOOKERS = [4_000_000 + i for i in range(3)]
"""A few onlookers taking turns, as a busy channel has them (none of them plays)."""
BURST, BURSTING = 60, 4_000_100
"""Then one more onlooker sends 60 board requests at once, as issue #14's review did."""


async def spectator_figures(
    game: Game[Any], *, seed: int = 1, seconds: float = 20.0, rate_per_minute: float = 60.0, rounds: int = 4
) -> dict[str, Any]:
    """The players' action_ms p99 alone and under onlookers' load, their ratio, and how the onlookers fared.

    The two conditions take turns in `rounds` slices each, so that whatever else the machine is doing
    weighs on both alike; `seconds` is the time spent in each condition."""
    alone: list[float] = []
    loaded: list[float] = []
    with tempfile.TemporaryDirectory(prefix="arbiter-onlookers-") as tmp:
        store, service = await open_service(Path(tmp) / "onlookers.db", renderer=PillowRenderer(), seed=seed)
        try:
            table = Table(service, game, seed)
            await table.next_match()
            for _ in range(rounds):
                alone += await table.play(seconds / rounds, rate=0.0)
                loaded += await table.play(seconds / rounds, rate=rate_per_minute)
            spread = (table.served, table.refused)
            during_burst = await table.burst(BURST, BURSTING)
        finally:
            await store.close()
    unloaded_p99, loaded_p99 = percentile(alone, 99), percentile(loaded, 99)
    return {
        "spectated_action_ms_p99_alone": rounded(unloaded_p99),
        "spectated_action_ms_p99": rounded(loaded_p99),
        "spectated_slowdown": _ratio(loaded_p99, unloaded_p99),
        "spectated_actions": len(loaded),
        "spectator_requests": sum(spread),
        "spectator_refused": spread[1],
        "burst_action_ms_max": rounded(max(during_burst)),
        "burst_slowdown": _ratio(max(during_burst), unloaded_p99),
        "burst_refused": table.refused - spread[1],
    }


def _ratio(loaded: float, alone: float) -> float:
    return rounded(loaded / alone if alone else 0.0, 2)


class Table:
    """One channel: its players move as fast as the service lets them; a new match opens when one ends."""

    def __init__(self, service: MatchService, game: Game[Any], seed: int) -> None:
        self.service, self.game = service, game
        self.rewinder = Rewinder(service)
        self.rng = random.Random(seed)
        self.tables = 0
        self.record: Any = None
        self.served = self.refused = 0
        self.asked = 0

    async def next_match(self) -> None:
        users = users_for(self.tables, self.game.min_players)
        self.record = await open_match(
            self.service, self.game, channel=CHANNEL, users=users, seed=self.rng.randrange(2**31)
        )
        self.tables += 1

    async def play(self, seconds: float, *, rate: float) -> list[float]:
        """Milliseconds of each move made in `seconds`, while onlookers send `rate` requests a minute."""
        times: list[float] = []
        deadline = time.perf_counter() + seconds
        onlookers = asyncio.create_task(self._onlookers(rate, deadline))
        while time.perf_counter() < deadline:
            await self._move(times)
        await onlookers
        return times

    async def burst(self, requests: int, who: int) -> list[float]:
        """One onlooker sends `requests` board requests at once (the review's 60 `/match status` and
        `/codex board`); milliseconds of each move the players make until every one is answered."""
        asking = [asyncio.create_task(self._ask_board(who)) for _ in range(requests)]
        times: list[float] = []
        while not times or not all(a.done() for a in asking):
            await self._move(times)
        await asyncio.gather(*asking)
        return times

    async def _move(self, times: list[float]) -> None:
        """One random legal move, its time appended to `times`; a new match when this one has ended."""
        record = self.record
        move = choose_move(self.game, self.service.state_of(record), self.rng) if record.status == "active" else None
        if move is None:
            await self.next_match()
            return
        seat, action = move
        user = record.user_at(seat)
        assert user is not None
        t0 = time.perf_counter()
        self.record = (await self.service.act(user_id=user, action=action, match_id=record.id)).record
        times.append((time.perf_counter() - t0) * 1000)

    async def _ask_board(self, who: int) -> None:
        try:
            await self.service.board(channel_id=CHANNEL, user_id=who)
            self.served += 1
        except TooFast:
            self.refused += 1

    async def _onlookers(self, rate: float, deadline: float) -> None:
        """One request every 60/rate seconds until the deadline, each in a task of its own as the bot
        serves interactions: a slow answer does not hold back the next request."""
        if rate <= 0:
            return
        pending: list[asyncio.Task[None]] = []
        while time.perf_counter() + 60.0 / rate < deadline:
            await asyncio.sleep(60.0 / rate)
            pending.append(asyncio.create_task(self._ask()))
        await asyncio.gather(*pending)

    async def _ask(self) -> None:
        """By turns `/match status` and a replay page (any page of the match so far), from a few onlookers."""
        who = ONLOOKERS[self.asked % len(ONLOOKERS)]
        record = self.record
        self.asked += 1
        if self.asked % 2 == 1:
            await self._ask_board(who)
            return
        try:
            step = self.rng.randrange(record.version)  # the log has at most this many moves
            await self.rewinder.frame(match_id=record.id, step=step, user_id=who)
            self.served += 1
        except TooFast:
            self.refused += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.spectators")
    parser.add_argument("--game", required=True, help="the game to play, e.g. one from `python bot.py play`")
    parser.add_argument("--seconds", type=float, default=20.0, help="time spent alone, and again under load")
    parser.add_argument("--rate", type=float, default=60.0, help="onlookers' requests a minute")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--import", dest="imports", action="append", default=[])
    args = parser.parse_args(argv)
    import_modules(args.imports)
    game = game_by_name(args.game)
    figures = asyncio.run(spectator_figures(game, seed=args.seed, seconds=args.seconds, rate_per_minute=args.rate))
    print(json.dumps({"game": game.name, "seconds_each": args.seconds, "rate_per_minute": args.rate, **figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

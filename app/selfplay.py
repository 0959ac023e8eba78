"""Random legal matches through the whole stack (service, SQLite, render), for smoke tests and measurements."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from app.delivery import NullDelivery
from app.errors import Refusal
from app.rendering import NoImages, PillowRenderer, Renderer
from app.service import MatchService
from db.sqlite import SqliteStore
from engine.core import GameError, get_game
from engine.playout import choose_move

CHANNEL_BASE = 10_000
USER_BASE = 1_000


@dataclass
class SelfplayReport:
    matches: int
    finished: int
    actions: int
    rejected: int
    errors: int
    p50_action_ms: float
    p99_action_ms: float
    p50_render_ms: float
    error_samples: list[str]

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("error_samples")
        return data


class TimedRenderer:
    """Wraps a renderer and records how long each board took."""

    def __init__(self, inner: Renderer) -> None:
        self.inner = inner
        self.board_ms: list[float] = []

    def board(self, game: str, title: str, view: Any) -> bytes | None:
        started = time.perf_counter()
        try:
            return self.inner.board(game, title, view)
        finally:
            self.board_ms.append((time.perf_counter() - started) * 1000)

    def private(self, game: str, title: str, view: Any) -> bytes | None:
        return self.inner.private(game, title, view)


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return round(values[0], 3)
    return round(statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1], 3)


async def selfplay(
    game_name: str,
    *,
    matches: int,
    seed: int,
    players: int | None = None,
    render: bool = True,
    theme: str = "dark",
    db_path: Path | None = None,
    max_actions: int | None = None,
    options: dict[str, Any] | None = None,
) -> SelfplayReport:
    game = get_game(game_name)
    renderer = TimedRenderer(PillowRenderer(theme) if render else NoImages())
    with tempfile.TemporaryDirectory() as tmp:
        store = await SqliteStore.open(db_path or Path(tmp) / "selfplay.db")
        service = MatchService(
            store, NullDelivery(), renderer, seed_source=random.Random(seed), allow_unoffered_games=True
        )
        try:
            return await _run(
                service,
                renderer,
                game_name,
                matches,
                seed,
                players or game.seat_range(options or {})[0],
                max_actions or game.info.step_cap,
                options or {},
            )
        finally:
            await store.close()


async def _run(
    service: MatchService,
    renderer: TimedRenderer,
    game_name: str,
    matches: int,
    seed: int,
    players: int,
    max_actions: int,
    options: dict[str, Any],
) -> SelfplayReport:
    game = get_game(game_name)
    chooser = random.Random(seed)
    action_ms: list[float] = []
    finished = actions = rejected = errors = 0
    samples: list[str] = []
    for m in range(matches):
        channel = CHANNEL_BASE + m
        users = [USER_BASE + i for i in range(players)]
        try:
            await service.new_match(
                game_name=game_name,
                options=dict(options),
                guild_id=None,
                channel_id=channel,
                user_id=users[0],
                seed=chooser.randrange(2**31),
            )
            for u in users[1:]:
                await service.join(channel_id=channel, user_id=u)
            record = await service.start(channel_id=channel, user_id=users[0])
            for _ in range(max_actions):
                if record.status != "active":
                    break
                chosen = choose_move(game, service.state_of(record), chooser)
                if chosen is None or chosen[1] is None:
                    raise RuntimeError(f"nobody may move but match {record.id} is active")
                seat, action = chosen
                user = record.user_at(seat)
                assert user is not None
                started = time.perf_counter()
                try:
                    result = await service.act(user_id=user, action=action, match_id=record.id)
                except (GameError, Refusal) as refused:
                    rejected += 1
                    samples.append(f"match {m}: refused {action.to_json()}: {refused}")
                    record = await service.find(match_id=record.id)
                    continue
                action_ms.append((time.perf_counter() - started) * 1000)
                actions += 1
                record = result.record
            if record.status == "finished":
                finished += 1
            else:
                samples.append(f"match {m}: not finished after {max_actions} actions")
        except Exception as error:  # a crash in any layer is what selfplay exists to find
            errors += 1
            samples.append(f"match {m}: {type(error).__name__}: {error}")
    return SelfplayReport(
        matches=matches,
        finished=finished,
        actions=actions,
        rejected=rejected,
        errors=errors,
        p50_action_ms=_percentile(action_ms, 50),
        p99_action_ms=_percentile(action_ms, 99),
        p50_render_ms=_percentile(renderer.board_ms, 50),
        error_samples=samples[:20],
    )

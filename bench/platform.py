"""Per-game figures through the platform: one action through MatchService on a real SQLite file (WAL,
commit included, no images drawn), and the board renderer on public views."""

from __future__ import annotations

import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.tables import open_match, open_service, users_for
from bench.util import percentile, rounded
from engine.core import Game
from engine.playout import choose_move, play


@dataclass(frozen=True)
class PlatformBudget:
    actions: int = 1_500
    """Actions timed through the service (whole matches are played until at least this many)."""
    action_seconds: float = 20.0
    """...or until this much time has passed."""
    renders: int = 60
    render_seconds: float = 8.0
    max_actions_per_match: int = 5_000


async def action_figures(game: Game[Any], *, seed: int = 1, budget: PlatformBudget | None = None) -> dict[str, Any]:
    """Milliseconds per `MatchService.act`: lock, read, engine, one write transaction (snapshot, log row
    and outbox row) and the delivery bookkeeping, with rendering switched off."""
    budget = budget or PlatformBudget()
    rng = random.Random(seed)
    times: list[float] = []
    matches = 0
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-") as tmp:
        store, service = await open_service(Path(tmp) / "actions.db", seed=seed)
        try:
            started = time.perf_counter()
            while len(times) < budget.actions and (time.perf_counter() - started < budget.action_seconds or not times):
                users = users_for(matches, game.min_players)
                record = await open_match(
                    service, game, channel=900_000 + matches, users=users, seed=rng.randrange(2**31)
                )
                matches += 1
                for _ in range(budget.max_actions_per_match):
                    if record.status != "active":
                        break
                    move = choose_move(game, service.state_of(record), rng)
                    if move is None:
                        break
                    seat, action = move
                    user = record.user_at(seat)
                    assert user is not None
                    t0 = time.perf_counter()
                    result = await service.act(user_id=user, action=action, match_id=record.id)
                    times.append((time.perf_counter() - t0) * 1000)
                    record = result.record
        finally:
            await store.close()
    return {
        "action_ms_p50": rounded(percentile(times, 50)),
        "action_ms_p99": rounded(percentile(times, 99)),
        "action_ms_max": rounded(max(times, default=0.0)),
        "actions_timed": len(times),
    }


def render_figures(game: Game[Any], *, seed: int = 1, budget: PlatformBudget | None = None) -> dict[str, Any]:
    """Milliseconds for render.render_board on public views taken evenly across random playouts."""
    from render import render_board

    budget = budget or PlatformBudget()
    views: list[Any] = []
    playout = 0
    while len(views) < budget.renders and playout < 50:
        states = [p.state for p in play(game, game.min_players, seed * 31 + playout)]
        stride = max(1, len(states) // max(1, budget.renders // 3))
        views += [game.view(s, None) for s in states[::stride]]
        views.append(game.view(states[-1], None))
        playout += 1
    views = views[: budget.renders]
    title = f"{game.title} · match #1"
    times: list[float] = []
    sizes: list[int] = []
    render_board(game.name, title, views[0])  # fonts and caches, as a running bot has them
    started = time.perf_counter()
    for view in views:
        t0 = time.perf_counter()
        png = render_board(game.name, title, view)
        times.append((time.perf_counter() - t0) * 1000)
        sizes.append(len(png))
        if time.perf_counter() - started > budget.render_seconds and len(times) >= 10:
            break
    return {
        "render_ms_p50": rounded(percentile(times, 50)),
        "render_ms_p99": rounded(percentile(times, 99)),
        "renders_timed": len(times),
        "board_png_kb_p50": rounded(percentile(sizes, 50) / 1024, 1),
    }

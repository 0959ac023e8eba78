"""Per-game figures measured through selfplay; the full suite of issue #5 extends this file."""

from __future__ import annotations

from typing import Any

from app.selfplay import selfplay
from engine import load_games, offered_games


async def platform_benchmarks(matches: int = 5, seed: int = 1) -> dict[str, Any]:
    load_games()
    games: dict[str, Any] = {}
    for game in offered_games():
        report = await selfplay(game.name, matches=matches, seed=seed)
        games[game.name] = {
            "matches": report.matches,
            "finished": report.finished,
            "actions": report.actions,
            "errors": report.errors,
            "action_ms_p50": report.p50_action_ms,
            "action_ms_p99": report.p99_action_ms,
            "render_ms_p50": report.p50_render_ms,
        }
    return {"games": games}

"""Benchmarks, run by `python bot.py bench [--json]`. They measure; they never fail a test run.

Per game (the offered ones unless named): pure-engine playouts per second, apply and legal_actions
latency, snapshot sizes, one action through MatchService on a real SQLite file, board rendering, and a
player's move time while onlookers ask for boards and replays in the same channel (bench/spectators.py).
For the platform: many live matches played at once (rate and memory), and a restart against a
database holding many stored matches. docs/performance.md describes each figure and the targets.

Imports are deferred so `python -m bench.live` can time a restart's imports itself.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

TARGETS: dict[str, tuple[str, float]] = {
    "action_ms_p99": ("<=", 50),
    "render_ms_p99": ("<=", 100),
    "snapshot_bytes_max": ("<=", 50 * 1024),
    "actions_per_s": (">=", 50),
    "rss_mb": ("<=", 300),
    "cold_start_ms": ("<=", 1000),
    "spectated_slowdown": ("<=", 2),
    "burst_slowdown": ("<=", 2),
}
"""The figures issues #5 and #14 set targets for (2 cores): measured and reported, never asserted in tests.
`spectated_slowdown` is a player's action_ms p99 while onlookers send 60 requests a minute to the same
channel, over the same p99 without them; `burst_slowdown` the slowest move while one onlooker's 60 board
requests sent at once are answered, over that p99."""


@dataclass(frozen=True)
class Profile:
    engine_seconds: float = 3.0
    timed_playouts: int = 5
    service_actions: int = 1_500
    service_seconds: float = 20.0
    renders: int = 60
    render_seconds: float = 8.0
    live_matches: int = 1_000
    live_seconds: float = 15.0
    live_clients: int = 50
    stored_matches: int = 10_000
    templates: int = 24
    """Matches played through the service to seed the stored database; the rest are SQL copies of them."""
    cold_starts: int = 3
    spectator_seconds: float = 20.0
    """Time the players spend alone, and again under the onlookers' load (bench/spectators.py)."""
    spectator_rate: float = 60.0
    """The onlookers' requests a minute."""


FULL = Profile()
QUICK = Profile(
    engine_seconds=0.2,
    timed_playouts=1,
    service_actions=60,
    service_seconds=2.0,
    renders=4,
    render_seconds=1.0,
    live_matches=20,
    live_seconds=1.0,
    live_clients=5,
    stored_matches=200,
    templates=6,
    cold_starts=1,
    spectator_seconds=1.0,
    spectator_rate=600.0,
)


def run_benchmarks(
    *,
    as_json: bool = False,
    games: Sequence[str] | None = None,
    quick: bool = False,
    profile: Profile | None = None,
    platform_game: str | None = None,
    seed: int = 1,
    out: TextIO | None = None,
) -> int:
    """Measure and print a table, or one JSON object. `games` names games to measure instead of the
    offered ones (a test-only game must be registered first). Returns the exit status, 0."""
    chosen = profile or (QUICK if quick else FULL)
    results = asyncio.run(measure(games=games, profile=chosen, platform_game=platform_game, seed=seed))
    stream = out or sys.stdout
    if as_json:
        print(json.dumps(results), file=stream, flush=True)
    else:
        print(format_table(results), file=stream, flush=True)
    return 0


async def measure(
    *,
    games: Sequence[str] | None = None,
    profile: Profile = FULL,
    platform_game: str | None = None,
    seed: int = 1,
) -> dict[str, Any]:
    from bench.engine_bench import EngineBudget, engine_figures
    from bench.platform import PlatformBudget, action_figures, render_figures
    from bench.spectators import spectator_figures
    from bench.util import machine_info, select_games

    started = time.perf_counter()
    chosen = select_games(games)
    engine_budget = EngineBudget(playout_seconds=profile.engine_seconds, timed_playouts=profile.timed_playouts)
    platform_budget = PlatformBudget(
        actions=profile.service_actions,
        action_seconds=profile.service_seconds,
        renders=profile.renders,
        render_seconds=profile.render_seconds,
    )
    per_game: dict[str, Any] = {}
    for game in chosen:
        figures: dict[str, Any] = {}
        figures.update(engine_figures(game, seed=seed, budget=engine_budget))
        figures.update(await action_figures(game, seed=seed, budget=platform_budget))
        figures.update(render_figures(game, seed=seed, budget=platform_budget))
        figures.update(
            await spectator_figures(
                game, seed=seed, seconds=profile.spectator_seconds, rate_per_minute=profile.spectator_rate
            )
        )
        per_game[game.name] = figures
    platform: dict[str, Any] = {}
    target_game = platform_game or (chosen[0].name if chosen else None)
    if target_game is not None:
        platform = await platform_figures(target_game, profile, seed=seed)
    results: dict[str, Any] = {
        "machine": machine_info(),
        "games": per_game,
        "platform": platform,
    }
    results["targets"] = check_targets(results)
    results["seconds"] = round(time.perf_counter() - started, 1)
    return results


async def platform_figures(game_name: str, profile: Profile, *, seed: int = 1) -> dict[str, Any]:
    """Live matches and cold start, each in a child process of its own."""
    from bench import live
    from bench.util import game_by_name, registering_module

    imports = [registering_module(game_by_name(game_name))]
    out: dict[str, Any] = {"game": game_name}
    live_out = live.run_child(
        [
            "live",
            "--game",
            game_name,
            "--matches",
            str(profile.live_matches),
            "--seconds",
            str(profile.live_seconds),
            "--clients",
            str(min(profile.live_clients, profile.live_matches)),
            "--seed",
            str(seed),
        ],
        imports,
        timeout=600,
    )
    out.update({k: v for k, v in live_out.items() if k != "process_ms"})
    with tempfile.TemporaryDirectory(prefix="arbiter-cold-") as tmp:
        db = Path(tmp) / "stored.db"
        build_started = time.perf_counter()
        stored, live_ids = await live.build_store(
            db, game_name, stored=profile.stored_matches, templates=profile.templates, seed=seed
        )
        out["stored_matches"] = stored
        out["stored_db_mb"] = round(db.stat().st_size / 2**20, 1)
        out["store_build_s"] = round(time.perf_counter() - build_started, 1)
        runs: list[dict[str, Any]] = []
        for i in range(profile.cold_starts):
            # A match near the end of the file: the last ones written, as after a busy evening.
            target = live_ids[-1 - (i * 7919) % len(live_ids)]
            runs.append(live.run_child(["cold", "--db", str(db), "--match", str(target)], imports, timeout=300))
    ordered = sorted(runs, key=lambda r: r["cold_start_ms"])
    middle = ordered[len(ordered) // 2]
    out["cold_start_ms"] = middle["cold_start_ms"]
    out["cold_start_ms_max"] = ordered[-1]["cold_start_ms"]
    out["cold_import_ms"] = middle["import_ms"]
    out["cold_open_ms"] = middle["open_ms"]
    out["cold_first_action_ms"] = middle["first_action_ms"]
    out["cold_process_ms"] = middle["process_ms"]
    return out


def check_targets(results: dict[str, Any]) -> dict[str, Any]:
    """Each target with the figure measured and whether it was met."""
    checks: dict[str, Any] = {}

    def judge(key: str, name: str, value: Any) -> None:
        if not isinstance(value, int | float):
            return
        op, limit = TARGETS[key]
        met = value <= limit if op == "<=" else value >= limit
        checks[name] = {"value": value, "target": f"{op} {limit:g}", "met": met}

    for game, figures in results.get("games", {}).items():
        for key in ("action_ms_p99", "render_ms_p99", "snapshot_bytes_max", "spectated_slowdown", "burst_slowdown"):
            judge(key, f"{game}.{key}", figures.get(key))
    platform = results.get("platform", {})
    for key in ("actions_per_s", "rss_mb", "cold_start_ms"):
        judge(key, f"platform.{key}", platform.get(key))
    return checks


def format_table(results: dict[str, Any]) -> str:
    machine = results.get("machine", {})
    lines = [
        f"Machine: {machine.get('cores')} cores, {machine.get('cpu')}, Python {machine.get('python')}, "
        f"SQLite {machine.get('sqlite')}, {machine.get('os')}",
        "",
    ]
    games = results.get("games", {})
    if games:
        keys = list(next(iter(games.values())).keys())
        names = list(games)
        width = max(12, *(len(n) for n in names))
        lines.append(f"{'per game':<24}" + "".join(f"{n:>{width + 2}}" for n in names))
        for key in keys:
            lines.append(f"{key:<24}" + "".join(f"{_fmt(games[n].get(key)):>{width + 2}}" for n in names))
        lines.append("")
    platform = results.get("platform", {})
    if platform:
        lines.append(f"platform ({platform.get('game')})")
        for key, value in platform.items():
            if key != "game":
                lines.append(f"  {key:<30}{_fmt(value):>14}")
        lines.append("")
    targets = results.get("targets", {})
    if targets:
        lines.append("targets")
        for name, check in targets.items():
            mark = "met" if check["met"] else "MISSED"
            lines.append(f"  {name:<34}{_fmt(check['value']):>12}  {check['target']:<10} {mark}")
    lines.append(f"\n({results.get('seconds')} s)")
    return "\n".join(lines)


def _fmt(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:,.3f}".rstrip("0").rstrip(".") if abs(value) < 1000 else f"{value:,.0f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


__all__ = ["FULL", "QUICK", "TARGETS", "Profile", "check_targets", "format_table", "measure", "run_benchmarks"]

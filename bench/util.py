"""Shared pieces of the benchmarks and the soak: percentiles, machine facts, memory and game selection.
Playouts come from engine/playout.py and the leak search from bench/leaks.py."""

from __future__ import annotations

import importlib
import json
import math
import os
import platform
import sqlite3
import sys
from collections.abc import Iterable, Sequence
from typing import Any

import engine
from engine.core import GAMES, Game, get_game, offered_games


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by nearest rank on the sorted values; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(q / 100 * len(ordered))))
    return ordered[rank - 1]


def rounded(value: float, digits: int = 3) -> float:
    return float(round(value, digits))


def machine_info() -> dict[str, Any]:
    return {
        "cores": os.cpu_count() or 1,
        "cpu": _cpu_model(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "os": platform.platform(terse=True),
        "sqlite": sqlite3.sqlite_version,
    }


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def rss_mb() -> float:
    """This process's resident memory now, in MiB (the peak where /proc is missing)."""
    try:
        with open("/proc/self/status", encoding="utf-8") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def peak_rss_mb() -> float:
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def compact_json(value: Any) -> str:
    """The text the database stores for a JSON value (db/sqlite.py writes it the same way)."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


# ---------------------------------------------------------------------------------------------- games


def select_games(names: Sequence[str] | None = None) -> list[Game[Any]]:
    """The offered games, or exactly the named ones (a test-only game must be registered already)."""
    engine.load_games()
    if names is None:
        return offered_games()
    return [get_game(n) for n in names]


def registering_module(game: Game[Any]) -> str:
    """The module that registers `game`, so a child process can import it and find the game."""
    return type(game).__module__


def import_modules(names: Iterable[str]) -> None:
    engine.load_games()
    for name in names:
        importlib.import_module(name)


def game_by_name(name: str) -> Game[Any]:
    engine.load_games()
    if name not in GAMES:
        raise SystemExit(f"There is no game called {name!r}. Games: {', '.join(sorted(GAMES))}.")
    return GAMES[name]

"""Shared pieces of the benchmarks and the soak: percentiles, machine facts, memory, game selection,
random legal play, and the token search the leak checks use."""

from __future__ import annotations

import importlib
import json
import math
import os
import platform
import random
import re
import sqlite3
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import engine
from engine.core import GAMES, Action, Game, Seat, get_game, offered_games


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


def random_move(game: Game[Any], state: Any, rng: random.Random, revise: float = 0.0) -> tuple[Seat, Action] | None:
    """A random seat owing a move and a random legal action of it, or None when nobody may move.

    With probability `revise` the seat is drawn from `may_act` instead, so secret choices get revised.
    """
    seats = game.may_act(state) if revise and rng.random() < revise else game.to_move(state)
    for seat in rng.sample(sorted(seats), len(seats)):
        legal = game.legal_actions(state, seat)
        if legal:
            return seat, rng.choice(legal)
    return None


def playout_states(
    game: Game[Any], players: int, seed: int, max_actions: int = 5_000, options: dict[str, Any] | None = None
) -> Iterator[tuple[Any, Seat | None, Action | None]]:
    """(state, seat, action that led to it) for setup and every random legal move of one game (with the
    game's default options unless given)."""
    rng = random.Random(seed)
    state = game.setup(players, game.default_options() if options is None else options, seed)
    yield state, None, None
    for _ in range(max_actions):
        if game.outcome(state) is not None:
            return
        move = random_move(game, state, rng)
        if move is None:
            return
        seat, action = move
        state = game.apply(state, seat, action).state
        yield state, seat, action


def random_playout(
    game: Game[Any], players: int, seed: int, max_actions: int = 5_000, options: dict[str, Any] | None = None
) -> tuple[bool, int]:
    """Play one random legal game to its end (or `max_actions`): (whether it ended, actions made)."""
    moves = -1
    last = None
    for state, _seat, _action in playout_states(game, players, seed, max_actions, options):
        last = state
        moves += 1
    return game.outcome(last) is not None, moves


# -------------------------------------------------------------------------------------------- leaks


class TokenSearch:
    """Finds identifiers in text as whole tokens: "c1" is not found in "c12", nor "Spark#1" in "Spark#10"."""

    def __init__(self, ids: Iterable[str], known: Iterable[str] = ()) -> None:
        self.ids = frozenset(i for i in ids if i)
        # Other identifiers that end with a searched one ("Fading Argonaut#1" ends with "Argonaut#1"): the
        # search reads them as themselves, so a card everyone may see does not pass for a hidden one.
        self.longer = frozenset(
            k for k in known if k and k not in self.ids and any(k.endswith(" " + i) for i in self.ids)
        )
        self._plain = all(json.dumps(i, ensure_ascii=False) == f'"{i}"' for i in self.ids | self.longer)
        """No identifier changes when written as JSON, so JSON text can be searched directly."""
        if self.ids:
            every = self.ids | self.longer
            alternatives = "|".join(re.escape(i) for i in sorted(every, key=len, reverse=True))
            self._pattern: re.Pattern[str] | None = re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")
        else:
            self._pattern = None

    def in_text(self, text: str) -> set[str]:
        if self._pattern is None or not text:
            return set()
        return {found for found in self._pattern.findall(text) if found in self.ids}

    def in_json(self, data: Any) -> set[str]:
        """Identifiers held by any string of a JSON value, dictionary keys included."""
        if self._pattern is None:
            return set()
        if self._plain:
            # One search over the JSON text: strings are quoted there, so the token edges still hold.
            return self.in_text(json.dumps(data, ensure_ascii=False, default=str))
        found: set[str] = set()
        for leaf in json_strings(data):
            found |= self.in_text(leaf)
        return found


def json_strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from json_strings(value)
    elif isinstance(data, list | tuple):
        for value in data:
            yield from json_strings(value)


def hidden_by_seat(game: Game[Any], state: Any, players: int) -> dict[Seat | None, set[str]]:
    """game.hidden_cards for the public (None) and every seat."""
    return {viewer: set(game.hidden_cards(state, viewer)) for viewer in [None, *range(players)]}


def forbidden(hidden: dict[Seat | None, set[str]], allowed: Iterable[Seat] = ()) -> set[str]:
    """What someone who knows only what the `allowed` seats know must not see."""
    keep = set(allowed)
    out = set(hidden.get(None, set()))
    for seat, cards in hidden.items():
        if seat is not None and seat not in keep:
            out |= cards
    return out

"""Helpers for games reading their `[position]` table: typed keys, known-key checks, names with suggestions.

Every refusal is a PositionError whose path leads to the key at fault, so the file's line can be named.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Any

from engine.scenario.errors import KeyPath, PositionError


def did_you_mean(word: str, known: Iterable[str], cutoff: float = 0.6) -> str:
    """' (did you mean "X"?)' for the closest known word, compared case-blind; '' when nothing is close."""
    known = list(known)
    lowered = {k.lower(): k for k in known}
    close = difflib.get_close_matches(word.lower(), list(lowered), 1, cutoff)
    return f' (did you mean "{lowered[close[0]]}"?)' if close else ""


def kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


class Fields:
    """One table of a position, read key by key. `path` is where it sits below [position]."""

    def __init__(self, data: Any, path: KeyPath = (), what: str = "the position") -> None:
        if not isinstance(data, Mapping):
            raise PositionError(f"{what} must be a table, not {kind_of(data)}", path)
        self.data = data
        self.path = tuple(path)
        self.what = what

    def fail(self, message: str, key: str | int | None = None) -> PositionError:
        return PositionError(message, self.path if key is None else (*self.path, key))

    def only(self, allowed: Iterable[str]) -> None:
        allowed = list(allowed)
        for key in self.data:
            if key not in allowed:
                raise self.fail(
                    f"unknown key `{key}` in {self.what}{did_you_mean(key, allowed)}; known: {', '.join(allowed)}",
                    key,
                )

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def integer(self, key: str, default: int, lo: int | None = None, hi: int | None = None) -> int:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"`{key}` must be a whole number, not {kind_of(value)}", key)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            if lo is not None and hi is not None:
                bounds = f"from {lo} to {hi}"
            else:
                bounds = f"at least {lo}" if lo is not None else f"at most {hi}"
            raise self.fail(f"`{key}` must be {bounds}, not {value}", key)
        return value

    def flag(self, key: str, default: bool) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(f"`{key}` must be true or false, not {kind_of(value)}", key)
        return value

    def text(self, key: str, default: str | None, choices: Iterable[str] | None = None) -> str | None:
        value = self.data.get(key, default)
        if value is None:
            return None
        if not isinstance(value, str):
            raise self.fail(f"`{key}` must be text in quotes, not {kind_of(value)}", key)
        if choices is not None:
            choices = list(choices)
            if value not in choices:
                raise self.fail(
                    f'`{key}` cannot be "{value}"{did_you_mean(value, choices)}; choose from: {", ".join(choices)}',
                    key,
                )
        return value

    def strings(self, key: str) -> list[str] | None:
        """A list of texts (card names), or None when the key is absent."""
        value = self.data.get(key)
        if value is None:
            return None
        if not isinstance(value, list):
            raise self.fail(f'`{key}` must be a list like ["A", "B"], not {kind_of(value)}', key)
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise PositionError(f"`{key}` holds {kind_of(item)}; write names in quotes", (*self.path, key, i))
        return list(value)

    def table(self, key: str, what: str | None = None) -> Fields | None:
        if key not in self.data:
            return None
        return Fields(self.data[key], (*self.path, key), what or f"`{key}`")

    def tables(self, key: str, what: str) -> list[Fields]:
        """An array of tables ([[...]]) or a list of inline tables."""
        value = self.data.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(f"`{key}` must be an array of tables ([[...{key}]]), not {kind_of(value)}", key)
        return [Fields(item, (*self.path, key, i), f"{what} #{i + 1}") for i, item in enumerate(value)]


def seat_index(name: Any, seats: list[str], path: KeyPath) -> int:
    """The seat named `name` ("p1"), or a PositionError listing the seats."""
    if isinstance(name, str) and name in seats:
        return seats.index(name)
    shown = name if isinstance(name, str) else kind_of(name)
    hint = did_you_mean(name, seats) if isinstance(name, str) else ""
    raise PositionError(f"there is no seat {shown!s}{hint}; seats: {', '.join(seats)}", path)

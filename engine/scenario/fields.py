"""Helpers for games reading their `[position]` table: typed keys, known-key checks, names with suggestions.

Every refusal is a PositionError whose path leads to the key at fault, so the file's line can be named.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Any

from engine.i18n import Text, t
from engine.scenario.errors import KeyPath, PositionError

THE_POSITION = t("scenario-the-position")


def did_you_mean(word: str, known: Iterable[str], cutoff: float = 0.6) -> Text:
    """' (did you mean "X"?)' for the closest known word, compared case-blind; '' when nothing is close."""
    known = list(known)
    lowered = {k.lower(): k for k in known}
    close = difflib.get_close_matches(word.lower(), list(lowered), 1, cutoff)
    return t("scenario-did-you-mean", word=lowered[close[0]]) if close else ""


def kind_of(value: Any) -> Text:
    if isinstance(value, bool):
        return str(value).lower()  # as TOML writes it
    if isinstance(value, Mapping):
        return t("scenario-a-table")
    if isinstance(value, list):
        return t("scenario-a-list")
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


class Fields:
    """One table of a position, read key by key. `path` is where it sits below [position]."""

    def __init__(self, data: Any, path: KeyPath = (), what: Text = THE_POSITION) -> None:
        if not isinstance(data, Mapping):
            raise PositionError(t("scenario-must-be-a-table", what=what, kind=kind_of(data)), path)
        self.data = data
        self.path = tuple(path)
        self.what = what

    def fail(self, message: Text, key: str | int | None = None) -> PositionError:
        return PositionError(message, self.path if key is None else (*self.path, key))

    def only(self, allowed: Iterable[str]) -> None:
        allowed = list(allowed)
        for key in self.data:
            if key not in allowed:
                hint = did_you_mean(key, allowed)
                raise self.fail(
                    t("scenario-unknown-key", key=key, what=self.what, hint=hint, known=", ".join(allowed)), key
                )

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def integer(self, key: str, default: int, lo: int | None = None, hi: int | None = None) -> int:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(t("scenario-not-whole", key=key, kind=kind_of(value)), key)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            if lo is not None and hi is not None:
                bounds = t("scenario-from-to", lo=lo, hi=hi)
            elif lo is not None:
                bounds = t("scenario-at-least", lo=lo)
            else:
                assert hi is not None
                bounds = t("scenario-at-most", hi=hi)
            raise self.fail(t("scenario-out-of-bounds", key=key, bounds=bounds, value=value), key)
        return value

    def flag(self, key: str, default: bool) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(t("scenario-not-bool", key=key, kind=kind_of(value)), key)
        return value

    def text(self, key: str, default: str | None, choices: Iterable[str] | None = None) -> str | None:
        value = self.data.get(key, default)
        if value is None:
            return None
        if not isinstance(value, str):
            raise self.fail(t("scenario-not-text", key=key, kind=kind_of(value)), key)
        if choices is not None:
            choices = list(choices)
            if value not in choices:
                hint = did_you_mean(value, choices)
                raise self.fail(
                    t("scenario-not-a-choice", key=key, value=value, hint=hint, choices=", ".join(choices)), key
                )
        return value

    def strings(self, key: str) -> list[str] | None:
        """A list of texts (card names), or None when the key is absent."""
        value = self.data.get(key)
        if value is None:
            return None
        if not isinstance(value, list):
            raise self.fail(t("scenario-not-list", key=key, kind=kind_of(value)), key)
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise PositionError(t("scenario-not-a-name", key=key, kind=kind_of(item)), (*self.path, key, i))
        return list(value)

    def table(self, key: str, what: Text | None = None) -> Fields | None:
        if key not in self.data:
            return None
        return Fields(self.data[key], (*self.path, key), what or f"`{key}`")

    def tables(self, key: str, what: Text) -> list[Fields]:
        """An array of tables ([[...]]) or a list of inline tables."""
        value = self.data.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(t("scenario-not-tables", key=key, kind=kind_of(value)), key)
        return [
            Fields(item, (*self.path, key, i), t("scenario-numbered", what=what, number=i + 1))
            for i, item in enumerate(value)
        ]


def seat_index(name: Any, seats: list[str], path: KeyPath) -> int:
    """The seat named `name` ("p1"), or a PositionError listing the seats."""
    if isinstance(name, str) and name in seats:
        return seats.index(name)
    shown = name if isinstance(name, str) else kind_of(name)
    hint = did_you_mean(name, seats) if isinstance(name, str) else ""
    raise PositionError(t("scenario-no-seat", seat=shown, hint=hint, seats=", ".join(seats)), path)

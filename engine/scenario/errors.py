"""Errors of the scenario format: each names where in the file the problem is, when that is known."""

from __future__ import annotations

from engine.core import GameError
from engine.i18n import Text, joined

KeyPath = tuple[str | int, ...]
"""A path into the parsed TOML document: table keys and array indexes, e.g. ("steps", 2, "expect", 0)."""


class ScenarioError(Exception):
    """A scenario file that cannot be read or set up. `line` and `column` are 1-based, when known."""

    def __init__(
        self,
        message: Text,
        line: int | None = None,
        column: int | None = None,
        *,
        crashed: bool = False,
        plain: Text | None = None,
    ) -> None:
        super().__init__(message)
        self.msg: Text = message
        self.line = line
        self.column = column
        self.crashed = crashed
        """The engine failed (a bug), not the file: the message quotes the exception, for developers only."""
        self.plain = plain
        """The message without a library's own wording (the TOML reader's), for players; None when the
        message is all ours."""

    @property
    def message(self) -> str:
        return str(self.msg)

    def where(self, origin: Text) -> Text:
        """`origin:line:column` as far as known, the prefix of a report line."""
        parts: list[Text] = [origin]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return joined(parts, ":")

    def describe(self, origin: Text, *, for_players: bool = False) -> Text:
        message = self.plain if for_players and self.plain is not None else self.msg
        return joined([self.where(origin), message], ": ")


class PositionError(GameError):
    """A `[position]` table a game cannot set up. `path` leads from the position table to the key at fault,
    so the loader can name the line: ("p1", "in_play", 0, "card")."""

    def __init__(self, message: Text, path: KeyPath = ()) -> None:
        super().__init__(message)
        self.path = tuple(path)

    def under(self, *prefix: str | int) -> PositionError:
        """The same error with its path placed below `prefix` (for helpers that check a sub-table)."""
        return PositionError(self.msg, (*prefix, *self.path))


class EvalError(Exception):
    """An expectation that could not be evaluated on this state (a missing path, a type mismatch).

    It makes the expectation fail with this message; it is not a malformed file.
    """

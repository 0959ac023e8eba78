"""What a game is, declared once: seats, teams, co-operation, hidden information, chance, length, options.

The lobby, ratings, tournaments, the bench and the generic tests read this declaration instead of asking
each game in code, in the manner of a game-type record: a game states its nature, the platform adapts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.i18n import Text


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One match option: its default, the values a table may choose (None: any value the game checks
    itself, such as a hero id), and a line of help written for players."""

    name: str
    default: Any
    help: Text = ""
    choices: tuple[Any, ...] | None = None

    def __post_init__(self) -> None:
        if self.choices is not None and self.default not in self.choices:
            raise ValueError(f"option {self.name}: default {self.default!r} is not one of its choices")


@dataclass(frozen=True, slots=True)
class ModeInfo:
    """A way to play the game with its own seat counts and, where it has them, fixed teams. Each mode is a
    ladder of its own for ratings (Codex 1v1 and Codex free-for-all are different contests)."""

    name: str
    seats: tuple[int, ...]
    teams: bool = False
    help: Text = ""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's nature. `typical_actions` and `step_cap` size playouts in tests, selfplay, bench and soak:
    a playout that passes `step_cap` actions is reported as unfinished, not looped on forever."""

    name: str
    title: str
    min_players: int
    max_players: int
    competitive: bool = True
    """False for games the players win or lose together (co-operation against the game itself)."""
    teams: bool = False
    """Whether some mode seats players in teams that win together."""
    hidden_information: bool = False
    chance: bool = False
    simultaneous: bool = False
    """Whether several seats can owe a decision at once (secret picks, simultaneous reveals)."""
    automated_seats: bool = False
    """Whether the rules themselves play a seat (a solo villain or an AI deck), inside `apply`."""
    typical_actions: int = 100
    step_cap: int = 5_000
    typical_minutes: int = 30
    modes: tuple[ModeInfo, ...] = ()
    options: tuple[OptionInfo, ...] = ()
    summary: Text = ""
    """One sentence for players choosing a game."""
    offered: bool = True
    """False for games that exist for tests only and must never be offered to players."""
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.name}: seats must satisfy 1 <= min <= max")
        names = [o.name for o in self.options]
        if len(names) != len(set(names)):
            raise ValueError(f"{self.name}: an option is declared twice")
        for mode in self.modes:
            if not mode.seats or not all(self.min_players <= n <= self.max_players for n in mode.seats):
                raise ValueError(f"{self.name}: mode {mode.name} seats {mode.seats} outside the game's range")

    def option(self, name: str) -> OptionInfo | None:
        return next((o for o in self.options if o.name == name), None)

    def defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def help(self) -> dict[str, Text]:
        return {o.name: o.help for o in self.options if o.help}

    def mode(self, name: str) -> ModeInfo | None:
        return next((m for m in self.modes if m.name == name), None)

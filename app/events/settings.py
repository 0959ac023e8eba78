"""What an organiser chooses when creating an event, checked once at creation with a clear refusal.

The pairing settings go into the pure core's `TournamentConfig`; the rest (the game and its options, the
clock of every match, how long a round lasts, registration, check-in, what happens at a deadline, whether
matches are rated) is this module's `EventSettings`, kept as JSON on the event's row.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from typing import Any

from app.errors import Refusal
from app.tournament.model import BRACKETS, Format, TournamentConfig, TournamentError
from engine.core import BadOptions, Game
from engine.i18n import Text, t

NAME_LIMIT = 60
MAX_ENTRANTS = 512
DEADLINE_RULES = ("organiser", "clock")


@dataclass(frozen=True)
class EventSettings:
    name: str
    game: str
    format: Format
    options: dict[str, Any] = field(default_factory=dict)
    rounds: int | None = None
    seats: int = 2
    """Seats at a table: 2, or 3 to 8 for pods."""
    strikes: int = 3
    legs: int = 1
    clock: dict[str, Any] = field(default_factory=dict)
    """The time control of every match (kind, days, bank_days); empty: the server's defaults."""
    round_days: float = 7.0
    registration_closes: str | None = None
    """When registration ends and the event starts by itself (ISO); None: the organiser starts it."""
    max_entrants: int | None = None
    checkin: bool = False
    checkin_hours: float = 24.0
    """With check-in and a closing time: how long before it check-in opens."""
    deadline_rule: str = "organiser"
    """At a round's deadline, an unfinished match waits for the organisers, or goes against the player with
    less time on their clock ("clock")."""
    rated: bool = True

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["format"] = self.format.value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EventSettings:
        return cls(**{**data, "format": Format(data["format"])})

    @property
    def round_length(self) -> timedelta:
        return timedelta(days=self.round_days)

    @property
    def format_name(self) -> Text:
        return t("app-event-format", format=self.format.value)

    def closes_at(self) -> datetime | None:
        return None if self.registration_closes is None else datetime.fromisoformat(self.registration_closes)

    def checkin_opens(self) -> datetime | None:
        closes = self.closes_at()
        return None if closes is None or not self.checkin else closes - timedelta(hours=self.checkin_hours)

    def tournament_config(self, seed: int) -> TournamentConfig:
        return TournamentConfig(
            format=self.format,
            seed=seed,
            seats=self.seats,
            rounds=self.rounds,
            strikes=self.strikes,
            legs=self.legs,
        )


def check(settings: EventSettings, game: Game[Any], clock_kind: str, seed: int) -> TournamentConfig:
    """Refuse settings that cannot work, saying which and why; return the pairing settings."""
    name = settings.name.strip()
    if not name or len(name) > NAME_LIMIT:
        raise Refusal(t("app-event-name-length", most=NAME_LIMIT))
    if not 0 < settings.round_days <= 365:
        raise Refusal(t("app-event-round-days"))
    if settings.max_entrants is not None and not 2 <= settings.max_entrants <= MAX_ENTRANTS:
        raise Refusal(t("app-event-size-limit", most=MAX_ENTRANTS))
    if settings.deadline_rule not in DEADLINE_RULES:
        raise Refusal(t("app-event-deadline-rules"))
    if settings.deadline_rule == "clock" and clock_kind == "none":
        raise Refusal(t("app-event-clock-rule-needs-clock"))
    if settings.checkin and not 0 < settings.checkin_hours <= 24 * 14:
        raise Refusal(t("app-event-checkin-hours"))
    if settings.format in BRACKETS and settings.rounds is not None:
        raise Refusal(t("app-event-bracket-rounds"))
    try:
        config = settings.tournament_config(seed)
    except TournamentError as problem:
        raise Refusal(problem.msg) from None
    low, high = game.seat_range({**game.default_options(), **settings.options})
    table = settings.seats
    if not low <= table <= high:
        pods = "pods" if settings.format is Format.PODS else "matches"
        raise Refusal(t("app-event-table-size", game=game.title, low=low, high=high, tables=pods, seats=table))
    try:
        game.setup(table, {**game.default_options(), **settings.options}, seed)
    except BadOptions as problem:
        raise Refusal(t("app-event-bad-options", problem=problem.msg)) from None
    return config

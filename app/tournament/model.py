"""The data of a tournament: its settings, entrants, seats, results, pairings and history records.

A tournament's history is an append-only list of records. Nothing here is ever edited: a correction,
a re-pairing or a restart is one more record, and the present state is what folding the list gives
(see `state.py`). Every type round-trips through plain JSON (`to_json` / `from_json`) so storage can
keep records as rows without knowing what they mean.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar

from engine.i18n import Text, joined, t


class TournamentError(ValueError):
    """A refused action. The message says what was wrong and what is possible now; nothing changed.

    `msg` is a catalogue message (engine.i18n) rendered in the reader's locale; `message` is its English."""

    def __init__(self, message: Text) -> None:
        super().__init__(message)
        self.msg: Text = message

    @property
    def message(self) -> str:
        return str(self.msg)


class Format(StrEnum):
    SWISS = "swiss"
    THREE_STRIKES = "three_strikes"
    SINGLE_ELIMINATION = "single_elimination"
    DOUBLE_ELIMINATION = "double_elimination"
    ROUND_ROBIN = "round_robin"
    PODS = "pods"


BRACKETS = frozenset({Format.SINGLE_ELIMINATION, Format.DOUBLE_ELIMINATION})
# Formats whose whole schedule is drawn at the start; a withdrawn entrant's matches there are walkovers.
FIXED_SCHEDULE = BRACKETS | {Format.ROUND_ROBIN}


class Reason(StrEnum):
    """How a match ended. Only DRAW and DOUBLE_LOSS change scoring; the rest are kept for the record."""

    NORMAL = "normal"
    RESIGN = "resign"
    TIMEOUT = "timeout"
    DRAW = "draw"
    DOUBLE_LOSS = "double_loss"
    ADJUDICATED = "adjudicated"


class ByeRule(StrEnum):
    """One key of the order that decides who gets a bye; the first key that separates two players wins."""

    FEWEST_BYES = "fewest_byes"
    LOWEST_RANK = "lowest_rank"
    MOST_LOSSES = "most_losses"
    FEWEST_REMAINING_OPPONENTS = "fewest_remaining_opponents"
    RANDOM = "random"


class PodFill(StrEnum):
    """How players are spread over multi-seat tables when their number is not a multiple of the size."""

    BALANCED = "balanced"  # 10 players at 4-seat tables: 4, 3, 3 (when 3 is allowed)
    FULL = "full"  # 10 players at 4-seat tables: 4, 4 and two byes


# The Codex forum's bye order for three strikes; Swiss gives the bye to the lowest-ranked player instead.
FORUM_BYE_ORDER = (
    ByeRule.FEWEST_BYES,
    ByeRule.MOST_LOSSES,
    ByeRule.FEWEST_REMAINING_OPPONENTS,
    ByeRule.RANDOM,
)
SWISS_BYE_ORDER = (ByeRule.FEWEST_BYES, ByeRule.LOWEST_RANK, ByeRule.RANDOM)


# ---------------------------------------------------------------------------------------------- seats


@dataclass(frozen=True, slots=True)
class WinnerOf:
    """A seat filled by whoever wins another match: a bracket's "winner of W1-3", or a three-strikes proxy."""

    match_id: str


@dataclass(frozen=True, slots=True)
class LoserOf:
    """A seat filled by whoever loses another match (double elimination drops losers into a second bracket)."""

    match_id: str


Seat = str | WinnerOf | LoserOf


def seat_to_json(seat: Seat) -> str | dict[str, str]:
    if isinstance(seat, WinnerOf):
        return {"winner_of": seat.match_id}
    if isinstance(seat, LoserOf):
        return {"loser_of": seat.match_id}
    return seat


def seat_from_json(data: str | Mapping[str, str]) -> Seat:
    if isinstance(data, str):
        return data
    if "winner_of" in data:
        return WinnerOf(data["winner_of"])
    return LoserOf(data["loser_of"])


# ---------------------------------------------------------------------------------------------- settings


def default_placement_points(size: int) -> tuple[float, ...]:
    """size-1 points for first down to 0 for last: 3/2/1/0 at a 4-seat table."""
    return tuple(float(size - 1 - place) for place in range(size))


@dataclass(frozen=True, slots=True)
class Points:
    """Match points of a two-seat match. A bye is a win by default."""

    win: float = 3.0
    draw: float = 1.0
    loss: float = 0.0
    bye: float = 3.0


@dataclass(frozen=True)
class TournamentConfig:
    """Everything an organiser chooses when creating an event. `seed` makes every random choice repeatable."""

    format: Format
    seed: int = 0
    seats: int = 2  # seats at a table: 2 for two-seat games (teams count as one seat), 3-5 for free-for-all
    min_seats: int | None = None  # the smallest multi-seat table allowed; None means `seats` only
    pod_fill: PodFill = PodFill.BALANCED
    points: Points = field(default_factory=Points)
    # Points by finishing place, for each table size (multi-seat games). Missing sizes get size-1 .. 0.
    placement_points: tuple[tuple[int, tuple[float, ...]], ...] = ()
    rounds: int | None = None  # Swiss and pods: None means ceil(log2(entrants))
    bye_order: tuple[ByeRule, ...] = ()  # empty means the format's default
    strikes: int = 3
    legs: int = 1  # round robin: 1 or 2
    bracket_reset: bool = True  # double elimination: a second grand final if the losers' side wins the first
    late_entry_points: float = 0.0  # match points a late entrant gets for each round they missed
    late_entry_as_losses: bool = False  # missed rounds count as lost matches (and strikes)
    tiebreak_floor: float = 0.33  # an opponent's win percentage never counts below this

    def __post_init__(self) -> None:
        problems = self._problems()
        if problems:
            raise TournamentError(t("app-tournament-settings-fail", problems=joined(problems, "; ")))

    def _problems(self) -> list[Text]:
        problems: list[Text] = []
        if not 2 <= self.seats <= 8:
            problems.append(t("app-tournament-seats-range", seats=self.seats))
        if self.format is Format.PODS and self.seats < 3:
            problems.append(t("app-tournament-pods-small"))
        if self.format is not Format.PODS and self.seats != 2:
            problems.append(t("app-tournament-two-seats", format=self.format.value, seats=self.seats))
        if self.min_seats is not None and not 2 <= self.min_seats <= self.seats:
            problems.append(t("app-tournament-smallest-table", seats=self.seats))
        if self.rounds is not None and self.rounds < 1:
            problems.append(t("app-tournament-no-rounds"))
        if self.strikes < 1:
            problems.append(t("app-tournament-no-strikes"))
        if self.legs not in (1, 2):
            problems.append(t("app-tournament-legs"))
        for size, table in self.placement_points:
            if len(table) != size:
                problems.append(t("app-tournament-points-table", size=size, given=len(table)))
        if not 0 <= self.tiebreak_floor <= 1:
            problems.append(t("app-tournament-tiebreak-floor"))
        return problems

    @property
    def byes(self) -> tuple[ByeRule, ...]:
        if self.bye_order:
            return self.bye_order
        return FORUM_BYE_ORDER if self.format is Format.THREE_STRIKES else SWISS_BYE_ORDER

    @property
    def smallest_table(self) -> int:
        return self.min_seats or self.seats

    def table_points(self, size: int) -> tuple[float, ...]:
        for table_size, table in self.placement_points:
            if table_size == size:
                return table
        return default_placement_points(size)

    def swiss_rounds(self, entrants: int) -> int:
        """The configured number of rounds, else enough for one unbeaten player: ceil(log2(n))."""
        if self.rounds is not None:
            return self.rounds
        return max(1, math.ceil(math.log2(max(entrants, 2))))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        data["format"] = self.format.value
        data["pod_fill"] = self.pod_fill.value
        data["points"] = {f.name: getattr(self.points, f.name) for f in fields(Points)}
        data["placement_points"] = [[size, list(table)] for size, table in self.placement_points]
        data["bye_order"] = [rule.value for rule in self.bye_order]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TournamentConfig:
        values = dict(data)
        values["format"] = Format(values["format"])
        values["pod_fill"] = PodFill(values.get("pod_fill", PodFill.BALANCED))
        values["points"] = Points(**values.get("points", {}))
        values["placement_points"] = tuple(
            (int(size), tuple(float(p) for p in table)) for size, table in values.get("placement_points", ())
        )
        values["bye_order"] = tuple(ByeRule(rule) for rule in values.get("bye_order", ()))
        return cls(**values)


# ---------------------------------------------------------------------------------------------- entrants


@dataclass(frozen=True, slots=True)
class Entrant:
    """One place in the event: a player, or a team whose members play together (2v2)."""

    id: str
    name: str
    members: tuple[str, ...]

    @classmethod
    def solo(cls, player_id: str, name: str | None = None) -> Entrant:
        return cls(player_id, name or player_id, (player_id,))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "members": list(self.members)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Entrant:
        return cls(data["id"], data["name"], tuple(data["members"]))


# ---------------------------------------------------------------------------------------------- results


@dataclass(frozen=True, slots=True)
class Result:
    """How one match ended: a finishing place per seat (1 is best, equal numbers tie) and why.

    The same type serves a two-seat match ((1, 2)) and a free-for-all ((2, 1, 3, 3)). `games` gives the
    games each seat won in a match of several games; without it the match counts as one game.
    """

    placements: tuple[int, ...]
    reason: Reason = Reason.NORMAL
    games: tuple[int, ...] | None = None
    drawn_games: int = 0

    def __post_init__(self) -> None:
        problem = self._problem()
        if problem:
            raise TournamentError(problem)

    def _problem(self) -> Text | None:
        if not self.placements:
            return t("app-tournament-result-no-places")
        if any(place < 1 for place in self.placements):
            return t("app-tournament-result-first-place")
        tied_everywhere = len(set(self.placements)) == 1
        if self.reason is Reason.DRAW and not tied_everywhere:
            return t("app-tournament-result-tied", reason="draw")
        if self.reason is Reason.DOUBLE_LOSS and not tied_everywhere:
            return t("app-tournament-result-tied", reason="double_loss")
        if tied_everywhere and len(self.placements) > 1 and self.reason not in (Reason.DRAW, Reason.DOUBLE_LOSS):
            return t("app-tournament-result-all-tied")
        if self.games is not None:
            if len(self.games) != len(self.placements):
                return t("app-tournament-result-games")
            if any(g < 0 for g in self.games) or self.drawn_games < 0:
                return t("app-tournament-result-negative")
        return None

    @classmethod
    def win(cls, seats: int, winner: int, reason: Reason = Reason.NORMAL) -> Result:
        """The seat at index `winner` won; every other seat lost (two-seat games)."""
        return cls(tuple(1 if seat == winner else 2 for seat in range(seats)), reason)

    @classmethod
    def draw(cls, seats: int = 2) -> Result:
        return cls((1,) * seats, Reason.DRAW)

    @classmethod
    def double_loss(cls, seats: int = 2) -> Result:
        return cls((1,) * seats, Reason.DOUBLE_LOSS)

    def winner_index(self) -> int | None:
        """The seat that finished alone in first place, if any."""
        if self.reason is Reason.DOUBLE_LOSS:
            return None
        best = min(self.placements)
        firsts = [seat for seat, place in enumerate(self.placements) if place == best]
        return firsts[0] if len(firsts) == 1 else None

    def loser_index(self) -> int | None:
        """The seat that finished alone in last place of a match with a winner."""
        if self.winner_index() is None:
            return None
        worst = max(self.placements)
        lasts = [seat for seat, place in enumerate(self.placements) if place == worst]
        return lasts[0] if len(lasts) == 1 else None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"placements": list(self.placements), "reason": self.reason.value}
        if self.games is not None:
            data["games"] = list(self.games)
            data["drawn_games"] = self.drawn_games
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Result:
        games = data.get("games")
        return cls(
            tuple(data["placements"]),
            Reason(data["reason"]),
            None if games is None else tuple(games),
            int(data.get("drawn_games", 0)),
        )


# ---------------------------------------------------------------------------------------------- pairings


@dataclass(frozen=True, slots=True)
class Pairing:
    """One match of a round. A single seat is a bye. `reset_of` marks a bracket reset: it is played only
    if the second seat of the named match (the losers' bracket champion) won it."""

    match_id: str
    seats: tuple[Seat, ...]
    reset_of: str | None = None

    @property
    def is_bye(self) -> bool:
        return len(self.seats) == 1

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"match_id": self.match_id, "seats": [seat_to_json(s) for s in self.seats]}
        if self.reset_of is not None:
            data["reset_of"] = self.reset_of
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Pairing:
        return cls(data["match_id"], tuple(seat_from_json(s) for s in data["seats"]), data.get("reset_of"))


# ---------------------------------------------------------------------------------------------- records


class Record:
    """One entry of a tournament's history. Subclasses are frozen dataclasses with a unique `kind`."""

    kind: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):  # type: ignore[arg-type]
            data[f.name] = _encode(getattr(self, f.name))
        return data


def _encode(value: Any) -> Any:
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Registered(Record):
    """An entrant signed up before the first round."""

    kind: ClassVar[str] = "registered"
    entrant: Entrant


@dataclass(frozen=True, slots=True)
class LateEntry(Record):
    """An entrant joined after `missed_rounds` rounds were paired; those rounds score by the settings."""

    kind: ClassVar[str] = "late_entry"
    entrant: Entrant
    missed_rounds: int
    points_per_missed: float
    missed_as_losses: bool


@dataclass(frozen=True, slots=True)
class Dropped(Record):
    """The entrant leaves: not paired again, their results stand."""

    kind: ClassVar[str] = "dropped"
    entrant_id: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Disqualified(Record):
    """The organiser removed the entrant: not paired again, listed last."""

    kind: ClassVar[str] = "disqualified"
    entrant_id: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class RoundPaired(Record):
    """A round's matches. Pairing a round again (before any of its results) replaces it and every
    round after it, so a re-drawn schedule, which starts again at round 1, replaces the whole schedule."""

    kind: ClassVar[str] = "round_paired"
    round: int
    pairings: tuple[Pairing, ...]
    name: str = ""  # brackets: "Winners round 1", "Grand final"
    stage: str = ""  # brackets: "winners", "losers" or "final"


@dataclass(frozen=True, slots=True)
class ResultReported(Record):
    kind: ClassVar[str] = "result_reported"
    match_id: str
    result: Result


@dataclass(frozen=True, slots=True)
class ResultCorrected(Record):
    """A result replaced by a better one; the earlier record stays in the history."""

    kind: ClassVar[str] = "result_corrected"
    match_id: str
    result: Result
    note: str = ""


@dataclass(frozen=True, slots=True)
class Adjudicated(Record):
    """The organiser's ruling on a match: a result (a double loss is one), or a later deadline."""

    kind: ClassVar[str] = "adjudicated"
    match_id: str
    result: Result | None = None
    deadline: str | None = None  # an ISO timestamp; the pure layer only keeps it
    note: str = ""


@dataclass(frozen=True, slots=True)
class Paused(Record):
    """No round is paired while the event is paused; results may still come in."""

    kind: ClassVar[str] = "paused"
    note: str = ""


@dataclass(frozen=True, slots=True)
class Resumed(Record):
    kind: ClassVar[str] = "resumed"
    note: str = ""


RECORD_TYPES: dict[str, type[Record]] = {
    cls.kind: cls
    for cls in (
        Registered,
        LateEntry,
        Dropped,
        Disqualified,
        RoundPaired,
        ResultReported,
        ResultCorrected,
        Adjudicated,
        Paused,
        Resumed,
    )
}

_DECODERS: dict[str, Any] = {
    "entrant": Entrant.from_json,
    "result": lambda data: None if data is None else Result.from_json(data),
    "pairings": lambda data: tuple(Pairing.from_json(p) for p in data),
}


def record_from_json(data: Mapping[str, Any]) -> Record:
    cls = RECORD_TYPES.get(data.get("kind", ""))
    if cls is None:
        raise TournamentError(t("app-tournament-unknown-record", kind=repr(data.get("kind"))))
    values = {
        f.name: _DECODERS.get(f.name, lambda v: v)(data[f.name])
        for f in fields(cls)  # type: ignore[arg-type]
        if f.name in data
    }
    return cls(**values)


def records_to_json(records: Sequence[Record]) -> list[dict[str, Any]]:
    return [record.to_json() for record in records]


def records_from_json(data: Sequence[Mapping[str, Any]]) -> list[Record]:
    return [record_from_json(item) for item in data]

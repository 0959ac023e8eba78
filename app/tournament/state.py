"""The present state of a tournament, derived by folding over its records.

Nothing in the history is edited, so everything here is recomputed from the records: the effective
pairing of each round (the latest one), the effective result of each match (the latest report,
correction or ruling), who has left, and every entrant's list of finished matches. Folding the same
records always gives the same state, which is what makes a restart safe.

Seats may name other matches (`WinnerOf`, `LoserOf`); they resolve to an entrant once that match is
decided, to nobody when it produced none (a bye's loser, a double loss), and stay pending until then.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from app.tournament.model import (
    FIXED_SCHEDULE,
    Adjudicated,
    Disqualified,
    Dropped,
    Entrant,
    LateEntry,
    LoserOf,
    Pairing,
    Paused,
    Record,
    Registered,
    Result,
    ResultCorrected,
    ResultReported,
    Resumed,
    RoundPaired,
    Seat,
    TournamentConfig,
    WinnerOf,
)
from app.tournament.scoring import SeatScore, bye_score, missed_round_score, score_result
from engine.i18n import Text, t


class Open(Enum):
    """A seat or match that waits on a result not in yet."""

    PENDING = "pending"


PENDING = Open.PENDING
Resolved = str | None | Open  # an entrant, nobody, or not known yet


@dataclass(frozen=True, slots=True)
class Decision:
    """A settled match. `kind` is "played", "bye" (one seat), "walkover" (the others are gone) or "void"."""

    kind: str
    entrants: tuple[str | None, ...]
    result: Result | None
    winner: str | None
    loser: str | None  # the one loser of a played two-seat match with a winner


@dataclass(frozen=True, slots=True)
class Played:
    """One finished round from one entrant's side. A missed round of a late entrant has no match."""

    round: int
    match_id: str | None
    opponents: tuple[str, ...]
    score: SeatScore
    bye: bool


@dataclass(frozen=True, slots=True)
class MatchInfo:
    round: int
    pairing: Pairing


class TournamentState:
    """Apply records one at a time (`apply`) or fold a whole list (`fold`); read the derived facts."""

    def __init__(self, config: TournamentConfig) -> None:
        self.config = config
        self.records: list[Record] = []
        self.entrants: dict[str, Entrant] = {}
        self.late: dict[str, LateEntry] = {}
        self.withdrawn: dict[str, str] = {}  # entrant id -> "dropped" or "disqualified"
        self.rounds: list[RoundPaired] = []  # the effective pairing of round i + 1 at index i
        self.pairings_made: dict[int, int] = {}  # how often each round was paired (re-pairs included)
        self.matches: dict[str, MatchInfo] = {}
        self.results: dict[str, Result] = {}
        self.deadlines: dict[str, str] = {}
        self.paused = False
        self._decisions: dict[str, Decision | Open] = {}
        self._played: dict[str, list[Played]] | None = None

    @classmethod
    def fold(cls, config: TournamentConfig, records: Iterable[Record]) -> TournamentState:
        state = cls(config)
        for record in records:
            state.apply(record)
        return state

    # ------------------------------------------------------------------------------------------ folding

    def apply(self, record: Record) -> None:
        self.records.append(record)
        self._decisions = {}
        self._played = None
        match record:
            case Registered(entrant=entrant):
                self.entrants[entrant.id] = entrant
            case LateEntry(entrant=entrant):
                self.entrants[entrant.id] = entrant
                self.late[entrant.id] = record
            case Dropped(entrant_id=entrant_id):
                self.withdrawn.setdefault(entrant_id, "dropped")
            case Disqualified(entrant_id=entrant_id):
                self.withdrawn[entrant_id] = "disqualified"
            case RoundPaired():
                self._apply_round(record)
            case ResultReported(match_id=match_id, result=result) | ResultCorrected(match_id=match_id, result=result):
                self.results[match_id] = result
            case Adjudicated(match_id=match_id, result=result, deadline=deadline):
                if result is not None:
                    self.results[match_id] = result
                if deadline is not None:
                    self.deadlines[match_id] = deadline
            case Paused():
                self.paused = True
            case Resumed():
                self.paused = False

    def _apply_round(self, record: RoundPaired) -> None:
        # Pairing a round again discards it and every round after it: a Swiss re-pair replaces the
        # latest round, a re-drawn schedule (which starts again at round 1) replaces all of them.
        index = record.round - 1
        self.pairings_made[record.round] = self.pairings_made.get(record.round, 0) + 1
        for dropped in self.rounds[index:]:
            for old in dropped.pairings:
                self.matches.pop(old.match_id, None)
        del self.rounds[index:]
        self.rounds.append(record)
        for pairing in record.pairings:
            self.matches[pairing.match_id] = MatchInfo(record.round, pairing)

    # ------------------------------------------------------------------------------------------ entrants

    @property
    def started(self) -> bool:
        return bool(self.rounds)

    def active(self) -> list[str]:
        """Entrants who have not left, in the order they joined."""
        return [entrant for entrant in self.entrants if entrant not in self.withdrawn]

    def name(self, entrant_id: str) -> str:
        entrant = self.entrants.get(entrant_id)
        return entrant.name if entrant else entrant_id

    # ------------------------------------------------------------------------------------------ matches

    def describe(self, match_id: str) -> Text:
        """ "r3m2 (Ann vs Bob)" for messages, with "winner of r2m4" for a seat still waiting on a match."""
        parts: list[Text] = []
        for seat in self.matches[match_id].pairing.seats:
            resolved = self.resolve(seat)
            if isinstance(resolved, str):
                parts.append(self.name(resolved))
            elif resolved is None or isinstance(seat, str):
                parts.append(t("app-tournament-nobody"))
            else:
                parts.append(seat_source(seat))
        return t("app-tournament-match", match=match_id, seats=versus(parts))

    def resolve(self, seat: Seat) -> Resolved:
        if isinstance(seat, str):
            return seat
        decision = self.decision(seat.match_id)
        if decision is PENDING:
            return PENDING
        return decision.winner if isinstance(seat, WinnerOf) else decision.loser

    def seat_entrants(self, match_id: str) -> tuple[Resolved, ...]:
        return tuple(self.resolve(seat) for seat in self.matches[match_id].pairing.seats)

    def decision(self, match_id: str) -> Decision | Open:
        """How a match was settled, or PENDING. Memoised until the next record."""
        if match_id not in self._decisions:
            self._decisions[match_id] = self._decide(match_id)
        return self._decisions[match_id]

    def _decide(self, match_id: str) -> Decision | Open:
        pairing = self.matches[match_id].pairing
        if pairing.reset_of is not None:
            first = self.decision(pairing.reset_of)
            if first is PENDING:
                return PENDING
            if first.winner is not None and first.winner == first.entrants[0]:
                return Decision("void", (), None, None, None)
        entrants = self.seat_entrants(match_id)
        if PENDING in entrants:
            return PENDING
        seated = tuple(e for e in entrants if isinstance(e, str))
        result = self.results.get(match_id)
        if result is not None and len(seated) >= 2:
            return _played(seated, result)
        real = [e for e in seated if not self._walks_over(e)]
        if not real:
            return Decision("void", seated, None, None, None)
        if len(real) == 1:
            kind = "bye" if pairing.is_bye else "walkover"
            return Decision(kind, seated, None, real[0], None)
        return PENDING

    def _walks_over(self, entrant: str) -> bool:
        """In a drawn schedule, a withdrawn entrant's remaining matches go to the opponent without play."""
        return self.config.format in FIXED_SCHEDULE and entrant in self.withdrawn

    def is_finished(self, match_id: str) -> bool:
        return self.decision(match_id) is not PENDING

    def unfinished(self, round_number: int | None = None) -> list[str]:
        """Matches still waiting on a result (of one round, or of every round)."""
        return [
            match_id
            for match_id, info in self.matches.items()
            if (round_number is None or info.round == round_number) and not self.is_finished(match_id)
        ]

    def candidates(self, seat: Seat) -> frozenset[str]:
        """Everyone who may still end up in a seat: the seat's entrant, or every candidate of its source."""
        resolved = self.resolve(seat)
        if isinstance(resolved, str):
            return frozenset({resolved})
        if resolved is None:
            return frozenset()
        assert not isinstance(seat, str)
        source = self.matches[seat.match_id].pairing
        found: set[str] = set()
        for inner in source.seats:
            found |= self.candidates(inner)
        return frozenset(found)

    def dependents(self, match_id: str) -> list[str]:
        """Matches with a seat that waits on this match's winner or loser."""
        return [
            other
            for other, info in self.matches.items()
            if any(isinstance(s, WinnerOf | LoserOf) and s.match_id == match_id for s in info.pairing.seats)
            or info.pairing.reset_of == match_id
        ]

    # ------------------------------------------------------------------------------------------ history

    def played(self) -> dict[str, list[Played]]:
        """Every entrant's finished rounds, in round order. Memoised until the next record."""
        if self._played is None:
            self._played = self._collect_played()
        return self._played

    def _collect_played(self) -> dict[str, list[Played]]:
        history: dict[str, list[Played]] = {entrant: [] for entrant in self.entrants}
        for paired in self.rounds:
            for pairing in paired.pairings:
                decision = self.decision(pairing.match_id)
                if decision is PENDING:
                    continue
                for entrant, played in self._sides(paired.round, pairing.match_id, decision):
                    history[entrant].append(played)
            for entrant, entry in self.late.items():
                if paired.round <= entry.missed_rounds and not self._paired_in(entrant, paired):
                    score = missed_round_score(
                        self.config, self.config.seats, entry.points_per_missed, entry.missed_as_losses
                    )
                    history[entrant].append(Played(paired.round, None, (), score, False))
        return history

    def _paired_in(self, entrant: str, paired: RoundPaired) -> bool:
        return any(entrant in self.candidates(seat) for pairing in paired.pairings for seat in pairing.seats)

    def _sides(self, round_number: int, match_id: str, decision: Decision) -> list[tuple[str, Played]]:
        if decision.kind in ("bye", "walkover"):
            assert decision.winner is not None
            score = bye_score(self.config, self.config.seats)
            return [(decision.winner, Played(round_number, match_id, (), score, True))]
        if decision.result is None:
            return []
        scores = score_result(decision.result, self.config)
        sides: list[tuple[str, Played]] = []
        for seat, entrant in enumerate(decision.entrants):
            assert entrant is not None
            others = tuple(e for e in decision.entrants if e is not None and e != entrant)
            sides.append((entrant, Played(round_number, match_id, others, scores[seat], False)))
        return sides


def _played(entrants: tuple[str, ...], result: Result) -> Decision:
    winner_seat = result.winner_index()
    loser_seat = result.loser_index()
    winner = None if winner_seat is None else entrants[winner_seat]
    loser = None if loser_seat is None or len(entrants) != 2 else entrants[loser_seat]
    return Decision("played", entrants, result, winner, loser)


def seat_source(seat: WinnerOf | LoserOf) -> Text:
    """A seat still waiting on another match: "winner of r2m4", "loser of W1-2"."""
    return t("app-tournament-seat-from", match=seat.match_id, side="winner" if isinstance(seat, WinnerOf) else "loser")


def versus(sides: Sequence[Text]) -> Text:
    """The sides of a match one against the other: "Ann vs Bob", "Ann vs Bob vs Cid" (one side alone as it is)."""
    if not sides:
        return ""
    shown = sides[0]
    for side in sides[1:]:
        shown = t("app-tournament-versus", left=shown, right=side)
    return shown

"""A finished match's engine Outcome read as the tournament's Result: a place per pairing seat and why."""

from __future__ import annotations

from collections.abc import Sequence

from app.tournament.model import Reason, Result
from db.records import MatchRecord
from engine.core import EndReason, Outcome

_REASONS = {
    EndReason.RESIGN: Reason.RESIGN,
    EndReason.TIMEOUT: Reason.TIMEOUT,
    EndReason.FORFEIT: Reason.TIMEOUT,
}


def result_of(record: MatchRecord, users: Sequence[int]) -> Result | None:
    """The result for the pairing whose seats are played by `users` (in the pairing's seat order), or None
    when the match ended without one (aborted) or a player is not seated in it."""
    if record.status != "finished" or not record.result:
        return None
    outcome = Outcome.from_json(record.result)
    places = outcome.places(len(record.seated()))
    seats = [record.seat_of(user) for user in users]
    if any(seat is None for seat in seats):
        return None
    placements = tuple(places[seat] for seat in seats if seat is not None)
    if len(set(placements)) == 1:
        # Everyone tied: a draw when they all won, a double loss when nobody did.
        return Result(placements, Reason.DRAW if outcome.winners else Reason.DOUBLE_LOSS)
    return Result(_compact(placements), _REASONS.get(outcome.reason, Reason.NORMAL))


def _compact(placements: tuple[int, ...]) -> tuple[int, ...]:
    """Places renumbered 1, 2, … in order, so a pairing's own seats rank among themselves."""
    order = sorted(set(placements))
    return tuple(order.index(place) + 1 for place in placements)

"""Round robin by the circle method: everyone meets everyone once (or twice, with two legs).

One entrant stays put while the rest turn around a circle one place per round; facing pairs across the
circle play. With an odd count an empty place joins the circle and whoever faces it has a bye, so
everyone gets exactly one bye per leg. The second leg repeats the first with the seats swapped, so who
moves first evens out.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.tournament.model import Pairing, Seat, TournamentError
from engine.i18n import t

Fixture = tuple[str | None, str | None]  # None is the empty place (a bye for the other)


def schedule(entrants: Sequence[str], legs: int = 1) -> list[list[Fixture]]:
    """Every round's fixtures, in playing order."""
    if len(entrants) < 2:
        raise TournamentError(t("app-tournament-round-robin-two"))
    circle: list[str | None] = list(entrants)
    if len(circle) % 2:
        circle.append(None)
    size = len(circle)
    fixed, turning = circle[0], circle[1:]
    rounds: list[list[Fixture]] = []
    for number in range(size - 1):
        order = [fixed, *turning]
        fixtures = [(order[i], order[size - 1 - i]) for i in range(size // 2)]
        if number % 2:  # the fixed entrant would otherwise always take the first seat
            fixtures[0] = (fixtures[0][1], fixtures[0][0])
        rounds.append(fixtures)
        turning = turning[-1:] + turning[:-1]
    if legs == 2:
        rounds += [[(b, a) for a, b in fixtures] for fixtures in rounds]
    return rounds


def pairings(round_number: int, fixtures: Sequence[Fixture]) -> tuple[Pairing, ...]:
    """A round's fixtures as pairings; a fixture against the empty place becomes a bye, listed last."""
    matches: list[tuple[Seat, ...]] = [(a, b) for a, b in fixtures if a is not None and b is not None]
    byes: list[tuple[Seat, ...]] = [
        (seat,) for a, b in fixtures for seat in (a, b) if seat is not None and (a is None or b is None)
    ]
    return tuple(Pairing(f"r{round_number}m{index}", seats) for index, seats in enumerate(matches + byes, start=1))

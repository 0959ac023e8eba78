"""Three strikes: Swiss pairing where a player's third lost match puts them out, with no top cut.

The event goes on until one player (or none) is left. An asynchronous event cannot wait for its
slowest match, so when a match whose loser is certain to go out is still unfinished at pairing time,
its winner is paired as a proxy ("winner of A vs B"). The proxy carries both players' past opponents
and byes, so rematch avoidance and the bye order treat it as either of them, and it ranks as the
better of the two after a win. When the match ends, the proxy's pairing simply becomes the winner's
pairing (the seat resolves), and the loser, now out, is gone. A double loss leaves the seat empty and
the proxy's opponent gets a bye. An unfinished match that may not eliminate its loser holds up the
next round: both players will need a pairing, and one seat cannot stand for both.
"""

from __future__ import annotations

from app.tournament.model import Seat, TournamentError, WinnerOf
from app.tournament.standings import losses
from app.tournament.state import TournamentState
from engine.i18n import joined, t


def strikes(state: TournamentState) -> dict[str, int]:
    """Lost matches so far (double losses and missed rounds counted as losses included)."""
    return {entrant: losses(rounds) for entrant, rounds in state.played().items()}


def still_in(state: TournamentState) -> list[str]:
    taken = strikes(state)
    return [entrant for entrant in state.active() if taken[entrant] < state.config.strikes]


def is_over(state: TournamentState) -> bool:
    return state.started and not state.unfinished() and len(still_in(state)) <= 1


def pairing_seats(state: TournamentState) -> list[Seat]:
    """What the next round pairs: everyone still in and free, and a proxy for each unfinished match
    that eliminates its loser. Raises when another unfinished match stands in the way."""
    limit = state.config.strikes
    taken = strikes(state)
    seats: list[Seat] = []
    busy: set[str] = set()
    waiting: list[str] = []
    for match_id in state.unfinished():
        if state.dependents(match_id):
            continue  # a later proxy already stands for this match's winner
        candidates = state.candidates(WinnerOf(match_id))
        busy |= candidates
        if all(taken[c] + 1 >= limit for c in candidates):
            seats.append(WinnerOf(match_id))
        else:
            waiting.append(match_id)
    if waiting:
        raise TournamentError(
            t("app-tournament-strikes-waiting", matches=joined([state.describe(m) for m in waiting], ", "))
        )
    seats.extend(entrant for entrant in still_in(state) if entrant not in busy)
    return seats

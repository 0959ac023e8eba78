"""When a round is due and which matches can be played: pure functions of the folded state."""

from __future__ import annotations

from app.tournament.model import FIXED_SCHEDULE, Format
from app.tournament.state import PENDING, TournamentState


def playable(state: TournamentState) -> list[tuple[str, int]]:
    """(pairing, round) of every match that can be played now: every seat known, not yet settled. A round
    robin plays its rounds in order; other formats play whatever is ready."""
    current = None
    if state.config.format is Format.ROUND_ROBIN:
        current = next((p.round for p in state.rounds if state.unfinished(p.round)), None)
    found = []
    for paired in state.rounds:
        if current is not None and paired.round > current:
            break
        for pairing in paired.pairings:
            seated = state.seat_entrants(pairing.match_id)
            if pairing.is_bye or PENDING in seated or None in seated or state.is_finished(pairing.match_id):
                continue
            found.append((pairing.match_id, paired.round))
    return found


def ready_to_pair(state: TournamentState) -> bool:
    """Whether to ask the core for the next round now. Swiss and pods wait for every result; three strikes
    pairs as soon as the core can (proxies stand in for matches that put their loser out), but only once
    the latest round's own proxies have resolved, so pairings never run more than a round ahead."""
    if not state.started or state.paused or state.config.format in FIXED_SCHEDULE:
        return False
    if state.config.format is Format.THREE_STRIKES:
        return all(PENDING not in state.seat_entrants(p.match_id) for p in state.rounds[-1].pairings)
    return not state.unfinished()

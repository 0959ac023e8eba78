"""Round robin: everyone meets everyone once per leg, once a round at most, one bye per leg when odd."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from app.tournament import actions, round_robin
from app.tournament.model import Format, Result, TournamentConfig
from app.tournament.standings import standings
from tests.tournament.play import apply, names, new_event, report_round


@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.parametrize("legs", [1, 2])
def test_everyone_meets_everyone_once_a_leg(players: int, legs: int) -> None:
    state = new_event(TournamentConfig(Format.ROUND_ROBIN, seed=3, legs=legs), players)
    drawn = apply(state, actions.pair_next_round(state))
    per_leg = players if players % 2 else players - 1
    assert len(drawn) == per_leg * legs
    meetings: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    first_seat: Counter[str] = Counter()
    for paired in state.rounds:
        seated = [seat for pairing in paired.pairings for seat in pairing.seats]
        assert sorted(seated) == names(players), f"round {paired.round}: everyone once"
        for pairing in paired.pairings:
            if pairing.is_bye:
                byes[pairing.seats[0]] += 1
            else:
                meetings[frozenset(pairing.seats)] += 1
                first_seat[pairing.seats[0]] += 1  # type: ignore[index]
    assert meetings == Counter({frozenset(pair): legs for pair in combinations(names(players), 2)})
    assert byes == (Counter({p: legs for p in names(players)}) if players % 2 else Counter())
    if legs == 2:
        assert all(count == (players - 1) for count in first_seat.values()), "two legs even out the first seat"
    rng = random.Random(players)
    for paired in state.rounds:
        report_round(state, paired.round, rng, lambda g, seats: Result.win(2, g.randrange(2)))
    assert actions.is_over(state)
    assert sum(row.played for row in standings(state)) == players * per_leg * legs


def test_the_circle_turns_around_a_fixed_entrant() -> None:
    rounds = round_robin.schedule(["a", "b", "c", "d"])
    assert rounds == [
        [("a", "d"), ("b", "c")],
        [("c", "a"), ("d", "b")],
        [("a", "b"), ("c", "d")],
    ]


def test_a_dropped_entrants_remaining_matches_are_walkovers() -> None:
    state = new_event(TournamentConfig(Format.ROUND_ROBIN, seed=1), 4)
    apply(state, actions.pair_next_round(state))
    apply(state, actions.drop(state, "p02"))
    for match_id in state.matches:
        seated = state.matches[match_id].pairing.seats
        if "p02" in seated:
            decision = state.decision(match_id)
            assert decision.kind == "walkover" and decision.winner != "p02"  # type: ignore[union-attr]


def test_a_redrawn_schedule_replaces_the_whole_old_one() -> None:
    state = new_event(TournamentConfig(Format.ROUND_ROBIN, seed=1), 5)
    apply(state, actions.pair_next_round(state))
    assert len(state.rounds) == 5
    apply(state, actions.drop(state, "p05"))
    apply(state, actions.repair_round(state))
    assert len(state.rounds) == 3  # four entrants: three rounds, no byes
    assert sorted(seat for paired in state.rounds for p in paired.pairings for seat in p.seats) == sorted(names(4) * 3)
    assert len(state.matches) == 6

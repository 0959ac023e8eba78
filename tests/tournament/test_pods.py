"""Multi-seat pods: balanced table sizes, grouping by points, repeat tables as few as possible, and
points by place with ties sharing."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from app.tournament import actions, pods
from app.tournament.model import Format, PodFill, Reason, Result, TournamentConfig
from app.tournament.scoring import score_result
from app.tournament.standings import standings
from tests.tournament.play import apply, names, new_event, report_round


def test_table_sizes() -> None:
    assert pods.pod_sizes(10, 4, 3, PodFill.BALANCED) == ([4, 3, 3], 0)
    assert pods.pod_sizes(10, 4, 3, PodFill.FULL) == ([4, 4], 2)
    assert pods.pod_sizes(11, 4, 3, PodFill.FULL) == ([4, 4, 3], 0)
    assert pods.pod_sizes(12, 4, 3, PodFill.BALANCED) == ([4, 4, 4], 0)
    assert pods.pod_sizes(10, 4, 4, PodFill.BALANCED) == ([4, 4], 2)  # only full tables allowed
    assert pods.pod_sizes(5, 4, 3, PodFill.BALANCED) == ([4], 1)  # 3 + 2 would leave a table too small
    assert pods.pod_sizes(7, 5, 3, PodFill.BALANCED) == ([4, 3], 0)


def test_placement_points_share_ties() -> None:
    config = TournamentConfig(Format.PODS, seats=4, min_seats=3)
    scores = score_result(Result((1, 2, 2, 4)), config)
    assert [s.points for s in scores] == [3, 1.5, 1.5, 0]  # 3/2/1/0; the tied pair split 2 + 1
    assert [s.points for s in score_result(Result((2, 1, 3)), config)] == [1, 2, 0]  # a 3-seat table: 2/1/0
    assert [s.points for s in score_result(Result.double_loss(4), config)] == [0] * 4
    custom = TournamentConfig(Format.PODS, seats=4, placement_points=((4, (5.0, 3.0, 1.0, 0.0)),))
    assert [s.points for s in score_result(Result((4, 3, 2, 1), Reason.TIMEOUT), custom)] == [0, 1, 3, 5]


def fewest_repeats(players: list[str], sizes: list[int], met: set[frozenset[str]]) -> int:
    """By brute force: the least number of pairs who met before that any seating allows."""
    best = None
    for first in combinations(players, sizes[0]):
        rest = [p for p in players if p not in first]
        for second in combinations(rest, sizes[1]):
            third = [p for p in rest if p not in second]
            tables = [first, second, third]
            count = sum(frozenset(pair) in met for table in tables for pair in combinations(table, 2))
            best = count if best is None else min(best, count)
    assert best is not None
    return best


def test_ten_players_at_four_seat_tables_meet_as_few_repeats_as_possible() -> None:
    state = new_event(TournamentConfig(Format.PODS, seed=6, seats=4, min_seats=3, rounds=5), 10)
    rng = random.Random(2)
    met: set[frozenset[str]] = set()
    for number in range(1, 6):
        (paired,) = apply(state, actions.pair_next_round(state))
        tables = [p.seats for p in paired.pairings]
        assert sorted(len(t) for t in tables) == [3, 3, 4]
        assert sorted(seat for t in tables for seat in t) == names(10)
        repeats = sum(frozenset(pair) in met for t in tables for pair in combinations(t, 2))
        assert repeats == fewest_repeats(names(10), [4, 3, 3], met), f"round {number}"
        met.update(frozenset(pair) for t in tables for pair in combinations(t, 2))  # type: ignore[arg-type]
        report_round(state, number, rng, random_placements)
    assert actions.is_over(state)


def random_placements(rng: random.Random, seats: int) -> Result:
    places = list(range(1, seats + 1))
    rng.shuffle(places)
    return Result(tuple(places))


def test_tables_group_players_by_points() -> None:
    """After one round, the four winners of 4-seat tables... sit together when no repeat stands in the way."""
    state = new_event(TournamentConfig(Format.PODS, seed=1, seats=4, rounds=2), 16)
    (first,) = apply(state, actions.pair_next_round(state))
    for pairing in first.pairings:  # seat order decides the places: first seat wins
        apply(state, actions.report(state, pairing.match_id, Result((1, 2, 3, 4))))
    winners = {p.seats[0] for p in first.pairings}
    (second,) = apply(state, actions.pair_next_round(state))
    assert set(second.pairings[0].seats) == winners
    table = standings(state)
    assert {row.entrant for row in table[:4]} == winners


def test_full_tables_give_the_rest_byes_by_the_bye_order() -> None:
    state = new_event(TournamentConfig(Format.PODS, seed=4, seats=4, min_seats=3, pod_fill=PodFill.FULL), 10)
    (paired,) = apply(state, actions.pair_next_round(state))
    assert sorted(len(p.seats) for p in paired.pairings) == [1, 1, 4, 4]
    byes = [p.seats[0] for p in paired.pairings if p.is_bye]
    bye_rows = [row for row in standings(state) if row.entrant in byes]
    assert all(row.byes == 1 and row.points == 3 for row in bye_rows)  # a bye scores as first place


@pytest.mark.parametrize("seats", [3, 5])
def test_other_table_sizes(seats: int) -> None:
    state = new_event(TournamentConfig(Format.PODS, seed=2, seats=seats, min_seats=3, rounds=2), 13)
    rng = random.Random(seats)
    for number in (1, 2):
        (paired,) = apply(state, actions.pair_next_round(state))
        tables = [p.seats for p in paired.pairings if not p.is_bye]
        assert all(3 <= len(t) <= seats for t in tables)
        assert sum(map(len, tables)) == (12 if seats == 3 else 13)  # 13 at 3-seat tables: four tables, a bye
        report_round(state, number, rng, random_placements)
    assert actions.is_over(state)

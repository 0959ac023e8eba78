"""Swiss pairing: everyone once a round, no avoidable rematch, byes by the rule, score groups kept,
and the tiebreakers checked against numbers worked out by hand."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from app.tournament import actions, swiss
from app.tournament.model import (
    SWISS_BYE_ORDER,
    Entrant,
    Format,
    Pairing,
    Registered,
    Result,
    ResultReported,
    RoundPaired,
    TournamentConfig,
    TournamentError,
)
from app.tournament.standings import standings
from app.tournament.state import TournamentState
from app.tournament.swiss import Unit
from tests.tournament.play import apply, has_perfect_matching, new_event, random_two_seat, report_round

BYE = "(bye)"


def check_round(
    state: TournamentState,
    pairings: tuple[Pairing, ...],
    met: set[frozenset[str]],
    byes: Counter[str],
    rank: dict[str, int],
    points: dict[str, float],
) -> None:
    """The checks every Swiss round must pass, made from the test's own record of who met whom."""
    active = set(state.active())
    seated = [seat for pairing in pairings for seat in pairing.seats]
    assert sorted(seated) == sorted(active), "every active player is paired exactly once"
    players = sorted(active) + ([BYE] if len(active) % 2 else [])

    def fresh(a: str, b: str) -> bool:
        return BYE in (a, b) or frozenset((a, b)) not in met

    for pairing in pairings:
        if len(pairing.seats) == 2 and not fresh(*pairing.seats):
            # A rematch is allowed only when no pairing of this round could avoid every rematch.
            assert not has_perfect_matching(players, fresh), f"avoidable rematch {pairing.seats}"
    bye_pairings = [p for p in pairings if p.is_bye]
    assert len(bye_pairings) == len(active) % 2
    if bye_pairings:
        given = bye_pairings[0].seats[0]
        # Rule: fewest byes, then lowest ranked, among players whose absence still lets the rest pair
        # without a rematch.
        for candidate in sorted(active, key=lambda p: (byes[p], -rank[p])):
            if candidate == given:
                break
            rest = [p for p in sorted(active) if p != candidate]
            assert not has_perfect_matching(rest, fresh), f"the bye should have gone to {candidate}"
    check_score_groups(pairings, points, met)


def check_score_groups(pairings: tuple[Pairing, ...], points: dict[str, float], met: set[frozenset[str]]) -> None:
    """Pairs cross score groups only as often as odd group sizes force: each boundary with an odd number
    of players above it is crossed exactly once, and no other boundary is crossed."""
    pairs = [p.seats for p in pairings if len(p.seats) == 2]
    if any(frozenset(pair) in met for pair in pairs):
        return  # a forced rematch may force extra floats too
    levels = sorted({points[p] for pair in pairs for p in pair}, reverse=True)
    above = 0
    for boundary in levels[:-1]:
        above += sum(1 for pair in pairs for p in pair if points[p] == boundary)
        crossings = sum(1 for a, b in pairs if (points[a] >= boundary) != (points[b] >= boundary))
        assert crossings == above % 2, f"pairs cross the boundary below {boundary} points {crossings} times"


def test_swiss_of_64_players_pairs_everyone_once_without_avoidable_rematches() -> None:
    state = new_event(TournamentConfig(Format.SWISS, seed=11), 64)
    rng = random.Random(5)
    met: set[frozenset[str]] = set()
    byes: Counter[str] = Counter()
    rematches = 0
    assert actions.total_rounds(state) == 6  # ceil(log2(64))
    for number in range(1, 7):
        if number == 3:  # a drop makes the field odd, so rounds 3 to 6 have byes
            apply(state, actions.drop(state, "p17"))
        table = standings(state)
        rank = {row.entrant: row.rank for row in table}
        points = {row.entrant: row.points for row in table}
        (paired,) = apply(state, actions.pair_next_round(state))
        assert isinstance(paired, RoundPaired) and paired.round == number
        check_round(state, paired.pairings, met, byes, rank, points)
        report_round(state, number, rng, lambda g, seats: random_two_seat(g, draws=0.05))
        for pairing in paired.pairings:
            if pairing.is_bye:
                byes[pairing.seats[0]] += 1
            else:
                rematches += frozenset(pairing.seats) in met
                met.add(frozenset(pairing.seats))
    assert sum(byes.values()) == 4 and max(byes.values()) == 1
    assert rematches == 0
    assert actions.is_over(state)
    with pytest.raises(TournamentError, match="All 6 rounds"):
        actions.pair_next_round(state)


def test_rematch_only_as_a_last_resort() -> None:
    """Four players meet everyone in three rounds; a fourth round must repeat, and only because it must."""
    state = new_event(TournamentConfig(Format.SWISS, seed=2, rounds=4), 4)
    rng = random.Random(1)
    met: set[frozenset[str]] = set()
    for number in range(1, 5):
        table = standings(state)
        (paired,) = apply(state, actions.pair_next_round(state))
        check_round(
            state,
            paired.pairings,
            met,
            Counter(),
            {r.entrant: r.rank for r in table},
            {r.entrant: r.points for r in table},
        )
        repeats = [p for p in paired.pairings if frozenset(p.seats) in met]
        assert bool(repeats) == (number == 4)
        met.update(frozenset(p.seats) for p in paired.pairings)
        report_round(state, number, rng, lambda g, seats: random_two_seat(g))


def test_the_lowest_of_an_odd_score_group_floats_to_the_top_of_the_next() -> None:
    """Three players on 6 points and three on 3: one must float, and it is the lowest-ranked of the
    top group, who meets the highest-ranked of the next."""
    points = [6.0, 6.0, 6.0, 3.0, 3.0, 3.0]
    units = [Unit(f"u{rank}", frozenset({f"u{rank}"}), p, rank, 0, 0, {}) for rank, p in enumerate(points)]
    for seed in range(5):
        paired = swiss.pair(units, SWISS_BYE_ORDER, random.Random(seed))
        crossing = [(a.seat, b.seat) for a, b in paired.pairs if a.points != b.points]
        assert crossing == [("u2", "u3")]


def test_rounds_default_to_log2_of_the_field() -> None:
    config = TournamentConfig(Format.SWISS)
    assert [config.swiss_rounds(n) for n in (2, 5, 8, 9, 64, 65)] == [1, 3, 3, 4, 6, 7]
    assert TournamentConfig(Format.SWISS, rounds=9).swiss_rounds(64) == 9


def test_tiebreakers_match_a_hand_worked_event() -> None:
    """Seven players, three rounds, one bye a round, a draw, and two matches of several games.

    Round 1: A beats B 2-1 in games, C draws D, F beats E, G has the bye.
    Round 2: A beats G, C beats B 2-0 in games, D beats F, E has the bye.
    Round 3: D beats A, G beats B, C beats E, F has the bye.

    Match points (win 3, draw 1, bye 3): A 6, B 0, C 7, D 7, E 3, F 6, G 6.
    MW% = points / (3 x 3 rounds): A 6/9, B 0, C 7/9, D 7/9, E 3/9, F 6/9, G 6/9.
    GW% = game points / (3 x games), a bye one won game:
        A (6 + 3 + 0) / (9 + 3 + 3) = 9/15 = 0.6        B (3 + 0 + 0) / (9 + 6 + 3) = 3/18
        C (1 + 6 + 3) / (3 + 6 + 3) = 10/12             D (1 + 3 + 3) / 9 = 7/9
        E (0 + 3 + 0) / 9 = 3/9   F (3 + 0 + 3) / 9 = 6/9   G (3 + 0 + 3) / 9 = 6/9
    OMW% = mean of the opponents' MW%, each at least 0.33 (B's 0 counts as 0.33); byes are no opponent:
        A: B, G, D = (0.33 + 6/9 + 7/9) / 3 = 0.591481     B: A, C, G = (6/9 + 7/9 + 6/9) / 3 = 19/27
        C: D, B, E = (7/9 + 0.33 + 3/9) / 3 = 0.480370     D: C, F, A = (7/9 + 6/9 + 6/9) / 3 = 19/27
        E: F, C = (6/9 + 7/9) / 2 = 13/18                  F: E, D = (3/9 + 7/9) / 2 = 10/18
        G: A, B = (6/9 + 0.33) / 2 = 0.498333
    OGW% = the same with GW% (B's 3/18 counts as 0.33):
        A: (0.33 + 6/9 + 7/9) / 3 = 0.591481     B: (0.6 + 10/12 + 6/9) / 3 = 0.7
        C: (7/9 + 0.33 + 3/9) / 3 = 0.480370     D: (10/12 + 6/9 + 0.6) / 3 = 0.7
        E: (6/9 + 10/12) / 2 = 0.75              F: (3/9 + 7/9) / 2 = 10/18
        G: (0.6 + 0.33) / 2 = 0.465
    Order: C and D tie on 7 points, D's OMW is higher; A, F, G tie on 6, OMW orders them A, F, G.
    """
    config = TournamentConfig(Format.SWISS, seed=1, rounds=3)
    records = [Registered(Entrant.solo(p)) for p in "ABCDEFG"]
    rounds = [
        [("A", "B", Result((1, 2), games=(2, 1))), ("C", "D", Result.draw()), ("E", "F", Result.win(2, 1)), ("G",)],
        [("A", "G", Result.win(2, 0)), ("B", "C", Result((2, 1), games=(0, 2))), ("D", "F", Result.win(2, 0)), ("E",)],
        [("A", "D", Result.win(2, 1)), ("B", "G", Result.win(2, 1)), ("C", "E", Result.win(2, 0)), ("F",)],
    ]
    for number, matches in enumerate(rounds, start=1):
        pairings = tuple(Pairing(f"r{number}m{i}", tuple(m[:2]) if len(m) == 3 else m) for i, m in enumerate(matches))
        records.append(RoundPaired(number, pairings))
        records += [ResultReported(f"r{number}m{i}", m[2]) for i, m in enumerate(matches) if len(m) == 3]
    table = {row.entrant: row for row in standings(TournamentState.fold(config, records))}
    expected = {
        #     points  MW     OMW       GW      OGW
        "A": (6, 6 / 9, 0.591481, 0.6, 0.591481),
        "B": (0, 0.0, 19 / 27, 3 / 18, 0.7),
        "C": (7, 7 / 9, 0.480370, 10 / 12, 0.480370),
        "D": (7, 7 / 9, 19 / 27, 7 / 9, 0.7),
        "E": (3, 3 / 9, 13 / 18, 3 / 9, 0.75),
        "F": (6, 6 / 9, 10 / 18, 6 / 9, 10 / 18),
        "G": (6, 6 / 9, 0.498333, 6 / 9, 0.465),
    }
    for player, numbers in expected.items():
        row = table[player]
        got = (row.points, row.match_win, row.opp_match_win, row.game_win, row.opp_game_win)
        assert got == pytest.approx(numbers, abs=1e-6), player
    assert sorted(table, key=lambda p: table[p].rank) == ["D", "C", "A", "F", "G", "E", "B"]
    assert (table["E"].byes, table["E"].record) == (1, "1-2")
    assert table["C"].record == "2-0-1"  # a draw and two wins

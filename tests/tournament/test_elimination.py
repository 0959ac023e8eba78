"""Single and double elimination: standard seeding with byes for the top seeds, brackets whose seats
name their sources, played out to one champion with the right number of losses for everyone."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from app.tournament import actions, elimination
from app.tournament.model import Format, LoserOf, Result, TournamentConfig, TournamentError, WinnerOf
from app.tournament.standings import standings
from app.tournament.state import TournamentState
from tests.tournament.play import apply, names, new_event, playable


def test_standard_seeding_puts_one_against_sixteen_and_eight_against_nine() -> None:
    assert elimination.standard_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    assert elimination.standard_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def play_out(state: TournamentState, rng: random.Random) -> Counter[str]:
    """Report a random winner for every match as it becomes playable; return each entrant's losses."""
    losses: Counter[str] = Counter()
    while state.unfinished():
        ready = [m for m in state.unfinished() if playable(state, m)]
        assert ready, "an unfinished bracket always has a playable match"
        for match_id in ready:
            seated = state.seat_entrants(match_id)
            winner = rng.randrange(2)
            apply(state, actions.report(state, match_id, Result.win(2, winner)))
            losses[seated[1 - winner]] += 1  # type: ignore[index]
    return losses


@pytest.mark.parametrize("players", [5, 8, 13])
@pytest.mark.parametrize("fmt", [Format.SINGLE_ELIMINATION, Format.DOUBLE_ELIMINATION])
def test_bracket_is_drawn_and_played_to_one_champion(players: int, fmt: Format) -> None:
    state = new_event(TournamentConfig(fmt, seed=players), players)
    seeds = names(players)  # p01 is the top seed, as a rating order would give
    drawn = apply(state, actions.pair_next_round(state, seed_list=seeds))
    lines = elimination.bracket_size(players)

    first = state.rounds[0].pairings
    assert sorted(seat for p in first for seat in p.seats) == sorted(seeds), "everyone starts once"
    byes = [p.seats[0] for p in first if p.is_bye]
    assert sorted(byes) == seeds[: lines - players], "the missing lines are byes for the top seeds"
    assert len(first) == lines // 2
    earlier: set[str] = set()
    for paired in drawn:
        for pairing in paired.pairings:  # type: ignore[attr-defined]
            for seat in pairing.seats:
                if isinstance(seat, WinnerOf | LoserOf):
                    assert seat.match_id in earlier, f"{pairing.match_id} draws on a later match"
        earlier |= {p.match_id for p in paired.pairings}  # type: ignore[attr-defined]

    losses = play_out(state, random.Random(players))
    played = [m for m in state.matches if state.decision(m).kind == "played"]  # type: ignore[union-attr]
    table = standings(state)
    champion = table[0].entrant
    assert table[0].rank == 1 and table[1].rank == 2
    assert sum(1 for row in table if row.rank == 1) == 1
    if fmt is Format.SINGLE_ELIMINATION:
        assert len(played) == players - 1
        assert losses[champion] == 0
        assert all(losses[e] == 1 for e in seeds if e != champion)
        assert [row.rank for row in table[2:4]] == [3, 3]  # the two semi-final losers share third
    else:
        assert len(played) in (2 * players - 2, 2 * players - 1)  # one more when the reset is played
        assert losses[champion] <= 1
        assert all(losses[e] == 2 for e in seeds if e != champion)
    assert actions.is_over(state)
    with pytest.raises(TournamentError, match="drawn at the start"):
        actions.pair_next_round(state)


def test_double_elimination_of_eight_has_the_expected_shape() -> None:
    state = new_event(TournamentConfig(Format.DOUBLE_ELIMINATION, seed=1), 8)
    drawn = apply(state, actions.pair_next_round(state, seed_list=names(8)))
    shape = [(r.name, len(r.pairings)) for r in drawn]  # type: ignore[attr-defined]
    assert shape == [
        ("Winners round 1", 4),
        ("Winners round 2", 2),
        ("Losers round 1", 2),
        ("Losers round 2", 2),
        ("Winners final", 1),
        ("Losers round 3", 1),
        ("Losers final", 1),
        ("Grand final", 1),
        ("Grand final reset", 1),
    ]
    grand_final = state.matches["GF"].pairing
    assert grand_final.seats == (WinnerOf("W3-1"), WinnerOf("L4-1"))
    view = elimination.bracket_view(state)
    assert view[-2]["matches"][0]["seats"][0] == {"source": "winner of W3-1", "entrant": None}
    assert view[0]["matches"][0]["seats"][0] == {"source": "seeded", "entrant": "p01"}


def test_reset_is_skipped_when_the_winners_champion_wins_the_grand_final() -> None:
    state = new_event(TournamentConfig(Format.DOUBLE_ELIMINATION, seed=1), 4)
    apply(state, actions.pair_next_round(state, seed_list=names(4)))
    while True:
        ready = [m for m in state.unfinished() if playable(state, m)]
        if not ready:
            break
        for match_id in ready:  # the better seed always wins
            seated = state.seat_entrants(match_id)
            apply(state, actions.report(state, match_id, Result.win(2, 0 if seated[0] < seated[1] else 1)))  # type: ignore[operator]
    assert state.decision("GF2").kind == "void"  # type: ignore[union-attr]
    assert [row.entrant for row in standings(state)][:2] == ["p01", "p02"]


def test_random_seeding_is_repeatable_and_a_bad_seed_list_is_refused() -> None:
    config = TournamentConfig(Format.SINGLE_ELIMINATION, seed=9)
    first = actions.pair_next_round(new_event(config, 6))
    again = actions.pair_next_round(new_event(config, 6))
    assert first == again
    with pytest.raises(TournamentError, match="Missing: p06"):
        actions.pair_next_round(new_event(config, 6), seed_list=names(5))


def test_a_withdrawn_entrant_loses_their_bracket_match_without_play() -> None:
    state = new_event(TournamentConfig(Format.SINGLE_ELIMINATION, seed=1), 5)
    apply(state, actions.drop(state, "p05"))  # before the draw: not in the bracket at all
    apply(state, actions.pair_next_round(state, seed_list=names(4)))
    apply(state, actions.drop(state, "p04"))  # p01 v p04 in the first round
    decision = state.decision("R1-1")
    assert (decision.kind, decision.winner) == ("walkover", "p01")  # type: ignore[union-attr]
    with pytest.raises(TournamentError, match="settled without play"):
        actions.report(state, "R1-1", Result.win(2, 1))
    play_out(state, random.Random(1))
    table = standings(state)
    ranks = {row.entrant: row.rank for row in table}
    assert (ranks["p04"], ranks["p05"], table[-1].entrant) == (3, 5, "p05")  # out in round 1 shares 3rd


def test_bracket_results_need_a_winner_and_a_played_on_result_cannot_be_corrected() -> None:
    state = new_event(TournamentConfig(Format.SINGLE_ELIMINATION, seed=1), 4)
    apply(state, actions.pair_next_round(state, seed_list=names(4)))
    with pytest.raises(TournamentError, match="needs a winner"):
        actions.report(state, "R1-1", Result.double_loss())
    apply(state, actions.report(state, "R1-1", Result.win(2, 0)))
    apply(state, actions.report(state, "R1-2", Result.win(2, 0)))
    apply(state, actions.report(state, "R2-1", Result.win(2, 1)))
    with pytest.raises(TournamentError, match="who played it depends on R1-1"):
        actions.correct(state, "R1-1", Result.win(2, 1))

"""Organiser and player actions: what they record, and the clear refusals that change nothing."""

from __future__ import annotations

import pytest

from app.tournament import actions
from app.tournament.model import (
    Entrant,
    Format,
    Reason,
    Result,
    RoundPaired,
    TournamentConfig,
    TournamentError,
)
from app.tournament.standings import standings
from app.tournament.state import TournamentState
from tests.tournament.play import apply, new_event


def first_match(state: TournamentState) -> str:
    return state.rounds[-1].pairings[0].match_id


def report_all(state: TournamentState) -> None:
    for pairing in state.rounds[-1].pairings:
        if not state.is_finished(pairing.match_id):
            apply(state, actions.report(state, pairing.match_id, Result.win(2, 0)))


def refused(state: TournamentState, action: object, *args: object, match: str, **kwargs: object) -> None:
    """The action is refused with a message, and the history is unchanged."""
    before = list(state.records)
    with pytest.raises(TournamentError, match=match):
        action(state, *args, **kwargs)  # type: ignore[operator]
    assert state.records == before


def test_repairing_a_round_only_before_its_results() -> None:
    state = new_event(TournamentConfig(Format.SWISS, seed=3), 8)
    apply(state, actions.pair_next_round(state))
    report_all(state)
    apply(state, actions.pair_next_round(state))
    apply(state, actions.drop(state, "p02"))
    (again,) = apply(state, actions.repair_round(state))
    assert isinstance(again, RoundPaired) and again.round == 2
    assert all(p.match_id.startswith("r2.2m") for p in again.pairings)
    assert "p02" not in [seat for p in again.pairings for seat in p.seats]
    assert [p for p in again.pairings if p.is_bye], "seven players: one bye"
    assert state.rounds[1] == again and len(state.rounds) == 2
    assert sum(isinstance(r, RoundPaired) and r.round == 2 for r in state.records) == 2
    apply(state, actions.report(state, first_match(state), Result.win(2, 0)))
    refused(state, actions.repair_round, match="Round 2 already has results")


def test_a_result_is_checked_against_its_match() -> None:
    state = new_event(TournamentConfig(Format.SWISS, seed=3), 5)
    apply(state, actions.pair_next_round(state))
    match_id = first_match(state)
    bye = state.rounds[0].pairings[-1].match_id
    refused(state, actions.report, "r9m9", Result.win(2, 0), match="no match r9m9")
    refused(state, actions.report, bye, Result.win(2, 0), match="is a bye")
    refused(state, actions.report, match_id, Result((1, 2, 3)), match="has 2 seats")
    apply(state, actions.report(state, match_id, Result.win(2, 0, Reason.RESIGN)))
    refused(state, actions.report, match_id, Result.win(2, 1), match="already has a result")
    refused(
        state, actions.correct, state.rounds[0].pairings[1].match_id, Result.win(2, 1), match="no result to correct"
    )
    with pytest.raises(TournamentError, match="draw gives every seat the same place"):
        Result((1, 2), Reason.DRAW)
    with pytest.raises(TournamentError, match="report it as a draw or a double loss"):
        Result((1, 1))


def test_pairing_waits_for_results_and_for_the_pause_to_end() -> None:
    state = new_event(TournamentConfig(Format.SWISS, seed=3), 4)
    apply(state, actions.pair_next_round(state))
    refused(state, actions.pair_next_round, match=r"Round 2 can't be paired while matches are unfinished: r1m1 \(")
    report_all(state)
    apply(state, actions.pause(state, "holiday"))
    refused(state, actions.pause, match="already paused")
    refused(state, actions.pair_next_round, match="paused")
    apply(state, actions.resume(state))
    apply(state, actions.pair_next_round(state))


def test_late_entry_scores_missed_rounds_by_the_settings() -> None:
    for as_losses, points, expected in ((False, 0.0, (0, 0, 0)), (True, 0.0, (0, 2, 2)), (False, 1.0, (2, 0, 0))):
        config = TournamentConfig(
            Format.SWISS, seed=5, rounds=4, late_entry_as_losses=as_losses, late_entry_points=points
        )
        state = new_event(config, 6)
        for _ in range(2):
            apply(state, actions.pair_next_round(state))
            report_all(state)
        apply(state, actions.late_entry(state, Entrant.solo("late")))
        row = next(r for r in standings(state) if r.entrant == "late")
        assert (row.points, row.losses, row.played) == expected
        (paired,) = apply(state, actions.pair_next_round(state))
        assert "late" in [seat for p in paired.pairings for seat in p.seats]  # type: ignore[attr-defined]


def test_late_entry_is_refused_where_it_cannot_work() -> None:
    bracket = new_event(TournamentConfig(Format.SINGLE_ELIMINATION), 4)
    apply(bracket, actions.pair_next_round(bracket))
    refused(bracket, actions.late_entry, Entrant.solo("late"), match="schedule is fixed")
    strikes = new_event(TournamentConfig(Format.THREE_STRIKES, strikes=1, late_entry_as_losses=True), 4)
    apply(strikes, actions.pair_next_round(strikes))
    refused(strikes, actions.late_entry, Entrant.solo("late"), match="1 missed rounds would count as 1 losses")
    refused(strikes, actions.register, Entrant.solo("late"), match="late entries")
    fresh = new_event(TournamentConfig(Format.SWISS), 2)
    refused(fresh, actions.late_entry, Entrant.solo("late"), match="register instead")
    refused(fresh, actions.register, Entrant.solo("p01"), match="already entered")
    refused(fresh, actions.register, Entrant("t", "Team", ("p02", "x")), match="p02 is already entered")


def test_disqualification_rules_the_open_match_a_loss_and_ranks_last() -> None:
    state = new_event(TournamentConfig(Format.SWISS, seed=2, rounds=3), 6)
    apply(state, actions.pair_next_round(state))
    report_all(state)
    apply(state, actions.pair_next_round(state))
    top = standings(state)[0].entrant
    pairing = next(p for p in state.rounds[1].pairings if top in p.seats)
    apply(state, actions.disqualify(state, top, "conduct"))
    decision = state.decision(pairing.match_id)
    assert decision.winner != top and decision.result.reason is Reason.ADJUDICATED  # type: ignore[union-attr]
    report_all(state)
    table = standings(state)
    assert (table[-1].entrant, table[-1].status) == (top, "disqualified")
    (paired,) = apply(state, actions.pair_next_round(state))
    assert top not in [seat for p in paired.pairings for seat in p.seats]  # type: ignore[attr-defined]
    refused(state, actions.disqualify, top, match="already disqualified")
    refused(state, actions.drop, "nobody", match="not entered")


def test_adjudication_gives_a_result_or_a_new_deadline() -> None:
    state = new_event(TournamentConfig(Format.SWISS, seed=2), 4)
    apply(state, actions.pair_next_round(state))
    match_id = first_match(state)
    refused(state, actions.adjudicate, match_id, match="a result, a new deadline, or both")
    apply(state, actions.adjudicate(state, match_id, deadline="2030-05-01T12:00:00+00:00", note="travel"))
    assert state.deadlines[match_id] == "2030-05-01T12:00:00+00:00" and not state.is_finished(match_id)
    apply(state, actions.adjudicate(state, match_id, Result.double_loss()))
    players = state.matches[match_id].pairing.seats
    rows = {row.entrant: row for row in standings(state) if row.entrant in players}
    assert all(row.points == 0 and row.losses == 1 for row in rows.values())
    refused(state, actions.adjudicate, match_id, deadline="2031-01-01", match="is finished")


def test_teams_enter_as_one_entrant_for_two_versus_two() -> None:
    state = TournamentState(TournamentConfig(Format.SWISS, seed=1))
    for index in range(4):
        apply(state, actions.register(state, Entrant(f"t{index}", f"Team {index}", (f"a{index}", f"b{index}"))))
    (paired,) = apply(state, actions.pair_next_round(state))
    assert sorted(seat for p in paired.pairings for seat in p.seats) == ["t0", "t1", "t2", "t3"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"format": Format.PODS, "seats": 2}, "pods need tables of at least 3 seats"),
        ({"format": Format.SWISS, "seats": 4}, "use pods for 4-seat tables"),
        ({"format": Format.PODS, "seats": 4, "min_seats": 5}, "smallest table must be between 2 and 4"),
        ({"format": Format.ROUND_ROBIN, "legs": 3}, "one or two legs"),
        ({"format": Format.PODS, "seats": 4, "placement_points": ((4, (3.0, 2.0)),)}, "needs 4 numbers"),
        ({"format": Format.SWISS, "rounds": 0}, "at least one round"),
    ],
)
def test_settings_that_cannot_work_are_refused(settings: dict[str, object], message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        TournamentConfig(**settings)  # type: ignore[arg-type]

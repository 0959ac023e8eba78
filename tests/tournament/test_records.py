"""The history is the truth: records survive JSON, folding them again gives the same standings, and a
correction is a new record that changes the standings without touching the old one."""

from __future__ import annotations

import json
import random

from app.tournament import actions
from app.tournament.model import (
    RECORD_TYPES,
    Entrant,
    Format,
    Points,
    Result,
    ResultReported,
    TournamentConfig,
    records_from_json,
    records_to_json,
)
from app.tournament.standings import standings
from app.tournament.state import TournamentState
from tests.tournament.play import apply, new_event, random_two_seat, report_round


def busy_swiss() -> TournamentState:
    """A Swiss that uses every kind of record."""
    config = TournamentConfig(Format.SWISS, seed=8, rounds=4, points=Points(bye=2.0), late_entry_as_losses=True)
    state = new_event(config, 9)
    rng = random.Random(4)
    apply(state, actions.pair_next_round(state))
    report_round(state, 1, rng, lambda g, seats: random_two_seat(g, draws=0.2))
    apply(state, actions.late_entry(state, Entrant("team", "Late Pair", ("x1", "x2"))))
    apply(state, actions.pause(state, "a break"))
    apply(state, actions.resume(state))
    apply(state, actions.pair_next_round(state))
    apply(state, actions.drop(state, "p03"))
    apply(state, actions.repair_round(state))
    first = state.rounds[1].pairings[0].match_id
    apply(state, actions.adjudicate(state, first, deadline="2030-01-01T00:00:00+00:00"))
    apply(state, actions.adjudicate(state, first, Result.double_loss(), note="no show"))
    report_round(state, 2, rng, lambda g, seats: random_two_seat(g))
    corrected = state.rounds[0].pairings[0].match_id
    apply(state, actions.correct(state, corrected, Result.win(2, 1), note="wrong button"))
    apply(state, actions.disqualify(state, "p05", "conduct"))
    apply(state, actions.pair_next_round(state))
    return state


def test_every_record_kind_round_trips_through_json() -> None:
    state = busy_swiss()
    assert {record.kind for record in state.records} == set(RECORD_TYPES)
    stored = json.loads(json.dumps(records_to_json(state.records)))
    assert records_from_json(stored) == state.records
    assert TournamentConfig.from_json(json.loads(json.dumps(state.config.to_json()))) == state.config


def test_bracket_and_proxy_seats_round_trip_through_json() -> None:
    bracket = new_event(TournamentConfig(Format.DOUBLE_ELIMINATION, seed=2), 5)
    apply(bracket, actions.pair_next_round(bracket))
    strikes = new_event(TournamentConfig(Format.THREE_STRIKES, seed=2, strikes=1), 4)
    apply(strikes, actions.pair_next_round(strikes))
    apply(strikes, actions.report(strikes, strikes.rounds[0].pairings[1].match_id, Result.win(2, 0)))
    apply(strikes, actions.pair_next_round(strikes))  # pairs a proxy for the unfinished first match
    for state in (bracket, strikes):
        stored = json.loads(json.dumps(records_to_json(state.records)))
        assert records_from_json(stored) == state.records


def test_folding_the_records_again_gives_the_same_standings() -> None:
    state = busy_swiss()
    stored = json.loads(json.dumps(records_to_json(state.records)))
    once = TournamentState.fold(state.config, records_from_json(stored))
    twice = TournamentState.fold(state.config, records_from_json(stored))
    assert standings(once) == standings(twice) == standings(state)
    assert once.rounds == state.rounds and once.results == state.results and once.deadlines == state.deadlines


def test_a_correction_changes_the_standings_and_leaves_the_old_record_alone() -> None:
    state = new_event(TournamentConfig(Format.SWISS, seed=1), 4)
    apply(state, actions.pair_next_round(state))
    a, b = state.rounds[0].pairings[0].seats
    match_id = state.rounds[0].pairings[0].match_id
    (reported,) = apply(state, actions.report(state, match_id, Result.win(2, 0)))
    before = {row.entrant: row.points for row in standings(state)}
    assert (before[a], before[b]) == (3, 0)
    history = list(state.records)
    apply(state, actions.correct(state, match_id, Result.win(2, 1), note="reported the wrong way round"))
    after = {row.entrant: row.points for row in standings(state)}
    assert (after[a], after[b]) == (0, 3)
    assert state.records[: len(history)] == history
    assert reported == ResultReported(match_id, Result.win(2, 0))
    assert sum(isinstance(r, ResultReported) for r in state.records) == 1

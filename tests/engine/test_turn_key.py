"""Game.turn_key: the turn a state is in, which decides when the channel gets a new board message (#17)."""

from __future__ import annotations

from tests.fixtures.sixth_game import PEBBLES
from tests.fixtures.trial_game import TRIAL


def test_by_default_every_move_that_hands_the_turn_on_starts_a_new_turn() -> None:
    state = PEBBLES.setup(2, PEBBLES.default_options(), 1)
    first = PEBBLES.turn_key(state)
    seat = next(iter(PEBBLES.to_move(state)))
    after = PEBBLES.apply(state, seat, PEBBLES.legal_actions(state, seat)[0]).state
    assert PEBBLES.to_move(after) != PEBBLES.to_move(state) and PEBBLES.turn_key(after) != first


def test_trial_keeps_a_choice_owed_by_another_seat_in_the_turn_that_asked_for_it() -> None:
    state = TRIAL.setup(2, TRIAL.default_options(), 11)
    for seat in (0, 1):
        state = TRIAL.apply(state, seat, TRIAL.legal_actions(state, seat)[1]).state  # both bid
    leader = state.queue[0]
    turn = TRIAL.turn_key(state)
    demand = next(a for a in TRIAL.legal_actions(state, leader) if a.verb == "demand")
    asked = TRIAL.apply(state, leader, demand).state
    assert TRIAL.to_move(asked) != TRIAL.to_move(state) and TRIAL.turn_key(asked) == turn
    giver = next(iter(TRIAL.to_move(asked)))
    given = TRIAL.apply(asked, giver, TRIAL.legal_actions(asked, giver)[0]).state
    assert TRIAL.turn_key(given) != turn

"""Refusals say why: the engine protocol's `why_illegal` and `read_action`, through `check_legal` (an Action:
a button, a menu, apply) and `refusal` (typed text), with the trial game (tests/fixtures/trial_game.py).

Every reason class of the trial game is checked here for its exact words and for changing nothing."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from engine.core import Action, BadNotation, IllegalAction, NotYourTurn
from tests.fixtures.trial_game import TRIAL, TrialState

game = TRIAL


def bidding(players: int = 3, seed: int = 2) -> TrialState:
    return game.setup(players, {}, seed)


def playing(players: int = 3, seed: int = 2) -> TrialState:
    state = bidding(players, seed)
    for seat in range(players):
        state = game.apply(state, seat, Action("bid", (0,))).state
    return state


def demanded(state: TrialState) -> TrialState:
    """The first seat demands a card of the next: the next owes a card now."""
    return game.apply(state, state.queue[0], Action("demand", (state.queue[1],))).state


def refused(state: TrialState, seat: int, action: Action | str) -> str:
    """The refusal of `action` (an Action through apply, a text through parse_action), checking it changed
    nothing; its English text."""
    before = game.to_json(state)
    with pytest.raises(IllegalAction) as caught:
        if isinstance(action, str):
            game.parse_action(state, seat, action)
        else:
            game.apply(state, seat, action)
    assert game.to_json(state) == before
    return caught.value.message


def reason(state: TrialState, seat: int, action: Action) -> Any:
    """`why_illegal` of an action that really is illegal, checking it changed nothing."""
    before = game.to_json(state)
    assert action not in game.legal_actions(state, seat)
    got = game.why_illegal(state, seat, action)
    assert game.to_json(state) == before
    return got


# ------------------------------------------------------------------------------- each reason class


def test_a_seat_that_left_is_told_so() -> None:
    state = game.resign(playing(), 2).state
    assert reason(state, 2, Action("pass")) == "you have left this game"


def test_a_bid_is_made_at_the_start_of_a_round_only() -> None:
    state = playing()
    assert reason(state, state.queue[0], Action("bid", (1,))) == "bids are made at the start of a round"
    text = refused(state, state.queue[0], "bid 1")
    assert text.startswith("`bid 1` is not a legal action now: bids are made at the start of a round. Legal now: ")


def test_a_bid_out_of_range() -> None:
    state = bidding()
    assert reason(state, 0, Action("bid", (3,))) == "a bid is 0 to 2 cards"
    assert refused(state, 0, Action("bid", (3,))) == (
        "`bid 3` is not legal now: a bid is 0 to 2 cards. Legal now: bid 0; bid 1; bid 2."
    )


def test_nobody_plays_while_everyone_bids() -> None:
    state = bidding()
    card = state.hands[0][0]
    assert reason(state, 0, Action("play", (card,))) == "everyone bids before anyone plays"
    assert refused(state, 0, f"play {card}") == (
        f"`play {card}` is not a legal action now: everyone bids before anyone plays. Legal now: bid 0; bid 1; bid 2."
    )


def test_a_card_not_in_hand() -> None:
    state = playing()
    seat = state.queue[0]
    assert reason(state, seat, Action("play", (999,))) == "card 999 is not in your hand"
    assert refused(state, seat, "play 999").startswith(
        "`play 999` is not a legal action now: card 999 is not in your hand. Legal now: play "
    )
    owing = demanded(state)
    giver = owing.owed_by
    assert giver is not None
    assert reason(owing, giver, Action("give", (999,))) == "card 999 is not in your hand"


def test_giving_when_nobody_asked() -> None:
    state = playing()
    seat = state.queue[0]
    card = state.hands[seat][0]
    assert reason(state, seat, Action("give", (card,))) == "nobody is waiting for a card from you"


def test_the_seat_that_owes_a_card_gives_it_first() -> None:
    state = demanded(playing())
    giver, taker = state.owed_by, state.owed_to
    assert giver is not None and taker is not None
    assert reason(state, giver, Action("pass")) == "first give the card you owe"
    assert reason(state, taker, Action("pass")) == f"p{giver + 1} must give a card first"


def test_only_the_seat_on_turn_plays() -> None:
    state = playing()
    other = state.queue[1]
    assert reason(state, other, Action("pass")) == f"it is p{state.queue[0] + 1}'s turn"
    with pytest.raises(NotYourTurn):  # the platform says whose move it is before any reason
        game.apply(state, other, Action("pass"))


def test_one_demand_a_round() -> None:
    state = playing()
    seat = state.queue[0]
    state = demanded(state)
    giver = state.owed_by
    assert giver is not None
    state = game.apply(state, giver, Action("give", (state.hands[giver][0],))).state
    while state.queue[0] != seat:  # the others pass until the demander's second turn of the round
        state = game.apply(state, state.queue[0], Action("pass")).state
    assert state.demanded[seat]
    other = next(s for s in range(3) if s != seat)
    assert reason(state, seat, Action("demand", (other,))) == "you have already demanded a card this round"
    assert refused(state, seat, f"demand p{other + 1}").startswith(
        f"`demand p{other + 1}` is not a legal action now: you have already demanded a card this round."
    )


def test_a_demand_of_oneself_or_of_nobody() -> None:
    state = playing()
    seat = state.queue[0]
    assert reason(state, seat, Action("demand", (seat,))) == "you cannot demand a card from yourself"
    assert reason(state, seat, Action("demand", (7,))) == "that seat is not in the game"


def test_a_demand_of_an_empty_hand() -> None:
    state = playing()
    seat = state.queue[0]
    other = state.queue[1]
    state.hands[other] = []
    assert reason(state, seat, Action("demand", (other,))) == f"p{other + 1} has no cards"


# ---------------------------------------------------------------------------------- the protocol


def test_a_legal_action_never_gets_a_reason() -> None:
    for state in (bidding(), playing(), demanded(playing())):
        for seat in range(3):
            for action in game.legal_actions(state, seat):
                assert game.why_illegal(state, seat, action) is None, action


def test_text_that_names_a_legal_action_gets_no_reason() -> None:
    """`text_reason` reads the text; a legal action is offered ("did you mean"), never explained."""
    state = playing()
    seat = state.queue[0]
    assert game.read_action(state, seat, "PASS") == Action("pass")
    assert game.text_reason(state, seat, "pass") is None
    assert game.text_reason(state, seat, "play 999") == "card 999 is not in your hand"


def test_a_typo_is_bad_notation_without_a_reason() -> None:
    state = playing()
    with pytest.raises(BadNotation) as caught:
        game.parse_action(state, state.queue[0], "play")
    assert ": card" not in caught.value.message and game.read_action(state, state.queue[0], "play") is None


def test_a_reason_that_crashes_is_logged_and_left_out(monkeypatch: pytest.MonkeyPatch, caplog: Any) -> None:
    """A reason is a courtesy: a game's bug in it must never turn a refusal into a crash."""

    def broken(*_args: Any) -> str:
        raise KeyError("oops")

    monkeypatch.setattr(game, "why_illegal", broken)
    state = playing()
    seat = state.queue[0]
    with caplog.at_level(logging.ERROR, logger="engine.core"):
        assert refused(state, seat, Action("play", (999,))).startswith("`play 999` is not legal now. Legal now: ")
        assert refused(state, seat, "play 999").startswith("`play 999` is not a legal action now. Legal now: ")
    assert "why_illegal failed" in caplog.text

"""Refusals say why (engine/ascension/reasons.py): one test per reason class of Ascension's legality code,
each checking the exact reason, that the refusal carries it (typed, and the same action applied), and that
nothing changed."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ascension import GAME
from engine.ascension.state import State
from engine.core import Action, IllegalAction
from engine.i18n import english
from tests.ascension.helpers import act, mover, position

ROW = ["Tormented Soul", "Arha Initiate", "Master Dhartha", "Landtalker", "Hedron Cannon", "Cetra, Weaver of Stars"]


def table(**table: Any) -> State:
    """p1 to play, with the row above."""
    return position(row=ROW, **table)


def why(state: State, text: str, seat: int | None = None) -> str:
    """The reason typed `text` is refused with; the refusal carries it, applying the action the text names
    gives it too, and neither changes anything."""
    seat = mover(state) if seat is None else seat
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction) as typed:
        GAME.parse_action(state, seat, text)
    reason = GAME.text_reason(state, seat, text)
    assert reason is not None, typed.value.message
    shown = english(reason)
    assert typed.value.message.startswith(f"`{text}` is not a legal action now: {shown}."), typed.value.message
    action = GAME.read_action(state, seat, text)
    assert action is not None
    with pytest.raises(IllegalAction) as applied:
        GAME.apply(state, seat, action)
    assert f" is not legal now: {shown}. " in applied.value.message, applied.value.message
    assert GAME.to_json(state) == before, "a refusal changed the state"
    return shown


# ------------------------------------------------------------------------------------------ choices


def banishing() -> State:
    """p1 has played Arbiter of the Precipice: a card of the hand must be banished (no skipping)."""
    s = table(p1={"hand": ["Arbiter of the Precipice", "Militia"], "deck": ["Apprentice", "Apprentice"]})
    s, _ = act(s, "play Arbiter of the Precipice")
    assert s.pending is not None and s.pending["kind"] == "banish"
    return s


def test_a_pending_choice_is_answered_first() -> None:
    s = banishing()
    assert why(s, "end") == "first choose a card to banish"
    assert why(s, "skip") == "this choice cannot be skipped"
    assert why(s, "banish Mystic from hand") == "that is not one of the choices"


def test_another_seats_choice() -> None:
    s = banishing()
    reason = GAME.why_illegal(s, 1, Action("end"))
    assert reason is not None and english(reason) == "p1 is making a choice first"


def test_nothing_to_choose_and_not_ones_turn() -> None:
    s = table()
    assert why(s, "skip") == "there is nothing to choose now"
    assert why(s, "discard Apprentice") == "there is nothing to choose now"
    reason = GAME.why_illegal(s, 1, Action("end"))  # the platform says whose move it is before any reason
    assert reason is not None and english(reason) == "it is p1's turn"


# -------------------------------------------------------------------------------------------- cards


def test_playing_what_is_not_in_hand() -> None:
    s = table(p1={"hand": ["Mystic"]})
    assert why(s, "play Militia") == "no Militia in your hand"
    assert why(s, "play all") == "`play all` needs two cards in hand that ask nothing (you have 1)"


def test_using_constructs() -> None:
    s = table(p1={"hand": ["Shadow Star"]})
    assert why(s, "use Hedron Cannon") == "you have no Hedron Cannon in play"
    s, _ = act(s, "play Shadow Star", "use Shadow Star")
    assert why(s, "use Shadow Star") == "Shadow Star has been used this turn"
    assert why(s, "use Shadow Star sideways") == "Shadow Star has no such ability"


def test_a_construct_ability_that_costs_runes_or_waits_for_a_condition() -> None:
    s = table(p1={"hand": ["Yggdrasil Staff", "Snapdragon"]})
    s, _ = act(s, "play Yggdrasil Staff", "play Snapdragon")
    assert why(s, "use Yggdrasil Staff honor") == "using Yggdrasil Staff costs 4 Runes (you have 0)"
    assert why(s, "use Snapdragon honor") == "Snapdragon cannot be used now"  # no Lifebound Hero played


def test_buying_and_defeating_the_right_kind_of_card() -> None:
    s = table(turn={"runes": 9, "power": 9})
    assert why(s, "buy Tormented Soul") == "Tormented Soul is a Monster: defeat it"
    assert why(s, "defeat Arha Initiate") == "Arha Initiate is not a Monster: buy it"


def test_cards_not_in_the_row_or_their_pile() -> None:
    s = table(turn={"runes": 9, "power": 9})
    assert why(s, "buy Temple Librarian") == "Temple Librarian is not in the centre row"
    assert why(s, "defeat Mistake of Creation") == "Mistake of Creation is not in the centre row"
    s.piles["mystic"] = []
    assert why(s, "buy Mystic") == "no Mystic is left in its pile"


def test_runes_and_power_short() -> None:
    s = table(turn={"runes": 1, "power": 1})
    assert why(s, "buy Master Dhartha") == "Master Dhartha costs 7 Runes (you have 1)"
    assert why(s, "defeat Tormented Soul") == "Tormented Soul needs 3 Power (you have 1)"
    assert why(s, "defeat Cultist") == "Cultist needs 2 Power (you have 1)"


def test_only_a_mechana_construct_goes_to_the_hand() -> None:
    s = table(turn={"runes": 9})
    assert why(s, "buy Arha Initiate to hand") == (
        "only a Mechana Construct goes to your hand, and only while your Rocket Courier X-99 is ready"
    )


def test_a_legal_action_gets_no_reason() -> None:
    for s in (table(p1={"hand": ["Mystic", "Militia", "Shadow Star"]}, turn={"runes": 9, "power": 9}), banishing()):
        seat = mover(s)
        for action in GAME.legal_actions(s, seat):
            assert GAME.why_illegal(s, seat, action) is None, GAME.describe_action(s, seat, action)

"""The notation: short, case-blind, and read back to the same move; refusals say what is legal."""

from __future__ import annotations

import pytest

from engine.ascension import GAME
from engine.core import Action, IllegalAction, NotYourTurn
from tests.ascension.helpers import legal, position

ROW = ["Mephit", "Arha Initiate", "Arha Templar", "Rocket Courier X-99", "The Grand Design", "Landtalker"]


def test_every_kind_of_move_reads_back() -> None:
    s = position(
        p1={"hand": ["Mystic", "Apprentice"], "constructs": ["Yggdrasil Staff", "Rocket Courier X-99"]},
        row=ROW,
        turn={"runes": 6, "power": 3},
    )
    texts = legal(s)
    assert texts == [
        "play Apprentice",
        "play Mystic",
        "play all",
        "use Yggdrasil Staff power",
        "use Yggdrasil Staff honor",
        "buy Arha Initiate",
        "buy Arha Templar",
        "buy Rocket Courier X-99",
        "buy Rocket Courier X-99 to hand",
        "buy The Grand Design",
        "buy The Grand Design to hand",
        "buy Landtalker",
        "buy Mystic",
        "buy Heavy Infantry",
        "defeat Mephit",
        "defeat Cultist",
        "end",
    ]
    for text in texts:
        action = GAME.parse_action(s, 0, text.upper())
        assert GAME.describe_action(s, 0, action) == text


def test_only_exact_notation_is_played_and_a_beginning_gets_a_suggestion() -> None:
    s = position(row=ROW, turn={"runes": 4})
    assert GAME.parse_action(s, 0, "BUY  arha initiate") == Action("buy", ("arha-initiate", 2, "discard"))
    with pytest.raises(IllegalAction, match="Did you mean `buy Arha Initiate`"):
        GAME.parse_action(s, 0, "buy arha i")
    with pytest.raises(IllegalAction, match=r"Did you mean one of: .*buy Arha Initiate.*buy Arha Templar"):
        GAME.parse_action(s, 0, "buy arha")


def test_refusals_name_the_legal_moves_and_change_nothing() -> None:
    s = position(row=ROW, turn={"runes": 1})
    before = GAME.to_json(s)
    with pytest.raises(IllegalAction, match="buy Arha Initiate"):
        GAME.apply(s, 0, Action("buy", ("landtalker", 6, "discard")))
    with pytest.raises(NotYourTurn, match="p1"):
        GAME.apply(s, 1, Action("end"))
    with pytest.raises(IllegalAction, match="not a legal action"):
        GAME.parse_action(s, 0, "defeat Mephit")
    assert GAME.to_json(s) == before

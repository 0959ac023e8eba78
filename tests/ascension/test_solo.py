"""Solo against Samael (rulebook, Variante Solo): a reserve of 50, a row that slides right and refills from
the left, Samael taking the two rightmost cards after each turn, and a win only with more Honor."""

from __future__ import annotations

from engine.ascension import GAME
from tests.ascension.helpers import act, kinds, legal, names, position, proj, sentences

LONG = ["Militia", *["Apprentice"] * 8, "Militia"]
ROW = ["Arha Initiate", "Mephit", "Wolf Shaman", "Shadow Star", "Earth Tyrant", "Landtalker"]


def solo(**table: object) -> object:
    return position(1, **table)  # type: ignore[arg-type]


def test_a_card_leaving_the_row_makes_the_cards_to_its_left_slide_right() -> None:
    s = GAME.fix_chance(solo(p1={"deck": LONG}, row=ROW, turn={"runes": 3}), "centre", ["Sea Tyrant"])
    s, _ = act(s, "buy Wolf Shaman")
    assert names(proj(s)["row"]) == [
        "Sea Tyrant",
        "Arha Initiate",
        "Mephit",
        "Shadow Star",
        "Earth Tyrant",
        "Landtalker",
    ]


def test_samael_takes_the_two_rightmost_cards_one_after_the_other() -> None:
    s = GAME.fix_chance(solo(p1={"deck": LONG}, row=ROW), "centre", ["Sea Tyrant", "Spike Vixen"])
    s, events = act(s, "end")
    p = proj(s)
    # Landtalker is set aside; the row slides and Sea Tyrant enters on the left; Earth Tyrant is defeated.
    assert names(p["samael"]) == ["Landtalker"] and names(p["void"]) == ["Earth Tyrant"]
    assert p["samael_honor"] == 5 and p["reserve"] == 45 and p["samael_score"] == 5 + 4
    assert names(p["row"]) == ["Spike Vixen", "Sea Tyrant", "Arha Initiate", "Mephit", "Wolf Shaman", "Shadow Star"]
    assert kinds(events).count("samael_acquires") == 1 and kinds(events).count("samael_defeats") == 1
    said = sentences(events)
    assert "Samael sets Landtalker aside." in said and "Samael defeats Earth Tyrant for 5 Honor." in said
    assert p["active"] == "p1" and p["round"] == 2 and len(p["p1"]["hand"]) == 5  # only Honor: no draw for him
    view = GAME.view(s, None)
    assert view["samael"]["last"] == [
        {"card": "Landtalker", "how": "acquire", "honor": 0},
        {"card": "Earth Tyrant", "how": "defeat", "honor": 5},
    ]


def test_solo_ends_at_the_end_of_the_turn_in_which_the_reserve_runs_out() -> None:
    mine = solo(p1={"deck": LONG}, row=ROW, reserve=1, turn={"power": 2})
    mine, _ = act(mine, "defeat Cultist")
    mine, events = act(mine, "end")
    assert GAME.outcome(mine) is not None and "samael_turn" not in kinds(events)
    his = solo(p1={"deck": LONG, "honor": 30}, row=ROW, reserve=3)
    his, events = act(his, "end")
    result = GAME.outcome(his)
    assert result is not None and kinds(events).count("samael_defeats") == 1 and kinds(events)[-1] == "game_over"
    assert result.winners == {0} and result.scores == {0: 30.0} and result.places(1) == {0: 1}


def test_you_win_only_with_more_honor_than_samael() -> None:
    for honor, won in ((10, True), (9, False), (3, False)):
        s = solo(p1={"deck": LONG, "honor": honor}, row=ROW, samael=["Master Dhartha"], samael_honor=5, reserve=0)
        s, events = act(s, "end")
        result = GAME.outcome(s)
        assert result is not None and (result.winners == {0}) is won
        assert result.places(1) == {0: 1 if won else 2} and result.scores == {0: float(honor)}
        assert sentences(events)[-1].endswith("You win." if won else "Samael wins.")


def test_a_copy_in_the_row_is_named_by_its_slot_when_two_show_in_solo() -> None:
    row = ["Mephit", "Arha Initiate", "Mephit", "Wolf Shaman", "Shadow Star", "Landtalker"]
    s = solo(p1={"deck": LONG}, row=row, turn={"power": 3})
    assert "defeat Mephit at 1" in legal(s) and "defeat Mephit at 3" in legal(s)
    s = GAME.fix_chance(s, "centre", ["Sea Tyrant"])
    s, _ = act(s, "defeat Mephit at 3", "skip")
    assert names(proj(s)["row"]) == [
        "Sea Tyrant",
        "Mephit",
        "Arha Initiate",
        "Wolf Shaman",
        "Shadow Star",
        "Landtalker",
    ]
    two = position(2, row=row, turn={"power": 3})
    assert "defeat Mephit" in legal(two) and "defeat Mephit at 1" not in legal(two)


def test_resigning_solo_is_a_loss() -> None:
    result = GAME.outcome(GAME.resign(solo(p1={"deck": LONG}), 0).state)
    assert result is not None and result.winners == frozenset() and result.reason == "resign"

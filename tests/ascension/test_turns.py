"""The turn and the game: the end of a turn, reshuffles, the row refilled at once, the end of the game at
the end of the round in which the reserve runs out, scoring, the tie rule and resigning."""

from __future__ import annotations

import pytest

from engine.ascension import GAME
from engine.ascension.cards import catalog
from tests.ascension.helpers import act, kinds, legal, names, position, proj

LONG = ["Militia", *["Apprentice"] * 8, "Militia"]
DEAR = ["Master Dhartha", "Landtalker", "Emri, One with the Void", "Cetra, Weaver of Stars", "Hedron Cannon"]


def test_the_end_of_a_turn_discards_heroes_and_hand_keeps_constructs_and_draws_five() -> None:
    s = position(
        p1={"hand": ["Mystic", "Shadow Star", "Apprentice"], "deck": LONG[2:]},
        p2={"deck": LONG},
    )
    s, _ = act(s, "play Mystic", "play Shadow Star")
    s, events = act(s, "end")
    p = proj(s)["p1"]
    assert names(p["discard"]) == ["Mystic", "Apprentice"] and names(p["constructs"]) == ["Shadow Star"]
    assert len(p["hand"]) == 5 and p["played"] == [] and proj(s)["active"] == "p2"
    assert proj(s)["turn"]["runes"] == 0
    end = [GAME.describe_event(e, None) for e in events if e.kind == "end_turn"]
    assert end == ["p1 ends the turn, discarding Apprentice unplayed."]


def test_a_reshuffle_mid_turn_leaves_the_cards_in_play_out() -> None:
    s = position(p1={"hand": ["Master Dhartha"], "deck": ["Militia"], "discard": ["Apprentice", "Apprentice"]})
    s, events = act(s, "play Master Dhartha")
    p = proj(s)["p1"]
    assert sorted(names(p["hand"])) == ["Apprentice", "Apprentice", "Militia"] and p["deck"] == []
    assert names(p["played"]) == ["Master Dhartha"] and "shuffle" in kinds(events)


def test_with_deck_and_discard_empty_a_draw_takes_what_there_is() -> None:
    s = position(p1={"hand": ["Master Dhartha"], "deck": ["Militia"]})
    s, _ = act(s, "play Master Dhartha")
    assert names(proj(s)["p1"]["hand"]) == ["Militia"]


def test_a_card_leaving_the_row_is_replaced_before_anything_else() -> None:
    """Rulebook FAQ: defeat puts the Monster in the Void, refills, then gives the reward; buying refills at once."""
    s = position(p1={"deck": LONG}, row=["Tormented Soul", "Arha Initiate", *DEAR[:4]], turn={"power": 3, "runes": 1})
    s, events = act(s, "defeat Tormented Soul")
    assert kinds(events)[:4] == ["defeat", "refill", "honor", "draw"]
    s, events = act(s, "buy Arha Initiate")
    assert kinds(events) == ["acquire", "refill"] and len(names(proj(s)["row"])) == 6


def rest_of_centre(*placed: str) -> list[str]:
    """Every centre-deck card but those `placed`, by name."""
    out = [c.name for c in catalog().cards.values() if c.kind == "centre" for _ in range(c.copies)]
    for name in placed:
        out.remove(name)
    return out


def test_an_empty_centre_deck_is_the_void_shuffled() -> None:
    row = ["Mephit", *DEAR]
    s = position(p1={"deck": LONG}, row=row, void=rest_of_centre(*row), turn={"power": 3})
    assert proj(s)["centre_deck"] == []
    s, events = act(s, "defeat Mephit")
    assert kinds(events)[:3] == ["defeat", "centre_shuffle", "refill"]
    assert len(proj(s)["centre_deck"]) == 94 and proj(s)["void"] == []


def test_with_the_centre_deck_and_the_void_both_empty_a_gap_waits_for_a_card() -> None:
    row = ["Mephit", "Arha Initiate", *DEAR[:4]]
    s = position(p1={"deck": LONG[2:], "discard": rest_of_centre(*row)}, row=row, turn={"power": 3, "runes": 1})
    s, _ = act(s, "buy Arha Initiate")
    assert proj(s)["row"][1] is None and "buy Arha Initiate" not in legal(s)
    s, _ = act(s, "defeat Mephit")  # Mephit goes to the Void, which refills the first gap with it
    assert names(proj(s)["row"])[:1] == ["Mephit"] and proj(s)["row"][1] is None


def test_the_game_ends_at_the_end_of_the_round_in_which_the_reserve_runs_out() -> None:
    s = position(p1={"deck": LONG}, p2={"deck": LONG}, reserve=1, turn={"power": 2})
    s, events = act(s, "defeat Cultist")
    assert proj(s)["reserve"] == 0 and proj(s)["end_triggered"] and "reserve_empty" in kinds(events)
    s, _ = act(s, "end")
    assert GAME.outcome(s) is None and proj(s)["active"] == "p2"  # p2 still has the round's last turn
    s, events = act(s, "end")
    result = GAME.outcome(s)
    assert result is not None and result.winners == {0} and "game_over" in kinds(events)
    assert GAME.legal_actions(s, 0) == [] and GAME.to_move(s) == frozenset()


def test_when_the_last_seat_empties_the_reserve_the_game_ends_with_that_turn() -> None:
    s = position(active="p2", p1={"deck": LONG}, p2={"deck": LONG}, reserve=1, turn={"power": 2})
    s, _ = act(s, "defeat Cultist", "end")
    assert GAME.outcome(s) is not None


def test_honor_beyond_the_reserve_is_gained_in_full() -> None:
    s = position(p1={"deck": LONG}, row=["Earth Tyrant", *DEAR], reserve=2, turn={"power": 6})
    s, _ = act(s, "defeat Earth Tyrant")
    assert proj(s)["p1"]["honor"] == 5 and proj(s)["reserve"] == 0


def test_an_extra_turn_is_still_taken_in_the_last_round() -> None:
    s = position(active="p2", p1={"deck": LONG}, p2={"deck": LONG, "constructs": ["Tablet of Time's Dawn"]}, reserve=0)
    s, _ = act(s, "use Tablet of Time's Dawn", "end")
    assert GAME.outcome(s) is None and proj(s)["active"] == "p2"
    s, _ = act(s, "end")
    assert GAME.outcome(s) is not None


def test_score_is_honor_tokens_and_the_honor_of_every_card_owned() -> None:
    s = position(
        p1={
            "hand": ["Mystic"],
            "deck": ["Hedron Cannon"],
            "discard": ["Master Dhartha"],
            "constructs": ["Muramasa"],
            "honor": 7,
        },
        reserve=0,
    )
    s, _ = act(s, "end", "end")
    assert GAME.outcome(s).scores == {0: 7 + 1 + 8 + 4 + 4, 1: 0}  # type: ignore[union-attr]


@pytest.mark.parametrize(("first", "winner"), [("p1", 1), ("p2", 0)])
def test_a_tie_goes_to_the_player_who_played_last(first: str, winner: int) -> None:
    s = position(first=first, active=first, p1={"honor": 5, "deck": LONG}, p2={"honor": 5, "deck": LONG}, reserve=0)
    s, _ = act(s, "end", "end")
    result = GAME.outcome(s)
    assert result is not None and result.winners == {winner} and result.places(2)[winner] == 1


def test_with_tie_rule_shared_the_tied_share_the_place() -> None:
    s = position(
        3,
        p1={"honor": 5, "deck": LONG},
        p2={"honor": 5, "deck": LONG},
        p3={"honor": 2, "deck": LONG},
        reserve=0,
        options={"tie_rule": "shared"},
    )
    s, _ = act(s, "end", "end", "end")
    result = GAME.outcome(s)
    assert result is not None and result.winners == {0, 1} and result.places(3) == {0: 1, 1: 1, 2: 3}


def test_resigning_two_player_hands_the_game_over_and_with_three_play_goes_on() -> None:
    two = position(p1={"deck": LONG}, p2={"deck": LONG})
    result = GAME.outcome(GAME.resign(two, 0).state)
    assert result is not None and result.winners == {1} and result.reason == "resign"
    three = position(3, p1={"deck": LONG}, p2={"deck": LONG}, p3={"deck": LONG})
    step = GAME.resign(three, 0)
    s = step.state
    assert GAME.outcome(s) is None and proj(s)["active"] == "p2" and proj(s)["p1"]["out"]
    s, _ = act(s, "end", "end")
    assert proj(s)["active"] == "p2" and proj(s)["round"] == 2  # p1's turns are skipped


def test_a_choice_owed_by_a_player_who_resigns_is_dropped() -> None:
    s = position(
        3,
        p2={"constructs": ["Shadow Star", "Muramasa"]},
        p3={"constructs": ["Snapdragon", "Voidthirster"]},
        row=["Corrosive Widow", *DEAR[:3], "Mephit"],
        turn={"power": 4},
    )
    s, _ = act(s, "defeat Corrosive Widow")
    s = GAME.resign(s, 1).state
    assert GAME.to_move(s) == {2} and legal(s, 2) == ["destroy Snapdragon", "destroy Voidthirster"]
    assert names(proj(s)["p2"]["constructs"]) == ["Shadow Star", "Muramasa"]

"""Hidden information: a hand is its owner's; nobody sees the order of any deck (no deck card is named by
label in any view or event a seat may read); everything on the table is public."""

from __future__ import annotations

import json

import pytest

from bench.leaks import json_strings as leaves
from engine.ascension import GAME
from engine.ascension.ctx import labels
from engine.ascension.state import State
from engine.playout import play
from tests.ascension.helpers import act, position


def deck_labels(state: State) -> set[str]:
    names = labels(state)
    return {names[u] for u in state.centre} | {names[u] for p in state.players for u in p.deck}


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 4), (4, 5)])
def test_no_view_or_event_names_a_card_in_a_deck(players: int, seed: int) -> None:
    """The check the generic leak test cannot make cheaply (GAME.hidden_cards(state, None) is empty)."""
    for step in play(GAME, players, seed, step_cap=400):
        state = step.state
        hidden = deck_labels(state)
        for viewer in [None, *range(players)]:
            shown = set(leaves(GAME.view(state, viewer)))
            assert not shown & hidden, f"view of {viewer} shows deck cards {sorted(shown & hidden)}"
        for event in step.step.events:
            assert not set(leaves(dict(event.data))) & hidden, f"event {event.kind} names a deck card"


def test_a_hand_is_seen_by_its_owner_only() -> None:
    s = GAME.setup(3, GAME.default_options(), 2)
    for seat in range(3):
        hand = GAME.hidden_cards(s, seat)
        assert len(hand) == 5 and set(GAME.view(s, seat)["you"]["hand"]) == hand
        for other in [None, *range(3)]:
            if other != seat:
                assert not set(leaves(GAME.view(s, other))) & hand
    assert all(p["hand"] == 5 and p["deck"] == 5 for p in GAME.view(s, None)["players"])
    assert GAME.hidden_cards(s, None) == set()


def test_the_table_is_public() -> None:
    s = position(
        p1={"hand": ["Mystic"], "discard": ["Arha Initiate", "Arha Initiate"], "constructs": ["Shadow Star"]},
        void=["Mephit"],
        turn={"used": ["Shadow Star"]},
    )
    view = GAME.view(s, None)
    mine = view["players"][0]
    assert mine["discard"] == {"Arha Initiate": 2} and mine["constructs"] == [
        {"card": "Shadow Star", "used": ["power"]}
    ]
    assert view["void"] == {"Mephit": 1} and len(view["row"]) == 6 and view["reserve"] == 60
    assert view["piles"] == {"Mystic": 19, "Heavy Infantry": 20} and "you" not in view
    json.dumps(view)


def test_a_choice_is_shown_to_the_chooser_and_only_who_chooses_to_the_rest() -> None:
    s = position(p1={"hand": ["Shade of the Black Watch", "Apprentice"]})
    s, _ = act(s, "play Shade of the Black Watch")
    mine = GAME.view(s, 0)
    assert mine["pending"]["options"] == ["banish Apprentice from hand", "skip"]
    assert "options" not in GAME.view(s, 1)["pending"] and GAME.view(s, None)["pending"]["player"] == "p1"
    lines = GAME.view_lines(mine)
    assert lines[0] == "Your hand: Apprentice."
    assert lines[-1] == "You must choose: banish Apprentice from hand; skip."
    assert GAME.view_lines(GAME.view(s, 1))[-1] == "Waiting for p1 to choose."
    assert GAME.view_lines(GAME.view(s, None)) == []


def test_xeron_shows_the_card_taken_to_the_taker_and_the_loser_only() -> None:
    s = position(3, p2={"hand": ["Mystic"]}, p3={"hand": []}, row=["Xeron, Duke of Lies"], turn={"power": 6})
    s, events = act(s, "defeat Xeron, Duke of Lies")
    seen = {viewer: [GAME.describe_event(e, viewer) for e in events if e.visible_to(viewer)] for viewer in (0, 1, 2)}
    assert "p1 takes Mystic from p2's hand." in seen[0] and "p1 takes Mystic from p2's hand." in seen[1]
    assert "p1 takes a random card from p2's hand." in seen[2]
    assert not any("Mystic" in (line or "") for line in seen[2])


def test_the_hand_line_counts_copies() -> None:
    s = position(p1={"hand": ["Militia", "Apprentice", "Apprentice", "Apprentice", "Mystic"]})
    assert GAME.view_lines(GAME.view(s, 0))[0] == "Your hand: Militia, Apprentice ×3, and Mystic."

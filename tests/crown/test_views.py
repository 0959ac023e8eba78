"""What each seat may see: the board in public, hands, battle cards and fate cards in private, secret
choices sealed until the reveal; and the sentences of the story."""

from __future__ import annotations

import random

from engine.crown import GAME
from tests.crown.helpers import act, garrison, give, region, sentences, two_players


def test_the_public_view_shows_the_board_and_counts_but_no_hand_or_fate() -> None:
    s = two_players()
    give(s, 0, "Rib Shambler", "Red Tick")
    public, mine, theirs = GAME.view(s, None), GAME.view(s, 0), GAME.view(s, 1)
    assert public["data"] == "provisional" and public["provisional"] is True
    assert public["sides"][0]["hand"] == 2 and public["sides"][0]["battle_cards"] == 5
    assert "you" not in public and "Rib Shambler" not in str(public) and "Rib Shambler" not in str(theirs)
    assert [w["name"] for w in mine["you"]["hand"]] == ["Rib Shambler", "Red Tick"]
    fate = mine["you"]["fate"]
    assert fate and fate not in str(public) and fate not in str(theirs)
    assert GAME.hidden_cards(s, 0) >= {fate, s.sides[0].fate}
    assert public["regions"][region("Desert")]["owner"] == "p1"


def test_face_down_attackers_and_chosen_cards_stay_secret_until_the_reveal() -> None:
    s = two_players()
    give(s, 0, "Ossuary King")
    garrison(s, region("Forest"), "Red Tick")
    s, _ = act(s, "attack Forest", "send Ossuary King")
    assert GAME.hidden_cards(s, 0) >= {"Ossuary King"}
    assert GAME.view(s, None)["battle"]["attackers"] == 1 and "warriors" not in GAME.view(s, 1)["battle"]
    s, events = act(s, "play 3", seat=0)
    assert all(e.to == frozenset({0}) for e in events if e.kind == "card_chosen")
    assert sentences(events, None) == ["p1 has chosen a battle card."]
    assert not any("Your battle card" in line for line in GAME.view_lines(GAME.view(s, 1)))
    assert "Your battle card: 3." in GAME.view_lines(GAME.view(s, 0))
    s, events = act(s, "play 1", seat=1)
    assert "Revealed: attackers Ossuary King; battle cards p1 3 and p2 1." in sentences(events, None)
    assert GAME.hidden_cards(s, 0) == {s.sides[0].fate, GAME.view(s, 0)["you"]["fate"]}


def test_the_ai_plays_openly() -> None:
    s = GAME.setup(1, {}, 3)
    s.sides[1].hand = [s.decks["1"][0]]
    assert GAME.view(s, 0)["sides"][1]["warriors"][0]["name"]
    assert GAME.view(s, None)["ai"]["track_level"] == 1


def test_the_last_sentence_names_the_winner() -> None:
    s = GAME.setup(2, {}, 5)
    rng = random.Random(5)
    while GAME.outcome(s) is None:
        seat = min(GAME.to_move(s))
        step = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        s = step.state
    winners = sorted(GAME.outcome(s).winners)
    last = sentences(step.events)[-1]
    assert last.startswith("The game is over.") and f"p{winners[0] + 1}" in last
    assert GAME.view(s, None)["result"]["fates"]  # fate cards are shown at the end


def test_view_lines_list_hand_cards_fate_and_choices() -> None:
    s = two_players()
    give(s, 0, "Rib Shambler")
    s, _ = act(s, "attack Forest")
    lines = GAME.view_lines(GAME.view(s, 0))
    assert lines[0] == "Warriors in hand: Rib Shambler."
    assert lines[1] == "Battle cards: 0, 1, 3, 4, and die."
    assert lines[-1] == "Your choice: send Rib Shambler."
    assert GAME.view_lines(GAME.view(s, None)) == []

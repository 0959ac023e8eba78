"""The Void cards (purple): Power, banishing one's own cards, and Voidthirster's Honor."""

from __future__ import annotations

import pytest

from tests.ascension.helpers import act, legal, names, position, proj, sentences

DECK = ["Militia", "Apprentice", "Apprentice", "Militia"]


def uses(state: object) -> list[str]:
    return [m for m in legal(state) if m.startswith("use")]  # type: ignore[arg-type]


@pytest.mark.cards("arbiter-of-the-precipice")
def test_arbiter_draws_two_then_banishes_a_card_from_the_hand() -> None:
    s = position(p1={"hand": ["Arbiter of the Precipice", "Mystic"], "deck": DECK})
    s, _ = act(s, "play Arbiter of the Precipice")
    assert names(proj(s)["p1"]["hand"]) == ["Mystic", "Militia", "Apprentice"]
    assert legal(s) == ["banish Mystic from hand", "banish Militia from hand", "banish Apprentice from hand"]
    s, _ = act(s, "banish Militia from hand")
    assert "Militia" in names(proj(s)["box"]) and names(proj(s)["p1"]["hand"]) == ["Mystic", "Apprentice"]
    # Not optional: with one kind of card in hand it goes without a question.
    s = position(p1={"hand": ["Arbiter of the Precipice"], "deck": ["Apprentice", "Apprentice"]})
    s, _ = act(s, "play Arbiter of the Precipice")
    assert names(proj(s)["p1"]["hand"]) == ["Apprentice"] and proj(s)["pending"] is None


@pytest.mark.cards("demon-slayer")
def test_demon_slayer_gives_three_power() -> None:
    s = position(p1={"hand": ["Demon Slayer"]})
    s, _ = act(s, "play Demon Slayer")
    assert proj(s)["turn"]["power"] == 3


@pytest.mark.cards("emri-one-with-the-void")
def test_emri_gives_four_power() -> None:
    s = position(p1={"hand": ["Emri, One with the Void"]})
    s, _ = act(s, "play Emri, One with the Void")
    assert proj(s)["turn"]["power"] == 4


@pytest.mark.cards("muramasa")
def test_muramasa_gives_three_power_once_a_turn() -> None:
    s = position(p1={"constructs": ["Muramasa"]})
    s, _ = act(s, "use Muramasa")
    assert proj(s)["turn"]["power"] == 3 and uses(s) == []


@pytest.mark.cards("shadow-star")
def test_shadow_star_gives_a_power_once_a_turn_each_copy() -> None:
    s = position(p1={"constructs": ["Shadow Star", "Shadow Star"]})
    assert uses(s) == ["use Shadow Star"]
    s, _ = act(s, "use Shadow Star", "use Shadow Star")
    assert proj(s)["turn"]["power"] == 2 and uses(s) == []


@pytest.mark.cards("shade-of-the-black-watch")
def test_shade_gives_two_power_and_may_banish_from_hand_or_discard() -> None:
    s = position(p1={"hand": ["Shade of the Black Watch", "Apprentice"], "discard": ["Mystic", "Arha Initiate"]})
    s, _ = act(s, "play Shade of the Black Watch")
    assert proj(s)["turn"]["power"] == 2
    assert legal(s) == [
        "banish Apprentice from hand",
        "banish Mystic from discard",
        "banish Arha Initiate from discard",
        "skip",
    ]
    s, _ = act(s, "banish Arha Initiate from discard")
    assert names(proj(s)["void"]) == ["Arha Initiate"]


@pytest.mark.cards("spike-vixen")
def test_spike_vixen_gives_a_power_and_a_card() -> None:
    """The rulebook's example of playing a card: Spike Vixen gives Power and draws a card."""
    s = position(p1={"hand": ["Spike Vixen"], "deck": DECK})
    s, events = act(s, "play Spike Vixen")
    assert proj(s)["turn"]["power"] == 1 and names(proj(s)["p1"]["hand"]) == ["Militia"]
    assert sentences(events, None)[:2] == ["p1 plays Spike Vixen: +1 Power.", "p1 draws a card."]


@pytest.mark.cards("void-initiate")
def test_void_initiate_cannot_banish_the_apprentice_just_played() -> None:
    """Rulebook FAQ: a Hero played this turn is no longer in the hand, so it cannot be banished from it."""
    s = position(p1={"hand": ["Apprentice", "Void Initiate"], "discard": []})
    s, _ = act(s, "play Apprentice", "play Void Initiate")
    assert proj(s)["turn"]["runes"] == 2
    assert proj(s)["pending"] is None  # nothing in hand or discard to banish
    s = position(p1={"hand": ["Apprentice", "Void Initiate"], "discard": ["Militia"]})
    s, _ = act(s, "play Apprentice", "play Void Initiate")
    assert legal(s) == ["banish Militia from discard", "skip"]


@pytest.mark.cards("voidthirster")
def test_voidthirster_gives_a_power_and_an_honor_for_the_first_row_monster_each_turn() -> None:
    row = [
        "Mephit",
        "Tormented Soul",
        "Master Dhartha",
        "Landtalker",
        "Cetra, Weaver of Stars",
        "Emri, One with the Void",
    ]
    s = position(p1={"constructs": ["Voidthirster"], "deck": DECK}, row=row, turn={"power": 8})
    s, _ = act(s, "use Voidthirster", "defeat Cultist")
    assert proj(s)["p1"]["honor"] == 1  # the Cultist is not of the row
    s, events = act(s, "defeat Mephit")
    assert proj(s)["p1"]["honor"] == 1 + 2 + 1 and any(e.kind == "trigger" for e in events)
    s, _ = act(s, "skip", "defeat Tormented Soul")
    assert proj(s)["p1"]["honor"] == 4 + 2  # only the first each turn

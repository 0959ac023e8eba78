"""The starting and always-available cards: Apprentice, Militia, Mystic, Heavy Infantry and the Cultist."""

from __future__ import annotations

import pytest

from tests.ascension.helpers import act, legal, names, position, proj


@pytest.mark.cards("apprentice")
def test_apprentice_gives_a_rune_and_goes_to_the_box_when_banished() -> None:
    s = position(p1={"hand": ["Apprentice", "Void Initiate", "Apprentice"]})
    s, _ = act(s, "play Apprentice")
    assert proj(s)["turn"]["runes"] == 1
    s, _ = act(s, "play Void Initiate", "banish Apprentice from hand")
    assert names(proj(s)["box"]).count("Apprentice") == 7  # six never placed, and the banished one
    assert names(proj(s)["p1"]["played"]) == ["Apprentice", "Void Initiate"]
    assert proj(s)["void"] == []


@pytest.mark.cards("militia")
def test_militia_gives_a_power_and_goes_to_the_box_when_banished() -> None:
    s = position(p1={"hand": ["Militia", "Shade of the Black Watch"], "discard": ["Militia"]})
    s, _ = act(s, "play Militia", "play Shade of the Black Watch")
    assert proj(s)["turn"]["power"] == 3
    s, _ = act(s, "banish Militia from discard")
    assert "Militia" in names(proj(s)["box"]) and proj(s)["p1"]["discard"] == []


@pytest.mark.cards("mystic")
def test_mystic_costs_three_gives_two_runes_and_returns_to_its_pile() -> None:
    s = position(p1={"hand": ["Mystic", "Mystic"], "discard": []}, turn={"runes": 3})
    assert "buy Mystic" in legal(s)
    s, _ = act(s, "buy Mystic")
    assert proj(s)["mystic"] == 17 and names(proj(s)["p1"]["discard"]) == ["Mystic"]
    # Rulebook FAQ: two Mystics make four Runes, enough for two Heroes one after the other.
    s, _ = act(s, "play Mystic", "play Mystic")
    assert proj(s)["turn"]["runes"] == 4
    s2 = position(p1={"hand": ["Void Initiate"], "discard": ["Mystic"]}, mystic=10)
    s2, _ = act(s2, "play Void Initiate", "banish Mystic from discard")
    assert proj(s2)["mystic"] == 11 and proj(s2)["void"] == []


@pytest.mark.cards("heavy-infantry")
def test_heavy_infantry_costs_two_gives_two_power_and_returns_to_its_pile() -> None:
    s = position(p1={"hand": ["Heavy Infantry", "Shade of the Black Watch"]}, turn={"runes": 2})
    s, _ = act(s, "buy Heavy Infantry", "play Heavy Infantry")
    assert proj(s)["turn"]["power"] == 2 and proj(s)["turn"]["runes"] == 0
    assert proj(s)["heavy_infantry"] == 18  # one in hand, one bought
    s, _ = act(s, "play Shade of the Black Watch", "banish Heavy Infantry from discard")
    assert proj(s)["heavy_infantry"] == 19


@pytest.mark.cards("cultist")
def test_the_cultist_is_defeated_as_often_as_paid_for_and_never_moves() -> None:
    """Rulebook FAQ: with 8 Power the Cultist can be defeated four times, for its Honor each time."""
    s = position(p1={"hand": []}, turn={"power": 8})
    row = proj(s)["row"]
    for _ in range(4):
        s, _ = act(s, "defeat Cultist")
    assert proj(s)["p1"]["honor"] == 4 and proj(s)["reserve"] == 56
    assert proj(s)["turn"]["power"] == 0 and "defeat Cultist" not in legal(s)
    assert proj(s)["row"] == row and proj(s)["void"] == []

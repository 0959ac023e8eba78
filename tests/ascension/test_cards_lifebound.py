"""The Lifebound cards (green): Runes and Honor, free Heroes on top of the deck, Unite."""

from __future__ import annotations

import pytest

from tests.ascension.helpers import act, legal, names, position, proj

DECK = ["Militia", "Apprentice", "Apprentice", "Militia"]


@pytest.mark.cards("cetra-weaver-of-stars")
def test_cetra_takes_any_hero_for_free_onto_the_deck() -> None:
    s = position(p1={"hand": ["Cetra, Weaver of Stars"], "deck": DECK}, row=["Master Dhartha", "Muramasa", "Mephit"])
    s, _ = act(s, "play Cetra, Weaver of Stars")
    options = legal(s)
    assert "take Master Dhartha" in options and "take Muramasa" not in options  # a Hero, not a Construct
    assert "take Mystic" in options and "take Heavy Infantry" in options
    s, events = act(s, "take Master Dhartha")
    p = proj(s)
    assert names(p["p1"]["deck"])[0] == "Master Dhartha" and p["turn"]["runes"] == 0
    assert "Master Dhartha" not in names(p["row"]) and len(names(p["row"])) == 6
    assert any(e.kind == "acquire" and e.data["dest"] == "deck" and e.data["free"] for e in events)


@pytest.mark.cards("druids-of-the-stone-circle")
def test_druids_take_a_hero_of_cost_four_or_less_onto_the_deck() -> None:
    row = ["Arha Templar", "Landtalker", "Shadow Star"]
    s = position(p1={"hand": ["Druids of the Stone Circle"], "deck": DECK}, row=row)
    s, _ = act(s, "play Druids of the Stone Circle")
    assert legal(s) == ["take Arha Templar", "take Mystic", "take Heavy Infantry"]
    s, _ = act(s, "take Mystic")
    assert names(proj(s)["p1"]["deck"])[0] == "Mystic" and proj(s)["mystic"] == 19
    s = position(p1={"hand": ["Druids of the Stone Circle"]}, row=row, options={"free_acquire": "row"})
    s, _ = act(s, "play Druids of the Stone Circle")  # one Hero to take: no question
    assert names(proj(s)["p1"]["deck"]) == ["Arha Templar"] and proj(s)["pending"] is None


@pytest.mark.cards("flytrap-witch")
def test_flytrap_witch_gives_two_honor_and_a_card() -> None:
    s = position(p1={"hand": ["Flytrap Witch"], "deck": DECK})
    s, _ = act(s, "play Flytrap Witch")
    p = proj(s)
    assert p["p1"]["honor"] == 2 and p["reserve"] == 58 and names(p["p1"]["hand"]) == ["Militia"]


@pytest.mark.cards("landtalker")
def test_landtalker_gives_three_runes() -> None:
    s = position(p1={"hand": ["Landtalker"]})
    s, _ = act(s, "play Landtalker")
    assert proj(s)["turn"]["runes"] == 3


@pytest.mark.cards("lifebound-initiate")
def test_lifebound_initiate_gives_a_rune_and_an_honor() -> None:
    s = position(p1={"hand": ["Lifebound Initiate"]})
    s, _ = act(s, "play Lifebound Initiate")
    assert proj(s)["turn"]["runes"] == 1 and proj(s)["p1"]["honor"] == 1 and proj(s)["reserve"] == 59


@pytest.mark.cards("wolf-shaman")
def test_wolf_shaman_gives_a_rune_and_a_card() -> None:
    s = position(p1={"hand": ["Wolf Shaman"], "deck": DECK})
    s, _ = act(s, "play Wolf Shaman")
    assert proj(s)["turn"]["runes"] == 1 and names(proj(s)["p1"]["hand"]) == ["Militia"]


@pytest.mark.cards("runic-lycanthrope")
def test_runic_lycanthrope_unites_with_a_lifebound_hero_played_before_or_after() -> None:
    hand = ["Runic Lycanthrope", "Lifebound Initiate", "Mystic"]
    later = position(p1={"hand": hand})
    later, _ = act(later, "play Runic Lycanthrope")
    assert proj(later)["turn"] == {**proj(later)["turn"], "runes": 2, "power": 0}
    later, _ = act(later, "play Mystic")
    assert proj(later)["turn"]["power"] == 0  # Mystic has no faction
    later, events = act(later, "play Lifebound Initiate")
    assert proj(later)["turn"]["power"] == 2 and any(e.kind == "unite" for e in events)
    earlier = position(p1={"hand": hand})
    earlier, _ = act(earlier, "play Lifebound Initiate", "play Runic Lycanthrope")
    assert proj(earlier)["turn"]["power"] == 2
    alone = position(p1={"hand": ["Runic Lycanthrope", "Runic Lycanthrope"]})
    alone, _ = act(alone, "play Runic Lycanthrope", "play Runic Lycanthrope")
    assert proj(alone)["turn"]["power"] == 4  # each unites with the other, once
    strict = position(p1={"hand": hand}, options={"unite": "earlier"})
    strict, _ = act(strict, "play Runic Lycanthrope", "play Lifebound Initiate")
    assert proj(strict)["turn"]["power"] == 0


@pytest.mark.cards("snapdragon")
def test_snapdragon_gives_a_rune_and_after_a_lifebound_hero_an_honor() -> None:
    s = position(p1={"constructs": ["Snapdragon"], "hand": ["Wolf Shaman"], "deck": DECK})
    assert legal(s) == ["play Wolf Shaman", "use Snapdragon rune", "end"]
    s, _ = act(s, "use Snapdragon rune", "play Wolf Shaman")
    assert "use Snapdragon rune" not in legal(s)
    s, _ = act(s, "use Snapdragon honor")
    p = proj(s)
    assert p["turn"]["runes"] == 2 and p["p1"]["honor"] == 1 and not [m for m in legal(s) if "Snapdragon" in m]


@pytest.mark.cards("yggdrasil-staff")
def test_yggdrasil_staff_gives_power_and_sells_four_runes_for_three_honor() -> None:
    s = position(p1={"constructs": ["Yggdrasil Staff"]}, turn={"runes": 3})
    assert [m for m in legal(s) if m.startswith("use")] == ["use Yggdrasil Staff power"]  # 3 Runes: not enough
    s = position(p1={"constructs": ["Yggdrasil Staff"]}, turn={"runes": 5})
    s, _ = act(s, "use Yggdrasil Staff power", "use Yggdrasil Staff honor")
    p = proj(s)
    assert p["turn"]["power"] == 1 and p["turn"]["runes"] == 1 and p["p1"]["honor"] == 3
    assert not [m for m in legal(s) if m.startswith("use")]

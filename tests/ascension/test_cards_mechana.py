"""The Mechana cards (brown): Constructs that count each other, cheaper Constructs, Runes only for them."""

from __future__ import annotations

import pytest

from tests.ascension.helpers import act, legal, names, position, proj

DECK = ["Militia", "Apprentice", "Apprentice", "Militia"]
DEAR = ["Master Dhartha", "Landtalker", "Emri, One with the Void", "Earth Tyrant", "Cetra, Weaver of Stars"]
"""A row of cards too dear for the Runes these tests have, so that only the cards under test can be bought."""


def uses(state: object) -> list[str]:
    return [m for m in legal(state) if m.startswith("use")]  # type: ignore[arg-type]


@pytest.mark.cards("avatar-golem")
def test_avatar_golem_gives_power_and_an_honor_per_faction_among_constructs() -> None:
    constructs = ["Shadow Star", "Voidthirster", "Snapdragon"]
    s = position(p1={"hand": ["Avatar Golem"], "constructs": constructs})
    s, _ = act(s, "play Avatar Golem")
    assert proj(s)["turn"]["power"] == 2 and proj(s)["p1"]["honor"] == 2  # Void and Lifebound
    s = position(p1={"hand": ["Avatar Golem"], "constructs": [*constructs, "Hedron Link Device"]})
    s, _ = act(s, "play Avatar Golem")
    assert proj(s)["p1"]["honor"] == 3  # and Mechana


@pytest.mark.cards("burrower-mark-ii")
def test_burrower_draws_once_a_turn_after_a_mechana_construct_is_played() -> None:
    s = position(p1={"constructs": ["Burrower Mark II"], "hand": ["Shadow Star", "Watchmaker's Altar"], "deck": DECK})
    assert uses(s) == []
    s, _ = act(s, "play Shadow Star")
    assert "use Burrower Mark II" not in uses(s)  # a Void Construct
    s, _ = act(s, "play Watchmaker's Altar")
    assert "use Burrower Mark II" in uses(s)
    s, _ = act(s, "use Burrower Mark II")
    assert names(proj(s)["p1"]["hand"]) == ["Militia"] and "use Burrower Mark II" not in uses(s)
    itself = position(p1={"hand": ["Burrower Mark II"], "deck": DECK})
    itself, _ = act(itself, "play Burrower Mark II")
    assert uses(itself) == ["use Burrower Mark II"]  # it counts when it enters


@pytest.mark.cards("hedron-cannon")
def test_hedron_cannon_gives_a_power_per_mechana_construct() -> None:
    s = position(p1={"constructs": ["Hedron Cannon", "Burrower Mark II", "Shadow Star", "The Grand Design"]})
    s, _ = act(s, "use Hedron Cannon")
    assert proj(s)["turn"]["power"] == 3 and "use Hedron Cannon" not in uses(s)


@pytest.mark.cards("hedron-link-device")
def test_hedron_link_device_makes_every_construct_mechana() -> None:
    s = position(p1={"constructs": ["Hedron Cannon", "Hedron Link Device", "Shadow Star", "Snapdragon"]})
    s, _ = act(s, "use Hedron Cannon")
    assert proj(s)["turn"]["power"] == 4
    s = position(p1={"constructs": ["Burrower Mark II", "Hedron Link Device"], "hand": ["Shadow Star"], "deck": DECK})
    s, _ = act(s, "play Shadow Star")
    assert "use Burrower Mark II" in uses(s)


@pytest.mark.cards("kor-the-ferromancer")
def test_kor_draws_only_with_two_constructs() -> None:
    one = position(p1={"hand": ["Kor, the Ferromancer"], "constructs": ["Shadow Star"], "deck": DECK})
    one, _ = act(one, "play Kor, the Ferromancer")
    assert proj(one)["turn"]["power"] == 2 and proj(one)["p1"]["hand"] == []
    two = position(p1={"hand": ["Kor, the Ferromancer"], "constructs": ["Shadow Star", "Muramasa"], "deck": DECK})
    two, _ = act(two, "play Kor, the Ferromancer")
    assert proj(two)["turn"]["power"] == 2 and names(proj(two)["p1"]["hand"]) == ["Militia"]


@pytest.mark.cards("mechana-initiate")
def test_mechana_initiate_gives_a_rune_and_a_power() -> None:
    s = position(p1={"hand": ["Mechana Initiate"]})
    s, _ = act(s, "play Mechana Initiate")
    assert (proj(s)["turn"]["runes"], proj(s)["turn"]["power"]) == (1, 1)


@pytest.mark.cards("reactor-monk")
def test_reactor_monk_takes_a_rune_off_the_next_construct() -> None:
    s = position(p1={"hand": ["Reactor Monk"]}, row=["Shadow Star", "Shadow Star", *DEAR[:4]])
    s, _ = act(s, "play Reactor Monk")
    assert proj(s)["turn"] == {**proj(s)["turn"], "runes": 2, "discount": 1}
    assert "buy Shadow Star" in legal(s)  # 3 Runes less 1
    s, _ = act(s, "buy Shadow Star")
    assert proj(s)["turn"]["runes"] == 0 and proj(s)["turn"]["discount"] == 0
    hero_first = position(p1={"hand": ["Reactor Monk", "Apprentice"]}, row=["Arha Initiate", "Shadow Star", *DEAR[:4]])
    hero_first, _ = act(hero_first, "play Reactor Monk", "play Apprentice", "buy Arha Initiate")
    assert proj(hero_first)["turn"]["runes"] == 2 and proj(hero_first)["turn"]["discount"] == 1  # Heroes pay in full
    hero_first, _ = act(hero_first, "buy Shadow Star")
    assert proj(hero_first)["turn"]["runes"] == 0


@pytest.mark.cards("rocket-courier-x-99")
def test_rocket_courier_puts_a_bought_mechana_construct_into_the_hand_once_a_turn() -> None:
    row = ["Burrower Mark II", "Burrower Mark II", "Shadow Star", *DEAR[:3]]
    s = position(p1={"constructs": ["Rocket Courier X-99"]}, row=row, turn={"runes": 9})
    options = legal(s)
    assert "buy Burrower Mark II to hand" in options and "buy Shadow Star to hand" not in options
    s, _ = act(s, "buy Burrower Mark II to hand")
    assert names(proj(s)["p1"]["hand"]) == ["Burrower Mark II"]
    assert "buy Burrower Mark II to hand" not in legal(s) and "buy Burrower Mark II" in legal(s)
    s, _ = act(s, "play Burrower Mark II", "use Burrower Mark II")


@pytest.mark.cards("the-grand-design")
def test_the_grand_design_gives_two_runes_for_mechana_constructs_only() -> None:
    row = ["Burrower Mark II", "Arha Initiate", "Shadow Star", *DEAR[:3]]
    s = position(p1={"constructs": ["The Grand Design"], "hand": ["Apprentice"]}, row=row)
    s, _ = act(s, "use The Grand Design")
    assert proj(s)["turn"]["mechana_runes"] == 2
    assert not [m for m in legal(s) if m.startswith("buy")]  # nothing costs 2 or less for Mechana
    s, _ = act(s, "play Apprentice")
    assert "buy Arha Initiate" in legal(s) and "buy Shadow Star" not in legal(s)
    s, _ = act(s, "buy Burrower Mark II")
    assert proj(s)["turn"]["mechana_runes"] == 0 and proj(s)["turn"]["runes"] == 0


@pytest.mark.cards("watchmakers-altar")
def test_watchmakers_altar_gives_a_rune_for_mechana_constructs_only() -> None:
    row = ["Burrower Mark II", "Seer of the Forked Path", *DEAR[:4]]
    s = position(p1={"constructs": ["Watchmaker's Altar"], "hand": ["Mystic"]}, row=row)
    s, _ = act(s, "use Watchmaker's Altar", "play Mystic")
    assert "buy Burrower Mark II" in legal(s)
    s, _ = act(s, "buy Seer of the Forked Path")
    assert proj(s)["turn"]["runes"] == 0 and proj(s)["turn"]["mechana_runes"] == 1

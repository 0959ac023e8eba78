"""The Red starter deck and the tokens Red cards make (Pirate, Shark)."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table
from tests.codex.red_helpers import seats_table
from tests.codex.red_helpers import table as red_table


def table() -> Table:
    """A Red hero in play (Red minor spells need one), 20 gold, empty hands."""
    return red_table(techs=False)[0]


def in_hand(t: Table, seat: int, card: str) -> bool:
    return any(t.s.cards[u][0] == card for u in t.s.players[seat].hand)


@pytest.mark.cards("nautical-dog")
def test_nautical_dog_has_frenzy_on_its_own_turn_only() -> None:
    t = table()
    dog = t.put(0, "Nautical Dog")
    assert t.atk(dog) == 2
    t.end_turn()
    assert t.atk(dog) == 1


@pytest.mark.cards("mad-man")
def test_mad_man_attacks_the_turn_he_arrives() -> None:
    t = table()
    t.give(0, "Mad Man")
    t.act("play Mad Man")
    t.act("attack Mad Man -> base")
    assert t.base(1) == 1 and t.s.players[0].gold == 19


@pytest.mark.cards("bombaster")
def test_bombaster_pays_one_and_dies_to_hit_a_patrolling_unit_for_two() -> None:
    t = table()
    bomb = t.put(0, "Bombaster")
    t.put(1, "troq-bashar", slot="squad leader")  # a patrolling hero is not a unit: never a candidate
    iron = t.put(1, "Iron Man", slot="elite")
    t.act("ability Bombaster")
    assert not t.alive(bomb) and t.thing(iron).damage == 2
    assert t.s.players[0].gold == 19 and bomb in t.s.players[0].discard


@pytest.mark.cards("bombaster")
def test_bombaster_needs_a_patrolling_unit() -> None:
    t = table()
    t.put(0, "Bombaster", fresh=True)  # no exhaust in its cost: usable the turn it arrives
    t.put(1, "Older Brother")  # not patrolling
    assert not t.can("ability Bombaster")
    t.s.players[1].patrol[1] = next(u for u, x in t.s.things.items() if x.card == "older-brother")
    assert t.can("ability Bombaster")


@pytest.mark.cards("careless-musketeer")
def test_careless_musketeer_pings_a_unit_and_its_own_base() -> None:
    t = table()
    t.put(0, "Careless Musketeer")
    foe = t.put(1, "Older Brother")
    t.act("ability Careless Musketeer")
    assert set(t.legal()) == {"choose Older Brother", "choose Careless Musketeer", "choose base", "choose my base"}
    t.act("choose Older Brother")
    assert t.thing(foe).damage == 1 and t.base(0) == 1


@pytest.mark.cards("careless-musketeer")
def test_careless_musketeer_needs_to_have_been_in_play_since_the_start_of_the_turn() -> None:
    t = table()
    t.give(0, "Careless Musketeer")
    t.act("play Careless Musketeer")
    assert not t.can("ability Careless Musketeer")


@pytest.mark.cards("bloodrage-ogre")
def test_bloodrage_ogre_goes_home_unless_it_arrived_or_attacked() -> None:
    t = table()
    idle = t.put(0, "Bloodrage Ogre")
    t.end_turn()
    assert not t.alive(idle) and in_hand(t, 0, "bloodrage-ogre")


@pytest.mark.cards("bloodrage-ogre")
def test_bloodrage_ogre_stays_after_arriving_or_attacking() -> None:
    t = table()
    fighter = t.put(0, "Bloodrage Ogre")
    t.give(0, "Bloodrage Ogre")
    t.act(f"play {t.name(t.s.players[0].hand[0])}")
    t.act(f"attack {t.name(fighter)} -> base")
    t.end_turn()
    assert t.alive(fighter) and sum(x.card == "bloodrage-ogre" for x in t.s.things.values()) == 2


@pytest.mark.cards("scorch")
def test_scorch_hits_a_patroller_or_a_building_for_two() -> None:
    t = table()
    t.give(0, "Scorch", "Scorch")
    hero = t.put(1, "troq-bashar", slot="elite")
    t.put(1, "Older Brother")  # not patrolling: not a candidate
    t.act(f"play {t.name(t.s.players[0].hand[0])}")
    assert set(t.legal()) == {"choose Troq Bashar", "choose base", "choose my base"}
    t.act("choose Troq Bashar")
    assert t.thing(hero).damage == 2 and t.s.players[0].gold == 17
    t.act("play Scorch")
    t.act("choose base")
    assert t.base(1) == 2


@pytest.mark.cards("charge")
def test_charge_gives_one_of_your_units_haste_and_one_attack() -> None:
    t = table()
    t.put(1, "Older Brother")
    t.give(0, "Charge", "Tenderfoot")
    t.act("play Tenderfoot")
    assert not t.can("attack Tenderfoot -> base")
    t.act("play Charge")  # Tenderfoot is the only unit of ours: chosen at once
    tf = next(u for u, x in t.s.things.items() if x.card == "tenderfoot")
    assert t.atk(tf) == 2
    t.act("attack Tenderfoot -> base")
    assert t.base(1) == 2
    t.end_turn()
    assert t.atk(tf) == 1


@pytest.mark.cards("pirate", "shark")
def test_red_tokens() -> None:
    t = table()
    pirate = t.put(0, "Pirate")
    shark = t.put(0, "Shark", fresh=True)
    assert (t.atk(pirate), t.hp(pirate)) == (2, 2) and t.kw(pirate) == {}
    assert (t.atk(shark), t.hp(shark)) == (3, 1) and {"haste", "ephemeral"} <= set(t.kw(shark))
    assert t.can("attack Shark -> base")
    t.end_turn()
    assert t.alive(pirate) and not t.alive(shark)


@pytest.mark.cards("makeshift-rambaster")
def test_makeshift_rambaster_hits_buildings_harder_and_cannot_patrol() -> None:
    t = table()
    t.give(0, "Makeshift Rambaster", "Makeshift Rambaster")
    t.act(f"play {t.name(t.s.players[0].hand[0])}")
    t.act("play Makeshift Rambaster")
    first, second = sorted(u for u, x in t.s.things.items() if x.card == "makeshift-rambaster")
    foe = t.put(1, "Older Brother")
    assert t.atk(first) == 1 and not any(a.startswith("patrol Makeshift") for a in t.legal())
    t.act(f"attack {t.name(first)} -> base")  # haste
    assert t.base(1) == 3 and t.atk(first) == 1
    t.act(f"attack {t.name(second)} -> Older Brother")
    assert t.thing(foe).damage == 1


@pytest.mark.cards("bloodburn")
def test_bloodburn_gathers_blood_from_unit_deaths_up_to_four() -> None:
    t = table()
    burn = t.put(0, "Bloodburn")
    t.put(1, "Pirate")
    t.put(0, "Tenderfoot")
    t.put(1, "troq-bashar")  # a hero is not a unit
    for card in ("pirate", "tenderfoot", "troq-bashar"):
        t.effect(0, [{"op": "destroy", "to": {"each": {"card": card}}}])
    assert t.thing(burn).marks.get("blood") == 2
    for _ in range(3):
        t.put(1, "Tenderfoot")
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "tenderfoot"}}}])
    assert t.thing(burn).marks.get("blood") == 4


@pytest.mark.cards("bloodburn")
def test_bloodburn_spends_two_blood_to_ping_a_unit_or_building() -> None:
    t = table()
    burn = t.put(0, "Bloodburn")
    t.thing(burn).marks["blood"] = 3
    foe = t.put(1, "Tenderfoot")
    t.act("ability Bloodburn")
    assert "choose Captain Zane" not in t.legal()  # a unit or a building, not a hero
    t.act("choose Tenderfoot")
    assert t.thing(foe).damage == 1 and t.thing(burn).marks.get("blood") == 1 and t.thing(burn).exhausted
    t.end_turn()
    t.end_turn()
    assert not t.can("ability Bloodburn")  # one blood rune left


@pytest.mark.cards("pillage")
def test_pillage_hits_a_base_and_steals_a_gold() -> None:
    t = table()
    t.gold(1, 5)
    t.give(0, "Pillage")
    t.act("play Pillage")
    assert set(t.legal()) == {"choose base", "choose my base"}  # a base, targeted
    t.act("choose base")
    assert t.base(1) == 1 and t.s.players[1].gold == 4 and t.s.players[0].gold == 20 - 1 + 1


@pytest.mark.cards("pillage", "pirate")
def test_pillage_with_a_pirate_hits_for_two_and_steals_two() -> None:
    t = table()
    t.put(0, "Pirate")
    t.gold(0, 5)
    t.gold(1, 5)
    t.give(0, "Pillage")
    t.put(1, "Older Brother")
    t.act("play Pillage")
    assert set(t.legal()) == {"choose base", "choose my base"}  # a base, never a unit or hero
    t.act("choose base")
    assert t.base(1) == 2 and t.s.players[1].gold == 3 and t.s.players[0].gold == 5 - 1 + 2


@pytest.mark.cards("pillage")
def test_pillage_a_pirate_of_the_opponents_does_not_count() -> None:
    t = table()
    t.put(1, "Pirate")
    t.gold(1, 5)
    t.give(0, "Pillage")
    t.act("play Pillage")
    t.act("choose base")
    assert t.base(1) == 1 and t.s.players[1].gold == 4


@pytest.mark.cards("pillage", "pirate")
def test_pillage_in_2v2_the_shared_base_s_gold_comes_from_the_partner_picked() -> None:
    """A 2v2 team's base is both partners': the active player picks which of them (with gold) is robbed."""
    t = seats_table("2v2", "captain-zane", "river-montoya", "drakk-ramhorn", "troq-bashar")
    t.put(0, "captain-zane")
    t.put(0, "Pirate")
    t.gold(0, 1)
    t.gold(1, 1)
    t.gold(3, 5)
    t.give(0, "Pillage")
    t.act("play Pillage")
    t.act("choose base")
    assert set(t.legal()) == {"choose p2", "choose p4"}
    t.act("choose p4")
    p1, p2, _p3, p4 = t.s.players
    assert (p1.gold, p2.gold, p4.gold) == (2, 1, 3) and p2.base_damage == 2
    # Only one partner has gold: nothing to ask, the gold comes from that one.
    t.gold(3, 0)
    t.give(0, "Pillage")
    t.act("play Pillage")
    t.act("choose base")
    p1, p2, _p3, p4 = t.s.players
    assert t.s.pending is None and (p1.gold, p2.gold, p4.gold) == (2, 0, 0)


@pytest.mark.cards("bloodrage-ogre", "chameleon-lizzo")
def test_return_to_hand_reminders_say_whose_turn_and_whose_hand() -> None:
    """The reminders follow the rulings: the Ogre only on its controller's turn, Chameleon Lizzo on every turn;
    both go to their owner's hand (a Kidnapped one goes home)."""
    import json
    from pathlib import Path

    import engine.codex

    cards = json.loads((Path(engine.codex.__file__).parent / "data" / "cards" / "red.json").read_text())
    reminder = {c["id"]: c["reminder"] for c in cards}
    assert "your own turn" in reminder["bloodrage-ogre"] and "owner" in reminder["bloodrage-ogre"]
    assert "every turn" in reminder["chameleon-lizzo"] and "owner" in reminder["chameleon-lizzo"]

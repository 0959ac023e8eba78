"""Red's Anarchy spec (Captain Zane's spells and the Anarchy units and buildings)."""

from __future__ import annotations

import pytest

from engine.codex import GAME
from engine.codex.scenario import Table
from engine.codex.state import Mod
from tests.codex.red_helpers import of
from tests.codex.red_helpers import table as red_table


def table(level: int = 1, gold: int = 20, max_since_start: bool = False, techs: bool = True) -> tuple[Table, int]:
    return red_table("captain-zane", level, gold, max_since_start, techs)


@pytest.mark.cards("surprise-attack", "shark")
def test_surprise_attack_brings_two_hasty_sharks_for_the_turn() -> None:
    t, _ = table()
    t.give(0, "Surprise Attack")
    t.act("play Surprise Attack")
    sharks = of(t, "shark")
    assert len(sharks) == 2 and t.s.players[0].gold == 15
    t.act(f"attack {t.name(sharks[0])} -> base")
    assert t.base(1) == 3
    t.end_turn()
    assert of(t, "shark") == []


@pytest.mark.cards("surprise-attack")
def test_surprise_attack_needs_captain_zane() -> None:
    t = Table()
    t.clear()
    t.gold(0, 20)
    t.put(0, "troq-bashar")
    t.give(0, "Surprise Attack")
    assert not t.can("play Surprise Attack")


@pytest.mark.cards("maximum-anarchy")
def test_maximum_anarchy_destroys_every_unit_and_hero() -> None:
    t, zane = table(level=6, max_since_start=True)
    mine = t.put(0, "Older Brother")
    river = t.put(1, "river-montoya")
    foe = t.put(1, "Tenderfoot")
    pirate = t.put(1, "Pirate")
    mine_card = t.put(1, "Rickety Mine")  # a building card: not a unit or hero
    t.give(0, "Maximum Anarchy")
    t.act("play Maximum Anarchy")
    assert t.alive(mine_card)
    assert not t.s.things or all(t.cat[x.card].type not in ("unit", "token", "hero") for x in t.s.things.values())
    assert zane in t.s.players[0].command and river in t.s.players[1].command
    assert mine in t.s.players[0].discard and foe in t.s.players[1].discard and not t.alive(pirate)


@pytest.mark.cards("maximum-anarchy")
def test_maximum_anarchy_needs_zane_at_max_level_since_the_start_of_the_turn() -> None:
    t, _ = table(level=6, max_since_start=False)
    t.give(0, "Maximum Anarchy")
    assert not t.can("play Maximum Anarchy")


@pytest.mark.cards("detonate")
def test_detonate_trashes_a_building_card_then_itself() -> None:
    t, _ = table()
    t.built(1, "tower", "tech1")
    mine = t.put(1, "Rickety Mine")
    house = t.put(1, "Firehouse")
    t.give(0, "Detonate")
    t.act("play Detonate")
    t.act("choose building card")
    assert set(t.legal()) == {"choose Rickety Mine", "choose Firehouse"}  # no base, tech building or add-on
    t.act("choose Firehouse")
    p1, p2 = t.s.players
    assert not t.alive(house) and house in p2.removed and t.alive(mine)
    assert len(p1.removed) == 1 and t.s.cards[p1.removed[0]][0] == "detonate" and not p1.discard


@pytest.mark.cards("detonate")
def test_detonate_trashes_a_worker_of_the_players_choice() -> None:
    t, _ = table()
    t.workers(1, 5)
    t.give(0, "Detonate")
    t.act("play Detonate")  # no building card in play: the worker is the only choice
    assert set(t.legal()) == {"choose p1 workers", "choose p2 workers"}
    t.act("choose p2 workers")
    assert t.s.players[1].workers == 4 and t.s.players[0].workers == 4


@pytest.mark.cards("detonate")
def test_detonate_a_hired_worker_card_leaves_the_game() -> None:
    t, _ = table()
    hired = t.give(1, "Tenderfoot", zone="worker_cards")[0]
    t.workers(1, 1)
    t.give(0, "Detonate")
    t.act("play Detonate")
    t.act("choose p2 workers")
    p2 = t.s.players[1]
    assert p2.workers == 0 and p2.worker_cards == [] and hired in p2.removed
    seen = [e for e in t.events if e.kind == "worker_trashed"]
    assert seen and seen[-1].to == frozenset({1})  # only its owner learns which card went


@pytest.mark.cards("calypso-vystari")
def test_calypso_vystari_sidelines_a_patroller_after_a_spell() -> None:
    t, _ = table()
    t.put(0, "Calypso Vystari")
    foe = t.put(1, "Older Brother", slot="squad leader")
    t.give(0, "Charge")
    t.act("play Charge")
    t.act("ability Calypso Vystari")
    assert foe not in t.s.players[1].patrol and t.alive(foe)


@pytest.mark.cards("calypso-vystari")
def test_calypso_vystari_does_nothing_without_a_spell_this_turn() -> None:
    t, _ = table()
    cal = t.put(0, "Calypso Vystari")
    foe = t.put(1, "Older Brother", slot="squad leader")
    t.act("ability Calypso Vystari")
    assert t.s.players[1].patrol[0] == foe and t.thing(cal).exhausted


@pytest.mark.cards("disguised-monkey")
def test_disguised_monkey_sneaks_past_patrollers_the_turn_it_arrives() -> None:
    t, _ = table()
    brother = t.put(1, "Older Brother", slot="squad leader")
    t.give(0, "Disguised Monkey")
    t.act("play Disguised Monkey")
    monkey = of(t, "disguised-monkey")[0]
    assert "stealth" in t.kw(monkey) and t.can("attack Disguised Monkey -> base")
    t.end_turn()
    t.s.players[1].patrol[0] = brother
    t.end_turn()
    assert "stealth" not in t.kw(monkey) and not t.can("attack Disguised Monkey -> base")


@pytest.mark.cards("chameleon-lizzo")
def test_chameleon_lizzo_strikes_and_goes_back_to_hand() -> None:
    t, _ = table()
    t.put(1, "Older Brother", slot="squad leader")
    t.give(0, "Chameleon Lizzo")
    t.act("play Chameleon Lizzo")
    t.act("attack Chameleon Lizzo -> base")  # haste and stealth
    assert t.base(1) == 4
    t.end_turn()
    assert of(t, "chameleon-lizzo") == [] and any(t.s.cards[u][0] == "chameleon-lizzo" for u in t.s.players[0].hand)


@pytest.mark.cards("marauder")
def test_marauder_boosted_trashes_a_worker() -> None:
    t, _ = table(gold=6)
    t.workers(1, 5)
    t.give(0, "Marauder")
    cards = GAME.card_count(t.s)
    t.act("play Marauder boost")
    assert GAME.card_count(t.s) == cards  # on its way in while the worker is chosen: still counted
    t.act("choose p2 workers")
    assert t.s.players[1].workers == 4 and t.s.players[0].gold == 0
    assert GAME.card_count(t.s) == cards
    assert t.can("attack Marauder -> base")  # haste


@pytest.mark.cards("marauder")
def test_marauder_unboosted_trashes_nothing() -> None:
    t, _ = table(gold=6)
    t.give(0, "Marauder")
    t.act("play Marauder")
    assert t.s.pending is None and t.s.players[1].workers == 5 and t.s.players[0].gold == 3


@pytest.mark.cards("pirate-gunship")
def test_pirate_gunship_flies_in_at_once_and_obliterates_two() -> None:
    t, _ = table(gold=0)
    ship = t.put(0, "Pirate Gunship", fresh=True)
    a = t.put(1, "Tenderfoot", slot="squad leader")
    b = t.put(1, "Older Brother")
    c = t.put(1, "Iron Man")
    assert t.kw(ship)["resist"] == 2 and {"flying", "long-range"} <= set(t.kw(ship))
    t.act("attack Pirate Gunship -> base")
    assert not t.alive(a) and not t.alive(b) and t.alive(c) and t.base(1) == 7


@pytest.mark.cards("steam-tank")
def test_steam_tank_gets_four_attack_against_buildings() -> None:
    t, _ = table()
    tank = t.put(0, "Steam Tank")
    t.built(1, "tech1")
    assert t.atk(tank) == 3
    t.act("attack Steam Tank -> tech1")
    assert t.s.players[1].tech[0].status == "destroyed" and t.atk(tank) == 3
    t2, _ = table()
    t2.put(0, "Steam Tank")
    foe = t2.put(1, "Regular-Sized Rhinoceros")
    t2.act("attack Steam Tank -> Regular-Sized Rhinoceros")
    assert t2.thing(foe).damage == 3
    t3, _ = table()
    t3.put(0, "Steam Tank")
    t3.act("attack Steam Tank -> base")  # a base is a building too: exactly 3 + 4
    assert t3.base(1) == 7


@pytest.mark.cards("chaos-mirror")
def test_chaos_mirror_swaps_printed_attack_until_end_of_turn() -> None:
    t, zane = table()
    rhino = t.put(1, "Regular-Sized Rhinoceros")
    foot = t.put(0, "Tenderfoot")
    t.put(0, "Older Brother")
    t.give(0, "Chaos Mirror")
    t.act("play Chaos Mirror")
    assert "choose Captain Zane" in t.legal()  # units and/or heroes, any side, no targeting
    t.act("choose Regular-Sized Rhinoceros")
    t.act("choose Tenderfoot")
    assert t.atk(rhino) == 1 and t.atk(foot) == 5 and t.hp(rhino) == 6 and t.hp(foot) == 2
    t.act("attack Tenderfoot -> Regular-Sized Rhinoceros")
    assert t.thing(rhino).damage == 5 and t.thing(foot).damage == 1
    t.end_turn()
    assert t.atk(rhino) == 5 and t.atk(foot) == 1 and t.atk(zane) == 2


@pytest.mark.cards("chaos-mirror", "captain-zane")
def test_chaos_mirror_with_a_hero_uses_its_band() -> None:
    t, zane = table(level=6)
    foot = t.put(0, "Tenderfoot")
    t.s.things = {u: x for u, x in t.s.things.items() if u in (zane, foot)}
    t.give(0, "Chaos Mirror")
    t.act("play Chaos Mirror")  # exactly two fighters: both taken at once
    assert t.atk(zane) == 1 and t.atk(foot) == 4


@pytest.mark.cards("chaos-mirror")
def test_chaos_mirror_swap_survives_a_json_round_trip_even_to_zero() -> None:
    import json

    from engine.codex.state import State

    t, zane = table()
    wall = t.put(0, "Tenderfoot")
    t.thing(wall).mods.append(Mod(printed_atk=0))
    t.s.things = {u: x for u, x in t.s.things.items() if u in (zane, wall)}
    t.give(0, "Chaos Mirror")
    t.act("play Chaos Mirror")
    assert t.atk(zane) == 0 and t.atk(wall) == 2
    again = State.from_json(json.loads(json.dumps(t.s.to_json())))
    assert again.to_json() == t.s.to_json() and again.things[zane].mods[-1].printed_atk == 0


@pytest.mark.cards("gunpoint-taxman")
def test_gunpoint_taxman_killing_a_patroller_steals_a_gold() -> None:
    t, _ = table(gold=0)
    t.gold(1, 3)
    t.put(0, "Gunpoint Taxman")
    foe = t.put(1, "Older Brother", slot="elite")
    t.act("attack Gunpoint Taxman -> Older Brother")
    assert not t.alive(foe) and t.s.players[0].gold == 1 and t.s.players[1].gold == 2


@pytest.mark.cards("gunpoint-taxman")
def test_gunpoint_taxman_killing_a_non_patroller_steals_nothing() -> None:
    t, _ = table(gold=0)
    t.gold(1, 3)
    t.put(0, "Gunpoint Taxman")
    foe = t.put(1, "Older Brother")
    t.act("attack Gunpoint Taxman -> Older Brother")
    assert not t.alive(foe) and t.s.players[0].gold == 0 and t.s.players[1].gold == 3


@pytest.mark.cards("gunpoint-taxman")
def test_gunpoint_taxman_shoots_patrolling_fliers() -> None:
    t, _ = table(gold=0)
    tax = t.put(0, "Gunpoint Taxman", fresh=True)
    t.end_turn()
    t.s.players[0].patrol[2] = tax  # scavenger: no ATK bonus
    bird = t.put(1, "Eggship")
    t.gold(1, 2)
    t.act("attack Eggship -> base")
    hits = [e.data["n"] for e in t.events if e.kind == "damage" and e.data.get("ref") == bird]
    assert hits == [3] and not t.alive(bird)
    assert t.s.players[0].gold == 0 and t.s.players[1].gold == 2  # the flier was not a patroller: no steal


@pytest.mark.cards("sanatorium")
def test_sanatorium_draws_then_brings_up_to_two_units_hasty_and_ephemeral() -> None:
    t, _ = table(gold=1)
    t.s.players[0].tech[1].status = "none"  # no Tech II: not needed
    t.put(0, "Sanatorium")
    t.give(0, "Older Brother", "Regular-Sized Rhinoceros", "Pirate Gunship", "Scorch", "Rickety Mine")
    t.give(0, "Iron Man", "Tenderfoot", zone="deck")  # the Tenderfoot is on top
    t.act("ability Sanatorium")
    wanted = {"choose older brother", "choose regular-sized rhinoceros", "choose tenderfoot", "choose none"}
    assert {
        a.lower() for a in t.legal()
    } == wanted  # tech 0 to II units only (the Gunship is tech III; no building), one card drawn
    t.act("choose Regular-Sized Rhinoceros")
    t.act("choose Tenderfoot")
    rhino, foot = of(t, "regular-sized-rhinoceros")[0], of(t, "tenderfoot")[0]
    assert t.s.players[0].gold == 0 and {"haste", "ephemeral"} <= set(t.kw(rhino)) and "haste" in t.kw(foot)
    t.act("attack Regular-Sized Rhinoceros -> base")
    assert t.base(1) == 5
    t.end_turn()
    assert not t.alive(rhino) and not t.alive(foot) and rhino in t.s.players[0].discard


@pytest.mark.cards("sanatorium")
def test_sanatorium_may_put_nothing_in() -> None:
    t, _ = table(gold=1)
    t.put(0, "Sanatorium")
    t.give(0, "Older Brother")
    t.act("ability Sanatorium")
    t.act("choose none")
    assert of(t, "older-brother") == [] and len(t.s.players[0].hand) == 1


@pytest.mark.cards("marauder", "sanatorium")
def test_marauder_put_into_play_is_not_boosted() -> None:
    t, _ = table(gold=10)
    t.put(0, "Sanatorium")
    t.give(0, "Marauder")
    t.act("ability Sanatorium")
    t.act("choose Marauder")
    assert of(t, "marauder") and t.s.pending is None and t.s.players[1].workers == 5 and t.s.players[0].gold == 9


@pytest.mark.cards("marauder")
def test_marauder_boost_happens_as_it_is_played_before_it_arrives() -> None:
    t, _ = table(gold=6)
    t.give(0, "Marauder")
    t.act("play Marauder boost")
    assert of(t, "marauder") == [] and t.s.pending["kind"] == "worker_owner"  # not in play yet
    t.act("choose p2 workers")
    kinds = [e.kind for e in t.events]
    assert of(t, "marauder") and kinds.index("workers_lost") < kinds.index("arrive")


@pytest.mark.cards("marauder")
def test_marauder_boost_still_happens_when_something_catches_it_on_the_way() -> None:
    """A stand-in for Jail (a replacement for a unit played from hand arriving): the boost is paid and its
    effect happens as Marauder is played; Marauder itself never arrives (general Boost ruling)."""
    from engine.codex import rules

    caught: list[int] = []

    def jail(g: object, seat: int, uid: int, card: object, boosted: bool) -> bool:
        caught.append(uid)
        return True

    rules.FROM_HAND.append(jail)
    try:
        t, _ = table(gold=6)
        uid = t.give(0, "Marauder")[0]
        t.act("play Marauder boost")
        t.act("choose p2 workers")
    finally:
        rules.FROM_HAND.remove(jail)
    assert caught == [uid] and of(t, "marauder") == [] and t.s.players[1].workers == 4 and t.s.players[0].gold == 0

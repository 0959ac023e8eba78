"""Red's official rulings (tests/codex/rulings/red.toml), one test per ruling id, and the general rulings that
waited for Red cards (Ember Sparks, Drakk Ramhorn)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.codex.scenario import Table
from engine.codex.state import Mod
from tests.codex.red_helpers import of, seats_table, table
from tests.codex.ruling_specs import untested

RULINGS = Path(__file__).parent / "rulings" / "red.toml"

NOT_HERE: dict[str, str] = {}
"""Ruling ids without a test here, and why."""


def test_every_red_ruling_has_a_test() -> None:
    missing, stale = untested("red", NOT_HERE)
    assert not missing, f"rulings with no test: {missing}"
    assert not stale, f"listed as untested but tested (or unknown): {stale}"


def in_hand(t: Table, seat: int, card: str) -> bool:
    return any(t.s.cards[u][0] == card for u in t.s.players[seat].hand)


def deck(t: Table, seat: int, n: int) -> None:
    t.give(seat, *(["Tenderfoot"] * n), zone="deck")


# ------------------------------------------------------------------------------------- starter deck


@pytest.mark.cards("bloodrage-ogre")
def test_red_bloodrage_ogre_returns_after_the_draw_phase() -> None:
    t, _ = table(techs=False)
    ogre = t.put(0, "Bloodrage Ogre")
    t.give(0, "Tenderfoot", "Tenderfoot")
    deck(t, 0, 6)
    t.act("end")
    p1 = t.s.players[0]
    assert not t.alive(ogre) and ogre in p1.hand and len(p1.hand) == 5 and len(p1.discard) == 2


@pytest.mark.cards("bloodrage-ogre")
def test_red_bloodrage_ogre_only_on_its_controllers_turn() -> None:
    t, _ = table(techs=False)
    ogre = t.put(1, "Bloodrage Ogre")
    t.end_turn()
    assert t.alive(ogre)
    t.end_turn()  # P2's own turn ended without the Ogre arriving or attacking
    assert not t.alive(ogre) and ogre in t.s.players[1].hand


@pytest.mark.cards("bloodburn")
def test_red_bloodburn_cannot_be_used_the_turn_it_arrives() -> None:
    t, _ = table(techs=False)
    t.give(0, "Bloodburn")
    t.act("play Bloodburn")
    burn = of(t, "bloodburn")[0]
    t.thing(burn).marks["blood"] = 2
    t.put(1, "Tenderfoot")
    assert not t.can("ability Bloodburn")
    t.end_turn()
    t.end_turn()
    assert t.can("ability Bloodburn")


# ------------------------------------------------------------------------------------------- Anarchy


@pytest.mark.cards("detonate")
def test_red_detonate_may_hit_your_own() -> None:
    t, _ = table()
    mine = t.put(0, "Rickety Mine")
    t.give(0, "Detonate")
    t.act("play Detonate")
    t.act("choose building card")  # P1's own Mine is the only building card: chosen at once
    assert not t.alive(mine) and mine in t.s.players[0].removed


@pytest.mark.cards("detonate")
def test_red_detonate_building_card_only() -> None:
    t, _ = table()
    t.built(1, "tech1", "tower")
    house = t.put(1, "Firehouse")
    t.give(0, "Detonate")
    t.act("play Detonate")
    t.act("choose building card")
    assert not t.alive(house) and t.s.players[1].tech[0].status == "built" and t.s.players[1].addon is not None


@pytest.mark.cards("detonate")
def test_red_detonate_worker_unseen_and_unchosen() -> None:
    t, _ = table()
    card = t.give(1, "Tenderfoot", zone="worker_cards")[0]
    t.workers(1, 6)
    t.give(0, "Detonate")
    t.act("play Detonate")
    assert set(t.legal()) == {"choose p1 workers", "choose p2 workers"}  # whose, never which
    t.act("choose p2 workers")
    p2 = t.s.players[1]
    assert p2.workers == 5 and len(p2.worker_cards) + (card in p2.removed) == 1
    for e in t.events:
        if card in (e.data.get("uid"), *e.data.get("cards", [])):
            assert e.to == frozenset({1})  # only P2 ever hears which card it was


@pytest.mark.cards("maximum-anarchy")
def test_red_maximum_anarchy_destroys_zane_too() -> None:
    t, zane = table(level=6, max_since_start=True)
    t.give(0, "Maximum Anarchy")
    t.act("play Maximum Anarchy")
    assert not t.alive(zane) and zane in t.s.players[0].command


@pytest.mark.cards("maximum-anarchy")
def test_red_maximum_anarchy_heroes_home_units_to_discard() -> None:
    t, zane = table(level=6, max_since_start=True)
    river = t.put(1, "river-montoya")
    units = [t.put(0, "Tenderfoot"), t.put(1, "Older Brother")]
    t.give(0, "Maximum Anarchy")
    t.act("play Maximum Anarchy")
    p1, p2 = t.s.players
    assert zane in p1.command and river in p2.command and units[0] in p1.discard and units[1] in p2.discard


@pytest.mark.cards("maximum-anarchy", "captured-bugblatter")
def test_red_maximum_anarchy_deaths_trigger() -> None:
    t, _ = table(level=6, max_since_start=True)
    t.put(1, "Tenderfoot", slot="scavenger")
    t.put(1, "Tenderfoot", slot="technician")
    t.put(0, "Captured Bugblatter")  # dies too, and sees every death of that moment, its own included
    deck(t, 1, 3)
    t.gold(1, 0)
    t.give(0, "Maximum Anarchy")
    t.act("play Maximum Anarchy")
    # The slots' rewards are dies triggers of that moment too: the active player orders them with the rest.
    assert t.s.pending is not None and len(t.s.pending["options"]) == 5
    t.act("choose Tenderfoot scavenger gold")
    t.act("choose Tenderfoot technician draw")
    p2 = t.s.players[1]
    assert p2.gold == 1 and len(p2.hand) == 1 and t.s.pending is None
    assert t.base(1) == 3  # two Tenderfeet and the Bugblatter died on P1's turn (Zane is a hero, not a unit)


@pytest.mark.cards("calypso-vystari")
def test_red_calypso_without_a_spell_targets_nothing() -> None:
    t, _ = table()
    t.put(0, "Calypso Vystari")
    ghost = t.put(1, "Spectral Hound", slot="squad leader")  # an Illusion: targeting it would kill it
    t.act("ability Calypso Vystari")
    assert t.alive(ghost) and t.s.players[1].patrol[0] == ghost


@pytest.mark.cards("calypso-vystari", "bloodburn")
def test_red_calypso_needs_a_spell_card() -> None:
    t, _ = table()
    t.put(0, "Calypso Vystari")
    foe = t.put(1, "Older Brother", slot="squad leader")
    t.give(0, "Tenderfoot", "Bloodburn")
    t.act("play Tenderfoot")
    t.act("play Bloodburn")
    t.act("ability Calypso Vystari")
    assert t.s.players[1].patrol[0] == foe


@pytest.mark.cards("chameleon-lizzo")
def test_red_chameleon_lizzo_returns_after_the_draw_phase() -> None:
    t, _ = table()
    lizzo, _other = t.give(0, "Chameleon Lizzo", "Older Brother")
    deck(t, 0, 5)
    t.act("play Chameleon Lizzo")
    t.act("end")
    p1 = t.s.players[0]
    assert lizzo in p1.hand and len(p1.hand) == 4 and len(p1.discard) == 1


@pytest.mark.cards("chameleon-lizzo", "kidnapping")
def test_red_chameleon_lizzo_returns_on_any_turn() -> None:
    t, _ = table()
    t.end_turn()
    lizzo = t.put(0, "Chameleon Lizzo")  # in play on P2's turn
    t.put(1, "drakk-ramhorn")
    t.gold(1, 10)
    t.give(1, "Kidnapping")
    t.act("play Kidnapping")  # P2 takes the Lizzo for its turn
    assert t.thing(lizzo).ctrl == 1
    t.act("end")
    assert not t.alive(lizzo) and lizzo in t.s.players[0].hand


@pytest.mark.cards("marauder")
def test_red_marauder_may_trash_your_own_worker() -> None:
    t, _ = table(gold=6)
    t.give(0, "Marauder")
    t.act("play Marauder boost")
    assert "choose p1 workers" in t.legal()
    t.act("choose p1 workers")
    assert t.s.players[0].workers == 3 and t.s.players[1].workers == 5


# --------------------------------------------------------------------------------------------- Blood


@pytest.mark.cards("desperation")
def test_red_desperation_hand_checked_after_playing_it() -> None:
    t, _ = table(hero="drakk-ramhorn")
    desp = t.give(0, "Desperation")[0]
    deck(t, 0, 4)
    t.act("play Desperation")
    p1 = t.s.players[0]
    assert len(p1.hand) == 3 and desp in p1.removed


@pytest.mark.cards("desperation")
def test_red_desperation_discard_before_the_draw_phase() -> None:
    t, _ = table(hero="drakk-ramhorn")
    t.give(0, "Desperation", "Tenderfoot", "Tenderfoot", "Tenderfoot")
    deck(t, 0, 6)
    t.act("play Desperation")
    t.act("end")
    p1 = t.s.players[0]
    discards = [e.data["n"] for e in t.events if e.kind == "discard_hand"]
    assert discards == [3, 0] and len(p1.hand) == 2


@pytest.mark.cards("kidnapping")
def test_red_kidnapping_control_returns_at_end_of_turn() -> None:
    t, _ = table(hero="drakk-ramhorn")
    iron = t.put(1, "Iron Man")
    t.give(0, "Kidnapping")
    t.act("play Kidnapping")
    assert t.thing(iron).ctrl == 0
    t.act("end")
    assert t.thing(iron).ctrl == 1


@pytest.mark.cards("kidnapping")
def test_red_kidnapping_dead_unit_goes_to_its_owner() -> None:
    t, _ = table(hero="drakk-ramhorn")
    iron = t.put(1, "Iron Man")
    t.put(1, "Regular-Sized Rhinoceros")
    t.give(0, "Kidnapping")
    t.act("play Kidnapping")
    t.act("choose Iron Man")
    t.act("attack Iron Man -> Regular-Sized Rhinoceros")
    assert not t.alive(iron) and iron in t.s.players[1].discard and iron not in t.s.players[0].discard


@pytest.mark.cards("war-drums")
def test_red_war_drums_counts_units_you_control() -> None:
    t, _ = table(hero="drakk-ramhorn", level=6, max_since_start=True)
    a = t.put(0, "Tenderfoot")
    t.put(0, "Tenderfoot")
    stolen = t.put(0, "Older Brother")
    t.thing(stolen).ctrl = 1  # owned by P1, controlled by P2
    waiting = t.give(0, "Knight of the Conclave", zone="discard")[0]
    t.s.players[0].discard.remove(waiting)
    t.s.players[0].future[waiting] = 2  # a forecast unit of P1's, not in play
    t.give(0, "War Drums")
    t.act("play War Drums")
    frenzy = 1  # Drakk's middle band, on P1's turn
    assert t.atk(a) == 1 + 2 + frenzy


@pytest.mark.cards("rickety-mine")
def test_red_rickety_mine_cannot_be_used_the_turn_it_arrives() -> None:
    t, _ = table(hero="drakk-ramhorn")
    t.give(0, "Rickety Mine")
    t.act("play Rickety Mine")
    assert not t.can("ability Rickety Mine")


@pytest.mark.cards("rickety-mine")
def test_red_rickety_mine_heads_does_nothing() -> None:
    for seed in range(20):
        t = Table(seed=seed)
        t.clear()
        t.gold(0, 0)
        mine = t.put(0, "Rickety Mine")
        t.act("ability Rickety Mine")
        if next(e for e in t.events if e.kind == "coin").data["heads"]:
            assert t.alive(mine) and t.base(0) == 0 and t.s.players[0].gold == 3
            assert [e.kind for e in t.events][-2:] == ["gold", "coin"]  # nothing after the flip
            return
    raise AssertionError("no seed gave heads")


@pytest.mark.cards("captured-bugblatter")
def test_red_captured_bugblatter_sees_its_own_death() -> None:
    t, _ = table(hero="drakk-ramhorn")
    t.put(0, "Captured Bugblatter", damage=1)
    t.put(1, "Older Brother")
    t.act("attack Captured Bugblatter -> Older Brother")
    assert of(t, "captured-bugblatter") == [] and t.base(1) == 2  # its own death and the Brother's


def _two_headed() -> Table:
    """2v2: p1 (Drakk) and p3 against p2 and p4, whose team shares the base kept on p2's seat."""
    return seats_table("2v2", "drakk-ramhorn", "river-montoya", "captain-zane", "troq-bashar")


@pytest.mark.cards("captured-bugblatter")
def test_red_captured_bugblatter_one_team_base() -> None:
    t = _two_headed()
    t.put(0, "Captured Bugblatter")
    t.put(0, "Older Brother")
    t.put(1, "Tenderfoot")
    t.act("attack Older Brother -> Tenderfoot")  # a death on p1's turn: the other team's one base
    assert [p.base_damage for p in t.s.players] == [0, 1, 0, 0] and t.s.pending is None
    t.end_turn()
    attacker = t.put(3, "Older Brother")
    victim = t.put(2, "Tenderfoot")
    t.act(f"attack {t.name(attacker)} -> {t.name(victim)}", 3)  # a death on their turn: their base, once
    assert [p.base_damage for p in t.s.players] == [0, 2, 0, 0]


@pytest.mark.cards("drakk-ramhorn")
def test_red_drakk_death_one_team_base() -> None:
    t = _two_headed()
    t.put(0, "drakk-ramhorn")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "drakk-ramhorn"}}}])
    assert [p.base_damage for p in t.s.players] == [0, 1, 0, 0]


@pytest.mark.cards("land-octopus")
def test_red_land_octopus_workers_are_trashed() -> None:
    t, _ = table(hero="drakk-ramhorn")
    t.put(0, "Land Octopus")
    hired = t.give(0, "Tenderfoot", zone="worker_cards")[0]
    t.workers(0, 5)
    t.end_turn()
    t.end_turn()
    discarded = len(t.s.players[0].discard)
    t.act("choose trash two workers")
    p1 = t.s.players[0]
    assert p1.workers == 3 and len(p1.discard) == discarded and len(p1.worker_cards) + len(p1.removed) == 1
    assert hired in p1.worker_cards or hired in p1.removed


# ---------------------------------------------------------------------------------------------- Fire


def _three_patrollers(t: Table) -> list[int]:
    return [t.put(1, "Iron Man", slot=s) for s in ("elite", "scavenger", "technician")]


@pytest.mark.cards("ember-sparks")
def test_red_ember_sparks_divisions() -> None:
    for picks, expected in (((0, 1, 2), [1, 1, 1]), ((0, 0, 1), [2, 1, 0]), ((2, 2, 2), [0, 0, 3])):
        t, _ = table(hero="jaina-stormborne")
        units = _three_patrollers(t)
        t.give(0, "Ember Sparks")
        t.act("play Ember Sparks")
        for i in picks:
            t.act(f"choose {t.name(units[i])}")
        assert [t.thing(u).damage for u in units] == expected and t.s.pending is None


@pytest.mark.cards("ember-sparks", "hotter-fire")
def test_red_ember_sparks_with_hotter_fire() -> None:
    t, _ = table(hero="jaina-stormborne")
    t.put(0, "Hotter Fire")
    units = [*_three_patrollers(t), t.put(1, "Iron Man", slot="lookout")]  # P1 could pay the lookout's resist
    t.give(0, "Ember Sparks")
    t.act("play Ember Sparks")
    for i in (0, 1, 2):
        t.act(f"choose {t.name(units[i])}")
    assert f"choose {t.name(units[3])}" not in t.legal()  # a fourth point, but no fourth target
    t.act(f"choose {t.name(units[0])}")
    assert [t.thing(u).damage for u in units] == [2, 1, 1, 0]


@pytest.mark.cards("burning-volley")
def test_red_burning_volley_at_least_one_each() -> None:
    t, _ = table(hero="jaina-stormborne", level=7, max_since_start=True)
    units = [t.put(1, "Iron Man") for _ in range(6)]
    t.give(0, "Burning Volley")
    t.act("play Burning Volley")
    for u in units[:5]:
        t.act(f"choose {t.name(u)}")
    assert t.s.pending is None and [t.thing(u).damage for u in units] == [1, 1, 1, 1, 1, 0]


@pytest.mark.cards("burning-volley", "hotter-fire")
def test_red_burning_volley_with_hotter_fire() -> None:
    t, _ = table(hero="jaina-stormborne", level=7, max_since_start=True)
    t.put(0, "Hotter Fire")
    units = [t.put(1, "Iron Man") for _ in range(6)]
    t.give(0, "Burning Volley")
    t.act("play Burning Volley")
    for u in units:
        t.act(f"choose {t.name(u)}")
    assert t.s.pending is None and all(t.thing(u).damage == 1 for u in units)


@pytest.mark.cards("bamstamper-lizzo")
def test_red_bamstamper_lizzo_is_not_optional() -> None:
    t, _ = table(hero="jaina-stormborne")
    t.give(0, "Bamstamper Lizzo")
    t.act("play Bamstamper Lizzo")  # the only unit in play: it hits itself
    assert of(t, "bamstamper-lizzo") == []
    t2, _ = table(hero="jaina-stormborne")
    mine = t2.put(0, "Iron Man")
    t2.give(0, "Bamstamper Lizzo")
    t2.act("play Bamstamper Lizzo")
    assert set(t2.legal()) == {"choose Iron Man", "choose Bamstamper Lizzo"} and t2.s.pending is not None
    t2.act("choose Iron Man")
    assert t2.thing(mine).damage == 3


@pytest.mark.cards("firehouse")
def test_red_firehouse_cannot_be_used_the_turn_it_arrives() -> None:
    t, _ = table(hero="jaina-stormborne")
    t.give(0, "Firehouse")
    t.act("play Firehouse")
    assert not t.can("ability Firehouse")


@pytest.mark.cards("firehouse")
def test_red_firehouse_can_keep_firing() -> None:
    t, _ = table(hero="jaina-stormborne")
    t.put(0, "Firehouse")
    units = [t.put(1, "Older Brother") for _ in range(3)]
    for u in units:
        t.act("ability Firehouse")
        t.act(f"choose {t.name(u)}")
    assert not any(t.alive(u) for u in units) and t.can("ability Firehouse")


@pytest.mark.cards("firehouse")
def test_red_firehouse_illusion_does_not_ready_it() -> None:
    t, _ = table(hero="jaina-stormborne")
    house = t.put(0, "Firehouse")
    ghost = t.put(1, "Spectral Hound")
    t.put(1, "Iron Man")
    t.act("ability Firehouse")
    t.act("choose Spectral Hound")
    assert not t.alive(ghost) and t.thing(house).exhausted


@pytest.mark.cards(
    "hotter-fire",
    "molting-firebird",
    "captain-zane",
    "jaina-stormborne",
    "scorch",
    "crash-bomber",
    "careless-musketeer",
)
def test_red_hotter_fire_every_red_damage_ability() -> None:
    t, jaina = table(hero="jaina-stormborne", level=7)
    t.put(0, "Hotter Fire")
    # Jaina's max band: 3 + 1.
    big = t.put(1, "Regular-Sized Rhinoceros")
    t.act("ability Jaina Stormborne: blast")
    t.act("choose Regular-Sized Rhinoceros")
    assert t.thing(big).damage == 4
    # Careless Musketeer: 2 to its target and 2 to P1's own base.
    t.put(0, "Careless Musketeer")
    t.act("ability Careless Musketeer")
    t.act("choose base")
    assert t.base(1) == 2 and t.base(0) == 2
    # Scorch: 3.
    t.give(0, "Scorch")
    t.act("play Scorch")
    t.act("choose base")
    assert t.base(1) == 5
    # Crash Bomber dying on P1's turn: 2.
    t.put(0, "Crash Bomber")
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "crash-bomber"}}}])
    t.act("choose base")
    assert t.base(1) == 7
    # Molting Firebird hitting a building: 2 to every opposing unit and hero.
    t.put(0, "Molting Firebird")
    foe = t.put(1, "Iron Man")
    t.act("attack Molting Firebird -> base")
    assert t.base(1) == 11 and t.thing(foe).damage == 2 and t.thing(jaina).damage == 0
    # Zane's max band: the shove's ping deals 2.
    z, zane = table(level=5)
    z.put(0, "Hotter Fire")
    pat = z.put(1, "Iron Man", slot="squad leader")
    z.act("level Captain Zane 1")
    z.act("choose lookout")
    assert z.thing(pat).damage == 2 and zane in z.s.things


@pytest.mark.cards("hotter-fire", "jaina-stormborne")
def test_red_hotter_fire_not_combat_damage() -> None:
    t, _ = table(hero="jaina-stormborne")
    t.put(0, "Hotter Fire")
    t.put(1, "Tenderfoot", slot="elite")
    b = t.put(1, "Iron Man", slot="scavenger")
    t.act("attack Jaina Stormborne -> Tenderfoot")
    assert t.thing(b).damage == 1


@pytest.mark.cards("hotter-fire", "scorch")
def test_red_hotter_fire_stacks() -> None:
    t, _ = table(hero="jaina-stormborne")
    t.put(0, "Hotter Fire")
    t.put(0, "Hotter Fire")
    t.give(0, "Scorch")
    t.act("play Scorch")
    t.act("choose base")
    assert t.base(1) == 4


@pytest.mark.cards("cinderblast-dragon", "fire-dart")
def test_red_cinderblast_dragon_needs_no_fire_hero() -> None:
    t, _ = table(hero="drakk-ramhorn", gold=0)
    t.put(0, "Cinderblast Dragon")
    t.give(0, "Fire Dart")
    assert not t.can("play Fire Dart")
    t.act("attack Cinderblast Dragon -> base")
    t.act("choose Fire Dart")
    t.act("choose building")
    t.act("choose base")
    assert t.base(1) == 2 + 6


@pytest.mark.cards("cinderblast-dragon", "fire-dart")
def test_red_cinderblast_dragon_spell_before_the_attack() -> None:
    t, _ = table(hero="jaina-stormborne", gold=0)
    t.put(0, "Cinderblast Dragon")
    t.put(1, "Older Brother", slot="elite", damage=0)
    t.put(1, "Iron Man", slot="scavenger")
    t.give(0, "Fire Dart")
    t.act("attack Cinderblast Dragon -> Older Brother")
    t.act("choose Fire Dart")
    t.act("choose unit")
    t.act("choose Older Brother")
    assert of(t, "older-brother") == [] and t.s.pending["kind"] == "retarget"
    t.act("choose base")
    assert t.base(1) == 6 and [e.kind for e in t.events].count("play") == 1


# --------------------------------------------------------------------------------------------- heroes


@pytest.mark.cards("captain-zane")
def test_red_zane_kills_a_own_combat_and_max_count() -> None:
    t, _ = table(level=4, gold=0)
    t.put(1, "Tenderfoot", slot="scavenger")
    t.act("attack Captain Zane -> Tenderfoot")
    t.act("choose Captain Zane")  # his reward and the slot's own are two triggers: P1 orders them
    assert t.s.players[0].gold == 1
    t2, _ = table(level=5, gold=1)
    t2.put(1, "Tenderfoot", slot="elite", damage=1)
    t2.act("level Captain Zane 1")
    t2.act("choose scavenger")  # shoved into the scavenger slot, then killed there by Zane's own ping
    t2.act("choose Tenderfoot scavenger gold")
    assert t2.s.players[0].gold == 1


@pytest.mark.cards("captain-zane", "scorch")
def test_red_zane_kills_b_others_and_spells_do_not() -> None:
    t, _ = table(level=4, gold=3)
    t.put(0, "Older Brother")
    scav = t.put(1, "Tenderfoot", slot="scavenger")
    t.put(1, "Tenderfoot", slot="technician")
    t.act(f"attack Older Brother -> {t.name(scav)}")
    t.give(0, "Scorch")
    t.act("play Scorch")
    t.act("choose Tenderfoot")
    assert of(t, "tenderfoot") == [] and t.s.players[0].gold == 0 and not t.s.players[0].hand


@pytest.mark.cards("captain-zane")
def test_red_zane_shove_to_any_empty_slot() -> None:
    t, _ = table(level=5, gold=1)
    leader = t.put(1, "Iron Man", slot="squad leader")
    t.put(1, "Iron Man", slot="elite")
    t.put(1, "Iron Man", slot="scavenger")
    t.put(1, "Iron Man", slot="technician")
    t.act("level Captain Zane 1")
    t.act(f"choose {t.name(leader)}")
    assert t.s.players[1].patrol[4] == leader and t.thing(leader).damage == 1


@pytest.mark.cards("captain-zane")
def test_red_zane_shove_with_no_empty_slot_still_damages() -> None:
    t, _ = table(level=5, gold=1)
    units = [t.put(1, "Iron Man", slot=s) for s in ("squad leader", "elite", "scavenger", "technician", "lookout")]
    t.act("level Captain Zane 1")
    t.act(f"choose {t.name(units[2])}")
    assert t.s.players[1].patrol == units and t.thing(units[2]).damage == 1


@pytest.mark.cards("drakk-ramhorn")
def test_red_drakk_max_a_only_the_first_unit_each_turn() -> None:
    t, _ = table(hero="drakk-ramhorn", level=5, gold=10)
    t.give(0, "Tenderfoot", "Older Brother")
    t.act("play Tenderfoot")
    t.act("level Drakk Ramhorn 1")
    t.act("play Older Brother")
    assert "haste" not in t.kw(of(t, "older-brother")[0])


@pytest.mark.cards("drakk-ramhorn")
def test_red_drakk_max_b_no_haste_after_the_fact() -> None:
    t, _ = table(hero="drakk-ramhorn", level=5, gold=10)
    t.give(0, "Tenderfoot")
    t.act("play Tenderfoot")
    t.act("level Drakk Ramhorn 1")
    assert "haste" not in t.kw(of(t, "tenderfoot")[0])


@pytest.mark.cards("drakk-ramhorn", "surprise-attack", "jail")
def test_red_drakk_max_other_arrivals_do_not_count() -> None:
    t, _ = table(hero="drakk-ramhorn", level=6, gold=20)
    t.put(0, "captain-zane")
    future = t.give(0, "Knight of the Conclave", zone="discard")[0]
    t.s.players[0].discard.remove(future)
    t.s.players[0].future[future] = 1  # comes in from the future at P1's next upkeep
    t.end_turn()
    t.end_turn()
    t.gold(0, 20)
    assert t.alive(future) and "haste" not in t.kw(future)
    t.give(0, "Surprise Attack", "Older Brother")
    t.act("play Surprise Attack")  # two Sharks from a spell
    assert all("haste" in t.kw(u) for u in of(t, "shark"))  # their own haste, nothing from Drakk
    t.act("play Older Brother")
    assert "haste" in t.kw(of(t, "older-brother")[0])
    # A unit that arrives from Jail did not arrive from the hand either.
    j, _ = table(hero="drakk-ramhorn", level=6, gold=20)
    j.put(1, "Jail")
    first, _second = j.give(0, "Tenderfoot", "Iron Man")
    j.act("play Tenderfoot")  # jailed
    j.act("play Iron Man")  # jailed in turn: the Tenderfoot is released and arrives
    assert j.alive(first) and "haste" not in j.kw(first)


@pytest.mark.cards("drakk-ramhorn")
def test_red_drakk_max_haste_is_permanent() -> None:
    t, drakk = table(hero="drakk-ramhorn", level=6)
    t.give(0, "Older Brother")
    t.act("play Older Brother")
    brother = of(t, "older-brother")[0]
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "drakk-ramhorn"}}}])
    t.end_turn()
    t.end_turn()
    assert not t.alive(drakk) and "haste" in t.kw(brother)


# ---------------------------------------------------------------------------- general rulings (Red cards)


@pytest.mark.cards("ember-sparks", "granfalloon-flagbearer")
def test_general_flagbearer_needs_one_share_of_a_split_spell() -> None:
    t, _ = table(hero="jaina-stormborne", gold=3)
    frog = t.put(1, "Frog", slot="elite")
    skel = t.put(1, "Skeleton", slot="scavenger")
    flag = t.put(1, "Granfalloon Flagbearer", slot="technician")
    t.give(0, "Ember Sparks")
    t.act("play Ember Sparks")
    # The first point had to go to the flagbearer (the only choice, so given at once); then anything goes.
    assert t.s.pending["shares"] == [[flag, 1]] and "choose base" in t.legal()
    t.act("choose Frog")
    t.act("choose Skeleton")
    assert not t.alive(frog) and not t.alive(skel) and t.thing(flag).damage == 1


@pytest.mark.cards("drakk-ramhorn", "fruit-ninja")
def test_general_frenzy_stacks() -> None:
    t, _ = table(hero="drakk-ramhorn", level=4)
    ninja = t.put(0, "Fruit Ninja")
    assert t.atk(ninja) == 2 + 1 + 1


@pytest.mark.cards("chaos-mirror", "two-step")
def test_red_chaos_mirror_swaps_printed_values_only() -> None:
    t, _ = table()
    t.put(0, "river-montoya")
    brother = t.put(0, "Older Brother", runes=1)  # printed 2/2, with a +1/+1 rune
    partner = t.put(0, "Tenderfoot")
    iron = t.put(0, "Iron Man")  # printed 3/4
    t.give(0, "Two Step", "Chaos Mirror")
    t.act("play Two Step")
    t.act("choose Older Brother")
    t.act("choose Tenderfoot")
    assert t.atk(brother) == 2 + 1 + 2 and t.atk(partner) == 1 + 2
    t.act("play Chaos Mirror")
    t.act("choose Older Brother")
    t.act("choose Iron Man")
    assert t.atk(brother) == 3 + 1 + 2 and t.hp(brother) == 2 + 1 + 2 and t.atk(iron) == 2 and t.hp(iron) == 4
    t.end_turn()
    assert t.atk(brother) == 2 + 1 + 2 and t.atk(iron) == 3


@pytest.mark.cards("chaos-mirror", "manufactured-truth")
def test_red_chaos_mirror_copies_see_the_swap() -> None:
    t, _ = table()
    small = t.put(0, "Timely Messenger")  # printed 1/1
    big = t.put(1, "Regular-Sized Rhinoceros")  # printed 5/6
    copier = t.put(0, "Tenderfoot")
    t.give(0, "Chaos Mirror", "Manufactured Truth")
    t.act("play Chaos Mirror")
    t.act("choose Timely Messenger")
    t.act("choose Regular-Sized Rhinoceros")
    assert (t.atk(small), t.hp(small), t.atk(big)) == (5, 1, 1)
    t.act("play Manufactured Truth")
    t.act("choose Tenderfoot")  # the copier; it copies the only other tech 0/I unit, the swapped 5/1 Messenger
    assert t.thing(copier).card == "timely-messenger" and (t.atk(copier), t.hp(copier)) == (5, 1)


@pytest.mark.cards("pillage", "pirate")
def test_red_pillage_steals_only_what_there_is() -> None:
    t, _ = table(gold=5)
    t.put(0, "Pirate")
    t.gold(1, 1)
    t.give(0, "Pillage")
    t.act("play Pillage")
    t.act("choose base")
    assert t.base(1) == 2 and t.s.players[1].gold == 0 and t.s.players[0].gold == 5 - 1 + 1


@pytest.mark.cards("gunpoint-taxman")
def test_red_gunpoint_taxman_nothing_to_steal() -> None:
    t, _ = table(gold=4)
    t.gold(1, 0)
    t.put(0, "Gunpoint Taxman")
    foe = t.put(1, "Timely Messenger", slot="elite")
    t.act("attack Gunpoint Taxman -> Timely Messenger")
    assert not t.alive(foe) and t.s.players[0].gold == 4 and t.s.players[1].gold == 0


@pytest.mark.cards("sanatorium")
def test_red_sanatorium_free_and_without_tech() -> None:
    t, _ = table(gold=1, techs=False)
    t.put(0, "Sanatorium")
    t.give(0, "Regular-Sized Rhinoceros")
    assert not t.can("play Regular-Sized Rhinoceros")
    t.act("ability Sanatorium")  # the only unit in hand, but "up to": P1 may still decline
    t.act("choose Regular-Sized Rhinoceros")
    assert of(t, "regular-sized-rhinoceros") and t.s.players[0].gold == 0


@pytest.mark.cards("sanatorium", "wandering-mimic")
def test_red_sanatorium_haste_and_ephemeral_stay() -> None:
    t, _ = table(gold=1)
    t.put(0, "Sanatorium")
    t.give(0, "Iron Man")
    t.act("ability Sanatorium")
    t.act("choose Iron Man")
    iron = of(t, "iron-man")[0]
    t.thing(iron).mods.append(Mod(kw=("indestructible",), until="ever"))  # so it survives its ephemeral death
    t.end_turn()
    assert t.alive(iron) and {"haste", "ephemeral"} <= set(t.kw(iron))
    mimic = t.put(1, "Wandering Mimic")
    assert "haste" in t.kw(mimic)  # the Mimic borrows the haste the Sanatorium gave
    t.end_turn()
    shrugs = [e for e in t.events if e.kind == "indestructible" and e.data.get("uid") == iron]
    assert t.alive(iron) and len(shrugs) == 2  # it tried to die at the end of each turn


@pytest.mark.cards("drakk-ramhorn", "sanatorium")
def test_red_drakk_max_put_into_play_from_hand_counts() -> None:
    t, _ = table(hero="drakk-ramhorn", level=6, gold=1)
    t.put(0, "Sanatorium")
    t.give(0, "Tenderfoot", "Older Brother")
    t.act("ability Sanatorium")
    t.act("choose Tenderfoot")
    t.act("choose none")
    foot = of(t, "tenderfoot")[0]
    assert t.thing(foot).mods and any(
        "haste" in m.kw and m.until == "ever" and m.src != foot for m in t.thing(foot).mods
    )


@pytest.mark.cards("marauder", "jail")
def test_general_boost_paid_before_going_to_jail() -> None:
    t, _ = table(gold=10)
    t.put(1, "Jail")
    marauder, foot = t.give(0, "Marauder", "Tenderfoot")
    t.act("play Marauder boost")
    assert t.s.players[0].gold == 4
    t.act("choose p2 workers")  # the boost happens as Marauder is played...
    assert t.s.players[1].workers == 4 and t.s.players[1].zones["jail"] == [marauder]  # ...then it is jailed
    t.act("play Tenderfoot")  # caught in turn: Marauder is released and arrives
    assert t.alive(marauder) and t.s.players[1].zones["jail"] == [foot]
    assert t.s.pending is None and t.s.players[1].workers == 4 and t.s.players[0].workers == 4  # no second boost

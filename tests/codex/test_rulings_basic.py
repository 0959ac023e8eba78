"""The basic game's official rulings (tests/codex/rulings/basic.toml), one test per ruling id."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.codex.scenario import Table
from tests.codex.ruling_specs import untested

RULINGS = Path(__file__).parent / "rulings" / "basic.toml"

NOT_HERE: dict[str, str] = {}
"""Ruling ids without a test here, and why."""


def test_every_basic_ruling_has_a_test() -> None:
    missing, stale = untested("basic", NOT_HERE)
    assert not missing, f"rulings with no test: {missing}"
    assert not stale, f"listed as untested but tested (or unknown): {stale}"


def t0() -> Table:
    t = Table()
    t.clear()
    return t


def hero(t: Table, seat: int, cid: str, level: int = 1, max_since_start: bool = False) -> int:
    h = t.put(seat, cid, level=level)
    t.thing(h).max_at_start = max_since_start
    return h


@pytest.mark.cards("brick-thief")
def test_basic_brick_thief_repair_never_exceeds_max() -> None:
    t = t0()
    t.gold(0, 2)
    t.built(1, "tech1")
    t.give(0, "Brick Thief")
    t.act("play Brick Thief")
    t.act("choose tech1")
    t.act("choose my base")
    assert t.s.players[1].tech[0].damage == 1 and t.base(0) == 0 and t.s.players[0].gold == 0


@pytest.mark.cards("brick-thief")
def test_basic_brick_thief_arrives_and_attacks_both_trigger() -> None:
    t = t0()
    t.put(0, "Brick Thief")
    t.s.players[0].base_damage = 3
    t.act("attack Brick Thief -> base")
    t.act("choose base")
    assert t.base(1) == 3 and t.base(0) == 2


@pytest.mark.cards("wither")
def test_basic_wither_kills_an_x_1_through_armor() -> None:
    t = t0()
    hero(t, 0, "troq-bashar")
    t.gold(0, 2)
    tm = t.put(1, "Timely Messenger", slot="squad leader")
    t.give(0, "Wither")
    t.act("play Wither")
    t.act("choose Timely Messenger")
    assert not t.alive(tm) and tm in t.s.players[1].discard and t.s.players[0].gold == 0


@pytest.mark.cards("the-boot")
def test_basic_the_boot_destroyed_means_dies() -> None:
    t = t0()
    hero(t, 0, "troq-bashar")
    t.gold(0, 3)
    tm = t.put(1, "Timely Messenger", slot="technician")
    t.give(1, "Spark", "Bloom", "Wither", zone="deck")
    t.give(0, "The Boot")
    t.act("play The Boot")
    assert not t.alive(tm) and tm in t.s.players[1].discard and len(t.s.players[1].hand) == 1


@pytest.mark.cards("intimidate")
def test_basic_intimidate_atk_floor_is_zero() -> None:
    t = t0()
    hero(t, 0, "troq-bashar")
    t.gold(0, 1)
    ob = t.put(1, "Older Brother", slot="scavenger")
    tf = t.put(0, "Tenderfoot")
    t.give(0, "Intimidate")
    t.act("play Intimidate")
    t.act("choose Older Brother")
    assert t.atk(ob) == 0
    t.act("attack Tenderfoot -> Older Brother")
    assert t.thing(tf).damage == 0 and t.thing(ob).damage == 1


@pytest.mark.cards("final-smash")
def test_basic_final_smash_does_as_much_as_it_can() -> None:
    t = t0()
    hero(t, 0, "troq-bashar", 8, True)
    t.gold(0, 6)
    im = t.put(1, "Iron Man")
    rh = t.put(1, "Regular-sized Rhinoceros")
    t.give(0, "Final Smash")
    t.act("play Final Smash")
    assert im in t.s.players[1].hand and t.thing(rh).ctrl == 0


@pytest.mark.cards("final-smash")
def test_basic_final_smash_parts_are_mandatory() -> None:
    t = t0()
    hero(t, 0, "troq-bashar", 8, True)
    t.gold(0, 6)
    tf = t.put(0, "Tenderfoot")
    im = t.put(0, "Iron Man")
    hs = t.put(0, "Hired Stomper")
    t.give(0, "Final Smash")
    t.act("play Final Smash")
    assert tf in t.s.players[0].discard and im in t.s.players[0].hand and t.thing(hs).ctrl == 0


@pytest.mark.cards("final-smash")
def test_basic_final_smash_flagbearer_checked_per_part() -> None:
    t = t0()
    hero(t, 0, "troq-bashar", 8, True)
    t.gold(0, 6)
    gf = t.put(1, "Granfalloon Flagbearer")
    tf = t.put(1, "Tenderfoot")
    sf = t.put(1, "Spectral Flagbearer")
    im = t.put(1, "Iron Man")
    rh = t.put(1, "Regular-sized Rhinoceros")
    t.give(0, "Final Smash")
    t.act("play Final Smash")
    p2 = t.s.players[1]
    assert gf in p2.discard and sf in p2.discard and sf not in p2.hand
    assert t.alive(tf) and t.alive(im) and t.thing(rh).ctrl == 0


@pytest.mark.cards("trojan-duck")
def test_basic_trojan_duck_obliterate_ignores_untargetable() -> None:
    t = t0()
    t.s.options["trigger_order"] = "auto"
    t.put(0, "Trojan Duck")
    td = t.put(1, "Traffic Director")
    tf = t.put(1, "Tenderfoot")
    im = t.put(1, "Iron Man")
    t.act("attack Trojan Duck -> base")
    t.act("choose base")
    assert not t.alive(td) and not t.alive(tf) and t.alive(im)


@pytest.mark.cards("trojan-duck")
def test_basic_trojan_duck_building_damage_targets() -> None:
    t = t0()
    t.built(0, "tech1", "tech2", "tech3")
    t.gold(0, 7)
    t.put(1, "Hero's Monument")
    t.put(1, "Fox's Den School")
    t.built(1, "tech1")
    t.give(0, "Trojan Duck")
    t.act("play Trojan Duck")
    assert sorted(t.legal()) == [
        "choose base",
        "choose my base",
        "choose my tech1",
        "choose my tech2",
        "choose my tech3",
        "choose tech1",
    ]
    t.act("choose tech1")
    assert t.s.players[1].tech[0].damage == 4


@pytest.mark.cards("trojan-duck")
def test_basic_trojan_duck_arrives_and_attacks_both_trigger() -> None:
    t = t0()
    t.s.options["trigger_order"] = "auto"
    t.put(0, "Trojan Duck")
    t.s.players[1].base_damage = 4
    t.act("attack Trojan Duck -> base")
    t.act("choose base")
    assert t.base(1) == 16


@pytest.mark.cards("harmony")
def test_basic_harmony_does_not_trigger_on_itself() -> None:
    t = t0()
    hero(t, 0, "river-montoya")
    t.gold(0, 3)
    t.put(1, "Older Brother", slot="squad leader")
    t.give(0, "Harmony", "Spark")
    t.act("play Harmony")
    assert not [u for u, th in t.s.things.items() if th.card == "dancer"]
    t.act("play Spark")
    dancers = [u for u, th in t.s.things.items() if th.card == "dancer"]
    assert len(dancers) == 1 and (t.atk(dancers[0]), t.hp(dancers[0])) == (0, 1)


@pytest.mark.cards("dancer", "harmony")
def test_basic_harmony_dancer_arrives_after_the_spell_resolves() -> None:
    t = t0()
    river = hero(t, 0, "river-montoya")
    t.gold(0, 4)
    t.give(0, "Harmony", "Bloom")
    t.act("play Harmony")
    tf = t.put(0, "Tenderfoot")
    t.act("play Bloom")
    assert t.s.pending["options"] == [river, tf]
    t.act("choose Tenderfoot")
    dancer = next(u for u, th in t.s.things.items() if th.card == "dancer")
    assert t.thing(tf).runes == 1 and t.thing(dancer).runes == 0


@pytest.mark.cards("harmony")
def test_basic_harmony_lost_hero_does_not_stop_the_music() -> None:
    t = t0()
    river = hero(t, 0, "river-montoya")
    t.give(0, "Harmony")
    t.act("play Harmony")
    d1, d2 = t.put(0, "Dancer"), t.put(0, "Dancer")
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["hero"]}}}])
    assert not t.alive(river) and not any(th.card == "harmony" for th in t.s.things.values())
    assert t.thing(d1).card == "dancer" and t.thing(d2).card == "dancer"


@pytest.mark.cards("harmony")
def test_basic_harmony_stop_the_music_flips_dancers() -> None:
    t = t0()
    hero(t, 0, "river-montoya")
    t.give(0, "Harmony")
    t.act("play Harmony")
    harmony = next(u for u, th in t.s.things.items() if th.card == "harmony")
    dancers = [t.put(0, "Dancer") for _ in range(3)]
    t.act("ability Harmony")
    assert harmony in t.s.players[0].discard
    assert all(t.thing(d).card == "angry-dancer" and (t.atk(d), t.hp(d)) == (2, 1) for d in dancers)
    assert all("unstoppable" in t.kw(d) for d in dancers)


@pytest.mark.cards("discord")
def test_basic_discord_kills_one_hp_units_through_armor() -> None:
    t = t0()
    hero(t, 0, "river-montoya")
    t.gold(0, 2)
    tm = t.put(1, "Timely Messenger", slot="squad leader")
    im = t.put(1, "Iron Man")
    t.give(0, "Discord")
    t.act("play Discord")
    assert not t.alive(tm) and (t.atk(im), t.hp(im)) == (1, 3)


@pytest.mark.cards("two-step")
def test_basic_two_step_partners_cannot_be_chosen_again() -> None:
    t = t0()
    hero(t, 0, "river-montoya")
    t.gold(0, 4)
    tf, ob = t.put(0, "Tenderfoot"), t.put(0, "Older Brother")
    im, hs = t.put(0, "Iron Man"), t.put(0, "Hired Stomper")
    first, second = t.give(0, "Two Step", "Two Step")
    t.act(f"play {t.name(first)}")
    t.act("choose Tenderfoot")
    t.act("choose Older Brother")
    t.act(f"play {t.name(second)}")  # only Iron Man and Hired Stomper are left: chosen at once
    assert (t.atk(im), t.hp(im)) == (5, 6) and (t.atk(hs), t.hp(hs)) == (6, 5)
    assert (t.atk(tf), t.hp(tf)) == (3, 4) and (t.atk(ob), t.hp(ob)) == (4, 4)


@pytest.mark.cards("two-step")
def test_basic_two_step_ends_when_a_partner_changes_control() -> None:
    t = t0()
    hero(t, 0, "river-montoya")
    t.gold(0, 2)
    im, rh = t.put(0, "Iron Man"), t.put(0, "Regular-sized Rhinoceros")
    t.give(0, "Two Step")
    t.act("play Two Step")
    assert (t.atk(im), t.hp(im), t.atk(rh), t.hp(rh)) == (5, 6, 7, 8)
    t.end_turn()
    hero(t, 1, "troq-bashar", 8, True)
    t.gold(1, 6)
    t.give(1, "Final Smash")
    t.act("play Final Smash")  # parts 1 and 2 take Iron Man back to hand: no, it is tech I
    assert t.thing(rh).ctrl == 1 and not any(th.card == "two-step" for th in t.s.things.values())
    assert (t.atk(rh), t.hp(rh)) == (5, 6)


@pytest.mark.cards("appel-stomp")
def test_basic_appel_stomp_discarded_if_not_put_on_top() -> None:
    t = t0()
    hero(t, 0, "river-montoya", 5, True)
    t.gold(0, 1)
    ob = t.put(1, "Older Brother", slot="squad leader")
    t.give(0, "Tenderfoot", zone="deck")
    stomp = t.give(0, "Appel Stomp")[0]
    t.act("play Appel Stomp")
    t.act("choose no")
    assert t.s.players[1].patrol[0] == 0 and t.alive(ob)
    assert len(t.s.players[0].hand) == 1 and stomp in t.s.players[0].discard


@pytest.mark.cards("nimble-fencer")
def test_basic_nimble_fencer_hastes_herself() -> None:
    t = t0()
    t.built(0, "tech1")
    t.gold(0, 2)
    t.give(0, "Nimble Fencer")
    t.act("play Nimble Fencer")
    t.act("attack Nimble Fencer -> base")
    assert t.base(1) == 2


@pytest.mark.cards("star-crossed-starlet")
def test_basic_star_crossed_starlet_upkeep_order_is_chosen() -> None:
    t = t0()
    sc = t.put(0, "Star-Crossed Starlet", damage=1)
    t.put(0, "Helpful Turtle")
    t.end_turn()
    t.end_turn()
    t.act("choose Helpful Turtle healing")
    assert t.alive(sc) and t.thing(sc).damage == 1 and t.atk(sc) == 4


@pytest.mark.cards("star-crossed-starlet")
def test_basic_star_crossed_starlet_rune_adds_room_for_damage() -> None:
    t = t0()
    sc = t.put(0, "Star-Crossed Starlet", damage=1, runes=1)
    t.end_turn()
    t.end_turn()
    assert t.alive(sc) and t.thing(sc).damage == 2 and (t.atk(sc), t.hp(sc)) == (6, 3)
    t2 = t0()
    plain = t2.put(0, "Star-Crossed Starlet", damage=1)
    t2.end_turn()
    t2.end_turn()
    assert not t2.alive(plain)


@pytest.mark.cards("grounded-guide")
def test_basic_grounded_guide_stacks() -> None:
    t = t0()
    g1, g2 = t.put(0, "Grounded Guide"), t.put(0, "Grounded Guide")
    tf = t.put(0, "Tenderfoot")
    assert (t.atk(tf), t.hp(tf)) == (5, 4) and (t.atk(g1), t.hp(g1)) == (5, 4) and t.atk(g2) == 5


@pytest.mark.cards("maestro")
def test_basic_maestro_new_virtuoso_cannot_exhaust() -> None:
    t = t0()
    t.put(0, "Maestro")
    t.give(0, "Tenderfoot")
    t.gold(0, 0)
    t.act("play Tenderfoot")
    assert not any(a.startswith("ability") for a in t.legal())


@pytest.mark.cards("maestro")
def test_basic_maestro_old_virtuoso_can_exhaust() -> None:
    t = t0()
    t.put(0, "Tenderfoot")
    t.built(0, "tech1", "tech2", spec="finesse")
    t.gold(0, 3)
    t.give(0, "Maestro")
    t.act("play Maestro")
    t.act("ability Tenderfoot")
    t.act("choose base")
    assert t.base(1) == 2


@pytest.mark.cards("blademaster")
def test_basic_blademaster_grant_ends_when_it_leaves() -> None:
    t = t0()
    t.put(0, "Blademaster")
    im = t.put(0, "Iron Man")
    ob = t.put(1, "Older Brother")
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "blademaster"}}}])
    t.act("attack Iron Man -> Older Brother")
    assert not t.alive(ob) and t.thing(im).damage == 2


@pytest.mark.cards("dancer")
def test_basic_dancer_flip_keeps_everything_and_is_no_arrival() -> None:
    t = t0()
    hero(t, 0, "river-montoya")
    t.give(0, "Harmony")
    t.act("play Harmony")
    d = t.put(0, "Dancer", runes=1, damage=1)
    t.act("ability Harmony")
    assert (t.atk(d), t.hp(d), t.thing(d).damage) == (3, 2, 1)
    t.act(f"attack {t.name(d)} -> base")
    assert t.base(1) == 3


@pytest.mark.cards("troq-bashar")
def test_basic_troq_bashar_mid_hits_the_defenders_base() -> None:
    # The ruling's table is a free-for-all; in the one-on-one game "that opponent" is the only one.
    t = t0()
    troq = hero(t, 0, "troq-bashar", 5)
    tf = t.put(1, "Tenderfoot")
    t.act("attack Troq Bashar -> Tenderfoot")
    assert t.base(1) == 1 and not t.alive(tf) and t.thing(troq).damage == 1


@pytest.mark.cards("river-montoya")
def test_basic_river_montoya_discount_stops_at_zero_a() -> None:
    t = t0()
    hero(t, 0, "river-montoya", 5)
    t.put(0, "Maestro")
    t.gold(0, 0)
    t.give(0, "Tenderfoot")
    t.act("play Tenderfoot")
    assert t.s.players[0].gold == 0


@pytest.mark.cards("river-montoya")
def test_basic_river_montoya_discount_stops_at_zero_b() -> None:
    t = t0()
    hero(t, 0, "river-montoya", 5)
    t.gold(0, 0)
    t.give(0, "Timely Messenger")
    t.act("play Timely Messenger")
    assert t.s.players[0].gold == 0 and any(th.card == "timely-messenger" for th in t.s.things.values())

"""The official general rulings (tests/codex/rulings/general.toml), one test per ruling id.

Rulings that need cards whose abilities are not in the ability data yet, or another game mode, are listed
in NOT_HERE with the reason; a test checks that every ruling is either tested or listed.
"""

from __future__ import annotations

from pathlib import Path

from engine.codex.cards import catalog
from engine.codex.rules import hero_limit
from engine.codex.scenario import Table
from engine.codex.state import Mod
from engine.codex.zones import enter_play
from tests.codex.ruling_specs import untested

RULINGS = Path(__file__).parent / "rulings" / "general.toml"

_CARD = "needs a card whose abilities are not in the ability data yet: "
NOT_HERE: dict[str, str] = {}


def test_every_general_ruling_is_tested_or_listed() -> None:
    missing, stale = untested("general", NOT_HERE)
    assert not missing, f"rulings with no test: {missing}"
    assert not stale, f"listed as untested but tested (or unknown): {stale}"


def t0(**options: object) -> Table:
    t = Table(**options)  # type: ignore[arg-type]
    t.clear()
    return t


def kw(t: Table, uid: int, *words: str) -> None:
    t.thing(uid).mods.append(Mod(kw=tuple(words), until="ever"))


def targets(t: Table, attacker: str) -> set[str]:
    prefix = f"attack {attacker} -> "
    return {a[len(prefix) :] for a in t.legal() if a.startswith(prefix)}


# ------------------------------------------------------------------------------------------ anti-air


def test_general_anti_air_may_ignore_patrolling_fliers() -> None:
    t = t0()
    lz = t.put(0, "Leaping Lizard")
    cs = t.put(1, "Cloud Sprite", slot="squad leader")
    assert {"base", "Cloud Sprite"} <= targets(t, "Leaping Lizard")
    t.act("attack Leaping Lizard -> base")
    assert t.base(1) == 3 and t.thing(lz).damage == 0 and t.thing(cs).damage == 0


def test_general_anti_air_ground_defender_trades_with_flier() -> None:
    t = t0()
    e = t.put(0, "Eggship")
    lz = t.put(1, "Leaping Lizard", slot="scavenger")
    t.act("attack Eggship -> Leaping Lizard")
    assert t.thing(lz).damage == 4 and not t.alive(e)


def test_general_anti_air_flier_hits_ground_defender_for_free() -> None:
    t = t0()
    e = t.put(0, "Eggship")
    ob = t.put(1, "Older Brother", slot="scavenger")
    t.gold(1, 0)
    t.act("attack Eggship -> Older Brother")
    assert not t.alive(ob) and t.thing(e).damage == 0 and t.s.players[1].gold == 1


def test_general_anti_air_no_fly_over_when_stealth_is_used() -> None:
    t = t0()
    cs = t.put(0, "Cloud Sprite")
    kw(t, cs, "stealth")
    t.put(1, "Leaping Lizard", slot="squad leader")
    t.act("attack Cloud Sprite -> base")
    assert t.thing(cs).damage == 0 and t.base(1) == 3


def _three_lizards() -> tuple[Table, int, list[int]]:
    t = t0()
    e = t.put(0, "Eggship")
    lz = [t.put(1, "Leaping Lizard", slot=s) for s in ("squad leader", "elite", "scavenger")]
    t.built(1, "tech1", "tech2")
    return t, e, lz


def test_general_anti_air_every_flown_over_patroller_shoots_a() -> None:
    t, e, _ = _three_lizards()
    t.act("attack Eggship -> tech2")
    assert not t.alive(e) and t.s.players[1].tech[1].damage == 4
    assert sum(x.data["n"] for x in t.events if x.kind == "damage" and x.data.get("ref") == e) == 3 + 4 + 3


def test_general_anti_air_every_flown_over_patroller_shoots_b() -> None:
    t, e, (a, b, c) = _three_lizards()
    t.act(f"attack Eggship -> {t.name(a)}")
    assert not t.alive(e) and t.thing(a).damage == 3 and t.thing(b).damage == 0 and t.thing(c).damage == 0
    assert sum(x.data["n"] for x in t.events if x.kind == "damage" and x.data.get("ref") == e) == 3


def test_general_anti_air_every_flown_over_patroller_shoots_c() -> None:
    t, e, (a, b, c) = _three_lizards()
    t.act(f"attack Eggship -> {t.name(b)}")
    assert not t.alive(e) and t.thing(b).damage == 4 and t.thing(a).damage == 0 and t.thing(c).damage == 0
    assert sum(x.data["n"] for x in t.events if x.kind == "damage" and x.data.get("ref") == e) == 7


def test_general_anti_air_damage_is_simultaneous() -> None:
    t = t0()
    e = t.put(0, "Eggship")
    t.put(1, "Leaping Lizard", slot="squad leader")
    t.act("attack Eggship -> base")
    assert not t.alive(e) and t.base(1) == 4


def test_general_anti_air_with_swift_strike_shoots_first() -> None:
    t = t0()
    e = t.put(0, "Eggship")
    t.put(1, "Leaping Lizard", slot="squad leader")
    t.put(1, "Blademaster")
    t.act("attack Eggship -> base")
    assert not t.alive(e) and t.base(1) == 0


def test_general_anti_air_on_a_flier_gains_nothing() -> None:
    t = t0()
    e = t.put(0, "Eggship")
    kw(t, e, "anti-air")
    t.put(1, "Cloud Sprite", slot="squad leader")
    assert targets(t, "Eggship") == {"Cloud Sprite"}


def test_general_anti_air_does_not_stack() -> None:
    t = t0()
    e = t.put(0, "Eggship")
    lz = t.put(1, "Leaping Lizard", slot="squad leader")
    kw(t, lz, "anti-air")
    t.act("attack Eggship -> base")
    assert sum(x.data["n"] for x in t.events if x.kind == "damage" and x.data.get("ref") == e) == 3


# -------------------------------------------------------------------------------- other keywords


def test_general_channeling_spell_sacrificed_without_its_hero() -> None:
    t = t0()
    t.end_turn()
    river = t.put(1, "river-montoya")
    t.give(1, "Harmony")
    t.act("play Harmony")
    harmony = next(u for u, th in t.s.things.items() if th.card == "harmony")
    t.effect(0, [{"op": "destroy", "to": {"each": {"kind": ["hero"]}}}])
    assert not t.alive(river) and harmony in t.s.players[1].discard


def test_general_deathtouch_does_not_stack() -> None:
    t = t0()
    tb = t.put(0, "Tiny Basilisk")
    kw(t, tb, "deathtouch")
    im = t.put(1, "Iron Man")
    t.act("attack Tiny Basilisk -> Iron Man")
    assert not t.alive(im) and not t.alive(tb)


def test_general_ephemeral_dies_at_end_of_any_turn() -> None:
    t = t0()
    t.end_turn()
    shark = t.put(0, "Shark")
    t.act("end", seat=1)
    assert not t.alive(shark)


def test_general_flying_patrollers_stop_only_same_level() -> None:
    t = t0()
    e = t.put(0, "Eggship")
    t.put(1, "Older Brother", slot="squad leader")
    t.put(1, "Leaping Lizard", slot="elite")
    t.act("attack Eggship -> base")
    assert not t.alive(e) and t.base(1) == 4
    assert sum(x.data["n"] for x in t.events if x.kind == "damage" and x.data.get("ref") == e) == 4


def test_general_flying_ignores_ground_patrollers() -> None:
    t = t0()
    e = t.put(0, "Eggship")
    t.put(1, "Iron Man", slot="squad leader")
    t.act("attack Eggship -> base")
    assert t.base(1) == 4 and t.thing(e).damage == 0


def test_general_flying_cannot_ignore_flying_patrollers() -> None:
    t = t0()
    e = t.put(0, "Eggship")
    cs = t.put(1, "Cloud Sprite", slot="squad leader")
    assert not t.can("attack Eggship -> base")
    t.act("attack Eggship -> Cloud Sprite")
    assert not t.alive(cs) and not t.alive(e)


def test_general_flying_flier_versus_flier() -> None:
    t = t0()
    e = t.put(0, "Eggship")
    cs = t.put(1, "Cloud Sprite")
    t.act("attack Eggship -> Cloud Sprite")
    assert not t.alive(cs) and not t.alive(e)


def test_general_flying_ground_cannot_attack_fliers() -> None:
    t = t0()
    t.put(0, "Iron Man")
    t.put(1, "Cloud Sprite", slot="squad leader")
    t.put(1, "Tenderfoot")
    assert targets(t, "Iron Man") == {"base", "Tenderfoot"}


def test_general_forecast_put_into_play_goes_to_future() -> None:
    t = t0()
    uid = t.give(0, "Knight of the Conclave", zone="discard")[0]
    t.s.players[0].discard.remove(uid)
    g = t.g
    enter_play(g, "knight-of-the-conclave", 0, 0, uid=uid)
    assert t.s.players[0].future == {uid: 3} and uid not in t.s.things


def test_general_forecast_requirements_only_when_played() -> None:
    t = t0()
    t.built(0, "tech1", "tech2", spec="future")
    t.gold(0, 3)
    t.give(0, "Reaver")
    t.act("play Reaver")
    t.s.players[0].tech[1].status = "destroyed"
    for _ in range(2):
        t.end_turn()
        t.end_turn()
    assert any(th.card == "reaver" for th in t.s.things.values())


def test_general_frenzy_bonus_ends_with_the_turn() -> None:
    t = t0()
    fn = t.put(0, "Fruit Ninja")
    assert t.atk(fn) == 3
    t.act("patrol Fruit Ninja scavenger")
    t.end_turn()
    t.put(1, "Iron Man")
    t.s.things[max(t.s.things)].since = 0
    t.act("attack Iron Man -> Fruit Ninja")
    assert not t.alive(fn)
    assert (
        sum(x.data["n"] for x in t.events if x.kind == "damage" and x.data.get("ref") != fn and x.data.get("combat"))
        == 2
    )


def test_general_haste_lets_a_new_arrival_attack() -> None:
    t = t0()
    t.give(0, "Timely Messenger")
    t.act("play Timely Messenger")
    t.act("attack Timely Messenger -> base")
    assert t.base(1) == 1


def test_general_haste_lets_a_new_arrival_pay_exhaust_costs() -> None:
    t = t0()
    t.put(0, "Maestro")
    t.put(0, "Nimble Fencer")
    t.give(0, "Tenderfoot")
    t.act("play Tenderfoot")
    new = t.s.things[max(t.s.things)]
    t.act(f"ability {t.name(new.uid)}")
    t.act("choose base")
    assert new.uid in t.s.things and t.thing(new.uid).exhausted and t.base(1) == 2


def test_general_healing_removes_damage_only() -> None:
    t = t0()
    t.put(0, "Helpful Turtle")
    im = t.put(0, "Iron Man", damage=2, runes=-1)
    tf = t.put(0, "Tenderfoot")
    t.end_turn()
    t.end_turn()
    assert t.thing(im).damage == 1 and (t.atk(im), t.hp(im)) == (2, 3) and t.thing(tf).damage == 0


def test_general_illusion_dies_on_being_targeted() -> None:
    t = t0()
    t.put(0, "troq-bashar")
    t.gold(0, 1)
    hound = t.put(1, "Spectral Hound", slot="squad leader")
    t.give(0, "Spark")
    t.act("play Spark")
    assert not t.alive(hound) and hound in t.s.players[1].discard and t.s.players[0].gold == 0
    assert not [x for x in t.events if x.kind == "damage" and x.data.get("ref") == hound]


def test_general_illusion_survives_being_attacked() -> None:
    t = t0()
    im = t.put(0, "Iron Man")
    tiger = t.put(1, "Spectral Tiger")
    t.act("attack Iron Man -> Spectral Tiger")
    assert t.alive(tiger) and t.thing(tiger).damage == 3 and not t.alive(im)


def test_general_indestructible_at_zero_hp_stays_exhausted() -> None:
    t = t0()
    t.end_turn()
    t.put(1, "troq-bashar")
    mox = t.put(1, "Hardened Mox")
    t.give(1, "Wither")
    t.act("play Wither")
    t.act("choose Hardened Mox")
    assert t.alive(mox) and t.thing(mox).exhausted and t.hp(mox) == 0
    t.effect(0, [{"op": "damage", "n": 2, "to": {"each": {"card": "hardened-mox"}}}])
    assert t.alive(mox) and t.thing(mox).damage == 0
    t.end_turn()
    t.end_turn()  # P2's ready step: at 0 HP it is exhausted again at once
    assert t.alive(mox) and t.thing(mox).exhausted


def test_general_invisible_may_sneak_past_or_fight_patrollers() -> None:
    t = t0()
    t.put(0, "Backstabber")
    t.put(1, "Iron Man", slot="squad leader")
    t.put(1, "Tenderfoot")
    assert targets(t, "Backstabber") == {"base", "Iron Man", "Tenderfoot"}


def test_general_invisible_attacker_is_hit_back() -> None:
    t = t0()
    bs = t.put(0, "Backstabber")
    ob = t.put(1, "Older Brother")
    t.act("attack Backstabber -> Older Brother")
    assert not t.alive(ob) and t.thing(bs).damage == 2


def test_general_invisible_unseen_by_a_spent_tower() -> None:
    t = t0()
    t.built(1, "tower")
    t.s.flags["tower"] = {"1": 999}
    bs = t.put(0, "Backstabber")
    t.put(1, "Iron Man", slot="squad leader")
    t.act("attack Backstabber -> base")
    assert t.thing(bs).damage == 0 and t.base(1) == 3


def test_general_invisible_own_things_are_targetable() -> None:
    t = t0()
    t.put(0, "troq-bashar", runes=1)
    bs = t.put(0, "Backstabber")
    t.give(0, "Bloom")
    t.act("play Bloom")  # the hero already has a rune: Backstabber is the only target
    assert (t.atk(bs), t.hp(bs)) == (4, 4)


def test_general_long_range_does_not_stop_anti_air_fly_over() -> None:
    t = t0()
    pg = t.put(0, "Pirate Gunship")
    tf = t.put(1, "Tenderfoot")
    ob = t.put(1, "Older Brother")
    t.put(1, "Leaping Lizard", slot="squad leader")
    t.act("attack Pirate Gunship -> base")
    assert not t.alive(tf) and not t.alive(ob) and t.thing(pg).damage == 3 and t.base(1) == 7


def test_general_long_range_does_not_stop_tower() -> None:
    t = t0()
    da = t.put(0, "Doubleshot Archer")
    t.built(1, "tower")
    t.act("attack Doubleshot Archer -> base")
    assert t.thing(da).damage == 1 and t.base(1) >= 4


def test_general_obliterate_never_targets() -> None:
    t = t0(trigger_order="auto")
    t.put(0, "Trojan Duck")
    t.gold(0, 0)
    td, bt, im = t.put(1, "Traffic Director"), t.put(1, "Brick Thief"), t.put(1, "Iron Man")
    t.act("attack Trojan Duck -> base")
    t.act("choose base")
    assert not t.alive(td) and not t.alive(bt) and t.alive(im) and t.s.players[0].gold == 0


def test_general_obliterate_skips_indestructible() -> None:
    t = t0(trigger_order="auto")
    t.put(0, "Trojan Duck")
    mox, tf = t.put(1, "Hardened Mox"), t.put(1, "Tenderfoot")
    im, rh = t.put(1, "Iron Man"), t.put(1, "Octavian")  # tech III: a tech II unit would trash the Mox
    t.act("attack Trojan Duck -> base")
    t.act("choose base")
    assert t.alive(mox) and t.alive(rh) and not t.alive(tf) and not t.alive(im)


def test_general_overpower_no_cascade() -> None:
    t = t0()
    hr = t.put(0, "Harvest Reaper")
    tf = t.put(1, "Tenderfoot", slot="squad leader")
    ob = t.put(1, "Older Brother", slot="elite")
    t.act("attack Harvest Reaper -> Tenderfoot")
    assert not t.alive(tf) and not t.alive(ob) and t.base(1) == 0 and t.thing(hr).damage == 1


def test_general_overpower_excess_even_when_victim_survives() -> None:
    t = t0()
    t.put(0, "Centaur")
    mox = t.put(1, "Hardened Mox", slot="scavenger")
    t.act("attack Centaur -> Hardened Mox")
    assert t.alive(mox) and t.thing(mox).exhausted and t.base(1) == 2


def test_general_overpower_excess_must_go_to_another_patroller() -> None:
    t = t0()
    t.put(0, "Harvest Reaper")
    t.put(1, "Tenderfoot", slot="squad leader")
    ob = t.put(1, "Older Brother", slot="lookout")
    t.act("attack Harvest Reaper -> Tenderfoot")
    assert not t.alive(ob) and t.base(1) == 0


def test_general_overpower_only_against_patrollers() -> None:
    t = t0()
    hr = t.put(0, "Harvest Reaper")
    t.put(1, "Tenderfoot")
    t.act("attack Harvest Reaper -> Tenderfoot")
    assert t.base(1) == 0 and t.thing(hr).damage == 1


def test_general_overpower_does_not_stack() -> None:
    t = t0()
    hr = t.put(0, "Harvest Reaper")
    kw(t, hr, "overpower")
    tf = t.put(1, "Tenderfoot", slot="squad leader")
    ob = t.put(1, "Older Brother", slot="elite")
    t.act("attack Harvest Reaper -> Tenderfoot")
    assert not t.alive(tf) and not t.alive(ob) and t.base(1) == 0


def test_general_readiness_does_not_bypass_arrival_fatigue() -> None:
    t = t0()
    t.gold(0, 10)
    t.act("summon Troq Bashar")
    t.act("level Troq Bashar 7")
    assert not targets(t, "Troq Bashar")


def test_general_readiness_one_attack_per_turn() -> None:
    t = t0()
    bk = t.put(0, "Iron Man")
    kw(t, bk, "readiness")
    t.act("attack Iron Man -> base")
    t.effect(0, [{"op": "ready", "to": {"each": {"card": "iron-man"}}}])
    assert not targets(t, "Iron Man")


def test_general_resist_does_not_tax_attacks() -> None:
    t = t0()
    t.gold(0, 0)
    im = t.put(0, "Iron Man")
    bt = t.put(1, "Brick Thief")
    t.act("attack Iron Man -> Brick Thief")
    assert not t.alive(bt) and t.thing(im).damage == 2 and t.s.players[0].gold == 0


def test_general_resist_stacks() -> None:
    t = t0()
    t.put(0, "troq-bashar")
    t.gold(0, 3)
    bt = t.put(1, "Brick Thief", slot="lookout")
    t.give(0, "Spark")
    t.act("play Spark")
    assert t.s.players[0].gold == 0 and not t.alive(bt)


def test_general_sparkshot_only_adjacent_slots() -> None:
    t = t0()
    oc = t.put(0, "Revolver Ocelot")
    ob = t.put(1, "Older Brother", slot="elite")
    tf = t.put(1, "Tenderfoot", slot="technician")
    t.act("attack Revolver Ocelot -> Older Brother")
    assert t.thing(tf).damage == 0 and not t.alive(ob) and not t.alive(oc)


def test_general_sparkshot_simultaneous_with_combat() -> None:
    t = t0()
    oc = t.put(0, "Revolver Ocelot")
    im = t.put(1, "Iron Man", slot="squad leader")
    tf = t.put(1, "Tenderfoot", slot="elite")
    t.act("attack Revolver Ocelot -> Iron Man")
    assert not t.alive(oc) and t.thing(im).damage == 2 and t.thing(tf).damage == 1


def test_general_sparkshot_can_hit_a_flier() -> None:
    t = t0()
    oc = t.put(0, "Revolver Ocelot")
    ob = t.put(1, "Older Brother", slot="squad leader")
    cs = t.put(1, "Cloud Sprite", slot="elite")
    t.act("attack Revolver Ocelot -> Older Brother")
    assert t.thing(cs).damage == 1 and not t.alive(ob) and t.thing(oc).damage == 2


def test_general_sparkshot_does_not_target() -> None:
    t = t0()
    t.gold(0, 0)
    t.put(0, "Revolver Ocelot")
    t.put(1, "Older Brother", slot="squad leader")
    hound = t.put(1, "Spectral Hound", slot="elite")
    t.act("attack Revolver Ocelot -> Older Brother")
    assert t.alive(hound) and t.thing(hound).damage == 1


def test_general_sparkshot_stacks() -> None:
    t = t0()
    oc = t.put(0, "Revolver Ocelot")
    kw(t, oc, "sparkshot")  # a second instance
    left = t.put(1, "Cloud Sprite", slot="squad leader")  # a flyer the Ocelot may pass by
    t.put(1, "Iron Man", slot="elite")
    right = t.put(1, "Regular-sized Rhinoceros", slot="scavenger")
    t.act("attack Revolver Ocelot -> Iron Man")
    assert t.s.pending["kind"] == "sparkshot"
    t.act("choose Regular-sized Rhinoceros")
    t.act("choose Regular-sized Rhinoceros")  # both points to one neighbour
    assert t.thing(right).damage == 2 and t.thing(left).armor_used == 0


def test_general_stealth_may_sneak_past_or_fight_patrollers() -> None:
    t = t0()
    t.gold(0, 3)
    t.built(0, "tech1", "tech2")
    t.give(0, "Sneaky Pig")
    t.put(1, "Iron Man", slot="squad leader")
    t.act("play Sneaky Pig")
    assert targets(t, "Sneaky Pig") == {"base", "Iron Man"}


def test_general_stealth_attacker_is_hit_back() -> None:
    t = t0()
    pig = t.put(0, "Sneaky Pig")
    kw(t, pig, "stealth")
    ob = t.put(1, "Older Brother")
    t.act("attack Sneaky Pig -> Older Brother")
    assert not t.alive(ob) and t.thing(pig).damage == 2


def test_general_stealth_unseen_by_a_spent_tower() -> None:
    t = t0()
    t.built(1, "tower")
    t.s.flags["tower"] = {"1": 999}
    pig = t.put(0, "Sneaky Pig")
    kw(t, pig, "stealth")
    t.put(1, "Iron Man", slot="squad leader")
    t.act("attack Sneaky Pig -> base")
    assert t.thing(pig).damage == 0 and t.base(1) == 3


def test_general_swift_strike_both_sides_simultaneous() -> None:
    t = t0()
    t.put(0, "Blademaster")
    im = t.put(0, "Iron Man")
    gn = t.put(1, "Glorious Ninja")
    t.act("attack Iron Man -> Glorious Ninja")
    assert not t.alive(im) and not t.alive(gn)


def test_general_swift_strike_kills_before_the_reply() -> None:
    t = t0()
    t.put(0, "Blademaster")
    im = t.put(0, "Iron Man")
    ob = t.put(1, "Older Brother")
    t.act("attack Iron Man -> Older Brother")
    assert not t.alive(ob) and t.thing(im).damage == 0


def test_general_unstoppable_ignores_detection() -> None:
    t = t0()
    ad = t.put(0, "Angry Dancer")
    t.built(1, "tower")
    t.put(1, "Eyes of the Chancellor")
    t.put(1, "Iron Man", slot="squad leader")
    t.act("attack Angry Dancer -> base")
    assert not t.alive(ad) and t.base(1) == 2


def test_general_untargetable_can_be_attacked() -> None:
    t = t0()
    im = t.put(0, "Iron Man")
    td = t.put(1, "Traffic Director")
    t.act("attack Iron Man -> Traffic Director")
    assert not t.alive(td) and t.thing(im).damage == 1


def test_general_untargetable_hit_by_non_targeting_spells() -> None:
    t = t0()
    t.put(0, "river-montoya")
    t.gold(0, 2)
    td = t.put(1, "Traffic Director")
    t.give(0, "Discord")
    t.act("play Discord")
    assert not t.alive(td)


def test_general_flagbearer_has_nothing_to_do_with_attacks() -> None:
    t = t0()
    t.put(0, "Iron Man")
    t.put(1, "Granfalloon Flagbearer")
    t.act("attack Iron Man -> base")
    assert t.base(1) == 3


def test_general_flagbearer_ignored_when_untargetable_in_practice() -> None:
    t = t0()
    t.put(0, "troq-bashar")
    t.gold(0, 1)
    ob = t.put(1, "Older Brother", slot="squad leader")
    t.put(1, "Granfalloon Flagbearer", slot="lookout")
    t.give(0, "Spark")
    t.act("play Spark")
    assert t.thing(ob).armor_used == 1 and t.thing(ob).damage == 0


def test_general_tower_simultaneous_with_swift_strike() -> None:
    t = t0()
    t.put(0, "Blademaster")
    tm = t.put(0, "Timely Messenger")
    t.built(1, "tower")
    t.act("attack Timely Messenger -> base")
    assert not t.alive(tm) and t.base(1) == 1


def test_general_tower_hits_fliers_and_long_range() -> None:
    t = t0()
    e = t.put(0, "Eggship")
    t.built(1, "tower")
    t.act("attack Eggship -> base")
    assert t.thing(e).damage == 1 and t.base(1) == 4


def test_general_tower_hits_attackers_of_anything_you_control() -> None:
    t = t0()
    im = t.put(0, "Iron Man")
    t.built(1, "tower")
    tf = t.put(1, "Tenderfoot")
    t.act("attack Iron Man -> Tenderfoot")
    assert not t.alive(tf) and t.thing(im).damage == 2


def test_general_tower_detects_the_first_hidden_attacker() -> None:
    t = t0()
    t.built(1, "tower")
    t.put(1, "Iron Man", slot="squad leader")
    pig = t.put(0, "Sneaky Pig")
    kw(t, pig, "stealth")
    bs = t.put(0, "Backstabber")
    assert not t.can("attack Sneaky Pig -> base")
    t.act("attack Sneaky Pig -> Iron Man")
    assert not t.alive(pig)  # 3 from Iron Man and 1 from the tower that saw it
    t.act("attack Backstabber -> base")
    assert t.base(1) == 3 and t.thing(bs).damage == 0


def test_general_tower_detects_hidden_unstoppable_for_damage_only() -> None:
    t = t0()
    ad = t.put(0, "Angry Dancer")
    kw(t, ad, "stealth")
    t.built(1, "tower")
    t.put(1, "Iron Man", slot="squad leader")
    t.act("attack Angry Dancer -> base")
    assert not t.alive(ad) and t.base(1) == 2


def test_general_tower_spent_cannot_hit_the_hidden_attacker_of_itself() -> None:
    t = t0()
    t.built(1, "tower")
    t.s.flags["tower"] = {"1": 999}
    bs = t.put(0, "Backstabber")
    t.act("attack Backstabber -> tower")
    assert t.s.players[1].addon.damage == 3 and t.thing(bs).damage == 0


def test_general_tower_detection_lasts_the_turn() -> None:
    t = t0()
    t.built(0, "tower")
    t.put(0, "troq-bashar")
    t.gold(0, 4)
    bs = t.put(1, "Backstabber")
    t.give(0, "Wither", "Wither")
    t.act("detect Backstabber")
    for _ in range(2):
        t.act(f"play {t.name(t.s.players[0].hand[0])}")
        t.act("choose Backstabber")
    assert t.thing(bs).runes == -2 and (t.atk(bs), t.hp(bs)) == (1, 1)


# ------------------------------------------------------------------------------- add-ons, limits


def multi() -> Table:
    return t0(hero1=["troq-bashar", "river-montoya"], hero2=["river-montoya", "troq-bashar"])


def test_general_tech_lab_rebuilt_may_pick_another_spec() -> None:
    t = multi()
    t.built(0, "tech1", "tech2", spec="bashing")
    t.s.players[0].addon = None
    t.gold(0, 5)
    assert t.can("build tech lab finesse")
    t.act("build tech lab finesse")
    assert t.s.players[0].addon.spec == "finesse"


def test_general_tech_lab_spec_chosen_with_tech_ii() -> None:
    t = multi()
    t.gold(0, 10)
    t.workers(0, 8)
    t.built(0, "tech1")
    t.act("build tech lab")
    assert t.s.players[0].addon.spec is None
    t.end_turn()
    t.end_turn()
    t.act("build tech2 bashing")
    p = t.s.players[0]
    assert p.tech2_spec == "bashing" and p.addon.spec == "finesse"


def test_general_heroes_hall_hero_limit() -> None:
    t = multi()
    p = t.s.players[0]
    g = t.g
    assert hero_limit(g, p) == 1
    t.built(0, "heroes hall")
    assert hero_limit(g, p) == 2
    p.addon = None
    t.built(0, "tech1", "tech2")
    assert hero_limit(g, p) == 2
    t.built(0, "heroes hall")
    assert hero_limit(g, p) == 3
    p.addon = None
    t.built(0, "tech3")
    assert hero_limit(g, p) == 3


def test_general_heroes_hall_loss_keeps_heroes() -> None:
    t = multi()
    t.built(0, "heroes hall")
    t.gold(0, 10)
    t.act("summon Troq Bashar")
    t.act("summon River Montoya")
    t.s.players[0].addon.damage = 4
    t.g.run()
    t.effect(1, [])
    assert t.s.players[0].addon is None and t.base(0) == 2
    assert sum(1 for th in t.s.things.values() if catalog()[th.card].type == "hero") == 2


def test_general_limit_caps_new_tokens() -> None:
    t = t0()
    t.put(0, "river-montoya")
    t.gold(0, 10)
    t.give(0, "Harmony", "Discord", "Discord")
    t.act("play Harmony")
    t.put(0, "Dancer")
    t.put(0, "Dancer")
    t.act(f"play {t.name(t.s.players[0].hand[0])}")
    assert sum(1 for th in t.s.things.values() if th.card == "dancer") == 3
    t.act(f"play {t.name(t.s.players[0].hand[0])}")
    assert sum(1 for th in t.s.things.values() if th.card == "dancer") == 3


def test_general_limit_exceeded_by_stealing() -> None:
    t = t0()
    t.put(0, "river-montoya")
    t.gold(0, 10)
    t.give(0, "Harmony", "Discord")
    t.act("play Harmony")
    for _ in range(3):
        t.put(0, "Dancer")
    theirs = t.put(1, "Dancer")
    t.effect(0, [{"op": "steal", "to": {"each": {"card": "dancer", "side": "opponent"}}}])
    assert t.thing(theirs).ctrl == 0
    t.act("play Discord")
    assert sum(1 for th in t.s.things.values() if th.card == "dancer" and th.ctrl == 0) == 4


def test_general_arrival_fatigue_since_start_of_turn() -> None:
    t = t0()
    t.put(0, "Older Brother")
    t.built(0, "tech1")
    t.gold(0, 3)
    t.give(0, "Iron Man")
    t.act("play Iron Man")
    assert targets(t, "Older Brother") and not targets(t, "Iron Man")


def test_general_frenzy_stacks_with_a_second_instance() -> None:
    t = t0()
    fn = t.put(0, "Fruit Ninja")
    kw(t, fn, "frenzy 1")
    assert t.atk(fn) == 4

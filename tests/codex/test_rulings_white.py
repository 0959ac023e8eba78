"""The official White rulings (tests/codex/rulings/white.toml), one test per ruling id."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.codex.scenario import Table
from engine.codex.state import Mod
from tests.codex.ruling_specs import untested

RULINGS = Path(__file__).parent / "rulings" / "white.toml"

NOT_HERE: dict[str, str] = {}
"""Ruling ids without a test here, and why."""


def test_every_white_ruling_is_tested_or_listed() -> None:
    missing, stale = untested("white", NOT_HERE)
    assert not missing, f"rulings with no test: {missing}"
    assert not stale, f"listed as untested but tested (or unknown): {stale}"


def t0(hero: str = "grave-stormborne", level: int = 1, **options: object) -> Table:
    t = Table(**options)  # type: ignore[arg-type]
    t.clear()
    t.put(0, hero, level=level)
    return t


def uid_of(t: Table, cid: str, seat: int | None = None) -> int:
    return next(u for u, th in sorted(t.s.things.items()) if th.card == cid and (seat is None or th.ctrl == seat))


def mod(t: Table, uid: int, *words: str, atk: int = 0) -> None:
    t.thing(uid).mods.append(Mod(atk=atk, kw=tuple(words), until="ever"))


# ---------------------------------------------------------------------------------------- starter deck


@pytest.mark.cards("smoker")
def test_white_smoker_returns_before_the_rest_resolves() -> None:
    t = t0()
    t.gold(0, 1)
    sm = t.put(1, "Smoker", slot="squad leader")
    t.give(0, "Spark")
    t.act("play Spark")
    assert sm in t.s.players[1].hand and t.s.players[1].patrol[0] == 0
    assert not [e for e in t.events if e.kind == "damage"]
    assert t.s.players[0].gold == 0


@pytest.mark.cards("safe-attacking")
def test_white_safe_attacking_armor_ends_with_the_attack() -> None:
    t = t0()
    t.put(0, "Safe Attacking")
    ob = t.put(0, "Older Brother")
    t.s.combat = {"a": ob}
    assert t.q.armor_left(t.thing(ob)) == 1
    t.s.combat = None
    t.act(f"attack {t.name(ob)} -> base")
    assert t.base(1) == 2 and t.s.combat is None
    assert t.q.armor_left(t.thing(ob)) == 0


@pytest.mark.cards("safe-attacking")
def test_white_safe_attacking_armor_again_on_a_second_attack() -> None:
    t = t0()
    t.put(0, "Safe Attacking")
    ob = t.put(0, "Older Brother")
    tm = t.put(1, "Timely Messenger", slot="squad leader")  # 1/1 with the squad leader's armor
    t.put(1, "Helpful Turtle", slot="scavenger")  # 1 ATK
    t.act("attack Older Brother -> Timely Messenger")
    assert not t.alive(tm) and t.thing(ob).damage == 0
    t.effect(0, [{"op": "ready", "to": {"each": {"card": "older-brother"}}}])
    t.act("attack Older Brother -> Helpful Turtle")  # the turtle hits back for 1: soaked by fresh armor
    assert t.thing(ob).damage == 0 and t.thing(ob).armor_used == 0


@pytest.mark.cards("grappling-hook")
def test_white_grappling_hook_any_empty_slot() -> None:
    t = t0()
    sl = t.put(1, "Tenderfoot", slot="squad leader")
    el = t.put(1, "Older Brother", slot="elite")
    t.give(0, "Grappling Hook")
    t.act("play Grappling Hook")
    t.act("choose Tenderfoot")
    assert t.s.pending["options"] == ["scavenger", "technician", "lookout"]
    t.act("choose lookout")
    assert t.s.players[1].patrol == [0, el, 0, 0, sl]


@pytest.mark.cards("snapback")
def test_white_snapback_hero_comes_home_blank() -> None:
    t = t0()
    t.gold(0, 3)
    river = t.put(1, "river-montoya", level=5, damage=2, runes=1)
    t.give(0, "Snapback")
    t.act("play Snapback")
    th = t.thing(river)
    assert (th.level, th.damage, th.runes, th.since) == (1, 0, 0, t.s.turn)
    assert any(e.kind == "leave" and e.data["uid"] == river and e.data["to"] == "command" for e in t.events)


def _two_hero_snapback() -> tuple[Table, int, int]:
    t = Table(hero2=["river-montoya", "troq-bashar"])
    t.clear()
    t.put(0, "grave-stormborne")
    t.gold(0, 3)
    river = t.put(1, "river-montoya")
    troq = next(u for u in t.s.players[1].command if t.s.cards[u][0] == "troq-bashar")
    t.give(0, "Snapback")
    return t, river, troq


@pytest.mark.cards("snapback")
def test_white_snapback_same_hero_only_if_alone() -> None:
    t, river, troq = _two_hero_snapback()
    t.act("play Snapback")
    assert t.alive(troq) and t.thing(troq).level == 1
    assert not t.alive(river) and river in t.s.players[1].command


@pytest.mark.cards("snapback")
def test_white_snapback_may_field_a_hero_on_cooldown() -> None:
    t, river, troq = _two_hero_snapback()
    t.s.players[1].cooldown[troq] = 1
    t.act("play Snapback")
    assert t.alive(troq) and t.s.players[1].cooldown == {river: 2}


# ------------------------------------------------------------------------------------------ Discipline


def _focus(t: Table) -> int:
    fm = t.put(1, "Focus Master")
    t.thing(fm).marks["focus"] = 3
    return fm


@pytest.mark.cards("focus-master")
def test_white_focus_master_one_deathtouch_damage_is_exactly_lethal() -> None:
    t = t0()
    fm = _focus(t)
    a = t.put(0, "Tenderfoot")  # 1 ATK
    mod(t, a, "deathtouch")
    ob = t.put(1, "Older Brother", slot="elite")
    t.act("attack Tenderfoot -> Older Brother")
    assert t.alive(ob) and t.thing(fm).marks["focus"] == 2
    t2 = t0()
    fm2 = _focus(t2)
    b = t2.put(0, "Older Brother")  # 2 ATK
    mod(t2, b, "deathtouch")
    ob2 = t2.put(1, "Older Brother", slot="elite")
    t2.act(f"attack {t2.name(b)} -> {t2.name(ob2)}")
    assert not t2.alive(ob2) and t2.thing(fm2).marks["focus"] == 3


@pytest.mark.cards("focus-master")
def test_white_focus_master_not_when_overpower_spills() -> None:
    t = t0()
    fm = _focus(t)
    im = t.put(0, "Iron Man")
    mod(t, im, "overpower")
    tf = t.put(1, "Tenderfoot", slot="elite")
    t.act("attack Iron Man -> Tenderfoot")
    t.act("choose base")
    assert not t.alive(tf) and t.thing(fm).marks["focus"] == 3 and t.base(1) == 1


# ------------------------------------------------------------------------------------------- Strength


@pytest.mark.cards("morningstar-pass")
def test_white_morningstar_pass_no_gold_no_attack() -> None:
    t = t0()
    t.put(1, "Morningstar Pass")
    t.put(0, "Older Brother")
    t.gold(0, 0)
    assert not t.can("attack Older Brother -> Morningstar Pass")
    t.gold(0, 1)
    t.act("attack Older Brother -> Morningstar Pass")
    assert t.s.players[0].gold == 0


# ---------------------------------------------------------------------------------------------- heroes


@pytest.mark.cards("setsuki-hiruki")
def test_white_setsuki_hand_may_exceed_five() -> None:
    t = t0("setsuki-hiruki", level=6)
    t.give(0, *["Spark"] * 20, zone="deck")
    t.end_turn()
    p1 = t.s.players[0]
    while len(p1.hand) < 4:
        p1.hand.append(p1.deck.pop())
    t.end_turn()  # P1's upkeep: 4 + 2 = 6 cards, more than five is fine
    assert t.s.active == 0 and len(t.s.players[0].hand) == 6
    t.act("end")
    assert len(t.s.players[0].hand) == 5  # discard 6, draw min(6 + 2, 5)


@pytest.mark.cards("true-power-of-storms")
def test_white_true_power_of_storms_no_discard_no_target() -> None:
    t = t0(level=7)
    t.thing(uid_of(t, "grave-stormborne")).max_at_start = True
    t.gold(0, 3)
    im = t.put(1, "Iron Man")
    t.give(0, "True Power of Storms", "Reversal", "Spark")
    t.act("play True Power of Storms")
    assert t.s.pending is None and t.alive(im) and t.thing(im).damage == 0
    assert sorted(t.s.cards[u][0] for u in t.s.players[0].hand) == ["reversal", "spark"]


@pytest.mark.cards("sparring-partner")
def test_white_sparring_partner_can_still_spar() -> None:
    t = t0()
    t.gold(0, 2)
    sp = t.put(0, "Sparring Partner")
    ob = t.put(0, "Older Brother")
    t.act("ability Sparring Partner: rune")
    t.act("choose Grave Stormborne")
    t.act("ability Sparring Partner: spar")
    t.act("ability Sparring Partner: rune")
    t.act(f"choose {t.name(ob)}")
    assert t.thing(ob).runes == 1 and t.thing(uid_of(t, "grave-stormborne")).runes == 1
    assert not any(a.startswith("attack Sparring Partner") for a in t.legal())
    assert t.thing(sp).exhausted


@pytest.mark.cards("young-lightning-dragon")
def test_white_young_lightning_dragon_thrice_per_turn() -> None:
    t = t0()
    t.gold(0, 5)
    yd = t.put(0, "Young Lightning Dragon")
    for _ in range(3):
        t.act("ability Young Lightning Dragon")
    assert t.atk(yd) == 6 and t.s.players[0].gold == 2
    assert not t.can("ability Young Lightning Dragon")
    t.end_turn()
    t.end_turn()
    assert t.can("ability Young Lightning Dragon") and t.atk(yd) == 3


@pytest.mark.cards("mind-parry-monk")
def test_white_mind_parry_monk_shields_everything_you_control() -> None:
    t = t0()
    t.gold(0, 1)
    t.put(1, "Mind-Parry Monk")
    t.put(1, "Older Brother", slot="squad leader")
    t.put(1, "river-montoya", slot="elite")
    mine = t.put(0, "Older Brother")
    t.give(0, "Spark")
    assert not t.can("play Spark")  # the only patrollers are shielded
    g = t.g
    from engine.codex.effects import candidates, new_ctx

    mine_ctx = new_ctx(0, "", 0)
    picks = candidates(g, {"kind": ["fighter", "building"]}, mine_ctx, True)
    assert mine in picks and "1:base" in picks
    assert not [r for r in picks if isinstance(r, int) and t.thing(r).ctrl == 1]


@pytest.mark.cards("grave-stormborne")
def test_white_grave_stormborne_attack_first_then_destroy() -> None:
    t = t0(level=7)
    t.thing(uid_of(t, "grave-stormborne")).marks["sword"] = 1
    im = t.put(1, "Iron Man")
    t.act("attack Grave Stormborne -> base")
    assert t.base(1) == 4 and t.can("ability Grave Stormborne")
    t.act("ability Grave Stormborne")
    t.act("choose Iron Man")
    assert not t.alive(im) and not any(a.startswith("attack Grave") for a in t.legal())
    t2 = t0(level=7)
    t2.thing(uid_of(t2, "grave-stormborne")).marks["sword"] = 1
    t2.put(1, "Iron Man")
    t2.act("ability Grave Stormborne")
    t2.act("choose Iron Man")
    assert not any(a.startswith("attack Grave") for a in t2.legal())  # exhausted: no attack after


@pytest.mark.cards("grave-stormborne")
def test_white_grave_stormborne_no_ability_in_the_middle_of_an_attack() -> None:
    t = t0(level=7)
    t.thing(uid_of(t, "grave-stormborne")).marks["sword"] = 1
    t.put(1, "Iron Man", slot="elite")
    t.put(1, "Older Brother", slot="scavenger")
    t.put(1, "Tenderfoot", slot="technician")
    t.act("attack Grave Stormborne -> Older Brother")  # two neighbours: the sparkshot asks mid-attack
    assert t.s.pending is not None and t.s.pending["kind"] == "sparkshot"
    assert not any(a.startswith("ability") for a in t.legal())


# -------------------------------------------------------------------------------------------- Ninjutsu


@pytest.mark.cards("hidden-ninja", "senseis-advice")
def test_white_hidden_ninja_keeps_stealth_above_four_atk() -> None:
    t = t0("setsuki-hiruki")
    t.gold(0, 10)
    ob = t.put(0, "Older Brother")
    t.put(1, "Iron Man", slot="squad leader")
    t.give(0, "Hidden Ninja", "Sensei's Advice")
    t.act("play Hidden Ninja")
    t.act(f"choose {t.name(ob)}")
    t.act("choose done")
    t.thing(ob).mods.append(Mod(atk=3, until="turn"))
    assert t.atk(ob) == 5 and "stealth" in t.kw(ob)
    t.act(f"attack {t.name(ob)} -> base")
    assert t.base(1) == 5


@pytest.mark.cards("shuriken-hail")
def test_white_shuriken_hail_active_player_orders_triggers() -> None:
    t = t0("setsuki-hiruki")
    t.gold(0, 1)
    t.put(1, "Gorgon", slot="elite", damage=3)  # draws a card when it dies
    t.put(1, "Blackhand Dozer", slot="scavenger", damage=5)  # destroys the weakest unit when it dies
    t.give(0, "Shuriken Hail")
    t.act("play Shuriken Hail")
    assert not [u for u, th in t.s.things.items() if th.card in ("gorgon", "blackhand-dozer")]
    assert t.s.pending is not None and t.s.pending["kind"] == "order" and t.s.pending["seat"] == 0
    # The two dies triggers and the scavenger slot's gold (a dies trigger too, The Boot ruling).
    assert t.legal() == ["choose Blackhand Dozer scavenger gold", "choose Gorgon", "choose Blackhand Dozer"]


@pytest.mark.cards("jade-fox-dens-headmistress")
def test_white_jade_fox_is_a_ninja_herself() -> None:
    t = t0("setsuki-hiruki")
    jf = t.put(0, "Jade Fox, Den's Headmistress")
    assert {"flying", "swift strike"} <= set(t.kw(jf))


@pytest.mark.cards("jade-fox-dens-headmistress", "setsuki-hiruki")
def test_white_jade_fox_skips_setsuki() -> None:
    t = t0("setsuki-hiruki", level=6)
    t.put(0, "Jade Fox, Den's Headmistress")
    kw = t.kw(uid_of(t, "setsuki-hiruki"))
    assert "flying" not in kw and "swift strike" not in kw


# -------------------------------------------------------------------------------------------- Strength


def _birds(t: Table) -> list[int]:
    return [u for u, th in t.s.things.items() if th.card == "bird"]


@pytest.mark.cards("birds-nest")
def test_white_birds_nest_two_nests_two_birds() -> None:
    t = t0("garus-rook")
    t.gold(0, 4)
    t.give(0, "Bird's Nest", "Bird's Nest")
    first, second = t.s.players[0].hand
    t.act(f"play {t.name(first)}")
    t.act(f"play {t.name(second)}")
    assert len(_birds(t)) == 2 and len([u for u in t.s.things if t.s.things[u].card == "birds-nest"]) == 2
    t.end_turn()
    t.end_turn()
    assert len(_birds(t)) == 2


@pytest.mark.cards("birds-nest")
def test_white_birds_nest_birds_outlive_the_nest() -> None:
    t = t0("garus-rook")
    t.gold(0, 2)
    t.give(0, "Bird's Nest")
    t.act("play Bird's Nest")
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["hero"], "side": "opponent"}}}])
    assert not [u for u, th in t.s.things.items() if th.card == "birds-nest"]
    assert len(_birds(t)) == 2


@pytest.mark.cards("thunderclap")
def test_white_thunderclap_tokens_cost_zero_a() -> None:
    t = t0("garus-rook")
    t.gold(0, 2)
    t.effect(1, [{"op": "summon", "token": "ninja", "n": 1}, {"op": "summon", "token": "dancer", "n": 1}])
    ninja, dancer = (uid_of(t, "ninja"), uid_of(t, "dancer"))
    im = t.put(1, "Iron Man")
    p2 = t.s.players[1]
    p2.patrol[:3] = [ninja, dancer, im]
    t.give(0, "Thunderclap")
    t.act("play Thunderclap")
    assert set(t.s.pending["options"]) == {ninja, dancer}
    t.act("choose Ninja")
    t.act("choose Dancer")
    assert t.s.players[1].patrol[:3] == [0, 0, im]


@pytest.mark.cards("thunderclap")
def test_white_thunderclap_token_copying_a_costly_unit_b() -> None:
    t = t0("garus-rook")
    t.gold(0, 2)
    t.effect(1, [{"op": "summon", "token": "ninja", "n": 2}])
    copy, plain = sorted(u for u, th in t.s.things.items() if th.card == "ninja")
    t.put(1, "Iron Man")
    t.effect(
        1,
        [
            {"op": "ready", "to": {"each": {"card": "ninja"}}, "as": "me"},
            {"op": "copy", "onto": "me", "until": "turn", "to": {"each": {"card": "iron-man"}}},
        ],
    )
    assert t.thing(copy).card == "iron-man"
    t.s.players[1].patrol[:3] = [copy, plain, 0]
    t.give(0, "Thunderclap")
    t.act("play Thunderclap")
    assert t.s.pending["options"] == [plain]  # the plain token only: not the copy of Iron Man, nor Iron Man


@pytest.mark.cards("thunderclap")
def test_white_thunderclap_may_target_non_patrollers() -> None:
    t = t0("garus-rook")
    t.gold(0, 2)
    tf = t.put(1, "Tenderfoot")
    hound = t.put(1, "Spectral Hound")  # an Illusion costing 1
    t.give(0, "Thunderclap")
    t.act("play Thunderclap")
    assert set(t.s.pending["options"]) == {tf, hound}  # neither patrols: both may be targeted
    t.act("choose Tenderfoot")
    t.act("choose Spectral Hound")
    assert t.alive(tf) and not t.alive(hound) and t.s.pending is None  # the Illusion dies when targeted


@pytest.mark.cards("earthquake")
def test_white_earthquake_each_sentence_once() -> None:
    t = t0("garus-rook", level=8)
    t.thing(uid_of(t, "garus-rook")).max_at_start = True
    t.gold(0, 5)
    t.built(1, "tech1")
    t.s.players[1].tech[0].damage = 2
    t.give(0, "Earthquake")
    t.act("play Earthquake")
    assert t.s.players[1].tech[0].status == "destroyed" and t.base(1) == 2


@pytest.mark.cards("doubling-barbarbarian")
def test_white_doubling_barbarbarian_doubles_squad_leader_armor_a() -> None:
    t = t0()
    db = t.put(1, "Doubling Barbarbarian", slot="squad leader")
    assert t.q.armor_left(t.thing(db)) == 2
    db2 = t.put(1, "Doubling Barbarbarian", slot="elite")
    assert t.atk(db2) == 5  # the elite's +1 ATK is doubled too


@pytest.mark.cards("doubling-barbarbarian")
def test_white_doubling_barbarbarian_doubles_plus_runes_b() -> None:
    t = t0()
    t.gold(0, 2)
    db = t.put(0, "Doubling Barbarbarian")
    t.give(0, "Bloom")
    t.act("play Bloom")
    t.act("choose Doubling Barbarbarian")
    assert t.thing(db).runes == 1 and (t.atk(db), t.hp(db)) == (5, 7)


@pytest.mark.cards("doubling-barbarbarian", "aged-sensei")
def test_white_doubling_barbarbarian_doubled_gain_ends_with_its_effect() -> None:
    t = t0()
    db = t.put(0, "Doubling Barbarbarian")
    t.put(0, "Aged Sensei")
    t.act("ability Aged Sensei")
    t.act("choose Doubling Barbarbarian")
    assert t.atk(db) == 5 and t.q.armor_left(t.thing(db)) == 2
    t.end_turn()
    assert t.atk(db) == 3 and t.q.armor_total(t.thing(db)) == 0 and t.hp(db) == 5


@pytest.mark.cards("doubling-barbarbarian", "savior-monk")
def test_white_doubling_barbarbarian_healing_not_doubled() -> None:
    t = t0()
    db = t.put(0, "Doubling Barbarbarian", damage=3)
    t.put(0, "Savior Monk")
    t.end_turn()
    t.end_turn()
    assert t.thing(db).damage == 2 and t.hp(db) == 5


@pytest.mark.cards("inverse-power-ninja")
def test_white_inverse_power_ninja_counts_only_what_you_control_in_play() -> None:
    t = Table(hero1=["troq-bashar", "river-montoya"])
    t.clear()
    t.put(0, "troq-bashar")  # River Montoya stays in the command zone
    ipn = t.put(0, "Inverse Power Ninja")
    t.put(0, "Older Brother")
    stolen = t.put(0, "Tenderfoot")
    t.thing(stolen).ctrl = 1  # P1 owns it, P2 controls it
    assert (t.atk(ipn), t.hp(ipn)) == (4, 4)


@pytest.mark.cards("martial-mastery")
def test_white_martial_mastery_cannot_draw_itself() -> None:
    t = t0()
    t.gold(0, 1)
    t.give(0, "Martial Mastery", "Spark")
    t.give(0, "Tenderfoot", zone="discard")
    t.act("play Martial Mastery")  # Spark is the only card left to discard: it goes at once
    p1 = t.s.players[0]
    assert sorted(t.s.cards[u][0] for u in p1.hand) == ["spark", "tenderfoot"]
    assert [t.s.cards[u][0] for u in p1.discard] == ["martial-mastery"]
    kinds = t.kinds()
    assert kinds.index("discard") < kinds.index("shuffle") < kinds.index("looked")


@pytest.mark.cards("foxs-den-school")
def test_white_foxs_den_school_ninja_type_outlasts_the_school() -> None:
    t = t0()
    t.gold(0, 2)
    t.put(0, "Fox's Den School")
    ob = t.put(0, "Older Brother")
    t.act("ability Fox's Den School")  # the only unit of P1's: chosen at once
    assert "invisible" in t.kw(ob)
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "foxs-den-school"}}}])
    assert "ninja" in t.q.subtypes(t.thing(ob)) and "invisible" not in t.kw(ob)


@pytest.mark.cards("oathkeeper-of-kor-mountain")
def test_white_oathkeeper_first_oath_allows_put_into_play() -> None:
    t = t0("garus-rook")
    t.gold(0, 5)
    ok = t.put(0, "Oathkeeper of Kor Mountain")
    t.effect(0, [{"op": "hook", "name": "swear", "args": {"oath": "no cards from hand"}}], src=ok)
    t.give(0, "Tenderfoot", "Older Brother")
    assert not t.can("play Tenderfoot") and t.can("worker Tenderfoot")
    t.effect(0, [{"op": "put into play", "from": "hand", "whose": "you", "filter": {"card": "older-brother"}}])
    t.act("choose Older Brother")
    assert uid_of(t, "older-brother") and not t.can("play Tenderfoot")


@pytest.mark.cards("oathkeeper-of-kor-mountain")
def test_white_oathkeeper_second_oath_keeps_the_hand() -> None:
    t = t0("garus-rook")
    ok = t.put(0, "Oathkeeper of Kor Mountain")
    t.effect(0, [{"op": "hook", "name": "swear", "args": {"oath": "skip the draw"}}], src=ok)
    hand = t.give(0, "Spark", "Wither")
    t.give(0, *["Bloom"] * 6, zone="deck")
    t.act("end")
    assert t.s.players[0].hand == hand and not t.s.players[0].discard and t.s.players[0].tech_open


@pytest.mark.cards("garus-rook")
def test_white_garus_rook_would_die_is_not_dying() -> None:
    t = t0()
    t.gold(0, 5)
    gr = t.put(1, "garus-rook", level=8, slot="technician")
    t.give(1, "Spark", zone="deck")
    t.give(0, "Wither")
    t.effect(0, [{"op": "damage", "n": 6, "to": {"each": {"kind": ["hero"], "side": "opponent"}}}])
    assert t.alive(gr) and t.thing(gr).marks.get("crumbling") == 1 and t.thing(gr).damage == 0
    assert not t.s.players[1].hand  # no technician draw
    assert not [e for e in t.events if e.kind == "level"]  # no bounty
    t.effect(0, [{"op": "damage", "n": 6, "to": {"each": {"kind": ["hero"], "side": "opponent"}}}])
    assert not t.alive(gr) and len(t.s.players[1].hand) == 1  # a real death this time


@pytest.mark.cards("rambasa-twin")
def test_white_rambasa_twins_dying_together_active_player_picks() -> None:
    t = t0()
    a = t.put(0, "Rambasa Twin", damage=1)
    b = t.put(0, "Rambasa Twin", damage=1)
    t.effect(1, [{"op": "damage", "n": 1, "to": {"each": {"card": "rambasa-twin"}}}])
    p1 = t.s.players[0]
    # Both are P1's: whichever the active player would pick, one Twin goes home and the other to the
    # discard pile, so nothing is asked.
    assert not t.alive(a) and not t.alive(b) and t.s.pending is None
    assert p1.codex.get("rambasa-twin") == 1 and len([u for u in (a, b) if u in p1.discard]) == 1
    t2 = t0()
    mine = t2.put(0, "Rambasa Twin", damage=1)
    theirs = t2.put(1, "Rambasa Twin", damage=1)
    t2.effect(0, [{"op": "damage", "n": 1, "to": {"each": {"card": "rambasa-twin"}}}])
    assert t2.s.pending["kind"] == "twin home" and t2.s.pending["seat"] == 0
    t2.act(f"choose {t2.name(mine)}")
    assert t2.s.players[0].codex.get("rambasa-twin") == 1 and theirs in t2.s.players[1].discard

"""Blue's official rulings (tests/codex/rulings/blue.toml), one test per ruling id, and the general rulings
that waited for Blue cards (Jail, Brave Knight, Boot Camp, Sirus Quince, Bigby Hayes, Manufactured Truth)."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table
from tests.codex.ruling_specs import untested

NOT_HERE: dict[str, str] = {}
"""Ruling ids without a test here, and why."""


def test_every_blue_ruling_has_a_test() -> None:
    missing, stale = untested("blue", NOT_HERE)
    assert not missing, f"rulings with no test: {missing}"
    assert not stale, f"listed as untested but tested (or unknown): {stale}"


def t0(hero: str = "bigby-hayes", level: int = 1, gold: int = 20, max_since_start: bool = False) -> Table:
    """P1 (active) with `hero` in play and gold; P2 with River Montoya in its command zone, nothing in play."""
    t = Table(hero1=hero)
    t.clear()
    t.gold(0, gold)
    h = t.put(0, hero, level=level)
    t.thing(h).max_at_start = max_since_start
    return t


def things(t: Table, card: str, seat: int | None = None) -> list[int]:
    return sorted(u for u, th in t.s.things.items() if th.card == card and (seat is None or th.ctrl == seat))


def end_turn(t: Table) -> None:
    """End the turn, keeping nothing with stash."""
    t.act("end")
    if t.s.pending is not None and t.s.pending["kind"] == "stash":
        t.act("choose none")
    if t.s.phase == "await_tech":
        t.pick_tech(t.s.active)


# ------------------------------------------------------------------------------------------ starter deck


@pytest.mark.cards("building-inspector")
def test_blue_building_inspector_every_kind_of_building() -> None:
    t = t0()
    t.put(1, "Building Inspector")
    p = t.s.players[0]
    p.tech[0].status = "destroyed"
    t.workers(0, 6)
    t.gold(0, 10)
    t.act("build tech1")  # free rebuild, first building: 1
    assert t.s.players[0].gold == 9
    t.act("build tower")
    assert t.s.players[0].gold == 6


@pytest.mark.cards("bluecoat-musketeer")
def test_blue_bluecoat_musketeer_checks_current_atk() -> None:
    t = t0()
    m = t.put(0, "Bluecoat Musketeer", runes=1)  # 2/3
    t.put(1, "Iron Man")  # 3/4
    assert "long-range" not in t.kw(m)
    t.act("attack Bluecoat Musketeer -> Iron Man")
    assert not t.alive(m)  # no long-range: Iron Man hit back


@pytest.mark.cards("porkhand-magistrate")
def test_blue_porkhand_magistrate_not_on_himself() -> None:
    t = t0(gold=1)
    pm = t.put(0, "Porkhand Magistrate")
    t.put(1, "Older Brother")
    t.act("ability Porkhand Magistrate")
    assert pm not in t.s.pending["options"] and len(t.s.pending["options"]) == 2


@pytest.mark.cards("porkhand-magistrate")
def test_blue_porkhand_magistrate_exhausted_or_own_fighters() -> None:
    t = t0(gold=1)
    t.put(0, "Porkhand Magistrate")
    mine = t.put(0, "Tenderfoot", exhausted=True)
    hero = t.put(1, "troq-bashar", exhausted=True)
    t.act("ability Porkhand Magistrate")
    assert {mine, hero} <= set(t.s.pending["options"])
    t.give(1, "Spark", zone="deck")
    t.act("choose Troq Bashar")
    assert t.thing(hero).skip_ready and len(t.s.players[1].hand) == 1


@pytest.mark.cards("reputable-newsman")
def test_blue_reputable_newsman_ends_when_he_leaves() -> None:
    t = t0()
    t.end_turn()
    t.gold(1, 10)
    t.give(1, "Reputable Newsman")
    t.act("play Reputable Newsman", 1)
    t.act("choose 1", 1)
    t.end_turn()
    t.put(1, "Older Brother", slot="elite")
    t.give(0, "Spark")
    assert not t.can("play Spark")
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "reputable-newsman"}}}])
    assert t.can("play Spark")


@pytest.mark.cards("jail")
def test_blue_jail_released_unit_arrives_then() -> None:
    t = t0()
    t.put(1, "Jail")
    bt, foot = t.give(0, "Brick Thief", "Tenderfoot")
    t.act("play Brick Thief")
    assert bt not in t.s.things and t.s.pending is None and t.base(1) == 0
    t.act("play Tenderfoot")
    assert t.alive(bt) and t.s.players[1].zones["jail"] == [foot]
    t.act("choose base")  # Brick Thief's arrival happens now
    assert t.base(1) == 1


@pytest.mark.cards("jail", "plasmodium")
def test_blue_jail_does_not_hold_forecast_units() -> None:
    check_forecast_skips_jail()


def check_forecast_skips_jail() -> None:
    t = t0(hero="river-montoya")
    t.put(1, "Jail")
    (pl,) = t.give(0, "Plasmodium")
    t.act("play Plasmodium")
    assert pl in t.s.players[0].future and not t.s.players[1].zones.get("jail")
    for _ in range(6):
        end_turn(t)
        if t.alive(pl):
            break
    assert t.alive(pl) and t.thing(pl).ctrl == 0 and not t.s.players[1].zones.get("jail")


@pytest.mark.cards("manufactured-truth", "spirit-of-the-panda")
def test_blue_manufactured_truth_copies_the_printed_card() -> None:
    t = t0()
    mine = t.put(0, "Tenderfoot")
    iron = t.put(1, "Iron Man", runes=1)
    panda = t.put(1, "Spirit of the Panda")
    t.thing(panda).attached = iron
    assert (t.atk(iron), t.hp(iron)) == (3 + 1 + 2, 4 + 1 + 2) and t.q.abilities(t.thing(iron))
    t.give(0, "Manufactured Truth")
    t.act("play Manufactured Truth")
    assert t.thing(mine).card == "iron-man" and (t.atk(mine), t.hp(mine)) == (3, 4)
    assert not t.thing(mine).mods and not t.q.abilities(t.thing(mine))  # nor the Panda's "Attacks: gain 1"


@pytest.mark.cards("manufactured-truth", "chaos-mirror")
def test_blue_manufactured_truth_copies_changed_printed_values() -> None:
    t = t0(hero="captain-zane")
    mine = t.put(0, "Tenderfoot")
    t.put(0, "Spectral Tiger")  # printed 5 ATK
    ob = t.put(1, "Older Brother")  # printed 2 ATK
    t.give(0, "Chaos Mirror", "Manufactured Truth")
    t.act("play Chaos Mirror")
    t.act("choose Older Brother")
    t.act("choose Spectral Tiger")
    assert t.atk(ob) == 5
    t.act("play Manufactured Truth")  # Tenderfoot copies the only other tech 0/I unit
    assert t.thing(mine).card == "older-brother" and t.atk(mine) == 5


@pytest.mark.cards("flagbearer", "manufactured-truth")
def test_general_flagbearer_only_binds_targeting() -> None:
    t = t0(gold=1)
    mine = t.put(0, "Tenderfoot")
    t.put(1, "Granfalloon Flagbearer")
    t.put(1, "Iron Man")
    t.give(0, "Manufactured Truth")
    t.act("play Manufactured Truth")
    assert "choose Iron Man" in t.legal()  # not forced onto the flagbearer: no target symbol
    t.act("choose Iron Man")
    assert t.thing(mine).card == "iron-man"


# ------------------------------------------------------------------------------------------------- Law


@pytest.mark.cards("injunction")
def test_blue_injunction_disables_every_unit_of_that_tech() -> None:
    t = t0()
    t.built(1, "tech1", "tech2", spec="finesse")
    a = t.put(1, "Hired Stomper")  # Bashing
    b = t.put(1, "Maestro")  # Finesse
    t.give(0, "Injunction")
    t.act("play Injunction")
    t.act("choose tech2")
    assert t.thing(a).skip_ready and t.thing(b).skip_ready


@pytest.mark.cards("injunction")
def test_blue_injunction_blocks_the_next_tier_a() -> None:
    t = t0()
    t.built(1, "tech1", "tech2")
    t.give(0, "Injunction")
    t.act("play Injunction")
    t.act("choose tech2")
    end_turn(t)
    t.workers(1, 10)
    t.gold(1, 10)
    assert not t.can("build tech3", 1)
    end_turn(t)
    end_turn(t)
    t.workers(1, 10)
    t.gold(1, 10)
    assert t.can("build tech3", 1)


@pytest.mark.cards("injunction")
def test_blue_injunction_blocks_the_next_tier_b() -> None:
    t = t0()
    t.built(1, "tech1", "tech2", "tech3", spec="bashing")
    t.give(0, "Injunction")
    t.act("play Injunction")
    t.act("choose tech2")
    end_turn(t)
    t.gold(1, 20)
    t.give(1, "Trojan Duck")  # tech III Bashing
    t.s.players[1].tech2_spec = "bashing"
    assert t.can("play Trojan Duck", 1)


@pytest.mark.cards("injunction")
def test_blue_injunction_needs_that_building() -> None:
    t = t0()
    t.built(1, "tech1")
    u = t.put(1, "Hired Stomper")
    t.give(0, "Injunction")
    t.act("play Injunction")  # only Tech I to pick: picked at once
    assert t.s.players[1].marks == {"tech1 off": 1} and not t.thing(u).exhausted


@pytest.mark.cards("community-service")
def test_blue_community_service_free_and_no_tech_needed() -> None:
    t = t0(gold=5)
    (unit,) = t.give(1, "Maestro")  # tech II Finesse
    t.give(0, "Community Service")
    t.act("play Community Service")
    t.act("choose hand")
    t.act("choose Maestro")
    assert t.thing(unit).ctrl == 0 and t.s.players[0].gold == 0 and not t.s.players[0].tech[1].alive


@pytest.mark.cards("jurisdiction", "two-step")
def test_blue_jurisdiction_channeling_without_its_hero() -> None:
    t = t0(gold=10)
    t.s.players[0].codex["two-step"] = 1
    a, b = t.put(0, "Tenderfoot"), t.put(0, "Older Brother")
    t.put(0, "Scribe")  # three units: Two Step would have to ask which two, but it does nothing at all
    t.give(0, "Jurisdiction")
    t.act("play Jurisdiction")
    t.act("choose Two Step")
    assert (
        t.s.pending is None
        and not things(t, "two-step")
        and any(t.s.cards[u][0] == "two-step" for u in t.s.players[0].discard)
    )
    assert t.atk(a) == 1 and t.atk(b) == 2  # nothing paired


@pytest.mark.cards("judgment-day")
def test_blue_judgment_day_destroyed_units_die() -> None:
    t = t0(level=5)
    u = t.put(1, "Tenderfoot", slot="technician")
    t.give(1, "Spark", zone="deck")
    t.give(0, "Judgment Day")
    t.act("play Judgment Day")
    assert u in t.s.players[1].discard and len(t.s.players[1].hand) == 1


@pytest.mark.cards("tax-collector")
def test_blue_tax_collector_nothing_from_no_gold() -> None:
    t = t0(gold=2)
    t.built(0, "tech1")
    t.gold(1, 0)
    t.give(0, "Tax Collector")
    t.act("play Tax Collector")
    assert (t.s.players[0].gold, t.s.players[1].gold) == (0, 0)


@pytest.mark.cards("drill-sergeant", "summon-skeletons")
def test_blue_drill_sergeant_summon_spells_do_not_count() -> None:
    t = t0(gold=10)
    ds = t.put(0, "Drill Sergeant")
    t.give(0, "Summon Skeletons")
    t.act("play Summon Skeletons")  # a Black minor spell: any hero casts it
    assert things(t, "skeleton", 0) and t.thing(ds).runes == 0


def sanatorium(t: Table, unit: str = "Iron Man") -> int:
    """P1 uses Sanatorium (fresh from play: it has no tech building to need) to put `unit` from its hand into
    play; its draw takes the top card of P1's deck."""
    t.put(0, "Sanatorium")
    t.gold(0, max(t.s.players[0].gold, 1))
    (uid,) = t.give(0, unit)
    t.act("ability Sanatorium")
    t.act(f"choose {unit}")
    if t.s.pending is not None:
        t.act("choose none")
    assert t.alive(uid) and t.thing(uid).ctrl == 0
    return uid


@pytest.mark.cards("drill-sergeant", "sanatorium")
def test_blue_drill_sergeant_put_into_play_does_not_count() -> None:
    t = t0()
    ds = t.put(0, "Drill Sergeant")
    t.give(0, "Spark", zone="deck")
    sanatorium(t)
    assert t.thing(ds).runes == 0


@pytest.mark.cards("flagstone-spy")
def test_blue_flagstone_spy_nothing_from_no_gold() -> None:
    t = t0(gold=0)
    t.put(0, "Flagstone Spy")
    t.gold(1, 0)
    t.give(1, "Spark")
    t.act("attack Flagstone Spy -> base")
    assert (t.s.players[0].gold, t.s.players[1].gold) == (0, 0)
    assert any(e.kind == "looked" for e in t.events)


@pytest.mark.cards("flagstone-garrison", "summon-skeletons")
def test_blue_flagstone_garrison_summon_spells_do_not_count() -> None:
    t = t0(gold=10)
    t.put(0, "Flagstone Garrison")
    t.give(0, "Summon Skeletons")
    t.give(0, "Spark", zone="deck")
    t.act("play Summon Skeletons")
    assert things(t, "skeleton", 0) and not t.s.players[0].hand


@pytest.mark.cards("flagstone-garrison", "sanatorium")
def test_blue_flagstone_garrison_put_into_play_does_not_count() -> None:
    t = t0()
    t.put(0, "Flagstone Garrison")
    drawn, _second = t.give(0, "Wither", "Spark", zone="deck")  # Spark on top: Sanatorium's own draw
    sanatorium(t)
    assert [t.s.cards[u][0] for u in t.s.players[0].hand] == ["spark"] and drawn in t.s.players[0].deck


@pytest.mark.cards("lawbringer-gryphon")
def test_blue_lawbringer_gryphon_base_grounded_again() -> None:
    t = t0()
    t.put(1, "Lawbringer Gryphon")
    t.put(0, "Older Brother")
    assert not t.can("attack Older Brother -> base")
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "lawbringer-gryphon"}}}])
    assert t.can("attack Older Brother -> base")


# ----------------------------------------------------------------------------------------------- Peace


@pytest.mark.cards("boot-camp")
def test_blue_boot_camp_on_an_exhausted_unit() -> None:
    t = t0(hero="general-onimaru")
    u = t.put(0, "Tenderfoot", exhausted=True)
    t.give(0, "Boot Camp")
    t.give(0, "Spark", zone="deck")
    t.act("play Boot Camp")
    assert t.thing(u).runes == 1 and len(t.s.players[0].hand) == 1


@pytest.mark.cards("haste", "boot-camp")
def test_general_haste_not_needed_to_be_exhausted_by_an_effect() -> None:
    t = t0(hero="general-onimaru", gold=10)
    t.built(0, "tech1")
    t.give(0, "Iron Man", "Boot Camp")
    t.give(0, "Spark", zone="deck")
    t.act("play Iron Man")
    (iron,) = things(t, "iron-man")
    t.act("play Boot Camp")
    th = t.thing(iron)
    assert th.exhausted and (t.atk(iron), t.hp(iron)) == (4, 5) and len(t.s.players[0].hand) == 1


@pytest.mark.cards("brave-knight")
def test_blue_brave_knight_combat_damage_a() -> None:
    t = t0()
    bk = t.put(1, "Brave Knight", slot="squad leader")
    t.put(0, "Older Brother", runes=2)
    t.act("attack Older Brother -> Brave Knight")
    assert bk in t.s.players[1].hand and bk not in t.s.players[1].discard


@pytest.mark.cards("brave-knight", "elite-training")
def test_blue_brave_knight_combat_damage_b() -> None:
    t = t0(hero="general-onimaru")
    t.put(1, "Older Brother", slot="squad leader")
    bk = t.put(1, "Brave Knight", slot="elite", damage=2)
    t.put(0, "Iron Man")
    t.give(0, "Elite Training")
    t.act("play Elite Training")
    t.act("choose Iron Man")
    t.act("choose done")
    assert "sparkshot" in t.kw(things(t, "iron-man")[0])
    t.act("attack Iron Man -> Older Brother")
    assert bk in t.s.players[1].hand


@pytest.mark.cards("tower", "brave-knight")
def test_general_tower_damage_is_combat_damage() -> None:
    t = t0()
    bk = t.put(0, "Brave Knight", damage=2)
    t.built(1, "tower")
    t.act("attack Brave Knight -> base")
    assert bk in t.s.players[0].hand and t.base(1) == 3


@pytest.mark.cards("deathtouch", "brave-knight", "porcupine")
def test_general_deathtouch_counts_as_death_by_combat_damage() -> None:
    t = t0()
    p = t.put(0, "Porcupine")
    bk = t.put(1, "Brave Knight")
    t.act("attack Porcupine -> Brave Knight")
    assert bk in t.s.players[1].hand and t.thing(p).damage == 3


@pytest.mark.cards("brave-knight", "poisonblade-rogue")
def test_blue_brave_knight_runes_as_combat_damage() -> None:
    t = t0()
    t.put(0, "Poisonblade Rogue")
    bk = t.put(1, "Brave Knight", runes=-2)
    t.act("attack Poisonblade Rogue -> Brave Knight")
    assert bk in t.s.players[1].hand and bk not in t.s.players[1].discard


@pytest.mark.cards("guardian-of-the-gates")
def test_blue_guardian_of_the_gates_disables_its_victim() -> None:
    t = t0()
    g = t.put(1, "Guardian of the Gates", slot="squad leader")
    a = t.put(0, "Older Brother")
    t.act("attack Older Brother -> Guardian of the Gates")
    assert t.thing(a).skip_ready and not t.thing(g).skip_ready and not t.thing(g).exhausted


@pytest.mark.cards("guardian-of-the-gates", "elite-training")
def test_blue_guardian_of_the_gates_armor_soaks_it_all() -> None:
    t = t0(hero="general-onimaru")
    t.put(1, "Guardian of the Gates", slot="squad leader")
    a = t.put(0, "Older Brother")
    t.give(0, "Elite Training")
    t.act("play Elite Training")
    t.act("choose Older Brother")
    t.act("choose done")
    assert t.q.armor_left(t.thing(a)) == 1
    t.act("attack Older Brother -> Guardian of the Gates")
    assert t.thing(a).damage == 0 and t.thing(a).skip_ready


@pytest.mark.cards("insurance-agent", "spectral-hound")
def test_blue_insurance_agent_illusions_never_insured() -> None:
    t = t0(gold=1)
    t.built(0, "tech1", "tech2", spec="law")
    hound = t.put(1, "Spectral Hound")
    t.give(0, "Insurance Agent")
    t.give(0, "Spark", zone="deck")
    t.act("play Insurance Agent")
    t.act("choose Spectral Hound")
    agent = things(t, "insurance-agent")[0]
    assert hound in t.s.players[1].discard and "insuring" not in t.thing(agent).marks
    assert t.s.players[0].gold == 0 and not t.s.players[0].hand


STOMPER_COST = 4
"""Hired Stomper's printed gold cost: what insuring it pays."""


def insured(t: Table, card: str = "Hired Stomper") -> tuple[int, int]:
    """P1 plays an Insurance Agent (its Law Tech II built) and insures P2's `card`, put in play for it."""
    t.built(0, "tech1", "tech2", spec="law")
    unit = t.put(1, card)
    t.gold(0, t.s.players[0].gold + 1)
    (agent,) = t.give(0, "Insurance Agent")
    t.act(f"play {t.name(agent)}")
    if t.s.pending is not None:
        t.act(f"choose {t.name(unit)}")
    assert t.thing(agent).marks["insuring"] == unit and t.thing(unit).marks["insurance"] >= 1
    return agent, unit


@pytest.mark.cards("insurance-agent")
def test_blue_insurance_agent_only_its_own_rune() -> None:
    t = t0(gold=0)
    old, unit = insured(t)
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "insurance-agent"}}}])
    new, other = insured(t, "Iron Man")
    t.gold(0, 0)
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "hired-stomper"}}}])
    assert t.s.players[0].gold == 0 and unit in t.s.players[1].discard
    assert not t.alive(old) and t.thing(new).marks["insuring"] == other


@pytest.mark.cards("insurance-agent", "undo")
def test_blue_insurance_agent_leaving_is_not_dying_a() -> None:
    t = t0(hero="prynn-pasternaak", gold=3)
    _agent, unit = insured(t)
    t.give(0, "Undo")
    t.act("play Undo")
    t.act(f"choose {t.name(unit)}")
    assert unit in t.s.players[1].hand and t.s.players[0].gold == 0


@pytest.mark.cards("insurance-agent")
def test_blue_insurance_agent_leaving_is_not_dying_b() -> None:
    t = t0(gold=0)
    insured(t)
    t.give(0, "Spark", zone="deck")
    t.effect(1, [{"op": "sacrifice", "to": {"each": {"card": "hired-stomper"}}}])
    assert t.s.players[0].gold == STOMPER_COST and len(t.s.players[0].hand) == 1


@pytest.mark.cards("insurance-agent", "plague-lab")
def test_blue_insurance_agent_second_rune_pays_once() -> None:
    t = t0(gold=0)
    _agent, unit = insured(t)
    t.end_turn()
    t.put(1, "Plague Lab")
    t.gold(1, 2)
    t.act("ability Plague Lab", 1)
    t.act(f"choose {t.name(unit)}", 1)  # its only kind of rune: an insurance rune (nothing else has runes)
    assert t.thing(unit).marks["insurance"] == 2
    t.gold(0, 0)
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "hired-stomper"}}}])
    assert t.s.players[0].gold == STOMPER_COST


@pytest.mark.cards("insurance-agent")
def test_blue_insurance_agent_two_agents_pay_twice() -> None:
    t = t0(gold=0)
    _a, unit = insured(t)
    (b,) = t.give(0, "Insurance Agent")
    t.gold(0, 1)
    t.act(f"play {t.name(b)}")
    t.act(f"choose {t.name(unit)}")
    assert t.thing(unit).marks["insurance"] == 2
    t.gold(0, 0)
    t.give(0, "Spark", "Wither", zone="deck")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "hired-stomper"}}}])
    assert t.s.players[0].gold == 2 * STOMPER_COST and len(t.s.players[0].hand) == 2


@pytest.mark.cards("insurance-agent", "sirus-quince")
def test_blue_insurance_agent_a_copy_insures_nothing() -> None:
    t = t0(hero="sirus-quince", level=3, gold=0)
    agent, _unit = insured(t)
    m = t.put(0, "mirror-illusion")
    t.gold(0, 2)
    t.act("ability Sirus Quince: copy")
    t.act(f"choose {t.name(agent)}")
    assert t.thing(m).card == "insurance-agent" and "insuring" not in t.thing(m).marks
    t.gold(0, 0)
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "hired-stomper"}}}])
    assert t.s.players[0].gold == STOMPER_COST and t.alive(agent)


@pytest.mark.cards("justice-juggernaut", "two lives")
def test_blue_justice_juggernaut_first_death_is_no_death() -> None:
    t = t0()
    jj = t.put(1, "Justice Juggernaut", slot="technician")
    t.give(1, "Spark", "Wither", zone="deck")
    t.effect(0, [{"op": "damage", "n": 6, "to": {"each": {"card": "justice-juggernaut"}}}])
    assert t.alive(jj) and not t.s.players[1].hand and t.thing(jj).marks["crumbling"] == 1
    t.effect(0, [{"op": "damage", "n": 6, "to": {"each": {"card": "justice-juggernaut"}}}])
    assert not t.alive(jj) and len(t.s.players[1].hand) == 1


@pytest.mark.cards("censorship-council", "sanatorium")
def test_blue_censorship_council_allows_putting_into_play() -> None:
    t = t0()
    t.put(1, "Censorship Council")
    t.give(0, "Tenderfoot", "Older Brother")
    t.act("play Tenderfoot")
    assert not t.can("play Older Brother")
    t.give(0, "Spark", zone="deck")
    sanatorium(t)


@pytest.mark.cards("patriot-gryphon")
def test_blue_patriot_gryphon_building_then_base() -> None:
    t = t0()
    t.put(0, "Patriot Gryphon")
    t.built(1, "tech1", "tech2")
    t.act("attack Patriot Gryphon -> tech2")
    assert t.base(1) == 8


# ----------------------------------------------------------------------------------------------- Truth


def silenced(t: Table, seat: int = 1) -> None:
    t.give(0, "Free Speech")
    t.act("play Free Speech")
    assert t.s.players[seat].marks.get("silenced")


@pytest.mark.cards("free-speech")
def test_blue_free_speech_levels_and_band_healing_go_on() -> None:
    t = t0(hero="sirus-quince")
    troq = t.put(1, "troq-bashar", level=3, damage=2)
    silenced(t)
    t.act("end")
    t.gold(1, 5)
    mid = t.cat["troq-bashar"].mid
    t.act(f"level Troq Bashar {mid - 3}", 1)
    assert t.thing(troq).level == mid and t.thing(troq).damage == 0


@pytest.mark.cards("free-speech")
def test_blue_free_speech_covers_heroes_summoned_later() -> None:
    t = t0(hero="sirus-quince")
    silenced(t)
    t.act("end")
    t.gold(1, 10)
    t.act("summon River Montoya", 1)
    river = things(t, "river-montoya")[0]
    t.thing(river).level = 8
    assert t.q.abilities(t.thing(river)) == []
    t.give(1, "Spark")
    t.put(0, "Tenderfoot", slot="elite")
    assert not t.can("play Spark", 1)


@pytest.mark.cards("free-speech", "elite-training")
def test_blue_free_speech_no_new_abilities() -> None:
    t = Table(hero1="sirus-quince", hero2="general-onimaru")
    t.clear()
    t.put(0, "sirus-quince")
    oni = t.put(1, "general-onimaru")
    t.end_turn()
    t.gold(1, 5)
    t.give(1, "Elite Training")
    t.act("play Elite Training", 1)  # until P2's next upkeep: through P1's coming turn
    t.act("choose General Onimaru", 1)  # the only unit or hero of P2's: no second pick
    t.end_turn()
    assert {"anti-air", "sparkshot"} <= set(t.kw(oni))
    t.gold(0, 5)
    silenced(t)
    printed = t.cat["general-onimaru"].bands[0][1]
    assert t.atk(oni) == printed + 1 and t.q.armor_left(t.thing(oni)) == 1  # stats stay
    assert not {"anti-air", "sparkshot"} & set(t.kw(oni))  # abilities are not had


@pytest.mark.cards("free-speech")
def test_blue_free_speech_abilities_come_back() -> None:
    t = t0(hero="sirus-quince")
    troq = t.put(1, "troq-bashar", level=5)
    silenced(t)
    assert not t.q.abilities(t.thing(troq))
    t.act("end")
    assert not t.q.abilities(t.thing(troq))  # through P2's turn
    t.act("end")
    assert t.q.abilities(t.thing(troq))


@pytest.mark.cards("free-speech", "guargum-eternal-sentinel")
def test_blue_free_speech_spells_that_need_no_hero() -> None:
    t = t0(hero="sirus-quince")
    t.put(1, "troq-bashar")
    t.put(1, "Guargum, Eternal Sentinel")
    silenced(t)
    t.act("end")
    t.gold(1, 5)
    t.give(1, "Stampede")  # a Growth spell: no hero needed with Guargum, and it costs 0
    assert t.can("play Stampede", 1)
    t.give(1, "Spark")
    t.put(0, "Tenderfoot", slot="elite")
    assert not t.can("play Spark", 1)  # any other spell still needs a hero to cast it


@pytest.mark.cards("mind-control")
def test_blue_mind_control_both_to_their_owners() -> None:
    t = t0(hero="sirus-quince", level=5, max_since_start=True)
    u = t.put(1, "Hired Stomper")
    t.give(0, "Mind Control")
    t.act("play Mind Control")
    (mc,) = things(t, "mind-control")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "hired-stomper"}}}])
    assert u in t.s.players[1].discard and mc in t.s.players[0].discard


@pytest.mark.cards("mind-control", "nature-reclaims")
def test_blue_mind_control_destroyed_gives_it_back() -> None:
    t = Table(hero1="sirus-quince", hero2="master-midori")
    t.clear()
    t.gold(0, 10)
    qs = t.put(0, "sirus-quince", level=5)
    t.thing(qs).max_at_start = True
    t.put(1, "master-midori")
    u = t.put(1, "Hired Stomper")
    t.give(0, "Mind Control")
    t.act("play Mind Control")  # the only tech 0-II unit: picked at once
    assert t.thing(u).ctrl == 0
    t.end_turn()
    t.gold(1, 10)
    t.give(1, "Nature Reclaims")
    t.act("play Nature Reclaims", 1)  # Mind Control is the only card of its kinds in play
    assert not things(t, "mind-control") and t.thing(u).ctrl == 1


@pytest.mark.cards("mind-control", "assimilate")
def test_blue_mind_control_taken_with_its_unit() -> None:
    t = Table(hero1="vir-garbarean", hero2="sirus-quince")
    t.clear()
    t.put(0, "vir-garbarean")
    u = t.put(0, "Hired Stomper")
    t.end_turn()
    qs = t.put(1, "sirus-quince", level=5)
    t.thing(qs).max_at_start = True
    t.gold(1, 10)
    t.give(1, "Mind Control")
    t.act("play Mind Control", 1)  # the only tech 0-II unit: picked at once
    assert t.thing(u).ctrl == 1
    t.end_turn()
    t.gold(0, 10)
    t.give(0, "Assimilate")
    t.act("play Assimilate")  # the only upgrade, ongoing spell or building card: picked at once
    assert t.thing(things(t, "mind-control")[0]).ctrl == 0 and t.thing(u).ctrl == 0


@pytest.mark.cards("spectral-flagbearer")
def test_blue_spectral_flagbearer_unaffordable_can_be_ignored() -> None:
    t = t0(gold=1)
    flag = t.put(1, "Spectral Flagbearer", slot="lookout")
    other = t.put(1, "Older Brother")
    t.end_turn()
    t.end_turn()
    t.s.players[1].patrol[4] = flag
    t.gold(0, t.cat["wither"].facts.cost or 0)
    t.give(0, "Wither")
    t.act("play Wither")  # its price paid, nothing is left for the lookout's resist
    assert flag not in t.s.pending["options"] and other in t.s.pending["options"]


@pytest.mark.cards("reteller-of-truths")
def test_blue_reteller_of_truths_a_real_death() -> None:
    t = t0(hero="sirus-quince")
    t.put(1, "Reteller of Truths")
    hound = t.put(1, "Spectral Hound", slot="technician")
    t.give(1, "Spark", zone="deck")
    t.effect(0, [{"op": "damage", "n": 3, "to": {"each": {"card": "spectral-hound"}}}])
    # The technician slot's draw and the Reteller both trigger on the death: the active player orders them.
    assert t.legal() == ["choose Spectral Hound technician draw", "choose Reteller of Truths"]
    t.act("choose Reteller of Truths")
    hand = t.s.players[1].hand
    assert hound in hand and len(hand) == 2


@pytest.mark.cards("liberty-gryphon", "sirus-quince")
def test_blue_liberty_gryphon_copies_share_its_name() -> None:
    t = t0(hero="sirus-quince", level=5)
    t.built(0, "tech1", "tech2", "tech3", spec="truth")
    m = t.put(0, "mirror-illusion")
    t.give(0, "Liberty Gryphon")
    t.act("play Liberty Gryphon")
    t.act("choose yes")  # Quince's max band: the only Mirror becomes an Illusion copy of it
    (lg,) = [u for u in things(t, "liberty-gryphon") if u != m]
    assert t.thing(m).card == "liberty-gryphon" and t.q.is_illusion(t.thing(m))
    for u in (lg, m):
        assert not {"unstoppable", "unattackable", "untargetable"} & set(t.kw(u))
    t.put(0, "Spectral Hound")  # an Illusion of another name: now both have them
    for u in (lg, m):
        assert {"unstoppable", "unattackable", "untargetable"} <= set(t.kw(u))


# ----------------------------------------------------------------------------------------------- heroes


@pytest.mark.cards("bigby-hayes", "stash")
def test_blue_bigby_hayes_stash_example() -> None:
    check_stash()


@pytest.mark.cards("bigby-hayes", "stash")
def test_general_stash_keeps_one_card() -> None:
    check_stash()


def check_stash() -> None:
    t = t0()
    keep, _other = t.give(0, "Spark", "Wither")
    t.give(0, *["Tenderfoot"] * 6, zone="deck")
    t.act("end")
    t.act("choose Spark")
    draws = [e for e in t.events if e.kind == "draw" and e.data.get("why") == "draw phase"]
    assert draws[-1].data["n"] == 3 and len(t.s.players[0].hand) == 4 and keep in t.s.players[0].hand


def quince(level: int = 3, gold: int = 10) -> Table:
    return t0(hero="sirus-quince", level=level, gold=gold)


@pytest.mark.cards("sirus-quince")
def test_blue_sirus_quince_copies_the_printed_card() -> None:
    t = quince()
    m = t.put(0, "mirror-illusion")
    t.put(1, "Older Brother", runes=1)
    t.act("ability Sirus Quince: copy")
    assert (t.atk(m), t.hp(m)) == (2, 2) and t.thing(m).runes == 0


@pytest.mark.cards("sirus-quince", "polymorph-squirrel")
def test_blue_sirus_quince_copies_changed_printed_values() -> None:
    t = Table(hero1="sirus-quince", hero2="argagarg-garg")
    t.clear()
    t.put(0, "sirus-quince", level=3)
    m = t.put(0, "mirror-illusion")
    ob = t.put(1, "Older Brother")
    t.end_turn()
    t.put(1, "argagarg-garg")
    t.gold(1, 10)
    t.give(1, "Polymorph: Squirrel")
    t.act("play Polymorph: Squirrel", 1)
    if t.s.pending is not None:
        t.act(f"choose {t.name(ob)}", 1)
    assert t.q.card(t.thing(ob)).name == "Squirrel"
    t.end_turn()  # Polymorph lasts until P2's next upkeep
    t.gold(0, 10)
    t.act("ability Sirus Quince: copy")  # the only Mirror and the only other tech 0-II unit
    assert t.q.card(t.thing(m)).name == "Squirrel" and (t.atk(m), t.hp(m)) == (1, 1)


@pytest.mark.cards("sirus-quince")
def test_blue_sirus_quince_copies_stay_illusions() -> None:
    t = quince()
    m = t.put(0, "mirror-illusion")
    t.put(1, "Tenderfoot")
    t.act("ability Sirus Quince: copy")
    assert t.q.is_illusion(t.thing(m)) and "tenderfoot" in t.q.card(t.thing(m)).id
    t.effect(1, [{"op": "damage", "n": 1, "to": {"pick": {"kind": ["unit"], "side": "opponent"}, "target": True}}])
    assert not t.alive(m)


@pytest.mark.cards("sirus-quince")
def test_blue_sirus_quince_one_copy_per_mirror() -> None:
    t = quince()
    a = t.put(0, "mirror-illusion")
    b = t.put(0, "mirror-illusion")
    t.put(1, "Tenderfoot")
    t.act("ability Sirus Quince: copy")
    t.act(f"choose {t.name(a)}")
    t.act("choose Tenderfoot")
    assert t.thing(a).card == "tenderfoot"
    t.act("ability Sirus Quince: copy")  # only the other Mirror is left: picked at once
    real = next(u for u in things(t, "tenderfoot") if t.s.cards[u][0] == "tenderfoot")
    t.act(f"choose {t.name(real)}")
    assert t.thing(b).card == "tenderfoot" and t.thing(a).card == "tenderfoot"


@pytest.mark.cards("sirus-quince", "limit")
def test_blue_sirus_quince_copies_count_toward_the_limit() -> None:
    t = quince()
    a = t.put(0, "mirror-illusion")
    t.put(0, "mirror-illusion")
    t.put(1, "Tenderfoot")
    t.act("ability Sirus Quince: copy")
    t.act(f"choose {t.name(a)}")
    t.act("choose Tenderfoot")
    t.act("ability Sirus Quince: mirror")
    assert len([u for u, th in t.s.things.items() if t.s.cards[u][0] == "mirror-illusion"]) == 2


@pytest.mark.cards("sirus-quince", "limit")
def test_general_limit_counts_tokens_before_copies() -> None:
    test_blue_sirus_quince_copies_count_toward_the_limit()


@pytest.mark.cards("sirus-quince", "limit")
def test_general_limit_applies_to_every_way_of_making_that_token() -> None:
    t = Table(hero1="sirus-quince")
    t.clear()
    t.gold(0, 10)
    t.put(0, "mirror-illusion")
    t.put(0, "mirror-illusion")
    t.act("summon Sirus Quince")
    assert len(things(t, "mirror-illusion", 0)) == 2


@pytest.mark.cards("sirus-quince")
def test_blue_sirus_quince_plain_mirrors_stay() -> None:
    t = quince(level=5)
    plain = t.put(0, "mirror-illusion")
    copy = t.put(0, "mirror-illusion")
    t.built(0, "tech1")
    t.give(0, "Iron Man")
    t.act("play Iron Man")
    t.act("choose yes")
    t.act(f"choose {t.name(copy)}")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "sirus-quince"}}}])
    assert not t.alive(copy) and t.alive(plain)


@pytest.mark.cards("sirus-quince")
def test_blue_sirus_quince_middle_copy_trashed_at_end_of_turn() -> None:
    t = quince()
    m = t.put(0, "mirror-illusion")
    t.put(1, "Tenderfoot")
    t.act("ability Sirus Quince: copy")
    end_turn(t)
    assert not t.alive(m)
    assert sum(1 for e in t.events if e.kind == "leave" and e.data.get("uid") == m) == 1


@pytest.mark.cards("sirus-quince")
def test_blue_sirus_quince_max_copy_goes_with_either() -> None:
    t = quince(level=5)
    m = t.put(0, "mirror-illusion")
    t.built(0, "tech1")
    t.give(0, "Iron Man")
    t.act("play Iron Man")
    t.act("choose yes")
    (iron,) = [u for u in things(t, "iron-man") if t.s.cards[u][0] == "iron-man"]
    assert set(t.thing(m).tied) == {things(t, "sirus-quince")[0], iron}
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "iron-man", "token": False}}}])
    assert not t.alive(m) and things(t, "sirus-quince")


@pytest.mark.cards("sirus-quince")
def test_blue_sirus_quince_copy_takes_the_tech_level() -> None:
    t = quince()
    m = t.put(0, "mirror-illusion")
    t.put(1, "Iron Man")
    t.put(1, "Hired Stomper")
    t.act("ability Sirus Quince: copy")
    t.act("choose Iron Man")
    assert t.q.card(t.thing(m)).tech == 1 and t.q.is_token(t.thing(m))
    assert t.q.match({"kind": ["unit"], "tech": [1]}, m, 1, 0, None)


@pytest.mark.cards("sirus-quince", "fading")
def test_general_fading_with_zero_runes_never_fades() -> None:
    t = quince(level=5)
    m = t.put(0, "mirror-illusion")
    t.give(0, "Fading Argonaut")
    t.act("play Fading Argonaut")
    t.act("choose yes")  # max band: the Mirror becomes an Illusion copy of it (it did not arrive: no runes)
    assert things(t, "fading-argonaut", 0) and t.thing(m).card == "fading-argonaut"
    assert not t.thing(m).marks.get("time") and "fading" in t.kw(m)
    end_turn(t)
    end_turn(t)  # P1's upkeep: nothing to remove, nothing sacrificed
    assert t.alive(m) and t.thing(m).card == "fading-argonaut"


@pytest.mark.cards("sirus-quince", "arrival fatigue")
def test_general_arrival_fatigue_belongs_to_the_card() -> None:
    t = quince(gold=20)
    a = t.put(0, "mirror-illusion")  # since the start of the turn
    t.put(0, "Older Brother")
    t.built(0, "tech1")
    t.give(0, "Iron Man")
    t.act("play Iron Man")
    t.act("ability Sirus Quince: copy")  # the only Mirror: picked at once
    t.act("choose Iron Man")
    t.act("ability Sirus Quince: mirror")  # Mirror B, new this turn
    (b,) = things(t, "mirror-illusion", 0)
    t.act("ability Sirus Quince: copy")
    t.act("choose Older Brother")
    assert t.thing(a).card == "iron-man" and t.thing(b).card == "older-brother"
    attackers = {x.split(" -> ")[0] for x in t.legal() if x.startswith("attack ")}
    assert f"attack {t.name(a)}" in attackers or any(x.startswith("attack Iron Man") for x in attackers)
    assert not any(x.startswith(f"attack {t.name(b)}") for x in t.legal())
    assert t.thing(b).since == t.s.turn and t.thing(a).since < t.s.turn


@pytest.mark.cards("jail", "forecast")
def test_general_forecast_skips_jail() -> None:
    check_forecast_skips_jail()


@pytest.mark.cards("jail", "boost", "marauder")
def test_general_boost_paid_before_going_to_jail() -> None:
    t = t0(hero="bigby-hayes", gold=6)
    t.built(0, "tech1", "tech2", spec="anarchy")
    t.put(1, "Jail")
    t.workers(1, 5)
    (mar,) = t.give(0, "Marauder")
    t.act("play Marauder boost")
    if t.s.pending is not None:
        t.act("choose " + str(t.legal()[0].split(" ", 1)[1]))
    assert t.s.players[1].zones["jail"] == [mar]
    workers = (t.s.players[0].workers, t.s.players[1].workers)
    assert sum(workers) == 4 + 5 - 1
    t.gold(0, 5)
    t.give(0, "Tenderfoot")
    t.act("play Tenderfoot")
    assert t.alive(mar) and (t.s.players[0].workers, t.s.players[1].workers) == workers

"""Purple's Present spec (Max Geiger's): every card's abilities and the hero's bands."""

from __future__ import annotations

import pytest

from tests.codex.purple_tables import next_turn_of, table, things

PRESENT = "max-geiger"


@pytest.mark.cards("now")
def test_now_gives_haste_this_turn() -> None:
    t = table(PRESENT)
    ob = t.put(0, "Older Brother", fresh=True)
    assert not t.can("attack Older Brother -> base")
    t.give(0, "Now!")
    t.act("play Now!")
    t.act("choose Older Brother")
    assert t.can("attack Older Brother -> base")
    t.end_turn()
    assert "haste" not in t.kw(ob)


@pytest.mark.cards("ready-or-not")
def test_ready_or_not_readies_yours_and_keeps_theirs_down() -> None:
    t = table(PRESENT)
    ob = t.put(0, "Older Brother")
    foe = t.put(1, "Iron Man", exhausted=True)
    fresh = t.put(1, "Tenderfoot")
    t.act("attack Older Brother -> base")
    assert t.thing(ob).exhausted
    t.give(0, "Ready or Not")
    t.act("play Ready or Not")  # Older Brother is the only unit of P1's: chosen at once
    assert not t.thing(ob).exhausted
    t.end_turn()
    assert t.thing(foe).exhausted and not t.thing(fresh).exhausted
    next_turn_of(t, 0)
    t.end_turn()
    assert not t.thing(foe).exhausted  # only the next ready step is skipped


@pytest.mark.cards("research-development")
def test_research_and_development_draws_five_for_a_maxed_present_hero() -> None:
    t = table(PRESENT, level=5)
    t.give(0, *["Neo Plexus"] * 6, zone="deck")
    t.give(0, "Research & Development")
    assert not t.can("play Research & Development")  # maxed this turn: ultimates wait a turn
    t.thing(next(iter(t.s.things))).max_at_start = True
    t.act("play Research & Development")
    assert len(t.s.players[0].hand) == 5


@pytest.mark.cards("argonaut", "immortal")
def test_argonaut_readiness_and_immortal_indestructible() -> None:
    t = table(PRESENT)
    arg = t.put(0, "Argonaut")
    t.act("attack Argonaut -> base")
    assert not t.thing(arg).exhausted and not t.can("attack Argonaut -> base")
    im = t.put(1, "Immortal")
    t.give(0, "Wither")
    t.act("play Wither")
    t.act("choose Immortal")
    t.thing(im).damage = 4  # 4 damage on a 4-HP Immortal: it would die
    t.give(0, "Neo Plexus")
    t.act("play Neo Plexus")
    assert t.alive(im) and t.thing(im).damage == 0 and t.thing(im).exhausted


@pytest.mark.cards("hyperion")
def test_hyperion_draws_when_it_attacks() -> None:
    t = table(PRESENT)
    t.built(0, "tech1", "tech2", spec="present")
    t.give(0, "Neo Plexus", zone="deck")
    t.give(0, "Hyperion")
    t.act("play Hyperion")
    t.act("attack Hyperion -> base")  # haste
    assert len(t.s.players[0].hand) == 1 and t.base(1) == 4


@pytest.mark.cards("tricycloid")
def test_tricycloid_arrives_with_three_runes_and_spends_them_on_pings() -> None:
    t = table(PRESENT)
    t.built(0, "tech1", "tech2", spec="present")
    t.give(0, "Tricycloid")
    t.act("play Tricycloid")
    (tc,) = things(t, "tricycloid")
    assert (t.atk(tc), t.hp(tc)) == (6, 6)
    tf = t.put(1, "Tenderfoot")
    t.act("ability Tricycloid")  # no exhaust in the cost: usable at once
    t.act("choose Tenderfoot")
    assert t.thing(tf).damage == 1 and (t.atk(tc), t.hp(tc)) == (5, 5)
    t.act("ability Tricycloid")
    t.act("choose base")
    t.act("ability Tricycloid")
    t.act("choose Tenderfoot")
    assert not t.alive(tf) and t.base(1) == 1 and (t.atk(tc), t.hp(tc)) == (3, 3)
    assert not t.can("ability Tricycloid")


@pytest.mark.cards("octavian")
def test_octavian_readies_and_disables_up_to_eight() -> None:
    t = table(PRESENT)
    oc = t.put(0, "Octavian")
    a = t.put(1, "Older Brother", slot="squad leader")
    b = t.put(1, "Tenderfoot")
    t.act("ability Octavian")
    t.act(f"choose {t.name(a)}")
    t.act("choose done")
    assert t.s.players[0].gold == 12 and not t.thing(oc).exhausted  # exhausted to pay, then readied
    assert t.thing(a).exhausted and t.thing(a).skip_ready and a not in t.s.players[1].patrol
    assert not t.thing(b).exhausted
    t.act("attack Octavian -> base")  # the squad leader was pulled out: straight to the base
    assert t.base(1) == 8


@pytest.mark.cards("max-geiger")
def test_max_geiger_starts_with_sparkshot() -> None:
    t = table(PRESENT)
    mg = next(u for u, th in t.s.things.items() if th.card == "max-geiger")
    assert t.kw(mg)["sparkshot"] == 1 and (t.atk(mg), t.hp(mg)) == (2, 3)
    t.put(1, "Older Brother", slot="squad leader")
    b = t.put(1, "Tenderfoot", slot="elite")
    t.act("attack Max Geiger -> Older Brother")
    assert t.thing(b).damage == 1


@pytest.mark.cards("max-geiger")
def test_max_geiger_middle_band_cycles_a_card() -> None:
    t = table(PRESENT, level=3)
    mg = next(u for u, th in t.s.things.items() if th.card == "max-geiger")
    (deck,) = t.give(0, "Neo Plexus", zone="deck")
    (junk,) = t.give(0, "Tenderfoot")
    t.act("ability Max Geiger")
    p = t.s.players[0]
    assert p.discard == [junk] and p.hand == [deck] and t.thing(mg).exhausted
    assert not t.can("ability Max Geiger")


@pytest.mark.cards("max-geiger")
def test_max_geiger_cannot_cycle_at_level_2_or_with_an_empty_hand() -> None:
    t = table(PRESENT, level=2)
    t.give(0, "Tenderfoot")
    assert not t.can("ability Max Geiger")
    t = table(PRESENT, level=3)
    assert not t.can("ability Max Geiger")


@pytest.mark.cards("max-geiger", "tricycloid")
def test_max_geiger_at_max_level_blinks_a_friendly_unit() -> None:
    t = table(PRESENT, level=4)
    tc = t.put(0, "Tricycloid", damage=2)
    t.thing(tc).marks["time"] = 1
    t.thing(tc).runes = 1
    foe = t.put(1, "Older Brother")
    t.act("level Max Geiger 1")
    t.act("choose yes")  # friendly units only: Tricycloid is picked at once
    th = t.thing(tc)
    assert (th.damage, th.runes, th.marks["time"], th.arrived) == (0, 0, 3, t.s.turn)  # fresh, three new runes
    assert tc not in t.s.players[0].removed and t.alive(foe)
    assert not t.can("attack Tricycloid -> base")  # a new object has arrival fatigue


@pytest.mark.cards("chronofixer")
def test_chronofixer_stops_opposing_heroes_levelling_by_any_means() -> None:
    t = table(PRESENT)
    (cf,) = [t.put(0, "Chronofixer")]
    troq = t.put(1, "troq-bashar")
    assert "untargetable" in t.kw(cf)
    t.act("level Max Geiger 1")  # its own side levels as usual
    t.end_turn()
    t.gold(1, 10)
    assert not [a for a in t.legal() if a.startswith("level")]
    t.put(1, "Iron Man")
    t.act("attack Iron Man -> Max Geiger")  # the Geiger dies: no bounty levels for Troq either
    assert not any(th.card == "max-geiger" for th in t.s.things.values())
    assert t.thing(troq).level == 1


@pytest.mark.cards("warp-gate-disciple")
def test_warp_gate_disciple_puts_a_tech_1_or_2_unit_from_the_codex_into_play() -> None:
    t = table("max-geiger", gold=1)
    t.put(0, "Warp Gate Disciple")
    t.s.players[0].codex = {"hyperion": 2, "octavian": 2, "argonaut": 1, "now": 2}
    t.act("ability Warp Gate Disciple")
    assert set(t.legal()) == {"choose Argonaut", "choose Hyperion"}  # no tech III, no spells
    t.act("choose Hyperion")
    assert things(t, "hyperion") and t.s.players[0].codex["hyperion"] == 1 and t.s.players[0].gold == 0


@pytest.mark.cards("temporal-distortion")
def test_temporal_distortion_swaps_a_unit_for_a_codex_one_of_its_tech_and_no_dearer() -> None:
    t = table(PRESENT)
    hy = t.put(0, "Hyperion")  # tech II, cost 5
    t.put(0, "Argonaut")  # tech I
    t.s.players[0].codex = {"immortal": 1, "chronofixer": 1, "sentry": 1, "octavian": 1}
    t.give(0, "Temporal Distortion")
    t.act("play Temporal Distortion")
    t.act("choose Hyperion")
    assert hy in t.s.players[0].hand
    assert set(t.legal()) == {"choose Chronofixer", "choose none"}  # Immortal costs 6; Sentry is tech I
    t.act("choose Chronofixer")
    assert things(t, "chronofixer") and "chronofixer" not in t.s.players[0].codex


@pytest.mark.cards("temporal-distortion")
def test_temporal_distortion_needs_a_tech_1_or_2_unit_of_yours() -> None:
    t = table(PRESENT)
    t.put(0, "Neo Plexus")
    t.put(1, "Hyperion")
    t.give(0, "Temporal Distortion")
    assert not t.can("play Temporal Distortion")


@pytest.mark.cards("sentry")
def test_sentry_spares_the_first_spell_damage_to_your_patrollers_each_turn() -> None:
    t = table(PRESENT)
    t.put(1, "Sentry")
    ob = t.put(1, "Older Brother", slot="elite")
    t.give(0, "Spark", "Spark")
    s1, _ = t.s.players[0].hand
    t.act(f"play {t.name(s1)}")
    assert t.alive(ob) and t.thing(ob).damage == 0 and "prevented" in t.kinds()
    t.act("play Spark")
    assert t.thing(ob).damage == 1  # only the first each turn


@pytest.mark.cards("sentry")
def test_sentry_has_sparkshot_and_anti_air_and_ignores_plain_combat_damage() -> None:
    t = table(PRESENT)
    se = t.put(1, "Sentry", slot="squad leader")
    assert t.kw(se)["sparkshot"] == 1 and "anti-air" in t.kw(se)
    t.put(0, "Older Brother")
    t.act("attack Older Brother -> Sentry")
    assert t.thing(se).damage == 1  # 2 ATK, 1 soaked by the squad leader's armor: not prevented


@pytest.mark.cards("ready-or-not")
def test_ready_or_not_leaves_your_own_exhausted_units_alone() -> None:
    t = table(PRESENT)
    a = t.put(0, "Older Brother")
    b = t.put(0, "Tenderfoot", exhausted=True)
    t.act("attack Older Brother -> base")
    t.give(0, "Ready or Not")
    t.act("play Ready or Not")
    t.act("choose Older Brother")
    assert not t.thing(a).exhausted and t.thing(b).exhausted and not t.thing(b).skip_ready
    t.end_turn()
    next_turn_of(t, 0)
    assert not t.thing(b).exhausted  # only opposing units skip their ready step


@pytest.mark.cards("hyperion")
def test_hyperion_draws_exactly_one_per_attack() -> None:
    t = table(PRESENT)
    t.give(0, "Neo Plexus", "Tenderfoot", "Older Brother", zone="deck")
    t.put(0, "Hyperion")
    t.act("attack Hyperion -> base")
    assert len(t.s.players[0].hand) == 1 and len(t.s.players[0].deck) == 2


@pytest.mark.cards("octavian")
def test_octavian_disables_eight_at_most() -> None:
    t = table(PRESENT)
    t.put(0, "Octavian")
    foes = [t.put(1, "Older Brother") for _ in range(9)]
    t.act("ability Octavian")
    for uid in foes[:8]:
        t.act(f"choose {t.name(uid)}")
    assert t.s.pending is None  # the eighth ends the picking
    assert [t.thing(u).exhausted for u in foes] == [True] * 8 + [False]


@pytest.mark.cards("sentry")
def test_sentry_guards_patrollers_only() -> None:
    t = table(PRESENT)
    t.put(1, "Sentry")
    idle = t.put(1, "Regular-sized Rhinoceros")
    guard = t.put(1, "Older Brother", slot="elite")
    t.give(0, "Flame Arrow", "Spark")
    t.put(0, "jaina-stormborne")  # Flame Arrow's hero
    t.act("play Flame Arrow")
    t.act("choose unit or hero")
    t.act("choose Regular-sized Rhinoceros")
    assert t.thing(idle).damage == 4  # not patrolling: no protection, and the turn's first is still to come
    t.act("play Spark")
    assert t.thing(guard).damage == 0 and t.alive(guard)


@pytest.mark.cards("octavian")
def test_octavian_may_disable_heroes() -> None:
    t = table(PRESENT)
    t.put(0, "Octavian")
    troq = t.put(1, "troq-bashar")
    t.act("ability Octavian")
    t.act("choose Troq Bashar")
    t.act("choose done")
    assert t.thing(troq).exhausted and t.thing(troq).skip_ready


@pytest.mark.cards("warp-gate-disciple")
def test_warp_gate_disciple_exhausts_to_warp() -> None:
    t = table(PRESENT, gold=2)
    wg = t.put(0, "Warp Gate Disciple")
    t.s.players[0].codex = {"argonaut": 2}
    t.act("ability Warp Gate Disciple")
    t.act("choose Argonaut")
    assert t.thing(wg).exhausted and not t.can("ability Warp Gate Disciple")

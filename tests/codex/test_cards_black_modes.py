"""Black cards with more than one opponent or a partner: "an opponent", "its controller", "their",
"friendly to", "opposing" read through the seats of free-for-all and 2v2 games."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table


def ffa(hero: str = "vandy-anadrose") -> Table:
    """Three players, p1 to move, p1 with `hero` and 20 gold."""
    t = Table(players=3, mode="ffa", hero1=hero, hero2="troq-bashar", hero3="river-montoya")
    t.clear()
    t.gold(0, 20)
    t.put(0, hero)
    return t


def two_v_two(hero: str = "garth-torken") -> Table:
    """p1 and p3 (team 1, to move) against p2 and p4; p1 with `hero` and 20 gold."""
    t = Table(players=4, mode="2v2", hero1=hero, hero2="troq-bashar", hero3="river-montoya", hero4="troq-bashar")
    t.clear()
    t.gold(0, 20)
    t.put(0, hero)
    return t


def units(t: Table, seat: int, cid: str) -> list[int]:
    return sorted(u for u, th in t.s.things.items() if th.card == cid and th.ctrl == seat)


@pytest.mark.cards("terras-q-the-shackled", "warlock")
def test_terras_q_warlocks_go_to_the_opponent_the_active_player_picks() -> None:
    t = ffa()
    t.built(0, "tech1", "tech2", spec="demonology")
    t.give(0, "Terras Q, the Shackled")
    t.act("play Terras Q, the Shackled")
    assert t.s.pending["kind"] == "opponent" and t.s.pending["options"] == ["p2", "p3"]
    t.act("choose p3")
    assert len(units(t, 2, "warlock")) == 4 and units(t, 1, "warlock") == []
    q = units(t, 0, "terras-q-the-shackled")[0]
    assert "can't attack" in t.kw(q)


@pytest.mark.cards("shadow-blade")
def test_shadow_blade_the_dead_patrollers_controller_discards() -> None:
    t = ffa()
    t.give(1, "Spark", "Bloom")
    t.give(2, "Spark", "Bloom")
    t.put(1, "Iron Man", slot="squad leader")
    foe = t.put(2, "Older Brother", slot="elite")
    t.give(0, "Shadow Blade")
    t.act("play Shadow Blade")
    t.act("choose Older Brother")
    # No "which opponent?": the patroller's own player discards.
    assert not t.alive(foe) and t.s.pending is None
    assert len(t.s.players[2].hand) == 1 and len(t.s.players[1].hand) == 2


@pytest.mark.cards("voidblocker")
def test_voidblocker_only_the_attackers_own_fighters_are_exhausted() -> None:
    t = ffa("garth-torken")
    t.put(1, "Voidblocker")
    t.put(0, "Iron Man")
    mine = t.put(0, "Tenderfoot")
    t.put(2, "Tenderfoot")  # p3's: not the attacker's
    t.act("attack Iron Man -> Voidblocker")
    hero = units(t, 0, "garth-torken")[0]
    assert sorted(t.s.pending["options"]) == sorted([mine, hero])


@pytest.mark.cards("death-and-decay")
def test_death_and_decay_hits_one_opponent() -> None:
    t = ffa("orpal-gloor")
    o = units(t, 0, "orpal-gloor")[0]
    t.thing(o).level = 6
    t.thing(o).max_at_start = True
    a = t.put(1, "Older Brother")
    b = t.put(2, "Older Brother")
    t.give(0, "Death and Decay")
    t.act("play Death and Decay")
    assert t.s.pending["kind"] == "opponent"
    t.act("choose p3")
    assert t.alive(a) and not t.alive(b)
    assert t.base(2) == 3 and t.base(1) == 0


@pytest.mark.cards("plague-lab")
def test_plague_lab_arrival_marks_one_opponents_units() -> None:
    t = ffa("orpal-gloor")
    t.built(0, "tech1", "tech2", spec="disease")
    a = t.put(1, "Iron Man")
    b = t.put(2, "Iron Man")
    t.give(0, "Plague Lab")
    t.act("play Plague Lab")
    t.act("choose p2")
    assert t.thing(a).runes == -1 and t.thing(b).runes == 0


@pytest.mark.cards("death-rites")
def test_death_rites_each_death_takes_a_unit_of_one_opponent() -> None:
    t = ffa("garth-torken")
    g = units(t, 0, "garth-torken")[0]
    t.thing(g).level = 7
    t.thing(g).max_at_start = True
    mine = t.put(0, "Tenderfoot")
    a = t.put(1, "Tenderfoot")
    b = t.put(2, "Tenderfoot")
    t.give(0, "Death Rites")
    t.act("play Death Rites")
    t.thing(mine).damage = 2
    t.effect(0, [])
    t.act("choose p2")
    assert not t.alive(mine) and not t.alive(a) and t.alive(b)


@pytest.mark.cards("blackhand-dozer")
def test_blackhand_dozer_does_not_shield_its_own_teams_base() -> None:
    t = two_v_two()
    t.put(2, "Blackhand Dozer")  # the partner's Dozer
    t.s.players[0].base_damage = 20  # the team base (30 HP) has 10 left
    t.effect(2, [{"op": "damage", "n": 6, "to": "your base"}])
    assert t.base(0) == 26  # no floor at 6: it is not an opposing base


@pytest.mark.cards("plague-lord")
def test_plague_lord_upkeep_partners_runes_hit_the_team_base() -> None:
    t = two_v_two("orpal-gloor")
    t.put(0, "Plague Lord")
    t.put(2, "Iron Man", runes=-2)  # the partner's units
    t.put(1, "Iron Man", runes=-1)
    for team in ((0, 2), (1, 3)):
        for seat in team:
            t.act("end", seat)
        for seat in team:
            t.pick_tech(seat)
    assert t.s.active == 0 and t.base(0) == 2 and t.base(1) == 1


@pytest.mark.cards("orpal-gloor")
def test_orpal_gloor_max_friendly_to_the_dead_unit_includes_its_partner() -> None:
    t = two_v_two("orpal-gloor")
    o = units(t, 0, "orpal-gloor")[0]
    t.thing(o).level = 6
    dying = t.put(1, "Tenderfoot", runes=-1, damage=1)
    partner = t.put(3, "Iron Man")
    other = t.put(2, "Iron Man")
    t.effect(0, [])
    assert not t.alive(dying) and t.thing(partner).runes == -1 and t.thing(other).runes == 0


@pytest.mark.cards("garth-torken", "nether-drain")
def test_garth_torken_max_on_his_partners_move_is_his_own_choice() -> None:
    t = two_v_two()
    g = units(t, 0, "garth-torken")[0]
    t.thing(g).level = 5
    t.built(0, "tech1")
    unit = t.give(0, "Bone Collector", zone="discard")[0]
    t.put(2, "garth-torken", level=3)  # p3's own Garth casts it
    t.gold(2, 5)
    t.give(2, "Nether Drain")
    t.act("play Nether Drain", 2)
    t.act(f"choose {t.name(units(t, 2, 'garth-torken')[0])}", 2)  # p3's own Garth is drained
    # p1's Garth reached max on p1's team turn: p1 chooses, as it is p1's turn too.
    assert t.thing(g).level == 7 and t.s.pending["seat"] == 0 and unit in t.s.pending["options"]
    t.act("choose Bone Collector", 0)
    assert t.alive(unit)

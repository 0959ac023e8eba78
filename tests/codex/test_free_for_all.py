"""Free-for-all (3-5 players): seats and mercenaries, attacking any opponent through only that player's
patrol zone, kill gold, base repair, lending patrollers, the Tower guarding only its owner, and the end:
the first base destroyed ends the game, the healthiest base wins, ties take extra turns."""

from __future__ import annotations

import pytest

from engine.codex import GAME
from engine.codex.scenario import Table


def table(players: int = 3, **opts: object) -> Table:
    heroes = {f"hero{i + 1}": ("troq-bashar", "river-montoya")[i % 2] for i in range(players)}
    t = Table(players=players, mode="ffa", **{**heroes, **opts})
    t.clear()
    return t


def next_turn(t: Table) -> None:
    t.end_turn()


@pytest.mark.cards("mercenary")
def test_seats_workers_and_mercenaries_for_late_seats() -> None:
    t = table(5)
    assert [p.workers for p in t.s.players] == [4, 5, 5, 5, 5]
    mercs = {}
    for _ in range(5):
        seat = t.s.active
        mercs[seat] = [th for th in t.s.things.values() if th.card == "mercenary" and th.ctrl == seat]
        next_turn(t)
    assert {seat: len(m) for seat, m in mercs.items()} == {0: 0, 1: 0, 2: 1, 3: 2, 4: 3}
    merc = mercs[2][0]
    # A 1/1 Tech 0 unit without haste: it cannot attack in the turn it came.
    assert (merc.since, GAME.view(t.s, None)["in_play"][0]["atk"]) == (3, 1)


@pytest.mark.cards("mercenary")
def test_mercenaries_have_no_haste() -> None:
    t = table(3)
    next_turn(t)
    next_turn(t)
    assert t.s.active == 2
    assert not any(a.startswith("attack Mercenary") for a in t.legal(2))


def test_attack_any_opponent_through_only_their_zone() -> None:
    t = table(3)
    t.put(0, "Older Brother")
    t.put(1, "Tenderfoot", slot="squad leader")
    targets = {a for a in t.legal(0) if a.startswith("attack")}
    # p2's Squad Leader guards p2 only: p3 has no patrollers, so all of p3 is open.
    assert "attack Older Brother -> p3 base" in targets and "attack Older Brother -> Tenderfoot" in targets
    assert "attack Older Brother -> p2 base" not in targets
    t.act("attack Older Brother -> p3 base")
    assert t.base(2) == 2 and t.base(1) == 0


def test_kill_gold_one_per_enemy_unit_at_most_three_a_turn() -> None:
    t = table(3)
    t.gold(0, 0)
    for _ in range(4):
        t.put(1, "Tenderfoot")
    t.effect(0, [{"op": "destroy", "to": {"each": {"kind": ["unit"], "side": "opponent"}}}])
    assert t.s.players[0].gold == 3
    mine = t.put(0, "Tenderfoot")
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "tenderfoot"}}}])
    assert not t.alive(mine) and t.s.players[0].gold == 3


def test_kill_gold_needs_a_unit_and_your_turn() -> None:
    t = table(3)
    t.gold(0, 0)
    hero = t.put(1, "river-montoya")
    t.effect(0, [{"op": "destroy", "to": {"each": {"kind": ["hero"]}}}])
    assert not t.alive(hero) and t.s.players[0].gold == 0
    t.put(0, "Tenderfoot")
    t.gold(1, 0)
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "tenderfoot"}}}])
    assert t.s.players[1].gold == 0  # p2 killed on p1's turn: no gold for anyone
    assert t.s.players[0].gold == 0


def test_base_repair_three_gold_a_point() -> None:
    t = table(3)
    t.gold(0, 7)
    assert "repair base" not in t.legal(0)  # nothing to repair
    t.s.players[0].base_damage = 5
    t.act("repair base")
    t.act("repair base")
    assert t.base(0) == 3 and t.s.players[0].gold == 1
    assert "repair base" not in t.legal(0)  # 1 gold is not enough


def test_lent_patroller_guards_the_borrower_and_comes_home_in_their_upkeep() -> None:
    t = table(3)
    guard = t.put(0, "Older Brother")
    t.act("patrol Older Brother p3 squad leader")
    t.act("end")
    th = t.thing(guard)
    assert th.ctrl == 2 and th.lent == 0 and th.owner == 0 and t.s.players[2].patrol[0] == guard
    said = [GAME.describe_event(e, None) for e in t.events if e.kind == "lend"]
    assert said == ["p1 lends Older Brother to p3 (squad leader slot) until p3's next upkeep."]
    # p2 attacks p3: the lent Older Brother is p3's Squad Leader now.
    t.pick_tech(0)
    t.put(1, "Tenderfoot")
    targets = {a for a in t.legal(1) if a.startswith("attack Tenderfoot")}
    assert "attack Tenderfoot -> Older Brother" in targets and "attack Tenderfoot -> p3 base" not in targets
    next_turn(t)
    # p3's upkeep: it goes home, out of every patrol zone, with no arrival.
    assert t.s.active == 2
    th = t.thing(guard)
    assert th.ctrl == 0 and th.lent == -1 and guard not in t.s.players[2].patrol and guard not in t.s.players[0].patrol
    back = [e for e in t.events if e.kind in ("lend_back", "arrive") and e.data.get("uid") == guard]
    assert [e.kind for e in back] == ["lend_back"]


def test_a_lent_fighter_dying_pays_its_owner() -> None:
    t = table(3)
    guard = t.put(0, "Tenderfoot")
    t.act("patrol Tenderfoot p3 scavenger")
    t.act("end")
    t.pick_tech(0)
    t.gold(0, 0)
    t.gold(2, 0)
    t.put(1, "Older Brother")
    t.act("attack Older Brother -> Tenderfoot")
    assert not t.alive(guard)
    assert guard in t.s.players[0].discard and t.s.players[0].gold == 1 and t.s.players[2].gold == 0


def test_lending_only_into_empty_slots() -> None:
    t = table(3)
    t.put(0, "Older Brother")
    t.put(2, "Tenderfoot", slot="elite")
    lends = {a for a in t.legal(0) if a.startswith("patrol Older Brother p")}
    assert "patrol Older Brother p3 elite" not in lends and "patrol Older Brother p3 lookout" in lends
    assert len(lends) == 5 + 4  # p2's five empty slots and p3's four


def test_tower_guards_only_its_owner() -> None:
    """A Tower guards its owner's things only: another player's Tower never shoots at an attacker."""
    t = table(3)
    t.built(1, "tower")
    brother = t.put(0, "Older Brother")
    t.act("attack Older Brother -> p3 base")
    assert t.thing(brother).damage == 0 and t.base(2) == 2


def test_general_tower_free_for_all_guards_only_its_owner() -> None:
    t = table(3)
    t.built(1, "tower")
    iron = t.put(0, "Iron Man")
    t.act("attack Iron Man -> p3 base")
    assert t.thing(iron).damage == 0 and t.base(2) == 3


def test_the_first_base_destroyed_ends_it_and_the_healthiest_wins() -> None:
    t = table(4)
    t.s.players[1].base_damage = 18
    t.s.players[2].base_damage = 4
    t.s.players[3].base_damage = 2
    t.s.players[0].base_damage = 1
    t.put(0, "Older Brother")
    t.act("attack Older Brother -> p2 base")
    out = GAME.outcome(t.s)
    assert out is not None and out.winners == {0} and out.scores == {0: 19, 1: 0, 2: 16, 3: 18}


def test_a_tie_for_healthiest_plays_extra_turns_of_the_tied_only() -> None:
    t = table(4)
    t.s.players[1].base_damage = 18
    t.s.players[2].base_damage = 5
    t.put(0, "Older Brother")
    t.act("attack Older Brother -> p2 base")
    assert GAME.outcome(t.s) is None and t.s.tiebreak["seats"] == [0, 3]
    # p1's turn stopped when the base fell; the tied players take one more turn each: p4, then p1.
    assert t.s.active == 3 and "tiebreak" in t.kinds()
    said = [GAME.describe_event(e, None) for e in t.events if e.kind == "tiebreak"]
    assert said == [
        "A base has fallen and p1 and p4 are tied for the healthiest: they take extra turns until the tie is broken."
    ]
    view = GAME.view(t.s, None)
    assert any("tied for the healthiest" in line for line in GAME.view_lines(view))
    t.put(3, "Tenderfoot")
    t.s.things[max(t.s.things)].since = 0
    t.act("attack Tenderfoot -> p1 base", 3)
    next_turn(t)
    assert t.s.active == 0  # p2 and p3 are skipped
    next_turn(t)
    out = GAME.outcome(t.s)
    assert out is not None and out.winners == {3} and str(out.detail) == "tie broken"


def test_tie_checked_after_each_turn_with_the_option() -> None:
    t = table(3, ffa_tiebreak="turn")
    t.s.players[1].base_damage = 18
    t.put(0, "Older Brother")
    t.act("attack Older Brother -> p2 base")
    assert t.s.tiebreak["seats"] == [0, 2] and t.s.active == 2
    t.put(2, "Tenderfoot")
    t.s.things[max(t.s.things)].since = 0
    t.act("attack Tenderfoot -> p1 base", 2)
    next_turn(t)
    out = GAME.outcome(t.s)
    assert out is not None and out.winners == {2}


def test_resigning_is_your_base_falling() -> None:
    t = table(3)
    t.s.players[1].base_damage = 3
    step = GAME.resign(t.s, 2)
    out = GAME.outcome(step.state)
    assert out is not None and out.winners == {0} and out.reason == "resign" and str(out.detail) == "p3 resigned"


def test_the_opponent_of_an_effect_is_the_active_players_pick() -> None:
    t = table(3)
    t.effect(0, [{"op": "summon", "token": "mercenary", "for": "opponent"}])
    assert t.s.pending["options"] == ["p2", "p3"]
    t.act("choose p3")
    assert [th.ctrl for th in t.s.things.values() if th.card == "mercenary"] == [2]


def test_bounty_may_go_to_any_opponents_hero() -> None:
    t = table(3)
    foe = t.put(1, "troq-bashar", damage=2)
    third = t.put(2, "river-montoya")
    t.put(0, "Older Brother")
    t.act("attack Older Brother -> Troq Bashar")
    assert not t.alive(foe)
    # p3's hero is an opponent of p2 too: it may take the bounty (here it is the only candidate).
    assert t.thing(third).level == 3

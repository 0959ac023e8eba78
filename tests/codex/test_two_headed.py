"""Two-Headed Dragon (2v2): teams, the shared 30-HP base, team turns, both patrol zones guarding both
partners, "yours" versus "friendly", one add-on of a kind per team, bounty, the end."""

from __future__ import annotations

import pytest

from engine.codex import GAME
from engine.codex.scenario import Table
from engine.core import Action, NotYourTurn


def table(**opts: object) -> Table:
    """p1 and p3 (team 1) against p2 and p4 (team 2); team 1 moves first."""
    t = Table(
        players=4,
        mode="2v2",
        hero1="troq-bashar",
        hero2="river-montoya",
        hero3="river-montoya",
        hero4="troq-bashar",
        **opts,
    )
    t.clear()
    return t


def test_setup_teams_workers_and_the_shared_base() -> None:
    t = table()
    assert [p.team for p in t.s.players] == [0, 1, 0, 1]
    # Every player of the first team works with 4 workers, of the second team with 5.
    assert [p.workers for p in t.s.players] == [4, 5, 4, 5]
    view = GAME.view(t.s, None)
    assert view["players"][2]["base"] == {"hp": 30, "damage": 0, "shared_with": 0}
    assert view["players"][0]["base"]["hp"] == 30
    other = Table(players=4, mode="2v2", teams="p1+p2")
    assert [p.team for p in other.s.players] == [0, 0, 1, 1]


def test_partners_share_the_turn_and_each_gets_their_upkeep() -> None:
    t = table()
    assert GAME.to_move(t.s) == {0, 2}
    assert t.s.players[0].gold == 4 and t.s.players[2].gold == 4 and t.s.players[1].gold == 0
    t.put(2, "Tenderfoot")
    t.act("end", 0)
    # p1 has ended: p3 still plays, p1 may do nothing more this turn (nor draw until p3 ends too).
    assert GAME.to_move(t.s) == {2} and t.legal(0) == [] and not t.s.players[0].tech_open
    with pytest.raises(NotYourTurn):
        GAME.apply(t.s, 1, Action("end"))
    t.act("patrol Tenderfoot squad leader", 2)
    t.act("end", 2)
    # Both have ended: both draw, and the other team's turn begins once its picks are made.
    assert t.s.players[0].tech_open and t.s.players[2].tech_open
    for seat in (0, 2):
        t.pick_tech(seat)
    assert t.s.active == 1 and GAME.to_move(t.s) == {1, 3}
    assert t.s.players[1].gold == 5 and t.s.players[3].gold == 5
    assert t.s.players[2].patrol[0] != 0


def test_an_empty_zone_is_still_guarded_by_the_partners_patrol() -> None:
    t = table()
    t.put(0, "Older Brother")
    guard = t.put(1, "Tenderfoot", slot="squad leader", damage=1)
    t.put(3, "Helpful Turtle")
    targets = {a for a in t.legal(0) if a.startswith("attack Older Brother")}
    # p4's zone is empty, but p2's Squad Leader must be dealt with first, even to reach p4's things.
    assert targets == {"attack Older Brother -> Tenderfoot"}
    t.act("attack Older Brother -> Tenderfoot", 0)
    assert not t.alive(guard)
    targets = {a for a in t.legal(0) if a.startswith("attack")}
    assert targets == set()  # Older Brother is exhausted now


def test_two_squad_leaders_either_may_be_attacked() -> None:
    t = table()
    t.put(0, "Older Brother")
    t.put(1, "Tenderfoot", slot="squad leader")
    t.put(3, "Helpful Turtle", slot="squad leader")
    t.put(3, "Fruit Ninja", slot="elite")
    targets = {a for a in t.legal(0) if a.startswith("attack Older Brother")}
    assert targets == {"attack Older Brother -> Tenderfoot", "attack Older Brother -> Helpful Turtle"}


def test_buildings_name_their_owner_and_the_team_base_is_one() -> None:
    t = table()
    t.put(0, "Older Brother")
    t.built(1, "tech1")
    t.built(3, "tech1")
    targets = {a for a in t.legal(0) if a.startswith("attack Older Brother")}
    wanted = {"base", "p2 tech1", "p4 tech1"}
    assert {f"attack Older Brother -> {x}" for x in wanted} <= targets
    assert not any("p4 base" in a or "p2 base" in a for a in targets)
    t.act("attack Older Brother -> base", 0)
    assert t.base(1) == 2 and t.base(3) == 0  # the team's base is kept with its first seat, p2


def test_a_partners_lost_building_damages_the_team_base() -> None:
    t = table()
    t.built(2, "tower")
    t.s.players[2].addon.damage = 3
    t.put(0, "Older Brother")
    t.end_turn()
    for seat in (1, 3):
        t.s.players[seat].gold = 0
    t.put(1, "Tenderfoot")
    t.act("attack Tenderfoot -> p3 tower", 1)
    assert t.s.players[2].addon is None and t.base(0) == 2


def test_team_base_destroyed_loses_for_both_partners() -> None:
    t = table()
    t.s.players[1].base_damage = 28
    t.put(0, "Older Brother")
    t.act("attack Older Brother -> base", 0)
    out = GAME.outcome(t.s)
    assert out is not None and out.winners == {0, 2}


def test_yours_is_yours_but_friendly_reaches_the_partner() -> None:
    t = table()
    mine = t.put(0, "Tenderfoot")
    partners = t.put(2, "Tenderfoot")
    foe = t.put(1, "Tenderfoot")
    t.effect(0, [{"op": "modify", "atk": 1, "to": {"each": {"kind": ["unit"], "side": "you"}}}])
    assert (t.atk(mine), t.atk(partners), t.atk(foe)) == (2, 1, 1)
    t.effect(0, [{"op": "modify", "atk": 1, "to": {"each": {"kind": ["unit"], "side": "friendly"}}}])
    assert (t.atk(mine), t.atk(partners), t.atk(foe)) == (3, 2, 1)
    t.effect(0, [{"op": "modify", "atk": 1, "to": {"each": {"kind": ["unit"], "side": "opponent"}}}])
    assert t.atk(foe) == 2


def test_a_team_has_one_add_on_of_each_kind() -> None:
    t = table()
    t.built(0, "tower")
    t.gold(2, 10)
    builds = {a for a in t.legal(2) if a.startswith("build")}
    assert "build tower" not in builds and "build surplus" in builds


def test_bounty_goes_to_a_hero_of_either_opponent_never_the_partners() -> None:
    t = table()
    troq = t.put(0, "troq-bashar", level=2)
    river = t.put(2, "river-montoya")
    foe = t.put(1, "river-montoya", damage=1)
    t.put(3, "troq-bashar")
    t.put(0, "Older Brother")
    t.act(f"attack Older Brother -> {t.name(foe)}", 0)
    assert not t.alive(foe)
    # p2's hero died: p1's and p3's heroes are candidates, p4's (p2's partner) is not.
    assert t.s.pending["kind"] == "bounty" and t.s.pending["options"] == sorted([troq, river])
    t.act(f"choose {t.name(river)}", 0)
    assert t.thing(river).level == 3


def test_slots_and_frenzy_follow_the_team_turn() -> None:
    t = table()
    lookout = t.put(2, "Tenderfoot", slot="lookout")
    elite = t.put(0, "Tenderfoot", slot="elite")
    # It is p1 and p3's turn: neither partner's patrol counts, so no resist and no Elite bonus.
    assert "resist" not in t.kw(lookout) and t.atk(elite) == 1
    t.effect(0, [{"op": "modify", "kw": ["frenzy 1"], "until": "ever", "to": {"each": {"kind": ["unit"]}}}])
    assert t.atk(elite) == 2 and t.atk(lookout) == 2  # frenzy: the team's turn is p3's turn too
    t.end_turn()
    assert t.s.active == 1
    assert t.kw(lookout)["resist"] == 1 and t.atk(elite) == 2  # now they patrol: Elite +1, no frenzy


def test_partners_pay_no_resist() -> None:
    from engine.codex.effects import can_target

    t = table()
    guard = t.put(2, "Tenderfoot")
    t.effect(2, [{"op": "modify", "kw": ["resist 2"], "until": "ever", "to": {"each": {"card": "tenderfoot"}}}])
    t.gold(0, 0)
    # p3's partner p1 targets it for free; an opponent would need 2 gold.
    assert can_target(t.g, t.q, guard, 0)
    assert not can_target(t.g, t.q, guard, 1)


def test_an_effect_for_the_opponent_asks_which_one() -> None:
    t = table()
    t.effect(0, [{"op": "summon", "token": "mercenary", "for": "opponent"}])
    assert t.s.pending["kind"] == "opponent" and t.s.pending["options"] == ["p2", "p4"]
    t.act("choose p4")
    assert [th.ctrl for th in t.s.things.values() if th.card == "mercenary"] == [3]


def test_resigning_concedes_for_the_team() -> None:
    t = table()
    step = GAME.resign(t.s, 2)
    out = GAME.outcome(step.state)
    assert out is not None and out.winners == {1, 3} and out.reason == "resign"


def test_partner_end_of_turn_triggers_and_draws_are_their_own() -> None:
    t = table()
    t.give(0, "Tenderfoot", "Tenderfoot", zone="deck")
    t.give(2, *["Spark"] * 4, zone="deck")
    t.act("end", 2)
    t.act("end", 0)
    assert len(t.s.players[0].hand) == 2 and len(t.s.players[2].hand) == 2


def test_a_team_tower_shoots_attackers_of_the_partners_things_too() -> None:
    """A Tower hits attackers of anything its player's team controls (ruling), counted at combat damage."""
    t = table()
    t.built(1, "tower")
    brother = t.put(0, "Older Brother")
    foot = t.put(3, "Tenderfoot")
    t.act("attack Older Brother -> Tenderfoot", 0)
    assert not t.alive(foot) and not t.alive(brother)  # 1 from the Tenderfoot, 1 from p2's Tower
    hits = [e.data["n"] for e in t.events if e.kind == "damage" and e.data.get("ref") == brother]
    assert sorted(hits) == [1, 1]

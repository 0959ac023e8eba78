"""The story of a Codex turn names who did what: a Tower's damage is the Tower's, a bought level says what it
cost. The sentences are the public ones (`describe_event(e, None)`) the board, the history and the forum
export all read."""

from __future__ import annotations

from engine.codex import GAME
from engine.codex.scenario import Table


def story(t: Table) -> list[str]:
    return [line for e in t.events if e.visible_to(None) and (line := GAME.describe_event(e, None))]


def tower_shoots(t: Table, tower: int, attack: str) -> list[str]:
    """Seat `tower` has a Tower; p1's Older Brother makes the `attack`; the story it tells."""
    t.clear()
    t.built(tower, "tower")
    t.put(0, "Older Brother")
    t.put(1, "Tenderfoot")
    t.act(attack, seat=0)
    return story(t)


def test_tower_damage_is_credited_to_the_tower() -> None:
    lines = tower_shoots(Table(), 1, "attack Older Brother -> base")
    assert "p2's Tower deals 1 damage to Older Brother." in lines
    assert "Older Brother takes 1 damage." not in lines
    assert "p2's base takes 2 damage." in lines  # the attacker's own damage reads as before


def test_a_tower_guarding_its_partner_is_credited_by_its_owner() -> None:
    lines = tower_shoots(Table(players=4, mode="2v2", teams="p1+p3"), 3, "attack Older Brother -> Tenderfoot")
    assert "p4's Tower deals 1 damage to Older Brother." in lines  # p4 guards its partner p2's things


def test_a_bought_level_says_the_gold_paid() -> None:
    t = Table()
    t.put(0, "troq-bashar", level=3, damage=2)
    t.gold(0, 20)
    t.act("level Troq Bashar 2")
    assert "p1 pays 2 gold: Troq Bashar gains 2 levels (now level 5) and is fully healed." in story(t)
    t.events.clear()
    t.act("level Troq Bashar 1")
    assert "p1 pays 1 gold: Troq Bashar gains 1 level (now level 6)." in story(t)
    mine = [GAME.describe_event(e, 0) for e in t.events if e.kind == "level"]
    assert mine == ["You pay 1 gold: Troq Bashar gains 1 level (now level 6)."]


def test_levels_not_bought_name_no_price() -> None:
    t = Table()
    h = t.put(0, "troq-bashar", level=1)
    t.effect(0, [{"op": "level", "n": 2, "to": {"each": {"kind": ["hero"], "side": "you"}}}])
    assert t.thing(h).level == 3
    assert "Troq Bashar reaches level 3." in story(t)
    assert not [line for line in story(t) if "gold" in line]

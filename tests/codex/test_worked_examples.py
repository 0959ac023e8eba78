"""The rulebook's worked examples, as games played through the notation."""

from __future__ import annotations

from engine.codex import GAME
from engine.codex.scenario import Table


def test_example_opening_turns() -> None:
    t = Table(seed=11)
    t.clear(0)
    t.give(0, "Older Brother", "Tenderfoot", "Spark", "Bloom", "Wither")
    t.give(0, "Fruit Ninja", "Helpful Turtle", "Timely Messenger", "Brick Thief", "Granfalloon Flagbearer", zone="deck")
    p1 = t.s.players[0]
    # Player 1, turn 1: nothing to ready, 4 gold from 4 workers.
    assert p1.gold == 4
    t.act("play Older Brother")  # a unit, keeping 1 gold for a worker...
    t.act("play Tenderfoot")
    t.act("patrol Older Brother squad leader")  # ...the new fighter as squad leader, another as elite
    t.act("patrol Tenderfoot elite")
    t.act("worker Spark")
    assert t.s.players[0].workers == 5 and t.s.players[0].gold == 0
    t.act("end")
    p1 = t.s.players[0]
    assert len(p1.hand) == 4  # 2 discarded -> 4 drawn (with fewer cards spent, 5)
    assert p1.patrol[:2] != [0, 0]
    # Player 2 starts at once; player 1 techs two cards meanwhile (two copies of one card here).
    assert GAME.to_move(t.s) == frozenset({0, 1})
    t.act("tech Iron Man, Iron Man", seat=0)
    p2 = t.s.players[1]
    assert p2.workers == 5 and p2.gold == 5
    t.act("summon River Montoya")  # or a unit: heroes cost 2
    t.act("patrol River Montoya squad leader")
    t.act(f"worker {t.name(t.s.players[1].hand[0])}")
    t.act("end")
    t.pick_tech(1)
    # Player 1, turn 2: 5 workers give 5 gold; the sixth worker allows a tech I building at once.
    p1 = t.s.players[0]
    assert p1.gold == 5 and p1.patrol == [0, 0, 0, 0, 0]
    assert sum(1 for u in p1.discard if t.s.cards[u][0] == "iron-man") == 2
    t.act(f"worker {t.name(p1.hand[0])}")
    assert t.can("build tech1")
    t.act("build tech1")
    assert t.s.players[0].tech[0].status == "building" and t.s.players[0].gold == 3
    t.act("end")
    assert t.s.players[0].tech[0].status == "built"  # finished at the end of the turn


def test_example_draw_counts() -> None:
    for discarded, drawn in ((0, 2), (1, 3), (2, 4), (3, 5), (4, 5), (5, 5)):
        t = Table()
        t.clear(0)
        t.give(0, *["Tenderfoot"] * discarded)
        t.give(0, *["Older Brother"] * 9, zone="deck")
        t.act("end")
        assert len(t.s.players[0].hand) == drawn


def test_example_level_four_times_for_four_gold() -> None:
    t = Table()
    t.clear()
    t.act("summon Troq Bashar")
    t.gold(0, 4)
    t.act("level Troq Bashar 4")
    hero = next(th for th in t.s.things.values() if th.card == "troq-bashar")
    assert hero.level == 5 and t.s.players[0].gold == 0


def test_example_off_colour_minor_spell_costs_one_more() -> None:
    t = Table()
    t.clear()
    t.put(0, "troq-bashar")  # a neutral hero
    scorch, spark = t.give(0, "Scorch", "Spark")  # a red minor spell, a neutral one
    q, g = t.q, t.g
    from engine.codex.rules import play_cost

    assert play_cost(g, q, 0, g.card_of(scorch)) == 3 + 1
    assert play_cost(g, q, 0, g.card_of(spark)) == 1


def test_example_hero_limit_trick_summon_let_die_summon_another() -> None:
    t = Table(hero1=["troq-bashar", "river-montoya"], hero2=["river-montoya"])
    t.clear()
    t.gold(0, 10)
    t.act("summon Troq Bashar")
    assert not t.can("summon River Montoya")
    troq = next(u for u, th in t.s.things.items() if th.card == "troq-bashar")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "troq-bashar"}}}])
    assert not t.alive(troq)
    assert t.can("summon River Montoya")


def test_example_ground_unit_need_not_attack_a_flying_patroller() -> None:
    t = Table()
    t.clear()
    t.put(0, "Older Brother")
    t.put(1, "Cloud Sprite", slot="squad leader")
    t.put(1, "Tenderfoot", slot="elite")
    assert [a for a in t.legal() if a.startswith("attack")] == ["attack Older Brother -> Tenderfoot"]

"""Workers, gold, tech buildings and add-ons (rulebook §6-§8)."""

from __future__ import annotations

from engine.codex import GAME
from engine.codex.scenario import Table


def test_hire_a_worker_once_per_turn_for_one_gold_and_a_card() -> None:
    t = Table()
    t.clear(0)
    _, spark = t.give(0, "Tenderfoot", "Spark")
    t.act("worker Spark")
    label = t.g.label(spark)
    p = t.s.players[0]
    assert (p.workers, p.gold, len(p.hand), len(p.worker_cards)) == (5, 3, 1, 1)
    assert not any(a.startswith("worker") for a in t.legal())
    # The hired card is face down: the opponent sees a count, never the card.
    assert GAME.view(t.s, 1)["players"][0]["workers"] == 5
    assert label not in str(GAME.view(t.s, 1)) and label in str(GAME.view(t.s, 0)["you"]["workers"])


def test_hire_needs_a_card_and_a_gold() -> None:
    t = Table()
    t.clear(0)
    assert not any(a.startswith("worker") for a in t.legal())
    t.give(0, "Spark")
    t.gold(0, 0)
    assert not any(a.startswith("worker") for a in t.legal())


def test_new_worker_counts_for_building_this_turn_and_pays_next_upkeep() -> None:
    t = Table()
    t.workers(0, 5)
    t.clear(0)
    t.give(0, "Spark")
    assert not t.can("build tech1")
    t.act("worker Spark")
    assert t.can("build tech1")  # the worker counts at once (worked example)
    t.end_turn()
    t.end_turn()
    assert t.s.players[0].gold == 3 - 0 + 6  # 3 left, then 6 workers of income


def test_tech_buildings_need_workers_and_the_lower_tier_and_finish_at_end_of_turn() -> None:
    t = Table()
    t.gold(0, 20)
    t.workers(0, 10)
    assert t.can("build tech1") and not t.can("build tech2")
    t.act("build tech1")
    p = t.s.players[0]
    assert p.gold == 19 and p.tech[0].status == "building"
    assert not t.can("build tech2")  # not finished yet: does not exist for any purpose
    t.end_turn()
    assert p is not t.s.players[0]
    assert t.s.players[0].tech[0].status == "built"
    t.end_turn()
    gold = t.s.players[0].gold
    t.act("build tech2")
    assert t.s.players[0].gold == gold - 4 and t.s.players[0].tech[1].status == "building"
    assert t.s.players[0].tech2_spec == "bashing"


def test_worker_thresholds() -> None:
    t = Table()
    t.gold(0, 20)
    t.built(0, "tech1", "tech2")
    t.workers(0, 9)
    assert not t.can("build tech3")
    t.workers(0, 10)
    assert t.can("build tech3")
    t.built(0, "tech3")
    t.s.players[0].tech[0].status = "none"
    t.workers(0, 5)
    assert not t.can("build tech1")
    t.workers(0, 6)
    assert t.can("build tech1")


def test_destroyed_tech_building_damages_base_and_rebuilds_free() -> None:
    t = Table()
    t.built(1, "tech1")
    t.s.players[1].tech[0].damage = 4
    a = t.put(0, "Older Brother")
    t.act("attack Older Brother -> tech1")
    assert t.s.players[1].tech[0].status == "destroyed"
    assert t.base(1) == 2 and t.alive(a)
    t.end_turn()
    t.gold(1, 0)
    t.workers(1, 6)
    assert t.can("build tech1")  # free to rebuild, needs no gold


def test_rebuild_still_needs_workers_unless_option() -> None:
    t = Table()
    t.s.players[0].tech[0].status = "destroyed"
    t.workers(0, 4)
    assert not t.can("build tech1")
    t2 = Table(rebuild="free")
    t2.s.players[0].tech[0].status = "destroyed"
    t2.workers(0, 4)
    t2.gold(0, 0)
    assert t2.can("build tech1")


def test_one_add_on_at_a_time_and_tearing_it_down_costs_base_two() -> None:
    t = Table()
    t.gold(0, 10)
    assert t.can("build tower") and t.can("build surplus")
    assert not t.can("build tech lab")  # the one-hero game has only Surplus and Tower
    t.act("build tower")
    assert t.s.players[0].gold == 7
    assert not t.can("build surplus")
    t.end_turn()
    t.end_turn()
    t.act("destroy tower")
    assert t.s.players[0].addon is None and t.base(0) == 2
    assert t.can("build surplus")


def test_surplus_draws_in_upkeep_by_default() -> None:
    t = Table()
    t.built(0, "surplus")
    t.end_turn()
    t.clear(0)
    t.give(0, "Spark", "Bloom", zone="deck")
    t.end_turn()
    assert len(t.s.players[0].hand) == 1


def test_surplus_draw_phase_option() -> None:
    t = Table(surplus="draw_phase")
    t.built(0, "surplus")
    t.clear(0)
    t.give(0, *["Tenderfoot"] * 8, zone="deck")
    t.act("end")
    assert len(t.s.players[0].hand) == 3  # 0 discarded -> 2, plus Surplus


def test_multicolour_tax_on_first_building_only() -> None:
    t = Table()
    p = t.s.players[0]
    p.heroes = ["troq-bashar", "captain-zane"]  # one neutral, one red: no tax
    t.gold(0, 10)
    t.workers(0, 6)
    t.act("build tech1")
    assert t.s.players[0].gold == 9
    t2 = Table()
    t2.s.players[0].heroes = ["captain-zane", "calamandra-moss", "troq-bashar"]  # red and green: tax once
    t2.gold(0, 10)
    t2.workers(0, 6)
    t2.act("build tech1")
    assert t2.s.players[0].gold == 8
    t2.act("build tower")
    assert t2.s.players[0].gold == 5


def test_gold_is_public_hand_is_private() -> None:
    t = Table()
    public = GAME.view(t.s, None)
    assert public["players"][0]["gold"] == 4 and public["players"][0]["hand"] == 5
    assert "you" not in public
    assert len(GAME.view(t.s, 0)["you"]["hand"]) == 5

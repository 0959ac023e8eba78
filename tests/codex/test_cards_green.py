"""Green cards: the starter deck, Balance, Feral, Growth, the three heroes and the tokens Green makes."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table


def table(hero: str = "master-midori", level: int = 1, gold: int = 20) -> Table:
    """P1 (active) with a Green hero in play and gold; P2 with nothing. Hands and decks are empty."""
    t = Table()
    t.clear()
    t.gold(0, gold)
    t.put(0, hero, level=level)
    return t


def hero_of(t: Table, seat: int = 0) -> int:
    return next(u for u, th in t.s.things.items() if th.ctrl == seat and t.cat[th.card].type == "hero")


def things(t: Table, card: str, seat: int | None = None) -> list[int]:
    return sorted(u for u, th in t.s.things.items() if th.card == card and (seat is None or th.ctrl == seat))


# ------------------------------------------------------------------------------------------ starter deck


@pytest.mark.cards("merfolk-prospector")
def test_merfolk_prospector_exhausts_for_a_gold_but_not_the_turn_it_arrives() -> None:
    t = table(gold=1)
    t.give(0, "Merfolk Prospector")
    t.act("play Merfolk Prospector")
    assert not t.can("ability Merfolk Prospector")  # arrival fatigue, no haste
    old = t.put(0, "Merfolk Prospector")
    t.act(f"ability {t.name(old)}")
    assert t.s.players[0].gold == 1 and t.thing(old).exhausted
    assert not t.can(f"ability {t.name(old)}")


@pytest.mark.cards("tiger-cub")
def test_tiger_cub_is_a_plain_two_two() -> None:
    t = table()
    t.give(0, "Tiger Cub")
    t.act("play Tiger Cub")
    (cub,) = things(t, "tiger-cub")
    assert (t.atk(cub), t.hp(cub)) == (2, 2) and t.s.players[0].gold == 18 and t.s.pending is None


@pytest.mark.cards("young-treant")
def test_young_treant_draws_on_arrival_and_cannot_attack() -> None:
    t = table()
    t.give(0, "Tiger Cub", zone="deck")
    t.give(0, "Young Treant")
    t.act("play Young Treant")
    hand = [t.s.cards[u][0] for u in t.s.players[0].hand]
    assert hand == ["tiger-cub"]
    old = t.put(0, "Young Treant")
    assert not any(a.startswith(f"attack {t.name(old)}") for a in t.legal())


@pytest.mark.cards("playful-panda", "wisp")
def test_playful_panda_arrives_exhausted_with_a_wisp() -> None:
    t = table()
    t.give(0, "Playful Panda")
    t.act("play Playful Panda")
    (panda,) = things(t, "playful-panda")
    (wisp,) = things(t, "wisp", 0)
    assert t.thing(panda).exhausted and not t.thing(wisp).exhausted
    assert (t.atk(wisp), t.hp(wisp)) == (0, 1)
    t.act(f"patrol {t.name(wisp)} squad leader")
    assert not t.can(f"patrol {t.name(panda)} elite")  # exhausted: it cannot patrol this turn


@pytest.mark.cards("ironbark-treant")
def test_ironbark_treant_trades_attack_for_armor_while_patrolling() -> None:
    t = table()
    tree = t.put(0, "Ironbark Treant")
    assert (t.atk(tree), t.q.armor_total(t.thing(tree))) == (3, 0)
    t.act("patrol Ironbark Treant elite")
    assert t.atk(tree) == 3  # a patrol plan on our own turn changes nothing
    t.end_turn()
    # On the opponent's turn it patrols the elite slot: 3 - 2 + 1.
    assert (t.atk(tree), t.q.armor_total(t.thing(tree))) == (2, 2)
    older = t.put(1, "Older Brother")
    t.act(f"attack {t.name(older)} -> Ironbark Treant")
    assert t.thing(tree).damage == 0 and t.thing(tree).armor_used == 2  # its armor soaked both


@pytest.mark.cards("spore-shambler")
def test_spore_shambler_arrives_with_two_runes_and_moves_them() -> None:
    t = table(gold=4)
    cub = t.put(0, "Tiger Cub")
    t.give(0, "Spore Shambler")
    t.act("play Spore Shambler")
    (sh,) = things(t, "spore-shambler")
    assert t.thing(sh).runes == 2 and (t.atk(sh), t.hp(sh)) == (2, 3)
    assert not t.can("ability Spore Shambler: exhaust")  # arrival fatigue for the exhaust form...
    t.put(1, "Older Brother")
    t.act("ability Spore Shambler: pay 1")  # ...but the gold form works at once
    assert t.s.pending["options"] == [cub, things(t, "older-brother")[0]]  # another unit: not itself
    t.act("choose Tiger Cub")
    assert t.thing(sh).runes == 1 and t.thing(cub).runes == 1 and t.s.players[0].gold == 0


@pytest.mark.cards("spore-shambler")
def test_spore_shambler_needs_a_rune_of_its_own_to_pay() -> None:
    t = table()
    sh = t.put(0, "Spore Shambler")
    t.put(0, "Tiger Cub", runes=1)
    assert not t.can("ability Spore Shambler: pay 1") and not t.can("ability Spore Shambler: exhaust")
    t.thing(sh).runes = 1
    t.act("ability Spore Shambler: exhaust")
    assert t.thing(sh).exhausted and t.thing(sh).runes == 0


@pytest.mark.cards("verdant-tree")
def test_verdant_tree_heals_and_makes_tech_buildings_operational_at_once() -> None:
    t = table()
    t.workers(0, 10)
    h = hero_of(t)
    t.thing(h).damage = 2
    t.give(0, "Verdant Tree")
    t.act("play Verdant Tree")
    assert not t.can("ability Verdant Tree")  # no haste: not the turn it arrives
    t.act("build tech1")
    t.end_turn()
    t.end_turn()
    assert t.thing(h).damage == 1  # healing 1 in our upkeep
    t.act("ability Verdant Tree")
    t.act("build tech2")
    t.act("build tech3")
    assert [b.status for b in t.s.players[0].tech] == ["built", "built", "built"]


@pytest.mark.cards("rich-earth")
def test_rich_earth_makes_hiring_free_but_still_once_a_turn() -> None:
    t = table(gold=3)
    t.give(0, "Rich Earth", "Tiger Cub", "Tiger Cub")
    t.act("play Rich Earth")
    assert t.s.players[0].gold == 0
    workers = t.s.players[0].workers
    t.act(f"worker {t.name(t.s.players[0].hand[0])}")
    assert t.s.players[0].workers == workers + 1 and t.s.players[0].gold == 0
    assert not any(a.startswith("worker") for a in t.legal())


@pytest.mark.cards("rampant-growth")
def test_rampant_growth_gives_two_attack_and_two_armor_this_turn() -> None:
    t = table(gold=2)
    cub = t.put(0, "Tiger Cub")
    t.put(1, "Older Brother")
    t.give(0, "Rampant Growth")
    t.act("play Rampant Growth")
    t.act("choose Tiger Cub")
    assert (t.atk(cub), t.q.armor_total(t.thing(cub))) == (4, 2)
    t.end_turn()
    assert (t.atk(cub), t.q.armor_total(t.thing(cub))) == (2, 0)


@pytest.mark.cards("forests-favor")
def test_forests_favor_runes_a_friendly_without_one() -> None:
    t = table(gold=4)
    cub = t.put(0, "Tiger Cub", runes=1)
    t.put(1, "Older Brother")
    t.give(0, "Forest's Favor", "Forest's Favor")
    t.act(f"play {t.name(t.s.players[0].hand[0])}")
    h = hero_of(t)
    assert t.thing(h).runes == 1 and t.thing(cub).runes == 1  # the hero was the only legal target
    assert not t.can(f"play {t.name(t.s.players[0].hand[0])}")

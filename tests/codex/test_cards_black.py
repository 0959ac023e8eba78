"""Black cards: the starter deck, Demonology, Disease, Necromancy, their heroes and Black's tokens."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table
from engine.codex.state import Mod


def table(hero: str = "garth-torken", level: int = 1, gold: int = 20) -> Table:
    t = Table()
    t.clear()
    t.gold(0, gold)
    t.put(0, hero, level=level)
    return t


def units(t: Table, seat: int, cid: str) -> list[int]:
    return sorted(u for u, th in t.s.things.items() if th.card == cid and th.ctrl == seat)


# ------------------------------------------------------------------------------------ starter deck


@pytest.mark.cards("pestering-haunt")
def test_pestering_haunt_is_unstoppable_cant_patrol_and_stays_at_one_atk() -> None:
    t = table()
    h = t.put(0, "Pestering Haunt")
    t.thing(h).mods.append(Mod(atk=3, until="turn"))
    assert t.atk(h) == 1
    t.put(1, "Iron Man", slot="squad leader")
    assert t.can("attack Pestering Haunt -> base")
    assert not any(a.startswith("patrol Pestering Haunt") for a in t.legal())


@pytest.mark.cards("pestering-haunt")
def test_pestering_haunt_cannot_be_sacrificed() -> None:
    t = table()
    h = t.put(0, "Pestering Haunt")
    t.effect(0, [{"op": "sacrifice", "to": {"each": {"kind": ["unit"]}}}])
    assert t.alive(h)


@pytest.mark.cards("poisonblade-rogue")
def test_poisonblade_rogue_attacks_with_armor_piercing_rune_damage() -> None:
    t = table()
    r = t.put(0, "Poisonblade Rogue")
    d = t.put(1, "Regular-sized Rhinoceros", slot="squad leader")
    assert "rune damage" not in t.kw(r)
    t.act("attack Poisonblade Rogue -> Regular-sized Rhinoceros")
    # the squad leader's armor does not soak it: two -1/-1 runes
    assert t.thing(d).runes == -2 and t.thing(d).damage == 0
    assert not t.alive(r)


@pytest.mark.cards("poisonblade-rogue")
def test_poisonblade_rogue_defending_deals_ordinary_damage() -> None:
    t = table()
    t.put(1, "Poisonblade Rogue", slot="elite")
    a = t.put(0, "Iron Man")
    t.act("attack Iron Man -> Poisonblade Rogue")
    assert t.thing(a).damage == 3 and t.thing(a).runes == 0  # 2 ATK +1 elite, as damage


@pytest.mark.cards("thieving-imp")
def test_thieving_imp_makes_the_opponent_discard_at_random() -> None:
    t = table()
    t.give(1, "Spark", "Bloom")
    t.give(0, "Thieving Imp")
    t.act("play Thieving Imp")
    p = t.s.players[1]
    assert len(p.hand) == 1 and len(p.discard) == 1 and t.s.players[0].gold == 17


@pytest.mark.cards("thieving-imp")
def test_thieving_imp_with_an_empty_hand_does_nothing() -> None:
    t = table()
    t.give(0, "Thieving Imp")
    t.act("play Thieving Imp")
    assert t.s.players[1].discard == [] and t.s.pending is None


@pytest.mark.cards("skeletal-archery", "skeleton")
def test_skeletal_archery_gives_your_skeletons_long_range_and_anti_air() -> None:
    t = table()
    t.give(0, "Skeletal Archery", "Summon Skeletons")
    t.act("play Summon Skeletons")
    mine = units(t, 0, "skeleton")
    theirs = t.put(1, "Skeleton")
    other = t.put(0, "Tenderfoot")
    t.act("play Skeletal Archery")
    for u in mine:
        assert {"long-range", "anti-air"} <= set(t.kw(u))
    assert "long-range" not in t.kw(theirs) and "long-range" not in t.kw(other)
    assert (t.atk(mine[0]), t.hp(mine[0])) == (1, 1)


@pytest.mark.cards("deteriorate")
def test_deteriorate_gives_minus_one_this_turn() -> None:
    t = table()
    u = t.put(1, "Iron Man")
    t.put(1, "Tenderfoot")
    t.give(0, "Deteriorate")
    t.act("play Deteriorate")
    t.act("choose Iron Man")
    assert (t.atk(u), t.hp(u)) == (2, 3)
    t.end_turn()
    assert (t.atk(u), t.hp(u)) == (3, 4)


@pytest.mark.cards("deteriorate")
def test_deteriorate_cannot_target_a_hero() -> None:
    t = table()
    t.give(0, "Deteriorate")
    t.put(1, "troq-bashar")
    assert not t.can("play Deteriorate")


@pytest.mark.cards("summon-skeletons", "skeleton")
def test_summon_skeletons_makes_two_skeleton_tokens() -> None:
    t = table()
    t.give(0, "Summon Skeletons")
    t.act("play Summon Skeletons")
    sk = units(t, 0, "skeleton")
    assert len(sk) == 2 and all((t.atk(u), t.hp(u)) == (1, 1) for u in sk)
    assert t.s.players[0].gold == 17


@pytest.mark.cards("sacrifice-the-weak")
def test_sacrifice_the_weak_each_player_loses_their_weakest_unit() -> None:
    t = table()
    mine_weak = t.put(0, "Tenderfoot")
    mine = t.put(0, "Iron Man")
    theirs_weak = t.put(1, "Older Brother")
    theirs = t.put(1, "Tenderfoot")
    t.give(0, "Sacrifice the Weak")
    t.act("play Sacrifice the Weak")
    # tech 0 first, then least ATK: Tenderfoot (1) for us; P2's Tenderfoot (1) over Older Brother (2)
    assert not t.alive(mine_weak) and t.alive(mine)
    assert not t.alive(theirs) and t.alive(theirs_weak)

"""Shared steps: discard (random or chosen), fetch from the codex, level gain/loss, weakest unit, damage
as -1/-1 runes and "can't be sacrificed"."""

from __future__ import annotations

from engine.codex.scenario import Table
from engine.codex.state import Mod


def t0() -> Table:
    t = Table()
    t.clear()
    return t


def test_random_discard_moves_a_card_face_up_to_the_discard() -> None:
    t = t0()
    cards = t.give(1, "Spark", "Bloom", "Wither")
    t.effect(0, [{"op": "discard", "who": "opponent", "n": 2, "random": True}])
    p = t.s.players[1]
    assert len(p.hand) == 1 and len(p.discard) == 2 and set(p.hand + p.discard) == set(cards)
    assert set(p.discard) <= set(t.s.known)
    assert "discard" in t.kinds()


def test_random_discard_of_an_empty_hand_does_nothing() -> None:
    t = t0()
    t.effect(0, [{"op": "discard", "who": "opponent", "n": 1, "random": True}])
    assert t.s.players[1].discard == [] and t.s.pending is None


def test_chosen_discard_lets_the_active_player_pick_matching_cards() -> None:
    t = t0()
    spark, brother, bloom = t.give(1, "Spark", "Older Brother", "Bloom")
    t.effect(0, [{"op": "discard", "who": "opponent", "n": 2, "up_to": True, "only": {"not_kind": ["unit"]}}])
    assert t.s.pending["options"] == [spark, bloom, "done"]
    t.act("choose Spark")
    assert t.s.pending["options"] == [bloom, "done"]
    t.act("choose done")
    assert t.s.players[1].hand == [brother, bloom] and t.s.players[1].discard == [spark]


def test_fetch_takes_a_matching_card_from_the_codex() -> None:
    t = t0()
    t.s.players[0].codex = {"wrecking-ball": 2, "iron-man": 2}
    t.effect(0, [{"op": "fetch", "only": {"kind": ["spell"]}}])
    p = t.s.players[0]
    assert p.codex == {"wrecking-ball": 1, "iron-man": 2}
    assert [t.s.cards[u][0] for u in p.hand] == ["wrecking-ball"] and p.hand[0] in t.s.known


def test_levels_lost_never_go_below_one_and_freeze_stops_gains() -> None:
    t = t0()
    h = t.put(1, "troq-bashar", level=2)
    t.gold(1, 5)
    t.effect(0, [{"op": "level", "n": -2, "freeze": True, "to": {"pick": {"kind": ["hero"]}}}])
    assert t.thing(h).level == 1
    t.effect(0, [{"op": "level", "n": 3, "to": {"pick": {"kind": ["hero"]}}}])
    assert t.thing(h).level == 1  # can't level up for the rest of the turn


def test_level_gain_stops_at_max() -> None:
    t = t0()
    h = t.put(0, "river-montoya", level=3)
    t.effect(0, [{"op": "level", "n": 9, "to": {"pick": {"kind": ["hero"]}}}])
    assert t.thing(h).level == t.cat["river-montoya"].mx


def test_each_players_weakest_unit_skips_indestructible_and_asks_on_ties() -> None:
    t = t0()
    tough = t.put(1, "Tenderfoot")
    t.thing(tough).mods.append(Mod(kw=("indestructible",), until="ever"))
    im = t.put(1, "Iron Man")
    a = t.put(0, "Older Brother")
    b = t.put(0, "Older Brother")
    t.put(0, "Iron Man")
    t.effect(0, [{"op": "weakest", "do": "sacrifice", "side": "each"}])
    assert sorted(t.s.pending["options"]) == [a, b]  # a tie for least ATK among tech 0: the active player picks
    t.act(f"choose {t.name(a)}")
    assert not t.alive(a) and t.alive(b) and not t.alive(im) and t.alive(tough)


def test_weakest_by_tech_ignores_atk() -> None:
    t = t0()
    a = t.put(1, "Older Brother")
    b = t.put(1, "Tenderfoot")
    t.effect(0, [{"op": "weakest", "do": "destroy", "side": "opponent", "by": "tech"}])
    assert sorted(t.s.pending["options"]) == sorted([a, b])


def test_cant_be_sacrificed_is_skipped_by_sacrifice() -> None:
    t = t0()
    u = t.put(1, "Tenderfoot")
    t.thing(u).mods.append(Mod(kw=("can't be sacrificed",), until="ever"))
    t.effect(1, [{"op": "sacrifice", "to": {"each": {"kind": ["unit"]}}}])
    assert t.alive(u)


def test_rune_damage_in_combat_lands_as_minus_runes() -> None:
    t = t0()
    a = t.put(0, "Iron Man")
    t.thing(a).mods.append(Mod(kw=("rune damage",), until="ever"))
    d = t.put(1, "Regular-sized Rhinoceros", slot="squad leader")
    t.act("attack Iron Man -> Regular-sized Rhinoceros")
    # 3 damage, 1 soaked by the squad leader's armor: two -1/-1 runes, no damage
    assert t.thing(d).runes == -2 and t.thing(d).damage == 0


def test_max_atk_caps_attack() -> None:
    t = t0()
    u = t.put(0, "Iron Man")
    t.thing(u).mods.append(Mod(kw=("max atk 1",), until="ever"))
    assert t.atk(u) == 1

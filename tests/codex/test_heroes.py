"""Heroes: summoning, levels and bands, death, cooldown, bounty, ultimates, hero spells (§7.4-7.5, §10)."""

from __future__ import annotations

import pytest

from engine.codex import GAME
from engine.codex.scenario import Table


def hero_uid(t: Table, seat: int) -> int:
    return next(u for u, th in t.s.things.items() if th.ctrl == seat and t.g.card(th).type == "hero")


def test_summon_costs_two_arrives_level_one_tired_but_may_patrol() -> None:
    t = Table()
    t.clear()
    t.act("summon Troq Bashar")
    h = hero_uid(t, 0)
    assert t.s.players[0].gold == 2 and t.thing(h).level == 1
    assert not any(a.startswith("attack Troq") for a in t.legal())
    assert t.can("patrol Troq Bashar squad leader")
    assert t.can("level Troq Bashar 2") and not t.can("level Troq Bashar 3")  # 1 gold per level


def test_one_hero_limit_in_the_one_hero_game_and_command_zone_is_public() -> None:
    t = Table()
    assert GAME.view(t.s, None)["players"][0]["command"][0]["label"].startswith("Troq Bashar")
    t.act("summon Troq Bashar")
    assert not any(a.startswith("summon") for a in t.legal())


@pytest.mark.cards("troq-bashar")
def test_levels_heal_at_the_middle_band_and_at_max() -> None:
    t = Table()
    h = t.put(0, "troq-bashar", level=3, damage=2)
    t.gold(0, 20)
    t.act("level Troq Bashar 1")
    assert t.thing(h).level == 4 and t.thing(h).damage == 2  # still band one
    t.act("level Troq Bashar 1")
    assert t.thing(h).level == 5 and t.thing(h).damage == 0  # the middle band heals
    assert (t.atk(h), t.hp(h)) == (3, 4)
    t.thing(h).damage = 3
    t.act("level Troq Bashar 3")
    assert t.thing(h).level == 8 and t.thing(h).damage == 0 and (t.atk(h), t.hp(h)) == (4, 5)
    assert "readiness" in t.kw(h)
    assert not any(a.startswith("level") for a in t.legal())  # max level cannot be passed


def test_a_jump_over_the_middle_band_also_heals() -> None:
    t = Table()
    h = t.put(0, "river-montoya", level=1, damage=2)
    t.gold(0, 10)
    t.act("level River Montoya 4")
    assert t.thing(h).level == 5 and t.thing(h).damage == 0


def test_hero_death_returns_to_command_zone_resets_and_gives_bounty() -> None:
    t = Table()
    t.clear()
    mine = t.put(0, "troq-bashar", level=2)
    theirs = t.put(1, "river-montoya", level=4, runes=1)
    t.thing(theirs).damage = 4  # 2/4 band at level 3-4, +1/+1 rune: 3/5
    t.put(0, "Older Brother")
    t.act("attack Older Brother -> River Montoya")
    p2 = t.s.players[1]
    assert theirs in p2.command and not t.alive(theirs)
    assert t.thing(mine).level == 4  # the bounty: two free levels for the other side's hero
    assert p2.cooldown[theirs] == 2


def test_bounty_stops_at_max_level_and_skips_max_level_heroes() -> None:
    t = Table()
    t.clear()
    mine = t.put(0, "troq-bashar", level=7)
    theirs = t.put(1, "river-montoya", level=1, damage=2)
    t.put(0, "Older Brother")
    t.act("attack Older Brother -> River Montoya")
    assert t.thing(mine).level == 8
    t2 = Table()
    t2.clear()
    mine = t2.put(0, "troq-bashar", level=8)
    t2.put(1, "river-montoya", level=1, damage=2)
    t2.put(0, "Older Brother")
    t2.act("attack Older Brother -> River Montoya")
    assert t2.thing(mine).level == 8
    assert theirs


def test_bounty_when_a_hero_dies_on_its_own_turn() -> None:
    t = Table()
    t.clear()
    mine = t.put(0, "troq-bashar", level=1)
    theirs = t.put(1, "river-montoya", level=1)
    t.act("attack Troq Bashar -> River Montoya")  # 2/3 vs 2/3: neither dies
    assert t.thing(mine).damage == 2 and t.thing(theirs).damage == 2
    t.thing(mine).damage = 1
    t2 = Table()
    t2.clear()
    h1 = t2.put(0, "troq-bashar", level=1, damage=1)
    h2 = t2.put(1, "river-montoya", level=1)
    t2.act("attack Troq Bashar -> River Montoya")
    assert not t2.alive(h1) and t2.thing(h2).level == 3  # dying on your own turn still pays the bounty


def test_dead_hero_skips_its_owners_next_turn() -> None:
    t = Table()
    t.clear()
    h = t.put(1, "river-montoya", level=1, damage=2)
    t.put(0, "Older Brother")
    t.act("attack Older Brother -> River Montoya")
    t.end_turn()  # p2's next turn: River may not come back yet
    t.gold(1, 10)
    assert not t.can("summon River Montoya")
    t.end_turn()
    t.end_turn()
    assert t.can("summon River Montoya")
    assert h


def test_dead_on_own_turn_skips_the_next_own_turn_too() -> None:
    t = Table()
    t.clear()
    h = t.put(0, "troq-bashar", level=1, damage=2)
    t.put(1, "Older Brother")
    t.act("attack Troq Bashar -> Older Brother")
    assert not t.alive(h)
    t.gold(0, 10)
    assert not t.can("summon Troq Bashar")
    t.end_turn()
    t.end_turn()
    t.gold(0, 10)
    assert not t.can("summon Troq Bashar")
    t.end_turn()
    t.end_turn()
    assert t.can("summon Troq Bashar")


def test_literal_cooldown_option() -> None:
    t = Table(hero_cooldown="literal")
    t.clear()
    h = t.put(0, "troq-bashar", level=1, damage=2)
    t.put(1, "Older Brother")
    t.act("attack Troq Bashar -> Older Brother")
    assert not t.alive(h)
    t.end_turn()
    t.end_turn()
    t.gold(0, 10)
    assert t.can("summon Troq Bashar")


def test_spells_need_a_hero_in_play() -> None:
    t = Table()
    t.clear()
    t.give(0, "Wither")
    t.put(1, "Tenderfoot")
    assert not t.can("play Wither")
    t.put(0, "troq-bashar")
    assert t.can("play Wither")  # neutral minor spells never pay the off-colour tax
    t.act("play Wither")
    assert t.s.players[0].gold == 2


def test_spec_spells_need_a_hero_of_that_spec() -> None:
    t = Table()
    t.clear()
    t.give(0, "Discord")  # a Finesse spell in a Bashing player's hand
    t.put(0, "troq-bashar")
    assert not t.can("play Discord")


def test_ultimate_needs_max_level_since_the_start_of_the_turn() -> None:
    t = Table()
    t.clear()
    t.give(0, "Final Smash")
    t.gold(0, 20)
    h = t.put(0, "troq-bashar", level=7)
    t.put(1, "Tenderfoot")
    t.act("level Troq Bashar 1")
    assert t.thing(h).level == 8 and not t.can("play Final Smash")
    t.end_turn()
    t.end_turn()
    t.gold(0, 20)
    assert t.can("play Final Smash")


def test_max_level_reached_on_the_opponents_turn_allows_the_ultimate() -> None:
    t = Table()
    t.clear()
    mine = t.put(0, "river-montoya", level=4, damage=3)
    theirs = t.put(1, "troq-bashar", level=6)
    t.end_turn()
    t.act("attack Troq Bashar -> River Montoya")  # River dies: Troq gains 2 levels, to max, on his turn
    assert not t.alive(mine) and t.thing(theirs).level == 8
    t.clear(1)
    t.give(1, "Final Smash")
    t.end_turn()
    t.end_turn()
    assert t.thing(theirs).max_at_start


def test_channeling_spell_is_sacrificed_when_its_hero_leaves() -> None:
    t = Table()
    t.clear()
    h = t.put(0, "river-montoya", level=1, damage=2)
    t.give(0, "Harmony")
    t.act("play Harmony")
    harmony = next(u for u, th in t.s.things.items() if th.card == "harmony")
    assert t.thing(harmony).caster == h
    t.end_turn()
    t.put(1, "Older Brother")
    t.s.things[max(t.s.things)].since = 0
    t.act("attack Older Brother -> River Montoya")
    assert not t.alive(h) and not t.alive(harmony)
    assert not any(th.card == "angry-dancer" for th in t.s.things.values())

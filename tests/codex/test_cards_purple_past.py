"""Purple's Past spec (Prynn Pasternaak's): every card's abilities and the hero's bands."""

from __future__ import annotations

import pytest

from tests.codex.purple_tables import hero_of, next_turn_of, table, things

PAST = "prynn-pasternaak"


@pytest.mark.cards("vortoss-emblem")
def test_vortoss_emblem_makes_its_host_a_flagbearer_then_fades() -> None:
    t = table(PAST)
    ob = t.put(0, "Older Brother")
    t.put(0, "Tenderfoot")
    (em,) = t.give(0, "Vortoss Emblem")
    t.act("play Vortoss Emblem")
    t.act("choose Older Brother")
    assert t.thing(em).attached == ob and t.thing(em).marks["time"] == 3 and "flagbearer" in t.kw(ob)
    t.end_turn()
    t.put(1, "troq-bashar")
    t.gold(1, 2)
    t.give(1, "Wither")
    t.act("play Wither")  # the flagbearer is the only legal target for the opponent
    assert t.thing(ob).runes == -1
    for _ in range(3):
        next_turn_of(t, 1)
        t.end_turn()
    assert not t.alive(em) and em in t.s.players[0].discard and "flagbearer" not in t.kw(ob)


@pytest.mark.cards("undo")
def test_undo_returns_a_tech_0_to_2_unit_to_its_owners_hand() -> None:
    t = table(PAST)
    duck = t.put(1, "Trojan Duck")  # tech III
    rh = t.put(1, "Regular-sized Rhinoceros")  # tech II
    t.give(0, "Undo")
    t.act("play Undo")  # the Rhinoceros is the only legal target
    assert not t.alive(rh) and rh in t.s.players[1].hand and t.alive(duck)


@pytest.mark.cards("origin-story")
def test_origin_story_sends_a_hero_home_as_new() -> None:
    t = table(PAST)
    troq = t.put(1, "troq-bashar", level=5, damage=2)
    t.give(0, "Origin Story")
    t.act("play Origin Story")
    t.act("choose Troq Bashar")
    assert not t.alive(troq) and troq in t.s.players[1].command
    assert troq not in t.s.players[1].cooldown  # it did not die: it may come back at once


@pytest.mark.cards("rewind")
def test_rewind_is_cast_by_a_max_past_hero_even_fresh_and_bounces_tech_0_to_2() -> None:
    t = table(PAST, level=7)  # maxed this very turn
    mine = t.put(0, "Neo Plexus")
    foe = t.put(1, "Regular-sized Rhinoceros")
    duck = t.put(1, "Trojan Duck")
    t.effect(1, [{"op": "summon", "token": "soldier", "n": 1}])
    t.give(0, "Rewind")
    t.act("play Rewind")
    assert mine in t.s.players[0].hand and foe in t.s.players[1].hand and t.alive(duck)
    assert not things(t, "soldier")  # a token returned to a hand is gone


@pytest.mark.cards("rewind")
def test_rewind_needs_the_past_hero_at_max_level() -> None:
    t = table(PAST, level=6)
    t.put(1, "Neo Plexus")
    t.give(0, "Rewind")
    assert not t.can("play Rewind")


@pytest.mark.cards("seer")
def test_seer_may_add_or_remove_a_time_rune_when_it_arrives() -> None:
    t = table(PAST)
    t.built(0, "tech1")
    fa = t.put(1, "Fading Argonaut")
    s1, _ = t.give(0, "Seer", "Seer")
    t.act(f"play {t.name(s1)}")
    t.act("choose yes")
    t.act("choose remove")
    assert t.thing(fa).marks["time"] == 2
    t.act("play Seer")
    t.act("choose no")
    assert t.thing(fa).marks["time"] == 2


@pytest.mark.cards("seer")
def test_seer_asks_nothing_when_no_card_has_a_time_rune() -> None:
    t = table(PAST)
    t.built(0, "tech1")
    t.give(0, "Seer")
    t.act("play Seer")
    assert t.s.pending is None and things(t, "seer")


@pytest.mark.cards("stewardess-of-the-undone")
def test_stewardess_may_return_a_tech_0_unit() -> None:
    t = table(PAST)
    t.built(0, "tech1")
    ob = t.put(1, "Older Brother")
    im = t.put(1, "Iron Man")  # tech I: not eligible
    t.give(0, "Stewardess of the Undone")
    t.act("play Stewardess of the Undone")
    t.act("choose yes")
    assert ob in t.s.players[1].hand and t.alive(im)
    assert hero_of(t)


@pytest.mark.cards("shimmer-ray")
def test_shimmer_ray_discards_a_card_for_a_time_rune() -> None:
    t = table(PAST)
    sr = t.put(0, "Shimmer Ray")
    assert "flying" in t.kw(sr) and t.thing(sr).marks["time"] == 2
    assert not t.can("ability Shimmer Ray")  # nothing to discard
    a, b = t.give(0, "Neo Plexus", "Tenderfoot")
    t.act("ability Shimmer Ray")
    assert set(t.legal()) == {"choose Neo Plexus", "choose Tenderfoot"}
    t.act("choose Tenderfoot")
    assert t.thing(sr).marks["time"] == 3 and t.s.players[0].hand == [a] and t.s.players[0].discard == [b]
    t.act("ability Shimmer Ray")  # the last card: no choice to make
    assert t.thing(sr).marks["time"] == 4 and not t.s.players[0].hand

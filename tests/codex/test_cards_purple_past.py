"""Purple's Past spec (Prynn Pasternaak's): every card's abilities and the hero's bands."""

from __future__ import annotations

import pytest

from engine.codex.ctx import G
from engine.codex.state import Thing
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


@pytest.mark.cards("slow-time-generator")
def test_slow_time_generator_caps_every_players_worker_income() -> None:
    t = table(PAST, gold=0)
    t.put(0, "Slow-Time Generator")
    t.workers(0, 7)
    t.workers(1, 3)
    t.gold(1, 0)
    t.end_turn()
    assert t.s.players[1].gold == 3  # under the cap: untouched
    next_turn_of(t, 0)
    assert t.s.players[0].gold == 4


@pytest.mark.cards("slow-time-generator")
def test_slow_time_generator_is_a_building_that_can_be_destroyed() -> None:
    t = table(PAST)
    stg = t.put(1, "Slow-Time Generator")
    t.put(0, "Older Brother")
    t.act("attack Older Brother -> Slow-Time Generator")
    assert not t.alive(stg) and stg in t.s.players[1].discard


@pytest.mark.cards("yesterdays-golgort")
def test_yesterdays_golgort_gains_a_rune_when_you_hit_a_building() -> None:
    t = table(PAST)
    yg = t.put(0, "Yesterday's Golgort")
    assert t.thing(yg).marks["time"] == 2 and t.atk(yg) == 6
    t.act("attack Yesterday's Golgort -> base")
    assert t.thing(yg).marks["time"] == 3 and t.base(1) == 6
    t.put(0, "Older Brother")
    t.put(1, "Tenderfoot")
    t.act("attack Older Brother -> Tenderfoot")  # a unit, not a building: nothing
    assert t.thing(yg).marks["time"] == 3


@pytest.mark.cards("yesterdays-golgort")
def test_yesterdays_golgort_counts_only_its_controllers_building_damage() -> None:
    t = table(PAST)
    yg = t.put(1, "Yesterday's Golgort")
    t.put(0, "Older Brother")
    t.act("attack Older Brother -> base")
    assert t.thing(yg).marks["time"] == 2


@pytest.mark.cards("ebbflow-archon")
def test_ebbflow_archon_grows_as_its_runes_run_out() -> None:
    t = table(PAST)
    t.built(0, "tech1", "tech2", "tech3", spec="past")
    t.give(0, "Ebbflow Archon")
    t.act("play Ebbflow Archon")
    (ea,) = things(t, "ebbflow-archon")
    assert t.thing(ea).marks["time"] == 7 and (t.atk(ea), t.hp(ea)) == (5, 5)
    t.end_turn()
    next_turn_of(t, 0)
    assert t.thing(ea).marks["time"] == 6 and (t.atk(ea), t.hp(ea)) == (6, 6)


@pytest.mark.cards("ebbflow-archon")
def test_ebbflow_archon_spends_runes_to_send_units_and_heroes_back() -> None:
    t = table(PAST)
    ea = t.put(0, "Ebbflow Archon")
    t.thing(ea).marks["time"] = 2
    ob = t.put(1, "Older Brother")
    troq = t.put(1, "troq-bashar", level=3)
    t.act("ability Ebbflow Archon")
    assert set(t.legal()) == {
        "choose Prynn Pasternaak",
        "choose Older Brother",
        "choose Troq Bashar",
        "choose Ebbflow Archon",
    }
    t.act("choose Older Brother")
    assert ob in t.s.players[1].hand and t.thing(ea).marks["time"] == 1 and t.atk(ea) == 11
    t.act("ability Ebbflow Archon")
    t.act("choose Troq Bashar")
    assert troq in t.s.players[1].command and troq not in t.s.players[1].cooldown
    assert not t.alive(ea) and ea in t.s.players[0].discard  # its last rune: sacrificed after the effect


@pytest.mark.cards("prynn-pasternaak")
def test_prynn_pasternaak_arrives_fading_and_gains_a_rune_when_attacking() -> None:
    t = table(PAST, gold=2)
    (pr,) = [u for u in t.s.things if t.s.things[u].card == "prynn-pasternaak"]
    t.s.things.pop(pr)
    t.s.players[0].command.append(pr)
    t.act("summon Prynn Pasternaak")
    assert t.thing(pr).marks["time"] == 4 and (t.atk(pr), t.hp(pr)) == (1, 3)
    t.end_turn()
    next_turn_of(t, 0)
    assert t.thing(pr).marks["time"] == 3
    t.act("attack Prynn Pasternaak -> base")
    assert t.thing(pr).marks["time"] == 4


@pytest.mark.cards("prynn-pasternaak")
def test_prynn_pasternaak_dying_from_fading_makes_opponents_skip_a_draw() -> None:
    t = table(PAST, level=4)
    pr = hero_of(t)
    t.thing(pr).marks["time"] = 1
    t.end_turn()
    next_turn_of(t, 0)  # P1's upkeep: the last rune goes, Prynn dies from fading
    assert not t.alive(pr) and pr in t.s.players[0].command
    t.end_turn()
    t.give(1, "Tenderfoot", "Older Brother", "Spark", zone="deck")
    hand = sorted(t.s.players[1].hand)
    t.act("end")
    p2 = t.s.players[1]
    assert sorted(p2.hand) == hand and len(p2.deck) == 3  # kept the hand, drew nothing
    t.pick_tech(0)
    next_turn_of(t, 1)
    t.act("end")
    assert len(t.s.players[1].deck) < 3  # only the next one


@pytest.mark.cards("prynn-pasternaak")
def test_prynn_pasternaak_below_middle_band_fades_quietly() -> None:
    t = table(PAST, level=3)
    t.thing(hero_of(t)).marks["time"] = 1
    t.end_turn()
    next_turn_of(t, 0)
    assert not t.s.memory.get("skip draw")


@pytest.mark.cards("prynn-pasternaak")
def test_prynn_pasternaak_max_band_trashes_a_unit_until_she_leaves() -> None:
    t = table(PAST, level=7)
    pr = hero_of(t)
    t.thing(pr).marks["time"] = 5
    ob = t.put(1, "Older Brother", runes=1)
    t.act("ability Prynn Pasternaak")  # the only unit: chosen at once
    assert ob in t.s.players[1].removed and t.thing(pr).marks["time"] == 3
    t.give(0, "Origin Story")
    t.act("play Origin Story")  # on Prynn herself, the only hero: she leaves play
    th = t.thing(ob)
    assert th.ctrl == 1 and th.runes == 0 and ob not in t.s.players[1].removed


@pytest.mark.cards("rememberer")
def test_rememberer_each_lost_rune_may_bring_back_a_fading_unit() -> None:
    t = table(PAST)
    rm = t.put(0, "Rememberer")
    fa, np = t.give(0, "Fading Argonaut", "Neo Plexus", zone="discard")
    t.give(0, "Time Spiral")
    t.act("play Time Spiral")
    t.act("choose remove")
    assert t.legal() == ["choose Fading Argonaut", "choose none"]  # Neo Plexus has no fading
    t.act("choose Fading Argonaut")
    assert t.alive(fa) and t.thing(fa).marks["time"] == 3 and t.thing(rm).marks["time"] == 2
    assert np in t.s.players[0].discard and t.s.players[0].gold == 19


@pytest.mark.cards("second-chances", "undo")
def test_second_chances_returns_a_unit_once_a_turn() -> None:
    t = table(PAST)
    t.put(0, "Second Chances")
    a, b = t.put(0, "Older Brother"), t.put(0, "Tenderfoot")
    u1, _ = t.give(0, "Undo", "Undo")
    t.act(f"play {t.name(u1)}")
    t.act(f"choose {t.name(a)}")
    assert t.alive(a) and a not in t.s.players[0].hand  # back at once, a new object
    t.act("play Undo")
    t.act(f"choose {t.name(b)}")
    assert not t.alive(b) and b in t.s.players[0].hand  # once a turn


@pytest.mark.cards("second-chances")
def test_second_chances_picks_at_random_among_units_leaving_together() -> None:
    back = set()
    for seed in range(12):
        t = table(PAST, level=7, max_since_start=True)
        t.s.seed = seed
        t.put(0, "Second Chances")
        units = [t.put(0, "Older Brother"), t.put(0, "Tenderfoot")]
        t.give(0, "Rewind")
        t.act("play Rewind")
        alive = [u for u in units if t.alive(u)]
        assert len(alive) == 1
        back.add(t.cat[t.s.cards[alive[0]][0]].name)
    assert back == {"Older Brother", "Tenderfoot"}


@pytest.mark.cards("rememberer", "time-spiral")
def test_rememberer_ignores_a_rune_an_opponent_removes() -> None:
    t = table(PAST)
    rm = t.put(1, "Rememberer")
    t.give(1, "Fading Argonaut", zone="discard")
    t.give(0, "Time Spiral")
    t.act("play Time Spiral")  # Rememberer is the only card with time runes
    t.act("choose remove")
    assert t.thing(rm).marks["time"] == 2 and t.s.pending is None  # P2 did not remove it: no trigger


@pytest.mark.cards("second-chances")
def test_second_chances_returns_a_unit_from_a_place_that_kept_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A unit kept somewhere else than the discard as it died (as a Graveyard does) comes back from there."""
    from engine.codex import zones

    def vault(g: G, t: Thing) -> bool:
        g.p(t.owner).zones.setdefault("vault", []).append(t.uid)
        return True

    def unvault(g: G, uid: int) -> bool:
        held = g.p(g.s.cards[uid][1]).zones.get("vault", [])
        if uid not in held:
            return False
        held.remove(uid)
        return True

    monkeypatch.setattr(zones, "DEATH_DESTINATIONS", [vault])
    monkeypatch.setattr(zones, "RETURN_SOURCES", [unvault])
    t = table(PAST)
    t.put(0, "Second Chances")
    ob = t.put(0, "Older Brother", damage=1)
    t.effect(1, [{"op": "destroy", "to": {"pick": {"kind": ["unit"], "card": "older-brother"}}}])
    assert t.alive(ob) and t.thing(ob).damage == 0 and t.s.players[0].zones["vault"] == []


@pytest.mark.cards("undo", "origin-story")
def test_undo_takes_units_only_and_origin_story_heroes_only() -> None:
    t = table(PAST)
    troq = t.put(1, "troq-bashar")
    ob = t.put(1, "Older Brother")
    t.give(0, "Undo", "Origin Story")
    t.act("play Undo")  # the Older Brother is the only unit: Troq is no choice
    assert ob in t.s.players[1].hand and t.alive(troq) and t.s.pending is None
    t.put(1, "Older Brother")
    t.act("play Origin Story")
    assert set(t.legal()) == {"choose Prynn Pasternaak", "choose Troq Bashar"}


@pytest.mark.cards("second-chances", "rewind")
def test_two_second_chances_each_have_their_own_chance_each_turn() -> None:
    t = table(PAST, level=7, max_since_start=True)
    t.put(0, "Second Chances")
    t.put(0, "Second Chances")
    a, b, c = t.put(0, "Older Brother"), t.put(0, "Tenderfoot"), t.put(0, "Timely Messenger")
    for cid in ("older-brother", "tenderfoot", "timely-messenger"):
        t.effect(1, [{"op": "destroy", "to": {"pick": {"kind": ["unit"], "card": cid}}}])
    assert t.alive(a) and t.alive(b) and not t.alive(c)  # one return per copy, then none this turn
    t.end_turn()
    t.end_turn()
    t.give(0, "Rewind")
    t.act("play Rewind")  # all three leave at once: each copy brings back a different one
    assert sum(t.alive(u) for u in (a, b, c)) == 2

"""Purple's starter deck: every card's abilities, with the targets, the empty cases and the interactions."""

from __future__ import annotations

import pytest

from tests.codex.purple_tables import table, things


@pytest.mark.cards("neo-plexus", "plasmodium", "fading-argonaut")
def test_keyword_only_starter_units() -> None:
    t = table()
    t.give(0, "Neo Plexus", "Fading Argonaut", "Plasmodium")
    t.act("play Neo Plexus")
    t.act("play Fading Argonaut")
    t.act("play Plasmodium")
    (np,) = things(t, "neo-plexus")
    (fa,) = things(t, "fading-argonaut")
    assert (t.atk(np), t.hp(np)) == (2, 2) and not t.kw(np)
    assert t.thing(fa).marks["time"] == 3
    assert not things(t, "plasmodium") and list(t.s.players[0].future.values()) == [3]


@pytest.mark.cards("nullcraft")
def test_nullcraft_flies_with_haste() -> None:
    t = table()
    t.give(0, "Nullcraft")
    t.act("play Nullcraft")
    t.put(1, "Older Brother", slot="squad leader")
    assert t.can("attack Nullcraft -> base")  # haste, and flying passes the ground patroller


@pytest.mark.cards("tinkerer")
def test_tinkerer_adds_or_removes_a_time_rune_on_either_side() -> None:
    t = table()
    t.put(0, "Tinkerer")
    fa = t.put(1, "Fading Argonaut")
    assert t.thing(fa).marks["time"] == 3
    mine = t.put(0, "Fading Argonaut")
    t.act("ability Tinkerer")
    assert set(t.legal()) == {f"choose {t.name(mine)}", f"choose {t.name(fa)}"}
    t.act(f"choose {t.name(fa)}")
    assert t.legal() == ["choose add", "choose remove"]
    t.act("choose remove")
    assert t.thing(fa).marks["time"] == 2
    assert not t.can("ability Tinkerer")  # it exhausted


@pytest.mark.cards("tinkerer")
def test_tinkerer_needs_something_with_a_time_rune() -> None:
    t = table()
    t.put(0, "Tinkerer")
    t.put(1, "Older Brother")
    assert not t.can("ability Tinkerer")
    t.put(0, "Fading Argonaut")
    assert t.can("ability Tinkerer")
    assert not t.can("ability Tinkerer", seat=1)


@pytest.mark.cards("tinkerer", "plasmodium")
def test_tinkerer_reaches_a_forecast_card_and_the_last_rune_brings_it_in() -> None:
    t = table()
    t.put(0, "Tinkerer")
    (pl,) = t.give(0, "Plasmodium")
    t.act("play Plasmodium")
    t.s.players[0].future[pl] = 1
    t.act("ability Tinkerer")
    t.act("choose remove")
    assert t.alive(pl) and not t.s.players[0].future
    assert t.can("attack Plasmodium -> base")  # it arrived now, with haste


@pytest.mark.cards("time-spiral", "fading-argonaut")
def test_time_spiral_adds_a_rune_beyond_the_fading_number() -> None:
    t = table()
    fa = t.put(0, "Fading Argonaut")
    t.give(0, "Time Spiral")
    t.act("play Time Spiral")
    assert t.legal() == ["choose add", "choose remove"]  # the only card with time runes: no need to pick it
    t.act("choose add")
    assert t.thing(fa).marks["time"] == 4
    assert t.s.players[0].gold == 19


@pytest.mark.cards("time-spiral")
def test_time_spiral_needs_a_card_with_time_runes() -> None:
    t = table()
    t.give(0, "Time Spiral")
    assert not t.can("play Time Spiral")


@pytest.mark.cards("hardened-mox")
def test_hardened_mox_is_indestructible() -> None:
    t = table()
    mox = t.put(0, "Hardened Mox")
    t.give(0, "Wither")
    t.act("play Wither")
    t.act("choose Hardened Mox")
    assert t.alive(mox) and t.thing(mox).exhausted  # 0 HP, but it can't die: it just stays exhausted


@pytest.mark.cards("hardened-mox")
def test_hardened_mox_is_trashed_once_its_controller_has_a_tech_2_unit() -> None:
    t = table()
    t.built(0, "tech1", "tech2", spec="present")
    mox = t.put(0, "Hardened Mox")
    foe = t.put(1, "Hardened Mox")
    t.give(0, "Hyperion")
    t.act("play Hyperion")
    assert not t.alive(mox) and mox in t.s.players[0].removed
    assert t.alive(foe)  # only its own controller's units count


@pytest.mark.cards("battle-suits")
def test_battle_suits_arm_your_non_token_soldiers_and_mystics() -> None:
    t = table()
    soldier = t.put(0, "Neo Plexus")
    mystic = t.put(0, "Seer")
    beast = t.put(0, "Plasmodium")
    foe = t.put(1, "Neo Plexus")
    t.effect(0, [{"op": "summon", "token": "soldier", "n": 1}])
    (token,) = things(t, "soldier")
    before = {u: t.atk(u) for u in (soldier, mystic, beast, foe, token)}
    t.give(0, "Battle Suits")
    t.act("play Battle Suits")
    gain = {u: t.atk(u) - before[u] for u in before}
    assert gain == {soldier: 1, mystic: 1, beast: 0, foe: 0, token: 0}


@pytest.mark.cards("temporal-research")
def test_temporal_research_draws_more_with_more_time_runes() -> None:
    for runes, drawn in ((2, 1), (3, 2), (9, 2), (10, 3)):
        t = table()
        t.give(0, *["Neo Plexus"] * 5, zone="deck")
        fa = t.put(0, "Fading Argonaut")
        t.thing(fa).marks["time"] = runes
        t.give(0, "Temporal Research")
        t.act("play Temporal Research")
        assert len(t.s.players[0].hand) == drawn, runes


@pytest.mark.cards("temporal-research")
def test_temporal_research_ignores_the_opponents_runes() -> None:
    t = table()
    t.give(0, *["Neo Plexus"] * 5, zone="deck")
    t.put(0, "Fading Argonaut")
    t.put(1, "Fading Argonaut")
    t.give(0, "Temporal Research")
    t.act("play Temporal Research")
    assert len(t.s.players[0].hand) == 2  # 3 of its own: one extra card; the other 3 are not its runes


@pytest.mark.cards("forgotten-fighter")
def test_forgotten_fighter_bounces_a_small_early_patroller() -> None:
    t = table()
    ob = t.put(1, "Older Brother", slot="squad leader")
    t.put(1, "Iron Man", slot="elite")  # tech I but 3 ATK: not eligible
    t.put(1, "Tenderfoot")  # not patrolling
    t.give(0, "Forgotten Fighter")
    t.act("play Forgotten Fighter")
    assert not t.alive(ob) and ob in t.s.players[1].hand


@pytest.mark.cards("forgotten-fighter")
def test_forgotten_fighter_needs_a_patrolling_target() -> None:
    t = table()
    t.put(1, "Older Brother")
    t.put(1, "Iron Man", slot="elite")
    t.give(0, "Forgotten Fighter")
    assert not t.can("play Forgotten Fighter")


@pytest.mark.cards("forgotten-fighter")
def test_forgotten_fighter_reads_the_patrollers_atk_now_and_stops_at_tech_1() -> None:
    t = table()
    t.put(1, "Older Brother", slot="elite")  # 2 ATK printed, 3 as elite: too strong now
    tm = t.put(1, "Timely Messenger", slot="squad leader")  # 1 ATK: fits
    t.put(1, "Warp Gate Disciple", slot="scavenger")  # 1 ATK but tech II
    t.give(0, "Forgotten Fighter")
    t.act("play Forgotten Fighter")  # the Messenger is the only one that fits: taken at once
    assert not t.alive(tm) and tm in t.s.players[1].hand and t.s.pending is None


@pytest.mark.cards("hardened-mox", "polymorph-squirrel")
def test_hardened_mox_turned_squirrel_has_no_rule_to_trash_it() -> None:
    t = table()
    t.built(0, "tech1", "tech2", spec="present")
    mox = t.put(0, "Hardened Mox")
    t.put(1, "argagarg-garg")  # Polymorph: Squirrel's caster
    t.end_turn()
    t.give(1, "Polymorph: Squirrel")
    t.gold(1, 10)
    t.act("play Polymorph: Squirrel")  # the only unit: chosen at once
    assert t.q.card(t.thing(mox)).id == "squirrel"
    t.end_turn()  # back to P1, still a Squirrel until P2's next upkeep
    t.give(0, "Hyperion")
    t.act("play Hyperion")
    assert t.alive(mox)  # a Squirrel has no text: nothing trashes it

"""Purple's official rulings (tests/codex/rulings/purple.toml), one test per ruling id."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.codex.scenario import Table
from tests.codex.ruling_specs import untested

RULINGS = Path(__file__).parent / "rulings" / "purple.toml"

NOT_HERE: dict[str, str] = {}
"""Ruling ids without a test here, and why."""


def test_every_purple_ruling_is_tested_or_listed() -> None:
    missing, stale = untested("purple", NOT_HERE)
    assert not missing, f"rulings with no test: {missing}"
    assert not stale, f"listed as untested but tested (or unknown): {stale}"


def t0(hero: str = "vir-garbarean", level: int = 1, gold: int = 20) -> Table:
    """An empty table where P1 controls a Purple hero (a guest hero: the Purple specs need no tech pick)."""
    t = Table()
    t.clear()
    t.gold(0, gold)
    t.put(0, hero, level=level)
    return t


def forecast(t: Table, seat: int, name: str, runes: int) -> int:
    """Put a card straight into `seat`'s future with `runes` time runes."""
    (uid,) = t.give(seat, name, zone="hand")
    t.s.players[seat].hand.remove(uid)
    t.s.players[seat].future[uid] = runes
    return uid


# ----------------------------------------------------------------------------------------- starter deck


@pytest.mark.cards("nullcraft")
def test_purple_nullcraft_buff_or_debuff_means_the_subtype() -> None:
    t = t0()
    nc = t.put(1, "Nullcraft", slot="elite")
    t.put(1, "Older Brother")
    t.give(0, "Wither", "Spark")
    t.act("play Wither")
    assert "choose Nullcraft" not in t.legal() and "choose Older Brother" in t.legal()
    t.act("choose Older Brother")
    t.act("play Spark")
    assert not t.alive(nc)


@pytest.mark.cards("tinkerer")
def test_purple_tinkerer_may_touch_opponents_runes() -> None:
    t = t0()
    t.put(0, "Tinkerer")
    fa = t.put(1, "Fading Argonaut")
    t.act("ability Tinkerer")
    t.act("choose remove")
    assert t.thing(fa).marks["time"] == 2


@pytest.mark.cards("hardened-mox")
def test_purple_hardened_mox_trashed_by_a_tech_2_unit_in_play_or_forecast_a() -> None:
    for spec, unit in (("present", "Hyperion"), ("future", "Reaver")):
        t = t0()
        t.built(0, "tech1", "tech2", spec=spec)
        mox = t.put(0, "Hardened Mox")
        t.give(0, unit)
        t.act(f"play {unit}")
        assert not t.alive(mox) and mox in t.s.players[0].removed, unit


@pytest.mark.cards("hardened-mox")
def test_purple_hardened_mox_trashed_by_a_tech_2_unit_in_play_or_forecast_b() -> None:
    t = t0()
    mox = t.put(0, "Hardened Mox")
    for name in ("Nebula", "Second Chances", "Slow-Time Generator"):
        t.put(0, name)
    t.put(1, "Hyperion")  # the opponent's tech II unit does not count either
    t.give(0, "Neo Plexus")
    t.act("play Neo Plexus")  # any action runs the state checks
    assert t.alive(mox)


@pytest.mark.cards("time-spiral")
def test_purple_time_spiral_may_touch_opponents_runes() -> None:
    t = t0()
    fa = t.put(1, "Fading Argonaut")
    t.thing(fa).marks["time"] = 1
    t.give(0, "Time Spiral")
    t.act("play Time Spiral")
    t.act("choose add")
    assert t.thing(fa).marks["time"] == 2


@pytest.mark.cards("temporal-research")
def test_purple_temporal_research_counts_every_time_rune_you_have() -> None:
    t = t0()
    t.give(0, *["Neo Plexus"] * 5, zone="deck")
    t.thing(t.put(0, "Fading Argonaut")).marks["time"] = 1
    t.thing(t.put(0, "Tricycloid")).marks["time"] = 1
    forecast(t, 0, "Plasmodium", 1)
    t.give(0, "Temporal Research")
    t.act("play Temporal Research")
    assert len(t.s.players[0].hand) == 2


@pytest.mark.cards("temporal-research")
def test_purple_temporal_research_cannot_draw_itself() -> None:
    t = t0()
    (old,) = t.give(0, "Neo Plexus", zone="discard")
    (tr,) = t.give(0, "Temporal Research")
    t.act("play Temporal Research")
    p = t.s.players[0]
    assert p.hand == [old] and p.discard == [tr] and p.deck == []


# ------------------------------------------------------------------------ general rulings about Purple


@pytest.mark.cards("time-spiral", "fading-argonaut")
def test_general_fading_last_rune_removed_by_other_means() -> None:
    t = t0()
    fa = t.put(0, "Fading Argonaut")
    t.thing(fa).marks["time"] = 1
    t.give(0, "Time Spiral")
    t.act("play Time Spiral")
    t.act("choose remove")
    assert not t.alive(fa) and fa in t.s.players[0].discard
    leave = next(e for e in t.events if e.kind == "leave" and e.data["uid"] == fa)
    assert leave.data["died"] and leave.data["how"] == "out of time"  # sacrificed, but not "from fading"

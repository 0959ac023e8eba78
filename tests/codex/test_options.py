"""Each interpretation option does what docs/codex/rules.md says (the defaults are tested everywhere else)."""

from __future__ import annotations

from engine.codex import GAME
from engine.codex.options import CHOICES, DEFAULTS, HELP
from engine.codex.scenario import Table
from engine.codex.state import Mod


def test_every_option_has_help_and_a_valid_default() -> None:
    assert set(HELP) == set(DEFAULTS) == set(GAME.default_options())
    for name, allowed in CHOICES.items():
        assert DEFAULTS[name] in allowed


def test_first_player_option() -> None:
    assert Table(first_player="p2").s.active == 1
    t = Table(first_player="p2")
    assert t.s.players[1].workers == 4 and t.s.players[0].workers == 5


def test_tech_tiers_higher_counts() -> None:
    for mode, can in (("strict", False), ("higher_counts", True)):
        t = Table(tech_tiers=mode)
        t.clear()
        t.built(0, "tech1", "tech2")
        t.s.players[0].tech[0].status = "destroyed"
        t.gold(0, 5)
        t.give(0, "Iron Man")
        assert t.can("play Iron Man") is can


def test_tech3_needs_tech2_option() -> None:
    for mode, can in (("no", True), ("yes", False)):
        t = Table(tech3_needs_tech2=mode)
        t.clear()
        t.built(0, "tech1", "tech2", "tech3")
        t.s.players[0].tech[1].status = "destroyed"
        t.gold(0, 10)
        t.give(0, "Trojan Duck")
        assert t.can("play Trojan Duck") is can


def test_overpower_armor_option() -> None:
    for mode, spill in (("counts", 3), ("ignored", 4)):
        t = Table(overpower_armor=mode)
        t.clear()
        t.put(0, "Harvest Reaper")
        t.put(1, "Tenderfoot", slot="squad leader")
        t.act("attack Harvest Reaper -> Tenderfoot")
        assert t.base(1) == spill, mode


def test_overpower_deathtouch_option() -> None:
    for mode, spill in (("one", 5), ("normal", 3)):
        t = Table(overpower_deathtouch=mode)
        t.clear()
        r = t.put(0, "Harvest Reaper")
        t.thing(r).mods.append(Mod(kw=("deathtouch",), until="ever"))
        t.put(1, "Tenderfoot", slot="squad leader")
        t.act("attack Harvest Reaper -> Tenderfoot")
        assert t.base(1) == spill, mode


def test_both_bases_option() -> None:
    for mode, winners, reason in (("draw", frozenset(), "draw"), ("active_wins", frozenset({0}), "normal")):
        t = Table(both_bases=mode)
        t.s.players[0].base_damage = 19
        t.s.players[1].base_damage = 19
        t.effect(0, [{"op": "damage", "n": 1, "to": "your base"}, {"op": "damage", "n": 1, "to": "defender base"}])
        out = GAME.outcome(t.s)
        assert out is not None
        if mode == "draw":
            # One base fell first: that is an ordinary win. Both at once needs one step hitting both.
            assert out.winners in (frozenset({1}), frozenset())
        t2 = Table(both_bases=mode)
        t2.s.players[0].base_damage = 20
        t2.s.players[1].base_damage = 20
        t2.effect(0, [])
        out2 = GAME.outcome(t2.s)
        assert out2 is not None and out2.winners == winners and out2.reason == reason


def test_addon_rebuild_option() -> None:
    for mode, gold_left in (("full", 7), ("free", 10)):
        t = Table(addon_rebuild=mode)
        t.clear()
        t.built(0, "tower")
        t.s.players[0].addon.damage = 4
        t.effect(1, [])
        assert t.s.players[0].addon is None and t.base(0) == 2
        t.gold(0, 10)
        t.act("build tower")
        assert t.s.players[0].gold == gold_left, mode


def test_building_card_base_damage_option() -> None:
    for mode, dmg in (("no", 0), ("yes", 2)):
        t = Table(building_card_base_damage=mode)
        t.clear()
        t.put(1, "Hero's Monument")
        t.effect(0, [{"op": "destroy", "to": {"each": {"card": "heros-monument"}}}])
        assert t.base(1) == dmg, mode

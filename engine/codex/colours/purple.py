"""Hooks and words for Purple cards whose abilities are more than the core vocabulary can say.

docs/codex.md, section "Purple", explains each one and why it is code.
"""

from __future__ import annotations

from typing import Any

from engine.codex.ctx import SETTLE, G
from engine.codex.effects import TARGET_BANS, condition_of, does, things_of
from engine.codex.state import Thing
from engine.codex.stats import Q, Ref
from engine.codex.timerunes import runes_of
from engine.codex.turns import INCOME_RULES
from engine.codex.vocab import add_op, add_word
from engine.codex.zones import LEVEL_LOCKS, leave_play, return_to_play

add_word("rule", "trashed by a tech II unit", "spell-proof", "income cap", "opposing heroes can't level")
add_word("condition", "you have 3 time runes", "you have 10 time runes", "a Stinger to re-summon")
add_op("blink")


def rules_of(qq: Q, t: Thing, rule: str) -> list[dict[str, Any]]:
    """`t`'s own static rules named `rule` (band-gated for heroes)."""
    return [ab for _, ab in qq.own_abilities(t) if ab.get("static") == "rule" and ab.get("rule") == rule]


# ------------------------------------------------------------------------------------ Temporal Research


@condition_of("you have 3 time runes")
def _three_runes(g: G, ctx: dict[str, Any]) -> bool:
    return runes_of(g, ctx["ctl"]) >= 3


@condition_of("you have 10 time runes")
def _ten_runes(g: G, ctx: dict[str, Any]) -> bool:
    return runes_of(g, ctx["ctl"]) >= 10


# ------------------------------------------------------------------------------------------- Nullcraft


def _spell_proof(g: G, qq: Q, t: Thing, ctx: dict[str, Any]) -> bool:
    """A spell of a subtype the thing's "spell-proof" rule names may not target it (Buff or Debuff: either)."""
    card = g.cat[ctx["card"]] if ctx.get("card") in g.cat else None
    if card is None or card.type != "spell":
        return False
    return any(set(ab.get("subtypes", [])) & card.subtypes for ab in rules_of(qq, t, "spell-proof"))


TARGET_BANS.append(_spell_proof)


# ---------------------------------------------------------------------------------------- Hardened Mox


def has_tech2_unit(g: G, seat: int) -> bool:
    """A tech II unit in play under `seat` or waiting in its future (Hardened Mox ruling: nothing else counts)."""
    if any(t.ctrl == seat and g.card(t).is_unit and g.card(t).tech == 2 for t in g.s.things.values()):
        return True
    return any(g.card_of(u).is_unit and g.card_of(u).tech == 2 for u in g.p(seat).future)


def _mox_check(g: G) -> None:
    """State check: a thing with the rule is trashed the moment its controller has a tech II unit."""
    rule = "trashed by a tech II unit"
    marked = [t for t in g.s.things.values() if any(ab.get("rule") == rule for ab in g.cat[t.card].abilities)]
    for t in marked:
        if t.uid in g.s.things and has_tech2_unit(g, t.ctrl):
            leave_play(g, t, "trash", died=False, how="trashed")


SETTLE.append(_mox_check)


# ----------------------------------------------------------------------------------- Max Geiger (max)


@does("blink")
def _blink(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Trash each thing, then return it to play as a new object under the player who controlled it."""
    for t in things_of(g, refs):
        ctrl = t.ctrl
        leave_play(g, t, "trash", died=False, how="trashed")
        return_to_play(g, t.uid, ctrl)


# --------------------------------------------------------------------------------- Slow-Time Generator


def _income_cap(g: G, seat: int, gold: int) -> int:
    """Each "income cap" rule in play, whoever controls it, caps what every player's workers make."""
    qq = Q(g.s, g.cat)
    for t in g.s.things.values():
        for ab in rules_of(qq, t, "income cap"):
            gold = min(gold, int(ab.get("n", gold)))
    return gold


INCOME_RULES.append(_income_cap)


# ---------------------------------------------------------------------------------------- Chronofixer


def _chronofixed(g: G, hero: Thing) -> bool:
    """An opponent of the hero's controller has something with the rule (any means of levelling: ruling)."""
    qq = Q(g.s, g.cat)
    return any(t.ctrl != hero.ctrl and rules_of(qq, t, "opposing heroes can't level") for t in g.s.things.values())


LEVEL_LOCKS.append(_chronofixed)


# ----------------------------------------------------------------------------------------------- Hive

HIVE_STINGERS = 5
"""Stingers per Hive: the limit counts per Hive (two Hives, ten Stingers: ruling), unlike the Limit rule."""


@condition_of("a Stinger to re-summon")
def _stinger_missing(g: G, ctx: dict[str, Any]) -> bool:
    seat = ctx["ctl"]
    mine = [t for t in g.s.things.values() if t.ctrl == seat]
    hives = sum(1 for t in mine if t.card == "hive")
    return sum(1 for t in mine if t.card == "stinger") < HIVE_STINGERS * hives

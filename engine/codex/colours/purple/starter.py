"""Purple's starter deck: Temporal Research's counts, Nullcraft's spell-proofing, Hardened Mox.

docs/codex/rules.md, section "Purple", explains each hook and why it is code.
"""

from __future__ import annotations

from typing import Any

from engine.codex.colours.purple.common import rules_of
from engine.codex.ctx import SETTLE, G
from engine.codex.effects import (
    TARGET_BANS,
    condition_of,
)
from engine.codex.state import Thing
from engine.codex.stats import Q
from engine.codex.timerunes import runes_of
from engine.codex.zones import (
    leave_play,
)

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
    """State check: a thing with the rule is trashed the moment its controller has a tech II unit. The rule is
    read from what the thing is now (a Mox turned Squirrel, or silenced, has none)."""
    rule = "trashed by a tech II unit"
    # Cheap first look at the card (this runs after every task), then what the thing is now.
    printed = [t for t in g.s.things.values() if rule in g.cat[t.card].rule_names]
    if not printed:
        return  # no Mox in play: no stats to work out
    qq = Q(g.s, g.cat)
    marked = [t for t in printed if rules_of(qq, t, rule)]
    for t in marked:
        if t.uid in g.s.things and has_tech2_unit(g, t.ctrl):
            leave_play(g, t, "trash", died=False, how="trashed")


SETTLE.append(_mox_check)

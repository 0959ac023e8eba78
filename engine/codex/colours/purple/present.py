"""The Present spec: Max Geiger's max band, Chronofixer, Temporal Distortion, Sentry.

docs/codex/rules.md, section "Purple", explains each hook and why it is code.
"""

from __future__ import annotations

from typing import Any

from engine.codex import seats
from engine.codex.colours.purple.common import rules_of
from engine.codex.ctx import G
from engine.codex.effects import (
    HAS_WORK,
    does,
    resumer,
    things_of,
)
from engine.codex.ops_cards import ask_put
from engine.codex.prevention import PREVENT, Hit
from engine.codex.prompts import asked
from engine.codex.state import Thing
from engine.codex.stats import Q, Ref
from engine.codex.zones import (
    LEVEL_LOCKS,
    leave_play,
    return_to_play,
)

# ----------------------------------------------------------------------------------- Max Geiger (max)


@does("blink")
def _blink(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Trash each thing, then return it to play as a new object under the player who controlled it."""
    for t in things_of(g, refs):
        ctrl = t.ctrl
        leave_play(g, t, "trash", died=False, how="trashed")
        return_to_play(g, t.uid, ctrl)


# ---------------------------------------------------------------------------------------- Chronofixer


def _chronofixed(g: G, hero: Thing) -> bool:
    """An opponent of the hero's controller has something with the rule (any means of levelling: ruling)."""
    qq = g.stats()
    got = qq.memo.get(("chronofixed", hero.ctrl))  # the same for every hero of that player
    if got is None:
        got = qq.memo["chronofixed", hero.ctrl] = any(
            not seats.friendly(g.s, t.ctrl, hero.ctrl) and rules_of(qq, t, "opposing heroes can't level")
            for t in g.s.things.values()
        )
    return bool(got)


LEVEL_LOCKS.append(_chronofixed)


# ---------------------------------------------------------------------------------- Temporal Distortion


def _distortable(g: G, seat: int) -> list[int]:
    """`seat`'s tech I and II units (a token copying one counts by what it copies: ruling)."""
    qq = Q(g.s, g.cat)
    return sorted(
        t.uid for t in g.s.things.values() if t.ctrl == seat and qq.card(t).is_unit and qq.card(t).tech in (1, 2)
    )


@does("temporal distortion")
def _temporal_distortion(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    options = _distortable(g, ctx["ctl"])
    if len(options) == 1:
        _distort(g, ctx, options[0])
    elif options:
        g.ask("distort", options, asked("distort"), ctx=ctx)


@resumer("distort")
def _resume_distort(g: G, pending: dict[str, Any], choice: Any) -> None:
    _distort(g, pending["ctx"], int(choice))


def _distort(g: G, ctx: dict[str, Any], uid: int) -> None:
    """Return the unit; only if it really left ("if you do": a Glaxx that can't leave does not count, a token
    that vanishes on the way does) may a unit of its tech level and no dearer come from the codex."""
    t = g.s.things.get(uid)
    if t is None:
        return
    was = Q(g.s, g.cat).card(t)  # as it is now (a copy counts as what it copies)
    leave_play(g, t, "hand", died=False, how="returned")
    if uid in g.s.things:
        return
    seat = ctx["ctl"]
    rule = {
        "zone": "codex",
        "whose": seat,
        "ctl": seat,
        "filter": {"kind": ["unit"], "max_cost": was.facts.cost or 0},
        "optional": True,
        "building": False,
        "tech": was.tech,
    }
    ask_put(g, rule, 1)


HAS_WORK["temporal distortion"] = lambda g, op, ctx: bool(_distortable(g, ctx["ctl"]))


# ---------------------------------------------------------------------------------------------- Sentry

SENTRY = "sentry"
"""Turn flag: seat -> the patroller whose spell or ability damage is the turn's first (0 once it is dealt)."""


def _sentry(g: G, qq: Q, hit: Hit) -> int:
    """A player's patrollers are spared the turn's first spell or ability damage aimed at any of them while
    that player controls a Sentry (sparkshot and the Tower count: ruling). Hit at once, one of them at random."""
    if not hit.ability or not isinstance(hit.ref, int):
        return hit.n
    t = g.s.things.get(hit.ref)
    if t is None or not qq.patrolling(t):
        return hit.n
    key = str(t.ctrl)
    first = g.s.flags.setdefault(SENTRY, {})
    if key not in first:
        # The turn's first such damage: among patrollers of that player hit at once, one at random.
        batch = [
            u
            for u in g.s.flags.get("damage batch", [])
            if u in g.s.things and g.s.things[u].ctrl == t.ctrl and qq.patrolling(g.s.things[u])
        ]
        if hit.ref not in batch:
            batch = [hit.ref]
        first[key] = batch[g.rng().randrange(len(batch))] if len(batch) > 1 else batch[0]
    if first[key] != hit.ref:
        return hit.n
    first[key] = 0
    guarded = any(o.ctrl == t.ctrl and rules_of(qq, o, "sentry") for o in g.s.things.values())
    return 0 if guarded else hit.n


PREVENT.append(_sentry)

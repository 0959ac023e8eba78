"""The Past spec: Slow-Time Generator, Rememberer, Second Chances, Prynn Pasternaak.

docs/codex/rules.md, section "Purple", explains each hook and why it is code.
"""

from __future__ import annotations

from typing import Any

from engine.codex import seats
from engine.codex.colours.purple.common import rules_of
from engine.codex.ctx import G
from engine.codex.effects import (
    does,
    hook,
    resumer,
    things_of,
)
from engine.codex.ops_cards import put_card
from engine.codex.prompts import asked
from engine.codex.state import Thing
from engine.codex.stats import Q, Ref
from engine.codex.turns import DRAW_SKIPS, INCOME_RULES
from engine.codex.zones import (
    LEAVE_WATCHERS,
    leave_together,
    return_to_play,
)

# --------------------------------------------------------------------------------- Slow-Time Generator


def _income_cap(g: G, seat: int, gold: int) -> int:
    """Each "income cap" rule in play, whoever controls it, caps what every player's workers make."""
    qq = Q(g.s, g.cat)
    for t in g.s.things.values():
        for ab in rules_of(qq, t, "income cap"):
            gold = min(gold, int(ab.get("n", gold)))
    return gold


INCOME_RULES.append(_income_cap)


# ------------------------------------------------------------------------------------------ Rememberer


def _rememberable(g: G, seat: int) -> list[int]:
    """Units with fading in `seat`'s discard pile whose tech requirements `seat` meets now (ruling: a tech III
    one needs its spec's Tech III building)."""
    from engine.codex.rules import tech_ok

    p = g.p(seat)
    qq = Q(g.s, g.cat)
    return sorted(
        u for u in p.discard if g.card_of(u).is_unit and "fading" in g.card_of(u).kw and tech_ok(g, p, g.card_of(u), qq)
    )


@does("remember")
def _remember(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Offer the fading units of the discard whose tech the player meets now; the chosen one comes into play
    unpaid (ruling), or none does."""
    seat = ctx["ctl"]
    options = _rememberable(g, seat)
    if not options:
        g.emit("no_target", card=ctx["card"])
        return
    g.ask("remember", [*options, "none"], asked("remember"), ctx=ctx)


@resumer("remember")
def _resume_remember(g: G, pending: dict[str, Any], choice: Any) -> None:
    seat = pending["ctx"]["ctl"]
    if choice != "none" and choice in g.p(seat).discard:
        put_card(g, {"zone": "discard", "whose": seat, "ctl": seat}, int(choice))


# -------------------------------------------------------------------------------------- Second Chances

SECOND_CHANCE = "second chances used"
"""Turn flag: the Second Chances (as "uid:stamp", one object) that already returned a unit this turn. Each copy
has its own chance, once a turn, on anyone's turn."""


def _second_chances(g: G, left: list[Thing], died: bool, combat: frozenset[int]) -> list[dict[str, Any]]:
    """Each of your Second Chances not used this turn brings back one of your non-token units that left play,
    not killed by combat damage (at random among several leaving at once; two copies take two different
    ones). Tokens neither come back nor use up a chance (ruling)."""
    qq = Q(g.s, g.cat)
    out: list[dict[str, Any]] = []
    used = g.s.flags.setdefault(SECOND_CHANCE, [])
    for seat in sorted({t.ctrl for t in left}):
        # It sees what leaves with it (as leaving triggers do).
        ready = [
            u
            for u in sorted([*g.s.things.values(), *left], key=lambda u: u.uid)
            if u.ctrl == seat and rules_of(qq, u, "second chances") and f"{u.uid}:{u.stamp}" not in used
        ]
        back = [
            t.uid for t in left if t.ctrl == seat and qq.printed(t).type == "unit" and not (died and t.uid in combat)
        ]
        for src in ready:
            if not back:
                break
            used.append(f"{src.uid}:{src.stamp}")
            uid = back.pop(g.rng().randrange(len(back)) if len(back) > 1 else 0)
            op = {"op": "hook", "name": "second chance"}
            out.append(
                {
                    "key": "second chances",
                    "src": src.uid,
                    "card": src.card,
                    "ctl": seat,
                    "ops": [op],
                    "ctx": {"it": uid},
                }
            )
    return out


@hook("second chance")
def _second_chance(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    return_to_play(g, ctx["it"], ctx["ctl"])  # under the controller it had when it left (ruling)


LEAVE_WATCHERS.append(_second_chances)


# ------------------------------------------------------------------------------------ Prynn Pasternaak

HISTORIAN = "historian"
"""Memory: historian uid -> [[card uid, controller when trashed], ...]."""
SKIP_DRAW = "skip draw"
"""Memory: seat -> draw/discard steps still to skip."""


@hook("opponents skip draw")
def _opponents_skip_draw(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    skips = g.s.memory.setdefault(SKIP_DRAW, {})
    for seat in seats.enemies(g.s, ctx["ctl"]):
        skips[str(seat)] = skips.get(str(seat), 0) + 1
        g.emit("skip_draw", seat=seat)


def _skip_draw(g: G, seat: int) -> bool:
    """This draw/discard step is skipped (the hand is kept) if a "skip" is owed; it is used up here."""
    skips = g.s.memory.get(SKIP_DRAW, {})
    if not skips.get(str(seat)):
        return False
    skips[str(seat)] -= 1
    if not skips[str(seat)]:
        del skips[str(seat)]
    return True


@does("historian trash")
def _historian_trash(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Trash, remembering each card that went and who controlled it (a token leaves nothing behind)."""
    qq = Q(g.s, g.cat)
    victims = things_of(g, refs)
    cards = [(t.uid, t.ctrl) for t in victims if not qq.is_token(t)]
    leave_together(g, victims, "trash", died=False, how="trashed")
    gone = [[uid, ctrl] for uid, ctrl in cards if uid not in g.s.things]
    if gone:
        g.s.memory.setdefault(HISTORIAN, {}).setdefault(str(ctx["src"]), []).extend(gone)


def _historian_leaves(g: G, left: list[Thing], died: bool, combat: frozenset[int]) -> list[dict[str, Any]]:
    """A historian leaving play gives back everything it trashed, under who controlled it then; what it
    remembered is forgotten either way (a new object remembers nothing)."""
    book = g.s.memory.get(HISTORIAN)
    if not book:
        return []
    qq = Q(g.s, g.cat)
    out: list[dict[str, Any]] = []
    for t in left:
        entries = book.pop(str(t.uid), None)
        if entries and rules_of(qq, t, "historian"):
            op = {"op": "hook", "name": "history returns"}
            out.append(
                {"key": "historian", "src": t.uid, "card": t.card, "ctl": t.ctrl, "ops": [op], "ctx": {"book": entries}}
            )
    if not book:
        g.s.memory.pop(HISTORIAN, None)
    return out


@hook("history returns")
def _history_returns(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    for uid, ctrl in ctx["book"]:
        if uid in g.p(g.s.cards[uid][1]).removed:
            return_to_play(g, uid, ctrl)


DRAW_SKIPS.append(_skip_draw)
LEAVE_WATCHERS.append(_historian_leaves)

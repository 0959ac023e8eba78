""" "Weakest unit" steps: each player's (or each opponent's) weakest or lowest-tech unit is sacrificed or
destroyed.

The weakest unit is the one with the least ATK among a player's lowest-tech units. Units the step could
not remove are left out before looking (indestructible ones; for a sacrifice also those that can't be
sacrificed), so the next weakest goes instead (rulings). Ties are broken by the active player.
"""

from __future__ import annotations

from typing import Any

from engine.codex import vocab
from engine.codex.ctx import G, handler
from engine.codex.effects import does, opponent, resumer, sacrificable
from engine.codex.prompts import asked
from engine.codex.stats import Q, Ref
from engine.codex.zones import destroy, leave_play

vocab.add_op("weakest", ("do", "side", "by"))


def seats_for(g: G, side: str, seat: int) -> list[int]:
    """Seats a step concerns, in turn order from the active player: "each", "opponent", "you"."""
    n = len(g.s.players)
    order = [(g.s.active + i) % n for i in range(n)]
    if side == "each":
        return order
    if side == "opponent":
        return [s for s in order if not g.friendly(s, seat)]
    if side == "you":
        return [seat]
    raise ValueError(f"unknown side {side!r}")


def weakest_of(g: G, seat: int, do: str, by: str) -> list[int]:
    """The candidates for `seat`'s weakest unit (by "atk": lowest tech then least ATK; by "tech": any of
    the lowest tech), leaving out units the step can't remove."""
    qq = Q(g.s, g.cat)
    units = [
        t
        for t in g.s.things.values()
        if t.ctrl == seat and qq.card(t).is_unit and qq.removable(t) and (do != "sacrifice" or sacrificable(qq, t))
    ]
    if not units:
        return []
    tech = min(qq.card(t).tech for t in units)
    units = [t for t in units if qq.card(t).tech == tech]
    if by == "atk":
        least = min(qq.atk(t) for t in units)
        units = [t for t in units if qq.atk(t) == least]
    return sorted(t.uid for t in units)


@does("weakest")
def _weakest(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """`{"op": "weakest", "do": "sacrifice" | "destroy", "side": "each" | "opponent" | "you", "by": "atk"}`."""
    seat = int(ctx["ctl"])
    if op.get("side", "each") == "it controller":
        seats = [int(ctx.get("seat", seat))]
    elif op.get("side") == "the opponent":
        seats = [opponent(g, ctx)]  # one opponent (picked by the active player when there are several)
    else:
        seats = seats_for(g, op.get("side", "each"), seat)
    tasks = [{"t": "weakest", "seat": s, "do": op.get("do", "destroy"), "by": op.get("by", "atk")} for s in seats]
    g.push_many(tasks)


@handler("weakest")
def weakest_task(g: G, task: dict[str, Any]) -> None:
    options = weakest_of(g, task["seat"], task["do"], task["by"])
    if len(options) == 1:
        remove(g, options[0], task["do"])
    elif options:
        g.ask("weakest", options, asked("weakest", seat=f"p{task['seat'] + 1}", do=task["do"]), do=task["do"])


@resumer("weakest")
def resume_weakest(g: G, pending: dict[str, Any], choice: Any) -> None:
    remove(g, int(choice), pending["do"])


def remove(g: G, uid: int, do: str) -> None:
    t = g.s.things.get(uid)
    if t is None:
        return
    if do == "sacrifice":
        leave_play(g, t, "discard", died=True, how="sacrificed")
    else:
        destroy(g, t)

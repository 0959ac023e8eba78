"""Time runes: fading, forecast, and the cards that add or remove them (Time Spiral, Seer, Tinkerer...).

A time rune sits on a thing in play (`Thing.marks["time"]`) or on a card waiting in the future
(`Player.future`). Removing the last one matters, whatever removed it (rulings):

- a thing with fading is sacrificed. That sacrifice is a trigger item in the same batch as the thing's own
  "time rune removed" triggers, so the active player orders them (Rememberer ruling), and a cost that
  removes the last rune lets the ability resolve first (Prynn Pasternaak ruling: her max-level ability
  trashes its unit, then she dies, then her "leaves" trigger brings it back);
- a forecast card arrives (a unit or token) or resolves (a spell).

Only the fading upkeep step removing the last rune is "dying from fading" (Prynn Pasternaak ruling).
"""

from __future__ import annotations

from typing import Any

from engine.codex.ctx import G
from engine.codex.effects import HAS_WORK, condition_of, does, hook, new_ctx, resumer, run_effect
from engine.codex.prompts import asked
from engine.codex.stats import Ref
from engine.codex.vocab import add_op, add_word
from engine.codex.zones import enter_play, fire, leave_play, q, trigger_items

FADED = "faded"
"""`how` of a sacrifice by the fading upkeep step itself (the only "dies from fading")."""
OUT_OF_TIME = "out of time"
"""`how` of a sacrifice after something else removed the last time rune."""


def future_seat(g: G, uid: int) -> int | None:
    """The seat whose future holds card `uid`, or None."""
    for p in g.s.players:
        if uid in p.future:
            return p.seat
    return None


def time_runes(g: G, uid: int) -> int:
    """Time runes on a thing in play or on a forecast card."""
    t = g.s.things.get(uid)
    if t is not None:
        return t.marks.get("time", 0)
    seat = future_seat(g, uid)
    return g.p(seat).future[uid] if seat is not None else 0


def holders(g: G) -> list[int]:
    """Every card with at least one time rune: things in play (either side), then forecast cards."""
    out = [uid for uid in sorted(g.s.things) if g.s.things[uid].marks.get("time", 0) > 0]
    for p in g.s.players:
        out += [uid for uid in sorted(p.future) if p.future[uid] > 0]
    return out


def runes_of(g: G, seat: int) -> int:
    """Time runes on everything `seat` controls, forecast cards included (Temporal Research ruling)."""
    total = sum(t.marks.get("time", 0) for t in g.s.things.values() if t.ctrl == seat)
    return total + sum(g.p(seat).future.values())


def add_time_runes(g: G, uid: int, n: int = 1) -> None:
    """Put `n` time runes on a thing or a forecast card; the fading number is no cap (ruling)."""
    if n <= 0:
        return
    t = g.s.things.get(uid)
    if t is not None:
        t.marks["time"] = t.marks.get("time", 0) + n
        g.emit("time_rune_added", uid=uid, n=n, left=t.marks["time"])
        return
    seat = future_seat(g, uid)
    if seat is not None:
        g.p(seat).future[uid] += n
        g.emit("time_rune_added", uid=uid, n=n, left=g.p(seat).future[uid])


def remove_time_runes(g: G, uid: int, n: int = 1, by: int | None = None, fading: bool = False) -> int:
    """Take up to `n` time runes off a thing or a forecast card; returns how many came off.

    `by` is the seat removing them ("whenever you remove a time rune" triggers answer only to their
    controller); `fading` marks the upkeep step of the fading keyword.
    """
    t = g.s.things.get(uid)
    if t is None:
        seat = future_seat(g, uid)
        if seat is None:
            return 0
        p = g.p(seat)
        took = min(n, p.future[uid])
        if took <= 0:
            return 0
        p.future[uid] -= took
        g.emit("time_rune", uid=uid, left=p.future[uid])
        if p.future[uid] == 0:
            come_due(g, seat, uid)
        return took
    have = t.marks.get("time", 0)
    took = min(n, have)
    if took <= 0:
        return 0
    t.marks["time"] = have - took
    g.emit("time_rune", uid=uid, left=t.marks["time"])
    qq = q(g)
    items: list[dict[str, Any]] = []
    if by is None or by == t.ctrl:
        for _ in range(took):
            items += trigger_items(g, qq, t, ("time rune removed",))
    if t.marks["time"] == 0 and "fading" in qq.kw(t):
        items.insert(
            0,
            {
                "key": "fading",
                "what": "fading",
                "src": uid,
                "card": t.card,
                "ctl": t.ctrl,
                "ops": [{"op": "hook", "name": "out of time", "args": {"how": FADED if fading else OUT_OF_TIME}}],
            },
        )
    fire(g, items)
    return took


def come_due(g: G, seat: int, uid: int) -> None:
    """A forecast card's last time rune is gone: a unit or token arrives, a spell resolves."""
    p = g.p(seat)
    p.future.pop(uid, None)
    card = g.card_of(uid)
    if card.type == "spell":
        g.push({"t": "spell_done", "uid": uid, "ctl": seat, "ongoing": False, "quiet": True})
        run_effect(g, card.data.get("play", []), new_ctx(uid, card.id, seat))
    else:
        enter_play(g, card.id, seat, g.s.cards[uid][1], uid=uid, from_future=True)


@hook("out of time")
def out_of_time(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Sacrifice a fading thing whose last time rune is gone (unless a rune came back meanwhile)."""
    t = g.s.things.get(ctx["src"])
    if t is None or t.marks.get("time", 0) > 0 or "fading" not in q(g).kw(t):
        return
    leave_play(g, t, "discard", died=True, how=str(args.get("how", OUT_OF_TIME)))


# ------------------------------------------------------------------------------ the "time rune" step


@does("time rune")
def _time_rune_step(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Add or remove one time rune on a card (or forecast card) that has one, either side's (rulings).

    Not targeting: the cards that do this carry no target symbol."""
    cands = holders(g)
    if not cands:
        g.emit("no_target", card=ctx["card"])
        return
    if len(cands) == 1:
        _resume_time_rune(g, {"ctx": ctx}, cands[0])  # the only card: no need to ask which
        return
    g.ask("time rune", cands, asked("time rune"), ctx=ctx)


@resumer("time rune")
def _resume_time_rune(g: G, pending: dict[str, Any], choice: Any) -> None:
    g.ask("time rune way", ["add", "remove"], asked("time rune way"), ctx=pending["ctx"], it=choice)


@resumer("time rune way")
def _resume_time_rune_way(g: G, pending: dict[str, Any], choice: Any) -> None:
    uid, seat = pending["it"], pending["ctx"]["ctl"]
    if choice == "add":
        add_time_runes(g, uid, 1)
    else:
        remove_time_runes(g, uid, 1, by=seat)


@condition_of("a card has time runes")
def _any_time_runes(g: G, ctx: dict[str, Any]) -> bool:
    return bool(holders(g))


HAS_WORK["time rune"] = lambda g, op, ctx: bool(holders(g))
add_word("condition", "a card has time runes")
add_op("time rune")

"""Free-for-all's own rules: mercenaries for late seats, base repair, kill gold, lending patrollers, and the
end (the first base destroyed ends the game, the healthiest base wins, ties play extra turns).

Each function is called from the rule it extends (setup, upkeep, deaths, the end of the main phase, the
state-based checks, the next turn) only when the match is a free-for-all.
"""

from __future__ import annotations

from typing import Any

from engine.codex import seats
from engine.codex.ctx import G
from engine.codex.state import SLOTS, Thing
from engine.codex.stats import Q
from engine.codex.zones import summon_tokens

MERCENARY = "mercenary"
REPAIR_COST = 3
"""Gold to remove 1 damage from your base."""
KILL_GOLD_CAP = 3
"""The most gold a player gains from kills in one turn."""


def mercenaries_for(position: int) -> int:
    """Mercenary tokens a seat gets in its first upkeep: none for the first two seats, then 1, 2, 3."""
    return max(0, position - 2)


# ----------------------------------------------------------------------------------------------- upkeep


def upkeep(g: G, seat: int) -> None:
    """Lent fighters come home in the borrower's upkeep; late seats get their mercenaries in their first."""
    s = g.s
    for uid in sorted(s.things):
        t = s.things[uid]
        if t.ctrl == seat and t.lent >= 0:
            back_home(g, t)
    p = g.p(seat)
    if p.turns == 1:
        n = mercenaries_for(seats.position(s, seat))
        if n:
            summon_tokens(g, MERCENARY, seat, n)


def back_home(g: G, t: Thing) -> None:
    """A lent fighter returns to its lender: out of the borrower's zone, not into the lender's, unchanged."""
    for p in g.s.players:
        if t.uid in p.patrol:
            p.patrol[p.patrol.index(t.uid)] = 0
    lender = t.lent
    t.lent = -1
    t.ctrl = lender
    t.since = g.s.turn
    g.emit("lend_back", uid=t.uid, seat=lender)


# -------------------------------------------------------------------------------------------- lending


def lend_targets(g: G, seat: int) -> list[tuple[int, int]]:
    """Empty slots of other players' patrol zones that `seat` may lend a fighter to: (seat, slot index)."""
    taken = {(x[1], x[2]) for x in g.p(seat).lend}
    out = []
    for p in g.s.players:
        if p.seat == seat:
            continue
        for i, uid in enumerate(p.patrol):
            if not uid and (p.seat, i) not in taken:
                out.append((p.seat, i))
    return out


def lend(g: G, seat: int) -> None:
    """The end of `seat`'s main phase: each fighter in the lending plan moves to its slot and control."""
    s = g.s
    p = g.p(seat)
    plan, p.lend = p.lend, []
    qq = Q(s, g.cat)
    for uid, to, slot in plan:
        t = s.things.get(uid)
        zone = g.p(to).patrol
        if t is None or t.ctrl != seat or t.exhausted or zone[slot] or not qq.may_patrol(t):
            continue  # only a ready fighter that may patrol goes, into a slot still empty
        card = g.card(t)
        if card.facts.legendary and any(o.ctrl == to and g.cat[o.card].name == card.name for o in s.things.values()):
            continue  # nobody may control two of a legendary card, so this one stays home
        zone[slot] = uid
        t.ctrl = to
        t.lent = seat
        t.since = s.turn
        g.emit("lend", uid=uid, seat=seat, to=to, slot=SLOTS[slot])


# ---------------------------------------------------------------------------------------- repair, gold


def can_repair(g: G, seat: int) -> bool:
    p = g.p(seat)
    return p.base_damage > 0 and p.gold >= REPAIR_COST


def repair_base(g: G, seat: int) -> None:
    p = g.p(seat)
    p.gold -= REPAIR_COST
    p.base_damage -= 1
    g.emit("repair", ref=f"{seat}:base", n=1, cost=REPAIR_COST, seat=seat)


def kill_gold(g: G, t: Thing) -> None:
    """An enemy unit died during the active player's turn: 1 gold, at most 3 a turn (units only; a token is
    a unit, a hero is not)."""
    s = g.s
    winner = s.active
    if g.friendly(t.ctrl, winner) or s.phase == "over":
        return
    got = s.flags.get("kill_gold", 0)
    if got >= KILL_GOLD_CAP:
        return
    s.flags["kill_gold"] = got + 1
    g.gain_gold(winner, 1)


# ------------------------------------------------------------------------------------------------ end


def standings(g: G, among: list[int]) -> list[int]:
    """The seats of `among` whose bases have the most HP left."""
    left = {seat: seats.base_left(g.s, seat) for seat in among}
    best = max(left.values())
    return [seat for seat in among if left[seat] == best]


def scores(g: G) -> dict[str, int]:
    return {str(p.seat): seats.base_left(g.s, p.seat) for p in g.s.players}


def base_fell(g: G, reason: str = "normal", detail: str = "base destroyed") -> None:
    """A base was destroyed: the healthiest base wins, or the tied players start their extra turns (the
    turn in progress stops here, as the game would)."""
    s = g.s
    best = standings(g, [p.seat for p in s.players])
    if len(best) == 1:
        finish(g, best[0], detail, reason)
        return
    s.tiebreak = {"seats": best, "played": []}
    g.emit("tiebreak", seats=list(best), players=[seats.seat_name(x) for x in best])
    stop_turn(g)


def stop_turn(g: G) -> None:
    """End the turn in progress at once: work in progress is dropped, then the end of turn (ephemeral
    deaths, "this turn" effects) and the next tie-break turn."""
    from engine.codex.ctx import abandon_work

    abandon_work(g.s)
    g.s.phase = "end"
    g.push_many([{"t": "end_of_turn", "stage": "ephemeral"}, {"t": "next_turn"}])


def finish(g: G, winner: int, detail: str, reason: str = "normal") -> None:
    s = g.s
    s.tiebreak = None
    s.result = {"winners": [winner], "reason": reason, "detail": detail, "scores": scores(g)}
    g.emit("game_over", winners=[winner], reason=reason)


def resigned(g: G, seat: int) -> None:
    """A player resigns a free-for-all: their base counts as destroyed, which ends the game (or, during a
    tie-break, takes them out of it)."""
    s = g.s
    p = g.p(seat)
    p.base_damage = max(p.base_damage, seats.base_hp(s))
    tb = s.tiebreak
    if tb is None:
        base_fell(g, "resign", f"{seats.seat_name(seat)} resigned")
        return
    if seat in tb["seats"]:
        tb["seats"] = [x for x in tb["seats"] if x != seat]
        tb["played"] = [x for x in tb["played"] if x != seat]
        if len(tb["seats"]) == 1:
            finish(g, tb["seats"][0], f"{seats.seat_name(seat)} resigned", "resign")
            return
    if seat == s.active:
        stop_turn(g)


def tiebreak_over(g: G) -> bool:
    """Called as a turn ends during a tie-break: record the turn, look at the tie when the option says so
    (after every turn, or after a whole round of the tied players), and end the game once it is broken."""
    s = g.s
    tb: dict[str, Any] = s.tiebreak
    if s.active in tb["seats"] and s.active not in tb["played"] and tb.get("started"):
        tb["played"].append(s.active)
    tb["started"] = True
    round_done = all(x in tb["played"] for x in tb["seats"])
    if g.opt("ffa_tiebreak") == "turn" or round_done:
        best = standings(g, tb["seats"])
        if len(best) == 1:
            finish(g, best[0], "tie broken")
            return True
        tb["seats"] = best
        tb["played"] = [x for x in tb["played"] if x in best]
        if all(x in tb["played"] for x in best):
            tb["played"] = []
    tb["left"] = [x for x in tb["seats"] if x not in tb["played"]]
    return False

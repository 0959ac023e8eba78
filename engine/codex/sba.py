"""State-based checks, run after every task: deaths, lost channeling heroes and partners, buildings, the end.

Everything found dead in one pass dies simultaneously and its triggers form one batch (§18.48).
"""

from __future__ import annotations

from typing import Any

from engine.codex import ffa, seats
from engine.codex.cards import BUILDINGS, Card
from engine.codex.ctx import SETTLE, G
from engine.codex.modes import FFA
from engine.codex.prevention import lose_building
from engine.codex.state import Thing
from engine.codex.stats import Q
from engine.codex.zones import destroy_together, fire, leave_together


def _quiet(g: G) -> bool:
    """Nothing in play can be dying or orphaned (the common case, checked without computing stats)."""
    for t in g.s.things.values():
        if t.damage or t.runes < 0 or t.deathtouched or t.caster or t.links:
            return False
        if t.mods and any(m.hp < 0 for m in t.mods):
            return False
        card = g.cat[t.card]
        if card.lowers_hp or (card.facts.hp is not None and card.facts.hp <= 0 and not card.bands):
            return False
    return True


def settle(g: G) -> None:
    # Things combat damage hit in the task just run: if they die now, combat damage killed them (Brave Knight).
    hit = set(g.s.flags.pop("combat_hit", ())) if "combat_hit" in g.s.flags else set()
    for _ in range(50):
        if g.s.result is not None:
            return
        wrecked = _wrecked_buildings(g)  # what follows up to its use changes no building
        if _quiet(g) and not wrecked:
            break
        qq = Q(g.s, g.cat)
        # With no static changing HP in play, a thing's HP is its printed HP plus its runes and modifiers.
        printed_hp = not qq.statics_of("base stats") and not qq.statics_of("stats")
        dying = []
        lost = []
        for uid in sorted(g.s.things):
            t = g.s.things[uid]
            card = qq.card(t)
            if card.type in ("unit", "token", "hero", "building") and not (
                printed_hp and _unhurt(t, card)
            ):  # what is unhurt has HP above 0 and no damage: it is not dying
                hp = qq.hp(t)
                if t.deathtouched or (t.damage >= hp and (t.damage > 0 or hp <= 0)):
                    if qq.has(t, "indestructible") and t.damage == 0 and not t.deathtouched:
                        t.exhausted = True  # 0 HP but indestructible: it simply stays exhausted (ruling)
                        continue
                    if qq.stays(t, died=True, combat=uid in hit):
                        continue  # can't leave play now (Gilded Glaxx at 0 HP without combat damage)
                    dying.append(t)
                    continue
            if t.caster and (g.s.things.get(t.caster) is None or g.s.things[t.caster].ctrl != t.ctrl):
                lost.append(t)
                continue
            if (
                t.links
                and _keeps_links(qq, t)
                and any(g.s.things.get(u) is None or g.s.things[u].ctrl != t.ctrl for u in t.links)
            ):
                lost.append(t)
        if not dying and not lost and not wrecked:
            break
        sink: list[dict[str, Any]] = []
        for seat, slot in wrecked:
            p = g.p(seat)
            if slot == "addon":
                g.emit("destroyed", ref=f"{seat}:addon", kind=p.addon.kind if p.addon else "")
                p.lost_addon = p.addon.kind if p.addon else None
                p.addon = None
            else:
                b = p.tech[int(slot[-1]) - 1]
                b.status, b.damage = "destroyed", 0
                g.emit("destroyed", ref=f"{seat}:{slot}", kind=slot)
            # Dealt by whoever destroyed it, the opponent: effects on damage they deal apply.
            lose_building(g, seat, by=_destroyer(g, seat))
        destroy_together(g, dying, how="died", sink=sink, combat=frozenset(hit))
        leave_together(g, lost, "discard", died=True, how="sacrificed", sink=sink)
        fire(g, sink)
    _check_end(g)


def _unhurt(t: Thing, card: Card) -> bool:
    """No damage, deathtouch, -1/-1 runes or HP-lowering modifier, and a printed HP above 0 (no hero bands)."""
    if t.damage or t.deathtouched or t.runes < 0 or card.bands or (card.facts.hp or 0) <= 0:
        return False
    return not t.mods or all(m.hp >= 0 for m in t.mods)


def _destroyer(g: G, seat: int) -> int:
    """Who destroyed a building of `seat`: the player whose turn it is, or (if that is `seat`'s own side)
    its opponent."""
    return g.s.active if not g.friendly(g.s.active, seat) else g.opp(seat)


def _keeps_links(qq: Q, t: Thing) -> bool:
    return any(
        ab.get("rule") == "sacrifice if a link is lost" for _, ab in qq.own_abilities(t) if ab.get("static") == "rule"
    )


def _wrecked_buildings(g: G) -> list[tuple[int, str]]:
    out = []
    for p in g.s.players:
        for i, b in enumerate(p.tech):
            if b.alive and b.damage >= BUILDINGS[b.kind][1]:
                out.append((p.seat, f"tech{i + 1}"))
        if p.addon is not None and p.addon.alive and p.addon.damage >= BUILDINGS[p.addon.kind][1]:
            out.append((p.seat, "addon"))
    return out


def _check_end(g: G) -> None:
    s = g.s
    if s.result is not None or s.tiebreak is not None:
        return
    hp = seats.base_hp(s)
    if all(p.base_damage < hp for p in s.players):
        return  # no base has taken its HP in damage (the common case, seen without working out whose is whose)
    dead = [p.seat for p in s.players if seats.has_base(s, p.seat) and seats.base_left(s, p.seat) <= 0]
    if not dead:
        return
    if g.mode() == FFA:
        ffa.base_fell(g)
        return
    # Two sides (two players, or two teams sharing a base each): the side whose base stands wins.
    fallen = {s.players[seat].team for seat in dead}
    if len(fallen) == len({p.team for p in s.players}):
        if g.opt("both_bases") == "active_wins":
            s.result = {"winners": seats.turn_seats(s), "reason": "normal", "detail": "both bases fell"}
        else:
            s.result = {"winners": [], "reason": "draw", "detail": "both bases fell at once"}
    else:
        winners = [p.seat for p in s.players if p.team not in fallen]
        s.result = {"winners": winners, "reason": "normal", "detail": "base destroyed"}
    g.emit("game_over", winners=s.result["winners"], reason=s.result["reason"])


SETTLE.append(settle)

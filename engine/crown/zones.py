"""Moving things: gains and payments, preparing warriors and refilling the display, the building offer,
control of an area, robots going home, the strength of a group of warriors and upgrading defenders."""

from __future__ import annotations

from itertools import combinations

from engine.crown.ctx import CITADEL, G
from engine.crown.data import RESOURCES
from engine.crown.state import Area

REFILL_FROM = {1: (1, 2, 3), 2: (2, 1, 3), 3: (3, 2, 1)}
"""The decks a display slot of each level takes from, in order, when its own deck is empty."""


# --------------------------------------------------------------------------------------------- gains


def gain(g: G, who: int, what: tuple[tuple[str, int], ...], why: str) -> None:
    """`who` receives `what` (resources, gold, VP, special ingredients). The AI scores 1 VP per resource
    and special ingredient instead (and per gold coin, with the option ai_gold_vp)."""
    side = g.side(who)
    if side.ai:
        vp = 0
        for kind, n in what:
            counts = kind != "gold" or g.opt("ai_gold_vp") == "yes"
            if counts:
                vp += n
        if vp:
            side.vp += vp
            g.emit("ai_vp", side=who, vp=vp, why=why)
        return
    specials = 0
    for kind, n in what:
        if kind in RESOURCES:
            side.res[kind] += n
        elif kind == "gold":
            side.gold += n
        elif kind == "vp":
            side.vp += n
        elif kind == "special":
            specials += n
    shown = {k: n for k, n in what if k != "special"}
    if shown:
        g.emit("gain", side=who, what=shown, why=why)
    if specials:
        g.s.pending.append({"kind": "special", "seat": who, "n": specials})


def tribute(g: G, area: Area, user: int) -> None:
    """The owner of a building someone else uses takes its tribute from the supply."""
    if area.owner is None or area.owner == user or not area.stack:
        return
    top = g.d.buildings[area.stack[-1]]
    if top.tribute:
        gain(g, area.owner, (("gold", top.tribute),), "tribute")


# -------------------------------------------------------------------------------------------- paying


def payment(g: G, who: int, wid: str) -> dict[str, int] | None:
    """What preparing `wid` costs `who` (resources and gold), or None if they cannot pay. Resources are
    spent first, gold for what is missing; a special-ingredient symbol takes the most plentiful resource
    left, and gold only when no resource is left."""
    side = g.side(who)
    left = dict(side.res)
    pay = dict.fromkeys((*RESOURCES, "gold"), 0)
    gold = 0
    anys = 0
    for kind, n in g.w(wid).cost:
        if kind == "any":
            anys += n
            continue
        used = min(left[kind], n)
        left[kind] -= used
        pay[kind] += used
        gold += n - used
    for _ in range(anys):
        best = max(RESOURCES, key=lambda r: (left[r], -RESOURCES.index(r)))
        if left[best]:
            left[best] -= 1
            pay[best] += 1
        else:
            gold += 1
    if gold > side.gold:
        return None
    pay["gold"] = gold
    return {k: v for k, v in pay.items() if v}


def prepare(g: G, who: int, wid: str, free: bool = False) -> None:
    """`who` takes display warrior `wid` into hand, paying for it unless `free` (the AI)."""
    side = g.side(who)
    paid: dict[str, int] = {}
    if not free:
        cost = payment(g, who, wid)
        assert cost is not None
        for kind, n in cost.items():
            if kind == "gold":
                side.gold -= n
            else:
                side.res[kind] -= n
        paid = cost
    slot = g.s.display.index(wid)
    g.s.display[slot] = None
    side.hand.append(wid)
    g.emit("prepare", side=who, warrior=wid, paid=paid)
    refill(g, slot)


def refill(g: G, slot: int) -> None:
    level = int(g.d.rules["display"][slot])
    for deck in REFILL_FROM[level]:
        pile = g.s.decks[str(deck)]
        if pile:
            wid = g.draw(pile, f"deck{deck}")
            g.s.display[slot] = wid
            g.emit("refill", slot=slot + 1, warrior=wid, deck=deck)
            return
    g.emit("display_empty", slot=slot + 1)


def fill_offer(g: G) -> None:
    s = g.s
    while len(s.offer) < int(g.d.rules["offer_size"]):
        if not s.stack:
            if not s.set_aside:
                return
            s.stack = s.set_aside
            s.set_aside = []
            s.reshuffled = True
            g.shuffle(s.stack)
            g.emit("stack_shuffle", n=len(s.stack))
        bid = g.draw(s.stack, "stack")
        s.offer.append(bid)
        g.emit("offer", building=bid)


# ----------------------------------------------------------------------------------------- warriors


def strength(g: G, warriors: list[str], area: int | None = None) -> int:
    """Attack plus empowerment: +1 for each warrior of a type beyond the first. A pair Fortis fortified in
    `area` gives one more while both stand there."""
    total = 0
    counts: dict[str, int] = {}
    count_robots = g.opt("robots_empower") == "yes"
    for wid in warriors:
        w = g.w(wid)
        total += w.attack
        if count_robots or not w.robot:
            counts[w.type] = counts.get(w.type, 0) + 1
    total += sum(n - 1 for n in counts.values() if n > 1)
    if area is not None:
        for where, a, b in g.s.fortified:
            if where == area and a in warriors and b in warriors:
                total += 1
    return total


def robot_home(g: G, wid: str) -> None:
    """A robot that fought goes back to the deck printed on it."""
    deck = g.s.decks[str(g.w(wid).robot)]
    if g.opt("robot_return") == "top":
        deck.insert(0, wid)
    else:
        deck.append(wid)
    g.emit("robot_home", warrior=wid, deck=g.w(wid).robot)


def unfortify(g: G, area: int) -> None:
    """A fortified pair counts only while both warriors still defend there."""
    here = g.s.area(area).defenders
    g.s.fortified = [f for f in g.s.fortified if f[0] != area or (f[1] in here and f[2] in here)]


def defend_options(g: G, who: int, area: int) -> list[tuple[str, ...]]:
    """Every garrison `who` may leave in `area` when upgrading: up to the cap from defenders and hand."""
    pool = sorted({*g.s.area(area).defenders, *g.side(who).hand})
    cap = int(g.d.rules["defender_cap"])
    out: list[tuple[str, ...]] = []
    for n in range(cap + 1):
        out.extend(combinations(pool, n))
    return out


def set_defenders(g: G, who: int, area: int, new: tuple[str, ...]) -> None:
    a = g.s.area(area)
    side = g.side(who)
    pool = [*a.defenders, *side.hand]
    a.defenders = [w for w in pool if w in new]
    side.hand = [w for w in pool if w not in new]
    unfortify(g, area)
    g.emit("defenders", side=who, area=area, warriors=list(a.defenders))


def take_control(g: G, who: int | None, area: int) -> None:
    a = g.s.area(area)
    before = a.owner
    a.owner = who
    g.emit("control", side=who, area=area, before=before)


def resurrect(g: G, who: int) -> None:
    side = g.side(who)
    if side.grave:
        g.emit("resurrect", side=who, warriors=side.grave[:])
        side.hand.extend(side.grave)
        side.grave = []


def controlled(g: G, who: int) -> list[int]:
    """Areas `who` controls, the citadel last."""
    out = [i for i, r in enumerate(g.s.regions) if r.owner == who]
    if g.s.citadel.owner == who:
        out.append(CITADEL)
    return out


def building_vp(g: G, area: Area) -> int:
    if not area.stack:
        return 0
    return g.d.buildings[area.stack[-1]].vp + len(area.stack) - 1

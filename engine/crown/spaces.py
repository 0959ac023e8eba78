"""The action spaces, shared by the players and the AI: gathering at a building, the gold space, building,
starting a battle, and the refresh space. Each places a minion and resolves the action at once; choices
a player owes afterwards (special ingredients, upgrading defenders) are left as pending choices."""

from __future__ import annotations

from engine.crown import aiplay, battle
from engine.crown.ctx import CITADEL, G
from engine.crown.zones import fill_offer, gain, resurrect, set_defenders, take_control, tribute


def free_gather(g: G, region: int) -> int | None:
    """The first free resource space of `region` usable at this count, if it has a building."""
    area = g.s.regions[region]
    if not area.stack:
        return None
    many = len(g.s.sides) >= 3
    for i, taken in enumerate(area.gather):
        if taken is None and (many or not g.d.regions[region].dashed[i]):
            return i
    return None


def free_battle(g: G, area: int) -> int | None:
    """A free battle space of a region, or for the citadel the first free one in data order."""
    a = g.s.area(area)
    if area == CITADEL:
        for i, sp in enumerate(g.d.citadel_spaces):
            if not sp.single or a.battle[i] is None:
                return i
        return None
    return next((i for i, taken in enumerate(a.battle) if taken is None), None)


def citadel_spaces_free(g: G) -> list[int]:
    return [i for i, sp in enumerate(g.d.citadel_spaces) if not sp.single or g.s.citadel.battle[i] is None]


def _minion(g: G, who: int) -> None:
    g.side(who).minions -= 1
    g.s.started = True


def gather(g: G, who: int, region: int) -> None:
    space = free_gather(g, region)
    assert space is not None
    area = g.s.regions[region]
    area.gather[space] = who
    _minion(g, who)
    top = g.d.buildings[area.stack[-1]]
    g.emit("gather", side=who, area=region, building=top.id)
    tribute(g, area, who)
    if top.resurrection:
        if g.opt("resurrection_on_gather") == "yes":
            resurrect(g, who)
    else:
        gain(g, who, top.supply, "gather")
    if area.owner == who:
        upgrade(g, who, region)


def upgrade(g: G, who: int, area: int) -> None:
    """`who` may rebuild the garrison of an area they control (the AI: the strongest one)."""
    if area == CITADEL:
        return
    if g.side(who).ai:
        a = g.s.area(area)
        best = aiplay.best_set(g, [*a.defenders, *g.side(who).hand], int(g.d.rules["defender_cap"]), a.defenders)
        if sorted(best) != sorted(a.defenders):
            set_defenders(g, who, area, tuple(best))
        return
    g.s.pending.append({"kind": "upgrade", "seat": who, "area": area})


def take_gold(g: G, who: int) -> None:
    g.s.gold_space.append(who)
    _minion(g, who)
    g.emit("gold_space", side=who)
    gain(g, who, (("gold", int(g.d.rules["gold_space"])),), "gold_space")


def build(g: G, who: int, bid: str, region: int, free: bool = False) -> None:
    s = g.s
    b = g.d.buildings[bid]
    s.build_space.append(who)
    _minion(g, who)
    if not free:
        g.side(who).gold -= b.cost
    s.offer.remove(bid)
    area = s.regions[region]
    area.stack.append(bid)
    g.emit("build", side=who, building=bid, area=region, cost=0 if free else b.cost)
    if area.owner is None:
        take_control(g, who, region)
    gain(g, who, b.supply, "build")
    if b.resurrection:
        resurrect(g, who)
    upgrade(g, who, region)
    fill_offer(g)


def attack(g: G, who: int, area: int, space: int) -> None:
    g.s.area(area).battle[space] = who
    if area == CITADEL and not g.d.citadel_spaces[space].single:
        g.s.area(area).battle[space] = None
        g.s.front.append(who)
    _minion(g, who)
    battle.start(g, who, area, space)


def refresh(g: G, who: int) -> None:
    side = g.side(who)
    side.refreshed = True
    _minion(g, who)
    side.cards = sorted([*side.cards, *side.discard], key=("0", "1", "3", "4", "die").index)
    side.discard = []
    if g.advanced:
        side.token, side.used = True, []
    g.emit("refresh", side=who)


def attackable(g: G, who: int, area: int) -> bool:
    """Whether `who` may start a battle in `area` now (a minion, a free space, a warrior in hand, and a
    region held by someone else or a citadel held by the King or someone else)."""
    s = g.s
    a = s.area(area)
    if not g.side(who).hand or g.side(who).minions <= 0:
        return False
    if area == CITADEL:
        if not s.king and a.owner in (None, who):
            return False
    elif a.owner is None or a.owner == who:
        return False
    return free_battle(g, area) is not None

"""Advanced mode: each lord's two abilities, paid for by the ability token.

The token is active at the start of each round and after the Refresh action. With the option
ability_token = one_use (the default) one use of either ability turns it over; with each_once each ability
may be used once before it turns over. Abilities in battle (Vizio's Unmasking and Warning, Mors's Reroll)
are offered by engine/crown/battle.py; the ones usable any time on one's own turn are here.
"""

from __future__ import annotations

from itertools import combinations

from engine.core import Action
from engine.crown.ctx import CITADEL, G
from engine.crown.data import RESOURCES
from engine.crown.notation import space_name
from engine.crown.zones import payment, prepare, unfortify

ABILITIES = {
    "vizio": ("unmasking", "warning"),
    "nox": ("trade", "exhumation"),
    "mors": ("order", "reroll"),
    "fortis": ("reinforcement", "fortification"),
}
TRADE_MAX = 3


def usable(g: G, who: int, name: str) -> bool:
    side = g.side(who)
    if not g.advanced or side.ai or not side.token or name not in ABILITIES[side.lord]:
        return False
    return g.opt("ability_token") == "one_use" or name not in side.used


def spend(g: G, who: int, name: str) -> None:
    side = g.side(who)
    side.used.append(name)
    if g.opt("ability_token") == "one_use" or all(a in side.used for a in ABILITIES[side.lord]):
        side.token = False
    g.emit("ability", side=who, ability=name)


# --------------------------------------------------------------------------------------- legal moves


def legal(g: G, who: int) -> list[Action]:
    """The abilities `who` may use now, on their own turn with no choice pending."""
    side = g.side(who)
    if not g.advanced or not side.token:
        return []
    out: list[Action] = []
    if usable(g, who, "exhumation") and g.s.stage == "place" and not g.s.started:
        out += [Action("exhume", (w,)) for w in g.s.display if w is not None and payment(g, who, w) is not None]
    if usable(g, who, "trade"):
        for give in RESOURCES:
            for get in RESOURCES:
                if get != give:
                    out += [Action("trade", (give, get, n)) for n in range(1, min(TRADE_MAX, side.res[give]) + 1)]
    if usable(g, who, "order"):
        out += _orders(g)
    if usable(g, who, "reinforcement"):
        out += _reinforcements(g, who)
    if usable(g, who, "fortification"):
        for area in _mine(g, who):
            here = g.s.area(area).defenders
            for a, b in combinations(sorted(here), 2):
                if g.w(a).type == g.w(b).type and [area, a, b] not in g.s.fortified:
                    out.append(Action("fortify", (area, a, b)))
    return out


def _mine(g: G, who: int) -> list[int]:
    out = [i for i, r in enumerate(g.s.regions) if r.owner == who]
    return out + ([CITADEL] if g.s.citadel.owner == who and not g.s.king else [])


def _room(g: G, area: int) -> bool:
    if area == CITADEL or g.opt("reinforcement_cap") == "no":
        return True
    return len(g.s.area(area).defenders) < int(g.d.rules["defender_cap"])


def _reinforcements(g: G, who: int) -> list[Action]:
    hand = sorted(set(g.side(who).hand))
    mine = _mine(g, who)
    out: list[Action] = []
    for area in mine:
        here = sorted(g.s.area(area).defenders)
        if _room(g, area):
            out += [Action("reinforce", (area, w)) for w in hand]
            for other in mine:
                if other != area:
                    out += [Action("shift", (other, w, area)) for w in sorted(g.s.area(other).defenders)]
        out += [Action("withdraw", (area, w)) for w in here]
        out += [Action("swap", (area, w, h)) for w in here for h in hand]
        for other in mine:
            if other > area:
                there = sorted(g.s.area(other).defenders)
                out += [Action("exchange", (area, w, other, x)) for w in here for x in there]
    return out


def spaces_taken(g: G) -> list[tuple[str, int]]:
    """(space key, participant) for every minion on the main board."""
    s = g.s
    out: list[tuple[str, int]] = []
    for i, r in enumerate(s.regions):
        out += [(f"g{i}.{k}", who) for k, who in enumerate(r.gather) if who is not None]
        out += [(f"b{i}.{k}", who) for k, who in enumerate(r.battle) if who is not None]
    out += [(f"c{k}", who) for k, who in enumerate(s.citadel.battle) if who is not None]
    for key, pile in (("front", s.front), ("gold", s.gold_space), ("build", s.build_space)):
        out += [(key, who) for who in sorted(set(pile))]
    return out


def spaces_free(g: G) -> list[str]:
    s = g.s
    out = ["gold", "build"]
    for i, sp in enumerate(g.d.citadel_spaces):
        if not sp.single:
            out.append("front")
        elif s.citadel.battle[i] is None:
            out.append(f"c{i}")
    for i, r in enumerate(s.regions):
        many = len(s.sides) >= 3
        out += [f"g{i}.{k}" for k, who in enumerate(r.gather) if who is None and (many or not g.d.regions[i].dashed[k])]
        out += [f"b{i}.{k}" for k, who in enumerate(r.battle) if who is None]
    return out


def _orders(g: G) -> list[Action]:
    free = spaces_free(g)
    return [Action("command", (who, key, to)) for key, who in spaces_taken(g) for to in free if to != key]


# -------------------------------------------------------------------------------------------- doing


def do(g: G, who: int, action: Action) -> None:
    verb, args = action.verb, action.args
    side = g.side(who)
    if verb == "exhume":
        spend(g, who, "exhumation")
        prepare(g, who, str(args[0]))
    elif verb == "trade":
        give, get, n = str(args[0]), str(args[1]), int(args[2])
        spend(g, who, "trade")
        side.res[give] -= n
        side.res[get] += n
        g.emit("trade", side=who, give=give, get=get, n=n)
    elif verb == "command":
        spend(g, who, "order")
        _move_minion(g, int(args[0]), str(args[1]), str(args[2]))
    elif verb == "fortify":
        spend(g, who, "fortification")
        g.s.fortified.append([int(args[0]), str(args[1]), str(args[2])])
        g.emit("fortify", side=who, area=int(args[0]), warriors=[args[1], args[2]])
    else:
        spend(g, who, "reinforcement")
        _reinforce(g, who, action)


def _reinforce(g: G, who: int, action: Action) -> None:
    verb, args = action.verb, action.args
    side = g.side(who)
    if verb == "reinforce":
        area, wid = int(args[0]), str(args[1])
        side.hand.remove(wid)
        g.s.area(area).defenders.append(wid)
    elif verb == "withdraw":
        area, wid = int(args[0]), str(args[1])
        g.s.area(area).defenders.remove(wid)
        side.hand.append(wid)
    elif verb == "swap":
        area, out, into = int(args[0]), str(args[1]), str(args[2])
        here = g.s.area(area).defenders
        here[here.index(out)] = into
        side.hand.remove(into)
        side.hand.append(out)
    elif verb == "exchange":
        area, wid, other, xid = int(args[0]), str(args[1]), int(args[2]), str(args[3])
        here, there = g.s.area(area).defenders, g.s.area(other).defenders
        here[here.index(wid)], there[there.index(xid)] = xid, wid
        unfortify(g, other)
    else:
        source, wid, area = int(args[0]), str(args[1]), int(args[2])
        g.s.area(source).defenders.remove(wid)
        g.s.area(area).defenders.append(wid)
        unfortify(g, source)
    unfortify(g, area)
    g.emit("reinforce", side=who, area=area, warriors=list(g.s.area(area).defenders))


def _move_minion(g: G, who: int, key: str, to: str) -> None:
    _set(g, key, who, remove=True)
    _set(g, to, who, remove=False)
    g.emit("command", side=who, source=space_name(g, key), target=space_name(g, to))


def _set(g: G, key: str, who: int, remove: bool) -> None:
    s = g.s
    piles = {"front": s.front, "gold": s.gold_space, "build": s.build_space}
    if key in piles:
        if remove:
            piles[key].remove(who)
        else:
            piles[key].append(who)
        return
    value = None if remove else who
    if key.startswith("c"):
        s.citadel.battle[int(key[1:])] = value
        return
    region, index = key[1:].split(".")
    area = s.regions[int(region)]
    (area.gather if key[0] == "g" else area.battle)[int(index)] = value

"""Positions for scenario files (docs/scenarios.md): a projection of the whole state as readable values,
and a `[position]` table read back into a state. Keys: round, king, offer, display, stack, and per region
(Desert, ..., citadel) owner, buildings, defenders; per seat (p1, ..., AI) vp, gold, bones, ash, sulfur,
blood, hand, graveyard, cards, fate. Cards and buildings by printed name; participants as p1.. or AI.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.crown.ctx import CITADEL, G
from engine.crown.data import RESOURCES
from engine.crown.state import State
from engine.i18n import t
from engine.scenario.errors import PositionError
from engine.scenario.fields import Fields, did_you_mean

JSON = Any
SIDE_KEYS = ("vp", "gold", *RESOURCES, "hand", "graveyard", "cards", "fate", "minions", "token", "royal")
AREA_KEYS = ("owner", "buildings", "defenders")


def scenario_projection(state: State) -> dict[str, JSON]:
    g = G(state)
    s = state
    out: dict[str, JSON] = {
        "round": s.round,
        "stage": s.stage,
        "king": s.king,
        "active": g.who(s.active) if s.queue else None,
        "turns_left": len(s.queue),
        "order": [g.who(x) for x in s.order],
        "offer": [g.d.buildings[b].name for b in s.offer],
        "display": [None if w is None else g.w(w).name for w in s.display],
        "stack": [g.d.buildings[b].name for b in s.stack],
        "decks": {k: [g.w(w).name for w in v] for k, v in s.decks.items()},
        "pending": [p["kind"] for p in s.pending],
        "battle": None if s.battle is None else {"area": g.area_name(int(s.battle["area"]))},
        "last_battle": None
        if s.last_battle is None
        else {
            "attack": s.last_battle["atk"],
            "defence": s.last_battle["dfn"],
            "attacker_won": s.last_battle["won"],
        },
        "winners": [g.who(w) for w in s.result["winners"]] if s.result else [],
    }
    for i in range(len(s.regions) + 1):
        a = s.area(i)
        out[g.area_name(i)] = {
            "owner": None if a.owner is None else g.who(a.owner),
            "buildings": [g.d.buildings[b].name for b in a.stack],
            "defenders": [g.w(w).name for w in a.defenders],
        }
    for i, side in enumerate(s.sides):
        out[g.who(i)] = {
            "lord": side.lord,
            "vp": side.vp,
            "gold": side.gold,
            **side.res,
            "minions": side.minions,
            "hand": [g.w(w).name for w in side.hand],
            "graveyard": [g.w(w).name for w in side.grave],
            "cards": side.cards[:],
            "discard": side.discard[:],
            "fate": g.fate_label(side.fate) if side.fate else None,
            "token": side.token,
            "royal": side.royal,
        }
    return out


def position_from_scenario(
    game: Any, position: Mapping[str, JSON], players: int, options: Mapping[str, JSON], seed: int
) -> State:
    """The normal setup, then each key of the position table laid over it. A warrior or building named
    anywhere is taken from wherever setup put it."""
    s: State = game.setup(players, options, seed)
    g = G(s)
    names = {g.area_name(i).lower(): i for i in range(len(s.regions) + 1)}
    sides = {g.who(i): i for i in range(len(s.sides))}
    top = Fields(position)
    top.only(
        [
            "round",
            "offer",
            "display",
            "king",
            "active",
            "turns_left",
            "dice",
            "ai_cards",
            "ai_battle",
            *(g.area_name(i) for i in range(len(s.regions) + 1)),
            *sides,
        ]
    )

    def take_warrior(name: str, path: tuple[str | int, ...]) -> str:
        wid = g.d.by_name.get(name.lower())
        if wid is None or wid not in g.d.warriors:
            raise PositionError(
                t(
                    "crown-position-no-warrior",
                    name=name,
                    hint=did_you_mean(name, [w.name for w in g.d.warriors.values()]),
                ),
                path,
            )
        _remove(s, wid)
        return wid

    def take_building(name: str, path: tuple[str | int, ...]) -> str:
        bid = g.d.by_name.get(name.lower())
        if bid is None or bid not in g.d.buildings:
            raise PositionError(
                t(
                    "crown-position-no-building",
                    name=name,
                    hint=did_you_mean(name, [b.name for b in g.d.buildings.values()]),
                ),
                path,
            )
        _remove(s, bid)
        return bid

    s.round = top.integer("round", s.round, 1, int(g.d.rules["rounds"]))
    if top.raw("king") is not None:
        s.king = top.flag("king", s.king)
        if not s.king and s.citadel.owner is None:
            s.citadel.owner = None
    offer = top.strings("offer")
    if offer is not None:
        s.stack = [*s.offer, *s.stack]
        s.offer = []
        s.offer = [take_building(n, ("offer", i)) for i, n in enumerate(offer)]
    display = top.strings("display")
    if display is not None:
        old = [w for w in s.display if w is not None]
        s.display = [None] * len(s.display)
        for w in old:
            s.decks[str(g.w(w).level)].append(w)
        for i, n in enumerate(display):
            s.display[i] = take_warrior(n, ("display", i))
    for area_name, index in names.items():
        label = g.area_name(index)
        if position.get(label) is None:
            continue
        f = Fields(position[label], (label,), label)
        f.only(list(AREA_KEYS))
        a = s.area(index)
        if f.raw("owner") is not None:
            who = str(f.raw("owner"))
            if who not in sides and who != "nobody":
                raise PositionError(t("crown-position-owner", sides=", ".join(sides)), (label, "owner"))
            a.owner = sides.get(who)
        buildings = f.strings("buildings")
        if buildings is not None:
            if index == CITADEL:
                raise PositionError(t("crown-position-citadel-building"), (label, "buildings"))
            for b in a.stack:
                s.box.append(b)
            a.stack = []
            a.stack = [take_building(n, (label, "buildings", i)) for i, n in enumerate(buildings)]
        defenders = f.strings("defenders")
        if defenders is not None:
            for w in a.defenders:
                _home(g, s, w)
            a.defenders = []
            a.defenders = [take_warrior(n, (label, "defenders", i)) for i, n in enumerate(defenders)]
        del area_name
    for name, i in sides.items():
        if position.get(name) is None:
            continue
        f = Fields(position[name], (name,), name)
        f.only(list(SIDE_KEYS))
        side = s.sides[i]
        side.vp = f.integer("vp", side.vp, 0)
        side.gold = f.integer("gold", side.gold, 0)
        side.minions = f.integer("minions", side.minions, 0, 4)
        for r in RESOURCES:
            side.res[r] = f.integer(r, side.res[r], 0)
        side.token = f.flag("token", side.token)
        side.royal = f.flag("royal", side.royal)
        hand = f.strings("hand")
        if hand is not None:
            for w in side.hand:
                _home(g, s, w)
            side.hand = []
            side.hand = [take_warrior(n, (name, "hand", k)) for k, n in enumerate(hand)]
        grave = f.strings("graveyard")
        if grave is not None:
            side.grave = [take_warrior(n, (name, "graveyard", k)) for k, n in enumerate(grave)]
        cards = f.strings("cards")
        if cards is not None:
            bad = [c for c in cards if c not in g.d.cards]
            if bad:
                raise PositionError(t("crown-position-card", card=str(bad[0])), (name, "cards"))
            side.discard = [c for c in side.cards + side.discard if c not in cards]
            side.cards = list(cards)
        fate = f.raw("fate")
        if fate is not None:
            found = next((k for k in g.d.fates if g.fate_label(k) == fate or k == fate), None)
            if found is None or side.fate is None:
                raise PositionError(t("crown-position-fate", example=g.fate_label("F1")), (name, "fate"))
            s.box = [found if x == found else x for x in s.box]
            holder = next((o for o in s.sides if o.fate == found), None)
            if holder is not None and holder is not side:
                holder.fate = side.fate
            elif found in s.box:
                s.box[s.box.index(found)] = side.fate
            side.fate = found
    _turns(s, top, sides)
    for slot, w in enumerate(s.display):
        if w is None:
            from engine.crown.zones import refill

            refill(g, slot)
    return s


def _turns(s: State, top: Fields, sides: dict[str, int]) -> None:
    """Whose turn it is, how many turns the round has left, and the chance to come."""
    who = top.raw("active")
    if who is not None:
        if who not in sides or s.sides[sides[str(who)]].ai:
            raise PositionError(t("crown-position-active", sides=", ".join(x for x in sides if x != "AI")), ("active",))
        seat = sides[str(who)]
        s.queue.remove(seat)
        s.queue.insert(0, seat)
    left = top.integer("turns_left", len(s.queue), 1, len(s.queue))
    s.queue = s.queue[:left]
    for key, chance in (("dice", "dice"), ("ai_cards", "ai_cards"), ("ai_battle", "ai_battle")):
        values = top.raw(key)
        if values is not None:
            if not isinstance(values, list):
                raise PositionError(t("crown-position-list", key=key), (key,))
            s.fixed[chance] = [str(v) if key != "dice" else int(v) for v in values]


def _remove(s: State, item: str) -> None:
    """Take a warrior or building out of wherever setup put it."""
    for pile in (*s.decks.values(), s.stack, s.offer, s.set_aside, s.box):
        if item in pile:
            pile.remove(item)
            return
    if item in s.display:
        s.display[s.display.index(item)] = None
        return
    for a in [*s.regions, s.citadel]:
        for pile in (a.stack, a.defenders):
            if item in pile:
                pile.remove(item)
                return
    for side in s.sides:
        for pile in (side.hand, side.grave):
            if item in pile:
                pile.remove(item)
                return


def _home(g: G, s: State, wid: str) -> None:
    """A warrior a position displaces goes back to its deck (a starting warrior to the box)."""
    w = g.w(wid)
    if w.level:
        s.decks[str(w.level)].append(wid)
    else:
        s.box.append(wid)


def position_to_scenario(state: State, viewer: int | None, *, full: bool = False) -> dict[str, JSON]:
    whole = scenario_projection(state)
    g = G(state)
    out: dict[str, JSON] = {"round": whole["round"], "offer": whole["offer"], "display": whole["display"]}
    out["king"] = whole["king"]
    for i in range(len(state.regions) + 1):
        name = g.area_name(i)
        area = dict(whole[name])
        if area["owner"] is None:
            area["owner"] = "nobody"
        if i == CITADEL:
            del area["buildings"]
        out[name] = area
    for i in range(len(state.sides)):
        name = g.who(i)
        p = {k: v for k, v in whole[name].items() if k in SIDE_KEYS}
        mine = full or viewer == i or state.sides[i].ai
        if not mine:
            del p["hand"], p["cards"], p["fate"]
        if p.get("fate") is None:
            p.pop("fate", None)
        out[name] = p
    return out

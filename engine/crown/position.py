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
SIDE_KEYS = (
    "vp",
    "gold",
    *RESOURCES,
    "hand",
    "graveyard",
    "cards",
    "discard",
    "fate",
    "minions",
    "token",
    "royal",
    "refreshed",
)
AREA_KEYS = ("owner", "buildings", "defenders", "gather", "battle")
FREE = "free"
"""A space without a minion, in a position's `gather` and `battle` lists."""


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
        "gold_space": [g.who(x) for x in s.gold_space],
        "build_space": [g.who(x) for x in s.build_space],
        "front": [g.who(x) for x in s.front],
    }
    for i in range(len(s.regions) + 1):
        a = s.area(i)
        out[g.area_name(i)] = {
            "owner": None if a.owner is None else g.who(a.owner),
            "buildings": [g.d.buildings[b].name for b in a.stack],
            "defenders": [g.w(w).name for w in a.defenders],
            "gather": [FREE if x is None else g.who(x) for x in a.gather],
            "battle": [FREE if x is None else g.who(x) for x in a.battle],
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
            "refreshed": side.refreshed,
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
            "order",
            "stage",
            "stack",
            "set_aside",
            "decks",
            "gold_space",
            "build_space",
            "front",
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
    for key in ("stack", "set_aside"):
        listed = top.strings(key)
        if listed is not None:
            tiles = [take_building(n, (key, i)) for i, n in enumerate(listed)]
            if key == "stack":
                s.box.extend(s.stack)  # tiles the position leaves out of the stack are out of the game
                s.stack = tiles
            else:
                s.set_aside = tiles
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
        for key in ("gather", "battle"):
            spaces = f.strings(key)
            if spaces is not None:
                slots = a.gather if key == "gather" else a.battle
                if len(spaces) != len(slots) or any(x != FREE and x not in sides for x in spaces):
                    raise PositionError(t("crown-position-spaces", n=len(slots), sides=", ".join(sides)), (label, key))
                slots[:] = [None if x == FREE else sides[x] for x in spaces]
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
        side.refreshed = f.flag("refreshed", side.refreshed)
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
        discard = f.strings("discard")
        if discard is not None:
            if sorted([*side.cards, *discard]) != sorted(g.d.cards):
                raise PositionError(t("crown-position-discard"), (name, "discard"))
            side.discard = list(discard)
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
    for key in ("gold_space", "build_space", "front"):
        listed = top.strings(key)
        if listed is not None:
            if any(x not in sides for x in listed):
                raise PositionError(t("crown-position-minions", sides=", ".join(sides)), (key,))
            setattr(s, key, [sides[x] for x in listed])
    decks = top.table("decks", "`decks`")
    if decks is not None:
        decks.only(["1", "2", "3"])
        for level in ("1", "2", "3"):
            listed = decks.strings(level)
            if listed is not None:
                # Named cards on top, in that order; what the deck held besides stays below them.
                named = [take_warrior(n, ("decks", level, i)) for i, n in enumerate(listed)]
                s.decks[level] = named + s.decks[level]
    _turns(s, top, sides)
    for slot, w in enumerate(s.display):
        if w is None:
            from engine.crown.zones import refill

            refill(g, slot)
    return s


def _turns(s: State, top: Fields, sides: dict[str, int]) -> None:
    """Whose turn it is, how many turns the round has left, and the chance to come."""
    order = top.strings("order")
    if order is not None:
        if sorted(order) != sorted(sides) or s.sides[sides[order[-1]]].ai is not s.sides[-1].ai:
            raise PositionError(t("crown-position-order", sides=", ".join(sides)), ("order",))
        s.order = [sides[x] for x in order]
    who = top.raw("active")
    if who is not None and (who not in sides or s.sides[sides[str(who)]].ai):
        raise PositionError(t("crown-position-active", sides=", ".join(x for x in sides if x != "AI")), ("active",))
    seat = sides[str(who)] if who is not None else s.queue[0]
    left = top.integer("turns_left", len(s.queue), 1, len(s.queue))
    start = s.order.index(seat)
    s.queue = [s.order[(start + i) % len(s.order)] for i in range(left)]
    s.stage = top.text("stage", "place", ("place", "end")) or "place"
    s.started = s.stage == "end"
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
    for key in ("gold_space", "build_space", "front"):
        if whole[key]:
            out[key] = whole[key]
    if state.queue and not state.sides[state.active].ai:
        out["active"], out["turns_left"], out["order"] = whole["active"], whole["turns_left"], whole["order"]
        if state.stage in ("place", "end"):
            out["stage"] = state.stage
    if full:
        out["stack"], out["decks"] = whole["stack"], whole["decks"]
        out["set_aside"] = [g.d.buildings[b].name for b in state.set_aside]
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
            del p["hand"], p["cards"], p["discard"], p["fate"]
        if p.get("fate") is None:
            p.pop("fate", None)
        out[name] = p
    return out

"""The short text of each move, with warriors, buildings and regions by name: `gold`, `gather Desert`,
`build Bone Quarry in Coast`, `attack Forest`, `attack citadel left`, `refresh`, `prepare Rib Shambler`,
`end`, `take ash`, `defend Rib Shambler + Soot Walker`, `defend nobody`, `send Skull Bruiser`, `play 3`,
`play die`, `unmask`, `warn 4`, `skip`, `reroll p2`, `keep`, `damage`, `recover Soot Walker`,
`lose Soot Walker`, `order p2 p1 p3`; advanced: `exhume W`, `trade 2 bones for ash`, `command p2 from
Desert gather 1 to gold`, `reinforce Desert with W`, `withdraw W from Desert`, `swap W for X in Desert`,
`shift W from Desert to Coast`, `exchange W in Desert for X in Coast`, `fortify Desert with W + X`.
Parsing matches the text of the legal moves.
"""

from __future__ import annotations

from engine.core import Action
from engine.crown.ctx import CITADEL, G


def side_name(g: G, who: int) -> str:
    return "AI" if g.s.sides[who].ai else f"p{who + 1}"


def area_name(g: G, area: int) -> str:
    return "citadel" if area == CITADEL else g.d.regions[area].name


def warriors(g: G, ids: str) -> str:
    names = [g.w(w).name for w in ids.split("+") if w]
    return " + ".join(names) if names else "nobody"


def space_name(g: G, key: str) -> str:
    """A minion's space for Mors's Order: gold, build, front, citadel left, Desert gather 1, Desert battle 1."""
    if key in ("gold", "build", "front"):
        return key
    if key.startswith("c"):
        return f"citadel {g.d.citadel_spaces[int(key[1:])].id}"
    region, index = key[1:].split(".")
    kind = "gather" if key[0] == "g" else "battle"
    return f"{g.d.regions[int(region)].name} {kind} {int(index) + 1}"


def describe(g: G, action: Action) -> str:
    verb, a = action.verb, action.args
    if not a:
        return verb
    if verb == "gather":
        return f"gather {area_name(g, int(a[0]))}"
    if verb == "build":
        return f"build {g.d.buildings[str(a[0])].name} in {area_name(g, int(a[1]))}"
    if verb == "attack":
        if int(a[0]) == CITADEL:
            return f"attack citadel {g.d.citadel_spaces[int(a[1])].id}"
        return f"attack {area_name(g, int(a[0]))}"
    if verb in ("prepare", "recover", "lose", "exhume"):
        return f"{verb} {g.w(str(a[0])).name}"
    if verb in ("defend", "send"):
        return f"{verb} {warriors(g, str(a[0]))}"
    if verb == "reroll":
        return f"reroll {side_name(g, int(a[0]))}"
    if verb == "order":
        return "order " + " ".join(side_name(g, int(x)) for x in str(a[0]).split(","))
    if verb == "trade":
        return f"trade {a[2]} {a[0]} for {a[1]}"
    if verb == "command":
        return f"command {side_name(g, int(a[0]))} from {space_name(g, str(a[1]))} to {space_name(g, str(a[2]))}"
    if verb == "reinforce":
        return f"reinforce {area_name(g, int(a[0]))} with {g.w(str(a[1])).name}"
    if verb == "withdraw":
        return f"withdraw {g.w(str(a[1])).name} from {area_name(g, int(a[0]))}"
    if verb == "swap":
        return f"swap {g.w(str(a[1])).name} for {g.w(str(a[2])).name} in {area_name(g, int(a[0]))}"
    if verb == "exchange":
        here, there = area_name(g, int(a[0])), area_name(g, int(a[2]))
        return f"exchange {g.w(str(a[1])).name} in {here} for {g.w(str(a[3])).name} in {there}"
    if verb == "shift":
        return f"shift {g.w(str(a[1])).name} from {area_name(g, int(a[0]))} to {area_name(g, int(a[2]))}"
    if verb == "fortify":
        return f"fortify {area_name(g, int(a[0]))} with {g.w(str(a[1])).name} + {g.w(str(a[2])).name}"
    return " ".join([verb, *(str(x) for x in a)])

"""A player's legal moves and what each does.

On their turn a player places a minion (`gold`, `gather R`, `build B in R`, `attack R`, `attack citadel S`,
`refresh`), answers what that asks (`take bones`, `defend A + B`, `send A + B`, ...), then may prepare one
warrior (`prepare W`) or `end`. Battle cards are chosen by both sides at once (`play 3`). Warrior groups
travel as one argument, ids joined by "+" in a fixed order ("" for none).
"""

from __future__ import annotations

from itertools import combinations, permutations

from engine.core import Action
from engine.crown import abilities, ai, battle, spaces, turns
from engine.crown.ctx import CITADEL, G
from engine.crown.data import RESOURCES
from engine.crown.zones import defend_options, payment, prepare, set_defenders


def group(ids: tuple[str, ...] | list[str]) -> str:
    return "+".join(sorted(ids))


def ungroup(text: str) -> list[str]:
    return [x for x in text.split("+") if x]


PLACEMENTS = frozenset({"gold", "gather", "build", "attack", "refresh"})


def allowed(g: G, seat: int, action: Action) -> bool:
    """Whether `action` is legal, computing only the moves of its kind."""
    s = g.s
    if s.result is not None or not 0 <= seat < s.humans:
        return False
    if s.pending:
        return action in _answers(g, seat, s.pending[0])
    if seat != s.active:
        return False
    verb = action.verb
    if s.stage == "place" and verb in PLACEMENTS:
        return action in _placements(g, seat)
    if s.stage == "end" and verb == "end":
        return action == Action("end")
    if s.stage == "end" and verb == "prepare":
        w = action.args[0] if len(action.args) == 1 else None
        return isinstance(w, str) and w in s.display and payment(g, seat, w) is not None
    return action in abilities.legal(g, seat) if s.stage in ("place", "end") else False


def legal(g: G, seat: int) -> list[Action]:
    s = g.s
    if s.result is not None or not 0 <= seat < s.humans:
        return []
    if s.pending:
        return _answers(g, seat, s.pending[0])
    if seat != s.active:
        return []
    if s.stage == "place":
        return [*_placements(g, seat), *abilities.legal(g, seat)]
    if s.stage == "end":
        out = [Action("prepare", (w,)) for w in s.display if w is not None and payment(g, seat, w) is not None]
        return [*out, Action("end"), *abilities.legal(g, seat)]
    return []


def _placements(g: G, seat: int) -> list[Action]:
    s = g.s
    side = g.side(seat)
    out = [Action("gold")]
    out += [Action("gather", (r,)) for r in range(len(s.regions)) if spaces.free_gather(g, r) is not None]
    regions = [r for r, a in enumerate(s.regions) if a.owner in (None, seat)]
    for bid in s.offer:
        if g.d.buildings[bid].cost <= side.gold:
            out += [Action("build", (bid, r)) for r in regions]
    out += [
        Action("attack", (r, spaces.free_battle(g, r) or 0))
        for r in range(len(s.regions))
        if spaces.attackable(g, seat, r)
    ]
    if spaces.attackable(g, seat, CITADEL):
        out += [Action("attack", (CITADEL, i)) for i in spaces.citadel_spaces_free(g)]
    if not side.refreshed or g.opt("refresh_space") == "unlimited":
        out.append(Action("refresh"))
    return out


def _answers(g: G, seat: int, p: dict[str, object]) -> list[Action]:
    kind = p["kind"]
    side = g.side(seat)
    if kind == "cards":
        seats = p["seats"]
        assert isinstance(seats, list)
        return [Action("play", (c,)) for c in side.cards] if seat in seats else []
    if p["seat"] != seat:
        return []
    if kind == "special":
        return [Action("take", (r,)) for r in RESOURCES]
    if kind == "upgrade":
        area = int(str(p["area"]))
        return [Action("defend", (group(o),)) for o in defend_options(g, seat, area)]
    if kind == "commit":
        b = g.s.battle
        assert b is not None
        cap = battle.max_attackers(g, int(b["area"]))
        hand = sorted(set(side.hand))
        return [Action("send", (group(c),)) for n in range(1, cap + 1) for c in combinations(hand, n)]
    if kind == "unmask":
        return [Action("unmask"), Action("skip")]
    if kind == "warn":
        return [*(Action("warn", (c,)) for c in g.d.cards), Action("skip")]
    if kind == "reroll":
        b = g.s.battle
        assert b is not None
        return [*(Action("reroll", (int(k),)) for k in sorted(b["rolls"])), Action("keep")]
    if kind == "ai_die":
        return [Action("reroll", (g.s.active,)), Action("keep")]
    if kind == "zero":
        standing = p["standing"]
        assert isinstance(standing, list)
        out = [Action("damage")] if standing else []
        return out + [Action("recover", (w,)) for w in sorted(set(side.grave))]
    if kind == "damage":
        standing = p["standing"]
        assert isinstance(standing, list)
        here = g.s.area(int(str(p["area"]))).defenders
        return [Action("lose", (w,)) for w in sorted(standing) if w in here]
    if kind == "order":
        humans = list(range(g.s.humans))
        if g.opt("turn_order") == "clockwise":
            orders = [humans[i:] + humans[:i] for i in range(len(humans))]
        else:
            orders = [list(o) for o in permutations(humans)]
        return [Action("order", (",".join(str(x) for x in o),)) for o in orders]
    return []


# --------------------------------------------------------------------------------------------- doing


def do(g: G, seat: int, action: Action) -> None:
    s = g.s
    verb, args = action.verb, action.args
    if s.pending:
        _answer(g, seat, action)
    elif verb == "prepare":
        prepare(g, seat, str(args[0]))
        turns.end_turn(g)
    elif verb == "end":
        g.emit("pass", side=seat)
        turns.end_turn(g)
    elif verb in ("gold", "gather", "build", "attack", "refresh"):
        s.stage = "act"
        if verb == "gold":
            spaces.take_gold(g, seat)
        elif verb == "gather":
            spaces.gather(g, seat, int(args[0]))
        elif verb == "build":
            spaces.build(g, seat, str(args[0]), int(args[1]))
        elif verb == "attack":
            spaces.attack(g, seat, int(args[0]), int(args[1]))
        else:
            spaces.refresh(g, seat)
    else:
        abilities.do(g, seat, action)
    turns.settle(g)


def _answer(g: G, seat: int, action: Action) -> None:
    s = g.s
    verb, args = action.verb, action.args
    if verb == "play":
        battle.choose(g, seat, str(args[0]))
        return
    p = s.pending.pop(0)
    kind = p["kind"]
    if kind == "special":
        side = g.side(seat)
        side.res[str(args[0])] += 1
        g.emit("take", side=seat, resource=args[0])
        if int(p["n"]) > 1:
            s.pending.insert(0, {**p, "n": int(p["n"]) - 1})
    elif kind == "upgrade":
        set_defenders(g, seat, int(p["area"]), tuple(ungroup(str(args[0]))))
    elif kind == "commit":
        battle.commit(g, ungroup(str(args[0])))
    elif kind == "unmask":
        battle.unmask(g, verb == "unmask")
    elif kind == "warn":
        battle.warn(g, seat, None if verb == "skip" else str(args[0]))
    elif kind == "reroll":
        battle.reroll(g, seat, None if verb == "keep" else str(args[0]))
    elif kind == "ai_die":
        ai.reroll(g, None if verb == "keep" else seat, int(p["face"]))
    elif kind == "zero":
        if verb == "damage":
            g.emit("zero_damage", side=seat)
            battle.damage(g, int(p["winner"]), int(p["area"]), list(p["standing"]))
        else:
            battle.recover(g, seat, str(args[0]))
    elif kind == "damage":
        battle.lose(g, seat, int(p["area"]), str(args[0]))
    elif kind == "order":
        turns.set_order(g, [int(x) for x in str(args[0]).split(",")])

"""The AI deck's turn: a die names a region, an action card lists steps tried left to right, and the first
that can be done is done; the last step of every card (nearest resource space, then a free warrior from
the warrior track) always can. Every roll, card and decision is told as an event."""

from __future__ import annotations

from engine.crown import aiplay, spaces
from engine.crown.ctx import CITADEL, G
from engine.crown.zones import prepare

CITADEL_PREFERENCE = {"flank_first": (0, 1, 2), "front_first": (2, 0, 1)}


def action_cards(g: G) -> list[str]:
    """The AI's action deck for this match: the six cards, the target card in place of the one it replaces."""
    cards = list(g.d.ai_cards)
    if g.opt("target_card") == "yes":
        tid, replaces, _ = g.d.target
        cards[cards.index(replaces)] = tid
    return cards


def _steps(g: G, card: str) -> tuple[dict[str, str], ...]:
    tid, _, steps = g.d.target
    return steps if card == tid else g.d.ai_cards[card]


def take_turn(g: G) -> None:
    s = g.s
    me = s.active
    state = s.ai
    if not state.get("deck"):
        state["deck"] = state.get("used", [])
        state["used"] = []
        g.shuffle(state["deck"])
        g.emit("ai_shuffle", n=len(state["deck"]))
    face = g.roll()
    g.emit("ai_roll", side=me, die=face)
    for who, side in enumerate(s.sides):
        if g.advanced and not side.ai and side.lord == "mors" and side.token:
            # Mors may reroll any die, the AI's too: its turn waits for his answer.
            s.pending.append({"kind": "ai_die", "seat": who, "face": face})
            return
    play(g, face)


def reroll(g: G, who: int | None, face: int) -> None:
    """Mors's answer to the AI's die: reroll it (`who`) or keep it (None); then the AI plays on."""
    if who is not None:
        from engine.crown.abilities import spend

        spend(g, who, "reroll")
        face = g.roll()
        g.emit("reroll", side=who, target=g.s.active, value=face)
    play(g, face)


def play(g: G, face: int) -> None:
    s = g.s
    me = s.active
    state = s.ai
    region = next(i for i, r in enumerate(g.d.regions) if r.die == face)
    card = g.draw(state["deck"], "ai_cards")
    state["used"].append(card)
    g.emit("ai_turn", side=me, die=face, area=region, card=card)
    owner = s.regions[region].owner
    for step in _steps(g, card):
        mine_or_free = owner is None or owner == me
        action = step.get("do") or step["free" if mine_or_free else "player"]
        if _try(g, me, action, region):
            return
        g.emit("ai_cannot", action=action)


def _try(g: G, me: int, action: str, region: int) -> bool:
    s = g.s
    if action == "resource":
        if spaces.free_gather(g, region) is None:
            return False
        g.emit("ai_does", action=action, area=region)
        spaces.gather(g, me, region)
        return True
    if action == "attack_region":
        if not spaces.attackable(g, me, region):
            return False
        g.emit("ai_does", action=action, area=region)
        spaces.attack(g, me, region, spaces.free_battle(g, region) or 0)
        return True
    if action == "attack_citadel":
        if not spaces.attackable(g, me, CITADEL):
            return False
        free = spaces.citadel_spaces_free(g)
        space = next(i for i in CITADEL_PREFERENCE[g.opt("ai_citadel_space")] if i in free)
        g.emit("ai_does", action=action, area=CITADEL)
        spaces.attack(g, me, CITADEL, space)
        return True
    if action == "build":
        owner = s.regions[region].owner
        if owner not in (None, me) or not s.offer:
            return False
        g.emit("ai_does", action=action, area=region)
        spaces.build(g, me, s.offer[-1], region, free=True)
        return True
    if action == "attack_least_defended":
        targets = [i for i in range(len(s.regions)) if spaces.attackable(g, me, i)]
        if not targets:
            return False
        least = min(aiplay.defence(g, i) for i in targets)
        target = _nearest(region, [i for i in targets if aiplay.defence(g, i) == least])
        g.emit("ai_does", action=action, area=target)
        spaces.attack(g, me, target, spaces.free_battle(g, target) or 0)
        return True
    if action == "build_most_defended":
        mine = [i for i, r in enumerate(s.regions) if r.owner == me]
        if not mine or not s.offer:
            return False
        most = max(aiplay.defence(g, i) for i in mine)
        target = _nearest(region, [i for i in mine if aiplay.defence(g, i) == most])
        g.emit("ai_does", action=action, area=target)
        spaces.build(g, me, s.offer[-1], target, free=True)
        return True
    _nearest_resource_and_prepare(g, me, region)
    return True


def _nearest(start: int, candidates: list[int]) -> int:
    """The candidate region reached first going clockwise from `start` (itself first)."""
    return min(candidates, key=lambda i: (i - start) % 6)


def _nearest_resource_and_prepare(g: G, me: int, region: int) -> None:
    s = g.s
    usable = [i for i in range(len(s.regions)) if spaces.free_gather(g, i) is not None]
    if usable:
        target = _nearest(region, usable)
        g.emit("ai_does", action="nearest_resource", area=target)
        spaces.gather(g, me, target)
    else:
        g.emit("ai_does", action="gold", area=region)
        spaces.take_gold(g, me)
    track = g.d.rules["warrior_track"]
    pos = int(s.ai.get("track", 0))
    level = int(track[pos])
    s.ai["track"] = (pos + 1) % len(track)
    wanted = [level]
    if g.opt("ai_prepare_no_match") == "next_level":
        wanted += [lv for lv in (level + 1, level - 1, level + 2, level - 2) if 1 <= lv <= 3]
    for lv in wanted:
        slots = [i for i, w in enumerate(s.display) if w is not None and g.w(w).level == lv]
        if slots:
            prepare(g, me, str(s.display[slots[-1]]), free=True)
            return
    g.emit("ai_no_warrior", level=level)

"""Setup, the flow of turns and rounds, round-end scoring and the final scoring with its tie-breaks.

A round is four turns per participant in turn order (each turn places one minion). After every action
`settle` carries the game on until someone owes a decision: it ends the turn of an AI, starts the next
turn (playing the AI's), and closes a round.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.crown import ai
from engine.crown.ctx import CITADEL, G
from engine.crown.data import LORDS, RESOURCES, Dataset
from engine.crown.state import Area, Side, State
from engine.crown.zones import building_vp, controlled, fill_offer, refill

BATTLE_CARDS = ("0", "1", "3", "4", "die")


def setup(d: Dataset, humans: int, options: Mapping[str, Any], seed: int) -> G:
    with_ai = humans == 1 or options["ai_buffer"] == "yes"
    total = humans + int(with_ai)
    lords = list(LORDS)
    s = State(seed=seed, options=dict(options), humans=humans, sides=[], regions=[], citadel=Area())
    g = G(s)
    if options["lords"] == "random":
        g.shuffle(lords)
    for i in range(total):
        ai_side = with_ai and i == total - 1
        side = Side(lords[i], ai=ai_side, res=dict.fromkeys(RESOURCES, 0), minions=int(d.rules["minions"]))
        side.gold = 0 if ai_side else int(d.rules["starting_gold"])
        side.cards = list(BATTLE_CARDS)
        if ai_side:
            g.shuffle(side.cards)
        s.sides.append(side)
    g.emit("lords", lords=[x.lord for x in s.sides])
    for r in d.regions:
        s.regions.append(Area(gather=[None] * len(r.dashed), battle=[None] * r.battle_spaces))
    s.citadel = Area(battle=[None] * len(d.citadel_spaces))
    # Warrior decks; the cards for 3-4 participants go to the box in smaller games.
    for level in (1, 2, 3):
        deck = [w.id for w in d.warriors.values() if w.level == level and (total > 2 or not w.three_four)]
        s.box.extend(w.id for w in d.warriors.values() if w.level == level and total <= 2 and w.three_four)
        g.shuffle(deck)
        s.decks[str(level)] = deck
    s.display = [None] * len(d.rules["display"])
    for slot in range(len(s.display)):
        refill(g, slot)
    solo = humans == 1
    s.king = not solo
    if solo:
        s.citadel.owner = total - 1
        level = {"easy": 1, "medium": 2, "hard": 3}[str(options["difficulty"])]
        deck = s.decks[str(level)]
        wid = g.draw(deck, f"deck{level}")
        while g.w(wid).robot and options["ai_citadel_robots"] == "redraw" and any(not g.w(x).robot for x in deck):
            deck.append(wid)
            wid = g.draw(deck, f"deck{level}")
        s.citadel.defenders = [wid]
        g.emit("ai_citadel", warrior=wid, level=level)
    fates = list(d.fates)
    g.shuffle(fates)
    for i in range(humans):
        s.sides[i].fate = fates.pop(0)
        g.emit("fate", g.only(i), side=i, fate=s.sides[i].fate)
    s.box.extend(fates)
    _starting_buildings(g, total)
    level1 = [b.id for b in d.buildings.values() if b.level == 1]
    level2 = [b.id for b in d.buildings.values() if b.level == 2]
    g.shuffle(level1)
    g.shuffle(level2)
    s.stack = level1 + level2
    fill_offer(g)
    if with_ai:
        s.ai = {"deck": ai.action_cards(g), "used": [], "track": 0}
        g.shuffle(s.ai["deck"])
    order = list(range(humans))
    g.shuffle(order)
    if with_ai:
        order.append(total - 1)
    _begin_round(g, order)
    g.emit("round", round=1, order=order)
    start_turn(g)
    return g


def _starting_buildings(g: G, total: int) -> None:
    s, d = g.s, g.d
    tiles = [b.id for b in d.buildings.values() if b.level == 0]
    g.shuffle(tiles)
    each = 2 if total <= 2 else 1
    for i in range(total):
        side = s.sides[i]
        starters = [w.id for w in d.warriors.values() if w.lord == side.lord]
        ones = [w for w in starters if g.w(w).attack == 1]
        for n in range(each):
            bid = tiles.pop(0)
            region = d.buildings[bid].start_region
            assert region is not None
            area = s.regions[region]
            area.stack = [bid]
            area.owner = i
            guard = ones[n] if n < len(ones) and (n == 0 or g.opt("second_defender") == "starter") else None
            if guard is not None:
                area.defenders = [guard]
                starters.remove(guard)
            g.emit("start_building", side=i, building=bid, area=region, warrior=guard)
        side.hand = starters
    s.box.extend(tiles)
    playing = {side.lord for side in s.sides}
    s.box.extend(w.id for w in d.warriors.values() if w.lord and w.lord not in playing)


def _begin_round(g: G, order: list[int]) -> None:
    s = g.s
    s.order = order
    s.queue = order * int(g.d.rules["minions"])


def start_turn(g: G) -> None:
    s = g.s
    s.started = False
    if s.sides[s.active].ai:
        s.stage = "ai"
        ai.take_turn(g)
    else:
        s.stage = "place"
        g.emit("turn", side=s.active, round=s.round, left=s.sides[s.active].minions)


def settle(g: G) -> None:
    """Carry the game on until someone owes a decision or it is over."""
    s = g.s
    while s.result is None and not s.pending:
        if s.stage == "act":
            s.stage = "end"
            return
        if s.stage == "ai":
            end_turn(g)
            continue
        if s.stage == "order":
            start_turn(g)
            continue
        return


def end_turn(g: G) -> None:
    s = g.s
    s.queue.pop(0)
    if s.queue:
        start_turn(g)
        return
    end_round(g)


# ------------------------------------------------------------------------------------------- rounds


def end_round(g: G) -> None:
    s, d = g.s, g.d
    score_round(g)
    if s.round >= int(d.rules["rounds"]):
        final_scoring(g)
        return
    for area in [*s.regions, s.citadel]:
        area.gather = [None] * len(area.gather)
        area.battle = [None] * len(area.battle)
    s.front, s.gold_space, s.build_space = [], [], []
    if g.opt("fortification") == "round":
        s.fortified = []
    for i, side in enumerate(s.sides):
        side.minions = int(d.rules["minions"])
        side.refreshed = False
        if side.grave:
            g.emit("grave_to_hand", side=i, warriors=side.grave[:])
            side.hand.extend(side.grave)
            side.grave = []
        if g.advanced and not side.ai:
            side.token, side.used = True, []
    s.set_aside.extend(s.offer)
    s.offer = []
    g.emit("offer_cleared")
    fill_offer(g)
    s.round += 1
    humans = [i for i in range(len(s.sides)) if not s.sides[i].ai]
    decider = chooser(g, humans)
    ai_last = [i for i in range(len(s.sides)) if s.sides[i].ai]
    if decider is None:
        _begin_round(g, humans + ai_last)
        g.emit("round", round=s.round, order=s.order)
        s.stage = "order"
        return
    s.pending.append({"kind": "order", "seat": decider})
    s.stage = "order"
    g.emit("deciding", side=decider)


def chooser(g: G, humans: list[int]) -> int | None:
    """Who sets the next round's order: the player with the fewest VP; then the fewest VP from buildings;
    then the highest die. Nobody chooses in a solo game."""
    if len(humans) < 2:
        return None
    low = min(g.side(i).vp for i in humans)
    tied = [i for i in humans if g.side(i).vp == low]
    if len(tied) > 1:
        pot = {i: potential(g, i) for i in tied}
        least = min(pot.values())
        tied = [i for i in tied if pot[i] == least]
    while len(tied) > 1:
        rolls = {i: g.roll() for i in tied}
        g.emit("order_roll", rolls={str(k): v for k, v in rolls.items()})
        best = max(rolls.values())
        tied = [i for i in tied if rolls[i] == best]
    return tied[0]


def potential(g: G, who: int) -> int:
    areas = controlled(g, who)
    total = sum(building_vp(g, g.s.area(a)) for a in areas if a != CITADEL)
    if CITADEL in areas and g.opt("order_potential") == "with_citadel":
        total += g.d.citadel_vp(len(g.s.sides), g.s.round)
    return total


def set_order(g: G, humans_order: list[int]) -> None:
    s = g.s
    ai_last = [i for i in range(len(s.sides)) if s.sides[i].ai]
    _begin_round(g, humans_order + ai_last)
    g.emit("round", round=s.round, order=s.order)


def score_round(g: G) -> None:
    s = g.s
    for i, side in enumerate(s.sides):
        vp = sum(building_vp(g, r) for r in s.regions if r.owner == i)
        citadel = g.d.citadel_vp(len(s.sides), s.round) if s.citadel.owner == i else 0
        side.vp += vp + citadel
        g.emit("round_score", side=i, round=s.round, buildings=vp, citadel=citadel, vp=side.vp)


# -------------------------------------------------------------------------------------------- the end


def board_warriors(g: G, who: int) -> list[str]:
    return [w for a in controlled(g, who) for w in g.s.area(a).defenders]


def fate_points(g: G, who: int) -> tuple[int, int, int]:
    """(fate points, robot penalty, level points of the other two types), counting prepared warriors in
    hand, graveyard and on the board; starting warriors count nothing."""
    side = g.side(who)
    types = g.d.fates[side.fate] if side.fate else ()
    on_board = board_warriors(g, who)
    score = other = penalty = 0
    for wid in [*side.hand, *side.grave, *on_board]:
        w = g.w(wid)
        if w.robot:
            penalty += w.level
        elif w.level:
            if w.type in types:
                score += w.level
            else:
                other += w.level
    return score, penalty, other


def final_scoring(g: G) -> None:
    s = g.s
    ranks: dict[int, tuple[int, int, int]] = {}
    for i, side in enumerate(s.sides):
        if side.ai:
            ranks[i] = (side.vp, 0, 0)
            g.emit("final_ai", side=i, vp=side.vp)
            continue
        sets = sum(n // 3 for n in side.res.values())
        coins = side.gold // 2
        fate, penalty, other = fate_points(g, i)
        side.vp += sets + coins + fate - penalty
        g.emit(
            "final",
            side=i,
            fate=side.fate,
            sets=sets,
            gold=coins,
            points=fate,
            robots=penalty,
            vp=side.vp,
        )
        ranks[i] = (side.vp, other, int(side.royal))
    if s.humans == 1:
        human, bot = ranks[0], ranks[1]
        shared = human[0] == bot[0] and g.opt("solo_tie") == "shared"
        won = human[0] > bot[0] or (human[0] == bot[0] and human[1] > 0)
        places = {0: 1, 1: 1} if shared else ({0: 1, 1: 2} if won else {0: 2, 1: 1})
    else:
        places = {i: 1 + sum(1 for j in ranks if ranks[j] > ranks[i]) for i in ranks}
    seats = {i: p for i, p in places.items() if not s.sides[i].ai}
    # The platform needs a winning seat when a game with players' seats ends (a solo game lost to the AI
    # excepted): when the buffer AI scores most, the best placed players win among the seats.
    best = min(seats.values())
    winners = sorted(i for i, p in seats.items() if p == best and (p == 1 or s.humans > 1))
    ai_first = any(s.sides[i].ai and p < best for i, p in places.items())
    s.result = {
        "scores": {str(i): s.sides[i].vp for i in range(len(s.sides))},
        "places": {str(i): p for i, p in places.items()},
        "winners": winners,
        "seat_places": {str(i): p for i, p in seats.items()},
    }
    s.stage = "over"
    s.queue = []
    g.emit(
        "game_over",
        winners=winners,
        ai_first=ai_first,
        scores=[side.vp for side in s.sides],
        places=[places[i] for i in places],
    )

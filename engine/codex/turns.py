"""Setup and the turn cycle: finish tech, ready, upkeep, main, discard/draw, tech, end of turn."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from engine.codex import ffa, seats
from engine.codex.cards import Catalog
from engine.codex.ctx import G, handler
from engine.codex.effects import hook, resumer
from engine.codex.modes import FFA, TEAMS, team_split
from engine.codex.ops_later import fire_later, later_items
from engine.codex.options import resolve
from engine.codex.prompts import asked
from engine.codex.state import SLOTS, Building, Player, State
from engine.codex.stats import Q
from engine.codex.timerunes import remove_time_runes
from engine.codex.zones import DRAW_BONUS, UPKEEP_SOURCES, destroy_together, end_copy, fire, trigger_items
from engine.core import Action, rng_for

TECH = "tech"

END_OF_TURN: list[Callable[[G], None]] = []
"""What ends with the turn besides "this turn" modifiers (e.g. a silence, a shut-down building): each runs in
the end step's expiry, after the modifiers lapse and before construction finishes."""

STARTING_HAND = 5
MAX_DRAW = 5


def setup_state(
    cat: Catalog, options: dict[str, Any], seed: int, players: int = 2, *, start: bool = True
) -> tuple[State, G]:
    """A new game, at the start of the first turn; without `start`, just before it (scenarios check that
    position, then `begin_turn` and `run` take the start of the turn)."""
    opts = resolve(options, players, seed)
    if opts["first_player"] == "random":
        first = rng_for(seed, 0, "first").randrange(players)
    else:
        first = int(opts["first_player"][1:]) - 1
    s = State(seed=seed, options=opts, players=[], first=first)
    g = G(s, cat)
    teams = team_split(opts["teams"], players) if opts["mode"] == TEAMS else list(range(players))
    for seat in range(players):
        heroes = opts[f"hero{seat + 1}"]
        specs = [cat[h].facts.spec or "" for h in heroes]
        colour = opts[f"starter{seat + 1}"]
        p = Player(
            seat,
            heroes,
            specs,
            colour,
            gold=opts["starting_gold"],
            tech=[Building("tech1"), Building("tech2"), Building("tech3")],
            team=teams[seat],
        )
        s.players.append(p)
        for h in heroes:
            p.command.append(g.new_card(h, seat))
        for c in sorted(cat.starter(colour), key=lambda c: c.id):
            p.deck.append(g.new_card(c.id, seat))
        for spec in specs:
            for c in cat.specs(spec):
                p.codex[c.id] = p.codex.get(c.id, 0) + 2
    # In 2v2 the first player's team goes first, led by its first seat.
    s.first = first = seats.teammates(s, first)[0]
    for p in s.players:
        p.workers = 4 if seats.position(s, p.seat) == 1 else 5
    for p in s.players:
        deck = sorted(p.deck)
        g.rng().shuffle(deck)
        p.deck = deck
        g.emit_hidden("deck_order", seat=p.seat, order=list(deck))
        s.phase = "setup"
        g.draw(p.seat, STARTING_HAND, why="starting hand")
    s.active = first
    s.turn = 1
    s.phase = "start"
    if start:
        begin_turn(g)
        g.run()
    return s, g


def begin_turn(g: G) -> None:
    """Queue the start of the turn of `s.active` (and, in 2v2, of its partner), then the main phase."""
    turn = seats.turn_seats(g.s)
    if len(turn) == 1:
        g.push({"t": "start_turn"})
        return
    g.push_many([{"t": "start_turn", "seat": seat, "last": seat == turn[-1]} for seat in turn])


# -------------------------------------------------------------------------------------- start of turn


@handler("start_turn")
def start_turn(g: G, task: dict[str, Any]) -> None:
    """One player's start of turn: finish tech, ready, upkeep. In 2v2 it runs for each partner in turn (the
    partner whose upkeep it is decides its choices); the main phase follows the last one."""
    s = g.s
    seat = task.get("seat", s.active)
    first_of_turn = seat == seats.turn_seats(s)[0]
    s.active = seat
    p = g.p(seat)
    s.phase = "start"
    if first_of_turn:
        s.flags = {"solo": s.flags["solo"]} if "solo" in s.flags else {}
    p.turns += 1
    p.ended = False
    g.emit("turn", seat=seat, turn=s.turn, number=p.turns)
    if p.tech_pick:
        added = []
        for cid in p.tech_pick:
            if p.codex.get(cid, 0) > 0:
                p.codex[cid] -= 1
                if not p.codex[cid]:
                    del p.codex[cid]
                uid = g.new_card(cid, seat)
                p.discard.append(uid)
                added.append(uid)
        g.emit("tech_added", seat=seat, n=len(added))
        g.emit("tech_cards", private=seat, seat=seat, cards=added, names=[g.label(u) for u in added])
    p.tech_open = False
    p.tech_pick = None
    if any(p.patrol):
        # Kept to tell whether the new patrol is any different.
        s.flags.setdefault("patrol_before", {})[str(seat)] = list(p.patrol)
    p.patrol = [0, 0, 0, 0, 0]
    p.lend = []
    if s.known:
        piles = {u for pl in s.players for u in (*pl.hand, *pl.deck, *pl.discard)}
        s.known = [u for u in s.known if u in piles]
    for h, left in list(p.cooldown.items()):
        if left <= 1:
            del p.cooldown[h]
        else:
            p.cooldown[h] = left - 1
    for t in s.things.values():
        t.armor_used = 0  # squad leader armor (and any armor) refreshes every turn
        if t.ctrl == seat:
            card = g.card(t)
            if card.type == "hero":
                t.max_at_start = t.level >= card.mx
            if t.skip_ready:
                t.skip_ready = False
            else:
                t.exhausted = False
    g.emit("ready", seat=seat)
    # Upkeep: gold first (listed first in the rules), then upkeep effects in the order the player picks.
    for t in s.things.values():
        if any(m.until == f"upkeep:{seat}" for m in t.mods):
            t.mods = [m for m in t.mods if m.until != f"upkeep:{seat}"]
    g.gain_gold(seat, worker_income(g, seat))
    if task.get("last", True):
        g.push({"t": "main"})
    if g.mode() == FFA:
        ffa.upkeep(g, seat)
    fire(g, upkeep_items(g, seat))


IncomeRule = Callable[[G, int, int], int]
INCOME_RULES: list[IncomeRule] = []
"""`(g, seat, gold) -> gold`: what `seat`'s workers make in its upkeep after each rule (Slow-Time Generator)."""


def worker_income(g: G, seat: int) -> int:
    gold = g.p(seat).workers
    for rule in INCOME_RULES:
        gold = rule(g, seat, gold)
    return gold


def upkeep_items(g: G, seat: int) -> list[dict[str, Any]]:
    qq = Q(g.s, g.cat)
    items: list[dict[str, Any]] = []
    for source in UPKEEP_SOURCES:
        items += source(g, seat)
    for uid in sorted(g.s.things):
        t = g.s.things[uid]
        if t.ctrl != seat:
            continue
        kw = qq.kw(t)
        if "healing" in kw:
            items.append(
                {
                    "key": f"healing:{kw['healing']}",
                    "src": uid,
                    "card": t.card,
                    "ctl": seat,
                    "ops": [
                        {"op": "heal", "n": kw["healing"], "to": {"each": {"kind": ["fighter"], "side": "friendly"}}}
                    ],
                }
            )
        if t.marks.get("time") and "fading" in kw:
            items.append(
                {"key": "fading", "src": uid, "card": t.card, "ctl": seat, "ops": [{"op": "hook", "name": "fade"}]}
            )
        items += trigger_items(g, qq, t, ("upkeep",))
    p = g.p(seat)
    for uid in sorted(p.future):
        items.append(
            {
                "key": "forecast",
                "src": uid,
                "card": g.s.cards[uid][0],
                "ctl": seat,
                "ops": [{"op": "hook", "name": "forecast"}],
            }
        )
    if p.addon is not None and p.addon.alive and p.addon.kind == "surplus" and g.opt("surplus") == "upkeep":
        items.append({"key": "surplus", "src": 0, "card": "surplus", "ctl": seat, "ops": [{"op": "draw", "n": 1}]})
    return items


@hook("extra turn")
def extra_turn(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """`ctx`'s controller takes an extra turn after the current one (more of them stack: ruling)."""
    owed = g.s.memory.setdefault(EXTRA_TURNS, {})
    owed[str(ctx["ctl"])] = owed.get(str(ctx["ctl"]), 0) + 1
    g.emit("extra_turn_owed", seat=ctx["ctl"])


@hook("fade")
def fade(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """The fading upkeep step: one time rune comes off; the last one makes the thing die from fading."""
    if ctx["src"] in g.s.things:
        remove_time_runes(g, ctx["src"], 1, by=ctx["ctl"], fading=True)


@hook("forecast")
def forecast(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Remove a time rune from a card in the future; the last one makes it arrive (or, for a spell, resolve)."""
    if ctx["src"] in g.p(ctx["ctl"]).future:
        remove_time_runes(g, ctx["src"], 1, by=ctx["ctl"])


@handler("main")
def main_phase(g: G, task: dict[str, Any]) -> None:
    g.s.phase = "main"
    g.s.active = seats.turn_seats(g.s)[0]
    g.emit("main", seat=g.s.active)


# ---------------------------------------------------------------------------------------- end of turn


def end_main(g: G, seat: int | None = None) -> None:
    """A player ends their main phase: the patrol plan becomes the patrol (and, in free-for-all, lent
    fighters go to the zones they were lent to). In 2v2 the team's turn goes on until both have ended."""
    s = g.s
    seat = s.active if seat is None else seat
    p = g.p(seat)
    qq = Q(s, g.cat)
    for i, uid in enumerate(p.patrol):
        t = s.things.get(uid) if uid else None
        if t is None or t.ctrl != seat or t.exhausted or not qq.may_patrol(t):
            p.patrol[i] = 0
    before = s.flags.get("patrol_before", {})
    # Snapshots from before 2v2 kept a single list here.
    previous = before if isinstance(before, list) else before.get(str(seat), [0, 0, 0, 0, 0])
    g.emit(
        "patrol",
        seat=seat,
        slots=list(p.patrol),
        changed=list(p.patrol) != previous,
        names={SLOTS[i]: g.shown(u) for i, u in enumerate(p.patrol) if u},
    )
    if p.lend:
        ffa.lend(g, seat)
    if g.mode() == TEAMS:
        p.ended = True
        waiting = [x for x in seats.turn_seats(s) if not g.p(x).ended]
        if waiting:
            s.active = waiting[0]
            return
    s.phase = "end"
    draws = [{"t": "draw_phase", "seat": x} for x in seats.turn_seats(s)]
    g.push_many([*draws, {"t": "end_of_turn", "stage": "triggers"}, {"t": "next_turn"}])
    fire_later(g, "end of main phase")


DrawSkip = Callable[[G, int], bool]
DRAW_SKIPS: list[DrawSkip] = []
"""Tests `(g, seat) -> bool`: True if `seat` skips the discard and the draw of this draw/discard phase and
keeps its hand (Oathkeeper's oath). Tech still opens. Register by appending."""


@handler("draw_phase")
def draw_phase(g: G, task: dict[str, Any]) -> None:
    seat = task.get("seat", g.s.active)
    g.s.active = seat  # 2v2: each partner draws in turn and makes their own draw-phase choices
    p = g.p(seat)
    if any(skip(g, seat) for skip in DRAW_SKIPS):
        g.emit("keep_hand", seat=seat, n=len(p.hand))
    else:
        kept = task.get("kept")
        if kept is None and p.hand and _has_stash(g, seat):
            # Stash (Bigby Hayes): the player may keep one card through the discard/draw step.
            g.ask("stash", [*p.hand, "none"], asked("stash"))
            return
        kept = [u for u in kept or () if u in p.hand]
        n = len(p.hand)  # the draw counts the whole hand, then one card fewer per card kept
        p.hand = [u for u in p.hand if u not in kept]
        g.discard_hand(seat)
        p.hand = kept
        if kept:
            g.emit("stash", seat=seat, n=len(kept))
        extra = (
            1
            if (
                p.addon is not None and p.addon.alive and p.addon.kind == "surplus" and g.opt("surplus") == "draw_phase"
            )
            else 0
        )
        bonus = sum(more(g, seat) for more in DRAW_BONUS)
        g.draw(seat, min(n + 2 + bonus, MAX_DRAW + bonus) + extra - len(kept), why="draw phase")
    p.tech_open = True
    p.tech_pick = None
    if not p.codex:
        p.tech_pick = []


def _has_stash(g: G, seat: int) -> bool:
    qq = Q(g.s, g.cat)
    return any(t.ctrl == seat and "stash" in qq.kw(t) for t in g.s.things.values())


@resumer("stash")
def _resume_stash(g: G, pending: dict[str, Any], choice: Any) -> None:
    g.push({"t": "draw_phase", "seat": pending["seat"], "kept": [] if choice == "none" else [choice]})


@handler("end_of_turn")
def end_of_turn(g: G, task: dict[str, Any]) -> None:
    s = g.s
    stage = task["stage"]
    qq = Q(s, g.cat)
    if stage == "triggers":
        g.push({"t": "end_of_turn", "stage": "ephemeral"})
        # Each partner's end-of-turn effects are theirs to order (2v2); one batch in the other modes. A few
        # abilities wait for every turn's end, whoever's turn it is: they join the first batch.
        turn = seats.turn_seats(s)
        for seat in reversed(turn):
            items = []
            for uid in sorted(s.things):
                t = s.things[uid]
                if t.ctrl == seat:
                    items += trigger_items(g, qq, t, ("end of turn", "end of each turn"))
                elif seat == turn[0] and not g.on_turn(t.ctrl):
                    items += trigger_items(g, qq, t, ("end of each turn",))
            if seat == turn[0]:
                items += later_items(g, "end of turn")
            if items:
                g.push({"t": "triggers", "items": items, "seat": seat})
    elif stage == "ephemeral":
        g.push({"t": "end_of_turn", "stage": "expire"})
        # Every ephemeral thing dies at the same moment, so they see each other die.
        destroy_together(g, [s.things[u] for u in sorted(s.things) if "ephemeral" in qq.kw(s.things[u])], "ephemeral")
    elif stage == "expire":
        for t in list(s.things.values()):
            if t.mods and any(m.until == "turn" for m in t.mods):
                t.mods = [m for m in t.mods if m.until != "turn"]
            if t.copied and t.copied[2] == "turn":
                end_copy(g, t)
        for expire in END_OF_TURN:
            expire(g)
        for uid, seat in s.flags.get("control_until_eot", []):
            t = s.things.get(uid)
            if t is not None and t.ctrl != seat:
                t.ctrl = seat
                t.since = s.turn
        for seat in seats.turn_seats(s):
            p = g.p(seat)
            for b in [*p.tech, p.addon]:
                if b is not None and b.status == "building":
                    b.status = "built"
                    g.emit("built", seat=seat, kind=b.kind)


EXTRA_TURNS = "extra turns"
"""Memory: seat -> extra turns still to take right after its current one (Double Time; they stack)."""


def take_extra_turn(g: G) -> int | None:
    """The seat, among those whose turn is ending, that takes another turn now (using up one owed extra
    turn), or None. An extra turn is that player's alone (`flags["solo"]`: a 2v2 partner stays off turn)."""
    owed = g.s.memory.get(EXTRA_TURNS, {})
    for seat in seats.turn_seats(g.s):
        key = str(seat)
        if owed.get(key):
            owed[key] -= 1
            if not owed[key]:
                del owed[key]
            g.emit("extra_turn", seat=seat)
            return seat
    return None


@handler("next_turn")
def next_turn(g: G, task: dict[str, Any]) -> None:
    s = g.s
    if s.tiebreak is not None and ffa.tiebreak_over(g):
        return
    extra = take_extra_turn(g)
    s.active = extra if extra is not None else seats.next_turn_seat(s)
    s.turn += 1
    s.flags = {} if extra is None else {"solo": extra}
    for p in s.players:
        p.ended = False
    owing = [x for x in seats.turn_seats(s) if g.p(x).tech_open and g.p(x).tech_pick is None]
    if owing:
        s.phase = "await_tech"
        for seat in owing:
            g.emit("await_tech", seat=seat)
        return
    begin_turn(g)


# ---------------------------------------------------------------------------------------------- tech


def tech_options(g: G, seat: int) -> list[Action]:
    """Every legal tech pick: 2 codex cards, or 0-2 with 10+ workers (fewer if the codex runs dry)."""
    p = g.p(seat)
    return list(_tech_options(tuple(sorted(p.codex.items())), p.workers >= 10))


@lru_cache(maxsize=512)
def _tech_options(codex: tuple[tuple[str, int], ...], optional: bool) -> tuple[Action, ...]:
    # Cached: the same codex comes up again and again, and the 78 pairs cost real time to rebuild.
    ids = [c for c, _ in codex]
    count = dict(codex)
    need = min(2, sum(count.values()))
    out: list[Action] = []
    for k in range(0, need + 1) if optional else (need,):
        if k == 0:
            out.append(Action(TECH, ()))
        elif k == 1:
            out += [Action(TECH, (c,)) for c in ids]
        else:
            for i, a in enumerate(ids):
                for b in ids[i:]:
                    if a != b or count[a] >= 2:
                        out.append(Action(TECH, (a, b)))
    return tuple(out)


def choose_tech(g: G, seat: int, cards: tuple[str, ...]) -> None:
    p = g.p(seat)
    changed = p.tech_pick is not None
    p.tech_pick = list(cards)
    g.emit("tech_pick", seat=seat, changed=changed)
    g.emit("tech_pick_cards", private=seat, seat=seat, cards=list(cards), names=[g.cat[c].name for c in cards])
    s = g.s
    ready = all(not g.p(x).tech_open or g.p(x).tech_pick is not None for x in seats.turn_seats(s))
    if s.phase == "await_tech" and g.on_turn(seat) and ready:
        begin_turn(g)

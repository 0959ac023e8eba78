"""What cards do: the queue of effects, each op of the vocabulary, and the choices they ask for.

Playing a card, defeating a Monster or using a Construct puts ops on the front of `s.queue`; `run` does
them in order until one needs a decision, which becomes `s.pending` (whose seat then owes the move).
The answer resolves it and `run` goes on. Internal ops (a name starting with "_") are steps the engine
splits an op into, such as one opponent's Sea Tyrant choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.ascension.choices import banish_options, copy_options, free_acquire_options, free_defeat_options
from engine.ascension.ctx import G
from engine.ascension.zones import banish, draw, fill_row, gain_honor, take_from_row

Op = dict[str, Any]
SIMPLE_OPS = frozenset({"runes", "power", "honor", "draw", "mechana_runes", "discount", "unite", "honor_per_faction"})
"""Ops that ask nothing: a Hero made only of them is played by `play all`."""
PLAIN_GAINS = ("runes", "power", "mechana_runes")
"""Gains of the turn's counters, told with the play of the Hero that gives them."""


def push(g: G, ops: Any, seat: int, src: int) -> None:
    """Put `ops` at the front of the queue, in order, as done by `seat` through card `src`."""
    g.s.queue[0:0] = [{**op, "seat": seat, "src": src} for op in ops]


def run(g: G) -> None:
    s = g.s
    while s.pending is None and s.queue and s.result is None:
        item = s.queue.pop(0)
        HANDLERS[item["op"]](g, item)


def condition_holds(g: G, seat: int, cond: dict[str, Any] | None) -> bool:
    if not cond:
        return True
    (kind, value), *_ = cond.items()
    if kind == "constructs":
        return len(g.s.players[seat].constructs) >= int(value)
    if kind == "played_hero":
        return any(g.card(u).type == "hero" and g.card(u).faction == value for u in g.s.turn.played)
    # played_construct: a Mechana Construct entered play this turn (Hedron Link Device makes every one count)
    return any(g.is_mechana_construct(u, seat) for u in g.s.turn.played)


# ----------------------------------------------------------------------------------------- simple ops


def _gain(g: G, item: Op, what: str) -> None:
    n = int(item["n"])
    if n:
        setattr(g.s.turn, what, getattr(g.s.turn, what) + n)
        # A gain the play event already told (see `play_card`) is marked, so the story says it once.
        g.emit("gain", seat=item["seat"], what=what, n=n, **({"told": True} if item.get("told") else {}))


def op_honor(g: G, item: Op) -> None:
    gain_honor(g, item["seat"], int(item["n"]))


def op_draw(g: G, item: Op) -> None:
    if condition_holds(g, item["seat"], item.get("if")):
        draw(g, item["seat"], int(item.get("n", 1)))


def op_discount(g: G, item: Op) -> None:
    g.s.turn.discount += int(item["n"])
    g.emit("discount", seat=item["seat"], n=g.s.turn.discount)


def op_extra_turn(g: G, item: Op) -> None:
    g.s.extra_turns += 1
    g.emit("extra_turn_won", seat=item["seat"])


def op_unite(g: G, item: Op) -> None:
    """The bonus comes once, when another Hero of the faction is played this turn: one already played, or
    (option `unite` = any) the next one played later."""
    seat, src, faction = item["seat"], item["src"], item["faction"]
    if any(u != src and g.card(u).type == "hero" and g.card(u).faction == faction for u in g.s.turn.played):
        g.emit("unite", seat=seat, card=g.name(src))
        push(g, item["do"], seat, src)
    elif g.s.options.get("unite", "any") == "any":
        g.s.turn.unite.append({"src": src, "faction": faction, "do": item["do"], "seat": seat})


def op_honor_per_faction(g: G, item: Op) -> None:
    seat = item["seat"]
    factions = {g.card(u).faction for u in g.s.players[seat].constructs}
    if g.has_static(seat, "constructs_are_mechana"):
        factions.add("mechana")
    gain_honor(g, seat, len(factions - {None}))


def op_power_per_construct(g: G, item: Op) -> None:
    seat = item["seat"]
    n = sum(1 for u in g.s.players[seat].constructs if g.is_mechana_construct(u, seat))
    _gain(g, {**item, "n": n}, "power")


# ------------------------------------------------------------------------------------- ops with choices


def ask(g: G, item: Op, kind: str, **extra: Any) -> None:
    g.s.pending = {"kind": kind, "seat": item["seat"], "src": item["src"], **extra}
    g.emit("choosing", seat=item["seat"], kind=kind, card=g.name(item["src"]))


def op_banish(g: G, item: Op) -> None:
    pending = {"kind": "banish", "seat": item["seat"], "src": item["src"], "from": item["from"]}
    options = banish_options(g, pending)
    if not options:
        return
    if not item.get("may") and len({(o[0], o[1]) for o in options}) == 1:
        resolve_banish(g, item["seat"], *options[0])
        return
    ask(g, item, "banish", may=bool(item.get("may")), **{"from": item["from"]})


def op_discard(g: G, item: Op) -> None:
    if g.s.players[item["seat"]].hand:
        ask(g, item, "discard", then=item["then"])


def op_free_defeat(g: G, item: Op) -> None:
    options = free_defeat_options(g, int(item["max"]))
    if len(options) == 1:
        uid, slot = options[0]
        defeat(g, item["seat"], uid, slot - 1 if slot else None, free=True)
    elif options:
        ask(g, item, "defeat", max=int(item["max"]))


def op_free_acquire(g: G, item: Op) -> None:
    pending = {"kind": "acquire", "seat": item["seat"], "src": item["src"], "max": item.get("max"), "to": item["to"]}
    options = free_acquire_options(g, pending)
    if len(options) == 1:
        uid, slot = options[0]
        acquire(g, item["seat"], uid, slot - 1 if slot else None, item["to"], free=True)
    elif options:
        ask(g, item, "acquire", max=item.get("max"), to=item["to"])


def op_free_take(g: G, item: Op) -> None:
    if any(u is not None for u in g.s.row):
        ask(g, item, "take")


def op_copy_hero(g: G, item: Op) -> None:
    options = copy_options(g, item["seat"], item["src"])
    if len(options) == 1:
        copy_hero(g, item["seat"], item["src"], options[0])
    elif options:
        ask(g, item, "copy")


def op_opponents(g: G, item: Op) -> None:
    """Corrosive Widow and Sea Tyrant: each opponent in turn, from the defeater's left, decides."""
    step = "_destroy_one" if item["op"] == "opponents_destroy" else "_keep_one"
    g.s.queue[0:0] = [{"op": step, "seat": opp, "src": item["src"]} for opp in g.opponents(item["seat"])]


def op_destroy_one(g: G, item: Op) -> None:
    if g.s.players[item["seat"]].out:
        return
    constructs = g.s.players[item["seat"]].constructs
    names = {g.s.cards[u] for u in constructs}
    if len(names) == 1:
        destroy(g, item["seat"], constructs[0])
    elif names:
        ask(g, item, "destroy")


def op_keep_one(g: G, item: Op) -> None:
    if g.s.players[item["seat"]].out:
        return
    constructs = g.s.players[item["seat"]].constructs
    names = {g.s.cards[u] for u in constructs}
    if len(constructs) < 2:
        return
    if len(names) == 1:
        keep_only(g, item["seat"], constructs[0])
    else:
        ask(g, item, "keep")


def op_steal(g: G, item: Op) -> None:
    """Xeron: one card at random from each opponent's hand goes to the defeater's hand, for good."""
    thief = item["seat"]
    for victim in g.opponents(thief):
        hand = g.s.players[victim].hand
        if not hand:
            continue
        uid = hand.pop(g.rand().randrange(len(hand)))
        g.s.players[thief].hand.append(uid)
        g.emit("stolen", frozenset({thief, victim}), seat=thief, victim=victim, card=g.label(uid))
        g.emit("steal", seat=thief, victim=victim)


# ------------------------------------------------------------------------------------------- actions


def play_card(g: G, seat: int, uid: int) -> None:
    """A card from hand: a Hero resolves at once and stays out until the end of the turn; a Construct
    enters play for good. A Hero of a faction also pays any Unite bonus waiting for that faction."""
    s = g.s
    p = s.players[seat]
    p.hand.remove(uid)
    card = g.card(uid)
    s.turn.played.append(uid)
    if card.type == "construct":
        p.constructs.append(uid)
        g.emit("play", seat=seat, card=card.name)
        return
    p.played.append(uid)
    # The Runes and Power a Hero always gives are told with its play ("plays Mystic: +2 Runes"); a gain
    # under a condition, a Unite bonus or a copy keeps a sentence of its own.
    plain = [op["op"] in PLAIN_GAINS and "if" not in op for op in card.play]
    gives = {op["op"]: int(op["n"]) for op, told in zip(card.play, plain, strict=True) if told and int(op["n"])}
    g.emit("play", seat=seat, card=card.name, **({"gives": gives} if gives else {}))
    fired = [u for u in s.turn.unite if u["faction"] == card.faction and u["src"] != uid]
    if fired:
        s.turn.unite = [u for u in s.turn.unite if u not in fired]
    for waiting in reversed(fired):
        g.emit("unite", seat=seat, card=g.name(waiting["src"]))
        push(g, waiting["do"], seat, waiting["src"])
    push(g, [{**op, "told": True} if told else op for op, told in zip(card.play, plain, strict=True)], seat, uid)


def copy_hero(g: G, seat: int, src: int, target: int) -> None:
    g.emit("copy", seat=seat, card=g.name(target))
    push(g, g.card(target).play, seat, src)


def acquire(g: G, seat: int, uid: int, slot: int | None, to: str, *, free: bool = False) -> None:
    """Take a card from the row (slot) or a pile (slot None) to the discard pile, the top of the deck or the
    hand; the row is refilled before anything else happens."""
    s = g.s
    if slot is None:
        s.piles[s.cards[uid]].remove(uid)
    else:
        take_from_row(g, slot)
    p = s.players[seat]
    if to == "deck":
        p.deck.insert(0, uid)
    elif to == "hand":
        p.hand.append(uid)
    else:
        p.discard.append(uid)
    g.emit("acquire", seat=seat, card=g.name(uid), dest=to, free=free)
    if slot is not None:
        fill_row(g)


def defeat(g: G, seat: int, uid: int, slot: int | None, *, free: bool = False) -> None:
    """A Monster from the row goes to the Void and the row is refilled, then its reward comes (rulebook
    FAQ). The Cultist (slot None) never moves. Voidthirster adds its Honor on a row Monster."""
    s = g.s
    card = g.card(uid)
    if slot is not None:
        take_from_row(g, slot)
        s.void.append(uid)
    g.emit("defeat", seat=seat, card=card.name, free=free)
    if slot is not None:
        fill_row(g)
    gain_honor(g, seat, card.reward)
    if slot is not None:
        for thirster in s.players[seat].constructs:
            key = f"{thirster}:thirst"
            if "honor_on_first_defeat" in g.card(thirster).static and key not in s.turn.used:
                s.turn.used.append(key)
                g.emit("trigger", seat=seat, card=g.name(thirster))
                gain_honor(g, seat, 1)
    push(g, card.reward_ops, seat, uid)


def resolve_banish(g: G, seat: int, card_id: str, zone: str, slot: int) -> None:
    s = g.s
    p = s.players[seat]
    if zone == "row":
        uid = take_from_row(g, slot - 1)
        s.void.append(uid)
        g.emit("banish", seat=seat, card=g.name(uid), zone=zone, dest="void")
        fill_row(g)
        return
    pile = p.hand if zone == "hand" else p.discard
    uid = next(u for u in pile if s.cards[u] == card_id)
    pile.remove(uid)
    g.emit("banish", seat=seat, card=g.name(uid), zone=zone, dest=banish(g, uid))


def destroy(g: G, seat: int, uid: int) -> None:
    p = g.s.players[seat]
    p.constructs.remove(uid)
    p.discard.append(uid)
    g.emit("destroy", seat=seat, card=g.name(uid))


def keep_only(g: G, seat: int, kept: int) -> None:
    for uid in [u for u in g.s.players[seat].constructs if u != kept]:
        destroy(g, seat, uid)


HANDLERS: dict[str, Callable[[G, Op], None]] = {
    "runes": lambda g, item: _gain(g, item, "runes"),
    "power": lambda g, item: _gain(g, item, "power"),
    "mechana_runes": lambda g, item: _gain(g, item, "mechana_runes"),
    "honor": op_honor,
    "draw": op_draw,
    "discount": op_discount,
    "extra_turn": op_extra_turn,
    "unite": op_unite,
    "honor_per_faction": op_honor_per_faction,
    "power_per_construct": op_power_per_construct,
    "banish": op_banish,
    "discard": op_discard,
    "free_defeat": op_free_defeat,
    "free_acquire": op_free_acquire,
    "free_take": op_free_take,
    "copy_hero": op_copy_hero,
    "opponents_destroy": op_opponents,
    "opponents_keep_one": op_opponents,
    "_destroy_one": op_destroy_one,
    "_keep_one": op_keep_one,
    "steal": op_steal,
}

"""The moves: every legal action of a seat, in a fixed order, and what each one does.

Actions name cards by id. Row targets carry their slot (1-6), piles and the Cultist slot 0:
`play <id>`, `play all`, `use <id> <ability>`, `buy <id> <slot> <discard|hand>`, `defeat <id> <slot>`,
`end`; and the answers to a pending choice: `banish <id> <hand|discard|row> <slot>`, `discard <id>`,
`take <id> <slot> <discard|hand|deck>`, `defeat <id> <slot>`, `copy <id>`, `destroy <id>`, `keep <id>`,
`skip` (for an optional one).
"""

from __future__ import annotations

from functools import cache

from engine.ascension.cards import CULTIST, Card, Catalog
from engine.ascension.choices import (
    banish_options,
    copy_options,
    courier_ready,
    distinct,
    free_acquire_options,
    free_defeat_options,
    pile_targets,
    row_targets,
)
from engine.ascension.ctx import G
from engine.ascension.effects import (
    SIMPLE_OPS,
    acquire,
    condition_holds,
    copy_hero,
    defeat,
    destroy,
    keep_only,
    play_card,
    push,
    resolve_banish,
    run,
)
from engine.ascension.turns import end_turn
from engine.ascension.zones import banish
from engine.core import Action

END = Action("end")
SKIP = Action("skip")
PLAY_ALL = Action("play", ("all",))


@cache
def cheapest_monster(cat: Catalog) -> int:
    return min(c.cost for c in cat.cards.values() if c.type == "monster")


def simple(card: Card) -> bool:
    """A card `play all` plays: a Construct, or a Hero whose effect asks nothing."""
    return card.type == "construct" or all(op["op"] in SIMPLE_OPS for op in card.play)


@cache
def simple_cards(cat: Catalog) -> frozenset[str]:
    return frozenset(c.id for c in cat.cards.values() if c.type != "monster" and simple(c))


# ------------------------------------------------------------------------------------------ legal moves


def legal(g: G, seat: int, verb: str | None = None) -> list[Action]:
    """Every legal action of `seat`; with `verb`, only those of that verb (enough to check a move)."""
    s = g.s
    if s.result is not None:
        return []
    if s.pending is not None:
        return choices(g) if s.pending["seat"] == seat else []
    if seat != s.active or s.queue:
        return []
    p = s.players[seat]
    out: list[Action] = []
    if verb in (None, "play") and p.hand:
        cards = s.cards
        out += [_action("play", card_id) for card_id in sorted({cards[u] for u in p.hand})]
        easy = simple_cards(g.cat)
        if sum(1 for u in p.hand if cards[u] in easy) >= 2:
            out.append(PLAY_ALL)
    if verb in (None, "use") and p.constructs:
        out += uses(g, seat)
    if verb in (None, "buy") and s.turn.runes + s.turn.mechana_runes + s.turn.discount > 0:
        out += buys(g, seat)
    if verb in (None, "defeat") and s.turn.power >= cheapest_monster(g.cat):
        out += defeats(g)
    if verb in (None, "end"):
        out.append(END)
    return out


_ACTIONS: dict[tuple[str | int, ...], Action] = {}


def _action(verb: str, *args: str | int) -> Action:
    """The Action for these words, made once: the same few moves come up again and again."""
    key = (verb, *args)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(verb, args)
    return found


def uses(g: G, seat: int) -> list[Action]:
    s = g.s
    out: list[Action] = []
    for uid in s.players[seat].constructs:
        card = g.card(uid)
        for ability in card.abilities:
            act = _action("use", card.id, ability.key)
            if act in out or (f"{uid}:{ability.key}" in s.turn.used and not ability.banish_self):
                continue
            if s.turn.runes >= ability.pay and condition_holds(g, seat, ability.cond):
                out.append(act)
    return out


def price(g: G, seat: int, card: Card) -> tuple[int, int]:
    """(Runes, Mechana-only Runes) that buying `card` takes now: the Reactor Monk discount comes off a
    Construct, and Mechana-only Runes are spent first on a Mechana Construct."""
    cost = card.cost
    if card.type == "construct":
        cost = max(0, cost - g.s.turn.discount)
    special = min(cost, g.s.turn.mechana_runes) if card.type == "construct" and card.faction == "mechana" else 0
    return cost - special, special


def affordable(g: G, seat: int, card: Card) -> bool:
    if not card.acquirable:
        return False
    if card.type == "hero":  # the common case, kept quick: Heroes pay their printed cost in ordinary Runes
        return card.cost <= g.s.turn.runes
    runes, _special = price(g, seat, card)
    return runes <= g.s.turn.runes


def destinations(g: G, seat: int, card: Card, base: str) -> list[str]:
    """Where an acquired card may go: `base`, or the hand too for a Mechana Construct while a Rocket
    Courier X-99 is ready."""
    if card.type == "construct" and card.faction == "mechana" and courier_ready(g, seat) is not None:
        return [base, "hand"]
    return [base]


def buys(g: G, seat: int) -> list[Action]:
    def fits(card: Card) -> bool:
        return affordable(g, seat, card)

    out = []
    for uid, slot in row_targets(g, fits) + pile_targets(g, fits):
        card = g.card(uid)
        if card.type == "construct":
            out += [_action("buy", card.id, slot, to) for to in destinations(g, seat, card, "discard")]
        else:
            out.append(_action("buy", card.id, slot, "discard"))
    return out


def defeats(g: G) -> list[Action]:
    power = g.s.turn.power
    out = [
        _action("defeat", g.s.cards[u], slot)
        for u, slot in row_targets(g, lambda c: c.type == "monster" and c.cost <= power)
    ]
    if g.cat[CULTIST].cost <= power:
        out.append(_action("defeat", CULTIST, 0))
    return out


def choices(g: G) -> list[Action]:
    s = g.s
    pending = s.pending
    assert pending is not None
    seat, kind = int(pending["seat"]), pending["kind"]
    p = s.players[seat]
    out: list[Action] = []
    if kind == "banish":
        out = [Action("banish", option) for option in banish_options(g, pending)]
    elif kind == "discard":
        out = [Action("discard", (s.cards[u],)) for u in distinct(g, p.hand)]
    elif kind == "defeat":
        out = [Action("defeat", (s.cards[u], slot)) for u, slot in free_defeat_options(g, int(pending["max"]))]
    elif kind == "acquire":
        out = [Action("take", (s.cards[u], slot, pending["to"])) for u, slot in free_acquire_options(g, pending)]
    elif kind == "take":
        for uid, slot in row_targets(g, lambda c: True):
            card = g.card(uid)
            if card.type == "monster":
                out.append(Action("defeat", (card.id, slot)))
            else:
                out += [Action("take", (card.id, slot, to)) for to in destinations(g, seat, card, "discard")]
    elif kind == "copy":
        out = [Action("copy", (s.cards[u],)) for u in copy_options(g, seat, int(pending["src"]))]
    elif kind in ("destroy", "keep"):
        out = [Action(kind, (s.cards[u],)) for u in distinct(g, p.constructs)]
    if pending.get("may") or kind in ("discard", "take"):
        out.append(SKIP)
    return out


# ---------------------------------------------------------------------------------------------- doing


def do(g: G, seat: int, action: Action) -> None:
    """Carry out `action`, already known to be legal."""
    s = g.s
    if s.pending is not None:
        answer(g, seat, action)
    elif action == END:
        end_turn(g)
        return
    elif action == PLAY_ALL:
        play_all(g, seat)
    elif action.verb == "play":
        uid = next(u for u in s.players[seat].hand if s.cards[u] == action.args[0])
        play_card(g, seat, uid)
    elif action.verb == "use":
        use(g, seat, str(action.args[0]), str(action.args[1]))
    elif action.verb == "buy":
        buy(g, seat, action)
    elif action.verb == "defeat":
        card_id, slot = str(action.args[0]), int(action.args[1])
        uid = s.cultist if slot == 0 else s.row[slot - 1]
        assert uid is not None
        s.turn.power -= g.cat[card_id].cost
        defeat(g, seat, uid, slot - 1 if slot else None)
    run(g)


def play_all(g: G, seat: int) -> None:
    """Every card in hand that asks nothing, Constructs first (so Kor and Avatar Golem count them), and
    the cards drawn meanwhile too."""
    s = g.s
    hand = s.players[seat].hand
    while True:
        easy = simple_cards(g.cat)
        ready = [u for u in hand if g.s.cards[u] in easy]
        if not ready:
            return
        ready.sort(key=lambda u: g.card(u).type != "construct")
        play_card(g, seat, ready[0])
        run(g)


def use(g: G, seat: int, card_id: str, key: str) -> None:
    s = g.s
    card = g.cat[card_id]
    ability = card.ability(key)
    assert ability is not None
    uid = next(u for u in s.players[seat].constructs if s.cards[u] == card_id and f"{u}:{key}" not in s.turn.used)
    s.turn.runes -= ability.pay
    g.emit("use", seat=seat, card=card.name, key=key)
    if ability.banish_self:
        s.players[seat].constructs.remove(uid)
        banish(g, uid)
        g.emit("banish", seat=seat, card=card.name, zone="play", dest="void")
    else:
        s.turn.used.append(f"{uid}:{key}")
    push(g, ability.do, seat, uid)


def buy(g: G, seat: int, action: Action) -> None:
    s = g.s
    card_id, slot, to = str(action.args[0]), int(action.args[1]), str(action.args[2])
    card = g.cat[card_id]
    runes, special = price(g, seat, card)
    s.turn.runes -= runes
    s.turn.mechana_runes -= special
    if card.type == "construct":
        s.turn.discount = 0
    uid = s.piles[card_id][-1] if slot == 0 else s.row[slot - 1]
    assert uid is not None
    take(g, seat, uid, slot, to)


def take(g: G, seat: int, uid: int, slot: int, to: str, *, free: bool = False) -> None:
    if to == "hand":
        courier = courier_ready(g, seat)
        assert courier is not None
        g.s.turn.used.append(f"{courier}:courier")
    acquire(g, seat, uid, slot - 1 if slot else None, to, free=free)


def answer(g: G, seat: int, action: Action) -> None:
    s = g.s
    pending = s.pending
    assert pending is not None
    s.pending = None
    src = int(pending["src"])
    p = s.players[seat]
    verb, args = action.verb, action.args
    if verb == "skip":
        g.emit("skip", seat=seat, kind=pending["kind"])
    elif verb == "banish":
        resolve_banish(g, seat, str(args[0]), str(args[1]), int(args[2]))
    elif verb == "discard":
        uid = next(u for u in p.hand if s.cards[u] == args[0])
        p.hand.remove(uid)
        p.discard.append(uid)
        g.emit("discard", seat=seat, card=g.name(uid))
        push(g, pending["then"], seat, src)
    elif verb == "defeat":
        slot = int(args[1])
        uid = s.cultist if slot == 0 else s.row[slot - 1]
        assert uid is not None
        defeat(g, seat, uid, slot - 1 if slot else None, free=True)
    elif verb == "take":
        slot = int(args[1])
        uid = s.piles[str(args[0])][-1] if slot == 0 else s.row[slot - 1]
        assert uid is not None
        take(g, seat, uid, slot, str(args[2]), free=True)
    elif verb == "copy":
        copy_hero(g, seat, src, next(u for u in p.played if s.cards[u] == args[0]))
    elif verb == "destroy":
        destroy(g, seat, next(u for u in p.constructs if s.cards[u] == args[0]))
    elif verb == "keep":
        keep_only(g, seat, next(u for u in p.constructs if s.cards[u] == args[0]))

"""Hooks and words for Purple cards whose abilities are more than the core vocabulary can say.

docs/codex.md, section "Purple", explains each one and why it is code.
"""

from __future__ import annotations

from typing import Any

from engine.codex.cards import Card
from engine.codex.ctx import SETTLE, G
from engine.codex.effects import (
    HAS_WORK,
    PLAY_WATCHERS,
    TARGET_BANS,
    condition_of,
    does,
    hook,
    resumer,
    sacrificable,
    things_of,
)
from engine.codex.events import SENTENCES
from engine.codex.ops_cards import ask_put, put_card
from engine.codex.ops_workers import trash_workers
from engine.codex.state import Thing
from engine.codex.stats import COST_RULES, STAYS, Q, Ref
from engine.codex.timerunes import remove_time_runes, runes_of
from engine.codex.turns import DRAW_SKIPS, INCOME_RULES
from engine.codex.vocab import add_op, add_word
from engine.codex.zones import (
    LEAVE_WATCHERS,
    LEVEL_LOCKS,
    UPKEEP_SOURCES,
    leave_play,
    leave_together,
    return_to_play,
)

add_word(
    "rule",
    "trashed by a tech II unit",
    "spell-proof",
    "income cap",
    "opposing heroes can't level",
    "stays while you have gold",
    "historian",
    "second chances",
)
add_word(
    "condition",
    "you have 3 time runes",
    "you have 10 time runes",
    "a Stinger to re-summon",
    "a top card to look at",
    "a card to swap with the top card",
    "your draw pile has cards",
    "something to feed Omegacron",
)
add_op("temporal distortion")
add_op("remember")
add_op("historian trash")
add_op("blink")


def rules_of(qq: Q, t: Thing, rule: str) -> list[dict[str, Any]]:
    """`t`'s own static rules named `rule` (band-gated for heroes)."""
    return [ab for _, ab in qq.own_abilities(t) if ab.get("static") == "rule" and ab.get("rule") == rule]


# ------------------------------------------------------------------------------------ Temporal Research


@condition_of("you have 3 time runes")
def _three_runes(g: G, ctx: dict[str, Any]) -> bool:
    return runes_of(g, ctx["ctl"]) >= 3


@condition_of("you have 10 time runes")
def _ten_runes(g: G, ctx: dict[str, Any]) -> bool:
    return runes_of(g, ctx["ctl"]) >= 10


# ------------------------------------------------------------------------------------------- Nullcraft


def _spell_proof(g: G, qq: Q, t: Thing, ctx: dict[str, Any]) -> bool:
    """A spell of a subtype the thing's "spell-proof" rule names may not target it (Buff or Debuff: either)."""
    card = g.cat[ctx["card"]] if ctx.get("card") in g.cat else None
    if card is None or card.type != "spell":
        return False
    return any(set(ab.get("subtypes", [])) & card.subtypes for ab in rules_of(qq, t, "spell-proof"))


TARGET_BANS.append(_spell_proof)


# ---------------------------------------------------------------------------------------- Hardened Mox


def has_tech2_unit(g: G, seat: int) -> bool:
    """A tech II unit in play under `seat` or waiting in its future (Hardened Mox ruling: nothing else counts)."""
    if any(t.ctrl == seat and g.card(t).is_unit and g.card(t).tech == 2 for t in g.s.things.values()):
        return True
    return any(g.card_of(u).is_unit and g.card_of(u).tech == 2 for u in g.p(seat).future)


def _mox_check(g: G) -> None:
    """State check: a thing with the rule is trashed the moment its controller has a tech II unit."""
    rule = "trashed by a tech II unit"
    marked = [t for t in g.s.things.values() if any(ab.get("rule") == rule for ab in g.cat[t.card].abilities)]
    for t in marked:
        if t.uid in g.s.things and has_tech2_unit(g, t.ctrl):
            leave_play(g, t, "trash", died=False, how="trashed")


SETTLE.append(_mox_check)


# ----------------------------------------------------------------------------------- Max Geiger (max)


@does("blink")
def _blink(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Trash each thing, then return it to play as a new object under the player who controlled it."""
    for t in things_of(g, refs):
        ctrl = t.ctrl
        leave_play(g, t, "trash", died=False, how="trashed")
        return_to_play(g, t.uid, ctrl)


# --------------------------------------------------------------------------------- Slow-Time Generator


def _income_cap(g: G, seat: int, gold: int) -> int:
    """Each "income cap" rule in play, whoever controls it, caps what every player's workers make."""
    qq = Q(g.s, g.cat)
    for t in g.s.things.values():
        for ab in rules_of(qq, t, "income cap"):
            gold = min(gold, int(ab.get("n", gold)))
    return gold


INCOME_RULES.append(_income_cap)


# ---------------------------------------------------------------------------------------- Chronofixer


def _chronofixed(g: G, hero: Thing) -> bool:
    """An opponent of the hero's controller has something with the rule (any means of levelling: ruling)."""
    qq = Q(g.s, g.cat)
    return any(t.ctrl != hero.ctrl and rules_of(qq, t, "opposing heroes can't level") for t in g.s.things.values())


LEVEL_LOCKS.append(_chronofixed)


# ----------------------------------------------------------------------------------------------- Hive

HIVE_STINGERS = 5
"""Stingers per Hive: the limit counts per Hive (two Hives, ten Stingers: ruling), unlike the Limit rule."""


@condition_of("a Stinger to re-summon")
def _stinger_missing(g: G, ctx: dict[str, Any]) -> bool:
    seat = ctx["ctl"]
    mine = [t for t in g.s.things.values() if t.ctrl == seat]
    hives = sum(1 for t in mine if t.card == "hive")
    return sum(1 for t in mine if t.card == "stinger") < HIVE_STINGERS * hives


# ---------------------------------------------------------------------------------- Promise of Payment

PROMISE = "promise"
"""Turn flag: seats whose next card played this turn costs 0."""
PROMISED = "promised"
"""Memory: seat -> gold owed at that seat's next upkeep."""


@hook("promise")
def _promise(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    seats = g.s.flags.setdefault(PROMISE, [])
    if ctx["ctl"] not in seats:
        seats.append(ctx["ctl"])


def _promised_cost(qq: Q, seat: int, card: Card, cost: int, delta: int) -> tuple[int, int]:
    """The promised card costs 0, though cost increases are still paid (Building Inspector ruling)."""
    if seat in qq.s.flags.get(PROMISE, []):
        return 0, max(0, delta)
    return cost, delta


def _promise_kept(g: G, seat: int, uid: int) -> None:
    """The next card played takes the promise: its printed cost falls due at the next upkeep (rulings: no
    reduction applies to what is owed; a card played by any means counts, whatever the zone)."""
    seats = g.s.flags.get(PROMISE, [])
    if seat not in seats:
        return
    seats.remove(seat)
    owed = g.card_of(uid).facts.cost or 0
    if owed:
        debts = g.s.memory.setdefault(PROMISED, {})
        debts[str(seat)] = debts.get(str(seat), 0) + owed
        g.emit("promised", seat=seat, uid=uid, n=owed)


def _promise_due(g: G, seat: int) -> list[dict[str, Any]]:
    owed = g.s.memory.get(PROMISED, {}).get(str(seat), 0)
    if not owed:
        return []
    op = {"op": "hook", "name": "pay promise"}
    return [{"key": "promise", "what": "payment", "src": 0, "card": "promise-of-payment", "ctl": seat, "ops": [op]}]


@hook("pay promise")
def _pay_promise(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Pay what was promised, in the upkeep's order the player chose (gold from workers came first), or lose."""
    seat = ctx["ctl"]
    owed = g.s.memory.get(PROMISED, {}).pop(str(seat), 0)
    p = g.p(seat)
    if p.gold >= owed:
        p.gold -= owed
        g.emit("promise_paid", seat=seat, n=owed, total=p.gold)
        return
    g.emit("promise_broken", seat=seat, n=owed)
    lose_game(g, seat, "could not pay what Promise of Payment promised")


def lose_game(g: G, seat: int, detail: str) -> None:
    """`seat` loses the game at once; everyone else wins (two sides: the other side)."""
    winners = [p.seat for p in g.s.players if p.seat != seat]
    g.s.result = {"winners": winners, "reason": "normal", "detail": detail}
    g.emit("game_over", winners=winners, reason="normal")


COST_RULES.append(_promised_cost)
PLAY_WATCHERS.append(_promise_kept)
UPKEEP_SOURCES.append(_promise_due)
SENTENCES["promised"] = lambda d, v: f"{d.get('uid_shown', '?')} is promised: {d['n']} gold due next upkeep."
SENTENCES["promise_paid"] = lambda d, v: f"p{d['seat'] + 1} pays the {d['n']} gold promised (now {d['total']})."
SENTENCES["promise_broken"] = lambda d, v: f"p{d['seat'] + 1} cannot pay the {d['n']} gold promised."


# --------------------------------------------------------------------------------------- Vir Garbarean

PEEKED = "peeked"
"""Turn flag: seat -> the top card it has looked at (looking again would show nothing new)."""


def _top(g: G, seat: int) -> int | None:
    deck = g.p(seat).deck
    return deck[-1] if deck else None


@condition_of("your draw pile has cards")
def _has_deck(g: G, ctx: dict[str, Any]) -> bool:
    return _top(g, ctx["ctl"]) is not None


@condition_of("a top card to look at")
def _new_top(g: G, ctx: dict[str, Any]) -> bool:
    """An empty draw pile shows nothing and is not reshuffled (ruling); a top card already seen, nothing new."""
    top = _top(g, ctx["ctl"])
    return top is not None and g.s.flags.get(PEEKED, {}).get(str(ctx["ctl"])) != top


@condition_of("a card to swap with the top card")
def _can_swap(g: G, ctx: dict[str, Any]) -> bool:
    return _top(g, ctx["ctl"]) is not None and bool(g.p(ctx["ctl"]).hand)


@hook("look at top card")
def _look(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    seat = ctx["ctl"]
    top = _top(g, seat)
    if top is None:
        return
    g.s.flags.setdefault(PEEKED, {})[str(seat)] = top
    g.emit("peek", seat=seat)
    g.emit("peeked", private=seat, seat=seat, uid=top)


@hook("swap top card")
def _swap(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    seat = ctx["ctl"]
    hand = sorted(g.p(seat).hand)
    if _top(g, seat) is None or not hand:
        return
    if len(hand) == 1:
        swap_top(g, seat, hand[0])
        return
    g.ask("swap top", hand, "Pick the card from your hand to put on top of your draw pile.", whose=seat)


@resumer("swap top")
def _resume_swap(g: G, pending: dict[str, Any], choice: Any) -> None:
    swap_top(g, pending["whose"], int(choice))


def swap_top(g: G, seat: int, uid: int) -> None:
    """Exchange the top card of `seat`'s draw pile with `uid` from its hand; only that player sees which."""
    p = g.p(seat)
    top = p.deck.pop()
    p.hand.remove(uid)
    p.deck.append(uid)
    p.hand.append(top)
    if uid in g.s.known:
        g.s.known.remove(uid)  # nobody else saw which card went on top
    g.s.flags.setdefault(PEEKED, {})[str(seat)] = uid
    g.emit("swap_top", seat=seat)
    g.emit("swapped_top", private=seat, seat=seat, uid=uid, target=top)


@hook("play top card")
def _play_top(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Reveal the top card and play it, paying and meeting requirements as usual; if it can't be played, it
    stays on top, seen by all. A card with boost asks whether to pay it (general ruling)."""
    from engine.codex.rules import play, play_cost, spell_has_no_target

    seat = ctx["ctl"]
    uid = _top(g, seat)
    if uid is None:
        return
    p = g.p(seat)
    card = g.card_of(uid)
    g.s.known.append(uid)
    g.emit("reveal_top", seat=seat, uid=uid)
    cost = play_cost(g, Q(g.s, g.cat), seat, card)
    blocked = cost is None or cost > p.gold
    if not blocked and card.type == "spell" and g.opt("targetless") == "forbid" and card.data.get("play"):
        blocked = spell_has_no_target(g, seat, uid, card, cost or 0)
    if blocked:
        g.emit("top_unplayable", seat=seat, uid=uid)
        return
    boost = card.kw.get("boost", 0)
    if boost and (cost or 0) + boost <= p.gold:
        g.ask("boost top", ["boost", "no boost"], f"Pay {boost} more to boost {card.name}?", whose=seat, it=uid)
        return
    play(g, seat, uid, zone="deck")


@resumer("boost top")
def _resume_boost_top(g: G, pending: dict[str, Any], choice: Any) -> None:
    from engine.codex.rules import play

    seat, uid = pending["whose"], pending["it"]
    if _top(g, seat) == uid:
        play(g, seat, uid, boosted=choice == "boost", zone="deck")


SENTENCES["peek"] = lambda d, v: f"p{d['seat'] + 1} looks at the top card of their draw pile."
SENTENCES["peeked"] = lambda d, v: f"The top card of your draw pile is {d.get('uid_name', '?')}."
SENTENCES["swap_top"] = lambda d, v: f"p{d['seat'] + 1} swaps a card from hand with the top of their draw pile."
SENTENCES["swapped_top"] = lambda d, v: (
    f"You put {d.get('uid_name', '?')} on top of your draw pile and took {d.get('target_name', '?')}."
)
SENTENCES["reveal_top"] = lambda d, v: f"p{d['seat'] + 1} reveals {d.get('uid_shown', '?')} from the top of the deck."
SENTENCES["top_unplayable"] = lambda d, v: f"{d.get('uid_shown', '?')} can't be played now; it stays on top."


# ---------------------------------------------------------------------------------------- Gilded Glaxx


def _gold_anchor(qq: Q, t: Thing, died: bool, combat: bool) -> bool:
    """While its controller has gold it can't be sacrificed and leaves play only by dying from combat damage
    (damage that got through armor, or deathtouch: rulings); anything else leaves it where it is."""
    if not rules_of(qq, t, "stays while you have gold") or qq.s.players[t.ctrl].gold <= 0:
        return False
    return not (died and combat)


STAYS.append(_gold_anchor)


# ------------------------------------------------------------------------------------------- Omegacron

WORKER = "a worker"


def _feed_options(g: G, seat: int) -> list[Any]:
    """What `seat` may sacrifice to Omegacron: its units, heroes and upgrades (those that can be sacrificed),
    or a worker (sacrificed workers are trashed: ruling)."""
    qq = Q(g.s, g.cat)
    out: list[Any] = [
        t.uid
        for t in sorted(g.s.things.values(), key=lambda t: t.uid)
        if t.ctrl == seat and qq.card(t).type in ("unit", "token", "hero", "upgrade") and sacrificable(qq, t)
    ]
    if g.p(seat).workers > 0:
        out.append(WORKER)
    return out


@condition_of("something to feed Omegacron")
def _can_feed(g: G, ctx: dict[str, Any]) -> bool:
    return ctx["src"] in g.p(ctx["ctl"]).future and bool(_feed_options(g, ctx["ctl"]))


@hook("feed omegacron")
def _feed(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    options = _feed_options(g, ctx["ctl"])
    if options:
        g.ask("feed", options, "Pick what to sacrifice: a unit, hero, upgrade or a worker.", ctx=ctx)


@resumer("feed")
def _resume_feed(g: G, pending: dict[str, Any], choice: Any) -> None:
    ctx = pending["ctx"]
    seat = ctx["ctl"]
    if choice == WORKER:
        trash_workers(g, seat, 1)
    elif isinstance(choice, int) and choice in g.s.things:
        leave_together(g, [g.s.things[choice]], "discard", died=True, how="sacrificed")
    remove_time_runes(g, ctx["src"], 1, by=seat)


# ---------------------------------------------------------------------------------- Temporal Distortion


def _distortable(g: G, seat: int) -> list[int]:
    """`seat`'s tech I and II units (a token copying one counts by what it copies: ruling)."""
    qq = Q(g.s, g.cat)
    return sorted(
        t.uid for t in g.s.things.values() if t.ctrl == seat and qq.card(t).is_unit and qq.card(t).tech in (1, 2)
    )


@does("temporal distortion")
def _temporal_distortion(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    options = _distortable(g, ctx["ctl"])
    if len(options) == 1:
        _distort(g, ctx, options[0])
    elif options:
        g.ask("distort", options, "Pick your tech I or II unit to return to its owner's hand.", ctx=ctx)


@resumer("distort")
def _resume_distort(g: G, pending: dict[str, Any], choice: Any) -> None:
    _distort(g, pending["ctx"], int(choice))


def _distort(g: G, ctx: dict[str, Any], uid: int) -> None:
    """Return the unit; only if it really left ("if you do": a Glaxx that can't leave does not count, a token
    that vanishes on the way does) may a unit of its tech level and no dearer come from the codex."""
    t = g.s.things.get(uid)
    if t is None:
        return
    was = Q(g.s, g.cat).card(t)  # as it is now (a copy counts as what it copies)
    leave_play(g, t, "hand", died=False, how="returned")
    if uid in g.s.things:
        return
    seat = ctx["ctl"]
    rule = {
        "zone": "codex",
        "whose": seat,
        "ctl": seat,
        "filter": {"kind": ["unit"], "max_cost": was.facts.cost or 0},
        "optional": True,
        "building": False,
        "tech": was.tech,
    }
    ask_put(g, rule, 1)


HAS_WORK["temporal distortion"] = lambda g, op, ctx: bool(_distortable(g, ctx["ctl"]))


# ------------------------------------------------------------------------------------------ Rememberer


def _rememberable(g: G, seat: int) -> list[int]:
    """Units with fading in `seat`'s discard pile whose tech requirements `seat` meets now (ruling: a tech III
    one needs its spec's Tech III building)."""
    from engine.codex.rules import tech_ok

    p = g.p(seat)
    qq = Q(g.s, g.cat)
    return sorted(
        u for u in p.discard if g.card_of(u).is_unit and "fading" in g.card_of(u).kw and tech_ok(g, p, g.card_of(u), qq)
    )


@does("remember")
def _remember(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """You may put a unit with fading from your discard pile into play, free (ruling), if you meet its tech
    requirements."""
    seat = ctx["ctl"]
    options = _rememberable(g, seat)
    if not options:
        g.emit("no_target", card=ctx["card"])
        return
    g.ask("remember", [*options, "none"], "You may put a unit with fading from your discard into play.", ctx=ctx)


@resumer("remember")
def _resume_remember(g: G, pending: dict[str, Any], choice: Any) -> None:
    seat = pending["ctx"]["ctl"]
    if choice != "none" and choice in g.p(seat).discard:
        put_card(g, {"zone": "discard", "whose": seat, "ctl": seat}, int(choice))


# -------------------------------------------------------------------------------------- Second Chances

SECOND_CHANCE = "second chances used"
"""Turn flag: seats whose Second Chances already returned a unit this turn (once per turn, any turn)."""


def _second_chances(g: G, left: list[Thing], died: bool, combat: frozenset[int]) -> list[dict[str, Any]]:
    """One of your non-token units that left play, not killed by combat damage, comes back (once a turn; at
    random among several leaving at once). Tokens neither come back nor use up the turn's chance (ruling)."""
    qq = Q(g.s, g.cat)
    out: list[dict[str, Any]] = []
    used = g.s.flags.setdefault(SECOND_CHANCE, [])
    for seat in sorted({t.ctrl for t in left}):
        # It sees what leaves with it (as leaving triggers do).
        upgrades = [u for u in [*g.s.things.values(), *left] if u.ctrl == seat and rules_of(qq, u, "second chances")]
        if not upgrades or seat in used:
            continue
        back = [
            t.uid for t in left if t.ctrl == seat and qq.printed(t).type == "unit" and not (died and t.uid in combat)
        ]
        if not back:
            continue
        used.append(seat)
        uid = back[g.rng().randrange(len(back))] if len(back) > 1 else back[0]
        src = upgrades[0]
        op = {"op": "hook", "name": "second chance"}
        out.append(
            {"key": "second chances", "src": src.uid, "card": src.card, "ctl": seat, "ops": [op], "ctx": {"it": uid}}
        )
    return out


@hook("second chance")
def _second_chance(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    return_to_play(g, ctx["it"], ctx["ctl"])  # under the controller it had when it left (ruling)


LEAVE_WATCHERS.append(_second_chances)


# ------------------------------------------------------------------------------------ Prynn Pasternaak

HISTORIAN = "historian"
"""Memory: historian uid -> [[card uid, controller when trashed], ...]."""
SKIP_DRAW = "skip draw"
"""Memory: seat -> draw/discard steps still to skip."""


@hook("opponents skip draw")
def _opponents_skip_draw(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    skips = g.s.memory.setdefault(SKIP_DRAW, {})
    for p in g.s.players:
        if p.seat != ctx["ctl"]:
            skips[str(p.seat)] = skips.get(str(p.seat), 0) + 1
            g.emit("skip_draw", seat=p.seat)


def _skip_draw(g: G, seat: int) -> bool:
    """This draw/discard step is skipped (the hand is kept) if a "skip" is owed; it is used up here."""
    skips = g.s.memory.get(SKIP_DRAW, {})
    if not skips.get(str(seat)):
        return False
    skips[str(seat)] -= 1
    if not skips[str(seat)]:
        del skips[str(seat)]
    return True


@does("historian trash")
def _historian_trash(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Trash, remembering each card that went and who controlled it (a token leaves nothing behind)."""
    qq = Q(g.s, g.cat)
    victims = things_of(g, refs)
    cards = [(t.uid, t.ctrl) for t in victims if not qq.is_token(t)]
    leave_together(g, victims, "trash", died=False, how="trashed")
    gone = [[uid, ctrl] for uid, ctrl in cards if uid not in g.s.things]
    if gone:
        g.s.memory.setdefault(HISTORIAN, {}).setdefault(str(ctx["src"]), []).extend(gone)


def _historian_leaves(g: G, left: list[Thing], died: bool, combat: frozenset[int]) -> list[dict[str, Any]]:
    """A historian leaving play gives back everything it trashed, under who controlled it then; what it
    remembered is forgotten either way (a new object remembers nothing)."""
    book = g.s.memory.get(HISTORIAN)
    if not book:
        return []
    qq = Q(g.s, g.cat)
    out: list[dict[str, Any]] = []
    for t in left:
        entries = book.pop(str(t.uid), None)
        if entries and rules_of(qq, t, "historian"):
            op = {"op": "hook", "name": "history returns"}
            out.append(
                {"key": "historian", "src": t.uid, "card": t.card, "ctl": t.ctrl, "ops": [op], "ctx": {"book": entries}}
            )
    if not book:
        g.s.memory.pop(HISTORIAN, None)
    return out


@hook("history returns")
def _history_returns(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    for uid, ctrl in ctx["book"]:
        if uid in g.p(g.s.cards[uid][1]).removed:
            return_to_play(g, uid, ctrl)


DRAW_SKIPS.append(_skip_draw)
LEAVE_WATCHERS.append(_historian_leaves)
SENTENCES["skip_draw"] = lambda d, v: f"p{d['seat'] + 1} will skip their next draw/discard step."

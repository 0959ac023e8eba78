"""The Future spec: Hive, Promise of Payment, Vir Garbarean, Gilded Glaxx, Omegacron.

docs/codex/rules.md, section "Purple", explains each hook and why it is code.
"""

from __future__ import annotations

from typing import Any

from engine.codex import ffa, seats
from engine.codex.cards import Card
from engine.codex.colours.purple.common import rules_of
from engine.codex.ctx import G
from engine.codex.effects import (
    PLAY_WATCHERS,
    condition_of,
    hook,
    resumer,
    sacrificable,
)
from engine.codex.modes import FFA
from engine.codex.ops_workers import trash_workers
from engine.codex.prompts import asked
from engine.codex.state import Thing
from engine.codex.stats import COST_RULES, STAYS, Q
from engine.codex.timerunes import remove_time_runes
from engine.codex.zones import (
    UPKEEP_SOURCES,
    leave_together,
)

# ----------------------------------------------------------------------------------------------- Hive

HIVE_STINGERS = 5
"""Stingers per Hive: the limit counts per Hive (two Hives, ten Stingers: ruling), unlike the Limit rule."""


@condition_of("a Stinger to re-summon")
def _stinger_missing(g: G, ctx: dict[str, Any]) -> bool:
    seat = ctx["ctl"]
    qq = Q(g.s, g.cat)
    mine = [t for t in g.s.things.values() if t.ctrl == seat]
    hives = sum(1 for t in mine if qq.card(t).id == "hive")  # what it is now: a Hive turned Squirrel is none
    # Tokens count by what they were made as, copies included (general ruling on token limits).
    return sum(1 for t in mine if qq.printed(t).id == "stinger") < HIVE_STINGERS * hives


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
    """`seat` loses the game at once: the other side wins (in 2v2 the partner loses too); in a free-for-all
    it counts as that player's base falling, as resigning does."""
    if seats.mode_of(g.s) == FFA:
        ffa.resigned(g, seat)
        return
    winners = seats.enemies(g.s, seat)
    g.s.result = {"winners": winners, "reason": "normal", "detail": detail}
    g.emit("game_over", winners=winners, reason="normal")


COST_RULES.append(_promised_cost)
PLAY_WATCHERS.append(_promise_kept)
UPKEEP_SOURCES.append(_promise_due)


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
    g.ask("swap top", hand, asked("swap top"), whose=seat)


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
    from engine.codex.rules import play, play_banned, play_cost, spell_has_no_target

    seat = ctx["ctl"]
    uid = _top(g, seat)
    if uid is None:
        return
    p = g.p(seat)
    card = g.card_of(uid)
    g.s.known.append(uid)
    g.emit("reveal_top", seat=seat, uid=uid)
    qq = Q(g.s, g.cat)
    cost = play_cost(g, qq, seat, card)
    # A rule against playing the card at all (a Newsman's named cost) stops it; one about the hand does not.
    blocked = cost is None or cost > p.gold or play_banned(g, qq, seat, card, zone="deck")
    if not blocked and card.type == "spell" and g.opt("targetless") == "forbid" and card.data.get("play"):
        blocked = spell_has_no_target(g, seat, uid, card, cost or 0)
    if blocked:
        g.emit("top_unplayable", seat=seat, uid=uid)
        return
    boost = card.kw.get("boost", 0)
    if boost and (cost or 0) + boost <= p.gold:
        g.ask("boost top", ["boost", "no boost"], asked("boost top", boost=boost, card=card.name), whose=seat, it=uid)
        return
    play(g, seat, uid, zone="deck")


@resumer("boost top")
def _resume_boost_top(g: G, pending: dict[str, Any], choice: Any) -> None:
    from engine.codex.rules import play

    seat, uid = pending["whose"], pending["it"]
    if _top(g, seat) == uid:
        play(g, seat, uid, boosted=choice == "boost", zone="deck")


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
        g.ask("feed", options, asked("feed"), ctx=ctx)


@resumer("feed")
def _resume_feed(g: G, pending: dict[str, Any], choice: Any) -> None:
    ctx = pending["ctx"]
    seat = ctx["ctl"]
    if choice == WORKER:
        trash_workers(g, seat, 1)
    elif isinstance(choice, int) and choice in g.s.things:
        leave_together(g, [g.s.things[choice]], "discard", died=True, how="sacrificed")
    remove_time_runes(g, ctx["src"], 1, by=seat)

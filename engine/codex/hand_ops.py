"""Steps that move cards out of a player's hand or into it from the codex: discard, fetch.

A discarded card goes face up to its owner's discard pile, so once it is there everyone may know it; a
fetched card is revealed as it goes to the hand, so it joins `state.known` until drawn over.
"""

from __future__ import annotations

from typing import Any

from engine.codex import vocab
from engine.codex.cards import Card
from engine.codex.ctx import G
from engine.codex.effects import HAS_WORK, does, one_opponent, opponent, resumer
from engine.codex.prompts import asked
from engine.codex.stats import Ref, card_fits

vocab.add_op("discard", ("who", "n", "random", "up_to", "only"))
vocab.add_op("fetch", ("only", "n", "up_to"))


def card_fits_facts(only: dict[str, Any], card: Card) -> bool:
    """A card-facts filter (`stats.card_fits` keys) plus `not_kind` ("a card that isn't a unit")."""
    rest = {k: v for k, v in only.items() if k != "not_kind"}
    if "not_kind" in only and card_fits({"kind": only["not_kind"]}, card):
        return False
    return card_fits(rest, card)


def whose_hand(g: G, who: str, ctx: dict[str, Any]) -> int:
    """The seat a step concerns: "you", "opponent" (the one opponent; the chosen one in a team game),
    "defender" (the player an attack is against), "target's controller" (whoever controlled the thing this
    effect last targeted, as it was targeted: it may have died of it since)."""
    if who == "you":
        return int(ctx["ctl"])
    if who == "target's controller" and ctx.get("targeted"):
        return int(list(ctx["targeted"].values())[-1])
    if who == "opponent":
        return opponent(g, ctx)
    if who == "defender":
        return int(ctx.get("defender", opponent(g, ctx)))
    raise ValueError(f"unknown player {who!r}")


def discard_cards(g: G, seat: int, uids: list[int], why: str = "") -> None:
    """Move cards from `seat`'s hand to their discard pile, face up."""
    p = g.p(seat)
    for uid in uids:
        p.hand.remove(uid)
        p.discard.append(uid)
        g.s.known.append(uid)
    if uids:
        # Names without copy numbers: the same effect may reshuffle the pile and draw one of them in secret
        # (discard, then draw: Max Geiger), and a copy number would follow it into the hand.
        g.emit("discard", seat=seat, cards=list(uids), names=[g.card_of(u).name for u in uids], why=why)


one_opponent("discard", "who", "you")


@does("discard")
def _discard(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """`{"op": "discard", "who": "opponent", "n": 1, "random": true}`: discard at random; without
    `random`, the active player chooses (`up_to` lets them stop early; `only` filters the cards)."""
    seat = whose_hand(g, op.get("who", "you"), ctx)
    p = g.p(seat)
    n = op.get("n", 1)
    if op.get("random"):
        pool = sorted(p.hand)
        picked: list[int] = []
        r = g.rng()
        for _ in range(min(n, len(pool))):
            picked.append(pool.pop(r.randrange(len(pool))))
        discard_cards(g, seat, picked, why=ctx.get("card", ""))
        return
    ask_discard(g, seat, n, op.get("only"), bool(op.get("up_to")), ctx.get("card", ""))


def ask_discard(g: G, seat: int, n: int, only: dict[str, Any] | None, up_to: bool, why: str) -> None:
    """The active player picks up to `n` cards of `seat`'s hand (matching `only`) for `seat` to discard."""
    options = [u for u in sorted(g.p(seat).hand) if only is None or card_fits_facts(only, g.card_of(u))]
    if not options or n <= 0:
        return
    if not up_to and len(options) <= n:
        discard_cards(g, seat, options, why=why)
        return
    g.ask(
        "discard",
        options + (["done"] if up_to else []),
        asked("discard", seat=f"p{seat + 1}"),
        whose=seat,
        left=n,
        only=only,
        up_to=up_to,
        why=why,
    )


@resumer("discard")
def resume_discard(g: G, pending: dict[str, Any], choice: Any) -> None:
    if choice == "done":
        return
    seat = pending["whose"]
    discard_cards(g, seat, [int(choice)], why=pending["why"])
    ask_discard(g, seat, pending["left"] - 1, pending["only"], pending["up_to"], pending["why"])


@does("fetch")
def _fetch(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Fetch `n` cards (default 1) matching `only` from your codex, one pick at a time: each is revealed and
    put into your hand. `up_to`: the player may stop early (even before the first)."""
    seat = int(ctx["ctl"])
    if not fetch_options(g, seat, op.get("only", {})):
        g.emit("no_target", card=ctx.get("card", ""))
        return
    ask_fetch(g, seat, op.get("only", {}), op.get("n", 1), bool(op.get("up_to")))


def fetch_options(g: G, seat: int, only: dict[str, Any]) -> list[str]:
    p = g.p(seat)
    return sorted(cid for cid, n in p.codex.items() if n > 0 and card_fits_facts(only, g.cat[cid]))


def ask_fetch(g: G, seat: int, only: dict[str, Any], left: int, up_to: bool) -> None:
    options = fetch_options(g, seat, only)
    if not options or left <= 0:
        return
    if len(options) == 1 and not up_to:
        fetch_card(g, seat, options[0])
        ask_fetch(g, seat, only, left - 1, up_to)
        return
    g.ask(
        "fetch",
        options + (["done"] if up_to else []),
        asked("fetch"),
        whose=seat,
        only=only,
        left=left,
        up_to=up_to,
    )


@resumer("fetch")
def resume_fetch(g: G, pending: dict[str, Any], choice: Any) -> None:
    if choice == "done":
        return
    seat = pending["whose"]
    fetch_card(g, seat, str(choice))
    ask_fetch(g, seat, pending.get("only", {}), pending.get("left", 1) - 1, pending.get("up_to", False))


HAS_WORK["fetch"] = lambda g, op, ctx: bool(fetch_options(g, int(ctx["ctl"]), op.get("only", {})))


def fetch_card(g: G, seat: int, cid: str) -> None:
    p = g.p(seat)
    p.codex[cid] -= 1
    if not p.codex[cid]:
        del p.codex[cid]
    uid = g.new_card(cid, seat)
    p.hand.append(uid)
    g.s.known.append(uid)  # revealed on the way to the hand
    g.emit("fetch", seat=seat, uid=uid, card=cid)

"""Steps that move cards and gold between players and zones, or change what a thing is.

Registered with `effects.does` (and taught to the checker with `vocab.add_op`), so ability data can say:

- `steal gold` (`n`, `from`: "opponent" | "defender"): take up to n gold from that player;
- `look at` (`zone`: "hand" | "discard", `whose`): the effect's controller sees those cards (a private
  event; the seen hand cards stop being secret to that seat for the rest of the turn, see `seen_by`);
- `put into play` (`from`: "hand" | "discard", `whose`, `filter`: a card selector, `optional`): a card from
  that zone comes into play under the effect's controller, free and without tech requirements;
- `copy` (`onto`: a bound name, `until`: "turn" | "ever", `illusion`): the bound thing becomes a copy of the
  step's target (its printed card, no runes or modifiers; it does not arrive); with `illusion` it stays an
  Illusion as long as it is a copy;
- `recover`: the card that just died (`it`) goes from its owner's discard pile back to their hand.
"""

from __future__ import annotations

from typing import Any

from engine.codex.ctx import G
from engine.codex.effects import does, resumer, things_of
from engine.codex.state import Mod
from engine.codex.stats import Ref, card_fits
from engine.codex.vocab import add_op
from engine.codex.zones import enter_play

add_op("steal gold", ("n", "from"))
add_op("look at", ("zone", "whose"))
add_op("put into play", ("from", "whose", "filter", "optional"))
add_op("copy", ("onto", "until", "illusion"))
add_op("recover", ())


def player_of(g: G, whose: str, ctx: dict[str, Any]) -> int:
    """The player a step names: "you", "opponent", or "defender" (the player attacked)."""
    if whose == "you":
        return int(ctx["ctl"])
    if whose == "defender" and "defender" in ctx:
        return int(ctx["defender"])
    return g.opp(int(ctx["ctl"]))


def seen_by(g: G, seat: int, uids: list[int]) -> None:
    """`seat` has seen these hidden cards this turn (a look at a hand): not secret to it any more."""
    seen = g.s.flags.setdefault("seen", {}).setdefault(str(seat), [])
    seen.extend(u for u in uids if u not in seen)


@does("steal gold")
def _steal_gold(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    thief = int(ctx["ctl"])
    victim = player_of(g, op.get("from", "opponent"), ctx)
    taken = min(op.get("n", 1), g.p(victim).gold)
    if taken <= 0:
        g.emit("steal_gold", seat=thief, victim=victim, n=0)
        return
    g.p(victim).gold -= taken
    g.gain_gold(thief, taken)
    g.emit("steal_gold", seat=thief, victim=victim, n=taken)


def look(g: G, seat: int, whose: int, zone: str) -> list[int]:
    """`seat` looks at `whose` hand or discard pile: a public sentence, a private list of the cards."""
    uids = list(getattr(g.p(whose), zone))
    if zone == "hand":
        seen_by(g, seat, uids)
    g.emit("look", seat=seat, whose=whose, zone=zone, n=len(uids))
    g.emit("looked", private=seat, seat=seat, whose=whose, zone=zone, cards=uids, names=[g.label(u) for u in uids])
    return uids


@does("look at")
def _look_at(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    look(g, int(ctx["ctl"]), player_of(g, op.get("whose", "opponent"), ctx), op.get("zone", "hand"))


@does("put into play")
def _put_into_play(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    whose = player_of(g, op.get("whose", "you"), ctx)
    zone = op.get("from", "hand")
    pile = getattr(g.p(whose), zone)
    fits = [u for u in pile if card_fits(op.get("filter", {}), g.card_of(u))]
    if zone == "hand" and whose != ctx["ctl"]:
        seen_by(g, int(ctx["ctl"]), list(pile))
    if not fits:
        g.emit("no_target", card=ctx["card"])
        return
    options: list[Any] = sorted(fits)
    if op.get("optional"):
        options.append("none")
    # The run stops for the pick; the effect's later steps stay queued and run after it.
    g.ask("put into play", options, "Pick the card to put into play.", whose=whose, zone=zone, ctl=ctx["ctl"])


@resumer("put into play")
def _resume_put(g: G, pending: dict[str, Any], choice: Any) -> None:
    if choice == "none":
        return
    pile = getattr(g.p(pending["whose"]), pending["zone"])
    if choice not in pile:
        return
    pile.remove(choice)
    if choice in g.s.known:
        g.s.known.remove(choice)
    owner = g.s.cards[choice][1]
    enter_play(g, g.s.cards[choice][0], int(pending["ctl"]), owner, uid=choice)


@does("copy")
def _copy(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    copier = g.s.things.get(ctx["bind"].get(op["onto"]) or 0)
    originals = things_of(g, refs)
    if copier is None or not originals:
        return
    become_copy(g, copier.uid, originals[0].uid, op.get("until", "turn"), bool(op.get("illusion")))


def become_copy(g: G, uid: int, original: int, until: str, illusion: bool = False) -> None:
    """Thing `uid` becomes a copy of thing `original`: the card it is now (printed values, after any
    transformation), nothing of its runes, damage or modifiers; no arrival (rulings)."""
    t = g.s.things[uid]
    src = g.s.things[original]
    printed, owner, ordinal = g.s.cards[uid]
    own = t.copied[0] if t.copied else t.card
    own_ordinal = t.copied[1] if t.copied else ordinal
    was = g.shown(uid)
    t.card = src.card
    n = g.s.ords.get(t.card, 0) + 1
    g.s.ords[t.card] = n
    g.s.cards[uid] = (printed, owner, n)
    t.copied = [own, own_ordinal, until]
    t.mods = [m for m in t.mods if m.until != "copy"]
    if illusion:
        t.mods.append(Mod(until="copy", src=uid, sub=("illusion",)))
    swapped = [m.printed_atk for m in src.mods if m.printed_atk is not None]
    if swapped:
        # A copy takes the printed values as they are, a printed ATK swapped by Chaos Mirror included (ruling).
        t.mods.append(Mod(until="copy", src=uid, printed_atk=swapped[-1]))
    g.emit("copy", uid=uid, was=was, target=original)


@does("recover")
def _recover(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    uid = ctx.get("it")
    if not isinstance(uid, int) or uid not in g.s.cards:
        return
    owner = g.p(g.s.cards[uid][1])
    if uid not in owner.discard:
        return
    owner.discard.remove(uid)
    owner.hand.append(uid)
    if uid not in g.s.known:
        g.s.known.append(uid)  # everyone saw it go back to the hand
    g.emit("recover", seat=owner.seat, uid=uid)

"""Steps that move cards and gold between players and zones, or change what a thing is.

Registered with `effects.does` (and taught to the checker with `vocab.add_op`), so ability data can say:

- `steal gold` (`n`, `from`: "opponent" | "defender" | "its player" | `{"bound": name}`): take up to n gold
  from that player ("its player": whoever controlled the thing a trigger is about, e.g. the one killed; a bound
  thing or building: its controller or owner);
- `look at` (`zone`: "hand" | "discard", `whose`): the effect's controller sees those cards (a private
  event; the seen hand cards stop being secret to that seat for the rest of the turn, see `seen_by`);
- `put into play` (`from`: "hand" | "discard" | "codex", `whose`, `filter`: a card selector, `optional`,
  `n`): up to `n` cards (default 1) from that zone come into play, one pick at a time, under the effect's
  controller, free and without tech requirements, unless `needs tech building` (a tech building of the
  card's own level, any spec: Feral Strike); `tech above`: exactly one tech level above the card an earlier
  step bound under that name, as it was when a sacrifice took it (Circle of Life). With `optional` the
  player may stop ("none"). `gain`: keywords each card keeps for good (Sanatorium);
- `copy` (`onto`: a bound name, `until`: "turn" | "ever", `illusion`): the bound thing becomes a copy of the
  step's target (its printed card, no runes or modifiers; it does not arrive); with `illusion` it stays an
  Illusion as long as it is a copy;
- `choose`: nothing but a pick, to bind what later steps act on (`as`);
- `recover`: the card that just died (`it`) goes from its owner's discard pile back to their hand.
"""

from __future__ import annotations

from typing import Any

from engine.codex.cards import Card
from engine.codex.ctx import G
from engine.codex.effects import HAS_WORK, does, one_opponent, opponent, resumer, things_of
from engine.codex.prompts import asked
from engine.codex.rules import operational
from engine.codex.state import Mod
from engine.codex.stats import Ref, card_fits
from engine.codex.vocab import add_op
from engine.codex.zones import enter_play

add_op("steal gold", ("n", "from"))
add_op("look at", ("zone", "whose"))
add_op("put into play", ("from", "whose", "filter", "optional", "n", "tech above", "needs tech building", "gain"))
add_op("copy", ("onto", "until", "illusion"))
add_op("recover", ())
add_op("choose", ())


@does("choose")
def _choose(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """The pick itself is the point: `as` binds it for the steps after (Manufactured Truth's own unit)."""


def player_of(g: G, whose: Any, ctx: dict[str, Any]) -> int:
    """The player a step names: "you", "opponent", "defender" (the player attacked), "its player" (whoever
    controlled the thing a trigger is about, `seat` in its context), or `{"bound": name}` (the controller of
    the bound thing, the owner of the bound building)."""
    if whose == "you":
        return int(ctx["ctl"])
    if whose == "defender" and "defender" in ctx:
        return int(ctx["defender"])
    if whose == "its player" and "seat" in ctx:
        return int(ctx["seat"])
    if isinstance(whose, dict) and "bound" in whose:
        ref = ctx["bind"].get(whose["bound"])
        if isinstance(ref, str):
            return int(ref.split(":")[0])
        if isinstance(ref, int) and ref in g.s.things:
            return g.s.things[ref].ctrl
    return opponent(g, ctx)


def seen_by(g: G, seat: int, uids: list[int]) -> None:
    """`seat` has seen these hidden cards this turn (a look at a hand): not secret to it any more."""
    seen = g.s.flags.setdefault("seen", {}).setdefault(str(seat), [])
    seen.extend(u for u in uids if u not in seen)


one_opponent("steal gold", "from", "opponent")
one_opponent("look at", "whose", "opponent")
one_opponent("put into play", "whose", "you")


@does("steal gold")
def _steal_gold(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    steal_gold(g, int(ctx["ctl"]), player_of(g, op.get("from", "opponent"), ctx), op.get("n", 1))


def steal_gold(g: G, thief: int, victim: int, n: int) -> int:
    """`thief` takes up to `n` gold from `victim`: only what is there (Pillage ruling). Returns how much."""
    taken = min(n, g.p(victim).gold)
    if taken <= 0:
        g.emit("steal_gold", seat=thief, victim=victim, n=0)
        return 0
    g.p(victim).gold -= taken
    g.gain_gold(thief, taken)
    g.emit("steal_gold", seat=thief, victim=victim, n=taken)
    return taken


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
    rule = _put_rule(g, op, ctx)
    if rule is None:
        g.emit("no_target", card=ctx["card"])
        return
    if rule["zone"] == "hand" and rule["whose"] != rule["ctl"]:
        seen_by(g, rule["ctl"], list(g.p(rule["whose"]).hand))
    if not put_options(g, rule):
        g.emit("no_target", card=ctx["card"])
        return
    # The run stops for the pick; the effect's later steps stay queued and run after it.
    ask_put(g, rule, op.get("n", 1))


def _put_rule(g: G, op: dict[str, Any], ctx: dict[str, Any]) -> dict[str, Any] | None:
    """The step resolved now: whose zone, the filter, the tech level asked for; None if it can find nothing
    (the card to go one tech above is unknown)."""
    rule: dict[str, Any] = {
        "zone": op.get("from", "hand"),
        "whose": player_of(g, op.get("whose", "you"), ctx),
        "ctl": int(ctx["ctl"]),
        "filter": op.get("filter", {}),
        "optional": bool(op.get("optional")),
        "building": bool(op.get("needs tech building")),
        "gain": list(op.get("gain", [])),
    }
    if "tech above" in op:
        bound = ctx["bind"].get(op["tech above"])
        uid = bound[0] if isinstance(bound, list) and bound else bound
        if not isinstance(uid, int) or uid not in g.s.cards:
            return None
        # As it was when it left play (a sacrifice notes it: a copy counts as what it copied), else as printed.
        was = ctx["bind"].get("_tech", {}).get(str(uid))
        rule["tech"] = (g.card_of(uid).tech if was is None else int(was)) + 1
    return rule


def _put_fits(g: G, rule: dict[str, Any], card: Card) -> bool:
    if not card_fits(rule["filter"], card):
        return False
    if rule.get("tech") is not None and card.tech != rule["tech"]:
        return False
    # Feral Strike: a working tech building of the card's own level (the base serves for tech 0), of any spec.
    return not rule["building"] or card.tech <= 0 or operational(g, g.p(rule["ctl"]), card.tech)


def put_options(g: G, rule: dict[str, Any]) -> list[Any]:
    """What may come into play now: card ids from a codex, card uids from a hand or discard pile."""
    p = g.p(rule["whose"])
    if rule["zone"] == "codex":
        return sorted(cid for cid, n in p.codex.items() if n > 0 and _put_fits(g, rule, g.cat[cid]))
    return sorted(u for u in getattr(p, rule["zone"]) if _put_fits(g, rule, g.card_of(u)))


def ask_put(g: G, rule: dict[str, Any], left: int) -> None:
    found = put_options(g, rule)
    if not found or left <= 0:
        return
    # Always asked, even with one card to choose: the pick names the card going into play.
    options: list[Any] = found + (["none"] if rule["optional"] else [])
    g.ask("put into play", options, asked("put into play"), rule=rule, left=left, whose=rule["whose"])


@resumer("put into play")
def _resume_put(g: G, pending: dict[str, Any], choice: Any) -> None:
    if choice == "none":
        return
    put_card(g, pending["rule"], choice)
    ask_put(g, pending["rule"], pending["left"] - 1)


def put_card(g: G, rule: dict[str, Any], which: Any) -> None:
    """One card (a codex card id, or a uid in a hand or discard pile) comes into play under the effect's
    controller, free and without its tech building (Calamandra Moss ruling). It was not played (no boost);
    from its controller's own hand it still arrives from hand."""
    p = g.p(rule["whose"])
    if rule["zone"] == "codex":
        cid = str(which)
        p.codex[cid] -= 1
        if not p.codex[cid]:
            del p.codex[cid]
        uid = g.new_card(cid, rule["whose"])
    else:
        uid = int(which)
        pile = getattr(p, rule["zone"])
        if uid not in pile:
            return
        pile.remove(uid)
        if uid in g.s.known:
            g.s.known.remove(uid)
        cid = g.s.cards[uid][0]
    g.emit("put_into_play", seat=rule["ctl"], uid=uid, zone=rule["zone"])
    own_hand = rule["zone"] == "hand" and rule["whose"] == rule["ctl"]
    t = enter_play(g, cid, rule["ctl"], g.s.cards[uid][1], uid=uid, from_hand=own_hand)
    if t is not None and rule.get("gain"):
        t.mods.append(Mod(kw=tuple(rule["gain"]), until="ever", src=uid))
        g.emit("modify", uid=t.uid, atk=0, hp=0, armor=0, kw=list(rule["gain"]), until="ever")


def _put_has_work(g: G, op: dict[str, Any], ctx: dict[str, Any]) -> bool:
    rule = _put_rule(g, op, ctx)
    return rule is not None and bool(put_options(g, rule))


HAS_WORK["put into play"] = _put_has_work


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
    # Changed printed values are copied as they are now, in the order they were made (the latest wins): a
    # transformed thing's face (Polymorph: Squirrel), a printed ATK swapped by Chaos Mirror (rulings).
    for m in src.mods:
        if m.form or m.printed_atk is not None:
            t.mods.append(Mod(until="copy", src=uid, form=m.form, printed_atk=m.printed_atk))
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

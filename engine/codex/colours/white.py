"""Hooks for White cards whose abilities are more than the effect vocabulary can say (see docs/codex/rules.md)."""

from __future__ import annotations

from typing import Any

from engine.codex import vocab
from engine.codex.cards import Card
from engine.codex.combat import evasion
from engine.codex.ctx import G, handler
from engine.codex.effects import TARGET_BANS, condition_of, damage, hook, one_opponent, opponent, resumer, sideline
from engine.codex.hand_ops import discard_cards
from engine.codex.prevention import PREVENT, Hit
from engine.codex.prompts import asked
from engine.codex.rules import HAND_PLAY_BANS
from engine.codex.seats import base_seat
from engine.codex.state import Thing
from engine.codex.stats import Q, Ref, amount_of, while_condition
from engine.codex.turns import DRAW_SKIPS
from engine.codex.zones import DEATH_DESTINATIONS, enter_play

# ------------------------------------------------------------------------------------------ Snapback


@hook("snapback field")
def snapback_field(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """After the sent hero went home: another hero of that command zone comes into play, or the same one
    when there is no other. A hero on cooldown may come (ruling); the active player picks."""
    sent = ctx["bind"].get("sent")
    if sent is None or sent in g.s.things:
        return
    owner = g.s.cards[sent][1]
    home = g.p(owner).command
    options = [u for u in home if u != sent] or [u for u in home if u == sent]
    if len(options) == 1:
        field_hero(g, owner, options[0])
    elif options:
        g.ask("field hero", sorted(options), asked("field hero"), owner=owner)


@resumer("field hero")
def _resume_field(g: G, pending: dict[str, Any], choice: Any) -> None:
    field_hero(g, pending["owner"], int(choice))


def field_hero(g: G, owner: int, uid: int) -> None:
    p = g.p(owner)
    if uid not in p.command:
        return
    p.command.remove(uid)
    p.cooldown.pop(uid, None)  # cooldowns belong to heroes waiting in the command zone
    enter_play(g, g.s.cards[uid][0], owner, owner, uid=uid, level=1)


# ------------------------------------------------------------------------------------ damage prevention

SHIELD = "shield other buildings"
"""Morningstar Pass: no damage to its controller's other buildings (their base included)."""
FOCUS = "spend focus on exactly lethal"
"""Focus Master: a focus rune prevents 1 of exactly lethal damage to a friendly unit or hero."""
vocab.add_word("rule", SHIELD, FOCUS)


def _rule_holders(qq: Q, rule: str, seat: int) -> list[Thing]:
    return [t for t, ab, _key in qq.statics_of("rule") if ab.get("rule") == rule and t.ctrl == seat]


def _shields(g: G, qq: Q, seat: int, ref: Ref) -> bool:
    """Is building `ref` of `seat` one of the "other buildings" of a Morningstar Pass? A 2v2 team's shared base
    belongs to both partners, so either one's Pass covers it."""
    holders = [t for t in qq.rule_sources(SHIELD) if t.uid != ref]
    if isinstance(ref, str) and ref.endswith(":base"):
        return any(base_seat(g.s, t.ctrl) == seat for t in holders)
    return any(t.ctrl == seat for t in holders)


def _building_owner(g: G, ref: Ref) -> int | None:
    if isinstance(ref, str):
        return int(ref.split(":", 1)[0])
    t = g.s.things.get(ref)
    return t.ctrl if t is not None and g.card(t).type == "building" else None


def _shield(g: G, qq: Q, hit: Hit) -> int:
    seat = _building_owner(g, hit.ref)
    if seat is None:
        return hit.n
    return 0 if _shields(g, qq, seat, hit.ref) else hit.n


def exactly_lethal(qq: Q, t: Thing, hits: tuple[Hit, ...]) -> bool:
    """Would `hits`, landing together, leave `t` at exactly 0 HP once armor has soaked what it can? One point
    of deathtouch damage is exactly lethal and no other amount with deathtouch is (ruling); damage overpower
    cut down to the lethal part is not (ruling)."""
    if any(h.cut for h in hits):
        return False
    total = sum(h.n for h in hits)
    if any(h.deathtouch for h in hits):
        return total == 1
    soaked = min(sum(h.n for h in hits if not h.piercing), qq.armor_left(t))
    return total - soaked == qq.hp(t) - t.damage


def _focus(g: G, qq: Q, hit: Hit) -> int:
    """Hits landing at the same moment are one amount of damage: judged, and shaved, with the first of them."""
    t = g.s.things.get(hit.ref) if isinstance(hit.ref, int) else None
    if t is None or qq.card(t).type not in ("unit", "token", "hero") or hit.nth > 0:
        return hit.n
    hits = (hit, *hit.together[1:]) if hit.together else (hit,)
    if not exactly_lethal(qq, t, hits):
        return hit.n
    # "Friendly": its controller's, or a 2v2 partner's.
    for master in sorted((m for m in qq.rule_sources(FOCUS) if g.friendly(m.ctrl, t.ctrl)), key=lambda m: m.uid):
        if master.marks.get("focus", 0) > 0:
            master.marks["focus"] -= 1
            g.emit("rune_spent", uid=master.uid, rune="focus", left=master.marks["focus"])
            return hit.n - 1
    return hit.n


PREVENT.extend([_shield, _focus])


# ----------------------------------------------------------------------------------------- Mind-Parry Monk

MIND_PARRY = "opponents can't target your fighters"
vocab.add_word("rule", MIND_PARRY)


def _mind_parry(g: G, qq: Q, t: Thing, ctx: dict[str, Any]) -> bool:
    """No spell or ability of an opponent may target a unit or hero of a player with Mind-Parry Monk (a 2v2
    partner is no opponent; the partner's own units are not "your units")."""
    if g.friendly(ctx["ctl"], t.ctrl) or qq.card(t).type not in ("unit", "token", "hero"):
        return False
    return bool(_rule_holders(qq, MIND_PARRY, t.ctrl))


TARGET_BANS.append(_mind_parry)


# ------------------------------------------------------------------------------------ True Power of Storms

PAID = "paid"
"""Turn flag: uids of effects whose all-or-nothing first part was done ("if you do")."""


@condition_of("paid")
def _paid(g: G, ctx: dict[str, Any]) -> bool:
    return ctx.get("src") in g.s.flags.get(PAID, [])


vocab.add_word("condition", "paid")


@hook("reveal and discard")
def reveal_and_discard(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Reveal and discard `n` cards of printed cost `cost`, all or none; the `paid` condition says if it
    happened. With fewer such cards nothing is discarded and the rest of the spell does nothing (ruling)."""
    paid = g.s.flags.setdefault(PAID, [])
    if ctx["src"] in paid:
        paid.remove(ctx["src"])
    seat, n = ctx["ctl"], args["n"]
    options = [u for u in sorted(g.p(seat).hand) if g.card_of(u).facts.cost == args["cost"]]
    if len(options) < n:
        g.emit("no_target", card=ctx.get("card", ""))
        return
    if len(options) == n:
        _reveal_discard(g, seat, options, ctx)
        return
    g.ask("reveal", options, asked("reveal", n=n), ctx=ctx, n=n, chosen=[], cost=args)


@resumer("reveal")
def _resume_reveal(g: G, pending: dict[str, Any], choice: Any) -> None:
    chosen = [*pending["chosen"], int(choice)]
    if len(chosen) < pending["n"]:
        rest = [u for u in pending["options"] if u not in chosen]
        g.s.pending = dict(pending, options=rest, chosen=chosen)
        return
    _reveal_discard(g, g.s.active, chosen, pending["ctx"])


def _reveal_discard(g: G, seat: int, uids: list[int], ctx: dict[str, Any]) -> None:
    discard_cards(g, seat, uids, why=ctx.get("card", ""))
    g.s.flags.setdefault(PAID, []).append(ctx["src"])


# ------------------------------------------------------------------------------------------ Ninjutsu


def is_a(qq: Q, t: Thing, subtype: str) -> bool:
    """Does `t` have this subtype now (printed, or given since, e.g. by Fox's Den School)?"""
    subtypes = getattr(qq, "subtypes", None)
    return subtype in (subtypes(t) if subtypes is not None else qq.card(t).subtypes)


@condition_of("chose a ninja")
def _chose_a_ninja(g: G, ctx: dict[str, Any]) -> bool:
    """Hidden Ninja: one of the things it picked is a Ninja or a Ninjutsu hero."""
    chosen = ctx["bind"].get("hidden") or []
    qq = Q(g.s, g.cat)
    for uid in chosen if isinstance(chosen, list) else [chosen]:
        t = g.s.things.get(uid)
        if t is not None and (
            is_a(qq, t, "ninja") or (qq.card(t).type == "hero" and qq.card(t).facts.spec == "ninjutsu")
        ):
            return True
    return False


vocab.add_word("condition", "chose a ninja")


# ------------------------------------------------------------------------------------------ Strength


@hook("their buildings")
def their_buildings(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Earthquake: bind as `args["as"]` the buildings of the opponent the spell is about (the active player's
    pick when there are several) that are damaged now (`damaged`: true) or undamaged now (false). A 2v2 team's
    shared base is each partner's base."""
    foe = opponent(g, ctx)
    qq = Q(g.s, g.cat)
    home = base_seat(g.s, foe)
    refs: list[Ref] = [f"{home}:base"] if home != foe else []
    refs += g.fixed_buildings(foe)
    refs += [u for u, t in sorted(g.s.things.items()) if t.ctrl == foe and qq.card(t).type == "building"]
    ctx["bind"][args["as"]] = [r for r in refs if qq.match({"damaged": args["damaged"]}, r, ctx["ctl"], 0, None)]


one_opponent("hook:their buildings")


@hook("grapple back")
def grapple_back(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Whitestar Grappler: a unit that lived through the 4 damage deals its ATK to the Grappler (not combat
    damage), and leaves the patrol zone if it was patrolling."""
    t = g.s.things.get(ctx["bind"].get("grappled") or 0)
    if t is None:
        return
    qq = Q(g.s, g.cat)
    if ctx["src"] in g.s.things:
        damage(g, ctx["src"], qq.atk(t), by=t.ctrl, qq=qq)
    if t.uid in g.s.things and qq.patrolling(t):
        sideline(g, t)


@amount_of("minus other fighters you control")
def _minus_others(q: Q, src: Thing, t: Thing) -> int:
    """Inverse Power Ninja: -1 for each other unit or hero its controller has in play (not heroes in the
    command zone, nor its owner's things an opponent controls; ruling)."""
    return -sum(1 for o in q.s.things.values() if o.ctrl == src.ctrl and o.uid != src.uid and q.card(o).is_fighter_card)


vocab.add_word("amount", "minus other fighters you control")


# -------------------------------------------------------------------------------------- conditional evasion


@while_condition("you have another")
def _you_have_another(q: Q, src: Thing, ab: dict[str, Any]) -> bool:
    """While its controller has another thing in play matching the selector `have` (Masked Raccoon)."""
    return any(
        o.uid != src.uid and o.ctrl == src.ctrl and q.match(ab["have"], o.uid, src.ctrl, src.uid, None)
        for o in q.s.things.values()
    )


vocab.add_word("while", "you have another")


@evasion("unstoppable by units")
def _unstoppable_by_units(g: G, qq: Q, a: Thing, p: Thing, target: Ref) -> bool:
    """Patrolling units can't stop it; patrolling heroes still can (Masked Raccoon)."""
    return qq.card(p).is_unit


@evasion("unstoppable attacking a base")
def _unstoppable_at_bases(g: G, qq: Q, a: Thing, p: Thing, target: Ref) -> bool:
    """Colossus: no patroller stops it when the base is its target."""
    return isinstance(target, str) and target.endswith(":base")


@evasion("unstoppable by a lone patroller")
def _lone_patroller(g: G, qq: Q, a: Thing, p: Thing, target: Ref) -> bool:
    """Garus Rook's middle band: a patrol zone holding exactly one patroller can't stop him."""
    return sum(1 for u in g.p(p.ctrl).patrol if u and u in g.s.things) == 1


vocab.add_word("rule", "unstoppable by units", "unstoppable attacking a base", "unstoppable by a lone patroller")


# -------------------------------------------------------------------------------- Oathkeeper of Kor Mountain

NO_HAND = "oath: no cards from hand"
NO_DRAW = "oath: skip the draw"
OATHS = {"no cards from hand": NO_HAND, "skip the draw": NO_DRAW}


@hook("swear")
def swear(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Oathkeeper's arrival: the chosen oath is kept on the card and binds while it stays in play."""
    t = g.s.things.get(ctx["src"])
    if t is not None:
        t.marks[OATHS[args["oath"]]] = ctx["ctl"] + 1  # who swore it: the oath binds them, not a new controller
        g.emit("oath", seat=t.ctrl, uid=t.uid, oath=args["oath"])


OATHKEEPER = "oathkeeper-of-kor-mountain"


def sworn(g: G, seat: int, oath: str) -> bool:
    """Is `seat` held to `oath`? By an Oathkeeper in play that still has its text (one that lost its abilities,
    or wears another face, no longer says "you can't break that oath"), sworn by `seat` (option `oath_binds`:
    or controlled by `seat` now)."""
    qq = g.stats()
    got = qq.memo.get(("sworn", seat, oath))  # asked for every card in hand while moves are listed
    if got is None:
        by_controller = g.opt("oath_binds") == "controller"  # the other reading: "you" is whoever controls it now
        got = qq.memo["sworn", seat, oath] = any(
            (t.ctrl == seat and oath in t.marks if by_controller else t.marks.get(oath) == seat + 1)
            and any(key.startswith(OATHKEEPER + ":") for key, _ab in qq.own_abilities(t))
            for t in g.s.things.values()
        )
    return bool(got)


def _no_cards_from_hand(g: G, qq: Q, seat: int, card: Card) -> bool:
    # Only the hand: hiring a worker is not playing a card, "put into play" effects are not playing (ruling),
    # and a card played from a Graveyard or a codex does not come from the hand (general Boost ruling).
    return sworn(g, seat, NO_HAND)


def _skip_the_draw(g: G, seat: int) -> bool:
    return sworn(g, seat, NO_DRAW)


HAND_PLAY_BANS.append(_no_cards_from_hand)
DRAW_SKIPS.append(_skip_the_draw)


# ------------------------------------------------------------------------------------------- Rambasa Twin

TWIN = "rambasa-twin"
GOES_HOME = "first twin death each turn goes home"
vocab.add_word("rule", GOES_HOME)
TWIN_HOME = "twin home"
"""Turn flag: [uid, owner, controller] of the Rambasa Twin that went back to its codex this turn (first death)."""
TWIN_DEATHS = "twin deaths"
"""Turn flag: the Rambasa Twins that died after it this turn and went elsewhere."""
TWIN_RIVAL = "twin rival"
"""Turn flag: the name of another place that wanted the Twin that went home (a Graveyard's burial), if any."""


def _twin_home(g: G, t: Thing) -> bool:
    """A turn's first Rambasa Twin death (either player's Twin) sends that Twin to its owner's codex, not
    to the discard pile; it did die (its death triggers and slot bonuses happen). Another place that
    wants the same dying card (a Graveyard) acts at the same moment: the Twin goes home now, and the active
    player may then send it there instead (the `twin pick` task)."""
    if t.card != TWIN or not any(ab.get("rule") == GOES_HOME for _key, ab in Q(g.s, g.cat).own_abilities(t)):
        return False
    flags = g.s.flags
    if TWIN_HOME in flags:
        flags.setdefault(TWIN_DEATHS, []).append(t.uid)
        return False
    flags[TWIN_HOME] = [t.uid, t.owner, t.ctrl]
    rival = next((_place_name(fn) for fn in DEATH_DESTINATIONS if fn is not _twin_home and _would_take(g, fn, t)), None)
    if rival is not None:
        flags[TWIN_RIVAL] = rival
    _to_codex(g, t.uid, t.owner)
    g.push({"t": "twin pick"})
    return True


def _place_name(fn: Any) -> str:
    """A death destination's name for a choice ("bury" for the Graveyard's `_bury`)."""
    return str(fn.__name__).strip("_").replace("_", " ")


def _would_take(g: G, fn: Any, t: Thing) -> bool:
    """Would this death destination take the dying card? Asked of a copy of the game, which it may change."""
    return bool(fn(G(g.s.clone(), g.cat), t))


def _to_codex(g: G, uid: int, owner: int) -> None:
    codex = g.p(owner).codex
    codex[TWIN] = codex.get(TWIN, 0) + 1
    g.emit("to_codex", seat=owner, uid=uid)


def _out_of_codex(g: G, uid: int, owner: int) -> None:
    codex = g.p(owner).codex
    codex[TWIN] -= 1
    if not codex[TWIN]:
        del codex[TWIN]
    g.emit("from_codex", seat=owner, uid=uid)


@handler("twin pick")
def _twin_pick(g: G, task: dict[str, Any]) -> None:
    """Twins of two players died together: the active player picks the one that goes home (ruling). With
    one owner it makes no difference which copy goes, so nobody is asked. Then, if another place wanted the
    Twin that went home, the active player orders the two effects: the first one gets the card."""
    home, owner, _ctrl = g.s.flags[TWIN_HOME]
    others = [u for u in g.s.flags.get(TWIN_DEATHS, []) if g.s.cards[u][1] != owner and u in _discard_of(g, u)]
    if others:
        g.ask("twin home", [home, *others], asked("twin home"))
    else:
        _ask_rival(g)


def _ask_rival(g: G) -> None:
    rival = g.s.flags.pop(TWIN_RIVAL, None)
    if rival is not None:
        g.ask(
            "twin or other",
            ["codex", rival],
            asked("twin or other", card=g.shown(g.s.flags[TWIN_HOME][0]), rival=str(rival)),
        )


def _discard_of(g: G, uid: int) -> list[int]:
    return g.p(g.s.cards[uid][1]).discard


@resumer("twin home")
def _resume_twin_home(g: G, pending: dict[str, Any], choice: Any) -> None:
    home, owner, _ctrl = g.s.flags[TWIN_HOME]
    if choice == home:
        _ask_rival(g)
        return
    # Swap: the picked Twin leaves its discard pile for its codex, the first one comes out of its codex.
    g.s.flags.pop(TWIN_RIVAL, None)  # the picked one went to a discard pile: nothing else wanted it
    _discard_of(g, choice).remove(choice)
    _to_codex(g, choice, g.s.cards[choice][1])
    _out_of_codex(g, home, owner)
    g.p(owner).discard.append(home)
    g.s.known.append(home)
    g.s.flags[TWIN_HOME] = [choice, g.s.cards[choice][1], g.s.cards[choice][1]]


@resumer("twin or other")
def _resume_twin_or_other(g: G, pending: dict[str, Any], choice: Any) -> None:
    if choice == "codex":
        return
    home, owner, ctrl = g.s.flags[TWIN_HOME]
    _out_of_codex(g, home, owner)
    gone = Thing(home, TWIN, owner, ctrl, g.s.turn)  # what left play, for the place that takes it now
    place = next((fn for fn in DEATH_DESTINATIONS if _place_name(fn) == choice), None)
    if place is None or not place(g, gone):
        g.p(owner).discard.append(home)  # that place is gone meanwhile: the discard pile, as usual
        g.s.known.append(home)


DEATH_DESTINATIONS.insert(0, _twin_home)

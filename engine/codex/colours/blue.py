"""Hooks for Blue cards whose abilities are more than the effect vocabulary can say (see docs/codex/rules.md, Blue).

Each hook is registered under a name the ability data uses: static rules (what a card in play forbids or
changes), `while` conditions, steps and conditions of Blue's own.
"""

from __future__ import annotations

from typing import Any

from engine.codex import vocab
from engine.codex.cards import Card
from engine.codex.combat import evasion
from engine.codex.ctx import SETTLE, G
from engine.codex.effects import (
    DOERS,
    cast_spell,
    condition_of,
    damage,
    disable,
    does,
    hook,
    one_opponent,
    opponent,
    resumer,
    things_of,
)
from engine.codex.prompts import asked
from engine.codex.rules import (
    BUILD_EXTRA,
    FROM_HAND,
    HAND_PLAY_BANS,
    PLAY_BANS,
    builds_this_turn,
    caster_for,
    play_banned,
    spell_has_no_target,
)
from engine.codex.seats import turn_seats
from engine.codex.state import Thing
from engine.codex.stats import ABILITY_LOSS, Q, Ref, selector_test, while_condition
from engine.codex.turns import END_OF_TURN
from engine.codex.zones import enter_play, give_control, leave_play, would_die

# ------------------------------------------------------------------------------- Building Inspector

INSPECTOR = "opponents' first building costs 1 more"
vocab.add_word("rule", INSPECTOR)


def _inspector_tax(g: G, qq: Q, seat: int, what: str) -> int:
    """Each opponent's Building Inspector adds 1 to the first building `seat` builds in a turn: tech buildings,
    add-ons and building cards, rebuilds too (ruling)."""
    if builds_this_turn(g, seat):
        return 0
    return sum(1 for src in qq.rule_sources(INSPECTOR) if not g.friendly(src.ctrl, seat))


BUILD_EXTRA.append(_inspector_tax)

# ------------------------------------------------------------------------------- Bluecoat Musketeer

vocab.add_word("while", "it has exactly 1 ATK")


@while_condition("it has exactly 1 ATK")
def _exactly_one_atk(q: Q, src: Thing, ab: dict[str, Any]) -> bool:
    """Its ATK now, after runes and every effect, not its printed ATK (ruling)."""
    return q.atk(src) == 1


# ---------------------------------------------------------------------------------- Traffic Director

UNSTOPPABLE_AT_BUILDINGS = "unstoppable attacking a building"
vocab.add_word("rule", UNSTOPPABLE_AT_BUILDINGS)


def is_building(g: G, ref: Ref) -> bool:
    if isinstance(ref, str):
        return True
    t = g.s.things.get(ref)
    return t is not None and g.card(t).type == "building"


@evasion(UNSTOPPABLE_AT_BUILDINGS)
def _past_patrollers_to_buildings(g: G, qq: Q, a: Thing, p: Thing, target: Ref) -> bool:
    return is_building(g, target)


# ---------------------------------------------------------------------------------- Reputable Newsman

NEWSMAN = "opponents can't play spells or upgrades of the named cost"
NAMED = "named cost"
vocab.add_word("rule", NEWSMAN)
vocab.add_op("name a cost")
COSTS = tuple(str(n) for n in range(11))
"""The numbers offered: every cost a spell or upgrade has in the card pool (0 to 10)."""


@does("name a cost")
def _name_a_cost(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    if ctx["src"] in g.s.things:
        g.ask("name a cost", list(COSTS), asked("name a cost"), src=ctx["src"])


@resumer("name a cost")
def _named(g: G, pending: dict[str, Any], choice: Any) -> None:
    t = g.s.things.get(pending["src"])
    if t is not None:
        t.marks[NAMED] = int(choice)
        g.emit("named_cost", seat=t.ctrl, uid=t.uid, n=int(choice))


def _newsman_ban(g: G, qq: Q, seat: int, card: Card) -> bool:
    """The ban looks at the card's printed cost; it lasts while that Newsman is in play (ruling)."""
    if card.type not in ("spell", "upgrade"):
        return False
    cost = card.facts.cost or 0
    return any(not g.friendly(src.ctrl, seat) and src.marks.get(NAMED) == cost for src in qq.rule_sources(NEWSMAN))


PLAY_BANS.append(_newsman_ban)

# ------------------------------------------------------------------------------------------------ Jail

JAIL = "opposing units played from hand go to jail"
JAIL_ZONE = "jail"
vocab.add_word("rule", JAIL)


def _jailer(g: G, qq: Q, seat: int) -> int | None:
    """The opponent of `seat` whose Jail catches `seat`'s units, if any (with several, the earliest Jail's)."""
    for src in qq.rule_sources(JAIL):
        if not g.friendly(src.ctrl, seat):
            return src.ctrl
    return None


def _to_jail(g: G, seat: int, uid: int, card: Card, boosted: bool) -> bool:
    """A unit played from hand goes to the opponent's jail instead of arriving; the one already there is
    released and arrives (rulings). What boosting it did happened as it was played, before this (rules.play)."""
    if "forecast" in card.kw:
        return False  # it goes to the future instead, and later arrives from there, not from hand (ruling)
    qq = Q(g.s, g.cat)
    jailer = _jailer(g, qq, seat)
    if jailer is None:
        return False
    zone = g.p(jailer).zones.setdefault(JAIL_ZONE, [])
    released = list(zone)
    zone[:] = [uid]
    g.emit("jailed", seat=seat, jailer=jailer, uid=uid)
    for old in released:
        owner = g.s.cards[old][1]
        g.emit("released", seat=owner, uid=old)
        enter_play(g, g.s.cards[old][0], owner, owner, uid=old)
    return True


FROM_HAND.append(_to_jail)


@hook("empty the jail")
def _empty_jail(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Jail left play: the units in it go to their owners' discard piles, unless another Jail still holds them."""
    seat = ctx["ctl"]
    if any(src.ctrl == seat for src in Q(g.s, g.cat).rule_sources(JAIL)):
        return
    zone = g.p(seat).zones.pop(JAIL_ZONE, [])
    for uid in zone:
        owner = g.p(g.s.cards[uid][1])
        owner.discard.append(uid)
        g.s.known.append(uid)
        g.emit("unjailed", seat=owner.seat, uid=uid)


JAIL_SEATS = "jails"
"""`State.memory`: Jail uid (str) -> [seat, stamp]: whose jail zone that Jail serves (its controller since it
came into play or last changed hands)."""


def _inmates_follow_their_jail(g: G) -> None:
    """A Jail taken by another player (Assimilate) takes its inmates along, unless its old controller still
    has another Jail holding them. A Jail that leaves play is not followed: its "leaves" trigger empties it."""
    known = g.s.memory.get(JAIL_SEATS, {})
    jails = {str(t.uid): t for t in g.s.things.values() if t.card == "jail"}
    if not jails and not known:
        return
    now: dict[str, list[int]] = {}
    for key, t in sorted(jails.items()):
        seat, stamp = known.get(key, (t.ctrl, t.stamp))
        if stamp == t.stamp and seat != t.ctrl and not any(o.ctrl == seat for o in jails.values()):
            inmates = g.p(seat).zones.pop(JAIL_ZONE, [])
            if inmates:
                g.p(t.ctrl).zones.setdefault(JAIL_ZONE, []).extend(inmates)
                g.emit("jail_taken", seat=t.ctrl, uid=t.uid, n=len(inmates))
        now[key] = [t.ctrl, t.stamp]
    if now != known:
        if now:
            g.s.memory[JAIL_SEATS] = now
        else:
            g.s.memory.pop(JAIL_SEATS, None)


SETTLE.append(_inmates_follow_their_jail)

# ---------------------------------------------------------------------------------------- Insurance Agent

INSURING = "insuring"
vocab.add_op("insure")
vocab.add_op("insurance payout")
vocab.add_word("condition", "it was insured by this")


@does("insure")
def _insure(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """An insurance rune on the unit, and this Agent remembers which one it insured: only that rune pays, and
    only while this Agent is in play (rulings). An Illusion dies when targeted and is never insured."""
    agent = g.s.things.get(ctx["src"])
    for t in things_of(g, refs):
        t.marks["insurance"] = t.marks.get("insurance", 0) + 1
        g.emit("rune", uid=t.uid, rune="insurance", n=1)
        if agent is not None:
            agent.marks[INSURING] = t.uid


@condition_of("it was insured by this")
def _insured_by_this(g: G, ctx: dict[str, Any]) -> bool:
    agent = g.s.things.get(ctx["src"])
    return agent is not None and agent.marks.get(INSURING) == ctx.get("it")


@does("insurance payout")
def _payout(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Gold equal to the dead unit's gold cost as it died: its printed cost (a token's is 0), or the cost of
    the card it was copying then (a token copying a unit costs what it copies: Thunderclap ruling)."""
    uid = ctx.get("it")
    if isinstance(uid, int) and uid in g.s.cards:
        g.gain_gold(ctx["ctl"], int(ctx.get("it_cost", g.card_of(uid).facts.cost or 0)))


# ------------------------------------------------------------------------------------ Censorship Council

CENSORSHIP = "opponents play one card from hand a turn"
vocab.add_word("rule", CENSORSHIP)


def _censored(g: G, qq: Q, seat: int, card: Card) -> bool:
    """During their own turns, opponents of a Censorship Council play at most one card from hand (hiring a
    worker is not playing a card; putting a card into play is not playing it: ruling)."""
    if not g.on_turn(seat) or not g.s.flags.get("played_from_hand", {}).get(str(seat)):
        return False
    return any(not g.friendly(src.ctrl, seat) for src in qq.rule_sources(CENSORSHIP))


HAND_PLAY_BANS.append(_censored)  # a card from a codex or a Graveyard is not played from hand

# ------------------------------------------------------------------------------------ Lawbringer Gryphon

vocab.add_word("rule", "your base flies")  # combat.base_flies reads it

# -------------------------------------------------------------------------------------------- Injunction


def _tech_off(tier: int) -> str:
    return f"tech{tier} off"


@hook("injunction")
def _injunction(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Pick an opponent's tech I or II building (there must be one: ruling); see `_shut_down`."""
    options = [f"{x}:tech{tier}" for x in g.enemies(ctx["ctl"]) for tier in (1, 2) if g.p(x).tech[tier - 1].alive]
    if not options:
        g.emit("no_target", card=ctx.get("card", ""))
        return
    if len(options) == 1:
        _shut_down(g, options[0])
        return
    g.ask("injunction", options, asked("injunction"))


@resumer("injunction")
def _resume_injunction(g: G, pending: dict[str, Any], choice: Any) -> None:
    _shut_down(g, str(choice))


def _shut_down(g: G, ref: str) -> None:
    """The building is not operational during its owner's next turn (no tech for its level, no building the
    next tier: ruling); that player's units of its tech level are disabled now, whatever their spec."""
    seat_s, slot = ref.split(":")
    p = g.p(int(seat_s))
    tier = int(slot[-1])
    p.marks[_tech_off(tier)] = p.turns + (0 if g.on_turn(p.seat) else 1)
    g.emit("injunction", seat=g.s.active, ref=ref)
    qq = Q(g.s, g.cat)
    for t in sorted(g.s.things.values(), key=lambda t: t.uid):
        if t.ctrl == p.seat and qq.card(t).is_unit and qq.card(t).tech == tier:
            disable(g, t)


def _injunction_ends(g: G) -> None:
    """A shut-down building works again once its owner's turn is over (in 2v2 either partner's)."""
    for seat in turn_seats(g.s):
        p = g.p(seat)
        for tier in (1, 2):
            if p.marks.get(_tech_off(tier)) == p.turns:
                del p.marks[_tech_off(tier)]


END_OF_TURN.append(_injunction_ends)

# ------------------------------------------------------------------------------------------ Jurisdiction


def codex_spells(g: G, seat: int) -> list[str]:
    """Non-ultimate spells of `seat`'s codex it can pay for and may play now (bans and targets considered)."""
    qq = Q(g.s, g.cat)
    p = g.p(seat)
    out = []
    for cid, n in sorted(p.codex.items()):
        card = g.cat[cid]
        if n <= 0 or card.type != "spell" or card.ultimate or qq.card_cost(seat, card) > p.gold:
            continue
        if play_banned(g, qq, seat, card, zone="codex"):
            continue
        cost = qq.card_cost(seat, card)
        if g.opt("targetless") == "forbid" and card.data.get("play") and spell_has_no_target(g, seat, 0, card, cost):
            continue
        out.append(cid)
    return out


@hook("play a spell from the codex")
def _jurisdiction(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    options = codex_spells(g, ctx["ctl"])
    if not options:
        g.emit("no_target", card=ctx.get("card", ""))
        return
    g.ask("codex spell", options, asked("codex spell"))


@resumer("codex spell")
def _resume_jurisdiction(g: G, pending: dict[str, Any], choice: Any) -> None:
    """The spell is played from the codex: paid for, cast, then discarded like any other. No hero of its spec
    is needed to play it, but a channeling spell with no hero to channel it is discarded at once (ruling)."""
    seat = pending["seat"]
    p = g.p(seat)
    cid = str(choice)
    card = g.cat[cid]
    p.codex[cid] -= 1
    if not p.codex[cid]:
        del p.codex[cid]
    uid = g.new_card(cid, seat)
    cost = Q(g.s, g.cat).card_cost(seat, card)
    p.gold -= cost
    g.emit("play", seat=seat, uid=uid, card=cid, cost=cost)
    caster, _tax = caster_for(g, seat, card)
    cast_spell(g, seat, uid, caster.uid if caster else 0)
    t = g.s.things.get(uid)
    if t is not None and "channeling" in card.kw and caster is None:
        # Nobody channels it: it goes to the discard before it does anything.
        g.s.queue = [task for task in g.s.queue if not (task.get("t") == "ops" and task["ctx"].get("src") == uid)]
        leave_play(g, t, "discard", died=False, how="no hero to channel it")


# ------------------------------------------------------------------------------------------------ Peace

vocab.add_word("selector", "not_hero_of_spec", "attacking_this")


@selector_test("not_hero_of_spec")
def _not_hero_of_spec(q: Q, want: Any, t: Thing, seat: int, src: int, binds: dict[str, Any] | None) -> bool:
    """Boot Camp's "a unit or non-Peace hero": anything but a hero of that spec."""
    card = q.card(t)
    return not (card.type == "hero" and card.facts.spec == want)


@selector_test("attacking_this")
def _attacking_this(q: Q, want: Any, t: Thing, seat: int, src: int, binds: dict[str, Any] | None) -> bool:
    """The fighter attacking the selector's source right now (Debilitator Alpha)."""
    combat = q.s.combat
    return (combat is not None and combat.get("a") == t.uid and combat.get("t") == src) == want


vocab.add_word("while", "it is squad leader", "attacking a damaged building")


@while_condition("it is squad leader")
def _squad_leader(q: Q, src: Thing, ab: dict[str, Any]) -> bool:
    return q.slot(src) == 0


@while_condition("attacking a damaged building")
def _attacking_damaged_building(q: Q, src: Thing, ab: dict[str, Any]) -> bool:
    """Air Hammer: it is the attacker and its target is a building that already has damage on it."""
    combat = q.s.combat
    if combat is None or combat.get("a") != src.uid:
        return False
    target = combat.get("t")
    if isinstance(target, str):
        return q.match({"damaged": True}, target, src.ctrl, src.uid, None)
    t = q.s.things.get(target)
    return t is not None and q.card(t).type == "building" and t.damage > 0


BRAVE = "back to hand instead of dying from combat damage"
vocab.add_word("rule", BRAVE)


@would_die
def _brave_knight(g: G, qq: Q, t: Thing, how: str, combat: bool) -> bool:
    """Brave Knight: combat damage would kill him (any combat damage: sparkshot, overpower, the Tower, a
    deathtouch hit; rulings), so he goes back to his owner's hand instead of dying."""
    if not combat or not any(ab.get("rule") == BRAVE for _k, ab in qq.abilities(t) if ab.get("static") == "rule"):
        return False
    leave_play(g, t, "hand", died=False, how="returned instead of dying")
    return True


PATRIOT = "unstoppable by units with 2 ATK or less"
vocab.add_word("rule", PATRIOT)


@evasion(PATRIOT)
def _past_small_units(g: G, qq: Q, a: Thing, p: Thing, target: Ref) -> bool:
    return qq.card(p).is_unit and qq.atk(p) <= 2


@hook("its ATK to the defender's base")
def _patriot_blow(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Patriot Gryphon destroyed a building: he also deals his ATK (now) to that player's base."""
    t = g.s.things.get(ctx["src"])
    if t is None:
        return
    defender = int(ctx.get("defender", g.opp(ctx["ctl"])))
    damage(g, f"{defender}:base", Q(g.s, g.cat).atk(t), by=ctx["ctl"])


# -------------------------------------------------------------------------------------------- Free Speech

SILENCED = "silenced"
"""Player mark: the number of that player's own turn after which the silence ends (rules.caster_for reads it:
a silenced player's heroes cast no spells)."""


@hook("silence an opponent")
def _silence(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Until after that opponent's next turn their heroes lose every ability and cast nothing (with several
    opponents, the caster picks one)."""
    p = g.p(opponent(g, ctx))
    p.marks[SILENCED] = p.turns + (0 if g.on_turn(p.seat) else 1)
    g.emit("silenced", seat=p.seat)


one_opponent("hook:silence an opponent")


def _hero_silenced(q: Q, t: Thing) -> bool:
    """A silenced player's heroes, even one summoned during the silence, have no abilities; their stats stay
    (rulings). Abilities come back when the silence ends."""
    return bool(q.s.players[t.ctrl].marks.get(SILENCED)) and q.card(t).type == "hero"


ABILITY_LOSS.append(_hero_silenced)


def _silence_ends(g: G) -> None:
    for seat in turn_seats(g.s):
        p = g.p(seat)
        if p.marks.get(SILENCED) == p.turns:
            del p.marks[SILENCED]
            g.emit("silence_ends", seat=p.seat)


END_OF_TURN.append(_silence_ends)

# ------------------------------------------------------------------------------------------- Mind Control


@hook("control the host")
def _control_the_host(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Mind Control's controller controls the unit it is attached to; whoever had it gets it back when Mind
    Control leaves play (zones) or when the unit does."""
    mc = g.s.things.get(ctx["src"])
    host = g.s.things.get(mc.attached) if mc is not None else None
    if mc is None:
        return
    if host is None:
        # Nothing to attach to (an Illusion dies when targeted): the spell has no host and is discarded.
        leave_play(g, mc, "discard", died=False, how="no host")
        return
    mc.marks["held_from"] = host.ctrl + 1
    if host.ctrl != mc.ctrl:
        give_control(g, host, mc.ctrl)


def _held_follow_their_holder(g: G) -> None:
    """Whoever controls Mind Control controls its host (Assimilate taking Mind Control takes the unit too)."""
    for t in list(g.s.things.values()):
        if t.attached and t.marks.get("held_from"):
            host = g.s.things.get(t.attached)
            if host is not None and host.ctrl != t.ctrl:
                give_control(g, host, t.ctrl)


SETTLE.append(_held_follow_their_holder)

# ------------------------------------------------------------------------------------- Reteller of Truths

vocab.add_word("condition", "it was your non-token Illusion")


@condition_of("it was your non-token Illusion")
def _your_illusion_died(g: G, ctx: dict[str, Any]) -> bool:
    return ctx.get("seat") == ctx["ctl"] and not ctx.get("it_token") and "illusion" in ctx.get("it_subtypes", ())


@hook("retell")
def _retell(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """The first two such deaths each turn (counted per Reteller) send the card back to its owner's hand."""
    told = g.s.flags.setdefault("retold", {})
    key = str(ctx["src"])
    if told.get(key, 0) >= 2:
        return
    told[key] = told.get(key, 0) + 1
    DOERS["recover"](g, {"op": "recover"}, ctx, [])


# ---------------------------------------------------------------------------------- Eyes of the Chancellor

vocab.add_word("rule", "opponents' hands are revealed")  # views.hand_revealed reads it

# ------------------------------------------------------------------------------------------ Liberty Gryphon

vocab.add_word("while", "you control an Illusion of another name")


@while_condition("you control an Illusion of another name")
def _other_illusion(q: Q, src: Thing, ab: dict[str, Any]) -> bool:
    """An Illusion named otherwise: a Mirror Illusion copying Liberty Gryphon is named Liberty Gryphon (ruling)."""
    name = q.card(src).name
    return any(
        t.ctrl == src.ctrl and t.uid != src.uid and q.card(t).name != name and q.is_illusion(t)
        for t in q.s.things.values()
    )


# ------------------------------------------------------------------------------------------- Sirus Quince

vocab.add_word("condition", "you have a Mirror Illusion", "it is a non-token unit")


@condition_of("you have a Mirror Illusion")
def _has_mirror(g: G, ctx: dict[str, Any]) -> bool:
    """One that is still a Mirror Illusion: a Mirror copying something is not one any more (ruling)."""
    return any(t.ctrl == ctx["ctl"] and t.card == "mirror-illusion" for t in g.s.things.values())


@condition_of("it is a non-token unit")
def _non_token_unit(g: G, ctx: dict[str, Any]) -> bool:
    t = g.s.things.get(ctx.get("it", 0))
    return t is not None and g.card(t).is_unit and not Q(g.s, g.cat).is_token(t)


@hook("tie the mirror to Quince and its original")
def _tie_mirror(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """The copy is trashed when Quince or the unit it copies leaves play (each can do it: ruling)."""
    mirror = g.s.things.get(ctx["bind"].get("mirror") or 0)
    if mirror is None:
        return
    for uid in (ctx["src"], ctx.get("it")):
        if isinstance(uid, int) and uid in g.s.things and uid not in mirror.tied:
            mirror.tied.append(uid)

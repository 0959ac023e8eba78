"""Hooks for Blue cards whose abilities are more than the effect vocabulary can say (see docs/codex.md, Blue).

Each hook is registered under a name the ability data uses: static rules (what a card in play forbids or
changes), `while` conditions, steps and conditions of Blue's own.
"""

from __future__ import annotations

from typing import Any

from engine.codex import vocab
from engine.codex.cards import Card
from engine.codex.combat import evasion
from engine.codex.ctx import G
from engine.codex.effects import does, hook, resumer
from engine.codex.events import SENTENCES
from engine.codex.rules import BUILD_EXTRA, FROM_HAND, PLAY_BANS, builds_this_turn
from engine.codex.state import Thing
from engine.codex.stats import Q, Ref, while_condition
from engine.codex.zones import enter_play, fire

# ------------------------------------------------------------------------------- Building Inspector

INSPECTOR = "opponents' first building costs 1 more"
vocab.add_word("rule", INSPECTOR)


def _inspector_tax(g: G, qq: Q, seat: int, what: str) -> int:
    """Each opponent's Building Inspector adds 1 to the first building `seat` builds in a turn: tech buildings,
    add-ons and building cards, rebuilds too (ruling)."""
    if builds_this_turn(g, seat):
        return 0
    return sum(1 for src in qq.rule_sources(INSPECTOR) if src.ctrl != seat)


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
        prompt = "Name a cost: opponents can't play spells or upgrades of that cost."
        g.ask("name a cost", list(COSTS), prompt, src=ctx["src"])


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
    return any(src.ctrl != seat and src.marks.get(NAMED) == cost for src in qq.rule_sources(NEWSMAN))


PLAY_BANS.append(_newsman_ban)
SENTENCES["named_cost"] = lambda d, v: f"{d.get('uid_shown', '?')} names the cost {d['n']}."

# ------------------------------------------------------------------------------------------------ Jail

JAIL = "opposing units played from hand go to jail"
JAIL_ZONE = "jail"
vocab.add_word("rule", JAIL)


def _jailer(g: G, qq: Q, seat: int) -> int | None:
    """The opponent of `seat` whose Jail catches `seat`'s units, if any."""
    for src in qq.rule_sources(JAIL):
        if src.ctrl != seat:
            return src.ctrl
    return None


def _to_jail(g: G, seat: int, uid: int, card: Card, boosted: bool) -> bool:
    """A unit played from hand goes to the opponent's jail instead of arriving; the one already there is
    released and arrives (rulings). A boost is paid and happens as the card is played, before jail."""
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
    if boosted:
        # What boosting does happens now, as the card is played: no second chance when it is released.
        items = [
            {"key": f"{card.id}:{i}", "src": uid, "card": card.id, "ctl": seat, "ops": ab["do"], "if": "boosted"}
            | {"ctx": {"boosted": True, "from_hand": True}}
            for i, ab in enumerate(card.abilities)
            if "arrives" in ab.get("on", ()) and ab.get("if") == "boosted"
        ]
        fire(g, items)
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


SENTENCES["jailed"] = lambda d, v: f"{d.get('uid_shown', '?')} goes to p{d['jailer'] + 1}'s jail instead of arriving."
SENTENCES["released"] = lambda d, v: f"{d.get('uid_shown', '?')} is released from jail."
SENTENCES["unjailed"] = lambda d, v: f"{d.get('uid_shown', '?')} goes from the jail to the discard pile."

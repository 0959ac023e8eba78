"""Hooks for White cards whose abilities are more than the effect vocabulary can say (see docs/codex.md)."""

from __future__ import annotations

from typing import Any

from engine.codex import vocab
from engine.codex.ctx import G
from engine.codex.effects import hook, resumer
from engine.codex.events import SENTENCES
from engine.codex.prevention import PREVENT, Hit
from engine.codex.state import Thing
from engine.codex.stats import Q, Ref
from engine.codex.zones import enter_play

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
        g.ask("field hero", sorted(options), "Pick the hero that comes into play in its place.", owner=owner)


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
    return [
        t for t, ab, _key in qq.statics() if ab.get("static") == "rule" and ab.get("rule") == rule and t.ctrl == seat
    ]


def _building_owner(g: G, ref: Ref) -> int | None:
    if isinstance(ref, str):
        return int(ref.split(":", 1)[0])
    t = g.s.things.get(ref)
    return t.ctrl if t is not None and g.card(t).type == "building" else None


def _shield(g: G, qq: Q, hit: Hit) -> int:
    seat = _building_owner(g, hit.ref)
    if seat is None:
        return hit.n
    return 0 if any(t.uid != hit.ref for t in _rule_holders(qq, SHIELD, seat)) else hit.n


def exactly_lethal(qq: Q, t: Thing, hit: Hit) -> bool:
    """Would `hit` leave `t` at exactly 0 HP? One point of deathtouch damage is exactly lethal and no other
    amount of it is (ruling); a hit overpower cut down to the lethal part is not (ruling)."""
    if hit.cut:
        return False
    if hit.deathtouch:
        return hit.n == 1
    soaked = 0 if hit.piercing else min(hit.n, qq.armor_left(t))
    return hit.n - soaked == qq.hp(t) - t.damage


def _focus(g: G, qq: Q, hit: Hit) -> int:
    t = g.s.things.get(hit.ref) if isinstance(hit.ref, int) else None
    if t is None or qq.card(t).type not in ("unit", "token", "hero") or not exactly_lethal(qq, t, hit):
        return hit.n
    for master in sorted(_rule_holders(qq, FOCUS, t.ctrl), key=lambda m: m.uid):
        if master.marks.get("focus", 0) > 0:
            master.marks["focus"] -= 1
            g.emit("rune_spent", uid=master.uid, rune="focus", left=master.marks["focus"])
            return hit.n - 1
    return hit.n


PREVENT.extend([_shield, _focus])
SENTENCES["rune_spent"] = lambda d, v: f"{d.get('uid_shown', '?')} spends a {d['rune']} rune ({d['left']} left)."

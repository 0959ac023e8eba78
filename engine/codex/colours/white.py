"""Hooks for White cards whose abilities are more than the effect vocabulary can say (see docs/codex.md)."""

from __future__ import annotations

from typing import Any

from engine.codex.ctx import G
from engine.codex.effects import hook, resumer
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

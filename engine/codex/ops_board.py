"""Steps that move things around the board without killing them: patrol slots and command zones.

Registered words (see docs/codex/rules.md): `move patroller` (to an empty slot of the same patrol zone, the
active player picks the slot), `to command zone` (a hero goes home as if new; `lock` keeps it from being
summoned until after its owner's next turn) and `aura` (this turn, whatever matches `who` has keywords
`add`, things arriving later included).
"""

from __future__ import annotations

from typing import Any

from engine.codex import vocab
from engine.codex.ctx import G
from engine.codex.effects import does, resumer, things_of
from engine.codex.prompts import asked
from engine.codex.state import SLOTS, Thing
from engine.codex.stats import AURAS, Ref
from engine.codex.zones import leave_play

LOCK_TURNS = 2
"""A cooldown of 2 own-turn starts: the next one leaves 1 (still locked that turn), the one after frees it."""


def move_to_slot(g: G, t: Thing, slot: str) -> None:
    patrol = g.p(t.ctrl).patrol
    if t.uid not in patrol or patrol[SLOTS.index(slot)]:
        return
    patrol[patrol.index(t.uid)] = 0
    patrol[SLOTS.index(slot)] = t.uid
    g.emit("patrol_move", uid=t.uid, slot=slot)


@does("move patroller")
def _move_patroller(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    # Any empty slot will do, whatever lies between (Grappling Hook ruling).
    for t in things_of(g, refs):
        patrol = g.p(t.ctrl).patrol
        if t.uid not in patrol:
            continue
        empty = [SLOTS[i] for i in range(len(SLOTS)) if not patrol[i]]
        if len(empty) == 1:
            move_to_slot(g, t, empty[0])
        elif empty:
            g.ask("slot", empty, asked("slot", card=g.shown(t.uid)), uid=t.uid)
            return


@resumer("slot")
def _resume_slot(g: G, pending: dict[str, Any], choice: Any) -> None:
    t = g.s.things.get(pending["uid"])
    if t is not None:
        move_to_slot(g, t, str(choice))


@does("to command zone")
def _to_command_zone(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    # Leaving play wipes levels, damage, runes and attachments: the hero is a new object when it returns.
    for t in things_of(g, refs):
        if g.card(t).type != "hero":
            continue
        leave_play(g, t, "command", died=False, how="sent to its command zone")
        if op.get("lock"):
            p = g.p(t.owner)
            p.cooldown[t.uid] = max(p.cooldown.get(t.uid, 0), LOCK_TURNS)


@does("aura")
def _aura(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    # Kept in the turn's flags, which a new turn clears: "this turn" for everything that matches.
    g.s.flags.setdefault(AURAS, []).append({"who": op["who"], "add": list(op["add"]), "ctl": ctx["ctl"]})
    g.emit("aura", seat=ctx["ctl"], add=list(op["add"]))


vocab.add_op("aura", ("who", "add"))
vocab.add_op("move patroller")
vocab.add_op("to command zone", ("lock",))

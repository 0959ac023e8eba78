"""Steps about time and chance: effects that wait for a later moment of the turn, and coin flips.

`later` keeps the rest of an effect (with what it has bound so far) until a named moment of the current
turn: "end of main phase" (before the draw/discard phase), "end of turn" (with the end-of-turn triggers) or
"after combat" (once the current attack is over, deaths settled). The turn and combat code call `fire_later`
at those moments.
"""

from __future__ import annotations

from typing import Any

from engine.codex import vocab
from engine.codex.chance import next_coin
from engine.codex.ctx import G
from engine.codex.effects import does, run_effect
from engine.codex.stats import Ref
from engine.codex.zones import fire

MOMENTS = ("end of main phase", "end of turn", "after combat")


def _store(g: G, at: str) -> list[dict[str, Any]] | None:
    """Where the effects waiting for `at` are kept: this turn's flags, or the attack in progress."""
    if at == "after combat":
        combat = g.s.combat
        return None if combat is None else combat.setdefault("after", [])
    return g.s.flags.setdefault("later", {}).setdefault(at, [])


@does("later")
def _later(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    if op["at"] not in MOMENTS:
        raise ValueError(f"unknown moment {op['at']!r}")
    store = _store(g, op["at"])
    if store is None:
        return  # "after combat" outside an attack: there is no combat to wait for
    extra = {k: v for k, v in ctx.items() if k not in ("src", "card", "ctl", "key")}
    store.append(
        {
            "key": str(ctx.get("key", ctx["card"])),
            "src": ctx["src"],
            "card": ctx["card"],
            "ctl": ctx["ctl"],
            "ops": op["do"],
            "ctx": extra,
        }
    )


def later_items(g: G, at: str, combat: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Take the effects waiting for `at` (they happen once)."""
    if at == "after combat":
        return list((combat or {}).get("after", []))
    return g.s.flags.get("later", {}).pop(at, [])


def fire_later(g: G, at: str, combat: dict[str, Any] | None = None) -> None:
    fire(g, later_items(g, at, combat))


@does("coin")
def _coin(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Flip a coin in plain sight; the steps of the side that came up follow."""
    fixed = next_coin(g.s)
    heads = g.rng().random() < 0.5 if fixed is None else fixed
    g.emit("coin", seat=ctx["ctl"], heads=heads, card=ctx["card"])
    run_effect(g, op.get("heads" if heads else "tails", []), ctx)


vocab.add_op("later", ("at", "do"), nested=("do",))
vocab.add_op("coin", ("heads", "tails"), nested=("heads", "tails"))

"""Split damage: N damage divided as the player chooses among up to `max` targets (Ember Sparks, Burning Volley).

The player hands out the damage one point at a time (`choose X` per point, the same target again for more),
so any division is one short sequence of ordinary choices. A new target is targeted when it first gets a
point (resist is paid once; an Illusion dies and its point is lost, though it was one of the targets); an
opponent's flagbearer must get the first point if it can be targeted, after which the flagbearer rule is
satisfied (one share is enough, ruling). Every target must get at least one point, so there are never more
targets than points. The
damage lands on every target at the same moment once all points are given out. Damage statics of the
controller (Hotter Fire) raise the total, not the number of targets.

`{"op": "split damage", "n": 3, "max": 3, "among": selector, "target": true}`; no `max` means as many
targets as there are points.
"""

from __future__ import annotations

from typing import Any

from engine.codex import vocab
from engine.codex.ctx import G
from engine.codex.effects import candidates, damage, damage_bonus, does, on_target, resumer, source_in_play
from engine.codex.prompts import asked
from engine.codex.stats import Q, Ref


@does("split damage")
def _split_damage(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    total = op.get("n", 1) + damage_bonus(g, Q(g.s, g.cat), ctx)
    pending = {"op": op, "ctx": ctx, "left": total, "max": op.get("max", total), "shares": [], "lost": 0}
    _next(g, pending)


def _options(g: G, pending: dict[str, Any]) -> list[Ref]:
    """Targets that may take the next point: those already chosen, and new ones while there is room."""
    op, ctx = pending["op"], pending["ctx"]
    chosen = [ref for ref, _n in pending["shares"]]
    # A flagbearer holding a share meets the flagbearer rule; until then `candidates` offers only it.
    free = bool(ctx.get("fb_free")) or any(ref in ctx.get("fb", []) for ref in chosen)
    found: list[Ref] = []
    # A target that died as it was targeted (an Illusion) still took up one of the `max` targets.
    if len(chosen) + pending.get("lost", 0) < pending["max"]:
        found = candidates(g, op["among"], dict(ctx, fb_free=free), bool(op.get("target")))
    return [r for r in chosen if _present(g, r)] + [r for r in found if r not in chosen]


def _present(g: G, ref: Ref) -> bool:
    if isinstance(ref, int):
        return ref in g.s.things
    return ref in g.fixed_buildings(int(ref.split(":")[0]))


def _next(g: G, pending: dict[str, Any]) -> None:
    """Hand out points until a real choice is needed or none are left; then deal the damage."""
    while pending["left"] > 0:
        options = _options(g, pending)
        if not options:
            break
        if len(options) > 1:
            g.ask(
                "split",
                options,
                asked("split", left=pending["left"]),
                **pending,
            )
            return
        _give(g, pending, options[0])
    _deal(g, pending)


def _give(g: G, pending: dict[str, Any], ref: Ref) -> None:
    pending["left"] -= 1
    shares = pending["shares"]
    for share in shares:
        if share[0] == ref:
            share[1] += 1
            return
    if not pending["op"].get("target") or on_target(g, ref, pending["ctx"]):
        shares.append([ref, 1])
    else:
        pending["lost"] = pending.get("lost", 0) + 1


@resumer("split")
def resume_split(g: G, pending: dict[str, Any], choice: Any) -> None:
    state = {k: pending[k] for k in ("op", "ctx", "left", "max", "shares")}
    state["lost"] = pending.get("lost", 0)
    _give(g, state, choice)
    _next(g, state)


def _deal(g: G, pending: dict[str, Any]) -> None:
    ctx = pending["ctx"]
    qq = Q(g.s, g.cat)
    src = source_in_play(g, ctx)
    for ref, n in pending["shares"]:
        if _present(g, ref):
            damage(g, ref, n, qq=qq, src=src)


vocab.add_op("split damage", ("n", "max", "among"))

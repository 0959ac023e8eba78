"""Hooks for Green cards whose abilities are more than the effect vocabulary can say (see docs/codex/rules.md)."""

from __future__ import annotations

from typing import Any

from engine.codex import ops_cards, vocab  # noqa: F401  (ops_cards: "put into play", which Green data uses)
from engine.codex.combat import ATTACK_BANS, EXCESS_TO_BASE
from engine.codex.ctx import G
from engine.codex.effects import DOERS, candidates, condition_of, does, hook, on_target, resumer, things_of, until_of
from engine.codex.ops_workers import trash_workers
from engine.codex.prompts import asked
from engine.codex.seats import friendly, teammates
from engine.codex.state import Mod, State, Thing
from engine.codex.stats import PATROL_BANS, Q, Ref, while_condition
from engine.codex.zones import INSTANT_BUILD, finish_building

vocab.add_op("build instantly")


@does("build instantly")
def _build_instantly(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Verdant Tree: this turn the controller's tech buildings are operational as soon as they are built.

    A tech building already under construction this turn finishes at once too: it is being built this turn.
    """
    seat = ctx["ctl"]
    seats = g.s.flags.setdefault(INSTANT_BUILD, [])
    if seat not in seats:
        seats.append(seat)
    for b in g.p(seat).tech:
        finish_building(g, seat, b)


# ---------------------------------------------------------------------------------------- conditions

vocab.add_word("condition", "it is a unit or hero")
vocab.add_word("while", "five growth runes", "you have a feral hero")


@condition_of("it is a unit or hero")
def _it_is_a_fighter(g: G, ctx: dict[str, Any]) -> bool:
    """Blooming Ancient: the thing that just arrived (`it`) is a unit or a hero, not a building or a spell."""
    t = g.s.things.get(ctx.get("it", 0))
    return t is not None and g.card(t).is_fighter_card


@while_condition("five growth runes")
def _five_growth_runes(q: Q, src: Thing, ab: dict[str, Any]) -> bool:
    """Might of Leaf and Claw: its +5/+5 counts while it has at least five growth runes."""
    return src.marks.get("growth", 0) >= 5


@while_condition("you have a feral hero")
def _feral_hero(q: Q, src: Thing, ab: dict[str, Any]) -> bool:
    """Stalking Tiger: while its controller controls a Feral hero."""
    return any(
        t.ctrl == src.ctrl and q.card(t).type == "hero" and q.card(t).facts.spec == "feral" for t in q.s.things.values()
    )


# --------------------------------------------------------------------------------------------- steps

vocab.add_op("gold per", ("count", "per"))


@does("gold per")
def _gold_per(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Gain 1 gold per `per` things matching selector `count` (rounded down; Galina Glimmer counts herself)."""
    qq = Q(g.s, g.cat)
    n = sum(1 for uid in g.s.things if qq.match(op["count"], uid, ctx["ctl"], ctx["src"], None))
    if n // op.get("per", 1):
        g.gain_gold(ctx["ctl"], n // op.get("per", 1))


@hook("blooming elm")
def _blooming_elm(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Blooming Elm: a unit without a +1/+1 rune gets three, a hero without one gets one. The target may
    already have one (ruling): then nothing is added."""
    t = g.s.things.get(ctx["bind"].get("elm") or 0)
    if t is None or t.runes > 0:
        return
    n = 1 if g.card(t).type == "hero" else 3
    DOERS["rune"](g, {"op": "rune", "rune": "+1/+1", "n": n}, ctx, [t.uid])


@hook("defect to strongest")
def _defect_to_strongest(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Dothram Horselord's upkeep: if one player's units and heroes have more total ATK than every other
    player's, the Horselord comes under that player's control (it counts itself, for whoever has it)."""
    t = g.s.things.get(ctx["src"])
    if t is None:
        return
    qq = Q(g.s, g.cat)
    totals = [0] * len(g.s.players)
    for u in g.s.things.values():
        if qq.card(u).is_fighter_card:
            totals[u.ctrl] += qq.atk(u)
    best = max(totals)
    if totals.count(best) != 1:
        return
    strongest = totals.index(best)
    if strongest != t.ctrl:
        DOERS["steal"](g, {"op": "steal"}, dict(ctx, ctl=strongest), [t.uid])


@hook("stampede")
def _stampede(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Stampede: this turn, the excess combat damage your units (those in play now) deal to units and heroes
    goes to that player's base instead of wherever overpower would send it."""
    mine = g.s.flags.setdefault(EXCESS_TO_BASE, [])
    for uid, t in sorted(g.s.things.items()):
        if t.ctrl == ctx["ctl"] and g.card(t).is_unit and [uid, t.stamp] not in mine:
            mine.append([uid, t.stamp])


vocab.add_op("form", ("into", "until"))


@does("form")
def _form(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Polymorph: Squirrel: each target takes card `into`'s printed face until `until` (see Catalog.form).

    Not a new thing: nothing arrives, and runes, damage and attachments stay. One-time effects it had are
    lost; those that come later apply (ruling). Lethal damage now shows as a death in the next check."""
    mod = Mod(until=until_of(op, ctx), src=ctx.get("src", 0), form=op["into"])
    stampeding = g.s.flags.get(EXCESS_TO_BASE, [])
    for t in things_of(g, refs):
        before = g.shown(t.uid)
        t.mods = [mod]
        # Stampede's excess rule was one of those one-time effects too.
        stampeding[:] = [e for e in stampeding if e[0] != t.uid]
        g.emit("form", uid=t.uid, into=g.cat[op["into"]].name, was=before)


# ------------------------------------------------------------------------------------------ Moment's Peace

PEACE = "moment's peace"
"""Player mark: the caster's turn count when it was cast; it holds until their next turn begins."""


def at_peace(s: State, seat: int) -> bool:
    p = s.players[seat]
    return p.marks.get(PEACE) == p.turns


@hook("moment's peace")
def _moments_peace(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Until the caster's next turn, their units can't patrol and opposing units can't attack them."""
    p = g.p(ctx["ctl"])
    p.marks[PEACE] = p.turns
    g.emit("peace", seat=ctx["ctl"])


def _peace_now(q: Q) -> bool:
    """Is any player at peace? Looked at once per Q: the bans below are asked for every fighter, attacker and
    target whenever moves are listed, and mostly nobody is."""
    got = q.memo.get(PEACE)
    if got is None:
        got = q.memo[PEACE] = any(at_peace(q.s, p.seat) for p in q.s.players)
    return bool(got)


def _no_patrol_at_peace(q: Q, t: Thing) -> bool:
    return _peace_now(q) and q.card(t).is_unit and at_peace(q.s, t.ctrl)


def _no_attack_at_peace(g: G, q: Q, a: Thing, ref: Ref, d: int) -> bool:
    """Units only: an opposing hero may still attack. "You" is everything the caster controls, and their
    base: in 2v2 the team's shared base, but not what the partner controls (ruling)."""
    if not _peace_now(q) or not q.card(a).is_unit:
        return False
    shared_base = isinstance(ref, str) and ref.endswith(":base")
    # A loop, not any(): asked for every attacker and target whenever attacks are listed.
    for s in teammates(g.s, d) if shared_base else (d,):  # noqa: SIM110
        if at_peace(g.s, s) and not friendly(g.s, s, a.ctrl):
            return True
    return False


PATROL_BANS.append(_no_patrol_at_peace)
ATTACK_BANS.append(_no_attack_at_peace)


# ------------------------------------------------------------------------------------------ Tyrannosaurus Rex


@hook("rex")
def _rex(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Tyrannosaurus Rex arrives: it destroys at most two things, units, upgrades or workers in any mix (ruling)."""
    ask_rex(g, ctx, [], [])


def _rex_options(g: G, ctx: dict[str, Any], things: list[int], workers: list[int]) -> list[Any]:
    sel = {"kind": ["unit", "upgrade"], "not": ["_chosen"]}
    ctx2 = dict(ctx, bind=dict(ctx["bind"], _chosen=list(things)))
    # One flagbearer among the picks is enough (as for any multi-pick step).
    ctx2["fb_free"] = any(u in ctx.get("fb", []) for u in things)
    found: list[Any] = candidates(g, sel, ctx2, True)
    if found == candidates(g, sel, dict(ctx2, fb_free=True), True):
        # No flagbearer to honour first (it would leave only itself).
        # A worker is a worker: the choice is whose, never which one (ruling).
        found += [f"p{s + 1} worker" for s in range(len(g.s.players)) if g.p(s).workers > workers.count(s)]
    return found


def ask_rex(g: G, ctx: dict[str, Any], things: list[int], workers: list[int]) -> None:
    options = _rex_options(g, ctx, things, workers) if len(things) + len(workers) < 2 else []
    if not options:
        _rex_destroy(g, ctx, things, workers)
        return
    g.ask(
        "rex",
        [*options, "done"],
        asked("rex"),
        ctx=ctx,
        things=things,
        workers=workers,
    )


@resumer("rex")
def _resume_rex(g: G, pending: dict[str, Any], choice: Any) -> None:
    ctx, things, workers = pending["ctx"], list(pending["things"]), list(pending["workers"])
    if choice == "done":
        _rex_destroy(g, ctx, things, workers)
        return
    if isinstance(choice, str):
        workers.append(int(choice.split()[0][1:]) - 1)
    elif on_target(g, choice, ctx):
        things.append(choice)
    ask_rex(g, ctx, things, workers)


def _rex_destroy(g: G, ctx: dict[str, Any], things: list[int], workers: list[int]) -> None:
    DOERS["destroy"](g, {"op": "destroy"}, ctx, list(things))
    for seat in sorted(set(workers)):
        # Destroying a worker trashes it (ruling); which face-down card goes is left to chance.
        trash_workers(g, seat, workers.count(seat))

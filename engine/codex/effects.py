"""The interpreter for ability data: effect steps ("ops"), targets, triggers and the choices they need.

An effect is a list of steps run one per task, so that deaths and triggers settle between steps and a
step that needs a decision can stop the game in an ordinary state (`pending`) and resume later.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from engine.codex import vocab
from engine.codex.ctx import G, handler
from engine.codex.prevention import Hit, prevent
from engine.codex.prompts import asked, target
from engine.codex.seats import base_seat, seat_name
from engine.codex.state import Mod, Thing
from engine.codex.stats import Q, Ref, selector_test
from engine.codex.zones import (
    destroy,
    destroy_together,
    enter_play,
    exhaust,
    fire,
    leave_play,
    leave_together,
    listeners,
    summon_tokens,
)

Hook = Callable[[G, dict[str, Any], dict[str, Any]], None]
HOOKS: dict[str, Hook] = {}
"""Named pieces of code for the few abilities the vocabulary cannot say."""

Resumer = Callable[[G, dict[str, Any], Any], None]
RESUME: dict[str, Resumer] = {}
"""Pending-choice kind -> what to do with the chosen option."""


def hook(name: str) -> Callable[[Hook], Hook]:
    def register(fn: Hook) -> Hook:
        HOOKS[name] = fn
        return fn

    return register


def resumer(kind: str) -> Callable[[Resumer], Resumer]:
    def register(fn: Resumer) -> Resumer:
        RESUME[kind] = fn
        return fn

    return register


def new_ctx(src: int, card: str, ctl: int, **extra: Any) -> dict[str, Any]:
    return {"src": src, "card": card, "ctl": ctl, "bind": {}, **extra}


def run_effect(g: G, ops: list[dict[str, Any]], ctx: dict[str, Any]) -> None:
    if ops:
        g.push({"t": "ops", "ops": ops, "i": 0, "ctx": ctx})


# -------------------------------------------------------------------------------------------- targets


def can_target(g: G, qq: Q, ref: Ref, seat: int, paid: int = 0) -> bool:
    """May `seat` target `ref` with a spell or ability now (untargetable, invisibility, resist gold)?"""
    if isinstance(ref, str):
        return True
    t = g.s.things[ref]
    kw = qq.kw(t)
    if "untargetable" in kw:
        return False
    if not g.friendly(t.ctrl, seat):
        if "invisible" in kw and not qq.patrolling(t) and not detected(g, qq, seat, t):
            return False
        if kw.get("resist", 0) + paid > g.p(seat).gold:
            return False
    return True


def detected(g: G, qq: Q, seat: int, t: Thing) -> bool:
    """Is `t` (stealthy or invisible) revealed to `seat`: a detector of theirs, or their tower this turn."""
    if t.uid in g.s.flags.get("detected", {}).get(str(seat), []):
        return True
    return any(o.ctrl == seat and "detector" in qq.kw(o) for o in g.s.things.values())


TargetBan = Callable[[G, Q, Thing, dict[str, Any]], bool]
TARGET_BANS: list[TargetBan] = []
"""Tests that forbid the effect running in `ctx` to target a thing, beyond the keywords `can_target` knows
(e.g. Nullcraft: no Buff or Debuff spell may target it)."""


def target_banned(g: G, qq: Q, ref: Ref, ctx: dict[str, Any]) -> bool:
    if isinstance(ref, str) or not TARGET_BANS:
        return False
    t = g.s.things.get(ref)
    return t is not None and any(ban(g, qq, t, ctx) for ban in TARGET_BANS)


def targeter(ctx: dict[str, Any]) -> int:
    """The player who targets for an effect: its controller, unless the card names another player as the one
    doing it (Orpal Gloor's max band: "the active player puts"). Resist, invisibility and flagbearers are
    judged from that player, who pays the resist."""
    return int(ctx.get("targeter", ctx["ctl"]))


def candidates(g: G, sel: dict[str, Any], ctx: dict[str, Any], targeting: bool) -> list[Ref]:
    qq = g.stats()
    seat, src, binds = ctx["ctl"], ctx.get("src", 0), ctx.get("bind", {})
    aims = targeter(ctx)
    out: list[Ref] = []
    for uid in sorted(g.s.things):
        if qq.match(sel, uid, seat, src, binds) and (
            not targeting or (can_target(g, qq, uid, aims) and not target_banned(g, qq, uid, ctx))
        ):
            out.append(uid)
    kinds = sel.get("kind", ())
    if "building" in kinds or "base" in kinds:
        for s in range(len(g.s.players)):
            for ref in g.fixed_buildings(s):
                if qq.match(sel, ref, seat, src, binds):
                    out.append(ref)
    if targeting and not ctx.get("fb_free"):
        # An opponent's flagbearer must be targeted if it can be. Each step of an effect looks again, but a
        # flagbearer already targeted by this effect does not bind the later steps (Final Smash ruling).
        done = ctx.get("fb", [])
        flags = [
            r
            for r in out
            if isinstance(r, int)
            and r not in done
            and not g.friendly(g.s.things[r].ctrl, aims)
            and qq.is_flagbearer(g.s.things[r])
        ]
        if flags:
            out = flags
    return out


def on_target(g: G, ref: Ref, ctx: dict[str, Any]) -> bool:
    """Pay for and react to becoming a target. False if the target is gone (an Illusion dies)."""
    if isinstance(ref, str):
        return True
    t = g.s.things.get(ref)
    if t is None:
        return False
    qq = Q(g.s, g.cat)
    seat = targeter(ctx)
    # Who controlled each thing this effect targeted ("its controller" once it has died of it: Shadow Blade).
    ctx.setdefault("targeted", {})[str(t.uid)] = t.ctrl
    if not g.friendly(t.ctrl, seat):
        resist = qq.kw(t).get("resist", 0)
        if resist:
            g.p(seat).gold -= resist
            g.emit("resist", seat=seat, uid=ref, n=resist)
        if qq.is_flagbearer(t):
            ctx.setdefault("fb", []).append(t.uid)
    if qq.is_illusion(t) and not qq.ruled(t, "illusion survives targeting"):
        destroy(g, t, how="illusion targeted")
        return False
    targeted_triggers(g, qq, t)
    return t.uid in g.s.things


def targeted_triggers(g: G, qq: Q, t: Thing) -> None:
    """ "Is targeted" abilities happen at once, before the rest of the targeting effect (Smoker ruling).

    They run inline, not through the queue, so they may not stop for a choice."""
    for key, ab in qq.abilities(t):
        if "is targeted" not in ab.get("on", ()):
            continue
        ctx = new_ctx(t.uid, t.card, t.ctrl, key=key, it=t.uid)
        for op in ab["do"]:
            if exec_op(g, op, ctx):
                raise ValueError(f"{t.card}: an 'is targeted' effect may not ask for a choice")


def fixed_refs(g: G, to: str, ctx: dict[str, Any]) -> list[Ref]:
    if to == "self":
        return [ctx["src"]] if ctx["src"] in g.s.things else []
    if to == "defender base":
        return [f"{base_seat(g.s, opponent(g, ctx))}:base"]
    if to == "your base":
        return [f"{base_seat(g.s, ctx['ctl'])}:base"]
    if to == "attack target":
        target = ctx.get("target")
        return [target] if target is not None else []
    if to == "caster":
        caster = ctx.get("caster", 0)
        return [caster] if caster in g.s.things else []
    if to == "it":
        it = ctx.get("it")
        return [it] if it in g.s.things else []
    extra = REFS.get(to)
    if extra is not None:
        return extra(g, ctx)
    raise ValueError(f"unknown reference {to!r}")


HAS_WORK: dict[str, Callable[[G, dict[str, Any], dict[str, Any]], bool]] = {}
"""Step name -> does it find anything to act on now? For steps that make their own choice instead of a
`pick` (the `targetless` option then treats them like a pick with no candidate)."""


def open_modes(g: G, op: dict[str, Any], ctx: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of a "choose one" step a player may pick: under `targetless: forbid`, only those that
    find something to act on (all of them if none does, so the step still resolves)."""
    options: list[dict[str, Any]] = op["options"]
    if g.opt("targetless") != "forbid":
        return options
    return [o for o in options if not pick_shortfall(g, o["do"], ctx)] or options


def _modes_have_work(g: G, op: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return any(not pick_shortfall(g, o["do"], ctx) for o in op["options"])


RefOf = Callable[[G, dict[str, Any]], list[Ref]]
REFS: dict[str, RefOf] = {}
"""Named fixed targets beyond the core ones (`"to": "active base"`). Add one with `ref_of` (and
`vocab.add_word("ref", name)`)."""


def ref_of(name: str) -> Callable[[RefOf], RefOf]:
    def register(fn: RefOf) -> RefOf:
        REFS[name] = fn
        return fn

    return register


@ref_of("active base")
def _active_base(g: G, ctx: dict[str, Any]) -> list[Ref]:
    """The base of the player whose turn it is ("that player's base" for things dying on their turn)."""
    return [f"{base_seat(g.s, g.s.active)}:base"]


def pick_shortfall(g: G, ops: list[dict[str, Any]], ctx: dict[str, Any]) -> bool:
    """True when an effect would do nothing at all: every step is a targeted pick with too few targets.

    Used to refuse spells and activated abilities that have no legal target (option targetless_spells).
    """
    qq_ctx = dict(ctx, bind={})
    any_pick = False
    for op in ops:
        to = op.get("to")
        work = HAS_WORK.get(op["op"])
        if work is not None:
            # A step that chooses among things the selectors cannot list (e.g. cards in the future).
            any_pick = True
            if work(g, op, qq_ctx):
                return False
            continue
        if isinstance(to, dict) and "bound" in to:
            continue  # works on what an earlier step picked: it needs that target too
        if op["op"] == "if":
            continue  # "if it died / if you do" only follows up an earlier step
        if not (isinstance(to, dict) and "pick" in to):
            return False
        any_pick = True
        need = to.get("n", 1) if op["op"] == "link" else 1
        if len(candidates(g, to["pick"], qq_ctx, bool(to.get("target")))) >= need:
            return False
    return any_pick


# ---------------------------------------------------------------------------------------- op runner


@handler("ops")
def run_ops(g: G, task: dict[str, Any]) -> None:
    ops, i, ctx = task["ops"], task["i"], task["ctx"]
    if i >= len(ops):
        return
    op = ops[i]
    if needs_opponent(g, op, ctx):
        # "The opponent" is one of several (2v2, free-for-all): the active player says which, then the step
        # runs (and every later step of this effect means the same opponent).
        foes = g.enemies(ctx["ctl"])
        g.ask("opponent", [seat_name(x) for x in foes], asked("opponent"), cont=[ops, i], ctx=ctx)
        return
    if i + 1 < len(ops):
        g.push({"t": "ops", "ops": ops, "i": i + 1, "ctx": ctx})
    if exec_op(g, op, ctx):
        # Stopped for a decision: the rest of the effect waits inside the pending choice.
        cont = g.s.queue.pop(0) if i + 1 < len(ops) else None
        g.s.pending["cont"] = [cont["ops"], cont["i"]] if cont else None
        g.s.pending["ctx"] = ctx
        if g.on_turn(ctx["ctl"]):
            # 2v2: both partners are active players; each decides what their own effects ask.
            g.s.pending["seat"] = ctx["ctl"]


PLAYER_KEYS: dict[str, tuple[str, str]] = {"summon": ("for", "you")}
"""Steps that can act on one opponent (a token for the opponent, the opponent discards, gold taken from the
opponent): step name -> (the key naming the player, its default). When the key says "opponent" and there
are several (2v2, free-for-all), the active player picks one before the step runs, and the step's code reads
it with `opponent(g, ctx)`. Register with `one_opponent(step, key, default)`."""

ONE_OPPONENT_HOOKS: set[str] = set()
"""Named hooks that act on "the opponent" (`one_opponent("hook:<name>")`)."""


def one_opponent(name: str, key: str = "", default: str = "you") -> None:
    if name.startswith("hook:"):
        ONE_OPPONENT_HOOKS.add(name[5:])
    else:
        PLAYER_KEYS[name] = (key, default)


def needs_opponent(g: G, op: dict[str, Any], ctx: dict[str, Any]) -> bool:
    if "opponent" in ctx or "defender" in ctx:
        return False
    name = op["op"]
    if name == "hook":
        wanted = op.get("name") in ONE_OPPONENT_HOOKS
    else:
        key, default = PLAYER_KEYS.get(name, ("", ""))
        wanted = bool(key) and op.get(key, default) == "opponent"
    return wanted and len(g.enemies(ctx["ctl"])) > 1


def opponent(g: G, ctx: dict[str, Any]) -> int:
    """The opponent an effect is about: the one the active player picked, else the player being attacked
    (an attack's own effects), else the only opponent there is."""
    if "opponent" in ctx:
        return int(ctx["opponent"])
    if "defender" in ctx:
        return int(ctx["defender"])
    return g.opp(ctx["ctl"])


@resumer("opponent")
def resume_opponent(g: G, pending: dict[str, Any], choice: Any) -> None:
    pending["ctx"]["opponent"] = int(str(choice)[1:]) - 1
    _continue(g, pending)


def _continue(g: G, pending: dict[str, Any]) -> None:
    cont = pending.get("cont")
    if cont:
        g.push({"t": "ops", "ops": cont[0], "i": cont[1], "ctx": pending["ctx"]})


def exec_op(g: G, op: dict[str, Any], ctx: dict[str, Any]) -> bool:
    """Run one step. Returns True if it stopped for a choice (g.s.pending is then set)."""
    name = op["op"]
    if name == "may":
        g.ask("may", ["yes", "no"], question(op.get("ask", "")), op=op)
        return True
    if name == "choose one":
        available = modes(g, op, ctx)
        if not available:
            return False
        if len(available) == 1 and len(op["options"]) > 1:
            run_effect(g, available[0]["do"], ctx)  # the only mode that can do anything
            return False
        g.ask("mode", [o["label"] for o in available], asked("mode"), op=op)
        return True
    if name == "if":
        branch = op["do"] if condition(g, op["cond"], ctx) else op.get("else", [])
        run_effect(g, branch, ctx)
        return False
    to = op.get("to", "self")
    if isinstance(to, dict) and "pick" in to:
        targeting = bool(to.get("target"))
        cands = candidates(g, to["pick"], ctx, targeting)
        n = to.get("n", 1)
        if not cands or (name == "link" and len(cands) < n):
            g.emit("no_target", card=ctx["card"])
            if name == "attach":
                finish(g, op, ctx, [])  # an ongoing spell with nothing to attach to goes to the discard
            return False
        if not to.get("up_to") and len(cands) <= n:
            chosen = [r for r in cands if not targeting or on_target(g, r, ctx)]
            finish(g, op, ctx, chosen)
            return False
        g.ask("pick", cands, target(op), op=op, chosen=[], n=n, up_to=bool(to.get("up_to")))
        return True
    if isinstance(to, dict) and "each" in to:
        refs = candidates(g, to["each"], ctx, False)
    elif isinstance(to, dict) and "bound" in to:
        value = ctx["bind"].get(to["bound"])
        refs = value if isinstance(value, list) else ([value] if value is not None else [])
    else:
        refs = fixed_refs(g, to, ctx)
        if op.get("target"):
            qq = Q(g.s, g.cat)
            refs = [
                r
                for r in refs
                if can_target(g, qq, r, targeter(ctx)) and not target_banned(g, qq, r, ctx) and on_target(g, r, ctx)
            ]
    finish(g, op, ctx, refs)
    return False


def modes(g: G, op: dict[str, Any], ctx: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of a "choose one" step that may be chosen now: the open ones (`open_modes`) whose condition
    holds; and when some of them could target an opponent's flagbearer, only those (the flagbearer binds the
    whole spell)."""
    found = [o for o in open_modes(g, op, ctx) if "if" not in o or condition(g, o["if"], ctx)]
    binding = [o for o in found if _targets_a_flagbearer(g, o["do"], ctx)]
    return binding or found


def _targets_a_flagbearer(g: G, ops: list[dict[str, Any]], ctx: dict[str, Any]) -> bool:
    for op in ops:
        to = op.get("to")
        if isinstance(to, dict) and "pick" in to and to.get("target"):
            qq = Q(g.s, g.cat)
            return any(
                isinstance(r, int)
                and not g.friendly(g.s.things[r].ctrl, targeter(ctx))
                and qq.is_flagbearer(g.s.things[r])
                for r in candidates(g, to["pick"], ctx, True)
            )
    return False


def question(text: str) -> str:
    """ "put X on top of your deck" -> "Put X on top of your deck?" """
    text = text.strip().rstrip(".")
    if not text:
        return asked("do it")
    return text[0].upper() + text[1:] + ("" if text.endswith("?") else "?")


@resumer("pick")
def resume_pick(g: G, pending: dict[str, Any], choice: Any) -> None:
    op, ctx = pending["op"], pending["ctx"]
    chosen: list[Ref] = pending["chosen"]
    to = op["to"]
    # A pick counts even when its target is gone at once (an Illusion dies as it is targeted): that share of
    # the step is spent, it is not picked again (Insurance Agent ruling).
    picked = pending.get("picked", len(chosen))
    if choice != "done":
        picked += 1
        if not to.get("target") or on_target(g, choice, ctx):
            chosen.append(choice)
    n = pending["n"]
    if choice != "done" and picked < n:
        ctx2 = dict(ctx, bind=dict(ctx["bind"], _chosen=list(chosen)))
        # One flagbearer among the picks of a single step is enough (split-damage ruling).
        ctx2["fb_free"] = any(c in ctx.get("fb", []) for c in chosen)
        sel = dict(to["pick"])
        sel["not"] = [*sel.get("not", []), "_chosen"]
        more = candidates(g, sel, ctx2, bool(to.get("target")))
        if more:
            options = more + (["done"] if pending["up_to"] else [])
            g.s.pending = dict(pending, options=options, chosen=chosen, picked=picked)
            return
    _continue(g, pending)
    finish(g, op, ctx, chosen)


@resumer("may")
def resume_may(g: G, pending: dict[str, Any], choice: Any) -> None:
    _continue(g, pending)
    if choice == "yes":
        run_effect(g, pending["op"]["do"], pending["ctx"])


HAS_WORK["choose one"] = _modes_have_work


@resumer("mode")
def resume_mode(g: G, pending: dict[str, Any], choice: Any) -> None:
    _continue(g, pending)
    for opt in pending["op"]["options"]:
        if opt["label"] == choice:
            run_effect(g, opt["do"], pending["ctx"])


Condition = Callable[[G, dict[str, Any]], bool]
CONDITIONS: dict[str, Condition] = {}
"""Condition name -> its test, seen from the effect's context. Add one with `condition_of` (and
`vocab.add_word("condition", name)`)."""


def condition_of(name: str) -> Callable[[Condition], Condition]:
    def register(fn: Condition) -> Condition:
        CONDITIONS[name] = fn
        return fn

    return register


ArgCondition = Callable[[G, dict[str, Any], Any], bool]
ARG_CONDITIONS: dict[str, ArgCondition] = {}
"""Conditions written `{"name": argument}` (e.g. `{"you have": selector}`). Add one with `condition_with_arg`
(and `vocab.add_word("arg condition", name)`)."""


def condition_with_arg(name: str) -> Callable[[ArgCondition], ArgCondition]:
    def register(fn: ArgCondition) -> ArgCondition:
        ARG_CONDITIONS[name] = fn
        return fn

    return register


def condition(g: G, cond: str | dict[str, Any], ctx: dict[str, Any]) -> bool:
    if isinstance(cond, dict):
        ((name, arg),) = cond.items()
        arg_test = ARG_CONDITIONS.get(name)
        if arg_test is None:
            raise ValueError(f"unknown condition {name!r}")
        return arg_test(g, ctx, arg)
    test = CONDITIONS.get(cond)
    if test is None:
        raise ValueError(f"unknown condition {cond!r}")
    return test(g, ctx)


@condition_of("played spell this turn")
def _played_spell(g: G, ctx: dict[str, Any]) -> bool:
    return g.s.flags.get("spells", {}).get(str(ctx["ctl"]), 0) > 0


@condition_of("hand empty")
def _hand_empty(g: G, ctx: dict[str, Any]) -> bool:
    return not g.p(ctx["ctl"]).hand


@condition_of("your turn")
def _your_turn(g: G, ctx: dict[str, Any]) -> bool:
    return g.on_turn(ctx["ctl"])


@condition_of("sacrificed")
def _did_sacrifice(g: G, ctx: dict[str, Any]) -> bool:
    """ "If you do": an earlier sacrifice step of this effect sacrificed something."""
    return ctx["bind"].get("_sacrificed", 0) > 0


@condition_of("boosted")
def _boosted(g: G, ctx: dict[str, Any]) -> bool:
    return bool(ctx.get("boosted"))


@condition_of("this is in play")
def _self_in_play(g: G, ctx: dict[str, Any]) -> bool:
    return ctx.get("src", 0) in g.s.things


@condition_of("killed a patroller")
def _killed_patroller(g: G, ctx: dict[str, Any]) -> bool:
    return ctx.get("slot", -1) >= 0


@condition_of("killed a scavenger")
def _killed_scavenger(g: G, ctx: dict[str, Any]) -> bool:
    return ctx.get("slot", -1) == 2


@condition_of("killed a technician")
def _killed_technician(g: G, ctx: dict[str, Any]) -> bool:
    return ctx.get("slot", -1) == 3


@condition_with_arg("you have")
def _you_have(g: G, ctx: dict[str, Any], sel: dict[str, Any]) -> bool:
    """Something in play fits `sel`, seen from the effect's controller (`side` as in a target)."""
    qq = Q(g.s, g.cat)
    return any(qq.match(sel, uid, ctx["ctl"], ctx.get("src", 0), ctx.get("bind")) for uid in g.s.things)


@condition_with_arg("workers at least")
def _workers_at_least(g: G, ctx: dict[str, Any], n: int) -> bool:
    return g.p(ctx["ctl"]).workers >= n


@condition_with_arg("destroyed")
def _destroyed(g: G, ctx: dict[str, Any], name: str) -> bool:
    """The thing or building bound as `name` was there and is gone now (fell, or was destroyed)."""
    ref = ctx["bind"].get(name)
    if ref is None:
        return False
    if isinstance(ref, str):
        seat = int(ref.split(":")[0])
        return ref not in g.fixed_buildings(seat) or g.s.result is not None
    return ref not in g.s.things


# ------------------------------------------------------------------------------------------ the ops


@contextmanager
def damage_batch(g: G, refs: list[Ref]) -> Iterator[None]:
    """While damage is dealt to several things at once, `flags["damage batch"]` lists them (a preventer that
    picks one of several hit at once at random, Sentry, looks there)."""
    g.s.flags["damage batch"] = [r for r in refs if isinstance(r, int)]
    try:
        yield
    finally:
        g.s.flags.pop("damage batch", None)


def damage(
    g: G,
    ref: Ref,
    n: int,
    *,
    combat: bool = False,
    deathtouch: bool = False,
    piercing: bool = False,
    runes: bool = False,
    by: int | None = None,
    cut: bool = False,
    qq: Q | None = None,
    src: int = 0,
    together: tuple[Hit, ...] = (),
    nth: int = 0,
    ability: bool | None = None,
    source: str | None = None,
) -> int:
    """Deal `n` damage to a thing or building; armor soaks it first unless piercing. Returns damage taken.

    `runes`: what gets through lands on a unit or hero as -1/-1 runes instead of damage (it is still
    damage, combat damage if `combat`). `by`: the seat dealing it, for prevention. `cut`: overpower
    sent the excess elsewhere (see `prevention.Hit`). `together`/`nth`: the hits landing on `ref` at the same
    moment and this one's place among them (see `prevention.Hit`). Prevention comes last.

    `src` is the thing in play dealing it (a unit, hero or building card; 0 for a spell or a building):
    if this damage is what makes the victim's death certain, `src` killed it (the "kills" trigger).
    `ability`: dealt by a spell or ability (by default: whenever it is not combat damage).
    `source`: the building dealing it (a Tower, `"<seat>:addon"`), so the story credits it."""
    if n <= 0:
        return 0
    qq = qq or Q(g.s, g.cat)
    n = prevent(
        g,
        qq,
        Hit(ref, n, combat, deathtouch, piercing, by, cut, together, nth, not combat if ability is None else ability),
    )
    if n <= 0:
        return 0
    if isinstance(ref, str):
        g.set_building_damage(ref, g.building_damage(ref) + n)
        g.emit("damage", ref=ref, n=n, combat=combat, **_credited(source))
        return n
    t = g.s.things.get(ref)
    if t is None:
        return 0
    qq = qq or Q(g.s, g.cat)
    soaked = 0
    if not piercing and qq.card(t).type != "building":
        soaked = min(n, qq.armor_left(t))
        t.armor_used += soaked
    taken = n - soaked
    fighter = qq.card(t).type in ("unit", "token", "hero")
    doomed = t.deathtouched or (t.damage >= qq.hp(t) > 0)
    if runes and fighter:
        t.runes -= taken
        g.emit("rune", uid=t.uid, rune="-1/-1", n=taken)
    else:
        t.damage += taken
    if deathtouch and fighter:
        t.deathtouched = True
    if combat and fighter and (taken or deathtouch):
        # Combat damage hit it (armor alone soaking it does not count; deathtouch does): if it dies at the
        # next check, combat damage killed it (Brave Knight, Gilded Glaxx rulings).
        g.s.flags.setdefault("combat_hit", []).append(t.uid)
    if fighter and (taken or deathtouch) and (t.deathtouched or t.damage >= qq.hp(t)):
        note_killer(g, t.uid, src, doomed)
    g.emit("damage", ref=ref, n=taken, armor=soaked, combat=combat, runes=runes and fighter, **_credited(source))
    return taken


def _credited(source: str | None) -> dict[str, str]:
    """A damage event's `source`, when a building dealt it; nothing otherwise (the events stay as they were)."""
    return {} if source is None else {"source": source}


def note_killer(g: G, victim: int, src: int, doomed: bool) -> None:
    """Remember who dealt the damage that makes `victim` die: the one whose hit made it lethal, or every
    source of a single damage event that hits it together (several hits landing at the same moment). A spell
    (`src` 0) kills for no one; a lethal hit that something undid (a second life) is forgotten by the next
    lethal one, so it never credits a later kill."""
    killers = g.s.flags.setdefault("killers", {})
    if doomed:
        if src:
            killers.setdefault(str(victim), []).append(src)
    else:
        killers[str(victim)] = [src] if src else []


def repair(g: G, ref: Ref, n: int) -> None:
    if isinstance(ref, str):
        before = g.building_damage(ref)
        g.set_building_damage(ref, max(0, before - n))
        if before:
            g.emit("repair", ref=ref, n=before - g.building_damage(ref))
        return
    t = g.s.things.get(ref)
    if t is not None and t.damage:
        healed = min(n, t.damage)
        t.damage -= healed
        g.emit("heal", ref=ref, n=healed)


def sideline(g: G, t: Thing) -> None:
    for p in g.s.players:
        if p.lend:
            p.lend = [x for x in p.lend if x[0] != t.uid]  # no longer theirs to lend
        if t.uid in p.patrol:
            p.patrol[p.patrol.index(t.uid)] = 0
            g.emit("sideline", uid=t.uid)


def until_of(op: dict[str, Any], ctx: dict[str, Any]) -> str:
    until = op.get("until", "turn")
    if until == "next upkeep":
        return f"upkeep:{ctx['ctl']}"
    return until


Doer = Callable[[G, dict[str, Any], dict[str, Any], list[Ref]], None]
DOERS: dict[str, Doer] = {}
"""Step name -> the code that does it to the resolved refs. A colour module adds a step with `does` (and
`vocab.add_op`), so the interpreter never needs a new branch."""


def does(name: str) -> Callable[[Doer], Doer]:
    def register(fn: Doer) -> Doer:
        DOERS[name] = fn
        return fn

    return register


def finish(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Do step `op` to the resolved `refs`."""
    if "as" in op:
        to = op.get("to")
        many = isinstance(to, dict) and to.get("n", 1) > 1
        ctx["bind"][op["as"]] = list(refs) if many else (refs[0] if refs else None)
    doer = DOERS.get(op["op"])
    if doer is None:
        raise ValueError(f"op {op['op']!r} cannot take targets")
    doer(g, op, ctx, refs)


def source_card(g: G, ctx: dict[str, Any]) -> str:
    """The card an effect is printed on: the spell, the card with the ability, or the card granting it."""
    key = str(ctx.get("key", ""))
    if ":" in key and key.rsplit(":", 1)[0] in g.cat:
        return key.rsplit(":", 1)[0]
    return str(ctx.get("card", ""))


def damage_bonus(g: G, qq: Q, ctx: dict[str, Any]) -> int:
    """Extra damage a spell or ability deals, from "damage" statics of its controller (Hotter Fire). An ability
    one card grants another is of the granting card (option `granted_ability_colour`: "granter"), or of the
    thing that has it ("holder"); snapshots older than the option read as the default."""
    holder = g.s.options.get("granted_ability_colour", "granter") == "holder"
    cid = str(ctx.get("card", "")) if holder else source_card(g, ctx)
    return qq.damage_bonus(ctx["ctl"], g.cat[cid]) if cid in g.cat else 0


def source_in_play(g: G, ctx: dict[str, Any]) -> int:
    """The thing in play whose ability this is (0 for a spell: a hero casting it does not deal its damage)."""
    src = ctx.get("src", 0)
    return src if src in g.s.things and not ctx.get("spell") else 0


def things_of(g: G, refs: list[Ref]) -> list[Thing]:
    """The things in play among `refs` (buildings and things that have gone are left out)."""
    return [g.s.things[r] for r in refs if isinstance(r, int) and r in g.s.things]


@does("damage")
def _damage(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    qq = Q(g.s, g.cat)
    n = op.get("n", 1) + damage_bonus(g, qq, ctx)
    with damage_batch(g, refs):
        for r in refs:
            damage(g, r, n, by=ctx["ctl"], qq=qq, src=source_in_play(g, ctx))


@does("repair")
@does("heal")
def _repair(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    for r in refs:
        repair(g, r, op.get("n", 1))


@does("destroy")
def _destroy(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    destroy_together(g, things_of(g, refs))


@does("sacrifice")
def _sacrifice(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    qq = Q(g.s, g.cat)
    doomed = [t for t in things_of(g, refs) if sacrificable(qq, t)]
    ctx["bind"]["_sacrificed"] = ctx["bind"].get("_sacrificed", 0) + len(doomed)
    # The tech level each had as it left, a copy's being what it copies ("one tech higher": Circle of Life).
    ctx["bind"].setdefault("_tech", {}).update({str(t.uid): qq.card(t).tech for t in doomed})
    leave_together(g, doomed, "discard", died=True, how="sacrificed")


def sacrificable(qq: Q, t: Thing) -> bool:
    """Indestructible things, things that can't be sacrificed and things that can't leave play are never
    sacrificed (rulings)."""
    kw = qq.kw(t)
    return "indestructible" not in kw and "can't be sacrificed" not in kw and not qq.stays(t, died=True)


vocab.add_word("selector", "sacrificable", "minus_rune")


@selector_test("sacrificable")
def _sel_sacrificable(qq: Q, want: Any, t: Thing, seat: int, src: int, binds: dict[str, Any] | None) -> bool:
    return sacrificable(qq, t) == want


@selector_test("minus_rune")
def _sel_minus_rune(qq: Q, want: Any, t: Thing, seat: int, src: int, binds: dict[str, Any] | None) -> bool:
    return (t.runes < 0) == want


@does("trash")
def _trash(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    leave_together(g, things_of(g, refs), "trash", died=False, how="trashed")


@does("bounce")
def _bounce(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    # All at once (Rewind): they leave together, as one batch.
    leave_together(g, things_of(g, refs), "hand", died=False, how="returned")


@does("steal")
def _steal(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    for t in things_of(g, refs):
        if t.ctrl != ctx["ctl"]:
            sideline(g, t)
            if op.get("until") == "turn":
                g.s.flags.setdefault("control_until_eot", []).append([t.uid, t.ctrl])
            t.ctrl = ctx["ctl"]
            t.since = g.s.turn
            g.emit("control", uid=t.uid, seat=t.ctrl)


@does("rune")
def _rune(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    for t in things_of(g, refs):
        n = op.get("n", 1)
        if op["rune"] == "+1/+1":
            t.runes += n
        elif op["rune"] == "-1/-1":
            t.runes -= n
        else:
            have = t.marks.get(op["rune"], 0)
            # "limit: N" on a card caps how many of its named runes it holds.
            n = min(n, max(0, op["max"] - have)) if "max" in op else n
            if not n:
                continue
            t.marks[op["rune"]] = have + n
        g.emit("rune", uid=t.uid, rune=op["rune"], n=n)


@does("modify")
def _modify(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    mod = Mod(
        op.get("atk", 0),
        op.get("hp", 0),
        op.get("armor", 0),
        tuple(op.get("kw", ())),
        until_of(op, ctx),
        ctx.get("src", 0),
        sub=tuple(s.lower() for s in op.get("sub", ())),
        stamp=g.tick(),
    )
    for t in things_of(g, refs):
        t.mods.append(mod)
        g.emit("modify", uid=t.uid, atk=mod.atk, hp=mod.hp, armor=mod.armor, kw=list(mod.kw), until=mod.until)


@does("sideline")
def _sideline(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    for t in things_of(g, refs):
        sideline(g, t)


@does("exhaust")
def _exhaust(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    for t in things_of(g, refs):
        exhaust(g, t)


@does("ready")
def _ready(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    for t in things_of(g, refs):
        t.exhausted = False


def disable(g: G, t: Thing) -> None:
    """Exhausted, it skips its next ready step, and it leaves the patrol zone."""
    exhaust(g, t)
    t.skip_ready = True
    sideline(g, t)


@does("disable")
def _disable(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    for t in things_of(g, refs):
        disable(g, t)


@does("skip ready")
def _skip_ready(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    # It stays exhausted through its controller's next ready step (Ready or Not), unlike disable no sideline.
    for t in things_of(g, refs):
        t.skip_ready = True


@does("draw")
def _draw(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """You draw; with `to`, the controller of each thing or building named there draws instead."""
    if "to" not in op:
        g.draw(ctx["ctl"], op.get("n", 1), why=ctx.get("card", ""))
        return
    for r in refs:
        seat = int(r.split(":")[0]) if isinstance(r, str) else g.s.things[r].ctrl if r in g.s.things else None
        if seat is not None:
            g.draw(seat, op.get("n", 1), why=ctx.get("card", ""))


@does("gold")
def _gold(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    g.gain_gold(ctx["ctl"], op.get("n", 1))


@does("summon")
def _summon(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    seat = ctx["ctl"] if op.get("for", "you") == "you" else opponent(g, ctx)
    made = summon_tokens(g, op["token"], seat, op.get("n", 1), op.get("limit", 0))
    if op.get("tied") and ctx.get("src") in g.s.things:
        # Tied to their maker: trashed as soon as it leaves play.
        for uid in made:
            if uid in g.s.things:
                g.s.things[uid].tied.append(ctx["src"])


@does("transform")
def _transform(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    for t in things_of(g, refs):
        before = g.shown(t.uid)
        t.card = op["into"]
        # A new name gets its own copy number, so no two things ever share a label.
        n = g.s.ords.get(t.card, 0) + 1
        g.s.ords[t.card] = n
        printed, owner, _old = g.s.cards[t.uid]
        g.s.cards[t.uid] = (printed, owner, n)
        g.emit("transform", uid=t.uid, into=op["into"], was=before)


@does("attach")
def _attach(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    # An ongoing spell attaches to its target; it goes to the discard when the host leaves play.
    src = g.s.things.get(ctx["src"])
    things = things_of(g, refs)
    if src is not None and things:
        src.attached = things[0].uid
        g.emit("attach", uid=src.uid, target=things[0].uid)
    elif src is not None and refs == []:
        # No target (allowed by `targetless: allow`), or it slipped away as it was targeted (Smoker, an
        # Illusion): nothing to hang on to.
        leave_play(g, src, "discard", died=False, how="nothing to attach to")


@does("link")
def _link(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    src = g.s.things.get(ctx["src"])
    if src is not None and len(refs) >= 2:
        src.links = [r for r in refs if isinstance(r, int)]
        g.emit("link", uid=src.uid, links=list(src.links), links_shown=[g.shown(u) for u in src.links])


@does("spell to deck top")
def _spell_to_deck_top(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    g.s.flags["deck_top"] = ctx["src"]


@does("spell to trash")
def _spell_to_trash(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    g.s.flags.setdefault("spell_trash", []).append(ctx["src"])


# Where the spell goes is no work of its own: "trash X, then trash this card" still needs an X (targetless).
HAS_WORK["spell to trash"] = lambda g, op, ctx: False


@does("hook")
def _hook(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    HOOKS[op["name"]](g, ctx, op.get("args", {}))


# -------------------------------------------------------------------------------------------- triggers


@handler("triggers")
def run_triggers(g: G, task: dict[str, Any]) -> None:
    # An ability whose condition does not hold does not trigger, so it is never offered for ordering. The
    # condition is judged once (some remember what they saw, e.g. "the first such death each turn").
    items = []
    for it in task["items"]:
        if "if" in it and not it.get("checked"):
            if not condition(g, it["if"], _item_ctx(it)):
                continue
            it = dict(it, checked=True)
        items.append(it)
    if not items:
        return
    if "seat" in task:
        g.s.active = task["seat"]  # 2v2: the partner whose effects these are orders them
    if len(items) > 1 and g.opt("trigger_order") == "ask" and len({it["key"] for it in items}) > 1:
        g.ask("order", list(range(len(items))), asked("order"), items=items)
        return
    if len(items) > 1:
        g.push({"t": "triggers", "items": items[1:]})
    start_item(g, items[0])


@resumer("order")
def resume_order(g: G, pending: dict[str, Any], choice: Any) -> None:
    items = pending["items"]
    rest = [it for i, it in enumerate(items) if i != choice]
    if rest:
        g.push({"t": "triggers", "items": rest})
    start_item(g, items[choice])


def _item_ctx(item: dict[str, Any]) -> dict[str, Any]:
    return new_ctx(item["src"], item["card"], item["ctl"], key=item["key"], **item.get("ctx", {}))


def start_item(g: G, item: dict[str, Any]) -> None:
    ctx = _item_ctx(item)
    if "if" in item and not item.get("checked") and not condition(g, item["if"], ctx):
        return
    run_effect(g, item["ops"], ctx)


# ------------------------------------------------------------------------------------------- spells


PlayWatcher = Callable[[G, int, int], None]
PLAY_WATCHERS: list[PlayWatcher] = []
"""Called as `(g, seat, uid)` each time `seat` plays card `uid`, from any zone, once it is paid for (not when
a card is put into play): e.g. Promise of Payment waits for the next card played. Register by appending."""


def card_played(g: G, seat: int, uid: int) -> None:
    for watcher in PLAY_WATCHERS:
        watcher(g, seat, uid)


def cast_spell(g: G, seat: int, uid: int, caster: int = 0, boosted: bool = False) -> None:
    """`seat` plays spell `uid` (already paid for and out of its zone): it counts as a spell played this
    turn, resolves (an ongoing one enters play first), then goes to the discard and spell listeners fire."""
    card = g.card_of(uid)
    card_played(g, seat, uid)
    spells = g.s.flags.setdefault("spells", {})
    spells[str(seat)] = spells.get(str(seat), 0) + 1
    ctx = new_ctx(uid, card.id, seat, caster=caster, boosted=boosted, spell=True)
    if "forecast" in card.kw:
        g.p(seat).future[uid] = card.kw["forecast"]
        g.emit("forecast", seat=seat, uid=uid, runes=card.kw["forecast"])
        return
    if card.ongoing:
        t = enter_play(g, card.id, seat, g.s.cards[uid][1], uid=uid)
        if t is not None and caster and "channeling" in card.kw:
            t.caster = caster
    g.push({"t": "spell_done", "uid": uid, "ctl": seat, "ongoing": card.ongoing})
    run_effect(g, card.data.get("play", []), ctx)


@hook("slot reward")
def slot_reward_paid(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """A patroller died in the scavenger (1 gold) or technician (1 card) slot: its owner gets the reward."""
    if args["slot"] == 2:
        g.gain_gold(ctx["ctl"], 1)
    else:
        g.draw(ctx["ctl"], 1, why="technician")


@handler("spell_done")
def spell_done(g: G, task: dict[str, Any]) -> None:
    """A spell finished resolving: one-shots go to the discard (or the deck top), then what triggered while
    it resolved and the spell listeners fire, as one batch."""
    uid, seat = task["uid"], task["ctl"]
    if not task["ongoing"]:
        owner = g.p(g.s.cards[uid][1])
        if g.s.flags.get("deck_top") == uid:
            owner.deck.append(uid)
            g.s.flags.pop("deck_top", None)
            g.emit("deck_top", seat=seat, uid=uid)
        elif uid in g.s.flags.get("spell_trash", []):
            owner.removed.append(uid)
            g.emit("spell_trashed", seat=seat, uid=uid)
        else:
            owner.discard.append(uid)
        g.s.known.append(uid)  # played face up
    held = task.get("held", [])
    fire(g, held if task.get("quiet") else held + listeners(g, seat, "you play spell", exclude=uid))

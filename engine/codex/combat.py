"""Attacks: who may attack, what they may attack (the patrol rule), and combat damage.

An attack runs as tasks: declare -> "attacks" triggers (and obliterate) -> a new target if the old one
is gone -> sparkshot and overpower choices -> damage in two steps (swift strike first) -> deaths.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.codex.ctx import G, handler
from engine.codex.effects import detected, hook, resumer, run_effect
from engine.codex.modes import TEAMS
from engine.codex.ops_later import fire_later
from engine.codex.prevention import Hit
from engine.codex.prompts import asked
from engine.codex.seats import base_seat, teammates
from engine.codex.state import Thing
from engine.codex.stats import Q, Ref
from engine.codex.zones import exhaust, fire, listeners, trigger_items

SL, ELITE, SCAVENGER, TECHNICIAN, LOOKOUT = range(5)

Evasion = Callable[[G, Q, Thing, Thing, Ref], bool]
EVASIONS: dict[str, Evasion] = {}
"""Static rule name -> may an attacker with that rule pass patroller `p` by when it attacks `target`?
(g, q, attacker, patroller, target). For evasion that depends on the target or the patroller: Traffic
Director (unstoppable when attacking a building), Patriot Gryphon (unstoppable by units of 2 ATK or less).
Register with `evasion(rule)` and `vocab.add_word("rule", rule)`."""


def evasion(rule: str) -> Callable[[Evasion], Evasion]:
    def register(fn: Evasion) -> Evasion:
        EVASIONS[rule] = fn
        return fn

    return register


def _evasions(qq: Q, a: Thing) -> list[Evasion]:
    if not EVASIONS:
        return []
    return [
        EVASIONS[ab["rule"]]
        for _k, ab in qq.abilities(a)
        if ab.get("static") == "rule"
        and ab.get("rule") in EVASIONS
        and qq.who(ab, a, a)
        and ("while" not in ab or qq.holds(a, ab))
    ]


def can_attack(g: G, qq: Q, t: Thing) -> bool:
    card = qq.card(t)
    if card.type not in ("unit", "token", "hero") or not g.on_turn(t.ctrl) or t.exhausted:
        return False
    kw = qq.kw(t)
    if "can't attack" in kw:
        return False
    if t.since >= g.s.turn and "haste" not in kw:
        return False
    return not ("readiness" in kw and t.attacked == g.s.turn)


def _stealthy(qq: Q, a: Thing, target: Ref | None = None) -> bool:
    kw = qq.kw(a)
    return "stealth" in kw or "invisible" in kw or (target is not None and stealth_attacking(qq, a, target))


def evasion_selectors(qq: Q, t: Thing, word: str) -> list[dict[str, Any]]:
    """The selectors of `t`'s "evasion" statics under `word`: "unstoppable by" (may pass patrollers that
    match), "unattackable by" (attackers that match can't attack it), "stealth attacking" (it has stealth
    while attacking something that matches). E.g. Tiny Basilisk: tech 0 units can neither stop nor attack it."""
    return [ab[word] for src, ab, _key in qq.statics_of("evasion") if word in ab and qq.applies(src, ab, t)]


def stealth_attacking(qq: Q, a: Thing, target: Ref) -> bool:
    """Has `a` stealth while attacking `target` (Stalking Tiger: while attacking a unit)?"""
    return isinstance(target, int) and any(
        qq.match(sel, target, a.ctrl, a.uid, None) for sel in evasion_selectors(qq, a, "stealth attacking")
    )


AttackBan = Callable[[G, Q, Thing, Ref, int], bool]
ATTACK_BANS: list[AttackBan] = []
"""Rules `(g, q, attacker, target, defending seat) -> True` that forbid an attack (Moment's Peace).
Register by appending."""


# ------------------------------------------------------------------------------------ who defends


def defence_groups(g: G, seat: int) -> list[list[int]]:
    """The sides `seat` may attack, each defended as one: the opponent; each opponent on their own in
    free-for-all (only the attacked player's zone matters); the whole other team in 2v2 (both of its patrol
    zones protect both partners)."""
    foes = g.enemies(seat)
    if g.mode() == TEAMS:
        return [foes]
    return [[d] for d in foes]


def controller_of(g: G, ref: Ref) -> int:
    """The seat whose thing or building `ref` is (a shared base: the team's first seat)."""
    if isinstance(ref, str):
        return int(ref.split(":")[0])
    return g.s.things[ref].ctrl


def group_of(g: G, seat: int, d: int) -> list[int]:
    return next((grp for grp in defence_groups(g, seat) if d in grp), [d])


def guards(g: G, ref: Ref) -> list[int]:
    """Seats whose Tower guards `ref`: its controller's, and in 2v2 their partner's too (the Tower hits
    attackers of anything its player's team controls, ruling); never another free-for-all player's."""
    return teammates(g.s, controller_of(g, ref))


def _tower(g: G, seat: int) -> bool:
    p = g.p(seat)
    return p.addon is not None and p.addon.alive and p.addon.kind == "tower"


def towers_spot(g: G, qq: Q, a: Thing, target: Ref) -> None:
    """As `a` is declared attacking `target`, each Tower guarding it spends its one detection of the turn on
    `a` if `a` is the first stealthy attacker it meets (ruling). Detection is at the declaration; the
    Tower's damage is worked out when combat damage is dealt (`tower_hits`)."""
    flags = g.s.flags
    for x in guards(g, target):
        if _tower(g, x) and _stealthy(qq, a, target) and str(x) not in flags.get("tower", {}):
            flags.setdefault("tower", {})[str(x)] = a.uid
            flags.setdefault("detected", {}).setdefault(str(x), []).append(a.uid)
            g.emit("tower_detects", seat=x, uid=a.uid)


def tower_hits(g: G, qq: Q, a: Thing, target: Ref) -> list[int]:
    """The seats whose Tower shoots `a` as combat damage is dealt: each one standing *now* that guards what `a`
    attacks and sees it. A Tower destroyed since the attack was declared (by the attacker's own trigger,
    say) deals nothing; in free-for-all another player's Tower does nothing (rulings)."""
    return [x for x in guards(g, target) if _tower(g, x) and (not _stealthy(qq, a, target) or detected(g, qq, x, a))]


def evasion_negated(g: G, qq: Q, a: Thing, group: list[int], ref: Ref) -> bool:
    """Can the defenders see through `a`'s stealth/invisibility when it attacks `ref`: a detector on the
    defending side, or the Tower of a player `ref` belongs to, still holding its one detection (or having
    spent it on `a`)?"""
    if any(o.ctrl in group and "detector" in qq.kw(o) for o in g.s.things.values()):
        return True
    for d in guards(g, ref):
        if _tower(g, d):
            used = g.s.flags.get("tower", {}).get(str(d))
            if used is None or used == a.uid:
                return True
    return False


def base_flies(qq: Q, seat: int) -> bool:
    """Lawbringer Gryphon: while it is in play, its controller's base counts as flying."""
    return any(src.ctrl == seat for src in qq.rule_sources("your base flies"))


def attackable_by(g: G, qq: Q, a: Thing, ref: Ref, group: list[int]) -> bool:
    """May `a` attack `ref`, a thing or building of the defending side `group`?"""
    if isinstance(ref, str):
        d = int(ref.split(":")[0])
        if d not in group:
            return False
        for ban in ATTACK_BANS:
            if ban(g, qq, a, ref, d):
                return False
        if ref.endswith(":base") and any(base_flies(qq, x) for x in teammates(g.s, d)):
            akw = qq.kw(a)
            return "flying" in akw or "anti-air" in akw
        return True
    t = g.s.things.get(ref)
    if t is None or t.ctrl not in group:
        return False
    for ban in ATTACK_BANS:
        if ban(g, qq, a, ref, t.ctrl):
            return False
    card = qq.card(t)
    if card.type not in ("unit", "token", "hero", "building"):
        return False
    kw = qq.kw(t)
    if "unattackable" in kw:
        return False
    if "unattackable by units" in kw and qq.card(a).is_unit:
        return False  # heroes may still attack it (Masked Raccoon)
    if qq.statics_of("evasion") and any(
        qq.match(sel, a.uid, t.ctrl, t.uid, None) for sel in evasion_selectors(qq, t, "unattackable by")
    ):
        return False
    akw = qq.kw(a)
    if "flying" in kw and "flying" not in akw and "anti-air" not in akw:
        return False
    return not ("invisible" in kw and not qq.patrolling(t) and not detected(g, qq, a.ctrl, t))


def ignore_reasons(
    g: G,
    qq: Q,
    a: Thing,
    p: Thing,
    group: list[int],
    negated: bool,
    target: Ref | None = None,
    evasions: list[Evasion] = (),
    sneaky: bool = False,
) -> set[str]:
    """Why attacker `a` may pass patroller `p` by (when attacking `target`). Empty: it must deal with `p` first.
    `sneaky`: `a` has stealth for this attack only (stealth while attacking certain targets)."""
    out = set()
    if target is not None and any(ev(g, qq, a, p, target) for ev in evasions):
        out.add("evasion")
    akw, pkw = qq.kw(a), qq.kw(p)
    if not attackable_by(g, qq, a, p.uid, group):
        out.add("cannot")
    if "unstoppable" in akw or (
        qq.statics_of("evasion")
        and any(qq.match(sel, p.uid, a.ctrl, a.uid, None) for sel in evasion_selectors(qq, a, "unstoppable by"))
    ):
        out.add("unstoppable")
    if "flying" in akw and "flying" not in pkw:
        out.add("flying")
    if "anti-air" in akw and "flying" not in akw and "flying" in pkw:
        out.add("anti-air")
    if ("stealth" in akw or "invisible" in akw or sneaky) and not negated:
        out.add("stealth")
    return out


def _rank(g: G, ref: Ref) -> int:
    """0 for a Squad Leader on patrol, 1 for another patroller, 2 for anything else (§9.4)."""
    if isinstance(ref, int):
        t = g.s.things.get(ref)
        if t is not None and not g.on_turn(t.ctrl):
            patrol = g.p(t.ctrl).patrol
            if ref in patrol:
                return 0 if patrol.index(ref) == SL else 1
    return 2


def _patrollers(g: G, group: list[int], without: Ref | None) -> list[Thing]:
    return [g.s.things[u] for d in group for u in g.p(d).patrol if u and u != without and u in g.s.things]


def targets(g: G, qq: Q, a: Thing, without: Ref | None = None, group: list[int] | None = None) -> list[Ref]:
    """Everything `a` may attack now, by the patrol rule (§9.4); `group` keeps to one defending side.
    `without` pretends that thing is gone."""
    out: list[Ref] = []
    for grp in defence_groups(g, a.ctrl) if group is None else [group]:
        out += _targets_in(g, qq, a, grp, without)
    return out


def _defence(g: G, qq: Q, group: list[int], without: Ref | None) -> tuple[list[Thing], list[Ref], dict[Ref, int]]:
    """What every attacker on `group` faces, the same for each of them: the patrollers, the things and buildings
    that may be attacked (in order), and each one's rank (`_rank`). Kept in `qq.memo` for the other attackers."""
    key = ("defence", tuple(group), without)
    got = qq.memo.get(key)
    if got is None:
        things = g.s.things
        patrollers = _patrollers(g, group, without)
        refs: list[Ref] = [u for u in sorted(things) if u != without and things[u].ctrl in group]
        for d in group:
            refs += g.fixed_buildings(d)
        ranks = {r: _rank(g, r) for r in (*refs, *(p.uid for p in patrollers))}
        got = qq.memo[key] = (patrollers, refs, ranks)
    return got


def _targets_in(g: G, qq: Q, a: Thing, group: list[int], without: Ref | None) -> list[Ref]:
    patrollers, refs, ranks = _defence(g, qq, group, without)
    evasions = _evasions(qq, a) if patrollers else []
    blocking: dict[tuple[bool, bool], list[Thing]] = {}
    lowest: dict[tuple[bool, bool], int] = {}
    """The best rank among the blocking patrollers, when no evasion depends on the target."""
    akw = qq.kw(a)
    stealthy = "stealth" in akw or "invisible" in akw  # `_stealthy` before the target is known
    sneaking = evasion_selectors(qq, a, "stealth attacking")  # `stealth_attacking`, target by target
    out = []
    for ref in refs:
        if not attackable_by(g, qq, a, ref, group):
            continue
        # Stealth that holds only against some targets lets the attacker past the patrol for those alone.
        sneaky = (
            bool(sneaking) and isinstance(ref, int) and any(qq.match(sel, ref, a.ctrl, a.uid, None) for sel in sneaking)
        )
        negated = (stealthy or sneaky) and evasion_negated(g, qq, a, group, ref)
        key = (sneaky, negated)
        if key not in blocking:
            blocking[key] = [p for p in patrollers if not ignore_reasons(g, qq, a, p, group, negated, sneaky=sneaky)]
            lowest[key] = min((ranks[p.uid] for p in blocking[key]), default=3)
        if evasions:
            rank = min(
                (ranks[p.uid] for p in blocking[key] if not any(ev(g, qq, a, p, ref) for ev in evasions)),
                default=3,
            )
        else:
            rank = lowest[key]
        if ranks[ref] <= rank:
            out.append(ref)
    return out


def attack_tax(g: G, qq: Q, ref: Ref) -> int:
    """Gold the attacker's player must pay to attack `ref` (static rule "attack tax"; "unless":
    "patrolling" lifts it while the thing patrols). Only opponents ever attack it, so they pay."""
    t = g.s.things.get(ref) if isinstance(ref, int) else None
    if t is None:
        return 0
    total = 0
    for _key, ab in qq.abilities(t):
        if ab.get("static") == "rule" and ab.get("rule") == "attack tax":
            if ab.get("unless") == "patrolling" and qq.patrolling(t):
                continue
            total += ab.get("n", 1)
    return total


def affordable(g: G, qq: Q, a: Thing, refs: list[Ref]) -> list[Ref]:
    """The targets among `refs` whose attack tax `a`'s player can pay (a tax they can't pay forbids it)."""
    gold = g.p(a.ctrl).gold
    taxes = qq.memo.setdefault("attack tax", {})  # the same for every attacker
    out = []
    for r in refs:
        tax = taxes.get(r)
        if tax is None:
            tax = taxes[r] = attack_tax(g, qq, r)
        if tax <= gold:
            out.append(r)
    return out


def pay_attack_tax(g: G, qq: Q, a: Thing, ref: Ref) -> None:
    tax = attack_tax(g, qq, ref)
    if tax:
        g.p(a.ctrl).gold -= tax
        g.emit("attack_tax", seat=a.ctrl, target=ref, n=tax)


def flown_over(g: G, qq: Q, a: Thing, target: Ref, group: list[int]) -> list[int]:
    """Anti-air patrollers that `a` passes by using flying in particular: they shoot at it (ruling)."""
    if "flying" not in qq.kw(a):
        return []
    sneaky = stealth_attacking(qq, a, target)
    negated = _stealthy(qq, a, target) and evasion_negated(g, qq, a, group, target)
    rank = _rank(g, target)
    out = []
    for p in _patrollers(g, group, None):
        u = p.uid
        if u == target or _rank(g, u) >= rank or "anti-air" not in qq.kw(p):
            continue
        if ignore_reasons(g, qq, a, p, group, negated, target, _evasions(qq, a), sneaky) == {"flying"}:
            out.append(u)
    return out


# ---------------------------------------------------------------------------------------- declare


def declare(g: G, a: Thing, target: Ref) -> None:
    qq = Q(g.s, g.cat)
    d = controller_of(g, target)
    group = group_of(g, a.ctrl, d)
    towers_spot(g, qq, a, target)
    flown = flown_over(g, qq, a, target, group)
    pay_attack_tax(g, qq, a, target)
    if "readiness" not in qq.kw(a):
        exhaust(g, a)
    a.attacked = g.s.turn
    g.s.combat = {
        "a": a.uid,
        "t": target,
        "d": d,
        "g": group,
        "flown": flown,
        "spark": [],
        "over": None,
    }
    g.emit("attack", seat=a.ctrl, uid=a.uid, target=target)
    items = trigger_items(g, qq, a, ("attacks",), {"target": target, "defender": d, "defenders": guards(g, target)})
    if isinstance(target, int) and target in g.s.things:
        # "Whenever an opponent attacks this": it knows the attacker as "it".
        items += trigger_items(g, qq, g.s.things[target], ("is attacked",), {"it": a.uid, "seat": a.ctrl})
    count = qq.kw(a).get("obliterate", 0)
    if count:
        items.insert(
            0,
            {
                "key": "obliterate",
                "src": a.uid,
                "card": a.card,
                "ctl": a.ctrl,
                "ops": [{"op": "hook", "name": "obliterate", "args": {"n": count}}],
            },
        )
    g.push({"t": "combat", "stage": "retarget"})
    fire(g, items)


@handler("combat")
def combat_stage(g: G, task: dict[str, Any]) -> None:
    c = g.s.combat
    if c is None:
        return
    stage = task["stage"]
    a = g.s.things.get(c["a"])
    if a is None and stage != "end":
        _end(g)
        return
    if stage == "retarget":
        if not _target_alive(g, c["t"]):
            qq = Q(g.s, g.cat)
            # The new target is chosen on the same side: the attack was declared against that player (team).
            options = affordable(g, qq, a, targets(g, qq, a, group=c.get("g", [c["d"]])))
            if not options:
                g.emit("attack_fizzles", uid=c["a"])
                _end(g)
                return
            g.push({"t": "combat", "stage": "spark"})
            if len(options) == 1:
                _retarget(g, options[0])
            else:
                g.ask("retarget", options, asked("retarget"))
            return
        g.push({"t": "combat", "stage": "spark"})
    elif stage == "spark":
        if _ask_sparkshot(g, a, c):
            g.push({"t": "combat", "stage": "spark"})
        else:
            g.push({"t": "combat", "stage": "over"})
    elif stage == "over":
        g.push({"t": "combat", "stage": "damage"})
        _ask_overpower(g, a, c)
    elif stage == "damage":
        g.push({"t": "combat", "stage": "end"})
        _damage(g, a, c)
    elif stage == "end":
        _end(g)


@hook("obliterate")
def obliterate(g: G, ctx: dict[str, Any], args: dict[str, Any]) -> None:
    """Destroy the defender's N lowest-tech units (never targets; skips indestructible ones).

    Whole tiers that fit are destroyed together; only a tier that does not fit asks which ones go.
    """
    qq = Q(g.s, g.cat)
    defenders = ctx.get("defenders") or [ctx.get("defender", g.opp(ctx["ctl"]))]
    units = [t for t in g.s.things.values() if t.ctrl in defenders and qq.card(t).is_unit and qq.removable(t)]
    left = args["n"]
    forced: list[int] = []
    for tier in sorted({qq.card(t).tech for t in units}):
        group = sorted(t.uid for t in units if qq.card(t).tech == tier)
        if len(group) <= left:
            forced += group
            left -= len(group)
            continue
        break
    ops: list[dict[str, Any]] = []
    if forced:
        ctx["bind"]["_obliterated"] = forced
        ops.append({"op": "destroy", "to": {"bound": "_obliterated"}})
    if left and len(forced) < len(units):
        rest = [t for t in units if t.uid not in forced]
        tier = min(qq.card(t).tech for t in rest)
        ctx["bind"]["_tier"] = sorted(t.uid for t in rest if qq.card(t).tech == tier)
        ops.append({"op": "destroy", "to": {"pick": {"kind": ["unit"], "among": "_tier"}, "n": left}})
    run_effect(g, ops, ctx)


def _end(g: G) -> None:
    c = g.s.combat
    a = g.s.things.get(c["a"]) if c is not None else None
    if a is not None:
        during = Q(g.s, g.cat).armor_total(a)
        g.s.combat = None
        after = Q(g.s, g.cat).armor_total(a)
        if during > after:
            # Armor that lasts only while attacking (Safe Attacking) goes with the attack, and it was the
            # armor spent first: what was used of it leaves the lasting armor untouched.
            a.armor_used = max(0, a.armor_used - (during - after))
    g.s.combat = None
    g.s.queue = [t for t in g.s.queue if t.get("t") != "combat"]
    fire_later(g, "after combat", c)


def _target_alive(g: G, ref: Ref) -> bool:
    if isinstance(ref, int):
        return ref in g.s.things
    return ref in g.fixed_buildings(int(ref.split(":")[0]))


@resumer("retarget")
def resume_retarget(g: G, pending: dict[str, Any], choice: Any) -> None:
    _retarget(g, choice)


def _retarget(g: G, ref: Ref) -> None:
    """The attack goes on against `ref`, on the same side (so the same Towers guard it): its tax is paid."""
    c = g.s.combat
    a = g.s.things.get(c["a"])
    c["t"] = ref
    if a is not None:
        pay_attack_tax(g, Q(g.s, g.cat), a, ref)
    g.emit("retarget", uid=c["a"], target=ref)


def _neighbours(g: G, c: dict[str, Any]) -> list[int]:
    t = c["t"]
    if not isinstance(t, int) or t not in g.s.things:
        return []
    patrol = g.p(g.s.things[t].ctrl).patrol
    if t not in patrol:
        return []
    i = patrol.index(t)
    return [patrol[j] for j in (i - 1, i + 1) if 0 <= j < 5 and patrol[j] and patrol[j] in g.s.things]


def _ask_sparkshot(g: G, a: Thing, c: dict[str, Any]) -> bool:
    """Settle sparkshot targets; True if the active player must pick one (then this stage repeats)."""
    qq = Q(g.s, g.cat)
    count = qq.kw(a).get("sparkshot", 0) - len(c["spark"])
    near = _neighbours(g, c)
    if count <= 0 or not near:
        return False
    if len(near) == 1:
        c["spark"] += [near[0]] * count
        return False
    g.ask("sparkshot", near, asked("sparkshot"))
    return True


@resumer("sparkshot")
def resume_sparkshot(g: G, pending: dict[str, Any], choice: Any) -> None:
    g.s.combat["spark"].append(choice)


def lethal(g: G, qq: Q, a: Thing, t: Thing) -> int:
    """Damage that exactly finishes `t` when `a` hits it (for overpower's excess)."""
    if "deathtouch" in qq.kw(a) and g.opt("overpower_deathtouch") == "one":
        return 1
    left = max(0, qq.hp(t) - t.damage)
    if g.opt("overpower_armor") == "counts" and "armor piercing" not in qq.kw(a):
        left += qq.armor_left(t)
    return left


EXCESS_TO_BASE = "excess to base"
"""Turn flag: attackers whose excess combat damage to a unit or hero goes to that player's base (Stampede), as
[uid, stamp] pairs: the thing that was in play then, not the same card back in play later as a new thing.
It takes precedence over overpower: the attacker keeps the keyword, but this decides where the excess goes."""


def excess_to_base(g: G, a: Thing) -> bool:
    return [a.uid, a.stamp] in g.s.flags.get(EXCESS_TO_BASE, [])


def _ask_overpower(g: G, a: Thing, c: dict[str, Any]) -> None:
    qq = Q(g.s, g.cat)
    t = c["t"]
    if excess_to_base(g, a) and isinstance(t, int) and qq.card(g.s.things[t]).is_fighter_card:
        excess = qq.atk(a) - lethal(g, qq, a, g.s.things[t])
        if excess > 0:
            c["excess"] = excess
            c["over"] = f"{base_seat(g.s, c['d'])}:base"
        return
    if "overpower" not in qq.kw(a) or not isinstance(t, int) or t not in g.s.things:
        return
    target = g.s.things[t]
    if t not in g.p(target.ctrl).patrol:
        return
    excess = qq.atk(a) - lethal(g, qq, a, target)
    if excess <= 0:
        return
    # The excess goes to something else the attacker could have attacked on the same side.
    options = targets(g, qq, a, without=t, group=c.get("g", [c["d"]]))
    if not options:
        return
    c["excess"] = excess
    if len(options) == 1:
        c["over"] = options[0]
        return
    g.ask("overpower", options, asked("overpower", excess=excess))


@resumer("overpower")
def resume_overpower(g: G, pending: dict[str, Any], choice: Any) -> None:
    g.s.combat["over"] = choice


def _damage(g: G, a: Thing, c: dict[str, Any]) -> None:
    from engine.codex.effects import damage

    qq = Q(g.s, g.cat)
    t_ref = c["t"]
    if not _target_alive(g, t_ref):
        return
    akw = qq.kw(a)
    a_swift = "swift strike" in akw
    a_dt, a_ap = "deathtouch" in akw, "armor piercing" in akw
    a_atk = qq.atk(a)
    a_rd = "rune damage" in akw
    d = c["d"]
    # (source, target, amount, swift strike, deathtouch, armor piercing, rune damage, an ability's damage)
    packets: list[tuple[int | str, Ref, int, bool, bool, bool, bool, bool]] = []
    to_target = a_atk
    if c.get("over") is not None and c.get("excess"):
        to_target = a_atk - c["excess"]
        packets.append((a.uid, c["over"], c["excess"], a_swift, a_dt, a_ap, a_rd, True))
    packets.append((a.uid, t_ref, to_target, a_swift, a_dt, a_ap, a_rd, False))
    for n in c["spark"]:
        packets.append((a.uid, n, 1, a_swift, a_dt, a_ap, a_rd, True))
    if isinstance(t_ref, int):
        t = g.s.things[t_ref]
        tkw = qq.kw(t)
        if qq.card(t).type in ("unit", "token", "hero"):
            blocked = ("long-range" in akw and "long-range" not in tkw) or (
                "flying" in akw and "flying" not in tkw and "anti-air" not in tkw
            )
            if not blocked:
                packets.append((t.uid, a.uid, qq.atk(t), *_strike(tkw), False))
    for x in tower_hits(g, qq, a, t_ref):
        # Tower damage lands together with the attacker's own damage, swift strike or not (ruling).
        packets.append((f"{x}:addon", a.uid, 1, a_swift, False, False, False, True))
    for u in c["flown"]:
        p = g.s.things.get(u)
        if p is not None and qq.patrolling(p):
            packets.append((u, a.uid, qq.atk(p), *_strike(qq.kw(p)), False))
    first = [pk for pk in packets if pk[3]]
    second = [pk for pk in packets if not pk[3]]
    fallen: set[int] = set()
    hit_building = False
    dealt = False
    hit_base: int | None = None
    items: list[dict[str, Any]] = []
    for step in (first, second):
        live = [pk for pk in step if not (isinstance(pk[0], int) and pk[0] in fallen)]
        qq = Q(g.s, g.cat)
        g.s.flags["damage batch"] = [pk[1] for pk in live if pk[7] and isinstance(pk[1], int)]
        hits = [
            Hit(
                dst,
                n,
                True,
                dt,
                ap,
                a.ctrl if src == a.uid else d,
                src == a.uid and dst == t_ref and c.get("over") is not None and bool(c.get("excess")),
            )
            for src, dst, n, _swift, dt, ap, _rd, _ability in live
        ]
        # Hits landing on the same thing in one step are one amount of damage it would take (Focus Master).
        together: dict[Ref, tuple[Hit, ...]] = {}
        for hit in hits:
            together[hit.ref] = (*together.get(hit.ref, ()), hit)
        for i, (src, dst, n, _swift, dt, ap, rd, ability) in enumerate(live):
            by, cut = hits[i].by, hits[i].cut
            group = together[dst] if len(together[dst]) > 1 else ()
            nth = next((j for j, h in enumerate(group) if h is hits[i]), 0)
            seen = len(g.events)
            killer = src if isinstance(src, int) else 0
            damage(
                g,
                dst,
                n,
                combat=True,
                deathtouch=dt,
                piercing=ap,
                runes=rd,
                by=by,
                cut=cut,
                qq=qq,
                src=killer,
                together=group,
                nth=nth,
                ability=ability,
                source=src if isinstance(src, str) else None,
            )
            landed = _landed(g, seen)
            if src == a.uid and landed:
                dealt = True
                hit_building = hit_building or _is_building(g, dst)  # prevented in full: not dealt
                if isinstance(dst, str) and dst.endswith(":base"):
                    hit_base = int(dst.split(":")[0])
            if landed:
                items += _dealt_items(g, qq, src, dst)
        g.s.flags.pop("damage batch", None)
        qq = Q(g.s, g.cat)
        for uid, t in g.s.things.items():
            if t.deathtouched or (qq.card(t).type in ("unit", "token", "hero") and t.damage >= qq.hp(t)):
                fallen.add(uid)
    qq = Q(g.s, g.cat)
    if hit_building:
        # "Whenever you deal combat damage to a building": any attacker of yours, even one that fell.
        found = listeners(g, a.ctrl, "you damage building", extra={"defender": c["d"]})
        if a.uid in g.s.things:
            found = trigger_items(g, qq, a, ("damages building",), {"defender": c["d"]}) + found
            wrecked = [r for r in {t_ref, c.get("over")} if r is not None and _is_building(g, r) and _wrecked(g, qq, r)]
            for ref in wrecked:
                found += trigger_items(g, qq, a, ("destroys building",), {"defender": c["d"], "it": ref})
        fire(g, found)
    fire(g, items)  # "deals combat damage to a unit": after the building triggers and the ones below
    if hit_base is not None and a.uid in g.s.things:
        fire(g, trigger_items(g, Q(g.s, g.cat), a, ("damages base",), {"defender": hit_base}))
    if dealt:
        # One attack is one instance of dealing combat damage, however many packets (sparkshot, overpower,
        # excess) it was split into; damage soaked by armor counts, 0 damage does not (rulings).
        fire(g, listeners(g, a.ctrl, "your attacker deals combat damage", extra={"it": a.uid}))


def _landed(g: G, seen: int) -> bool:
    """Did the damage call that emitted the events after index `seen` deal any damage, armor included?"""
    return any(e.kind == "damage" and e.data.get("n", 0) + e.data.get("armor", 0) > 0 for e in g.events[seen:])


def _dealt_items(g: G, qq: Q, src: int | str, dst: Ref) -> list[dict[str, Any]]:
    """ "Whenever this deals combat damage to a unit" (Guardian of the Gates): armor soaking it all still counts."""
    if not isinstance(src, int) or not isinstance(dst, int):
        return []
    s_thing, d_thing = g.s.things.get(src), g.s.things.get(dst)
    if s_thing is None or d_thing is None or not qq.card(d_thing).is_unit:
        return []
    return trigger_items(g, qq, s_thing, ("deals combat damage to a unit",), {"it": dst})


def _wrecked(g: G, qq: Q, ref: Ref) -> bool:
    """Has this building taken enough damage to be destroyed (the checks after the task destroy it)?"""
    if isinstance(ref, str):
        return _target_alive(g, ref) and g.building_damage(ref) >= g.building_hp(ref)
    t = g.s.things.get(ref)
    return t is not None and t.damage >= qq.hp(t)


def _strike(kw: dict[str, int]) -> tuple[bool, bool, bool, bool]:
    """How a fighter's combat damage lands: swift strike, deathtouch, armor piercing, as -1/-1 runes."""
    return "swift strike" in kw, "deathtouch" in kw, "armor piercing" in kw, "rune damage" in kw


def _is_building(g: G, ref: Ref) -> bool:
    if isinstance(ref, str):
        return True
    t = g.s.things.get(ref)
    return t is not None and g.cat[t.card].type == "building"

"""Main-phase actions: what is legal now, and doing it.

Legal actions are computed from the state alone (no copying), in a fixed order: play, summon, level,
build, destroy add-on, hire, abilities, detect, attack, patrol, end; then tech picks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.codex import actions as A
from engine.codex.cards import BUILDINGS, Card
from engine.codex.combat import affordable, can_attack, declare, targets
from engine.codex.ctx import G, handler
from engine.codex.effects import RESUME, card_played, cast_spell, condition, new_ctx, pick_shortfall, run_effect
from engine.codex.ffa import can_repair, lend_targets, repair_base
from engine.codex.modes import FFA
from engine.codex.prevention import lose_building
from engine.codex.prompts import asked
from engine.codex.seats import teammates
from engine.codex.state import SLOTS, Building, Player, Thing
from engine.codex.stats import Q, card_fits
from engine.codex.timerunes import remove_time_runes
from engine.codex.turns import choose_tech, end_main, tech_options
from engine.codex.zones import (
    can_level,
    enter_play,
    exhaust,
    finish_building,
    fire,
    gain_levels,
    instant_builders,
    leave_play,
    listeners,
    resolve_bounty,
)
from engine.core import Action, IllegalAction

RESUME["bounty"] = resolve_bounty

PlayBan = Callable[[G, Q, int, Card], bool]
PLAY_BANS: list[PlayBan] = []
"""Rules that forbid `seat` to play `card` now, from wherever it comes (Reputable Newsman, Twilight Baron):
(g, q, seat, card) -> True when banned. A colour module appends its rule; `play_banned` asks them for every card
played, from a hand, a codex, a deck or a Graveyard."""

HAND_PLAY_BANS: list[PlayBan] = []
"""Rules that forbid playing a card *from the hand* only (Oathkeeper's oath: "I won't play cards from my hand",
Censorship Council's one card from hand a turn):
the same test, asked for cards in hand and never for cards played from a Graveyard, a codex or a deck."""

FromHand = Callable[[G, int, int, Card, bool], bool]
FROM_HAND: list[FromHand] = []
"""Replacements for a unit played from hand arriving (Jail): (g, seat, uid, card, boosted) -> True when the
card went somewhere else instead. Units put into play by effects never pass here."""


def count_build(g: G, seat: int) -> None:
    """One more building `seat` built this turn (tech buildings, add-ons and building cards alike)."""
    builds = g.s.flags.setdefault("builds", {})
    builds[str(seat)] = builds.get(str(seat), 0) + 1


def builds_this_turn(g: G, seat: int) -> int:
    return int(g.s.flags.get("builds", {}).get(str(seat), 0))


BuildExtra = Callable[[G, Q, int, str], int]
BUILD_EXTRA: list[BuildExtra] = []
"""Extra gold for `seat` to build `what` now: a building kind ("tech2", "tower", ...) or "card" for a
building card played from hand (Building Inspector)."""

ADDONS_ONE_HERO = ("surplus", "tower")
ADDONS_ALL = ("surplus", "tower", "tech lab", "heroes hall")


def multi_hero(p: Player) -> bool:
    return len(p.heroes) > 1


# ------------------------------------------------------------------------------------- requirements


def operational(g: G, p: Player, tier: int) -> bool:
    """Is `p`'s tech building of `tier` (1-3) standing and working? Injunction shuts one down for its
    owner's next turn (player mark "tech<tier> off" = that turn's number)."""
    if not p.tech[tier - 1].alive:
        return False
    off = p.marks.get(f"tech{tier} off")
    return off is None or not (g.on_turn(p.seat) and p.turns == off)


def tech_ok(g: G, p: Player, card: Card, qq: Q | None = None) -> bool:
    """Does `p` have the tech building (and spec) to play this unit, upgrade or building card?"""
    level = card.tech
    if level <= 0:
        return True
    if no_tech_needed(qq or Q(g.s, g.cat), p.seat, card):
        return True
    if g.opt("tech_tiers") == "higher_counts":
        if not any(operational(g, p, tier) for tier in range(level, 4)):
            return False
    elif not operational(g, p, level):
        return False
    if level >= 2:
        specs = {p.tech2_spec}
        if p.addon is not None and p.addon.alive and p.addon.kind == "tech lab" and p.addon.spec:
            specs.add(p.addon.spec)
        if card.facts.spec not in specs:
            return False
        if level == 3 and g.opt("tech3_needs_tech2") == "yes" and not operational(g, p, 2):
            return False
    return True


def no_tech_needed(qq: Q, seat: int, card: Card) -> bool:
    """A cost static of `seat`'s with "no tech" lets this card be played without its tech building."""
    return any(
        ab.get("no tech") and src.ctrl == seat and card_fits(ab["who"], card) for src, ab, _key in qq.statics_of("cost")
    )


def heroes_in_play(g: G, seat: int) -> list[Thing]:
    """`seat`'s heroes in play (a list the caller must not change: while moves are listed it is shared)."""
    q = g.looking
    if q is None:
        return [t for t in g.s.things.values() if t.ctrl == seat and g.card(t).type == "hero"]
    got: list[Thing] | None = q.memo.get(("heroes", seat))
    if got is None:
        got = q.memo["heroes", seat] = [t for t in g.s.things.values() if t.ctrl == seat and g.card(t).type == "hero"]
    return got


def caster_for(g: G, seat: int, card: Card) -> tuple[Thing | None, int]:
    """The hero that casts `card` and the extra gold it costs; (None, 0) if it cannot be cast."""
    heroes = sorted(heroes_in_play(g, seat), key=lambda t: t.uid)
    if heroes and g.p(seat).marks.get("silenced"):
        heroes = []  # a silenced player's heroes cast nothing (Free Speech)
    if not heroes:
        return None, 0
    if card.minor:
        colour = card.facts.colour
        same = [h for h in heroes if g.card(h).facts.colour == colour]
        if colour == "neutral" or same:
            return (same or heroes)[0], 0
        return heroes[0], 1
    spec = card.facts.spec
    matching = [h for h in heroes if g.card(h).facts.spec == spec]
    if card.ultimate:
        # "any time": a max-level hero may cast it whenever it arrived or maxed (Rewind, Judgment Day).
        any_time = card.data.get("ultimate") == "any time"
        matching = [h for h in matching if (h.max_at_start or any_time) and h.level >= g.card(h).mx]
    return (matching[0], 0) if matching else (None, 0)


def play_cost(g: G, qq: Q, seat: int, card: Card) -> int | None:
    """Gold to play `card` now, or None if its requirements are not met."""
    p = g.p(seat)
    if card.type == "spell":
        caster, tax = caster_for(g, seat, card)
        if caster is None and not qq.needs_no_hero(seat, card):
            return None
        return qq.card_cost(seat, card) + tax
    if card.type in ("unit", "upgrade", "building"):
        if not tech_ok(g, p, card, qq):
            return None
        extra = sum(fn(g, qq, seat, "card") for fn in BUILD_EXTRA) if card.type == "building" and BUILD_EXTRA else 0
        return qq.card_cost(seat, card) + extra
    return None


def play_banned(g: G, qq: Q, seat: int, card: Card, zone: str = "hand") -> bool:
    """Does a rule forbid `seat` to play `card` from `zone` now? `PLAY_BANS` hold wherever the card comes from
    (a Newsman's named cost bans a codex spell too); `HAND_PLAY_BANS` only for a card in the hand."""
    if any(ban(g, qq, seat, card) for ban in PLAY_BANS):
        return True
    return zone == "hand" and any(ban(g, qq, seat, card) for ban in HAND_PLAY_BANS)


def hero_limit(g: G, p: Player) -> int:
    if not multi_hero(p):
        return 1
    hall = p.addon is not None and p.addon.alive and p.addon.kind == "heroes hall"
    if p.tech[2].alive:
        return 3
    return min(3, 1 + int(p.tech[1].alive) + int(hall))


def build_cost(g: G, p: Player, kind: str, qq: Q | None = None) -> int | None:
    """Gold to start building `kind` now, or None if it cannot be started (`qq`: the state's stats, if made)."""
    if kind in ("tech1", "tech2", "tech3"):
        tier = int(kind[-1])
        b = p.tech[tier - 1]
        if b.status in ("building", "built"):
            return None
        rebuilding = b.status == "destroyed"
        if not (rebuilding and g.opt("rebuild") == "free"):
            if p.workers < BUILDINGS[kind][2]:
                return None
            if tier > 1 and not operational(g, p, tier - 1):
                return None
        if rebuilding:
            return _build_extra(g, p, kind, qq)
        return BUILDINGS[kind][0] + _colour_tax(g, p) + _build_extra(g, p, kind, qq)
    allowed = ADDONS_ALL if multi_hero(p) else ADDONS_ONE_HERO
    if kind not in allowed or p.addon is not None:
        return None
    if any(g.p(x).addon is not None and g.p(x).addon.kind == kind for x in teammates(g.s, p.seat)):
        return None  # 2v2: each partner has an add-on slot, but a team never has two of one kind
    if kind == p.lost_addon and g.opt("addon_rebuild") == "free":
        return _build_extra(g, p, kind, qq)
    return BUILDINGS[kind][0] + _colour_tax(g, p) + _build_extra(g, p, kind, qq)


def _colour_tax(g: G, p: Player) -> int:
    """1 gold on the first building of a player whose heroes have two colours or more (besides neutral)."""
    return 0 if p.tax_paid or len({g.cat[h].facts.colour for h in p.heroes} - {"neutral"}) < 2 else 1


def _build_extra(g: G, p: Player, kind: str, qq: Q | None) -> int:
    if not BUILD_EXTRA:
        return 0
    qq = qq or g.stats()
    return sum(fn(g, qq, p.seat, kind) for fn in BUILD_EXTRA)


# -------------------------------------------------------------------------------------- legal actions


def _plays(g: G, seat: int, qq: Q) -> list[Action]:
    p = g.p(seat)
    out: list[Action] = []
    shortfall: dict[str, bool] = {}
    for uid in p.hand:
        card = g.card_of(uid)
        cost = play_cost(g, qq, seat, card)
        if cost is None or cost > p.gold:
            continue
        if (PLAY_BANS or HAND_PLAY_BANS) and play_banned(g, qq, seat, card):
            continue
        if card.type == "spell" and g.opt("targetless") == "forbid" and card.data.get("play"):
            if card.id not in shortfall:
                shortfall[card.id] = spell_has_no_target(g, seat, uid, card, cost)
            if shortfall[card.id]:
                continue
        out.append(A.act(A.PLAY, (uid,)))
        boost = card.kw.get("boost", 0)
        if boost and cost + boost <= p.gold:
            out.append(A.act(A.PLAY, (uid, "boost")))
    return out


def _summons(g: G, seat: int, qq: Q) -> list[Action]:
    p = g.p(seat)
    if len(heroes_in_play(g, seat)) >= hero_limit(g, p):
        return []
    return [
        A.act(A.SUMMON, (uid,))
        for uid in p.command
        if uid not in p.cooldown and (g.card_of(uid).facts.cost or 0) <= p.gold
    ]


def _levels(g: G, seat: int, qq: Q) -> list[Action]:
    gold = g.p(seat).gold
    out = []
    for t in sorted(heroes_in_play(g, seat), key=lambda t: t.uid):
        if not can_level(g, t):
            continue
        room = g.card(t).mx - t.level
        out += [A.act(A.LEVEL, (t.uid, n)) for n in range(1, min(room, gold) + 1)]
    return out


def _builds(g: G, seat: int, qq: Q) -> list[Action]:
    p = g.p(seat)
    out: list[Action] = []
    for kind in ("tech1", "tech2", "tech3", *ADDONS_ALL):
        cost = build_cost(g, p, kind, qq)
        if cost is None or cost > p.gold:
            continue
        if kind == "tech2" and p.tech2_spec is None and len(set(p.specs)) > 1:
            out += [A.act(A.BUILD, (kind, spec)) for spec in sorted(set(p.specs))]
        elif kind == "tech lab" and p.tech2_spec is not None:
            # A Tech Lab built before Tech II gets its spec when Tech II is declared (ruling).
            out += [A.act(A.BUILD, (kind, spec)) for spec in sorted(set(p.specs) - {p.tech2_spec})]
        else:
            out.append(A.act(A.BUILD, (kind,)))
    return out


def _razes(g: G, seat: int, qq: Q) -> list[Action]:
    p = g.p(seat)
    return [A.act(A.RAZE, (p.addon.kind,))] if p.addon is not None and p.addon.alive else []


def _hires(g: G, seat: int, qq: Q) -> list[Action]:
    p = g.p(seat)
    if p.hired == g.s.turn or p.gold < qq.hire_cost(seat):
        return []
    return [A.act(A.WORKER, (uid,)) for uid in p.hand]


def _abilities(g: G, seat: int, qq: Q) -> list[Action]:
    out = []
    for uid in sorted(g.s.things):
        t = g.s.things[uid]
        if t.ctrl == seat:
            out += _abilities_of(g, qq, t)
    return out + _future_ability_actions(g, seat)


def _future_ability_actions(g: G, seat: int) -> list[Action]:
    return [
        A.act(A.ABILITY, (uid, key))
        for uid, key, ab in future_abilities(g, seat)
        if "if" not in ab or condition(g, ab["if"], new_ctx(uid, g.card_of(uid).id, seat))
    ]


def _abilities_of(g: G, qq: Q, t: Thing) -> list[Action]:
    """The activated abilities thing `t` may use now (its controller's to use)."""
    return [
        A.act(A.ABILITY, (t.uid, key))
        for key, ab in qq.abilities(t)
        if "cost" in ab and ability_usable(g, qq, t, key, ab)
    ]


def future_abilities(g: G, seat: int) -> list[tuple[int, str, dict[str, Any]]]:
    """Activated abilities a card of `seat`'s may use while it waits in the future (`"zone": "future"`,
    Omegacron). Their costs name no gold and no exhausting: the card is not in play."""
    out = []
    for uid in sorted(g.p(seat).future):
        card = g.card_of(uid)
        for i, ab in enumerate(card.abilities):
            if "cost" in ab and ab.get("zone") == "future":
                out.append((uid, f"{card.id}:{i}", ab))
    return out


def use_future_ability(g: G, seat: int, uid: int, key: str) -> None:
    card = g.card_of(uid)
    ab = card.abilities[int(key.rsplit(":", 1)[1])]
    g.emit("ability", seat=seat, uid=uid, key=key)
    run_effect(g, ab["do"], new_ctx(uid, card.id, seat, key=key))


def _detects(g: G, seat: int, qq: Q) -> list[Action]:
    return [A.act(A.DETECT, (uid,)) for uid in detect_options(g, qq, seat)]


def _attacks(g: G, seat: int, qq: Q) -> list[Action]:
    out = []
    for uid in sorted(g.s.things):
        t = g.s.things[uid]
        if t.ctrl == seat:
            out += _attacks_of(g, qq, t)
    return out


def _attacks_of(g: G, qq: Q, t: Thing) -> list[Action]:
    """The attacks thing `t` may make now (its controller's to declare)."""
    if not can_attack(g, qq, t):
        return []
    return [A.act(A.ATTACK, (t.uid, ref)) for ref in affordable(g, qq, t, targets(g, qq, t))]


def _patrols(g: G, seat: int, qq: Q, unpatrol: bool = False) -> list[Action]:
    p = g.p(seat)
    lending = lend_targets(g, seat) if not unpatrol and g.mode() == FFA else []
    planned = {x[0] for x in p.lend}
    out = []
    for t in _fighters(qq, seat):  # the same for patrols and unpatrols: looked for once
        out += _plans_of(g, qq, p, t, lending, planned, unpatrol)
    return out


FIGHTERS = "fighters"
"""Key of `_fighters`' answer, kept with the lists of moves (see `main_actions`)."""


def _fighters(qq: Q, seat: int) -> list[Thing]:
    """`seat`'s ready units and heroes that may patrol, by uid."""
    got: list[Thing] | None = qq.memo.get((FIGHTERS, seat))
    if got is None:
        things = qq.s.things
        got = qq.memo[FIGHTERS, seat] = [
            t for t in (things[u] for u in sorted(things)) if t.ctrl == seat and _may_plan(qq, t)
        ]
    return got


def _may_plan(qq: Q, t: Thing) -> bool:
    return qq.card(t).type in ("unit", "token", "hero") and not t.exhausted and qq.may_patrol(t)


def _patrols_of(
    g: G, qq: Q, p: Player, t: Thing, lending: list[tuple[int, int]], planned: set[int], unpatrol: bool
) -> list[Action]:
    """Where thing `t` of player `p` may be planned to patrol now (or, `unpatrol`, be taken off the plan)."""
    return _plans_of(g, qq, p, t, lending, planned, unpatrol) if _may_plan(qq, t) else []


def _plans_of(
    g: G, qq: Q, p: Player, t: Thing, lending: list[tuple[int, int]], planned: set[int], unpatrol: bool
) -> list[Action]:
    """`_patrols_of` for a thing known to be free to patrol."""
    uid = t.uid
    if unpatrol:
        return [A.act(A.UNPATROL, (uid,))] if uid in p.patrol or uid in planned else []
    out = [A.act(A.PATROL, (uid, SLOTS[i])) for i in range(5) if p.patrol[i] != uid]
    legendary = qq.card(t).facts.legendary
    for to, i in lending:
        if legendary and any(o.ctrl == to and o.card == t.card for o in g.s.things.values()):
            continue  # its new controller may not control two of a legendary card
        out.append(A.act(A.PATROL, (uid, SLOTS[i], f"p{to + 1}")))
    return out


def _unpatrols(g: G, seat: int, qq: Q) -> list[Action]:
    return _patrols(g, seat, qq, unpatrol=True)


def _repairs(g: G, seat: int, qq: Q) -> list[Action]:
    return [A.act(A.REPAIR, ())] if g.mode() == FFA and can_repair(g, seat) else []


def _ends(g: G, seat: int, qq: Q) -> list[Action]:
    return [A.act(A.END)]


MAIN_ACTIONS = {
    A.PLAY: _plays,
    A.SUMMON: _summons,
    A.LEVEL: _levels,
    A.BUILD: _builds,
    A.RAZE: _razes,
    A.WORKER: _hires,
    A.ABILITY: _abilities,
    A.DETECT: _detects,
    A.ATTACK: _attacks,
    A.REPAIR: _repairs,
    A.PATROL: _patrols,
    A.UNPATROL: _unpatrols,
    A.END: _ends,
}
"""Verb -> its legal actions now, in the order legal_actions lists them."""


@dataclass
class Listed:
    """The main-phase actions verb by verb, and the fighters that may patrol (`FIGHTERS`): `lists` receives
    them as `main_actions` works them out; `carried` gives some already known for this state, which are not
    worked out again (a patrol plan's copy, see `Codex._carry`)."""

    lists: dict[str, list[Any]] = field(default_factory=dict)
    carried: dict[str, list[Any]] | None = None


def main_actions(g: G, seat: int, verb: str | None = None, listed: Listed | None = None) -> list[Action]:
    """The main-phase actions of `seat` (of `verb` only, if given); `listed`: see `Listed`."""
    qq = g.stats()
    outer, g.looking = g.looking, qq  # listing moves only looks: every rule may share one Q
    try:
        if verb is not None:
            fn = MAIN_ACTIONS.get(verb)
            return fn(g, seat, qq) if fn else []
        carried = listed.carried if listed is not None else None
        if carried is not None and FIGHTERS in carried:
            qq.memo[FIGHTERS, seat] = carried[FIGHTERS]  # who may patrol: no patrol plan changes that
        out: list[Action] = []
        for v, fn in MAIN_ACTIONS.items():
            got = carried.get(v) if carried is not None else None
            if got is None:
                got = fn(g, seat, qq)
            if listed is not None:
                listed.lists[v] = got
            out += got
        if listed is not None and (FIGHTERS, seat) in qq.memo:
            listed.lists[FIGHTERS] = qq.memo[FIGHTERS, seat]
        return out
    finally:
        g.looking = outer


def spell_has_no_target(g: G, seat: int, uid: int, card: Card, cost: int) -> bool:
    """Would this spell find nothing to target once its cost is paid (resist is paid from what is left)?"""
    p = g.p(seat)
    saved = p.gold
    p.gold -= cost  # looked at, then restored: legal_actions never leaves a change behind
    try:
        return pick_shortfall(g, card.data["play"], new_ctx(uid, card.id, seat))
    finally:
        p.gold = saved


def ability_usable(g: G, qq: Q, t: Thing, key: str, ab: dict[str, Any]) -> bool:
    cost = ab["cost"]
    p = g.p(t.ctrl)
    if cost.get("gold", 0) > p.gold:
        return False
    fatigued = t.since >= g.s.turn and "haste" not in qq.kw(t)
    if cost.get("exhaust") and (t.exhausted or fatigued):
        return False
    if (cost.get("once per turn") or ab.get("once")) and t.used.get(key) == g.s.turn:
        return False
    if "times per turn" in cost and uses_this_turn(g, t, key) >= cost["times per turn"]:
        return False
    if len(p.hand) < cost.get("discard", 0):
        return False
    if "if" in ab and not condition(g, ab["if"], new_ctx(t.uid, t.card, t.ctrl)):
        return False  # offered only while its condition holds (e.g. Hive: a Stinger to re-summon)
    if not runes_to_remove(t, cost.get("remove runes", {})):
        return False
    if "exhaust others" in cost and len(others_to_exhaust(g, qq, t, cost["exhaust others"])) < cost[
        "exhaust others"
    ].get("n", 1):
        return False
    if g.opt("targetless") == "forbid":
        ctx = new_ctx(t.uid, t.card, t.ctrl)
        saved = p.gold
        p.gold -= cost.get("gold", 0)  # resist is paid from what the cost leaves (restored: looking changes nothing)
        try:
            if pick_shortfall(g, ab["do"], ctx):
                return False
        finally:
            p.gold = saved
    return True


def others_to_exhaust(g: G, qq: Q, t: Thing, want: dict[str, Any]) -> list[int]:
    """Ready units of `t`'s controller that an "exhaust others" cost ({"subtype": ..., "n": N}) may use. They
    need no arrival turn behind them: exhausting them is a cost, not their own ability (Skeletal Lord ruling)."""
    sel = exhaust_others_selector(want)
    return [u for u in sorted(g.s.things) if u != t.uid and qq.match(sel, u, t.ctrl, t.uid, None)]


def exhaust_others_selector(want: dict[str, Any]) -> dict[str, Any]:
    return {"kind": ["unit"], "side": "you", "exhausted": False, **{k: v for k, v in want.items() if k != "n"}}


def uses_this_turn(g: G, t: Thing, key: str) -> int:
    """How often `t` used the ability `key` this turn (thrice-per-turn limits)."""
    return t.used.get(key + "#n", 0) if t.used.get(key) == g.s.turn else 0


def runes_to_remove(t: Thing, want: dict[str, int]) -> bool:
    """Does `t` carry the runes a "remove runes" cost asks for (e.g. {"+1/+1": 1})? A cost removes runes
    from the card paying it, never from another (Spore Shambler ruling)."""
    for rune, n in want.items():
        have = t.runes if rune == "+1/+1" else -t.runes if rune == "-1/-1" else t.marks.get(rune, 0)
        if have < n:
            return False
    return True


def remove_runes(g: G, t: Thing, want: dict[str, int]) -> None:
    for rune, n in want.items():
        if rune == "time":
            remove_time_runes(g, t.uid, n, by=t.ctrl)  # fading and "time rune removed" answer to it
            continue
        if rune == "+1/+1":
            t.runes -= n
        elif rune == "-1/-1":
            t.runes += n
        else:
            t.marks[rune] -= n
            if not t.marks[rune]:
                del t.marks[rune]
        g.emit("rune_removed", uid=t.uid, rune=rune, n=n)


def detect_options(g: G, qq: Q, seat: int) -> list[int]:
    p = g.p(seat)
    if p.addon is None or not p.addon.alive or p.addon.kind != "tower":
        return []
    if str(seat) in g.s.flags.get("tower", {}):
        return []
    # Only invisibility hides a thing on your own turn; stealth matters only when it attacks you.
    return [
        uid
        for uid in sorted(g.s.things)
        if not g.friendly(g.s.things[uid].ctrl, seat) and "invisible" in qq.kw(g.s.things[uid])
    ]


def choice_actions(g: G) -> list[Action]:
    return [Action(A.CHOOSE, (opt,)) for opt in g.s.pending["options"]]


def is_legal(g: G, seat: int, action: Action) -> bool:
    """Is `action` among `legal(g, seat)`? Actions of one thing (an attack, a patrol, an ability) are checked
    by listing that thing's actions alone; the others by listing the actions of their verb."""
    verb, args = action.verb, action.args
    if verb not in ONE_THING or not args or not isinstance(args[0], int) or not _main_phase(g, seat):
        return action in legal(g, seat, verb)
    qq = Q(g.s, g.cat)
    t = g.s.things.get(args[0])
    mine = _their_actions(g, seat, qq, t, verb) if t is not None and t.ctrl == seat else []
    if verb == A.ABILITY and args[0] in g.p(seat).future:
        mine += [a for a in _future_ability_actions(g, seat) if a.args[0] == args[0]]
    return action in mine


def _their_actions(g: G, seat: int, qq: Q, t: Thing, verb: str) -> list[Action]:
    p = g.p(seat)
    if verb == A.ATTACK:
        return _attacks_of(g, qq, t)
    if verb == A.ABILITY:
        return _abilities_of(g, qq, t)
    unpatrol = verb == A.UNPATROL
    lending = lend_targets(g, seat) if g.mode() == FFA and not unpatrol else []
    return _patrols_of(g, qq, p, t, lending, {x[0] for x in p.lend}, unpatrol)


ONE_THING = frozenset({A.ATTACK, A.ABILITY, A.PATROL, A.UNPATROL})
"""Verbs whose first argument is the thing acting, each thing's actions being listed apart from the others'."""


def _main_phase(g: G, seat: int) -> bool:
    """May `seat` take main-phase actions now (see `legal`)?"""
    s = g.s
    return (
        s.result is None
        and s.pending is None
        and s.phase == "main"
        and g.on_turn(seat)
        and not g.p(seat).ended
        and not s.queue
    )


def legal(g: G, seat: int, verb: str | None = None, listed: Listed | None = None) -> list[Action]:
    """Every legal action of `seat` (or only those with `verb`, which is all `apply` needs to check).
    `listed`: the main-phase actions verb by verb (see `Listed`)."""
    s = g.s
    if s.result is not None:
        return []
    out: list[Action] = []
    if s.pending is not None:
        if s.pending["seat"] == seat and verb in (None, A.CHOOSE):
            out = choice_actions(g)
    elif s.phase == "main" and g.on_turn(seat) and not g.p(seat).ended and not s.queue and verb != A.TECH:
        out = main_actions(g, seat, verb, listed)
    p = g.p(seat)
    if p.tech_open and verb in (None, A.TECH):
        out += tech_options(g, seat)
    return out


# ------------------------------------------------------------------------------------------ applying


def do_action(g: G, seat: int, action: Action) -> None:
    verb, args = action.verb, action.args
    s = g.s
    if verb == A.TECH:
        choose_tech(g, seat, tuple(str(a) for a in args))
    elif verb == A.CHOOSE:
        pending = s.pending
        s.pending = None
        RESUME[pending["kind"]](g, pending, args[0])
    elif verb == A.PLAY:
        play(g, seat, int(args[0]), boosted=len(args) > 1)
    elif verb == A.SUMMON:
        summon(g, seat, int(args[0]))
    elif verb == A.LEVEL:
        t = s.things[int(args[0])]
        g.p(seat).gold -= int(args[1])
        gain_levels(g, t, int(args[1]), paid=int(args[1]))  # one gold a level
    elif verb == A.BUILD:
        build(g, seat, str(args[0]), str(args[1]) if len(args) > 1 else None)
    elif verb == A.RAZE:
        p = g.p(seat)
        g.emit("raze", seat=seat, kind=p.addon.kind if p.addon else "")
        p.addon = None
        lose_building(g, seat)
    elif verb == A.WORKER:
        p = g.p(seat)
        uid = int(args[0])
        p.gold -= Q(s, g.cat).hire_cost(seat)
        p.hand.remove(uid)
        p.worker_cards.append(uid)
        if uid in s.known:
            s.known.remove(uid)
        p.workers += 1
        p.hired = s.turn
        g.emit("hire", seat=seat, workers=p.workers)
        g.emit("hired_card", private=seat, seat=seat, uid=uid)
    elif verb == A.ABILITY:
        if int(args[0]) in g.p(seat).future:
            use_future_ability(g, seat, int(args[0]), str(args[1]))
        else:
            use_ability(g, seat, int(args[0]), str(args[1]))
    elif verb == A.DETECT:
        uid = int(args[0])
        s.flags.setdefault("tower", {})[str(seat)] = uid
        s.flags.setdefault("detected", {}).setdefault(str(seat), []).append(uid)
        g.emit("detect", seat=seat, uid=uid)
    elif verb == A.ATTACK:
        a = s.things[int(args[0])]
        target = args[1]
        declare(g, a, target)
    elif verb == A.PATROL:
        p = g.p(seat)
        uid, slot = int(args[0]), SLOTS.index(str(args[1]))
        unplan(p, uid)
        if len(args) > 2:
            p.lend.append([uid, int(str(args[2])[1:]) - 1, slot])  # lent at the end of the main phase
        else:
            p.patrol[slot] = uid
    elif verb == A.UNPATROL:
        unplan(g.p(seat), int(args[0]))
    elif verb == A.REPAIR:
        repair_base(g, seat)
    elif verb == A.END:
        end_main(g, seat)
    else:
        raise IllegalAction(t("codex-unknown-action", verb=repr(verb)))


def unplan(p: Player, uid: int) -> None:
    """Take a fighter out of the patrol plan: its own zone's slot or a slot it was to be lent to."""
    if uid in p.patrol:
        p.patrol[p.patrol.index(uid)] = 0
    p.lend = [x for x in p.lend if x[0] != uid]


def note_played_from_hand(g: G, seat: int) -> None:
    """Count a card `seat` played from hand this turn (Censorship Council): any card played from the hand, a
    free one included (Cinderblast Dragon); hiring a worker or putting a card into play is not playing it."""
    played = g.s.flags.setdefault("played_from_hand", {})
    played[str(seat)] = played.get(str(seat), 0) + 1


def play(g: G, seat: int, uid: int, boosted: bool = False, zone: str = "hand") -> None:
    """`seat` plays card `uid` from `zone` ("hand", "deck" for its top card: Vir Garbarean, or a named extra
    zone of the card's owner, `Player.zones`: a Graveyard's buried units), paying for it and meeting its
    requirements as usual (boost included: general ruling)."""
    s = g.s
    p = g.p(seat)
    card = g.card_of(uid)
    qq = Q(s, g.cat)
    cost = play_cost(g, qq, seat, card)
    assert cost is not None
    if boosted:
        cost += card.kw["boost"]
    p.gold -= cost
    pile = getattr(p, zone) if zone in ("hand", "deck") else g.p(s.cards[uid][1]).zones[zone]
    pile.remove(uid)
    if uid in s.known:
        s.known.remove(uid)
    g.emit("play", seat=seat, uid=uid, card=card.id, cost=cost)
    if zone == "hand":
        note_played_from_hand(g, seat)
    if card.type == "spell":
        caster, _tax = caster_for(g, seat, card)
        cast_spell(g, seat, uid, caster.uid if caster else 0, boosted)
        return
    card_played(g, seat, uid)
    if card.type == "building":
        count_build(g, seat)
    if card.type == "unit" and zone == "hand":
        fire(g, listeners(g, seat, "you play unit from hand", exclude=uid))
    task = {"t": "land", "seat": seat, "uid": uid, "boosted": boosted, "zone": zone}
    played = played_items(card, uid, seat, boosted)
    if played:
        # "When played" effects (a boost's, Marauder) happen as the card is played, before it arrives or is
        # caught on the way (Jail): the card lands once they are done (general Boost ruling).
        g.push(task)
        fire(g, played)
        return
    land(g, task)


def played_items(card: Card, uid: int, seat: int, boosted: bool) -> list[dict[str, Any]]:
    """Trigger records for the card's own "played" abilities (it is not in play yet)."""
    out = []
    for i, ab in enumerate(card.abilities):
        if "played" in ab.get("on", ()):
            item = {"key": f"{card.id}:{i}", "src": uid, "card": card.id, "ctl": seat, "ops": ab["do"]}
            item["ctx"] = {"boosted": boosted}
            if "if" in ab:
                item["if"] = ab["if"]
            out.append(item)
    return out


@handler("land")
def land(g: G, task: dict[str, Any]) -> None:
    """A card played from a zone (not a spell) comes into play, unless something takes it on the way (Jail)."""
    seat, uid, boosted, zone = task["seat"], task["uid"], task["boosted"], task["zone"]
    card = g.card_of(uid)
    if card.type == "unit" and zone == "hand" and any(take(g, seat, uid, card, boosted) for take in FROM_HAND):
        return
    # Arrival abilities may ask whether the card was played from hand (not put into play) and boosted.
    extra: dict[str, Any] = {"from_hand": True} if zone == "hand" else {}
    if boosted:
        extra["boosted"] = True
    enter_play(g, card.id, seat, g.s.cards[uid][1], uid=uid, extra=extra, from_hand=zone == "hand")


def summon(g: G, seat: int, uid: int) -> None:
    p = g.p(seat)
    card = g.card_of(uid)
    p.gold -= card.facts.cost or 0
    g.emit("summon", seat=seat, uid=uid, cost=card.facts.cost or 0)
    p.command.remove(uid)
    enter_play(g, card.id, seat, seat, uid=uid, level=1)


def build(g: G, seat: int, kind: str, spec: str | None) -> None:
    p = g.p(seat)
    cost = build_cost(g, p, kind)
    assert cost is not None
    p.gold -= cost
    count_build(g, seat)
    if kind in ("tech1", "tech2", "tech3") and p.tech[int(kind[-1]) - 1].status == "destroyed":
        pass  # a rebuild never counts as the first build for the multi-colour tax
    else:
        p.tax_paid = True
    if kind.startswith("tech") and kind != "tech lab":
        b = p.tech[int(kind[-1]) - 1]
        b.status, b.damage = "building", 0
        if kind == "tech2" and p.tech2_spec is None:
            p.tech2_spec = spec or p.specs[0]
            lab = p.addon
            if lab is not None and lab.kind == "tech lab" and lab.spec is None:
                left = sorted(set(p.specs) - {p.tech2_spec})
                if len(left) == 1:
                    lab.spec = left[0]
                elif left:
                    g.ask("lab_spec", left, asked("lab_spec"))
    else:
        p.addon = Building(kind, "building", 0, spec)
        p.lost_addon = None
    g.emit("build", seat=seat, kind=kind, spec=spec, cost=cost)
    if kind in ("tech1", "tech2", "tech3") and seat in instant_builders(g):
        finish_building(g, seat, p.tech[int(kind[-1]) - 1])


def resume_lab_spec(g: G, pending: dict[str, Any], choice: Any) -> None:
    p = g.p(g.s.active)
    if p.addon is not None and p.addon.kind == "tech lab":
        p.addon.spec = str(choice)


RESUME["lab_spec"] = resume_lab_spec


def use_ability(g: G, seat: int, uid: int, key: str) -> None:
    s = g.s
    t = s.things[uid]
    qq = Q(s, g.cat)
    ab = qq.ability_by_key(key)
    cost = ab["cost"]
    p = g.p(seat)
    p.gold -= cost.get("gold", 0)
    if cost.get("exhaust"):
        exhaust(g, t)
    if "times per turn" in cost:
        t.used[key + "#n"] = uses_this_turn(g, t, key) + 1
    if cost.get("remove runes"):
        remove_runes(g, t, cost["remove runes"])
    t.used[key] = s.turn
    g.emit("ability", seat=seat, uid=uid, key=key)
    ctx = new_ctx(uid, t.card, seat, key=key)
    ops = ab["do"]
    if cost.get("discard"):
        # Discarding is part of the cost: the player picks the cards first, then the effect happens.
        ops = [{"op": "discard", "who": "you", "n": cost["discard"]}, *ops]
    if "exhaust others" in cost:
        # So is exhausting other units: the player picks which ones when there are more than needed.
        want = cost["exhaust others"]
        pick = {"pick": {**exhaust_others_selector(want), "other": True}, "n": want.get("n", 1)}
        ops = [{"op": "exhaust", "to": pick}, *ops]
    run_effect(g, ops, ctx)
    if cost.get("sacrifice"):
        leave_play(g, t, "discard", died=True, how="sacrificed")

"""Why a Codex action is not legal now (the protocol's `why_illegal`): the first rule it breaks, in words.

Each verb's reasons follow the order of its legality code in rules.py (and combat.py for attacks), and each
names a rule only when that rule really forbids the action: a legal action gets no reason, which the
property checks hold us to. A card is named only where the player may see it; a card of another player's
hand, deck or workers gets no reason at all, so a reason can never name a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.codex import actions as A
from engine.codex.cards import BUILDINGS, Card
from engine.codex.combat import (
    ATTACK_BANS,
    attack_tax,
    attackable_by,
    base_flies,
    can_attack,
    controller_of,
    group_of,
    targets,
)
from engine.codex.ctx import G
from engine.codex.effects import condition, detected, new_ctx, pick_shortfall
from engine.codex.ffa import REPAIR_COST, lend_targets
from engine.codex.modes import FFA
from engine.codex.notation import Namer
from engine.codex.rules import (
    ADDONS_ALL,
    build_cost,
    future_abilities,
    hero_limit,
    heroes_in_play,
    multi_hero,
    no_tech_needed,
    operational,
    others_to_exhaust,
    play_banned,
    play_cost,
    runes_to_remove,
    spell_has_no_target,
    uses_this_turn,
)
from engine.codex.seats import teammates
from engine.codex.state import SLOTS, Thing
from engine.codex.stats import Q, Ref
from engine.codex.zones import can_level
from engine.core import Action
from engine.i18n import Msg, listing, t

FIGHTERS = ("unit", "token", "hero")
TECH_BUILDINGS = ("tech1", "tech2", "tech3")


def why_illegal(g: G, seat: int, action: Action) -> Msg | None:
    """Why `seat` may not take `action` now, or None (legal, or nothing to say)."""
    s = g.s
    if s.result is not None or not 0 <= seat < len(s.players) or action.verb not in A.VERBS:
        return None
    why = Why(g, seat)
    if action.verb == A.TECH:
        return why.tech(action.args)
    if action.verb == A.CHOOSE:
        return why.choose(action.args)
    return why.phase() or MAIN[action.verb](why, action.args)


class Why:
    """The reasons, for one seat and state. Nothing here changes the state (spell_has_no_target and the
    targetless check put back the gold they look past)."""

    def __init__(self, g: G, seat: int) -> None:
        self.g, self.seat = g, seat
        self.p = g.p(seat)
        self.qq = Q(g.s, g.cat)
        self.namer = Namer(g, seat)

    # -------------------------------------------------------------------------------- naming cards
    def seen(self, ref: Any) -> bool:
        """May the player be told about card `ref` (a uid or a card id)? Not another player's hidden card."""
        if isinstance(ref, str):
            return ref in self.g.cat.cards
        if not isinstance(ref, int) or ref not in self.g.s.cards:
            return False
        others = [x for x in self.g.s.players if x.seat != self.seat]
        return not any(ref in x.hand or ref in x.deck or ref in x.worker_cards for x in others)

    def name(self, ref: int | str) -> str:
        return self.g.cat[ref].name if isinstance(ref, str) else self.namer.thing(ref)

    def own(self, ref: Any) -> Thing | Msg | None:
        """`ref` as a thing of the player's in play, or why it is none (None: nothing to say)."""
        if not self.seen(ref):
            return None
        t_ = self.g.s.things.get(ref) if isinstance(ref, int) else None
        if t_ is None:
            return t("codex-why-not-in-play", card=self.name(ref))
        if t_.ctrl != self.seat:
            return t("codex-why-not-yours", card=self.name(ref))
        return t_

    def where(self, ref: Any) -> Msg | None:
        """Why card `ref`, which is not in the hand, cannot be played or hired from there."""
        if not self.seen(ref):
            return None
        p, name = self.p, self.name(ref)
        if ref in p.discard:
            return t("codex-why-in-discard", card=name)
        if ref in self.g.s.things:
            return t("codex-why-in-play", card=name)
        if ref in p.worker_cards:
            return t("codex-why-is-worker", card=name)
        if ref in p.command:
            return t("codex-why-hero-summoned", card=name)
        return t("codex-why-not-in-hand", card=name)

    def gold(self, cost: int) -> bool:
        return cost > self.p.gold

    # --------------------------------------------------------------------------------- the phases
    def phase(self) -> Msg | None:
        """Main-phase actions wait for a pending choice, the player's own main phase, and its end."""
        g, s = self.g, self.g.s
        if s.pending is not None:
            chooser = int(s.pending["seat"])
            if chooser == self.seat:
                return t("codex-why-choice-first")
            return t("codex-why-choice-other", player=f"p{chooser + 1}")
        if s.phase != "main" or not g.on_turn(self.seat):
            return t("codex-why-not-main")
        if self.p.ended:
            return t("codex-why-ended")
        return None

    def choose(self, args: tuple[Any, ...]) -> Msg | None:
        pending = self.g.s.pending
        if pending is None or int(pending["seat"]) != self.seat:
            return t("codex-why-no-choice")
        if len(args) == 1 and args[0] not in pending["options"]:
            return t("codex-why-not-an-option")
        return None

    def tech(self, args: tuple[Any, ...]) -> Msg | None:
        """A tech pick: 2 cards of the codex (0 to 2 with 10 workers or more; fewer when it runs dry)."""
        p, cat = self.p, self.g.cat
        if not p.tech_open:
            return t("codex-why-no-tech-pick")
        if not all(isinstance(a, str) and a in cat.cards for a in args):
            return None
        need = min(2, sum(p.codex.values()))
        if len(args) > need or (p.workers < 10 and len(args) < need):
            return t("codex-why-tech-count", count=need, optional=int(p.workers >= 10))
        for cid in dict.fromkeys(args):
            have, name = p.codex.get(cid, 0), cat[cid].name
            if have == 0 and cat[cid].facts.spec not in p.specs:
                return t("codex-why-tech-not-yours", card=name)
            if have < args.count(cid):
                return t("codex-why-tech-left", card=name, left=have)
        return None

    # -------------------------------------------------------------------------------- from the hand
    def play(self, args: tuple[Any, ...]) -> Msg | None:
        if not 1 <= len(args) <= 2 or (len(args) == 2 and args[1] != "boost"):
            return None
        ref, p = args[0], self.p
        if ref not in p.hand:
            return self.where(ref)
        card = self.g.card_of(ref)
        name = self.name(ref)
        cost = play_cost(self.g, self.qq, self.seat, card)
        if cost is None:
            return self.requirement(card, name)
        boost = card.kw.get("boost", 0)
        if len(args) == 2 and not boost:
            return t("codex-why-no-boost", card=name)
        if self.gold(cost):
            return t("codex-why-costs", card=name, cost=cost, gold=p.gold)
        if play_banned(self.g, self.qq, self.seat, card):
            return t("codex-why-banned", card=name)
        targetless = card.type == "spell" and self.g.opt("targetless") == "forbid" and card.data.get("play")
        if targetless and spell_has_no_target(self.g, self.seat, ref, card, cost):
            return t("codex-why-no-target", card=name)
        if len(args) == 2 and self.gold(cost + boost):
            return t("codex-why-costs-boosted", card=name, cost=cost + boost, gold=p.gold)
        return None

    def requirement(self, card: Card, name: str) -> Msg | None:
        """Why `card` cannot be played at any price: no hero to cast the spell, no tech building for the rest."""
        g, p = self.g, self.p
        if card.type == "spell":
            heroes = heroes_in_play(g, self.seat)
            if not heroes:
                return t("codex-why-no-hero", card=name)
            if p.marks.get("silenced"):
                return t("codex-why-silenced")
            spec = card.facts.spec or ""
            if card.ultimate and any(g.card(h).facts.spec == spec for h in heroes):
                return t("codex-why-ultimate", card=name, spec=spec)
            return t("codex-why-needs-spec-hero", card=name, spec=spec)
        if card.type in ("unit", "upgrade", "building") and not no_tech_needed(self.qq, self.seat, card):
            return self.tech_needed(card, name)
        return None

    def tech_needed(self, card: Card, name: str) -> Msg | None:
        """The tech building a unit, upgrade or building card needs (rules.tech_ok, reason by reason)."""
        g, p, level = self.g, self.p, card.tech
        if g.opt("tech_tiers") == "higher_counts":
            if not any(operational(g, p, tier) for tier in range(level, 4)):
                return t("codex-why-needs-tech-or-higher", card=name, building=building(f"tech{level}"))
        elif not p.tech[level - 1].alive:
            return t("codex-why-needs-tech", card=name, building=building(f"tech{level}"))
        elif not operational(g, p, level):
            return t("codex-why-tech-off", building=building(f"tech{level}"))
        if level >= 2:
            specs = {p.tech2_spec}
            if p.addon is not None and p.addon.alive and p.addon.kind == "tech lab" and p.addon.spec:
                specs.add(p.addon.spec)
            if card.facts.spec not in specs:
                return t("codex-why-needs-spec", card=name, spec=card.facts.spec or "", have=p.tech2_spec or "")
            if level == 3 and g.opt("tech3_needs_tech2") == "yes" and not operational(g, p, 2):
                return t("codex-why-needs-lower", building=building("tech3"), lower=building("tech2"))
        return None

    def worker(self, args: tuple[Any, ...]) -> Msg | None:
        if len(args) != 1:
            return None
        p = self.p
        if p.hired == self.g.s.turn:
            return t("codex-why-hired")
        if args[0] not in p.hand:
            return self.where(args[0])
        cost = self.qq.hire_cost(self.seat)
        return t("codex-why-hire-costs", cost=cost, gold=p.gold) if self.gold(cost) else None

    # ------------------------------------------------------------------------------------- heroes
    def summon(self, args: tuple[Any, ...]) -> Msg | None:
        if len(args) != 1:
            return None
        ref, p = args[0], self.p
        if ref not in p.command:
            if not self.seen(ref):
                return None
            if ref in self.g.s.things:
                return t("codex-why-in-play", card=self.name(ref))
            return t("codex-why-not-in-command", card=self.name(ref))
        most = hero_limit(self.g, p)
        if len(heroes_in_play(self.g, self.seat)) >= most:
            return t("codex-why-hero-limit", most=most, more=int(multi_hero(p) and most < 3))
        if ref in p.cooldown:
            return t("codex-why-cooldown", card=self.name(ref))
        cost = self.g.card_of(ref).facts.cost or 0
        return t("codex-why-costs", card=self.name(ref), cost=cost, gold=p.gold) if self.gold(cost) else None

    def level(self, args: tuple[Any, ...]) -> Msg | None:
        if len(args) != 2 or not isinstance(args[1], int):
            return None
        hero = self.own(args[0])
        if not isinstance(hero, Thing):
            return hero
        name, card, n = self.name(hero.uid), self.g.card(hero), args[1]
        if card.type != "hero":
            return t("codex-why-not-a-hero", card=name)
        if not can_level(self.g, hero):
            return t("codex-why-level-frozen", card=name)
        room = card.mx - hero.level
        if room <= 0:
            return t("codex-why-max-level", card=name, level=card.mx)
        if n > room:
            return t("codex-why-level-room", card=name, room=room)
        if n >= 1 and self.gold(n):
            return t("codex-why-levels-cost", levels=n, gold=self.p.gold)
        return None

    # ---------------------------------------------------------------------------------- buildings
    def build(self, args: tuple[Any, ...]) -> Msg | None:
        if not 1 <= len(args) <= 2 or args[0] not in (*TECH_BUILDINGS, *ADDONS_ALL):
            return None
        kind, p = str(args[0]), self.p
        cost = build_cost(self.g, p, kind, self.qq)
        if cost is None:
            return self.unbuildable(kind)
        if self.gold(cost):
            return t("codex-why-build-costs", building=building(kind), cost=cost, gold=p.gold)
        return self.spec_form(kind, str(args[1]) if len(args) == 2 else None)

    def unbuildable(self, kind: str) -> Msg | None:
        """Why `kind` cannot be started now at any price (rules.build_cost, reason by reason)."""
        g, p, b_kind = self.g, self.p, building(kind)
        if kind in TECH_BUILDINGS:
            tier = int(kind[-1])
            b = p.tech[tier - 1]
            if b.status == "building":
                return t("codex-why-being-built", building=b_kind)
            if b.status == "built":
                return t("codex-why-built", building=b_kind)
            if b.status == "destroyed" and g.opt("rebuild") == "free":
                return None
            if p.workers < BUILDINGS[kind][2]:
                return t("codex-why-workers", building=b_kind, need=BUILDINGS[kind][2], have=p.workers)
            if tier > 1 and not operational(g, p, tier - 1):
                return t("codex-why-needs-lower", building=b_kind, lower=building(f"tech{tier - 1}"))
            return None
        if not multi_hero(p) and kind not in ("surplus", "tower"):
            return t("codex-why-addon-heroes", building=b_kind)
        if p.addon is not None:
            return t("codex-why-has-addon", building=building(p.addon.kind))
        if any(g.p(x).addon is not None and g.p(x).addon.kind == kind for x in teammates(g.s, self.seat)):
            return t("codex-why-team-addon", building=b_kind)
        return None

    def spec_form(self, kind: str, spec: str | None) -> Msg | None:
        """Tech II names its spec when the player has several and none is chosen; a Tech Lab built after Tech
        II names the spec it unlocks; nothing else names one."""
        p = self.p
        specs = sorted(set(p.specs))
        if kind == "tech2" and p.tech2_spec is None and len(specs) > 1:
            return self.spec_among(spec, specs, "codex-why-which-spec")
        if kind == "tech lab" and p.tech2_spec is not None:
            if spec == p.tech2_spec:
                return t("codex-why-lab-same-spec", spec=spec)
            return self.spec_among(spec, [x for x in specs if x != p.tech2_spec], "codex-why-lab-spec")
        if spec is None:
            return None
        if kind == "tech lab":
            return t("codex-why-lab-spec-later")
        return t("codex-why-no-spec", building=building(kind))

    def spec_among(self, spec: str | None, specs: list[str], which: str) -> Msg | None:
        if spec in specs:
            return None
        if spec is not None:
            return t("codex-why-not-your-spec", spec=spec, specs=listing(specs, "or"))
        if which == "codex-why-lab-spec":
            return t("codex-why-lab-spec", specs=listing(specs, "or"))
        return t("codex-why-which-spec", specs=listing(specs, "or"))

    def raze(self, args: tuple[Any, ...]) -> Msg | None:
        if len(args) != 1:
            return None
        addon = self.p.addon
        if addon is None:
            return t("codex-why-no-addon")
        if not addon.alive:
            return t("codex-why-being-built", building=building(addon.kind))
        return t("codex-why-other-addon", building=building(addon.kind)) if args[0] != addon.kind else None

    def repair(self, args: tuple[Any, ...]) -> Msg | None:
        if args:
            return None
        if self.g.mode() != FFA:
            return t("codex-why-repair-ffa")
        if self.p.base_damage <= 0:
            return t("codex-why-repair-undamaged")
        return t("codex-why-repair-costs", cost=REPAIR_COST, gold=self.p.gold) if self.gold(REPAIR_COST) else None

    # ---------------------------------------------------------------------------------- abilities
    def ability(self, args: tuple[Any, ...]) -> Msg | None:
        if len(args) != 2:
            return None
        ref, key = args
        if isinstance(ref, int) and ref in self.p.future:
            return self.future_ability(ref, key)
        thing = self.own(ref)
        if not isinstance(thing, Thing):
            return thing
        name = self.name(thing.uid)
        active = {k: ab for k, ab in self.qq.abilities(thing) if "cost" in ab}
        if not active:
            return t("codex-why-no-ability", card=name)
        if key not in active:
            return t("codex-why-no-such-ability", card=name)
        return self.unusable(thing, str(key), active[key], name)

    def future_ability(self, uid: int, key: Any) -> Msg | None:
        name = self.name(uid)
        waiting = {k: ab for u, k, ab in future_abilities(self.g, self.seat) if u == uid}
        if not waiting:
            return t("codex-why-no-ability", card=name)
        if key not in waiting:
            return t("codex-why-no-such-ability", card=name)
        ab = waiting[key]
        if "if" in ab and not condition(self.g, ab["if"], new_ctx(uid, self.g.card_of(uid).id, self.seat)):
            return t("codex-why-ability-condition", card=name)
        return None

    def unusable(self, th: Thing, key: str, ab: dict[str, Any], name: str) -> Msg | None:
        """rules.ability_usable, reason by reason."""
        g, p, cost = self.g, self.p, ab["cost"]
        if self.gold(cost.get("gold", 0)):
            return t("codex-why-ability-costs", card=name, cost=cost.get("gold", 0), gold=p.gold)
        if cost.get("exhaust") and th.exhausted:
            return t("codex-why-exhausted", card=name)
        if cost.get("exhaust") and th.since >= g.s.turn and "haste" not in self.qq.kw(th):
            return t("codex-why-arrived", card=name)
        if (cost.get("once per turn") or ab.get("once")) and th.used.get(key) == g.s.turn:
            return t("codex-why-used", card=name, times=1)
        if "times per turn" in cost and uses_this_turn(g, th, key) >= cost["times per turn"]:
            return t("codex-why-used", card=name, times=cost["times per turn"])
        if len(p.hand) < cost.get("discard", 0):
            return t("codex-why-discard-cost", card=name, need=cost["discard"], have=len(p.hand))
        if "if" in ab and not condition(g, ab["if"], new_ctx(th.uid, th.card, th.ctrl)):
            return t("codex-why-ability-condition", card=name)
        if not runes_to_remove(th, cost.get("remove runes", {})):
            return t("codex-why-runes", card=name)
        if "exhaust others" in cost:
            need = cost["exhaust others"].get("n", 1)
            if len(others_to_exhaust(g, self.qq, th, cost["exhaust others"])) < need:
                return t("codex-why-exhaust-others", card=name, need=need)
        if g.opt("targetless") == "forbid" and self.no_target(th, ab):
            return t("codex-why-ability-no-target", card=name)
        return None

    def no_target(self, th: Thing, ab: dict[str, Any]) -> bool:
        p = self.p
        saved = p.gold
        p.gold -= ab["cost"].get("gold", 0)  # resist is paid from what the cost leaves; put back below
        try:
            return pick_shortfall(self.g, ab["do"], new_ctx(th.uid, th.card, th.ctrl))
        finally:
            p.gold = saved

    def detect(self, args: tuple[Any, ...]) -> Msg | None:
        if len(args) != 1:
            return None
        g, p, ref = self.g, self.p, args[0]
        if p.addon is None or not p.addon.alive or p.addon.kind != "tower":
            return t("codex-why-no-tower")
        if str(self.seat) in g.s.flags.get("tower", {}):
            return t("codex-why-tower-used")
        if not self.seen(ref):
            return None
        th = g.s.things.get(ref) if isinstance(ref, int) else None
        if th is None:
            return t("codex-why-gone", card=self.name(ref))
        if g.friendly(th.ctrl, self.seat):
            return t("codex-why-own-side", target=self.name(ref))
        return None if "invisible" in self.qq.kw(th) else t("codex-why-not-invisible", card=self.name(ref))

    # ------------------------------------------------------------------------------------ attacks
    def attack(self, args: tuple[Any, ...]) -> Msg | None:
        if len(args) != 2:
            return None
        a = self.own(args[0])
        if not isinstance(a, Thing):
            return a
        return self.attacker(a) or self.target(a, args[1])

    def attacker(self, a: Thing) -> Msg | None:
        """combat.can_attack, reason by reason."""
        g, qq, name = self.g, self.qq, self.name(a.uid)
        if can_attack(g, qq, a):
            return None
        if qq.card(a).type not in FIGHTERS:
            return t("codex-why-not-a-fighter", card=name)
        if a.exhausted:
            return t("codex-why-exhausted", card=name)
        kw = qq.kw(a)
        if "can't attack" in kw:
            return t("codex-why-cant-attack", card=name)
        if a.since >= g.s.turn and "haste" not in kw:
            return t("codex-why-arrived", card=name)
        return t("codex-why-attacked", card=name)

    def target(self, a: Thing, ref: Any) -> Msg | None:
        g, qq = self.g, self.qq
        if isinstance(ref, str) and ":" in ref:
            seat_s = ref.split(":", 1)[0]
            if not seat_s.isdigit() or not 0 <= int(seat_s) < len(g.s.players):
                return None
            if ref not in g.fixed_buildings(int(seat_s)):
                return t("codex-why-no-building", target=self.building_name(ref))
        elif not self.seen(ref):
            return None
        elif not isinstance(ref, int) or ref not in g.s.things:
            return t("codex-why-gone", card=self.name(ref))
        d = controller_of(g, ref)
        target = self.namer.ref(ref)
        if g.friendly(d, self.seat):
            return t("codex-why-own-side", target=target)
        group = group_of(g, self.seat, d)
        if not attackable_by(g, qq, a, ref, group):
            return self.unattackable(a, ref, target)
        allowed = targets(g, qq, a, group=group)
        if ref not in allowed:
            first = [self.namer.ref(r) for r in allowed if isinstance(r, int) and self.patrols(r)]
            return t("codex-why-patrol", patrollers=listing(first, "or")) if first else None
        tax = attack_tax(g, qq, ref)
        return t("codex-why-attack-tax", target=target, cost=tax, gold=self.p.gold) if self.gold(tax) else None

    def building_name(self, ref: str) -> str:
        """A building ref of a seat at the table, as the player names it (a slot of no building: as it is)."""
        return self.namer.ref(ref) if ref.split(":", 1)[1] in ("base", *TECH_BUILDINGS, "addon") else ref

    def patrols(self, uid: int) -> bool:
        th = self.g.s.things[uid]
        return uid in self.g.p(th.ctrl).patrol

    def unattackable(self, a: Thing, ref: Ref, target: str) -> Msg:
        """combat.attackable_by, reason by reason (a rule this does not know of: "cannot attack")."""
        g, qq = self.g, self.qq
        d = controller_of(g, ref)
        if any(ban(g, qq, a, ref, d) for ban in ATTACK_BANS):
            return t("codex-why-attack-banned")
        akw = qq.kw(a)
        if isinstance(ref, str):
            if ref.endswith(":base") and any(base_flies(qq, x) for x in teammates(g.s, d)):
                return t("codex-why-base-flies")
            return t("codex-why-cannot-attack", card=self.name(a.uid), target=target)
        th = g.s.things[ref]
        kw = qq.kw(th)
        if "unattackable" in kw:
            return t("codex-why-unattackable", target=target)
        if "flying" in kw and "flying" not in akw and "anti-air" not in akw:
            return t("codex-why-flying", target=target)
        if "invisible" in kw and not qq.patrolling(th) and not detected(g, qq, a.ctrl, th):
            return t("codex-why-invisible", target=target)
        return t("codex-why-cannot-attack", card=self.name(a.uid), target=target)  # by units, by some attackers

    # ------------------------------------------------------------------------------------- patrols
    def plannable(self, ref: Any) -> Thing | Msg | None:
        """`ref` as a fighter of the player's that may be planned to patrol now, or why it is none."""
        th = self.own(ref)
        if not isinstance(th, Thing):
            return th
        name = self.name(th.uid)
        if self.qq.card(th).type not in FIGHTERS:
            return t("codex-why-not-a-fighter", card=name)
        if th.exhausted:
            return t("codex-why-exhausted", card=name)
        if not self.qq.may_patrol(th):
            return t("codex-why-cant-patrol", card=name)
        return th

    def patrol(self, args: tuple[Any, ...]) -> Msg | None:
        if not 2 <= len(args) <= 3 or args[1] not in SLOTS:
            return None
        th = self.plannable(args[0])
        if not isinstance(th, Thing):
            return th
        slot = SLOTS.index(str(args[1]))
        if len(args) == 2:
            return (
                t("codex-why-same-slot", card=self.name(th.uid), slot=SLOTS[slot])
                if self.p.patrol[slot] == th.uid
                else None
            )
        return self.lend(th, slot, args[2])

    def lend(self, th: Thing, slot: int, lender: Any) -> Msg | None:
        g = self.g
        if g.mode() != FFA:
            return t("codex-why-lend-ffa")
        if not (isinstance(lender, str) and lender[1:].isdigit()):
            return None
        to = int(lender[1:]) - 1
        if to == self.seat or not 0 <= to < len(g.s.players):
            return None
        if (to, slot) not in lend_targets(g, self.seat):
            return t("codex-why-lend-taken", player=lender, slot=SLOTS[slot])
        legendary = self.qq.card(th).facts.legendary
        if legendary and any(o.ctrl == to and o.card == th.card for o in g.s.things.values()):
            return t("codex-why-lend-legendary", player=lender, card=self.qq.card(th).name)  # any copy
        return None

    def unpatrol(self, args: tuple[Any, ...]) -> Msg | None:
        if len(args) != 1:
            return None
        th = self.plannable(args[0])
        if not isinstance(th, Thing):
            return th
        planned = th.uid in self.p.patrol or any(x[0] == th.uid for x in self.p.lend)
        return None if planned else t("codex-why-not-patrolling", card=self.name(th.uid))


def building(kind: str) -> Msg:
    """A building's name in a sentence ("Tech II", "Tower")."""
    return t("codex-building", kind=kind.replace(" ", "-"))


MAIN: dict[str, Callable[[Why, tuple[Any, ...]], Msg | None]] = {
    A.PLAY: Why.play,
    A.SUMMON: Why.summon,
    A.LEVEL: Why.level,
    A.BUILD: Why.build,
    A.RAZE: Why.raze,
    A.WORKER: Why.worker,
    A.ABILITY: Why.ability,
    A.DETECT: Why.detect,
    A.ATTACK: Why.attack,
    A.REPAIR: Why.repair,
    A.PATROL: Why.patrol,
    A.UNPATROL: Why.unpatrol,
    A.END: lambda why, args: None,
}
"""Main-phase verb -> its reasons, once the phase allows main-phase actions."""

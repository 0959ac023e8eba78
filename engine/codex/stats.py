"""What things are right now: keywords, ATK, HP, armor, abilities and costs after every modifier.

A `Q` answers questions about one unchanging state and memoises the answers, so build a fresh one
after changing the state. Nothing here mutates anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.codex import vocab
from engine.codex.cards import Card, Catalog, merge_keywords, parse_keyword
from engine.codex.seats import base_seat, friendly, on_turn
from engine.codex.state import State, Thing

Ref = int | str
"""A thing in play (its uid) or a fixed building ("seat:base", "seat:tech1", "seat:addon")."""

Ability = dict[str, Any]

SelectorTest = Callable[["Q", Any, Thing, int, int, "dict[str, Any] | None"], bool]
SELECTOR_TESTS: dict[str, SelectorTest] = {}
"""Selector key -> its test on a thing in play (`q, wanted value, thing, seat, source uid, binds`), for keys
a colour module adds (with `vocab.add_word("selector", key)`); the core keys are tested in `Q._test`."""


def selector_test(key: str) -> Callable[[SelectorTest], SelectorTest]:
    def register(fn: SelectorTest) -> SelectorTest:
        SELECTOR_TESTS[key] = fn
        return fn

    return register


WhileTest = Callable[["Q", Thing, "dict[str, Any]"], bool]
WHILE_TESTS: dict[str, WhileTest] = {}
"""Condition name -> its test for a static ability carrying `"while": name` (`q, source thing, ability`).
The static counts only while the test holds. Add one with `while_condition` (and
`vocab.add_word("while", name)`)."""


def while_condition(name: str) -> Callable[[WhileTest], WhileTest]:
    def register(fn: WhileTest) -> WhileTest:
        WHILE_TESTS[name] = fn
        return fn

    return register


LAYERED_KEYS: set[str] = {"max_atk", "no_abilities"}
"""Selector keys that read what statics themselves change (ATK, having abilities). A static whose `who` uses
one is *layered*: such statics can depend on each other (Behind the Ferns gives stealth to units with 3 ATK
or less; Master Midori buffs units with no abilities), so they apply one after another in timestamp order,
each judging its condition with only the statics applied before it (Behind the Ferns ruling). Plain statics
always apply first. A colour adding such a key registers it here."""

TYPE_LINE_WORDS = frozenset({"legendary", "ongoing", "channeling"})
"""Words kept among a card's keywords that are not abilities (they belong to the type line)."""

AbilityLoss = Callable[["Q", Thing], bool]
ABILITY_LOSS: list[AbilityLoss] = []
"""Tests for "this has lost all its abilities" (Free Speech's silence): such a thing has no keywords and no
abilities, printed or granted, while the test holds; its stats stay."""


Amount = Callable[["Q", Thing, Thing], int]
AMOUNTS: dict[str, Amount] = {}
"""Counted amounts for statics (`{"count": name}`), seen from the static's source and the thing it affects.
Add one with `amount_of` (and `vocab.add_word("amount", name)`)."""


def amount_of(name: str) -> Callable[[Amount], Amount]:
    def register(fn: Amount) -> Amount:
        AMOUNTS[name] = fn
        return fn

    return register


@selector_test("building card")
def _building_card(q: Q, want: Any, t: Thing, seat: int, src: int, binds: dict[str, Any] | None) -> bool:
    """A building that is a card in play (Rickety Mine, Firehouse...): never a base, tech building or add-on,
    which `Q._match_building` leaves out for any key it does not know."""
    return (q.card(t).type == "building") == want


@selector_test("card in play")
def _card_in_play(q: Q, want: Any, t: Thing, seat: int, src: int, binds: dict[str, Any] | None) -> bool:
    """A card or token in play, as opposed to a base, tech building or add-on (which `Q._match_building`
    leaves out for any key it does not know): with kind "building", building cards only (Nature Reclaims)."""
    return bool(want)


@amount_of("units you control")
def _units_you_control(q: Q, src: Thing, t: Thing) -> int:
    """Units (tokens included) the source's controller controls now; stolen ones count for the thief."""
    return sum(1 for o in q.s.things.values() if o.ctrl == src.ctrl and q.card(o).is_unit)


AURAS = "auras"
"""Turn flag: keyword grants that last this turn for whatever matches a selector, things arriving later
included (step `aura`). Their selectors may not read keywords or ATK."""


CostRule = Callable[["Q", int, Card, int, int], tuple[int, int]]
COST_RULES: list[CostRule] = []
"""`(q, seat, card, cost, delta) -> (cost, delta)`: play-cost changes that come from effects rather than
statics (Promise of Payment: the next card's cost is 0, though increases still apply). `cost` is the price
before increases and reductions (`delta`). Register by appending."""


PatrolBan = Callable[["Q", Thing], bool]
PATROL_BANS: list[PatrolBan] = []
"""Rules `(q, thing) -> True` that keep a thing out of the patrol zone besides its own "can't patrol"
(Moment's Peace). Register by appending."""


StayRule = Callable[["Q", Thing, bool, bool], bool]
STAYS: list[StayRule] = []
"""`(q, thing, died, combat) -> bool`: True while `thing` can't leave play that way ("can't leave play
unless it dies from combat damage": Gilded Glaxx). `died`: destroyed or sacrificed; `combat`: combat damage
is what kills it. Register by appending."""


def card_kind(card: Card) -> str:
    t = card.type
    return "unit" if t == "token" else t


Order = tuple[int, int, int]
"""When a layered static starts to apply to a thing: (clock, 0 for stats / 1 for keywords, source uid)."""


_NOT_YET: list[tuple[Thing, Ability, str]] = []
"""A list no Q's statics ever are (see `Q.statics_of`)."""


class Q:
    __slots__ = (
        "_by_kind",
        "_by_kind_of",
        "_kinds",
        "_kw",
        "_lender",
        "_linked",
        "_lost",
        "_statics",
        "_subs",
        "_subtypes",
        "cat",
        "horizon",
        "memo",
        "s",
    )

    def __init__(self, s: State, cat: Catalog, horizon: Order | None = None) -> None:
        self.s = s
        self.cat = cat
        self._statics: list[tuple[Thing, Ability, str]] | None = None
        self._kw: dict[int, dict[str, int]] = {}
        self._linked: set[int] | None = None
        self._subtypes: dict[int, frozenset[str]] = {}
        self._lost: dict[int, bool] = {}
        self.horizon = horizon
        """Layered statics from this order on are left out (a view of the state "before" them)."""
        self._subs: dict[Order, Q] = {}
        self._lender: Q | None = None
        self._by_kind: dict[tuple[str, ...], list[tuple[Thing, Ability, str]]] = {}
        self._by_kind_of: list[tuple[Thing, Ability, str]] | None = _NOT_YET
        """The statics list `_by_kind` was sorted from (see `statics_of`)."""
        self._kinds: frozenset[str] | None = None
        """The kinds of static ability the cards in play have at all (see `statics_of`)."""
        self.memo: dict[Any, Any] = {}
        """Other facts of this unchanging state that rule code works out once and asks for again (keyed by
        the asker: e.g. an attack target's tax); like every answer here, only while the state is unchanged."""

    # ---------------------------------------------------------------------------- layered statics
    def applies(self, src: Thing, ab: Ability, t: Thing) -> bool:
        """Does static `ab` of `src` apply to `t`? A layered static (see LAYERED_KEYS) is judged on `t` as it
        is with only the layered statics that started applying to it earlier."""
        who = ab.get("who")
        if not (isinstance(who, dict) and not LAYERED_KEYS.isdisjoint(who)):
            return self.who(ab, src, t)
        order = (max(src.stamp, t.stamp), 0 if ab["static"] == "stats" else 1, src.uid)
        if self.horizon is not None and order >= self.horizon:
            return False
        sub = self._subs.get(order)
        if sub is None:
            sub = self._subs[order] = Q(self.s, self.cat, order)
        return sub.who(ab, src, t)

    def has_abilities(self, t: Thing) -> bool:
        """Does `t` have any ability: a keyword, or any triggered, activated or static ability, its own or
        granted? Stats, damage and runes are not abilities; neither is being an Illusion, nor what a patrol
        slot gives (Master Midori rulings)."""
        kw = dict(self.kw(t))
        if self.slot(t) == 4:
            kw["resist"] -= 1
            if not kw["resist"]:
                del kw["resist"]
        if any(k not in TYPE_LINE_WORDS for k in kw):
            return True
        return bool(self.abilities(t)) or bool(self.card(t).data.get("hook"))

    def card(self, t: Thing) -> Card:
        """What `t` is now: its printed card, the card it is a copy of or was transformed into, or the face a
        "form" modifier gives it."""
        if t.mods:
            for m in reversed(t.mods):  # the latest form wins
                if m.form:
                    return self.cat.form(t.card, m.form)
        return self.cat.cards[t.card]

    def printed(self, t: Thing) -> Card:
        """The card `t` was made as (a token copying a unit is still a token)."""
        return self.cat[self.s.cards[t.uid][0]] if t.uid in self.s.cards else self.cat[t.card]

    def is_token(self, t: Thing) -> bool:
        return self.printed(t).type == "token"

    def subtypes(self, t: Thing) -> frozenset[str]:
        """Subtypes now (lower case): the card's own, plus any added by modifiers or statics (Dreamscape)."""
        got = self._subtypes.get(t.uid)
        if got is not None:
            return got
        out = set(self.card(t).subtypes)
        for m in t.mods:
            out.update(m.sub)
        for src, ab, _key in self.statics_of("subtypes"):
            if self.applies(src, ab, t):
                out.update(x.lower() for x in ab["add"])
        got = frozenset(out)
        self._subtypes[t.uid] = got
        return got

    def is_illusion(self, t: Thing) -> bool:
        return "illusion" in self.subtypes(t)

    def lost_abilities(self, t: Thing) -> bool:
        got = self._lost.get(t.uid)
        if got is None:
            got = False
            for test in ABILITY_LOSS:
                if test(self, t):
                    got = True
                    break
            self._lost[t.uid] = got
        return got

    def ruled(self, t: Thing, rule: str) -> bool:
        """Does a static rule `{"static": "rule", "rule": rule, "who": ...}` in play apply to `t`?"""
        return any(ab.get("rule") == rule and self.applies(src, ab, t) for src, ab, _ in self.statics_of("rule"))

    def rule_sources(self, rule: str) -> list[Thing]:
        """The things in play whose static rule `rule` is in force (e.g. every Building Inspector)."""
        return [src for src, ab, _ in self.statics_of("rule") if ab.get("rule") == rule]

    # ------------------------------------------------------------------------------------- patrol
    def slot(self, t: Thing) -> int:
        """The patrol slot (0-4) `t` holds while patrolling, else -1. Patrols count only on opponents' turns."""
        if on_turn(self.s, t.ctrl):
            return -1
        try:
            return self.s.players[t.ctrl].patrol.index(t.uid)
        except ValueError:
            return -1

    def patrolling(self, t: Thing) -> bool:
        return self.slot(t) >= 0

    # --------------------------------------------------------------------------------- abilities
    def band_ok(self, t: Thing, ab: Ability) -> bool:
        need = ab.get("band", 1)
        return need <= 1 or self.card(t).band_of(t.level) >= need

    def statics(self) -> list[tuple[Thing, Ability, str]]:
        if self._statics is None:
            out = []
            later = []
            cards = self.cat.cards
            for t in self.s.things.values():
                for _i, key, ab in (self.card(t) if t.mods else cards[t.card]).static_abilities:
                    if ab.get("band", 1) <= 1 or self.band_ok(t, ab):
                        (later if "while" in ab else out).append((t, ab, key))
            # Statics with a condition are judged against the unconditional ones (a condition may look at
            # stats, which look at statics); answers memoised meanwhile are dropped once the list is whole.
            self._statics = out
            if later:
                held = [x for x in later if self.holds(x[0], x[1])]
                self._statics = [*out, *held]
                self._kw.clear()
                self._subtypes.clear()
            if ABILITY_LOSS and any(self.lost_abilities(t) for t, _ab, _k in self._statics):
                self._statics = [x for x in self._statics if not self.lost_abilities(x[0])]
        return self._statics

    def statics_of(self, *kinds: str) -> list[tuple[Thing, Ability, str]]:
        """The statics of those kinds (`"static"` values), in the order of `statics`."""
        if self._by_kind_of is self._statics:  # the list is whole and indexed: the common case
            got = self._by_kind.get(kinds)
            if got is not None:
                return got
        if self._kinds is None:
            cards = self.cat.cards
            self._kinds = frozenset().union(
                *((self.card(t) if t.mods else cards[t.card]).static_kinds for t in self.s.things.values())
            )
        if self._kinds.isdisjoint(kinds):
            return []  # no card in play has such a static: no need to work out which statics hold
        every = self.statics()
        if self._by_kind_of is not every:
            # `statics` is judged in two rounds (see there): an index of the first round's list is dropped.
            self._by_kind = {}
            self._by_kind_of = every
        got = self._by_kind.get(kinds)
        if got is None:
            got = self._by_kind[kinds] = [x for x in every if x[1]["static"] in kinds]
        return got

    def holds(self, src: Thing, ab: Ability) -> bool:
        """Is the `while` condition of static `ab` of `src` true now?"""
        return WHILE_TESTS[ab["while"]](self, src, ab)

    def own_abilities(self, t: Thing) -> list[tuple[str, Ability]]:
        if self.lost_abilities(t):
            return []
        return [(key, ab) for _i, key, ab in self.card(t).keyed if ab.get("band", 1) <= 1 or self.band_ok(t, ab)]

    def abilities(self, t: Thing) -> list[tuple[str, Ability]]:
        """Own abilities (band-gated for heroes) plus abilities granted by other things' statics."""
        out = self.own_abilities(t)
        if self.lost_abilities(t):
            return out
        actions: set[str] = set()
        for src, ab, key in self.statics_of("grant"):
            if not self.applies(src, ab, t):
                continue
            granted = ab["ability"]
            if "cost" in granted:
                # Two copies of a card granting an activated ability give one action, not two (the same one).
                if key in actions:
                    continue
                actions.add(key)
            # A granted trigger is had once per source, so two copies trigger twice (Pirate-Gang Commander); the
            # granting card gets it too when it fits its own `who` (the Commander is one of "your units").
            out.append((key, granted))
        return out

    def ability_by_key(self, key: str) -> Ability:
        cid, idx = key.rsplit(":", 1)
        ab = self.cat[cid].abilities[int(idx)]
        return ab["ability"] if ab.get("static") == "grant" else ab

    def is_flagbearer(self, t: Thing) -> bool:
        return "flagbearer" in self.kw(t)

    def linked(self) -> set[int]:
        if self._linked is None:
            self._linked = {u for t in self.s.things.values() for u in t.links}
        return self._linked

    # ------------------------------------------------------------------------------------- stats
    def kw(self, t: Thing) -> dict[str, int]:
        got = self._kw.get(t.uid)
        if got is not None:
            return got
        if self.lost_abilities(t):
            self._kw[t.uid] = {}
            return self._kw[t.uid]
        card = self.card(t)
        out = dict(card.kw)
        if card.bands:
            for level, _atk, _hp, bkw in card.bands:
                if t.level >= level:
                    for k, v in bkw.items():
                        out[k] = out.get(k, 0) + v if k in ("resist", "frenzy", "sparkshot") else max(out.get(k, 0), v)
        began: dict[str, int] = {}  # keyword -> when the newest static granting it began to apply to `t`
        for src, ab, _key in self.statics_of("keywords", "borrow keywords"):
            if ab["static"] == "keywords" and self.applies(src, ab, t):
                merge_keywords(out, ab["add"])
                for word in ab["add"]:
                    name = parse_keyword(word)[0]
                    began[name] = max(began.get(name, 0), src.stamp, t.stamp)
            elif ab["static"] == "borrow keywords" and self.who(ab, src, t):
                for word in self.borrowed(t, ab["words"]):
                    out.setdefault(word, 1)
        for aura in self.s.flags.get(AURAS, ()):
            if self.match(aura["who"], t.uid, aura["ctl"], 0, None):
                merge_keywords(out, aura["add"])
        for m in t.mods:
            # In order of creation: "-flying" takes a keyword away (printed, granted or added before), and a
            # later modifier may give it back; a static that began to apply after the modifier was made
            # keeps its keyword (Gargoyle ruling: Entangling Vines attached after its ability wins).
            for word in m.kw:
                if word.startswith("-"):
                    name = parse_keyword(word[1:])[0]
                    if not (m.stamp and began.get(name, 0) > m.stamp):
                        out.pop(name, None)
                else:
                    merge_keywords(out, (word,))
        if self.slot(t) == 4:
            out["resist"] = out.get("resist", 0) + 1
        self._kw[t.uid] = out
        return out

    def borrowed(self, t: Thing, words: list[str]) -> list[str]:
        """Of `words`, those some other unit or hero in play has (Wandering Mimic). What a thing borrows is
        not lent on: the others are looked at without their own borrowed keywords (ruling)."""
        if self._lender is None:
            self._lender = Q(self.s, self.cat, self.horizon)
            self._lender._lender = self._lender  # it never borrows: see the guard below
        if self._lender is self:
            return []
        lender = self._lender
        fighters = [u for u in self.s.things.values() if u.uid != t.uid and self.card(u).is_fighter_card]
        return [w for w in words if any(w in lender.kw(u) for u in fighters)]

    def printed_stats(self, t: Thing) -> tuple[int, int]:
        """The ATK and HP printed on `t` (by band for a hero, its form's face), with a printed ATK a modifier
        swapped in (Chaos Mirror: the latest swap wins)."""
        card = self.card(t)
        if card.bands:
            atk = hp = 0
            for level, a, h, _kw in card.bands:
                if t.level >= level:
                    atk, hp = a, h
        else:
            atk, hp = card.facts.atk or 0, card.facts.hp or 0
        for m in t.mods:
            if m.printed_atk is not None:
                atk = m.printed_atk
        return atk, hp

    def base_stats(self, t: Thing) -> tuple[int, int]:
        """Printed ATK and HP (`printed_stats`), or what a "base stats" static sets them to (Fairie Dragon's feather
        runes); runes and modifiers add to these."""
        atk, hp = self.printed_stats(t)
        for src, ab, _key in self.statics_of("base stats"):
            if self.applies(src, ab, t):
                atk, hp = ab.get("atk", atk), ab.get("hp", hp)
        return atk, hp

    def _static_parts(self, t: Thing, field: str) -> list[int]:
        return [
            self.amount(ab[field], src, t)
            for src, ab, _key in self.statics_of("stats")
            if field in ab and self.applies(src, ab, t)
        ]

    def _static_sum(self, t: Thing, field: str) -> int:
        return sum(self._static_parts(t, field))

    def doubles(self, t: Thing) -> bool:
        """Does `t` gain twice what it would gain (static rule "double gains", Doubling Barbarbarian)?"""
        if not self.card(t).doubles_gains:
            return False
        return any(ab.get("rule") == "double gains" for _key, ab in self.own_abilities(t) if "static" in ab)

    def _total(self, t: Thing, parts: list[int]) -> int:
        """The sum of the changes to a printed stat: each gain counts twice on a thing that doubles gains
        (runes, modifiers, statics, frenzy, slot bonuses alike; losses and healing are not gains)."""
        if not self.doubles(t):
            return sum(parts)
        return sum(2 * p if p > 0 else p for p in parts)

    def atk(self, t: Thing) -> int:
        base, _ = self.base_stats(t)
        kw = self.kw(t)
        parts = [t.runes, *(m.atk for m in t.mods), *self._static_parts(t, "atk")]
        if "frenzy" in kw and on_turn(self.s, t.ctrl):
            parts.append(kw["frenzy"])
        if self.slot(t) == 1:
            parts.append(1)
        value = base + self._total(t, parts)
        if "max atk" in kw:
            value = min(value, kw["max atk"])  # "can't have more than N ATK"
        return max(0, value)

    def hp(self, t: Thing) -> int:
        # `base_stats` and `_total` written out for HP alone: settling asks it of every thing after every step.
        card = self.card(t)
        if card.bands:
            base = 0
            for level, _a, h, _kw in card.bands:
                if t.level >= level:
                    base = h
        else:
            base = card.facts.hp or 0
        for src, ab, _key in self.statics_of("base stats"):
            if self.applies(src, ab, t):
                base = ab.get("hp", base)
        parts = [t.runes, *(m.hp for m in t.mods)] if t.mods else [t.runes]
        if self.statics_of("stats"):
            parts += self._static_parts(t, "hp")
        if card.doubles_gains and self.doubles(t):
            return base + sum(2 * p if p > 0 else p for p in parts)
        return base + sum(parts)

    def armor_total(self, t: Thing) -> int:
        parts = [self.kw(t).get("armor", 0), *(m.armor for m in t.mods), *self._static_parts(t, "armor")]
        if self.slot(t) == 0:
            parts.append(1)
        return self._total(t, parts)

    def armor_left(self, t: Thing) -> int:
        return max(0, self.armor_total(t) - t.armor_used)

    def may_patrol(self, t: Thing) -> bool:
        return "can't patrol" not in self.kw(t) and not any(ban(self, t) for ban in PATROL_BANS)

    def has(self, t: Thing, keyword: str) -> bool:
        return keyword in self.kw(t)

    def amount(self, value: Any, src: Thing, t: Thing) -> int:
        if isinstance(value, int):
            return value
        what = value.get("count")
        times = value.get("times", 1)  # -1: "gets -1/-1 for each" (Ebbflow Archon)
        if what == "damage":
            return src.damage * times
        if what == "time runes":
            return src.marks.get("time", 0) * times
        count = AMOUNTS.get(what)
        if count is not None:
            return count(self, src, t) * times
        raise ValueError(f"unknown amount {value!r}")

    def damage_bonus(self, seat: int, card: Card) -> int:
        """Extra damage `seat`'s spells and abilities printed on `card` deal ("damage" statics, e.g. Hotter
        Fire: never combat damage). Each static counts, so two copies add up."""
        total = 0
        for src, ab, _key in self.statics_of("damage"):
            if src.ctrl == seat and card_fits(ab.get("from", {}), card):
                total += ab.get("delta", 0)
        return total

    # --------------------------------------------------------------------------------- selectors
    def who(self, ab: Ability, src: Thing, t: Thing) -> bool:
        who = ab.get("who")
        if who is None or who == "self":
            return t.uid == src.uid
        if who == "host":
            return src.attached == t.uid
        if who == "linked":
            if t.uid not in src.links:
                return False
            return all(self.s.things.get(u) is not None and self.s.things[u].ctrl == src.ctrl for u in src.links)
        return self.match(who, t.uid, src.ctrl, src.uid, None)

    def match(self, sel: dict[str, Any], ref: Ref, seat: int, src: int, binds: dict[str, Any] | None) -> bool:
        """Does the thing or building `ref` fit selector `sel`, seen from `seat` (the effect's controller)?"""
        if isinstance(ref, str):
            return self._match_building(sel, ref, seat, binds)
        t = self.s.things.get(ref)
        if t is None:
            return False
        # A loop, not all() over a generator: selectors are matched many times whenever moves are listed.
        for key, want in sel.items():  # noqa: SIM110
            if not self._test(key, want, t, seat, src, binds):
                return False
        return True

    def _test(self, key: str, want: Any, t: Thing, seat: int, src: int, binds: dict[str, Any] | None) -> bool:
        card = self.card(t)
        kind = card_kind(card)
        if key == "kind":
            for k in want:
                if (
                    k == kind
                    or (k == "fighter" and kind in ("unit", "hero"))
                    or (k == "patroller" and kind in ("unit", "hero") and self.patrolling(t))
                    or (k == "patrolling unit" and kind == "unit" and self.patrolling(t))
                ):
                    return True
            return False
        if key == "side":
            return _side_ok(self.s, want, t.ctrl, seat)
        if key == "tech":
            return kind == "unit" and card.tech in want
        if key == "lowest_tech":
            return (kind == "unit" and card.tech == self.lowest_tech(t.ctrl) and self.removable(t)) == want
        if key == "patrolling":
            return self.patrolling(t) == want
        if key == "other":
            return not (want and t.uid == src)
        if key == "plus_rune":
            return (t.runes > 0) == want
        if key == "linked":
            return (t.uid in self.linked()) == want
        if key == "flying":
            return ("flying" in self.kw(t)) == want
        if key == "damaged":
            return (t.damage > 0) == want
        if key == "exhausted":
            return t.exhausted == want
        if key == "not":
            return not (binds and any(_bound_has(binds.get(name), t.uid) for name in want))
        if key == "among":
            return bool(binds) and _bound_has(binds.get(want), t.uid)
        if key == "player":
            # Controlled by the player bound under that name (the opponent picked, the dead unit's player).
            return bool(binds) and binds.get(want) == t.ctrl
        if key == "max_atk":
            return self.atk(t) <= want
        if key == "subtype":
            # One subtype, or a list meaning any of them; added subtypes count (Dreamscape's Illusions).
            subs = self.subtypes(t)
            return any(w.lower() in subs for w in ([want] if isinstance(want, str) else want))
        if key == "not_subtype":
            return want.lower() not in self.subtypes(t)
        if key == "token":
            return self.is_token(t) == want
        extra = SELECTOR_TESTS.get(key)
        if extra is not None:
            return extra(self, want, t, seat, src, binds)
        return card_fits({key: want}, card)

    def _match_building(self, sel: dict[str, Any], ref: str, seat: int, binds: dict[str, Any] | None) -> bool:
        owner_s, slot = ref.split(":", 1)
        owner = int(owner_s)
        for key, want in sel.items():
            if key == "kind":
                ok = "building" in want or ("base" in want and slot == "base")
            elif key == "side":
                # A 2v2 team's shared base is as much one partner's as the other's.
                ok = _side_ok(self.s, "friendly" if slot == "base" and want == "you" else want, owner, seat)
            elif key == "not":
                ok = not (binds and any(_bound_has(binds.get(name), ref) for name in want))
            elif key == "player":
                # That player's buildings: in 2v2 the team's shared base is theirs too.
                who = binds.get(want) if binds else None
                ok = isinstance(who, int) and owner == (base_seat(self.s, who) if slot == "base" else who)
            elif key == "damaged":
                p = self.s.players[owner]
                b = p.addon if slot == "addon" else p.tech[int(slot[-1]) - 1] if slot.startswith("tech") else None
                ok = ((p.base_damage if slot == "base" else b.damage if b else 0) > 0) == want
            else:
                ok = False  # every other test concerns cards, not the fixed buildings
            if not ok:
                return False
        return True

    def stays(self, t: Thing, died: bool = False, combat: bool = False) -> bool:
        """Can't `t` leave play this way now (see `STAYS`)?"""
        return any(rule(self, t, died, combat) for rule in STAYS)

    def removable(self, t: Thing) -> bool:
        """Could an effect destroy `t` now? Effects that pick the weakest or lowest-tech units skip the rest:
        indestructible ones, and ones that can't leave play (Gilded Glaxx ruling)."""
        return "indestructible" not in self.kw(t) and not self.stays(t, died=True)

    def lowest_tech(self, seat: int) -> int:
        """The lowest tech level among `seat`'s units that can be destroyed (obliterate skips the rest)."""
        levels = [
            self.card(t).tech
            for t in self.s.things.values()
            if t.ctrl == seat and card_kind(self.card(t)) == "unit" and self.removable(t)
        ]
        return min(levels) if levels else -1

    # -------------------------------------------------------------------------------------- costs
    def card_cost(self, seat: int, card: Card) -> int:
        """Gold to play `card` from `seat`'s hand, after cost changes from things that player controls."""
        cost = card.facts.cost or 0
        setto: int | None = None
        delta = 0
        for src, ab, _key in self.statics_of("cost"):
            if src.ctrl != seat:
                continue
            if not card_fits(ab["who"], card):
                continue
            if "set" in ab:
                setto = ab["set"] if setto is None else min(setto, ab["set"])
            delta += ab.get("delta", 0)
        for ab in card.abilities if "own cost" in card.static_kinds else ():
            if ab.get("static") == "own cost":
                # "Costs 1 less for each green unit you have" (Gigadon): counted from the hand, for paying
                # only; everything else reads the printed cost (ruling).
                per = sum(1 for uid in self.s.things if self.match(ab["per"], uid, seat, 0, None))
                delta += ab["delta"] * per
        if setto is not None:
            cost = setto
        for rule in COST_RULES:
            cost, delta = rule(self, seat, card, cost, delta)
        return max(0, cost + delta)

    def needs_no_hero(self, seat: int, card: Card) -> bool:
        """May `seat` play this spell without a hero able to cast it (Guargum and Growth spells)? A static
        `{"static": "no hero needed", "who": card selector}` of theirs says so; an ultimate's max-level
        condition goes with the hero requirement (ruling)."""
        return any(
            src.ctrl == seat and card_fits(ab["who"], card) for src, ab, _key in self.statics_of("no hero needed")
        )

    def hire_cost(self, seat: int) -> int:
        """Gold `seat` pays to hire a worker: 1, or what a `hire cost` static of theirs sets it to, plus any
        increase from statics aimed at that player (an increase is paid even when hiring is free, ruling)."""
        base = 1
        delta = 0
        for src, ab, _key in self.statics_of("hire cost"):
            if not _side_ok(self.s, ab.get("whose", "you"), seat, src.ctrl):
                continue
            if "set" in ab:
                base = min(base, ab["set"])
            delta += ab.get("delta", 0)
        return max(0, base + delta)


def card_fits(sel: dict[str, Any], card: Card) -> bool:
    """Selector test on a card's printed facts (cost changes look at cards in hand this way)."""
    kind = card_kind(card)
    for key, want in sel.items():
        if key == "kind":
            ok = any(k == kind or (k == "fighter" and kind in ("unit", "hero")) for k in want)
        elif key == "tech":
            ok = kind == "unit" and card.tech in want
        elif key == "subtype":
            # One subtype, or a list meaning any of them ("Soldiers and Mystics").
            ok = any(w.lower() in card.subtypes for w in ([want] if isinstance(want, str) else want))
        elif key == "not_subtype":
            ok = want.lower() not in card.subtypes
        elif key == "colour":
            ok = card.facts.colour == want
        elif key == "spec":
            ok = card.facts.spec == want
        elif key == "card":
            ok = card.id == want
        elif key == "token":
            ok = (card.type == "token") == want
        elif key == "max_cost":
            ok = (card.facts.cost or 0) <= want
        elif key == "legendary":
            ok = card.facts.legendary == want
        else:
            ok = True
        if not ok:
            return False
    return True


def _side_ok(s: State, want: str, owner: int, seat: int) -> bool:
    """ "you": only `seat` ("yours is yours"); "friendly": `seat` and its 2v2 partner; "opponent": the others."""
    if want == "you":
        return owner == seat
    if want == "friendly":
        return friendly(s, owner, seat)
    if want == "opponent":
        return not friendly(s, owner, seat)
    return True


def _bound_has(value: Any, ref: Ref) -> bool:
    if isinstance(value, list):
        return ref in value
    return value == ref


@selector_test("attacking")
def _attacking(q: Q, want: Any, t: Thing, seat: int, src: int, binds: dict[str, Any] | None) -> bool:
    """The fighter whose attack is being resolved now ("while they attack")."""
    combat = q.s.combat
    return (combat is not None and combat.get("a") == t.uid) == want


@while_condition("patrolling")
def _while_patrolling(q: Q, src: Thing, ab: Ability) -> bool:
    return q.patrolling(src)


@while_condition("your turn")
def _while_your_turn(q: Q, src: Thing, ab: Ability) -> bool:
    return on_turn(q.s, src.ctrl)


@while_condition("attacking a building")
def _while_attacking_a_building(q: Q, src: Thing, ab: Ability) -> bool:
    """The source is the attacker of the attack in progress and its target is a building (base, tech building,
    add-on or building card)."""
    combat = q.s.combat
    if combat is None or combat.get("a") != src.uid:
        return False
    target = combat.get("t")
    if isinstance(target, str):
        return True
    thing = q.s.things.get(target) if isinstance(target, int) else None
    return thing is not None and q.card(thing).type == "building"


vocab.add_word("selector", "no_abilities", "rune", "card in play")
vocab.add_word("static", "base stats", "borrow keywords", "no hero needed", "evasion", "own cost")


@selector_test("rune")
def _has_rune(q: Q, want: Any, t: Thing, seat: int, src: int, binds: dict[str, Any] | None) -> bool:
    """Carries at least one rune of that name ("feather", "growth", "+1/+1", "-1/-1")."""
    if want == "+1/+1":
        return t.runes > 0
    if want == "-1/-1":
        return t.runes < 0
    return t.marks.get(want, 0) > 0


@selector_test("no_abilities")
def _no_abilities(q: Q, want: Any, t: Thing, seat: int, src: int, binds: dict[str, Any] | None) -> bool:
    return (not q.has_abilities(t)) == want

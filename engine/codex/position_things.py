"""Reading the things in play of a Codex position: `[[position.pN.in_play]]` entries and their keys."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.codex.cards import Card, Catalog
from engine.codex.position_names import SEATS, Ref, parse_ref
from engine.codex.state import SLOTS, Mod, State, Thing
from engine.scenario.errors import KeyPath, PositionError
from engine.scenario.fields import Fields, kind_of, seat_index

THING_KEYS = (
    "card",
    "owner",
    "damage",
    "runes",
    "level",
    "exhausted",
    "arrived_this_turn",
    "attacked_this_turn",
    "patrol",
    "marks",
    "caster",
    "links",
    "attached",
    "max_at_turn_start",
    "mods",
    "armor_used",
    "skip_ready",
    "deathtouched",
    "used_this_turn",
    "lent_by",
)
IN_PLAY_TYPES = ("unit", "token", "hero", "building", "upgrade", "spell")
MOD_KEYS = ("atk", "hp", "armor", "keywords", "until", "source")


@dataclass
class ThingSpec:
    fields: Fields
    ref: Ref
    ctrl: int
    owner: int
    uid: int = 0
    lent: int = -1


def read_things(cat: Catalog, f: Fields, seat: int | None, refs: list[Ref]) -> list[ThingSpec]:
    """Things in play from `f`'s `in_play`: a seat's own list (it controls them), or the top-level one,
    where each entry names its `controller` (dumps use it to keep the order things came into play)."""
    raw = f.raw("in_play")
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise f.fail("`in_play` must be a list of cards or [[...in_play]] tables", "in_play")
    out = []
    for i, item in enumerate(raw):
        path = (*f.path, "in_play", i)
        data = {"card": item} if isinstance(item, str) else item
        t = Fields(data, path, f"{'the' if seat is None else SEATS[seat] + chr(39) + 's'} in_play #{i + 1}")
        t.only(THING_KEYS if seat is not None else (*THING_KEYS, "controller"))
        if "card" not in t:
            raise t.fail('each thing in play needs `card = "Name"`')
        ref = parse_ref(cat, t.raw("card"), (*path, "card") if isinstance(item, Mapping) else path)
        card = cat[ref.cid]
        if card.type not in IN_PLAY_TYPES or (card.type == "spell" and not card.ongoing):
            raise PositionError(f"{card.name} is a {card.type} that does not stay in play", ref.path)
        if seat is None:
            if "controller" not in t:
                raise t.fail('a thing in the top-level in_play needs `controller = "p1"` (or "p2", ...)')
            ctrl = seat_index(t.raw("controller"), SEATS, (*path, "controller"))
        else:
            ctrl = seat
        lent = -1
        if "lent_by" in t:
            lent = seat_index(t.raw("lent_by"), SEATS, (*path, "lent_by"))
            if lent == ctrl:
                raise t.fail("a fighter is lent to another player's patrol zone, not its own", "lent_by")
        owner = seat_index(t.raw("owner", SEATS[lent if lent >= 0 else ctrl]), SEATS, (*path, "owner"))
        refs.append(ref)
        out.append(ThingSpec(t, ref, ctrl, owner, lent=lent))
    return out


def make_thing(cat: Catalog, s: State, spec: ThingSpec) -> Thing:
    f = spec.fields
    card = cat[spec.ref.cid]
    fresh = f.flag("arrived_this_turn", False)
    since = s.turn if fresh else s.turn - 1
    t = Thing(spec.uid, card.id, spec.owner, spec.ctrl, since, since)
    t.lent = spec.lent
    if t.lent >= 0 and (card.type not in ("unit", "token", "hero") or "patrol" not in f):
        raise f.fail("a lent fighter patrols a slot of the zone it was lent to: give its `patrol` slot", "lent_by")
    t.damage = f.integer("damage", 0, 0)
    t.runes = f.integer("runes", 0)
    t.exhausted = f.flag("exhausted", False)
    t.attacked = s.turn if f.flag("attacked_this_turn", False) else -1
    t.armor_used = f.integer("armor_used", 0, 0)
    t.skip_ready = f.flag("skip_ready", False)
    t.deathtouched = f.flag("deathtouched", False)
    if card.type == "hero":
        t.level = f.integer("level", 1, 1, card.mx or 1)
        t.max_at_start = f.flag("max_at_turn_start", bool(card.mx) and t.level >= card.mx and not fresh)
    elif "level" in f:
        raise f.fail(f"only heroes have levels; {card.name} is a {card.type}", "level")
    if "fading" in card.kw:
        t.marks["time"] = card.kw["fading"]
    marks = f.table("marks", "`marks`")
    if marks is not None:
        for name, n in marks.data.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise PositionError(f"a number of runes, not {kind_of(n)}", (*marks.path, name))
            if n:
                t.marks[name] = n
            else:
                t.marks.pop(name, None)
    used = f.strings("used_this_turn") or []
    t.used = {key: s.turn for key in used}
    slot = f.text("patrol", None, SLOTS)
    if slot is not None:
        if card.type not in ("unit", "token", "hero"):
            raise f.fail(f"only units and heroes patrol; {card.name} is a {card.type}", "patrol")
        p = s.players[spec.ctrl]
        i = SLOTS.index(slot)
        if p.patrol[i]:
            raise f.fail(f"{SEATS[spec.ctrl]}'s {slot} slot is already taken", "patrol")
        p.patrol[i] = spec.uid
    return t


def find_thing(cat: Catalog, s: State, things: list[ThingSpec], text: Any, path: KeyPath) -> int:
    ref = parse_ref(cat, text, path)
    hits = [t.uid for t in things if t.ref.cid == ref.cid and (ref.ordinal is None or s.cards[t.uid][2] == ref.ordinal)]
    if not hits:
        raise PositionError(f"{text} is not in play", path)
    if len(hits) > 1:
        labels = ", ".join(f"{cat[ref.cid].name}#{s.cards[u][2]}" for u in hits)
        raise PositionError(f"{text} could be any of {labels}: write the #n label", path)
    return hits[0]


def read_links(cat: Catalog, s: State, spec: ThingSpec, things: list[ThingSpec]) -> None:
    f = spec.fields
    t = s.things[spec.uid]
    card = cat[t.card]
    if "caster" in f:
        t.caster = find_thing(cat, s, things, f.raw("caster"), (*f.path, "caster"))
        if cat[s.things[t.caster].card].type != "hero":
            raise f.fail("the caster must be a hero", "caster")
    elif "channeling" in card.kw:
        t.caster = _default_caster(cat, s, t, card)
        if not t.caster:
            raise f.fail(f"{card.name} is channeled by a hero: put one in play for {SEATS[t.ctrl]} or set `caster`")
    links = f.strings("links")
    if links is not None:
        t.links = [find_thing(cat, s, things, n, (*f.path, "links", i)) for i, n in enumerate(links)]
    if "attached" in f:
        t.attached = find_thing(cat, s, things, f.raw("attached"), (*f.path, "attached"))
    mods = f.tables("mods", "modification")
    for m in mods:
        m.only(MOD_KEYS)
        source = m.raw("source")
        src = find_thing(cat, s, things, source, (*m.path, "source")) if source is not None else 0
        upkeeps = tuple(f"upkeep {name}" for name in SEATS[: len(s.players)])
        until = m.text("until", "end of turn", ("end of turn", *upkeeps, "ever")) or "end of turn"
        code = {"end of turn": "turn", "ever": "ever"}.get(until) or f"upkeep:{SEATS.index(until.split()[1])}"
        kws = tuple(m.strings("keywords") or [])
        t.mods.append(Mod(m.integer("atk", 0), m.integer("hp", 0), m.integer("armor", 0), kws, code, src))


def _default_caster(cat: Catalog, s: State, t: Thing, card: Card) -> int:
    heroes = sorted(
        (h for h in s.things.values() if h.ctrl == t.ctrl and cat[h.card].type == "hero"), key=lambda h: h.uid
    )
    same = [h for h in heroes if cat[h.card].facts.spec == card.facts.spec]
    chosen = same or (heroes if card.minor else [])
    return chosen[0].uid if chosen else 0

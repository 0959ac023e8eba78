"""Reading the things in play of a Codex position: `[[position.pN.in_play]]` entries and their keys."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.codex.cards import Card, Catalog
from engine.codex.colours.purple.past import HISTORIAN
from engine.codex.position_keywords import check_keywords
from engine.codex.position_names import (
    INSURING,
    SEATS,
    THING_REF_MARKS,
    WARLOCK,
    Held,
    Ref,
    card_id,
    label,
    parse_ref,
    read_held,
)
from engine.codex.position_turn import find_card
from engine.codex.state import SLOTS, Mod, State, Thing
from engine.i18n import joined, t, typed
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
    "control_changed_this_turn",
    "copying",
    "copy_until",
    "tied",
    "buried",
    "entered",
    "trashed",
)
IN_PLAY_TYPES = ("unit", "token", "hero", "building", "upgrade", "spell")
MOD_KEYS = ("atk", "hp", "armor", "keywords", "until", "source", "form", "subtypes", "printed_atk", "made")
GRAVEYARD_CARD = "graveyard"
BURIAL_LIMIT = 4
"""Buried units that sacrifice their Graveyard (colours/black.py, `_graveyard_check`)."""
COPY_UNTIL = {"end of turn": "turn", "ever": "ever"}
"""How long a copy lasts, as written -> `Thing.copied[2]`."""
MOD_UNTIL = {"end of turn": "turn", "ever": "ever", "while a copy": "copy"}
"""How long a modifier lasts, as written -> `Mod.until` (besides "upkeep pN": "upkeep:N")."""


@dataclass
class ThingSpec:
    fields: Fields
    ref: Ref
    ctrl: int
    owner: int
    uid: int = 0
    lent: int = -1
    copy: Ref | None = None
    """The card it is a copy of (`copying`), if it is one."""
    own_ordinal: int = 0
    """A copy's own copy number (the state's card entry holds the copy's number under the copied card)."""
    buried: list[Held] = field(default_factory=list)
    """A Graveyard's buried units."""


def read_things(cat: Catalog, f: Fields, seat: int | None, refs: list[Ref]) -> list[ThingSpec]:
    """Things in play from `f`'s `in_play`: a seat's own list (it controls them), or the top-level one,
    where each entry names its `controller` (dumps use it to keep the order things came into play)."""
    raw = f.raw("in_play")
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise f.fail(t("codex-position-in-play-list"), "in_play")
    out = []
    for i, item in enumerate(raw):
        path = (*f.path, "in_play", i)
        data = {"card": item} if isinstance(item, str) else item
        whose = "the" if seat is None else SEATS[seat]
        entry = Fields(data, path, t("codex-position-in-play-entry", seat=whose, number=i + 1))
        entry.only(THING_KEYS if seat is not None else (*THING_KEYS, "controller"))
        if "card" not in entry:
            raise entry.fail(t("codex-position-thing-card"))
        ref = parse_ref(cat, entry.raw("card"), (*path, "card") if isinstance(item, Mapping) else path)
        card = cat[ref.cid]
        if card.type not in IN_PLAY_TYPES or (card.type == "spell" and not card.ongoing):
            raise PositionError(t("codex-position-not-in-play-type", card=card.name, type=card.type), ref.path)
        if seat is None:
            if "controller" not in entry:
                raise entry.fail(t("codex-position-controller"))
            ctrl = seat_index(entry.raw("controller"), SEATS, (*path, "controller"))
        else:
            ctrl = seat
        lent = -1
        if "lent_by" in entry:
            lent = seat_index(entry.raw("lent_by"), SEATS, (*path, "lent_by"))
            if lent == ctrl:
                raise entry.fail(t("codex-position-lent-own-zone"), "lent_by")
        owner = seat_index(entry.raw("owner", SEATS[lent if lent >= 0 else ctrl]), SEATS, (*path, "owner"))
        refs.append(ref)
        spec = ThingSpec(entry, ref, ctrl, owner, lent=lent)
        if "copying" in entry:
            spec.copy = parse_ref(cat, entry.raw("copying"), (*path, "copying"))
            copied = cat[spec.copy.cid]
            if copied.type not in IN_PLAY_TYPES or copied.type == "spell":
                raise entry.fail(t("codex-position-copies", type=copied.type, card=copied.name))
            refs.append(spec.copy)
        elif "copy_until" in entry:
            raise entry.fail(t("codex-position-copy-until"), "copy_until")
        if "buried" in entry:
            if card.id != GRAVEYARD_CARD:
                raise entry.fail(t("codex-position-graveyard-only", card=card.name), "buried")
            spec.buried = read_held(cat, entry, "buried", ctrl, t("codex-position-buried"))
            if len(spec.buried) >= BURIAL_LIMIT:
                raise entry.fail(t("codex-position-graveyard-full", most=BURIAL_LIMIT), "buried")
            refs += [h.ref for h in spec.buried]
        out.append(spec)
    return out


def make_thing(cat: Catalog, s: State, spec: ThingSpec) -> Thing:
    f = spec.fields
    card = cat[spec.ref.cid]
    fresh = f.flag("arrived_this_turn", False)
    since = s.turn if fresh else s.turn - 1
    thing = Thing(spec.uid, card.id, spec.owner, spec.ctrl, since, since)
    if f.flag("control_changed_this_turn", False):
        thing.since = s.turn  # fresh under its controller (no exhausting it), though it arrived earlier
    if spec.copy is not None:
        until = f.text("copy_until", "end of turn", COPY_UNTIL) or "end of turn"
        thing.card = spec.copy.cid
        thing.copied = [card.id, spec.own_ordinal, COPY_UNTIL[until]]
    thing.lent = spec.lent
    if thing.lent >= 0 and card.type not in ("unit", "token", "hero"):
        raise f.fail(t("codex-position-lent-fighters", card=card.name, type=card.type), "lent_by")
    thing.damage = f.integer("damage", 0, 0)
    thing.runes = f.integer("runes", 0)
    thing.exhausted = f.flag("exhausted", False)
    thing.attacked = s.turn if f.flag("attacked_this_turn", False) else -1
    thing.armor_used = f.integer("armor_used", 0, 0)
    thing.skip_ready = f.flag("skip_ready", False)
    thing.deathtouched = f.flag("deathtouched", False)
    if card.type == "hero":
        thing.level = f.integer("level", 1, 1, card.mx or 1)
        thing.max_at_start = f.flag("max_at_turn_start", bool(card.mx) and thing.level >= card.mx and not fresh)
    elif "level" in f:
        raise f.fail(t("codex-position-levels", card=card.name, type=card.type), "level")
    if "fading" in card.kw:
        thing.marks["time"] = card.kw["fading"]
    marks = f.table("marks", "`marks`")
    if marks is not None:
        for name, n in marks.data.items():
            if name in THING_REF_MARKS:
                continue  # it names things: read with the links, once every thing is in play
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise PositionError(t("codex-position-runes", kind=kind_of(n)), (*marks.path, name))
            if n or name != "time":
                thing.marks[name] = n  # 0 too: a mark may be a number that is 0 (a Newsman's named cost)
            else:
                thing.marks.pop(name, None)  # no time runes at all (a fading card's are there by default)
    thing.used = _used_this_turn(f, s.turn)
    slot = f.text("patrol", None, SLOTS)
    if slot is not None:
        if card.type not in ("unit", "token", "hero"):
            raise f.fail(t("codex-position-patrollers", card=card.name, type=card.type), "patrol")
        p = s.players[spec.ctrl]
        i = SLOTS.index(slot)
        if p.patrol[i]:
            raise f.fail(t("codex-position-slot-taken", seat=SEATS[spec.ctrl], slot=slot), "patrol")
        p.patrol[i] = spec.uid
    return thing


def _used_this_turn(f: Fields, turn: int) -> dict[str, int]:
    """`used_this_turn`: a list of ability keys used this turn, or a table key -> how many times (for
    abilities usable several times a turn; `true` for once, uncounted)."""
    raw = f.raw("used_this_turn")
    if raw is None or isinstance(raw, list):
        return {key: turn for key in f.strings("used_this_turn") or []}
    table = f.table("used_this_turn", "`used_this_turn`")
    assert table is not None
    used: dict[str, int] = {}
    for key, n in table.data.items():
        used[key] = turn
        if n is True:
            continue
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise PositionError(t("codex-position-used-times", kind=kind_of(n)), (*table.path, key))
        used[key + "#n"] = n
    return used


def find_thing(cat: Catalog, s: State, things: list[ThingSpec], text: Any, path: KeyPath) -> int:
    """The thing a name or label points at: what it is now (a copy: the copied card, with the copy's
    number), or the card itself."""
    ref = parse_ref(cat, text, path)

    def named(cid: str, n: int) -> bool:
        return cid == ref.cid and ref.ordinal in (None, n)

    hits = [
        ts.uid
        for ts in things
        if named(s.things[ts.uid].card if ts.uid in s.things else ts.ref.cid, s.cards[ts.uid][2])
        or (ts.copy is not None and named(ts.ref.cid, ts.own_ordinal))
    ]
    if not hits:
        raise PositionError(t("codex-position-not-in-play", card=typed(str(text))), path)
    if len(hits) > 1:
        labels = joined([label(s, cat, u) for u in hits], ", ")
        raise PositionError(t("codex-position-ambiguous", card=typed(str(text)), labels=labels), path)
    return hits[0]


def read_links(cat: Catalog, s: State, spec: ThingSpec, things: list[ThingSpec]) -> None:
    f = spec.fields
    thing = s.things[spec.uid]
    card = cat[thing.card]
    if "caster" in f:
        thing.caster = find_thing(cat, s, things, f.raw("caster"), (*f.path, "caster"))
        if cat[s.things[thing.caster].card].type != "hero":
            raise f.fail(t("codex-position-caster-hero"), "caster")
    elif "channeling" in card.kw:
        thing.caster = _default_caster(cat, s, thing, card)
        if not thing.caster:
            raise f.fail(t("codex-position-channeled", card=card.name, seat=SEATS[thing.ctrl]))
    links = f.strings("links")
    if links is not None:
        thing.links = [find_thing(cat, s, things, n, (*f.path, "links", i)) for i, n in enumerate(links)]
    if "attached" in f:
        thing.attached = find_thing(cat, s, things, f.raw("attached"), (*f.path, "attached"))
    marks = f.table("marks", "`marks`")
    if marks is not None and INSURING in marks:
        thing.marks[INSURING] = find_thing(cat, s, things, marks.raw(INSURING), (*marks.path, INSURING))
    if marks is not None and WARLOCK in marks:
        for i, name in enumerate(marks.strings(WARLOCK) or []):
            thing.marks[f"{WARLOCK}:{find_thing(cat, s, things, name, (*marks.path, WARLOCK, i))}"] = 1
    for m in f.tables("mods", t("codex-position-modification")):
        thing.mods.append(_mod(cat, s, thing, m, things))
    _trashed(cat, s, thing, f)
    tied = f.strings("tied")
    if tied is not None:
        thing.tied = [find_thing(cat, s, things, n, (*f.path, "tied", i)) for i, n in enumerate(tied)]
        if thing.uid in thing.tied:
            raise f.fail(t("codex-position-tied-itself"), "tied")


def _trashed(cat: Catalog, s: State, thing: Thing, f: Fields) -> None:
    """`trashed`: the cards this historian (Prynn Pasternaak) trashed, each "Label" (controlled then by its
    owner) or {card = "Label", controller = "pN"}: they come back when it leaves play."""
    raw = f.raw("trashed")
    if raw is None:
        return
    if not isinstance(raw, list):
        raise f.fail(t("codex-position-trashed-list", kind=kind_of(raw)), "trashed")
    book = []
    for i, item in enumerate(raw):
        path = (*f.path, "trashed", i)
        if isinstance(item, str):
            uid = find_card(s, cat, item, path)
            book.append([uid, s.cards[uid][1]])
            continue
        entry = Fields(item, path, t("codex-position-trashed-card"))
        entry.only(("card", "controller"))
        uid = find_card(s, cat, entry.raw("card"), (*path, "card"))
        names = SEATS[: len(s.players)]
        book.append([uid, seat_index(entry.raw("controller", names[s.cards[uid][1]]), names, (*path, "controller"))])
    if book:
        s.memory.setdefault(HISTORIAN, {})[str(thing.uid)] = book


def _mod(cat: Catalog, s: State, thing: Thing, m: Fields, things: list[ThingSpec]) -> Mod:
    m.only(MOD_KEYS)
    source = m.raw("source")
    src = find_thing(cat, s, things, source, (*m.path, "source")) if source is not None else 0
    upkeeps = {f"upkeep {name}": f"upkeep:{i}" for i, name in enumerate(SEATS[: len(s.players)])}
    until = m.text("until", "end of turn", (*MOD_UNTIL, *upkeeps)) or "end of turn"
    code = MOD_UNTIL.get(until) or upkeeps[until]
    if code == "copy" and not thing.copied:
        raise m.fail(t("codex-position-while-a-copy"), "until")
    kws = check_keywords(cat, m.strings("keywords") or [], (*m.path, "keywords"), removable=True)
    form = m.text("form", None)
    subtypes = tuple(x.lower() for x in m.strings("subtypes") or [])
    printed = m.raw("printed_atk")
    return Mod(
        m.integer("atk", 0),
        m.integer("hp", 0),
        m.integer("armor", 0),
        kws,
        code,
        src,
        form=card_id(cat, form, (*m.path, "form")) if form is not None else "",
        sub=subtypes,
        printed_atk=None if printed is None else m.integer("printed_atk", 0, 0),
        stamp=m.integer("made", 0, 1) if "made" in m else 0,
    )


def _default_caster(cat: Catalog, s: State, thing: Thing, card: Card) -> int:
    heroes = sorted(
        (h for h in s.things.values() if h.ctrl == thing.ctrl and cat[h.card].type == "hero"), key=lambda h: h.uid
    )
    same = [h for h in heroes if cat[h.card].facts.spec == card.facts.spec]
    chosen = same or (heroes if card.minor else [])
    return chosen[0].uid if chosen else 0

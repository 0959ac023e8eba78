"""What a Codex board shows, read from the public view: highlights of the last turn, the names cards go by,
one row per card in play, each seat's patrol and army, and the status and footer sentences.

Nothing here draws. Everything reads the view defensively (`.get` with a default): a view from an older
or newer engine, or a half-built one, gives a board with something missing, never an exception.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from render.codex.parts import (
    BAND_NUMERALS,
    TECH_NUMERALS,
    TYPE_NAMES,
    as_int,
    as_list,
    as_map,
    as_opt_int,
    glyph_safe,
    hero_band,
    marks_text,
    runes_text,
    seat_name,
)

FIGHTERS = ("unit", "token", "hero")
DEFAULT_SLOTS = ("squad leader", "elite", "scavenger", "technician", "lookout")
SLOT_TAGS: dict[str, str] = {
    "squad leader": "LEADER",
    "elite": "ELITE",
    "scavenger": "SCAV",
    "technician": "TECH",
    "lookout": "LOOKOUT",
}
"""Short names of the patrol slots, written at the left of a patroller's row."""
_ORDER = {"hero": 0, "unit": 1, "token": 1, "upgrade": 2, "building": 3, "spell": 4}
_COPY = re.compile(r"#\d+$")


# ------------------------------------------------------------------------------------------ last turn


@dataclass(slots=True)
class Highlights:
    """What the last turn changed and told, from the view's `last_turn` field."""

    things: set[int] = field(default_factory=set)
    buildings: set[str] = field(default_factory=set)
    """"seat:slot" with slot one of base, tech1, tech2, tech3, addon."""
    seat: int | None = None
    turn: int | None = None
    lines: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    """What each line tells (see the engine's `line_kind`), "" when unknown; as long as `lines`."""
    present: bool = False


def highlights(view: Mapping[str, Any]) -> Highlights:
    """Expected shape: {"seat": int, "turn": int, "things": [uid, ...], "buildings": ["1:base", "0:tech2", ...],
    "lines": [public sentences], "kinds": [what each line tells]}; every key optional."""
    raw = view.get("last_turn")
    if not isinstance(raw, Mapping):
        return Highlights()
    things = {u for u in as_list(raw.get("things")) if isinstance(u, int) and not isinstance(u, bool)}
    buildings = {b for b in as_list(raw.get("buildings")) if isinstance(b, str)}
    raw_lines = as_list(raw.get("lines"))
    raw_kinds = as_list(raw.get("kinds"))
    if len(raw_kinds) != len(raw_lines):
        raw_kinds = [""] * len(raw_lines)
    lines: list[str] = []
    kinds: list[str] = []
    for line, kind in zip(raw_lines, raw_kinds, strict=True):
        if isinstance(line, str) and line.strip():
            lines.append(glyph_safe(line))
            kinds.append(kind if isinstance(kind, str) else "")
    seat, turn = as_opt_int(raw.get("seat")), as_opt_int(raw.get("turn"))
    return Highlights(things, buildings, seat, turn, lines, kinds, present=True)


# ------------------------------------------------------------------------------------------------ names


def own_name(thing: Mapping[str, Any]) -> str:
    """The name the notation gives a thing: its label without the copy number. A thing wearing another card's
    face (Polymorph: Squirrel) keeps its own card's name there; `name` is the face."""
    label = thing.get("label")
    if isinstance(label, str):
        return _COPY.sub("", label)
    return str(thing.get("name") or "?")


def face_note(thing: Mapping[str, Any]) -> str:
    """ "now a Squirrel" for a thing wearing another card's face, else nothing."""
    face = thing.get("name")
    return f"now a {face}" if isinstance(face, str) and face != own_name(thing) else ""


@dataclass(frozen=True, slots=True)
class Names:
    """Copy numbers ("Blademaster#2") only where they tell two cards apart: when another card of that name is
    in play. That is the notation's rule too, so a name on the board is what a player types."""

    counts: Counter[str]

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> Names:
        return cls(Counter(own_name(as_map(t)) for t in as_list(view.get("in_play"))))

    def label(self, label: object) -> str:
        """`label` ("Tenderfoot#2") as the board writes it."""
        text = glyph_safe(label)
        base = _COPY.sub("", text)
        return text if self.counts[base] > 1 else base

    def thing(self, thing: Mapping[str, Any]) -> str:
        name = own_name(thing)
        label = thing.get("label")
        return self.label(label) if isinstance(label, str) else name


# -------------------------------------------------------------------------------------------------- rows


@dataclass(slots=True)
class Row:
    """One card in play as a board row: its name, a short second line, and the numbers."""

    name: str
    info: str = ""
    atk: int | None = None
    hp: int | None = None
    damage: int = 0
    fighter: bool = False
    exhausted: bool = False
    highlight: bool = False
    owner: int | None = None
    slot: str | None = None
    """The patrol slot it stands in, if it patrols."""
    level: str = ""
    """A hero's level ("L3"), for rows too small for the second line."""


def thing_row(thing: Mapping[str, Any], names: Names, marks: Highlights, slot: str | None = None) -> Row:
    kind = str(thing.get("type", ""))
    row = Row(names.thing(thing), slot=slot, owner=as_opt_int(thing.get("owner")))
    row.exhausted = thing.get("exhausted") is True
    uid = thing.get("uid")
    row.highlight = isinstance(uid, int) and uid in marks.things
    info: list[str] = []
    if kind in FIGHTERS:
        row.fighter = True
        row.atk, row.hp = as_opt_int(thing.get("atk")), as_opt_int(thing.get("hp"))
        row.damage = as_int(thing.get("damage"))
    elif kind == "building":
        row.hp, row.damage = as_opt_int(thing.get("hp")), as_int(thing.get("damage"))
    if row.exhausted:
        info.append("↷ exhausted")
    if thing.get("arrived_this_turn") is True and kind in FIGHTERS:
        info.append("NEW")
    if kind == "hero":
        level = as_int(thing.get("level"), 1)
        top, mid = as_opt_int(thing.get("max_level")), as_opt_int(thing.get("mid_level"))
        row.level = f"L{level}" + ("★" if top and level >= top else "")
        if top and level >= top:
            info.append(f"Hero ★ MAX {level}/{top}")
        else:
            info.append(
                f"Hero L{level}" + (f"/{top}" if top else "") + f" · band {BAND_NUMERALS[hero_band(level, mid, top)]}"
            )
        if thing.get("max_at_turn_start") is True:
            info.append("ULTIMATE READY")
    elif kind == "unit":
        tech = as_opt_int(thing.get("tech"))
        info.append("Tech " + str(TECH_NUMERALS.get(tech, tech)) if tech is not None else "Unit")
    elif kind in ("token", "spell", "upgrade", "building"):
        info.append("Ongoing spell" if kind == "spell" else TYPE_NAMES[kind])
    elif kind:
        info.append(kind.capitalize())
    if face_note(thing):
        info.insert(0, face_note(thing))
    armor = as_int(thing.get("armor"))
    if armor and kind in FIGHTERS:
        info.append(f"armor {armor}")
    keywords = [str(k) for k in as_list(thing.get("keywords")) if str(k)]
    if keywords:
        info.append(", ".join(keywords))
    for extra in (runes_text(thing.get("runes")), marks_text(thing.get("marks"))):
        if extra:
            info.append(extra)
    links = [names.label(x) for x in as_list(thing.get("links"))]
    if links:
        info.append("with " + ", ".join(links))
    if isinstance(thing.get("caster"), str):
        info.append(f"cast by {names.label(thing['caster'])}")
    lender = as_opt_int(thing.get("lent_by"))
    controller = as_opt_int(thing.get("controller"))
    if lender is not None:
        info.append(f"lent by p{lender + 1}")
    elif row.owner is not None and controller is not None and row.owner != controller:
        info.append(f"owned by p{row.owner + 1}")
    row.info = glyph_safe(" · ".join(info))
    return row


# ------------------------------------------------------------------------------------------------ seats


@dataclass(slots=True)
class Seat:
    """One seat's part of the board."""

    seat: int
    data: Mapping[str, Any]
    patrol: list[tuple[str, Row | None]]
    """(slot, its patroller's row, or None when empty), in slot order."""
    army: list[Row]
    """Everything else the seat controls in play: heroes, units, upgrades, buildings, spells."""

    @property
    def name(self) -> str:
        return str(self.data.get("name") or f"p{self.seat + 1}")


def seats(view: Mapping[str, Any], names: Names, marks: Highlights) -> list[Seat]:
    things = [as_map(t) for t in as_list(view.get("in_play"))]
    by_label = {str(t.get("label")): t for t in things if t.get("label") is not None}
    out: list[Seat] = []
    for index, raw in enumerate(as_list(view.get("players"))):
        player = as_map(raw)
        seat = as_int(player.get("seat"), index)
        patrol_map = as_map(player.get("patrol"))
        patrol: list[tuple[str, Row | None]] = []
        on_patrol: set[int] = set()
        for slot in list(patrol_map)[:5] or list(DEFAULT_SLOTS):
            label = patrol_map.get(slot)
            thing = by_label.get(str(label)) if label is not None else None
            if thing is not None:
                on_patrol.add(id(thing))
                patrol.append((slot, thing_row(thing, names, marks, slot)))
            elif label is not None:  # named by the view but not found in play
                patrol.append((slot, Row(names.label(label), slot=slot)))
            else:
                patrol.append((slot, None))
        mine = [t for t in things if as_opt_int(t.get("controller")) == seat and id(t) not in on_patrol]
        mine.sort(key=lambda t: (_ORDER.get(str(t.get("type")), 5), as_int(t.get("uid"))))
        out.append(Seat(seat, player, patrol, [thing_row(t, names, marks) for t in mine]))
    return out


def footer(player: Mapping[str, Any], names: Names) -> str:
    """The rest of a seat's state in a sentence: command zone, forecast, tech choice, lending, removed cards."""
    parts: list[str] = []
    command = [as_map(c) for c in as_list(player.get("command"))]
    if command:
        heroes = []
        for hero in command:
            label = _COPY.sub("", str(hero.get("label") or "hero"))
            wait = as_int(hero.get("cooldown"))
            when = f"back in {wait} turn{'s' if wait != 1 else ''}" if wait else "ready"
            heroes.append(f"{label} ({when})")
        parts.append("Command zone: " + ", ".join(heroes))
    future = [as_map(f) for f in as_list(player.get("future"))]
    if future:
        parts.append(
            "Forecast: "
            + ", ".join(
                f"{_COPY.sub('', str(f.get('label', '?')))} ({as_int(f.get('time_runes'))} time runes)" for f in future
            )
        )
    pick = player.get("tech_pick")
    if pick == "open":
        parts.append("Tech choice: not made yet")
    elif pick == "made":
        parts.append("Tech choice: made (secret)")
    lending = [as_map(x) for x in as_list(player.get("lending"))]
    if lending:
        parts.append(
            "Lending: "
            + ", ".join(f"{names.label(x.get('label', '?'))} to p{as_int(x.get('to')) + 1}" for x in lending)
        )
    removed = as_int(player.get("removed"))
    if removed:
        parts.append(f"Removed from the game: {removed}")
    if player.get("hired_this_turn") is True:
        parts.append("Hired a worker this turn")
    return glyph_safe(" · ".join(parts))


# ----------------------------------------------------------------------------------------------- status


def turn_seats(view: Mapping[str, Any]) -> list[int]:
    """The seats whose turn it is (two in 2v2)."""
    return [s for s in as_list(view.get("turn_seats")) if isinstance(s, int)] or [as_int(view.get("active"))]


def winners(view: Mapping[str, Any]) -> list[int]:
    return [w for w in as_list(as_map(view.get("result")).get("winners")) if isinstance(w, int)]


def status_text(view: Mapping[str, Any], names: Names) -> str:
    """What the game waits for beyond whose turn it is: the phase, a pending choice, a combat, a tie-break."""
    to_move = [s for s in as_list(view.get("to_move")) if isinstance(s, int)]
    pending = as_map(view.get("pending"))
    combat = as_map(view.get("combat"))
    phase = str(view.get("phase") or "")
    parts: list[str] = []
    if view.get("result"):
        detail = as_map(view.get("result")).get("detail") or as_map(view.get("result")).get("reason")
        return glyph_safe(detail) if detail else ""
    if pending:
        who = seat_name(view, as_int(pending.get("seat"), as_int(view.get("active"))))
        parts.append(f"{who} decides: {glyph_safe(pending.get('prompt', 'a choice'))}")
    elif phase == "await_tech":
        waiting = ", ".join(seat_name(view, s) for s in to_move)
        parts.append("waiting for " + (waiting or "a tech choice") + " to make a tech choice")
    elif phase == "main":
        parts.append("main phase")
    if combat:
        attacker = names.label(combat["attacker"]) if isinstance(combat.get("attacker"), str) else "an attacker"
        target = names.label(combat["target"]) if isinstance(combat.get("target"), str) else "?"
        parts.append(f"combat: {attacker} attacks {target}")
    others = [s for s in to_move if s not in turn_seats(view) and not pending]
    if others and phase != "await_tech":
        parts.append("tech choice owed by " + ", ".join(seat_name(view, s) for s in others))
    tied = [s for s in as_list(view.get("tiebreak")) if isinstance(s, int)]
    if tied:
        parts.append("tie-break: " + " and ".join(seat_name(view, s) for s in tied) + " take extra turns")
    return " · ".join(parts)

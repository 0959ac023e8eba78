"""Codex's play-by-forum export: the match so far as a forum post, and the board as text.

Like the match log export, the post is written in English (the play-by-forum community's language): its
few words of ours stay here, as an export's do (docs/i18n.md, "What is data").

It replays the match's log but shows only what the public view and the public events hold, never a hand,
a face-down worker or a tech pick. The log comes from the service; this module only writes it out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from app.rewind import apply_entry, base_state, effective_entries
from app.summary import PLATFORM_EVENTS, result_line
from cogs.codex.text import SLOTS, TECH_NAMES
from db.records import LogEntry, MatchRecord
from engine.codex.lookup import COPY, plural
from engine.core import Event, get_game
from engine.i18n import Text, english, t

# -------------------------------------------------------------------------------------- board text


def _label(thing: Mapping[str, Any], unique: set[str]) -> str:
    """The thing's notation name, numbered only when needed. A thing wearing another card's face (Polymorph:
    Squirrel) is still named by its own card, with the face after it, so the board and the notation agree."""
    label = str(thing.get("label", thing.get("name", "?")))
    own = COPY.sub("", label)
    shown = own if own in unique else label
    face = thing.get("name")
    return f"{shown} (now a {face})" if isinstance(face, str) and face != own else shown


def _unique_names(view: Mapping[str, Any]) -> set[str]:
    """Names only one card in sight has: they are shown without their `#n`."""
    labels = {str(t.get("label", t["name"])) for t in view.get("in_play", [])}
    for p in view.get("players", []):
        labels.update(str(c["label"]) for c in p.get("command", []))
        labels.update(str(f["label"]) for f in p.get("future", []))
    counts: dict[str, int] = {}
    for label in labels:
        name = COPY.sub("", label)
        counts[name] = counts.get(name, 0) + 1
    return {name for name, n in counts.items() if n == 1}


def _short(label: str | None, unique: set[str]) -> str:
    if label is None:
        return "—"
    name = COPY.sub("", label)
    return name if name in unique else label


def _fighter(thing: Mapping[str, Any], unique: set[str]) -> str:
    text = f"{_label(thing, unique)} {thing.get('atk', 0)}/{thing.get('hp', 0)}"
    if thing["type"] == "hero":
        text = f"{_label(thing, unique)} (level {thing.get('level', 1)}/{thing.get('max_level', '?')}) "
        text += f"{thing.get('atk', 0)}/{thing.get('hp', 0)}"
    notes = []
    if thing.get("damage"):
        notes.append(f"{thing['damage']} damage")
    if thing.get("keywords"):
        notes.append(", ".join(thing["keywords"]))
    if thing.get("exhausted"):
        notes.append("exhausted")
    if thing.get("runes"):
        notes.append(f"runes {thing['runes']:+d}" if isinstance(thing["runes"], int) else f"runes {thing['runes']}")
    return text + (f" ({'; '.join(notes)})" if notes else "")


def _building(kind: str, b: Mapping[str, Any]) -> str | None:
    status = b.get("status")
    if status in (None, "none"):
        return None
    name = TECH_NAMES.get(kind, kind.title())
    if status == "destroyed":
        return f"{name} destroyed"
    hp = int(b.get("hp", 0)) - int(b.get("damage", 0))
    text = f"{name} {hp}/{b.get('hp', 0)}"
    if status == "building":
        text += " (being built)"
    if b.get("spec"):
        text += f" [{b['spec']}]"
    return text


def patrol_line(view: Mapping[str, Any], seat: int) -> Text:
    unique = _unique_names(view)
    patrol = view["players"][seat].get("patrol", {})
    return t("codex-patrol", slots=" · ".join(f"{slot} {_short(patrol.get(slot), unique)}" for slot in SLOTS))


def player_summary(view: Mapping[str, Any], seat: int) -> str:
    p = view["players"][seat]
    base = p["base"]
    left = max(base["hp"] - base["damage"], 0)
    return (
        f"{p['name']}: base {left}/{base['hp']} · gold {p['gold']} · workers {p['workers']} · "
        f"hand {p['hand']} · deck {p['deck']} · discard {p['discard']}"
    )


def player_lines(view: Mapping[str, Any], seat: int) -> list[str]:
    """Everything public about one player, in the forum post's order."""
    p = view["players"][seat]
    unique = _unique_names(view)
    heroes_text = ", ".join(p.get("heroes", []))
    lines = [f"{player_summary(view, seat)} · heroes: {heroes_text}"]
    buildings = [b for t in p.get("tech", []) if (b := _building(t["kind"], t))]
    if p.get("addon"):
        addon = _building(p["addon"]["kind"], p["addon"])
        if addon:
            buildings.append(addon)
    if p.get("tech2_spec"):
        buildings.append(f"Tech II spec: {p['tech2_spec']}")
    lines.append("  Buildings: " + (" · ".join(buildings) if buildings else "base only"))
    lines.append("  " + english(patrol_line(view, seat)))
    mine = [t for t in view.get("in_play", []) if t.get("controller") == seat]
    heroes_in = [_fighter(t, unique) for t in mine if t["type"] == "hero"]
    units = [_fighter(t, unique) for t in mine if t["type"] in ("unit", "token")]
    others = [f"{_label(t, unique)} ({t['type']})" for t in mine if t["type"] not in ("hero", "unit", "token")]
    lines.append("  Heroes in play: " + ("; ".join(heroes_in) if heroes_in else "none"))
    command = []
    for c in p.get("command", []):
        wait = c.get("cooldown")
        command.append(_short(c["label"], unique) + (f" (summonable again in {plural(wait, 'turn')})" if wait else ""))
    if command:
        lines.append("  Command zone: " + ", ".join(command))
    lines.append("  Units: " + ("; ".join(units) if units else "none"))
    if others:
        lines.append("  Also in play: " + "; ".join(others))
    if p.get("future"):
        lines.append(
            "  In the future: "
            + ", ".join(f"{_short(f['label'], unique)} ({f['time_runes']} time runes)" for f in p["future"])
        )
    return lines


# ------------------------------------------------------------------------------------- forum export


def _public_lines(game: Any, events: Sequence[Event]) -> list[str]:
    out = []
    for event in events:
        if event.kind in PLATFORM_EVENTS or not event.visible_to(None):
            continue
        line = game.describe_event(event, None)
        if line:
            out.append(line)
    return out


class _Forum:
    def __init__(self, game: Any, names: Mapping[int, str]) -> None:
        self.game = game
        self.names = names
        self.out: list[str] = []
        self.turn_seat: int | None = None
        """The seat whose start of turn is being written (in 2v2, each partner's in turn)."""
        self.turn_seats: list[int] = []
        """Every seat playing this turn: one, or both 2v2 partners."""
        self.turn_number: object = None
        self.header = 0
        self.count = 0
        self.last: int | None = None
        """Where the last numbered action is, for a choice that completes it."""

    def close_turn(self, view: Mapping[str, Any] | None) -> None:
        if self.turn_seat is None or view is None:
            return
        for seat in self.turn_seats:
            self.out.append(english(patrol_line(view, seat)))
            self.out.append(player_summary(view, seat))
        self.out.append("")

    def heading(self) -> str:
        who = " and ".join(f"p{s + 1}{self.names.get(s, '')}" for s in self.turn_seats)
        return f"== Turn {self.turn_number} · {who} =="

    def open_turn(self, event: Event, view: Mapping[str, Any]) -> bool:
        """A turn begins; False when it is a 2v2 partner joining the turn already open (same number)."""
        seat = int(event.data["seat"])
        number = event.data.get("turn", "?")
        self.turn_seat = seat
        if number == self.turn_number and seat not in self.turn_seats:
            self.turn_seats.append(seat)
            self.out[self.header] = self.heading()
            return False
        self.turn_number = number
        self.turn_seats = [seat]
        self.count = 0
        self.last = None
        self.header = len(self.out)
        self.out.append(self.heading())
        return True

    def action(self, lines: list[str], gold: int | None, *, numbered: bool, continues: bool = False) -> None:
        tail = f"  [{gold} gold]" if gold is not None else ""
        if continues and self.last is not None:  # a choice finishes the action before it
            line = re.sub(r"  \[\d+ gold\]$", "", self.out[self.last])
            self.out[self.last] = line + " " + " ".join(lines) + tail
        elif numbered:
            self.count += 1
            self.last = len(self.out)
            self.out.append(f"{self.count}. " + " ".join(lines) + tail)
        else:
            self.out.append("   " + " ".join(lines) + tail)


def forum_export(record: MatchRecord, entries: Sequence[LogEntry], names: Mapping[int, str] | None = None) -> str:
    """The match so far in the play-by-forum layout, from public views and public events only.

    `names` maps seats to how players are called (their display names); a seat without one is its seat name.
    """
    game = get_game(record.game)
    seat_names = {s: f" ({n})" for s, n in (names or {}).items()}
    start, applied = effective_entries(entries)
    state = base_state(game, start, record.seed, len(record.seated()), record.options)
    view = game.view(state, None)
    forum = _Forum(game, seat_names)
    header = [f"{game.title} · match #{record.id} — forum export (public information only)"]
    for seat, p in enumerate(view["players"]):
        heroes_text = ", ".join(p.get("heroes", []))
        specs = ", ".join(s.title() for s in p.get("specs", []))
        header.append(f"p{seat + 1}{seat_names.get(seat, '')}: {heroes_text} ({specs}) · {p['workers']} workers")
    header.append("")
    forum.out.extend(header)
    _export_events(forum, [Event.from_json(e) for e in start.events], None, view)
    for entry in applied:
        state = apply_entry(game, state, entry)
        view = game.view(state, None)
        events = [Event.from_json(e) for e in entry.events]
        if entry.kind == "resign":
            forum.out.append(f"p{(entry.seat or 0) + 1} resigns.")
        verb = entry.action[0] if isinstance(entry.action, list) and entry.action else None
        _export_events(forum, events, entry.seat, view, continues=verb == "choose")
    forum.out.append("")
    forum.out.append("== Board now ==")
    for seat in range(len(view["players"])):
        forum.out.extend(player_lines(view, seat))
    if not record.live and record.result:
        # Names, never mentions: the post is read outside Discord. English until Codex's text moves.
        forum.out.append(english(result_line(game, record, names or {})))
    elif view.get("to_move"):
        forum.out.append("Waiting on " + ", ".join(f"p{s + 1}" for s in view["to_move"]) + ".")
    # The post is read now: a card named by its copy number then and hidden again since loses the number.
    return "\n".join(game.forget_hidden(state, forum.out)).strip() + "\n"


def _export_events(
    forum: _Forum, events: list[Event], actor: int | None, view: Mapping[str, Any], *, continues: bool = False
) -> None:
    """One log entry: the action's public sentences, and any turn that begins inside it."""
    segment: list[Event] = []
    for event in events:
        if event.kind == "turn":
            _flush(forum, segment, actor, view, continues=continues)
            continues = False
            same = int(event.data["seat"]) not in forum.turn_seats and event.data.get("turn") == forum.turn_number
            if not same:
                forum.close_turn(view)
            forum.open_turn(event, view)
            segment, actor = [], None
            continue
        segment.append(event)
    _flush(forum, segment, actor, view, continues=continues)


def _flush(
    forum: _Forum, segment: list[Event], actor: int | None, view: Mapping[str, Any], *, continues: bool = False
) -> None:
    lines = _public_lines(forum.game, segment)
    if not lines:
        return
    seat = forum.turn_seat
    if seat is None:
        forum.out.append("Setup: " + " ".join(lines))
    elif actor is None:  # the start of a turn: upkeep and what comes with it
        forum.out.append("Start: " + " ".join(lines) + f"  [{view['players'][seat]['gold']} gold]")
    elif any(e.kind == "patrol" for e in segment):  # ending the main phase locks the patrol in
        forum.out.append("End: " + " ".join(lines))
    elif actor in forum.turn_seats:  # in 2v2 either partner's move
        forum.action(lines, view["players"][actor]["gold"], numbered=True, continues=continues)
    else:  # another player's tech pick, made during this turn
        forum.action(lines, None, numbered=False)

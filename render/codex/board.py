"""Codex: Card-Time Strategy pictures: the public board after every move and a seat's hand by DM.

The board has a status bar (turn, whose move, combat or a pending choice, the result), then one area
per seat, stacked in seat order so 2v2 and free-for-all tables get more areas rather than a new
layout. A seat's area shows its base, gold, workers, card counts and buildings on the left, the five
named patrol slots on the right, and every other card it controls in play below, then its command
zone. Cards changed on the last turn are outlined in the highlight colour when the view says which
they were (`last_turn`, see `_highlights`). The hand picture is in `render.codex.hand`.

Importing this module registers both renderers for the game "codex"; `render` imports it lazily the
first time a Codex picture is asked for.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from render.codex.parts import (
    BAND_NUMERALS,
    SLOT_PERKS,
    SLOT_TITLES,
    TECH_NUMERALS,
    TYPE_NAMES,
    Tile,
    as_int,
    as_list,
    as_map,
    as_opt_int,
    building_name,
    dashed_rect,
    draw_empty_slot,
    draw_icon_row,
    draw_tag,
    draw_tile,
    glyph_safe,
    hero_band,
    marks_text,
    meter,
    put_text,
    runes_text,
    seat_name,
    text_lines_height,
    wrapped,
)
from render.fonts import font
from render.kit import (
    PANEL_PAD,
    Box,
    contrast_text,
    draw_panel,
    draw_player_chip,
    line_height,
    new_canvas,
    panel_height,
    title_bar_height,
)
from render.theme import RGB, Theme

GAME = "codex"

WIDTH = 1200
MARGIN = 16
GAP = 14
TILE_W, TILE_H = 140, 176
TILE_GAP = 12
ARMY_ROWS = 2
"""Rows of cards in play drawn per seat before the rest are summed up as "+N more"."""
LEFT_W = WIDTH - 2 * MARGIN - 2 * PANEL_PAD - 5 * TILE_W - 4 * TILE_GAP - 24
ROW_H = 24
BASE_H = 28
ICON = 26
FOOTER_LINES = 2
LAST_TURN_LINES = 10

FIGHTERS = ("unit", "token", "hero")
DEFAULT_SLOTS = ("squad leader", "elite", "scavenger", "technician", "lookout")


# ---------------------------------------------------------------------------------------- the model


@dataclass(slots=True)
class _Highlights:
    things: set[int] = field(default_factory=set)
    buildings: set[str] = field(default_factory=set)
    """"seat:slot" with slot one of base, tech1, tech2, tech3, addon."""
    seat: int | None = None
    turn: int | None = None
    lines: list[str] = field(default_factory=list)
    present: bool = False


def _highlights(view: Mapping[str, Any]) -> _Highlights:
    """What the last turn changed, from the view's `last_turn` field when it has one.

    Expected shape: {"seat": int, "turn": int, "things": [uid, ...], "buildings": ["1:base", "0:tech2",
    "1:addon", ...], "lines": [public sentences]}; every key optional.
    """
    raw = view.get("last_turn")
    if not isinstance(raw, Mapping):
        return _Highlights()
    things = {u for u in as_list(raw.get("things")) if isinstance(u, int) and not isinstance(u, bool)}
    buildings = {b for b in as_list(raw.get("buildings")) if isinstance(b, str)}
    lines = [glyph_safe(x) for x in as_list(raw.get("lines")) if isinstance(x, str) and x.strip()]
    return _Highlights(things, buildings, as_opt_int(raw.get("seat")), as_opt_int(raw.get("turn")), lines, present=True)


def _own_name(thing: Mapping[str, Any]) -> str:
    """The name the notation gives a thing: its label without the copy number. A thing wearing another card's
    face (Polymorph: Squirrel) keeps its own card's name there; `name` is the face."""
    label = thing.get("label")
    if isinstance(label, str):
        return re.sub(r"#\d+$", "", label)
    return str(thing.get("name") or "?")


def face_note(thing: Mapping[str, Any]) -> str:
    """ "now a Squirrel" for a thing wearing another card's face, else nothing."""
    face = thing.get("name")
    return f"now a {face}" if isinstance(face, str) and face != _own_name(thing) else ""


def _label_counts(things: list[Mapping[str, Any]]) -> Counter[str]:
    return Counter(_own_name(t) for t in things)


def _display_name(thing: Mapping[str, Any], counts: Counter[str]) -> str:
    """The card's name as the notation has it, or its numbered label when two cards of that name are in play."""
    name = _own_name(thing)
    if counts[name] > 1 and isinstance(thing.get("label"), str):
        return str(thing["label"])
    return name


def thing_tile(thing: Mapping[str, Any], counts: Counter[str], marks: _Highlights) -> Tile:
    kind = str(thing.get("type", ""))
    tile = Tile(_display_name(thing, counts))
    owner = as_opt_int(thing.get("owner"))
    controller = as_opt_int(thing.get("controller"))
    tile.owner = owner
    tile.exhausted = thing.get("exhausted") is True
    uid = thing.get("uid")
    tile.highlight = isinstance(uid, int) and uid in marks.things
    text: list[str] = [face_note(thing)] if face_note(thing) else []
    if kind in FIGHTERS or kind == "building":
        tile.hp = as_opt_int(thing.get("hp"))
        tile.damage = as_int(thing.get("damage"))
    if kind in FIGHTERS:
        tile.atk = as_opt_int(thing.get("atk"))
        tile.armor = as_int(thing.get("armor"))
    if kind == "hero":
        level = as_int(thing.get("level"), 1)
        top = as_opt_int(thing.get("max_level"))
        mid = as_opt_int(thing.get("mid_level"))
        tile.level, tile.max_level, tile.mid_level = level, top, mid
        band = hero_band(level, mid, top)
        if top and level >= top:
            tile.type_line = f"Hero ★ MAX {level}/{top}"
        else:
            tile.type_line = f"Hero · level {level}" + (f"/{top}" if top else "")
        if band < 3:  # at max, the type line already says so
            text.append(f"Band {BAND_NUMERALS[band]}")
        if thing.get("max_at_turn_start") is True:
            tile.tags.append("ULTIMATE READY")
    elif kind == "unit":
        tech = as_opt_int(thing.get("tech"))
        tile.type_line = "Unit" + (f" · Tech {TECH_NUMERALS.get(tech, tech)}" if tech is not None else "")
    elif kind == "spell":
        tile.type_line = "Ongoing spell"
    else:
        tile.type_line = TYPE_NAMES.get(kind, kind.capitalize())
    if thing.get("arrived_this_turn") is True and kind in FIGHTERS:
        tile.tags.insert(0, "NEW")
    keywords = [str(k) for k in as_list(thing.get("keywords")) if str(k)]
    if keywords:
        words = ", ".join(keywords)
        text.append(words[0].upper() + words[1:])
    for extra in (runes_text(thing.get("runes")), marks_text(thing.get("marks"))):
        if extra:
            text.append(extra)
    links = [str(x) for x in as_list(thing.get("links"))]
    if links:
        text.append("with " + ", ".join(links))
    if isinstance(thing.get("caster"), str):
        text.append(f"cast by {thing['caster']}")
    lender = as_opt_int(thing.get("lent_by"))
    if lender is not None:
        text.append(f"lent by p{lender + 1}")
    elif owner is not None and controller is not None and owner != controller:
        text.append(f"owned by p{owner + 1}")
    tile.text = " · ".join(text)
    return tile


@dataclass(slots=True)
class _Area:
    seat: int
    data: Mapping[str, Any]
    slots: list[tuple[str, Mapping[str, Any] | None, str | None]]
    """(slot, thing in it, label the view named when the thing is not found)."""
    army: list[Mapping[str, Any]]
    footer: str
    army_rows: int = 1

    @property
    def name(self) -> str:
        return str(self.data.get("name") or f"p{self.seat + 1}")


def _areas(view: Mapping[str, Any], things: list[Mapping[str, Any]]) -> list[_Area]:
    by_label = {str(t.get("label")): t for t in things if t.get("label") is not None}
    areas: list[_Area] = []
    for index, raw in enumerate(as_list(view.get("players"))):
        player = as_map(raw)
        seat = as_int(player.get("seat"), index)
        patrol = as_map(player.get("patrol"))
        slot_names = list(patrol) if patrol else list(DEFAULT_SLOTS)
        slots: list[tuple[str, Mapping[str, Any] | None, str | None]] = []
        on_patrol: set[int] = set()
        for slot in slot_names:
            label = patrol.get(slot)
            thing = by_label.get(str(label)) if label is not None else None
            if thing is not None:
                on_patrol.add(id(thing))
            slots.append((slot, thing, str(label) if label is not None and thing is None else None))
        mine = [t for t in things if as_opt_int(t.get("controller")) == seat and id(t) not in on_patrol]
        order = {"hero": 0, "unit": 1, "token": 1, "upgrade": 2, "building": 3, "spell": 4}
        mine.sort(key=lambda t: (order.get(str(t.get("type")), 5), as_int(t.get("uid"))))
        areas.append(_Area(seat, player, slots, mine, _footer(player)))
    return areas


def _footer(player: Mapping[str, Any]) -> str:
    parts: list[str] = []
    command = [as_map(c) for c in as_list(player.get("command"))]
    if command:
        heroes = []
        for hero in command:
            label = str(hero.get("label") or "hero").split("#")[0]
            wait = as_int(hero.get("cooldown"))
            when = f"back in {wait} turn{'s' if wait != 1 else ''}" if wait else "ready to summon"
            heroes.append(f"{label} ({when})")
        parts.append("Command zone: " + ", ".join(heroes))
    future = [as_map(f) for f in as_list(player.get("future"))]
    if future:
        parts.append(
            "Forecast: "
            + ", ".join(f"{f.get('label', '?')} ({as_int(f.get('time_runes'))} time runes)" for f in future)
        )
    pick = player.get("tech_pick")
    if pick == "open":
        parts.append("Tech choice: not made yet")
    elif pick == "made":
        parts.append("Tech choice: made (secret)")
    spec = player.get("tech2_spec")
    if isinstance(spec, str) and spec:
        parts.append(f"Tech II spec: {spec.capitalize()}")
    removed = as_int(player.get("removed"))
    if removed:
        parts.append(f"Removed from the game: {removed}")
    if player.get("hired_this_turn") is True:
        parts.append("Hired a worker this turn")
    return " · ".join(parts)


# ------------------------------------------------------------------------------------------- layout


def _army_per_row(width: int) -> int:
    return max((width + TILE_GAP) // (TILE_W + TILE_GAP), 1)


def _content_width() -> int:
    return WIDTH - 2 * MARGIN - 2 * PANEL_PAD


def _slot_header_h(theme: Theme) -> int:
    return 2 * line_height(font(theme.font_small)) + 6


def _left_h(theme: Theme) -> int:
    return BASE_H + 8 + 2 * (ICON + 6) + 2 + 4 * (ROW_H + 5) - 5


def _row_a_h(theme: Theme) -> int:
    return max(_left_h(theme), _slot_header_h(theme) + TILE_H)


def _area_content_h(area: _Area, theme: Theme) -> int:
    heading = line_height(font(theme.font_body, "bold")) + 8
    per_row = _army_per_row(_content_width())
    rows = min(max((len(area.army) + per_row - 1) // per_row, 0), ARMY_ROWS)
    area.army_rows = rows
    army = rows * TILE_H + max(rows - 1, 0) * TILE_GAP if rows else line_height(font(theme.font_small))
    footer = text_lines_height(area.footer, _content_width(), theme, FOOTER_LINES) if area.footer else 0
    return _row_a_h(theme) + 16 + heading + army + (10 + footer if footer else 0)


def _top_h(theme: Theme) -> int:
    return line_height(font(theme.font_title, "bold")) + 28


def _status_h(theme: Theme, over: bool) -> int:
    return (line_height(font(theme.font_heading, "bold")) + 24) if over else (line_height(font(theme.font_body)) + 16)


def _last_turn_h(marks: _Highlights, theme: Theme) -> int:
    if not marks.present:
        return 0
    rows = max(min((len(marks.lines) + 1) // 2, LAST_TURN_LINES // 2), 1)
    return panel_height(rows * (line_height(font(theme.font_small)) + 4) - 4, theme)


# ------------------------------------------------------------------------------------------ drawing


def _status_text(view: Mapping[str, Any]) -> str:
    active = as_int(view.get("active"))
    to_move = [s for s in as_list(view.get("to_move")) if isinstance(s, int)]
    pending = as_map(view.get("pending"))
    combat = as_map(view.get("combat"))
    parts: list[str] = []
    phase = str(view.get("phase") or "")
    if pending:
        who = seat_name(view, as_int(pending.get("seat"), active))
        parts.append(f"{who} decides: {glyph_safe(pending.get('prompt', 'a choice'))}")
    elif phase == "await_tech":
        waiting = ", ".join(seat_name(view, s) for s in to_move) or seat_name(view, active)
        parts.append(f"Waiting for {waiting} to make a tech choice before the turn starts")
    else:
        turn = [s for s in as_list(view.get("turn_seats")) if isinstance(s, int)] or [active]
        who = " and ".join(seat_name(view, s) for s in turn)
        parts.append(f"{who}'s turn" + (" · main phase" if phase == "main" else ""))
    if combat:
        parts.append(f"Combat: {combat.get('attacker') or 'an attacker'} attacks {combat.get('target') or '?'}")
    turn_seats = [s for s in as_list(view.get("turn_seats")) if isinstance(s, int)] or [active]
    others = [s for s in to_move if s not in turn_seats and not pending]
    if others and phase != "await_tech":
        parts.append("tech choice owed by " + ", ".join(seat_name(view, s) for s in others))
    tied = [s for s in as_list(view.get("tiebreak")) if isinstance(s, int)]
    if tied and not view.get("result"):
        parts.append("tie-break: " + " and ".join(seat_name(view, s) for s in tied) + " take extra turns")
    return " · ".join(parts)


def _result_text(view: Mapping[str, Any]) -> str:
    result = as_map(view.get("result"))
    winners = [w for w in as_list(result.get("winners")) if isinstance(w, int)]
    who = " and ".join(seat_name(view, w) for w in winners)
    head = f"GAME OVER — {who} win{'s' if len(winners) == 1 else ''}" if winners else "GAME OVER — a draw"
    detail = result.get("detail") or result.get("reason")
    return head + (f" · {detail}" if detail else "")


def _draw_top(image: Image.Image, view: Mapping[str, Any], theme: Theme, areas: list[_Area]) -> int:
    height = _top_h(theme)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, image.width - 1, height - 1), fill=theme.panel_title)
    draw.line((0, height - 2, image.width - 1, height - 2), fill=theme.accent, width=3)
    over = bool(view.get("result"))
    active = as_int(view.get("active"))
    to_move = {s for s in as_list(view.get("to_move")) if isinstance(s, int)}
    x = image.width - MARGIN
    chips: list[tuple[int, str, bool]] = [
        (a.seat, a.name, not over and (a.seat == active or a.seat in to_move)) for a in areas
    ]
    chip_h = 32
    widths = []
    for seat, name, is_active in reversed(chips):
        scratch = Image.new("RGB", (320, chip_h))
        widths.append(draw_player_chip(scratch, (0, 0), seat, name, theme, active=is_active, max_width=220).w)
    for (seat, name, is_active), w in zip(reversed(chips), widths, strict=True):
        x -= w
        draw_player_chip(image, (x, (height - chip_h) // 2), seat, name, theme, active=is_active, max_width=220)
        x -= 10
    turn = as_opt_int(view.get("turn"))
    title = "Codex" + (f" · turn {turn}" if turn is not None else "")
    put_text(
        image,
        (MARGIN, height / 2),
        title,
        font(theme.font_title, "bold"),
        theme.text,
        anchor="lm",
        max_width=max(x - 2 * MARGIN, 0),
    )
    return height


def _draw_status(image: Image.Image, y: int, view: Mapping[str, Any], theme: Theme, marks: _Highlights) -> int:
    over = bool(view.get("result"))
    height = _status_h(theme, over)
    if over:
        winners = [w for w in as_list(as_map(view.get("result")).get("winners")) if isinstance(w, int)]
        colour = theme.player(winners[0]) if winners else theme.muted
        box = Box(MARGIN, y + 8, image.width - 2 * MARGIN, height - 8)
        ImageDraw.Draw(image).rounded_rectangle(box.xyxy, 10, fill=colour)
        put_text(
            image,
            box.center,
            _result_text(view),
            font(theme.font_heading, "bold"),
            contrast_text(colour),
            anchor="mm",
            max_width=box.w - 24,
        )
        return height + 8
    mid = y + height / 2 + 2
    legend_w = 0
    if marks.present:
        small = font(theme.font_small)
        text = "outlined = changed on the last turn"
        right = image.width - MARGIN
        tw = round(put_text(image, (right, mid), text, small, theme.muted, anchor="rm"))
        sq = Box(right - tw - 26, round(mid) - 9, 18, 18)
        ImageDraw.Draw(image).rounded_rectangle(sq.xyxy, 4, outline=theme.highlight, width=3)
        legend_w = tw + 40
    put_text(
        image,
        (MARGIN, mid),
        _status_text(view),
        font(theme.font_body, "bold"),
        theme.text,
        anchor="lm",
        max_width=image.width - 2 * MARGIN - legend_w,
    )
    return height


def _meter_colour(left: int, hp: int, seat: int, theme: Theme) -> RGB:
    """The seat's colour, or the danger colour at a quarter or less, like the kit's own meters."""
    return theme.danger if hp <= 0 or left * 4 <= hp else theme.player(seat)


def _building_row(
    image: Image.Image, box: Box, label: str, building: Mapping[str, Any] | None, theme: Theme, lit: bool, seat: int
) -> None:
    status = str((building or {}).get("status") or "none")
    small = font(theme.font_small)
    small_bold = font(theme.font_small, "bold")
    draw = ImageDraw.Draw(image)
    if status == "built":
        hp = as_int((building or {}).get("hp"), 1)
        damage = as_int((building or {}).get("damage"))
        meter(
            image,
            box,
            max(hp - damage, 0),
            hp,
            theme,
            theme.panel,
            label=label,
            colour=_meter_colour(hp - damage, hp, seat, theme),
        )
    elif status == "building":
        dashed_rect(image, box, theme.accent)
        put_text(
            image, (box.x + 10, box.center[1]), f"{label}: under construction", small_bold, theme.accent, anchor="lm"
        )
    elif status == "destroyed":
        draw.rounded_rectangle(box.xyxy, box.h // 2, outline=theme.danger, width=2)
        put_text(image, (box.x + 10, box.center[1]), f"✕ {label}: destroyed", small_bold, theme.danger, anchor="lm")
    else:
        dashed_rect(image, box, theme.border)
        put_text(image, (box.x + 10, box.center[1]), f"{label}: not built", small, theme.muted, anchor="lm")
    if lit:
        draw.rounded_rectangle(box.inset(-3).xyxy, box.h // 2 + 3, outline=theme.highlight, width=3)


def _draw_left(image: Image.Image, box: Box, area: _Area, theme: Theme, marks: _Highlights) -> None:
    p = area.data
    seat = area.seat
    y = box.y
    base = as_map(p.get("base"))
    hp = as_int(base.get("hp"), 20)
    damage = as_int(base.get("damage"))
    base_box = Box(box.x, y, box.w, BASE_H)
    meter(
        image,
        base_box,
        max(hp - damage, 0),
        hp,
        theme,
        theme.panel,
        label="Base",
        colour=_meter_colour(hp - damage, hp, seat, theme),
    )
    if f"{seat}:base" in marks.buildings:
        ImageDraw.Draw(image).rounded_rectangle(base_box.inset(-3).xyxy, 18, outline=theme.highlight, width=3)
    y += BASE_H + 8
    workers = as_int(p.get("workers"))
    economy = [("gold", as_int(p.get("gold")), "gold"), ("accent", workers, "workers")]
    draw_icon_row(image, (box.x, y), economy, theme, size=ICON)
    y += ICON + 6
    counts = [("cards", as_int(p.get(k)), k) for k in ("hand", "deck", "discard")]
    draw_icon_row(image, (box.x, y), counts, theme, size=ICON)
    y += ICON + 6 + 2
    tech = [as_map(b) for b in as_list(p.get("tech"))]
    spec = p.get("tech2_spec")
    for i, name in enumerate(("tech1", "tech2", "tech3")):
        building = next((b for b in tech if b.get("kind") == name), tech[i] if i < len(tech) else None)
        label = building_name(name)
        if name == "tech2" and isinstance(spec, str) and spec:
            label += f" ({spec.capitalize()})"
        _building_row(
            image, Box(box.x, y, box.w, ROW_H), label, building, theme, f"{seat}:{name}" in marks.buildings, seat
        )
        y += ROW_H + 5
    addon = p.get("addon")
    if isinstance(addon, Mapping):
        label = building_name(addon.get("kind"))
        if isinstance(addon.get("spec"), str):
            label += f" ({str(addon['spec']).capitalize()})"
        _building_row(image, Box(box.x, y, box.w, ROW_H), label, addon, theme, f"{seat}:addon" in marks.buildings, seat)
    else:
        _building_row(
            image, Box(box.x, y, box.w, ROW_H), "Add-on", None, theme, f"{seat}:addon" in marks.buildings, seat
        )


def _draw_patrol(
    image: Image.Image, box: Box, area: _Area, theme: Theme, marks: _Highlights, counts: Counter[str]
) -> None:
    small = font(theme.font_small)
    small_bold = font(theme.font_small, "bold")
    header = _slot_header_h(theme)
    for i, (slot, thing, missing) in enumerate(area.slots[:5]):
        x = box.x + i * (TILE_W + TILE_GAP)
        title = SLOT_TITLES.get(slot, slot.capitalize())
        put_text(image, (x + 2, box.y), title, small_bold, theme.text, max_width=TILE_W - 4)
        perk = SLOT_PERKS.get(slot)
        if perk:
            put_text(image, (x + 2, box.y + line_height(small) + 2), perk, small, theme.muted, max_width=TILE_W - 4)
        tile_box = Box(x, box.y + header, TILE_W, TILE_H)
        if thing is not None:
            draw_tile(image, tile_box, thing_tile(thing, counts, marks), theme)
        else:
            draw_empty_slot(image, tile_box, theme, missing or "empty")


def _draw_army(
    image: Image.Image, box: Box, area: _Area, theme: Theme, marks: _Highlights, counts: Counter[str]
) -> int:
    bold = font(theme.font_body, "bold")
    y = box.y
    heading = "In play, not patrolling"
    w = put_text(image, (box.x, y), heading, bold, theme.text)
    n = len(area.army)
    put_text(image, (box.x + w + 8, y + 2), f"({n})" if n else "", font(theme.font_small), theme.muted)
    y += line_height(bold) + 8
    if not area.army:
        put_text(image, (box.x, y), "Nothing else in play.", font(theme.font_small), theme.muted)
        return y + line_height(font(theme.font_small)) - box.y
    per_row = _army_per_row(box.w)
    capacity = per_row * area.army_rows
    shown = area.army if n <= capacity else area.army[: capacity - 1]
    for i, thing in enumerate(shown):
        row, col = divmod(i, per_row)
        tile_box = Box(box.x + col * (TILE_W + TILE_GAP), y + row * (TILE_H + TILE_GAP), TILE_W, TILE_H)
        draw_tile(image, tile_box, thing_tile(thing, counts, marks), theme)
    if len(shown) < n:
        i = len(shown)
        row, col = divmod(i, per_row)
        more = Box(box.x + col * (TILE_W + TILE_GAP), y + row * (TILE_H + TILE_GAP), TILE_W, TILE_H)
        dashed_rect(image, more, theme.border)
        put_text(image, more.center, f"+{n - i} more", font(theme.font_body, "bold"), theme.muted, anchor="mm")
    rows = area.army_rows
    return y + rows * TILE_H + (rows - 1) * TILE_GAP - box.y


def _draw_area(
    image: Image.Image, box: Box, area: _Area, view: Mapping[str, Any], theme: Theme, marks: _Highlights
) -> None:
    over = bool(view.get("result"))
    active = as_int(view.get("active"))
    to_move = {s for s in as_list(view.get("to_move")) if isinstance(s, int)}
    colour = theme.player(area.seat)
    heroes = ", ".join(str(h) for h in as_list(area.data.get("heroes")))
    specs = ", ".join(str(s).capitalize() for s in as_list(area.data.get("specs")) if s)
    title = area.name + (f" · {heroes}" if heroes else "") + (f" ({specs})" if specs else "")
    is_turn = not over and area.seat == active
    content = draw_panel(image, box, theme, title, accent=colour, outline=colour if is_turn else None)
    bar_mid = box.y + title_bar_height(theme) // 2
    tag_y = bar_mid - (line_height(font(theme.font_small, "bold")) + 6) // 2
    right = box.right - PANEL_PAD - 4
    winners = [w for w in as_list(as_map(view.get("result")).get("winners")) if isinstance(w, int)]
    if over and area.seat in winners:
        draw_tag(image, (right, tag_y), "★ WINNER", colour, theme, anchor="r")
    elif is_turn:
        draw_tag(image, (right, tag_y), "▶ THEIR TURN", colour, theme, anchor="r")
    elif not over and area.seat in to_move:
        draw_tag(image, (right, tag_y), "DECIDING", colour, theme, anchor="r")
    things = [as_map(t) for t in as_list(view.get("in_play"))]
    counts = _label_counts(things)
    left = Box(content.x, content.y, LEFT_W, _row_a_h(theme))
    _draw_left(image, left, area, theme, marks)
    patrol_x = content.right - (5 * TILE_W + 4 * TILE_GAP)
    _draw_patrol(image, Box(patrol_x, content.y, content.right - patrol_x, _row_a_h(theme)), area, theme, marks, counts)
    y = content.y + _row_a_h(theme) + 16
    used = _draw_army(image, Box(content.x, y, content.w, content.bottom - y), area, theme, marks, counts)
    y += used + 10
    if area.footer:
        wrapped(image, Box(content.x, y, content.w, content.bottom - y), area.footer, theme)


def _draw_last_turn(image: Image.Image, box: Box, view: Mapping[str, Any], marks: _Highlights, theme: Theme) -> None:
    who = seat_name(view, marks.seat) if marks.seat is not None else "?"
    title = f"Last turn · {who}" + (f" (turn {marks.turn})" if marks.turn is not None else "")
    accent = theme.player(marks.seat) if marks.seat is not None else None
    content = draw_panel(image, box, theme, title, accent=accent)
    small = font(theme.font_small)
    step = line_height(small) + 4
    lines = marks.lines or ["Nothing has happened yet."]
    if len(lines) > LAST_TURN_LINES:
        lines = [*lines[: LAST_TURN_LINES - 1], f"… and {len(lines) - LAST_TURN_LINES + 1} more"]
    rows = max((len(lines) + 1) // 2, 1)
    col_w = (content.w - 24) // 2
    for i, line in enumerate(lines):
        col, row = divmod(i, rows)
        x = content.x + col * (col_w + 24)
        put_text(image, (x, content.y + row * step), line, small, theme.text, max_width=col_w)


def draw_two_seats(data: Mapping[str, Any], theme: Theme) -> Image.Image:
    """The public board of a two-seat Codex match (1-hero and standard)."""
    marks = _highlights(data)
    things = [as_map(t) for t in as_list(data.get("in_play"))]
    areas = _areas(data, things)
    over = bool(data.get("result"))
    heights = [panel_height(_area_content_h(a, theme), theme) for a in areas]
    last_h = _last_turn_h(marks, theme)
    total = _top_h(theme) + _status_h(theme, over) + (8 if over else 0) + 4
    total += sum(h + GAP for h in heights) + (last_h + GAP if last_h else 0) + MARGIN - GAP
    image = new_canvas(WIDTH, max(total, 200), theme)
    y = _draw_top(image, data, theme, areas)
    y += _draw_status(image, y, data, theme, marks) + 4
    for area, height in zip(areas, heights, strict=True):
        _draw_area(image, Box(MARGIN, y, WIDTH - 2 * MARGIN, height), area, data, theme, marks)
        y += height + GAP
    if last_h:
        _draw_last_turn(image, Box(MARGIN, y, WIDTH - 2 * MARGIN, last_h), data, marks, theme)
    return image

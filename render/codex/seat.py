"""A seat's panel on the Codex boards, sized for the chat preview (see `render.codex.scale`): base HP, gold,
workers, ATK/HP and damage in key type, names and the rest smaller.

A panel is a title bar (seat, heroes, a turn tag), the seat's stats (base, gold, workers, buildings), one row
per card (the patrol zone first, each row tagged with its slot, then the rest in play) and a footer line
(hand, deck and discard, the command zone, the tech choice). The two-seat board puts the stats in a column
beside the patrol zone (`draw_wide`); the tables of three to five seats put them in a line above the rows
(`draw_compact`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render.codex.model import SLOT_TAGS, Row, Seat, winners
from render.codex.parts import (
    as_int,
    as_list,
    as_map,
    building_name,
    dashed_rect,
    draw_tag,
    meter,
    put_text,
    width_of,
)
from render.codex.scale import fnt, key_text, key_width, px, scaled
from render.fonts import font
from render.kit import (
    PANEL_PAD,
    Box,
    Font,
    blend,
    contrast_text,
    line_height,
    title_bar_height,
)
from render.theme import RGB, Theme

MARGIN = 4.0
GAP = 4.0
ROW_H = 19.5
SLIM_H = 16.0
ROW_GAP = 1.5
EMPTY_H = 11.0
TAG_W = 40.0
LABEL_H = 8.5
FOOT_H = 9.0
STATS_W = 80.0
STAT_LABEL = 6.5
STAT_H = 23.0
CHIP_H = 13.0
SMALL_STAT = 9.0


# ----------------------------------------------------------------------------------------------- stats


def stat(
    image: Image.Image, xy: tuple[int, int], label: str, value: str, theme: Theme, *, fill: RGB | None = None
) -> int:
    """A small caps label over a key number; returns the width taken."""
    x, y = xy
    small = fnt(STAT_LABEL, "bold")
    put_text(image, (x, y), label, small, theme.muted)
    top = y + px(STAT_LABEL + 2)
    drawn = key_text(image, x, top + px(7), value, fill or theme.text)
    return round(max(drawn, width_of(label, small)))


def small_stat(image: Image.Image, xy: tuple[int, int], label: str, value: int, theme: Theme) -> int:
    """A small caps label over a secondary number (hand, deck, discard); returns the width taken."""
    x, y = xy
    small = fnt(STAT_LABEL, "bold")
    put_text(image, (x, y), label, small, theme.muted)
    drawn = put_text(image, (x, y + px(STAT_LABEL + 1.5)), str(value), fnt(SMALL_STAT, "bold"), theme.text)
    return round(max(drawn, width_of(label, small)))


def danger(left: int, hp: int) -> bool:
    return hp <= 0 or left * 4 <= hp


def base_stat(
    image: Image.Image,
    xy: tuple[int, int],
    player: Mapping[str, Any],
    theme: Theme,
    *,
    label: str,
    lit: bool,
    seat: int,
) -> int:
    """BASE and its HP left out of its most, with a bar below; outlined when the last turn hit it."""
    base = as_map(player.get("base"))
    hp = as_int(base.get("hp"), 20)
    left = max(hp - as_int(base.get("damage")), 0)
    low = danger(left, hp)
    x, y = xy
    w = stat(image, (x, y), label, f"{left}/{hp}", theme, fill=theme.danger if low else None)
    w = max(w, px(44))
    bar = Box(x, y + px(STAT_H - 2.5), w, px(2.5))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(bar.xyxy, bar.h // 2, fill=theme.panel_title)
    if hp > 0 and left > 0:
        filled = Box(bar.x, bar.y, max(round(bar.w * left / hp), bar.h), bar.h)
        draw.rounded_rectangle(filled.xyxy, bar.h // 2, fill=theme.danger if low else theme.player(seat))
    if lit:
        outline = Box(x - px(2), y - px(1.5), w + px(4), px(STAT_H + 3))
        draw.rounded_rectangle(outline.xyxy, px(3), outline=theme.highlight, width=px(1.2))
    return w


def economy(image: Image.Image, xy: tuple[int, int], player: Mapping[str, Any], theme: Theme) -> int:
    """GOLD and WORKERS side by side; returns the x after them."""
    x, y = xy
    x += stat(image, (x, y), "GOLD", str(as_int(player.get("gold"))), theme) + px(7)
    x += stat(image, (x, y), "WORKERS", str(as_int(player.get("workers"))), theme)
    return x


BUILDING_SHORT = {"Heroes' Hall": "Hall", "Tech Lab": "Lab"}


def buildings(player: Mapping[str, Any], *, short: bool = False) -> list[tuple[str, str, Mapping[str, Any] | None]]:
    """(slot, label, building) for Tech I–III and the add-on."""
    tech = [as_map(b) for b in as_list(player.get("tech"))]
    out: list[tuple[str, str, Mapping[str, Any] | None]] = []
    for i, kind in enumerate(("tech1", "tech2", "tech3")):
        building = next((b for b in tech if b.get("kind") == kind), tech[i] if i < len(tech) else None)
        label = building_name(kind)
        out.append((kind, label.removeprefix("Tech ") if short else label, building))
    addon = as_map(player.get("addon"))
    label = building_name(addon.get("kind")) if addon else "Add-on"
    out.append(("addon", BUILDING_SHORT.get(label, label) if short else label, addon or None))
    return out


def building_chip(
    image: Image.Image, box: Box, label: str, building: Mapping[str, Any] | None, theme: Theme, *, lit: bool, seat: int
) -> None:
    status = str((building or {}).get("status") or "none")
    small = fnt(7, "bold")
    if status == "built":
        hp = as_int((building or {}).get("hp"), 1)
        left = max(hp - as_int((building or {}).get("damage")), 0)
        colour = theme.danger if danger(left, hp) else theme.player(seat)
        meter(image, box, left, hp, scaled(theme), theme.panel, label=label, colour=colour)
    else:
        colour = {"building": theme.accent, "destroyed": theme.danger}.get(status, theme.border)
        building_text = f"⚒ {label}" if len(label) <= 3 else f"{label}: building"
        text = {"building": building_text, "destroyed": f"✕ {label}"}.get(status, f"{label} —")
        dashed_rect(image, box, colour, dash=px(3), gap=px(2), width=max(px(0.6), 2))
        ink = theme.muted if status == "none" else colour
        put_text(image, box.center, text, small, ink, anchor="mm", max_width=box.w - px(4))
    if lit:
        ImageDraw.Draw(image).rounded_rectangle(
            box.inset(-px(1.2)).xyxy, box.h // 2 + px(1.2), outline=theme.highlight, width=px(1.2)
        )


def building_chips(
    image: Image.Image, box: Box, seat: int, player: Mapping[str, Any], theme: Theme, lit: set[str], *, columns: int
) -> int:
    """The four building chips in `columns` columns inside `box`; returns the height used."""
    gap = px(3)
    h = px(CHIP_H)
    # In one line the add-on gets more room: its name is longer than "III".
    weights = [1.0, 1.0, 1.0, 1.6] if columns == 4 else [1.0] * columns
    unit = (box.w - (columns - 1) * gap) / sum(weights)
    rows = 0
    for i, (kind, label, building) in enumerate(buildings(player, short=columns >= 4)):
        r, c = divmod(i, columns)
        rows = r + 1
        x = box.x + round(sum(weights[:c]) * unit) + c * gap
        chip = Box(x, box.y + r * (h + gap), round(weights[c] * unit), h)
        building_chip(image, chip, label, building, theme, lit=f"{seat}:{kind}" in lit, seat=seat)
    return rows * h + (rows - 1) * gap


# ------------------------------------------------------------------------------------------------- rows


def row_height(row: Row | None, *, slim: bool = False) -> int:
    return px(EMPTY_H if row is None else SLIM_H if slim else ROW_H)


def draw_row(image: Image.Image, box: Box, row: Row, theme: Theme, *, slim: bool = False) -> None:
    """One card: owner strip, slot tag, name (over a short line unless `slim`), then ATK/HP and a "−N" pill
    for the damage it has taken, both in key type. An exhausted card is faded, all but its numbers: it can
    still be attacked."""
    draw = ImageDraw.Draw(image)
    fill = theme.highlight_fill if row.highlight else theme.card

    # An exhausted card is drawn faded rather than composited: the same look, without a crop and a blend.
    def fade(colour: RGB) -> RGB:
        return blend(colour, theme.panel, 0.45) if row.exhausted else colour

    ink, muted = fade(theme.text), fade(theme.muted)
    radius = px(3)
    draw.rounded_rectangle(box.xyxy, radius, fill=fade(fill), outline=fade(theme.card_border), width=1)
    if row.owner is not None:
        strip = (box.x, box.y, box.x + px(2.5), box.bottom - 1)
        draw.rounded_rectangle(strip, radius, fill=fade(theme.player(row.owner)))
    x = box.x + px(5)
    cy = box.y + box.h / 2
    if row.slot is not None:
        tag = SLOT_TAGS.get(row.slot, row.slot.upper())
        put_text(image, (x, cy), tag, fnt(6, "bold"), muted, anchor="lm", max_width=px(TAG_W - 6))
        x = box.x + px(TAG_W)
    damage = str(row.damage) if row.damage and row.hp is not None else ""
    stats = f"{row.atk}/{row.hp}" if row.fighter and row.atk is not None and row.hp is not None else ""
    building = f"{max((row.hp or 0) - row.damage, 0)}/{row.hp} HP" if row.hp is not None and not stats else ""
    right = box.right - px(3)
    if damage:
        right -= damage_width(damage) + px(3)
    if stats:
        right -= round(key_width(stats)) + px(3)
    if building:
        right -= round(width_of(building, fnt(8, "bold"))) + px(3)
    room = max(right - x, 0)
    name = name_font(row.name, room)
    if slim:
        shown = ("↷ " if row.exhausted else "") + row.name
        used = put_text(image, (x, cy), shown, name, ink, anchor="lm", max_width=room)
        if row.level and used + px(14) < room:
            put_text(image, (x + used + px(3), cy), row.level, fnt(6.5, "bold"), muted, anchor="lm")
    else:
        put_text(image, (x, box.y + px(9)), row.name, name, ink, anchor="ls", max_width=room)
        if row.info:
            put_text(image, (x, box.y + px(16.5)), row.info, fnt(6.5), muted, anchor="ls", max_width=room)
    x = box.right - px(3)
    if damage:
        x = damage_pill(image, x, cy, damage, theme) - px(3)
    if stats:
        key_text(image, x, cy, stats, theme.text, anchor="r")
    elif building:
        put_text(image, (x, cy), building, fnt(8, "bold"), theme.text, anchor="rm")
    if row.highlight:
        draw.rounded_rectangle(box.inset(-px(0.6)).xyxy, radius + 1, outline=theme.highlight, width=px(1.2))


MINUS = 9.0
"""The damage pill's minus sign, smaller than its digits: a key-size "−" is as wide as a digit and a half."""


def damage_width(digits: str) -> int:
    return round(width_of("−", fnt(MINUS, "bold")) + key_width(digits)) + px(5)


def damage_pill(image: Image.Image, right: int, cy: float, digits: str, theme: Theme) -> int:
    """ "−2" in white on the danger colour, its right edge at `right`: the damage a card has taken, its digits in
    key type. Returns the pill's left edge."""
    w = damage_width(digits)
    pill = Box(right - w, round(cy - px(7.5)), w, px(15))
    ImageDraw.Draw(image).rounded_rectangle(pill.xyxy, px(4), fill=theme.danger)
    ink = contrast_text(theme.danger)
    x = pill.x + px(2.5)
    x += round(put_text(image, (x, cy), "−", fnt(MINUS, "bold"), ink, anchor="lm"))
    key_text(image, x, cy, digits, ink)
    return pill.x


NAME_SIZES = (8.0, 7.5, 7.0)
"""A card's name is drawn at the first of these sizes it fits at (then cut): "Blademaster#1" keeps its number."""


def name_font(name: str, room: int) -> Font:
    for size in NAME_SIZES:
        face = fnt(size, "bold")
        if width_of(name, face) <= room:
            return face
    return face


def draw_empty(image: Image.Image, box: Box, slot: str, theme: Theme) -> None:
    dashed_rect(image, box, theme.border, dash=px(3), gap=px(2), width=max(px(0.6), 2))
    cy = box.center[1]
    put_text(image, (box.x + px(5), cy), SLOT_TAGS.get(slot, slot.upper()), fnt(6, "bold"), theme.muted, anchor="lm")
    put_text(image, (box.x + px(TAG_W), cy), "empty", fnt(6.5), theme.muted, anchor="lm")


def draw_more(image: Image.Image, box: Box, rows: Sequence[Row], theme: Theme) -> None:
    """The cards that did not fit, named in one muted line."""
    dashed_rect(image, box, theme.border, dash=px(3), gap=px(2), width=max(px(0.6), 2))
    text = f"+{len(rows)} more: " + ", ".join(r.name for r in rows)
    put_text(
        image, (box.x + px(5), box.center[1]), text, fnt(7, "bold"), theme.muted, anchor="lm", max_width=box.w - px(8)
    )


def section_label(image: Image.Image, xy: tuple[int, int], text: str, theme: Theme) -> int:
    put_text(image, xy, text, fnt(6.5, "bold"), theme.muted)
    return px(LABEL_H)


def draw_grid(image: Image.Image, box: Box, rows: Sequence[Row], theme: Theme, *, columns: int, slim: bool) -> None:
    """`rows` down `columns` columns of `box`, filling each row of the grid left to right; the last cell names
    those that do not fit."""
    gap = px(ROW_GAP)
    h = row_height(rows[0] if rows else None, slim=slim) if rows else px(ROW_H)
    col_gap = px(4)
    per_column = max((box.h + gap) // (h + gap), 0)
    if len(rows) <= per_column:
        columns = 1  # a few cards get whole-width rows: their names need not be cut
    w = (box.w - (columns - 1) * col_gap) // columns
    cells = per_column * columns
    shown = list(rows) if len(rows) <= cells else list(rows[: max(cells - 1, 0)])
    for i, row in enumerate([*shown, None] if len(shown) < len(rows) else shown):
        r, c = divmod(i, columns)
        cell = Box(box.x + c * (w + col_gap), box.y + r * (h + gap), w, h)
        if row is None:
            draw_more(image, cell, rows[len(shown) :], theme)
        else:
            draw_row(image, cell, row, theme, slim=slim)


def draw_patrol(image: Image.Image, box: Box, seat: Seat, theme: Theme) -> int:
    """The five patrol slots down `box` (empty ones thin); returns the height used."""
    y = box.y + section_label(image, (box.x, box.y), "PATROL ZONE", theme)
    gap = px(ROW_GAP)
    for slot, row in seat.patrol:
        h = row_height(row)
        if row is None:
            draw_empty(image, Box(box.x, y, box.w, h), slot, theme)
        else:
            draw_row(image, Box(box.x, y, box.w, h), row, theme)
        y += h + gap
    return y - gap - box.y


# ------------------------------------------------------------------------------------------------ panels


def panel(image: Image.Image, box: Box, seat: Seat, view: Mapping[str, Any], theme: Theme, title: str) -> Box:
    """The seat's panel and title bar with its tag (their turn, deciding, winner); returns the content box."""
    over = bool(view.get("result"))
    turn = {s for s in as_list(view.get("turn_seats")) if isinstance(s, int)} or {as_int(view.get("active"))}
    to_move = {s for s in as_list(view.get("to_move")) if isinstance(s, int)}
    colour = theme.player(seat.seat)
    on_turn = not over and seat.seat in turn
    themed = scaled(theme)
    tag = ""
    if over and seat.seat in winners(view):
        tag = "★ WINNER"
    elif on_turn and seat.data.get("ended") is True:
        tag = "ENDED"
    elif on_turn:
        tag = "▶ THEIR TURN"
    elif not over and seat.seat in to_move:
        tag = "DECIDING"
    tag_w = round(width_of(tag, font(themed.font_small, "bold"))) + px(10) if tag else 0
    content = titled_panel(image, box, theme, title, accent=colour, outline=colour if on_turn else None, right=tag_w)
    if tag:
        bar = title_bar_height(themed)
        tag_h = line_height(font(themed.font_small, "bold")) + 6
        draw_tag(image, (box.right - px(5), box.y + (bar - tag_h) // 2), tag, colour, themed, anchor="r")
    return content


def titled_panel(
    image: Image.Image,
    box: Box,
    theme: Theme,
    title: str,
    *,
    accent: RGB | None = None,
    outline: RGB | None = None,
    right: int = 0,
) -> Box:
    """`kit.draw_panel` at this scale, its title from cached text (a board draws several): a rounded panel, a
    title bar with a colour dot, `right` pixels kept free at the bar's right; returns the content box."""
    themed = scaled(theme)
    draw = ImageDraw.Draw(image)
    radius = px(3.5)
    draw.rounded_rectangle(box.xyxy, radius, fill=theme.panel, outline=theme.border, width=1)
    bar_h = title_bar_height(themed)
    bar = Box(box.x + 1, box.y + 1, box.w - 2, bar_h - 1)
    draw.rounded_rectangle(bar.xyxy, radius - 1, fill=theme.panel_title, corners=(True, True, False, False))
    draw.line((bar.x, bar.bottom, bar.right - 1, bar.bottom), fill=theme.border, width=1)
    x = bar.x + PANEL_PAD
    mid = bar.y + bar.h / 2
    if accent is not None:
        dot = px(5.5)
        draw.ellipse((x, mid - dot / 2, x + dot, mid + dot / 2), fill=accent, outline=contrast_text(theme.panel_title))
        x += dot + px(2.5)
    heading = font(themed.font_heading, "bold")
    put_text(image, (x, mid), title, heading, theme.text, anchor="lm", max_width=bar.right - PANEL_PAD - right - x)
    if outline is not None:
        draw.rounded_rectangle(box.xyxy, radius, outline=outline, width=px(2))
    top = box.y + bar_h
    return Box(box.x + PANEL_PAD, top + PANEL_PAD, box.w - 2 * PANEL_PAD, box.bottom - top - 2 * PANEL_PAD)


def footer_line(image: Image.Image, box: Box, text: str, theme: Theme) -> None:
    if text:
        put_text(image, (box.x, box.y), text, fnt(7), theme.muted, max_width=box.w)


@dataclass(frozen=True, slots=True)
class Panel:
    """What a seat's panel shows besides its rows."""

    seat: Seat
    view: Mapping[str, Any]
    theme: Theme
    lit: set[str]
    """Buildings the last turn changed ("seat:slot")."""
    title: str
    foot: str
    base_label: str = "BASE"


def draw_wide(image: Image.Image, box: Box, spec: Panel) -> None:
    """The two-seat board's panel: the stats in a column beside the patrol zone, everything else in play in
    two columns below them, and a footer line."""
    seat, theme, lit = spec.seat, spec.theme, spec.lit
    content = panel(image, box, seat, spec.view, theme, spec.title)
    stats_w = px(STATS_W)
    x, y = content.x, content.y
    p = seat.data
    base_stat(image, (x, y), p, theme, label=spec.base_label, lit=f"{seat.seat}:base" in lit, seat=seat.seat)
    y += px(STAT_H + 5)
    economy(image, (x, y), p, theme)
    y += px(STAT_H + 5)
    y += building_chips(image, Box(x, y, stats_w, px(CHIP_H)), seat.seat, p, theme, lit, columns=1)
    rows_x = content.x + stats_w + px(6)
    patrol_h = draw_patrol(image, Box(rows_x, content.y, content.right - rows_x, content.h), seat, theme)
    y = max(y, content.y + patrol_h) + px(4)
    foot_h = px(FOOT_H)
    count = len(seat.army)
    y += section_label(image, (content.x, y), f"ALSO IN PLAY ({count})" if count else "NOTHING ELSE IN PLAY", theme)
    army = Box(content.x, y, content.w, content.bottom - foot_h - px(2) - y)
    draw_grid(image, army, seat.army, theme, columns=2, slim=False)
    footer_line(image, Box(content.x, content.bottom - foot_h + px(1), content.w, foot_h), spec.foot, theme)


def draw_compact(image: Image.Image, box: Box, spec: Panel) -> None:
    """A table's panel: base, gold and workers in a line, the buildings below, then one slim row per card
    (patrollers first, tagged with their slot) and a footer."""
    seat, theme, lit = spec.seat, spec.theme, spec.lit
    content = panel(image, box, seat, spec.view, theme, spec.title)
    p = seat.data
    x, y = content.x, content.y
    shared = as_map(p.get("base")).get("shared_with")
    home = shared if isinstance(shared, int) else seat.seat
    x += base_stat(image, (x, y), p, theme, label=spec.base_label, lit=f"{home}:base" in lit, seat=seat.seat) + px(8)
    economy(image, (x, y), p, theme)
    y += px(STAT_H + 4)
    y += building_chips(image, Box(content.x, y, content.w, px(CHIP_H)), seat.seat, p, theme, lit, columns=4) + px(4)
    foot_h = px(FOOT_H)
    rows = [row for _, row in seat.patrol if row is not None] + seat.army
    draw_grid(
        image, Box(content.x, y, content.w, content.bottom - foot_h - px(2) - y), rows, theme, columns=1, slim=True
    )
    footer_line(image, Box(content.x, content.bottom - foot_h + px(1), content.w, foot_h), spec.foot, theme)


def cards_line(player: Mapping[str, Any]) -> str:
    """ "hand 3 · deck 5 · discard 4", for panels without room for the small stats."""
    return " · ".join(f"{label} {as_int(player.get(label))}" for label in ("hand", "deck", "discard"))

"""Fallback board for games without a renderer of their own.

It draws any JSON-like view: a title bar, the top-level scalar fields in an overview grid, one panel
per seat when the view has a "seats" or "players" list of dicts, and a panel for every other list or
dict field. Nesting, length and image height are all capped, so a view can be as deep, long or odd
as it likes: the board gets an ellipsis or a "… N more" line, never an exception or a giant image.

Like every board it is laid out for the chat preview (see `render.kit.PreviewScale`): landscape, so the
whole of it shows, and the numbers of the overview and of each seat (a score, gold, HP), the ones most
likely to decide a turn, are drawn as key numbers above the panel's text, as is the seat to move.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Literal

from PIL import Image, ImageDraw

from render.fonts import font
from render.kit import (
    ELLIPSIS,
    LINE_SPACING,
    MAX_TEXT_CHARS,
    PANEL_PAD,
    Box,
    Font,
    PreviewScale,
    contrast_text,
    draw_panel,
    draw_text,
    fit_lines,
    line_height,
    new_canvas,
    panel_height,
    text_box_height,
    text_width,
    truncate,
)
from render.theme import RGB, Theme

WIDTH = 1600
SCALE = PreviewScale(WIDTH)
MAX_HEIGHT = SCALE.max_height
"""Never taller than this, so the board is landscape and shows whole in the chat preview."""
MIN_HEIGHT = 200
MARGIN = SCALE.px(6)
GAP = SCALE.px(4)
INDENT = SCALE.px(6)
MAX_STATS = 8
"""Numbers of a panel drawn as key numbers; the rest stay in its text."""
MAX_STAT_CHARS = 7

MAX_PANEL_LINES = 24
MAX_FIELDS = 60
"""Fields of one dict listed before the rest are summed up; the panel line cap usually bites first."""
MAX_ITEMS = 12
MAX_SEATS = 6
MAX_SECTIONS = 40
"""Panels laid out before the height cap is even considered; more than fit in MAX_HEIGHT anyway."""
ENTRY_LINES = 3
INLINE_CHARS = 240
INLINE_DEPTH = 3
SHORT_ITEM = 24

SEAT_KEYS = ("seats", "players")
NAME_KEYS = ("name", "player", "display_name", "username", "nick", "title", "id")
ACTIVE_KEYS = ("active", "active_seat", "current", "current_seat", "current_player", "to_move", "turn_seat")

Style = Literal["label", "value", "head", "muted"]

# --------------------------------------------------------------------------------------- formatting


def _is_scalar(value: object) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _scalar(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        try:
            return str(value)
        except ValueError:
            # Python refuses to print integers of thousands of digits; nobody could read one anyway.
            return "(huge number)"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        text = value[: MAX_TEXT_CHARS + 1]
        return text if text.strip() else '""'
    try:
        return str(value)[: MAX_TEXT_CHARS + 1]
    except Exception:
        return f"<{type(value).__name__}>"


def _key(key: object) -> str:
    return _scalar(key).replace("_", " ")


def _as_items(value: object) -> list[Any] | None:
    if isinstance(value, list | tuple):
        return list(value)
    return None


def _name_of(mapping: Mapping[Any, Any]) -> tuple[str, str] | None:
    """(key, name) for the first scalar name-like field, used to lead a summary or title a panel."""
    for key in NAME_KEYS:
        value = mapping.get(key)
        if value is not None and _is_scalar(value) and not isinstance(value, bool):
            return key, _scalar(value)
    return None


def _inline(value: object, depth: int = 0) -> str:
    """A one-line summary of any value, bounded in depth and (roughly) in length."""
    if _is_scalar(value):
        return _scalar(value)
    items = _as_items(value)
    if depth >= INLINE_DEPTH:
        if isinstance(value, Mapping):
            return "{…}"
        return f"[{len(items)} items]" if items is not None else ELLIPSIS
    parts: list[str] = []
    if isinstance(value, Mapping):
        named = _name_of(value)
        pairs = ((k, v) for k, v in value.items() if named is None or k != named[0])
        shown = len(value) - (1 if named is not None else 0)
        _fill(parts, (f"{_key(k)}: {_inline(v, depth + 1)}" for k, v in pairs), shown)
        body = ", ".join(parts)
        if named is not None:
            return f"{named[1]} ({body})" if body else named[1]
        return body if depth == 0 else "{" + body + "}"
    if items is not None:
        _fill(parts, (_inline(v, depth + 1) for v in items), len(items))
        body = ", ".join(parts)
        return body if depth == 0 else f"[{body}]"
    return _scalar(value)


def _fill(parts: list[str], source: Iterable[str], total: int) -> None:
    """Take parts from `source` until INLINE_CHARS is reached, noting how many were left out."""
    length = 0
    taken = 0
    for part in source:
        parts.append(part)
        taken += 1
        length += len(part) + 2
        if length > INLINE_CHARS:
            break
    if taken < total:
        parts.append(f"… {total - taken} more")


@dataclass(frozen=True, slots=True)
class _Row:
    label: str
    value: str
    indent: int = 0


def _rows_for_mapping(mapping: Mapping[Any, Any], depth: int = 0, skip: Sequence[object] = ()) -> list[_Row]:
    rows: list[_Row] = []
    fields = [(k, v) for k, v in islice(mapping.items(), MAX_FIELDS + len(skip)) if k not in skip]
    for key, value in fields[:MAX_FIELDS]:
        rows.extend(_rows_for_field(_key(key), value, depth))
    hidden = len(mapping) - len(skip) - min(len(fields), MAX_FIELDS)
    if hidden > 0:
        rows.append(_Row("", f"… {hidden} more fields", depth))
    return rows


def _rows_for_field(label: str, value: object, depth: int) -> list[_Row]:
    if _is_scalar(value):
        return [_Row(label, _scalar(value), depth)]
    items = _as_items(value)
    if items is not None:
        if not items:
            return [_Row(label, "none", depth)]
        if _short_scalars(items):
            return [_Row(f"{label} ({len(items)})", _inline(items), depth)]
        rows = [_Row(f"{label} ({len(items)})", "", depth)]
        rows.extend(_item_rows(items, depth + 1))
        return rows
    if isinstance(value, Mapping):
        if not value:
            return [_Row(label, "none", depth)]
        if depth == 0:
            return [_Row(label, "", depth), *_rows_for_mapping(value, depth + 1)]
        return [_Row(label, _inline(value), depth)]
    return [_Row(label, _scalar(value), depth)]


def _short_scalars(items: Sequence[object]) -> bool:
    """Lists of short scalars (tags, names) read best joined on a line; longer ones as bullets."""
    return all(_is_scalar(v) and len(_scalar(v)) <= SHORT_ITEM for v in items)


def _item_rows(items: Sequence[object], depth: int) -> list[_Row]:
    rows = [_Row("•", _inline(item), depth) for item in items[:MAX_ITEMS]]
    if len(items) > MAX_ITEMS:
        rows.append(_Row("", f"… {len(items) - MAX_ITEMS} more", depth))
    return rows


# ------------------------------------------------------------------------------------------- layout


@dataclass(frozen=True, slots=True)
class _Seg:
    x: int
    text: str
    style: Style


_Line = list[_Seg]


@dataclass(slots=True)
class _Panel:
    title: str
    lines: list[_Line]
    accent: RGB | None = None
    note: str | None = None
    active: bool = False
    stats: list[list[tuple[int, str, str]]] = field(default_factory=list)
    """Key numbers above the text, in lines of (x, label, number)."""

    def height(self, theme: Theme) -> int:
        text = text_box_height(len(self.lines), font(theme.font_body))
        return panel_height(_stats_height(self.stats) + text, theme)

    def cap(self, max_lines: int) -> None:
        """Keep at most `max_lines` lines (at least one), the last saying that more was cut."""
        if len(self.lines) <= max_lines:
            return
        keep = max(max_lines - 1, 0)
        self.lines = [*self.lines[:keep], [_Seg(0, "… more not shown (image height limit)", "muted")]]


@dataclass(slots=True)
class _Band:
    """A row of equally tall panels side by side."""

    panels: list[_Panel]
    columns: int
    heights: list[int] = field(default_factory=list)


def _is_number(value: object) -> bool:
    """A finite number short enough to be a key number ("12", "3.5"; not 1e300 or a thousand digits)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    text = _scalar(value)
    return len(text) <= MAX_STAT_CHARS and text not in ("nan", "inf", "-inf")


def _split_numbers(pairs: Iterable[tuple[object, object]]) -> tuple[list[tuple[str, str]], set[object]]:
    """The first MAX_STATS numeric fields as (label, number), and their keys."""
    stats: list[tuple[str, str]] = []
    keys: set[object] = set()
    for key, value in pairs:
        if len(stats) >= MAX_STATS:
            break
        if _is_number(value):
            try:
                keys.add(key)
            except TypeError:  # an unhashable key cannot be skipped later; leave it in the text
                continue
            stats.append((_key(key), _scalar(value)))
    return stats, keys


def _stat_font() -> Font:
    return SCALE.key_font()


def _stat_lines(stats: list[tuple[str, str]], width: int, theme: Theme) -> list[list[tuple[int, str, str]]]:
    """Stat blocks (a small label over a key number) left to right, wrapping at `width`."""
    small = font(theme.font_small, "bold")
    gap = SCALE.px(10)
    lines: list[list[tuple[int, str, str]]] = []
    x = 0
    for label, value in stats:
        label = truncate(label.upper(), small, width // 2)
        w = math.ceil(max(text_width(label, small), text_width(value, _stat_font())))
        if not lines or (x + w > width and x > 0):
            lines.append([])
            x = 0
        lines[-1].append((x, label, value))
        x += w + gap
    return lines


def _stats_height(lines: list[list[tuple[int, str, str]]]) -> int:
    return len(lines) * SCALE.px(STAT_LINE)


STAT_LINE = 26.0
"""Preview pixels per line of stat blocks: a label, a key number and a gap."""


def _draw_stats(image: Image.Image, box: Box, lines: list[list[tuple[int, str, str]]], theme: Theme) -> int:
    small = font(theme.font_small, "bold")
    y = box.y
    for line in lines:
        for x, label, value in line:
            draw_text(image, (box.x + x, y), label, small, theme.muted)
            baseline = y + line_height(small) + SCALE.px(13)
            draw_text(image, (box.x + x, baseline), value, _stat_font(), theme.text, anchor="ls", key=True)
        y += SCALE.px(STAT_LINE)
    return y - box.y


def _row_lines(row: _Row, width: int, theme: Theme) -> list[_Line]:
    body = font(theme.font_body)
    x = row.indent * INDENT
    room = max(width - x, 1)
    if not row.value:
        return [[_Seg(x, truncate(row.label, font(theme.font_body, "bold"), room), "head")]]
    label = ""
    value_x = x
    if row.label:
        label = truncate(f"{row.label}:" if row.label != "•" else row.label, body, room * 0.45)
        value_x = x + math.ceil(text_width(label + " ", body))
    values = fit_lines(row.value, body, max(width - value_x, 1), ENTRY_LINES) or [""]
    style: Style = "muted" if not row.label and row.value.startswith(ELLIPSIS) else "value"
    lines: list[_Line] = [[_Seg(x, label, "label"), _Seg(value_x, values[0], style)]]
    lines.extend([_Seg(value_x, more, style)] for more in values[1:])
    return lines


def _rows_to_lines(
    rows: Sequence[_Row], width: int, theme: Theme, max_lines: int = MAX_PANEL_LINES, unlisted: int = 0
) -> list[_Line]:
    """Typeset rows in at most `max_lines` lines; rows that do not fit are counted, not drawn.

    `unlisted` counts entries the caller never turned into rows, so the "more" count stays true.
    """
    lines: list[_Line] = []
    for index, row in enumerate(rows):
        row_lines = _row_lines(row, width, theme)
        # Leave room for the "more" line unless nothing follows this row.
        last = index == len(rows) - 1 and not unlisted
        if len(lines) + len(row_lines) > (max_lines if last else max_lines - 1):
            return [*lines, _more_line(len(rows) - index + unlisted)]
        lines.extend(row_lines)
    if unlisted:
        lines.append(_more_line(unlisted))
    return lines


def _more_line(count: int) -> _Line:
    return [_Seg(0, f"… {count} more entries", "muted")]


def _overview_lines(scalars: list[tuple[str, str]], unlisted: int, width: int, theme: Theme) -> list[_Line]:
    """Short fields three to a line; fields too long for a column get full-width wrapped rows."""
    body = font(theme.font_body)
    columns = 3
    col_gap = 16
    col_w = (width - col_gap * (columns - 1)) // columns
    short: list[tuple[str, str]] = []
    long: list[_Row] = []
    for label, value in scalars:
        if text_width(f"{label}: {value}", body) <= col_w:
            short.append((label, value))
        else:
            long.append(_Row(label, value))
    grid: list[_Line] = []
    for start in range(0, len(short), columns):
        line: _Line = []
        for col, (label, value) in enumerate(short[start : start + columns]):
            x = col * (col_w + col_gap)
            line.append(_Seg(x, f"{label}:", "label"))
            line.append(_Seg(x + math.ceil(text_width(f"{label}: ", body)), value, "value"))
        grid.append(line)
    if len(grid) > MAX_PANEL_LINES or (len(grid) >= MAX_PANEL_LINES and (long or unlisted)):
        keep = MAX_PANEL_LINES - 1
        return [*grid[:keep], _more_line(len(short) - keep * columns + len(long) + unlisted)]
    return grid + _rows_to_lines(long, width, theme, MAX_PANEL_LINES - len(grid), unlisted)


def _active_index(view: Mapping[Any, Any]) -> int | None:
    return next((v for k in ACTIVE_KEYS if isinstance(v := view.get(k), int) and not isinstance(v, bool)), None)


def _seat_number(seat: Mapping[Any, Any], index: int) -> int:
    number = seat.get("seat")
    return number if isinstance(number, int) and not isinstance(number, bool) and 0 <= number < 100 else index


def _seat_title(seat: Mapping[Any, Any], seat_no: int) -> str:
    named = _name_of(seat)
    return named[1] if named is not None else f"Seat {seat_no + 1}"


def _seat_panels(seats: list[Mapping[Any, Any]], view: Mapping[Any, Any], width: int, theme: Theme) -> list[_Panel]:
    active_index = _active_index(view)
    panels: list[_Panel] = []
    for index, seat in enumerate(seats[:MAX_SEATS]):
        seat_no = _seat_number(seat, index)
        named = _name_of(seat)
        active = seat.get("active") is True or active_index == seat_no
        note = ("▶ to move · " if active else "") + f"seat {seat_no + 1}"
        numbers, taken = _split_numbers(seat.items())
        skip: list[object] = [named[0]] if named is not None else []
        rows = _rows_for_mapping(seat, 0, [*skip, *taken])
        if not rows and not numbers:
            rows = [_Row("", "(nothing to show)")]
        stats = _stat_lines(numbers, width, theme)
        title = _seat_title(seat, seat_no)
        panels.append(_Panel(title, _rows_to_lines(rows, width, theme), theme.player(seat_no), note, active, stats))
    return panels


def _columns_for(count: int) -> int:
    return {1: 1, 2: 2, 4: 2}.get(count, 3)


def _panel_width(columns: int) -> int:
    return (WIDTH - 2 * MARGIN - GAP * (columns - 1)) // columns


def _content_width(columns: int) -> int:
    return _panel_width(columns) - 2 * PANEL_PAD


def _seat_key(view: Mapping[Any, Any]) -> object | None:
    """The field holding the seats: the first of SEAT_KEYS that is a non-empty list of dicts."""
    return next(
        (k for k in SEAT_KEYS if (items := _as_items(view.get(k))) and all(isinstance(s, Mapping) for s in items)),
        None,
    )


def _scalar_items(view: Mapping[Any, Any]) -> list[tuple[Any, Any]]:
    """The first 200 scalar fields of `view`; only these are formatted, the rest are counted."""
    return list(islice(((k, v) for k, v in view.items() if _is_scalar(v)), 200))


def _bands(view: Mapping[Any, Any], theme: Theme) -> tuple[list[_Band], int]:
    """The board's panels in rows, and how many sections were not even laid out."""
    # Only the first fields are formatted; the rest are counted so the board can say what it left out.
    scalar_count = sum(1 for v in view.values() if _is_scalar(v))
    scalars = [(_key(k), _scalar(v)) for k, v in _scalar_items(view)]
    composite = [(k, v) for k, v in view.items() if not _is_scalar(v)]
    bands: list[_Band] = []
    if scalars or not composite:
        numbers, taken = _split_numbers((k, v) for k, v in view.items() if _is_scalar(v))
        rest = [pair for (key, _), pair in zip(_scalar_items(view), scalars, strict=True) if key not in taken]
        unlisted = scalar_count - len(scalars)
        lines = _overview_lines(rest, unlisted, _content_width(1), theme) if rest or unlisted else []
        stats = _stat_lines(numbers, _content_width(1), theme)
        if not lines and not stats:
            lines = [[_Seg(0, "(nothing to show)", "muted")]]
        bands.append(_Band([_Panel("Overview", lines, stats=stats)], 1))

    seat_key = _seat_key(view)
    if seat_key is not None:
        seats = _as_items(view[seat_key]) or []
        columns = _columns_for(min(len(seats), MAX_SEATS))
        panels = _seat_panels(seats, view, _content_width(columns), theme)
        for start in range(0, len(panels), columns):
            bands.append(_Band(panels[start : start + columns], columns))
        if len(seats) > MAX_SEATS:
            note = [[_Seg(0, f"… {len(seats) - MAX_SEATS} more seats not shown", "muted")]]
            bands.append(_Band([_Panel(_key(seat_key), note)], 1))

    others: list[_Panel] = []
    columns = 3
    width = _content_width(columns)
    sections = [(k, v) for k, v in composite if k != seat_key]
    for key, value in sections[:MAX_SECTIONS]:
        items = _as_items(value)
        if items is not None:
            title = f"{_key(key)} ({len(items)})"
            if not items:
                rows = [_Row("", "none")]
            elif _short_scalars(items):
                rows = [_Row("", _inline(items))]
            else:
                rows = _item_rows(items, 0)
        elif isinstance(value, Mapping):
            title = _key(key)
            rows = _rows_for_mapping(value) or [_Row("", "none")]
        else:
            title, rows = _key(key), [_Row("", _scalar(value))]
        others.append(_Panel(title, _rows_to_lines(rows, width, theme)))
    for start in range(0, len(others), columns):
        bands.append(_Band(others[start : start + columns], columns))
    return bands, max(len(sections) - MAX_SECTIONS, 0)


# ------------------------------------------------------------------------------------------ drawing


def _title_height(theme: Theme) -> int:
    return max(line_height(font(theme.font_title, "bold")) + SCALE.px(8), SCALE.px(24))


def _draw_lines(image: Image.Image, box: Box, lines: list[_Line], theme: Theme) -> None:
    body = font(theme.font_body)
    bold = font(theme.font_body, "bold")
    colours: dict[Style, RGB] = {"label": theme.muted, "value": theme.text, "head": theme.text, "muted": theme.muted}
    step = line_height(body) + LINE_SPACING
    y = box.y
    for line in lines:
        for seg in line:
            fnt = bold if seg.style == "head" else body
            # Segments were measured for this width already; the cut here only guards overlap.
            draw_text(image, (box.x + seg.x, y), seg.text, fnt, colours[seg.style], max_width=max(box.w - seg.x, 0))
        y += step


def draw_generic(view: Any, theme: Theme, title: str) -> Image.Image:
    """A readable board for any JSON-like `view`, WIDTH wide and at most MAX_HEIGHT tall."""
    mapping: Mapping[Any, Any] = view if isinstance(view, Mapping) else {"view": view}
    theme = SCALE.theme(theme, title=11, heading=9, body=8, small=7)
    bands, unbuilt = _bands(mapping, theme)

    body = font(theme.font_body)
    footer_h = line_height(body) + MARGIN
    top = _title_height(theme) + MARGIN
    min_panel = panel_height(text_box_height(2, body), theme)
    y = top
    placed: list[tuple[_Band, int, int]] = []
    hidden = unbuilt
    for index, band in enumerate(bands):
        height = max(p.height(theme) for p in band.panels)
        room = MAX_HEIGHT - footer_h - MARGIN - y
        if height > room:
            if room < min_panel:
                hidden += sum(len(b.panels) for b in bands[index:])
                break
            # Squeeze the last band that fits instead of dropping it: some of it beats none.
            content_room = room - panel_height(0, theme)
            keep = max((content_room + LINE_SPACING) // (line_height(body) + LINE_SPACING), 1)
            for panel in band.panels:
                panel.cap(keep)
            height = max(p.height(theme) for p in band.panels)
            hidden += sum(len(b.panels) for b in bands[index + 1 :])
            placed.append((band, y, height))
            y += height + GAP
            break
        placed.append((band, y, height))
        y += height + GAP

    total = y - GAP + MARGIN + (footer_h if hidden else 0)
    image = new_canvas(WIDTH, min(max(total, MIN_HEIGHT), MAX_HEIGHT), theme)
    _draw_title(image, title, theme, _to_move(mapping))
    for band, band_y, height in placed:
        width = _panel_width(band.columns)
        for col, panel in enumerate(band.panels):
            box = Box(MARGIN + col * (width + GAP), band_y, width, height)
            content = draw_panel(
                image,
                box,
                theme,
                panel.title,
                accent=panel.accent,
                note=panel.note,
                outline=panel.accent if panel.active else None,
            )
            used = _draw_stats(image, content, panel.stats, theme)
            _draw_lines(image, Box(content.x, content.y + used, content.w, content.h - used), panel.lines, theme)
    if hidden:
        draw_text(
            image,
            (MARGIN, image.height - MARGIN),
            f"… {hidden} more sections not shown",
            body,
            theme.muted,
            anchor="ld",
        )
    return image


def _to_move(view: Mapping[Any, Any]) -> tuple[str, int] | None:
    """(name, seat) of the seat to move, when the view says which."""
    key = _seat_key(view)
    seats = (_as_items(view.get(key)) or []) if key is not None else []
    active = _active_index(view)
    for index, seat in enumerate(seats[:MAX_SEATS]):
        seat_no = _seat_number(seat, index)
        if seat.get("active") is True or active == seat_no:
            return _seat_title(seat, seat_no), seat_no
    return None


def _draw_title(image: Image.Image, title: str, theme: Theme, to_move: tuple[str, int] | None) -> None:
    """The title, a pill in the colour of the seat to move saying so in key type, and a "generic view" note."""
    height = _title_height(theme)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, image.width - 1, height - 1), fill=theme.panel_title)
    draw.line((0, height - 1, image.width - 1, height - 1), fill=theme.accent, width=3)
    small = font(theme.font_small)
    note = "generic view"
    right = image.width - MARGIN - text_width(note, small)
    draw_text(image, (image.width - MARGIN, height / 2), note, small, theme.muted, anchor="rm")
    if to_move is not None:
        key = SCALE.key_font()
        text = truncate(f"▶ {to_move[0]} to move", key, image.width // 3)
        w = math.ceil(text_width(text, key)) + SCALE.px(10)
        pill = Box(round(right - SCALE.px(8) - w), SCALE.px(3), w, height - SCALE.px(6))
        colour = theme.player(to_move[1])
        draw.rounded_rectangle(pill.xyxy, pill.h // 2, fill=colour)
        baseline = height / 2 + SCALE.key_size * 0.375
        draw_text(image, (pill.center[0], baseline), text, key, contrast_text(colour), anchor="ms", key=True)
        right = pill.x
    draw_text(
        image,
        (MARGIN, height / 2),
        title or "Game",
        font(theme.font_title, "bold"),
        theme.text,
        anchor="lm",
        max_width=max(right - 2 * MARGIN, 0),
    )

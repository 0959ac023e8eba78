"""Tournament pictures: a standings table and a bracket. Plain data in, an image out; nothing here knows a
tournament format. The app decides what the columns and the boxes say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from render.fonts import font
from render.kit import PANEL_PAD, Box, Font, draw_panel, draw_text, line_height, new_canvas, panel_height, text_width
from render.theme import RGB, Theme

MARGIN = 16
CELL_PAD = 14
ROW_GAP = 6
MAX_ROWS = 64
"""A larger field is cut (the text standings list everyone); a picture taller than this is unreadable."""
MAX_CELL = 260
"""Widest a column may grow, in pixels (a long name is cut with an ellipsis)."""


@dataclass(frozen=True, slots=True)
class TableRow:
    cells: Sequence[str]
    muted: bool = False
    """Drawn in the muted colour: out of the event, dropped or disqualified."""


def draw_standings(
    title: str, header: Sequence[str], rows: Sequence[TableRow], theme: Theme, note: str = ""
) -> Image.Image:
    """A table with a header row. The second column (the name) is left-aligned, every other one right."""
    body = font(theme.font_body)
    bold = font(theme.font_body, "bold")
    shown = list(rows[:MAX_ROWS])
    widths = [
        min(MAX_CELL, max([text_width(h, bold)] + [text_width(r.cells[i], body) for r in shown]))
        for i, h in enumerate(header)
    ]
    row_h = line_height(body) + ROW_GAP
    more = len(rows) - len(shown)
    lines = len(shown) + 1 + (1 if more else 0)
    content_w = int(sum(widths) + CELL_PAD * (len(widths) - 1))
    width = max(content_w + 2 * (MARGIN + PANEL_PAD), 480)
    height = panel_height(lines * row_h, theme) + 2 * MARGIN
    image = new_canvas(width, height, theme)
    inner = draw_panel(
        image, Box(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN), theme, title, note=note or None
    )
    draw = ImageDraw.Draw(image)
    y = inner.y
    _row(image, inner.x, y, header, widths, bold, theme.muted)
    y += row_h
    draw.line((inner.x, y - ROW_GAP // 2, inner.right, y - ROW_GAP // 2), fill=theme.border)
    for index, row in enumerate(shown):
        if index % 2:
            draw.rectangle((inner.x - 4, y - 2, inner.right + 3, y + row_h - ROW_GAP + 1), fill=theme.panel_title)
        _row(image, inner.x, y, row.cells, widths, body, theme.muted if row.muted else theme.text)
        y += row_h
    if more:
        draw_text(image, (inner.x, y), f"…and {more} more", body, theme.muted)
    return image


def _row(
    image: Image.Image, x: float, y: int, cells: Sequence[str], widths: Sequence[float], fnt: Font, fill: RGB
) -> None:
    for i, (cell, w) in enumerate(zip(cells, widths, strict=True)):
        if i == 1:
            draw_text(image, (x, y), cell, fnt, fill, max_width=w)
        else:
            draw_text(image, (x + w, y), cell, fnt, fill, anchor="ra", max_width=w)
        x += w + CELL_PAD


# ---------------------------------------------------------------------------------------------- bracket

BOX_W = 230
BOX_LINE = 24
COLUMN_GAP = 48
SLOT_GAP = 14


@dataclass(frozen=True, slots=True)
class BracketMatch:
    label: str
    seats: Sequence[str]
    winner: int | None = None
    """Index of the seat that won, if decided."""
    feeds: Sequence[str] = field(default_factory=tuple)
    """Labels of the matches whose winners sit here (connector lines are drawn from them)."""


@dataclass(frozen=True, slots=True)
class BracketColumn:
    name: str
    stage: str
    matches: Sequence[BracketMatch]


def draw_bracket(title: str, columns: Sequence[BracketColumn], theme: Theme) -> Image.Image:
    """Columns of match boxes, one stage (winners, losers, final) per band, each column's boxes spread
    evenly over the band, so a halving bracket lines each match up between the two it comes from."""
    stages: list[str] = []
    for column in columns:
        if column.stage not in stages:
            stages.append(column.stage)
    body = font(theme.font_small)
    heading = font(theme.font_body, "bold")
    box_h = BOX_LINE * 2 + 8
    bands: list[tuple[str, list[BracketColumn], int]] = []
    for stage in stages:
        in_stage = [c for c in columns if c.stage == stage]
        tallest = max(len(c.matches) for c in in_stage)
        bands.append((stage, in_stage, tallest * (box_h + SLOT_GAP) + line_height(heading) + SLOT_GAP))
    count = max(len(cols) for _, cols, _ in bands)
    width = count * (BOX_W + COLUMN_GAP) - COLUMN_GAP + 2 * (MARGIN + PANEL_PAD)
    content_h = sum(h for _, _, h in bands)
    height = panel_height(content_h, theme) + 2 * MARGIN
    image = new_canvas(max(width, 480), height, theme)
    inner = draw_panel(image, Box(MARGIN, MARGIN, image.width - 2 * MARGIN, height - 2 * MARGIN), theme, title)
    draw = ImageDraw.Draw(image)
    y = inner.y
    for _stage, in_stage, band_h in bands:
        centres: dict[str, tuple[int, int]] = {}
        top = y + line_height(heading) + SLOT_GAP // 2
        room = band_h - (top - y)
        for index, column in enumerate(in_stage):
            x = inner.x + index * (BOX_W + COLUMN_GAP)
            draw_text(image, (x, y), column.name, heading, theme.text, max_width=BOX_W)
            slot = room / max(len(column.matches), 1)
            for k, match in enumerate(column.matches):
                cy = int(top + (k + 0.5) * slot)
                box = Box(x, cy - box_h // 2, BOX_W, box_h)
                _match_box(image, box, match, body, theme)
                for source in match.feeds:
                    if source in centres:
                        sx, sy = centres[source]
                        mid = (sx + box.x) // 2
                        draw.line((sx, sy, mid, sy, mid, cy, box.x, cy), fill=theme.border, width=2)
                centres[match.label] = (box.right, cy)
        y += band_h
    return image


def _match_box(image: Image.Image, box: Box, match: BracketMatch, fnt: Font, theme: Theme) -> None:
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(box.xyxy, 6, fill=theme.card, outline=theme.card_border)
    draw_text(image, (box.right - 6, box.y + 6), match.label, fnt, theme.muted, anchor="ra")
    for i, seat in enumerate(list(match.seats)[:2]):
        won = match.winner == i
        colour = theme.highlight if won else (theme.text if match.winner is None else theme.muted)
        draw_text(
            image,
            (box.x + 8, box.y + 6 + i * BOX_LINE),
            ("▶ " if won else "") + seat,
            fnt,
            colour,
            max_width=BOX_W - 70,
        )

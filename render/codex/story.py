"""The "last turn" panel: what the last turn did, the weightiest lines first.

A busy turn tells more than a board has room for, so lines are ordered by what they tell (the engine tags
each one, see `engine.codex.ctx.line_kind`): deaths and destroyed buildings, then damage to a base, then
damage to buildings, then the rest in the order it happened, routine draws last. When the panel is full
it says that the whole story is in the message the board comes with, which lists every line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.codex.model import Highlights
from render.codex.parts import fit, put_text, seat_name, width_of
from render.codex.scale import fnt, px, scaled
from render.codex.seat import titled_panel
from render.fonts import font
from render.kit import PANEL_PAD, Box, line_height, title_bar_height
from render.theme import Theme

RANKS: dict[str, int] = {
    "died": 0,
    "destroyed:building": 0,
    "destroyed:base": 0,
    "destroyed": 0,
    "game_over": 0,
    "damage:base": 1,
    "damage:building": 2,
    "draw": 4,
    "shuffle": 4,
    "no_reshuffle": 4,
}
"""Lower comes first; any other kind is 3, kept in the order it happened."""
WEIGHTY = 2
"""Lines ranked this or lower are drawn in bold."""
TEXT = 7.5
CUT_NOTE = "More happened: the message lists every line."
"""The panel's last line when some lines did not fit; the board's message lists every line."""
ORDER_NOTE = " · deaths and damage first"
INDENT = 6.0


def rank(kind: str) -> int:
    return RANKS.get(kind, 3)


def ordered(marks: Highlights) -> list[tuple[str, int]]:
    """(line, rank), weightiest first; lines of one rank keep the order they happened in."""
    ranked = [(line, rank(kind)) for line, kind in zip(marks.lines, marks.kinds, strict=False)]
    return sorted(ranked, key=lambda item: item[1])


def title(view: Mapping[str, Any], marks: Highlights) -> str:
    if not marks.present:
        return "Last turn"
    who = seat_name(view, marks.seat) if marks.seat is not None else "?"
    return f"Last turn · {who}" + (f" (turn {marks.turn})" if marks.turn is not None else "")


Line = tuple[str, int, bool]
"""A drawn line: its text, the rank of the line it is part of, and whether it continues a wrapped line."""


def layout(lines: list[tuple[str, int]], width: int, rows: list[int], wrap: int) -> tuple[list[list[Line]], bool]:
    """Wrapped lines per column, `rows[c]` lines down column c before the next, and whether every line fitted
    (a line that does not fit whole is left out, and so are the lines after it)."""
    regular, bold = fnt(TEXT), fnt(TEXT, "bold")
    out: list[list[Line]] = [[] for _ in rows]
    column = 0
    for text, weight in lines:
        face = bold if weight <= WEIGHTY else regular
        first, *rest = fit(text, face, width, wrap) or [""]
        parts = [first, *fit(" ".join(rest), face, width - px(INDENT), wrap - 1)] if rest else [first]
        while column < len(rows) and len(out[column]) + len(parts) > rows[column]:
            column += 1
        if column >= len(rows):
            return out, False
        out[column] += [(part, weight, i > 0) for i, part in enumerate(parts)]
    return out, True


def draw_last_turn(
    image: Image.Image, box: Box, view: Mapping[str, Any], marks: Highlights, theme: Theme, *, columns: int, wrap: int
) -> None:
    """The panel in `box`: its lines in `columns` columns, each line wrapped to at most `wrap` lines. When they
    do not all fit, the last line says where the whole story is."""
    themed = scaled(theme)
    accent = theme.player(marks.seat) if marks.seat is not None else None
    lines = ordered(marks) or [("Nothing has happened yet.", 3)]
    gap = px(8)
    regular, bold = fnt(TEXT), fnt(TEXT, "bold")
    step = line_height(regular) + px(1)
    content_h = box.h - title_bar_height(themed) - 2 * PANEL_PAD
    col_w = (box.w - 2 * PANEL_PAD - (columns - 1) * gap) // columns
    rows = max((content_h + px(1)) // step, 1)
    placed, complete = layout(lines, col_w, [rows] * columns, wrap)
    if not complete:
        placed, _ = layout(lines, col_w, [rows] * (columns - 1) + [rows - 1], wrap)
        placed[-1].append((CUT_NOTE, -1, False))
    heading = title(view, marks)
    if len(marks.lines) > 1 and width_of(heading + ORDER_NOTE, font(themed.font_heading, "bold")) < col_w * columns:
        heading += ORDER_NOTE
    content = titled_panel(image, box, theme, heading, accent=accent)
    for c, column in enumerate(placed):
        x = content.x + c * (col_w + gap)
        for r, (text, weight, more) in enumerate(column):
            face = bold if 0 <= weight <= WEIGHTY else regular
            colour = theme.muted if weight < 0 else theme.danger if weight == 0 else theme.text
            put_text(image, (x + (px(INDENT) if more else 0), content.y + r * step), text, face, colour)

"""Codex: Card-Time Strategy's public board, posted after every move, laid out for the chat preview.

Discord shows a board about 550 px wide until it is opened, so the board is landscape (1600 x 1000, the whole
of it shows) and the numbers that decide a turn are drawn at least 12 px tall at that width (see
`render.codex.seat`). A top bar says whose turn it is (or who won), what the game waits for and what the
marks mean. Below it the two seats sit side by side: each panel has the seat's stats, its patrol zone slot
by slot, and everything else it has in play; under them, the last turn, weightiest lines first
(`render.codex.story`). Three to five seats get a grid of smaller panels (`render.codex.table`).

Cards changed on the last turn are outlined in the highlight colour when the view says which they were
(`last_turn`, see `render.codex.model.highlights`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.codex import model
from render.codex.model import Names, Seat
from render.codex.parts import as_list, put_text, seat_name, width_of
from render.codex.scale import HEIGHT, WIDTH, fnt, key_text, key_width, px
from render.codex.seat import GAP, MARGIN, Panel, cards_line, draw_wide
from render.codex.story import draw_last_turn
from render.kit import Box, contrast_text, new_canvas
from render.theme import Theme

TOP_H = 24.0
PANEL_H = 228.0


def seat_title(seat: Seat, *, team: bool = False) -> str:
    heroes = ", ".join(str(h) for h in as_list(seat.data.get("heroes")))
    specs = ", ".join(str(s).capitalize() for s in as_list(seat.data.get("specs")) if s)
    title = seat.name + (f" · {heroes}" if heroes else "") + (f" ({specs})" if specs else "")
    return title + (f" · team {int(seat.data.get('team') or 0) + 1}" if team else "")


def _who(view: Mapping[str, Any], seats: list[int]) -> str:
    return " and ".join(seat_name(view, s) for s in seats)


def draw_top(image: Image.Image, view: Mapping[str, Any], theme: Theme, names: Names) -> int:
    """The top bar: game and turn, a pill in the colour of the seat to move (or of the winner) saying so in key
    type, what the game waits for, and a legend of the marks. Returns its height."""
    height = px(TOP_H)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, image.width - 1, height - 1), fill=theme.panel_title)
    draw.rectangle((0, height - px(1), image.width - 1, height - 1), fill=theme.accent)
    cy = (height - px(1)) / 2
    x = px(MARGIN + 2)
    turn = view.get("turn")
    title = "Codex" + (f" · turn {turn}" if isinstance(turn, int) and not isinstance(turn, bool) else "")
    x += round(put_text(image, (x, cy), title, fnt(10.5, "bold"), theme.text, anchor="lm")) + px(8)
    if view.get("result"):
        won = model.winners(view)
        text = f"★ {_who(view, won)} win{'s' if len(won) == 1 else ''}" if won else "Game over: a draw"
        colour = theme.player(won[0]) if won else theme.muted
    else:
        seats = model.turn_seats(view)
        text = f"▶ {_who(view, seats)}'s turn"
        colour = theme.player(seats[0])
    pill = Box(x, round(cy - px(9.5)), round(key_width(text)) + px(10), px(19))
    draw.rounded_rectangle(pill.xyxy, pill.h // 2, fill=colour)
    key_text(image, pill.center[0], cy, text, contrast_text(colour), anchor="m")
    x = pill.right + px(7)
    legend_x = _draw_legend(image, cy, theme)
    status = model.status_text(view, names)
    if status:
        put_text(image, (x, cy), status, fnt(7.5, "bold"), theme.text, anchor="lm", max_width=legend_x - x - px(6))
    return height


def _draw_legend(image: Image.Image, cy: float, theme: Theme) -> int:
    """What the marks mean, in two short lines at the right of the top bar; returns its left edge."""
    small = fnt(6.5)
    lines = ("3/4 = ATK/HP   −2 = damage taken", "↷ = exhausted      = changed last turn")
    right = px(550 - MARGIN - 2)
    width = max(width_of(line, small) for line in lines)
    x = round(right - width)
    top, bottom = cy - px(4.5), cy + px(4.5)
    put_text(image, (x, top), lines[0], small, theme.muted, anchor="lm")
    put_text(image, (x, bottom), lines[1], small, theme.muted, anchor="lm")
    # The highlight square sits in the gap left for it before "= changed".
    gap_x = x + round(width_of("↷ = exhausted   ", small))
    square = Box(gap_x, round(bottom - px(3)), px(6), px(6))
    ImageDraw.Draw(image).rounded_rectangle(square.xyxy, px(1.5), outline=theme.highlight, width=px(1))
    return x


def draw_two_seats(data: Mapping[str, Any], theme: Theme) -> Image.Image:
    """The public board of a two-seat Codex match (1-hero and standard)."""
    marks = model.highlights(data)
    names = Names.of(data)
    seats = model.seats(data, names, marks)
    image = new_canvas(WIDTH, HEIGHT, theme)
    y = draw_top(image, data, theme, names) + px(GAP)
    margin, gap = px(MARGIN), px(GAP)
    columns = max(len(seats), 1)
    width = (WIDTH - 2 * margin - (columns - 1) * gap) // columns
    panel_h = px(PANEL_H)
    for i, seat in enumerate(seats):
        box = Box(margin + i * (width + gap), y, width, panel_h)
        foot = " · ".join(x for x in (cards_line(seat.data), model.footer(seat.data, names)) if x)
        draw_wide(image, box, Panel(seat, data, theme, marks.buildings, seat_title(seat), foot))
    y += panel_h + gap
    draw_last_turn(
        image, Box(margin, y, WIDTH - 2 * margin, HEIGHT - margin - y), data, marks, theme, columns=2, wrap=1
    )
    return image


__all__ = ["HEIGHT", "WIDTH", "draw_top", "draw_two_seats", "seat_title"]

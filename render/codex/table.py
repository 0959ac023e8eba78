"""The Codex board for three to five seats (2v2 and free-for-all), laid out for the chat preview.

The picture has the same size and top bar as the two-seat board, and below it a grid of three columns and
two rows of compact seat panels (`render.codex.seat.draw_compact`): base, gold and workers in key type, the
buildings, then one slim row per card, patrollers first. The last turn takes the cells no seat needs: the
third column with four seats (2v2 puts each team in a column, its shared base shown in both partners'
panels), the last cell with five, the whole second row with three.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.codex import model
from render.codex.board import draw_top, seat_title
from render.codex.model import Names
from render.codex.parts import as_int, as_list, as_map
from render.codex.scale import HEIGHT, WIDTH, px
from render.codex.seat import GAP, MARGIN, Panel, cards_line, draw_compact
from render.codex.story import draw_last_turn
from render.kit import Box, new_canvas
from render.theme import Theme

COLUMNS = 3
ROWS = 2


def layout(view: Mapping[str, Any]) -> dict[int, tuple[int, int]]:
    """Each seat's (column, row) in the grid. Four seats take two columns, 2v2 a team in each; three take the
    first row and five the first row and the start of the second, in seat order. Seats past five (no mode has
    them) are left out."""
    players = [as_map(p) for p in as_list(view.get("players"))]
    seats = [as_int(p.get("seat"), i) for i, p in enumerate(players)]
    teams: dict[int, list[int]] = {}
    for p, seat in zip(players, seats, strict=True):
        teams.setdefault(as_int(p.get("team"), seat), []).append(seat)
    if view.get("mode") == "2v2" and len(teams) == 2 and all(len(t) == 2 for t in teams.values()):
        columns = [teams[t] for t in sorted(teams)]
    elif len(seats) == 4:
        columns = [seats[0::2], seats[1::2]]
    else:
        return {seat: (i % COLUMNS, i // COLUMNS) for i, seat in enumerate(seats[: COLUMNS * ROWS - 1])}
    return {seat: (c, r) for c, column in enumerate(columns) for r, seat in enumerate(column)}


def last_turn_cells(places: dict[int, tuple[int, int]]) -> tuple[int, int, int, int]:
    """Where the last turn goes: (column, row, columns wide, rows tall), the cells no seat takes."""
    used = set(places.values())
    if not any(r == 1 for _, r in used):
        return (0, 1, COLUMNS, 1)
    if not any(c == COLUMNS - 1 for c, _ in used):
        return (COLUMNS - 1, 0, 1, ROWS)
    free = [c for c in range(COLUMNS) if (c, 1) not in used]
    return (free[0], 1, COLUMNS - free[0], 1) if free else (COLUMNS - 1, 1, 1, 1)


def draw_table(view: Mapping[str, Any], theme: Theme) -> Image.Image:
    """The public board of a table of three to five seats."""
    marks = model.highlights(view)
    names = Names.of(view)
    by_seat = {seat.seat: seat for seat in model.seats(view, names, marks)}
    image = new_canvas(WIDTH, HEIGHT, theme)
    top = draw_top(image, view, theme, names) + px(GAP)
    margin, gap = px(MARGIN), px(GAP)
    cell_w = (WIDTH - 2 * margin - (COLUMNS - 1) * gap) // COLUMNS
    room = HEIGHT - margin - top - (ROWS - 1) * gap
    places = layout(view)
    lc, lr, lw, lh = last_turn_cells(places)
    # A last turn alone in the second row needs less than a row of seats.
    first = room * 3 // 5 if lw == COLUMNS else room // ROWS
    heights = [first, room - first]
    tops = [top, top + first + gap]
    teams = view.get("mode") == "2v2"
    for seat_no, (c, r) in places.items():
        seat = by_seat.get(seat_no)
        if seat is None:
            continue
        box = Box(margin + c * (cell_w + gap), tops[r], cell_w, heights[r])
        foot = " · ".join(x for x in (cards_line(seat.data), model.footer(seat.data, names)) if x)
        label = "TEAM BASE" if teams else "BASE"
        draw_compact(image, box, Panel(seat, view, theme, marks.buildings, seat_title(seat, team=teams), foot, label))
    last = Box(
        margin + lc * (cell_w + gap),
        tops[lr],
        lw * cell_w + (lw - 1) * gap,
        sum(heights[lr : lr + lh]) + (lh - 1) * gap,
    )
    draw_last_turn(image, last, view, marks, theme, columns=max(lw, 1), wrap=2)
    return image

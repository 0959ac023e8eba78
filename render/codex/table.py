"""The Codex board for three to five seats (2v2 and free-for-all): seat panels in two columns.

The two-seat board (render.codex) stacks one wide area per seat; with four or five seats that picture
would be four times as tall as it is wide and unreadable in a chat preview. Here each seat gets a compact
panel: base and economy on one line, the four buildings on the next, the five patrol slots as card tiles
(the defence decides every attack, so it keeps the tiles), everything else in play as short lines, then
the command zone. Panels sit in two columns (in 2v2 one column per team, the shared base shown in both
partners' panels), so the picture stays about as wide as it is tall.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.codex.board import (
    _areas,
    _display_name,
    _draw_last_turn,
    _draw_status,
    _draw_top,
    _highlights,
    _last_turn_h,
    _status_h,
    face_note,
    thing_tile,
)
from render.codex.board import (
    _footer as two_seat_footer,
)
from render.codex.parts import (
    SLOT_TITLES,
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
    fit,
    meter,
    put_text,
    seat_name,
    wrapped,
)
from render.fonts import font
from render.kit import PANEL_PAD, Box, draw_panel, line_height, new_canvas, panel_height, title_bar_height
from render.theme import RGB, Theme

WIDTH = 1560
MARGIN = 16
GAP = 14
COLUMNS = 2
SLOT_GAP = 8
TILE_H = 164
ROW_H = 26
ICON = 26
ARMY_LINES = 2
FOOTER_LINES = 2
SLOT_SHORT = {"squad leader": "Squad Leader", "elite": "Elite", "scavenger": "Scavenger", "technician": "Technician"}


def column_width() -> int:
    return (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) // COLUMNS


def _content_width() -> int:
    return column_width() - 2 * PANEL_PAD


def _tile_w() -> int:
    return (_content_width() - 4 * SLOT_GAP) // 5


def layout(view: Mapping[str, Any]) -> list[list[int]]:
    """Seats per column: 2v2 puts each team in its own column; otherwise seats fill the rows in order."""
    players = [as_map(p) for p in as_list(view.get("players"))]
    seats = [as_int(p.get("seat"), i) for i, p in enumerate(players)]
    teams: dict[int, list[int]] = {}
    for p, seat in zip(players, seats, strict=True):
        teams.setdefault(as_int(p.get("team"), seat), []).append(seat)
    if view.get("mode") == "2v2" and len(teams) == COLUMNS:
        return [teams[t] for t in sorted(teams)]
    return [seats[c::COLUMNS] for c in range(COLUMNS)]


# ------------------------------------------------------------------------------------------- content


def _army_lines(things: list[Mapping[str, Any]], counts: Counter[str]) -> str:
    parts = []
    for t in things:
        name = _display_name(t, counts) + (f" ({face_note(t)})" if face_note(t) else "")
        kind = str(t.get("type", ""))
        if kind in ("unit", "token", "hero"):
            atk, hp, dmg = as_int(t.get("atk")), as_int(t.get("hp")), as_int(t.get("damage"))
            text = f"{name} {atk}/{hp}" + (f" ({dmg} damage)" if dmg else "")
            if kind == "hero":
                text += f" L{as_int(t.get('level'), 1)}"
        elif kind == "building":
            text = f"{name} {as_int(t.get('hp')) - as_int(t.get('damage'))} HP"
        else:
            text = name
        if t.get("exhausted") is True:
            text += " (exhausted)"
        parts.append(text)
    return " · ".join(parts)


def _footer(player: Mapping[str, Any]) -> str:
    parts = [two_seat_footer(player)] if two_seat_footer(player) else []
    lending = [as_map(x) for x in as_list(player.get("lending"))]
    if lending:
        parts.append(
            "Lending at end of main phase: "
            + ", ".join(f"{x.get('label', '?')} to p{as_int(x.get('to')) + 1}'s {x.get('slot', '?')}" for x in lending)
        )
    return " · ".join(parts)


def _panel_content_h(theme: Theme) -> int:
    small = line_height(font(theme.font_small)) + 3
    slot_title = line_height(font(theme.font_small, "bold")) + 4
    return ROW_H + 8 + ROW_H + 10 + slot_title + TILE_H + 10 + ARMY_LINES * small + 6 + FOOTER_LINES * small


def _colour(left: int, hp: int, seat: int, theme: Theme) -> RGB:
    return theme.danger if hp <= 0 or left * 4 <= hp else theme.player(seat)


def _building(image: Image.Image, box: Box, label: str, b: Mapping[str, Any] | None, seat: int, theme: Theme) -> None:
    small = font(theme.font_small)
    status = str((b or {}).get("status") or "none")
    if status == "built":
        hp, dmg = as_int((b or {}).get("hp"), 1), as_int((b or {}).get("damage"))
        fill = _colour(hp - dmg, hp, seat, theme)
        meter(image, box, max(hp - dmg, 0), hp, theme, theme.panel, label=label, colour=fill)
        return
    colour = {"building": theme.accent, "destroyed": theme.danger}.get(status, theme.border)
    text = {"building": f"{label}: building", "destroyed": f"✕ {label}"}.get(status, f"{label}: —")
    dashed_rect(image, box, colour)
    ink = theme.muted if status == "none" else colour
    put_text(image, box.center, text, small, ink, anchor="mm", max_width=box.w - 8)


def _draw_seat(
    image: Image.Image,
    box: Box,
    player: Mapping[str, Any],
    view: Mapping[str, Any],
    theme: Theme,
    things: list[Mapping[str, Any]],
) -> None:
    seat = as_int(player.get("seat"))
    marks = _highlights(view)
    over = bool(view.get("result"))
    turn = {s for s in as_list(view.get("turn_seats")) if isinstance(s, int)} or {as_int(view.get("active"))}
    to_move = {s for s in as_list(view.get("to_move")) if isinstance(s, int)}
    colour = theme.player(seat)
    heroes = ", ".join(str(h) for h in as_list(player.get("heroes")))
    title = f"{seat_name(view, seat)} · {heroes}" if heroes else seat_name(view, seat)
    if view.get("mode") == "2v2":
        title = f"{title} · team {as_int(player.get('team')) + 1}"
    on_turn = not over and seat in turn
    content = draw_panel(image, box, theme, title, accent=colour, outline=colour if on_turn else None)
    right = box.right - 12
    tag_y = box.y + title_bar_height(theme) // 2 - (line_height(font(theme.font_small, "bold")) + 6) // 2
    winners = [w for w in as_list(as_map(view.get("result")).get("winners")) if isinstance(w, int)]
    if over and seat in winners:
        draw_tag(image, (right, tag_y), "★ WINNER", colour, theme, anchor="r")
    elif on_turn and player.get("ended") is True:
        draw_tag(image, (right, tag_y), "ENDED", colour, theme, anchor="r")
    elif on_turn:
        draw_tag(image, (right, tag_y), "▶ THEIR TURN", colour, theme, anchor="r")
    elif not over and seat in to_move:
        draw_tag(image, (right, tag_y), "DECIDING", colour, theme, anchor="r")

    x, y, w = content.x, content.y, content.w
    base = as_map(player.get("base"))
    hp, dmg = as_int(base.get("hp"), 20), as_int(base.get("damage"))
    shared = as_opt_int(base.get("shared_with"))
    label = "Team base" if view.get("mode") == "2v2" else "Base"
    base_w = w * 2 // 5
    meter(
        image,
        Box(x, y, base_w, ROW_H),
        max(hp - dmg, 0),
        hp,
        theme,
        theme.panel,
        label=label,
        colour=_colour(hp - dmg, hp, seat, theme),
    )
    home = shared if shared is not None else seat
    if f"{home}:base" in marks.buildings:
        ImageDraw.Draw(image).rounded_rectangle(
            Box(x, y, base_w, ROW_H).inset(-3).xyxy, ROW_H // 2 + 3, outline=theme.highlight, width=3
        )
    economy = [
        ("gold", as_int(player.get("gold")), "gold"),
        ("accent", as_int(player.get("workers")), "workers"),
        ("cards", as_int(player.get("hand")), "hand"),
        ("cards", as_int(player.get("deck")), "deck"),
        ("cards", as_int(player.get("discard")), "disc."),
    ]
    draw_icon_row(image, (x + base_w + 14, y + (ROW_H - ICON) // 2), economy, theme, size=ICON)
    y += ROW_H + 8

    cell = (w - 3 * 6) // 4
    tech = [as_map(b) for b in as_list(player.get("tech"))]
    spec = player.get("tech2_spec")
    for i, kind in enumerate(("tech1", "tech2", "tech3")):
        b = next((t for t in tech if t.get("kind") == kind), None)
        name = building_name(kind) + (f" {str(spec)[:8].capitalize()}" if kind == "tech2" and spec else "")
        _building(image, Box(x + i * (cell + 6), y, cell, ROW_H), name, b, seat, theme)
    addon = player.get("addon")
    addon_map = as_map(addon)
    addon_name = building_name(addon_map.get("kind")) if addon_map else "Add-on"
    _building(image, Box(x + 3 * (cell + 6), y, cell, ROW_H), addon_name, addon_map or None, seat, theme)
    y += ROW_H + 10

    counts = Counter(str(t.get("name", "")) for t in things)
    by_label = {str(t.get("label")): t for t in things if t.get("label") is not None}
    patrol = as_map(player.get("patrol"))
    tile_w = _tile_w()
    bold_small = font(theme.font_small, "bold")
    on_patrol: set[int] = set()
    for i, slot in enumerate(list(patrol)[:5] or [*SLOT_SHORT, "lookout"]):
        sx = x + i * (tile_w + SLOT_GAP)
        put_text(
            image,
            (sx + 2, y),
            SLOT_SHORT.get(slot, SLOT_TITLES.get(slot, slot.capitalize())),
            bold_small,
            theme.text,
            max_width=tile_w - 4,
        )
        label_ = patrol.get(slot)
        thing = by_label.get(str(label_)) if label_ is not None else None
        tile_box = Box(sx, y + line_height(bold_small) + 4, tile_w, TILE_H)
        if thing is not None:
            on_patrol.add(id(thing))
            draw_tile(image, tile_box, thing_tile(thing, counts, marks), theme)
        else:
            draw_empty_slot(image, tile_box, theme, "empty")
    y += line_height(bold_small) + 4 + TILE_H + 10

    mine = [t for t in things if as_opt_int(t.get("controller")) == seat and id(t) not in on_patrol]
    order = {"hero": 0, "unit": 1, "token": 1, "upgrade": 2, "building": 3, "spell": 4}
    mine.sort(key=lambda t: (order.get(str(t.get("type")), 5), as_int(t.get("uid"))))
    small = font(theme.font_small)
    step = line_height(small) + 3
    army = "In play: " + (_army_lines(mine, counts) or "nothing else")
    for i, line in enumerate(fit(army, small, w, ARMY_LINES)):
        put_text(image, (x, y + i * step), line, small, theme.text)
    y += ARMY_LINES * step + 6
    footer = _footer(player)
    if footer:
        wrapped(image, Box(x, y, w, FOOTER_LINES * step), footer, theme)


SCORE_H = 84
SCORE_FONT = 40
"""The scoreboard's big numbers: still about 14 pixels tall when a chat shrinks the board to 550 wide."""


def _draw_scoreboard(image: Image.Image, y: int, view: Mapping[str, Any], theme: Theme) -> int:
    """One box per seat, in turn order as the view lists them: the seat's name and its base's HP in big
    type, the seat's colour behind, a thick outline for the seats whose turn it is. What a glance at a
    shrunken preview must tell: who is where, whose base is in danger, whose move it is."""
    players = [as_map(p) for p in as_list(view.get("players"))]
    if not players:
        return 0
    over = bool(view.get("result"))
    turn = {s for s in as_list(view.get("turn_seats")) if isinstance(s, int)} or {as_int(view.get("active"))}
    n = len(players)
    w = (WIDTH - 2 * MARGIN - (n - 1) * 10) // n
    big = font(SCORE_FONT, "bold")
    small = font(theme.font_body, "bold")
    draw = ImageDraw.Draw(image)
    for i, p in enumerate(players):
        seat = as_int(p.get("seat"), i)
        base = as_map(p.get("base"))
        hp, dmg = as_int(base.get("hp"), 20), as_int(base.get("damage"))
        left = max(hp - dmg, 0)
        box = Box(MARGIN + i * (w + 10), y, w, SCORE_H)
        colour = theme.player(seat)
        danger = left * 4 <= hp
        playing = seat in turn and not over
        draw.rounded_rectangle(box.xyxy, 12, fill=theme.panel, outline=colour, width=6 if playing else 2)
        strip = Box(box.x + 6, box.y + 6, 14, box.h - 12)
        draw.rounded_rectangle(strip.xyxy, 6, fill=colour)
        put_text(image, (box.x + 30, box.center[1]), seat_name(view, seat), big, theme.text, anchor="lm")
        hp_text = f"{left}/{hp}"
        put_text(
            image,
            (box.right - 14, box.center[1] - 8),
            hp_text,
            big,
            theme.danger if danger else theme.text,
            anchor="rm",
        )
        note = ("team base" if view.get("mode") == "2v2" else "base") + (" · ▶ turn" if playing else "")
        put_text(image, (box.right - 14, box.bottom - 14), note, small, theme.muted, anchor="rm")
    return SCORE_H + 10


def draw_table(view: Mapping[str, Any], theme: Theme) -> Image.Image:
    """The public board of a table of three to five seats."""
    marks = _highlights(view)
    things = [as_map(t) for t in as_list(view.get("in_play"))]
    players = {as_int(p.get("seat"), i): as_map(p) for i, p in enumerate(as_list(view.get("players")))}
    columns = layout(view)
    rows = max((len(c) for c in columns), default=0)
    panel_h = panel_height(_panel_content_h(theme), theme)
    over = bool(view.get("result"))
    last_h = _last_turn_h(marks, theme)
    top = 60  # the title bar and status line are measured below; this is only a floor for the canvas
    total = top + _status_h(theme, over) + (8 if over else 0) + 4 + SCORE_H + 10
    total += rows * (panel_h + GAP) + (last_h + GAP if last_h else 0)
    image = new_canvas(WIDTH, max(total + MARGIN, 200), theme)
    y = _draw_top(image, view, theme, _areas(view, things))
    y += _draw_status(image, y, view, theme, marks) + 4
    y += _draw_scoreboard(image, y, view, theme)
    col_w = column_width()
    for c, seats in enumerate(columns):
        for r, seat in enumerate(seats):
            box = Box(MARGIN + c * (col_w + GAP), y + r * (panel_h + GAP), col_w, panel_h)
            _draw_seat(image, box, players.get(seat, {"seat": seat}), view, theme, things)
    y += rows * (panel_h + GAP)
    if last_h:
        _draw_last_turn(image, Box(MARGIN, y, WIDTH - 2 * MARGIN, last_h), view, marks, theme)
        y += last_h + GAP
    return image.crop((0, 0, WIDTH, max(y - GAP + MARGIN, 200)))

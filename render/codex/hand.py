"""A Codex seat's private picture, sent by DM: its hand as cards, its resources, heroes and tech choice.

Like the boards it is laid out for the chat preview (see `render.codex.scale`): landscape, with gold, workers,
whose turn it is and every card's cost, ATK and HP in key type. The hand takes the left of the picture, five
cards to a row; the right column has the heroes, the tech choice and the discard, workers and codex.

The view gives each hand card's facts (`card`, `type`, `subtypes`, `atk`, `hp`, `tech`, `reminder`), its
cost to play now (None when its requirements are not met), `playable` and a short `why_not`; the card
facts fill in only what an entry lacks (older views, tech-choice entries).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.codex import cards as codex_cards
from render.codex.parts import (
    BAND_NUMERALS,
    EXHAUST_GLYPH,
    as_int,
    as_list,
    as_map,
    as_opt_int,
    fit,
    glyph_safe,
    hero_band,
    put_text,
    seat_name,
    width_of,
)
from render.codex.scale import HEIGHT, WIDTH, fnt, key_text, key_width, px
from render.codex.seat import small_stat, stat
from render.codex.tiles import Tile, draw_tile
from render.kit import Box, contrast_text, line_height, new_canvas
from render.theme import Theme

MARGIN = 5.0
GAP = 4.0
TOP_H = 28.0
RIGHT_W = 168.0
PER_ROW = 5
CAPTION = 9.0
TILE_MAX_H = 112.0
TILE_MIN_H = 72.0
MAX_ROWS = 3
TEXT = 6.8


def card_tile(entry: Mapping[str, Any], *, gold: int | None = None, my_turn: bool = False) -> tuple[Tile, str, bool]:
    """(tile, caption, playable now) for one hand or tech-choice entry.

    The view's `cost` is the gold the card costs now, or None when its requirements (a tech building, a
    hero to cast it) are not met; `playable`/`why_not` say whether it can be played now. Without them
    (an older view) affordability is checked against `gold`.
    """
    facts = codex_cards.lookup(entry.get("card"), entry.get("name"))
    name = str(entry.get("name") or (facts.name if facts else "?"))
    kind = entry.get("type") if isinstance(entry.get("type"), str) else (facts.type if facts else "")
    subtypes = tuple(str(s) for s in as_list(entry.get("subtypes"))) or (facts.subtypes if facts else ())
    ultimate = "Ultimate" in subtypes
    subtypes = tuple(s for s in subtypes if s != "Ultimate")
    printed = facts.cost if facts else None
    has_cost = "cost" in entry
    now = as_opt_int(entry.get("cost"))
    tile = Tile(name)
    tile.cost = now if now is not None else printed
    tile.type_line = codex_cards.type_line(facts, kind, subtypes)
    tech = as_opt_int(entry.get("tech"))
    if tech is not None and kind in ("unit", "upgrade", "building"):
        tile.footer = codex_cards.TECH_NAMES.get(tech, f"Tech {tech}")
    else:
        tile.footer = codex_cards.tech_label(facts, kind)
    atk = entry.get("atk", facts.atk if facts else None)
    hp = entry.get("hp", facts.hp if facts else None)
    if kind in ("unit", "token", "hero"):
        tile.atk, tile.hp = as_opt_int(atk), as_opt_int(hp)
    elif kind == "building":
        tile.hp = as_opt_int(hp)
    reminder = entry.get("reminder") if isinstance(entry.get("reminder"), str) else (facts.reminder if facts else "")
    if not reminder and facts and facts.keywords:
        reminder = ", ".join(facts.keywords).capitalize()
    tile.text = glyph_safe(reminder or "")
    if ultimate:
        tile.tags.append("ULTIMATE")
    if facts and facts.legendary:
        tile.tags.append("LEGENDARY")
    if not has_cost:
        return tile, "", False
    if isinstance(entry.get("playable"), bool):
        return _caption(tile, entry, now, gold)
    if now is None:
        tile.dim = True
        if kind == "spell":
            return tile, "no hero to cast it", False
        return tile, f"needs {tile.footer or 'its tech building'}", False
    if not my_turn:
        return tile, f"costs {now} gold", False
    if gold is not None and now > gold:
        return tile, f"{now} gold (you have {gold})", False
    return tile, f"play now: {now} gold", True


def _caption(tile: Tile, entry: Mapping[str, Any], now: int | None, gold: int | None) -> tuple[Tile, str, bool]:
    """The caption from the view's own `playable` and `why_not`."""
    if entry.get("playable") is True:
        return tile, f"play now: {now} gold" if now is not None else "play now", True
    why = str(entry.get("why_not") or "can't be played now")
    if now is None:
        tile.dim = True
    elif why == "not your turn":
        return tile, f"costs {now} gold", False
    elif why == "not enough gold" and gold is not None:
        return tile, f"{now} gold (you have {gold})", False
    return tile, glyph_safe(why), False


def _heroes(view: Mapping[str, Any], seat: int) -> list[tuple[str, int, int | None, int | None, str, str]]:
    """(name, level, mid, max, where, card id) for each of the seat's heroes."""
    out: list[tuple[str, int, int | None, int | None, str, str]] = []
    for raw in as_list(view.get("in_play")):
        t = as_map(raw)
        if t.get("type") == "hero" and as_opt_int(t.get("controller")) == seat:
            out.append(
                (
                    str(t.get("name") or "?"),
                    as_int(t.get("level"), 1),
                    as_opt_int(t.get("mid_level")),
                    as_opt_int(t.get("max_level")),
                    "in play",
                    str(t.get("card") or ""),
                )
            )
    player = _player(view, seat)
    for raw in as_list(player.get("command")):
        c = as_map(raw)
        name = str(c.get("label") or "?").split("#")[0]
        facts = codex_cards.lookup(None, name)
        wait = as_int(c.get("cooldown"))
        where = "in the command zone" + (f", back in {wait} turn{'s' if wait != 1 else ''}" if wait else "")
        out.append((name, 1, facts.mid_level if facts else None, facts.max_level if facts else None, where, ""))
    return out


def _hero_lines(hero: tuple[str, int, int | None, int | None, str, str]) -> tuple[str, str]:
    name, level, mid, top, where, cid = hero
    facts = codex_cards.lookup(cid or None, name)
    band = hero_band(level, mid, top)
    head = f"{name} · level {level}" + (f"/{top}" if top else "") + f" · band {BAND_NUMERALS[band]} · {where}"
    text = facts.band_reminder(band) if facts else ""
    nxt = {1: mid, 2: top}.get(band)
    if facts and nxt and band < 3:
        text += f"  Next at level {nxt}: {facts.band_reminder(band + 1)}"
    return head, glyph_safe(text.strip())


def _player(view: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    for index, raw in enumerate(as_list(view.get("players"))):
        p = as_map(raw)
        if as_int(p.get("seat"), index) == seat:
            return p
    return {}


def _grouped(labels: list[str]) -> str:
    """ "Sneaky Pig#1", "Sneaky Pig#2", "Spark#1" -> "Sneaky Pig ×2, Spark" (copy numbers matter only in play)."""
    counts: dict[str, int] = {}
    for label in labels:
        base, sep, number = label.rpartition("#")
        name = base if sep and number.isdigit() else label
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name + (f" ×{n}" if n > 1 else "") for name, n in counts.items())


def _info_lines(you: Mapping[str, Any]) -> list[str]:
    lines: list[str] = []
    discard = [str(x) for x in as_list(you.get("discard"))]
    lines.append(f"Discard ({len(discard)}): " + (_grouped(discard) if discard else "empty"))
    workers = [str(x) for x in as_list(you.get("workers"))]
    if workers:
        lines.append(f"Cards you hired as workers ({len(workers)}): " + _grouped(workers))
    codex = as_map(you.get("codex"))
    if codex:
        total = sum(as_int(n) for n in codex.values())
        lines.append(f"Codex ({total} cards): " + ", ".join(f"{k} ×{as_int(n)}" for k, n in codex.items()))
    return lines


def _status(view: Mapping[str, Any], seat: int) -> str:
    active = as_int(view.get("active"))
    turn = as_opt_int(view.get("turn"))
    text = f"Turn {turn} · " if turn is not None else ""
    if view.get("result"):
        return text + "the game is over"
    turn_seats = [x for x in as_list(view.get("turn_seats")) if isinstance(x, int)] or [active]
    if seat in turn_seats:
        partner = [x for x in turn_seats if x != seat]
        text += "your turn" + (f" (with {seat_name(view, partner[0])})" if partner else "")
    else:
        text += " and ".join(seat_name(view, x) for x in turn_seats) + "'s turn"
    pending = as_map(view.get("pending"))
    if pending and as_opt_int(pending.get("seat")) == seat:
        text += f" · you decide: {glyph_safe(pending.get('prompt', ''))}"
    return text


def _draw_top(image: Image.Image, data: Mapping[str, Any], seat: int, you: Mapping[str, Any], theme: Theme) -> None:
    """Whose picture, whose turn (in key type, in a pill of the seat's colour when it is yours), and the
    seat's gold and workers in key type with its card counts."""
    player = _player(data, seat)
    height = px(TOP_H)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, image.width - 1, height - 1), fill=theme.panel_title)
    draw.rectangle((0, height - px(1), image.width - 1, height - 1), fill=theme.accent)
    cy = (height - px(1)) / 2
    colour = theme.player(seat)
    x = px(MARGIN + 2)
    draw.ellipse((x, round(cy - px(3)), x + px(6), round(cy + px(3))), fill=colour)
    x += px(9)
    title = f"Your hand · {seat_name(data, seat)}"
    x += round(put_text(image, (x, cy), title, fnt(10, "bold"), theme.text, anchor="lm")) + px(8)
    mine, text = _turn(data, seat)
    pill = Box(x, round(cy - px(9.5)), round(key_width(text)) + px(10), px(19))
    fill = colour if mine else theme.panel
    draw.rounded_rectangle(pill.xyxy, pill.h // 2, fill=fill, outline=colour, width=max(px(0.8), 2))
    key_text(image, pill.center[0], cy, text, contrast_text(fill), anchor="m")
    x = pill.right + px(6)
    right = px(550 - MARGIN)
    hand = len(as_list(you.get("hand")))
    deck = as_int(you.get("deck"), as_int(player.get("deck")))
    discard = as_int(player.get("discard"), len(as_list(you.get("discard"))))
    top = round(cy - px(10.5))
    for label, value in (("DISCARD", discard), ("DECK", deck), ("HAND", hand)):
        right -= _measure_small(label, value) + px(6)
        small_stat(image, (right, top + px(2)), label, value, theme)
    for label, value in (("WORKERS", as_int(player.get("workers"))), ("GOLD", as_int(player.get("gold")))):
        right -= _measure_stat(label, str(value)) + px(8)
        stat(image, (right, top), label, str(value), theme)
    detail = _detail(data, seat)
    if detail:
        put_text(image, (x, cy), detail, fnt(7.5, "bold"), theme.text, anchor="lm", max_width=right - x - px(6))


def _measure_stat(label: str, value: str) -> int:
    return math.ceil(max(key_width(value), _label_width(label)))


def _measure_small(label: str, value: int) -> int:
    return math.ceil(max(width_of(str(value), fnt(9, "bold")), _label_width(label)))


def _label_width(label: str) -> float:
    return width_of(label, fnt(6.5, "bold"))


def _turn(view: Mapping[str, Any], seat: int) -> tuple[bool, str]:
    """(whether it is this seat's turn, the words for the pill)."""
    if view.get("result"):
        return False, "game over"
    turn_seats = [x for x in as_list(view.get("turn_seats")) if isinstance(x, int)] or [as_int(view.get("active"))]
    if seat in turn_seats:
        return True, "▶ your turn"
    return False, " and ".join(seat_name(view, x) for x in turn_seats) + "'s turn"


def _detail(view: Mapping[str, Any], seat: int) -> str:
    """Turn number, a partner sharing the turn, a decision owed."""
    turn = as_opt_int(view.get("turn"))
    parts = [f"turn {turn}"] if turn is not None else []
    turn_seats = [x for x in as_list(view.get("turn_seats")) if isinstance(x, int)]
    partner = [x for x in turn_seats if x != seat]
    if seat in turn_seats and partner:
        parts.append(f"with {seat_name(view, partner[0])}")
    pending = as_map(view.get("pending"))
    if pending and as_opt_int(pending.get("seat")) == seat:
        parts.append(f"you decide: {glyph_safe(pending.get('prompt', ''))}")
    return " · ".join(parts)


def _tile_height(rows: int, room: int) -> int:
    return max(px(TILE_MIN_H), min(px(TILE_MAX_H), (room - rows * (px(CAPTION) + px(GAP))) // max(rows, 1)))


def _draw_hand(
    image: Image.Image, box: Box, hand: list[Mapping[str, Any]], theme: Theme, *, gold: int, my_turn: bool
) -> None:
    """The hand, PER_ROW cards to a row with a caption under each; cards past MAX_ROWS rows are counted."""
    playable = sum(1 for c in hand if card_tile(c, gold=gold, my_turn=my_turn)[2])
    label = f"HAND ({len(hand)})" + (f" · {playable} PLAYABLE NOW" if my_turn else "")
    put_text(image, (box.x, box.y), label, fnt(7, "bold"), theme.muted)
    top = box.y + px(10)
    if not hand:
        put_text(image, (box.x, top), "No cards.", fnt(TEXT), theme.muted)
        return
    gap = px(GAP)
    w = (box.w - (PER_ROW - 1) * gap) // PER_ROW
    rows = min(math.ceil(len(hand) / PER_ROW), MAX_ROWS)
    h = _tile_height(rows, box.bottom - top)
    cells = rows * PER_ROW
    shown = hand if len(hand) <= cells else hand[: cells - 1]
    small, small_bold = fnt(TEXT), fnt(TEXT, "bold")
    for i, entry in enumerate(shown):
        r, c = divmod(i, PER_ROW)
        x, y = box.x + c * (w + gap), top + r * (h + px(CAPTION) + gap)
        tile, caption, ok = card_tile(entry, gold=gold, my_turn=my_turn)
        draw_tile(image, Box(x, y, w, h), tile, theme)
        if caption:
            face, ink = (small_bold, theme.text) if ok else (small, theme.muted)
            put_text(image, (x + w / 2, y + h + px(1.5)), caption, face, ink, anchor="ma", max_width=w)
    if len(shown) < len(hand):
        r, c = divmod(len(shown), PER_ROW)
        more = Box(box.x + c * (w + gap), top + r * (h + px(CAPTION) + gap), w, h)
        ImageDraw.Draw(image).rounded_rectangle(more.xyxy, px(3), outline=theme.border, width=max(px(0.7), 2))
        put_text(image, more.center, f"+{len(hand) - len(shown)} more", fnt(8, "bold"), theme.muted, anchor="mm")


def _section(image: Image.Image, xy: tuple[int, int], title: str, note: str, theme: Theme, width: int) -> int:
    """A small caps section title with a muted note after it; returns the height used."""
    x, y = xy
    used = put_text(image, (x, y), title, fnt(7, "bold"), theme.muted)
    if note:
        put_text(image, (x + used + px(4), y + px(0.5)), note, fnt(6), theme.muted, max_width=width - used - px(4))
    return px(10)


def _text(image: Image.Image, box: Box, text: str, theme: Theme, *, bold: bool = False, max_lines: int = 3) -> int:
    """Wrapped text in `box`, at most `max_lines` lines and no lower than its bottom; returns the height used."""
    face = fnt(TEXT, "bold" if bold else "regular")
    step = line_height(face)
    room = min(max_lines, max((box.bottom - box.y) // step, 0))
    lines = fit(text, face, box.w, room)
    for i, line in enumerate(lines):
        put_text(image, (box.x, box.y + i * step), line, face, theme.text)
    return len(lines) * step


def draw_hand(view: Any, theme: Theme) -> Image.Image:
    """One seat's private Codex view (Codex's `view(state, seat)`) as a picture of its cards."""
    data: Mapping[str, Any] = view if isinstance(view, Mapping) else {}
    you = as_map(data.get("you"))
    seat = as_int(you.get("seat"), as_int(data.get("active")))
    player = _player(data, seat)
    hand = [as_map(c) for c in as_list(you.get("hand"))]
    pick_names = [str(x) for x in as_list(you.get("tech_pick"))] if you.get("tech_pick") is not None else None
    image = new_canvas(WIDTH, HEIGHT, theme)
    _draw_top(image, data, seat, you, theme)
    margin, gap = px(MARGIN), px(GAP)
    top = px(TOP_H) + gap
    right_w = px(RIGHT_W)
    turn_seats = [x for x in as_list(data.get("turn_seats")) if isinstance(x, int)] or [as_int(data.get("active"))]
    my_turn = not data.get("result") and seat in turn_seats and data.get("phase") == "main" and not player.get("ended")
    left = Box(margin, top, WIDTH - 2 * margin - right_w - px(8), HEIGHT - margin - top)
    _draw_hand(image, left, hand, theme, gold=as_int(player.get("gold")), my_turn=bool(my_turn))

    column = Box(WIDTH - margin - right_w, top, right_w, HEIGHT - margin - top)
    draw = ImageDraw.Draw(image)
    draw.line((column.x - px(4), top, column.x - px(4), column.bottom), fill=theme.border, width=max(px(0.4), 1))
    legend = f"{EXHAUST_GLYPH} = exhaust it · ① ② … = pay that much gold · gold = cost, orange = ATK, red = HP"
    legend_lines = fit(legend, fnt(6), column.w, 2)
    legend_top = column.bottom - len(legend_lines) * line_height(fnt(6))
    y = column.y
    heroes = [_hero_lines(h) for h in _heroes(data, seat)]
    if heroes:
        y += _section(image, (column.x, y), "YOUR HEROES", "", theme, column.w)
        for head, text in heroes:
            y += _text(image, Box(column.x, y, column.w, legend_top - y), head, theme, bold=True, max_lines=2)
            y += _text(image, Box(column.x, y, column.w, legend_top - y), text, theme, max_lines=3) + px(3)
    if pick_names is not None or player.get("tech_pick") == "open":
        y += px(2)
        if pick_names:
            note = "to your discard when your next turn starts"
        elif pick_names is not None:
            note = "nothing this time"
        else:
            note = "owed: pick up to two codex cards"
        y += _section(image, (column.x, y), "TECH CHOICE", note, theme, column.w)
        if pick_names:
            w = (column.w - gap) // 2
            h = min(px(TILE_MAX_H) - px(12), legend_top - y - px(40))
            for i, name in enumerate(pick_names[:2]):
                draw_tile(
                    image, Box(column.x + i * (w + gap), y, w, max(h, px(50))), card_tile({"name": name})[0], theme
                )
            y += max(h, px(50)) + px(4)
        else:
            text = "You chose no cards." if pick_names is not None else "Choose with /codex tech before your turn."
            y += _text(image, Box(column.x, y, column.w, legend_top - y), text, theme, max_lines=2) + px(3)
    info = _info_lines(you)
    if info and legend_top - y > px(16):
        y += px(2) + _section(image, (column.x, y + px(2)), "DISCARD, WORKERS, CODEX", "", theme, column.w)
        for line in info:
            y += _text(image, Box(column.x, y, column.w, legend_top - y), line, theme, max_lines=3) + px(2)
    for i, line in enumerate(legend_lines):
        put_text(image, (column.x, legend_top + i * line_height(fnt(6))), line, fnt(6), theme.muted)
    return image

"""The Ascension board: the public picture posted after every move.

Landscape, 1600 x 1000, laid out for the chat preview (render.ascension.parts):

- a top bar: the round, whose turn it is (or who must choose, or who won), this turn's Runes and Power,
  the Honor left in the reserve, the Void and the centre deck;
- the centre row of six as card tiles (cost, Honor, what each does; in solo the slot numbers, and the two
  cards Samael takes next);
- each player's panel: Honor, hand, deck and discard counts, Constructs (and which were used this turn),
  the Heroes in play this turn, the discard pile; in solo, Samael's panel: his Honor, score, pile and last
  two takes;
- at the right, the three cards always there (Mystic, Heavy Infantry, Cultist) with what is left of them,
  and the last turn's story, weightiest first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.ascension.cards import lookup
from render.ascension.parts import (
    GAP,
    HEIGHT,
    MARGIN,
    WIDTH,
    S,
    as_int,
    as_list,
    as_map,
    counted,
    fit,
    fnt,
    honor_colour,
    key_number,
    key_width,
    panel,
    pill,
    power_colour,
    px,
    runes_colour,
    seat_of,
    stat,
    stat_width,
    tag,
    text,
    text_width,
    wrapped,
)
from render.ascension.story import WEIGHTY, story_lines, story_title
from render.ascension.tiles import draw_empty, draw_tile, tile_for
from render.kit import Box, contrast_text, line_height, new_canvas
from render.theme import RGB, Theme

TOP_H = 27.0
ROW_H = 104.0
RIGHT_W = 170.0
BASICS_H = 84.0
LINE = 7.8
ROW_SIZE = 6
SAMAEL_TAKES = 2
BASICS = ("Mystic", "Heavy Infantry", "Cultist")
SAMAEL_COLOUR: RGB = (120, 40, 48)

View = Mapping[str, Any]


def draw_board(view: View, theme: Theme) -> Image.Image:
    image = new_canvas(WIDTH, HEIGHT, theme)
    top_bar(image, view, theme)
    row_top = px(TOP_H + 2)
    draw_row(image, Box(px(MARGIN), row_top, WIDTH - 2 * px(MARGIN), px(ROW_H)), view, theme)
    lower = row_top + px(ROW_H + GAP)
    bottom = HEIGHT - px(MARGIN)
    right_x = WIDTH - px(MARGIN) - px(RIGHT_W)
    draw_seats(image, Box(px(MARGIN), lower, right_x - px(GAP) - px(MARGIN), bottom - lower), view, theme)
    basics = Box(right_x, lower, px(RIGHT_W), px(BASICS_H))
    draw_basics(image, basics, view, theme)
    story_top = basics.bottom + px(GAP)
    draw_story(image, Box(right_x, story_top, px(RIGHT_W), bottom - story_top), view, theme)
    return image


# ------------------------------------------------------------------------------------------- top bar


def turn_text(view: View) -> tuple[str, int | None]:
    """What the top bar's pill says and whose colour it takes (None: no seat's)."""
    result = as_map(view.get("result"))
    if result:
        winners = [str(w) for w in as_list(result.get("winners"))]
        if view.get("mode") == "solo":
            return ("p1 wins" if winners else "Samael wins"), (0 if winners else None)
        if not winners:
            return "game over", None
        return " and ".join(winners) + (" win" if len(winners) > 1 else " wins"), seat_of(winners[0])
    pending = as_map(view.get("pending"))
    if pending and pending.get("player") != view.get("active"):
        who = str(pending.get("player", "?"))
        return f"▶ {who} chooses", seat_of(who)
    who = str(view.get("active", "?"))
    return f"▶ {who}'s turn", seat_of(who)


def top_bar(image: Image.Image, view: View, theme: Theme) -> None:
    draw = ImageDraw.Draw(image)
    h = px(TOP_H)
    draw.rectangle((0, 0, WIDTH, h), fill=theme.panel)
    draw.line((0, h, WIDTH, h), fill=theme.accent, width=px(0.8))
    cy = h / 2
    x = px(MARGIN + 2)
    title = f"Ascension · round {as_int(view.get('round'), 1)}"
    x += round(text(image, (x, cy), title, fnt(10, "bold"), theme.text, anchor="lm")) + px(6)
    label, seat = turn_text(view)
    colour = theme.player(seat) if seat is not None else (SAMAEL_COLOUR if "Samael" in label else theme.accent)
    box = Box(x, round(cy - px(9.5)), round(key_width(label)) + px(10), px(19))
    draw.rounded_rectangle(box.xyxy, box.h // 2, fill=colour)
    key_number(image, box.center[0], cy, label, contrast_text(colour), anchor="m")
    stats = [
        ("RUNES", as_int(view.get("runes")), runes_colour(theme)),
        ("POWER", as_int(view.get("power")), power_colour(theme)),
    ]
    if as_int(view.get("mechana_runes")):
        stats.append(("FOR MECHANA", as_int(view.get("mechana_runes")), runes_colour(theme)))
    if as_int(view.get("discount")):
        stats.append(("CONSTRUCT −", as_int(view.get("discount")), runes_colour(theme)))
    stats += [
        ("HONOR LEFT", as_int(view.get("reserve")), honor_colour(theme)),
        ("VOID", sum(as_int(n) for n in as_map(view.get("void")).values()), theme.text),
        ("CENTRE DECK", as_int(view.get("centre_deck")), theme.text),
    ]
    right = WIDTH - px(MARGIN + 2)
    top = px(3)
    for label_, value, colour_ in reversed(stats):
        w = stat_width(label_, value)
        stat(image, right - w, top, label_, value, colour_, theme)
        right -= round(w) + px(8)


# ----------------------------------------------------------------------------------------------- row


def draw_row(image: Image.Image, box: Box, view: View, theme: Theme) -> None:
    row = as_list(view.get("row"))[:ROW_SIZE]
    row += [None] * (ROW_SIZE - len(row))
    gap = px(GAP)
    w = (box.w - gap * (ROW_SIZE - 1)) // ROW_SIZE
    solo = view.get("mode") == "solo"
    for slot, card in enumerate(row):
        tile_box = Box(box.x + slot * (w + gap), box.y, w, box.h)
        footer = ""
        if solo and not view.get("result"):
            footer = f"{slot + 1} · Samael next" if slot >= ROW_SIZE - SAMAEL_TAKES else str(slot + 1)
        entry = as_map(card)
        if not entry:
            draw_empty(image, tile_box, theme)
            continue
        draw_tile(image, tile_box, tile_for(entry.get("card"), footer=footer), theme)


# --------------------------------------------------------------------------------------------- seats


def seat_boxes(box: Box, count: int) -> list[Box]:
    gap = px(GAP)
    if count == 4:
        w, h = (box.w - gap) // 2, (box.h - gap) // 2
        return [Box(box.x + (i % 2) * (w + gap), box.y + (i // 2) * (h + gap), w, h) for i in range(4)]
    count = max(count, 1)
    w = (box.w - gap * (count - 1)) // count
    return [Box(box.x + i * (w + gap), box.y, w, box.h) for i in range(count)]


def draw_seats(image: Image.Image, box: Box, view: View, theme: Theme) -> None:
    players = [as_map(p) for p in as_list(view.get("players"))]
    solo = view.get("mode") == "solo"
    boxes = seat_boxes(box, len(players) + (1 if solo else 0))
    for seat, (player, seat_box) in enumerate(zip(players, boxes, strict=False)):
        draw_seat(image, seat_box, view, seat, player, theme)
    if solo and len(boxes) > len(players):
        draw_samael(image, boxes[len(players)], view, theme)


def seat_tag(view: View, name: str, player: Mapping[str, Any]) -> str:
    result = as_map(view.get("result"))
    if result:
        return "WINNER" if name in [str(w) for w in as_list(result.get("winners"))] else ""
    if player.get("out"):
        return "RESIGNED"
    pending = as_map(view.get("pending"))
    if pending and pending.get("player") == name:
        return "▶ CHOOSING"
    return "▶ THEIR TURN" if view.get("active") == name else ""


def draw_seat(image: Image.Image, box: Box, view: View, seat: int, player: Mapping[str, Any], theme: Theme) -> None:
    name = str(player.get("name") or f"p{seat + 1}")
    colour = theme.player(seat)
    active = view.get("active") == name and not view.get("result")
    label = seat_tag(view, name, player)
    title = name + (" · first" if player.get("first") and view.get("mode") != "solo" else "")
    tag_w = 0
    if label:
        tag_w = round(px(8) + text_width(label, fnt(6.5, "bold")))
    inner = panel(image, box, theme, title, accent=colour, outline=colour if active else None, right=tag_w)
    if label:
        tag(image, box.right - px(4), box.y + px(7.5), label, colour)
    x, top = inner.x, inner.y
    x += round(stat(image, x, top, "HONOR", as_int(player.get("honor")), honor_colour(theme), theme)) + px(7)
    result = as_map(view.get("result"))
    if result:
        final = as_map(result.get("scores")).get(str(seat))
        if final is not None:
            x += round(stat(image, x, top, "FINAL SCORE", as_int(final), theme.text, theme)) + px(7)
    discard = as_map(player.get("discard"))
    counts = (
        ("HAND", as_int(player.get("hand"))),
        ("DECK", as_int(player.get("deck"))),
        ("DISCARD", sum(as_int(n) for n in discard.values())),
    )
    for label_, value in counts:
        if x + px(18) > inner.right:
            break
        x += round(small_stat(image, x, top, label_, value, theme)) + px(5)
    y = top + px(22)
    lines: list[tuple[str, RGB]] = []
    constructs = [as_map(c) for c in as_list(player.get("constructs"))]
    if constructs:
        shown = [str(c.get("card", "?")) + (" (used)" if as_list(c.get("used")) else "") for c in constructs]
        lines.append(("Constructs: " + counted(shown), theme.text))
    else:
        lines.append(("No Constructs", theme.muted))
    played = [str(c) for c in as_list(player.get("played"))]
    if played:
        lines.append(("In play: " + counted(played), theme.text))
    if discard:
        lines.append(("Discard: " + counted(discard), theme.muted))
    small = fnt(LINE)
    for line, ink in lines:
        if y + line_height(small) > inner.bottom:
            break
        y += wrapped(image, Box(inner.x, y, inner.w, inner.bottom - y), line, small, ink) + px(1)


def small_stat(image: Image.Image, x: float, top: float, label: str, value: object, theme: Theme) -> float:
    """A muted label over a secondary number (not a key number): counts of cards."""
    label_w = text(image, (x, top), label, fnt(5.5, "bold"), theme.muted)
    value_w = text(image, (x, top + px(7)), str(value), fnt(10, "bold"), theme.text)
    return max(label_w, value_w)


def draw_samael(image: Image.Image, box: Box, view: View, theme: Theme) -> None:
    samael = as_map(view.get("samael"))
    inner = panel(image, box, theme, "Samael", accent=SAMAEL_COLOUR)
    x, top = inner.x, inner.y
    x += round(stat(image, x, top, "HONOR", as_int(samael.get("honor")), honor_colour(theme), theme)) + px(7)
    x += round(stat(image, x, top, "SCORE", as_int(samael.get("score")), theme.text, theme)) + px(7)
    cards = [str(c) for c in as_list(samael.get("cards"))]
    small_stat(image, x, top, "PILE", len(cards), theme)
    y = top + px(22)
    small = fnt(LINE)
    last = [as_map(t) for t in as_list(samael.get("last"))]
    if last:
        took = [
            f"set {t.get('card', '?')} aside"
            if t.get("how") == "acquire"
            else f"defeated {t.get('card', '?')} (+{as_int(t.get('honor'))} Honor)"
            for t in last
        ]
        y += wrapped(image, Box(inner.x, y, inner.w, inner.bottom - y), "Last: " + "; ".join(took), small, theme.text)
        y += px(1)
    note = "He takes the two rightmost row cards after each of your turns; his score is his Honor and his pile's."
    if cards:
        note = "Pile: " + counted(cards)
    wrapped(image, Box(inner.x, y, inner.w, inner.bottom - y), note, small, theme.muted)


# ------------------------------------------------------------------------------------- right column


def draw_basics(image: Image.Image, box: Box, view: View, theme: Theme) -> None:
    """Mystic, Heavy Infantry and the Cultist: cost and Honor pills, what each does, and what is left."""
    inner = panel(image, box, theme, "Always there")
    piles = as_map(view.get("piles"))
    row_h = inner.h // len(BASICS)
    for i, name in enumerate(BASICS):
        facts = lookup(name)
        if facts is None:
            continue
        y = inner.y + i * row_h
        cost_colour = power_colour(theme) if facts.type == "monster" else runes_colour(theme)
        cost = pill(image, inner.x, y, facts.cost, cost_colour, h=14)
        honor = pill(image, inner.right, y, facts.honor, honor_colour(theme), right=True, h=14)
        x = cost.right + px(3)
        left = "always" if facts.type == "monster" else f"{as_int(piles.get(name))} left"
        text(image, (x, y - px(0.5)), name, fnt(8, "bold"), theme.text, max_width=honor.x - x - px(2))
        detail = f"{facts.effect} · {left}"
        text(image, (x, y + px(9)), detail, fnt(6.8), theme.muted, max_width=honor.x - x - px(2))


def draw_story(image: Image.Image, box: Box, view: View, theme: Theme) -> None:
    last = as_map(view.get("last_turn"))
    if not last:
        inner = panel(image, box, theme, "Last turn")
        wrapped(image, inner, "Nothing yet: the first turn has just begun.", fnt(LINE), theme.muted)
        return
    seat = seat_of(last.get("player"))
    title = story_title(last, over=bool(view.get("result")))
    inner = panel(image, box, theme, title, accent=theme.player(seat) if seat is not None else None)
    y = inner.y
    lines = story_lines(last)
    for i, (line, rank, tone) in enumerate(lines):
        face = "bold" if rank <= WEIGHTY else "regular"
        font_ = fnt(LINE, face)
        room = (inner.bottom - y) // line_height(font_)
        if room <= 0:
            break
        wrapped_lines = fit(line, font_, inner.w, room)
        last_room = len(wrapped_lines) == room and i < len(lines) - 1
        if last_room and room == 1:
            text(image, (inner.x, y), "More happened: the message lists it all.", fnt(LINE), theme.muted)
            break
        ink = honor_colour(theme) if tone == "honor" else theme.danger if tone == "harm" else theme.text
        for shown in wrapped_lines:
            text(image, (inner.x, y), shown, font_, ink)
            y += line_height(font_)


__all__ = ["S", "draw_board"]

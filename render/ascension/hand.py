"""A player's private picture, sent by DM and shown by the "My hand / my move" button: the hand as card
tiles, each with what it does and a caption saying what it can do now; this turn's Runes and Power; what
they could buy, defeat or use with them; the choice owed; and the player's own cards on the table.

Laid out like the board (render.ascension.parts): landscape 1600 x 1000, the numbers that decide a turn
(Runes, Power, Honor, score, the reserve, every card's cost and Honor) in key type.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.ascension.board import draw_board, turn_text
from render.ascension.cards import Facts, lookup, printed
from render.ascension.parts import (
    GAP,
    HEIGHT,
    MARGIN,
    WIDTH,
    as_int,
    as_list,
    as_map,
    counted,
    fnt,
    honor_colour,
    key_number,
    key_width,
    panel,
    power_colour,
    px,
    runes_colour,
    seat_of,
    stat,
    stat_width,
    text,
    wrapped,
)
from render.ascension.tiles import Tile, draw_tile, tile_for
from render.kit import Box, contrast_text, line_height, new_canvas
from render.theme import Theme

TOP_H = 27.0
RIGHT_W = 176.0
PER_ROW = 5
MAX_ROWS = 3
CAPTION = 9.0
TILE_MAX_H = 112.0
LINE = 6.8

View = Mapping[str, Any]


def draw_hand(view: View, theme: Theme) -> Image.Image:
    you = as_map(view.get("you"))
    if not you:
        return draw_board(view, theme)  # a watcher has no hand: the public board is all there is
    image = new_canvas(WIDTH, HEIGHT, theme)
    me = str(you.get("player", "?"))
    player = next((as_map(p) for p in as_list(view.get("players")) if as_map(p).get("name") == me), {})
    mine = _my_turn(view, me)
    top_bar(image, view, you, player, theme, mine)
    top = px(TOP_H + 3)
    bottom = HEIGHT - px(MARGIN)
    right_x = WIDTH - px(MARGIN) - px(RIGHT_W)
    draw_cards(image, Box(px(MARGIN), top, right_x - px(GAP) - px(MARGIN), bottom - top), view, you, theme, mine)
    now_h = px(150)
    draw_now(image, Box(right_x, top, px(RIGHT_W), now_h), view, me, theme, mine)
    draw_mine(image, Box(right_x, top + now_h + px(GAP), px(RIGHT_W), bottom - top - now_h - px(GAP)), player, theme)
    return image


def _my_turn(view: View, me: str) -> bool:
    pending = as_map(view.get("pending"))
    if view.get("result"):
        return False
    if pending:
        return pending.get("player") == me
    return view.get("active") == me


def top_bar(
    image: Image.Image, view: View, you: Mapping[str, Any], player: Mapping[str, Any], theme: Theme, mine: bool
) -> None:
    draw = ImageDraw.Draw(image)
    h = px(TOP_H)
    draw.rectangle((0, 0, WIDTH, h), fill=theme.panel)
    draw.line((0, h, WIDTH, h), fill=theme.accent, width=px(0.8))
    cy = h / 2
    me = str(you.get("player", "?"))
    own = seat_of(me)
    x = px(MARGIN + 2)
    if own is not None:
        dot = px(6)
        draw.ellipse((x, cy - dot / 2, x + dot, cy + dot / 2), fill=theme.player(own))
        x += dot + px(3)
    x += round(text(image, (x, cy), f"Your hand · {me}", fnt(10, "bold"), theme.text, anchor="lm")) + px(6)
    label, seat = turn_text(view)
    pending = as_map(view.get("pending"))
    if mine:
        label = "▶ choose now" if pending else "▶ your turn"
    colour = theme.player(seat) if seat is not None else theme.accent
    box = Box(x, round(cy - px(9.5)), round(key_width(label)) + px(10), px(19))
    draw.rounded_rectangle(box.xyxy, box.h // 2, fill=colour)
    key_number(image, box.center[0], cy, label, contrast_text(colour), anchor="m")
    stats: list[tuple[str, int, Any]] = []
    if view.get("active") == me and not view.get("result"):
        stats += [
            ("RUNES", as_int(view.get("runes")), runes_colour(theme)),
            ("POWER", as_int(view.get("power")), power_colour(theme)),
        ]
    stats += [
        ("HONOR", as_int(player.get("honor")), honor_colour(theme)),
        ("SCORE", as_int(you.get("score")), theme.text),
        ("HONOR LEFT", as_int(view.get("reserve")), honor_colour(theme)),
    ]
    right = WIDTH - px(MARGIN + 2)
    for label_, value, colour_ in reversed(stats):
        w = stat_width(label_, value)
        stat(image, right - w, px(3), label_, value, colour_, theme)
        right -= round(w) + px(8)


# ----------------------------------------------------------------------------------------------- hand


def choice_for(name: str, options: list[Any]) -> str | None:
    """ "banish" or "discard" when the choice owed offers that for this hand card."""
    shown = {str(o) for o in options}
    if f"banish {name} from hand" in shown:
        return "banish"
    return "discard" if f"discard {name}" in shown else None


def caption(facts: Facts | None, name: str, view: View, mine: bool) -> tuple[str, bool]:
    """What a hand card can do now, and whether that is something to do now (drawn bold and bright)."""
    pending = as_map(view.get("pending"))
    if pending:
        verb = choice_for(name, as_list(pending.get("options")))
        if verb is not None:
            return f"▶ {verb} it?", True
        return ("after the choice" if mine else "not now"), False
    if not mine:
        return "on your turn", False
    if facts is None:
        return "play now", True
    if facts.type == "construct":
        return "play: stays out", True
    return ("play now" if facts.simple else "play: asks you"), True


def construct_caption(construct: Mapping[str, Any], mine: bool) -> tuple[str, bool]:
    facts = lookup(construct.get("card"))
    if facts is None or not facts.abilities:
        return "always on", False
    used = {str(k) for k in as_list(construct.get("used"))}
    if not mine:
        return "stays in play", False
    if all(k in used for k in facts.abilities):
        return "used this turn", False
    return "▶ use it", True


def draw_cards(image: Image.Image, box: Box, view: View, you: Mapping[str, Any], theme: Theme, mine: bool) -> None:
    """The hand, five tiles to a row, each with what it can do now; then the player's Constructs."""
    hand = [str(c) for c in as_list(you.get("hand"))]
    me = str(you.get("player", "?"))
    player = next((as_map(p) for p in as_list(view.get("players")) if as_map(p).get("name") == me), {})
    constructs = [as_map(c) for c in as_list(player.get("constructs"))]
    ready = sum(1 for c in hand if (f := lookup(c)) is not None and f.simple)
    head = f"HAND ({len(hand)})" + (
        f" · play all plays {ready}" if mine and ready >= 2 and not view.get("pending") else ""
    )
    hand_rows = max(min(math.ceil(len(hand) / PER_ROW), MAX_ROWS - (1 if constructs else 0)), 1)
    construct_rows = min(math.ceil(len(constructs) / PER_ROW), MAX_ROWS - hand_rows)
    rows = hand_rows + construct_rows
    gap = px(GAP)
    head_h = px(10)
    cap_h = px(CAPTION)
    w = (box.w - gap * (PER_ROW - 1)) // PER_ROW
    heads = head_h * (2 if construct_rows else 1)
    h = min(px(TILE_MAX_H), (box.bottom - box.y - heads - rows * (cap_h + gap)) // rows)
    text(image, (box.x, box.y), head, fnt(7, "bold"), theme.muted)
    top = box.y + head_h
    if not hand:
        text(image, (box.x, top), "Your hand is empty.", fnt(LINE), theme.muted)
    shown = hand[: hand_rows * PER_ROW]
    options = as_list(as_map(view.get("pending")).get("options"))
    for i, label in enumerate(shown):
        name = printed(label)
        said, now = caption(lookup(label), name, view, mine)
        chosen = choice_for(name, options) is not None
        tile = tile_for(label, dim=not now and not chosen, highlight=chosen)
        _tile_with_caption(image, box, top, i, (w, h), tile, said, now, theme)
    if len(hand) > len(shown):
        rest = counted([printed(c) for c in hand[len(shown) :]])
        more = f"And {len(hand) - len(shown)} more: {rest}"
        text(image, (box.x + box.w, box.y), more, fnt(7, "bold"), theme.text, anchor="ra", max_width=box.w // 2)
    if not construct_rows:
        return
    top += hand_rows * (h + cap_h + gap)
    text(image, (box.x, top), f"YOUR CONSTRUCTS ({len(constructs)})", fnt(7, "bold"), theme.muted)
    top += head_h
    for i, construct in enumerate(constructs[: construct_rows * PER_ROW]):
        said, now = construct_caption(construct, mine and not view.get("pending"))
        tile = tile_for(construct.get("card"), dim=not now)
        _tile_with_caption(image, box, top, i, (w, h), tile, said, now, theme)


def _tile_with_caption(
    image: Image.Image,
    box: Box,
    top: int,
    index: int,
    size: tuple[int, int],
    tile: Tile,
    said: str,
    now: bool,
    theme: Theme,
) -> None:
    w, h = size
    gap = px(GAP)
    x = box.x + (index % PER_ROW) * (w + gap)
    y = top + (index // PER_ROW) * (h + px(CAPTION) + gap)
    draw_tile(image, Box(x, y, w, h), tile, theme)
    font_ = fnt(6.6, "bold" if now else "regular")
    text(image, (x + w / 2, y + h + px(1)), said, font_, theme.text if now else theme.muted, anchor="ma", max_width=w)


# ------------------------------------------------------------------------------------ right column


def affordable(view: View) -> tuple[list[str], list[str]]:
    """("Name cost", ...) the player can buy and defeat with this turn's Runes and Power (the buttons and
    `/ascension move` list the exact moves)."""
    runes, power = as_int(view.get("runes")), as_int(view.get("power"))
    mechana, discount = as_int(view.get("mechana_runes")), as_int(view.get("discount"))
    names = [str(as_map(c).get("card")) for c in as_list(view.get("row")) if as_map(c)]
    names += [str(name) for name, left in as_map(view.get("piles")).items() if as_int(left)]
    buys: list[str] = []
    defeats: list[str] = []
    for name in [*names, "Cultist"]:
        facts = lookup(name)
        if facts is None:
            continue
        if facts.type == "monster":
            if facts.cost <= power:
                defeats.append(f"{name} {facts.cost}")
            continue
        cost = max(0, facts.cost - discount) if facts.type == "construct" else facts.cost
        budget = runes + (mechana if facts.type == "construct" and facts.faction == "mechana" else 0)
        if cost <= budget and f"{name} {cost}" not in buys:
            buys.append(f"{name} {cost}")
    return buys, defeats


def ready_uses(player: Mapping[str, Any]) -> list[str]:
    """Constructs with a use not made this turn."""
    out = []
    for construct in (as_map(c) for c in as_list(player.get("constructs"))):
        facts = lookup(construct.get("card"))
        used = {str(k) for k in as_list(construct.get("used"))}
        if facts is not None and any(k not in used for k in facts.abilities):
            out.append(facts.name)
    return out


def draw_now(image: Image.Image, box: Box, view: View, me: str, theme: Theme, mine: bool) -> None:
    pending = as_map(view.get("pending"))
    small = fnt(LINE)
    lines: list[tuple[str, Any]] = []
    if view.get("result"):
        title = "The game is over"
        lines.append(("The board shows the final scores.", theme.muted))
    elif pending and mine:
        title = f"Choose for {pending.get('card', '?')}"
        lines += [(f"• {o}", theme.text) for o in as_list(pending.get("options"))]
    elif pending:
        title = f"{pending.get('player', '?')} is choosing"
        lines.append(
            (f"Waiting for {pending.get('player', '?')} to choose for {pending.get('card', '?')}.", theme.muted)
        )
    elif mine:
        title = "This turn you can"
        buys, defeats = affordable(view)
        player = next((as_map(p) for p in as_list(view.get("players")) if as_map(p).get("name") == me), {})
        uses = ready_uses(player)
        if buys:
            lines.append((f"Buy ({as_int(view.get('runes'))} Runes): " + ", ".join(buys), theme.text))
        if defeats:
            lines.append((f"Defeat ({as_int(view.get('power'))} Power): " + ", ".join(defeats), theme.text))
        if uses:
            lines.append(("Use: " + ", ".join(uses), theme.text))
        if not (buys or defeats or uses):
            lines.append(("Play cards for Runes and Power, or end the turn.", theme.muted))
        lines.append(("The buttons list every move.", theme.muted))
    else:
        title = f"{view.get('active', '?')} is playing"
        lines.append(("These five cards are your next turn's hand.", theme.muted))
    inner = panel(image, box, theme, title, accent=theme.accent if mine else None)
    y = inner.y
    for line, ink in lines:
        if y + line_height(small) > inner.bottom:
            break
        y += wrapped(image, Box(inner.x, y, inner.w, inner.bottom - y), line, small, ink) + px(1.5)


def draw_mine(image: Image.Image, box: Box, player: Mapping[str, Any], theme: Theme) -> None:
    inner = panel(image, box, theme, "Your cards on the table")
    small = fnt(LINE)
    discard = as_map(player.get("discard"))
    constructs = [str(as_map(c).get("card", "?")) for c in as_list(player.get("constructs"))]
    played = [str(c) for c in as_list(player.get("played"))]
    lines = [
        ("Constructs: " + (counted(constructs) if constructs else "none"), theme.text),
        *([("In play: " + counted(played), theme.text)] if played else []),
        (f"Deck: {as_int(player.get('deck'))} cards, face down", theme.muted),
        (f"Discard ({sum(as_int(n) for n in discard.values())}): " + (counted(discard) or "empty"), theme.muted),
    ]
    y = inner.y
    for line, ink in lines:
        if y + line_height(small) > inner.bottom:
            break
        y += wrapped(image, Box(inner.x, y, inner.w, inner.bottom - y), line, small, ink) + px(1.5)

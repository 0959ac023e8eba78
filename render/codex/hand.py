"""A Codex seat's private picture, sent by DM: its hand as cards, its resources, heroes and tech choice.

The view gives each hand card's facts (`card`, `type`, `subtypes`, `atk`, `hp`, `tech`, `reminder`), its
cost to play now (None when its requirements are not met), `playable` and a short `why_not`; the card
facts fill in only what an entry lacks (older views, tech-choice entries).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.codex import cards as codex_cards
from render.codex.parts import (
    BAND_NUMERALS,
    EXHAUST_GLYPH,
    Tile,
    as_int,
    as_list,
    as_map,
    as_opt_int,
    draw_icon_row,
    draw_tag,
    draw_tile,
    glyph_safe,
    hero_band,
    put_text,
    seat_name,
    text_lines_height,
    wrapped,
)
from render.fonts import font
from render.kit import (
    PANEL_PAD,
    Box,
    draw_panel,
    line_height,
    new_canvas,
    panel_height,
    title_bar_height,
)
from render.theme import Theme

WIDTH = 1200
MARGIN = 16
GAP = 14
CARD_W, CARD_H = 178, 236
CARD_GAP = 14
CAPTION_H = 24
INFO_LINES = 3


def _content_w() -> int:
    return WIDTH - 2 * MARGIN - 2 * PANEL_PAD


def _per_row() -> int:
    return max((_content_w() + CARD_GAP) // (CARD_W + CARD_GAP), 1)


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


def _cards_h(n: int) -> int:
    rows = max((n + _per_row() - 1) // _per_row(), 1)
    return rows * (CARD_H + CAPTION_H) + (rows - 1) * CARD_GAP


def _draw_cards(
    image: Image.Image,
    box: Box,
    entries: list[Mapping[str, Any]],
    theme: Theme,
    *,
    gold: int | None = None,
    my_turn: bool = False,
) -> None:
    small = font(theme.font_small)
    small_bold = font(theme.font_small, "bold")
    if not entries:
        put_text(image, (box.x, box.y), "No cards.", small, theme.muted)
        return
    per_row = _per_row()
    for i, entry in enumerate(entries):
        row, col = divmod(i, per_row)
        x = box.x + col * (CARD_W + CARD_GAP)
        y = box.y + row * (CARD_H + CAPTION_H + CARD_GAP)
        tile, caption, playable = card_tile(entry, gold=gold, my_turn=my_turn)
        draw_tile(image, Box(x, y, CARD_W, CARD_H), tile, theme)
        if caption:
            put_text(
                image,
                (x + CARD_W // 2, y + CARD_H + 4),
                caption,
                small_bold if playable else small,
                theme.text if playable else theme.muted,
                anchor="ma",
                max_width=CARD_W,
            )


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


def draw_hand(view: Any, theme: Theme) -> Image.Image:
    """One seat's private Codex view (Codex's `view(state, seat)`) as a picture of its cards."""
    data: Mapping[str, Any] = view if isinstance(view, Mapping) else {}
    you = as_map(data.get("you"))
    seat = as_int(you.get("seat"), as_int(data.get("active")))
    player = _player(data, seat)
    hand = [as_map(c) for c in as_list(you.get("hand"))]
    pick_names = [str(x) for x in as_list(you.get("tech_pick"))] if you.get("tech_pick") is not None else None
    pick_state = player.get("tech_pick")
    heroes = _heroes(data, seat)
    info = _info_lines(you)
    width = _content_w()
    small = font(theme.font_small)
    step = line_height(small) + 3
    bold = font(theme.font_body, "bold")

    header_content = 28 + 10 + line_height(font(theme.font_body))
    hero_rows = [_hero_lines(h) for h in heroes]
    hero_content = sum(line_height(bold) + 4 + text_lines_height(t, width, theme, 2) + 10 for _, t in hero_rows)
    pick_entries = [{"name": n} for n in pick_names or []]
    show_pick = pick_names is not None or pick_state == "open"
    pick_content = (_cards_h(len(pick_entries)) - CAPTION_H) if pick_entries else step
    info_content = sum(text_lines_height(line, width, theme, INFO_LINES) + 6 for line in info) + step
    heights = [
        panel_height(header_content, theme),
        panel_height(_cards_h(len(hand)), theme),
        panel_height(hero_content, theme) if hero_rows else 0,
        panel_height(pick_content, theme) if show_pick else 0,
        panel_height(info_content, theme),
    ]
    total = MARGIN + sum(h + GAP for h in heights if h) - GAP + MARGIN
    image = new_canvas(WIDTH, total, theme)
    colour = theme.player(seat)
    y = MARGIN
    name = seat_name(data, seat)

    box = Box(MARGIN, y, WIDTH - 2 * MARGIN, heights[0])
    content = draw_panel(image, box, theme, f"Your hand and private view · {name}", accent=colour)
    turn_seats = [x for x in as_list(data.get("turn_seats")) if isinstance(x, int)] or [as_int(data.get("active"))]
    my_turn = not data.get("result") and seat in turn_seats and data.get("phase") == "main" and not player.get("ended")
    if my_turn:
        tag_h = line_height(font(theme.font_small, "bold")) + 6
        draw_tag(
            image,
            (box.right - PANEL_PAD - 4, box.y + (title_bar_height(theme) - tag_h) // 2),
            "▶ YOUR TURN",
            colour,
            theme,
            anchor="r",
        )
    draw_icon_row(
        image,
        (content.x, content.y),
        [
            ("gold", as_int(player.get("gold")), "gold"),
            ("accent", as_int(player.get("workers")), "workers"),
            ("cards", len(hand), "hand"),
            ("cards", as_int(you.get("deck"), as_int(player.get("deck"))), "deck"),
            ("cards", as_int(player.get("discard"), len(as_list(you.get("discard")))), "discard"),
        ],
        theme,
    )
    put_text(
        image, (content.x, content.y + 38), _status(data, seat), font(theme.font_body), theme.text, max_width=width
    )
    y += heights[0] + GAP

    box = Box(MARGIN, y, WIDTH - 2 * MARGIN, heights[1])
    gold = as_int(player.get("gold"))
    playable = sum(1 for c in hand if card_tile(c, gold=gold, my_turn=my_turn)[2])
    note = f"{playable} playable now" if my_turn else None
    content = draw_panel(image, box, theme, f"Hand ({len(hand)})", note=note)
    _draw_cards(image, content, hand, theme, gold=gold, my_turn=my_turn)
    y += heights[1] + GAP

    if hero_rows:
        box = Box(MARGIN, y, WIDTH - 2 * MARGIN, heights[2])
        content = draw_panel(image, box, theme, "Your heroes")
        hy = content.y
        for head, text in hero_rows:
            put_text(image, (content.x, hy), head, bold, theme.text, max_width=width)
            hy += line_height(bold) + 4
            hy += wrapped(image, Box(content.x, hy, width, 2 * step), text, theme, colour=theme.text) + 10
        y += heights[2] + GAP

    if show_pick:
        box = Box(MARGIN, y, WIDTH - 2 * MARGIN, heights[3])
        if pick_names:
            title, note = "Your tech choice", "goes to your discard when your next turn starts"
        elif pick_names is not None:
            title, note = "Your tech choice", "nothing this time"
        else:
            title, note = "Tech choice owed", "pick up to two cards from your codex"
        content = draw_panel(image, box, theme, title, note=note, highlight=pick_state == "open" and not pick_names)
        if pick_entries:
            for i, entry in enumerate(pick_entries):
                row, col = divmod(i, _per_row())
                x = content.x + col * (CARD_W + CARD_GAP)
                draw_tile(
                    image, Box(x, content.y + row * (CARD_H + CARD_GAP), CARD_W, CARD_H), card_tile(entry)[0], theme
                )
        else:
            text = "You chose no cards." if pick_names is not None else "Choose with /codex tech before your turn."
            put_text(image, (content.x, content.y), text, small, theme.text)
        y += heights[3] + GAP

    box = Box(MARGIN, y, WIDTH - 2 * MARGIN, heights[4])
    content = draw_panel(image, box, theme, "Discard, workers and codex")
    iy = content.y
    for line in info:
        iy += wrapped(image, Box(content.x, iy, width, INFO_LINES * step), line, theme, colour=theme.text) + 6
    legend = f"{EXHAUST_GLYPH} = exhaust it  ·  ① ② … = pay that much gold  ·  gold coin = cost to play"
    put_text(image, (content.x, iy), legend, small, theme.muted, max_width=width)
    return image

"""Pieces shared by the Codex board and hand pictures: card tiles, level tracks, names and small widgets.

Everything reads the Codex view defensively (`.get` with a default): a view from an older or newer
engine, or a half-built one, should give a picture with something missing, never an exception.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.fonts import Face, font
from render.kit import (
    Box,
    Font,
    blend,
    clean_text,
    contrast_text,
    copy_keys,
    draw_icon,
    draw_meter,
    face_of,
    fit_lines,
    line_height,
    record_key,
    truncate,
)
from render.theme import RGB, Theme

# Glyphs our card texts use that the bundled DejaVu fonts lack, and what we draw instead. "↷" stands
# for the exhaust arrow; the picture legends say so.
_GLYPHS = str.maketrans({"⤵": "↷", "⓪": "(0)"})

EXHAUST_GLYPH = "↷"

SLOT_TITLES: dict[str, str] = {
    "squad leader": "Squad leader",
    "elite": "Elite",
    "scavenger": "Scavenger",
    "technician": "Technician",
    "lookout": "Lookout",
}

SLOT_PERKS: dict[str, str] = {
    "squad leader": "+1 armor",
    "elite": "+1 ATK",
    "scavenger": "dies: +1 gold",
    "technician": "dies: draw 1",
    "lookout": "resist 1",
}
"""What each patrol slot gives its patroller, in our words, as a reminder under the slot name."""

BUILDING_NAMES: dict[str, str] = {
    "base": "Base",
    "tech1": "Tech I",
    "tech2": "Tech II",
    "tech3": "Tech III",
    "surplus": "Surplus",
    "tower": "Tower",
    "tech lab": "Tech Lab",
    "heroes hall": "Heroes' Hall",
}

TYPE_NAMES: dict[str, str] = {
    "unit": "Unit",
    "token": "Token",
    "hero": "Hero",
    "spell": "Spell",
    "upgrade": "Upgrade",
    "building": "Building",
}

TECH_NUMERALS = {0: "0", 1: "I", 2: "II", 3: "III"}
BAND_NUMERALS = {1: "I", 2: "II", 3: "III"}


def glyph_safe(text: object) -> str:
    return (text if isinstance(text, str) else str(text)).translate(_GLYPHS)


def as_int(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def as_opt_int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def as_list(value: object) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def as_map(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def seat_name(view: Mapping[str, Any], seat: int) -> str:
    for player in as_list(view.get("players")):
        if isinstance(player, Mapping) and player.get("seat") == seat and isinstance(player.get("name"), str):
            return str(player["name"])
    return f"p{seat + 1}"


def building_name(kind: object) -> str:
    text = str(kind or "")
    return BUILDING_NAMES.get(text, text.replace("_", " ").title())


def hero_band(level: int, mid: int | None, top: int | None) -> int:
    """1, 2 or 3: the band a hero at `level` is in."""
    if top and level >= top:
        return 3
    if mid and level >= mid:
        return 2
    return 1


def runes_text(runes: object) -> str | None:
    n = as_int(runes)
    if n > 0:
        return "+1/+1 rune" + (f" ×{n}" if n > 1 else "")
    if n < 0:
        return "−1/−1 rune" + (f" ×{-n}" if n < -1 else "")
    return None


def marks_text(marks: object) -> str | None:
    parts = [f"{k} {v}" for k, v in as_map(marks).items() if as_int(v)]
    return ", ".join(parts) + (" rune" if len(parts) == 1 else " runes") if parts else None


# ------------------------------------------------------------------------------------------------- text
#
# A board draws about a hundred strings, most of them the same from one board to the next (slot names,
# captions, card names), and rasterising text is the largest part of drawing. So text is rasterised once
# into a coverage mask per (string, face, size, anchor) and pasted in its colour after that; widths and
# wrapped lines are cached the same way. Caches are shared by threads: their values are never mutated.


def _font_key(fnt: Font) -> tuple[Face, int]:
    return face_of(fnt), int(fnt.size)


@lru_cache(maxsize=8192)
def _width(text: str, face: Face, size: int) -> float:
    return font(size, face).getlength(text) if text else 0.0


@lru_cache(maxsize=4096)
def _mask(text: str, face: Face, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    fnt = font(size, face)
    left, top, right, bottom = fnt.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255, anchor=anchor)
    return mask, left, top


@lru_cache(maxsize=4096)
def _clip(text: str, face: Face, size: int, max_width: int) -> str:
    return truncate(text, font(size, face), max_width)


@lru_cache(maxsize=4096)
def _fit(text: str, face: Face, size: int, max_width: int, max_lines: int) -> tuple[str, ...]:
    return tuple(fit_lines(text, font(size, face), max_width, max_lines))


def width_of(text: str, fnt: Font) -> float:
    return _width(text, *_font_key(fnt))


def fit(text: object, fnt: Font, max_width: float, max_lines: int) -> list[str]:
    """`kit.fit_lines`, cached."""
    return list(_fit(glyph_safe(clean_text(text, keep_newlines=True)), *_font_key(fnt), int(max_width), max_lines))


def put_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: object,
    fnt: Font,
    fill: RGB,
    *,
    anchor: str = "la",
    max_width: float | None = None,
    key: bool = False,
) -> float:
    """`kit.draw_text` without the stroke option, from cached masks; returns the drawn width. `key` records
    the text as a number that decides a turn (see `kit.key_texts`)."""
    face, size = _font_key(fnt)
    line = glyph_safe(clean_text(text))
    if max_width is not None:
        line = _clip(line, face, size, max(int(max_width), 0))
    if not line:
        return 0.0
    mask, left, top = _mask(line, face, size, anchor)
    x, y = round(xy[0]), round(xy[1])
    image.paste(fill, (x + left, y + top, x + left + mask.width, y + top + mask.height), mask)
    if key:
        record_key(image, (x, y), line, fnt, anchor)
    return _width(line, face, size)


# ------------------------------------------------------------------------------------------------ icons


@lru_cache(maxsize=1024)
def _icon_patch(kind: str, value: str, size: int, bg: RGB, theme: Theme) -> Image.Image:
    patch = Image.new("RGB", (size, size), bg)
    draw_icon(patch, (size // 2, size // 2), kind, value, theme, size=size, key=True)  # type: ignore[arg-type]
    return patch


def icon(
    image: Image.Image,
    center: tuple[int, int],
    kind: str,
    value: object,
    theme: Theme,
    bg: RGB,
    *,
    size: int = 28,
    caption: str | None = None,
    key: bool = False,
) -> Box:
    """`kit.draw_icon` on a plain `bg`, drawn once per look and pasted after that.

    A board has dozens of icons and each is a supersampled shape, so this is most of the saving that
    keeps a board render fast. `key` records the number as deciding a turn. Returns the box covering
    icon and caption.
    """
    x, y = center[0] - size // 2, center[1] - size // 2
    patch = _icon_patch(kind, str(value), size, bg, theme)
    image.paste(patch, (x, y))
    if key:
        copy_keys(patch, image, x, y)
    box = Box(x, y, size, size)
    if caption is None:
        return box
    width = put_text(image, (box.right + 6, center[1]), caption, font(theme.font_small), theme.muted, anchor="lm")
    return Box(x, y, size + 6 + round(width), size)


@lru_cache(maxsize=512)
def _meter_patch(
    w: int, h: int, value: int, maximum: int, label: str, colour: RGB | None, bg: RGB, theme: Theme
) -> Image.Image:
    patch = Image.new("RGB", (w, h), bg)
    draw_meter(patch, Box(0, 0, w, h), value, maximum, theme, colour=colour, label=label, key=True)
    return patch


def meter(
    image: Image.Image,
    box: Box,
    value: int,
    maximum: int,
    theme: Theme,
    bg: RGB,
    *,
    label: str,
    colour: RGB | None = None,
    key: bool = False,
) -> None:
    """`kit.draw_meter` on a plain `bg`, cached like the icons (bases and buildings repeat a lot)."""
    patch = _meter_patch(box.w, box.h, value, maximum, label, colour, bg, theme)
    image.paste(patch, (box.x, box.y))
    if key:
        copy_keys(patch, image, box.x, box.y)


# ------------------------------------------------------------------------------------------------ tiles


@dataclass(slots=True)
class Tile:
    """What one card tile shows; every part is optional."""

    name: str
    type_line: str = ""
    text: str = ""
    cost: int | None = None
    atk: int | None = None
    hp: int | None = None
    damage: int = 0
    armor: int = 0
    exhausted: bool = False
    highlight: bool = False
    owner: int | None = None
    level: int | None = None
    max_level: int | None = None
    mid_level: int | None = None
    tags: list[str] = field(default_factory=list)
    """Short bold words before the text ("NEW")."""
    dim: bool = False
    """Drawn faded, e.g. a hand card that cannot be played now."""
    footer: str = ""
    """Muted text between the ATK and HP badges ("Tech II")."""


NAME_SIZE = 15
PAD = 8
BADGE = 30


def _fade(image: Image.Image, box: Box, theme: Theme, amount: float, *, grey: bool) -> None:
    region = image.crop((box.x, box.y, box.right, box.bottom))
    if grey:
        region = region.convert("L").convert("RGB")
    image.paste(Image.blend(region, Image.new("RGB", region.size, theme.panel), amount), (box.x, box.y))


def draw_level_track(image: Image.Image, box: Box, tile: Tile, theme: Theme) -> None:
    """One cell per hero level, filled up to the current level; gaps mark where the bands begin."""
    top = tile.max_level or 0
    level = tile.level or 0
    if top <= 0:
        return
    draw = ImageDraw.Draw(image)
    gap, band_gap = 2, 6
    breaks = sum(1 for lv in (tile.mid_level, tile.max_level) if lv and 1 < lv <= top)
    cell = max((box.w - (top - 1) * gap - breaks * (band_gap - gap)) // top, 4)
    at_max = level >= top
    x = box.x
    for lv in range(1, top + 1):
        if lv > 1 and lv in (tile.mid_level, tile.max_level):
            x += band_gap - gap
        filled = lv <= level
        colour = theme.gold if at_max else theme.text
        draw.rectangle(
            (x, box.y, x + cell - 1, box.bottom - 1),
            fill=colour if filled else theme.panel_title,
            outline=blend(colour, (0, 0, 0), 0.35) if filled else theme.border,
        )
        x += cell + gap


def _name_lines(name: str, fnt: Font, width: int) -> list[str]:
    """Up to two lines of a card name; a "#2" copy suffix stays glued to the name, since
    "Blademaster#2" is what players type."""
    base, sep, number = name.rpartition("#")
    if not sep or not number.isdigit() or width_of(name, fnt) <= width:
        return fit(name, fnt, width, 2)
    lines = fit(base, fnt, width, 2)
    suffix = f"#{number}"
    if lines and width_of(lines[-1] + suffix, fnt) <= width:
        lines[-1] += suffix
    elif len(lines) == 1:
        lines.append(suffix)
    else:
        lines = [lines[0], *fit(lines[1] + suffix, fnt, width, 1)]
    return lines


def draw_tile(image: Image.Image, box: Box, tile: Tile, theme: Theme) -> None:
    """A card tile: cost, name, type line, hero level track, tags and text, ATK/HP/damage/armor badges.

    Exhausted tiles are greyed and get an EXHAUSTED strip above the badges (name, stats and text stay
    readable); tiles changed on the last turn get a thick outline in the highlight colour.
    """
    draw = ImageDraw.Draw(image)
    edge = theme.card_border if tile.owner is None else theme.player(tile.owner)
    draw.rounded_rectangle(box.xyxy, 8, fill=theme.card, outline=edge, width=3 if tile.owner is not None else 2)
    name_font = font(NAME_SIZE, "bold")
    small = font(theme.font_small)
    small_bold = font(theme.font_small, "bold")
    inner_w = box.w - 2 * PAD
    y = box.y + PAD
    name_x = box.x + PAD
    bubble = 28
    if tile.cost is not None:
        icon(image, (box.x + PAD + bubble // 2, y + bubble // 2), "gold", tile.cost, theme, theme.card, size=bubble)
        name_x += bubble + 6
    name_lines = _name_lines(tile.name, name_font, box.right - PAD - name_x)
    ny = y + (2 if tile.cost is not None else 0)
    for line in name_lines:
        put_text(image, (name_x, ny), line, name_font, theme.text)
        ny += line_height(name_font) + 1
    y = max(ny, y + (bubble if tile.cost is not None else 0)) + 3
    if tile.type_line:
        put_text(image, (box.x + PAD, y), glyph_safe(tile.type_line), small, theme.muted, max_width=inner_w)
        y += line_height(small) + 3
    draw.line((box.x + PAD, y, box.right - PAD - 1, y), fill=theme.card_border, width=1)
    y += 5
    if tile.max_level:
        draw_level_track(image, Box(box.x + PAD, y, inner_w, 12), tile, theme)
        y += 12 + 5

    has_badges = tile.atk is not None or tile.hp is not None or tile.damage or tile.armor or tile.footer
    bottom = box.bottom - PAD - (BADGE + 4 if has_badges else 0)
    strip = line_height(small_bold) + 6
    if tile.exhausted:
        bottom -= strip + 4
    step = line_height(small) + 2
    room = max((bottom - y + 2) // step, 0)
    lines: list[tuple[str, bool]] = []
    if tile.tags:
        lines += [(line, True) for line in fit(" · ".join(tile.tags), small_bold, inner_w, room)]
    if tile.text and room > len(lines):
        lines += [(line, False) for line in fit(tile.text, small, inner_w, room - len(lines))]
    for line, bold in lines:
        put_text(image, (box.x + PAD, y), line, small_bold if bold else small, theme.text)
        y += step

    left, right = box.x + PAD, box.right - PAD
    badge_y = box.bottom - PAD - BADGE // 2
    if tile.atk is not None:
        icon(image, (left + BADGE // 2, badge_y), "atk", tile.atk, theme, theme.card, size=BADGE)
        left += BADGE + 4
    if tile.armor:
        icon(image, (left + 13, badge_y), "shield", tile.armor, theme, theme.card, size=26)
        left += 30
    if tile.hp is not None:
        icon(image, (right - BADGE // 2, badge_y), "hp", tile.hp, theme, theme.card, size=BADGE)
        right -= BADGE + 4
    if tile.damage:
        icon(image, (right - 13, badge_y), "damage", tile.damage, theme, theme.card, size=26)
        right -= 30
    if tile.footer and right - left > 20:
        put_text(
            image, ((left + right) / 2, badge_y), tile.footer, small, theme.muted, anchor="mm", max_width=right - left
        )

    if tile.dim:
        _fade(image, box, theme, 0.35, grey=True)
    if tile.exhausted:
        _fade(image, box, theme, 0.4, grey=False)
        band = Box(box.x + 4, box.bottom - PAD - (BADGE + 4 if has_badges else 0) - strip - 2, box.w - 8, strip)
        draw.rounded_rectangle(band.xyxy, 4, fill=theme.panel_title, outline=theme.border)
        put_text(
            image, band.center, f"{EXHAUST_GLYPH} EXHAUSTED", small_bold, theme.text, anchor="mm", max_width=band.w - 4
        )
    if tile.highlight:
        draw.rounded_rectangle(box.inset(-4).xyxy, 11, outline=theme.highlight, width=4)


def draw_empty_slot(image: Image.Image, box: Box, theme: Theme, text: str = "empty") -> None:
    dashed_rect(image, box, theme.border)
    put_text(image, box.center, text, font(theme.font_small), theme.muted, anchor="mm", max_width=box.w - 8)


def dashed_rect(image: Image.Image, box: Box, colour: RGB, dash: int = 8, gap: int = 6, width: int = 2) -> None:
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = box.x, box.y, box.right - 1, box.bottom - 1
    for x in range(x0, x1, dash + gap):
        end = min(x + dash, x1)
        draw.line((x, y0, end, y0), fill=colour, width=width)
        draw.line((x, y1, end, y1), fill=colour, width=width)
    for y in range(y0, y1, dash + gap):
        end = min(y + dash, y1)
        draw.line((x0, y, x0, end), fill=colour, width=width)
        draw.line((x1, y, x1, end), fill=colour, width=width)


def draw_tag(
    image: Image.Image, xy: tuple[int, int], text: str, colour: RGB, theme: Theme, *, anchor: str = "l"
) -> Box:
    """A small filled pill with bold text; `anchor` "l" puts its left edge at x, "r" its right edge."""
    fnt = font(theme.font_small, "bold")
    w = round(width_of(text, fnt)) + 14
    h = line_height(fnt) + 6
    x = xy[0] if anchor == "l" else xy[0] - w
    box = Box(x, xy[1], w, h)
    ImageDraw.Draw(image).rounded_rectangle(box.xyxy, h // 2, fill=colour)
    put_text(image, box.center, text, fnt, contrast_text(colour), anchor="mm")
    return box


def draw_icon_row(
    image: Image.Image,
    xy: tuple[int, int],
    items: Sequence[tuple[str, object, str]],
    theme: Theme,
    *,
    size: int = 28,
    bg: RGB | None = None,
) -> int:
    """Number icons with captions left to right on `bg` (the panel); returns the x after the last one."""
    x, y = xy
    for kind, value, caption in items:
        x = icon(
            image, (x + size // 2, y + size // 2), kind, value, theme, bg or theme.panel, size=size, caption=caption
        ).right
        x += 16
    return x


def wrapped(image: Image.Image, box: Box, text: str, theme: Theme, *, colour: RGB | None = None) -> int:
    """Wrapped small text in `box`; returns the height used."""
    fnt = font(theme.font_small)
    step = line_height(fnt) + 3
    lines = fit(text, fnt, box.w, max((box.h + 3) // step, 0))
    for i, line in enumerate(lines):
        put_text(image, (box.x, box.y + i * step), line, fnt, colour or theme.muted)
    return len(lines) * step


def text_lines_height(text: str, width: int, theme: Theme, max_lines: int) -> int:
    fnt = font(theme.font_small)
    n = len(fit(text, fnt, width, max_lines))
    return n * (line_height(fnt) + 3)

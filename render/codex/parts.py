"""Pieces shared by the Codex board and hand pictures: view reading, names, cached text and small widgets.

Everything reads the Codex view defensively (`.get` with a default): a view from an older or newer
engine, or a half-built one, should give a picture with something missing, never an exception.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.fonts import Face, font
from render.kit import (
    Box,
    Font,
    clean_text,
    contrast_text,
    copy_keys,
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

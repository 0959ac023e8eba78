"""A small drawing kit on Pillow for board images.

Game renderers compose these pieces: a canvas, panels, wrapped text, card tiles, number icons,
meters and player chips, then `to_png`. Everything here is pure: it draws on an image it is given and
touches no files except the bundled fonts. Sizes are in pixels of the image drawn.

Discord shows a board in the chat about PREVIEW_WIDTH px wide until it is opened, so a board is laid
out for that preview (see `PreviewScale`): landscape, so the whole board shows at that width, and with
the numbers that decide a turn (`key=True` text) at least MIN_KEY_PX tall there. Each key text drawn is
recorded on the image (`key_texts`), so tests can measure what a player will see.
"""

from __future__ import annotations

import dataclasses
import io
import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from render.fonts import Face, font, font_path
from render.theme import MIN_FONT_SIZE, RGB, Theme, contrast_ratio

ELLIPSIS = "…"
MAX_TEXT_CHARS = 2000
"""Longer strings are cut before measuring: nobody reads more on a board, and it bounds the work."""

PANEL_PAD = 12
LINE_SPACING = 4

Font = ImageFont.FreeTypeFont
Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]

# ------------------------------------------------------------------------------------------ geometry


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle; right and bottom are exclusive, as in slicing."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    @property
    def xyxy(self) -> tuple[int, int, int, int]:
        """Corner form for ImageDraw, whose second corner is inclusive."""
        return (self.x, self.y, self.x + max(self.w - 1, 0), self.y + max(self.h - 1, 0))

    def inset(self, dx: int, dy: int | None = None) -> Box:
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, max(self.w - 2 * dx, 0), max(self.h - 2 * dy, 0))


# ----------------------------------------------------------------------------------- chat previews

PREVIEW_WIDTH = 550
"""About how wide Discord shows an image in the chat before it is opened (and at most about 350 tall)."""
MIN_PREVIEW_ASPECT = 1.6
"""An image at least this much wider than tall is bounded by the preview's width, so all of it shows."""
MIN_KEY_PX = 12
"""The numbers that decide a turn (base HP, gold, workers, ATK/HP, damage, whose turn) are at least this
many pixels tall in the preview: the height of their digits' ink, once the image is scaled to
PREVIEW_WIDTH."""
KEY_TEXT = "arbiter.key_text"
"""Key in `Image.info` under which the kit lists the key texts drawn on an image (see `key_texts`)."""


@lru_cache(maxsize=512)
def _ink_height(text: str, face: Face, size: int) -> int:
    _, top, _, bottom = font(size, face).getbbox(text, anchor="ls")
    return bottom - top


def glyph_height(text: str, fnt: Font) -> int:
    """Pixels from the top to the bottom of the ink of `text`'s digits (of all of it when it has none):
    how tall a number looks, whatever punctuation or descenders surround it."""
    digits = "".join(ch for ch in text if ch.isdigit())
    measured = digits or "".join(ch for ch in text if not ch.isspace())
    if not measured:
        return 0
    return _ink_height(measured, face_of(fnt), int(fnt.size))


def face_of(fnt: Font) -> Face:
    """Which bundled face `fnt` is."""
    return _face_of_path(str(fnt.path))


@lru_cache(maxsize=16)
def _face_of_path(path: str) -> Face:
    name = path.rsplit("/", 1)[-1]
    for face in ("regular", "bold", "mono"):
        if font_path(face).name == name:  # type: ignore[arg-type]
            return face  # type: ignore[return-value]
    return "regular"


@lru_cache(maxsize=64)
def min_font_px(image_width: int, face: Face = "bold", preview_px: float = MIN_KEY_PX) -> int:
    """The smallest font size whose digits stay `preview_px` tall when an image `image_width` wide is
    shown PREVIEW_WIDTH wide: what every key number must be drawn at, at least."""
    if image_width <= 0:
        raise ValueError(f"image width must be positive, not {image_width}")
    needed = preview_px * image_width / PREVIEW_WIDTH
    size = max(MIN_FONT_SIZE, math.floor(needed))
    # Every digit on its own: round ones overshoot the flat ones by a pixel, and "44" must pass too.
    while min(_ink_height(digit, face, size) for digit in "0123456789") < needed:
        size += 1
    return size


@dataclass(frozen=True, slots=True)
class PreviewScale:
    """Sizes for an image `width` px wide, given in pixels of the chat preview.

    A renderer lays its board out as it will be seen, PREVIEW_WIDTH wide ("this label is 8 px"), and draws
    it at any width: `px(8)` is those 8 preview pixels in the image. `key_size` is the font size of key
    numbers; `max_height` keeps the image landscape.
    """

    width: int

    def __post_init__(self) -> None:
        if self.width < PREVIEW_WIDTH:
            raise ValueError(f"an image narrower than the preview ({self.width} < {PREVIEW_WIDTH}) gains nothing")

    @property
    def factor(self) -> float:
        return self.width / PREVIEW_WIDTH

    def px(self, preview_px: float) -> int:
        """`preview_px` preview pixels in image pixels (at least one)."""
        return max(1, round(preview_px * self.factor))

    def preview(self, image_px: float) -> float:
        """Image pixels as the preview shows them."""
        return image_px / self.factor

    @property
    def key_size(self) -> int:
        return min_font_px(self.width)

    def font(self, preview_px: float, face: Face = "regular") -> Font:
        """The bundled `face` at `preview_px` preview pixels (never below MIN_FONT_SIZE)."""
        return font(max(self.px(preview_px), MIN_FONT_SIZE), face)

    def key_font(self, face: Face = "bold", extra: float = 0) -> Font:
        """The font of key numbers, `extra` preview pixels larger when given."""
        return font(self.key_size + (self.px(extra) if extra else 0), face)

    @property
    def max_height(self) -> int:
        """The tallest the image may be and stay landscape (MIN_PREVIEW_ASPECT)."""
        return math.floor(self.width / MIN_PREVIEW_ASPECT)

    def theme(self, theme: Theme, *, title: float = 11, heading: float = 9, body: float = 8, small: float = 7) -> Theme:
        """`theme` with its font sizes given in preview pixels, so the kit's panels and chips fit the scale."""
        return dataclasses.replace(
            theme,
            font_title=max(self.px(title), MIN_FONT_SIZE),
            font_heading=max(self.px(heading), MIN_FONT_SIZE),
            font_body=max(self.px(body), MIN_FONT_SIZE),
            font_small=max(self.px(small), MIN_FONT_SIZE),
        )


@dataclass(frozen=True, slots=True)
class KeyText:
    """A key number as drawn: its text, the box of its ink, and the height of its digits, in image pixels."""

    text: str
    box: Box
    glyph_height: int

    def preview_height(self, image_width: int) -> float:
        return self.glyph_height * PREVIEW_WIDTH / image_width

    def moved(self, dx: int, dy: int) -> KeyText:
        return KeyText(self.text, Box(self.box.x + dx, self.box.y + dy, self.box.w, self.box.h), self.glyph_height)


def record_key(image: Image.Image, xy: tuple[float, float], text: str, fnt: Font, anchor: str = "la") -> None:
    """Note on `image` that key text `text` was drawn at `xy` with `anchor` (see `key_texts`)."""
    if not text:
        return
    left, top, right, bottom = fnt.getbbox(text, anchor=anchor)
    x, y = round(xy[0]), round(xy[1])
    box = Box(x + left, y + top, right - left, bottom - top)
    image.info.setdefault(KEY_TEXT, []).append(KeyText(text, box, glyph_height(text, fnt)))


def copy_keys(source: Image.Image, target: Image.Image, dx: int, dy: int) -> None:
    """Carry the key texts of `source`, pasted at (dx, dy), over to `target`."""
    keys = source.info.get(KEY_TEXT)
    if keys:
        target.info.setdefault(KEY_TEXT, []).extend(k.moved(dx, dy) for k in keys)


def key_texts(image: Image.Image) -> list[KeyText]:
    """The key texts drawn on `image` with `key=True`, in drawing order."""
    return list(image.info.get(KEY_TEXT, ()))


# -------------------------------------------------------------------------------------------- colour


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """`a` moved a fraction `t` of the way towards `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


_INK_DARK: RGB = (17, 17, 17)
_INK_LIGHT: RGB = (255, 255, 255)


def contrast_text(background: RGB) -> RGB:
    """Near-black or white, whichever reads better on `background`."""
    if contrast_ratio(_INK_DARK, background) >= contrast_ratio(_INK_LIGHT, background):
        return _INK_DARK
    return _INK_LIGHT


# ---------------------------------------------------------------------------------------------- text


def clean_text(value: object, *, keep_newlines: bool = False) -> str:
    """`value` as one drawable string.

    Control characters would be drawn as boxes or, for newlines, split the line behind the layout's
    back; lone surrogates cannot be handed to FreeType at all. Both become visible stand-ins.
    """
    text = value if isinstance(value, str) else str(value)
    if len(text) > MAX_TEXT_CHARS:
        text = text[:MAX_TEXT_CHARS] + ELLIPSIS
    if text.isprintable():
        return text
    out: list[str] = []
    for ch in text:
        if ch == "\n" and keep_newlines:
            out.append(ch)
        elif ch.isspace():
            out.append(" ")
        elif unicodedata.category(ch) in ("Cc", "Cs"):
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)


def text_width(text: str, fnt: Font) -> float:
    return fnt.getlength(text) if text else 0.0


def line_height(fnt: Font) -> int:
    ascent, descent = fnt.getmetrics()
    return ascent + descent


def _longest_prefix(text: str, fnt: Font, max_width: float, suffix: str = "") -> int:
    """Length of the longest prefix of `text` that, with `suffix`, fits in `max_width`."""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid] + suffix, fnt) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def ellipsize(text: str, fnt: Font, max_width: float) -> str:
    """`text` ending in an ellipsis, cut so that it fits; for marking lines that go on."""
    n = _longest_prefix(text, fnt, max_width, ELLIPSIS)
    if n == 0:
        return ELLIPSIS if text_width(ELLIPSIS, fnt) <= max_width else ""
    return text[:n].rstrip() + ELLIPSIS


def truncate(text: object, fnt: Font, max_width: float) -> str:
    """One line of `text` that fits in `max_width`, cut with an ellipsis only if needed."""
    line = clean_text(text)
    if text_width(line, fnt) <= max_width:
        return line
    return ellipsize(line, fnt, max_width)


def wrap_text(text: object, fnt: Font, max_width: float) -> list[str]:
    """Greedy word wrap to `max_width`; newlines start new lines and over-long words are split.

    Runs of spaces collapse. Text with nothing visible gives no lines.
    """
    lines: list[str] = []
    for paragraph in clean_text(text, keep_newlines=True).split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        current = ""
        for word in words:
            candidate = f"{current} {word}" if current else word
            if text_width(candidate, fnt) <= max_width:
                current = candidate
                continue
            if current:
                lines.append(current)
            while len(word) > 1 and text_width(word, fnt) > max_width:
                # At least one character per line, or a too-narrow box would loop for ever.
                cut = max(_longest_prefix(word, fnt, max_width), 1)
                lines.append(word[:cut])
                word = word[cut:]
            current = word
        lines.append(current)
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return lines


def fit_lines(text: object, fnt: Font, max_width: float, max_lines: int) -> list[str]:
    """`wrap_text` capped at `max_lines`, the last kept line ending in an ellipsis if text was cut."""
    if max_lines <= 0:
        return []
    lines = wrap_text(text, fnt, max_width)
    if len(lines) <= max_lines:
        return lines
    kept = lines[:max_lines]
    kept[-1] = ellipsize(kept[-1], fnt, max_width)
    return kept


def draw_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: object,
    fnt: Font,
    fill: RGB,
    *,
    anchor: str = "la",
    max_width: float | None = None,
    stroke: RGB | None = None,
    key: bool = False,
) -> float:
    """One line of text; returns its drawn width. `anchor` is Pillow's two-letter text anchor.

    `key` marks a number that decides a turn: it is recorded on the image (see `key_texts`)."""
    line = clean_text(text) if max_width is None else truncate(text, fnt, max_width)
    if not line:
        return 0.0
    draw = ImageDraw.Draw(image)
    if stroke is None:
        draw.text(xy, line, font=fnt, fill=fill, anchor=anchor)
    else:
        draw.text(xy, line, font=fnt, fill=fill, anchor=anchor, stroke_width=2, stroke_fill=stroke)
    if key:
        record_key(image, xy, line, fnt, anchor)
    return text_width(line, fnt)


def text_box_height(lines: int, fnt: Font, spacing: int = LINE_SPACING) -> int:
    """Height taken by `lines` lines, for laying out before drawing."""
    return 0 if lines <= 0 else lines * line_height(fnt) + (lines - 1) * spacing


def draw_text_box(
    image: Image.Image,
    box: Box,
    text: object,
    fnt: Font,
    fill: RGB,
    *,
    align: Align = "left",
    valign: VAlign = "top",
    max_lines: int | None = None,
    spacing: int = LINE_SPACING,
) -> int:
    """Wrapped text inside `box`, cut with an ellipsis where it does not fit. Returns height used."""
    step = line_height(fnt) + spacing
    room = (box.h + spacing) // step
    limit = room if max_lines is None else min(room, max_lines)
    lines = fit_lines(text, fnt, box.w, limit)
    used = text_box_height(len(lines), fnt, spacing)
    y = box.y
    if valign == "middle":
        y += (box.h - used) // 2
    elif valign == "bottom":
        y += box.h - used
    anchor, x = {"left": ("la", box.x), "center": ("ma", box.x + box.w / 2), "right": ("ra", box.right)}[align]
    for line in lines:
        draw_text(image, (x, y), line, fnt, fill, anchor=anchor)
        y += step
    return used


# --------------------------------------------------------------------------------------- cached text
# A board is mostly text, and the same strings come back on every board (card names, labels, counts).
# FreeType's rendering is then most of the drawing time, so `paste_text` renders each string once into a
# coverage mask per (string, face, size, anchor) and pastes it in its colour after that; widths and wrapped
# lines are cached too. The caches are shared by threads: their values are never changed.


@lru_cache(maxsize=8192)
def _cached_width(text: str, face: Face, size: int) -> float:
    return font(size, face).getlength(text) if text else 0.0


@lru_cache(maxsize=4096)
def _text_mask(text: str, face: Face, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    fnt = font(size, face)
    left, top, right, bottom = fnt.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255, anchor=anchor)
    return mask, left, top


@lru_cache(maxsize=4096)
def _cached_clip(text: str, face: Face, size: int, max_width: int) -> str:
    return truncate(text, font(size, face), max_width)


@lru_cache(maxsize=4096)
def _cached_fit(text: str, face: Face, size: int, max_width: int, max_lines: int) -> tuple[str, ...]:
    return tuple(fit_lines(text, font(size, face), max_width, max_lines))


def cached_width(text: str, fnt: Font) -> float:
    """`text_width`, cached."""
    return _cached_width(text, face_of(fnt), int(fnt.size))


def cached_fit(text: object, fnt: Font, max_width: float, max_lines: int) -> list[str]:
    """`fit_lines`, cached."""
    return list(
        _cached_fit(clean_text(text, keep_newlines=True), face_of(fnt), int(fnt.size), int(max_width), max_lines)
    )


def paste_text(
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
    """`draw_text` (without its stroke) from cached masks; returns the drawn width. `key` records the text
    as a number that decides a turn (see `key_texts`)."""
    face, size = face_of(fnt), int(fnt.size)
    line = clean_text(text)
    if max_width is not None:
        line = _cached_clip(line, face, size, max(int(max_width), 0))
    if not line:
        return 0.0
    mask, left, top = _text_mask(line, face, size, anchor)
    x, y = round(xy[0]), round(xy[1])
    image.paste(fill, (x + left, y + top, x + left + mask.width, y + top + mask.height), mask)
    if key:
        record_key(image, (x, y), line, fnt, anchor)
    return _cached_width(line, face, size)


# ------------------------------------------------------------------------------------------- surfaces


def new_canvas(width: int, height: int, theme: Theme) -> Image.Image:
    """An RGB image filled with the theme background; RGB keeps PNGs small and free of alpha."""
    return Image.new("RGB", (width, height), theme.background)


def title_bar_height(theme: Theme) -> int:
    return line_height(font(theme.font_heading, "bold")) + 16


def panel_height(content_height: int, theme: Theme, *, titled: bool = True) -> int:
    """Outer height of a panel whose content is `content_height` tall; inverse of draw_panel."""
    bar = title_bar_height(theme) if titled else 0
    return bar + content_height + 2 * PANEL_PAD


def draw_panel(
    image: Image.Image,
    box: Box,
    theme: Theme,
    title: object | None = None,
    *,
    accent: RGB | None = None,
    note: object | None = None,
    highlight: bool = False,
    outline: RGB | None = None,
    radius: int = 10,
) -> Box:
    """A rounded panel with an optional title bar; returns the box left for content.

    `accent` puts a colour dot before the title (a seat colour, say); `note` is short muted text at
    the right of the title bar; `highlight` tints and outlines the panel as changed on the last turn;
    `outline` draws a thick border in another colour (the seat to move, say).
    """
    draw = ImageDraw.Draw(image)
    border = 3 if highlight or outline is not None else 1
    edge = theme.highlight if highlight else (outline if outline is not None else theme.border)
    draw.rounded_rectangle(
        box.xyxy, radius, fill=theme.highlight_fill if highlight else theme.panel, outline=edge, width=border
    )
    if title is None:
        return box.inset(PANEL_PAD)
    bar = Box(box.x + border, box.y + border, box.w - 2 * border, title_bar_height(theme) - border)
    draw.rounded_rectangle(
        bar.xyxy, max(radius - border, 0), fill=theme.panel_title, corners=(True,) * 2 + (False,) * 2
    )
    draw.line((bar.x, bar.bottom, bar.right - 1, bar.bottom), fill=theme.border, width=1)
    heading = font(theme.font_heading, "bold")
    x = bar.x + PANEL_PAD
    mid_y = bar.y + bar.h / 2
    if accent is not None:
        dot = 16
        draw.ellipse(
            (x, mid_y - dot / 2, x + dot, mid_y + dot / 2), fill=accent, outline=contrast_text(theme.panel_title)
        )
        x += dot + 8
    right = bar.right - PANEL_PAD
    if note is not None:
        small = font(theme.font_small)
        note_text = truncate(note, small, max(bar.w // 3, 0))
        right -= draw_text(image, (right, mid_y), note_text, small, theme.muted, anchor="rm") + 12
    draw_text(image, (x, mid_y), title, heading, theme.text, anchor="lm", max_width=max(right - x, 0))
    top = box.y + title_bar_height(theme)
    return Box(box.x + PANEL_PAD, top + PANEL_PAD, box.w - 2 * PANEL_PAD, box.bottom - top - 2 * PANEL_PAD)


# ---------------------------------------------------------------------------------------------- icons

Shape = Literal["circle", "heart", "diamond", "shield", "card"]
IconKind = Literal["gold", "hp", "atk", "cards", "shield", "damage", "accent"]

_ICONS: dict[str, tuple[Shape, str]] = {
    "gold": ("circle", "gold"),
    "hp": ("heart", "hp"),
    "atk": ("diamond", "atk"),
    "cards": ("card", "cards"),
    "shield": ("shield", "accent"),
    "damage": ("circle", "danger"),
    "accent": ("circle", "accent"),
}

_SUPERSAMPLE = 4
"""ImageDraw does not anti-alias shapes, so small icons are drawn large and scaled down."""


def _shape_mask(shape: Shape, w: int, h: int) -> Image.Image:
    big = Image.new("L", (w * _SUPERSAMPLE, h * _SUPERSAMPLE), 0)
    draw = ImageDraw.Draw(big)
    bw, bh = big.size
    if shape == "circle":
        draw.ellipse((0, 0, bw - 1, bh - 1), fill=255)
    elif shape == "diamond":
        draw.polygon([(bw / 2, 0), (bw - 1, bh / 2), (bw / 2, bh - 1), (0, bh / 2)], fill=255)
    elif shape == "heart":
        r = bw * 0.27
        cy = bh * 0.32
        draw.ellipse((0, cy - r, 2 * r, cy + r), fill=255)
        draw.ellipse((bw - 1 - 2 * r, cy - r, bw - 1, cy + r), fill=255)
        # Lobe edges at 45° below centre, so the point's sides meet the circles tangentially.
        side = r * 0.7071
        draw.polygon(
            [(r - side, cy + side), (bw / 2, cy), (bw - 1 - r + side, cy + side), (bw / 2, bh - 1)],
            fill=255,
        )
    elif shape == "shield":
        points = [(0.0, 0.12), (0.5, 0.0), (1.0, 0.12), (1.0, 0.5), (0.85, 0.75), (0.5, 1.0), (0.15, 0.75), (0.0, 0.5)]
        draw.polygon([(px * (bw - 1), py * (bh - 1)) for px, py in points], fill=255)
    else:
        inset = bw * 0.14
        draw.rounded_rectangle((inset, 0, bw - 1 - inset, bh - 1), radius=bw * 0.12, fill=255)
    return big.resize((w, h), Image.Resampling.LANCZOS)


def _paste_shape(image: Image.Image, box: Box, shape: Shape, fill: RGB, edge: RGB) -> None:
    """`shape` filled with `fill` inside a thin `edge`, so it stays visible on any background."""
    edge_px = max(2, box.w // 14)
    image.paste(edge, (box.x, box.y), _shape_mask(shape, box.w, box.h))
    inner = box.inset(edge_px)
    if inner.w > 0 and inner.h > 0:
        image.paste(fill, (inner.x, inner.y), _shape_mask(shape, inner.w, inner.h))


def _number_font(text: str, max_width: float, preferred: int) -> Font:
    size = max(preferred, MIN_FONT_SIZE)
    while size > MIN_FONT_SIZE and text_width(text, font(size, "bold")) > max_width:
        size -= 1
    return font(size, "bold")


def draw_icon(
    image: Image.Image,
    center: tuple[int, int],
    kind: IconKind,
    value: object,
    theme: Theme,
    *,
    size: int = 32,
    caption: object | None = None,
    key: bool = False,
) -> Box:
    """A shape with a number in it (gold coin, HP heart, ATK diamond, card count...).

    `caption` is muted text to the right, e.g. "gold", so the icon is never the only cue; `key` records
    the number as one that decides a turn. Returns the box covering icon and caption.
    """
    try:
        shape, colour_name = _ICONS[kind]
    except KeyError:
        raise ValueError(f"unknown icon kind {kind!r}; valid kinds: {', '.join(_ICONS)}") from None
    fill: RGB = getattr(theme, colour_name)
    cx, cy = center
    box = Box(cx - size // 2, cy - size // 2, size, size)
    _paste_shape(image, box, shape, fill, blend(fill, (0, 0, 0), 0.45))
    text = clean_text(value)
    fnt = _number_font(text, size * (0.62 if shape == "diamond" else 0.8), round(size * 0.5))
    # The heart's visual centre sits above the box centre, under the two lobes.
    text_y = cy - size * 0.08 if shape == "heart" else cy
    draw_text(image, (cx, text_y), text, fnt, contrast_text(fill), anchor="mm", key=key)
    if caption is None:
        return box
    small = font(theme.font_small)
    width = draw_text(image, (box.right + 6, cy), caption, small, theme.muted, anchor="lm")
    return Box(box.x, box.y, size + 6 + round(width), size)


# ----------------------------------------------------------------------------------- meters and chips


def draw_meter(
    image: Image.Image,
    box: Box,
    value: float,
    maximum: float,
    theme: Theme,
    *,
    colour: RGB | None = None,
    label: object | None = None,
    key: bool = False,
) -> None:
    """A horizontal bar filled to value/maximum, with "label value/maximum" written across it.

    Small maximums (up to 30, e.g. a base's 20 HP) get a tick per point so damage can be counted.
    The bar turns the danger colour at a quarter or less. `key` records the numbers as deciding a turn.
    """
    draw = ImageDraw.Draw(image)
    radius = box.h // 2
    draw.rounded_rectangle(box.xyxy, radius, fill=theme.panel_title, outline=theme.border)
    frac = 0.0 if maximum <= 0 else min(max(value / maximum, 0.0), 1.0)
    fill = colour if colour is not None else (theme.danger if frac <= 0.25 else theme.accent)
    filled = round(box.w * frac)
    if filled > 0:
        draw.rounded_rectangle(Box(box.x, box.y, max(filled, box.h), box.h).xyxy, radius, fill=fill)
    if 0 < maximum <= 30 and float(maximum).is_integer():
        tick = blend(theme.background, theme.border, 0.5)
        for i in range(1, int(maximum)):
            x = box.x + round(box.w * i / maximum)
            draw.line((x, box.y + 3, x, box.bottom - 4), fill=tick, width=1)
    number = f"{_plain_number(value)}/{_plain_number(maximum)}"
    text = number if label is None else f"{clean_text(label)}  {number}"
    fnt = font(max(theme.font_body, MIN_FONT_SIZE), "bold")
    # A stroke in the background colour keeps the text legible over both filled and empty track.
    draw_text(
        image, box.center, text, fnt, theme.text, anchor="mm", max_width=box.w - 8, stroke=theme.background, key=key
    )


def _plain_number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def draw_player_chip(
    image: Image.Image,
    xy: tuple[int, int],
    seat: int,
    name: object,
    theme: Theme,
    *,
    active: bool = False,
    max_width: int = 280,
    height: int = 32,
) -> Box:
    """A pill in the seat's colour with the seat number and name; `active` adds a ▶ and an outline."""
    colour = theme.player(seat)
    ink = contrast_text(colour)
    fnt = font(theme.font_body, "bold")
    num_font = font(MIN_FONT_SIZE, "bold")
    dot = height - 8
    prefix = "▶ " if active else ""
    label_room = max_width - dot - 4 - 8 - 12
    label = truncate(prefix + clean_text(name), fnt, label_room)
    width = min(max_width, 4 + dot + 8 + round(text_width(label, fnt)) + 12)
    x, y = xy
    box = Box(x, y, width, height)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(box.xyxy, height // 2, fill=colour, outline=theme.highlight if active else None, width=2)
    dot_box = Box(x + 4, y + 4, dot, dot)
    draw.ellipse(dot_box.xyxy, fill=ink)
    draw_text(image, dot_box.center, str(seat + 1), num_font, colour, anchor="mm")
    draw_text(image, (dot_box.right + 8, y + height / 2), label, fnt, ink, anchor="lm")
    return box


# ---------------------------------------------------------------------------------------------- cards

CARD_SIZE = (150, 210)


@dataclass(frozen=True, slots=True)
class CardFace:
    """What a card tile shows. Leave a field at its default to leave that part off the tile."""

    name: str
    cost: int | str | None = None
    type_line: str = ""
    text: str = ""
    atk: int | str | None = None
    hp: int | str | None = None
    damage: int = 0
    exhausted: bool = False
    pips: int = 0
    """Runes or counters on the card."""
    highlight: bool = False
    """Changed on the last turn."""
    owner: int | None = None
    """Seat whose colour edges the tile."""


def draw_card(
    image: Image.Image,
    xy: tuple[int, int],
    card: CardFace,
    theme: Theme,
    *,
    size: tuple[int, int] = CARD_SIZE,
) -> Box:
    """A card tile: cost bubble, name, type line, rules text, ATK/HP badges, damage and pips.

    An exhausted card is greyed out and crossed by an EXHAUSTED band rather than turned sideways,
    so boards keep their layout and the name stays readable.
    """
    box = Box(xy[0], xy[1], size[0], size[1])
    draw = ImageDraw.Draw(image)
    pad = 8
    edge = theme.card_border if card.owner is None else theme.player(card.owner)
    draw.rounded_rectangle(box.xyxy, 8, fill=theme.card, outline=edge, width=2)

    name_font = font(15, "bold")
    small = font(theme.font_small)
    top = box.y + pad
    name_x = box.x + pad
    bubble = 28
    if card.cost is not None:
        draw_icon(image, (box.x + pad + bubble // 2, top + bubble // 2), "gold", card.cost, theme, size=bubble)
        name_x += bubble + 6
    name_lines = fit_lines(card.name, name_font, box.right - pad - name_x, 2)
    y = top + (2 if card.cost is not None else 0)
    for line in name_lines:
        draw_text(image, (name_x, y), line, name_font, theme.text)
        y += line_height(name_font) + 1
    y = max(y, top + (bubble if card.cost is not None else 0)) + 4
    if card.type_line:
        draw_text(image, (box.x + pad, y), card.type_line, small, theme.muted, max_width=box.w - 2 * pad)
        y += line_height(small) + 3
    draw.line((box.x + pad, y, box.right - pad - 1, y), fill=theme.card_border, width=1)
    y += 5

    badge = 30
    badge_y = box.bottom - pad - badge // 2
    if card.text:
        text_box = Box(box.x + pad, y, box.w - 2 * pad, badge_y - badge // 2 - 4 - y)
        if text_box.h > 0:
            draw_text_box(image, text_box, card.text, small, theme.text, spacing=2)

    left = box.x + pad
    right = box.right - pad
    if card.atk is not None:
        draw_icon(image, (left + badge // 2, badge_y), "atk", card.atk, theme, size=badge)
        left += badge + 4
    if card.hp is not None:
        draw_icon(image, (right - badge // 2, badge_y), "hp", card.hp, theme, size=badge)
        right -= badge + 4
    if card.damage:
        marker = 26
        draw_icon(image, (right - marker // 2, badge_y), "damage", card.damage, theme, size=marker)
        right -= marker + 4
    if card.pips > 0:
        _draw_pips(image, Box(left, badge_y - 8, right - left, 16), card.pips, theme)

    if card.exhausted:
        _grey_out(image, box, theme)
        band = Box(box.x, box.y + box.h // 2 - 13, box.w, 26)
        draw.rectangle(band.xyxy, fill=theme.panel_title, outline=theme.border)
        draw_text(image, band.center, "EXHAUSTED", font(theme.font_small, "bold"), theme.muted, anchor="mm")
    if card.highlight:
        draw.rounded_rectangle(box.inset(-3).xyxy, 10, outline=theme.highlight, width=3)
    return box


def _draw_pips(image: Image.Image, box: Box, count: int, theme: Theme) -> None:
    """Pips in a centred row; too many to fit become one pip and "×N", which is easier to count."""
    draw = ImageDraw.Draw(image)
    diameter, gap = 12, 4
    fits = (box.w + gap) // (diameter + gap)
    cy = box.y + box.h // 2
    edge = contrast_text(theme.card)
    if count <= fits:
        total = count * diameter + (count - 1) * gap
        x = box.x + (box.w - total) // 2
        for _ in range(count):
            draw.ellipse(
                (x, cy - diameter // 2, x + diameter - 1, cy + diameter // 2 - 1), fill=theme.accent, outline=edge
            )
            x += diameter + gap
        return
    label = f"×{count}"
    fnt = font(MIN_FONT_SIZE, "bold")
    total = diameter + 3 + round(text_width(label, fnt))
    x = box.x + max((box.w - total) // 2, 0)
    draw.ellipse((x, cy - diameter // 2, x + diameter - 1, cy + diameter // 2 - 1), fill=theme.accent, outline=edge)
    draw_text(
        image,
        (x + diameter + 3, cy),
        label,
        fnt,
        theme.text,
        anchor="lm",
        max_width=max(box.right - x - diameter - 3, 0),
    )


def _grey_out(image: Image.Image, box: Box, theme: Theme) -> None:
    region = image.crop((box.x, box.y, box.right, box.bottom)).convert("RGB")
    grey = region.convert("L").convert("RGB")
    faded = Image.blend(grey, Image.new("RGB", region.size, theme.panel), 0.45)
    if image.mode != "RGB":
        faded = faded.convert(image.mode)
    image.paste(faded, (box.x, box.y))


def draw_card_row(
    image: Image.Image,
    xy: tuple[int, int],
    cards: Sequence[CardFace],
    theme: Theme,
    *,
    max_width: int,
    size: tuple[int, int] = CARD_SIZE,
    gap: int = 10,
) -> Box:
    """Cards left to right; those that do not fit in `max_width` are summed up as "+N more"."""
    x, y = xy
    step = size[0] + gap
    fits = max((max_width + gap) // step, 0)
    shown = list(cards) if len(cards) <= fits else list(cards[: max(fits - 1, 0)])
    for card in shown:
        draw_card(image, (x, y), card, theme, size=size)
        x += step
    hidden = len(cards) - len(shown)
    if hidden and fits > 0:
        more = Box(x, y, size[0], size[1])
        ImageDraw.Draw(image).rounded_rectangle(more.xyxy, 8, outline=theme.border, width=2)
        draw_text(image, more.center, f"+{hidden} more", font(theme.font_body, "bold"), theme.muted, anchor="mm")
        x += step
    return Box(xy[0], y, max(x - xy[0] - gap, 0), size[1])


# ------------------------------------------------------------------------------------------- encoding


def to_png(image: Image.Image) -> bytes:
    """PNG bytes with no metadata, so the same pixels always give the same bytes."""
    if image.mode not in ("RGB", "RGBA", "L", "LA"):
        image = image.convert("RGBA" if "A" in image.getbands() else "RGB")
    buffer = io.BytesIO()
    # Level 1 encodes about a third faster than the default for boards only ~10% larger; encoding was
    # most of a board's render time, and boards are drawn after every move.
    image.save(buffer, format="PNG", optimize=False, compress_level=1)
    return buffer.getvalue()


__all__ = [
    "CARD_SIZE",
    "ELLIPSIS",
    "KEY_TEXT",
    "LINE_SPACING",
    "MIN_KEY_PX",
    "MIN_PREVIEW_ASPECT",
    "PANEL_PAD",
    "PREVIEW_WIDTH",
    "Box",
    "CardFace",
    "Face",
    "KeyText",
    "PreviewScale",
    "blend",
    "cached_fit",
    "cached_width",
    "clean_text",
    "contrast_text",
    "copy_keys",
    "draw_card",
    "draw_card_row",
    "draw_icon",
    "draw_meter",
    "draw_panel",
    "draw_player_chip",
    "draw_text",
    "draw_text_box",
    "ellipsize",
    "face_of",
    "fit_lines",
    "font",
    "font_path",
    "glyph_height",
    "key_texts",
    "line_height",
    "min_font_px",
    "new_canvas",
    "panel_height",
    "paste_text",
    "record_key",
    "text_box_height",
    "text_width",
    "title_bar_height",
    "to_png",
    "truncate",
    "wrap_text",
]

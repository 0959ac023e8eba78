"""The scale every Ascension picture is drawn at, its colours, and the small pieces boards and hands share.

Pictures are 1600 x 1000, as Codex's, and laid out in preview pixels (`px`): Discord shows them about
550 px wide until they are opened, where the numbers that decide a turn (Honor, the reserve, Runes and
Power, a card's cost and Honor) are drawn at `S.key_size`, at least 12 px tall, and recorded as key
numbers. Everything else is smaller and secondary: it reads when the picture is opened.

Every reader of the view is defensive (`as_int`, `as_list`, `as_map`): a view from an older or newer
engine gives a picture with something missing, never an exception.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.fonts import Face
from render.kit import (
    PANEL_PAD,
    Box,
    Font,
    PreviewScale,
    blend,
    cached_fit,
    cached_width,
    contrast_text,
    line_height,
    paste_text,
)
from render.theme import RGB, Theme

WIDTH = 1600
S = PreviewScale(WIDTH)
HEIGHT = S.max_height
"""WIDTH x HEIGHT, 1.6:1: the whole picture shows in the chat preview."""
MARGIN = 4.0
GAP = 3.0

FACTION_COLOURS: dict[str, RGB] = {
    "enlightened": (76, 155, 224),
    "lifebound": (61, 170, 109),
    "mechana": (217, 130, 43),
    "void": (155, 107, 201),
    "monster": (176, 74, 74),
}
"""A card's edge; its type line always names the faction too, so colour is never the only cue."""


def px(preview: float) -> int:
    return S.px(preview)


def fnt(preview: float, face: Face = "regular") -> Font:
    return S.font(preview, face)


def key_font() -> Font:
    return S.key_font()


def runes_colour(theme: Theme) -> RGB:
    return theme.cards


def power_colour(theme: Theme) -> RGB:
    return theme.hp


def honor_colour(theme: Theme) -> RGB:
    return theme.gold


def faction_colour(faction: object, kind: object, theme: Theme) -> RGB:
    if kind == "monster":
        return FACTION_COLOURS["monster"]
    return FACTION_COLOURS.get(str(faction), theme.card_border)


# --------------------------------------------------------------------------------------- reading views


def as_int(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def as_list(value: object) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def as_map(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def counted(names: Sequence[str] | Mapping[str, int]) -> str:
    """ "Mystic ×2, Apprentice" from a list of names or a name -> copies mapping, in order of first sight."""
    counts: dict[str, int] = {}
    if isinstance(names, Mapping):
        counts = {str(k): as_int(v, 1) for k, v in names.items()}
    else:
        for name in names:
            counts[str(name)] = counts.get(str(name), 0) + 1
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


def seat_of(name: object) -> int | None:
    """ "p3" -> 2."""
    text = str(name)
    return int(text[1:]) - 1 if text[:1] == "p" and text[1:].isdigit() else None


# ----------------------------------------------------------------------------------------------- text

text = paste_text
"""Text from the kit's cached masks: the same strings come back on every board."""
text_width = cached_width
fit = cached_fit


def key_number(image: Image.Image, x: float, cy: float, value: object, fill: RGB, *, anchor: str = "l") -> float:
    """A key number with its digits centred on `cy`, left-, middle- or right-aligned at `x` (anchor "l", "m"
    or "r"); returns its width."""
    baseline = cy + S.key_size * 0.375  # digits are 0.75 em tall: centre them, not the line
    return text(image, (x, baseline), str(value), key_font(), fill, anchor=anchor + "s", key=True)


def key_width(value: object) -> float:
    return text_width(str(value), key_font())


def pill(image: Image.Image, x: int, y: int, value: object, colour: RGB, *, right: bool = False, h: float = 15) -> Box:
    """A key number on a rounded pill of `colour`, its left (or right) edge at x and its top at y."""
    height = px(h)
    w = max(height, round(key_width(value)) + px(5))
    box = Box(x - w if right else x, y, w, height)
    ImageDraw.Draw(image).rounded_rectangle(box.xyxy, height // 2, fill=colour, outline=blend(colour, (0, 0, 0), 0.4))
    key_number(image, box.center[0], box.y + height / 2, value, contrast_text(colour), anchor="m")
    return box


def stat(image: Image.Image, x: float, top: float, label: str, value: object, colour: RGB, theme: Theme) -> float:
    """A small muted label over a key number; returns the width taken."""
    small = fnt(6, "bold")
    label_w = text(image, (x, top), label, small, theme.muted)
    number_w = key_number(image, x, top + px(6.5) + S.key_size * 0.4, value, colour)
    return max(label_w, number_w)


def stat_width(label: str, value: object) -> float:
    return max(text_width(label, fnt(6, "bold")), key_width(value))


def wrapped(image: Image.Image, box: Box, line: object, font_: Font, fill: RGB, *, max_lines: int | None = None) -> int:
    """Wrapped text from the top of `box`, as many lines as fit; returns the height used."""
    step = line_height(font_)
    room = max(box.h // step, 0)
    lines = fit(line, font_, box.w, room if max_lines is None else min(room, max_lines))
    for i, shown in enumerate(lines):
        text(image, (box.x, box.y + i * step), shown, font_, fill)
    return len(lines) * step


def panel(
    image: Image.Image,
    box: Box,
    theme: Theme,
    title: str,
    *,
    accent: RGB | None = None,
    outline: RGB | None = None,
    right: int = 0,
    bar: float = 13,
) -> Box:
    """A rounded panel with a title bar (a colour dot before the title, `right` pixels kept free at the bar's
    right, a thick `outline` for the player to move); returns the content box."""
    draw = ImageDraw.Draw(image)
    radius = px(3.5)
    draw.rounded_rectangle(box.xyxy, radius, fill=theme.panel, outline=theme.border, width=1)
    bar_box = Box(box.x + 1, box.y + 1, box.w - 2, px(bar))
    draw.rounded_rectangle(bar_box.xyxy, radius - 1, fill=theme.panel_title, corners=(True, True, False, False))
    draw.line((bar_box.x, bar_box.bottom, bar_box.right - 1, bar_box.bottom), fill=theme.border, width=1)
    x = bar_box.x + PANEL_PAD
    mid = bar_box.y + bar_box.h / 2
    if accent is not None:
        dot = px(5.5)
        draw.ellipse((x, mid - dot / 2, x + dot, mid + dot / 2), fill=accent, outline=contrast_text(theme.panel_title))
        x += dot + px(2.5)
    text(
        image,
        (x, mid),
        title,
        fnt(8.5, "bold"),
        theme.text,
        anchor="lm",
        max_width=bar_box.right - PANEL_PAD - right - x,
    )
    if outline is not None:
        draw.rounded_rectangle(box.xyxy, radius, outline=outline, width=px(1.5))
    top = bar_box.bottom + px(2.5)
    return Box(box.x + PANEL_PAD, top, box.w - 2 * PANEL_PAD, box.bottom - top - px(2.5))


def tag(image: Image.Image, right: int, cy: float, label: str, colour: RGB) -> Box:
    """A small filled tag ("▶ THEIR TURN") ending at `right`, centred on `cy`."""
    small = fnt(6.5, "bold")
    w = round(text_width(label, small)) + px(6)
    h = px(10)
    box = Box(right - w, round(cy - h / 2), w, h)
    ImageDraw.Draw(image).rounded_rectangle(box.xyxy, h // 2, fill=colour)
    text(image, box.center, label, small, contrast_text(colour), anchor="mm")
    return box


def dashed(image: Image.Image, box: Box, colour: RGB, dash: int = 12, gap: int = 8, width: int = 2) -> None:
    draw = ImageDraw.Draw(image)
    for x0, y0, x1, y1 in (
        (box.x, box.y, box.right, box.y),
        (box.x, box.bottom, box.right, box.bottom),
        (box.x, box.y, box.x, box.bottom),
        (box.right, box.y, box.right, box.bottom),
    ):
        length = max(abs(x1 - x0), abs(y1 - y0))
        for start in range(0, length, dash + gap):
            end = min(start + dash, length)
            if x0 == x1:
                draw.line((x0, y0 + start, x1, y0 + end), fill=colour, width=width)
            else:
                draw.line((x0 + start, y0, x0 + end, y1), fill=colour, width=width)

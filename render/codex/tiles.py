"""Card tiles for the Codex hand picture, sized for the chat preview (see `render.codex.scale`).

A tile is a small card: its cost in a gold pill, its name, type line, a hero's level track, tags and rules
text, and at the bottom its ATK (orange) and HP (red) pills with the tech level between. Cost, ATK and HP
are key numbers: at least 12 px tall when the picture is shown 550 px wide.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from render.codex.parts import fit, glyph_safe, put_text, width_of
from render.codex.scale import fnt, key_text, key_width, px
from render.kit import Box, Font, blend, contrast_text, line_height
from render.theme import RGB, Theme

NAME = 7.5
SMALL = 6.2
PILL = 15.0
PAD = 3.5


@dataclass(slots=True)
class Tile:
    """What one card tile shows; every part is optional."""

    name: str
    type_line: str = ""
    text: str = ""
    cost: int | None = None
    atk: int | None = None
    hp: int | None = None
    level: int | None = None
    max_level: int | None = None
    mid_level: int | None = None
    tags: list[str] = field(default_factory=list)
    """Short bold words before the text ("ULTIMATE")."""
    dim: bool = False
    """Drawn faded, e.g. a hand card that cannot be played now."""
    footer: str = ""
    """Muted text between the ATK and HP pills ("Tech II")."""


def name_lines(name: str, fnt_: Font, width: int) -> list[str]:
    """Up to two lines of a card name; a "#2" copy suffix stays glued to the name, since "Blademaster#2" is
    what players type."""
    base, sep, number = name.rpartition("#")
    if not sep or not number.isdigit() or width_of(name, fnt_) <= width:
        return fit(name, fnt_, width, 2)
    lines = fit(base, fnt_, width, 2)
    suffix = f"#{number}"
    if lines and width_of(lines[-1] + suffix, fnt_) <= width:
        lines[-1] += suffix
    elif len(lines) == 1:
        lines.append(suffix)
    else:
        lines = [lines[0], *fit(lines[1] + suffix, fnt_, width, 1)]
    return lines


def number_pill(image: Image.Image, xy: tuple[int, int], value: int, colour: RGB, *, right: bool = False) -> Box:
    """A key number on a pill of `colour`, its left (or right) edge at x and its top at y."""
    text = str(value)
    h = px(PILL)
    w = max(h, round(key_width(text)) + px(5))
    box = Box(xy[0] - w if right else xy[0], xy[1], w, h)
    ImageDraw.Draw(image).rounded_rectangle(box.xyxy, h // 2, fill=colour, outline=blend(colour, (0, 0, 0), 0.45))
    key_text(image, box.center[0], box.y + h / 2, text, contrast_text(colour), anchor="m")
    return box


def draw_level_track(image: Image.Image, box: Box, tile: Tile, theme: Theme) -> None:
    """One cell per hero level, filled up to the current level; gaps mark where the bands begin."""
    top = tile.max_level or 0
    level = tile.level or 0
    if top <= 0:
        return
    draw = ImageDraw.Draw(image)
    gap, band_gap = max(px(0.7), 1), px(2)
    breaks = sum(1 for lv in (tile.mid_level, tile.max_level) if lv and 1 < lv <= top)
    cell = max((box.w - (top - 1) * gap - breaks * (band_gap - gap)) // top, 4)
    colour = theme.gold if level >= top else theme.text
    x = box.x
    for lv in range(1, top + 1):
        if lv > 1 and lv in (tile.mid_level, tile.max_level):
            x += band_gap - gap
        filled = lv <= level
        draw.rectangle(
            (x, box.y, x + cell - 1, box.bottom - 1),
            fill=colour if filled else theme.panel_title,
            outline=blend(colour, (0, 0, 0), 0.35) if filled else theme.border,
        )
        x += cell + gap


def draw_tile(image: Image.Image, box: Box, tile: Tile, theme: Theme) -> None:
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(box.xyxy, px(3), fill=theme.card, outline=theme.card_border, width=max(px(0.7), 2))
    pad = px(PAD)
    inner = box.inset(pad)
    y = inner.y
    name_x = inner.x
    if tile.cost is not None:
        name_x = number_pill(image, (inner.x, y), tile.cost, theme.gold).right + px(3)
    name_font = fnt(NAME, "bold")
    ny = y
    for line in name_lines(tile.name, name_font, inner.right - name_x):
        put_text(image, (name_x, ny), line, name_font, theme.text)
        ny += line_height(name_font)
    y = max(ny, y + (px(PILL) if tile.cost is not None else 0)) + px(1.5)
    small, small_bold = fnt(SMALL), fnt(SMALL, "bold")
    if tile.type_line:
        put_text(image, (inner.x, y), glyph_safe(tile.type_line), small, theme.muted, max_width=inner.w)
        y += line_height(small)
    draw.line((inner.x, y + px(1), inner.right - 1, y + px(1)), fill=theme.card_border, width=max(px(0.4), 1))
    y += px(3)
    if tile.max_level:
        draw_level_track(image, Box(inner.x, y, inner.w, px(3.5)), tile, theme)
        y += px(5.5)
    has_pills = tile.atk is not None or tile.hp is not None or bool(tile.footer)
    bottom = inner.bottom - (px(PILL) + px(2) if has_pills else 0)
    step = line_height(small)
    room = max((bottom - y) // step, 0)
    lines: list[tuple[str, bool]] = []
    if tile.tags:
        lines += [(line, True) for line in fit(" · ".join(tile.tags), small_bold, inner.w, room)]
    if tile.text and room > len(lines):
        lines += [(line, False) for line in fit(tile.text, small, inner.w, room - len(lines))]
    for line, bold in lines:
        put_text(image, (inner.x, y), line, small_bold if bold else small, theme.text)
        y += step
    left, right = inner.x, inner.right
    pill_y = inner.bottom - px(PILL)
    if tile.atk is not None:
        left = number_pill(image, (left, pill_y), tile.atk, theme.atk).right + px(2)
    if tile.hp is not None:
        right = number_pill(image, (right, pill_y), tile.hp, theme.hp, right=True).x - px(2)
    if tile.footer and right - left > px(6):
        cy = pill_y + px(PILL) / 2
        put_text(image, ((left + right) / 2, cy), tile.footer, small, theme.muted, anchor="mm", max_width=right - left)
    if tile.dim:
        region = image.crop((box.x, box.y, box.right, box.bottom)).convert("L").convert("RGB")
        image.paste(Image.blend(region, Image.new("RGB", region.size, theme.panel), 0.35), (box.x, box.y))

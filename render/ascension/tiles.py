"""Card tiles: the centre row on the board and the hand in the private picture.

A tile shows its cost on a pill at the top left (blue: Runes to buy it; red: Power to defeat it), its Honor
on a gold pill at the top right (a Monster's: the Honor its defeat gives), the name, the type and faction,
and a short line of what it does. Cost and Honor are key numbers. The edge takes the faction's colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.ascension.cards import Facts, lookup, printed
from render.ascension.parts import (
    dashed,
    faction_colour,
    fit,
    fnt,
    honor_colour,
    pill,
    power_colour,
    px,
    runes_colour,
    text,
    wrapped,
)
from render.kit import Box, blend, copy_keys, line_height
from render.theme import Theme

NAME = 8.5
SMALL = 6.3
EFFECT = 7.6
PAD = 3.0


@dataclass(frozen=True, slots=True)
class Tile:
    name: str
    facts: Facts | None
    footer: str = ""
    """Muted text at the bottom ("slot 3", "19 left")."""
    dim: bool = False
    highlight: bool = False


def tile_for(name: object, *, footer: str = "", dim: bool = False, highlight: bool = False) -> Tile:
    return Tile(printed(name), lookup(name), footer, dim, highlight)


def draw_tile(image: Image.Image, box: Box, tile: Tile, theme: Theme) -> None:
    """The tile in `box`. Tiles are drawn once per look and size (the same cards fill row after row) and
    pasted, their key numbers carried over."""
    drawn = _drawn(tile, box.w, box.h, theme)
    image.paste(drawn, (box.x, box.y))
    copy_keys(drawn, image, box.x, box.y)


@lru_cache(maxsize=512)
def _drawn(tile: Tile, w: int, h: int, theme: Theme) -> Image.Image:
    image = Image.new("RGB", (w, h), theme.background)
    _draw(image, Box(0, 0, w, h), tile, theme)
    return image


def _draw(image: Image.Image, box: Box, tile: Tile, theme: Theme) -> None:
    draw = ImageDraw.Draw(image)
    facts = tile.facts
    edge = faction_colour(facts.faction if facts else None, facts.type if facts else None, theme)
    fill = theme.card if not tile.dim else blend(theme.card, theme.background, 0.5)
    radius = px(3)
    draw.rounded_rectangle(box.xyxy, radius, fill=fill, outline=edge, width=px(1))
    draw.rounded_rectangle(
        (box.x, box.y, box.right, box.y + px(3)), radius, fill=edge, corners=(True, True, False, False)
    )
    if tile.highlight:
        draw.rounded_rectangle(box.xyxy, radius, outline=theme.highlight, width=px(1.5))
    inner = box.inset(px(PAD))
    y = inner.y + px(2)
    if facts is not None:
        cost_colour = power_colour(theme) if facts.type == "monster" else runes_colour(theme)
        pills = [pill(image, inner.x, y, facts.cost, cost_colour)]
        pills.append(pill(image, inner.right, y, facts.honor, honor_colour(theme), right=True))
        y = max(p.bottom for p in pills) + px(2)
    ink = theme.text if not tile.dim else theme.muted
    muted = theme.muted
    name_font = fnt(NAME, "bold")
    for line in fit(tile.name, name_font, inner.w, 2):
        text(image, (inner.x, y), line, name_font, ink)
        y += line_height(name_font)
    if facts is None:
        return
    small = fnt(SMALL)
    text(image, (inner.x, y), facts.type_line, small, muted, max_width=inner.w)
    y += line_height(small) + px(1)
    footer_h = line_height(small) if tile.footer else 0
    body = Box(inner.x, y, inner.w, inner.bottom - y - footer_h)
    wrapped(image, body, facts.effect, fnt(EFFECT), ink)
    if tile.footer:
        text(image, (inner.right, inner.bottom), tile.footer, small, muted, anchor="rd", max_width=inner.w)


def draw_empty(image: Image.Image, box: Box, theme: Theme, label: str = "empty") -> None:
    dashed(image, box, theme.border)
    text(image, box.center, label, fnt(SMALL), theme.muted, anchor="mm")

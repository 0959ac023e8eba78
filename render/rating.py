"""A rating-history chart: one line per ladder (mode), a point per rated match. Numbers in, image out."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from render.fonts import font
from render.kit import Box, draw_panel, draw_text, line_height, new_canvas
from render.theme import Theme

WIDTH, HEIGHT = 900, 440
MARGIN = 16
AXIS_W = 64
STEP = 50
"""Grid lines every this many rating points (more when the range is wide)."""


def draw_rating_chart(title: str, series: Mapping[str, Sequence[int]], theme: Theme) -> Image.Image:
    """`series` maps a line's name to its values in order (the first is the rating before any match)."""
    image = new_canvas(WIDTH, HEIGHT, theme)
    inner = draw_panel(image, Box(MARGIN, MARGIN, WIDTH - 2 * MARGIN, HEIGHT - 2 * MARGIN), theme, title)
    small = font(theme.font_small)
    values = [v for line in series.values() for v in line]
    if not values:
        draw_text(image, (inner.x, inner.y), "No rated matches yet.", font(theme.font_body), theme.muted)
        return image
    low, high = min(values), max(values)
    step = STEP
    while (high - low) / step > 8:
        step *= 2
    bottom = math.floor(low / step) * step - (step if low % step == 0 else 0)
    top = math.ceil(high / step) * step + (step if high % step == 0 else 0)
    legend_h = line_height(small) + 8
    plot = Box(inner.x + AXIS_W, inner.y + legend_h, inner.w - AXIS_W - 8, inner.h - legend_h - line_height(small) - 8)
    draw = ImageDraw.Draw(image)
    for level in range(bottom, top + 1, step):
        y = _y(plot, level, bottom, top)
        draw.line((plot.x, y, plot.right, y), fill=theme.border)
        draw_text(image, (plot.x - 8, y), str(level), small, theme.muted, anchor="rm")
    longest = max(len(line) for line in series.values())
    draw_text(image, (plot.right, plot.bottom + 6), f"{longest - 1} rated matches", small, theme.muted, anchor="ra")
    legend_x = plot.x
    for index, (name, line) in enumerate(series.items()):
        colour = theme.player(index)
        points = [(_x(plot, i, longest), _y(plot, v, bottom, top)) for i, v in enumerate(line)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=3, joint="curve")
        for px, py in points:
            draw.ellipse((px - 3, py - 3, px + 3, py + 3), fill=colour)
        draw.rectangle((legend_x, inner.y + 4, legend_x + 12, inner.y + 16), fill=colour)
        legend_x += 18 + int(draw_text(image, (legend_x + 18, inner.y + 2), f"{name}: {line[-1]}", small, theme.text))
        legend_x += 24
    return image


def _x(plot: Box, index: int, count: int) -> float:
    return plot.x + (plot.w * index / (count - 1) if count > 1 else plot.w / 2)


def _y(plot: Box, value: float, bottom: int, top: int) -> float:
    return plot.bottom - plot.h * (value - bottom) / max(top - bottom, 1)

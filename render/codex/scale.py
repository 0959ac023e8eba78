"""The scale every Codex picture is drawn at, and its key numbers.

Pictures are 1600 px wide and laid out in preview pixels (`px`): Discord shows them about 550 px wide until
they are opened, where the numbers that decide a turn are drawn at `S.key_size`, at least 12 px tall, and
recorded as key numbers (`key_text`). Everything else is smaller and secondary: it reads when the picture is
opened.
"""

from __future__ import annotations

from PIL import Image

from render.codex.parts import put_text, width_of
from render.kit import Font, PreviewScale
from render.theme import RGB, Theme

WIDTH = 1600
S = PreviewScale(WIDTH)
HEIGHT = S.max_height
"""Every Codex board is WIDTH x HEIGHT, 1.6:1: the whole of it shows in the preview."""


def px(preview: float) -> int:
    return S.px(preview)


def fnt(preview: float, face: str = "regular") -> Font:
    return S.font(preview, face)  # type: ignore[arg-type]


def key_font() -> Font:
    return S.key_font()


def scaled(theme: Theme) -> Theme:
    """`theme` with font sizes for this scale, for the kit's panels, tags and meters."""
    return S.theme(theme, title=10.5, heading=9, body=7.5, small=7)


def key_text(image: Image.Image, x: float, cy: float, text: str, fill: RGB, *, anchor: str = "l") -> float:
    """A key number with its digits centred on `cy`, left-, middle- or right-aligned at `x` (anchor "l", "m"
    or "r"); returns its width."""
    baseline = cy + S.key_size * 0.375  # digits are 0.75 em tall: centre them, not the line
    return put_text(image, (x, baseline), text, key_font(), fill, anchor=anchor + "s", key=True)


def key_width(text: str) -> float:
    return width_of(text, key_font())

"""Bundled fonts (DejaVu, see assets/DejaVu-LICENSE.txt), loaded by size.

System fonts are never used: a board must look the same on every machine, and golden tests compare
pixels. The basic layout engine is forced for the same reason, since libraqm may or may not be
installed and shapes text differently when it is.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Literal

from PIL import ImageFont

from render.theme import MIN_FONT_SIZE

ASSETS = Path(__file__).resolve().parent / "assets"

Face = Literal["regular", "bold", "mono"]

FONT_FILES: dict[str, str] = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "mono": "DejaVuSansMono.ttf",
}

# One cache per thread: a FreeType face is not safe to use from two threads at once, and boards are
# rendered from asyncio.to_thread workers. Fonts are opened by path, so FreeType reads glyphs from
# the file on demand instead of each thread holding its own copy of the font in memory.
_local = threading.local()


def font_path(face: Face = "regular") -> Path:
    try:
        return ASSETS / FONT_FILES[face]
    except KeyError:
        raise ValueError(f"unknown font face {face!r}; valid faces: {', '.join(FONT_FILES)}") from None


def font(size: int, face: Face = "regular") -> ImageFont.FreeTypeFont:
    """The bundled `face` at `size` pixels, cached per thread."""
    if size < MIN_FONT_SIZE:
        raise ValueError(f"font size {size} is below the minimum of {MIN_FONT_SIZE} px")
    cache: dict[tuple[str, int], ImageFont.FreeTypeFont] | None = getattr(_local, "fonts", None)
    if cache is None:
        cache = _local.fonts = {}
    key = (face, size)
    loaded = cache.get(key)
    if loaded is None:
        loaded = ImageFont.truetype(str(font_path(face)), size, layout_engine=ImageFont.Layout.BASIC)
        cache[key] = loaded
    return loaded

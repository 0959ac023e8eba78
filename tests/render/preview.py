"""Checks that a board reads in Discord's chat preview, for every game's renderer tests.

A board is shown about PREVIEW_WIDTH px wide until it is opened. It must be landscape (so all of it shows
at that width) and every number that decides a turn, drawn with `key=True` and so recorded on the image,
must be at least MIN_KEY_PX tall once the image is scaled to that width.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from PIL import Image

from render.kit import MIN_KEY_PX, MIN_PREVIEW_ASPECT, PREVIEW_WIDTH, key_texts


def numbers_in(texts: Iterable[str]) -> Counter[int]:
    """Every whole number written in `texts`, counted: "7/20" holds 7 and 20, "−2" holds 2."""
    return Counter(int(n) for text in texts for n in re.findall(r"\d+", text))


def preview_problems(image: Image.Image, expected: Iterable[int] = ()) -> list[str]:
    """What keeps `image` from reading at preview size (nothing when it reads):

    - not landscape enough for the whole image to show at PREVIEW_WIDTH;
    - a key text under MIN_KEY_PX once scaled, or drawn (partly) outside the image;
    - a number of `expected` (counted with repeats) that no key text shows.
    """
    width, height = image.size
    problems: list[str] = []
    if width < MIN_PREVIEW_ASPECT * height:
        problems.append(
            f"{width}x{height} is {width / height:.2f}:1; at least {MIN_PREVIEW_ASPECT}:1 shows whole at "
            f"{PREVIEW_WIDTH} px wide"
        )
    keys = key_texts(image)
    for key in keys:
        shown = key.preview_height(width)
        if shown < MIN_KEY_PX:
            problems.append(f"{key.text!r} is {shown:.1f} px tall at {PREVIEW_WIDTH} px wide (at least {MIN_KEY_PX})")
        box = key.box
        if box.x < 0 or box.y < 0 or box.right > width or box.bottom > height:
            problems.append(f"{key.text!r} is drawn outside the image at {box}")
    missing = Counter(expected) - numbers_in(k.text for k in keys)
    if missing:
        problems.append(f"numbers not drawn as key numbers: {sorted(missing.elements())}")
    return problems


def smallest_key_height(image: Image.Image) -> float:
    """The smallest key number's height at preview width (infinity when none is drawn)."""
    return min((k.preview_height(image.width) for k in key_texts(image)), default=float("inf"))

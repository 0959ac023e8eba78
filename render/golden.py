"""Golden-image checks for tests. Not imported by the bot: it is the one module here that writes files.

A golden is a committed PNG of how a board should look. Comparison allows a small mean difference
so an antialiasing change in a newer FreeType does not fail every test, while any real layout change
does. To accept new pictures, run the tests with ARBITER_UPDATE_GOLDENS=1 and review the diff.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

UPDATE_ENV = "ARBITER_UPDATE_GOLDENS"
ACTUAL_DIR = "_actual"
"""Sibling directory for failed renders; git-ignored (tests/**/_actual/)."""


def _as_image(image_or_png: Image.Image | bytes) -> Image.Image:
    if isinstance(image_or_png, bytes | bytearray):
        with Image.open(io.BytesIO(image_or_png)) as opened:
            opened.load()
            return opened.copy()
    return image_or_png


def _common_mode(a: Image.Image, b: Image.Image) -> str:
    return "RGBA" if "A" in a.getbands() or "A" in b.getbands() else "RGB"


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel on the 0–255 scale; images must be the same size."""
    mode = _common_mode(a, b)
    diff = ImageChops.difference(a.convert(mode), b.convert(mode))
    means = ImageStat.Stat(diff).mean
    return sum(means) / len(means)


def updating() -> bool:
    return os.environ.get(UPDATE_ENV) == "1"


def _save(image: Image.Image, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # Saved without compression tweaks or metadata so regenerating unchanged goldens gives no git diff.
    image.save(path, format="PNG", optimize=False)


def worst_block(a: Image.Image, b: Image.Image, block: int = 16) -> float:
    """Mean difference (0-255, channels averaged) of the most different `block` x `block` square: a whole
    picture's mean hides one changed digit, a block's does not."""
    mode = _common_mode(a, b)
    diff = ImageChops.difference(a.convert(mode), b.convert(mode)).convert("L")
    return float(diff.reduce(block).getextrema()[1])  # type: ignore[index]


def assert_matches_golden(
    image_or_png: Image.Image | bytes,
    golden_path: Path,
    tolerance: float = 2.0,
    *,
    block_tolerance: float | None = None,
) -> None:
    """Fail unless the image matches the golden PNG in size and within `tolerance` mean difference (and,
    with `block_tolerance`, no 16 x 16 block differs more than that: see `worst_block`).

    On failure the actual image (and a difference image when sizes match) is written to
    `_actual/` beside the golden. With ARBITER_UPDATE_GOLDENS=1 the golden is (re)written instead.
    """
    golden_path = Path(golden_path)
    actual = _as_image(image_or_png)
    actual_path = golden_path.parent / ACTUAL_DIR / golden_path.name
    if updating():
        _save(actual, golden_path)
        actual_path.unlink(missing_ok=True)
        return
    if not golden_path.exists():
        _save(actual, actual_path)
        raise AssertionError(
            f"golden image missing: {golden_path}\n"
            f"the rendered image was saved to {actual_path}; if it looks right, create the golden with\n"
            f"    {UPDATE_ENV}=1 pytest <this test>\n"
            f"and commit {golden_path.name}"
        )
    with Image.open(golden_path) as opened:
        golden = opened.copy()
    if golden.size != actual.size:
        _save(actual, actual_path)
        raise AssertionError(
            f"image size {actual.size[0]}x{actual.size[1]} differs from golden "
            f"{golden.size[0]}x{golden.size[1]}\n  golden: {golden_path}\n  actual: {actual_path}"
        )
    difference = mean_difference(actual, golden)
    worst = worst_block(actual, golden) if block_tolerance is not None else 0.0
    if block_tolerance is not None and worst > block_tolerance:
        _save(actual, actual_path)
        raise AssertionError(
            f"a 16x16 block differs from the golden by {worst:.1f} (tolerance {block_tolerance})\n"
            f"  golden: {golden_path}\n  actual: {actual_path}\n"
            f"if the change is intended, rerun with {UPDATE_ENV}=1 and commit the golden"
        )
    if difference > tolerance:
        _save(actual, actual_path)
        diff_path = actual_path.with_name(actual_path.stem + ".diff.png")
        mode = _common_mode(actual, golden)
        # Amplified so one-pixel shifts are visible when someone opens the diff.
        diff = ImageChops.difference(actual.convert(mode), golden.convert(mode)).convert("RGB")
        _save(diff.point(lambda v: min(255, v * 4)), diff_path)
        raise AssertionError(
            f"image differs from golden by {difference:.3f} (tolerance {tolerance})\n"
            f"  golden: {golden_path}\n  actual: {actual_path}\n  diff:   {diff_path}\n"
            f"if the change is intended, rerun with {UPDATE_ENV}=1 and commit the golden"
        )
    actual_path.unlink(missing_ok=True)

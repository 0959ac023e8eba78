"""The golden-image helper itself: pass, fail with paths, missing goldens and the update switch."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from render.golden import ACTUAL_DIR, UPDATE_ENV, assert_matches_golden, mean_difference
from render.kit import to_png


@pytest.fixture(autouse=True)
def not_updating(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(UPDATE_ENV, raising=False)


def square(colour: tuple[int, int, int], size: tuple[int, int] = (20, 10)) -> Image.Image:
    return Image.new("RGB", size, colour)


def test_mean_difference_is_per_channel_on_255_scale() -> None:
    assert mean_difference(square((0, 0, 0)), square((0, 0, 0))) == 0
    assert mean_difference(square((0, 0, 0)), square((30, 0, 0))) == pytest.approx(10)
    assert mean_difference(square((255, 255, 255)), square((0, 0, 0))) == pytest.approx(255)


def test_match_within_tolerance_passes(tmp_path: Path) -> None:
    golden = tmp_path / "g.png"
    square((100, 100, 100)).save(golden)
    assert_matches_golden(square((101, 101, 101)), golden)
    assert_matches_golden(to_png(square((100, 100, 100))), golden, tolerance=0)
    assert not (tmp_path / ACTUAL_DIR).exists()


def test_difference_fails_and_saves_actual(tmp_path: Path) -> None:
    golden = tmp_path / "g.png"
    square((0, 0, 0)).save(golden)
    with pytest.raises(AssertionError) as info:
        assert_matches_golden(square((90, 90, 90)), golden, tolerance=2.0)
    message = str(info.value)
    actual = tmp_path / ACTUAL_DIR / "g.png"
    assert "90.000" in message and "tolerance 2.0" in message
    assert str(golden) in message and str(actual) in message
    with Image.open(actual) as saved:
        assert saved.getpixel((0, 0)) == (90, 90, 90)
    assert (tmp_path / ACTUAL_DIR / "g.diff.png").exists()


def test_size_mismatch_fails(tmp_path: Path) -> None:
    golden = tmp_path / "g.png"
    square((0, 0, 0), (20, 10)).save(golden)
    with pytest.raises(AssertionError, match="20x11 differs from golden 20x10"):
        assert_matches_golden(square((0, 0, 0), (20, 11)), golden)
    assert (tmp_path / ACTUAL_DIR / "g.png").exists()


def test_missing_golden_fails_with_instructions(tmp_path: Path) -> None:
    golden = tmp_path / "sub" / "new.png"
    with pytest.raises(AssertionError) as info:
        assert_matches_golden(square((1, 2, 3)), golden)
    assert f"{UPDATE_ENV}=1" in str(info.value)
    assert not golden.exists()
    assert (tmp_path / "sub" / ACTUAL_DIR / "new.png").exists()


def test_update_mode_writes_golden_and_clears_stale_actual(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    golden = tmp_path / "g.png"
    square((0, 0, 0)).save(golden)
    with pytest.raises(AssertionError):
        assert_matches_golden(square((200, 0, 0)), golden)
    monkeypatch.setenv(UPDATE_ENV, "1")
    assert_matches_golden(square((200, 0, 0)), golden)
    with Image.open(golden) as written:
        assert written.getpixel((0, 0)) == (200, 0, 0)
    assert not (tmp_path / ACTUAL_DIR / "g.png").exists()
    monkeypatch.delenv(UPDATE_ENV)
    assert_matches_golden(square((200, 0, 0)), golden, tolerance=0)


def test_a_block_tolerance_catches_a_small_change_the_mean_hides(tmp_path: Path) -> None:
    golden = tmp_path / "g.png"
    square((0, 0, 0), (320, 320)).save(golden)
    changed = square((0, 0, 0), (320, 320))
    changed.paste((255, 255, 255), (0, 0, 16, 16))  # one digit's worth of a big picture
    assert_matches_golden(changed, golden, tolerance=1.0)
    with pytest.raises(AssertionError, match="16x16 block differs"):
        assert_matches_golden(changed, golden, tolerance=1.0, block_tolerance=4.0)
    assert (tmp_path / ACTUAL_DIR / "g.png").exists()
    assert_matches_golden(square((1, 1, 1), (320, 320)), golden, block_tolerance=4.0)

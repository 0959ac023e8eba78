"""The drawing kit: text fitting, fonts, shapes staying inside their boxes, PNG encoding."""

from __future__ import annotations

import io
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from render.fonts import ASSETS, font, font_path
from render.kit import (
    ELLIPSIS,
    MIN_KEY_PX,
    PREVIEW_WIDTH,
    Box,
    CardFace,
    PreviewScale,
    cached_fit,
    cached_width,
    clean_text,
    contrast_text,
    copy_keys,
    draw_card,
    draw_card_row,
    draw_icon,
    draw_meter,
    draw_panel,
    draw_player_chip,
    draw_text,
    draw_text_box,
    ellipsize,
    fit_lines,
    glyph_height,
    key_texts,
    line_height,
    min_font_px,
    new_canvas,
    panel_height,
    paste_text,
    text_box_height,
    text_width,
    to_png,
    truncate,
    wrap_text,
)
from render.theme import Theme, get_theme

DARK = get_theme("dark")
LIGHT = get_theme("light")
BODY = font(16)

SENTENCE = "The quick brown fox jumps over the lazy dog while the referee counts gold and runes."


def untouched_outside(before: Image.Image, after: Image.Image, box: Box) -> bool:
    """True when every pixel outside `box` is as it was: the drawing stayed in its box."""
    diff = ImageChops.difference(before, after)
    mask = Image.new("L", before.size, 255)
    mask.paste(0, (box.x, box.y, box.right, box.bottom))
    return ImageChops.multiply(diff.convert("L"), mask).getbbox() is None


# ----------------------------------------------------------------------------------------- fonts


def test_fonts_come_from_bundled_assets() -> None:
    for face in ("regular", "bold", "mono"):
        path = font_path(face)
        assert path.parent == ASSETS
        assert path.is_file()
        assert Path(font(16, face).path) == path
    assert (ASSETS / "DejaVu-LICENSE.txt").read_text(encoding="utf-8").startswith("Fonts are (c) Bitstream")


def test_font_is_cached_per_size_and_thread() -> None:
    assert font(18) is font(18)
    assert font(18) is not font(19)
    assert font(18, "bold") is not font(18)
    other: list[object] = []
    thread = threading.Thread(target=lambda: other.append(font(18)))
    thread.start()
    thread.join()
    assert other[0] is not font(18)


def test_font_rejects_tiny_sizes_and_unknown_faces() -> None:
    with pytest.raises(ValueError, match="minimum of 14"):
        font(12)
    with pytest.raises(ValueError, match="regular"):
        font(16, "italic")  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------ text


def test_clean_text_replaces_controls_and_newlines() -> None:
    assert clean_text("a\nb\tc") == "a b c"
    assert clean_text("a\nb", keep_newlines=True) == "a\nb"
    assert clean_text("bell\x07") == "bell\ufffd"
    assert clean_text("lone \ud800 surrogate") == "lone \ufffd surrogate"
    assert clean_text(42) == "42"
    long = clean_text("x" * 10_000)
    assert len(long) == 2001 and long.endswith(ELLIPSIS)


def test_wrap_text_fits_width_and_keeps_every_word() -> None:
    lines = wrap_text(SENTENCE, BODY, 200)
    assert len(lines) > 1
    assert all(text_width(line, BODY) <= 200 for line in lines)
    assert " ".join(lines).split() == SENTENCE.split()


def test_wrap_text_splits_overlong_words() -> None:
    word = "Supercalifragilisticexpialidocious" * 3
    lines = wrap_text(word, BODY, 120)
    assert "".join(lines) == word
    assert all(text_width(line, BODY) <= 120 for line in lines)


def test_wrap_text_keeps_paragraphs_and_drops_blank_edges() -> None:
    assert wrap_text("one\n\ntwo", BODY, 500) == ["one", "", "two"]
    assert wrap_text("\n  spaced   out  \n", BODY, 500) == ["spaced out"]
    assert wrap_text("", BODY, 500) == []
    assert wrap_text("   ", BODY, 500) == []


def test_wrap_text_survives_a_box_narrower_than_one_letter() -> None:
    lines = wrap_text("WWW", BODY, 1)
    assert lines == ["W", "W", "W"]


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=300), width=st.integers(min_value=1, max_value=600))
def test_wrap_text_property(text: str, width: int) -> None:
    lines = wrap_text(text, BODY, width)
    for line in lines:
        # Only a single character may overflow, when even one glyph is wider than the box.
        assert text_width(line, BODY) <= width or len(line) == 1
    assert "".join("".join(lines).split()) == "".join(clean_text(text).split())


def test_truncate_leaves_fitting_text_alone() -> None:
    assert truncate("Tenderfoot", BODY, 500) == "Tenderfoot"


def test_truncate_cuts_with_ellipsis_to_fit() -> None:
    cut = truncate(SENTENCE, BODY, 150)
    assert cut.endswith(ELLIPSIS)
    assert text_width(cut, BODY) <= 150
    assert SENTENCE.startswith(cut[:-1])
    assert not cut[:-1].endswith(" ")


def test_truncate_to_nothing_when_even_the_ellipsis_does_not_fit() -> None:
    assert truncate(SENTENCE, BODY, 3) == ""
    assert truncate(SENTENCE, BODY, text_width(ELLIPSIS, BODY)) == ELLIPSIS


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=200), width=st.integers(min_value=0, max_value=400))
def test_truncate_property(text: str, width: int) -> None:
    cut = truncate(text, BODY, width)
    assert text_width(cut, BODY) <= width
    assert "\n" not in cut


def test_fit_lines_caps_lines_with_an_ellipsis() -> None:
    lines = fit_lines(SENTENCE, BODY, 160, 2)
    assert len(lines) == 2
    assert lines[-1].endswith(ELLIPSIS)
    assert all(text_width(line, BODY) <= 160 for line in lines)
    assert fit_lines(SENTENCE, BODY, 2000, 2) == [SENTENCE]
    assert fit_lines(SENTENCE, BODY, 160, 0) == []


def test_ellipsize_always_marks_the_cut() -> None:
    assert ellipsize("short", BODY, 500) == "short" + ELLIPSIS
    assert ellipsize("", BODY, 500) == ELLIPSIS


def test_text_box_stays_inside_and_reports_height() -> None:
    canvas = new_canvas(400, 200, DARK)
    before = canvas.copy()
    box = Box(20, 30, 200, 60)
    used = draw_text_box(canvas, box, SENTENCE * 3, BODY, DARK.text)
    assert 0 < used <= box.h
    lines = (used + 4) // (line_height(BODY) + 4)
    assert lines == 2 and used == text_box_height(lines, BODY)
    # Glyph ink may overhang its advance box by a pixel (the left bearing of "T", say).
    assert untouched_outside(before, canvas, box.inset(-2))
    assert ImageChops.difference(before, canvas).getbbox() is not None


@pytest.mark.parametrize("align", ["left", "center", "right"])
def test_text_box_alignment(align: str) -> None:
    canvas = new_canvas(400, 100, DARK)
    box = Box(0, 0, 400, 100)
    draw_text_box(canvas, box, "hi", BODY, DARK.text, align=align, valign="middle")  # type: ignore[arg-type]
    bbox = ImageChops.difference(canvas, new_canvas(400, 100, DARK)).getbbox()
    assert bbox is not None
    centre = (bbox[0] + bbox[2]) / 2
    expected = {"left": 10, "center": 200, "right": 390}[align]
    assert abs(centre - expected) < 15
    assert abs((bbox[1] + bbox[3]) / 2 - 50) < 10


# ---------------------------------------------------------------------------------------- shapes


def test_box_geometry() -> None:
    box = Box(10, 20, 30, 40)
    assert (box.right, box.bottom, box.center) == (40, 60, (25, 40))
    assert box.xyxy == (10, 20, 39, 59)
    assert box.inset(5) == Box(15, 25, 20, 30)
    assert box.inset(50).w == 0


def test_contrast_text_picks_readable_ink() -> None:
    assert contrast_text((0, 0, 0)) == (255, 255, 255)
    assert contrast_text((255, 255, 255)) == (17, 17, 17)
    assert contrast_text((240, 228, 66)) == (17, 17, 17)


@pytest.mark.parametrize("theme", [DARK, LIGHT], ids=["dark", "light"])
def test_panel_content_box_is_inside_the_panel(theme: Theme) -> None:
    canvas = new_canvas(600, 300, theme)
    before = canvas.copy()
    box = Box(10, 10, 500, 200)
    content = draw_panel(canvas, box, theme, "A very long panel title " * 5, accent=theme.player(2), note="turn 3")
    assert box.x < content.x and content.right < box.right
    assert box.y < content.y and content.bottom < box.bottom
    assert panel_height(content.h, theme) == box.h
    assert untouched_outside(before, canvas, box)
    assert canvas.getpixel((box.x + 1, content.bottom)) == theme.panel


def test_panel_highlight_uses_the_highlight_colours() -> None:
    canvas = new_canvas(300, 200, DARK)
    box = Box(10, 10, 200, 150)
    draw_panel(canvas, box, DARK, highlight=True)
    assert canvas.getpixel((box.x + 50, box.y + 1)) == DARK.highlight
    assert canvas.getpixel(box.center) == DARK.highlight_fill


def test_icon_kinds_and_caption() -> None:
    canvas = new_canvas(300, 100, DARK)
    plain = draw_icon(canvas, (30, 50), "gold", 5, DARK)
    assert plain == Box(14, 34, 32, 32)
    assert canvas.getpixel((30, 38)) == DARK.gold
    captioned = draw_icon(canvas, (120, 50), "hp", 20, DARK, caption="base")
    assert captioned.w > 32
    with pytest.raises(ValueError, match="gold"):
        draw_icon(canvas, (30, 50), "mana", 1, DARK)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", ["gold", "hp", "atk", "cards", "shield", "damage", "accent"])
def test_icons_stay_in_their_box(kind: str) -> None:
    canvas = new_canvas(100, 100, LIGHT)
    before = canvas.copy()
    box = draw_icon(canvas, (50, 50), kind, 123, LIGHT, size=40)  # type: ignore[arg-type]
    assert untouched_outside(before, canvas, box)
    assert ImageChops.difference(before, canvas).getbbox() is not None


def test_meter_fills_in_proportion_and_clamps() -> None:
    box = Box(10, 10, 400, 28)

    def filled_at(value: float, maximum: float, x: int) -> bool:
        canvas = new_canvas(420, 50, DARK)
        draw_meter(canvas, box, value, maximum, DARK, colour=(1, 2, 3))
        return canvas.getpixel((x, box.y + 3)) == (1, 2, 3)

    assert filled_at(50, 100, box.x + 100)
    assert not filled_at(50, 100, box.x + 300)
    assert filled_at(250, 100, box.right - 20)
    assert not filled_at(-5, 100, box.x + 30)
    assert not filled_at(5, 0, box.x + 30)


def test_meter_turns_to_danger_when_low() -> None:
    canvas = new_canvas(420, 50, DARK)
    box = Box(10, 10, 400, 28)
    draw_meter(canvas, box, 4, 100, DARK)
    assert canvas.getpixel((box.x + 8, box.y + 3)) == DARK.danger


def test_meter_stays_in_its_box() -> None:
    canvas = new_canvas(420, 50, DARK)
    before = canvas.copy()
    box = Box(10, 10, 200, 28)
    draw_meter(canvas, box, 14, 20, DARK, label="Base with a very very long label")
    assert untouched_outside(before, canvas, box)


def test_player_chip_width_and_active_outline() -> None:
    canvas = new_canvas(400, 100, DARK)
    before = canvas.copy()
    chip = draw_player_chip(canvas, (10, 10), 1, "A name far too long for any chip at all", DARK, max_width=200)
    assert chip.w <= 200
    assert untouched_outside(before, canvas, chip)
    assert canvas.getpixel((chip.x + chip.w // 2, chip.y + 1)) == DARK.player(1)
    active = draw_player_chip(canvas, (10, 60), 1, "Bob", DARK, active=True)
    assert canvas.getpixel((active.x + active.w // 2, active.y)) == DARK.highlight


# ----------------------------------------------------------------------------------------- cards


def card_canvas(card: CardFace, theme: Theme = DARK) -> tuple[Image.Image, Image.Image, Box]:
    canvas = new_canvas(200, 260, theme)
    before = canvas.copy()
    box = draw_card(canvas, (20, 20), card, theme)
    return before, canvas, box


def test_card_stays_in_its_box() -> None:
    card = CardFace("A card whose name goes on and on " * 4, 99, "Type " * 20, "Rules " * 200, 12, 34, 5, pips=40)
    before, canvas, box = card_canvas(card)
    assert (box.w, box.h) == (150, 210)
    assert untouched_outside(before, canvas, box)


def test_card_highlight_outline_is_just_outside() -> None:
    before, canvas, box = card_canvas(CardFace("Tenderfoot", 1, highlight=True))
    assert untouched_outside(before, canvas, box.inset(-3))
    assert canvas.getpixel((box.x + box.w // 2, box.y - 2)) == DARK.highlight


def test_exhausted_card_is_greyed() -> None:
    card = CardFace("Tenderfoot", 1, "Unit — Virtuoso", atk=1, hp=2, owner=0)
    _, fresh, box = card_canvas(card)
    _, tired, _ = card_canvas(CardFace("Tenderfoot", 1, "Unit — Virtuoso", atk=1, hp=2, owner=0, exhausted=True))

    def saturation(image: Image.Image) -> float:
        hsv = image.crop((box.x, box.y, box.right, box.bottom)).convert("HSV")
        return ImageStat.Stat(hsv).mean[1]

    assert saturation(tired) < saturation(fresh) / 2


def test_card_badges_only_when_given() -> None:
    _, bare, _ = card_canvas(CardFace("Wither", 2, "Spell"))
    _, unit, _ = card_canvas(CardFace("Wither", 2, "Spell", atk=1, hp=1))
    _, damaged, _ = card_canvas(CardFace("Wither", 2, "Spell", atk=1, hp=1, damage=1))
    assert ImageChops.difference(bare, unit).getbbox() is not None
    assert ImageChops.difference(unit, damaged).getbbox() is not None
    # The ATK diamond sits bottom-left; a card without ATK has plain card face there.
    assert bare.getpixel((20 + 8 + 15, 20 + 210 - 8 - 15)) == DARK.card
    assert unit.getpixel((20 + 8 + 15, 20 + 210 - 8 - 15)) != DARK.card


def test_card_row_sums_up_what_does_not_fit() -> None:
    canvas = new_canvas(700, 240, DARK)
    cards = [CardFace(f"Card {i}", i) for i in range(10)]
    row = draw_card_row(canvas, (10, 10), cards, DARK, max_width=640)
    assert row.w <= 640
    assert row.h == 210
    empty = draw_card_row(canvas, (10, 10), [], DARK, max_width=640)
    assert empty.w == 0


# --------------------------------------------------------------------------------------------- png


def test_to_png_round_trips_and_is_deterministic() -> None:
    canvas = new_canvas(120, 80, LIGHT)
    draw_card(canvas, (0, 0), CardFace("X", 1), LIGHT, size=(100, 80))
    first = to_png(canvas)
    assert first.startswith(b"\x89PNG\r\n\x1a\n")
    assert first == to_png(canvas.copy())
    for chunk in (b"tEXt", b"tIME", b"iTXt", b"zTXt"):
        assert chunk not in first
    with Image.open(io.BytesIO(first)) as decoded:
        assert decoded.mode == "RGB"
        assert ImageChops.difference(decoded.convert("RGB"), canvas).getbbox() is None


def test_to_png_converts_palette_and_keeps_alpha() -> None:
    rgba = Image.new("RGBA", (10, 10), (1, 2, 3, 128))
    with Image.open(io.BytesIO(to_png(rgba))) as decoded:
        assert decoded.mode == "RGBA"
        assert decoded.getpixel((0, 0)) == (1, 2, 3, 128)
    cmyk = Image.new("CMYK", (10, 10))
    with Image.open(io.BytesIO(to_png(cmyk))) as decoded:
        assert decoded.mode == "RGB"


# ----------------------------------------------------------------------------------- chat previews


@pytest.mark.parametrize("width", [550, 1100, 1200, 1600, 2200])
def test_min_font_px_is_the_smallest_size_whose_digits_reach_12px_in_the_preview(width: int) -> None:
    size = min_font_px(width)
    needed = MIN_KEY_PX * width / PREVIEW_WIDTH
    assert all(glyph_height(digit, font(size, "bold")) >= needed for digit in "0123456789")
    if size > 14:
        assert any(glyph_height(digit, font(size - 1, "bold")) < needed for digit in "0123456789")
    with pytest.raises(ValueError, match="positive"):
        min_font_px(0)


def test_preview_scale_converts_preview_pixels_and_caps_the_height() -> None:
    scale = PreviewScale(1650)
    assert scale.factor == 3 and scale.px(8) == 24 and scale.preview(36) == 12
    assert scale.max_height == 1031 and scale.key_size == min_font_px(1650)
    themed = scale.theme(DARK, title=11, body=8)
    assert (themed.font_title, themed.font_body, themed.text) == (33, 24, DARK.text)
    assert scale.font(2).size == 14  # never below the bundled minimum
    with pytest.raises(ValueError, match="narrower than the preview"):
        PreviewScale(400)


def test_glyph_height_measures_the_digits_not_the_punctuation() -> None:
    bold = font(40, "bold")
    assert glyph_height("7/20", bold) == glyph_height("720", bold) == glyph_height("−2", bold)
    assert glyph_height("p2's turn", bold) == glyph_height("2", bold)
    assert glyph_height("Base", bold) > 0 and glyph_height("  ", bold) == 0


def test_key_text_is_recorded_where_it_is_drawn_and_survives_crops() -> None:
    image = new_canvas(400, 200, DARK)
    draw_text(image, (20, 30), "plain", BODY, DARK.text)
    draw_text(image, (100, 100), "13", font(40, "bold"), DARK.text, anchor="mm", key=True)
    draw_icon(image, (300, 100), "hp", 4, DARK, size=40, key=True)
    keys = key_texts(image)
    assert [k.text for k in keys] == ["13", "4"]
    ink = ImageChops.difference(image, new_canvas(400, 200, DARK)).crop(keys[0].box.xyxy).getbbox()
    assert ink is not None and keys[0].box.center[0] in range(95, 106)
    assert keys[0].glyph_height == glyph_height("13", font(40, "bold"))
    assert keys[0].preview_height(400) > keys[0].glyph_height  # a narrow image is shown larger
    assert [k.text for k in key_texts(image.crop((0, 0, 400, 150)))] == ["13", "4"]
    target = new_canvas(800, 400, DARK)
    copy_keys(image, target, 10, 20)
    assert key_texts(target)[1].box.x == keys[1].box.x + 10 and key_texts(new_canvas(10, 10, DARK)) == []


def test_pasted_text_looks_like_drawn_text_and_records_keys() -> None:
    """`paste_text` (cached masks) draws the same pixels as `draw_text`, clips alike, and records key numbers."""
    fnt = font(30, "bold")
    for anchor, width in (("la", None), ("mm", None), ("rs", 60)):
        drawn = Image.new("RGB", (300, 80), (20, 20, 20))
        pasted = drawn.copy()
        a = draw_text(drawn, (150, 40), "Honor 42", fnt, (240, 200, 30), anchor=anchor, max_width=width)
        b = paste_text(pasted, (150, 40), "Honor 42", fnt, (240, 200, 30), anchor=anchor, max_width=width, key=True)
        assert a == b and ImageChops.difference(drawn, pasted).getbbox() is None
        assert [k.text for k in key_texts(pasted)] == [truncate("Honor 42", fnt, width) if width else "Honor 42"]
    assert cached_width("Mystic", fnt) == text_width("Mystic", fnt)
    assert cached_fit("a b c d e f g h", fnt, 60, 2) == fit_lines("a b c d e f g h", fnt, 60, 2)

"""The generic board: any JSON-like view must give a sensible, size-capped image and never crash."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops

from render import generic
from render.generic import MAX_HEIGHT, MIN_HEIGHT, WIDTH, draw_generic
from render.kit import key_texts, new_canvas
from render.theme import THEMES, get_theme
from tests.render.preview import preview_problems

DARK = get_theme("dark")

scalars = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=80)
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=8) | st.dictionaries(st.text(max_size=15), children, max_size=8),
    max_leaves=60,
)
views = st.dictionaries(st.text(max_size=20), json_values, max_size=12)
seat_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=12,
)
"""Smaller than `json_values`: eight seats of eight fields of those often outgrow hypothesis's data budget."""
seat_views = st.fixed_dictionaries(
    {"players": st.lists(st.dictionaries(st.text(max_size=10), seat_values, max_size=8), min_size=1, max_size=8)},
    optional={"active": st.integers(min_value=-2, max_value=9), "turn": st.integers()},
)


def check_board(image: Image.Image) -> None:
    assert isinstance(image, Image.Image)
    assert image.mode == "RGB"
    assert image.width == WIDTH
    assert MIN_HEIGHT <= image.height <= MAX_HEIGHT
    # Landscape, and every key number (seats' and the overview's) readable at preview width.
    assert preview_problems(image) == []


def nested(depth: int) -> Any:
    value: Any = "bottom"
    for level in range(depth):
        value = {"level": level, "next": [value]} if level % 2 else [value, level]
    return value


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(view=views)
def test_any_json_view_renders(view: dict[str, Any]) -> None:
    check_board(draw_generic(view, DARK, "Fuzz"))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(view=seat_views, theme=st.sampled_from(sorted(THEMES)))
def test_any_seated_view_renders(view: dict[str, Any], theme: str) -> None:
    check_board(draw_generic(view, get_theme(theme), "Fuzz with seats"))


@pytest.mark.parametrize(
    "view",
    [
        {},
        {"empty_list": [], "empty_dict": {}},
        {"players": []},
        {"players": [{}]},
        {"seats": [{"name": None}, {"name": True}, {"seat": 99}, {"seat": -1}]},
        {"x": float("nan"), "y": float("-inf"), "z": 10**5000},
        {1: "int key", None: "none key", (1, 2): "tuple key"},
        {"bytes": b"\x00\x01", "set": {1, 2}, "tuple": (1, (2, 3))},
        {"s": "\x00\x1b[31m\r\n\t\u202e\ud800 emoji 🎲🃏 cjk 漢字 rtl עברית"},
        {"long": "word " * 100_000, "longword": "x" * 1_000_000},
        {"deep": nested(2000)},
    ],
    ids=[
        "empty",
        "empty-fields",
        "no-seats",
        "empty-seat",
        "odd-seats",
        "odd-numbers",
        "odd-keys",
        "non-json",
        "control-chars",
        "huge-strings",
        "deep",
    ],
)
def test_odd_views_render(view: dict[Any, Any]) -> None:
    check_board(draw_generic(view, DARK, "Odd"))


@pytest.mark.parametrize("view", [None, 7, "just text", [1, 2, 3], [{"a": 1}]])
def test_non_dict_views_render(view: Any) -> None:
    check_board(draw_generic(view, DARK, "Not a dict"))


def test_huge_view_is_capped_in_height_and_time() -> None:
    view = {
        **{f"field_{i}": i for i in range(5_000)},
        "players": [{"name": f"P{i}", "hand": list(range(1_000))} for i in range(20)],
        **{f"list_{i}": [{"card": j, "text": "t" * 50} for j in range(500)] for i in range(50)},
    }
    start = time.perf_counter()
    image = draw_generic(view, DARK, "Huge")
    elapsed = time.perf_counter() - start
    check_board(image)
    assert image.height > MAX_HEIGHT - 200
    assert elapsed < 3.0


def test_small_view_gives_a_small_image() -> None:
    image = draw_generic({"turn": 1}, DARK, "Tiny")
    assert image.height < 400


def test_more_content_makes_a_taller_board() -> None:
    short = draw_generic({"log": ["a"]}, DARK, "T")
    longer = draw_generic({"log": [f"entry number {i} " * 3 for i in range(10)]}, DARK, "T")
    assert longer.height > short.height


def test_seats_get_their_colour_and_active_seat_is_outlined() -> None:
    view = {"active": 1, "players": [{"name": "Alice"}, {"name": "Bob"}, {"name": "Cy"}]}
    image = draw_generic(view, DARK, "Seats")
    colours = {colour for _, colour in image.getcolors(1_000_000) or []}
    for seat in range(3):
        assert DARK.player(seat) in colours
    # Three seat panels share the width; Bob's (the middle one) has the thick seat-colour border.
    width = generic._panel_width(3)
    bob_left = generic.MARGIN + width + generic.GAP
    border_column = [image.getpixel((bob_left + 1, y)) for y in range(image.height)]
    assert border_column.count(DARK.player(1)) > 50
    alice_column = [image.getpixel((generic.MARGIN + 1, y)) for y in range(image.height)]
    assert alice_column.count(DARK.player(0)) < 5


def test_title_is_drawn_and_long_titles_do_not_overflow() -> None:
    blank = new_canvas(WIDTH, 80, DARK)
    titled = draw_generic({}, DARK, "A title " * 50).crop((0, 0, WIDTH, 80))
    untitled = draw_generic({}, DARK, "").crop((0, 0, WIDTH, 80))
    assert ImageChops.difference(titled, blank).getbbox() is not None
    assert ImageChops.difference(titled, untitled).getbbox() is not None


def test_inline_summaries_are_bounded_and_lead_with_names() -> None:
    assert generic._inline({"name": "Tenderfoot", "atk": 1, "hp": 2}) == "Tenderfoot (atk: 1, hp: 2)"
    assert generic._inline([1, "a", None, True]) == "1, a, —, yes"
    assert generic._inline({"a": {"b": {"c": {"d": 1}}}}) == "a: {b: {c: {…}}}"
    long = generic._inline(list(range(10_000)))
    assert len(long) < generic.INLINE_CHARS + 40
    assert long.endswith("more")
    assert generic._inline(nested(5000)).count("[") <= generic.INLINE_DEPTH + 1


def test_rows_note_hidden_fields_and_items() -> None:
    rows = generic._rows_for_mapping({f"k{i}": i for i in range(100)})
    assert len(rows) == generic.MAX_FIELDS + 1
    assert rows[-1].value == f"… {100 - generic.MAX_FIELDS} more fields"
    items = generic._rows_for_field("deck", [{"name": str(i)} for i in range(30)], 0)
    assert items[0].label == "deck (30)"
    assert items[-1].value == f"… {30 - generic.MAX_ITEMS} more"


def test_the_numbers_of_the_overview_and_of_each_seat_read_at_preview_size() -> None:
    """A game without a renderer still gets a board that reads in the chat: its seats' numbers (and the
    overview's) are key numbers, drawn large enough, and the seat to move says so in key type."""
    view = {
        "turn": 7,
        "phase": "main",
        "active": 1,
        "players": [{"name": "Alice", "gold": 5, "hp": 18}, {"name": "Bob", "gold": 12, "hp": 3, "hand": ["x"]}],
    }
    image = draw_generic(view, DARK, "Numbers")
    assert preview_problems(image, [7, 1, 5, 18, 12, 3]) == []
    assert any(k.text.startswith("▶ Bob") for k in key_texts(image))

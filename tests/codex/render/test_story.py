"""The board's "last turn" panel: weightiest lines first, never "… and N more", a pointer to the message."""

from __future__ import annotations

from typing import Any

from render.codex import draw_board
from render.codex.model import highlights
from render.codex.story import CUT_NOTE, layout, ordered
from render.kit import key_texts
from render.theme import get_theme

KINDS = ["gold", "attack", "damage", "died", "play", "damage:building", "damage:base", "draw", "destroyed:building"]


def last_turn(n: int) -> dict[str, Any]:
    lines = [f"line {i} ({KINDS[i % len(KINDS)]})" for i in range(n)]
    return {"seat": 1, "turn": 9, "lines": lines, "kinds": [KINDS[i % len(KINDS)] for i in range(n)]}


def test_lines_are_ordered_deaths_then_base_then_building_damage_then_the_rest_in_order() -> None:
    marks = highlights({"last_turn": last_turn(9)})
    kinds = [line.split("(")[1].rstrip(")") for line, _ in ordered(marks)]
    assert kinds == [
        "died",
        "destroyed:building",
        "damage:base",
        "damage:building",
        "gold",
        "attack",
        "damage",
        "play",
        "draw",
    ]


def test_lines_without_kinds_keep_the_order_they_happened_in() -> None:
    raw = last_turn(5)
    del raw["kinds"]
    assert [line for line, _ in ordered(highlights({"last_turn": raw}))] == raw["lines"]


def test_a_full_panel_keeps_the_weightiest_lines_and_points_to_the_message() -> None:
    marks = highlights({"last_turn": last_turn(60)})
    placed, complete = layout(ordered(marks), 2000, [5, 5], 1)
    shown = [text for column in placed for text, _, _ in column]
    assert not complete and len(shown) == 10
    assert shown[:4] == [line for line, _ in ordered(marks)][:4]
    assert all("more" not in line for line in shown)
    placed, complete = layout(ordered(marks)[:6], 2000, [5, 5], 1)
    assert complete and sum(len(c) for c in placed) == 6


def test_the_drawn_board_says_where_the_rest_of_a_long_turn_is(monkeypatch: Any) -> None:
    """The panel's last line is the pointer, drawn when (and only when) lines were left out."""
    drawn: list[str] = []
    import render.codex.story as story

    real = story.put_text

    def spy(image: Any, xy: Any, text: Any, *args: Any, **kwargs: Any) -> float:
        drawn.append(str(text))
        return real(image, xy, text, *args, **kwargs)

    monkeypatch.setattr(story, "put_text", spy)
    view: dict[str, Any] = {"players": [{"seat": 0}, {"seat": 1}], "last_turn": last_turn(60)}
    draw_board(view, get_theme("dark"))
    assert drawn[-1] == CUT_NOTE and not any(" and " in d and "more" in d for d in drawn)
    assert drawn[0].endswith("(died)")
    drawn.clear()
    view["last_turn"] = last_turn(4)
    draw_board(view, get_theme("dark"))
    assert CUT_NOTE not in drawn and len(drawn) == 4


def test_damage_is_drawn_as_a_labelled_minus_pill_in_key_type() -> None:
    view: dict[str, Any] = {
        "players": [{"seat": 0, "patrol": {"elite": "Older Brother#1"}}, {"seat": 1}],
        "in_play": [
            {"uid": 1, "label": "Older Brother#1", "type": "unit", "controller": 0, "atk": 2, "hp": 3, "damage": 2}
        ],
    }
    theme = get_theme("dark")
    image = draw_board(view, theme)
    keys = {k.text: k for k in key_texts(image)}
    assert "2/3" in keys and "2" in keys
    # The damage's digits sit on a pill of the danger colour, right of ATK/HP; the top bar's legend says
    # what the pill is ("−2 = damage taken").
    damage, stats = keys["2"], keys["2/3"]
    assert damage.box.x > stats.box.right
    around = image.crop(damage.box.inset(-8).xyxy)
    assert theme.danger in {colour for _, colour in around.getcolors(1 << 16) or []}

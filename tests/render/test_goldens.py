"""Golden images of kit compositions and generic boards.

After an intended visual change, regenerate with
    ARBITER_UPDATE_GOLDENS=1 .venv/bin/pytest tests/render/test_goldens.py
then look at the new PNGs before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from render import render_board
from render.fonts import font
from render.golden import assert_matches_golden
from render.kit import (
    Box,
    CardFace,
    draw_card_row,
    draw_icon,
    draw_meter,
    draw_panel,
    draw_player_chip,
    draw_text_box,
    new_canvas,
)
from render.theme import Theme, get_theme

GOLDENS = Path(__file__).parent / "goldens"

CARDS = [
    CardFace("Tenderfoot", 1, "Unit — Virtuoso", atk=1, hp=2, owner=0),
    CardFace("Older Brother", 2, "Unit — Drunkard", atk=2, hp=2, damage=1, highlight=True),
    CardFace(
        "Brick Thief",
        2,
        "Unit — Mercenary",
        "Arrives: deal 1 damage to a building and repair 1 damage on one of yours.",
        atk=2,
        hp=1,
        exhausted=True,
    ),
    CardFace("Bombaster", 3, "Unit — Flagbearer", "Sparkshot", atk=3, hp=3, pips=2, owner=1),
    CardFace("Timely Messenger of the Northern Reaches", 1, "Unit", "Haste", atk=1, hp=1, pips=9),
    CardFace("Wither", 2, "Spell — Debuff", "Put two −1/−1 runes on a unit."),
    CardFace("Hidden", 0),
    CardFace("Also hidden", 0),
]

CODEX_VIEW: dict[str, Any] = {
    "turn": 7,
    "phase": "main",
    "active": 0,
    "winner": None,
    "last_action": "p1 played Brick Thief, dealing 1 damage to p2's base and repairing 1 on their own base.",
    "patrol_zone": {"squad_leader": "Tenderfoot", "elite": None, "scavenger": "Older Brother"},
    "players": [
        {
            "name": "Alice",
            "gold": 5,
            "workers": 6,
            "base_hp": 18,
            "tech": ["Bashing", "Finesse"],
            "heroes": [{"name": "Troq Bashar", "level": 3, "hp": 4, "atk": 2}],
            "units": [
                {"name": "Tenderfoot", "atk": 1, "hp": 2, "exhausted": False},
                {"name": "Older Brother", "atk": 2, "hp": 2, "runes": {"+1/+1": 1}},
            ],
            "buildings": {"tech_1": True, "tower": False},
        },
        {"name": "Bob", "gold": 2, "workers": 5, "base_hp": 20, "tech": ["Finesse"], "heroes": [], "units": []},
    ],
    "log": [f"turn {i}: something happened" for i in range(1, 20)],
}

ODD_VIEW: dict[str, Any] = {
    "title": "x" * 400,
    "unicode": "cjk 漢字, rtl עברית, dice 🎲, control \x07\n\tchars",
    "nothing": None,
    "flags": [True, False, None, 1.5e300, float("nan")],
    "nested": {"a": {"b": {"c": {"d": {"e": "too deep to show"}}}}},
    "grid": [[0, 1, 0], [1, 0, 1], [0, 1, 0]],
    "seats": [{"name": f"Player {i}", "score": i * 10, "hand": ["card"] * i} for i in range(5)],
    "long_list": [{"name": f"Card {i}", "cost": i % 5} for i in range(40)],
    "empty": {},
}


def kit_cards(theme: Theme) -> Image.Image:
    image = new_canvas(1000, 290, theme)
    content = draw_panel(image, Box(10, 10, 980, 270), theme, "Alice — in play", accent=theme.player(0), note="turn 7")
    draw_card_row(image, (content.x, content.y), CARDS, theme, max_width=content.w)
    return image


def kit_widgets(theme: Theme) -> Image.Image:
    image = new_canvas(760, 250, theme)
    x, y = 30, 30
    for kind, value, caption in [
        ("gold", 5, "gold"),
        ("hp", 20, "hp"),
        ("atk", 3, "atk"),
        ("cards", 7, "hand"),
        ("shield", 2, "armor"),
        ("damage", 12, "dmg"),
    ]:
        x = draw_icon(image, (x + 16, y + 16), kind, value, theme, caption=caption).right + 22  # type: ignore[arg-type]
    draw_meter(image, Box(20, 70, 340, 28), 14, 20, theme, label="Base")
    draw_meter(image, Box(380, 70, 340, 28), 3, 20, theme, label="Base")
    x = 20
    for seat, name in enumerate(["Alice", "Bob the Long-Winded Strategist", "Cy", "Dee", "Eve"]):
        x = draw_player_chip(image, (x, 120), seat, name, theme, active=seat == 0, max_width=190).right + 8
    text = "Wrapped rules text in a box: it should break on word boundaries and end in an ellipsis when cut. " * 2
    draw_text_box(image, Box(20, 170, 520, 60), text, font(theme.font_body), theme.text)
    return image


@pytest.mark.parametrize("theme_name", ["dark", "light"])
def test_kit_cards_golden(theme_name: str) -> None:
    assert_matches_golden(kit_cards(get_theme(theme_name)), GOLDENS / f"kit_cards_{theme_name}.png")


def test_kit_widgets_golden() -> None:
    assert_matches_golden(kit_widgets(get_theme("dark")), GOLDENS / "kit_widgets_dark.png")


@pytest.mark.parametrize("theme_name", ["dark", "light"])
def test_generic_codex_golden(theme_name: str) -> None:
    png = render_board("golden-unregistered-game", "Codex — Alice vs Bob", CODEX_VIEW, theme_name)
    assert_matches_golden(png, GOLDENS / f"generic_codex_{theme_name}.png")


def test_generic_odd_view_golden() -> None:
    png = render_board("golden-unregistered-game", "Odd view", ODD_VIEW)
    assert_matches_golden(png, GOLDENS / "generic_odd_dark.png")

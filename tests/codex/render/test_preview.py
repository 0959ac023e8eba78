"""Codex pictures read in the chat preview: landscape, and every number that decides a turn (base HP, gold,
workers, ATK/HP, damage, whose turn; a hand card's cost) at least 12 px tall when Discord shows the picture
550 px wide.

Every golden position is drawn in both themes; the numbers are found on the image's record of its key
texts (`render.kit.key_texts`), and each one the view holds must be there.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from render.codex import draw_board
from render.codex.hand import draw_hand
from render.fonts import font
from render.kit import draw_text
from render.theme import MIN_FONT_SIZE, THEMES, get_theme
from tests.codex.render import playouts
from tests.codex.render.test_render import BOARDS, HANDS, TABLES, board_view, table_view
from tests.render.preview import preview_problems

FIGHTERS = ("unit", "token", "hero")


def deciding_numbers(view: dict[str, Any]) -> list[int]:
    """The numbers of `view` a player needs at a glance: every seat's base (left and most), gold and workers,
    every fighter's ATK, HP and damage, and the number of each seat whose turn it is (or who won)."""
    numbers: list[int] = []
    for player in view["players"]:
        base = player["base"]
        numbers += [max(base["hp"] - base["damage"], 0), base["hp"], player["gold"], player["workers"]]
    for thing in view["in_play"]:
        if thing["type"] in FIGHTERS:
            numbers += [thing["atk"], thing["hp"]] + ([thing["damage"]] if thing["damage"] else [])
    result = view.get("result")
    seats = result["winners"] if result else view.get("turn_seats") or [view["active"]]
    return numbers + [seat + 1 for seat in seats]


@pytest.fixture(scope="module")
def positions() -> dict[str, dict[str, Any]]:
    views = {name: board_view(position) for name, position in BOARDS.items()}
    views.update({name: table_view(name) for name in TABLES})
    return views


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("name", sorted([*BOARDS, *TABLES]))
def test_golden_positions_read_at_preview_size(name: str, theme: str, positions: dict[str, dict[str, Any]]) -> None:
    view = positions[name]
    image = draw_board(view, get_theme(theme))
    assert preview_problems(image, deciding_numbers(view)) == []


@pytest.mark.parametrize("seats", [3, 5])
def test_three_and_five_seats_read_at_preview_size(seats: int, positions: dict[str, dict[str, Any]]) -> None:
    view = copy.deepcopy(positions["table_ffa4"])
    players = view["players"]
    view["players"] = [{**copy.deepcopy(players[i % 4]), "seat": i, "name": f"p{i + 1}"} for i in range(seats)]
    view["in_play"] = [t for t in view["in_play"] if t["controller"] < seats]
    view["turn_seats"] = [seats - 1]
    view["active"] = seats - 1
    image = draw_board(view, get_theme("dark"))
    assert preview_problems(image, deciding_numbers(view)) == []


def test_the_check_fails_a_board_with_small_or_missing_numbers(positions: dict[str, dict[str, Any]]) -> None:
    """The measure must be able to fail: a number drawn small, a number not drawn, a picture too tall."""
    view = positions["patrol_full"]
    image = draw_board(view, get_theme("dark"))
    assert any("not drawn" in p for p in preview_problems(image, [*deciding_numbers(view), 987]))
    tall = image.crop((0, 0, image.width, image.width))
    assert any("at least 1.6:1" in p for p in preview_problems(tall))
    small = image.copy()
    draw_text(small, (40, 40), "17", font(MIN_FONT_SIZE, "bold"), (255, 255, 255), key=True)
    assert any("'17' is" in p for p in preview_problems(small))


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("name", sorted(HANDS))
def test_hands_read_at_preview_size(name: str, theme: str) -> None:
    """The private picture too: gold, workers, and every hand card's cost, ATK and HP."""
    seed, moves, seat = HANDS[name]
    view = playouts.replay(seed, moves).view(seat)
    player = view["players"][seat]
    numbers = [player["gold"], player["workers"]]
    for card in view["you"]["hand"]:
        numbers += [card[k] for k in ("cost", "atk", "hp") if card.get(k) is not None]
    assert preview_problems(draw_hand(view, get_theme(theme)), numbers) == []

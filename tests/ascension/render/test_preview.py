"""Ascension pictures read in the chat preview: landscape, and every number that decides a turn (each
player's Honor, the Honor reserve, this turn's Runes and Power, every card's cost and Honor, whose turn it
is; Samael's Honor and score) at least 12 px tall when Discord shows the picture 550 px wide.

The numbers are found on the image's record of its key texts (`render.kit.key_texts`, the approach of
tests/render/preview.py), and each one the view holds must be there.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from render.ascension import draw_board, draw_hand
from render.ascension.board import BASICS
from render.ascension.cards import lookup
from render.fonts import font
from render.kit import draw_text
from render.theme import MIN_FONT_SIZE, THEMES, get_theme
from tests.ascension.render.positions import BOARDS, HANDS, MIDGAME, Played
from tests.render.preview import preview_problems


def card_numbers(names: list[Any]) -> list[int]:
    out: list[int] = []
    for name in names:
        facts = lookup(name)
        if facts is not None:
            out += [facts.cost, facts.honor]
    return out


def deciding_numbers(view: dict[str, Any]) -> list[int]:
    """Every player's Honor, the reserve, Runes and Power, the row's and the basics' costs and Honor, the
    seat to move (or who won), and in solo Samael's Honor and score."""
    numbers = [p["honor"] for p in view["players"]] + [view["reserve"], view["runes"], view["power"]]
    numbers += card_numbers([c["card"] for c in view["row"] if c]) + card_numbers(list(BASICS))
    if "samael" in view:
        numbers += [view["samael"]["honor"], view["samael"]["score"]]
    result = view.get("result")
    if result:
        numbers += [int(s) for s in result["scores"].values()]
        numbers += [int(w[1:]) for w in result["winners"]]
    else:
        numbers.append(int(view["active"][1:]))
    return numbers


@pytest.fixture(scope="module")
def views() -> dict[str, dict[str, Any]]:
    return {name: played.view() for name, played in {**BOARDS, **HANDS}.items()}


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("name", sorted(BOARDS))
def test_boards_read_at_preview_size(name: str, theme: str, views: dict[str, dict[str, Any]]) -> None:
    view = views[name]
    assert preview_problems(draw_board(view, get_theme(theme)), deciding_numbers(view)) == []


@pytest.mark.parametrize("players", [2, 4])
def test_two_and_four_players_read_at_preview_size(players: int) -> None:
    table = {k: v for k, v in MIDGAME.items() if k not in ("p3", "active")}
    view = Played(players, table, ("play all",)).view()
    assert preview_problems(draw_board(view, get_theme("dark")), deciding_numbers(view)) == []


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("name", sorted(HANDS))
def test_hands_read_at_preview_size(name: str, theme: str, views: dict[str, dict[str, Any]]) -> None:
    """The private picture too: Honor, score, the reserve, Runes and Power on one's own turn, and every hand
    card's cost and Honor."""
    view = views[name]
    me = view["you"]["player"]
    numbers = [next(p["honor"] for p in view["players"] if p["name"] == me), view["you"]["score"], view["reserve"]]
    if view["active"] == me:
        numbers += [view["runes"], view["power"]]
    numbers += card_numbers(view["you"]["hand"])
    assert preview_problems(draw_hand(view, get_theme(theme)), numbers) == []


def test_the_check_fails_a_picture_with_small_or_missing_numbers(views: dict[str, dict[str, Any]]) -> None:
    """The measure must be able to fail: a number drawn small, a number not drawn, a picture too tall."""
    view = views["midgame"]
    image = draw_board(view, get_theme("dark"))
    assert any("not drawn" in p for p in preview_problems(image, [*deciding_numbers(view), 987]))
    tall = image.crop((0, 0, image.width, image.width))
    assert any("at least 1.6:1" in p for p in preview_problems(tall))
    small = image.copy()
    draw_text(small, (40, 40), "17", font(MIN_FONT_SIZE, "bold"), (255, 255, 255), key=True)
    assert any("'17' is" in p for p in preview_problems(small))
    hidden = copy.deepcopy(view)
    hidden["players"][0]["honor"] = 55
    assert preview_problems(draw_board(hidden, get_theme("dark")), deciding_numbers(hidden)) == []

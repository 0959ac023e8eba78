"""Ascension's board and hand pictures: goldens of played positions (tests/ascension/render/positions.py),
the registry, odd views, the card facts the pictures read, and the "last turn" lines.

After an intended visual change, regenerate with
    ARBITER_UPDATE_GOLDENS=1 .venv/bin/pytest tests/ascension/render
and look at the new PNGs before committing them.
"""

from __future__ import annotations

import copy
import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from engine.ascension.actions import simple_cards
from engine.ascension.cards import catalog
from render import has_renderer, render_board, render_private
from render.ascension import draw_board, draw_hand
from render.ascension.cards import lookup
from render.ascension.parts import HEIGHT, WIDTH
from render.ascension.story import story_lines, story_title
from render.golden import assert_matches_golden, worst_block
from render.theme import get_theme
from tests.ascension.render.positions import BOARDS, HANDS

GOLDENS = Path(__file__).parent / "goldens"
MEAN_TOLERANCE = 0.5
BLOCK_TOLERANCE = 4.0
"""Changing one digit of a cost gives a block well over 4; FreeType builds' antialiasing well under."""
MAX_PNG_BYTES = 500_000


def decode(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        image.load()
        return image.convert("RGB")


def golden(image: Image.Image, name: str) -> None:
    assert_matches_golden(image, GOLDENS / f"{name}.png", MEAN_TOLERANCE, block_tolerance=BLOCK_TOLERANCE)


@pytest.fixture(scope="module")
def views() -> dict[str, dict[str, Any]]:
    return {name: played.view() for name, played in {**BOARDS, **HANDS}.items()}


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_board_golden(name: str, views: dict[str, dict[str, Any]]) -> None:
    png = render_board("ascension", "Ascension", views[name])
    assert len(png) < MAX_PNG_BYTES
    board = decode(png)
    assert board.size == (WIDTH, HEIGHT) == (1600, 1000)
    golden(board, f"board_{name}_dark")


def test_board_golden_light_theme(views: dict[str, dict[str, Any]]) -> None:
    golden(decode(render_board("ascension", "Ascension", views["sea_tyrant"], "light")), "board_sea_tyrant_light")


@pytest.mark.parametrize("name", sorted(HANDS))
def test_hand_golden(name: str, views: dict[str, dict[str, Any]]) -> None:
    png = render_private("ascension", "Ascension · your view", views[name])
    assert len(png) < MAX_PNG_BYTES
    golden(decode(png), name)


def test_the_positions_show_what_they_were_chosen_for(views: dict[str, dict[str, Any]]) -> None:
    """A rules change that moves a position elsewhere fails here, with a reason, not as a picture diff."""
    kinds = {e["kind"] for e in views["midgame"]["last_turn"]["events"]}
    assert {"defeat", "acquire", "banish", "use"} <= kinds and views["midgame"]["last_turn"]["current"]
    assert views["turn_over"]["last_turn"]["player"] == "p2" and views["turn_over"]["active"] == "p3"
    assert len(views["solo"]["samael"]["last"]) == 2 and views["solo"]["samael"]["cards"]
    destroyed = [e for e in views["sea_tyrant"]["last_turn"]["events"] if e["kind"] == "destroy"]
    assert {e["player"] for e in destroyed} == {"p1", "p2"}
    assert views["game_over"]["result"]["winners"] and views["game_over"]["reserve"] == 0
    assert views["hand_choice"]["pending"]["options"] and views["hand_waiting"]["active"] != "p3"


def test_goldens_catch_one_changed_number(views: dict[str, dict[str, Any]]) -> None:
    """The comparison must notice the smallest real change: one player's Honor, one card of the row."""
    theme = get_theme("dark")
    view = views["midgame"]
    before = draw_board(view, theme)
    for edit in (
        lambda v: v["players"][2].update(honor=v["players"][2]["honor"] + 1),
        lambda v: v.update(reserve=v["reserve"] - 1),
        lambda v: v["row"].__setitem__(1, {"card": "Mephit", "type": "monster", "cost": 3, "reward": 2}),
    ):
        changed = copy.deepcopy(view)
        edit(changed)
        assert worst_block(draw_board(changed, theme), before) > BLOCK_TOLERANCE
    assert worst_block(draw_board(copy.deepcopy(view), theme), before) == 0


# ------------------------------------------------------------------------------------------- registry


def test_ascension_renderers_are_registered() -> None:
    assert has_renderer("ascension") and has_renderer("ascension", private=True)


def test_a_watcher_without_a_hand_gets_the_board(views: dict[str, dict[str, Any]]) -> None:
    theme = get_theme("dark")
    public = views["midgame"]
    assert worst_block(draw_hand(public, theme), draw_board(public, theme)) == 0


@pytest.mark.parametrize(
    "view",
    [
        {},
        {"game": "ascension", "row": [None, None, {"card": "No Such Card"}], "players": [{}, "junk"]},
        {"mode": "solo", "samael": {"cards": "x", "last": [None]}, "last_turn": {"events": [None, {"kind": 3}]}},
        {"you": {"player": "p9", "hand": ["Mystic#1", 7, "Nope"]}, "pending": {"options": ["x"]}},
    ],
)
def test_odd_views_draw_without_error(view: dict[str, Any]) -> None:
    for draw in (draw_board, draw_hand):
        assert draw(view, get_theme("light")).size == (WIDTH, HEIGHT)


# ---------------------------------------------------------------------------------------- card facts


def test_every_card_has_facts_that_agree_with_the_engine() -> None:
    cat = catalog()
    easy = simple_cards(cat)
    for card in cat.cards.values():
        facts = lookup(card.name)
        assert facts is not None and facts.effect, card.name
        assert (facts.type, facts.faction, facts.cost) == (card.type, card.faction, card.cost)
        assert facts.honor == (card.reward if card.type == "monster" else card.vp)
        if card.type != "monster":
            assert facts.simple == (card.id in easy), card.name
        assert facts.abilities == tuple(a.key for a in card.abilities)
    assert lookup("Mystic#3") == lookup("mystic") and lookup(None) is None


def test_short_effects_read_as_written() -> None:
    assert lookup("Mephit").effect == "+2 Honor, may banish a card of the row"  # type: ignore[union-attr]
    assert lookup("Yggdrasil Staff").effect == (  # type: ignore[union-attr]
        "Each turn: +1 Power. Each turn: pay 4 Runes: +3 Honor"
    )
    assert lookup("Tablet of Time's Dawn").effect == "Banish it: take another turn"  # type: ignore[union-attr]
    assert lookup("Kor, the Ferromancer").effect == "+2 Power, draw 1 if you have 2+ Constructs"  # type: ignore[union-attr]


# ----------------------------------------------------------------------------------------- last turn


def test_last_turn_lines_put_honor_and_harm_first_and_group_plays() -> None:
    last = {
        "player": "p3",
        "round": 7,
        "extra": False,
        "current": False,
        "events": [
            {"kind": "play", "player": "p3", "card": "Apprentice"},
            {"kind": "gain", "player": "p3", "what": "runes", "n": 1},
            {"kind": "play", "player": "p3", "card": "Apprentice"},
            {"kind": "gain", "player": "p3", "what": "runes", "n": 1},
            {"kind": "acquire", "player": "p3", "card": "Mystic", "free": False, "dest": "discard"},
            {"kind": "defeat", "player": "p3", "card": "Sea Tyrant", "free": False},
            {"kind": "honor", "player": "p3", "n": 5},
            {"kind": "destroy", "player": "p1", "card": "Muramasa"},
            {"kind": "end_turn", "player": "p3", "kept": ["Militia"]},
        ],
    }
    assert story_lines(last) == [
        ("+5 Honor", 0, "honor"),
        ("p1's Muramasa was destroyed", 0, "harm"),
        ("Bought Mystic", 1, "plain"),
        ("Defeated Sea Tyrant", 1, "plain"),
        ("Played Apprentice ×2", 2, "plain"),
        ("Made 2 Runes", 3, "plain"),
        ("Kept unplayed: Militia", 3, "plain"),
    ]
    assert story_title(last) == "Last turn · p3 (round 7)"
    assert story_title({**last, "current": True}) == "This turn · p3"
    assert story_title({**last, "current": True}, over=True) == "Last turn · p3 (round 7)"

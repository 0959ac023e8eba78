"""Codex board and hand pictures: goldens of real engine positions, the registry, odd views, budgets.

Positions come from seeded random playouts of the real engine (`playouts.py`); each is frozen as
(seed, number of moves) and checked for the property it was picked for before it is drawn. After an
intended visual change, regenerate with
    ARBITER_UPDATE_GOLDENS=1 .venv/bin/pytest tests/codex/render
and look at the new PNGs before committing them. If the engine changed and a position no longer has
its property, find a new one with `python -m tests.codex.render.playouts`.
"""

from __future__ import annotations

import copy
import io
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from render import has_renderer, render_board, render_private
from render.codex import draw_board
from render.codex.board import HEIGHT, WIDTH
from render.codex.hand import WIDTH as HAND_WIDTH
from render.codex.hand import card_tile, draw_hand
from render.codex.model import Names, footer, highlights, thing_row
from render.codex.parts import glyph_safe
from render.codex.table import last_turn_cells
from render.codex.table import layout as table_layout
from render.golden import ACTUAL_DIR, assert_matches_golden, updating
from render.theme import get_theme
from tests.codex.render import playouts
from tests.codex.render.playouts import Predicate

GOLDENS = Path(__file__).parent / "goldens"
ROOT = Path(__file__).resolve().parents[3]

MEAN_TOLERANCE = 0.5
BLOCK = 16
BLOCK_TOLERANCE = 4.0
"""A whole-board mean hides a changed digit (a 1.3-megapixel board, a 30-pixel badge), so goldens are
also compared in 16x16 blocks: the worst block's mean difference must stay under this. Changing one
ATK digit gives about 9, antialiasing differences between FreeType builds well under 4."""

MAX_PNG_BYTES = 500_000


@dataclass(frozen=True)
class Position:
    seed: int
    moves: int
    predicate: Predicate | None
    last_turn: bool
    """Keep the engine's `last_turn` field (the board highlights it), or drop it."""


BOARDS: dict[str, Position] = {
    "start": Position(0, 0, None, False),
    "patrol_full": Position(24, 790, playouts.patrol_full, True),
    "hero_max": Position(9, 582, playouts.hero_at_max, True),
    "buildings_damaged": Position(34, 692, playouts.buildings_damaged, True),
    "game_over": Position(35, 855, playouts.game_over, True),
}

TABLES: dict[str, tuple[str, int, int, int, Predicate]] = {
    "table_2v2": ("2v2", 4, 0, 434, playouts.team_fight),
    "table_ffa4": ("ffa", 4, 1, 1368, playouts.lent_patrol),
}
"""Boards of three or more seats (render.codex.table): mode, seats, seed, moves, the property."""

HANDS: dict[str, tuple[int, int, int]] = {
    "hand_own_turn": (0, 342, 0),
    "hand_tech_choice": (0, 341, 0),
}


def decode(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        image.load()
        return image.convert("RGB")


def worst_block(a: Image.Image, b: Image.Image) -> float:
    """Mean difference (0-255, channels averaged) of the most different BLOCK x BLOCK square."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    return float(diff.reduce(BLOCK).getextrema()[1])  # type: ignore[index]


def assert_golden(image: Image.Image, name: str) -> None:
    path = GOLDENS / f"{name}.png"
    assert_matches_golden(image, path, tolerance=MEAN_TOLERANCE)
    if updating():
        return
    with Image.open(path) as opened:
        golden = opened.convert("RGB")
    worst = worst_block(image, golden)
    if worst > BLOCK_TOLERANCE:
        actual = path.parent / ACTUAL_DIR / path.name
        actual.parent.mkdir(parents=True, exist_ok=True)
        image.save(actual, format="PNG")
        raise AssertionError(
            f"a {BLOCK}x{BLOCK} block differs from the golden by {worst:.1f} (tolerance {BLOCK_TOLERANCE})\n"
            f"  golden: {path}\n  actual: {actual}\nif the change is intended, rerun with ARBITER_UPDATE_GOLDENS=1"
        )


def board_view(position: Position) -> dict[str, Any]:
    play = playouts.replay(position.seed, position.moves)
    view = play.view(None, last_turn=position.last_turn)
    if position.predicate is not None:
        assert position.predicate(view), (
            f"seed {position.seed} after {position.moves} moves no longer reaches this position: the engine "
            "changed; pick a new one with `python -m tests.codex.render.playouts`"
        )
    return view


@pytest.fixture(scope="module")
def views() -> dict[str, dict[str, Any]]:
    return {name: board_view(position) for name, position in BOARDS.items()}


# --------------------------------------------------------------------------------------------- goldens


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_board_golden(name: str, views: dict[str, dict[str, Any]]) -> None:
    png = render_board("codex", "Codex", views[name])
    assert len(png) < MAX_PNG_BYTES
    board = decode(png)
    assert board.size == (WIDTH, HEIGHT)
    assert_golden(board, f"board_{name}_dark")


def table_view(name: str) -> dict[str, Any]:
    mode, players, seed, moves, predicate = TABLES[name]
    view = playouts.replay(seed, moves, playouts.table_options(mode, players), players=players).view(None)
    assert predicate(view), f"{name}: seed {seed} after {moves} moves no longer reaches this position"
    return view


@pytest.mark.parametrize("name", sorted(TABLES))
def test_table_golden(name: str) -> None:
    """2v2 and four-player free-for-all boards: a grid of seat panels, the same size as the two-seat board."""
    png = render_board("codex", "Codex", table_view(name))
    assert len(png) < MAX_PNG_BYTES
    board = decode(png)
    assert board.size == (WIDTH, HEIGHT)
    assert_golden(board, f"board_{name}_dark")


def test_table_golden_light_theme() -> None:
    assert_golden(decode(render_board("codex", "Codex", table_view("table_2v2"), "light")), "board_table_2v2_light")


def test_board_golden_light_theme(views: dict[str, dict[str, Any]]) -> None:
    assert_golden(decode(render_board("codex", "Codex", views["patrol_full"], "light")), "board_patrol_full_light")


@pytest.mark.parametrize("name", sorted(HANDS))
def test_hand_golden(name: str) -> None:
    seed, moves, seat = HANDS[name]
    view = playouts.replay(seed, moves).view(seat)
    you = view["you"]
    if name == "hand_own_turn":
        assert view["active"] == seat and len(you["hand"]) >= 6
    else:
        assert view["active"] != seat and you["tech_pick"]
    png = render_private("codex", "Codex · your view", view)
    assert len(png) < MAX_PNG_BYTES
    image = decode(png)
    assert image.width == HAND_WIDTH
    assert_golden(image, name)


def test_goldens_catch_one_changed_number(views: dict[str, dict[str, Any]]) -> None:
    """The comparison used above must notice the smallest real change: one ATK digit, one gold coin."""
    theme = get_theme("dark")
    view = views["patrol_full"]
    before = draw_board(view, theme)
    fighter = next(t for t in view["in_play"] if t.get("atk") is not None)
    for edit in (
        lambda v: next(t for t in v["in_play"] if t["uid"] == fighter["uid"]).update(atk=fighter["atk"] + 1),
        lambda v: v["players"][0].update(gold=v["players"][0]["gold"] + 1),
    ):
        changed = copy.deepcopy(view)
        edit(changed)
        assert worst_block(draw_board(changed, theme), before) > BLOCK_TOLERANCE
    assert worst_block(draw_board(copy.deepcopy(view), theme), before) == 0


# ------------------------------------------------------------------------------------------- registry


def test_codex_renderers_are_registered_on_first_use() -> None:
    code = (
        "import sys, render\n"
        "assert 'render.codex' not in sys.modules\n"
        "assert render.has_renderer('codex') and render.has_renderer('codex', private=True)\n"
        "assert 'render.codex' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_render_board_uses_the_codex_renderer(views: dict[str, dict[str, Any]]) -> None:
    assert has_renderer("codex") and has_renderer("codex", private=True)
    png = render_board("codex", "ignored title", views["start"])
    assert decode(png).tobytes() == draw_board(views["start"], get_theme("dark")).tobytes()


# ---------------------------------------------------------------------------------------- what is drawn


def test_hand_cards_take_facts_from_the_card_files_and_the_view_wins() -> None:
    tile, caption, playable = card_tile({"name": "Brick Thief", "cost": 2}, gold=5, my_turn=True)
    assert (tile.type_line, tile.atk, tile.hp, tile.cost, tile.footer) == ("Unit — Mercenary", 2, 1, 2, "Tech 0")
    assert tile.text.startswith("Arriving and attacking") and playable and caption == "play now: 2 gold"
    tile, caption, playable = card_tile(
        {"name": "Brick Thief", "cost": 2, "atk": 5, "reminder": "Ours."}, gold=1, my_turn=True
    )
    assert (tile.atk, tile.text, playable, caption) == (5, "Ours.", False, "2 gold (you have 1)")
    tile, caption, _ = card_tile({"name": "Revolver Ocelot", "cost": None})
    assert tile.dim and caption == "needs Tech I" and tile.cost == 2  # the printed cost
    tile, caption, _ = card_tile({"name": "Wither", "cost": None})
    assert caption == "no hero to cast it"
    assert card_tile({"name": "Wither", "cost": 2}, gold=0)[1] == "costs 2 gold"  # not your turn
    tile, _, _ = card_tile({"name": "Final Smash"})
    assert tile.type_line == "Spell — Debuff" and tile.tags == ["ULTIMATE"]
    tile, _, _ = card_tile({"name": "A card from a newer set", "cost": 4})
    assert (tile.name, tile.cost, tile.type_line, tile.text) == ("A card from a newer set", 4, "", "")


def test_missing_glyphs_are_replaced() -> None:
    """Our reminders use ⤵ for exhaust, which the bundled fonts lack; it is drawn as ↷ instead."""
    tile, _, _ = card_tile({"name": "Bigby Hayes"})
    assert glyph_safe("⤵ → draw a card; ⓪") == "↷ → draw a card; (0)"
    assert "⤵" not in tile.text


# ------------------------------------------------------------------------------------------- odd views


def seat_copy(player: dict[str, Any], seat: int) -> dict[str, Any]:
    return {**copy.deepcopy(player), "seat": seat, "name": f"p{seat + 1}"}


def test_three_to_five_seats_get_the_grid_of_panels(views: dict[str, dict[str, Any]]) -> None:
    theme = get_theme("dark")
    view = copy.deepcopy(views["patrol_full"])
    for n in (3, 4, 5):
        view["players"] = [seat_copy(view["players"][i % 2], i) for i in range(n)]
        view["to_move"] = [n - 1]
        view["active"] = n - 1
        assert draw_board(view, theme).size == (WIDTH, HEIGHT)
        places = table_layout(view)
        assert sorted(places) == list(range(n)) and len(set(places.values())) == n
        c, r, w, h = last_turn_cells(places)
        assert not {(x, y) for x in range(c, c + w) for y in range(r, r + h)} & set(places.values())


def test_table_columns_keep_2v2_teams_together() -> None:
    players = [{"seat": s, "team": t} for s, t in ((0, 0), (1, 1), (2, 0), (3, 1))]
    assert table_layout({"mode": "2v2", "players": players}) == {0: (0, 0), 2: (0, 1), 1: (1, 0), 3: (1, 1)}
    players = [{"seat": s, "team": t} for s, t in ((0, 0), (1, 0), (2, 1), (3, 1))]
    assert table_layout({"mode": "2v2", "players": players}) == {0: (0, 0), 1: (0, 1), 2: (1, 0), 3: (1, 1)}
    five = table_layout({"mode": "ffa", "players": [{"seat": s} for s in range(5)]})
    assert five == {0: (0, 0), 1: (1, 0), 2: (2, 0), 3: (0, 1), 4: (1, 1)}
    assert last_turn_cells(five) == (2, 1, 1, 1)
    three = table_layout({"mode": "ffa", "players": [{"seat": s} for s in range(3)]})
    assert last_turn_cells(three) == (0, 1, 3, 1)


@pytest.mark.parametrize(
    "view",
    [
        None,
        {},
        [],
        {"players": "nonsense", "in_play": 7},
        {"players": [{}], "in_play": [{}], "result": {"winners": "x"}},
        {"players": [{"seat": 0, "patrol": {"odd slot": "Nobody#1"}, "tech": [{}], "addon": {"status": "built"}}]},
        {"in_play": [{"type": "hero", "level": 99, "max_level": 0, "controller": 0}], "players": [{"seat": 0}]},
        {"last_turn": {"seat": "x", "things": ["a", True], "buildings": [1], "lines": [None, "ok"]}, "players": []},
        {"you": {"hand": [{"name": "x" * 500, "cost": "free"}, {}], "tech_pick": []}, "players": [{"seat": 0}]},
    ],
)
def test_odd_views_still_give_a_picture(view: Any) -> None:
    theme = get_theme("light")
    assert draw_board(view, theme).size == (WIDTH, HEIGHT)
    assert draw_hand(view, theme).width == HAND_WIDTH


def test_a_view_without_last_turn_draws_no_highlights(views: dict[str, dict[str, Any]]) -> None:
    theme = get_theme("dark")
    with_field = draw_board(views["patrol_full"], theme)
    plain = {k: v for k, v in views["patrol_full"].items() if k != "last_turn"}
    without = draw_board(plain, theme)

    def colours(image: Image.Image) -> set[tuple[int, int, int]]:
        # Below the top bar, whose player chips outline the seat to move in the kit's highlight colour.
        below = image.crop((0, 80, image.width, image.height))
        return {colour for _, colour in below.getcolors(1 << 22) or []}

    assert theme.highlight not in colours(without)
    assert theme.highlight in colours(with_field)


# --------------------------------------------------------------------------------------- view contract

BOARD_FIELDS = {"turn", "active", "phase", "to_move", "players", "in_play", "result"}
PLAYER_FIELDS = {
    "seat", "name", "heroes", "specs", "gold", "workers", "hand", "deck", "discard", "removed", "base", "tech",
    "addon", "tech2_spec", "command", "patrol", "tech_pick", "hired_this_turn", "future",
}  # fmt: skip
THING_FIELDS = {"uid", "label", "name", "card", "type", "owner", "controller", "exhausted"}
FIGHTER_FIELDS = {"atk", "hp", "damage", "armor", "keywords", "tech", "arrived_this_turn"}
HERO_FIELDS = {"level", "max_level", "mid_level", "max_at_turn_start"}
YOU_FIELDS = {"seat", "hand", "discard", "workers", "codex", "tech_pick", "deck"}
HAND_FIELDS = {"uid", "label", "name", "cost"}


def test_engine_views_have_the_fields_the_pictures_read(views: dict[str, dict[str, Any]]) -> None:
    """The fields listed in the render report; if the engine renames one, this says which."""
    view = views["patrol_full"]
    assert set(view) >= BOARD_FIELDS
    for player in view["players"]:
        assert set(player) >= PLAYER_FIELDS, PLAYER_FIELDS - set(player)
        assert {"hp", "damage"} <= set(player["base"])
        assert all({"kind", "status", "damage", "hp"} <= set(b) for b in player["tech"])
        assert set(player["patrol"]) == {"squad leader", "elite", "scavenger", "technician", "lookout"}
    for thing in view["in_play"]:
        assert set(thing) >= THING_FIELDS, THING_FIELDS - set(thing)
        if thing["type"] in ("unit", "token", "hero"):
            assert set(thing) >= FIGHTER_FIELDS, FIGHTER_FIELDS - set(thing)
        if thing["type"] == "hero":
            assert set(thing) >= HERO_FIELDS, HERO_FIELDS - set(thing)
    seed, moves, seat = HANDS["hand_own_turn"]
    you = playouts.replay(seed, moves).view(seat)["you"]
    assert set(you) >= YOU_FIELDS
    assert all(set(card) >= HAND_FIELDS for card in you["hand"])


def test_a_polymorphed_unit_keeps_its_notation_name_on_the_board() -> None:
    from engine.codex import GAME
    from tests.fixtures.codex_positions import polymorphed_bear_beside_a_squirrel

    t = polymorphed_bear_beside_a_squirrel()
    view = GAME.view(t.s, 0)
    things = [x for x in view["in_play"] if x["controller"] == 1]
    bear, squirrel = (
        next(x for x in things if x["card"] == "squirrel" and x["label"].startswith(n))
        for n in ("Barkcoat", "Squirrel")
    )
    names, marks = Names.of(view), highlights({})
    assert thing_row(bear, names, marks).name == "Barkcoat Bear"
    assert thing_row(bear, names, marks).info.startswith("now a Squirrel")
    assert (thing_row(bear, names, marks).atk, thing_row(bear, names, marks).hp) == (1, 1)
    assert thing_row(squirrel, names, marks).name == "Squirrel"


def test_copy_numbers_only_where_two_cards_share_a_name(views: dict[str, dict[str, Any]]) -> None:
    """ "Blademaster#2" on the board only while another Blademaster is in play, as the notation names it;
    labels the view gives elsewhere (a caster, a link, the command zone) follow the same rule."""
    view = copy.deepcopy(views["patrol_full"])
    names = Names.of(view)
    assert names.label("Blademaster#2") == "Blademaster#2"  # two are in play
    alone = next(t for t in view["in_play"] if names.counts[t["label"].rsplit("#", 1)[0]] == 1)
    assert thing_row(alone, names, highlights({})).name == alone["label"].rsplit("#", 1)[0]
    caster = next(t for t in view["in_play"] if t.get("caster"))
    assert thing_row(caster, names, highlights({})).info.endswith("cast by River Montoya")
    view["in_play"] = [t for t in view["in_play"] if t["label"] != "Blademaster#1"]
    assert Names.of(view).label("Blademaster#2") == "Blademaster"
    view["players"][0]["command"] = [{"label": "Blademaster#1", "cooldown": 1}]
    assert Names.of(view).label("Blademaster#2") == "Blademaster"
    assert "Command zone: Blademaster (back in 1 turn)" in footer(view["players"][0], Names.of(view))

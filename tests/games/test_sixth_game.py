"""A sixth game registered with nothing but its engine module gets everything the platform gives a game:
board and hand images from the renderers' fallbacks, selfplay through the service, bench figures, the
property checks, the soak's suites and a scenario folder. (Its command group: tests/cogs/test_table.py.)

Pebbles (tests/fixtures/sixth_game.py) has no folder in render/, cogs/, docs/ or tests/; every check below
goes through the same shared entry points a shipped game does.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from app.scenarios import run_paths, tally
from app.selfplay import selfplay
from bench import properties
from bench.engine_bench import EngineBudget, engine_figures
from bench.soak import SoakPlan, run_soak
from engine.core import GAMES, Game, register
from render import render_board, render_private
from tests.fixtures.sixth_game import PEBBLES


@pytest.fixture
def pebbles() -> Iterator[Game[Any]]:
    register(PEBBLES)
    try:
        yield PEBBLES
    finally:
        del GAMES[PEBBLES.name]


def _png(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        image.load()
        return image.convert("RGB")


def test_the_renderers_fall_back_to_the_generic_board(pebbles: Game[Any]) -> None:
    state = pebbles.setup(2, pebbles.default_options(), 1)
    board = _png(render_board("pebbles", "Pebbles · match #1", pebbles.view(state, None)))
    assert board.width > board.height and board.getcolors(2) is None  # landscape, something drawn
    mine = _png(render_private("pebbles", "Pebbles · your view", pebbles.view(state, 0)))
    assert mine.width >= 100 and mine.height >= 50


async def test_selfplay_plays_it_through_the_service(pebbles: Game[Any]) -> None:
    report = await selfplay("pebbles", matches=3, seed=2, render=True)
    assert (report.finished, report.errors, report.rejected) == (3, 0, 0)
    assert report.actions >= 3 * 3  # a pile of 7 takes at least four moves


def test_bench_measures_it(pebbles: Game[Any]) -> None:
    figures = engine_figures(pebbles, budget=EngineBudget(playout_seconds=0.05, min_playouts=5, timed_playouts=2))
    assert figures["playouts_per_s"] > 0 and figures["unfinished_playouts"] == 0
    assert figures["apply_us_p99"] > 0


def test_the_property_checks_play_it(pebbles: Game[Any]) -> None:
    for table in properties.tables(pebbles):
        log = properties.profile("quick").check(pebbles, table.seats[0], 4, table.options)
        assert log.finished and pebbles.outcome(log.final) is not None


def test_the_soak_suites_run_on_it(pebbles: Game[Any], tmp_path: Path) -> None:
    # The crash suite's children are new processes that only know the shipped and test-only games.
    suites = ("properties", "fuzz", "leaks", "concurrency")
    plan = SoakPlan(300, concurrency_rounds=2, render_every=50)
    report = run_soak("pebbles", actions=300, seed=3, suites=suites, plan=plan, workdir=tmp_path, progress=print)
    assert report.ok, report.samples
    assert report.actions > 0 and report.matches > 0


def test_a_scenario_folder_runs_against_it(pebbles: Game[Any], tmp_path: Path) -> None:
    folder = tmp_path / "pebbles"
    folder.mkdir()
    (folder / "last_pebble_wins.toml").write_text(
        'game = "pebbles"\nname = "whoever takes the last pebble wins"\nseed = 1\noptions = { pile = 5 }\n'
        '[[steps]]\nby = "p1"\ndo = "take 2"\n'
        '[[steps]]\nby = "p2"\ndo = "take 2"\n'
        '[[steps]]\nby = "p1"\ndo = "take 2"\nreason = "not a legal action"\n'
        '[[steps]]\nby = "p1"\ndo = "take 1"\nexpect = ["pile = 0", "winner = 0"]\n',
        encoding="utf-8",
    )
    results = run_paths([folder])
    assert [r.message for r in results if not r.ok] == []
    assert tally(results).passed == len(results) == 1

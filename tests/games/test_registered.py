"""What every registered game gets by registering, with no test written for it: selfplay through the service,
its board and private images drawn, its scenario folder run, and a smoke match through Discord (the twin).
Its properties are checked by tests/engine/test_properties.py, per mode, the same way.

Each test reads the game's declaration (`GameInfo`: modes, seats, step cap) and plays through the one
driver (engine/playout.py). The deep profile (ARBITER_PROFILE=deep) plays every mode, more states and
whole smoke matches.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image

from app.config import Config, DiscordConfig
from app.scenarios import run_paths, tally
from app.selfplay import selfplay
from bench.properties import Table, profile, tables
from cogs.client import ArbiterBot
from engine import GAMES
from engine.playout import choose_move, play
from render import render_board, render_private
from tests.registry import commands, game_names, scenario_folder
from tests.twin.harness import running
from tests.twin.server import DiscordTwin

NAMES = game_names()
DEEP = profile().name == "deep"
SMOKE_MOVES = 8
"""Moves of the default run's smoke match before its seats resign; the deep profile plays to the end."""


def played_tables(name: str) -> list[Table]:
    """The first mode in the default run, every mode in the deep profile."""
    every = tables(GAMES[name])
    return every if DEEP else every[:1]


@pytest.mark.parametrize("name", NAMES)
async def test_selfplay_through_the_service(name: str) -> None:
    for table in played_tables(name):
        # Images are the render smoke test's: here each move would draw one, for minutes in the deep profile.
        report = await selfplay(name, matches=1, seed=5, players=table.seats[0], render=False, options=table.options)
        assert report.error_samples == []
        assert (report.finished, report.errors, report.rejected) == (1, 0, 0)
        assert report.actions > 0


def _png(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        image.load()
        return image.convert("RGB")


@pytest.mark.parametrize("name", NAMES)
def test_boards_and_private_images_draw(name: str) -> None:
    game = GAMES[name]
    for table in played_tables(name):
        players = table.seats[0]
        states = [p.state for p in play(game, players, 3, table.options)]
        picked = [*states[:: max(1, len(states) // (12 if DEEP else 2))], states[-1]]
        for state in picked:
            board = _png(render_board(name, f"{game.title} · match #1", game.view(state, None)))
            assert (
                board.width >= 200 and board.height >= 100 and board.getcolors(2) is None
            )  # more than two colours: something is drawn
            for seat in range(players):
                mine = _png(render_private(name, f"{game.title} · your view", game.view(state, seat)))
                assert mine.width >= 100 and mine.height >= 50


@pytest.mark.parametrize("name", NAMES)
def test_the_scenario_folder_passes(name: str) -> None:
    folder = scenario_folder(name)
    assert folder is not None, f"{name} has no scenario folder (tests/{name}/scenarios or tests/scenarios/{name})"
    results = run_paths([folder])
    failed = [f"{r.where}: {r.message}" for r in results if not r.ok]
    assert results and failed == []
    assert tally(results).passed == len(results), "a scenario marked pending belongs in the pending folder"


@pytest.mark.parametrize("name", NAMES)
async def test_a_smoke_match_through_discord(name: str, twin: DiscordTwin, tmp_path: Path) -> None:
    game, table, typed = GAMES[name], tables(GAMES[name])[0], commands(name)
    guild = twin.add_guild("Tabletop")
    channel = twin.add_text_channel(guild, "games")
    users = [twin.add_user(f"player{i + 1}") for i in range(table.seats[0])]
    for user in users:
        twin.add_member(guild, user)
    config = Config(base_dir=tmp_path, discord=DiscordConfig(dev_guild_id=guild, guild_ready_timeout=0.05))
    bot = ArbiterBot(config, db_path=tmp_path / "smoke.db", allow_unoffered_games=True)
    async with running(bot, twin):
        opened = await twin.slash(users[0], channel, typed.new, typed.new_options(name, dict(table.options)))
        assert f"opened a table for **{game.title}**" in opened.content, opened.content
        for user in users[1:]:
            await twin.slash(user, channel, typed.join)
        await twin.slash(users[0], channel, typed.start, {"order": "join"})
        boards = [m for m in twin.channel_messages(channel) if m.files]
        assert boards and next(iter(boards[-1].files.values())).startswith(b"\x89PNG")

        rng = random.Random(f"smoke:{name}")
        moves = game.info.step_cap if DEEP else SMOKE_MOVES
        record = await bot.service.find(match_id=1)
        for _ in range(moves):
            if record.status != "active":
                break
            state = bot.service.state_of(record)
            chosen = choose_move(game, state, rng)
            assert chosen is not None and chosen[1] is not None
            seat, action = chosen
            text = game.describe_action(state, seat, action)
            played = await twin.slash(users[seat], channel, typed.move, {"action": text})
            assert played.ephemeral and played.content.startswith("Played `"), played.content
            record = await bot.service.find(match_id=1)
            assert record.version > 1
        for user in users:  # the default run stops early: everyone but the winner resigns
            if record.status != "active":
                break
            resigned = await twin.slash(user, channel, typed.resign)
            assert "You resigned" in resigned.content, resigned.content
            record = await bot.service.find(match_id=1)
        assert record.status == "finished"
    twin.assert_clean()

"""Every game's command group comes from the registry: the same lifecycle for every game, within Discord's
limits, and a game registered with no folder of its own gets the whole group and can be played through it.
No module of cogs/ outside a game's own folder names a game."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

import cogs.table
import engine
from app.rendering import NoImages
from app.rewind import Rewinder
from app.service import MatchService
from app.timekeeping import Timekeeper
from cogs.gamekit import NO_EXTRAS, game_commands
from cogs.table import build_group, table_games
from db.sqlite import SqliteStore
from engine.core import GAMES, Game, register
from tests.fakes import RecordingDelivery
from tests.fixtures.sixth_game import PEBBLES
from tests.fixtures.trial_game import TRIAL

from .fakes import FakeInteraction, Table, complete, invoke

ROOT = Path(__file__).resolve().parents[2]
ALICE, BOB, CAROL = 1, 2, 3
LIFECYCLE = {
    "new",
    "join",
    "leave",
    "start",
    "help",
    "move",
    "hand",
    "status",
    "undo",
    "takeback",
    "resign",
    "abort",
    "claim",
    "history",
    "replay",
    "export",
    "position",
}
"""The commands every game's group has, with the same options."""
NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
SUBCOMMAND, GROUP = 1, 2


@pytest.fixture
def pebbles() -> Iterator[Game[Any]]:
    """A sixth game, registered for this test only: it has no folder in cogs/, render/ or anywhere else."""
    register(PEBBLES)
    try:
        yield PEBBLES
    finally:
        del GAMES[PEBBLES.name]


@pytest.fixture
async def client(tmp_path: Path):
    store = await SqliteStore.open(tmp_path / "t.db")
    service = MatchService(store, RecordingDelivery(), NoImages(), seed_source=random.Random(1))
    yield SimpleNamespace(service=service, keeper=Timekeeper(service), rewinder=Rewinder(service))
    await store.close()


def every_game() -> list[Game[Any]]:
    engine.load_games()
    assert TRIAL.name in GAMES
    return table_games(allow_unoffered=True)


def payload(group: app_commands.Group) -> dict[str, Any]:
    """The group as discord.py sends it to Discord."""
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    return group.to_dict(tree)


def over_the_limits(node: dict[str, Any], where: str) -> list[str]:
    """Every way `node` (a command, a subcommand or an option) breaks Discord's limits."""
    found = []
    name, description = node["name"], node.get("description", "")
    if not NAME.match(name):
        found.append(f"{where}: name {name!r}")
    if not 1 <= len(description) <= 100:
        found.append(f"{where}: description of {len(description)} characters")
    options = node.get("options") or []
    if len(options) > 25:
        found.append(f"{where}: {len(options)} options or subcommands")
    choices = node.get("choices") or []
    if len(choices) > 25:
        found.append(f"{where}: {len(choices)} choices")
    for choice in choices:
        if not 1 <= len(choice["name"]) <= 100 or len(str(choice["value"])) > 100:
            found.append(f"{where}: choice {choice['name']!r}")
    required = [o.get("required", False) for o in options if o["type"] not in (SUBCOMMAND, GROUP)]
    if required != sorted(required, reverse=True):
        found.append(f"{where}: a required option after an optional one")
    for option in options:
        found.extend(over_the_limits(option, f"{where} {option['name']}"))
    return found


def size(node: dict[str, Any]) -> int:
    """Discord counts every name, description and choice value of a command together (at most 8000)."""
    total = len(node["name"]) + len(node.get("description", ""))
    total += sum(len(c["name"]) + len(str(c["value"])) for c in node.get("choices") or [])
    return total + sum(size(o) for o in node.get("options") or [])


def test_every_group_is_within_discords_limits(pebbles: Game[Any]) -> None:
    for game in every_game():
        group = payload(build_group(game))
        assert over_the_limits(group, f"/{game.name}") == []
        assert len(group["options"]) <= 25, f"/{game.name} has {len(group['options'])} subcommands"
        assert size(group) <= 8000, f"/{game.name} counts {size(group)} characters"


def test_every_game_has_the_same_lifecycle_with_the_same_options(pebbles: Game[Any]) -> None:
    shapes: dict[str, dict[str, list[tuple[str, int, bool]]]] = {}
    for game in every_game():
        commands_ = {c["name"]: c for c in payload(build_group(game))["options"]}
        assert set(commands_) >= LIFECYCLE, f"/{game.name} lacks {LIFECYCLE - set(commands_)}"
        shapes[game.name] = {
            name: [
                (o["name"], o["type"], o.get("required", False))
                for o in commands_[name].get("options", [])
                if o["name"] != "mode"  # only a game with modes has one to choose
            ]
            for name in LIFECYCLE
        }
    first, *others = shapes.values()
    assert all(shape == first for shape in others), shapes
    codex_new = {o["name"] for o in payload(build_group(GAMES["codex"]))["options"][0]["options"]}
    assert "mode" in codex_new and "mode" not in {o[0] for o in shapes["trial"]["new"]}


def test_a_group_over_25_commands_is_refused_when_it_is_built(pebbles: Game[Any]) -> None:
    from cogs.gamekit import GameCommands, Verb

    many = GameCommands(verbs=tuple(Verb(f"verb{i}", "A verb") for i in range(9)))
    with pytest.raises(ValueError, match=r"/pebbles would have 26 subcommands; Discord allows 25"):
        build_group(pebbles, many)


def test_a_game_without_a_folder_gets_only_the_shared_commands(pebbles: Game[Any]) -> None:
    assert game_commands("pebbles") is NO_EXTRAS
    assert game_commands("match") is NO_EXTRAS, "cogs/match.py is no game's folder"
    assert {c.name for c in build_group(pebbles).commands} == LIFECYCLE
    assert game_commands("codex").verbs, "Codex's folder adds its shortcuts"


async def test_registering_a_sixth_game_gives_it_a_command_group(pebbles: Game[Any]) -> None:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await cogs.table.setup(bot)
    group = bot.tree.get_command("pebbles")
    assert isinstance(group, app_commands.Group) and {c.name for c in group.commands} == LIFECYCLE
    assert bot.tree.get_command("trial") is None, "a test-only game is never offered"
    await cogs.table.teardown(bot)
    assert bot.tree.get_command("pebbles") is None


async def test_a_whole_match_of_the_sixth_game_through_its_group(pebbles: Game[Any], client: Any) -> None:
    table = Table(build_group(pebbles))

    async def run(who: int, command: str, **options: Any) -> str:
        done = await invoke(getattr(table, command), None, FakeInteraction(client, who), **options)
        return done.last.content

    assert "Values: 5, 7, 9 (default 7)." in await run(CAROL, "help", topic="pile")
    assert "must be one of 5, 7, 9" in await run(ALICE, "new", options="pile=4")
    opened = await run(ALICE, "new", options="pile=5")
    assert "opened a table for **Pebbles** (match #1, 2 players)" in opened and "`/pebbles join`" in opened
    assert "joined match #1" in await run(BOB, "join")
    assert "Match #1 has started: p1 <@1>, p2 <@2>." in await run(ALICE, "start")
    offered = await complete(table.move, "action", FakeInteraction(client, ALICE), "")
    assert [c.value for c in offered] == ["take 1", "take 2"]
    for who, move in ((ALICE, "take 2"), (BOB, "take 1"), (ALICE, "take 2")):
        assert await run(who, "move", action=move) == f"Played `{move}`."
    record = await client.service.last_in_channel(500)
    assert record.status == "finished" and record.result["winners"] == [0]
    history = await run(BOB, "history")
    assert "p1 takes 2; 3 left." in history and "p1 takes 2; 0 left." in history
    assert "python bot.py replay match-1.jsonl" in await run(BOB, "export")


def test_no_shared_module_of_the_discord_layer_names_a_game(pebbles: Game[Any]) -> None:
    """Only a game's own folder (cogs/<game>/) may name it: the rest finds games in the registry."""
    games = every_game()
    own = {ROOT / "cogs" / g.name for g in games}
    shared = [p for p in sorted((ROOT / "cogs").rglob("*.py")) if not any(p.is_relative_to(d) for d in own)]
    assert shared
    named = [
        f"{path.relative_to(ROOT)}: {word}"
        for path in shared
        for word in {w for g in games for w in (g.name, g.title)}
        if re.search(rf"\b{re.escape(word)}\b", path.read_text(encoding="utf-8"), re.IGNORECASE)
    ]
    assert named == []

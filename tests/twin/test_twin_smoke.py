"""Smoke tests proving the Discord twin with a small bot defined here (not the project bot)."""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
import os
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from .harness import running
from .server import DiscordTwin, TwinCommandHidden, TwinFile, TwinTimeout

GAMES = ["Chess", "Checkers", "Go", "Gomoku", "Hex"]


def _png(width: int = 4, height: int = 3) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 30)).save(buffer, format="PNG")
    return buffer.getvalue()


class SeatButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"seat:(?P<match>\d+):(?P<seat>\d+)"):
    """A persistent button whose state lives in its custom_id."""

    def __init__(self, match: int, seat: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Take seat {seat}", custom_id=f"seat:{match}:{seat}", style=discord.ButtonStyle.primary
            )
        )
        self.match = match
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> SeatButton:
        return cls(int(match["match"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"{interaction.user.name} took seat {self.seat} of match {self.match}")


class ColourSelect(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="colour",
        options=[discord.SelectOption(label="Red", value="red"), discord.SelectOption(label="Blue", value="blue")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"colour: {select.values[0]}", view=None)


class RenameModal(discord.ui.Modal, title="Rename the match"):
    name: discord.ui.TextInput[RenameModal] = discord.ui.TextInput(label="New name", custom_id="name", max_length=40)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"renamed to {self.name.value}")


class SmokeBot(commands.Bot):
    """A tiny bot exercising what the twin must support."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.guild_id = guild_id
        self.dm_errors: list[int] = []
        self.seen: asyncio.Queue[tuple[str, int, str]] = asyncio.Queue()
        self.admin_group: app_commands.Group
        self.match_group = self._build_group()

    def _build_group(self) -> app_commands.Group:
        bot = self
        match = app_commands.Group(name="match", description="Matches")

        @match.command(name="new", description="Open a match")
        @app_commands.describe(game="Which game", players="How many players")
        async def new(interaction: discord.Interaction, game: str, players: int) -> None:
            view = discord.ui.View(timeout=None)
            for seat in range(1, players + 1):
                view.add_item(SeatButton(interaction.id % 100000, seat))
            await interaction.response.send_message(f"{game} for {players}", view=view)

        @new.autocomplete("game")
        async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=g, value=g) for g in GAMES if current.lower() in g.lower()]

        @match.command(name="board", description="Render the board")
        async def board(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await asyncio.sleep(0.01)
            await interaction.followup.send("the board", file=discord.File(io.BytesIO(_png()), "board.png"))

        @match.command(name="whisper", description="DM yourself a secret")
        async def whisper(interaction: discord.Interaction) -> None:
            try:
                await interaction.user.send("psst: your hand is 7 of cups")
            except discord.Forbidden as exc:
                bot.dm_errors.append(exc.code)
                await interaction.response.send_message("I cannot DM you", ephemeral=True)
            else:
                await interaction.response.send_message("check your DMs", ephemeral=True)

        @match.command(name="upload", description="Upload a position")
        async def upload(interaction: discord.Interaction, position: discord.Attachment, strict: bool = False) -> None:
            data = await position.read()
            digest = hashlib.sha256(data).hexdigest()[:12]
            await interaction.response.send_message(f"{position.filename} {len(data)} {digest} strict={strict}")

        @match.command(name="invite", description="Invite a player")
        async def invite(interaction: discord.Interaction, player: discord.Member) -> None:
            manager = player.guild_permissions.manage_guild
            await interaction.response.send_message(f"invited {player.name} manager={manager}")

        @match.command(name="colour", description="Pick a colour")
        async def colour(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pick one", view=ColourSelect())

        @match.command(name="announce", description="Post, react, edit, delete in the channel")
        async def announce(interaction: discord.Interaction) -> None:
            assert isinstance(interaction.channel, discord.TextChannel)
            msg = await interaction.channel.send("announcement", embed=discord.Embed(title="Round 1", description="go"))
            await msg.add_reaction("\N{THUMBS UP SIGN}")
            await msg.edit(content="announcement (edited)")
            temp = await interaction.channel.send("temporary")
            await temp.delete()
            await interaction.response.send_message("done", ephemeral=True)

        @match.command(name="rename", description="Rename via a modal")
        async def rename(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(RenameModal())

        @match.command(name="crash", description="Always fails")
        async def crash(interaction: discord.Interaction) -> None:
            raise RuntimeError("deliberate failure")

        # default_member_permissions only exists on top-level commands, so this is its own group
        admin = app_commands.Group(
            name="admin", description="Admin", default_permissions=discord.Permissions(manage_guild=True)
        )
        self.admin_group = admin

        @admin.command(name="reset", description="Reset everything")
        async def reset(interaction: discord.Interaction, confirm: bool) -> None:
            allowed = interaction.permissions.manage_guild
            await interaction.response.send_message(f"reset confirm={confirm} allowed={allowed}", ephemeral=True)

        return match

    async def setup_hook(self) -> None:
        self.add_dynamic_items(SeatButton)
        guild = discord.Object(self.guild_id)
        self.tree.add_command(self.match_group, guild=guild)
        self.tree.add_command(self.admin_group, guild=guild)
        await self.tree.sync(guild=guild)

    async def on_message(self, message: discord.Message) -> None:
        if message.author != self.user:
            await self.seen.put(("message", message.author.id, message.content))

    async def on_raw_reaction_add(self, payload: discord.RawReactionActionEvent) -> None:
        if payload.user_id != self.application_id:
            await self.seen.put(("reaction", payload.user_id, str(payload.emoji)))


@pytest.fixture
def world(twin: DiscordTwin) -> dict[str, int]:
    guild = twin.add_guild("Tabletop")
    ids = {
        "guild": guild,
        "channel": twin.add_text_channel(guild, "games"),
        "alice": twin.add_user("alice"),
        "bob": twin.add_user("bob"),
    }
    twin.add_member(guild, ids["alice"], manage_guild=True)
    twin.add_member(guild, ids["bob"])
    return ids


async def test_slash_autocomplete_and_button(twin: DiscordTwin, world: dict[str, int]) -> None:
    async with running(SmokeBot(world["guild"]), twin):
        choices = await twin.autocomplete(world["alice"], world["channel"], "match new", {"game": "go"}, focused="game")
        assert [c["value"] for c in choices] == ["Go", "Gomoku"]

        result = await twin.slash(world["alice"], world["channel"], "match new", {"game": "Go", "players": 2})
        assert result.response_type == 4
        assert result.content == "Go for 2"
        assert not result.ephemeral
        assert len(result.custom_ids) == 2
        assert twin.channel_messages(world["channel"]) == [result.message]

        clicked = await twin.click(world["bob"], result.message, result.custom_ids[1])
        assert clicked.content.startswith("bob took seat 2 of match")

        with pytest.raises(ValueError, match="required option"):
            await twin.slash(world["alice"], world["channel"], "match new", {"game": "Go"})
        with pytest.raises(TypeError):
            await twin.slash(world["alice"], world["channel"], "match new", {"game": "Go", "players": "2"})
    twin.assert_clean()


async def test_deferred_followup_with_png(twin: DiscordTwin, world: dict[str, int]) -> None:
    async with running(SmokeBot(world["guild"]), twin):
        result = await twin.slash(world["bob"], world["channel"], "match board")
        assert result.deferred
        assert result.content == "the board"
        assert list(result.files) == ["board.png"]
        png = result.files["board.png"]
        assert png == _png()
        assert result.attachments[0].content_type == "image/png"
        async with aiohttp.ClientSession() as http, http.get(result.attachments[0].url) as resp:
            assert await resp.read() == png
    twin.assert_clean()


async def test_dm_and_refused_dm(twin: DiscordTwin, world: dict[str, int]) -> None:
    twin.refuse_dms(world["bob"])
    async with running(SmokeBot(world["guild"]), twin) as bot:
        ok = await twin.slash(world["alice"], world["channel"], "match whisper")
        assert ok.ephemeral and ok.content == "check your DMs"
        assert [m.content for m in twin.dm_messages(world["alice"])] == ["psst: your hand is 7 of cups"]
        assert twin.channel_messages(world["channel"]) == []  # ephemeral replies are not in the channel

        refused = await twin.slash(world["bob"], world["channel"], "match whisper")
        assert refused.content == "I cannot DM you"
        assert bot.dm_errors == [50007]
        assert twin.dm_messages(world["bob"]) == []
    twin.assert_clean(allow_codes={50007})


async def test_attachment_option_select_and_permissions(twin: DiscordTwin, world: dict[str, int]) -> None:
    async with running(SmokeBot(world["guild"]), twin):
        data = _png(8, 8)
        upload = await twin.slash(
            world["bob"], world["channel"], "match upload", {"position": TwinFile("pos.png", data), "strict": True}
        )
        assert upload.content == f"pos.png {len(data)} {hashlib.sha256(data).hexdigest()[:12]} strict=True"

        invited = await twin.slash(world["bob"], world["channel"], "match invite", {"player": world["alice"]})
        assert invited.content == "invited alice manager=True"

        colour = await twin.slash(world["bob"], world["channel"], "match colour")
        picked = await twin.select(world["bob"], colour.message, "colour", ["blue"])
        assert picked.response_type == 7
        assert picked.message is colour.message
        assert colour.content == "colour: blue" and colour.components == []

        reset = await twin.slash(world["alice"], world["channel"], "admin reset", {"confirm": True})
        assert reset.content == "reset confirm=True allowed=True"
        with pytest.raises(TwinCommandHidden):
            await twin.slash(world["bob"], world["channel"], "admin reset", {"confirm": True})
        forced = await twin.slash(
            world["bob"], world["channel"], "admin reset", {"confirm": False}, bypass_permissions=True
        )
        assert forced.content == "reset confirm=False allowed=False"
    twin.assert_clean()


async def test_channel_messages_reactions_and_gateway_events(twin: DiscordTwin, world: dict[str, int]) -> None:
    async with running(SmokeBot(world["guild"]), twin) as bot:
        done = await twin.slash(world["alice"], world["channel"], "match announce")
        assert done.ephemeral and done.content == "done"
        [posted] = twin.channel_messages(world["channel"])
        assert posted.content == "announcement (edited)" and posted.edits == 1
        assert posted.embeds[0]["title"] == "Round 1"
        assert posted.reactions == {"\N{THUMBS UP SIGN}": [twin.bot_user.id]}
        assert posted.author_id == twin.bot_user.id

        await twin.react(world["bob"], posted, "\N{THUMBS UP SIGN}")
        assert await asyncio.wait_for(bot.seen.get(), 2) == ("reaction", world["bob"], "\N{THUMBS UP SIGN}")
        await twin.post_message(world["bob"], world["channel"], "hello bot")
        # Intents.default() lacks message_content, so like Discord the twin strips the content
        assert await asyncio.wait_for(bot.seen.get(), 2) == ("message", world["bob"], "")
    twin.assert_clean()


async def test_modal_round_trip(twin: DiscordTwin, world: dict[str, int]) -> None:
    async with running(SmokeBot(world["guild"]), twin):
        opened = await twin.slash(world["alice"], world["channel"], "match rename")
        assert opened.response_type == 9 and opened.modal is not None
        assert opened.modal["title"] == "Rename the match"
        submitted = await twin.submit_modal(world["alice"], opened, {"name": "Grand final"})
        assert submitted.content == "renamed to Grand final"
    twin.assert_clean()


async def test_restart_keeps_dynamic_buttons_working(twin: DiscordTwin, world: dict[str, int]) -> None:
    async with running(SmokeBot(world["guild"]), twin):
        opened = await twin.slash(world["alice"], world["channel"], "match new", {"game": "Hex", "players": 1})
    assert not twin.connected

    async with running(SmokeBot(world["guild"]), twin):
        clicked = await twin.click(world["bob"], opened.message, opened.custom_ids[0])
        assert "bob took seat 1" in clicked.content
    assert twin.identify_count == 2
    twin.assert_clean()


async def test_resume_after_dropped_connection(twin: DiscordTwin, world: dict[str, int]) -> None:
    async with running(SmokeBot(world["guild"]), twin):
        await twin.drop_connections(4000)
        result = await twin.slash(world["alice"], world["channel"], "match new", {"game": "Go", "players": 1})
        assert result.content == "Go for 1"
        assert twin.resume_count == 1 and twin.identify_count == 1
    twin.assert_clean()


async def test_logged_bot_errors_are_caught(
    twin: DiscordTwin, world: dict[str, int], logged_errors: list[logging.LogRecord]
) -> None:
    async with running(SmokeBot(world["guild"]), twin):
        with pytest.raises(TwinTimeout, match="no callback"):
            await twin.slash(world["alice"], world["channel"], "match crash", timeout=0.3)
    assert any("deliberate failure" in str(r.exc_info and r.exc_info[1]) for r in logged_errors)
    logged_errors.clear()  # provoked on purpose; the autouse guard would fail the test otherwise


async def test_unknown_routes_and_bad_messages_are_recorded(twin: DiscordTwin, world: dict[str, int]) -> None:
    headers = {"Authorization": f"Bot {twin.token}"}
    async with aiohttp.ClientSession(headers=headers) as http:
        async with http.get(f"{twin.api_url}/nope/123") as resp:
            assert resp.status == 404
            assert resp.headers["Content-Type"] == "application/json"
        url = f"{twin.api_url}/channels/{world['channel']}/messages"
        async with http.post(url, json={"content": ""}) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 50006
    assert [r.path for r in twin.unexpected] == ["/api/v10/nope/123"]
    with pytest.raises(AssertionError, match="50006"):
        twin.assert_clean()


async def test_child_process_bot_via_sitecustomize(twin: DiscordTwin, world: dict[str, int], tmp_path: Path) -> None:
    script = tmp_path / "bot.py"
    script.write_text(
        textwrap.dedent(
            """
            import os
            import discord
            from discord import app_commands

            client = discord.Client(intents=discord.Intents.default())
            tree = app_commands.CommandTree(client)

            @tree.command(name="ping", description="Ping")
            async def ping(interaction: discord.Interaction) -> None:
                await interaction.response.send_message("pong from child")

            @client.event
            async def setup_hook() -> None:
                await tree.sync()

            client.run(os.environ["BOT_TOKEN"], log_handler=None)
            """
        )
    )
    env = {
        **os.environ,
        "PYTHONPATH": str(Path(__file__).parent),
        "ARBITER_TWIN_URL": twin.base_url,
        "ARBITER_TWIN_GUILD_READY_TIMEOUT": "0.05",
        "BOT_TOKEN": twin.token,
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(script), env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT
    )
    try:
        await twin.wait_commands("ping", timeout=20)
        await twin.wait_connected(timeout=20)
        started = time.perf_counter()
        result = await twin.slash(world["bob"], world["channel"], "ping")
        assert result.content == "pong from child"
        assert time.perf_counter() - started < 1.0
    finally:
        proc.terminate()
        output, _ = await proc.communicate()
    assert b"Traceback" not in output, output.decode()
    twin.assert_clean()

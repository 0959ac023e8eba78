"""`/match …`: the lobby and everything every game shares. It only translates; the service decides."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from app.errors import Refusal
from app.options import parse_options
from app.service import MatchService
from cogs.components import send_board_reply, send_private_reply
from cogs.responses import defer, send
from engine.core import GAMES, offered_games


def _service(interaction: discord.Interaction[Any]) -> MatchService:
    return interaction.client.service  # type: ignore[attr-defined, no-any-return]


def _can_manage(interaction: discord.Interaction[Any]) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_guild)


class MatchCog(commands.Cog):
    match = app_commands.Group(name="match", description="Create, join and play matches in this channel")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # ------------------------------------------------------------------------------------ lobby

    @match.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(
        game="Which game", options="Game options as key=value pairs, e.g. `mode=1-hero`; leave empty for defaults"
    )
    async def new(self, interaction: discord.Interaction[Any], game: str, options: str = "") -> None:
        await defer(interaction, ephemeral=False)
        if interaction.channel_id is None:
            raise Refusal("Matches are played in a server channel or thread.")
        record = await _service(interaction).new_match(
            game_name=game,
            options=parse_options(options),
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
        )
        title = GAMES[record.game].title
        await send(
            interaction,
            f"{interaction.user.mention} opened a table for **{title}** (match #{record.id}). "
            "Join with `/match join`; the creator starts it with `/match start`.",
            ephemeral=False,
        )

    @new.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction[Any], typed: str) -> list[app_commands.Choice[str]]:
        typed = typed.lower()
        return [
            app_commands.Choice(name=f"{g.title} ({g.min_players}–{g.max_players} players)", value=g.name)
            for g in offered_games()
            if typed in g.name or typed in g.title.lower()
        ][:25]

    @match.command(name="join", description="Take a seat at the table in this channel")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction, ephemeral=False)
        record = await _service(interaction).join(channel_id=_channel(interaction), user_id=interaction.user.id)
        await send(
            interaction,
            f"{interaction.user.mention} joined match #{record.id} ({len(record.members)} players).",
            ephemeral=False,
        )

    @match.command(name="leave", description="Leave the table before the match starts")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction, ephemeral=False)
        record = await _service(interaction).leave(channel_id=_channel(interaction), user_id=interaction.user.id)
        closed = " The table is closed." if record.status == "aborted" else ""
        await send(interaction, f"{interaction.user.mention} left match #{record.id}.{closed}", ephemeral=False)

    @match.command(name="start", description="Start the match (creator only)")
    @app_commands.describe(seat_order="Random seats (default) or in the order players joined")
    @app_commands.choices(
        seat_order=[
            app_commands.Choice(name="random", value="random"),
            app_commands.Choice(name="join order", value="join"),
        ]
    )
    async def start(self, interaction: discord.Interaction[Any], seat_order: str = "random") -> None:
        await defer(interaction)
        record = await _service(interaction).start(
            channel_id=_channel(interaction), user_id=interaction.user.id, seat_order=seat_order
        )
        await send(interaction, f"Match #{record.id} has started; the board is in the channel.")

    # ------------------------------------------------------------------------------------- play

    @match.command(name="move", description="Make a move, typed in the game's notation")
    @app_commands.describe(action="Your move; the legal ones are offered as you type")
    async def move(self, interaction: discord.Interaction[Any], action: str) -> None:
        await defer(interaction)
        result = await _service(interaction).act(
            user_id=interaction.user.id, action=action, channel_id=_channel(interaction)
        )
        await send(interaction, f"Played `{result.notation}`.")

    @move.autocomplete("action")
    async def _move_choices(self, interaction: discord.Interaction[Any], typed: str) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        moves = await _service(interaction).legal_moves(
            user_id=interaction.user.id, channel_id=interaction.channel_id, typed=typed
        )
        return [app_commands.Choice(name=m[:100], value=m[:100]) for m in moves]

    @match.command(name="hand", description="See your hand and other private information (only you)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        post = await _service(interaction).private_view(user_id=interaction.user.id, channel_id=_channel(interaction))
        await send_private_reply(interaction, post)

    @match.command(name="status", description="Show the board and whose move it is")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        post = await _service(interaction).board(channel_id=_channel(interaction))
        await send_board_reply(interaction, post, ephemeral=True)

    @match.command(name="history", description="The moves so far (your own secrets included, only for you)")
    @app_commands.describe(page="Page number, from 1")
    async def history(self, interaction: discord.Interaction[Any], page: app_commands.Range[int, 1] = 1) -> None:
        await defer(interaction)
        found = await _service(interaction).history(
            user_id=interaction.user.id, channel_id=_channel(interaction), page=page
        )
        body = "\n".join(found.lines) or "Nothing has happened yet."
        await send(interaction, f"**History, page {found.page} of {found.pages}**\n{body}")

    @match.command(name="resign", description="Concede the match")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        record = await _service(interaction).resign(user_id=interaction.user.id, channel_id=_channel(interaction))
        await send(interaction, f"You resigned from match #{record.id}.")

    @match.command(name="abort", description="Cancel the match (its creator, or a member with Manage Server)")
    async def abort(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction, ephemeral=False)
        record = await _service(interaction).abort(
            user_id=interaction.user.id, can_manage_guild=_can_manage(interaction), channel_id=_channel(interaction)
        )
        await send(interaction, f"Match #{record.id} was aborted by {interaction.user.mention}.", ephemeral=False)

    @match.command(name="list", description="Matches being played or waiting for players in this server")
    async def list_(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        service = _service(interaction)
        records = await service.matches(guild_id=interaction.guild_id)
        if not records:
            await send(interaction, "No matches are open in this server. Start one with `/match new`.")
            return
        lines = [
            f"#{r.id} {GAMES[r.game].title if r.game in GAMES else r.game} in <#{r.channel_id}>: "
            f"{service.status_line(r)}"
            for r in records[:20]
        ]
        await send(interaction, "\n".join(lines))


def _channel(interaction: discord.Interaction[Any]) -> int:
    if interaction.channel_id is None:
        raise Refusal("Use this command in the channel where the match is played.")
    return interaction.channel_id


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MatchCog(bot))

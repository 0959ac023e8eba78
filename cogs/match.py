"""`/match …` and `/mygames`: what spans every game. A match itself is played with its game's own group
(`/<game> new`, `join`, `move`, …, built by `cogs/table.py`). It only translates; the service decides."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from app.hints import open_table
from cogs.gamekit import keeper_of, service_of
from cogs.responses import defer, send
from engine.core import GAMES


class MatchCog(commands.Cog):
    match = app_commands.Group(name="match", description="Matches of every game: the list, vacations, reminders")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @match.command(name="list", description="Matches being played or waiting for players in this server")
    async def list_(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        service = service_of(interaction)
        records = await service.matches(guild_id=interaction.guild_id)
        if not records:
            await send(interaction, f"No matches are open in this server. Open a table with {open_table()}.")
            return
        lines = [
            f"#{r.id} {GAMES[r.game].title if r.game in GAMES else r.game} in <#{r.channel_id}>"
            f"{'' if r.rated else ' (unrated)'}: {service.status_line(r)}"
            for r in records[:20]
        ]
        await send(interaction, "\n".join(lines))

    @match.command(name="vacation", description="Pause all your clocks for some days (0 ends a vacation)")
    @app_commands.describe(days="How many days; 0 ends your vacation now")
    async def vacation(
        self, interaction: discord.Interaction[Any], days: app_commands.Range[float, 0.0, 365.0]
    ) -> None:
        await defer(interaction)
        await send(interaction, await keeper_of(interaction).vacation(user_id=interaction.user.id, days=days))

    @match.command(name="notify", description="How reminders reach you: by DM too, and your quiet hours")
    @app_commands.describe(
        dm="Also send reminders by direct message",
        quiet="Hours without reminders in your time, like 23-7, or off",
        utc_offset="Your time zone as an offset from UTC, like +2 or -5:30",
    )
    async def notify(
        self,
        interaction: discord.Interaction[Any],
        dm: bool | None = None,
        quiet: str | None = None,
        utc_offset: str | None = None,
    ) -> None:
        await defer(interaction)
        text = await keeper_of(interaction).notify(
            user_id=interaction.user.id, dm=dm, quiet=quiet, utc_offset=utc_offset
        )
        await send(interaction, text)

    @app_commands.command(name="mygames", description="Every match, in any server, that is waiting on you")
    async def mygames(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        waiting = await keeper_of(interaction).waiting_on(interaction.user.id)
        if not waiting:
            await send(interaction, "No match is waiting on you. 🎉")
            return
        lines = [
            f"**{w.title}** #{w.record.id}, waiting since <t:{int(w.since.timestamp())}:R>: "
            f"https://discord.com/channels/{w.record.guild_id or '@me'}/{w.record.channel_id}"
            for w in waiting[:20]
        ]
        more = f"\n…and {len(waiting) - 20} more." if len(waiting) > 20 else ""
        await send(interaction, "Waiting on you, longest first:\n" + "\n".join(lines) + more)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MatchCog(bot))

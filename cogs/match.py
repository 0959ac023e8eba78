"""`/match …` and `/mygames`: what spans every game. A match itself is played with its game's own group
(`/<game> new`, `join`, `move`, …, built by `cogs/table.py`). It only translates; the service decides."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from app.hints import open_table
from cogs.gamekit import keeper_of, service_of
from cogs.i18n import command_text as c
from cogs.responses import defer, send
from db.records import MatchRecord
from engine.core import GAMES
from engine.i18n import joined, t


class MatchCog(commands.Cog):
    match = app_commands.Group(name=c(t("cogs-cmd-match")), description=c(t("cogs-match")))

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @match.command(name=c(t("cogs-cmd-list")), description=c(t("cogs-list")))
    async def list_(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        service = service_of(interaction)
        records = await service.matches(guild_id=interaction.guild_id)
        if not records:
            await send(interaction, t("cogs-no-matches", commands=open_table()))
            return
        lines = [
            t(
                "cogs-list-line",
                id=r.id,
                game=GAMES[r.game].title if r.game in GAMES else r.game,
                channel=f"<#{r.channel_id}>",
                rated="rated" if r.rated else "unrated",
                status=service.status_line(r),
            )
            for r in records[:20]
        ]
        await send(interaction, joined(lines))

    @match.command(name=c(t("cogs-cmd-vacation")), description=c(t("cogs-vacation")))
    @app_commands.describe(days=c(t("cogs-describe-vacation-days")))
    @app_commands.rename(days=c(t("cogs-option-days")))
    async def vacation(
        self, interaction: discord.Interaction[Any], days: app_commands.Range[float, 0.0, 365.0]
    ) -> None:
        await defer(interaction)
        await send(interaction, await keeper_of(interaction).vacation(user_id=interaction.user.id, days=days))

    @match.command(name=c(t("cogs-cmd-notify")), description=c(t("cogs-notify")))
    @app_commands.describe(
        dm=c(t("cogs-describe-dm")), quiet=c(t("cogs-describe-quiet")), utc_offset=c(t("cogs-describe-utc-offset"))
    )
    @app_commands.rename(
        dm=c(t("cogs-option-dm")), quiet=c(t("cogs-option-quiet")), utc_offset=c(t("cogs-option-utc-offset"))
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

    @app_commands.command(name=c(t("cogs-cmd-mygames")), description=c(t("cogs-mygames")))
    async def mygames(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        waiting = await keeper_of(interaction).waiting_on(interaction.user.id)
        if not waiting:
            await send(interaction, t("cogs-nothing-waiting"))
            return
        lines = [
            t(
                "cogs-waiting-line",
                game=w.title,
                id=w.record.id,
                since=f"<t:{int(w.since.timestamp())}:R>",
                link=_jump_link(w.record),
            )
            for w in waiting[:20]
        ]
        more = t("cogs-waiting-more", more=len(waiting) - 20) if len(waiting) > 20 else ""
        await send(interaction, joined([t("cogs-waiting-head"), *lines, more]))


def _jump_link(record: MatchRecord) -> str:
    """A link that opens the match's channel."""
    return f"https://discord.com/channels/{record.guild_id or '@me'}/{record.channel_id}"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MatchCog(bot))

"""`/rating …`: players' ratings and leaderboards. Every rated match that ends feeds them (see
app/rating_service.py); this cog only shows them."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from app.errors import Refusal
from app.pictures import PillowPictures
from app.rating_service import RatingService, describe_rating
from cogs.choices import game_choices
from cogs.i18n import command_text as c
from cogs.responses import defer, send, user_text
from db.ratings import SqliteRatings
from db.sqlite import SqliteStore
from engine.core import GAMES, get_game
from engine.i18n import joined, t


class RatingCog(commands.Cog):
    rating = app_commands.Group(name=c(t("cogs-cmd-rating")), description=c(t("cogs-rating")))

    def __init__(self, bot: commands.Bot, ratings: RatingService) -> None:
        self.bot = bot
        self.ratings = ratings

    async def cog_unload(self) -> None:
        listeners = self.bot.service.after_finish  # type: ignore[attr-defined]
        if self.ratings.on_finish in listeners:
            listeners.remove(self.ratings.on_finish)

    async def cog_load(self) -> None:
        # Matches that ended while the bot was down, or whose last board failed, are rated now.
        await self.ratings.catch_up(self.bot.service)  # type: ignore[attr-defined]

    @rating.command(name=c(t("cogs-cmd-show")), description=c(t("cogs-rating-show")))
    @app_commands.describe(player=c(t("cogs-rating-describe-player")), game=c(t("cogs-rating-describe-game")))
    @app_commands.rename(player=c(t("cogs-option-player")), game=c(t("cogs-option-game")))
    async def show(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None, game: str | None = None
    ) -> None:
        await defer(interaction)
        who = player or interaction.user
        if game is not None and game not in GAMES:
            raise Refusal(t("app-no-such-game", name=repr(user_text(game))))
        lines = await self.ratings.ladders_of(who.id, game)
        if not lines:
            if game:
                await send(interaction, t("cogs-rating-none-of", who=f"<@{who.id}>", game=get_game(game).title))
            else:
                await send(interaction, t("cogs-rating-none", who=f"<@{who.id}>"))
            return
        ladders = [
            t(
                "cogs-rating-ladder",
                game=get_game(line.game).title,
                mode=line.mode,
                rating=describe_rating(line.rating, line.provisional),
            )
            for line in lines
        ]
        chart_game = game or lines[0].game
        chart = await self.ratings.chart(who.id, chart_game, f"{who.display_name} · {get_game(chart_game).title}")
        files = [discord.File(io.BytesIO(chart), filename="rating.png")] if chart else None
        await send(interaction, joined([t("cogs-rating-of", who=f"<@{who.id}>"), *ladders]), files=files)

    @rating.command(name=c(t("cogs-cmd-leaderboard")), description=c(t("cogs-rating-leaderboard")))
    @app_commands.describe(
        game=c(t("cogs-rating-describe-board-game")),
        mode=c(t("cogs-rating-describe-mode")),
        everywhere=c(t("cogs-rating-describe-everywhere")),
    )
    @app_commands.rename(
        game=c(t("cogs-option-game")), mode=c(t("cogs-option-mode")), everywhere=c(t("cogs-option-everywhere"))
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: str | None = None,
        mode: str | None = None,
        everywhere: bool = False,
    ) -> None:
        await defer(interaction)
        game, mode = await self.ratings.pick_ladder(game, mode)
        guild = None if everywhere or interaction.guild_id is None else interaction.guild_id
        rows = await self.ratings.leaderboard(game, mode, guild_id=guild)
        where = "everywhere" if guild is None else "server"
        title = get_game(game).title
        if not rows:
            await send(interaction, t("cogs-rating-board-empty", game=title, mode=mode, where=where))
            return
        body = [
            t(
                "cogs-rating-board-row",
                place=row.place,
                who=f"<@{row.user_id}>",
                rating=row.rating.display,
                matches=row.rating.matches,
                provisional="yes" if row.provisional else "no",
            )
            for row in rows
        ]
        await send(interaction, joined([t("cogs-rating-board", game=title, mode=mode, where=where), *body]))

    @show.autocomplete("game")
    @leaderboard.autocomplete("game")
    async def _games(self, interaction: discord.Interaction[Any], typed: str) -> list[app_commands.Choice[str]]:
        return game_choices(typed)


async def setup(bot: commands.Bot) -> None:
    matches = bot.service  # type: ignore[attr-defined]
    if not isinstance(matches.repo, SqliteStore):
        raise TypeError("ratings need the SQLite store")
    config = bot.config  # type: ignore[attr-defined]
    ratings = RatingService(
        SqliteRatings(matches.repo),
        pictures=PillowPictures(config.render.theme),
        provisional_matches=config.ratings.provisional_matches,
    )
    matches.after_finish.append(ratings.on_finish)
    bot.ratings = ratings  # type: ignore[attr-defined]
    await bot.add_cog(RatingCog(bot, ratings))

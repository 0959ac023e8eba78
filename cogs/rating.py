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
from cogs.responses import defer, send
from db.ratings import SqliteRatings
from db.sqlite import SqliteStore
from engine.core import GAMES, get_game


class RatingCog(commands.Cog):
    rating = app_commands.Group(name="rating", description="Ratings from rated matches, per game and mode")

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

    @rating.command(name="show", description="A player's ratings, with a chart of their history")
    @app_commands.describe(player="Whose (default: yours)", game="Which game (default: every game they play)")
    async def show(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None, game: str | None = None
    ) -> None:
        await defer(interaction)
        who = player or interaction.user
        if game is not None and game not in GAMES:
            raise Refusal(f"There is no game called {game!r}.")
        lines = await self.ratings.ladders_of(who.id, game)
        if not lines:
            where = f" of {get_game(game).title}" if game else ""
            await send(interaction, f"<@{who.id}> has played no rated matches{where} yet.")
            return
        text = "\n".join(
            f"{get_game(line.game).title}, {line.mode}: {describe_rating(line.rating, line.provisional)}"
            for line in lines
        )
        chart_game = game or lines[0].game
        chart = await self.ratings.chart(who.id, chart_game, f"{who.display_name} · {get_game(chart_game).title}")
        files = [discord.File(io.BytesIO(chart), filename="rating.png")] if chart else None
        await send(interaction, f"**Ratings of <@{who.id}>**\n{text}", files=files)

    @rating.command(name="leaderboard", description="The best rated players of a game and mode")
    @app_commands.describe(
        game="Which game (default: the one with most rated matches)",
        mode="Which mode, like 1-hero, 2v2 or ffa (default: the busiest)",
        everywhere="Rank players from every server, not only this one",
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
        where = "everywhere" if guild is None else "in this server"
        if not rows:
            await send(interaction, f"Nobody {where} has a {get_game(game).title} {mode} rating yet.")
            return
        body = "\n".join(
            f"{row.place}. <@{row.user_id}> {row.rating.display}"
            + (f" (provisional, {row.rating.matches})" if row.provisional else f" ({row.rating.matches} matches)")
            for row in rows
        )
        await send(interaction, f"**{get_game(game).title} · {mode} · {where}**\n{body}")

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

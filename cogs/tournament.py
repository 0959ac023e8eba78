"""`/tournament …`: events. It only translates; app/events decides, and its runner carries an event on
between commands (a sweep every `[tournaments] sweep_seconds`)."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from app.errors import Refusal
from app.events.service import Actor, Reply, TournamentService
from app.options import parse_options
from app.pictures import PillowPictures
from app.rating_service import RatingService
from cogs.choices import game_choices
from cogs.responses import defer, send
from db.ratings import SqliteRatings
from db.sqlite import SqliteStore
from db.tournaments import SqliteTournaments

log = logging.getLogger(__name__)

FORMATS = [
    app_commands.Choice(name="Swiss", value="swiss"),
    app_commands.Choice(name="three strikes (out after three lost matches)", value="three_strikes"),
    app_commands.Choice(name="single elimination", value="single_elimination"),
    app_commands.Choice(name="double elimination", value="double_elimination"),
    app_commands.Choice(name="round robin", value="round_robin"),
    app_commands.Choice(name="pods (tables of 3 or more)", value="pods"),
]
RULINGS = [
    app_commands.Choice(name="a player wins (name the winner)", value="win"),
    app_commands.Choice(name="a draw", value="draw"),
    app_commands.Choice(name="a double loss", value="double_loss"),
    app_commands.Choice(name="places at a table (list the players, best first)", value="places"),
]
_MENTION = re.compile(r"<@!?(\d+)>")


def actor(interaction: discord.Interaction[Any]) -> Actor:
    user = interaction.user
    perms = getattr(interaction, "permissions", None)
    roles = frozenset(role.name for role in getattr(user, "roles", ()))
    return Actor(user.id, user.display_name, bool(perms and perms.manage_guild), roles)


async def answer(interaction: discord.Interaction[Any], reply: Reply, *, ephemeral: bool) -> None:
    files = [discord.File(io.BytesIO(data), filename=name) for name, data in reply.files]
    await send(interaction, reply.text, ephemeral=ephemeral, files=files)


class TournamentCog(commands.Cog):
    tournament = app_commands.Group(name="tournament", description="Run events: Swiss, three strikes, brackets")

    def __init__(self, bot: commands.Bot, events: TournamentService, sweep_seconds: float) -> None:
        self.bot = bot
        self.events = events
        self.sweep_seconds = sweep_seconds
        self._sweeper: asyncio.Task[None] | None = None

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        if self._sweeper is None:
            # After a restart this first sweep opens what a crash left unopened and takes missed results.
            self._sweeper = asyncio.create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while True:
            try:
                await self.events.sweep()
            except Exception:
                log.exception("the event sweep failed; it runs again shortly")
            await asyncio.sleep(self.sweep_seconds)

    async def cog_unload(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        listeners = self.bot.service.after_finish  # type: ignore[attr-defined]
        if self.events.on_match_finished in listeners:
            listeners.remove(self.events.on_match_finished)
        await self.events.close()

    async def _event(self, interaction: discord.Interaction[Any], event: int | None) -> int:
        return await self.events.locate(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id, event_id=event
        )

    # ------------------------------------------------------------------------------------ creating

    @tournament.command(name="create", description="Create an event in this channel (you organise it)")
    @app_commands.describe(
        name="The event's name",
        game="Which game",
        format="How players are paired",
        options="Game options for every match as key=value pairs, e.g. `mode=1-hero`",
        rounds="Swiss and pods: how many rounds (default: enough for one unbeaten player)",
        clock="Time control of every match (default: the server's setting)",
        days="Days per move (per-move clock) or for the whole match (total clock)",
        round_days="How long a round lasts, in days (default 7)",
        registration_days="Registration closes, and the event starts, after this many days (default: you start it)",
        max_players="The most players who may enter",
        checkin="Players must check in before the start; those who don't are dropped",
        checkin_hours="With a closing time: check-in opens this many hours before it (default 24)",
        at_deadline="Unfinished matches at a round's deadline: you rule, or the player with less time left loses",
        rated="Whether the event's matches count for ratings (default yes)",
        seats="Pods: players at a table",
        strikes="Three strikes: lost matches that put a player out (default 3)",
    )
    @app_commands.choices(
        format=FORMATS,
        clock=[
            app_commands.Choice(name="no clock", value="none"),
            app_commands.Choice(name="days per move, with a bank", value="per_move"),
            app_commands.Choice(name="total days per player", value="total"),
        ],
        at_deadline=[
            app_commands.Choice(name="the organisers rule", value="organiser"),
            app_commands.Choice(name="the player with less time left loses", value="clock"),
        ],
    )
    async def create(
        self,
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, 60],
        game: str,
        format: str,
        options: str = "",
        rounds: app_commands.Range[int, 1, 30] | None = None,
        clock: str | None = None,
        days: app_commands.Range[float, 0.01, 3650.0] | None = None,
        round_days: app_commands.Range[float, 0.01, 365.0] = 7.0,
        registration_days: app_commands.Range[float, 0.01, 90.0] | None = None,
        max_players: app_commands.Range[int, 2, 512] | None = None,
        checkin: bool = False,
        checkin_hours: app_commands.Range[float, 0.1, 336.0] = 24.0,
        at_deadline: str = "organiser",
        rated: bool = True,
        seats: app_commands.Range[int, 3, 8] | None = None,
        strikes: app_commands.Range[int, 1, 10] = 3,
    ) -> None:
        await defer(interaction, ephemeral=False)
        if interaction.channel_id is None:
            raise Refusal("Events are run in a server channel.")
        reply = await self.events.create(
            actor(interaction),
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            name=name,
            game=game,
            format=format,
            options=parse_options(options),
            rounds=rounds,
            seats=seats,
            strikes=strikes,
            clock={"kind": clock, "days": days},
            round_days=round_days,
            registration_days=registration_days,
            max_entrants=max_players,
            checkin=checkin,
            checkin_hours=checkin_hours,
            deadline_rule=at_deadline,
            rated=rated,
        )
        await answer(interaction, reply, ephemeral=False)

    @create.autocomplete("game")
    async def _games(self, interaction: discord.Interaction[Any], typed: str) -> list[app_commands.Choice[str]]:
        return game_choices(typed)

    # ------------------------------------------------------------------------------------ players

    @tournament.command(name="join", description="Enter the event")
    @app_commands.describe(event="Which event (default: this channel's)")
    async def join(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.join(actor(interaction), await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=False)

    @tournament.command(name="leave", description="Leave the event before it starts")
    @app_commands.describe(event="Which event (default: this channel's)")
    async def leave(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.leave(actor(interaction), await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=False)

    @tournament.command(name="checkin", description="Confirm you will play (when the event asks for check-in)")
    @app_commands.describe(event="Which event (default: this channel's)")
    async def checkin(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction)
        reply = await self.events.checkin(actor(interaction), await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=True)

    @tournament.command(name="drop", description="Leave a started event (organisers: drop a player)")
    @app_commands.describe(event="Which event (default: this channel's)", player="Organisers: the player to drop")
    async def drop(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None, event: int | None = None
    ) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.drop(
            actor(interaction), await self._event(interaction, event), None if player is None else player.id
        )
        await answer(interaction, reply, ephemeral=False)

    # ------------------------------------------------------------------------------------ reading

    @tournament.command(name="info", description="The event's settings and where it stands")
    @app_commands.describe(event="Which event (default: this channel's)")
    async def info(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction)
        await answer(interaction, await self.events.info(await self._event(interaction, event)), ephemeral=True)

    @tournament.command(name="standings", description="The standings, as a picture and a table")
    @app_commands.describe(event="Which event (default: this channel's)", public="Show them to the channel")
    async def standings(
        self, interaction: discord.Interaction[Any], event: int | None = None, public: bool = False
    ) -> None:
        await defer(interaction, ephemeral=not public)
        reply = await self.events.standings(await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=not public)

    @tournament.command(name="pairings", description="A round's pairings and results")
    @app_commands.describe(event="Which event (default: this channel's)", round="Which round (default: the current)")
    async def pairings(
        self,
        interaction: discord.Interaction[Any],
        round: app_commands.Range[int, 1, 200] | None = None,
        event: int | None = None,
    ) -> None:
        await defer(interaction)
        reply = await self.events.pairings(await self._event(interaction, event), round)
        await answer(interaction, reply, ephemeral=True)

    @tournament.command(name="bracket", description="An elimination event's bracket, as a picture and text")
    @app_commands.describe(event="Which event (default: this channel's)", public="Show it to the channel")
    async def bracket(
        self, interaction: discord.Interaction[Any], event: int | None = None, public: bool = False
    ) -> None:
        await defer(interaction, ephemeral=not public)
        reply = await self.events.bracket(await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=not public)

    @tournament.command(name="export", description="Every pairing and result (CSV) and the whole history (JSON)")
    @app_commands.describe(event="Which event (default: this channel's)")
    async def export(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction)
        await answer(interaction, await self.events.export(await self._event(interaction, event)), ephemeral=True)

    # ------------------------------------------------------------------------------------ organisers

    @tournament.command(name="start", description="Organisers: close registration and pair the first round")
    @app_commands.describe(event="Which event (default: this channel's)")
    async def start(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.start(actor(interaction), await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=False)

    @tournament.command(name="adjudicate", description="Organisers: rule on a match (a result and/or more days)")
    @app_commands.describe(
        match="The match, like r2m3",
        ruling="The result you rule (leave empty to only extend the deadline)",
        winner="With `a player wins`: who",
        places="With `places`: the table's players, best first (mention them)",
        days="Days added to the match's deadline",
        note="Why (kept in the event's history)",
        event="Which event (default: this channel's)",
    )
    @app_commands.choices(ruling=RULINGS)
    async def adjudicate(
        self,
        interaction: discord.Interaction[Any],
        match: str,
        ruling: str | None = None,
        winner: discord.User | None = None,
        places: str = "",
        days: app_commands.Range[float, 0.01, 90.0] | None = None,
        note: app_commands.Range[str, 0, 200] = "",
        event: int | None = None,
    ) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.adjudicate(
            actor(interaction),
            await self._event(interaction, event),
            match,
            outcome=ruling,
            winner=None if winner is None else winner.id,
            order=[int(found) for found in _MENTION.findall(places)],
            days=days,
            note=note,
        )
        await answer(interaction, reply, ephemeral=False)

    @adjudicate.autocomplete("match")
    async def _matches(self, interaction: discord.Interaction[Any], typed: str) -> list[app_commands.Choice[str]]:
        try:
            event = await self._event(interaction, getattr(interaction.namespace, "event", None))
            found = await self.events.match_choices(event, typed)
        except Refusal:
            return []
        return [app_commands.Choice(name=m, value=m) for m in found]

    @tournament.command(name="repair", description="Organisers: pair the current round again (before any result)")
    @app_commands.describe(event="Which event (default: this channel's)")
    async def repair(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.repair(actor(interaction), await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=False)

    @tournament.command(name="late-entry", description="Organisers: enter a player after the start")
    @app_commands.describe(player="Who joins", event="Which event (default: this channel's)")
    async def late_entry(
        self, interaction: discord.Interaction[Any], player: discord.User, event: int | None = None
    ) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.late_entry(
            actor(interaction), await self._event(interaction, event), player.id, player.display_name
        )
        await answer(interaction, reply, ephemeral=False)

    @tournament.command(name="disqualify", description="Organisers: remove a player; their open matches are losses")
    @app_commands.describe(
        player="Who", note="Why (kept in the history)", event="Which event (default: this channel's)"
    )
    async def disqualify(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User,
        note: app_commands.Range[str, 0, 200] = "",
        event: int | None = None,
    ) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.disqualify(actor(interaction), await self._event(interaction, event), player.id, note)
        await answer(interaction, reply, ephemeral=False)

    @tournament.command(name="pause", description="Organisers: stop pairing rounds and deadlines until resumed")
    @app_commands.describe(event="Which event (default: this channel's)")
    async def pause(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.pause(actor(interaction), await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=False)

    @tournament.command(name="resume", description="Organisers: carry on a paused event")
    @app_commands.describe(event="Which event (default: this channel's)")
    async def resume(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.pause(actor(interaction), await self._event(interaction, event), resume=True)
        await answer(interaction, reply, ephemeral=False)

    @tournament.command(name="end", description="Organisers: end the event now; the standings are final")
    @app_commands.describe(note="Why (kept in the history)", event="Which event (default: this channel's)")
    async def end(
        self,
        interaction: discord.Interaction[Any],
        note: app_commands.Range[str, 0, 200] = "",
        event: int | None = None,
    ) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.end(actor(interaction), await self._event(interaction, event), note)
        await answer(interaction, reply, ephemeral=False)


async def setup(bot: commands.Bot) -> None:
    matches = bot.service  # type: ignore[attr-defined]
    store = matches.repo
    if not isinstance(store, SqliteStore):
        raise TypeError("events need the SQLite store")
    config = bot.config  # type: ignore[attr-defined]
    ratings = getattr(bot, "ratings", None) or RatingService(SqliteRatings(store))
    events = TournamentService(
        matches,
        SqliteTournaments(store),
        ratings,
        organiser_role=config.tournaments.organiser_role,
        pictures=PillowPictures(config.render.theme),
    )
    matches.after_finish.append(events.on_match_finished)
    bot.events = events  # type: ignore[attr-defined]
    await bot.add_cog(TournamentCog(bot, events, config.tournaments.sweep_seconds))

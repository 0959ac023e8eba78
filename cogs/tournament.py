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
from cogs.i18n import command_text as c
from cogs.i18n import described
from cogs.responses import defer, send
from cogs.table import CLOCKS
from db.ratings import SqliteRatings
from db.sqlite import SqliteStore
from db.tournaments import SqliteTournaments
from engine.i18n import Msg, t

log = logging.getLogger(__name__)


def _choices(named: dict[str, Msg]) -> list[app_commands.Choice[str]]:
    """Choices by their value, each named by a catalogue message."""
    return [app_commands.Choice(name=c(text), value=value) for value, text in named.items()]


FORMATS = _choices(
    {
        "swiss": t("cogs-tournament-format-swiss"),
        "three_strikes": t("cogs-tournament-format-three-strikes"),
        "single_elimination": t("cogs-tournament-format-single"),
        "double_elimination": t("cogs-tournament-format-double"),
        "round_robin": t("cogs-tournament-format-round-robin"),
        "pods": t("cogs-tournament-format-pods"),
    }
)
RULINGS = _choices(
    {
        "win": t("cogs-tournament-ruling-win"),
        "draw": t("cogs-tournament-ruling-draw"),
        "double_loss": t("cogs-tournament-ruling-double-loss"),
        "places": t("cogs-tournament-ruling-places"),
    }
)
DEADLINE_RULES = _choices(
    {"organiser": t("cogs-tournament-deadline-organiser"), "clock": t("cogs-tournament-deadline-clock")}
)
EVENT = (t("cogs-option-event"), t("cogs-tournament-describe-event"))
"""Every command's `event` option: which event (default: this channel's)."""


_MENTION = re.compile(r"<@!?(\d+)>")


def actor(interaction: discord.Interaction[Any]) -> Actor:
    user = interaction.user
    perms = getattr(interaction, "permissions", None)
    roles = frozenset(role.name for role in getattr(user, "roles", ()))
    return Actor(user.id, user.display_name, bool(perms and perms.manage_guild), roles)


async def answer(interaction: discord.Interaction[Any], reply: Reply, *, ephemeral: bool) -> None:
    files = [discord.File(io.BytesIO(data), filename=name) for name, data in reply.files]
    await send(interaction, reply.msg, ephemeral=ephemeral, files=files)


class TournamentCog(commands.Cog):
    tournament = app_commands.Group(name=c(t("cogs-cmd-tournament")), description=c(t("cogs-tournament")))

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

    @tournament.command(name=c(t("cogs-cmd-create")), description=c(t("cogs-tournament-create")))
    @described(
        name=(t("cogs-option-name"), t("cogs-tournament-describe-name")),
        game=(t("cogs-option-game"), t("cogs-tournament-describe-game")),
        format=(t("cogs-option-format"), t("cogs-tournament-describe-format")),
        options=(t("cogs-option-options"), t("cogs-tournament-describe-options")),
        rounds=(t("cogs-option-rounds"), t("cogs-tournament-describe-rounds")),
        clock=(t("cogs-option-clock"), t("cogs-tournament-describe-clock")),
        days=(t("cogs-option-days"), t("cogs-describe-days")),
        round_days=(t("cogs-option-round-days"), t("cogs-tournament-describe-round-days")),
        registration_days=(t("cogs-option-registration-days"), t("cogs-tournament-describe-registration-days")),
        max_players=(t("cogs-option-max-players"), t("cogs-tournament-describe-max-players")),
        checkin=(t("cogs-option-checkin"), t("cogs-tournament-describe-checkin")),
        checkin_hours=(t("cogs-option-checkin-hours"), t("cogs-tournament-describe-checkin-hours")),
        at_deadline=(t("cogs-option-at-deadline"), t("cogs-tournament-describe-at-deadline")),
        rated=(t("cogs-option-rated"), t("cogs-tournament-describe-rated")),
        seats=(t("cogs-option-seats"), t("cogs-tournament-describe-seats")),
        strikes=(t("cogs-option-strikes"), t("cogs-tournament-describe-strikes")),
    )
    @app_commands.choices(format=FORMATS, clock=CLOCKS, at_deadline=DEADLINE_RULES)
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
            raise Refusal(t("app-event-in-a-server"))
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

    @tournament.command(name=c(t("cogs-cmd-join")), description=c(t("cogs-tournament-join")))
    @described(event=EVENT)
    async def join(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.join(actor(interaction), await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=False)

    @tournament.command(name=c(t("cogs-cmd-leave")), description=c(t("cogs-tournament-leave")))
    @described(event=EVENT)
    async def leave(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.leave(actor(interaction), await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=False)

    @tournament.command(name=c(t("cogs-cmd-checkin")), description=c(t("cogs-tournament-checkin")))
    @described(event=EVENT)
    async def checkin(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction)
        reply = await self.events.checkin(actor(interaction), await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=True)

    @tournament.command(name=c(t("cogs-cmd-drop")), description=c(t("cogs-tournament-drop")))
    @described(event=EVENT, player=(t("cogs-option-player"), t("cogs-tournament-describe-drop-player")))
    async def drop(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None, event: int | None = None
    ) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.drop(
            actor(interaction), await self._event(interaction, event), None if player is None else player.id
        )
        await answer(interaction, reply, ephemeral=False)

    # ------------------------------------------------------------------------------------ reading

    @tournament.command(name=c(t("cogs-cmd-info")), description=c(t("cogs-tournament-info")))
    @described(event=EVENT)
    async def info(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction)
        await answer(interaction, await self.events.info(await self._event(interaction, event)), ephemeral=True)

    @tournament.command(name=c(t("cogs-cmd-standings")), description=c(t("cogs-tournament-standings")))
    @described(event=EVENT, public=(t("cogs-option-public"), t("cogs-tournament-describe-public-standings")))
    async def standings(
        self, interaction: discord.Interaction[Any], event: int | None = None, public: bool = False
    ) -> None:
        await defer(interaction, ephemeral=not public)
        reply = await self.events.standings(await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=not public)

    @tournament.command(name=c(t("cogs-cmd-pairings")), description=c(t("cogs-tournament-pairings")))
    @described(event=EVENT, round=(t("cogs-option-round"), t("cogs-tournament-describe-round")))
    async def pairings(
        self,
        interaction: discord.Interaction[Any],
        round: app_commands.Range[int, 1, 200] | None = None,
        event: int | None = None,
    ) -> None:
        await defer(interaction)
        reply = await self.events.pairings(await self._event(interaction, event), round)
        await answer(interaction, reply, ephemeral=True)

    @tournament.command(name=c(t("cogs-cmd-bracket")), description=c(t("cogs-tournament-bracket")))
    @described(event=EVENT, public=(t("cogs-option-public"), t("cogs-tournament-describe-public-bracket")))
    async def bracket(
        self, interaction: discord.Interaction[Any], event: int | None = None, public: bool = False
    ) -> None:
        await defer(interaction, ephemeral=not public)
        reply = await self.events.bracket(await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=not public)

    @tournament.command(name=c(t("cogs-cmd-export")), description=c(t("cogs-tournament-export")))
    @described(event=EVENT)
    async def export(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction)
        await answer(interaction, await self.events.export(await self._event(interaction, event)), ephemeral=True)

    # ------------------------------------------------------------------------------------ organisers

    @tournament.command(name=c(t("cogs-cmd-start")), description=c(t("cogs-tournament-start")))
    @described(event=EVENT)
    async def start(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.start(actor(interaction), await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=False)

    @tournament.command(name=c(t("cogs-cmd-adjudicate")), description=c(t("cogs-tournament-adjudicate")))
    @described(
        match=(t("cogs-option-match"), t("cogs-tournament-describe-match")),
        ruling=(t("cogs-option-ruling"), t("cogs-tournament-describe-ruling")),
        winner=(t("cogs-option-winner"), t("cogs-tournament-describe-winner")),
        places=(t("cogs-option-places"), t("cogs-tournament-describe-places")),
        days=(t("cogs-option-days"), t("cogs-tournament-describe-extension")),
        note=(t("cogs-option-note"), t("cogs-tournament-describe-note")),
        event=EVENT,
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

    @tournament.command(name=c(t("cogs-cmd-repair")), description=c(t("cogs-tournament-repair")))
    @described(event=EVENT)
    async def repair(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.repair(actor(interaction), await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=False)

    @tournament.command(name=c(t("cogs-cmd-late-entry")), description=c(t("cogs-tournament-late-entry")))
    @described(player=(t("cogs-option-player"), t("cogs-tournament-describe-late-player")), event=EVENT)
    async def late_entry(
        self, interaction: discord.Interaction[Any], player: discord.User, event: int | None = None
    ) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.late_entry(
            actor(interaction), await self._event(interaction, event), player.id, player.display_name
        )
        await answer(interaction, reply, ephemeral=False)

    @tournament.command(name=c(t("cogs-cmd-disqualify")), description=c(t("cogs-tournament-disqualify")))
    @described(
        player=(t("cogs-option-player"), t("cogs-tournament-describe-who")),
        note=(t("cogs-option-note"), t("cogs-tournament-describe-history-note")),
        event=EVENT,
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

    @tournament.command(name=c(t("cogs-cmd-pause")), description=c(t("cogs-tournament-pause")))
    @described(event=EVENT)
    async def pause(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.pause(actor(interaction), await self._event(interaction, event))
        await answer(interaction, reply, ephemeral=False)

    @tournament.command(name=c(t("cogs-cmd-resume")), description=c(t("cogs-tournament-resume")))
    @described(event=EVENT)
    async def resume(self, interaction: discord.Interaction[Any], event: int | None = None) -> None:
        await defer(interaction, ephemeral=False)
        reply = await self.events.pause(actor(interaction), await self._event(interaction, event), resume=True)
        await answer(interaction, reply, ephemeral=False)

    @tournament.command(name=c(t("cogs-cmd-end")), description=c(t("cogs-tournament-end")))
    @described(note=(t("cogs-option-note"), t("cogs-tournament-describe-history-note")), event=EVENT)
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

"""The discord.py bot: wiring the service to Discord, syncing commands, redelivering after a restart."""

from __future__ import annotations

import asyncio
import logging
import signal
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from app.backup import backups_forever
from app.clock import Clock, utc_now
from app.config import Config
from app.instance import InstanceLock
from app.rewind import Rewinder
from app.service import MatchService
from app.stopping import rest
from app.timekeeping import Timekeeper
from app.wiring import open_service
from cogs.components import DYNAMIC_ITEMS
from cogs.delivery import DiscordDelivery
from cogs.i18n import CatalogueTranslator, locale_of
from cogs.responses import report_error

log = logging.getLogger(__name__)


class ArbiterTree(app_commands.CommandTree):
    """Routes every command error through the one handler."""

    async def on_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)


class ArbiterBot(commands.Bot):
    service: MatchService
    keeper: Timekeeper
    rewinder: Rewinder

    def __init__(
        self,
        config: Config,
        *,
        db_path: Path | None = None,
        extra_extensions: tuple[str, ...] = (),
        allow_unoffered_games: bool = False,
        clock: Clock = utc_now,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=ArbiterTree,
            guild_ready_timeout=config.discord.guild_ready_timeout,
            help_command=None,
            # Nothing we send pings anyone unless that message names its users (a turn notice does).
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.config = config
        self.db_path = db_path
        self.extra_extensions = extra_extensions
        self.allow_unoffered_games = allow_unoffered_games
        self.clock = clock
        self._redelivered = False
        self._stopping = asyncio.Event()
        self._background: list[asyncio.Task[None]] = []
        self._shutdown: asyncio.Future[None] | None = None

    async def open_storage(self) -> None:
        """Open (and check) the database. `run_bot` calls it before connecting, so an unusable database
        stops the bot at once with a clear message and no network; setup_hook opens it otherwise."""
        if getattr(self, "service", None) is not None:
            return
        self.service = await open_service(
            self.config,
            DiscordDelivery(self, threads_per_minute=self.config.tournaments.threads_per_minute),
            db_path=self.db_path,
            allow_unoffered_games=self.allow_unoffered_games,
            clock=self.clock,
        )
        self.keeper = Timekeeper(self.service)
        self.rewinder = Rewinder(self.service)

    async def setup_hook(self) -> None:
        await self.open_storage()
        # Every command text is a catalogue message: Discord gets each locale's wording at the sync below.
        await self.tree.set_translator(CatalogueTranslator())
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.load_extension("cogs.match")
        # One group per registered game, `/<game> …`, built from the engine registry (cogs/table.py).
        await self.load_extension("cogs.table")
        await self.load_extension("cogs.rating")
        await self.load_extension("cogs.tournament")
        for name in self.extra_extensions:
            await self.load_extension(name)
        guild_id = self.config.discord.dev_guild_id
        if guild_id:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Remember the language of the player's Discord client: their DMs, which answer no interaction,
        are written in it (a write only when it changed)."""
        try:
            await self.service.remember_locale(interaction.user.id, locale_of(interaction))
        except Exception:
            log.exception("could not remember the locale of user %s", interaction.user.id)

    async def on_ready(self) -> None:
        log.info("connected as %s", self.user)
        if not self._redelivered:
            self._redelivered = True
            # Moves committed just before a crash or restart are posted now; nothing is lost.
            count = await self.service.deliver_pending(force=True)
            if count:
                log.info("redelivered %d pending update(s)", count)
            self._background.append(asyncio.create_task(self._sweep_forever()))
            if self.config.backup.every_hours > 0:
                database = self.db_path or self.config.database_path
                self._background.append(asyncio.create_task(backups_forever(self.config, database, self._stopping)))

    async def _sweep_forever(self) -> None:
        """Reminders and timeouts. Its memory is in the database, so a restart simply resumes it."""
        while not self._stopping.is_set():
            try:
                await self.keeper.sweep()
            except Exception:
                log.exception("the clock sweep failed; it runs again shortly")
            await self._retry_deliveries()
            await rest(self._stopping, self.config.clocks.sweep_seconds)

    def begin_shutdown(self) -> asyncio.Future[None]:
        """Start shutting down (once); the future ends when the database is closed."""
        if self._shutdown is None:
            self._shutdown = asyncio.ensure_future(self._shut_down())
        return self._shutdown

    @property
    def stopping(self) -> bool:
        return self._shutdown is not None

    async def _retry_deliveries(self) -> None:
        """Boards that could not be posted (a channel closed to the bot, Discord trouble), once their
        back-off is over. The back-off is stored on each outbox row, so a restart keeps it."""
        count = await self.service.deliver_pending()
        if count:
            log.info("delivered %d update(s) that had waited", count)

    async def close(self) -> None:
        """Shut down without cutting a change short; safe to call again (it waits for the first call)."""
        await asyncio.shield(self.begin_shutdown())

    async def _shut_down(self) -> None:
        # Background work ends at its next pause: a sweep or backup under way finishes first.
        self._stopping.set()
        await asyncio.gather(*self._background, return_exceptions=True)
        service = getattr(self, "service", None)
        if service is not None:
            await service.drain()  # moves in flight commit and are posted while Discord is still reachable
        # A stop just after connecting: discord.py's pending `ready` would fire on the closed client
        # and fail there. A bot that is stopping has no need to become ready.
        pending_ready = getattr(self._connection, "_ready_task", None)
        if pending_ready is not None:
            pending_ready.cancel()
        await super().close()
        if service is not None:
            # A move that began meanwhile still commits; its post waits in the outbox for the next start.
            await service.drain()
            await service.repo.close()


def run_bot(config: Config, token: str) -> int:
    """Serve until Discord closes or SIGTERM / SIGINT arrives; 0 on a clean stop.

    An unusable database raises UnusableDatabase before any connection is made (the caller prints it).
    """
    lock = InstanceLock(config.database_path)
    if not lock.acquire():
        log.error("another Arbiter is already running on %s; stop it first", config.database_path)
        return 1
    try:
        asyncio.run(_serve(config, token))
    except discord.LoginFailure:
        log.error("Discord refused the token in DISCORD_TOKEN; reset it in the developer portal and set it again")
        return 1
    except KeyboardInterrupt:
        pass
    finally:
        lock.release()
    return 0


async def _serve(config: Config, token: str) -> None:
    bot = ArbiterBot(config)
    await bot.open_storage()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, _stop_on_signal, bot, signum)
    try:
        async with bot:
            await bot.start(token)
    except Exception:
        # A signal during login or command sync closes the HTTP session under discord.py's feet;
        # what it raises then is the shutdown we asked for, not a failure.
        if not bot.stopping:
            raise
    finally:
        await bot.close()  # waits for a shutdown begun by a signal to finish
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(signum)


def _stop_on_signal(bot: ArbiterBot, signum: int) -> None:
    log.info("%s received; finishing the moves under way, then stopping", signal.Signals(signum).name)
    bot.begin_shutdown()

"""The discord.py bot: wiring the service to Discord, syncing commands, redelivering after a restart."""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import pkgutil
from pathlib import Path
from typing import IO, Any

import discord
from discord import app_commands
from discord.ext import commands

import cogs.games
from app.clock import Clock, utc_now
from app.config import Config
from app.rewind import Rewinder
from app.service import MatchService
from app.timekeeping import Timekeeper
from app.wiring import open_service
from cogs.components import DYNAMIC_ITEMS
from cogs.delivery import DiscordDelivery
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

    async def setup_hook(self) -> None:
        self.service = await open_service(
            self.config,
            DiscordDelivery(self, threads_per_minute=self.config.tournaments.threads_per_minute),
            db_path=self.db_path,
            allow_unoffered_games=self.allow_unoffered_games,
            clock=self.clock,
        )
        self.keeper = Timekeeper(self.service)
        self.rewinder = Rewinder(self.service)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.load_extension("cogs.match")
        await self.load_extension("cogs.rating")
        await self.load_extension("cogs.tournament")
        for info in pkgutil.iter_modules(cogs.games.__path__):
            await self.load_extension(f"cogs.games.{info.name}")
        for name in self.extra_extensions:
            await self.load_extension(name)
        guild_id = self.config.discord.dev_guild_id
        if guild_id:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        log.info("connected as %s", self.user)
        if not self._redelivered:
            self._redelivered = True
            # Moves committed just before a crash or restart are posted now; nothing is lost.
            count = await self.service.deliver_pending()
            if count:
                log.info("redelivered %d pending update(s)", count)
            self._sweeper = asyncio.create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        """Reminders and timeouts. Its memory is in the database, so a restart simply resumes it."""
        while not self.is_closed():
            try:
                await self.keeper.sweep()
            except Exception:
                log.exception("the clock sweep failed; it runs again shortly")
            await asyncio.sleep(self.config.clocks.sweep_seconds)

    async def close(self) -> None:
        sweeper = getattr(self, "_sweeper", None)
        if sweeper is not None:
            sweeper.cancel()
        service = getattr(self, "service", None)
        await super().close()
        if service is not None:
            await service.repo.close()


class InstanceLock:
    """Refuses a second bot process on the same database: two would answer every interaction twice."""

    def __init__(self, db_path: Path) -> None:
        self.path = db_path.with_name(db_path.name + ".lock")
        self._file: IO[str] | None = None

    def acquire(self) -> bool:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = self.path.open("w")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return False
        handle.write(str(os.getpid()))
        handle.flush()
        self._file = handle
        return True

    def release(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def run_bot(config: Config, token: str) -> int:
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
    async with bot:
        await bot.start(token)

"""Running a discord.py client against the twin for the length of a `with` block."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import discord

from app.config import ClockConfig, Config, DiscordConfig
from cogs.client import ArbiterBot
from tests.fakes import FakeClock

from .server import DiscordTwin

ClientT = TypeVar("ClientT", bound=discord.Client)


@contextlib.asynccontextmanager
async def running(bot: ClientT, twin: DiscordTwin, *, timeout: float = 10) -> AsyncIterator[ClientT]:
    """Start `bot` against the twin, wait until it is ready, and close it afterwards."""
    task = asyncio.create_task(bot.start(twin.token))
    ready = asyncio.create_task(bot.wait_until_ready())
    done, _ = await asyncio.wait({task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    if ready not in done:
        ready.cancel()
        if task in done:
            task.result()  # re-raise the start-up failure
        raise TimeoutError("the bot did not become ready")
    try:
        yield bot
    finally:
        await bot.close()
        await asyncio.wait_for(task, 5)


@dataclass
class ClockedTable:
    """A guild with a #games channel, alice and bob as members, and a bot on an injected clock with a long
    sweep interval (the test runs the sweep or the retries itself)."""

    bot: ArbiterBot
    clock: FakeClock
    channel: int
    alice: int
    bob: int


def clocked_table(twin: DiscordTwin, tmp_path: Path, db_name: str) -> ClockedTable:
    guild = twin.add_guild("Tabletop")
    channel = twin.add_text_channel(guild, "games")
    alice, bob = twin.add_user("alice"), twin.add_user("bob")
    twin.add_member(guild, alice)
    twin.add_member(guild, bob)
    config = Config(
        base_dir=tmp_path,
        discord=DiscordConfig(dev_guild_id=guild, guild_ready_timeout=0.05),
        clocks=ClockConfig(sweep_seconds=3600),
    )
    clock = FakeClock()
    bot = ArbiterBot(config, db_path=tmp_path / db_name, allow_unoffered_games=True, clock=clock)
    return ClockedTable(bot, clock, channel, alice, bob)

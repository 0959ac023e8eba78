"""Running a discord.py client against the twin for the length of a `with` block."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import TypeVar

import discord

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

"""Pauses of background loops that end at once when the bot stops."""

from __future__ import annotations

import asyncio
import contextlib


async def rest(stop: asyncio.Event, seconds: float) -> bool:
    """Wait `seconds`, or less if `stop` is set meanwhile; True when it is set."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), timeout=max(0.0, seconds))
    return stop.is_set()

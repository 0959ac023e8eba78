"""Discord's pace for the bot's messages in a channel: Discord allows 5 posts and edits per 5 seconds.

One leaky bucket (aiolimiter) per channel counts every post and edit, letting one through every
`per / writes` seconds and none in a burst: Discord counts a channel's writes in windows (5, then nothing
until the window resets), and a bucket that allowed a burst of 5 and then one a second would put 6 or more
in one window. A 429 (rate limited) pauses the channel for the time Discord asked. A board write never
waits here: when its channel is busy it is refused with the wait (app.delivery.Throttled), and the service
writes the match's latest board then, with every change made meanwhile. Other messages (notices, a turn's
story in its thread) wait their turn.
"""

from __future__ import annotations

import asyncio

from aiolimiter import AsyncLimiter

WRITES = 4
"""Writes let through per PER_SECONDS: one under Discord's 5, a margin for the time a request spends on its
way (two writes 1.25 s apart here may reach Discord closer together)."""
PER_SECONDS = 5.0


class ChannelPace:
    def __init__(self, writes: int = WRITES, per: float = PER_SECONDS) -> None:
        self.writes = writes
        self.per = per
        self._buckets: dict[int, AsyncLimiter] = {}
        self._paused_until: dict[int, float] = {}

    def _bucket(self, channel_id: int) -> AsyncLimiter:
        if channel_id not in self._buckets:
            self._buckets[channel_id] = AsyncLimiter(1, self.per / self.writes)
        return self._buckets[channel_id]

    @staticmethod
    def _now() -> float:
        return asyncio.get_running_loop().time()

    def wait(self, channel_id: int) -> float:
        """Seconds before a write may go to the channel: 0 when it may go now, else at most `per / writes`
        (the bucket frees room for one write that often) or what a 429 asked."""
        paused = self._paused_until.get(channel_id, 0.0) - self._now()
        if paused > 0:
            return paused
        return 0.0 if self._bucket(channel_id).has_capacity() else self.per / self.writes

    async def take(self, channel_id: int) -> None:
        """Count one write, waiting out a pause and the bucket when they require it."""
        paused = self._paused_until.get(channel_id, 0.0) - self._now()
        if paused > 0:
            await asyncio.sleep(paused)
        await self._bucket(channel_id).acquire()

    def pause(self, channel_id: int, seconds: float) -> None:
        """Discord said 429: nothing goes to the channel for `seconds`."""
        until = self._now() + max(seconds, 0.0)
        self._paused_until[channel_id] = max(until, self._paused_until.get(channel_id, 0.0))

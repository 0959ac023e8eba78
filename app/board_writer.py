"""Coalesced board writes: at most one write per match in flight, and what lands meanwhile is written next.

A turn's board is one message edited as the turn goes on, and a channel takes only a few writes a second.
So a change that comes while its match's board is being written does not queue a write of its own: it
marks the match, returns at once, and the writer under way makes one more pass, which reads every change
still pending (the outbox) and writes the latest board with all of them. When the channel is busy
(`Throttled`), the pass is made again in the background once the channel may be written, and the changes
made meanwhile fold into it. Nothing here is needed for crash safety: the outbox keeps every change until
its board is shown, and the start-up delivery writes whatever a stopped process left.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from app.delivery import Throttled

log = logging.getLogger(__name__)

STOP_GRACE = 5.0
"""At a shutdown, a board waiting this long or less for its channel is still written; a longer wait (a long
429) is left to the outbox and the next start."""

Pass = Callable[[int, bool], Awaitable[int]]
"""Deliver one match's pending changes (match id, force): how many outbox rows are now done. Raises
Throttled when the board must wait; never raises anything else."""


@dataclass
class _Busy:
    again: bool = False
    """A change came while the pass was under way: make one more."""
    force: bool = False
    waiting: asyncio.Task[None] | None = None
    """The background pass that waits for the channel, when one does."""
    until: float = 0.0
    """When that pass runs (the event loop's time)."""


class BoardWriter:
    """Runs a match's delivery passes one at a time, folding the requests that come meanwhile into one."""

    def __init__(self, deliver: Pass) -> None:
        self._deliver = deliver
        self._busy: dict[int, _Busy] = {}
        self._idle = asyncio.Event()
        self._idle.set()
        self._stopping = False
        """Set at shutdown: a board that must wait for its channel is left to the outbox."""
        self._closed = False
        """Set once a shutdown has let the writes under way finish: no write starts any more."""

    def busy(self, match_id: int) -> bool:
        return match_id in self._busy

    async def request(self, match_id: int, *, force: bool = False) -> int:
        """Deliver the match's pending changes. The caller waits for the pass it starts; a request made while
        another pass of the match is under way (or waits for its channel) joins that one's next pass and
        returns 0 at once."""
        if self._closed:
            return 0  # shutting down: the change waits in the outbox for the next start
        busy = self._busy.get(match_id)
        if busy is not None:
            busy.again = True
            busy.force |= force
            return 0
        busy = self._busy[match_id] = _Busy(force=force)
        self._idle.clear()
        return await self._passes(match_id, busy)

    async def _passes(self, match_id: int, busy: _Busy) -> int:
        done = 0
        try:
            while True:
                busy.again, force, busy.force = False, busy.force, False
                try:
                    done += await self._deliver(match_id, force)
                except Throttled as wait:
                    if self._stopping:
                        break
                    busy.force |= force
                    busy.until = asyncio.get_running_loop().time() + wait.retry_after
                    busy.waiting = asyncio.create_task(self._later(match_id, busy, wait.retry_after))
                    return done
                if not busy.again:
                    break
        except BaseException:
            self._release(match_id)
            raise
        self._release(match_id)
        return done

    async def _later(self, match_id: int, busy: _Busy, delay: float) -> None:
        """The pass that waits for the channel: the latest board once it may be written."""
        await asyncio.sleep(delay)
        busy.waiting = None
        try:
            await self._passes(match_id, busy)
        except Exception:  # a pass never raises; a bug here must not kill the task silently
            log.exception("the delayed board of match %s failed; it stays queued", match_id)

    def _release(self, match_id: int) -> None:
        self._busy.pop(match_id, None)
        if not self._busy:
            self._idle.set()

    async def settled(self) -> None:
        """Return once no pass is under way or waiting (tests, and a shutdown that may wait)."""
        while self._busy:
            await self._idle.wait()

    async def stop(self, grace: float = STOP_GRACE) -> None:
        """At shutdown: let the passes under way finish, and those waiting at most `grace` seconds for their
        channel; drop the others (their changes stay in the outbox, which the next start delivers). Then no
        pass starts any more."""
        self._stopping = True
        now = asyncio.get_running_loop().time()
        for match_id, busy in list(self._busy.items()):
            task = busy.waiting
            if task is None:
                continue
            if busy.until - now > grace:
                task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            if task.cancelled():
                self._release(match_id)
        while self._busy:  # a pass may start between the event being set and this waking up
            await self._idle.wait()
        # Discord closes next: a change committed from now on (a move under way, an event's next round)
        # is posted by the next start, from the outbox, rather than written to a closing connection.
        self._closed = True

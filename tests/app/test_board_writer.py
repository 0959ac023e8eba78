"""The board writer: one write per match in flight, what lands meanwhile written next and once, a busy
channel waited out in the background. On a fake clock (looptime's event loop): waits take no real time."""

from __future__ import annotations

import asyncio

from app.board_writer import BoardWriter
from app.delivery import Throttled
from tests.fakes import on_fake_time


class Channel:
    """Writes the latest version of each match; `hold` keeps a write in flight until released, and the
    channel refuses writes (Throttled) until `free_at` on the event loop's clock."""

    def __init__(self) -> None:
        self.latest: dict[int, int] = {}
        self.written: list[tuple[int, int]] = []
        self.in_flight = 0
        self.most_in_flight = 0
        self.hold: asyncio.Event | None = None
        self.free_at = 0.0

    async def deliver(self, match_id: int, force: bool) -> int:
        now = asyncio.get_running_loop().time()
        if now < self.free_at:
            raise Throttled(500, self.free_at - now)
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            version = self.latest[match_id]
            if self.hold is not None:
                await self.hold.wait()
            self.written.append((match_id, version))
        finally:
            self.in_flight -= 1
        return 1


def test_changes_made_while_a_board_is_written_are_written_next_once_with_the_latest_state() -> None:
    async def main() -> None:
        channel = Channel()
        writer = BoardWriter(channel.deliver)
        channel.latest[1] = 1
        channel.hold = asyncio.Event()
        first = asyncio.create_task(writer.request(1))
        await asyncio.sleep(0)
        for version in (2, 3, 4):  # three moves land while version 1 is being written
            channel.latest[1] = version
            assert await writer.request(1) == 0  # they return at once
        assert channel.written == []
        channel.hold.set()
        await first
        assert channel.written == [(1, 1), (1, 4)]  # the next write is the latest state, once
        assert channel.most_in_flight == 1 and not writer.busy(1)

    on_fake_time(main)


def test_a_busy_channel_is_waited_out_in_the_background_and_the_changes_meanwhile_join_that_write() -> None:
    async def main() -> None:
        channel = Channel()
        writer = BoardWriter(channel.deliver)
        loop = asyncio.get_running_loop()
        channel.free_at = loop.time() + 3.0
        channel.latest[1] = 1
        assert await writer.request(1) == 0  # the caller is not held up by the channel
        assert writer.busy(1) and channel.written == []
        for version in (2, 3):
            channel.latest[1] = version
            assert await writer.request(1) == 0
        await asyncio.sleep(1)
        assert channel.written == []
        await writer.settled()
        assert channel.written == [(1, 3)] and loop.time() >= 3.0
        # Another match is never held up by this one's channel.
        channel.latest[2] = 1
        assert await writer.request(2) == 1 and channel.written[-1] == (2, 1)

    on_fake_time(main)


def test_a_shutdown_writes_a_board_waiting_briefly_and_leaves_a_long_wait_to_the_outbox() -> None:
    async def main() -> None:
        channel = Channel()
        writer = BoardWriter(channel.deliver)
        loop = asyncio.get_running_loop()
        channel.free_at = loop.time() + 1.0
        channel.latest[1] = 1
        await writer.request(1)
        slow = Channel()
        slow_writer = BoardWriter(slow.deliver)
        slow.free_at = loop.time() + 600.0  # a long 429
        slow.latest[1] = 1
        await slow_writer.request(1)

        await writer.stop()
        await slow_writer.stop()
        assert channel.written == [(1, 1)]  # written before the shutdown went on
        assert slow.written == [] and not slow_writer.busy(1) and loop.time() < 600
        slow.latest[1] = 2
        assert await slow_writer.request(1) == 0 and not slow_writer.busy(1)  # stopping: left to the outbox

    on_fake_time(main)

"""The Discord delivery of a turn's board: edited in place at the channel's pace, its story never cut.

Every test runs on a fake clock (looptime's event loop): waits take no real time, and the fake channel
(tests/cogs/fakes.py) counts writes by that clock and answers 429 past Discord's 5 per 5 seconds.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from app.board_writer import BoardWriter
from app.delivery import BoardPost, Throttled
from cogs.delivery import DiscordDelivery
from cogs.story import MESSAGE_LIMIT
from tests.cogs.fakes import FakeChannels
from tests.fakes import on_fake_time

CHANNEL = 500
PNG = b"\x89PNG board"


def board(version: int, lines: list[str], *, edit: dict[str, Any] | None = None, image: bytes = PNG) -> BoardPost:
    return BoardPost(1, version, None, CHANNEL, "Trial · match #1", lines, "Waiting on <@7>.", [7], image, edit=edit)


def test_moves_faster_than_the_channel_allows_are_written_coalesced_and_never_over_its_pace() -> None:
    async def main() -> None:
        channels = FakeChannels()
        channel = channels.add_channel(CHANNEL)
        delivery = DiscordDelivery(channels)  # type: ignore[arg-type]
        latest = {"version": 0, "shown": 0}
        handle: dict[str, Any] | None = None

        async def deliver(match_id: int, force: bool) -> int:
            nonlocal handle
            version = latest["version"]
            if version == latest["shown"]:
                return 0
            handle = await delivery.post_board(board(version, [f"move {version}"], edit=handle))
            latest["shown"] = version
            return 1

        writer = BoardWriter(deliver)
        for move in range(1, 41):  # a move every tenth of a second: 4 seconds of play
            latest["version"] = move
            assert await writer.request(1) in (0, 1)  # never waits for the channel
            await asyncio.sleep(0.1)
        await writer.settled()

        times = [at for at, _ in channel.log]
        assert all(sum(1 for later in times if at <= later < at + 5) <= 5 for at in times), times
        assert channel.refused == 0, "the pace kept every write within Discord's limit: no 429"
        assert len(times) <= 6, "40 moves fold into a write a second at most"
        [message] = channel.shown()  # one message, edited
        assert "move 40" in message.content and message.attachments == [("board.png", PNG)]

    on_fake_time(main)


def test_a_429_pauses_the_channel_for_what_discord_asked() -> None:
    async def main() -> None:
        channels = FakeChannels()
        channel = channels.add_channel(CHANNEL)
        delivery = DiscordDelivery(channels)  # type: ignore[arg-type]
        channel.retry_after = 7.0
        with pytest.raises(Throttled) as refused:
            await delivery.post_board(board(2, ["p1 plays"]))
        assert refused.value.retry_after == 7.0 and channel.shown() == []
        await asyncio.sleep(6.5)
        assert 0 < delivery.pace.wait(CHANNEL) <= 0.5
        with pytest.raises(Throttled):
            await delivery.post_board(board(2, ["p1 plays"]))
        await asyncio.sleep(0.5)
        await delivery.post_board(board(2, ["p1 plays"]))
        assert [m.content.splitlines()[1] for m in channel.shown()] == ["• p1 plays"]

    on_fake_time(main)


def test_an_edit_replaces_the_image_and_a_deleted_message_is_posted_again() -> None:
    async def main() -> None:
        channels = FakeChannels()
        channel = channels.add_channel(CHANNEL)
        delivery = DiscordDelivery(channels)  # type: ignore[arg-type]
        first = await delivery.post_board(board(2, ["p1 plays A"]))
        await asyncio.sleep(2)  # past the channel's pace
        second = await delivery.post_board(board(3, ["p1 plays A", "p1 plays B"], edit=first, image=b"\x89PNG two"))
        assert second is not None and first is not None and second["message"] == first["message"]
        [message] = channel.shown()
        assert message.attachments == [("board.png", b"\x89PNG two")] and message.edits == 1
        assert "• p1 plays A\n• p1 plays B" in message.content

        message.deleted = True  # a moderator removed it
        await asyncio.sleep(2)  # past the channel's pace
        third = await delivery.post_board(board(4, ["p1 plays A", "p1 plays B", "p1 plays C"], edit=second))
        assert third is not None and third["message"] != first["message"]
        [again] = channel.shown()
        assert "p1 plays C" in again.content

    on_fake_time(main)


def test_a_turn_longer_than_a_message_is_told_whole_in_the_thread_under_it() -> None:
    lines = [f"p1 plays card number {n} and everything it does happens, which takes some words" for n in range(60)]

    async def main() -> None:
        channels = FakeChannels()
        channel = channels.add_channel(CHANNEL)
        delivery = DiscordDelivery(channels)  # type: ignore[arg-type]
        handle = await delivery.post_board(board(2, lines))
        assert handle is not None
        [message] = channel.shown()
        assert len(message.content) <= MESSAGE_LIMIT and message.content.endswith("Waiting on <@7>.")
        assert "earlier lines of this turn are in the thread under this message" in message.content
        assert lines[-1] in message.content  # the newest lines stay on the board
        thread = channels.channels[message.id]  # a thread on a message has the message's id
        told = "\n".join(m.content for m in thread.shown())
        assert [line for line in lines if f"• {line}" in told] == lines  # nothing is cut
        parts = len(thread.shown())
        assert parts >= 3 and all(len(m.content) <= MESSAGE_LIMIT for m in thread.shown())

        await asyncio.sleep(10)
        more = [*lines, "p1 ends the turn"]
        again = await delivery.post_board(board(3, more, edit=handle))
        assert again is not None and again["message"] == handle["message"]
        # Only the last part of the story changed: the earlier ones are neither edited nor posted again.
        assert [m.edits for m in thread.shown()][:-1] == [0] * (parts - 1)
        assert thread.shown()[-1].content.endswith("• p1 ends the turn")

    on_fake_time(main)


def test_the_story_follows_in_the_channel_where_threads_are_refused_and_a_lost_thread_is_found_again() -> None:
    lines = [f"line {n} " + "x" * 90 for n in range(40)]

    async def main() -> None:
        channels = FakeChannels()
        channel = channels.add_channel(CHANNEL)
        channel.can_open_threads = False
        delivery = DiscordDelivery(channels)  # type: ignore[arg-type]
        await delivery.post_board(board(2, lines))
        shown = channel.shown()
        assert len(shown) >= 3 and all(f"line {n} " in "\n".join(m.content for m in shown) for n in range(40))

        # A restart lost the handle after the thread was opened: the thread is the message's, found again.
        other = channels.add_channel(600)
        delivery = DiscordDelivery(channels)  # type: ignore[arg-type]
        post = BoardPost(2, 2, None, 600, "Trial · match #2", lines, "Waiting on <@7>.", [7], PNG)
        first = await delivery.post_board(post)
        assert first is not None
        await asyncio.sleep(10)
        again = await delivery.post_board(
            BoardPost(2, 3, None, 600, "Trial · match #2", lines, "x", [7], PNG, edit={"message": first["message"]})
        )
        assert again is not None and again["story_in"] == first["message"] == other.shown()[0].id

    on_fake_time(main)


def test_a_match_played_in_a_thread_tells_a_long_turn_in_that_thread() -> None:
    lines = [f"line {n} " + "y" * 90 for n in range(40)]

    async def main() -> None:
        channels = FakeChannels()
        thread = channels.add_channel(CHANNEL, parent=400)  # a tournament pairing's thread
        delivery = DiscordDelivery(channels)  # type: ignore[arg-type]
        handle = await delivery.post_board(board(2, lines))
        assert handle is not None and handle["story_in"] == CHANNEL
        told = "\n".join(m.content for m in thread.shown()[1:])
        assert all(f"• line {n} " in told for n in range(40))

    on_fake_time(main)

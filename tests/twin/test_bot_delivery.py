"""A channel where the bot may not post: players still get their hands by DM, the creator is told once what
to fix, moves are answered "Played", and the board appears once the permission is back."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cogs.client import ArbiterBot
from tests.fixtures.trial_game import TRIAL

from .harness import clocked_table, running
from .server import DiscordTwin


async def bot_may_send(bot: ArbiterBot, channel: int, expected: bool) -> None:
    """Wait until the bot's cache has the CHANNEL_UPDATE the permission change sent (as it would long have
    on Discord before anyone plays)."""
    for _ in range(100):
        cached = bot.get_channel(channel)
        if cached.permissions_for(cached.guild.me).send_messages == expected:  # type: ignore[union-attr]
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the bot never saw the permission change")


def boards(twin: DiscordTwin, channel: int) -> list[str]:
    return [m.content for m in twin.channel_messages(channel) if m.content.startswith("**Trial · match")]


async def test_a_channel_without_send_messages(twin: DiscordTwin, tmp_path: Path) -> None:
    assert TRIAL.name == "trial"
    table = clocked_table(twin, tmp_path, "closed.db")  # the test runs the retry itself, on its own clock
    bot, clock, channel, alice, bob = table.bot, table.clock, table.channel, table.alice, table.bob
    async with running(bot, twin):
        await twin.slash(alice, channel, "trial new")
        await twin.slash(bob, channel, "trial join")
        twin.deny_bot(channel)  # an admin takes Send Messages from the bot in #games
        await bot_may_send(bot, channel, False)
        await twin.slash(alice, channel, "trial start")
        assert boards(twin, channel) == []
        assert "Your hand" in twin.dm_messages(alice)[-1].content
        assert "Your hand" in twin.dm_messages(bob)[-1].content
        [warning] = [m.content for m in twin.dm_messages(alice) if "can't post in" in m.content]
        # Without Send Messages, Discord counts Attach Files and Embed Links as lost there too.
        assert f"<#{channel}>" in warning and "give me Send Messages, Attach Files, and Embed Links there" in warning

        moved = await twin.slash(alice, channel, "trial move", {"action": "bid 1"})
        assert moved.content == "Played `bid 1`."
        moved = await twin.slash(bob, channel, "trial move", {"action": "bid 2"})
        assert moved.content == "Played `bid 2`."
        assert [e.code for e in twin.http_errors] == [50013]  # the moves did not knock again
        assert len([m for m in twin.dm_messages(alice) if "can't post in" in m.content]) == 1

        twin.allow_bot(channel)
        await bot_may_send(bot, channel, True)
        clock.advance(minutes=2)
        await bot._retry_deliveries()
        await bot.service.settled()  # a board held back by the channel's pace is written by now
        # Every row that waited is shown, one message per turn: the bidding, then the first playing turn.
        bidding, playing = boards(twin, channel)
        assert "The match began" in bidding and "p1 has bid." in bidding
        assert "p2 has bid." in playing and "Bids revealed: p1 1, p2 2" in playing and "The match began" not in playing
    twin.assert_clean(allow_codes={50013})

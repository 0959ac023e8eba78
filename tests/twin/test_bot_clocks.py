"""Reminders and a timeout claim reach Discord as messages, with the bot on an injected clock."""

from __future__ import annotations

from pathlib import Path

from tests.fixtures.trial_game import TRIAL

from .harness import clocked_table, running
from .server import DiscordTwin


async def test_reminder_then_timeout_claim(twin: DiscordTwin, tmp_path: Path) -> None:
    assert TRIAL.name == "trial"
    table = clocked_table(twin, tmp_path, "clock.db")  # this test runs the sweep itself, on its own clock
    bot, clock, channel, alice, bob = table.bot, table.clock, table.channel, table.alice, table.bob
    async with running(bot, twin):
        opened = await twin.slash(
            alice, channel, "trial new", {"clock": "per_move", "days": 1.0, "on_timeout": "claim"}
        )
        assert "1d per move" in opened.content
        await twin.slash(bob, channel, "trial join")
        await twin.slash(alice, channel, "trial start")
        await twin.slash(alice, channel, "trial move", {"action": "bid 1"})
        await bot.service.settled()  # a board held back by the channel's pace is written by now
        board = [m for m in twin.channel_messages(channel) if m.content.startswith("**Trial")][-1]
        assert "running" in board.content  # clocks are shown on the board

        clock.advance(hours=13)
        await bot.keeper.sweep()
        reminder = twin.channel_messages(channel)[-1]
        assert f"<@{bob}>, your move in Trial · match #1 is waiting" in reminder.content

        clock.advance(hours=12)
        await bot.keeper.sweep()
        notice = twin.channel_messages(channel)[-1]
        assert "has run out of time" in notice.content
        button = notice.find_component_by_label("Claim the win on time")
        assert button is not None
        early = await twin.click(bob, notice, button["custom_id"])
        assert early.ephemeral and "No opponent has run out of time" in early.content
        claimed = await twin.click(alice, notice, button["custom_id"])
        assert claimed.ephemeral and "won on time" in claimed.content
        await bot.service.settled()  # a board held back by the channel's pace is written by now
        final = [m for m in twin.channel_messages(channel) if m.content.startswith("**Trial")][-1]
        assert "Game over" in final.content and "won on time" in final.content
    twin.assert_clean()

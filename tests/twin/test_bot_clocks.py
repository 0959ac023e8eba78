"""Reminders and a timeout claim reach Discord as messages, with the bot on an injected clock."""

from __future__ import annotations

from pathlib import Path

from app.config import ClockConfig, Config, DiscordConfig
from cogs.client import ArbiterBot
from tests.fakes import FakeClock
from tests.fixtures.trial_game import TRIAL

from .harness import running
from .server import DiscordTwin


async def test_reminder_then_timeout_claim(twin: DiscordTwin, tmp_path: Path) -> None:
    assert TRIAL.name == "trial"
    guild = twin.add_guild("Tabletop")
    channel = twin.add_text_channel(guild, "games")
    alice, bob = twin.add_user("alice"), twin.add_user("bob")
    twin.add_member(guild, alice)
    twin.add_member(guild, bob)
    # A long sweep interval: this test runs the sweep itself, on its own clock.
    config = Config(
        base_dir=tmp_path,
        discord=DiscordConfig(dev_guild_id=guild, guild_ready_timeout=0.05),
        clocks=ClockConfig(sweep_seconds=3600),
    )
    clock = FakeClock()
    bot = ArbiterBot(config, db_path=tmp_path / "clock.db", allow_unoffered_games=True, clock=clock)
    async with running(bot, twin):
        opened = await twin.slash(
            alice, channel, "trial new", {"clock": "per_move", "days": 1.0, "on_timeout": "claim"}
        )
        assert "1d per move" in opened.content
        await twin.slash(bob, channel, "trial join")
        await twin.slash(alice, channel, "trial start")
        await twin.slash(alice, channel, "trial move", {"action": "bid 1"})
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
        final = [m for m in twin.channel_messages(channel) if m.content.startswith("**Trial")][-1]
        assert "Game over" in final.content and "won on time" in final.content
    twin.assert_clean()

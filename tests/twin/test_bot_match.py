"""The top of the pyramid: the unmodified ArbiterBot plays a whole match against the Discord twin.

Slash commands with options, autocomplete, buttons, DMs (one player refuses them), board images as
attachments, and a bot restart in the middle of the match; the match continues from the database.
"""

from __future__ import annotations

import random
from pathlib import Path

from app.config import Config, DiscordConfig
from cogs.client import ArbiterBot
from tests.fixtures.trial_game import TRIAL

from .harness import running
from .server import DiscordTwin


def arbiter(config: Config, db: Path) -> ArbiterBot:
    return ArbiterBot(config, db_path=db, allow_unoffered_games=True)


def latest_board(twin: DiscordTwin, channel: int):
    boards = [m for m in twin.channel_messages(channel) if m.content.startswith("**Trial · match")]
    assert boards, "no board was posted"
    return boards[-1]


async def test_whole_match_through_discord_with_a_restart(twin: DiscordTwin, tmp_path: Path) -> None:
    guild = twin.add_guild("Tabletop")
    channel = twin.add_text_channel(guild, "games")
    alice, bob = twin.add_user("alice"), twin.add_user("bob")
    twin.add_member(guild, alice)
    twin.add_member(guild, bob)
    twin.refuse_dms(bob)
    config = Config(base_dir=tmp_path, discord=DiscordConfig(dev_guild_id=guild, guild_ready_timeout=0.05))
    db = tmp_path / "arbiter.db"

    async with running(arbiter(config, db), twin):
        help_ = await twin.slash(alice, channel, "trial help")
        assert help_.ephemeral and "**Commands at every table**" in help_.content and "`/trial move`" in help_.content
        opened = await twin.slash(alice, channel, "trial new", {"options": "rounds=1"})
        assert "opened a table for **Trial**" in opened.content and not opened.ephemeral
        joined = await twin.slash(bob, channel, "trial join")
        assert "joined match #1" in joined.content
        started = await twin.slash(alice, channel, "trial start")
        assert started.ephemeral and "has started" in started.content

        board = latest_board(twin, channel)
        assert board.files and next(iter(board.files.values())).startswith(b"\x89PNG")
        assert "The match began" in board.content
        # Alice gets her hand by DM; Bob refuses DMs, so the channel tells him where his hand is.
        assert twin.dm_messages(alice) and "Your hand" in twin.dm_messages(alice)[-1].content
        assert twin.dm_messages(bob) == []
        notices = [m for m in twin.channel_messages(channel) if "can't send you direct messages" in m.content]
        assert len(notices) == 1

        choices = await twin.autocomplete(alice, channel, "trial move", {"action": "bid"}, focused="action")
        assert [c["value"] for c in choices] == ["bid 0", "bid 1", "bid 2"]
        moved = await twin.slash(alice, channel, "trial move", {"action": "bid 1"})
        assert moved.ephemeral and moved.content == "Played `bid 1`."
        refused = await twin.slash(alice, channel, "trial move", {"action": "castle kingside"})
        assert refused.ephemeral and "Actions look like" in refused.content

    # Restart: a new bot process on the same database; buttons drawn before still work.
    async with running(arbiter(config, db), twin) as bot:
        board = latest_board(twin, channel)
        hand_button = board.find_component_by_label("My hand / my move")
        assert hand_button is not None
        hand = await twin.click(bob, board, hand_button["custom_id"])
        assert hand.ephemeral and "Your hand" in hand.content
        bid = hand.message.find_component_by_label("bid 0")
        played = await twin.click(bob, hand.message, bid["custom_id"])
        assert "Played `bid 0`" in played.content
        stale = await twin.click(bob, hand.message, bid["custom_id"])
        assert "board changed" in stale.content and stale.ephemeral

        # Play on to the end with typed moves chosen from the legal ones.
        rng = random.Random(2)
        users = {0: alice, 1: bob}
        for _ in range(200):
            record = await bot.service.find(match_id=1)
            if record.status != "active":
                break
            state = bot.service.state_of(record)
            seat = rng.choice(sorted(TRIAL.to_move(state)))
            action = TRIAL.describe_action(state, seat, rng.choice(TRIAL.legal_actions(state, seat)))
            result = await twin.slash(users[seat], channel, "trial move", {"action": action})
            assert result.content == f"Played `{action}`."
        record = await bot.service.find(match_id=1)
        assert record.status == "finished"
        await bot.service.settled()  # a board held back by the channel's pace is written by now
        assert "Game over" in latest_board(twin, channel).content
        history = await twin.slash(bob, channel, "trial history")
        assert history.ephemeral and "History, page 1" in history.content
    # Bob's DMs were tried once, refused (50007), and not tried again for the rest of the match.
    assert [e.code for e in twin.http_errors] == [50007]
    twin.assert_clean(allow_codes={50007})

"""A whole Codex match through the Discord twin posts one board message per turn, edited as the turn goes on.

The match is played through slash commands as tests/codex/twin/test_match.py plays it; here the test counts
what the channel received: the bot's posts and edits (the twin records each), and what each message tells.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from app.config import Config
from app.rendering import PillowRenderer
from cogs.client import ArbiterBot
from engine.codex import GAME
from tests.codex.twin.test_match import TINY_PNG, boards, config, play_one_move
from tests.twin.harness import running
from tests.twin.server import DiscordTwin, TwinMessage

__all__ = ["config"]  # the fixture, shared with the whole-match test

STEP_CAP = 400
BEGINS = re.compile(r"Turn (\d+): p\d begins\.")


def told(twin: DiscordTwin, message: TwinMessage) -> str:
    """What a board message tells: its text, and the thread under it when the turn was too long for it."""
    thread = twin.channels.get(message.id)
    return "\n".join(
        [message.content, *(m.content for m in twin.channel_messages(thread.id))] if thread else [message.content]
    )


async def test_a_whole_codex_match_posts_one_board_message_per_turn(
    twin: DiscordTwin, tmp_path: Path, config: tuple[Config, int, int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    settings, channel, alice, bob, _guild = config
    monkeypatch.setattr(PillowRenderer, "board", lambda self, *args: TINY_PNG)
    monkeypatch.setattr(PillowRenderer, "private", lambda self, *args: TINY_PNG)
    bot = ArbiterBot(settings, db_path=tmp_path / "codex.db")
    async with running(bot, twin):
        bot.service._seeds = random.Random(3)
        options = {"options": "hero1=troq-bashar hero2=river-montoya first_player=p1"}
        await twin.slash(alice, channel, "codex new", options)
        await twin.slash(bob, channel, "codex join")
        await twin.slash(alice, channel, "codex start")
        users = {0: alice, 1: bob}
        rng = random.Random(7)
        counts: dict[str, int] = {}
        changes = 0
        for _ in range(STEP_CAP):
            record = await bot.service.find(match_id=1)
            if record.status != "active":
                break
            state = bot.service.state_of(record)
            seat = rng.choice(sorted(GAME.to_move(state)))
            await play_one_move(twin, channel, users[seat], state, seat, rng, counts)
            changes += 1
        await bot.service.settled()
        record = await bot.service.find(match_id=1)
        assert record.status == "finished", counts
        turns = bot.service.state_of(record).turn

        posts = twin.channel_writes_of(channel, "post")
        edits = twin.channel_writes_of(channel, "edit")
        shown = boards(twin, channel)
        # One message per turn, and one for the end: every post is a board, and no board was posted twice.
        assert len(posts) == len(shown) == turns + 1, (len(posts), turns)
        assert {w.message_id for w in posts} == {m.id for m in shown}
        begun = [BEGINS.findall(told(twin, m)) for m in shown]
        assert begun[:-1] == [[str(n)] for n in range(1, turns + 1)] and begun[-1] == []
        assert "The game is over" in shown[-1].content
        assert all(len(m.attachments) == 1 for m in shown)  # an edit replaced the picture, never added one
        # The turns were edited in place as they went on, and far fewer writes than changes reached Discord.
        assert edits and len(posts) + len(edits) <= changes + 1
        assert all(w.message_id in {m.id for m in shown} for w in edits)
        # Each turn's new message pinged the player whose turn it is; no edit pinged anyone.
        for number, message in zip(range(1, turns + 1), shown, strict=False):
            mover = alice if number % 2 == 1 else bob
            assert mover in message.pinged_users, (number, message.pinged_users)
    twin.assert_clean()

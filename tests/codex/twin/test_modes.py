"""Four players on the Discord twin play a whole 2v2 and a whole four-player free-for-all Codex match.

Each player joins with /codex join, picks heroes with /codex hero, and plays every move through the slash
commands (the move must be offered by the command's autocomplete), tech picks through the /codex tech menu
and pending choices through the hand's buttons, in whatever order the players owe moves: both 2v2 partners
act in the same team turn. Every player gets their private view by DM. Seeds are fixed so a failure can be
replayed.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from app.config import Config, DiscordConfig
from app.rendering import PillowRenderer
from cogs.client import ArbiterBot
from cogs.codex import commands as codex_commands
from engine.codex import GAME
from tests.codex.twin.test_match import TINY_PNG, boards, play_one_move
from tests.twin.harness import running
from tests.twin.server import DiscordTwin

STEP_CAP = 2_500
NAMES = ("alice", "bob", "carol", "dave")


@pytest.mark.parametrize(
    ("mode", "heroes", "seed"),
    [
        ("2v2", ("troq-bashar", "river-montoya", "troq-bashar", "river-montoya"), 11),
        ("ffa", ("river-montoya", "troq-bashar", "river-montoya", "troq-bashar"), 12),
    ],
)
async def test_a_whole_four_player_match_through_slash_commands(
    twin: DiscordTwin, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str, heroes: tuple[str, ...], seed: int
) -> None:
    guild = twin.add_guild("Tabletop")
    channel = twin.add_text_channel(guild, "codex")
    users = [twin.add_user(name) for name in NAMES]
    for user in users:
        twin.add_member(guild, user)
    settings = Config(base_dir=tmp_path, discord=DiscordConfig(dev_guild_id=guild, guild_ready_timeout=0.05))
    bot = ArbiterBot(settings, db_path=tmp_path / "codex.db")
    async with running(bot, twin):
        bot.service._seeds = random.Random(seed)
        monkeypatch.setattr(codex_commands, "RNG", random.Random(seed))
        opened = await twin.slash(users[0], channel, "codex new", {"mode": mode, "options": "first_player=p1"})
        assert not opened.ephemeral and f"(match #1, {mode}, " in opened.content, opened.content
        mine = await twin.slash(users[0], channel, "codex hero", {"hero": heroes[0]})
        assert "will play **" in mine.content, mine.content
        for user, hero in zip(users[1:], heroes[1:], strict=True):
            joined = await twin.slash(user, channel, "codex join")
            assert not joined.ephemeral or "joined" in joined.content.lower(), joined.content
            picked = await twin.slash(user, channel, "codex hero", {"hero": hero})
            assert "will play **" in picked.content, picked.content
        started = await twin.slash(users[0], channel, "codex start")
        assert started.ephemeral and all(f"p{i + 1} <@{u}>" in started.content for i, u in enumerate(users))
        first = boards(twin, channel)[-1]
        assert next(iter(first.files.values())).startswith(b"\x89PNG")
        monkeypatch.setattr(PillowRenderer, "board", lambda self, *args: TINY_PNG)
        monkeypatch.setattr(PillowRenderer, "private", lambda self, *args: TINY_PNG)

        rng = random.Random(seed)
        counts: dict[str, int] = {}
        both_partners_owed = False
        for _ in range(STEP_CAP):
            record = await bot.service.find(match_id=1)
            if record.status != "active":
                break
            state = bot.service.state_of(record)
            owed = sorted(GAME.to_move(state))
            both_partners_owed |= sum(1 for s in owed if not _only_tech(state, s)) > 1
            seat = rng.choice(owed)
            await play_one_move(twin, channel, users[seat], state, seat, rng, counts)

        record = await bot.service.find(match_id=1)
        assert record.status == "finished", f"no winner within {STEP_CAP} steps: {counts}"
        assert {"attack", "tech", "end"} <= set(counts), counts
        winners = record.result["winners"]
        await bot.service.settled()  # a board held back by the channel's pace is written by now
        final = boards(twin, channel)[-1].content
        if mode == "2v2":
            # A team wins together, and both partners' turns overlapped.
            assert (
                len(winners) == 2
                and GAME.view(state, None)["players"][winners[0]]["team"]
                == (GAME.view(state, None)["players"][winners[1]]["team"])
            )
            assert both_partners_owed
        else:
            assert len(winners) == 1
        for w in winners:
            assert f"<@{users[w]}>" in final, final
        for user in users:
            assert twin.dm_messages(user), f"{user} got no private view by DM"
    twin.assert_clean()


def _only_tech(state: object, seat: int) -> bool:
    """A seat that owes nothing but its secret tech pick is not taking part in the turn."""
    return all(GAME.describe_action(state, seat, a).startswith("tech ") for a in GAME.legal_actions(state, seat))

"""The real ArbiterBot plays whole Ascension matches against the Discord twin: three players, solo against
Samael, and four players with bot seats, each to the end, every move through `/ascension` commands (after
their autocomplete offered the move) or the buttons and menus under a reply or a hand, which must offer
exactly the legal moves. Moves are chosen by the engine's greedy taste, so the matches end."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from app.config import Config, DiscordConfig
from app.rendering import PillowRenderer
from cogs.client import ArbiterBot
from tests.ascension.twin.driver import TINY_PNG, Table
from tests.twin.harness import running
from tests.twin.server import DiscordTwin

STEP_CAP = 700


def tabletop(twin: DiscordTwin, tmp_path: Path, names: list[str]) -> tuple[Config, int, list[int]]:
    guild = twin.add_guild("Tabletop")
    channel = twin.add_text_channel(guild, "ascension")
    users = [twin.add_user(name) for name in names]
    for user in users:
        twin.add_member(guild, user)
    config = Config(base_dir=tmp_path, discord=DiscordConfig(dev_guild_id=guild, guild_ready_timeout=0.05))
    return config, channel, users


def no_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PillowRenderer, "board", lambda self, *args: TINY_PNG)
    monkeypatch.setattr(PillowRenderer, "private", lambda self, *args: TINY_PNG)


async def test_a_three_player_match_to_the_end(
    twin: DiscordTwin, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config, channel, (alice, bob, carol) = tabletop(twin, tmp_path, ["alice", "bob", "carol"])
    bot = ArbiterBot(config, db_path=tmp_path / "ascension.db")
    async with running(bot, twin):
        looked = await twin.autocomplete(alice, channel, "ascension card", {"name": "tyr"}, focused="name")
        assert [c["value"] for c in looked] == ["Earth Tyrant", "Sea Tyrant", "Wind Tyrant"]
        page = await twin.slash(alice, channel, "ascension card", {"name": "Sea Tyrant"})
        assert page.ephemeral and "**Sea Tyrant** · Monster" in page.content and "5 Power" in page.content
        opened = await twin.slash(
            alice, channel, "ascension new", {"mode": "multiplayer", "options": "first_player=p1"}
        )
        assert not opened.ephemeral and "Ascension" in opened.content, opened.content
        await twin.slash(bob, channel, "ascension join")
        await twin.slash(carol, channel, "ascension join")
        started = await twin.slash(alice, channel, "ascension start")
        assert started.ephemeral, started.content
        table = Table(twin, bot, channel, {0: alice, 1: bob, 2: carol}, random.Random(3))
        first = table.boards()[-1]
        assert next(iter(first.files.values())).startswith(b"\x89PNG") and "Round 1: p1 to play." in first.content
        assert "Your hand" in twin.dm_messages(alice)[-1].content
        no_pictures(monkeypatch)

        record = await table.play_to_the_end(STEP_CAP)
        await bot.service.settled()  # the last board is written after the move's reply
        assert record.status == "finished" and record.result is not None
        assert {"play", "play all", "buy", "defeat", "end", "button", "typed", "hand button"} <= set(table.counts)
        winners = ", ".join(f"p{w + 1}" for w in record.result["winners"])
        assert "The game is over. Honor:" in table.boards()[-1].content and winners in table.boards()[-1].content
    twin.assert_clean()


async def test_a_solo_match_against_samael_to_the_end(
    twin: DiscordTwin, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config, channel, (alice,) = tabletop(twin, tmp_path, ["alice"])
    bot = ArbiterBot(config, db_path=tmp_path / "solo.db")
    async with running(bot, twin):
        await twin.slash(alice, channel, "ascension new", {"mode": "solo"})
        started = await twin.slash(alice, channel, "ascension start")
        assert started.ephemeral, started.content
        no_pictures(monkeypatch)
        table = Table(twin, bot, channel, {0: alice}, random.Random(5))
        record = await table.play_to_the_end(STEP_CAP)
        await bot.service.settled()
        assert {"play all", "buy", "defeat", "end", "button"} <= set(table.counts)
        # A turn's story longer than one message goes on in a thread under it.
        told = [*table.boards(), *(m for th in twin.threads(channel) for m in twin.channel_messages(th))]
        said = "\n".join(m.content for m in told)
        assert "Samael sets" in said or "Samael defeats" in said
        assert "The game is over: you have" in table.boards()[-1].content
        assert record.result is not None
    twin.assert_clean()


async def test_a_four_player_match_with_bot_seats_to_the_end(
    twin: DiscordTwin, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config, channel, (alice,) = tabletop(twin, tmp_path, ["alice"])
    bot = ArbiterBot(config, db_path=tmp_path / "four.db")
    async with running(bot, twin):
        opened = await twin.slash(alice, channel, "ascension new", {"bots": 3, "bot": "greedy"})
        assert not opened.ephemeral, opened.content
        no_pictures(monkeypatch)
        await twin.slash(alice, channel, "ascension start")
        record = await bot.service.find(match_id=1)
        assert len(record.seated()) == 4
        table = Table(twin, bot, channel, {0: alice}, random.Random(8), typed_share=0.2)
        record = await table.play_to_the_end(STEP_CAP)
        assert record.result is not None and len(record.result["scores"]) == 4
        assert "Greedy bot" in "\n".join(m.content for m in table.boards())
    twin.assert_clean()

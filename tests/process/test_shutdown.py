"""SIGTERM and SIGINT stop the bot cleanly (issue #14, item 10).

Moves under way commit before the database closes, the instance lock is released, and the exit
status is 0, so a service manager sees a normal stop.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from app.config import Config
from app.instance import InstanceLock
from app.rendering import PillowRenderer
from app.service import MatchService
from cogs.client import ArbiterBot
from db.records import MatchChange, MatchRecord
from db.sqlite import SqliteStore
from tests.fakes import RecordingDelivery
from tests.fixtures.trial_game import TRIAL
from tests.twin.server import DiscordTwin

from .processes import ROOT, TIMEOUT, TWIN_SITE, write_config

CHANNEL, ALICE, BOB = 5, 1, 2


async def _started_trial(service: MatchService) -> MatchRecord:
    await service.new_match(game_name=TRIAL.name, options={}, guild_id=9, channel_id=CHANNEL, user_id=ALICE, seed=4)
    await service.join(channel_id=CHANNEL, user_id=BOB)
    return await service.start(channel_id=CHANNEL, user_id=ALICE, seat_order="join")


async def test_close_waits_for_a_move_in_flight_to_commit(tmp_path: Path) -> None:
    db = tmp_path / "arbiter.db"
    bot = ArbiterBot(Config(base_dir=tmp_path), db_path=db, allow_unoffered_games=True)
    store = await SqliteStore.open(db)
    bot.service = MatchService(store, RecordingDelivery(), PillowRenderer(), allow_unoffered_games=True)
    try:
        await _moved_during_close(bot, store, db)
    finally:
        await bot.close()  # a second close (as discord.py's context manager makes) is harmless


async def _moved_during_close(bot: ArbiterBot, store: SqliteStore, db: Path) -> None:
    record = await _started_trial(bot.service)

    # Hold the move between its read and its write, as a slow disk or a busy database would.
    reached_write, may_write = asyncio.Event(), asyncio.Event()
    write = store.apply_change

    async def held_write(match_id: int, change: MatchChange, now: str) -> MatchRecord:
        reached_write.set()
        await may_write.wait()
        return await write(match_id, change, now)

    store.apply_change = held_write  # type: ignore[method-assign]
    move = asyncio.create_task(bot.service.act(user_id=ALICE, action="bid 1", match_id=record.id))
    await asyncio.wait_for(reached_write.wait(), 5)
    closing = asyncio.create_task(bot.close())
    await asyncio.sleep(0.2)
    assert not closing.done()  # the close waits for the move
    may_write.set()
    result = await asyncio.wait_for(move, 5)
    await asyncio.wait_for(closing, 5)

    reopened = await SqliteStore.open(db)
    try:
        saved = await reopened.get_match(record.id)
        assert saved is not None and saved.version == record.version + 1 == result.record.version
        assert [e.notation for e in await reopened.log_entries(record.id)][-1] == "bid 1"
    finally:
        await reopened.close()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_stops_the_running_bot_with_status_0(tmp_path: Path, signum: signal.Signals) -> None:
    db = tmp_path / "data" / "arbiter.db"
    async with DiscordTwin() as twin:
        guild = twin.add_guild("Tabletop")
        channel = twin.add_text_channel(guild, "games")
        alice = twin.add_user("alice")
        twin.add_member(guild, alice)
        config = write_config(tmp_path, db, discord={"dev_guild_id": guild, "guild_ready_timeout": 0.05})
        env = {
            "DISCORD_TOKEN": twin.token,
            "PYTHONPATH": str(TWIN_SITE),
            "ARBITER_TWIN_URL": twin.base_url,
            "ARBITER_TWIN_GUILD_READY_TIMEOUT": "0.05",
        }
        child = await asyncio.create_subprocess_exec(
            sys.executable,
            str(ROOT / "bot.py"),
            "--config",
            str(config),
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        try:
            await twin.wait_connected(timeout=TIMEOUT)
            await twin.wait_commands("match", guild_id=guild, timeout=TIMEOUT)
            opened = await twin.slash(alice, channel, "codex new")
            assert "opened a table" in opened.content
            held = InstanceLock(db)
            assert not held.acquire()  # the running bot holds it
            child.send_signal(signum)
            output, _ = await asyncio.wait_for(child.communicate(), TIMEOUT)
        finally:
            if child.returncode is None:
                child.kill()
                await child.wait()
    text = output.decode()
    assert child.returncode == 0, text
    assert "Traceback" not in text and " ERROR " not in text, text
    assert f"{signum.name} received" in text
    lock = InstanceLock(db)
    assert lock.acquire()
    lock.release()
    store = await SqliteStore.open(db)  # closed cleanly: it opens, and the match is there
    try:
        assert (await store.live_match_in_channel(channel)) is not None
    finally:
        await store.close()

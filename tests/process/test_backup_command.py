"""`python bot.py backup PATH` while the bot runs: no instance lock needed, the WAL's commits included."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from app.instance import InstanceLock
from db.sqlite import SqliteStore

from .processes import bot_py, write_config


async def test_backup_while_the_bot_holds_the_database(tmp_path: Path) -> None:
    db = tmp_path / "data" / "arbiter.db"
    config = write_config(tmp_path, db)
    await (await SqliteStore.open(db)).close()
    running = InstanceLock(db)
    assert running.acquire()  # as the bot holds it
    store = await SqliteStore.open(db)
    try:
        record = await store.create_match(
            game="codex", options={}, guild_id=None, channel_id=3, creator_id=1, seed=1, now="2026-01-01T00:00:00"
        )
        target = tmp_path / "copy.db"
        done = await asyncio.to_thread(bot_py, "--config", str(config), "backup", str(target))
        assert done.returncode == 0, done.stderr
        assert f"Backed up {db} to {target}" in done.stdout
        with sqlite3.connect(target) as copy:
            assert copy.execute("SELECT id, channel_id FROM matches").fetchall() == [(record.id, 3)]
        copy.close()

        again = await asyncio.to_thread(bot_py, "--config", str(config), "backup", str(target))
        assert again.returncode == 1 and "already exists" in again.stderr and "--force" in again.stderr

        folder = tmp_path / "saved"
        folder.mkdir()
        into = await asyncio.to_thread(bot_py, "--config", str(config), "backup", str(folder))
        assert into.returncode == 0, into.stderr
        [dated] = folder.glob("arbiter-*.db")
        assert dated.stat().st_size == target.stat().st_size
    finally:
        await store.close()
        running.release()

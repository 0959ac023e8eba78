"""Backups (issue #14, item 11): a consistent copy of the live database, a timed series, and a restore."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.backup import backup_name, backups_forever, next_due, series, take_backup
from app.config import BackupConfig, Config, ConfigError, load_config
from cogs.client import ArbiterBot
from db.backup import copy_database
from db.repository import MatchRepository
from db.sqlite import SqliteStore

NOW = "2026-01-01T00:00:00.000+00:00"
T0 = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)


async def _match(store: MatchRepository, channel: int) -> int:
    record = await store.create_match(
        game="trial", options={}, guild_id=None, channel_id=channel, creator_id=1, seed=1, now=NOW
    )
    return record.id


def _match_ids(path: Path) -> list[int]:
    conn = sqlite3.connect(path)
    try:
        return [row[0] for row in conn.execute("SELECT id FROM matches ORDER BY id")]
    finally:
        conn.close()


async def _store_with_a_write_in_the_wal(db: Path) -> tuple[SqliteStore, int]:
    """An open store whose last commit is only in the -wal file, as while the bot runs."""
    await (await SqliteStore.open(db)).close()  # the schema is checkpointed into the main file
    store = await SqliteStore.open(db)
    match_id = await _match(store, channel=1)
    assert db.with_name(db.name + "-wal").stat().st_size > 0
    return store, match_id


async def test_a_backup_holds_a_write_still_in_the_wal(tmp_path: Path) -> None:
    db = tmp_path / "arbiter.db"
    store, match_id = await _store_with_a_write_in_the_wal(db)
    try:
        shutil.copyfile(db, tmp_path / "naive.db")
        assert _match_ids(tmp_path / "naive.db") == []  # copying the file alone misses the commit
        copy_database(db, tmp_path / "backups" / "copy.db")
        assert _match_ids(tmp_path / "backups" / "copy.db") == [match_id]
        assert not (tmp_path / "backups" / "copy.db.part").exists()
        assert await store.get_match(match_id) is not None  # the live store went on working
    finally:
        await store.close()


async def test_the_documented_restore_brings_the_backup_back(tmp_path: Path) -> None:
    db = tmp_path / "arbiter.db"
    store, kept = await _store_with_a_write_in_the_wal(db)
    backup = tmp_path / "backups" / "before.db"
    try:
        copy_database(db, backup)
        lost = await _match(store, channel=2)  # a change after the backup
    finally:
        await store.close()  # 1. stop the bot
    shutil.copyfile(backup, db)  # 2. copy the backup over arbiter.db
    for leftover in ("-wal", "-shm"):  # 3. remove the -wal and -shm files
        db.with_name(db.name + leftover).unlink(missing_ok=True)
    restored = await SqliteStore.open(db)  # 4. start
    try:
        record = await restored.get_match(kept)
        assert record is not None and record.channel_id == 1
        assert await restored.get_match(lost) is None
    finally:
        await restored.close()


def test_timed_backups_keep_only_the_newest(tmp_path: Path) -> None:
    db = tmp_path / "arbiter.db"
    asyncio.run(_fresh(db))
    folder = tmp_path / "backups"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    taken = [take_backup(db, folder, T0 + timedelta(hours=h), keep=3) for h in range(6)]
    assert series(folder) == taken[-3:]
    assert sorted(p.name for p in folder.iterdir()) == sorted([*(p.name for p in taken[-3:]), "notes.txt"])
    assert all(_match_ids(p) == [] for p in series(folder))  # each is a whole database


async def _fresh(db: Path) -> None:
    await (await SqliteStore.open(db)).close()


def test_the_next_backup_is_due_a_period_after_the_newest(tmp_path: Path) -> None:
    every = timedelta(hours=6)
    assert next_due(tmp_path, every, T0) == T0  # none yet: at once
    (tmp_path / backup_name(T0 - timedelta(hours=2))).write_bytes(b"")
    assert next_due(tmp_path, every, T0) == T0 + timedelta(hours=4)
    (tmp_path / backup_name(T0 + timedelta(days=3))).write_bytes(b"")  # a clock that went back
    assert next_due(tmp_path, every, T0) == T0 + every


async def test_the_running_bot_takes_timed_backups_and_stops_with_them(tmp_path: Path) -> None:
    db = tmp_path / "arbiter.db"
    config = Config(base_dir=tmp_path, backup=BackupConfig(every_hours=1, keep=2, dir=Path("saved")))
    bot = ArbiterBot(config, db_path=db)
    await bot.open_storage()
    try:
        match_id = await _match(bot.service.repo, channel=1)
        await bot.on_ready()
        for _ in range(100):
            if series(tmp_path / "saved"):
                break
            await asyncio.sleep(0.05)
        [first] = series(tmp_path / "saved")  # one at start; the next is due in an hour
        assert _match_ids(first) == [match_id]
    finally:
        await asyncio.wait_for(bot.close(), 5)  # the hour-long wait ends at once


async def test_the_loop_ends_when_told_to_stop(tmp_path: Path) -> None:
    db = tmp_path / "arbiter.db"
    await _fresh(db)
    config = Config(base_dir=tmp_path, backup=BackupConfig(every_hours=24, dir=Path("b")))
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / backup_name(datetime.now(UTC))).write_bytes(b"")  # just taken: none due
    stop = asyncio.Event()
    loop = asyncio.create_task(backups_forever(config, db, stop))
    await asyncio.sleep(0.1)
    stop.set()
    await asyncio.wait_for(loop, 2)
    assert len(series(tmp_path / "b")) == 1


def test_the_backup_settings(tmp_path: Path) -> None:
    shipped = load_config()
    assert (shipped.backup.every_hours, shipped.backup.keep, shipped.backup.dir) == (0, 7, Path("backups"))
    assert shipped.play.keep_boards == 50
    path = tmp_path / "config.toml"
    path.write_text("[backup]\nevery_hours = 0.001\n")
    with pytest.raises(ConfigError, match=r"`backup.every_hours`.*use 0 to turn timed backups off"):
        load_config(path)

"""Backups: `python bot.py backup PATH` by hand, and a timed series kept by the running bot.

Backups are named by the UTC moment they were taken, so the names sort by age and a restarted bot
knows from the folder when the next one is due.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TextIO

from app.clock import Clock, utc_now
from app.config import Config
from app.stopping import rest
from db.backup import BackupFailed, copy_database

log = logging.getLogger(__name__)

_STAMP = "%Y%m%d-%H%M%S"
PREFIX = "arbiter-"
SUFFIX = ".db"
RETRY_AFTER = timedelta(hours=1)
"""After a failed timed backup, the longest wait before the next try."""


def backup_name(moment: datetime) -> str:
    return f"{PREFIX}{moment.astimezone(UTC).strftime(_STAMP)}{SUFFIX}"


def _taken_at(path: Path) -> datetime | None:
    stamp = path.name.removeprefix(PREFIX).removesuffix(SUFFIX)
    try:
        return datetime.strptime(stamp, _STAMP).replace(tzinfo=UTC)
    except ValueError:
        return None


def series(folder: Path) -> list[Path]:
    """The timed backups in `folder`, oldest first. Other files there are never touched."""
    if not folder.is_dir():
        return []
    found = [p for p in folder.glob(f"{PREFIX}*{SUFFIX}") if p.is_file() and _taken_at(p) is not None]
    return sorted(found, key=lambda p: p.name)


def prune(folder: Path, keep: int) -> list[Path]:
    """Delete all but the newest `keep` backups; returns what was deleted."""
    old = series(folder)[:-keep] if keep > 0 else series(folder)
    for path in old:
        path.unlink(missing_ok=True)
    return old


def take_backup(database: Path, folder: Path, now: datetime, keep: int) -> Path:
    """One timed backup of `database` into `folder`, then only the newest `keep` are kept."""
    target = folder / backup_name(now)
    copy_database(database, target)
    prune(folder, keep)
    return target


def next_due(folder: Path, every: timedelta, now: datetime) -> datetime:
    """When the next timed backup is due: `every` after the newest one, or now if there is none."""
    found = series(folder)
    last = _taken_at(found[-1]) if found else None
    return now if last is None else min(last + every, now + every)


async def backups_forever(config: Config, database: Path, stop: asyncio.Event, clock: Clock = utc_now) -> None:
    """Take a backup whenever one is due until `stop` is set. A failure is logged and tried again later."""
    every = timedelta(hours=config.backup.every_hours)
    folder = config.resolve(config.backup.dir)
    while not stop.is_set():
        wait = (next_due(folder, every, clock()) - clock()).total_seconds()
        if wait <= 0:
            try:
                path = await asyncio.to_thread(take_backup, database, folder, clock(), config.backup.keep)
                log.info("backed up the database to %s", path)
                continue
            except Exception:
                log.exception("the timed backup to %s failed; it is tried again later", folder)
                wait = min(every, RETRY_AFTER).total_seconds()
        await rest(stop, wait)


def backup_command(config: Config, target: Path, *, force: bool, out: TextIO, err: TextIO) -> int:
    """`python bot.py backup PATH`: PATH is a file to write, or a folder to write a dated file into."""
    if target.is_dir():
        target = target / backup_name(utc_now())
    if target.exists() and not force:
        err.write(f"{target} already exists; choose another path, or add --force to replace it.\n")
        return 1
    database = config.database_path
    try:
        copy_database(database, target, busy_timeout_ms=config.database.busy_timeout_ms)
    except BackupFailed as failed:
        err.write(f"{failed}\n")
        return 1
    size = target.stat().st_size
    out.write(f"Backed up {database} to {target} ({size:,} bytes).\n")
    return 0

"""A consistent copy of a live database through SQLite's online backup API.

Copying the file alone is not enough: in WAL mode the latest commits may still sit in the -wal file.
The backup API reads through SQLite, so the copy holds every committed change, and it needs no lock
beyond a moment's read: the bot keeps running meanwhile.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

from db.health import check_database
from db.records import StorageError


class BackupFailed(StorageError):
    """The copy could not be written; the message names the target and the reason."""


def copy_database(source: Path, target: Path, *, busy_timeout_ms: int = 5000) -> None:
    """Write a copy of `source` to `target` (replacing it), whole or not at all."""
    # Any schema is worth saving, even one newer than this version knows; a damaged file is not.
    check_database(source, newest_schema=2**31, writable=False, busy_timeout_ms=busy_timeout_ms)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BackupFailed(
            f"Could not create the folder for the backup {target.absolute()}: {error.strerror}."
        ) from None
    partial = target.with_name(target.name + ".part")
    partial.unlink(missing_ok=True)
    try:
        with closing(sqlite3.connect(f"{source.resolve().as_uri()}?mode=rw", uri=True)) as src:
            src.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            with closing(sqlite3.connect(partial)) as dst:
                # One step (pages=-1): the copy is a single snapshot, never a mix of before and after a write.
                src.backup(dst)
    except sqlite3.Error as error:
        # The source passed its check just now, so this is almost always the target's side (disk, folder).
        partial.unlink(missing_ok=True)
        raise BackupFailed(f"Could not write the backup {target.absolute()}: SQLite reports: {error}.") from None
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    os.replace(partial, target)

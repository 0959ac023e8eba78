"""Whether a database file can be used, and if not, one message naming the file and what to do.

Every command that opens the database checks it here first, so a damaged, read-only or too-new file
stops the program at once with that message instead of failing (or hanging) half-way through.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from db.records import StorageError

RESTORE = "Restore a backup (see docs/operations.md), or move the file aside to start with an empty database."
WRITABLE = (
    "Let the user running Arbiter write the file and create files in its folder, "
    "or set `database.path` in config.toml to a writable place."
)


class UnusableDatabase(StorageError):
    """The database cannot be used as it is. `str()` is the whole message for the person running Arbiter."""

    def __init__(self, path: Path | str, problem: str, advice: str) -> None:
        self.path = Path(path).absolute()
        super().__init__(f"Cannot use the database {self.path}: {problem}. {advice}")
        self.problem = problem
        self.advice = advice


def explain(path: Path | str, error: sqlite3.Error) -> UnusableDatabase:
    """What SQLite's error means for the person running Arbiter."""
    code = getattr(error, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    if primary == sqlite3.SQLITE_NOTADB:
        return UnusableDatabase(path, "it is not an SQLite database (damaged, or some other kind of file)", RESTORE)
    if primary == sqlite3.SQLITE_CORRUPT:
        return UnusableDatabase(path, "it is damaged (corrupt, or cut short)", RESTORE)
    if primary in {sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_AUTH}:
        return UnusableDatabase(path, "it cannot be opened for writing (read-only, or not a file)", WRITABLE)
    if primary == sqlite3.SQLITE_FULL:
        return UnusableDatabase(path, "the disk is full", "Free some space, then start Arbiter again.")
    if primary in {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}:
        return UnusableDatabase(
            path, "another program keeps it locked", "Stop the program holding it (another Arbiter?) and try again."
        )
    return UnusableDatabase(path, f"SQLite reports: {error}", RESTORE)


def check_database(path: Path, *, newest_schema: int, writable: bool, busy_timeout_ms: int = 5000) -> None:
    """Raise UnusableDatabase unless `path` is a whole SQLite database this version can use.

    A missing file is fine when `writable` (it will be created); a read-only check needs the file.
    The integrity check reads every page, so a file cut short is found now and not at some later move.
    """
    mode = "rwc" if writable else "rw"  # "rw" never creates; "ro" would leave -wal and -shm behind
    if not writable and not path.is_file():
        raise UnusableDatabase(path, "there is no such file", "Check the path (`database.path` in config.toml).")
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True)) as conn:
            conn.isolation_level = None
            conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            verdict = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
            if verdict != "ok":
                raise UnusableDatabase(path, f"it is damaged (SQLite's check says: {verdict})", RESTORE)
            schema = int(conn.execute("PRAGMA user_version").fetchone()[0])
            if schema > newest_schema:
                raise UnusableDatabase(
                    path,
                    f"it was written by a newer Arbiter (database schema {schema}; this version knows up to "
                    f"{newest_schema})",
                    "Run that newer version, or restore a backup made by this one (see docs/operations.md).",
                )
            if writable:
                # Opening a read-only file succeeds and BEGIN IMMEDIATE does too: only a real write
                # (rolled back at once) shows that the first move would fail.
                conn.execute("BEGIN IMMEDIATE")
                try:
                    conn.execute(f"PRAGMA user_version = {schema}")
                finally:
                    conn.execute("ROLLBACK")
    except sqlite3.Error as error:
        raise explain(path, error) from None
    except OSError as error:
        raise UnusableDatabase(path, f"it cannot be read ({error.strerror})", WRITABLE) from None

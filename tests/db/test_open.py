"""Opening a database that cannot be used (issue #14, item 6): one message, and no thread left running.

An aiosqlite connection runs in its own non-daemon thread; when a setup statement failed it was never
closed, so the process printed a traceback and then could not exit.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

import pytest

from db.health import UnusableDatabase
from db.sqlite import SqliteStore
from tests.process.processes import UNUSABLE


def _connection_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if "connection_worker" in t.name]


# Read-only files are tested in tests/process, where the child runs without root's override.
@pytest.mark.parametrize("kind", ["corrupt", "truncated", "newer schema"])
def test_an_unusable_file_is_named_and_explained(tmp_path: Path, kind: str) -> None:
    make, says = UNUSABLE[kind]
    db = tmp_path / "arbiter.db"
    make(db)
    before = _connection_threads()
    with pytest.raises(UnusableDatabase) as refused:
        asyncio.run(SqliteStore.open(db))
    assert str(refused.value).startswith(f"Cannot use the database {db}: ")
    assert says in str(refused.value) and "docs/operations.md" in str(refused.value)
    assert _connection_threads() == before


def test_a_failed_setup_statement_closes_the_connection_thread(tmp_path: Path) -> None:
    db = tmp_path / "arbiter.db"
    with sqlite3.connect(db) as conn:  # a table of the first migration, in a file that says it has none
        conn.execute("CREATE TABLE matches (x)")
    conn.close()
    before = _connection_threads()
    with pytest.raises(UnusableDatabase, match="table matches already exists"):
        asyncio.run(SqliteStore.open(db))
    assert _connection_threads() == before

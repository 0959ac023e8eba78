"""An unusable database stops every command at once with one message naming the file (issue #14, item 6).

Before, a damaged file printed a traceback and the process never exited: the aiosqlite thread stayed
open after a setup statement failed. Each case runs `python bot.py` as a child with a timeout.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from app.instance import InstanceLock

from .processes import UNUSABLE, bot_py, offline_discord, write_config


def _assert_refused(done, database: Path, says: str) -> None:
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert str(database) in done.stderr, done.stderr
    assert says in done.stderr, done.stderr
    assert "docs/operations.md" in done.stderr or "writable" in done.stderr
    assert "Traceback" not in output, output
    # One message; besides it at most discord.py's own start-up log lines (voice support missing).
    ours = [line for line in done.stderr.splitlines() if line.strip() and " discord." not in line]
    assert len(ours) == 1, done.stderr


@pytest.mark.parametrize("kind", sorted(UNUSABLE))
def test_the_bot_stops_before_connecting(tmp_path: Path, kind: str) -> None:
    make, says = UNUSABLE[kind]
    database = tmp_path / "data" / "arbiter.db"
    make(database)
    config = write_config(tmp_path, database)
    done = bot_py("--config", str(config), env=offline_discord(), as_plain_user=True)
    _assert_refused(done, database, says)
    assert "logging in" not in done.stderr  # refused before any attempt to reach Discord
    lock = InstanceLock(database)
    assert lock.acquire()  # the instance lock was not left behind
    lock.release()


@pytest.mark.parametrize("kind", sorted(UNUSABLE))
def test_scenario_dump_stops(tmp_path: Path, kind: str) -> None:
    make, says = UNUSABLE[kind]
    database = tmp_path / "arbiter.db"
    make(database)
    config = write_config(tmp_path, database)
    done = bot_py("--config", str(config), "scenario", "dump", "1", "-o", "-", as_plain_user=True)
    _assert_refused(done, database, says)


@pytest.mark.parametrize("kind", sorted(UNUSABLE))
def test_play_stops(tmp_path: Path, kind: str) -> None:
    make, says = UNUSABLE[kind]
    database = tmp_path / "boards" / "codex" / "match.db"  # the local table's database for Codex
    make(database)
    config = write_config(tmp_path, tmp_path / "unused.db")
    done = bot_py("--config", str(config), "play", "codex", stdin="quit\n", as_plain_user=True)
    _assert_refused(done, database, says)
    lock = InstanceLock(database)
    assert lock.acquire()
    lock.release()


@pytest.mark.parametrize("kind", ["corrupt", "truncated"])
def test_backup_refuses_a_damaged_source(tmp_path: Path, kind: str) -> None:
    make: Callable[[Path], None]
    make, says = UNUSABLE[kind]
    database = tmp_path / "arbiter.db"
    make(database)
    config = write_config(tmp_path, database)
    done = bot_py("--config", str(config), "backup", str(tmp_path / "copy.db"))
    _assert_refused(done, database, says)
    assert not (tmp_path / "copy.db").exists()
    assert not (tmp_path / "copy.db.part").exists()

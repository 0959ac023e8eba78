"""Running `python bot.py ...` as a child process, and database files of every unusable kind."""

from __future__ import annotations

import asyncio
import ctypes
import os
import random
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from db.sqlite import SqliteStore

ROOT = Path(__file__).resolve().parents[2]
TWIN_SITE = ROOT / "tests" / "twin"
TIMEOUT = 60
"""Seconds a child may take: a hang fails the test instead of stalling the run."""

PR_CAPBSET_DROP = 24
CAP_DAC_OVERRIDE = 1


def bot_py(
    *args: str, env: dict[str, str] | None = None, stdin: str = "", as_plain_user: bool = False
) -> subprocess.CompletedProcess[str]:
    """`python bot.py ARGS` to completion. `as_plain_user`: without root's power to write read-only files."""
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
        input=stdin,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        preexec_fn=_without_dac_override if as_plain_user and os.geteuid() == 0 else None,
    )


def _without_dac_override() -> None:
    """In the child before exec: root keeps its uid but, like everyone else, can no longer write a 0444 file."""
    if ctypes.CDLL(None, use_errno=True).prctl(PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "cannot drop CAP_DAC_OVERRIDE for the read-only test")


def offline_discord(token: str = "not-a-real-token") -> dict[str, str]:
    """Environment pointing discord.py at a closed port on 127.0.0.1: any attempt to connect fails locally."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return {
        "DISCORD_TOKEN": token,
        "PYTHONPATH": str(TWIN_SITE),
        "ARBITER_TWIN_URL": f"http://127.0.0.1:{port}",
    }


def write_config(folder: Path, database: Path, **sections: dict[str, object]) -> Path:
    lines = ["[database]", f'path = "{database}"', "[play]", f'boards_dir = "{folder / "boards"}"']
    for name, keys in sections.items():
        lines.append(f"[{name}]")
        lines.extend(
            f"{key} = {value!r}" if not isinstance(value, str) else f'{key} = "{value}"' for key, value in keys.items()
        )
    path = folder / "config.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def good_database(path: Path, matches: int = 40) -> Path:
    """A real, migrated database with some matches in it, closed cleanly."""

    async def fill() -> None:
        store = await SqliteStore.open(path)
        try:
            for channel in range(matches):
                await store.create_match(
                    game="codex",
                    options={"note": "x" * 2000},
                    guild_id=None,
                    channel_id=channel + 1,
                    creator_id=1,
                    seed=channel,
                    now="2026-01-01T00:00:00.000+00:00",
                )
        finally:
            await store.close()

    path.parent.mkdir(parents=True, exist_ok=True)
    asyncio.run(fill())
    return path


def corrupt(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(random.Random(7).randbytes(16_384))


def truncated(path: Path) -> None:
    good_database(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def read_only(path: Path) -> None:
    good_database(path)
    path.chmod(0o444)


def newer_schema(path: Path) -> None:
    import sqlite3

    good_database(path)
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 99")
    conn.close()


UNUSABLE: dict[str, tuple[Callable[[Path], None], str]] = {
    "corrupt": (corrupt, "not an SQLite database"),
    "truncated": (truncated, "damaged"),
    "read-only": (read_only, "cannot be opened for writing"),
    "newer schema": (newer_schema, "newer Arbiter (database schema 99"),
}
"""Each kind of unusable file: how to make it, and what the message must say about it."""

"""`python bot.py play GAME` keeps one database per game and resumes its unfinished match (issue #14, item 12)."""

from __future__ import annotations

from pathlib import Path

from app.instance import InstanceLock

from .processes import bot_py, write_config


def test_play_resumes_then_new_starts_fresh(tmp_path: Path) -> None:
    config = str(write_config(tmp_path, tmp_path / "unused.db"))
    folder = tmp_path / "boards" / "codex"

    first = bot_py("--config", config, "play", "codex", "--seed", "1", stdin="end\nquit\n")
    assert first.returncode == 0, first.stderr
    assert "Resuming" not in first.stdout and " played: end" in first.stdout

    again = bot_py("--config", config, "play", "codex", stdin="quit\n")
    assert again.returncode == 0, again.stderr
    assert "Resuming match #1 from " in again.stdout and " to move; `--new` starts a fresh one" in again.stdout
    # Where the first sitting left it: the board shown is the one after p1's `end`.
    [after_end] = [line for line in first.stdout.splitlines() if line.startswith("[board image:")][-1:]
    assert after_end in again.stdout
    assert (folder / "match.db").is_file() and [p.name for p in tmp_path.glob("boards/*")] == ["codex"]

    fresh = bot_py("--config", config, "play", "codex", "--new", stdin="quit\n")
    assert fresh.returncode == 0, fresh.stderr
    assert "Match #1 was left unfinished; it is set aside." in fresh.stdout
    assert "Resuming" not in fresh.stdout and "players at one keyboard" in fresh.stdout


def test_a_second_terminal_on_the_same_game_is_refused(tmp_path: Path) -> None:
    config = str(write_config(tmp_path, tmp_path / "unused.db"))
    database = tmp_path / "boards" / "codex" / "match.db"
    other = InstanceLock(database)
    assert other.acquire()
    try:
        done = bot_py("--config", config, "play", "codex", stdin="quit\n")
    finally:
        other.release()
    assert done.returncode == 1
    assert f"Another `python bot.py play codex` is using {database}; finish that one first." in done.stderr

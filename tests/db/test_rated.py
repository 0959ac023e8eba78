"""The `rated` mark of a match: stored explicitly, and false for matches started from a scenario file."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from db.sqlite import SqliteStore, migrations


async def test_a_match_is_rated_unless_it_starts_from_a_file(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "a.db")
    try:
        made = {"game": "trial", "options": {}, "guild_id": 9, "creator_id": 1, "seed": 1, "now": "t"}
        normal = await store.create_match(channel_id=1, **made)
        puzzle = await store.create_match(channel_id=2, scenario='game = "trial"', rated=False, **made)
        assert (normal.rated, puzzle.rated) == (True, False)
        assert [(await store.get_match(r.id)).rated for r in (normal, puzzle)] == [True, False]  # type: ignore[union-attr]
    finally:
        await store.close()


async def test_the_rated_mark_survives_a_reopen_and_older_scenario_matches_become_unrated(tmp_path: Path) -> None:
    """Migration 004 adds the column: matches from a file made before it are marked unrated too."""
    rated = next(number for number, sql in migrations() if "ADD COLUMN rated" in sql)
    path = tmp_path / "old.db"
    async with aiosqlite.connect(path) as conn:
        for number, sql in migrations():
            if number < rated:
                await conn.executescript(sql)
        await conn.execute(f"PRAGMA user_version = {rated - 1}")
        insert = (
            "INSERT INTO matches (game, options, channel_id, creator_id, status, seed, version, created_at, "
            "updated_at, scenario) VALUES ('trial', '{}', ?, 1, 'lobby', 1, 1, 'x', 'x', ?)"
        )
        await conn.execute(insert, [500, None])
        await conn.execute(insert, [501, 'game = "trial"'])
        await conn.commit()
    store = await SqliteStore.open(path)
    try:
        assert [(await store.get_match(i)).rated for i in (1, 2)] == [True, False]  # type: ignore[union-attr]
    finally:
        await store.close()

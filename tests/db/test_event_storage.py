"""Storage of events and ratings: an append-only history that refuses a writer who read an old one,
pairing rows filled in once, and a match rated at most once."""

from __future__ import annotations

from pathlib import Path

import pytest

from db.ratings import RatedRow, RatingChange, SqliteRatings
from db.sqlite import SqliteStore
from db.tournaments import NewRecord, SqliteTournaments, StaleHistory


@pytest.fixture
async def store(tmp_path: Path):
    opened = await SqliteStore.open(tmp_path / "s.db")
    yield opened
    await opened.close()


async def event(store: SqliteStore) -> tuple[SqliteTournaments, int]:
    events = SqliteTournaments(store)
    row = await events.create_tournament(
        guild_id=1, channel_id=2, creator_id=3, name="Cup", game="trial", settings={"a": 1}, config={"b": 2}, now="t0"
    )
    return events, row.id


async def test_the_history_only_grows_and_refuses_a_stale_writer(store: SqliteStore) -> None:
    events, tid = await event(store)
    assert (
        await events.append(
            tid, 0, [NewRecord("registered", {"x": 1}), NewRecord("registered", {"x": 2})], user_id=5, now="t1"
        )
        == 2
    )
    with pytest.raises(StaleHistory):
        await events.append(tid, 1, [NewRecord("registered", {"x": 3})], user_id=6, now="t2")
    last = await events.append(
        tid,
        2,
        [NewRecord("round_paired", {"r": 1})],
        user_id=None,
        now="t3",
        status="running",
        new_matches=[("r1m1", 1)],
    )
    assert last == 3
    history = await events.records(tid)
    assert [(r.seq, r.kind, r.data, r.user_id) for r in history] == [
        (1, "registered", {"x": 1}, 5),
        (2, "registered", {"x": 2}, 5),
        (3, "round_paired", {"r": 1}, None),
    ]
    row = await events.get_tournament(tid)
    assert row is not None and (row.status, row.updated_at, row.settings) == ("running", "t3", {"a": 1})
    assert [r.id for r in await events.tournaments(guild_id=1, open_only=True)] == [tid]


async def test_a_pairing_row_is_made_once_and_its_thread_and_match_set_once(store: SqliteStore) -> None:
    events, tid = await event(store)
    await events.add_event_matches(tid, [("r1m1", 1), ("r1m2", 1)], "t1")
    await events.add_event_matches(tid, [("r1m1", 1)], "t2")  # a retry after a crash changes nothing
    match = await store.create_match(game="trial", options={}, guild_id=1, channel_id=77, creator_id=3, seed=1, now="t")
    await events.set_thread(tid, "r1m1", 77)
    await events.set_thread(tid, "r1m1", 78)  # a second thread never replaces the first
    await events.set_match(tid, "r1m1", match.id)
    rows = await events.event_matches(tid)
    assert [(r.pairing_id, r.thread_id, r.match_id, r.created_at) for r in rows] == [
        ("r1m1", 77, match.id, "t1"),
        ("r1m2", None, None, "t1"),
    ]
    assert (await events.event_match_of(match.id)).pairing_id == "r1m1"  # type: ignore[union-attr]
    assert (await events.event_match_in_thread(77)).pairing_id == "r1m1"  # type: ignore[union-attr]
    await events.set_noticed(tid, "r1m2", "deadline x")
    assert (await events.event_matches(tid))[1].noticed == "deadline x"


async def test_a_match_is_rated_once(store: SqliteStore) -> None:
    ratings = SqliteRatings(store)
    match = await store.create_match(game="trial", options={}, guild_id=1, channel_id=5, creator_id=3, seed=1, now="t")
    row = RatedRow(match.id, "trial", "standard", 1, [[3], [4]], [1, 2], "t1")
    first = [RatingChange(3, 25, 8, 27, 7, 1), RatingChange(4, 25, 8, 23, 7, 1)]
    assert await ratings.record_rated(row, first)
    again = [RatingChange(3, 27, 7, 29, 6, 2), RatingChange(4, 23, 7, 21, 6, 2)]
    assert not await ratings.record_rated(row, again)
    stored = await ratings.ratings_of("trial", "standard", [3, 4])
    assert (stored[3].mu, stored[3].matches, stored[4].mu) == (27, 1, 23)
    assert [h.match_id for h in await ratings.history(3, "trial")] == [match.id]
    assert await ratings.ladders() == [("trial", "standard", 1)]
    board = await ratings.leaderboard("trial", "standard", guild_id=1, provisional_below=5, limit=10)
    assert [r.user_id for r in board] == [3, 4]
    assert await ratings.leaderboard("trial", "standard", guild_id=2, provisional_below=5, limit=10) == []

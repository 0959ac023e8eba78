"""Storage: migrations from zero, version-checked saves, one live match per channel, the outbox."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from db.records import ChannelBusy, LobbyLimits, LogEntry, MatchChange, StaleVersion, TooManyLobbies
from db.sqlite import SqliteStore, migrations

NOW = "2026-01-01T00:00:00.000+00:00"


@pytest.fixture
async def store(tmp_path: Path):
    s = await SqliteStore.open(tmp_path / "t.db")
    yield s
    await s.close()


async def _new(store: SqliteStore, channel: int = 7, creator: int = 100):
    return await store.create_match(
        game="trial", options={"a": 1}, guild_id=1, channel_id=channel, creator_id=creator, seed=42, now=NOW
    )


async def test_migrations_from_zero_set_user_version_and_wal(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "fresh.db")
    try:
        assert await store.schema_version() == len(migrations())
        assert await store.migrate() == len(migrations())  # running again changes nothing
    finally:
        await store.close()
    raw = sqlite3.connect(tmp_path / "fresh.db")
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"matches", "match_seats", "match_actions", "players", "outbox"} <= tables
    raw.close()


async def test_create_match_records_creator_and_options(store: SqliteStore) -> None:
    record = await _new(store)
    assert record.status == "lobby"
    assert record.options == {"a": 1}
    assert record.version == 1
    assert [m.user_id for m in record.members] == [100]
    assert record.seat_of(100) is None


async def test_one_live_match_per_channel(store: SqliteStore) -> None:
    first = await _new(store)
    with pytest.raises(ChannelBusy):
        await _new(store)
    await store.apply_change(first.id, MatchChange(first.version, status="finished"), NOW)
    second = await _new(store)
    assert second.id != first.id
    assert (await store.live_match_in_channel(7)).id == second.id


async def test_stale_version_writes_nothing(store: SqliteStore) -> None:
    record = await _new(store)
    log = LogEntry(0, "action", 0, 100, ["x"], "x", [], "")
    await store.apply_change(record.id, MatchChange(record.version, snapshot={"n": 1}, snapshot_schema=1), NOW)
    with pytest.raises(StaleVersion):
        await store.apply_change(
            record.id,
            MatchChange(record.version, snapshot={"n": 2}, snapshot_schema=1, log=log, outbox_recipients=[0]),
            NOW,
        )
    after = await store.get_match(record.id)
    assert after.snapshot == {"n": 1} and after.version == 2
    assert await store.log_entries(record.id) == []
    assert await store.pending_outbox() == []


async def test_change_log_and_outbox_land_together(store: SqliteStore) -> None:
    record = await _new(store)
    record = await store.apply_change(record.id, MatchChange(record.version, add_member=200), NOW)
    record = await store.apply_change(
        record.id,
        MatchChange(
            record.version,
            snapshot={"s": 1},
            snapshot_schema=3,
            status="active",
            set_seats={100: 1, 200: 0},
            log=LogEntry(0, "start", None, 100, None, None, [{"kind": "seats", "data": {}}], ""),
            outbox_recipients=[0, 1],
        ),
        NOW,
    )
    assert record.status == "active" and record.snapshot_schema == 3
    assert record.user_at(0) == 200 and record.user_at(1) == 100
    entries = await store.log_entries(record.id)
    assert [(e.version, e.kind) for e in entries] == [(record.version, "start")]
    pending = await store.pending_outbox(record.id)
    assert [(p.version, p.recipients) for p in pending] == [(record.version, [0, 1])]
    await store.mark_delivered([p.id for p in pending], NOW)
    assert await store.pending_outbox() == []


async def test_failed_write_rolls_back_everything(store: SqliteStore) -> None:
    record = await _new(store)
    # Adding the creator again breaks the primary key after the version bump: all of it must roll back.
    with pytest.raises(sqlite3.IntegrityError):
        await store.apply_change(record.id, MatchChange(record.version, snapshot={"x": 1}, add_member=100), NOW)
    after = await store.get_match(record.id)
    assert after.version == record.version and after.snapshot is None


async def test_concurrent_saves_exactly_one_wins(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    stores = [await SqliteStore.open(path) for _ in range(4)]
    try:
        record = await _new(stores[0])

        async def attempt(s: SqliteStore, n: int) -> bool:
            try:
                await s.apply_change(record.id, MatchChange(record.version, snapshot={"by": n}, snapshot_schema=1), NOW)
                return True
            except StaleVersion:
                return False

        results = await asyncio.gather(*(attempt(s, i) for i, s in enumerate(stores)))
        assert results.count(True) == 1
        final = await stores[0].get_match(record.id)
        assert final.version == record.version + 1
        assert final.snapshot == {"by": results.index(True)}
    finally:
        for s in stores:
            await s.close()


async def test_list_matches_by_user_and_guild(store: SqliteStore) -> None:
    a = await _new(store, channel=1, creator=5)
    await _new(store, channel=2, creator=6)
    assert [r.id for r in await store.list_matches(user_id=5)] == [a.id]
    assert len(await store.list_matches(guild_id=1)) == 2
    assert await store.count_matches() == 2


async def test_dm_status_round_trip(store: SqliteStore) -> None:
    assert await store.dm_status(9) == (None, None)
    await store.set_dm_status(9, False, NOW)
    assert await store.dm_status(9) == (False, NOW)
    await store.set_dm_status(9, True, NOW)
    assert (await store.dm_status(9))[0] is True


async def test_latest_in_channel_prefers_the_live_match(store: SqliteStore) -> None:
    assert await store.latest_in_channel(7) is None
    first = await _new(store)
    await store.apply_change(first.id, MatchChange(first.version, status="finished"), NOW)
    assert (await store.latest_in_channel(7)).id == first.id
    second = await _new(store)
    assert (await store.latest_in_channel(7)).id == second.id


async def test_simultaneous_writes_to_different_matches_share_the_connection_safely(store: SqliteStore) -> None:
    records = [await _new(store, channel=100 + i, creator=i) for i in range(20)]
    results = await asyncio.gather(
        *(
            store.apply_change(r.id, MatchChange(r.version, snapshot={"n": r.id}, snapshot_schema=1), NOW)
            for r in records
        )
    )
    assert [r.snapshot for r in results] == [{"n": r.id} for r in records]
    assert all(r.version == 2 for r in results)


LATER = "2026-01-02T00:00:00.000+00:00"


async def test_lobbies_by_creator_guild_and_age(store: SqliteStore) -> None:
    old = await _new(store, channel=1, creator=5)
    await store.apply_change(old.id, MatchChange(old.version, options={"a": 2}), NOW)
    fresh = await store.create_match(
        game="trial", options={}, guild_id=2, channel_id=2, creator_id=5, seed=1, now=LATER
    )
    started = await _new(store, channel=3, creator=5)
    await store.apply_change(started.id, MatchChange(started.version, status="active"), LATER)
    assert [r.id for r in await store.lobbies(creator_id=5)] == [old.id, fresh.id]  # oldest first, lobbies only
    assert [r.id for r in await store.lobbies(guild_id=2)] == [fresh.id]
    assert [r.id for r in await store.lobbies(changed_after=NOW)] == [fresh.id]
    assert [r.id for r in await store.lobbies(changed_before=NOW)] == [old.id]
    assert len(await store.lobbies(limit=1)) == 1


async def test_lobby_limits_are_checked_in_the_same_transaction_as_the_insert(store: SqliteStore) -> None:
    limits = LobbyLimits(per_creator=2, per_guild=3, active_after="2025-12-31T00:00:00.000+00:00")

    async def new(channel: int, creator: int, guild: int | None = 1):
        return await store.create_match(
            game="trial",
            options={},
            guild_id=guild,
            channel_id=channel,
            creator_id=creator,
            seed=1,
            now=NOW,
            limits=limits,
        )

    await new(1, 5)
    await new(2, 5)
    with pytest.raises(TooManyLobbies) as by_creator:
        await new(3, 5)
    assert by_creator.value.scope == "creator"
    await new(3, 6)
    with pytest.raises(TooManyLobbies) as by_guild:
        await new(4, 7)
    assert by_guild.value.scope == "guild"
    assert await store.count_matches() == 3  # refusals wrote nothing
    await new(4, 7, guild=None)  # a match outside any server has only the creator's limit
    stale = LobbyLimits(per_creator=2, per_guild=3, active_after=NOW)  # every lobby so far has expired
    assert (
        await store.create_match(
            game="trial", options={}, guild_id=1, channel_id=5, creator_id=5, seed=1, now=LATER, limits=stale
        )
    ).status == "lobby"


async def test_abort_consents_are_kept_once_per_player(store: SqliteStore) -> None:
    record = await _new(store)
    assert await store.abort_consents(record.id) == set()
    assert await store.consent_to_abort(record.id, 5, NOW) == {5}
    assert await store.consent_to_abort(record.id, 5, LATER) == {5}
    assert await store.consent_to_abort(record.id, 6, NOW) == {5, 6}
    other = await _new(store, channel=8)
    assert await store.abort_consents(other.id) == set()
    assert await store.abort_consents(record.id) == {5, 6}

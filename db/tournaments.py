"""Storage of tournaments: the event row, its append-only history, and the matches played for it.

The history is written only by `append`, which inserts rows and never updates or deletes one. Each row
has a number (`seq`); `append` takes the number the writer last saw and refuses (StaleHistory) when
another writer got there first, so two processes can never both pair the same round. Nothing here
knows what a record means: they are JSON objects with a `kind`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from db.records import StorageError
from db.sqlite import SqliteStore, _dumps

OPEN_STATUSES = ("registration", "running")


class StaleHistory(StorageError):
    """The event's history grew since it was read; nothing was written. Read again and retry."""


@dataclass(frozen=True, slots=True)
class TournamentRow:
    id: int
    guild_id: int | None
    channel_id: int
    creator_id: int
    name: str
    game: str
    settings: dict[str, Any]
    config: dict[str, Any]
    status: str
    created_at: str
    updated_at: str


@dataclass(frozen=True, slots=True)
class StoredRecord:
    seq: int
    kind: str
    data: dict[str, Any]
    user_id: int | None
    at: str


@dataclass(frozen=True, slots=True)
class EventMatch:
    """A pairing being played: its Discord thread and its match, once made."""

    tournament_id: int
    pairing_id: str
    round: int
    thread_id: int | None
    match_id: int | None
    created_at: str
    noticed: str | None
    """The last deadline the organisers were told about, so a notice is sent once per deadline."""


@dataclass(frozen=True, slots=True)
class NewRecord:
    kind: str
    data: dict[str, Any]


class TournamentRepository(Protocol):
    async def create_tournament(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        name: str,
        game: str,
        settings: dict[str, Any],
        config: dict[str, Any],
        now: str,
    ) -> TournamentRow: ...

    async def get_tournament(self, tournament_id: int) -> TournamentRow | None: ...

    async def tournaments(
        self, *, guild_id: int | None = None, channel_id: int | None = None, open_only: bool = False, limit: int = 50
    ) -> list[TournamentRow]: ...

    async def records(self, tournament_id: int) -> list[StoredRecord]: ...

    async def append(
        self,
        tournament_id: int,
        expected_seq: int,
        records: Sequence[NewRecord],
        *,
        user_id: int | None,
        now: str,
        status: str | None = None,
        new_matches: Sequence[tuple[str, int]] = (),
    ) -> int: ...

    async def event_matches(self, tournament_id: int) -> list[EventMatch]: ...

    async def event_match_of(self, match_id: int) -> EventMatch | None: ...

    async def event_match_in_thread(self, thread_id: int) -> EventMatch | None: ...

    async def add_event_matches(self, tournament_id: int, pairings: Sequence[tuple[str, int]], now: str) -> None: ...

    async def set_thread(self, tournament_id: int, pairing_id: str, thread_id: int) -> None: ...

    async def set_match(self, tournament_id: int, pairing_id: str, match_id: int) -> None: ...

    async def set_noticed(self, tournament_id: int, pairing_id: str, noticed: str) -> None: ...


_EVENT_MATCH = (
    "SELECT tournament_id, pairing_id, round, thread_id, match_id, created_at, noticed FROM tournament_matches"
)


class SqliteTournaments:
    """The TournamentRepository on the match store's connection: one lock orders every write."""

    def __init__(self, store: SqliteStore) -> None:
        self._store = store

    async def create_tournament(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        name: str,
        game: str,
        settings: dict[str, Any],
        config: dict[str, Any],
        now: str,
    ) -> TournamentRow:
        async with self._store._transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO tournaments (guild_id, channel_id, creator_id, name, game, settings, config, status, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'registration', ?, ?)",
                [guild_id, channel_id, creator_id, name, game, _dumps(settings), _dumps(config), now, now],
            )
            new_id = int(cur.lastrowid or 0)
        row = await self.get_tournament(new_id)
        assert row is not None
        return row

    async def get_tournament(self, tournament_id: int) -> TournamentRow | None:
        found = await self._select("WHERE id = ?", [tournament_id])
        return found[0] if found else None

    async def tournaments(
        self, *, guild_id: int | None = None, channel_id: int | None = None, open_only: bool = False, limit: int = 50
    ) -> list[TournamentRow]:
        where: list[str] = []
        params: list[Any] = []
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if channel_id is not None:
            where.append("channel_id = ?")
            params.append(channel_id)
        if open_only:
            where.append(f"status IN {OPEN_STATUSES}")
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        return await self._select(f"{clause} ORDER BY id DESC LIMIT ?", [*params, limit])

    async def _select(self, where: str, params: list[Any]) -> list[TournamentRow]:
        rows = await self._store._rows(
            "SELECT id, guild_id, channel_id, creator_id, name, game, settings, config, status, created_at, "
            f"updated_at FROM tournaments {where}",
            params,
        )
        return [
            TournamentRow(
                r["id"],
                r["guild_id"],
                r["channel_id"],
                r["creator_id"],
                r["name"],
                r["game"],
                json.loads(r["settings"]),
                json.loads(r["config"]),
                r["status"],
                r["created_at"],
                r["updated_at"],
            )
            for r in rows
        ]

    async def records(self, tournament_id: int) -> list[StoredRecord]:
        rows = await self._store._rows(
            "SELECT seq, kind, data, user_id, at FROM tournament_records WHERE tournament_id = ? ORDER BY seq",
            [tournament_id],
        )
        return [StoredRecord(r["seq"], r["kind"], json.loads(r["data"]), r["user_id"], r["at"]) for r in rows]

    async def append(
        self,
        tournament_id: int,
        expected_seq: int,
        records: Sequence[NewRecord],
        *,
        user_id: int | None,
        now: str,
        status: str | None = None,
        new_matches: Sequence[tuple[str, int]] = (),
    ) -> int:
        """Append records (and the rows of pairings to play) in one transaction; returns the last seq.

        Refused with StaleHistory, writing nothing, unless the history still ends at `expected_seq`."""
        async with self._store._transaction() as conn:
            found = await conn.execute_fetchall(
                "SELECT COALESCE(MAX(seq), 0) FROM tournament_records WHERE tournament_id = ?", [tournament_id]
            )
            last = int(next(iter(found))[0])
            if last != expected_seq:
                raise StaleHistory(f"tournament {tournament_id} has {last} records, not {expected_seq}")
            for offset, record in enumerate(records, start=1):
                await conn.execute(
                    "INSERT INTO tournament_records (tournament_id, seq, kind, data, user_id, at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    [tournament_id, last + offset, record.kind, _dumps(record.data), user_id, now],
                )
            await _insert_matches(conn, tournament_id, new_matches, now)
            sets, params = ["updated_at = ?"], [now]
            if status is not None:
                sets.append("status = ?")
                params.append(status)
            await conn.execute(f"UPDATE tournaments SET {', '.join(sets)} WHERE id = ?", [*params, tournament_id])
        return last + len(records)

    async def event_matches(self, tournament_id: int) -> list[EventMatch]:
        return await self._event_matches(
            "WHERE tournament_id = ? ORDER BY round, created_at, pairing_id", [tournament_id]
        )

    async def event_match_of(self, match_id: int) -> EventMatch | None:
        found = await self._event_matches("WHERE match_id = ?", [match_id])
        return found[0] if found else None

    async def event_match_in_thread(self, thread_id: int) -> EventMatch | None:
        found = await self._event_matches("WHERE thread_id = ? LIMIT 1", [thread_id])
        return found[0] if found else None

    async def _event_matches(self, where: str, params: list[Any]) -> list[EventMatch]:
        rows = await self._store._rows(f"{_EVENT_MATCH} {where}", params)
        return [EventMatch(*tuple(r)) for r in rows]

    async def add_event_matches(self, tournament_id: int, pairings: Sequence[tuple[str, int]], now: str) -> None:
        """Rows for pairings that became playable later (a bracket seat or a proxy resolved). Idempotent."""
        async with self._store._transaction() as conn:
            await _insert_matches(conn, tournament_id, pairings, now)

    async def set_thread(self, tournament_id: int, pairing_id: str, thread_id: int) -> None:
        await self._set("thread_id", tournament_id, pairing_id, thread_id)

    async def set_match(self, tournament_id: int, pairing_id: str, match_id: int) -> None:
        await self._set("match_id", tournament_id, pairing_id, match_id)

    async def set_noticed(self, tournament_id: int, pairing_id: str, noticed: str) -> None:
        async with self._store._transaction() as conn:
            await conn.execute(
                "UPDATE tournament_matches SET noticed = ? WHERE tournament_id = ? AND pairing_id = ?",
                [noticed, tournament_id, pairing_id],
            )

    async def _set(self, column: str, tournament_id: int, pairing_id: str, value: int) -> None:
        # Only an empty column is filled: a pairing's thread and match, once made, are its own for good.
        async with self._store._transaction() as conn:
            await conn.execute(
                f"UPDATE tournament_matches SET {column} = ? WHERE tournament_id = ? AND pairing_id = ? "
                f"AND {column} IS NULL",
                [value, tournament_id, pairing_id],
            )


async def _insert_matches(conn: Any, tournament_id: int, pairings: Sequence[tuple[str, int]], now: str) -> None:
    for pairing_id, round_number in pairings:
        await conn.execute(
            "INSERT OR IGNORE INTO tournament_matches (tournament_id, pairing_id, round, created_at) "
            "VALUES (?, ?, ?, ?)",
            [tournament_id, pairing_id, round_number, now],
        )

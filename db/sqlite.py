"""SQLite storage: one write connection, WAL, numbered migrations, version-checked saves."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from db.health import WRITABLE, UnusableDatabase, check_database, explain
from db.records import (
    BoardMessage,
    ChannelBusy,
    LobbyLimits,
    LogEntry,
    MatchChange,
    MatchRecord,
    Member,
    OutboxItem,
    PlayerPrefs,
    StaleVersion,
    StorageError,
    TooManyLobbies,
    Vacation,
)

# Members ride along as a JSON array so a match is read in one statement (one thread hop in aiosqlite).
_MATCH_SELECT = (
    "SELECT id, game, options, guild_id, channel_id, creator_id, status, seed, snapshot, snapshot_schema, "
    "version, result, created_at, updated_at, clock, pending, scenario, rated, "
    "(SELECT json_group_array(json_array(user_id, seat, joined_at)) FROM "
    "(SELECT user_id, seat, joined_at FROM match_seats s WHERE s.match_id = matches.id ORDER BY joined_at, rowid)) "
    "AS members FROM matches"
)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def migrations() -> list[tuple[int, str]]:
    """(number, sql) for every file in db/migrations, in order. Names start with the number."""
    found: list[tuple[int, str]] = []
    for entry in resources.files("db.migrations").iterdir():
        if entry.name.endswith(".sql"):
            number = int(entry.name.split("_", 1)[0])
            found.append((number, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise StorageError(f"migrations must be numbered 1..N without gaps, found {numbers}")
    return found


class SqliteStore:
    """The MatchRepository on one aiosqlite connection.

    Every write is `BEGIN IMMEDIATE … COMMIT`, so a change and its log row land together or not at all.
    """

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        # One connection serves every coroutine: a transaction spans several awaits, so without this
        # lock two matches' writes would interleave on it (SQLite refuses a BEGIN inside a BEGIN) and a
        # read could see another coroutine's uncommitted change.
        self._access = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str, *, busy_timeout_ms: int = 5000) -> SqliteStore:
        """The store on `path`, migrated; UnusableDatabase (naming the file) if it cannot be used.

        The connection's thread is closed on every failure: left open, it keeps the process alive.
        """
        if str(path) != ":memory:":
            path = Path(path)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise UnusableDatabase(path, f"its folder cannot be created ({error.strerror})", WRITABLE) from None
            newest = migrations()[-1][0]
            await asyncio.to_thread(
                check_database, path, newest_schema=newest, writable=True, busy_timeout_ms=busy_timeout_ms
            )
        try:
            conn = await aiosqlite.connect(str(path), isolation_level=None)
        except sqlite3.Error as error:
            raise explain(path, error) from None
        try:
            conn.row_factory = sqlite3.Row
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            store = cls(conn)
            await store.migrate()
        except sqlite3.Error as error:
            await conn.close()
            raise explain(path, error) from None
        except BaseException:
            await conn.close()
            raise
        return store

    async def close(self) -> None:
        # Under the access lock: a transaction under way commits (or rolls back) before the close.
        async with self._access:
            await self._conn.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """`BEGIN IMMEDIATE` takes the write lock up front, so two writers never deadlock mid-transaction."""
        async with self._access:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    async def schema_version(self) -> int:
        async with self._conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> int:
        """Apply every migration newer than `PRAGMA user_version`, each in its own transaction."""
        current = await self.schema_version()
        for number, sql in migrations():
            if number <= current:
                continue
            async with self._transaction() as conn:
                for statement in _split_sql(sql):
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version = {number}")
            current = number
        return current

    # ------------------------------------------------------------------------------------- reads

    async def _rows(self, sql: str, params: list[Any]) -> list[sqlite3.Row]:
        async with self._access:
            return list(await self._conn.execute_fetchall(sql, params))

    async def _records(self, where: str, params: list[Any]) -> list[MatchRecord]:
        return [_record(r) for r in await self._rows(f"{_MATCH_SELECT} {where}", params)]

    async def get_match(self, match_id: int) -> MatchRecord | None:
        found = await self._records("WHERE id = ?", [match_id])
        return found[0] if found else None

    async def live_match_in_channel(self, channel_id: int) -> MatchRecord | None:
        found = await self._records("WHERE channel_id = ? AND status IN ('lobby', 'active')", [channel_id])
        return found[0] if found else None

    async def latest_in_channel(self, channel_id: int) -> MatchRecord | None:
        """The live match of a channel, else the one most recently changed there."""
        found = await self._records(
            "WHERE channel_id = ? ORDER BY status IN ('lobby', 'active') DESC, updated_at DESC, id DESC LIMIT 1",
            [channel_id],
        )
        return found[0] if found else None

    async def list_matches(
        self, *, guild_id: int | None = None, user_id: int | None = None, live_only: bool = True, limit: int = 50
    ) -> list[MatchRecord]:
        where: list[str] = []
        params: list[Any] = []
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if user_id is not None:
            where.append("id IN (SELECT match_id FROM match_seats WHERE user_id = ?)")
            params.append(user_id)
        if live_only:
            where.append("status IN ('lobby', 'active')")
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        params.append(limit)
        return await self._records(f"{clause} ORDER BY updated_at DESC, id DESC LIMIT ?", params)

    async def lobbies(
        self,
        *,
        creator_id: int | None = None,
        guild_id: int | None = None,
        changed_after: str | None = None,
        changed_before: str | None = None,
        limit: int = 100,
    ) -> list[MatchRecord]:
        """Matches still waiting for players, oldest change first; a lobby's last change is its last join,
        leave or choice, so `changed_after`/`changed_before` select the active or the idle ones."""
        where = ["status = 'lobby'"]
        params: list[Any] = []
        for clause, value in (
            ("creator_id = ?", creator_id),
            ("guild_id = ?", guild_id),
            ("updated_at > ?", changed_after),
            ("updated_at <= ?", changed_before),
        ):
            if value is not None:
                where.append(clause)
                params.append(value)
        params.append(limit)
        return await self._records(f"WHERE {' AND '.join(where)} ORDER BY updated_at, id LIMIT ?", params)

    async def count_matches(self) -> int:
        rows = await self._rows("SELECT COUNT(*) FROM matches", [])
        return int(rows[0][0])

    async def log_entries(self, match_id: int, *, since_version: int = 0) -> list[LogEntry]:
        rows = await self._rows(
            "SELECT version, kind, seat, user_id, action, notation, events, at, base FROM match_actions "
            "WHERE match_id = ? AND version > ? ORDER BY version",
            [match_id, since_version],
        )
        return [
            LogEntry(
                r["version"],
                r["kind"],
                r["seat"],
                r["user_id"],
                None if r["action"] is None else json.loads(r["action"]),
                r["notation"],
                json.loads(r["events"]),
                r["at"],
                None if r["base"] is None else json.loads(r["base"]),
            )
            for r in rows
        ]

    async def pending_outbox(self, match_id: int | None = None) -> list[OutboxItem]:
        sql = (
            "SELECT id, match_id, version, recipients, attempts, next_attempt_at, privates_sent_at, warned_at "
            "FROM outbox WHERE delivered_at IS NULL"
        )
        params: list[Any] = []
        if match_id is not None:
            sql += " AND match_id = ?"
            params.append(match_id)
        rows = await self._rows(sql + " ORDER BY match_id, id", params)
        return [_outbox_item(r) for r in rows]

    async def dm_status(self, user_id: int) -> tuple[bool | None, str | None]:
        rows = await self._rows("SELECT dm_ok, dm_checked_at FROM players WHERE user_id = ?", [user_id])
        row = rows[0] if rows else None
        if row is None or row["dm_ok"] is None:
            return None, None
        return bool(row["dm_ok"]), row["dm_checked_at"]

    # ------------------------------------------------------------------------------------ writes

    async def create_match(
        self,
        *,
        game: str,
        options: dict[str, Any],
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        seed: int,
        now: str,
        clock: dict[str, Any] | None = None,
        scenario: str | None = None,
        rated: bool = True,
        limits: LobbyLimits | None = None,
    ) -> MatchRecord:
        """A new lobby with its creator seated. With `limits`, the count and the insert share one
        transaction, so a burst of simultaneous requests cannot all slip under the limit."""
        values = [game, _dumps(options), guild_id, channel_id, creator_id, seed, now, now, _maybe(clock), scenario]
        try:
            async with self._transaction() as conn:
                if limits is not None:
                    await _check_limits(conn, limits, creator_id, guild_id)
                cur = await conn.execute(
                    "INSERT INTO matches (game, options, guild_id, channel_id, creator_id, status, seed, version, "
                    "created_at, updated_at, clock, scenario, rated) "
                    "VALUES (?, ?, ?, ?, ?, 'lobby', ?, 1, ?, ?, ?, ?, ?)",
                    [*values, rated],
                )
                match_id = cur.lastrowid
                await conn.execute(
                    "INSERT INTO match_seats (match_id, user_id, seat, joined_at) VALUES (?, ?, NULL, ?)",
                    [match_id, creator_id, now],
                )
        except sqlite3.IntegrityError as e:
            if "channel_id" in str(e):
                raise ChannelBusy(str(e)) from None
            raise
        record = await self.get_match(int(match_id or 0))
        assert record is not None
        return record

    async def apply_change(self, match_id: int, change: MatchChange, now: str) -> MatchRecord:
        async with self._transaction() as conn:
            await self._write_change(match_id, change, now)
            # Read back before COMMIT: once the change is committed nothing here may fail, or the caller
            # would report a change that stands as refused.
            rows = list(await conn.execute_fetchall(f"{_MATCH_SELECT} WHERE id = ?", [match_id]))
            record = _record(rows[0])
        return record

    async def _write_change(self, match_id: int, change: MatchChange, now: str) -> None:
        sets = ["version = version + 1", "updated_at = ?"]
        params: list[Any] = [now]
        if change.snapshot is not None:
            sets += ["snapshot = ?", "snapshot_schema = ?"]
            params += [_dumps(change.snapshot), change.snapshot_schema]
        if change.status is not None:
            sets.append("status = ?")
            params.append(change.status)
        if change.result is not None:
            sets.append("result = ?")
            params.append(_dumps(change.result))
        if change.options is not None:
            sets.append("options = ?")
            params.append(_dumps(change.options))
        if change.clock is not None:
            sets.append("clock = ?")
            params.append(_dumps(change.clock))
        if change.pending is not None:
            sets.append("pending = ?")
            params.append(_dumps(change.pending))
        elif change.clear_pending:
            sets.append("pending = NULL")
        cur = await self._conn.execute(
            f"UPDATE matches SET {', '.join(sets)} WHERE id = ? AND version = ?",
            [*params, match_id, change.expected_version],
        )
        if cur.rowcount != 1:
            raise StaleVersion(f"match {match_id} is no longer at version {change.expected_version}")
        new_version = change.expected_version + 1
        if change.add_member is not None:
            await self._conn.execute(
                "INSERT INTO match_seats (match_id, user_id, seat, joined_at) VALUES (?, ?, NULL, ?)",
                [match_id, change.add_member, now],
            )
        if change.remove_member is not None:
            await self._conn.execute(
                "DELETE FROM match_seats WHERE match_id = ? AND user_id = ?", [match_id, change.remove_member]
            )
        if change.set_seats:
            for user_id, seat in change.set_seats.items():
                await self._conn.execute(
                    "UPDATE match_seats SET seat = ? WHERE match_id = ? AND user_id = ?", [seat, match_id, user_id]
                )
        if change.log is not None:
            log = change.log
            await self._conn.execute(
                "INSERT INTO match_actions (match_id, version, kind, seat, user_id, action, notation, events, at, "
                "base) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    match_id,
                    new_version,
                    log.kind,
                    log.seat,
                    log.user_id,
                    None if log.action is None else _dumps(log.action),
                    log.notation,
                    _dumps(log.events),
                    now,
                    _maybe(log.base),
                ],
            )
        if change.outbox_recipients is not None:
            await self._conn.execute(
                "INSERT INTO outbox (match_id, version, recipients, created_at) VALUES (?, ?, ?, ?)",
                [
                    match_id,
                    new_version,
                    _dumps({"private": change.outbox_recipients, "mention": change.outbox_mention}),
                    now,
                ],
            )

    async def mark_delivered(
        self, outbox_ids: list[int], now: str, *, match_id: int | None = None, board: BoardMessage | None = None
    ) -> None:
        """The rows' board is shown. With `board`, the message now showing `match_id`'s turn is recorded in the
        same transaction, so the rows are never done without the message the next change must edit."""
        if board is None or match_id is None:
            await self._stamp_outbox("delivered_at", outbox_ids, now)
            return
        marks = ",".join("?" * len(outbox_ids))
        async with self._transaction() as conn:
            if outbox_ids:
                await conn.execute(f"UPDATE outbox SET delivered_at = ? WHERE id IN ({marks})", [now, *outbox_ids])
            await conn.execute(
                "INSERT INTO board_messages (match_id, turn, since, handle, updated_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (match_id) DO UPDATE SET turn = excluded.turn, since = excluded.since, "
                "handle = excluded.handle, updated_at = excluded.updated_at",
                [match_id, board.turn, board.since, _dumps(board.handle), now],
            )

    async def board_message(self, match_id: int) -> BoardMessage | None:
        """The message showing the match's current turn, if one was recorded."""
        rows = await self._rows("SELECT turn, since, handle FROM board_messages WHERE match_id = ?", [match_id])
        if not rows:
            return None
        return BoardMessage(rows[0]["turn"], rows[0]["since"], json.loads(rows[0]["handle"]))

    async def mark_privates_sent(self, outbox_ids: list[int], now: str) -> None:
        """The rows' private views went out; the rows stay pending for their board."""
        await self._stamp_outbox("privates_sent_at", outbox_ids, now)

    async def _stamp_outbox(self, column: str, outbox_ids: list[int], now: str) -> None:
        if not outbox_ids:
            return
        marks = ",".join("?" * len(outbox_ids))
        async with self._transaction() as conn:
            await conn.execute(f"UPDATE outbox SET {column} = ? WHERE id IN ({marks})", [now, *outbox_ids])

    async def retry_later(
        self, outbox_ids: list[int], *, attempts: int, next_attempt_at: str, warned_at: str | None
    ) -> None:
        """A board post failed: try again at `next_attempt_at`. `warned_at` records that the creator was told
        (an earlier warning is kept)."""
        if not outbox_ids:
            return
        marks = ",".join("?" * len(outbox_ids))
        async with self._transaction() as conn:
            await conn.execute(
                f"UPDATE outbox SET attempts = ?, next_attempt_at = ?, warned_at = COALESCE(warned_at, ?) "
                f"WHERE id IN ({marks})",
                [attempts, next_attempt_at, warned_at, *outbox_ids],
            )

    # ------------------------------------------------------------------------------ async play

    async def update_clock(self, match_id: int, expected_version: int, clock: dict[str, Any]) -> bool:
        """Record reminders sent or a flag raised. The version stays: buttons drawn earlier still work.
        Returns False when the match moved on meanwhile (the caller recomputes from the new state)."""
        async with self._transaction() as conn:
            cur = await conn.execute(
                "UPDATE matches SET clock = ? WHERE id = ? AND version = ?", [_dumps(clock), match_id, expected_version]
            )
            return cur.rowcount == 1

    async def set_pending(self, match_id: int, expected_version: int, pending: dict[str, Any] | None) -> bool:
        """Open or close a request that waits on other players, without moving the match's version."""
        async with self._transaction() as conn:
            cur = await conn.execute(
                "UPDATE matches SET pending = ? WHERE id = ? AND version = ?",
                [_maybe(pending), match_id, expected_version],
            )
            return cur.rowcount == 1

    async def consent_to_abort(self, match_id: int, user_id: int, now: str) -> set[int]:
        """Record that the user agrees to end the match without a result; returns everyone who agreed."""
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT OR IGNORE INTO abort_consents (match_id, user_id, at) VALUES (?, ?, ?)",
                [match_id, user_id, now],
            )
            rows = await conn.execute_fetchall("SELECT user_id FROM abort_consents WHERE match_id = ?", [match_id])
        return {int(r[0]) for r in rows}

    async def abort_consents(self, match_id: int) -> set[int]:
        rows = await self._rows("SELECT user_id FROM abort_consents WHERE match_id = ?", [match_id])
        return {int(r[0]) for r in rows}

    async def clocked_matches(self) -> list[MatchRecord]:
        return await self._records("WHERE status = 'active' AND clock IS NOT NULL ORDER BY id", [])

    async def player_prefs(self, user_id: int) -> PlayerPrefs:
        rows = await self._rows(
            "SELECT remind_dm, quiet_start, quiet_end, utc_offset_min FROM players WHERE user_id = ?", [user_id]
        )
        if not rows:
            return PlayerPrefs(user_id)
        r = rows[0]
        return PlayerPrefs(user_id, bool(r["remind_dm"]), r["quiet_start"], r["quiet_end"], r["utc_offset_min"])

    async def set_player_prefs(self, prefs: PlayerPrefs) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO players (user_id, remind_dm, quiet_start, quiet_end, utc_offset_min) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET remind_dm = excluded.remind_dm, "
                "quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, "
                "utc_offset_min = excluded.utc_offset_min",
                [prefs.user_id, int(prefs.remind_dm), prefs.quiet_start, prefs.quiet_end, prefs.utc_offset_min],
            )

    async def vacations(self, user_id: int, *, ending_after: str) -> list[Vacation]:
        rows = await self._rows(
            "SELECT user_id, starts_at, ends_at FROM vacations WHERE user_id = ? AND ends_at > ? ORDER BY starts_at",
            [user_id, ending_after],
        )
        return [Vacation(r["user_id"], r["starts_at"], r["ends_at"]) for r in rows]

    async def save_vacation(
        self, vacation: Vacation, clocks: dict[int, tuple[int, dict[str, Any]]], *, end_current_at: str | None = None
    ) -> None:
        """Record a vacation (or end the current one early) together with the clocks it pauses or resumes:
        match id -> (expected version, clock)."""
        async with self._transaction() as conn:
            if end_current_at is not None:
                await conn.execute(
                    "UPDATE vacations SET ends_at = ? WHERE user_id = ? AND starts_at <= ? AND ends_at > ?",
                    [end_current_at, vacation.user_id, end_current_at, end_current_at],
                )
            else:
                await conn.execute(
                    "INSERT INTO vacations (user_id, starts_at, ends_at) VALUES (?, ?, ?)",
                    [vacation.user_id, vacation.starts_at, vacation.ends_at],
                )
            for match_id, (version, clock) in clocks.items():
                await conn.execute(
                    "UPDATE matches SET clock = ? WHERE id = ? AND version = ?", [_dumps(clock), match_id, version]
                )

    async def player_locale(self, user_id: int) -> str | None:
        rows = await self._rows("SELECT locale FROM players WHERE user_id = ?", [user_id])
        return rows[0]["locale"] if rows else None

    async def set_player_locale(self, user_id: int, locale: str) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO players (user_id, locale) VALUES (?, ?) ON CONFLICT (user_id) "
                "DO UPDATE SET locale = excluded.locale",
                [user_id, locale],
            )

    async def set_dm_status(self, user_id: int, ok: bool, now: str) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO players (user_id, dm_ok, dm_checked_at) VALUES (?, ?, ?) ON CONFLICT (user_id) "
                "DO UPDATE SET dm_ok = excluded.dm_ok, dm_checked_at = excluded.dm_checked_at",
                [user_id, int(ok), now],
            )


async def _check_limits(conn: aiosqlite.Connection, limits: LobbyLimits, creator_id: int, guild_id: int | None) -> None:
    checks = [("creator", "creator_id", creator_id, limits.per_creator)]
    if guild_id is not None:
        checks.append(("guild", "guild_id", guild_id, limits.per_guild))
    for scope, column, value, most in checks:
        rows = await conn.execute_fetchall(
            f"SELECT COUNT(*) FROM matches WHERE status = 'lobby' AND {column} = ? AND updated_at > ?",
            [value, limits.active_after],
        )
        if int(next(iter(rows))[0]) >= most:
            raise TooManyLobbies(scope)


def _outbox_item(row: sqlite3.Row) -> OutboxItem:
    recipients = json.loads(row["recipients"])
    private, mention = (
        (recipients, None) if isinstance(recipients, list) else (recipients["private"], recipients["mention"])
    )
    return OutboxItem(
        row["id"],
        row["match_id"],
        row["version"],
        private,  # a plain list in rows written before pings were recorded
        mention,
        attempts=row["attempts"],
        next_attempt_at=row["next_attempt_at"],
        privates_sent=row["privates_sent_at"] is not None,
        warned=row["warned_at"] is not None,
    )


def _maybe(value: Any) -> str | None:
    return None if value is None else _dumps(value)


def _record(row: sqlite3.Row) -> MatchRecord:
    members = tuple(Member(u, seat, joined) for u, seat, joined in json.loads(row["members"]))
    return MatchRecord(
        id=row["id"],
        game=row["game"],
        options=json.loads(row["options"]),
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        creator_id=row["creator_id"],
        status=row["status"],
        seed=row["seed"],
        snapshot_text=row["snapshot"],
        snapshot_schema=row["snapshot_schema"],
        version=row["version"],
        result=None if row["result"] is None else json.loads(row["result"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        members=members,
        clock=None if row["clock"] is None else json.loads(row["clock"]),
        pending=None if row["pending"] is None else json.loads(row["pending"]),
        scenario=row["scenario"],
        rated=bool(row["rated"]),
    )


def _split_sql(script: str) -> list[str]:
    """Statements of a migration file (no semicolons inside our statements' literals)."""
    body = "\n".join(line for line in script.splitlines() if not line.strip().startswith("--"))
    return [s.strip() for s in body.split(";") if s.strip()]

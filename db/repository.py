"""The storage interface the service depends on. SQLite implements it; another backend could."""

from __future__ import annotations

from typing import Any, Protocol

from db.records import LogEntry, MatchChange, MatchRecord, OutboxItem


class MatchRepository(Protocol):
    async def close(self) -> None: ...

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
    ) -> MatchRecord: ...

    async def get_match(self, match_id: int) -> MatchRecord | None: ...

    async def live_match_in_channel(self, channel_id: int) -> MatchRecord | None: ...

    async def list_matches(
        self, *, guild_id: int | None = None, user_id: int | None = None, live_only: bool = True, limit: int = 50
    ) -> list[MatchRecord]: ...

    async def apply_change(self, match_id: int, change: MatchChange, now: str) -> MatchRecord: ...

    async def log_entries(self, match_id: int, *, since_version: int = 0) -> list[LogEntry]: ...

    async def pending_outbox(self, match_id: int | None = None) -> list[OutboxItem]: ...

    async def mark_delivered(self, outbox_ids: list[int], now: str) -> None: ...

    async def dm_status(self, user_id: int) -> tuple[bool | None, str | None]: ...

    async def set_dm_status(self, user_id: int, ok: bool, now: str) -> None: ...

    async def count_matches(self) -> int: ...

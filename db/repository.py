"""The storage interface the service depends on. SQLite implements it; another backend could."""

from __future__ import annotations

from typing import Any, Protocol

from db.records import BoardMessage, LobbyLimits, LogEntry, MatchChange, MatchRecord, OutboxItem, PlayerPrefs, Vacation


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
        clock: dict[str, Any] | None = None,
        scenario: str | None = None,
        rated: bool = True,
        limits: LobbyLimits | None = None,
    ) -> MatchRecord: ...

    async def get_match(self, match_id: int) -> MatchRecord | None: ...

    async def live_match_in_channel(self, channel_id: int) -> MatchRecord | None: ...

    async def latest_in_channel(self, channel_id: int) -> MatchRecord | None: ...

    async def list_matches(
        self, *, guild_id: int | None = None, user_id: int | None = None, live_only: bool = True, limit: int = 50
    ) -> list[MatchRecord]: ...

    async def lobbies(
        self,
        *,
        creator_id: int | None = None,
        guild_id: int | None = None,
        changed_after: str | None = None,
        changed_before: str | None = None,
        limit: int = 100,
    ) -> list[MatchRecord]: ...

    async def apply_change(self, match_id: int, change: MatchChange, now: str) -> MatchRecord: ...

    async def log_entries(self, match_id: int, *, since_version: int = 0) -> list[LogEntry]: ...

    async def pending_outbox(self, match_id: int | None = None) -> list[OutboxItem]: ...

    async def mark_delivered(
        self, outbox_ids: list[int], now: str, *, match_id: int | None = None, board: BoardMessage | None = None
    ) -> None: ...

    async def board_message(self, match_id: int) -> BoardMessage | None: ...

    async def mark_privates_sent(self, outbox_ids: list[int], now: str) -> None: ...

    async def retry_later(
        self, outbox_ids: list[int], *, attempts: int, next_attempt_at: str, warned_at: str | None
    ) -> None: ...

    async def dm_status(self, user_id: int) -> tuple[bool | None, str | None]: ...

    async def set_dm_status(self, user_id: int, ok: bool, now: str) -> None: ...

    async def player_locale(self, user_id: int) -> str | None: ...

    async def set_player_locale(self, user_id: int, locale: str) -> None: ...

    async def count_matches(self) -> int: ...

    async def update_clock(self, match_id: int, expected_version: int, clock: dict[str, Any]) -> bool: ...

    async def set_pending(self, match_id: int, expected_version: int, pending: dict[str, Any] | None) -> bool: ...

    async def consent_to_abort(self, match_id: int, user_id: int, now: str) -> set[int]: ...

    async def abort_consents(self, match_id: int) -> set[int]: ...

    async def clocked_matches(self) -> list[MatchRecord]: ...

    async def player_prefs(self, user_id: int) -> PlayerPrefs: ...

    async def set_player_prefs(self, prefs: PlayerPrefs) -> None: ...

    async def vacations(self, user_id: int, *, ending_after: str) -> list[Vacation]: ...

    async def save_vacation(
        self, vacation: Vacation, clocks: dict[int, tuple[int, dict[str, Any]]], *, end_current_at: str | None = None
    ) -> None: ...

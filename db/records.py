"""Plain records the storage layer hands out. JSON columns are decoded; nothing here knows a game."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

LIVE_STATUSES = ("lobby", "active")


@dataclass(frozen=True, slots=True)
class Member:
    user_id: int
    seat: int | None
    joined_at: str


@dataclass(frozen=True)
class MatchRecord:
    id: int
    game: str
    options: dict[str, Any]
    guild_id: int | None
    channel_id: int
    creator_id: int
    status: str
    seed: int
    snapshot_text: str | None
    """The JSON snapshot as stored; parsed on first use, since the service usually has the state cached."""
    snapshot_schema: int | None
    version: int
    result: dict[str, Any] | None
    created_at: str
    updated_at: str
    members: tuple[Member, ...] = ()
    clock: dict[str, Any] | None = None
    """The time control and each seat's clock (app.clocks.MatchClock as JSON), or None for untimed."""
    pending: dict[str, Any] | None = None
    """An open request waiting on other players (a takeback), or None."""
    scenario: str | None = None
    """The scenario file the match starts from, when it does not start from the normal setup."""
    rated: bool = True
    """Whether the result may count for ratings; false for a match started from a scenario file."""

    @cached_property
    def snapshot(self) -> Any:
        return None if self.snapshot_text is None else json.loads(self.snapshot_text)

    @property
    def started(self) -> bool:
        return self.snapshot_text is not None

    @property
    def live(self) -> bool:
        return self.status in LIVE_STATUSES

    def seat_of(self, user_id: int) -> int | None:
        for m in self.members:
            if m.user_id == user_id:
                return m.seat
        return None

    def is_member(self, user_id: int) -> bool:
        return any(m.user_id == user_id for m in self.members)

    def user_at(self, seat: int) -> int | None:
        for m in self.members:
            if m.seat == seat:
                return m.user_id
        return None

    def seated(self) -> list[Member]:
        return sorted((m for m in self.members if m.seat is not None), key=lambda m: m.seat or 0)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One row of the append-only action log."""

    version: int
    kind: str
    seat: int | None
    user_id: int | None
    action: Any
    notation: str | None
    events: list[Any]
    at: str
    base: Any = None
    """On 'start' entries: the snapshot replays begin from."""


@dataclass(frozen=True, slots=True)
class OutboxItem:
    id: int
    match_id: int
    version: int
    recipients: list[int]
    mention: list[int] | None = None
    """Seats to ping because they newly owe a decision; None (older rows) pings everyone waited on."""
    attempts: int = 0
    """Board posts tried for this row that failed."""
    next_attempt_at: str | None = None
    """When the board may be tried again (None: now)."""
    privates_sent: bool = False
    """The private views this row owes went out already; only the board is still owed."""
    warned: bool = False
    """The match's creator was told that the board cannot be posted (once per outage)."""


@dataclass(frozen=True, slots=True)
class BoardMessage:
    """The channel message showing a match's current turn: edited while the turn lasts."""

    turn: str
    """The game's turn key (Game.turn_key) of the board it shows."""
    since: int
    """The first version whose story it tells: an edit tells the story from there on."""
    handle: dict[str, Any]
    """What the delivery returned when it showed the board, handed back to edit it."""


@dataclass(slots=True)
class MatchChange:
    """Everything one use case changes in one match, written in one transaction.

    `expected_version` is the version the change was computed from; the write fails with
    StaleVersion if another change landed first.
    """

    expected_version: int
    snapshot: Any = None
    snapshot_schema: int | None = None
    status: str | None = None
    result: dict[str, Any] | None = None
    set_seats: dict[int, int] | None = None
    """user id -> seat, assigned when the match starts."""
    add_member: int | None = None
    remove_member: int | None = None
    log: LogEntry | None = None
    outbox_recipients: list[int] | None = None
    """Seats owed a private update; None writes no outbox row (nothing to deliver)."""
    outbox_mention: list[int] | None = None
    """Seats the board post should ping; None pings every seat the match waits on."""
    clock: dict[str, Any] | None = None
    pending: dict[str, Any] | None = None
    clear_pending: bool = False
    options: dict[str, Any] | None = None
    touched: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class LobbyLimits:
    """How many open lobbies a creator and a server may have; lobbies last changed at or before
    `active_after` have expired and do not count."""

    per_creator: int
    per_guild: int
    active_after: str


@dataclass(frozen=True, slots=True)
class PlayerPrefs:
    user_id: int
    remind_dm: bool = False
    quiet_start: int | None = None
    quiet_end: int | None = None
    utc_offset_min: int = 0


@dataclass(frozen=True, slots=True)
class Vacation:
    user_id: int
    starts_at: str
    ends_at: str


class StorageError(Exception):
    pass


class StaleVersion(StorageError):
    """The match changed since it was read; the caller should reload and retry or refuse."""


class ChannelBusy(StorageError):
    """The channel already holds a live match."""


class TooManyLobbies(StorageError):
    """Opening another lobby would pass a limit; `scope` is "creator" or "guild"."""

    def __init__(self, scope: str) -> None:
        super().__init__(f"too many open lobbies for this {scope}")
        self.scope = scope

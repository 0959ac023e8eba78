"""Test doubles for the service's ports."""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

import looptime

from app.delivery import Announcement, BoardPost, ChannelUnreachable, Notice, PrivatePost
from engine.i18n import Text, render

MESSAGE_LIMIT = 2000
THREAD_NAME_LIMIT = 100
_channel_ids = itertools.count(9_000_001)
_message_ids = itertools.count(8_000_001)
"""Channel ids are unique across the whole of Discord: a delivery made after a restart never reuses one."""


@dataclass(frozen=True)
class OpenedThread:
    id: int
    parent: int
    name: str
    text: str
    mention: tuple[int, ...]


@dataclass
class RecordingDelivery:
    """Records every board and private post; can refuse DMs for chosen users or fail board posts.

    `closed_channels` maps channels the bot may not post in to the permissions it lacks there: every post
    in them (board, notice, the refused-DM note) fails as the Discord delivery reports Discord's 403
    (50013 Missing Permissions), and `board_attempts` counts the boards tried anyway.

    Like the Discord delivery, it renders what it is given (in `locale`, English by default) as it records
    it, so tests read the text a player would read.
    """

    boards: list[BoardPost] = field(default_factory=list)
    privates: list[PrivatePost] = field(default_factory=list)
    refused_notices: list[int] = field(default_factory=list)
    refuse_dms_for: set[int] = field(default_factory=set)
    notices: list[Notice] = field(default_factory=list)
    notes: list[tuple[int, str]] = field(default_factory=list)
    fail_boards: bool = False
    threads: list[OpenedThread] = field(default_factory=list)
    announcements: list[Announcement] = field(default_factory=list)
    fail_threads_after: int | None = None
    """Open this many threads in all, then fail every further one (Discord unreachable mid-round)."""
    closed_channels: dict[int, tuple[str, ...]] = field(default_factory=dict)
    board_attempts: int = 0
    locale: str | None = None
    messages: dict[int, BoardPost] = field(default_factory=dict)
    """The channels' board messages as they read now, by message id (an edit replaces the message's board
    and image, as Discord replaces an edited message's attachments)."""
    posted: int = 0
    edited: int = 0
    deleted_messages: set[int] = field(default_factory=set)
    """Messages deleted from their channel (by a moderator): an edit of one fails as on Discord (404), and
    the delivery posts the board anew."""

    def _check_channel(self, channel_id: int) -> None:
        if channel_id in self.closed_channels:
            raise ChannelUnreachable(channel_id, self.closed_channels[channel_id])

    async def post_board(self, post: BoardPost) -> dict[str, Any] | None:
        self.board_attempts += 1
        if self.fail_boards:
            raise ConnectionError("the channel is unreachable")
        self._check_channel(post.channel_id)
        shown = post.in_locale(self.locale)
        self.boards.append(shown)
        target = None if post.edit is None else post.edit.get("message")
        if target in self.messages and target not in self.deleted_messages:
            if self.messages[target].channel_id != post.channel_id:
                raise ValueError(f"message {target} is not in channel {post.channel_id}")
            self.messages[target] = shown
            self.edited += 1
            return {"message": target}
        message = next(_message_ids)
        self.messages[message] = shown
        self.posted += 1
        return {"message": message}

    def channel_boards(self, channel_id: int) -> list[BoardPost]:
        """The board messages of a channel as they read now, oldest first (deleted ones left out)."""
        return [
            b for m, b in sorted(self.messages.items()) if b.channel_id == channel_id and m not in self.deleted_messages
        ]

    async def send_private(self, post: PrivatePost) -> bool:
        if post.user_id in self.refuse_dms_for:
            return False
        self.privates.append(post.in_locale(self.locale))
        return True

    async def dm_refused(self, post: BoardPost, user_id: int) -> None:
        self._check_channel(post.channel_id)
        self.refused_notices.append(user_id)

    async def post_notice(self, notice: Notice) -> None:
        self._check_channel(notice.channel_id)
        self.notices.append(replace(notice, text=render(notice.text, self.locale)))

    async def send_notice(self, user_id: int, text: Text) -> bool:
        if user_id in self.refuse_dms_for:
            return False
        self.notes.append((user_id, render(text, self.locale)))
        return True

    async def open_thread(self, channel_id: int, name: Text, text: Text, mention: Sequence[int]) -> int:
        # Written in the server's locale and cut to Discord's limits, as the Discord delivery does.
        name = render(name, self.locale)[:THREAD_NAME_LIMIT]
        text = clip(render(text, self.locale))
        # Discord refuses these with 400 Bad Request; a kinder fake would hide an empty name.
        if not 1 <= len(name) <= THREAD_NAME_LIMIT:
            raise ValueError(f"a thread name is 1 to {THREAD_NAME_LIMIT} characters, not {len(name)}")
        if len(text) > MESSAGE_LIMIT:
            raise ValueError(f"a message is at most {MESSAGE_LIMIT} characters, not {len(text)}")
        if self.fail_threads_after is not None and len(self.threads) >= self.fail_threads_after:
            raise ConnectionError("Discord is unreachable")
        thread = OpenedThread(next(_channel_ids), channel_id, name, text, tuple(mention))
        self.threads.append(thread)
        return thread.id

    async def announce(self, announcement: Announcement) -> None:
        self._check_channel(announcement.channel_id)
        # Written in the server's locale and clipped to a message, as the Discord delivery does.
        text = clip(render(announcement.text, self.locale))
        if len(text) > MESSAGE_LIMIT:
            raise ValueError(f"a message is at most {MESSAGE_LIMIT} characters, not {len(text)}")
        self.announcements.append(replace(announcement, text=text))

    def public_text(self) -> str:
        return "\n".join(str(line) for b in self.boards for line in [b.title, b.status, *b.lines])


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """Cut as the Discord delivery cuts: at most `limit` characters, an ellipsis marking a cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def on_fake_time(main: Callable[[], Awaitable[None]]) -> None:
    """Run `main` on an event loop whose clock jumps ahead whenever nothing is ready (looptime): sleeps and
    rate limits take no real time, and what they do is decided by the loop's clock alone."""
    loop = looptime.new_event_loop(start=0.0)
    try:
        loop.run_until_complete(main())
    finally:
        loop.close()


class FakeClock:
    """A clock tests move by hand; nothing ever sleeps."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)

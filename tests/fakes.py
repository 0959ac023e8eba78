"""Test doubles for the service's ports."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from app.delivery import BoardPost, ChannelUnreachable, Notice, PrivatePost
from engine.i18n import Text, render


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
    closed_channels: dict[int, tuple[str, ...]] = field(default_factory=dict)
    board_attempts: int = 0
    locale: str | None = None

    def _check_channel(self, channel_id: int) -> None:
        if channel_id in self.closed_channels:
            raise ChannelUnreachable(channel_id, self.closed_channels[channel_id])

    async def post_board(self, post: BoardPost) -> None:
        self.board_attempts += 1
        if self.fail_boards:
            raise ConnectionError("the channel is unreachable")
        self._check_channel(post.channel_id)
        self.boards.append(post.in_locale(self.locale))

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

    def public_text(self) -> str:
        return "\n".join(str(line) for b in self.boards for line in [b.title, b.status, *b.lines])


class FakeClock:
    """A clock tests move by hand; nothing ever sleeps."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)

"""The delivery port: how the service tells the world what happened, after the change is committed.

Discord implements it in cogs/, the local table in the terminal, tests with a recording fake.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from engine.i18n import Text, render


@dataclass(frozen=True, slots=True)
class BoardPost:
    """The public board after a change, for the match's channel. Holds nothing hidden."""

    match_id: int
    version: int
    guild_id: int | None
    channel_id: int
    title: Text
    lines: list[Text]
    """What happened since the last post, in order, as the public may read it."""
    status: Text
    """Whose move it is, or how the match ended."""
    waiting_on: list[int]
    """User ids owed a decision now (named in the status line)."""
    image: bytes | None
    finished: bool = False
    mention: list[int] = field(default_factory=list)
    """User ids to ping: those who newly owe a decision."""
    clocks: list[Text] = field(default_factory=list)
    """One line per seat with its time left, when the match has a time control."""
    edit: dict[str, Any] | None = None
    """The turn's board message, as `post_board` returned it when it showed an earlier board of the same
    turn: edit that message (its `lines` are the whole turn's story) instead of posting a new one."""

    def in_locale(self, locale: str | None) -> BoardPost:
        """The post with every text rendered in `locale` (engine.i18n), as its channel reads it."""
        return replace(
            self,
            title=render(self.title, locale),
            lines=[render(line, locale) for line in self.lines],
            status=render(self.status, locale),
            clocks=[render(line, locale) for line in self.clocks],
        )


@dataclass(frozen=True, slots=True)
class Notice:
    """A message to a match's channel that is not a board: a reminder, a timeout, a takeback request."""

    match_id: int
    version: int
    guild_id: int | None
    channel_id: int
    text: Text
    mention: list[int] = field(default_factory=list)
    buttons: list[str] = field(default_factory=list)
    """Kinds of button to attach: "claim" (win on time), "takeback_yes", "takeback_no"."""


@dataclass(frozen=True, slots=True)
class PrivatePost:
    """One seat's private view, for that player's eyes only (a DM or an ephemeral reply)."""

    match_id: int
    version: int
    user_id: int
    seat: int
    title: Text
    lines: list[Text]
    image: bytes | None
    legal: list[str] = field(default_factory=list)
    """The player's legal actions now, in the game's notation."""
    your_move: bool = False
    game: str = ""
    guild_id: int | None = None
    """The match's server: a DM to a player never seen by the bot is written in its locale."""
    locale: str | None = None
    """The locale its title and lines are rendered in (set by `in_locale`), for the buttons sent with it."""

    def in_locale(self, locale: str | None) -> PrivatePost:
        """The post with its title and lines rendered in `locale`, as its player reads it."""
        lines = [render(line, locale) for line in self.lines]
        return replace(self, title=render(self.title, locale), lines=lines, locale=locale)


NEEDED_PERMISSIONS = ("Send Messages", "Attach Files", "Embed Links")
"""What the bot needs in a match's channel to post boards (with their image and buttons)."""


class ChannelUnreachable(Exception):
    """The bot may not post in a match's channel (on Discord: 403 with code 50013 Missing Permissions or
    50001 Missing Access). Raised by a delivery so the service can tell the match's creator what to fix
    and retry later, without knowing Discord."""

    def __init__(self, channel_id: int, missing: tuple[str, ...] = NEEDED_PERMISSIONS) -> None:
        self.channel_id = channel_id
        self.missing = missing or NEEDED_PERMISSIONS
        super().__init__(f"cannot post in channel {channel_id}: missing {self.permission}")

    @property
    def permission(self) -> str:
        """The missing permissions as a player reads them: "Send Messages, Attach Files and Embed Links"."""
        *first, last = self.missing
        return f"{', '.join(first)} and {last}" if first else last


@dataclass(frozen=True, slots=True)
class Announcement:
    """A message to a channel about no single match: an event's pairings, standings, a ruling."""

    channel_id: int
    text: Text
    files: tuple[tuple[str, bytes], ...] = ()
    """(file name, bytes) of attachments: a standings picture, an export."""
    mention: tuple[int, ...] = ()
    guild_id: int | None = None
    """The channel's server: the announcement is written in its locale."""


class Throttled(Exception):
    """A board may not be written in its channel yet (on Discord: the channel's rate limit, or a 429).
    Nothing was written; the service writes the match's latest board once `retry_after` seconds have
    passed, and the changes made meanwhile join it."""

    def __init__(self, channel_id: int, retry_after: float) -> None:
        self.channel_id = channel_id
        self.retry_after = max(retry_after, 0.0)
        super().__init__(f"channel {channel_id} is busy for {self.retry_after:.2f} s")


class Delivery(Protocol):
    async def post_board(self, post: BoardPost) -> dict[str, Any] | None:
        """Show the board in the match channel: edit the message `post.edit` names (the same turn), else
        post a new one. Return what finds the message again (JSON, stored with the match and handed back
        as the next `edit` of the turn), or None where boards are never edited (each change is posted).
        Raise to have the post retried later: Throttled when the channel must not be written yet,
        ChannelUnreachable when the bot may not post there (the creator is told what to fix), anything
        else for other trouble."""

    async def send_private(self, post: PrivatePost) -> bool:
        """Send a private view by DM. Return False when the player does not accept DMs."""

    async def dm_refused(self, post: BoardPost, user_id: int) -> None:
        """Tell the channel, without secrets, that `user_id` must use the "my hand" button instead."""

    async def post_notice(self, notice: Notice) -> None:
        """Post a notice in the match channel, mentioning `notice.mention` (ChannelUnreachable as above)."""

    async def send_notice(self, user_id: int, text: Text) -> bool:
        """Send a short private note (a reminder). Return False when the player does not accept DMs."""

    async def open_thread(self, channel_id: int, name: Text, text: Text, mention: Sequence[int]) -> int:
        """Open a public thread under `channel_id` and post `text` in it, pinging `mention`; return the
        thread's id (a channel a match can be played in). Paced: a round's worth of threads waits its turn.
        The name and the text are written in the server's locale, and clipped to what Discord takes."""

    async def announce(self, announcement: Announcement) -> None:
        """Post an announcement in its channel. Raise to report a failure."""


class NullDelivery:
    """Delivers nowhere; counts what it was given (selfplay, benchmarks)."""

    def __init__(self) -> None:
        self.boards = 0
        self.privates = 0
        self.threads = 0

    async def post_board(self, post: BoardPost) -> dict[str, Any] | None:
        self.boards += 1
        return None

    async def send_private(self, post: PrivatePost) -> bool:
        self.privates += 1
        return True

    async def dm_refused(self, post: BoardPost, user_id: int) -> None:
        return None

    async def post_notice(self, notice: Notice) -> None:
        return None

    async def send_notice(self, user_id: int, text: Text) -> bool:
        return True

    async def open_thread(self, channel_id: int, name: Text, text: Text, mention: Sequence[int]) -> int:
        self.threads += 1
        return -self.threads  # no real channel: an id no Discord channel has

    async def announce(self, announcement: Announcement) -> None:
        return None

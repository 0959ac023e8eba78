"""The Discord implementation of the delivery port."""

from __future__ import annotations

import contextlib
import hashlib
import io
import logging
from collections.abc import AsyncIterator, Sequence
from typing import Any

import discord
from aiolimiter import AsyncLimiter

from app.bots import humans, name_bots
from app.delivery import NEEDED_PERMISSIONS, Announcement, BoardPost, ChannelUnreachable, Notice, PrivatePost, Throttled
from cogs import story
from cogs.components import board_components, notice_components, present_private
from cogs.i18n import server_locale
from cogs.pacing import ChannelPace
from cogs.responses import clip, defang, png
from engine.i18n import Text, render, t

log = logging.getLogger(__name__)

CANNOT_DM = 50007
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
THREAD_EXISTS = 160004
"""A message has at most one thread; one opened before a restart has the message's own id."""
NO_THREADS_HERE = 50024
"""Cannot execute action on this channel type: a thread (or a DM) takes no thread."""
RATE_LIMITED = 429
DEFAULT_RETRY = 1.0
"""Seconds to wait after a 429 that did not say how long."""
CHANNEL_PERMISSIONS = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("attach_files", "Attach Files"),
    ("embed_links", "Embed Links"),
)
"""What a board needs in its channel, as discord.py names it and as the server settings show it."""

THREAD_NAME_LIMIT = 100
THREAD_ARCHIVE_MINUTES = 10080
"""A week, the longest Discord allows: a match thread stays in the channel list while players think."""


class DiscordDelivery:
    def __init__(
        self, client: discord.Client, *, threads_per_minute: float = 20, pace: ChannelPace | None = None
    ) -> None:
        self.client = client
        self.pace = pace or ChannelPace()
        """Discord's per-channel pace: every post and edit of ours in a channel counts."""
        # A round of a big event opens dozens of threads, each with a ping. In one burst that trips
        # Discord's rate limits and looks like spam; the limiter lets them out at a steady pace.
        self._thread_pace = AsyncLimiter(threads_per_minute, 60)

    def _locale(self, guild_id: int | None) -> str:
        """A channel's posts are read by everyone there: they take their server's locale from config."""
        return server_locale(self.client, guild_id)

    async def _dm_locale(self, user_id: int, guild_id: int | None) -> str:
        """A DM answers no interaction: it takes the locale the player last used with the bot, else their
        match's server's."""
        service = getattr(self.client, "service", None)
        seen = await service.player_locale(user_id) if service is not None else None
        return seen or self._locale(guild_id)

    async def _channel(self, channel_id: int) -> Any:
        return self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)

    @contextlib.asynccontextmanager
    async def _reaching(self, channel_id: int) -> AsyncIterator[list[Any]]:
        """Around a write in a match's channel (the body puts the channel it fetched in the list). A channel
        closed to the bot (403: 50013 Missing Permissions, 50001 Missing Access) becomes ChannelUnreachable
        naming what is missing, for the service to report."""
        fetched: list[Any] = []
        try:
            yield fetched
        except discord.Forbidden as refused:
            if refused.code not in (MISSING_ACCESS, MISSING_PERMISSIONS):
                raise
            missing = _missing(fetched[0] if fetched else None)
            if not missing and refused.code == MISSING_ACCESS:
                missing = ("View Channel", *NEEDED_PERMISSIONS)
            raise ChannelUnreachable(channel_id, missing) from refused

    async def _send_in_channel(self, channel_id: int, **kwargs: Any) -> None:
        """Send in a match's channel, at the channel's pace (ChannelUnreachable as `_reaching` says)."""
        async with self._reaching(channel_id) as fetched:
            channel = await self._channel(channel_id)
            fetched.append(channel)
            await self.pace.take(channel_id)
            await channel.send(**kwargs)

    async def post_board(self, post: BoardPost) -> dict[str, Any] | None:
        """Post the board, or edit the turn's message (`post.edit`), which then tells the whole turn; a story
        longer than a message goes whole into a thread under it. Never waits for the channel: a busy one
        (its pace, or a 429) raises Throttled, and the service writes the latest board when it may."""
        channel_id = post.channel_id
        wait = self.pace.wait(channel_id)
        if wait > 0:
            raise Throttled(channel_id, wait)
        locale = self._locale(post.guild_id)
        text = story.board_text(post, locale)
        kwargs: dict[str, Any] = {
            "content": text.content,
            "allowed_mentions": discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in humans(post.mention)]
            ),
        }
        view = board_components(post.match_id, post.finished, locale)
        if view is not None:
            kwargs["view"] = view
        earlier = dict(post.edit or {})
        async with self._reaching(channel_id) as fetched, self._rate_limited(channel_id):
            channel = await self._channel(channel_id)
            fetched.append(channel)
            await self.pace.take(channel_id)
            message = await self._edit_board(channel, earlier, post.image, kwargs) if earlier else None
            if message is None:
                earlier = {}
                file = png(post.image, "board.png")
                message = await channel.send(**kwargs, **({"file": file} if file is not None else {}))
        handle: dict[str, Any] = {"message": message.id}
        told = await self._tell_story(channel, message.id, post, text.story, earlier)
        return {**handle, **told}

    async def _edit_board(
        self, channel: Any, earlier: dict[str, Any], image: bytes | None, kwargs: dict[str, Any]
    ) -> Any | None:
        """Edit the turn's message; None when it is gone (deleted by someone), so a new one is posted. Its
        image is replaced (an edit keeps only the attachments it lists)."""
        file = png(image, "board.png")
        try:
            return await channel.get_partial_message(int(earlier["message"])).edit(
                attachments=[file] if file is not None else [], **kwargs
            )
        except discord.NotFound:
            log.info("the board message %s is gone; the board is posted anew", earlier.get("message"))
            return None

    @contextlib.asynccontextmanager
    async def _rate_limited(self, channel_id: int) -> AsyncIterator[None]:
        """A 429 that discord.py did not wait out itself (a long one, or its retries spent) pauses the
        channel and becomes Throttled, so the service tries the board again when Discord said."""
        try:
            yield
        except discord.RateLimited as limited:
            self.pace.pause(channel_id, limited.retry_after)
            raise Throttled(channel_id, limited.retry_after) from limited
        except discord.HTTPException as failed:
            if failed.status != RATE_LIMITED:
                raise
            retry_after = _retry_after(failed)
            self.pace.pause(channel_id, retry_after)
            raise Throttled(channel_id, retry_after) from failed

    async def _tell_story(
        self, channel: Any, message_id: int, post: BoardPost, parts: list[str], earlier: dict[str, Any]
    ) -> dict[str, Any]:
        """Keep the thread under the board message telling the turn's whole story when it is longer than the
        message: each part is posted once and edited only when its text changed. Returns what the handle
        keeps of it: where the story is, its messages and a digest of each."""
        if not parts:
            return {key: earlier[key] for key in ("story_in", "story", "digests") if key in earlier}
        where = earlier.get("story_in") or await self._open_story(channel, message_id, post)
        target = await self._channel(int(where))
        ids: list[int] = list(earlier.get("story", []))
        digests: list[str] = list(earlier.get("digests", []))
        quiet = discord.AllowedMentions.none()
        for index, part in enumerate(parts):
            digest = hashlib.sha1(part.encode()).hexdigest()[:12]
            if index < len(ids) and index < len(digests) and digests[index] == digest:
                continue
            await self.pace.take(int(where))
            if index < len(ids):
                await target.get_partial_message(ids[index]).edit(content=defang(part), allowed_mentions=quiet)
                digests[index] = digest
            else:
                sent = await target.send(content=defang(part), allowed_mentions=quiet)
                ids.append(sent.id)
                digests.append(digest)
        for stale in ids[len(parts) :]:
            with contextlib.suppress(discord.NotFound):
                await target.get_partial_message(stale).delete()
        return {"story_in": int(where), "story": ids[: len(parts)], "digests": digests[: len(parts)]}

    async def _open_story(self, channel: Any, message_id: int, post: BoardPost) -> int:
        """The thread under the board message (its id is the message's). Where the bot may not open threads,
        the story follows in the channel itself: it is never cut."""
        if isinstance(channel, discord.Thread):
            return int(channel.id)  # a match played in a thread (a tournament's): no thread in a thread
        name = render(t("cogs-story-thread", title=post.title), self._locale(post.guild_id))
        try:
            thread = await channel.get_partial_message(message_id).create_thread(
                name=name[:THREAD_NAME_LIMIT], auto_archive_duration=THREAD_ARCHIVE_MINUTES
            )
        except discord.Forbidden:
            log.warning("cannot open a thread in channel %s; the turn's story follows in the channel", channel.id)
            return int(channel.id)
        except discord.HTTPException as failed:
            if failed.code == NO_THREADS_HERE:
                return int(channel.id)
            if failed.code != THREAD_EXISTS:
                raise
            return message_id  # opened before a restart that lost its handle: it has the message's id
        return int(thread.id)

    async def send_private(self, post: PrivatePost) -> bool:
        user = self.client.get_user(post.user_id) or await self.client.fetch_user(post.user_id)
        text, view = present_private(post, await self._dm_locale(post.user_id, post.guild_id))
        kwargs: dict[str, Any] = {"content": text}
        file = png(post.image, "private.png")
        if file is not None:
            kwargs["file"] = file
        if view is not None:
            kwargs["view"] = view
        try:
            await user.send(**kwargs)
        except discord.Forbidden as refused:
            if refused.code == CANNOT_DM:
                return False
            raise
        return True

    async def post_notice(self, notice: Notice) -> None:
        locale = self._locale(notice.guild_id)
        view = notice_components(notice.match_id, notice.version, notice.buttons, locale)
        await self._send_in_channel(
            notice.channel_id,
            content=clip(name_bots(render(notice.text, locale), locale)),
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in humans(notice.mention)]
            ),
            **({"view": view} if view is not None else {}),
        )

    async def send_notice(self, user_id: int, text: Text) -> bool:
        locale = await self._dm_locale(user_id, None)
        user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
        try:
            await user.send(clip(render(text, locale)))
        except discord.Forbidden as refused:
            if refused.code == CANNOT_DM:
                return False
            raise
        return True

    async def open_thread(self, channel_id: int, name: Text, text: Text, mention: Sequence[int]) -> int:
        channel = await self._channel(channel_id)
        locale = self._locale(getattr(getattr(channel, "guild", None), "id", None))
        async with self._thread_pace:
            thread = await channel.create_thread(
                name=render(name, locale)[:THREAD_NAME_LIMIT],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
            await self.pace.take(int(thread.id))  # its boards will be paced there: this message counts too
            await thread.send(clip(defang(render(text, locale), locale)), allowed_mentions=_pinging(mention))
        return int(thread.id)

    async def announce(self, announcement: Announcement) -> None:
        files = [discord.File(io.BytesIO(data), filename=name) for name, data in announcement.files]
        locale = self._locale(announcement.guild_id)
        await self._send_in_channel(
            announcement.channel_id,
            content=clip(defang(render(announcement.text, locale), locale)),
            files=files,
            allowed_mentions=_pinging(announcement.mention),
        )

    async def dm_refused(self, post: BoardPost, user_id: int) -> None:
        view = board_components(post.match_id, post.finished, self._locale(post.guild_id))
        await self._send_in_channel(
            post.channel_id,
            content=render(t("cogs-dm-refused", who=f"<@{user_id}>"), self._locale(post.guild_id)),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
            **({"view": view} if view is not None else {}),
        )


def _retry_after(failed: discord.HTTPException) -> float:
    """How long a 429 asked us to wait: Discord's Retry-After header, else a second."""
    headers = getattr(getattr(failed, "response", None), "headers", None) or {}
    try:
        return float(headers.get("Retry-After", DEFAULT_RETRY))
    except (TypeError, ValueError):
        return DEFAULT_RETRY


def _pinging(users: Sequence[int]) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in users])


def _missing(channel: Any) -> tuple[str, ...]:
    """The permissions the bot lacks in `channel` as far as discord.py's cache knows; empty when unknown."""
    me = getattr(getattr(channel, "guild", None), "me", None)
    if channel is None or me is None:
        return ()
    granted = channel.permissions_for(me)
    return tuple(name for attr, name in CHANNEL_PERMISSIONS if not getattr(granted, attr))

"""The Discord implementation of the delivery port."""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import Any

import discord
from aiolimiter import AsyncLimiter

from app.bots import humans, name_bots
from app.delivery import NEEDED_PERMISSIONS, Announcement, BoardPost, ChannelUnreachable, Notice, PrivatePost
from cogs.components import board_components, notice_components, present_private
from cogs.i18n import server_locale
from cogs.responses import board_text, clip, defang, png
from engine.i18n import Text, render, t

log = logging.getLogger(__name__)

CANNOT_DM = 50007
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
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
    def __init__(self, client: discord.Client, *, threads_per_minute: float = 20) -> None:
        self.client = client
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

    async def _send_in_channel(self, channel_id: int, **kwargs: Any) -> None:
        """Send in a match's channel. A channel closed to the bot (403: 50013 Missing Permissions, 50001
        Missing Access) becomes ChannelUnreachable naming what is missing, for the service to report."""
        channel: Any = None
        try:
            channel = await self._channel(channel_id)
            await channel.send(**kwargs)
        except discord.Forbidden as refused:
            if refused.code not in (MISSING_ACCESS, MISSING_PERMISSIONS):
                raise
            missing = _missing(channel)
            if not missing and refused.code == MISSING_ACCESS:
                missing = ("View Channel", *NEEDED_PERMISSIONS)
            raise ChannelUnreachable(channel_id, missing) from refused

    async def post_board(self, post: BoardPost) -> None:
        kwargs: dict[str, Any] = {
            "content": board_text(post, self._locale(post.guild_id)),
            "allowed_mentions": discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in humans(post.mention)]
            ),
        }
        file = png(post.image, "board.png")
        if file is not None:
            kwargs["file"] = file
        view = board_components(post.match_id, post.finished, self._locale(post.guild_id))
        if view is not None:
            kwargs["view"] = view
        await self._send_in_channel(post.channel_id, **kwargs)

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


def _pinging(users: Sequence[int]) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in users])


def _missing(channel: Any) -> tuple[str, ...]:
    """The permissions the bot lacks in `channel` as far as discord.py's cache knows; empty when unknown."""
    me = getattr(getattr(channel, "guild", None), "me", None)
    if channel is None or me is None:
        return ()
    granted = channel.permissions_for(me)
    return tuple(name for attr, name in CHANNEL_PERMISSIONS if not getattr(granted, attr))

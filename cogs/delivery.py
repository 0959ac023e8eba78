"""The Discord implementation of the delivery port."""

from __future__ import annotations

import logging
from typing import Any

import discord

from app.bots import humans, name_bots
from app.delivery import BoardPost, Notice, PrivatePost
from cogs.components import board_components, notice_components, present_private
from cogs.responses import board_text, clip, png

log = logging.getLogger(__name__)

CANNOT_DM = 50007


class DiscordDelivery:
    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def _channel(self, channel_id: int) -> Any:
        return self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)

    async def post_board(self, post: BoardPost) -> None:
        channel = await self._channel(post.channel_id)
        kwargs: dict[str, Any] = {
            "content": board_text(post),
            "allowed_mentions": discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in humans(post.mention)]
            ),
        }
        file = png(post.image, "board.png")
        if file is not None:
            kwargs["file"] = file
        view = board_components(post.match_id, post.finished)
        if view is not None:
            kwargs["view"] = view
        await channel.send(**kwargs)

    async def send_private(self, post: PrivatePost) -> bool:
        user = self.client.get_user(post.user_id) or await self.client.fetch_user(post.user_id)
        text, view = present_private(post)
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
        channel = await self._channel(notice.channel_id)
        view = notice_components(notice.match_id, notice.version, notice.buttons)
        await channel.send(
            clip(name_bots(notice.text)),
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in humans(notice.mention)]
            ),
            **({"view": view} if view is not None else {}),
        )

    async def send_notice(self, user_id: int, text: str) -> bool:
        user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
        try:
            await user.send(clip(text))
        except discord.Forbidden as refused:
            if refused.code == CANNOT_DM:
                return False
            raise
        return True

    async def dm_refused(self, post: BoardPost, user_id: int) -> None:
        channel = await self._channel(post.channel_id)
        view = board_components(post.match_id, post.finished)
        await channel.send(
            f"<@{user_id}>, I can't send you direct messages, so your hand stays here: press "
            "**My hand / my move** (only you will see it).",
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
            **({"view": view} if view is not None else {}),
        )

"""Answering interactions: one place that knows deferral, followups, limits and the one error handler."""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from app.delivery import BoardPost, PrivatePost
from app.errors import Refusal, StaleClick
from engine.core import GameError

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def png(data: bytes | None, name: str) -> discord.File | None:
    return None if data is None else discord.File(io.BytesIO(data), filename=name)


def board_text(post: BoardPost) -> str:
    head = f"**{post.title}**"
    body = "\n".join(f"• {line}" for line in post.lines)
    clock = "\n".join(post.clocks)
    # Keep the clocks and the status (who is to move) even when a long turn must be cut.
    room = MESSAGE_LIMIT - len(head) - len(clock) - len(post.status) - 6
    body = clip(body, max(room, 0)) if body else ""
    return "\n".join(part for part in (head, body, clock, post.status) if part)


def private_text(post: PrivatePost) -> str:
    parts = [f"**{post.title}**", *post.lines]
    if post.your_move and post.legal:
        parts.append("It is your move. Legal now: " + ", ".join(f"`{a}`" for a in post.legal[:40]))
        if len(post.legal) > 40:
            parts.append(f"…and {len(post.legal) - 40} more: use `/match move` to search them.")
    return clip("\n".join(parts))


async def send(
    interaction: discord.Interaction[Any],
    content: str,
    *,
    ephemeral: bool = True,
    file: discord.File | None = None,
    view: discord.ui.View | None = None,
) -> None:
    """Reply whether or not the interaction was deferred."""
    kwargs: dict[str, Any] = {"content": clip(content), "ephemeral": ephemeral}
    if file is not None:
        kwargs["file"] = file
    if view is not None:
        kwargs["view"] = view
    kwargs["allowed_mentions"] = discord.AllowedMentions.none()
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


async def defer(interaction: discord.Interaction[Any], *, ephemeral: bool = True) -> None:
    """Acknowledge within Discord's 3 seconds, before any lock, database or drawing."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


async def report_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """The one error handler: refusals become a private message saying what was wrong."""
    original = getattr(error, "original", None) or error
    if isinstance(original, StaleClick):
        service = interaction.client.service  # type: ignore[attr-defined]
        post = await service.board(match_id=original.match_id)
        await send(interaction, f"{original.message}\n\n{board_text(post)}", file=png(post.image, "board.png"))
        return
    if isinstance(original, Refusal | GameError):
        await send(interaction, original.message)
        return
    log.error("unexpected error in %s", _where(interaction), exc_info=original)
    try:
        await send(interaction, "Something went wrong on our side. Nothing was changed; please try again.")
    except discord.HTTPException:
        log.warning("could not tell the user about the error")


def _where(interaction: discord.Interaction[Any]) -> str:
    command = interaction.command
    return f"/{command.qualified_name}" if command else f"component {interaction.data!r}"

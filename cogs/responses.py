"""Answering interactions: one place that knows deferral, followups, limits and the one error handler."""

from __future__ import annotations

import io
import logging
import re
from typing import Any

import discord

from app.bots import name_bots
from app.delivery import BoardPost, PrivatePost
from app.errors import Refusal, StaleClick
from cogs import story
from cogs.i18n import clip as cut
from cogs.i18n import locale_of
from engine.core import GameError
from engine.i18n import Text, joined, render, t

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000
USER_TEXT_LIMIT = 60
"""At most this many characters of anything a user typed (a name, a filename, an option) are repeated."""
PUBLIC_PLACEHOLDER = "arbiter:public-placeholder"
"""Key in `interaction.extras`: the interaction was deferred in public and nothing has answered it yet."""

_MASKED_LINK = re.compile(r"(?<!\\)\[(?=.*?\]\()", re.DOTALL)
_MASS_MENTION = re.compile(r"@(everyone|here)")


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """At most `limit` characters (a message's 2000 by default), an ellipsis marking a cut."""
    return cut(text, limit)


def user_text(text: object, limit: int = USER_TEXT_LIMIT) -> str:
    """Something a user typed, made safe to repeat inside our message: one line, clipped, with Discord's
    markdown (a masked link, bold, a code span breaking out) and mentions shown as the plain characters."""
    flat = " ".join(str(text).split())
    return discord.utils.escape_mentions(discord.utils.escape_markdown(clip(flat, limit)))


def defang(content: str, locale: str | None = None) -> str:
    """The last guard on every message we send: no masked link and no @everyone/@here can come alive, even
    from user text a refusal quotes. Our own wording never uses either, so nothing of ours changes. A bot
    seat's mention is written as the bot's name (a bot is no Discord user)."""
    return name_bots(_MASS_MENTION.sub("@\u200b\\1", _MASKED_LINK.sub("\\\\[", content)), locale)


def png(data: bytes | None, name: str) -> discord.File | None:
    return None if data is None else discord.File(io.BytesIO(data), filename=name)


def board_text(post: BoardPost, locale: str | None = None) -> str:
    """The board's text as its channel (or its asker) reads it in `locale`: when the turn's story is longer
    than a message, its newest lines and a note that the rest is in the board message's thread."""
    return story.board_text(post, locale).content


def private_text(post: PrivatePost) -> Text:
    """A private view's text: its title, its lines and, on the player's move, their legal moves."""
    parts: list[Text] = [t("cogs-title", title=post.title), *post.lines]
    if post.your_move and post.legal:
        parts.append(t("cogs-your-move", legal=", ".join(f"`{a}`" for a in post.legal[:40])))
        if len(post.legal) > 40:
            parts.append(t("cogs-more-moves", more=len(post.legal) - 40, game=post.game))
    return joined(parts)


async def send(
    interaction: discord.Interaction[Any],
    content: Text,
    *,
    ephemeral: bool = True,
    file: discord.File | None = None,
    view: discord.ui.View | None = None,
    files: list[discord.File] | None = None,
) -> None:
    """Reply whether or not the interaction was deferred, in the asker's locale. An `ephemeral` reply
    reaches only the user even after a public deferral (see `defer`)."""
    locale = locale_of(interaction)
    kwargs: dict[str, Any] = {"content": clip(defang(render(content, locale), locale)), "ephemeral": ephemeral}
    if file is not None:
        kwargs["file"] = file
    if files:
        kwargs["files"] = files
    if view is not None:
        kwargs["view"] = view
    kwargs["allowed_mentions"] = discord.AllowedMentions.none()
    if not interaction.response.is_done():
        await interaction.response.send_message(**kwargs)
        return
    if interaction.extras.pop(PUBLIC_PLACEHOLDER, False) and ephemeral:
        await _drop_public_placeholder(interaction)
    await interaction.followup.send(**kwargs)


def pages(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """`text` cut at line ends into messages of at most `limit` characters; a single line longer than a
    message is clipped, never split mid-word."""
    out: list[str] = []
    current = ""
    for line in text.split("\n"):
        candidate = f"{current}\n{line}" if current else line
        if current and len(candidate) > limit:
            out.append(current)
            candidate = line
        current = candidate
    out.append(current)
    return [clip(part, limit) for part in out if part.strip()] or [clip(text, limit)]


async def send_pages(interaction: discord.Interaction[Any], content: Text, *, ephemeral: bool = True) -> None:
    """A reply too long for one message (a card with many rulings, a long help topic) as several, cut at
    line ends in the asker's locale, each with the same visibility."""
    for part in pages(render(content, locale_of(interaction))):
        await send(interaction, part, ephemeral=ephemeral)


async def defer(interaction: discord.Interaction[Any], *, ephemeral: bool = True) -> None:
    """Acknowledge within Discord's 3 seconds, before any lock, database or drawing.

    A public deferral posts a "thinking…" message in the channel, and Discord makes the first followup
    *that* message, public whatever its ephemeral flag. So we remember it, and `send` removes the
    placeholder before a private reply (a refusal) instead of letting the refusal replace it."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        if not ephemeral:
            interaction.extras[PUBLIC_PLACEHOLDER] = True


async def _drop_public_placeholder(interaction: discord.Interaction[Any]) -> None:
    try:
        await interaction.delete_original_response()
    except discord.HTTPException:
        # It could not be removed: complete it with words of our own, so the private reply that follows is
        # a second followup (which keeps its flag) and not the public answer itself.
        log.warning("could not delete a public placeholder; completing it instead")
        await interaction.edit_original_response(content=render(t("cogs-nothing-done"), locale_of(interaction)))


async def report_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """The one error handler: refusals become a private message saying what was wrong."""
    original = getattr(error, "original", None) or error
    if isinstance(original, StaleClick):
        service = interaction.client.service  # type: ignore[attr-defined]
        post = await service.board(match_id=original.match_id)
        board = board_text(post, locale_of(interaction))
        await send(interaction, joined([original.msg, board], "\n\n"), file=png(post.image, "board.png"))
        return
    if isinstance(original, Refusal | GameError):
        await send(interaction, original.msg)
        return
    log.error("unexpected error in %s", _where(interaction), exc_info=original)
    try:
        await send(interaction, t("cogs-went-wrong"))
    except discord.HTTPException:
        log.warning("could not tell the user about the error")


def _where(interaction: discord.Interaction[Any]) -> str:
    command = interaction.command
    return f"/{command.qualified_name}" if command else f"component {interaction.data!r}"

"""The shared commands of a match in play: move (and the game's verb shortcuts), hand, status, undo, takeback,
resign, abort and claim. Built for each game by `cogs/table.py`; each finds the channel's match of its own
game, asks the service, and answers."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from discord import app_commands

from app.errors import Refusal
from app.service import ActResult
from cogs.components import send_board_reply, send_private_reply
from cogs.gamekit import (
    GameCommands,
    Interaction,
    Reply,
    Verb,
    keeper_of,
    match_here,
    rewinder_of,
    service_of,
)
from cogs.i18n import clip, rendered
from cogs.i18n import command_text as c
from cogs.responses import defer, send
from db.records import MatchRecord
from engine.core import Game
from engine.i18n import Msg, Text, t

TEXT_LIMIT = 100
log = logging.getLogger(__name__)
AUTOCOMPLETE_LIMIT = 25

Command = app_commands.Command[Any, ..., None]


# -------------------------------------------------------------------------------------------- moves


async def play(interaction: Interaction, game: Game[Any], extras: GameCommands, typed: str, verb: str | None) -> None:
    """Play what the player typed into `move` (verb None) or into a verb shortcut, and answer them."""
    await defer(interaction)
    record = await match_here(interaction, game.name, verb or "move")
    notation = read_move(extras, typed, verb)
    result = await service_of(interaction).act(user_id=interaction.user.id, action=notation, match_id=record.id)
    try:
        text, view = await (extras.reply or played)(interaction, result)
    except Exception:  # the move stands: say so, without the extras, rather than "nothing was changed"
        log.exception("the reply after a move in match %s failed", record.id)
        text, view = await played(interaction, result)
    await send(interaction, text, view=view)


async def played(interaction: Interaction, result: ActResult) -> Reply:
    return t("cogs-played", move=result.notation), None


def read_move(extras: GameCommands, typed: str, verb: str | None) -> str:
    """The notation for what was typed: the game reads its own labels back; by default a shortcut adds its
    verb in front unless the player typed it."""
    if extras.read is not None:
        return extras.read(typed, verb)
    text = " ".join(typed.split())
    if verb is None or text.lower() == verb or text.lower().startswith(verb + " "):
        return text
    return f"{verb} {text}".strip()


async def offered(
    interaction: Interaction, game: Game[Any], extras: GameCommands, typed: str, verb: str | None
) -> list[app_commands.Choice[str]]:
    """Exactly the player's legal moves (of `verb`) that match what was typed, for the autocomplete."""
    if interaction.channel_id is None:
        return []
    try:
        record = await match_here(interaction, game.name, verb or "move")
    except Refusal:
        return []  # no match here, or another game's: nothing to offer
    query = read_move(extras, typed, verb) if typed.strip() else ""
    if verb is not None and query.lower().startswith(verb):
        query = query[len(verb) :].strip()
    moves = await service_of(interaction).legal_moves(
        user_id=interaction.user.id, match_id=record.id, typed=query, verb=verb
    )
    label = extras.label or (lambda move, _verb: move)
    return [
        app_commands.Choice(name=clip(rendered(label(m, verb), interaction)), value=m[:TEXT_LIMIT])
        for m in moves[:AUTOCOMPLETE_LIMIT]
    ]


def _move(game: Game[Any], extras: GameCommands) -> Command:
    async def move(interaction: Interaction, action: str) -> None:
        await play(interaction, game, extras, action, None)

    async def moves(interaction: Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return await offered(interaction, game, extras, typed, None)

    app_commands.describe(action=c(t("cogs-describe-action")))(move)
    app_commands.rename(action=c(t("cogs-option-action")))(move)
    made = app_commands.Command(name=c(t("cogs-cmd-move")), description=c(t("cogs-move")), callback=move)
    made.autocomplete("action")(moves)
    return made


def verb_command(game: Game[Any], extras: GameCommands, verb: Verb) -> Command:
    """`/<game> <verb> <parameter>`: `move` for one verb, with that verb's legal moves offered."""
    if verb.parameter is None:

        async def bare(interaction: Interaction) -> None:
            await play(interaction, game, extras, verb.name, verb.name)

        return app_commands.Command(name=c(verb.name), description=c(verb.description), callback=bare)

    async def with_text(interaction: Interaction, text: str) -> None:
        await play(interaction, game, extras, text, verb.name)

    async def moves(interaction: Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return await offered(interaction, game, extras, typed, verb.name)

    app_commands.rename(text=c(verb.parameter))(with_text)
    app_commands.describe(text=c(verb.parameter_help or t("cogs-describe-verb-text")))(with_text)
    made = app_commands.Command(name=c(verb.name), description=c(verb.description), callback=with_text)
    made.autocomplete("text")(moves)
    return made


# ------------------------------------------------------------------------------------------ looking


def _hand(game: Game[Any], extras: GameCommands) -> Command:
    async def hand(interaction: Interaction) -> None:
        await defer(interaction)
        record = await match_here(interaction, game.name, "hand", any_status=True)
        post = await service_of(interaction).private_view(user_id=interaction.user.id, match_id=record.id)
        await send_private_reply(interaction, post)

    return app_commands.Command(name=c(t("cogs-cmd-hand")), description=c(t("cogs-hand")), callback=hand)


def _status(game: Game[Any], extras: GameCommands) -> Command:
    async def status(interaction: Interaction, public: bool = False) -> None:
        await defer(interaction, ephemeral=not public)
        record = await match_here(interaction, game.name, "status", any_status=True)
        post = await service_of(interaction).board(match_id=record.id, user_id=interaction.user.id)
        await send_board_reply(interaction, post, ephemeral=not public)

    app_commands.describe(public=c(t("cogs-describe-public-status")))(status)
    app_commands.rename(public=c(t("cogs-option-public")))(status)
    return app_commands.Command(name=c(t("cogs-cmd-status")), description=c(t("cogs-status")), callback=status)


# ---------------------------------------------------------------------------------- taking back, ending


def answered(
    name: Msg, description: Msg, answer: Callable[[Interaction, MatchRecord], Awaitable[Text]]
) -> Callable[[Game[Any], GameCommands], Command]:
    """A command without options whose answer, private, is one text about the channel's live match. Those
    that change the match tell the channel with a notice of their own (a new message, which pings)."""

    def make(game: Game[Any], extras: GameCommands) -> Command:
        async def command(interaction: Interaction) -> None:
            await defer(interaction)
            record = await match_here(interaction, game.name, name.english)
            await send(interaction, await answer(interaction, record))

        return app_commands.Command(name=c(name), description=c(description), callback=command)

    return make


async def _undo(interaction: Interaction, record: MatchRecord) -> Text:
    return await rewinder_of(interaction).undo(user_id=interaction.user.id, match_id=record.id)


async def _takeback(interaction: Interaction, record: MatchRecord) -> Text:
    return await rewinder_of(interaction).request_takeback(user_id=interaction.user.id, match_id=record.id)


async def _resign(interaction: Interaction, record: MatchRecord) -> Text:
    record = await service_of(interaction).resign(user_id=interaction.user.id, match_id=record.id)
    return t("cogs-resigned", id=record.id)


async def _abort(interaction: Interaction, record: MatchRecord) -> Text:
    result = await service_of(interaction).abort(
        user_id=interaction.user.id, can_manage_guild=_can_manage(interaction), match_id=record.id
    )
    return result.reply


async def _claim(interaction: Interaction, record: MatchRecord) -> Text:
    record = await keeper_of(interaction).claim_timeout(user_id=interaction.user.id, match_id=record.id)
    return t("cogs-match-status", id=record.id, status=service_of(interaction).status_line(record))


def _can_manage(interaction: Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_guild)


PLAY_COMMANDS: tuple[Callable[[Game[Any], GameCommands], Command], ...] = (
    _move,
    _hand,
    _status,
    answered(t("cogs-cmd-undo"), t("cogs-undo"), _undo),
    answered(t("cogs-cmd-takeback"), t("cogs-takeback"), _takeback),
    answered(t("cogs-cmd-resign"), t("cogs-resign"), _resign),
    answered(t("cogs-cmd-abort"), t("cogs-abort"), _abort),
    answered(t("cogs-cmd-claim"), t("cogs-claim"), _claim),
)

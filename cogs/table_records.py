"""The shared commands that read a match's record: history, replay, export (the replayable log) and position
(a scenario file). Built for each game by `cogs/table.py`."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from app.errors import Refusal
from cogs.components import replay_components, replay_text
from cogs.gamekit import GameCommands, Interaction, match_here, rewinder_of, same_game, service_of
from cogs.i18n import command_text as c
from cogs.responses import defer, png, send
from engine.core import Game
from engine.i18n import joined, t

Command = app_commands.Command[Any, ..., None]


def _history(game: Game[Any], extras: GameCommands) -> Command:
    async def history(interaction: Interaction, page: app_commands.Range[int, 1] = 1) -> None:
        await defer(interaction)
        record = await match_here(interaction, game.name, "history", any_status=True)
        found = await service_of(interaction).history(user_id=interaction.user.id, match_id=record.id, page=page)
        body = joined(found.lines) if found.lines else t("cogs-nothing-yet")
        await send(interaction, joined([t("cogs-history-page", page=found.page, pages=found.pages), body]))

    app_commands.describe(page=c(t("cogs-describe-page")))(history)
    app_commands.rename(page=c(t("cogs-option-page")))(history)
    return app_commands.Command(name=c(t("cogs-cmd-history")), description=c(t("cogs-history")), callback=history)


def _replay(game: Game[Any], extras: GameCommands) -> Command:
    async def replay(interaction: Interaction, move: app_commands.Range[int, 0] = 0) -> None:
        await defer(interaction)
        record = await match_here(interaction, game.name, "replay", any_status=True)
        frame = await rewinder_of(interaction).frame(match_id=record.id, step=move, user_id=interaction.user.id)
        await send(
            interaction,
            replay_text(frame),
            file=png(frame.post.image, "replay.png"),
            view=replay_components(record.id, frame.step, frame.steps),
        )

    app_commands.describe(move=c(t("cogs-describe-replay-move")))(replay)
    app_commands.rename(move=c(t("cogs-option-move")))(replay)
    return app_commands.Command(name=c(t("cogs-cmd-replay")), description=c(t("cogs-replay")), callback=replay)


def _export(game: Game[Any], extras: GameCommands) -> Command:
    async def export(interaction: Interaction, match_id: int | None = None) -> None:
        await defer(interaction)
        service = service_of(interaction)
        if match_id is not None:
            record = same_game(await service.find(match_id=match_id), game.name, "export")
        else:
            record = await match_here(interaction, game.name, "export", any_status=True)
        if record.guild_id != interaction.guild_id and not record.is_member(interaction.user.id):
            raise Refusal(t("cogs-export-elsewhere", id=record.id))
        text = await rewinder_of(interaction).export(match_id=record.id, user_id=interaction.user.id)
        await send(
            interaction,
            t("cogs-export", id=record.id),
            file=discord.File(io.BytesIO(text.encode()), filename=f"match-{record.id}.jsonl"),
        )

    app_commands.describe(match_id=c(t("cogs-describe-match-id")))(export)
    app_commands.rename(match_id=c(t("cogs-option-match-id")))(export)
    return app_commands.Command(name=c(t("cogs-cmd-export")), description=c(t("cogs-export-command")), callback=export)


def _position(game: Game[Any], extras: GameCommands) -> Command:
    async def position(interaction: Interaction, mine: bool = False) -> None:
        await defer(interaction)
        record = await match_here(interaction, game.name, "position", any_status=True)
        text = await service_of(interaction).position_text(user_id=interaction.user.id, match_id=record.id, mine=mine)
        await send(
            interaction,
            t("cogs-position", id=record.id, game=game.name),
            file=discord.File(io.BytesIO(text.encode()), filename=f"match-{record.id}.toml"),
        )

    app_commands.describe(mine=c(t("cogs-describe-mine")))(position)
    app_commands.rename(mine=c(t("cogs-option-mine")))(position)
    return app_commands.Command(
        name=c(t("cogs-cmd-position")), description=c(t("cogs-position-command")), callback=position
    )


RECORD_COMMANDS: tuple[Callable[[Game[Any], GameCommands], Command], ...] = (_history, _replay, _export, _position)

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
from cogs.responses import defer, png, send
from engine.core import Game

Command = app_commands.Command[Any, ..., None]


def _history(game: Game[Any], extras: GameCommands) -> Command:
    async def history(interaction: Interaction, page: app_commands.Range[int, 1] = 1) -> None:
        await defer(interaction)
        record = await match_here(interaction, game.name, "history", any_status=True)
        found = await service_of(interaction).history(user_id=interaction.user.id, match_id=record.id, page=page)
        body = "\n".join(found.lines) or "Nothing has happened yet."
        await send(interaction, f"**History, page {found.page} of {found.pages}**\n{body}")

    app_commands.describe(page="Page number, from 1")(history)
    return app_commands.Command(
        name="history", description="The moves so far (your own secrets included, only for you)", callback=history
    )


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

    app_commands.describe(move="Start at this move (0 is the start)")(replay)
    return app_commands.Command(
        name="replay", description="Step through the match's boards, move by move (only you)", callback=replay
    )


def _export(game: Game[Any], extras: GameCommands) -> Command:
    async def export(interaction: Interaction, match_id: int | None = None) -> None:
        await defer(interaction)
        service = service_of(interaction)
        if match_id is not None:
            record = same_game(await service.find(match_id=match_id), game.name, "export")
        else:
            record = await match_here(interaction, game.name, "export", any_status=True)
        if record.guild_id != interaction.guild_id and not record.is_member(interaction.user.id):
            raise Refusal(f"Match #{record.id} was played in another server; only its players can export it here.")
        text = await rewinder_of(interaction).export(match_id=record.id, user_id=interaction.user.id)
        await send(
            interaction,
            f"The log of match #{record.id}. Check it with `python bot.py replay match-{record.id}.jsonl`.",
            file=discord.File(io.BytesIO(text.encode()), filename=f"match-{record.id}.jsonl"),
        )

    app_commands.describe(match_id="Which match (default: the last one in this channel)")(export)
    return app_commands.Command(
        name="export", description="The finished match's full log as a file anyone can replay", callback=export
    )


def _position(game: Game[Any], extras: GameCommands) -> Command:
    async def position(interaction: Interaction, mine: bool = False) -> None:
        await defer(interaction)
        record = await match_here(interaction, game.name, "position", any_status=True)
        text = await service_of(interaction).position_text(user_id=interaction.user.id, match_id=record.id, mine=mine)
        await send(
            interaction,
            f"The position of match #{record.id} as a scenario file. Run it with `python bot.py scenario run`, "
            f"or start a new match from it with `/{game.name} new scenario:`.",
            file=discord.File(io.BytesIO(text.encode()), filename=f"match-{record.id}.toml"),
        )

    app_commands.describe(mine="Include what only you can see (your hand); the file is sent only to you")(position)
    return app_commands.Command(
        name="position", description="The current position as a scenario file (public parts only)", callback=position
    )


RECORD_COMMANDS: tuple[Callable[[Game[Any], GameCommands], Command], ...] = (_history, _replay, _export, _position)

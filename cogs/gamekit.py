"""What a game adds to its command group, how the builder finds it, and the helpers its commands share.

A game's Discord package `cogs/<game>/` may hold a module `commands.py` whose `COMMANDS` is a
`GameCommands`: verb shortcuts, its own lookups, how its moves read and reply, its buttons. It is found by
the game's name, like `render/<game>/`, so adding a game edits no list here; a game without the package
still gets the whole shared command group.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from app.errors import Refusal
from app.hints import command
from app.rewind import Rewinder
from app.service import ActResult, MatchService
from app.timekeeping import Timekeeper
from cogs.components import PrivateComponents, PrivateText
from db.records import LogEntry, MatchRecord
from engine.core import GAMES
from engine.i18n import Text, t

Interaction = discord.Interaction[Any]
Reply = tuple[Text, discord.ui.View | None]


@dataclass(frozen=True, slots=True)
class Verb:
    """A shortcut for one verb of the game's notation: `/<game> play card:X` is `/<game> move play X`.

    Its autocomplete offers exactly the legal moves of that verb, and a move goes through the same reply as
    `move`. `parameter` is None for a verb without arguments (`end`)."""

    name: str
    description: Text
    parameter: str | None = None
    parameter_help: Text = ""


@dataclass(frozen=True, slots=True)
class GameCommands:
    """A game's own part of its command group. Everything is optional: the default is the shared group."""

    verbs: tuple[Verb, ...] = ()
    """Verb shortcuts, each a subcommand beside the shared ones."""
    extend: Callable[[app_commands.Group], None] | None = None
    """Adds the game's own commands (lookups, lobby choices) to its group."""
    help: Text = ""
    """How the game is played here, shown by `/<game> help` under the game's title."""
    topics: Callable[[str], list[tuple[Text, str]]] | None = None
    """(label, value) of the game's own help topics matching what was typed (rules entries, keywords)."""
    topic: Callable[[str], Text | None] | None = None
    """The text of one of the game's help topics, or None when it has no such topic."""
    read: Callable[[str, str | None], str] | None = None
    """What a player typed into `move` (verb None) or a verb shortcut, as notation (labels read back)."""
    label: Callable[[str, str | None], Text] | None = None
    """How a legal move reads in the autocomplete of `move` (verb None) or of a verb shortcut."""
    reply: Callable[[Interaction, ActResult], Awaitable[Reply]] | None = None
    """The answer to the mover (default: "Played `…`.")."""
    table_line: Callable[[MatchRecord], Text] | None = None
    """A sentence about a new table, in its announcement (the heroes chosen so far)."""
    seats_line: Callable[[MatchService, MatchRecord], Text] | None = None
    """Who sits where once the match has started (default: seat names and mentions)."""
    items: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()
    """The game's own buttons and menus, registered so they work after a restart."""
    presenter: tuple[PrivateText, PrivateComponents] | None = None
    """How the game words a private view and which buttons it gets (DMs, the hand button, `hand`)."""
    public_export: Callable[[MatchRecord, Sequence[LogEntry]], str] | None = None
    """The match so far as text anyone may read at any time (a play-by-forum post); the soak searches it
    for hidden cards."""


NO_EXTRAS = GameCommands()


def game_commands(game_name: str) -> GameCommands:
    """The game's own additions from its package `cogs/<game>/commands.py`, or none."""
    if not game_name.isidentifier():
        return NO_EXTRAS
    package = importlib.util.find_spec(f"cogs.{game_name}")
    # Only a package is a game's folder: `cogs.match` and the other shared modules are never one.
    if package is None or package.submodule_search_locations is None:
        return NO_EXTRAS
    if importlib.util.find_spec(f"cogs.{game_name}.commands") is None:
        return NO_EXTRAS
    declared = getattr(importlib.import_module(f"cogs.{game_name}.commands"), "COMMANDS", NO_EXTRAS)
    if not isinstance(declared, GameCommands):
        raise TypeError(f"cogs.{game_name}.commands.COMMANDS must be a GameCommands, not {type(declared).__name__}")
    return declared


# ------------------------------------------------------------------------------ the table's helpers


def service_of(interaction: Interaction) -> MatchService:
    return interaction.client.service  # type: ignore[attr-defined, no-any-return]


def keeper_of(interaction: Interaction) -> Timekeeper:
    return interaction.client.keeper  # type: ignore[attr-defined, no-any-return]


def rewinder_of(interaction: Interaction) -> Rewinder:
    return interaction.client.rewinder  # type: ignore[attr-defined, no-any-return]


def channel_of(interaction: Interaction) -> int:
    if interaction.channel_id is None:
        raise Refusal(t("cogs-use-in-channel"))
    return interaction.channel_id


def same_game(record: MatchRecord, game_name: str, sub: str) -> MatchRecord:
    """`record`, when it is a match of `game_name`; otherwise a refusal naming the command that fits it."""
    if record.game != game_name:
        title = GAMES[record.game].title if record.game in GAMES else record.game
        raise Refusal(t("cogs-other-game", id=record.id, game=title, command=command(record.game, sub)))
    return record


async def match_here(interaction: Interaction, game_name: str, sub: str, *, any_status: bool = False) -> MatchRecord:
    """The channel's match of this game: the live one, or with `any_status` the last one played here."""
    service = service_of(interaction)
    channel = channel_of(interaction)
    record = await service.last_in_channel(channel) if any_status else await service.find(channel_id=channel)
    return same_game(record, game_name, sub)

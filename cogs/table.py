"""One command group per game, built from the engine registry: `/<game> new`, `join`, `start`, `move`, …

Every game gets the same lifecycle commands with the same options, so a player who knows one game's table
knows them all; a game adds its own lookups and verb shortcuts from its package `cogs/<game>/` (see
`cogs/gamekit.py`). Nothing here names a game: adding one to the registry gives it its group. The commands
only translate; the service decides.

Seats follow the joining order by default at every table (the creator is p1, the first to join p2), so an
option that names a seat at `new` (a hero for p2, who moves first) reaches the player it was chosen for;
`start order:random` shuffles them. Who moves first is the game's own rule, not the seating's.
"""

from __future__ import annotations

import inspect
import logging
import re
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from app.bots import POLICY_ORDER, is_bot, seat_bots
from app.errors import Refusal
from app.options import check_options, parse_options
from app.service import SCENARIO_WARNING, MatchService, read_scenario
from cogs.components import register_private_presenter
from cogs.gamekit import (
    NO_EXTRAS,
    GameCommands,
    Interaction,
    channel_of,
    game_commands,
    match_here,
    service_of,
)
from cogs.responses import defer, send, user_text
from cogs.table_help import overview, topic_choices, topic_text
from cogs.table_play import PLAY_COMMANDS, verb_command
from cogs.table_records import RECORD_COMMANDS
from db.records import MatchRecord
from engine.core import GAMES, Game
from engine.policy import POLICIES

log = logging.getLogger(__name__)

SUBCOMMAND_LIMIT = 25
"""Discord: at most 25 subcommands (and subcommand groups) in a group, 25 options in a command."""
CHOICE_LIMIT = 25
TEXT_LIMIT = 100
"""Discord: a choice's name and value, and a command's or option's description, are at most 100 characters."""
NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
"""A slash command's name, as Discord takes it (our games use plain lowercase ASCII)."""
SCENARIO_LIMIT = 64 * 1024

CLOCKS = [
    app_commands.Choice(name="no clock", value="none"),
    app_commands.Choice(name="days per move, with a bank", value="per_move"),
    app_commands.Choice(name="total days per player", value="total"),
]
TIMEOUTS = [
    app_commands.Choice(name="opponent may claim the win", value="claim"),
    app_commands.Choice(name="the match ends automatically", value="auto"),
]
BOTS = [app_commands.Choice(name=POLICIES[name].title, value=name) for name in POLICY_ORDER]
ORDERS = [
    app_commands.Choice(name="joining order: the creator is p1 (default)", value="join"),
    app_commands.Choice(name="random", value="random"),
]


def table_games(allow_unoffered: bool = False) -> list[Game[Any]]:
    """The games that get a command group: those offered to players (with `allow_unoffered`, tests' too)."""
    return [g for _name, g in sorted(GAMES.items()) if g.offered or allow_unoffered]


def build_group(game: Game[Any], extras: GameCommands | None = None) -> app_commands.Group:
    """`/<game>`: the shared lifecycle, then the game's own commands, then its verb shortcuts."""
    extras = game_commands(game.name) if extras is None else extras
    if not NAME.match(game.name):
        raise ValueError(f"game name {game.name!r} cannot name a slash command group (lowercase, 1-32 characters)")
    group = app_commands.Group(name=game.name, description=_clip(f"{game.title}: open a table, play and look up"))
    for make in (*LOBBY_COMMANDS, *PLAY_COMMANDS, *RECORD_COMMANDS):
        group.add_command(make(game, extras))
    own = app_commands.Group(name=game.name, description=group.description)
    if extras.extend is not None:
        extras.extend(own)
    count = len(group.commands) + len(own.commands) + len(extras.verbs)
    if count > SUBCOMMAND_LIMIT:
        raise ValueError(
            f"/{game.name} would have {count} subcommands; Discord allows {SUBCOMMAND_LIMIT}. "
            "Declare fewer verb shortcuts (every verb is playable through `move`)."
        )
    for command in own.commands:
        group.add_command(command)
    for verb in extras.verbs:
        group.add_command(verb_command(game, extras, verb))
    if extras.presenter is not None:
        # `hand`, the board's hand button and DMs word the game's private views alike.
        register_private_presenter(game.name, *extras.presenter)
    return group


# ------------------------------------------------------------------------------------------- lobby


def _new(game: Game[Any], extras: GameCommands) -> app_commands.Command[Any, ..., None]:
    info = game.info

    async def new(
        interaction: Interaction,
        mode: str | None = None,
        options: str = "",
        clock: str | None = None,
        days: app_commands.Range[float, 0.01, 3650.0] | None = None,
        bank_days: app_commands.Range[float, 0.01, 3650.0] | None = None,
        on_timeout: str | None = None,
        scenario: discord.Attachment | None = None,
        bots: app_commands.Range[int, 0, 25] = 0,
        bot: str = "random",
    ) -> None:
        await defer(interaction, ephemeral=False)
        chosen = check_options(info, parse_options(options))
        if mode is not None:
            if info.mode(mode) is None:
                listed = ", ".join(m.name for m in info.modes) or "none"
                raise Refusal(f"{info.title} has no mode “{user_text(mode)}”; its modes are {listed}.")
            if "mode" in chosen:
                raise Refusal("Choose the mode with this command's `mode` option, not in `options`.")
            chosen["mode"] = mode
        position = await _scenario_text(scenario) if scenario is not None else None
        if position is not None:
            _same_game_file(game, read_scenario(position).game)
        if bots:
            _room_for_bots(game, chosen, bots, bot)
        service = service_of(interaction)
        record = await service.new_match(
            scenario=position,
            game_name=game.name,
            options=chosen,
            guild_id=interaction.guild_id,
            channel_id=channel_of(interaction),
            user_id=interaction.user.id,
            time_control={"kind": clock, "days": days, "bank_days": bank_days, "on_timeout": on_timeout},
            rated=bots == 0,
        )
        if bots:
            record = await seat_bots(service, record, bots, bot)
        source = f" from the position file “{user_text(scenario.filename)}”" if scenario is not None else ""
        which = f"match #{record.id}, {mode}" if mode is not None else f"match #{record.id}"
        fewest, most = game.seat_range(record.options)
        seats = f"{fewest} players" if fewest == most else f"{fewest} to {most} players"
        timing = " ".join(service.clock_lines(record)) or "Clock: no time limit."
        about = f" {extras.table_line(record)}" if extras.table_line is not None else ""
        if bots:
            names = ", ".join(f"<@{m.user_id}>" for m in record.members if is_bot(m.user_id))
            about += f" Bots take the next seats: {names} (a match with bots is unrated)."
        await send(
            interaction,
            f"{interaction.user.mention} opened a table for **{info.title}**{source} ({which}, {seats}). "
            f"{timing}{about}\n"
            f"Join with `/{game.name} join`; the creator starts it with `/{game.name} start`. "
            f"How it works here: `/{game.name} help`.{warning(record)}",
            ephemeral=False,
        )

    described = {
        "options": _clip(f"Game options as key=value pairs; `/{game.name} help` lists them. Empty: defaults"),
        "clock": "Time control (default: the server's setting for this game)",
        "days": "Days per move (per-move clock) or for the whole match (total clock)",
        "bank_days": "Per-move clock: the most time a player's bank may hold",
        "on_timeout": "When a clock runs out: the opponent claims the win, or the match ends at once",
        "scenario": "A scenario file (.toml) to start from its position instead of the normal setup",
        "bots": "How many seats bots take at once (they play themselves; the match is unrated)",
        "bot": "Which bot plays those seats (default: random)",
    }
    if info.modes:
        modes = [
            app_commands.Choice(name=_clip(f"{m.name}: {m.help}" if m.help else m.name), value=m.name)
            for m in info.modes
        ]
        app_commands.choices(mode=modes)(new)
        described["mode"] = "How to play (default: the game's own choice from the seats)"
    else:
        _drop_parameter(new, "mode")
    app_commands.choices(clock=CLOCKS, on_timeout=TIMEOUTS, bot=BOTS)(new)
    app_commands.describe(**described)(new)
    return app_commands.Command(
        name="new", description=_clip(f"Open a {info.title} table in this channel"), callback=new
    )


def _join(game: Game[Any], extras: GameCommands) -> app_commands.Command[Any, ..., None]:
    async def join(interaction: Interaction) -> None:
        await defer(interaction, ephemeral=False)
        record = await match_here(interaction, game.name, "join")
        record = await service_of(interaction).join(channel_id=record.channel_id, user_id=interaction.user.id)
        await send(
            interaction,
            f"{interaction.user.mention} joined match #{record.id} ({len(record.members)} players).{warning(record)}"
            + (f" Changed your mind? `/{game.name} leave` before it starts." if not record.rated else ""),
            ephemeral=False,
        )

    return app_commands.Command(name="join", description="Take a seat at the table in this channel", callback=join)


def _leave(game: Game[Any], extras: GameCommands) -> app_commands.Command[Any, ..., None]:
    async def leave(interaction: Interaction) -> None:
        await defer(interaction, ephemeral=False)
        record = await match_here(interaction, game.name, "leave")
        record = await service_of(interaction).leave(channel_id=record.channel_id, user_id=interaction.user.id)
        closed = " The table is closed." if record.status == "aborted" else ""
        await send(interaction, f"{interaction.user.mention} left match #{record.id}.{closed}", ephemeral=False)

    return app_commands.Command(name="leave", description="Leave the table before the match starts", callback=leave)


def _start(game: Game[Any], extras: GameCommands) -> app_commands.Command[Any, ..., None]:
    async def start(interaction: Interaction, order: str = "join") -> None:
        await defer(interaction)
        record = await match_here(interaction, game.name, "start")
        service = service_of(interaction)
        record = await service.start(channel_id=record.channel_id, user_id=interaction.user.id, seat_order=order)
        seats = (extras.seats_line or _seats)(service, record)
        await send(interaction, f"Match #{record.id} has started: {seats}. The board is in the channel.")

    app_commands.choices(order=ORDERS)(start)
    app_commands.describe(order="Seats in joining order (the creator is p1), or shuffled")(start)
    return app_commands.Command(
        name="start", description="Start the match (creator only); seats follow the joining order", callback=start
    )


def _help(game: Game[Any], extras: GameCommands) -> app_commands.Command[Any, ..., None]:
    async def help_(interaction: Interaction, topic: str | None = None, public: bool = False) -> None:
        await defer(interaction, ephemeral=not public)
        text = overview(game, extras) if topic is None else topic_text(game, extras, topic)
        await send(interaction, text, ephemeral=not public)

    async def topics(interaction: Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=label, value=value) for label, value in topic_choices(game, extras, typed)]

    app_commands.describe(
        topic="`commands`, an option's name, or one of the game's rules", public="Show it to the whole channel"
    )(help_)
    made = app_commands.Command(
        name="help", description=_clip(f"How {game.title} is played here, its options and rules"), callback=help_
    )
    made.autocomplete("topic")(topics)
    return made


LOBBY_COMMANDS: tuple[Callable[[Game[Any], GameCommands], app_commands.Command[Any, ..., None]], ...] = (
    _new,
    _join,
    _leave,
    _start,
    _help,
)


# ----------------------------------------------------------------------------------------- helpers


def warning(record: MatchRecord) -> str:
    """The warning every joiner of a match from a scenario file reads (in the announcement and on joining)."""
    return "" if record.rated else f"\n⚠️ {SCENARIO_WARNING}"


def _seats(service: MatchService, record: MatchRecord) -> str:
    game = GAMES[record.game]
    return ", ".join(f"{game.seat_name(m.seat)} <@{m.user_id}>" for m in record.seated() if m.seat is not None)


def _room_for_bots(game: Game[Any], chosen: dict[str, Any], bots: int, bot: str) -> None:
    if bot not in POLICIES:
        raise Refusal(f"There is no bot called “{user_text(bot)}”; the bots are {', '.join(POLICY_ORDER)}.")
    most = game.seat_range({**game.default_options(), **chosen})[1]
    if bots >= most:
        raise Refusal(f"{game.title} seats at most {most} here, you included: at most {most - 1} bot(s).")


def _same_game_file(game: Game[Any], found: str) -> None:
    if found != game.name:
        title = GAMES[found].title if found in GAMES else found
        raise Refusal(f"That position file is for {title}: open it with `/{found} new scenario:`.")


async def _scenario_text(attachment: discord.Attachment) -> str:
    if attachment.size > SCENARIO_LIMIT:
        raise Refusal(
            f"A scenario file is at most {SCENARIO_LIMIT // 1024} KB; this one is {attachment.size // 1024} KB."
        )
    try:
        return (await attachment.read()).decode("utf-8")
    except UnicodeDecodeError:
        raise Refusal("The attached file is not text: a scenario is a UTF-8 .toml file.") from None


def _drop_parameter(callback: Callable[..., Any], name: str) -> None:
    """Build the command without one of the callback's optional parameters (a game without modes has no
    `mode`): discord.py reads the parameters from the signature, so the signature leaves it out."""
    signature = inspect.signature(callback)
    callback.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[p for p in signature.parameters.values() if p.name != name]
    )


def _clip(text: str) -> str:
    return text if len(text) <= TEXT_LIMIT else text[: TEXT_LIMIT - 1] + "…"


# ---------------------------------------------------------------------------------------- the extension


async def setup(bot: commands.Bot) -> None:
    """Give every game of the registry its group (test-only games only when the bot allows them)."""
    allow = bool(getattr(bot, "allow_unoffered_games", False))
    for game in table_games(allow):
        extras = game_commands(game.name)
        if bot.tree.get_command(game.name) is not None:
            raise ValueError(f"/{game.name} is taken by another command; a game's group is named after the game")
        bot.tree.add_command(build_group(game, extras))
        if extras.items:
            bot.add_dynamic_items(*extras.items)
        log.debug("/%s: %s", game.name, "own commands" if extras is not NO_EXTRAS else "the shared commands")


async def teardown(bot: commands.Bot) -> None:
    allow = bool(getattr(bot, "allow_unoffered_games", False))
    for game in table_games(allow):
        bot.tree.remove_command(game.name)

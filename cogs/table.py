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
from app.hints import command
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
from cogs.i18n import clip, rendered
from cogs.i18n import command_text as c
from cogs.responses import defer, send, send_pages, user_text
from cogs.table_help import overview, topic_choices, topic_text
from cogs.table_play import PLAY_COMMANDS, verb_command
from cogs.table_records import RECORD_COMMANDS
from db.records import MatchRecord
from engine.core import GAMES, Game
from engine.i18n import Text, joined, t
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
    app_commands.Choice(name=c(t("cogs-clock-none")), value="none"),
    app_commands.Choice(name=c(t("cogs-clock-per-move")), value="per_move"),
    app_commands.Choice(name=c(t("cogs-clock-total")), value="total"),
]
TIMEOUTS = [
    app_commands.Choice(name=c(t("cogs-timeout-claim")), value="claim"),
    app_commands.Choice(name=c(t("cogs-timeout-auto")), value="auto"),
]
BOTS = [app_commands.Choice(name=c(POLICIES[name].title), value=name) for name in POLICY_ORDER]
ORDERS = [
    app_commands.Choice(name=c(t("cogs-order-join")), value="join"),
    app_commands.Choice(name=c(t("cogs-order-random")), value="random"),
]


def table_games(allow_unoffered: bool = False) -> list[Game[Any]]:
    """The games that get a command group: those offered to players (with `allow_unoffered`, tests' too)."""
    return [g for _name, g in sorted(GAMES.items()) if g.offered or allow_unoffered]


def build_group(game: Game[Any], extras: GameCommands | None = None) -> app_commands.Group:
    """`/<game>`: the shared lifecycle, then the game's own commands, then its verb shortcuts."""
    extras = game_commands(game.name) if extras is None else extras
    if not NAME.match(game.name):
        raise ValueError(f"game name {game.name!r} cannot name a slash command group (lowercase, 1-32 characters)")
    group = app_commands.Group(name=game.name, description=c(t("cogs-group", game=game.title)))
    for make in (*LOBBY_COMMANDS, *PLAY_COMMANDS, *RECORD_COMMANDS):
        group.add_command(make(game, extras))
    own = app_commands.Group(name=game.name, description=c(t("cogs-group", game=game.title)))
    if extras.extend is not None:
        extras.extend(own)
    count = len(group.commands) + len(own.commands) + len(extras.verbs)
    if count > SUBCOMMAND_LIMIT:
        raise ValueError(
            f"/{game.name} would have {count} subcommands; Discord allows {SUBCOMMAND_LIMIT}. "
            "Declare fewer verb shortcuts (every verb is playable through `move`)."
        )
    for own_command in own.commands:
        group.add_command(own_command)
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
                listed = ", ".join(m.name for m in info.modes)
                raise Refusal(t("cogs-no-such-mode", game=info.title, mode=user_text(mode), modes=listed))
            if "mode" in chosen:
                raise Refusal(t("cogs-mode-in-options"))
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
        fewest, most = game.seat_range(record.options)
        timing = joined(service.clock_lines(record), " ") if record.clock is not None else t("cogs-no-clock")
        opened = t(
            "cogs-opened",
            who=interaction.user.mention,
            game=info.title,
            source=t("cogs-from-file", file=user_text(scenario.filename)) if scenario is not None else "",
            id=record.id,
            mode=t("cogs-with-mode", mode=mode) if mode is not None else "",
            seats=t("cogs-players", count=fewest)
            if fewest == most
            else t("cogs-players-range", fewest=fewest, most=most),
        )
        bot_names = ", ".join(f"<@{m.user_id}>" for m in record.members if is_bot(m.user_id))
        about = joined(
            [
                timing,
                extras.table_line(record) if extras.table_line is not None else "",
                t("cogs-bots-seated", names=bot_names) if bots else "",
            ],
            " ",
        )
        how = t("cogs-opened-how", game=game.name)
        await send(interaction, joined([joined([opened, about], " "), how, warning(record)]), ephemeral=False)

    described = {
        "options": c(t("cogs-describe-options", game=game.name)),
        "clock": c(t("cogs-describe-clock")),
        "days": c(t("cogs-describe-days")),
        "bank_days": c(t("cogs-describe-bank-days")),
        "on_timeout": c(t("cogs-describe-on-timeout")),
        "scenario": c(t("cogs-describe-scenario")),
        "bots": c(t("cogs-describe-bots")),
        "bot": c(t("cogs-describe-bot")),
    }
    if info.modes:
        modes = [
            app_commands.Choice(
                name=c(t("cogs-mode-choice", mode=m.name, help=m.help) if m.help else m.name), value=m.name
            )
            for m in info.modes
        ]
        app_commands.choices(mode=modes)(new)
        described["mode"] = c(t("cogs-describe-mode"))
    else:
        _drop_parameter(new, "mode")
    app_commands.choices(clock=CLOCKS, on_timeout=TIMEOUTS, bot=BOTS)(new)
    app_commands.describe(**described)(new)
    app_commands.rename(
        options=c(t("cogs-option-options")),
        clock=c(t("cogs-option-clock")),
        days=c(t("cogs-option-days")),
        bank_days=c(t("cogs-option-bank-days")),
        on_timeout=c(t("cogs-option-on-timeout")),
        scenario=c(t("cogs-option-scenario")),
        bots=c(t("cogs-option-bots")),
        bot=c(t("cogs-option-bot")),
        **({"mode": c(t("cogs-option-mode"))} if info.modes else {}),
    )(new)
    return app_commands.Command(name=c(t("cogs-cmd-new")), description=c(t("cogs-new", game=info.title)), callback=new)


def _join(game: Game[Any], extras: GameCommands) -> app_commands.Command[Any, ..., None]:
    async def join(interaction: Interaction) -> None:
        await defer(interaction, ephemeral=False)
        record = await match_here(interaction, game.name, "join")
        record = await service_of(interaction).join(channel_id=record.channel_id, user_id=interaction.user.id)
        joined_text = t("cogs-joined", who=interaction.user.mention, id=record.id, count=len(record.members))
        second_thoughts = t("cogs-leave-before-start", game=game.name) if not record.rated else ""
        await send(interaction, joined([joined_text, joined([warning(record), second_thoughts], " ")]), ephemeral=False)

    return app_commands.Command(name=c(t("cogs-cmd-join")), description=c(t("cogs-join")), callback=join)


def _leave(game: Game[Any], extras: GameCommands) -> app_commands.Command[Any, ..., None]:
    async def leave(interaction: Interaction) -> None:
        await defer(interaction, ephemeral=False)
        record = await match_here(interaction, game.name, "leave")
        record = await service_of(interaction).leave(channel_id=record.channel_id, user_id=interaction.user.id)
        left = t("cogs-left", who=interaction.user.mention, id=record.id)
        closed = t("cogs-table-closed") if record.status == "aborted" else ""
        await send(interaction, joined([left, closed], " "), ephemeral=False)

    return app_commands.Command(name=c(t("cogs-cmd-leave")), description=c(t("cogs-leave")), callback=leave)


def _start(game: Game[Any], extras: GameCommands) -> app_commands.Command[Any, ..., None]:
    async def start(interaction: Interaction, order: str = "join") -> None:
        await defer(interaction)
        record = await match_here(interaction, game.name, "start")
        service = service_of(interaction)
        record = await service.start(channel_id=record.channel_id, user_id=interaction.user.id, seat_order=order)
        seats = (extras.seats_line or _seats)(service, record)
        await send(interaction, t("cogs-started", id=record.id, seats=seats))

    app_commands.choices(order=ORDERS)(start)
    app_commands.describe(order=c(t("cogs-describe-order")))(start)
    app_commands.rename(order=c(t("cogs-option-order")))(start)
    return app_commands.Command(name=c(t("cogs-cmd-start")), description=c(t("cogs-start")), callback=start)


def _help(game: Game[Any], extras: GameCommands) -> app_commands.Command[Any, ..., None]:
    async def help_(interaction: Interaction, topic: str | None = None, public: bool = False) -> None:
        await defer(interaction, ephemeral=not public)
        text = overview(game, extras) if topic is None else topic_text(game, extras, topic)
        await send_pages(interaction, text, ephemeral=not public)

    async def topics(interaction: Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=clip(rendered(label, interaction)), value=value)
            for label, value in topic_choices(game, extras, typed)
        ]

    app_commands.describe(topic=c(t("cogs-describe-topic")), public=c(t("cogs-describe-public-help")))(help_)
    app_commands.rename(topic=c(t("cogs-option-topic")), public=c(t("cogs-option-public")))(help_)
    made = app_commands.Command(
        name=c(t("cogs-cmd-help")), description=c(t("cogs-help", game=game.title)), callback=help_
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


def warning(record: MatchRecord) -> Text:
    """The warning every joiner of a match from a scenario file reads (in the announcement and on joining)."""
    return "" if record.rated else t("cogs-warning", warning=SCENARIO_WARNING)


def _seats(service: MatchService, record: MatchRecord) -> Text:
    game = GAMES[record.game]
    return ", ".join(f"{game.seat_name(m.seat)} <@{m.user_id}>" for m in record.seated() if m.seat is not None)


def _room_for_bots(game: Game[Any], chosen: dict[str, Any], bots: int, bot: str) -> None:
    if bot not in POLICIES:
        raise Refusal(t("cogs-no-such-bot", bot=user_text(bot), bots=", ".join(POLICY_ORDER)))
    most = game.seat_range({**game.default_options(), **chosen})[1]
    if bots >= most:
        raise Refusal(t("cogs-too-many-bots", game=game.title, most=most, bots=most - 1))


def _same_game_file(game: Game[Any], found: str) -> None:
    if found != game.name:
        title = GAMES[found].title if found in GAMES else found
        raise Refusal(t("cogs-other-game-file", game=title, command=command(found, "new scenario:")))


async def _scenario_text(attachment: discord.Attachment) -> str:
    if attachment.size > SCENARIO_LIMIT:
        raise Refusal(t("cogs-file-too-big", most=SCENARIO_LIMIT // 1024, size=attachment.size // 1024))
    try:
        return (await attachment.read()).decode("utf-8")
    except UnicodeDecodeError:
        raise Refusal(t("cogs-file-not-text")) from None


def _drop_parameter(callback: Callable[..., Any], name: str) -> None:
    """Build the command without one of the callback's optional parameters (a game without modes has no
    `mode`): discord.py reads the parameters from the signature, so the signature leaves it out."""
    signature = inspect.signature(callback)
    callback.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[p for p in signature.parameters.values() if p.name != name]
    )


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

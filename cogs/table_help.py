"""`/<game> help`: the game in one screen, the commands every table shares, each option, and the game's own
topics (a rules entry, a keyword). Built from the game's declaration, so every game has it."""

from __future__ import annotations

from typing import Any

from app.errors import Refusal
from cogs.gamekit import GameCommands
from cogs.responses import user_text
from engine.core import Game
from engine.meta import OptionInfo

COMMANDS = "commands"
OPTION = "option "
"""Prefix of an option's topic value, so an option never hides a game topic of the same name."""
CHOICE_LIMIT = 25
TEXT_LIMIT = 100


def commands_text(game_name: str) -> str:
    """The shared commands, the same at every game's table."""

    def g(sub: str) -> str:
        return f"`/{game_name} {sub}`"

    return "\n".join(
        (
            "**Commands at every table**",
            f"• **Open:** {g('new')} (mode, options, clock); others {g('join')} (or {g('leave')} before the "
            f"start), and the creator runs {g('start')}. Seats follow the joining order: the creator is p1, the "
            "first to join p2 (`order:random` shuffles them).",
            f"• **Play:** {g('move')} offers exactly your legal moves as you type; {g('hand')} shows your hand "
            f"with a button per move; {g('status')} shows the board.",
            f"• **Take back or stop:** {g('undo')} while it is still your turn, {g('takeback')} asks your "
            f"opponents, {g('resign')} concedes, {g('abort')} ends a match with no result.",
            f"• **Clocks:** {g('claim')} wins when an opponent's time has run out; `/match vacation` pauses your "
            "clocks and `/match notify` sets your reminders.",
            f"• **Afterwards:** {g('history')}, {g('replay')}, {g('export')} (the log, replayable) and "
            f"{g('position')} (a scenario file).",
            "• **Anywhere:** `/match list` shows the tables in this server, `/mygames` the matches waiting on you.",
        )
    )


def overview(game: Game[Any], extras: GameCommands) -> str:
    """What `/<game> help` shows without a topic."""
    info = game.info
    head = f"**{info.title}**" + (f": {info.summary}" if info.summary else "")
    seats = (
        f"{info.min_players} players"
        if info.min_players == info.max_players
        else (f"{info.min_players} to {info.max_players} players")
    )
    modes = f" Modes: {', '.join(m.name for m in info.modes)}." if info.modes else ""
    topics = ["`commands` (what every table shares)"]
    if info.options:
        topics.append("any option's name")
    if extras.topics is not None:
        topics.append("a rule or keyword")
    more = f"More: `/{game.name} help topic:` " + ", ".join(topics) + "."
    body = extras.help or commands_text(game.name)
    return "\n".join((head, f"{seats}.{modes}", body, more))


def option_text(option: OptionInfo) -> str:
    lines = [f"**{option.name}** (an option of `new`)"]
    if option.help:
        lines.append(option.help)
    if option.choices is not None:
        lines.append("Values: " + ", ".join(str(c) for c in option.choices) + f" (default {option.default}).")
    else:
        lines.append(f"Default: {option.default}.")
    return "\n".join(lines)


def topic_choices(game: Game[Any], extras: GameCommands, typed: str) -> list[tuple[str, str]]:
    """(label, value) of the help topics matching what was typed, for the autocomplete."""
    wanted = " ".join(typed.lower().split())
    out: list[tuple[str, str]] = []
    if wanted in COMMANDS:
        out.append(("Commands every table shares", COMMANDS))
    if extras.topics is not None:
        out.extend(extras.topics(typed))
    out.extend(
        (_clip(f"{o.name} (option)"), _clip(OPTION + o.name)) for o in game.info.options if wanted in o.name.lower()
    )
    return out[:CHOICE_LIMIT]


def topic_text(game: Game[Any], extras: GameCommands, topic: str) -> str:
    """The text of one topic; a refusal suggesting close topics when there is none."""
    wanted = " ".join(topic.split())
    if wanted.lower() == COMMANDS:
        return commands_text(game.name)
    name = wanted[len(OPTION) :] if wanted.lower().startswith(OPTION) else None
    if name is None and extras.topic is not None:
        found = extras.topic(wanted)
        if found is not None:
            return found
    option = game.info.option((name or wanted).strip())
    if option is not None:
        return option_text(option)
    close = [value for _label, value in topic_choices(game, extras, wanted[:3])[:6]]
    hint = f" Try: {', '.join(close)}." if close else ""
    raise Refusal(f"There is no help topic called “{user_text(topic)}”.{hint}")


def _clip(text: str) -> str:
    return text if len(text) <= TEXT_LIMIT else text[: TEXT_LIMIT - 1] + "…"

"""`/<game> help`: the game in one screen, the commands every table shares, each option, and the game's own
topics (a rules entry, a keyword). Built from the game's declaration, so every game has it."""

from __future__ import annotations

from typing import Any

from app.errors import Refusal
from cogs.gamekit import GameCommands
from cogs.i18n import clip
from cogs.responses import user_text
from engine.core import Game
from engine.i18n import Text, joined, t
from engine.meta import OptionInfo

COMMANDS = "commands"
OPTION = "option "
"""Prefix of an option's topic value, so an option never hides a game topic of the same name."""
CHOICE_LIMIT = 25


def commands_text(game_name: str) -> Text:
    """The shared commands, the same at every game's table."""
    return t("cogs-commands-help", game=game_name)


def overview(game: Game[Any], extras: GameCommands) -> Text:
    """What `/<game> help` shows without a topic."""
    info = game.info
    head = (
        t("cogs-help-head", game=info.title, summary=info.summary)
        if info.summary
        else t("cogs-title", title=info.title)
    )
    seats = (
        t("cogs-players", count=info.min_players)
        if info.min_players == info.max_players
        else t("cogs-players-range", fewest=info.min_players, most=info.max_players)
    )
    modes = t("cogs-help-modes", modes=", ".join(m.name for m in info.modes)) if info.modes else ""
    topics = [t("cogs-topic-commands")]
    if info.options:
        topics.append(t("cogs-topic-option"))
    if extras.topics is not None:
        topics.append(t("cogs-topic-rule"))
    more = t("cogs-help-more", game=game.name, topics=joined(topics, ", "))
    body = extras.help or commands_text(game.name)
    return joined([head, joined([t("cogs-help-seats", seats=seats), modes], " "), body, more])


def option_text(option: OptionInfo) -> Text:
    lines: list[Text] = [t("cogs-option-head", name=option.name), option.help]
    if option.choices is not None:
        values = ", ".join(str(c) for c in option.choices)
        lines.append(t("cogs-option-values", values=values, default=str(option.default)))
    else:
        lines.append(t("cogs-option-default", default=str(option.default)))
    return joined(lines)


def topic_choices(game: Game[Any], extras: GameCommands, typed: str) -> list[tuple[Text, str]]:
    """(label, value) of the help topics matching what was typed, for the autocomplete."""
    wanted = " ".join(typed.lower().split())
    out: list[tuple[Text, str]] = []
    if wanted in COMMANDS:
        out.append((t("cogs-topic-commands-label"), COMMANDS))
    if extras.topics is not None:
        out.extend(extras.topics(typed))
    out.extend(
        (t("cogs-topic-option-label", name=o.name), clip(OPTION + o.name))
        for o in game.info.options
        if wanted in o.name.lower()
    )
    return out[:CHOICE_LIMIT]


def topic_text(game: Game[Any], extras: GameCommands, topic: str) -> Text:
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
    hint = t("cogs-topic-try", topics=", ".join(close)) if close else ""
    raise Refusal(joined([t("cogs-no-topic", topic=user_text(topic)), hint], " "))

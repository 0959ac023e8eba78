"""Discord's side of the catalogues: whose language a message is written in, and the command translator.

A reply to an interaction is rendered in the locale of the player's Discord client (`interaction.locale`);
a post in a channel (a board, a notice) in its server's locale from config (`[i18n]`); a DM in the locale
the player last used with the bot. Command names, descriptions, options and choices are declared as
catalogue messages (`command_text`) and Discord receives every locale's wording when the commands are
synced (`CatalogueTranslator`). See docs/i18n.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

from engine.i18n import DEFAULT, Msg, Text, chain, has, render

T = TypeVar("T")
CATALOGUE_MESSAGE = "msg"
"""Key of a command text's `locale_str.extras` holding the catalogue message it was made from."""


def locale_of(interaction: discord.Interaction[Any]) -> str:
    """The asker's locale: Discord sends their client's language with every interaction."""
    locale = getattr(interaction, "locale", None)
    return locale.value if isinstance(locale, discord.Locale) else str(locale or DEFAULT)


def server_locale(client: Any, guild_id: int | None) -> str:
    """The locale of a server's channels, from `[i18n]` in config (English without a config)."""
    config = getattr(client, "config", None)
    return config.i18n.for_server(guild_id) if config is not None else DEFAULT


TEXT_LIMIT = 100
"""Discord: a description, and a choice's name, hold at most 100 characters."""
LIMIT = "limit"


def command_text(text: Text, limit: int = TEXT_LIMIT) -> str | app_commands.locale_str:
    """A command's name or description, an option's or a choice's, as discord.py takes it: the English
    wording (what Discord shows by default, and what it sends back for names), with the message kept for
    the translator. Plain text (a game's name, wording not yet in a catalogue) passes as it is. Every
    locale's wording is clipped to `limit` characters."""
    if isinstance(text, Msg):
        return app_commands.locale_str(clip(render(text), limit), **{CATALOGUE_MESSAGE: text, LIMIT: limit})
    return clip(render(text), limit)


def described(**named: tuple[Msg, Msg]) -> Callable[[T], T]:
    """Name and describe a command's options, each `parameter=(its name, its description)` as messages:
    `app_commands.rename` and `app_commands.describe` in one, so Discord gets both in every locale."""

    def apply(command: T) -> T:
        renamed = app_commands.rename(**{key: command_text(name) for key, (name, _) in named.items()})(command)
        return app_commands.describe(**{key: command_text(text) for key, (_, text) in named.items()})(renamed)

    return apply


def clip(text: str, limit: int = TEXT_LIMIT) -> str:
    """At most `limit` characters, an ellipsis marking a cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def rendered(text: Text, interaction: discord.Interaction[Any]) -> str:
    """`text` in the asker's locale (for an autocomplete's choices, which Discord never translates)."""
    return render(text, locale_of(interaction))


class CatalogueTranslator(app_commands.Translator):
    """Gives Discord each command text in every locale that has its message. English is the default
    Discord already holds, and a locale without the message gets None: Discord then shows the default."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        return translation(string, locale.value)


def translation(string: app_commands.locale_str, locale: str) -> str | None:
    """`string` in `locale` when a catalogue other than English has its message, else None."""
    message = string.extras.get(CATALOGUE_MESSAGE)
    if not isinstance(message, Msg):
        return None
    if not any(has(message.id, own) for own in chain(locale) if own != DEFAULT):
        return None
    return clip(render(message, locale), int(string.extras.get(LIMIT, TEXT_LIMIT)))

"""Locales on Discord: a reply in the asker's language, a channel's posts in its server's, a DM in the player's
last seen one; command names and descriptions sent to Discord in every locale that has them, and always
valid there. Russian here is a test catalogue (tests/fixtures/locales); real ones come in a later issue."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

import engine
import engine.i18n as i18n
from app.config import Config, ConfigError, I18nConfig, load_config
from app.delivery import Announcement, Notice, PrivatePost
from app.errors import WrongStatus
from app.events.base import Reply
from app.rendering import NoImages
from app.service import MatchService
from cogs.client import ArbiterBot
from cogs.delivery import DiscordDelivery
from cogs.i18n import CatalogueTranslator
from cogs.match import MatchCog
from cogs.rating import RatingCog
from cogs.responses import report_error
from cogs.table import build_group, table_games
from cogs.tournament import TournamentCog, answer
from db.sqlite import SqliteStore
from engine.i18n import render, t
from tests.fakes import RecordingDelivery
from tests.fixtures.trial_game import TRIAL
from tests.locales import with_catalogue

from .fakes import FakeInteraction

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
NAME = re.compile(r"^[-_\w]{1,32}$")
"""A command's or an option's name in any locale, as Discord takes it (and lowercase)."""


@pytest.fixture
def russian() -> Iterator[None]:
    yield from _with_catalogue(FIXTURES / "locales")


@pytest.fixture
def badly_named() -> Iterator[None]:
    yield from _with_catalogue(FIXTURES / "locales_bad")


def _with_catalogue(folder: Path) -> Iterator[None]:
    with with_catalogue(folder):
        yield


# ---------------------------------------------------------------------------------------- rendering


def test_a_locale_uses_its_own_plural_rules_and_falls_back_to_english(russian: None) -> None:
    assert render(t("app-lobby-full", most=2), "ru") == "Стол полон (2 игрока)."
    assert render(t("app-lobby-full", most=5), "ru") == "Стол полон (5 игроков)."
    assert render(t("app-lobby-full", most=21), "ru") == "Стол полон (21 игрок)."
    assert render(t("app-lobby-full", most=2), "en-US") == "This match is full (2 players)."
    # A message the locale lacks is English; one inside another is rendered in the same locale.
    assert render(t("app-not-in-match"), "ru") == "You are not in this match."
    assert render(t("app-waiting-on", names="<@1>"), "ru-RU") == "Ждём: <@1>."
    assert i18n.chain("pt-BR") == ["en"], "no Portuguese catalogue: English"


def test_numbers_are_never_grouped_and_decimals_read_naturally() -> None:
    assert render(t("app-no-match-id", id=12345)) == "There is no match #12345."
    assert render(t("app-idle", hours=24.0)) == "24 hours without a join, leave or choice"
    assert render(t("app-idle", hours=1)) == "1 hour without a join, leave or choice"


def test_a_message_survives_storage() -> None:
    message = t("app-left-how", seat="p1", how="timeout")
    assert i18n.from_json(i18n.to_json(message)) == message
    assert i18n.from_json("base destroyed") == "base destroyed"


async def test_a_refusal_reaches_the_asker_in_their_language(russian: None) -> None:
    client = SimpleNamespace()
    asked = FakeInteraction(client=client, user_id=1, locale=discord.Locale.russian)
    await report_error(asked, WrongStatus(t("app-lobby-full", most=3)))
    assert asked.last.content == "Стол полон (3 игрока)." and asked.last.ephemeral
    other = FakeInteraction(client=client, user_id=2, locale=discord.Locale.brazil_portuguese)
    await report_error(other, WrongStatus(t("app-lobby-full", most=3)))
    assert other.last.content == "This match is full (3 players)."


# --------------------------------------------------------------------------- posts and direct messages


class Channel:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, **kwargs: Any) -> None:
        self.sent.append(kwargs)


class User:
    def __init__(self) -> None:
        self.sent: list[Any] = []

    async def send(self, content: str = "", **kwargs: Any) -> None:
        self.sent.append(content)


async def test_channel_posts_take_their_servers_locale_and_dms_the_players(russian: None) -> None:
    channel, user = Channel(), User()
    seen = {7: "ru"}
    client = SimpleNamespace(
        config=Config(i18n=I18nConfig(servers={9: "ru"})),
        get_channel=lambda _id: channel,
        get_user=lambda _id: user,
        service=SimpleNamespace(player_locale=_async(seen.get)),
    )
    delivery = DiscordDelivery(client)  # type: ignore[arg-type]
    await delivery.post_notice(Notice(1, 1, 9, 500, t("app-waiting-on", names="<@1>")))
    await delivery.post_notice(Notice(1, 1, 10, 501, t("app-waiting-on", names="<@1>")))
    assert [sent["content"] for sent in channel.sent] == ["Ждём: <@1>.", "Waiting on <@1>."]
    await delivery.send_notice(7, t("app-waiting-on", names="<@2>"))  # a player seen in Russian
    await delivery.send_notice(8, t("app-waiting-on", names="<@2>"))  # never seen: the default, English
    post = PrivatePost(1, 1, 8, 0, t("app-waiting-on", names="x"), [], None, guild_id=9)
    await delivery.send_private(post)  # never seen: their match's server's locale
    assert user.sent == ["Ждём: <@2>.", "Waiting on <@2>.", "**Ждём: x.**"]


async def test_an_events_posts_take_their_servers_locale_and_replies_the_askers(russian: None) -> None:
    channel = Channel()
    client = SimpleNamespace(config=Config(i18n=I18nConfig(servers={9: "ru"})), get_channel=lambda _id: channel)
    delivery = DiscordDelivery(client)  # type: ignore[arg-type]
    started = t("app-event-started", event="Cup", players=3)
    await delivery.announce(Announcement(500, started, guild_id=9))
    await delivery.announce(Announcement(500, started, guild_id=10))
    assert [sent["content"] for sent in channel.sent] == [
        "**Cup** начался: 3 игрока.",
        "**Cup** has started with 3 players.",
    ]
    asked = FakeInteraction(client=client, user_id=1, locale=discord.Locale.russian)
    await answer(asked, Reply(started), ephemeral=True)
    assert asked.last.content == "**Cup** начался: 3 игрока."


def _async(function: Any) -> Any:
    async def call(*args: Any) -> Any:
        return function(*args)

    return call


async def test_a_players_locale_is_remembered_for_their_dms(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "l.db")
    try:
        service = MatchService(store, RecordingDelivery(), NoImages(), seed_source=random.Random(1))
        assert await service.player_locale(5) is None
        await service.remember_locale(5, "pt-BR")
        again = MatchService(store, RecordingDelivery(), NoImages(), seed_source=random.Random(1))
        assert await again.player_locale(5) == "pt-BR"  # stored, not only remembered in memory
    finally:
        await store.close()


async def test_every_interaction_tells_the_bot_its_players_locale() -> None:
    remembered: list[tuple[int, str]] = []

    async def remember(user_id: int, locale: str) -> None:
        remembered.append((user_id, locale))

    bot = SimpleNamespace(service=SimpleNamespace(remember_locale=remember))
    interaction = FakeInteraction(client=bot, user_id=4, locale=discord.Locale.brazil_portuguese)
    await ArbiterBot.on_interaction(bot, interaction)  # type: ignore[arg-type]
    assert remembered == [(4, "pt-BR")]


def test_a_servers_locale_comes_from_config(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[i18n]\ndefault = "en"\n\n[i18n.servers]\n123456789012345678 = "pt-BR"\n')
    config = load_config(path)
    assert config.i18n.for_server(123456789012345678) == "pt-BR"
    assert config.i18n.for_server(5) == "en" and config.i18n.for_server(None) == "en"
    path.write_text('[i18n]\ndefault = "English"\n')
    with pytest.raises(ConfigError, match=r"i18n\.default"):
        load_config(path)


# ------------------------------------------------------------------------------------------ commands


async def translated(node: Any) -> dict[str, Any]:
    """A command or group as discord.py syncs it, with every locale's wording from the translator."""
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    return await node.get_translated_payload(tree, CatalogueTranslator())  # type: ignore[no-any-return]


def all_commands() -> list[Any]:
    engine.load_games()
    assert TRIAL.name in engine.GAMES
    cogs = [MatchCog(None), TournamentCog(None, None, 0), RatingCog(None, None)]  # type: ignore[arg-type]
    return [
        *(build_group(g) for g in table_games(allow_unoffered=True)),
        *(c for cog in cogs for c in cog.__cog_app_commands__),
    ]


def bad_texts(node: dict[str, Any], where: str) -> list[str]:
    """Names Discord would refuse, and descriptions or choices out of its limits, in any locale."""
    found = []
    for locale, name in {"default": node["name"], **(node.get("name_localizations") or {})}.items():
        if not NAME.match(name) or name != name.lower():
            found.append(f"{where} [{locale}]: name {name!r}")
    for locale, text in {"default": node["description"], **(node.get("description_localizations") or {})}.items():
        if not 1 <= len(text) <= 100:
            found.append(f"{where} [{locale}]: description of {len(text)} characters")
    for choice in node.get("choices") or []:
        for locale, text in {"default": choice["name"], **(choice.get("name_localizations") or {})}.items():
            if not 1 <= len(text) <= 100:
                found.append(f"{where} [{locale}]: choice {text!r}")
    for option in node.get("options") or []:
        found.extend(bad_texts(option, f"{where} {option['name']}"))
    return found


async def test_command_names_are_valid_discord_names_in_every_locale() -> None:
    """Every locale with a catalogue (English alone for now): names lowercase, without spaces, at most 32
    characters; descriptions and choices at most 100."""
    for command in all_commands():
        assert bad_texts(await translated(command), f"/{command.name}") == []


async def test_a_locale_whose_command_name_discord_would_refuse_is_caught(badly_named: None) -> None:
    found = [p for command in all_commands() for p in bad_texts(await translated(command), f"/{command.name}")]
    assert "/trial join [pt-BR]: name 'Entrar na mesa'" in found


async def test_the_translator_gives_discord_each_locales_wording(russian: None) -> None:
    group = await translated(build_group(TRIAL))
    commands = {c["name"]: c for c in group["options"]}
    new = commands["new"]
    assert new["name_localizations"] == {"ru": "новый"}
    assert new["description_localizations"] == {"ru": "Открыть стол Trial в этом канале"}
    clock = next(o for o in new["options"] if o["name"] == "clock")
    assert clock["name_localizations"] == {"ru": "часы"}
    assert next(c for c in clock["choices"] if c["value"] == "none")["name_localizations"] == {"ru": "без часов"}
    # Without a translation, Discord shows the default (English): nothing is sent for that locale.
    assert commands["join"]["name_localizations"] == {}
    events = await translated(TournamentCog.tournament)
    assert events["name_localizations"] == {"ru": "турнир"}

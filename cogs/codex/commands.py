"""Codex's part of `/codex`: beside the commands every table shares (new, join, start, move, hand, …), its
lookups (card, help topics on rules and keywords), the lobby's hero choice, the secret tech pick, browsing
your codex, the forum export, and the verb shortcuts play, attack and end.

Opening a table: `/codex new` picks the mode and options; every player, the creator too, picks their heroes
with `/codex hero` before the start (`options: hero2=…` suggests one for the first player to join). Seats
follow the joining order (the creator is p1), so each hero reaches the player it was picked for; who takes
the first turn is the `first_player` option (random by default), not the seating.
"""

from __future__ import annotations

import asyncio
import io
import random
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands

from app.bots import bot_name, is_bot
from app.errors import Refusal
from app.service import ActResult, MatchService
from cogs.codex.forum import forum_export, patrol_line
from cogs.codex.text import RULINGS_TOPIC, action_label, card_text, rule_text, rulings_index, tech_menu, typed_action
from cogs.codex.ui import (
    CODEX_ITEMS,
    codex_message,
    is_choice,
    is_hand_line,
    my_view,
    private_components,
    private_text,
    send_tech_menu,
    submit_tech,
    tech_message,
)
from cogs.codex.verbs import SHORTCUTS
from cogs.gamekit import GameCommands, Interaction, Reply, match_here, service_of
from cogs.i18n import command_text as c
from cogs.i18n import described, locale_of, rendered
from cogs.responses import MESSAGE_LIMIT, defer, send, send_pages, user_text
from db.records import MatchRecord
from engine.codex.actions import VERBS
from engine.codex.lookup import (
    CHOICE_LIMIT,
    NONE,
    RANDOM,
    card_choices,
    clip,
    find_card,
    find_rule,
    heroes,
    pick_team,
    rule_choices,
    team_summary,
)
from engine.i18n import Msg, Text, english, joined, listing, t

GAME = "codex"
RNG: random.Random = random.SystemRandom()
"""Fills the random places of a team picked with `/codex hero` (tests replace it with a seeded one)."""
STARTERS = ("neutral", "red", "green", "blue", "black", "white", "purple")

HELP = t("codex-help")


# ---------------------------------------------------------------------------------- reading moves


def read(typed: str, verb: str | None) -> str:
    """The notation for what was typed into `move` or a shortcut, reading back the autocomplete's labels
    (`Tenderfoot → elite`, `Troq Bashar: +2 levels for 2 gold`)."""
    if verb is not None:
        return typed_action(verb, typed)
    first, _, rest = " ".join(typed.split()).partition(" ")
    return typed_action(first.lower(), rest) if first.lower() in VERBS else typed


def label(notation: str, verb: str | None) -> str:
    """How a legal move reads in the autocomplete: a shortcut leaves its verb out, `move` keeps it."""
    if verb is not None:
        return action_label(verb, notation)
    own = notation.split(" ", 1)[0]
    shown = action_label(own, notation)
    return notation if shown == notation else clip(f"{own} {shown}")


async def reply(interaction: Interaction, result: ActResult) -> Reply:
    """What the mover reads: the move, and what it asks of them next (a choice's buttons, the tech menu
    after their draw, the gold they have left)."""
    service = service_of(interaction)
    played = joined([t("cogs-played", move=result.notation), *result.lines], " ")
    view = None
    if result.record.status != "active":
        return played, view
    post = await service.private_view(user_id=interaction.user.id, match_id=result.record.id, render=False)
    if is_choice(post):
        buttons = private_components(replace(post, locale=locale_of(interaction)))
        return joined([played, *(line for line in post.lines if not is_hand_line(line))]), buttons
    if result.notation == "end":
        patrol = joined([played, patrol_line(my_view(service, result.record, interaction.user.id), post.seat)])
        prompt, tech_view, menu = await tech_message(
            service, result.record, interaction.user.id, locale_of(interaction)
        )
        if menu is None:
            return patrol, view
        return joined([patrol, prompt], "\n\n"), tech_view
    if post.your_move:
        gold = my_view(service, result.record, interaction.user.id)["players"][post.seat]["gold"]
        return joined([played, t("codex-gold-left", gold=gold)], " "), view
    return played, view


# ----------------------------------------------------------------------------------- the table


def table_line(record: MatchRecord) -> Text:
    """The heroes named at `new`, and how everyone picks theirs."""
    named: list[Text] = []
    for seat in range(1, 6):
        value = record.options.get(f"hero{seat}")
        if value is None or value in ("auto", RANDOM):
            continue
        team = value if isinstance(value, list) else [value]
        named.append(t("codex-seat-plays", seat=f"p{seat}", heroes=team_summary(team)))
    picks = t("codex-pick-heroes", teams="yes" if record.options.get("mode") == "2v2" else "no")
    return joined([t("codex-named-heroes", named=joined(named, "; ")), picks], " ") if named else picks


def seats_line(service: MatchService, record: MatchRecord) -> Text:
    state = service.state_of(record)
    teams = record.options.get("mode") == "2v2"
    return joined(
        [
            t(
                "codex-seat-line",
                seat=f"p{m.seat + 1}",
                who=f"<@{m.user_id}>",
                heroes=team_summary(state.players[m.seat].heroes),
                team=state.players[m.seat].team + 1 if teams else 0,
            )
            for m in record.seated()
            if m.seat is not None
        ],
        ", ",
    )


def _hero_choices(*, none: bool = False) -> list[app_commands.Choice[str]]:
    extra = [app_commands.Choice(name=c(t("codex-hero-none")), value=NONE)] if none else []
    listed = [app_commands.Choice(name=clip(text), value=hero_id) for text, hero_id in heroes()]
    return [
        app_commands.Choice(name=c(t("codex-hero-random")), value=RANDOM),
        *extra,
        *listed[: CHOICE_LIMIT - 1 - len(extra)],
    ]


@described(
    hero=(t("codex-option-hero"), t("codex-describe-hero")),
    second=(t("codex-option-second"), t("codex-describe-second")),
    third=(t("codex-option-third"), t("codex-describe-third")),
    team=(t("codex-option-team"), t("codex-describe-team")),
    starter=(t("codex-option-starter"), t("codex-describe-starter")),
)
@app_commands.choices(
    hero=_hero_choices(),
    second=_hero_choices(none=True),
    third=_hero_choices(none=True),
    team=[app_commands.Choice(name=c(t("codex-team-choice", team=n)), value=n) for n in (1, 2)],
    starter=[app_commands.Choice(name=colour, value=colour) for colour in STARTERS],
)
async def hero(
    interaction: Interaction,
    hero: str | None = None,
    second: str | None = None,
    third: str | None = None,
    team: int | None = None,
    starter: str | None = None,
) -> None:
    await defer(interaction, ephemeral=False)
    record = await match_here(interaction, GAME, "hero")
    mode = str(record.options.get("mode", "auto"))
    if hero is None and (second, third) != (None, None):
        raise Refusal(t("codex-first-hero-too"))
    if hero is None and team is None and starter is None:
        raise Refusal(t("codex-choose-something"))
    if mode == "1-hero" and (second, third) != (None, None):
        raise Refusal(t("codex-one-hero-only"))
    if team is not None and mode not in ("2v2", "auto"):
        raise Refusal(t("codex-no-teams"))
    choice: dict[str, Any] = {}
    picked: list[str] = []
    if hero is not None:
        picked = pick_team(_wanted(mode, hero, second, third), RNG)
        choice["hero"] = picked[0] if len(picked) == 1 else picked
    if team is not None:
        choice["team"] = team
    if starter is not None:
        choice["starter"] = starter
    # The service checks the heroes first, so a name that is no hero is refused, not looked up.
    await service_of(interaction).choose(channel_id=record.channel_id, user_id=interaction.user.id, choice=choice)
    said: list[Text] = [t("codex-will-play", heroes=team_summary(picked))] if picked else []
    said += [t("codex-plays-in-team", team=team)] if team is not None else []
    said += [t("codex-starts-with", colour=user_text(starter))] if starter is not None else []
    chosen = t("codex-hero-chosen", who=interaction.user.mention, chosen=listing(said), match=record.id)
    await send(interaction, chosen, ephemeral=False)


def _wanted(mode: str, hero: str, second: str | None, third: str | None) -> list[str]:
    """The places of a player's team: one in the 1-hero game; three in the others (random where left
    open); with the mode still open (`auto`, decided by the seats), just the heroes named."""
    if mode == "1-hero":
        return [hero]
    if mode == "auto":
        return [h for h in (hero, second, third) if h is not None]
    return [hero, second or RANDOM, third or RANDOM]


# ------------------------------------------------------------------------------------ your codex


@described(
    first=(t("codex-option-first"), t("codex-describe-first")),
    second=(t("codex-option-second"), t("codex-describe-second-card")),
)
async def tech(interaction: Interaction, first: str = "", second: str = "") -> None:
    await defer(interaction)
    record = await match_here(interaction, GAME, "tech")
    typed = [v for v in (first.strip(), second.strip()) if v]
    if typed:
        await submit_tech(interaction, record.id, typed)
        return
    await send_tech_menu(interaction, record)


async def _tech_choices(interaction: Interaction, typed: str) -> list[app_commands.Choice[str]]:
    if interaction.channel_id is None:
        return []
    try:
        record = await match_here(interaction, GAME, "tech")
        post = await service_of(interaction).private_view(user_id=interaction.user.id, match_id=record.id, render=False)
    except Refusal:
        return []
    menu = tech_menu(post.legal)
    if menu is None:
        return []
    wanted = typed.strip().lower()
    return [app_commands.Choice(name=clip(name), value=clip(name)) for name in menu.cards if wanted in name.lower()][
        :CHOICE_LIMIT
    ]


@described(page=(t("cogs-option-page"), t("cogs-describe-page")))
async def codex_(interaction: Interaction, page: app_commands.Range[int, 1] = 1) -> None:
    await defer(interaction)
    record = await match_here(interaction, GAME, "codex", any_status=True)
    text, view = codex_message(service_of(interaction), record, interaction.user.id, page, locale_of(interaction))
    await send(interaction, text, view=view)


# -------------------------------------------------------------------------------------- lookups


@described(
    name=(t("cogs-option-name"), t("codex-describe-card-name")),
    public=(t("cogs-option-public"), t("codex-describe-public")),
)
async def card(interaction: Interaction, name: str, public: bool = False) -> None:
    await defer(interaction, ephemeral=not public)
    found = find_card(name)
    if found is None:
        close = [text for text, _value in card_choices(name[:3])[:5]]
        hint = t("codex-did-you-mean", cards=joined(close, ", ")) if close else ""
        raise Refusal(joined([t("codex-no-card", name=user_text(name)), hint], " "))
    await send_pages(interaction, card_text(found), ephemeral=not public)


async def _card_choices(interaction: Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=clip(rendered(text, interaction)), value=value) for text, value in card_choices(typed)
    ]


def topic(text: str) -> Text | None:
    if " ".join(text.lower().split()) == RULINGS_TOPIC:
        return rulings_index()
    entry = find_rule(text)
    return rule_text(entry) if entry is not None else None


def topics(typed: str) -> list[tuple[Text, str]]:
    """The help topics matching what was typed: the rules entries, and the list of every ruling."""
    wanted = " ".join(typed.lower().split())
    index: list[tuple[Text, str]] = [(t("codex-topic-rulings-label"), RULINGS_TOPIC)] if wanted in RULINGS_TOPIC else []
    return [*index, *rule_choices(typed)][:CHOICE_LIMIT]


@described(public=(t("cogs-option-public"), t("codex-describe-forum-public")))
async def forum(interaction: Interaction, public: bool = False) -> None:
    await defer(interaction, ephemeral=not public)
    record = await match_here(interaction, GAME, "forum", any_status=True)
    if not record.started:
        raise Refusal(t("codex-forum-not-started"))
    service = service_of(interaction)
    service.throttle(interaction.user.id, record)
    entries = await service.log_entries(record.id)
    names = {
        m.seat: name
        for m in record.seated()
        if m.seat is not None and (name := await _display_name(interaction, m.user_id)) is not None
    }
    text = await asyncio.to_thread(forum_export, record, entries, names)
    if len(text) + 8 <= MESSAGE_LIMIT:
        await send(interaction, f"```\n{text}```", ephemeral=not public)
        return
    file = discord.File(io.BytesIO(text.encode()), filename=f"codex-match-{record.id}.txt")
    filed = t("codex-forum-filed", match=record.id, lines=text.count(chr(10)))
    await send(interaction, filed, ephemeral=not public, file=file)


async def _display_name(interaction: Interaction, user_id: int) -> str | None:
    """How a player is called in an export, which is read outside Discord: their server nickname or name, a
    bot's own name; None when Discord cannot tell us (the seat name alone is written then, never a mention)."""
    if is_bot(user_id):
        return english(bot_name(user_id))
    guild = getattr(interaction, "guild", None)
    member = guild.get_member(user_id) if guild is not None else None
    if member is not None:
        return _in_code_block(member.display_name)
    client = interaction.client
    user = client.get_user(user_id) if hasattr(client, "get_user") else None
    if user is None and hasattr(client, "fetch_user"):
        try:
            user = await client.fetch_user(user_id)
        except discord.HTTPException:
            user = None
    return _in_code_block(user.display_name) if user is not None else None


def _in_code_block(name: str) -> str:
    """A display name (chosen by its owner) that cannot close the export's code block early."""
    return name.replace("`", "'")


OWN: tuple[tuple[Msg, Msg, Any, dict[str, Any]], ...] = (
    (t("codex-cmd-hero"), t("codex-hero"), hero, {}),
    (t("codex-cmd-tech"), t("codex-tech"), tech, {"first": _tech_choices, "second": _tech_choices}),
    (t("codex-cmd-codex"), t("codex-codex"), codex_, {}),
    (t("codex-cmd-card"), t("codex-card"), card, {"name": _card_choices}),
    (t("codex-cmd-forum"), t("codex-forum"), forum, {}),
)
"""Codex's own commands: (name, description, callback, autocomplete per parameter)."""


def extend(group: app_commands.Group) -> None:
    """Add Codex's own commands to its group (made anew for each group, as a command has one parent)."""
    for name, description, callback, completes in OWN:
        made = app_commands.Command(name=c(name), description=c(description), callback=callback)
        for parameter, complete in completes.items():
            made.autocomplete(parameter)(complete)
        group.add_command(made)


COMMANDS = GameCommands(
    verbs=SHORTCUTS,
    extend=extend,
    help=HELP,
    topics=topics,
    topic=topic,
    read=read,
    label=label,
    reply=reply,
    table_line=table_line,
    seats_line=seats_line,
    items=CODEX_ITEMS,
    presenter=(private_text, private_components),
    public_export=forum_export,
)

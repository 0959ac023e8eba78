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
    my_view,
    private_components,
    private_text,
    send_tech_menu,
    submit_tech,
    tech_message,
)
from cogs.codex.verbs import SHORTCUTS
from cogs.gamekit import GameCommands, Interaction, Reply, match_here, service_of
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
from engine.i18n import Text, english, t

GAME = "codex"
RNG: random.Random = random.SystemRandom()
"""Fills the random places of a team picked with `/codex hero` (tests replace it with a seeded one)."""
STARTERS = ("neutral", "red", "green", "blue", "black", "white", "purple")

HELP = """\
**Codex at this table**
• **Open:** `/codex new` (mode, options, clock). Every player, the creator too, picks heroes with \
`/codex hero` before the start, or gets the game's choice (`options: hero2=…` suggests one for the first to \
join). The creator runs `/codex start`: seats follow the joining order, so the creator is p1.
• **Your turn:** `/codex move` offers exactly your legal moves as you type (play, summon, level, build, \
worker, attack, patrol, ability…); `/codex play`, `/codex attack` and `/codex end` are shortcuts. \
`/codex hand` (or **My hand / my move** on the board) shows your hand with a button per move.
• **Choices** (targets, modes, the order of triggers) come as buttons in your reply or hand. The active \
player makes every choice, even about the opponent's cards.
• **Tech:** after your draw, `/codex tech` opens a menu of your codex; the pick stays secret and can \
change until your next turn starts. `/codex codex` browses what is left.
• **Names:** `base`, `tech1`, `tower` are your opponent's; `my base` is yours. With several opponents the \
owner is named: `p3 base`. A card gets `#2` only when two copies are in sight.
• **Modes:** 1-hero, standard (three heroes each), 2v2 (partners share a base; pick a team with \
`/codex hero team:`; each partner ends the team turn with `/codex end`) or ffa (three to five players; \
`/codex move repair base` mends yours for 3 gold).
• **Look up:** `/codex card` (with each official ruling on the card), `/codex help topic:` (rules, \
keywords, options, `commands`; `rulings` lists every card with rulings), and `/codex forum` for this match \
as a forum post.\
"""


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
    said = " ".join(result.lines)
    text = f"Played `{result.notation}`." + (f" {said}" if said else "")
    view = None
    if result.record.status != "active":
        return text, view
    post = await service.private_view(user_id=interaction.user.id, match_id=result.record.id, render=False)
    if is_choice(post):
        text += "\n" + "\n".join(line for line in post.lines if not line.startswith("Your hand"))
        view = private_components(post)
    elif result.notation == "end":
        text += "\n" + patrol_line(my_view(service, result.record, interaction.user.id), post.seat)
        prompt, tech_view, menu = await tech_message(service, result.record, interaction.user.id)
        if menu is not None:
            text += "\n\n" + prompt
            view = tech_view
    elif post.your_move:
        gold = my_view(service, result.record, interaction.user.id)["players"][post.seat]["gold"]
        text += f" You have {gold} gold left."
    return text, view


# ----------------------------------------------------------------------------------- the table


def table_line(record: MatchRecord) -> str:
    """The heroes named at `new`, and how everyone picks theirs."""
    named = []
    for seat in range(1, 6):
        value = record.options.get(f"hero{seat}")
        if value is None or value in ("auto", RANDOM):
            continue
        team = value if isinstance(value, list) else [value]
        named.append(f"p{seat} plays **{team_summary(team)}**")
    picks = "Each player may pick their heroes with `/codex hero` before the start"
    picks += " (and `team:` picks your 2v2 team)." if record.options.get("mode") == "2v2" else "."
    return "; ".join(named) + ". " + picks if named else picks


def seats_line(service: MatchService, record: MatchRecord) -> str:
    state = service.state_of(record)
    teams = record.options.get("mode") == "2v2"
    return ", ".join(
        f"p{m.seat + 1} <@{m.user_id}> with {team_summary(state.players[m.seat].heroes)}"
        + (f" (team {state.players[m.seat].team + 1})" if teams else "")
        for m in record.seated()
        if m.seat is not None
    )


def _hero_choices(*, none: bool = False) -> list[app_commands.Choice[str]]:
    extra = [app_commands.Choice(name="none (a smaller team)", value=NONE)] if none else []
    listed = [app_commands.Choice(name=clip(text), value=hero_id) for text, hero_id in heroes()]
    return [app_commands.Choice(name="random", value=RANDOM), *extra, *listed[: CHOICE_LIMIT - 1 - len(extra)]]


@app_commands.describe(
    hero="Your hero, or the first of your team (random picks one for you now)",
    second="Your second hero (standard, 2v2 and free-for-all)",
    third="Your third hero (standard, 2v2 and free-for-all)",
    team="2v2: play in team 1 or team 2 (players who choose nothing fill the places left)",
    starter="Your starter deck's colour, one of your heroes' (default: your first hero's)",
)
@app_commands.choices(
    hero=_hero_choices(),
    second=_hero_choices(none=True),
    third=_hero_choices(none=True),
    team=[app_commands.Choice(name=f"team {n}", value=n) for n in (1, 2)],
    starter=[app_commands.Choice(name=c, value=c) for c in STARTERS],
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
        raise Refusal("Choose your first hero too.")
    if hero is None and team is None and starter is None:
        raise Refusal("Choose a hero (and, in 2v2, a team), or your starter deck.")
    if mode == "1-hero" and (second, third) != (None, None):
        raise Refusal("This is the 1-hero game: each player has one hero. Leave second and third out.")
    if team is not None and mode not in ("2v2", "auto"):
        raise Refusal("Teams are chosen only in a 2v2 match; this one has none.")
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
    said = [f"will play **{team_summary(picked)}**"] if picked else []
    said += [f"plays in team {team}"] if team is not None else []
    said += [f"starts with the {user_text(starter)} starter deck"] if starter is not None else []
    await send(interaction, f"{interaction.user.mention} {' and '.join(said)} in match #{record.id}.", ephemeral=False)


def _wanted(mode: str, hero: str, second: str | None, third: str | None) -> list[str]:
    """The places of a player's team: one in the 1-hero game; three in the others (random where left
    open); with the mode still open (`auto`, decided by the seats), just the heroes named."""
    if mode == "1-hero":
        return [hero]
    if mode == "auto":
        return [h for h in (hero, second, third) if h is not None]
    return [hero, second or RANDOM, third or RANDOM]


# ------------------------------------------------------------------------------------ your codex


@app_commands.describe(
    first="Type a pick instead of using the menu: the first card",
    second="The second card (the same name again for both copies)",
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


@app_commands.describe(page="Page number, from 1")
async def codex_(interaction: Interaction, page: app_commands.Range[int, 1] = 1) -> None:
    await defer(interaction)
    record = await match_here(interaction, GAME, "codex", any_status=True)
    text, view = codex_message(service_of(interaction), record, interaction.user.id, page)
    await send(interaction, text, view=view)


# -------------------------------------------------------------------------------------- lookups


@app_commands.describe(name="The card's name", public="Show it to the whole channel (default: only you)")
async def card(interaction: Interaction, name: str, public: bool = False) -> None:
    await defer(interaction, ephemeral=not public)
    found = find_card(name)
    if found is None:
        close = [text for text, _value in card_choices(name[:3])[:5]]
        hint = f" Did you mean: {', '.join(close)}?" if close else ""
        raise Refusal(f"There is no Codex card called “{user_text(name)}”.{hint}")
    await send_pages(interaction, card_text(found), ephemeral=not public)


async def _card_choices(interaction: Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=text, value=value) for text, value in card_choices(typed)]


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


@app_commands.describe(public="Post it in the channel (default: only you)")
async def forum(interaction: Interaction, public: bool = False) -> None:
    await defer(interaction, ephemeral=not public)
    record = await match_here(interaction, GAME, "forum", any_status=True)
    if not record.started:
        raise Refusal("The match has not started yet, so there is nothing to export.")
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
    await send(
        interaction,
        f"Match #{record.id} so far, in the forum layout ({text.count(chr(10))} lines).",
        ephemeral=not public,
        file=file,
    )


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


OWN: tuple[tuple[str, str, Any, dict[str, Any]], ...] = (
    ("hero", "Before the start: choose your hero or team of heroes (and 2v2 team)", hero, {}),
    (
        "tech",
        "Your secret tech pick (2 codex cards), changeable until your turn",
        tech,
        {"first": _tech_choices, "second": _tech_choices},
    ),
    ("codex", "Browse your own codex (only you): the cards you can still tech", codex_, {}),
    ("card", "Look up any Codex card: its facts, our reminder text and rulings", card, {"name": _card_choices}),
    ("forum", "This match so far as a play-by-forum post (public information only)", forum, {}),
)
"""Codex's own commands: (name, description, callback, autocomplete per parameter)."""


def extend(group: app_commands.Group) -> None:
    """Add Codex's own commands to its group (made anew for each group, as a command has one parent)."""
    for name, description, callback, completes in OWN:
        made = app_commands.Command(name=name, description=description, callback=callback)
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

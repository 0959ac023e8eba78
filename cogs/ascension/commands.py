"""Ascension's part of `/ascension`: beside the commands every table shares (new, join, start, move, hand,
…), the verb shortcuts play, buy, defeat, use and end (each offers exactly that verb's legal moves), card
lookup (`/ascension card`, and cards as help topics), a reply to each move that brings the next moves'
buttons, and the wording of private views.
"""

from __future__ import annotations

from typing import Any

from discord import app_commands

from app.errors import Refusal
from cogs.ascension import cards
from cogs.ascension.ui import ITEMS, private_components, private_text, reply
from cogs.gamekit import GameCommands, Interaction, Verb
from cogs.i18n import clip
from cogs.i18n import command_text as c
from cogs.responses import defer, send, user_text
from engine.i18n import Text, t

GAME = "ascension"

VERBS = (
    Verb("play", t("ascension-verb-play"), "card", t("ascension-verb-play-card")),
    Verb("buy", t("ascension-verb-buy"), "card", t("ascension-verb-buy-card")),
    Verb("defeat", t("ascension-verb-defeat"), "card", t("ascension-verb-defeat-card")),
    Verb("use", t("ascension-verb-use"), "card", t("ascension-verb-use-card")),
    Verb("end", t("ascension-verb-end")),
)


def label(move: str, verb: str | None) -> Text:
    """How a legal move reads in an autocomplete: `move` shows the notation; a shortcut leaves its verb
    out and gives what a purchase or a defeat costs and brings."""
    if verb is None:
        return move
    rest = move[len(verb) :].strip() if move.startswith(verb) else move
    if move == "play all":
        return t("ascension-label-play-all")
    found = cards.find_card(rest.split(" at ")[0].removesuffix(" to hand")) if verb in ("buy", "defeat") else None
    if found is None:
        return rest
    if verb == "buy":
        return t("ascension-label-buy", card=rest, cost=found.cost, honor=found.vp)
    return t("ascension-label-defeat", card=rest, cost=found.cost, honor=found.reward)


@app_commands.describe(name=c(t("ascension-describe-card")), public=c(t("ascension-describe-public")))
async def card(interaction: Interaction, name: str, public: bool = False) -> None:
    await defer(interaction, ephemeral=not public)
    found = cards.find_card(name)
    if found is None:
        raise Refusal(cards.no_such_card(user_text(name)))
    await send(interaction, cards.card_page(found), ephemeral=not public)


async def _card_names(interaction: Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=clip(name), value=name) for name in cards.card_names(typed)]


def extend(group: app_commands.Group) -> None:
    """Add Ascension's own commands to its group (made anew for each group: a command has one parent)."""
    made: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=c(t("ascension-cmd-card-name")), description=c(t("ascension-cmd-card")), callback=card
    )
    made.autocomplete("name")(_card_names)
    group.add_command(made)


COMMANDS = GameCommands(
    verbs=VERBS,
    extend=extend,
    help=t("ascension-help"),
    topics=cards.topics,
    topic=cards.topic,
    label=label,
    reply=reply,
    items=ITEMS,
    presenter=(private_text, private_components),
)

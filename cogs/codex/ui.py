"""Codex menus and buttons: the secret tech pick, paging through your codex, and your private view.

Every item is a `DynamicItem` whose custom id carries the match id, so it keeps working after a restart.
They only translate: the service decides, and refusals go to the one error handler.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from app.delivery import PrivatePost
from app.errors import Refusal, WrongStatus
from app.service import MatchService
from cogs.codex.text import (
    DOUBLE,
    TechMenu,
    codex_page_text,
    codex_pages,
    tech_choice_values,
    tech_menu,
    tech_names,
    tech_notation,
    tech_prompt,
)
from cogs.codex.verbs import SHORTCUT_VERBS
from cogs.components import BUTTON_LIMIT, MENU_LIMIT, ActButton, ActMenu, action_components, defer_update, edit_in_place
from cogs.i18n import locale_of
from cogs.responses import defer, report_error, send
from db.records import MatchRecord
from engine.codex.lookup import CHOICE_LIMIT, NONE
from engine.core import get_game
from engine.i18n import Text, english, joined, listing, render, t

NO_TECH = t("codex-no-tech")


def service_of(interaction: discord.Interaction[Any]) -> MatchService:
    return interaction.client.service  # type: ignore[attr-defined, no-any-return]


def my_view(service: MatchService, record: MatchRecord, user_id: int) -> dict[str, Any]:
    """The user's own view of a started Codex match (what `/codex hand` shows them, as data)."""
    if not record.started:
        raise WrongStatus(t("codex-not-started"))
    seat = record.seat_of(user_id)
    if seat is None:
        raise Refusal(t("codex-not-playing"))
    game = get_game(record.game)
    view: dict[str, Any] = game.view(service.state_of(record), seat)
    return view


def current_pick(view: dict[str, Any]) -> list[str] | None:
    """The user's tech pick now, or None when they have not picked (or cannot)."""
    you = view.get("you") or {}
    pick = you.get("tech_pick")
    return list(pick) if pick is not None else None


# --------------------------------------------------------------------------------------- tech pick


class TechSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"codex:tech:(?P<match>\d+):(?P<part>\d+)(?::(?P<first>.+))?",
):
    """One menu of codex cards; choosing in it makes (or changes) the secret tech pick.

    A big codex comes in several menus. A single card chosen where a pick needs two is kept as the pick's
    first card (in the custom id of the menus sent next), so the second may come from any menu."""

    def __init__(
        self,
        match_id: int,
        part: int = 0,
        options: list[discord.SelectOption] | None = None,
        min_values: int = 1,
        max_values: int = 2,
        first: str | None = None,
        locale: str | None = None,
    ) -> None:
        options = options or [discord.SelectOption(label="…", value="none")]
        placeholder = t("codex-tech-second-with", card=first) if first else t("codex-tech-choose")
        super().__init__(
            discord.ui.Select(
                custom_id=f"codex:tech:{match_id}:{part}" + (f":{first}" if first else ""),
                placeholder=render(placeholder, locale)[:150],
                options=options,
                min_values=min(min_values, len(options)),
                max_values=min(max_values, len(options)),
            )
        )
        self.match_id, self.part, self.first = match_id, part, first

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TechSelect:
        return cls(int(match["match"]), int(match["part"]), first=match["first"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = list((interaction.data or {}).get("values") or [])  # type: ignore[union-attr]
        try:
            await defer(interaction)
            if self.first is not None:
                await submit_tech(interaction, self.match_id, [self.first, *values])
            elif not await ask_second_card(interaction, self.match_id, values):
                await submit_tech(interaction, self.match_id, values)
        except Exception as error:
            await report_error(interaction, error)


class TechMenuButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"codex:techmenu:(?P<match>\d+)"):
    """Opens the tech menu, for the player's eyes only."""

    def __init__(self, match_id: int, locale: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=render(t("codex-tech-button"), locale),
                style=discord.ButtonStyle.success,
                custom_id=f"codex:techmenu:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TechMenuButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await defer(interaction)
            record = await service_of(interaction).find(match_id=self.match_id)
            await send_tech_menu(interaction, record)
        except Exception as error:
            await report_error(interaction, error)


def tech_components(
    match_id: int, menu: TechMenu, first: str | None = None, locale: str | None = None
) -> discord.ui.View:
    """The tech menus: one select when the codex fits in 25 lines, otherwise several (up to five). With
    `first`, the menus ask for the second card of a pick whose first card is chosen already."""
    options = [
        discord.SelectOption(label=label, value=value, description=description or None)
        for label, value, description in tech_choice_values(menu, locale)
        if first is None or (value != NONE and not value.endswith(DOUBLE))
    ]
    sizes = sorted(menu.sizes)
    view = discord.ui.View(timeout=None)
    chunks = [options[i : i + CHOICE_LIMIT] for i in range(0, len(options), CHOICE_LIMIT)][:5]
    # A "×2" line counts as two cards, so one line can be a whole pick.
    most = 1 if first is not None else max(1, min(2, sizes[-1]))
    for part, chunk in enumerate(chunks):
        view.add_item(TechSelect(match_id, part, chunk, min_values=1, max_values=most, first=first, locale=locale))
    return view


async def ask_second_card(interaction: discord.Interaction[Any], match_id: int, values: Sequence[str]) -> bool:
    """One card chosen where the pick needs two (the menus are several, so the second may be in another):
    send the menus again, asking for the second card. False when `values` is a whole pick already."""
    if len(values) != 1 or values[0] == NONE or values[0].endswith(DOUBLE):
        return False
    service = service_of(interaction)
    post = await service.private_view(user_id=interaction.user.id, match_id=match_id, render=False)
    menu = tech_menu(post.legal)
    if menu is None or 2 not in menu.sizes or values[0] not in menu.cards:
        return False
    menus = tech_components(match_id, menu, first=values[0], locale=locale_of(interaction))
    if 1 in menu.sizes:  # one card is a whole pick here (ten workers): keep it, and offer a second
        await submit_tech(interaction, match_id, values, then=t("codex-tech-add-second"), view=menus)
        return True
    await send(interaction, t("codex-tech-first-card", card=values[0]), view=menus)
    return True


async def tech_message(
    service: MatchService, record: MatchRecord, user_id: int, locale: str | None = None
) -> tuple[Text, discord.ui.View | None, TechMenu | None]:
    post = await service.private_view(user_id=user_id, match_id=record.id, render=False)
    menu = tech_menu(post.legal)
    if menu is None:
        return NO_TECH, None, None
    pick = current_pick(my_view(service, record, user_id))
    text = tech_prompt(menu, pick)
    if len(tech_choice_values(menu)) > CHOICE_LIMIT:
        text = joined([text, t("codex-tech-several-menus")])
    return text, tech_components(record.id, menu, locale=locale), menu


async def send_tech_menu(interaction: discord.Interaction[Any], record: MatchRecord) -> None:
    text, view, menu = await tech_message(service_of(interaction), record, interaction.user.id, locale_of(interaction))
    if menu is None:
        raise Refusal(text)
    await send(interaction, text, view=view)


async def submit_tech(
    interaction: discord.Interaction[Any],
    match_id: int,
    values: Sequence[str],
    *,
    then: Text = "",
    view: discord.ui.View | None = None,
) -> None:
    service = service_of(interaction)
    notation = tech_notation(values)
    picked = len(tech_names(notation))
    post = await service.private_view(user_id=interaction.user.id, match_id=match_id, render=False)
    menu = tech_menu(post.legal)
    if menu is None:
        raise Refusal(NO_TECH)
    if picked not in menu.sizes:
        sizes = sorted(menu.sizes)
        need = listing([str(n) for n in sizes], "or")
        raise Refusal(t("codex-tech-wrong-size", need=need, most=sizes[-1], picked=picked))
    result = await service.act(user_id=interaction.user.id, action=notation, match_id=match_id)
    chosen = result.notation[len("tech ") :]
    await send(interaction, joined([t("codex-tech-saved", pick=chosen), then], " "), view=view)


# --------------------------------------------------------------------------------------- codex pages


class CodexPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"codex:page:(?P<match>\d+):(?P<page>\d+):(?P<tag>\w+)",
):
    """Turns the page of the clicker's own codex; the message is edited in place."""

    def __init__(self, match_id: int, page: int, label: str = "…", tag: str = "go", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"codex:page:{match_id}:{page}:{tag}",
                disabled=disabled,
            )
        )
        self.match_id, self.page = match_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CodexPageButton:
        return cls(int(match["match"]), int(match["page"]), getattr(item, "label", None) or "…", match["tag"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await defer_update(interaction)
            service = service_of(interaction)
            record = await service.find(match_id=self.match_id)
            text, view = codex_message(service, record, interaction.user.id, self.page, locale_of(interaction))
            await edit_in_place(interaction, text, view=view)
        except Exception as error:
            await report_error(interaction, error)


def codex_message(
    service: MatchService, record: MatchRecord, user_id: int, page: int, locale: str | None = None
) -> tuple[Text, discord.ui.View | None]:
    view = my_view(service, record, user_id)
    codex = dict((view.get("you") or {}).get("codex") or {})
    pages = codex_pages(codex)
    page = min(max(page, 1), pages)
    text = codex_page_text(codex, page, pick=current_pick(view))
    if pages == 1:
        return text, None
    buttons = discord.ui.View(timeout=None)
    back, ahead = render(t("codex-page-back"), locale), render(t("codex-page-next"), locale)
    buttons.add_item(CodexPageButton(record.id, max(page - 1, 1), back, "back", disabled=page == 1))
    buttons.add_item(CodexPageButton(record.id, min(page + 1, pages), ahead, "next", disabled=page == pages))
    return text, buttons


# ------------------------------------------------------------------------------------ private view


def is_choice(post: PrivatePost) -> bool:
    """The player owes an answer to a pending choice (a target, a mode, an order)."""
    return post.your_move and bool(post.legal) and all(a.startswith("choose ") for a in post.legal)


def is_hand_line(line: Text) -> bool:
    """The view's line listing the hand: a reply about a choice leaves it out (the choice is what matters)."""
    return english(line).startswith("Your hand")


def private_text(post: PrivatePost) -> Text:
    """The private view with Codex's own hints instead of a list of every legal move (the message is cut to
    Discord's length where it is sent)."""
    parts: list[Text] = [t("cogs-title", title=post.title), *post.lines]
    main = [a for a in post.legal if not a.startswith("tech ")]
    teching = any(a.startswith("tech ") for a in post.legal)
    if is_choice(post):
        parts.append(t("codex-choose-with-buttons"))
    elif post.your_move and main:
        parts.append(t("codex-your-moves"))
        parts.extend(moves_by_verb(main))
        verbs = sorted({a.split(" ", 1)[0] for a in main}, key=_verb_rank)
        shortcuts = [f"`/codex {v}`" for v in verbs if v in SHORTCUT_VERBS]
        if shortcuts:
            parts.append(t("codex-use-buttons-shortcuts", shortcuts=joined(shortcuts, ", ")))
        else:
            parts.append(t("codex-use-buttons"))
    if teching:
        parts.append(t("codex-owe-tech"))
    return joined(parts)


MOVES_PER_VERB = 8
"""More than this many moves of one verb are summarised ("and 5 more"): the commands list them all."""


def moves_by_verb(moves: Sequence[str]) -> list[Text]:
    """One line per verb, in turn order: "• attack: Older Brother -> base, Tenderfoot -> tower"."""
    grouped: dict[str, list[str]] = {}
    for move in moves:
        verb, _, rest = move.partition(" ")
        grouped.setdefault(verb, []).append(rest)
    out: list[Text] = []
    for verb in sorted(grouped, key=_verb_rank):
        items = [i for i in grouped[verb] if i]
        if not items:
            out.append(f"• {verb}")
            continue
        more = max(len(items) - MOVES_PER_VERB, 0)
        out.append(t("codex-verb-moves", verb=verb, moves=", ".join(items[:MOVES_PER_VERB]), more=more))
    return out


_VERB_ORDER = [
    "play",
    "summon",
    "level",
    "build",
    "destroy",
    "worker",
    "ability",
    "repair",
    "detect",
    "attack",
    "patrol",
    "unpatrol",
    "end",
    "choose",
    "tech",
]


def _verb_rank(verb: str) -> int:
    """Turn order of the verbs; one this list does not know yet goes last rather than failing the view."""
    return _VERB_ORDER.index(verb) if verb in _VERB_ORDER else len(_VERB_ORDER)


_MENU_ORDER = {
    verb: rank
    for rank, verb in enumerate(
        ("attack", "play", "summon", "level", "build", "ability", "detect", "destroy", "end", "worker", "patrol")
    )
}


def private_components(post: PrivatePost) -> discord.ui.View | None:
    """Buttons for a pending choice; otherwise your main-phase moves (tech picks have their own menu)."""
    if is_choice(post):
        return action_components(post)
    teching = any(a.startswith("tech ") for a in post.legal)
    main = [(i, a) for i, a in enumerate(post.legal) if not a.startswith("tech ")] if post.your_move else []
    if not main and not teching:
        return None
    view = discord.ui.View(timeout=None)
    if len(main) <= BUTTON_LIMIT - 1:
        for index, text in main:
            view.add_item(ActButton(post.match_id, post.version, index, text))
    elif main:
        # Too many for buttons: the menu keeps the moves that matter most; the commands have them all.
        ranked = sorted(main, key=lambda m: _MENU_ORDER.get(m[1].split(" ", 1)[0], len(_MENU_ORDER)))
        options = [discord.SelectOption(label=text[:100], value=str(i)) for i, text in ranked[:MENU_LIMIT]]
        view.add_item(ActMenu(post.match_id, post.version, options, post.locale))
    if teching:
        view.add_item(TechMenuButton(post.match_id, post.locale))
    return view


CODEX_ITEMS = (TechSelect, TechMenuButton, CodexPageButton)

"""Buttons and menus that survive restarts: their custom ids carry the match id and version."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord

from app.delivery import BoardPost, PrivatePost
from app.hints import command
from cogs.i18n import locale_of
from cogs.responses import board_text, clip, defer, png, private_text, report_error, send
from engine.i18n import Text, joined, listing, render, t

BUTTON_LIMIT = 20
MENU_LIMIT = 25


def _service(interaction: discord.Interaction[Any]) -> Any:
    return interaction.client.service  # type: ignore[attr-defined]


class MatchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"arb:match-button:(?P<match>\d+)"):
    """A button about one match, its id in the custom id `arb:<kind>:<match id>`. Each kind is a subclass with
    its own template, label and style; this base is never registered, so its template meets no real id."""

    kind = "match-button"
    style = discord.ButtonStyle.secondary

    def __init__(self, match_id: int, locale: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=render(self.label(), locale), style=self.style, custom_id=f"arb:{self.kind}:{match_id}"
            )
        )
        self.match_id = match_id

    @staticmethod
    def label() -> Text:
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MatchButton:
        return cls(int(match["match"]))


class HandButton(MatchButton, template=r"arb:hand:(?P<match>\d+)"):
    """Shows the clicker their private view, ephemerally. Works for DM-less players too."""

    kind = "hand"
    style = discord.ButtonStyle.primary

    @staticmethod
    def label() -> Text:
        return t("cogs-hand-button")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await defer(interaction)
            post = await _service(interaction).private_view(user_id=interaction.user.id, match_id=self.match_id)
            await send_private_reply(interaction, post)
        except Exception as error:
            await report_error(interaction, error)


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"arb:act:(?P<match>\d+):(?P<version>\d+):(?P<index>\d+)",
):
    """Plays the legal action at `index` of the version the button was drawn for."""

    def __init__(self, match_id: int, version: int, index: int, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.secondary, custom_id=f"arb:act:{match_id}:{version}:{index}"
            )
        )
        self.match_id, self.version, self.index = match_id, version, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActButton:
        label = getattr(item, "label", None) or "…"
        return cls(int(match["match"]), int(match["version"]), int(match["index"]), label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await play_index(interaction, self.match_id, self.version, self.index)


class ActMenu(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"arb:pick:(?P<match>\d+):(?P<version>\d+)"):
    """A menu of legal actions for when there are too many for buttons."""

    def __init__(
        self,
        match_id: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
        locale: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"arb:pick:{match_id}:{version}",
                placeholder=render(t("cogs-choose-action"), locale),
                options=options or [discord.SelectOption(label="…", value="0")],
            )
        )
        self.match_id, self.version = match_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActMenu:
        return cls(int(match["match"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = (interaction.data or {}).get("values") or ["0"]  # type: ignore[union-attr]
        await play_index(interaction, self.match_id, self.version, int(values[0]))


async def play_index(interaction: discord.Interaction[Any], match_id: int, version: int, index: int) -> None:
    try:
        await defer(interaction)
        result = await _service(interaction).act(
            user_id=interaction.user.id, action=index, match_id=match_id, expected_version=version
        )
        await send(interaction, t("cogs-played", move=result.notation))
    except Exception as error:
        await report_error(interaction, error)


def board_components(match_id: int, finished: bool, locale: str | None = None) -> discord.ui.View | None:
    """A live match's board offers each player their hand; a finished one, a rematch."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(match_id, locale) if finished else HandButton(match_id, locale))
    return view


class RematchButton(MatchButton, template=r"arb:rematch:(?P<match>\d+)"):
    """On a finished match's board: a new table in the channel for the same players, in the same seats, with
    the same options. Only a player of that match may press it; anyone else is told so, privately."""

    kind = "rematch"
    style = discord.ButtonStyle.success

    @staticmethod
    def label() -> Text:
        return t("cogs-rematch-button")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await defer(interaction, ephemeral=False)
            record = await _service(interaction).rematch(match_id=self.match_id, user_id=interaction.user.id)
            others = listing(f"<@{m.user_id}>" for m in record.members if m.user_id != interaction.user.id)
            opened = t(
                "cogs-rematch-opened",
                who=interaction.user.mention,
                old=self.match_id,
                id=record.id,
                players=others,
                start=command(record.game, "start"),
                leave=command(record.game, "leave"),
            )
            await send(interaction, opened, ephemeral=False)
        except Exception as error:
            await report_error(interaction, error)


def action_components(post: PrivatePost, locale: str | None = None) -> discord.ui.View | None:
    """Buttons (or a menu) for the player's legal actions, when it is their move."""
    if not post.your_move or not post.legal:
        return None
    view = discord.ui.View(timeout=None)
    if len(post.legal) <= BUTTON_LIMIT:
        for index, text in enumerate(post.legal):
            view.add_item(ActButton(post.match_id, post.version, index, text))
    else:
        options = [
            discord.SelectOption(label=text[:100], value=str(i)) for i, text in enumerate(post.legal[:MENU_LIMIT])
        ]
        view.add_item(ActMenu(post.match_id, post.version, options, locale))
    return view


PrivateText = Callable[[PrivatePost], Text]
PrivateComponents = Callable[[PrivatePost], discord.ui.View | None]
"""Buttons for a private view; the post's `locale` says the language to label them in."""
_PRESENTERS: dict[str, tuple[PrivateText, PrivateComponents]] = {}


def register_private_presenter(game: str, text: PrivateText, components: PrivateComponents) -> None:
    """Let a game's cog word a private view and choose its buttons (DMs and the "My hand" button alike).
    The presenter is given the post with the platform's texts already in the reader's locale."""
    _PRESENTERS[game] = (text, components)


def present_private(post: PrivatePost, locale: str | None = None) -> tuple[str, discord.ui.View | None]:
    """A private view's text and buttons as its player reads them in `locale`."""
    shown = post.in_locale(locale)
    if post.game in _PRESENTERS:
        text, components = _PRESENTERS[post.game]
        return clip(render(text(shown), locale)), components(shown)
    return clip(render(private_text(shown), locale)), action_components(shown, locale)


async def send_private_reply(interaction: discord.Interaction[Any], post: PrivatePost) -> None:
    text, view = present_private(post, locale_of(interaction))
    await send(interaction, text, file=png(post.image, "private.png"), view=view)


async def send_board_reply(interaction: discord.Interaction[Any], post: BoardPost, *, ephemeral: bool) -> None:
    locale = locale_of(interaction)
    await send(
        interaction,
        board_text(post, locale),
        ephemeral=ephemeral,
        file=png(post.image, "board.png"),
        view=board_components(post.match_id, post.finished, locale),
    )


class ClaimButton(MatchButton, template=r"arb:claim:(?P<match>\d+)"):
    """Claims the win when an opponent's clock has run out."""

    kind = "claim"
    style = discord.ButtonStyle.danger

    @staticmethod
    def label() -> Text:
        return t("cogs-claim-button")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await defer(interaction)
            record = await interaction.client.keeper.claim_timeout(  # type: ignore[attr-defined]
                user_id=interaction.user.id, match_id=self.match_id
            )
            await send(
                interaction, t("cogs-match-status", id=record.id, status=_service(interaction).status_line(record))
            )
        except Exception as error:
            await report_error(interaction, error)


class TakebackButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"arb:tb:(?P<match>\d+):(?P<version>\d+):(?P<answer>yes|no)",
):
    """Accepts or declines an opponent's takeback request."""

    def __init__(self, match_id: int, version: int, accept: bool, locale: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=render(t("cogs-takeback-accept") if accept else t("cogs-takeback-decline"), locale),
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary,
                custom_id=f"arb:tb:{match_id}:{version}:{'yes' if accept else 'no'}",
            )
        )
        self.match_id, self.version, self.accept = match_id, version, accept

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TakebackButton:
        return cls(int(match["match"]), int(match["version"]), match["answer"] == "yes")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await defer(interaction)
            text = await interaction.client.rewinder.answer_takeback(  # type: ignore[attr-defined]
                user_id=interaction.user.id, match_id=self.match_id, version=self.version, accept=self.accept
            )
            await send(interaction, text)
        except Exception as error:
            await report_error(interaction, error)


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"arb:replay:(?P<match>\d+):(?P<step>\d+):(?P<tag>\w+)"
):
    """Steps a private replay to another move; the message is edited in place."""

    def __init__(self, match_id: int, step: int, label: str, tag: str, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"arb:replay:{match_id}:{step}:{tag}",
                disabled=disabled,
            )
        )
        self.match_id, self.step = match_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(int(match["match"]), int(match["step"]), getattr(item, "label", None) or "…", match["tag"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await defer_update(interaction)
            frame = await interaction.client.rewinder.frame(  # type: ignore[attr-defined]
                match_id=self.match_id, step=self.step, user_id=interaction.user.id
            )
            file = png(frame.post.image, "replay.png")
            await edit_in_place(
                interaction,
                replay_text(frame),
                view=replay_components(frame.post.match_id, frame.step, frame.steps),
                attachments=[file] if file is not None else [],
            )
        except Exception as error:
            await report_error(interaction, error)


async def defer_update(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge a click that edits its own message (a page flip) before any lock, read or drawing, so
    Discord's 3 seconds are met however busy the bot is; the edit may then follow within 15 minutes."""
    if not interaction.response.is_done():
        await interaction.response.defer()


async def edit_in_place(
    interaction: discord.Interaction[Any], content: Text, *, view: discord.ui.View | None, **extra: Any
) -> None:
    """Show the new page in the clicked message (after `defer_update`), in the clicker's locale."""
    await interaction.edit_original_response(content=clip(render(content, locale_of(interaction))), view=view, **extra)


def replay_text(frame: Any) -> Text:
    return joined(
        [t("cogs-title", title=frame.post.title), *(t("cogs-bullet", line=line) for line in frame.post.lines)]
    )


def replay_components(match_id: int, step: int, steps: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    targets = [("⏮", 0, "first"), ("◀", step - 1, "back"), ("▶", step + 1, "next"), ("⏭", steps, "last")]
    for label, target, tag in targets:
        clamped = min(max(target, 0), steps)
        view.add_item(ReplayButton(match_id, clamped, label, tag, disabled=clamped == step))
    return view


def notice_components(
    match_id: int, version: int, kinds: list[str], locale: str | None = None
) -> discord.ui.View | None:
    if not kinds:
        return None
    view = discord.ui.View(timeout=None)
    for kind in kinds:
        if kind == "claim":
            view.add_item(ClaimButton(match_id, locale))
        elif kind in ("takeback_yes", "takeback_no"):
            view.add_item(TakebackButton(match_id, version, kind == "takeback_yes", locale))
    return view


DYNAMIC_ITEMS = (HandButton, ActButton, ActMenu, ClaimButton, TakebackButton, ReplayButton, RematchButton)

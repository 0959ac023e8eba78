"""Buttons and menus that survive restarts: their custom ids carry the match id and version."""

from __future__ import annotations

import re
from typing import Any

import discord

from app.delivery import PrivatePost
from cogs.responses import board_text, defer, png, private_text, report_error, send

BUTTON_LIMIT = 20
MENU_LIMIT = 25


def _service(interaction: discord.Interaction[Any]) -> Any:
    return interaction.client.service  # type: ignore[attr-defined]


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"arb:hand:(?P<match>\d+)"):
    """Shows the clicker their private view, ephemerally. Works for DM-less players too."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="My hand / my move", style=discord.ButtonStyle.primary, custom_id=f"arb:hand:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["match"]))

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

    def __init__(self, match_id: int, version: int, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"arb:pick:{match_id}:{version}",
                placeholder="Choose your action",
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
        await send(interaction, f"Played `{result.notation}`.")
    except Exception as error:
        await report_error(interaction, error)


def board_components(match_id: int, finished: bool) -> discord.ui.View | None:
    if finished:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(match_id))
    return view


def action_components(post: PrivatePost) -> discord.ui.View | None:
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
        view.add_item(ActMenu(post.match_id, post.version, options))
    return view


async def send_private_reply(interaction: discord.Interaction[Any], post: PrivatePost) -> None:
    await send(
        interaction,
        private_text(post),
        file=png(post.image, "private.png"),
        view=action_components(post),
    )


async def send_board_reply(interaction: discord.Interaction[Any], post: Any, *, ephemeral: bool) -> None:
    await send(
        interaction,
        board_text(post),
        ephemeral=ephemeral,
        file=png(post.image, "board.png"),
        view=board_components(post.match_id, post.finished),
    )


DYNAMIC_ITEMS = (HandButton, ActButton, ActMenu)

"""Ascension's buttons and menus, the wording of a private view, and the answer to a move.

A private view (DM, `/ascension hand`, the board's **My hand / my move**) comes with a control for every
legal move: a button each when they fit (Discord shows at most 25 in a message), otherwise `play all`,
`end` and `skip` as buttons and a menu per verb. Each control carries the match, the version it was drawn
for and the index of the move, so a click on an older version gets the current board (StaleClick), and it
answers like a typed move: what happened, what is left, and the controls for the next moves, so a whole
turn can be played by clicking.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from app.delivery import PrivatePost
from app.service import ActResult
from cogs.gamekit import Interaction, Reply, service_of
from cogs.responses import defer, report_error, send
from engine.i18n import Text, joined, render, t

BUTTONS = 25
"""Five rows of five: the most a message holds."""
MENU = 25
ROWS = 5
LABEL = 80
OPTION = 100
ALONE = ("play all", "end", "skip")
"""Moves that keep a button of their own when the rest go into menus."""
VERB_ORDER = ("play", "use", "buy", "defeat", "take", "banish", "discard", "copy", "destroy", "keep", "skip", "end")
STYLES = {
    "end": discord.ButtonStyle.danger,
    "play all": discord.ButtonStyle.success,
    "buy": discord.ButtonStyle.primary,
    "defeat": discord.ButtonStyle.primary,
}


def _verb(move: str) -> str:
    return move.split(" ", 1)[0]


def _style(move: str) -> discord.ButtonStyle:
    return STYLES.get(move, STYLES.get(_verb(move), discord.ButtonStyle.secondary))


# --------------------------------------------------------------------------------------------- controls


async def play_and_answer(interaction: Interaction, match_id: int, version: int, index: int) -> None:
    """Play the move at `index` of `version` for the clicker and answer as a typed move is answered."""
    try:
        await defer(interaction)
        result = await service_of(interaction).act(
            user_id=interaction.user.id, action=index, match_id=match_id, expected_version=version
        )
        text, view = await reply(interaction, result)
        await send(interaction, text, view=view)
    except Exception as error:
        await report_error(interaction, error)


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"asc:act:(?P<match>\d+):(?P<version>\d+):(?P<index>\d+)",
):
    """Plays the legal move at `index` of the version the button was drawn for."""

    def __init__(self, match_id: int, version: int, index: int, label: str = "…", style: Any = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:LABEL],
                style=style or discord.ButtonStyle.secondary,
                custom_id=f"asc:act:{match_id}:{version}:{index}",
            )
        )
        self.match_id, self.version, self.index = match_id, version, index

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveButton:
        return cls(int(match["match"]), int(match["version"]), int(match["index"]), getattr(item, "label", None) or "…")

    async def callback(self, interaction: Interaction) -> None:
        await play_and_answer(interaction, self.match_id, self.version, self.index)


class MoveMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"asc:pick:(?P<match>\d+):(?P<version>\d+):(?P<part>\d+)",
):
    """A menu of legal moves (of one verb, mostly) for when there are too many for buttons; each option's
    value is the move's index."""

    def __init__(
        self,
        match_id: int,
        version: int,
        part: int = 0,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "…",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"asc:pick:{match_id}:{version}:{part}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="…", value="0")],
            )
        )
        self.match_id, self.version = match_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveMenu:
        return cls(int(match["match"]), int(match["version"]), int(match["part"]))

    async def callback(self, interaction: Interaction) -> None:
        values = (interaction.data or {}).get("values") or ["0"]  # type: ignore[union-attr]
        await play_and_answer(interaction, self.match_id, self.version, int(values[0]))


ITEMS = (MoveButton, MoveMenu)


def groups(legal: Sequence[str]) -> list[tuple[str, list[int]]]:
    """The indexes of the moves by verb, in turn order (the moves with a button of their own left out)."""
    by_verb: dict[str, list[int]] = {}
    for index, move in enumerate(legal):
        if move not in ALONE:
            by_verb.setdefault(_verb(move), []).append(index)
    order = {verb: rank for rank, verb in enumerate(VERB_ORDER)}
    return sorted(by_verb.items(), key=lambda item: order.get(item[0], len(order)))


def move_controls(match_id: int, version: int, legal: Sequence[str]) -> discord.ui.View | None:
    """A control for every legal move: buttons when they fit, else buttons for `ALONE` and menus by verb."""
    if not legal:
        return None
    view = discord.ui.View(timeout=None)
    if len(legal) <= BUTTONS:
        for index, move in enumerate(legal):
            view.add_item(MoveButton(match_id, version, index, move, _style(move)))
        return view
    for index, move in enumerate(legal):
        if move in ALONE:
            view.add_item(MoveButton(match_id, version, index, move, _style(move)))
    chunks = [(verb, indexes[i : i + MENU]) for verb, indexes in groups(legal) for i in range(0, len(indexes), MENU)]
    if len(chunks) > ROWS - 1:  # more verbs than rows: the menus take the moves in order instead
        rest = [i for verb, indexes in groups(legal) for i in indexes]
        chunks = [("", rest[i : i + MENU]) for i in range(0, len(rest), MENU)][: ROWS - 1]
    for part, (verb, chunk) in enumerate(chunks):
        options = [discord.SelectOption(label=legal[i][:OPTION], value=str(i)) for i in chunk]
        placeholder = render(t("ascension-pick-placeholder", verb=verb, count=len(chunk)), None)
        view.add_item(MoveMenu(match_id, version, part, options, placeholder))
    return view


# --------------------------------------------------------------------------------------------- private view


def is_choice(post: PrivatePost) -> bool:
    """The player owes the answer to a choice (a banish, a discard, the Construct to keep...)."""
    return post.your_move and bool(post.legal) and "end" not in post.legal


def moves_by_verb(legal: Sequence[str]) -> list[Text]:
    """One line per verb: "• buy: Arha Templar, Mystic"."""
    lines: list[Text] = []
    alone = [move for move in legal if move in ALONE]
    for verb, indexes in groups(legal):
        rest = [legal[i][len(verb) :].strip() for i in indexes]
        shown = ", ".join(r for r in rest if r)
        lines.append(
            t("ascension-moves-verb", verb=verb, moves=shown) if shown else t("ascension-moves-bare", verb=verb)
        )
    lines += [t("ascension-moves-bare", verb=move) for move in alone]
    return lines


def private_text(post: PrivatePost) -> Text:
    """The private view: its title and lines, and on the player's move every move they can make."""
    parts: list[Text] = [t("cogs-title", title=post.title), *post.lines]
    if is_choice(post):
        parts.append(t("ascension-reply-choose"))
    elif post.your_move and post.legal:
        parts += [t("ascension-moves-head"), *moves_by_verb(post.legal), t("ascension-moves-hint")]
    return joined(parts)


def private_components(post: PrivatePost) -> discord.ui.View | None:
    if not post.your_move:
        return None
    return move_controls(post.match_id, post.version, post.legal)


# ----------------------------------------------------------------------------------------------- replies


async def reply(interaction: Interaction, result: ActResult) -> Reply:
    """What the mover reads after a move (typed or clicked): the move and what it did, then, while it is
    still their move, their hand, Runes and Power or the choice owed, with the controls for the next moves."""
    said: list[Text] = [t("cogs-played", move=result.notation), *result.lines]
    if result.record.status != "active":
        return joined(said), None
    service = service_of(interaction)
    post = await service.private_view(user_id=interaction.user.id, match_id=result.record.id, render=False)
    if not post.your_move:
        return joined([*said, t("ascension-reply-turn-over")]), None
    said += post.lines  # the hand, the Runes and Power left, Honor, and the choice owed if any
    if is_choice(post):
        said.append(t("ascension-reply-choose"))
    return joined(said), private_components(post)

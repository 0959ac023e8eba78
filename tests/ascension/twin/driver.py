"""A player at an Ascension table in the Discord twin: it picks its moves with the engine's greedy taste and
makes each one the way a person would, by a slash command (the verb's shortcut, or `/ascension move`, after
checking the autocomplete offers it) or by a button (or menu option) under its last reply or its hand.

Every click checks that the controls offer exactly the legal moves: one control per move, labelled with it.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cogs.client import ArbiterBot
from engine.ascension import GAME
from engine.policy import get_policy
from tests.twin.server import DiscordTwin, TwinMessage

SHORTCUTS = ("play", "buy", "defeat", "use")
"""Verbs with a command of their own (option `card`); `end` has one without options."""
TINY_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082"
)
"""Boards are drawn by the render package (golden tests); here they would only slow the match down."""
GREEDY = get_policy("greedy")


@dataclass
class Table:
    twin: DiscordTwin
    bot: ArbiterBot
    channel: int
    users: dict[int, int]
    """Seat -> user id of the human seats."""
    rng: random.Random
    typed_share: float = 0.2
    """How often a move is typed rather than clicked."""
    counts: Counter[str] = field(default_factory=Counter)
    replies: dict[int, TwinMessage] = field(default_factory=dict)
    """Each user's last reply that carried move controls, for their next click."""

    def boards(self) -> list[TwinMessage]:
        return [m for m in self.twin.channel_messages(self.channel) if m.content.startswith("**Ascension")]

    async def state(self) -> Any:
        record = await self.bot.service.find(match_id=1)
        return record, (self.bot.service.state_of(record) if record.status == "active" else None)

    def pick(self, state: Any, seat: int) -> str:
        legal = GAME.legal_actions(state, seat)
        action = GREEDY.choose(GAME, GAME.view(state, seat), seat, legal, self.rng)
        return GAME.describe_action(state, seat, action)

    async def play_to_the_end(self, step_cap: int) -> Any:
        """Moves until the match is over; returns its record."""
        for _ in range(step_cap):
            record, state = await self.state()
            if state is None:
                return record
            (seat,) = GAME.to_move(state)
            assert seat in self.users, f"seat {seat} owes a move but is no human seat"
            await self.move(self.users[seat], state, seat, self.pick(state, seat))
        record, _ = await self.state()
        assert record.status == "finished", f"unfinished after {step_cap} moves: {self.counts}"
        return record

    async def move(self, user: int, state: Any, seat: int, move: str) -> None:
        legal = [GAME.describe_action(state, seat, a) for a in GAME.legal_actions(state, seat)]
        if self.rng.random() < self.typed_share:
            await self.typed(user, move, legal)
        else:
            await self.clicked(user, move, legal)
        self.counts[move.split(" ", 1)[0]] += 1
        if move == "play all":
            self.counts["play all"] += 1

    async def typed(self, user: int, move: str, legal: list[str]) -> None:
        verb = move.split(" ", 1)[0]
        if verb in SHORTCUTS:  # typing nothing yet, the shortcut offers exactly that verb's legal moves
            offered = await self.twin.autocomplete(
                user, self.channel, f"ascension {verb}", {"card": ""}, focused="card"
            )
            assert [c["value"] for c in offered] == [m for m in legal if m.split(" ", 1)[0] == verb][:25], offered
        if move == "end":
            result = await self.twin.slash(user, self.channel, "ascension end")
        else:
            command, option = (f"ascension {verb}", "card") if verb in SHORTCUTS else ("ascension move", "action")
            typed = move[len(verb) + 1 :] if verb in SHORTCUTS else move
            offered = await self.twin.autocomplete(user, self.channel, command, {option: typed}, focused=option)
            assert move in [c["value"] for c in offered], (move, offered)
            result = await self.twin.slash(user, self.channel, command, {option: move})
            self.counts["typed"] += 1
        assert result.ephemeral and result.content.startswith(f"Played `{move}`."), result.content
        self.remember(user, result.message)

    def remember(self, user: int, message: TwinMessage | None) -> None:
        if message is not None and message.custom_ids:
            self.replies[user] = message
        else:
            self.replies.pop(user, None)

    async def controls(self, user: int) -> TwinMessage:
        """The message whose controls the user clicks: their last reply, else their hand from the board."""
        if user in self.replies:
            return self.replies[user]
        board = self.boards()[-1]
        button = board.find_component_by_label("My hand / my move")
        assert button is not None, board.content
        hand = await self.twin.click(user, board, button["custom_id"])
        assert hand.ephemeral and hand.message is not None and "Your hand" in hand.content, hand.content
        self.counts["hand button"] += 1
        return hand.message

    async def clicked(self, user: int, move: str, legal: list[str]) -> None:
        message = await self.controls(user)
        buttons, menus = offered_controls(message)
        assert sorted([*buttons, *(label for m in menus for label in m[1].values())]) == sorted(legal), (
            "the controls must offer exactly the legal moves",
            legal,
        )
        if move in buttons:
            result = await self.twin.click(user, message, buttons[move])
            self.counts["button"] += 1
        else:
            custom_id, options = next(m for m in menus if move in m[1].values())
            value = next(v for v, label in options.items() if label == move)
            result = await self.twin.select(user, message, custom_id, [value])
            self.counts["menu"] += 1
        assert result.ephemeral and result.content.startswith(f"Played `{move}`."), result.content
        self.remember(user, result.message)


def offered_controls(message: TwinMessage) -> tuple[dict[str, str], list[tuple[str, dict[str, str]]]]:
    """(button label -> custom id, [(menu custom id, {value: label})]) of the move controls on a message."""
    buttons: dict[str, str] = {}
    menus: list[tuple[str, dict[str, str]]] = []
    for row in message.components:
        for comp in row.get("components", []):
            if comp.get("custom_id", "").startswith("asc:act:"):
                buttons[comp["label"]] = comp["custom_id"]
            elif comp.get("custom_id", "").startswith("asc:pick:"):
                menus.append((comp["custom_id"], {o["value"]: o["label"] for o in comp["options"]}))
    return buttons, menus

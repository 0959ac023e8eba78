"""Bot seats: a table may fill empty seats with a bot policy (engine/policy.py), which the service plays.

A bot is a member with a negative user id, so it can never be a Discord user: it is never sent a DM
(`MatchService._send_private` skips it), never pinged (the Discord layer mentions only real users) and
is named in text by `name_bots`. Its id says which policy plays it and which bot of the table it is:
`-(number * 100 + policy index + 1)`, so nothing else needs storing. A match with a bot seat is unrated.

After every committed change of a match (its start, a move, a resignation) the service calls
`BotSeats.settle`, which plays every bot seat that owes a decision until a human owes one or the match
ends. A bot sees only its own seat's view and its legal actions, like a player in that seat; its random
choices come from the match's seed and version, so a match with bots can be replayed move for move.
"""

from __future__ import annotations

import contextlib
import logging
import random
import re
from collections.abc import Iterable

from app.errors import StaleClick
from app.service import MatchService
from db.records import MatchRecord
from engine.core import get_game
from engine.i18n import Msg, render, t
from engine.policy import POLICIES, Policy

log = logging.getLogger(__name__)

POLICY_ORDER: tuple[str, ...] = tuple(POLICIES)
"""Policies in a fixed order: a bot's id holds its policy's place in it (keep new ones at the end)."""
SPACE = 100
STEP_CAP = 10_000
"""A runaway guard: more bot moves in a row than any match needs means a game that never waits."""
_MENTION = re.compile(r"<@!?(-\d+)>")


def bot_id(number: int, policy: str) -> int:
    """The user id of the `number`th bot (from 1) of a table, played by `policy`."""
    if policy not in POLICIES:
        raise ValueError(f"There is no bot called {policy!r}; the bots are {', '.join(POLICY_ORDER)}.")
    return -(number * SPACE + POLICY_ORDER.index(policy) + 1)


def is_bot(user_id: int | None) -> bool:
    return user_id is not None and user_id < 0


def policy_of(user_id: int) -> Policy:
    return POLICIES[POLICY_ORDER[(-user_id) % SPACE - 1]]


def bot_name(user_id: int) -> Msg:
    """How a bot is called: "Greedy bot 1"."""
    return t("app-bot-name", bot=policy_of(user_id).title, number=(-user_id) // SPACE)


def name_bots(text: str, locale: str | None = None) -> str:
    """Text with each bot's mention (`<@-101>`) written as its name in `locale`: a bot is no Discord user."""
    return _MENTION.sub(lambda m: render(bot_name(int(m.group(1))), locale), text)


def humans(user_ids: Iterable[int]) -> list[int]:
    return [u for u in user_ids if not is_bot(u)]


async def seat_bots(service: MatchService, record: MatchRecord, count: int, policy: str) -> MatchRecord:
    """Seat `count` bots of `policy` at a new table; they take the next seats in joining order."""
    for number in range(1, count + 1):
        record = await service.join(channel_id=record.channel_id, user_id=bot_id(number, policy))
    return record


class BotSeats:
    """Plays the bot seats of every match of one service, after each change it commits."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self._settling: set[int] = set()
        service.after_change.append(self.settle)

    async def settle(self, match_id: int) -> None:
        """Play bot seats until none owes a decision. A bot's own move calls this again: that call returns
        at once, and this loop goes on."""
        if match_id in self._settling:
            return
        self._settling.add(match_id)
        try:
            for _ in range(STEP_CAP):
                if not await self._one_move(match_id):
                    return
            log.error("match %s: bots made %d moves in a row; stopped", match_id, STEP_CAP)
        finally:
            self._settling.discard(match_id)

    async def _one_move(self, match_id: int) -> bool:
        """Play one bot seat's decision; False when no bot owes one."""
        record = await self.service.fresh(match_id)
        if record.status != "active":
            return False
        game = get_game(record.game)
        state = self.service.state_of(record)
        owing = [s for s in sorted(game.to_move(state)) if is_bot(record.user_at(s))]
        if not owing:
            return False
        seat = owing[0]
        user_id = record.user_at(seat)
        assert user_id is not None
        legal = game.legal_actions(state, seat)
        rng = random.Random(f"{record.seed}:{record.version}:{seat}")
        action = policy_of(user_id).choose(game, game.view(state, seat), seat, legal, rng)
        with contextlib.suppress(StaleClick):  # a player moved in between: look again
            await self.service.act(user_id=user_id, action=action, match_id=match_id, expected_version=record.version)
        return True

"""Limits on heavy work (board images, replays, exports), per person and per channel.

Counting is done by the `limits` library (a moving window kept in memory). Moves are never counted:
only requests to look at a match are. Everyone is counted against their own share; people who are not
playing in the match are also counted against the channel's share, so onlookers together can never
hold up the players, and a player's requests never use up what the onlookers may ask for either.
"""

from __future__ import annotations

import math
import time

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from app.errors import Refusal
from engine.i18n import Text, t

RATE_HELP = 'write a rate as "COUNT/PERIOD", like "20/minute" or "200/hour"'


def parse_rate(text: str) -> RateLimitItem:
    """A rate from the settings; a ValueError saying how to write one when it is not one."""
    try:
        item = parse(text)
    except ValueError:
        raise ValueError(RATE_HELP) from None
    if item.amount < 1:
        raise ValueError(f"{RATE_HELP}, with a COUNT of at least 1")
    return item


class TooFast(Refusal):
    """Too many heavy requests lately; `retry_after` is whole seconds until one more is allowed."""

    def __init__(self, message: Text, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Throttle:
    """Counts heavy requests and refuses those over a share, saying how long to wait."""

    def __init__(self, per_user: str, per_channel: str) -> None:
        self._per_user = parse_rate(per_user)
        self._per_channel = parse_rate(per_channel)
        self._counter = MovingWindowRateLimiter(MemoryStorage())

    def charge(self, *, user_id: int, channel_id: int, player: bool) -> None:
        """Count one request, or raise TooFast and count nothing."""
        shares = [(self._per_user, "user", str(user_id))]
        if not player:
            shares.append((self._per_channel, "channel", str(channel_id)))
        # Test every share before counting in any, so a refused request costs nobody anything.
        for item, kind, who in shares:
            if not self._counter.test(item, kind, who):
                wait = self._wait(item, kind, who)
                raise TooFast(_refusal(kind, wait), wait)
        for item, kind, who in shares:
            self._counter.hit(item, kind, who)

    def _wait(self, item: RateLimitItem, kind: str, who: str) -> int:
        reset = self._counter.get_window_stats(item, kind, who).reset_time
        return max(1, math.ceil(reset - time.time()))


def _refusal(kind: str, seconds: int) -> Text:
    if kind == "user":
        return t("app-too-fast", seconds=seconds)
    return t("app-too-fast-onlookers", seconds=seconds)

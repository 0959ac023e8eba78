"""Bot players: a policy picks one action for one seat from that seat's view and its legal actions.

A policy never sees the state, so it cannot cheat: it knows what a player in that seat would know. Rules
that play a seat themselves (a solo villain, an AI deck) are not policies: they are part of the game and
act inside `apply`. Every game gets the two policies below; `greedy` reads the game's own `greedy_score`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from engine.core import JSON, Action, Game, Seat
from engine.i18n import Text, t


class Policy(ABC):
    name: ClassVar[str]
    title: ClassVar[Text]

    @abstractmethod
    def choose(self, game: Game[Any], view: JSON, seat: Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of `legal` (never empty) for `seat`, knowing only `view`."""


class RandomPolicy(Policy):
    name = "random"
    title = t("core-bot-random")

    def choose(self, game: Game[Any], view: JSON, seat: Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        return rng.choice(list(legal))


class GreedyPolicy(Policy):
    """The action the game scores highest for this view, ties broken at random: a bot that always takes
    the best-looking move now and never plans."""

    name = "greedy"
    title = t("core-bot-greedy")

    def choose(self, game: Game[Any], view: JSON, seat: Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        scored = [(game.greedy_score(view, seat, a), a) for a in legal]
        best = max(score for score, _a in scored)
        return rng.choice([a for score, a in scored if score == best])


POLICIES: dict[str, Policy] = {p.name: p for p in (RandomPolicy(), GreedyPolicy())}


def get_policy(name: str) -> Policy:
    try:
        return POLICIES[name]
    except KeyError:
        raise ValueError(f"There is no bot called {name!r}; the bots are {', '.join(POLICIES)}.") from None

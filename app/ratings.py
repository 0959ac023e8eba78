"""Player ratings: one ladder per (game, mode), updated by the openskill library's Plackett-Luce model.

One function rates every kind of match: a match is a list of sides (one player for 1v1 and free-for-all,
several for a team) with a finishing rank per side (1 best, equal ranks tie). We never do rating
arithmetic ourselves; openskill does it.

Each rating is a belief: mu (the skill we estimate) and sigma (how unsure we are). What players see is
the conservative estimate mu - 3 sigma (openskill's "ordinal"), scaled so a newcomer shows 1000:

    display = round(1000 + 40 x (mu - 3 sigma))

A newcomer (mu 25, sigma 25/3) shows 1000; each point of ordinal is 40 display points, so the numbers
move in steps players notice, and a rating only climbs far once the system is sure of it. A player is
provisional until they have played `provisional_matches` rated matches (5 by default).

A ladder is a fold over its rated matches, in order, so it can be rebuilt from storage at any time, and
it keeps each player's rating after every match for a chart.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

DISPLAY_BASE = 1000
DISPLAY_SCALE = 40
PROVISIONAL_MATCHES = 5
_MODEL = PlackettLuce()

LadderKey = tuple[str, str]  # (game, mode): ("codex", "1v1"), ("codex", "2v2"), ("codex", "ffa4")


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = _MODEL.mu
    sigma: float = _MODEL.sigma
    matches: int = 0

    @property
    def ordinal(self) -> float:
        """The skill we are fairly sure the player has at least: mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        return round(DISPLAY_BASE + DISPLAY_SCALE * self.ordinal)


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """A finished rated match: the players of each side and each side's finishing rank (1 best)."""

    match_id: str
    key: LadderKey
    sides: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]
    at: str = ""  # when it ended (ISO), for the chart

    def to_json(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "key": list(self.key),
            "sides": [list(side) for side in self.sides],
            "ranks": list(self.ranks),
            "at": self.at,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RatedMatch:
        game, mode = data["key"]
        return cls(
            data["match_id"], (game, mode), tuple(tuple(s) for s in data["sides"]), tuple(data["ranks"]), data["at"]
        )


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """One step of a player's history: their rating before and after a match."""

    match_id: str
    at: str
    before: Rating
    after: Rating


def rate(ratings: Mapping[str, Rating], sides: Sequence[Sequence[str]], ranks: Sequence[int]) -> dict[str, Rating]:
    """New ratings for everyone in the match (players not yet rated start at the default)."""
    if len(sides) != len(ranks) or len(sides) < 2:
        raise ValueError("a rated match needs two or more sides, each with a rank")
    players = [player for side in sides for player in side]
    if len(set(players)) != len(players):
        raise ValueError("a player can play only one seat of a rated match")
    current = [[ratings.get(player, Rating()) for player in side] for side in sides]
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma) for r in side] for side in current]
    updated = _MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return {
        player: Rating(new.mu, new.sigma, old.matches + 1)
        for side, old_side, new_side in zip(sides, current, updated, strict=True)
        for player, old, new in zip(side, old_side, new_side, strict=True)
    }


@dataclass
class Ladder:
    """The ratings of one (game, mode)."""

    key: LadderKey
    provisional_matches: int = PROVISIONAL_MATCHES
    ratings: dict[str, Rating] = field(default_factory=dict)
    history: dict[str, list[RatingPoint]] = field(default_factory=dict)

    @classmethod
    def fold(
        cls, key: LadderKey, matches: Iterable[RatedMatch], provisional_matches: int = PROVISIONAL_MATCHES
    ) -> Ladder:
        ladder = cls(key, provisional_matches)
        for match in matches:
            ladder.apply(match)
        return ladder

    def apply(self, match: RatedMatch) -> None:
        if match.key != self.key:
            raise ValueError(f"match {match.match_id} belongs to ladder {match.key}, not {self.key}")
        updated = rate(self.ratings, match.sides, match.ranks)
        for player, after in updated.items():
            before = self.ratings.get(player, Rating())
            self.history.setdefault(player, []).append(RatingPoint(match.match_id, match.at, before, after))
            self.ratings[player] = after

    def rating(self, player: str) -> Rating:
        return self.ratings.get(player, Rating())

    def is_provisional(self, player: str) -> bool:
        return self.rating(player).matches < self.provisional_matches

    def table(self) -> list[tuple[str, Rating]]:
        """Players best first by the displayed value; established players before provisional ones."""
        return sorted(self.ratings.items(), key=lambda item: (self.is_provisional(item[0]), -item[1].ordinal, item[0]))


NO_RESULT = frozenset({"abandoned", "aborted"})


@dataclass
class Ladders:
    """Every ladder, one per (game, mode), made on first use."""

    provisional_matches: int = PROVISIONAL_MATCHES
    ladders: dict[LadderKey, Ladder] = field(default_factory=dict)

    @classmethod
    def fold(cls, matches: Iterable[RatedMatch], provisional_matches: int = PROVISIONAL_MATCHES) -> Ladders:
        ladders = cls(provisional_matches)
        for match in matches:
            ladders.apply(match)
        return ladders

    def ladder(self, key: LadderKey) -> Ladder:
        if key not in self.ladders:
            self.ladders[key] = Ladder(key, self.provisional_matches)
        return self.ladders[key]

    def apply(self, match: RatedMatch) -> None:
        self.ladder(match.key).apply(match)


def unrated_reason(
    started_rated: bool,
    seat_players: Sequence[str | None],
    from_scenario: bool,
    outcome_reason: str | None,
) -> str | None:
    """Why a match does not count for ratings, or None when it does.

    `seat_players` holds the human player of each seat, None for a seat a bot plays. `outcome_reason`
    is the engine outcome's reason, None while the match has none. A match counts when it was started
    as rated, every seat is a different human, it did not start from a scenario, and it ended with a
    result: a resignation, a timeout or a forfeit is a result; an aborted (abandoned) match is not.
    """
    if not started_rated:
        return "it was started as unrated"
    if any(player is None for player in seat_players):
        return "a bot played a seat"
    if len(set(seat_players)) != len(seat_players):
        return "one player held more than one seat"
    if from_scenario:
        return "it started from a scenario"
    if outcome_reason is None or outcome_reason in NO_RESULT:
        return "it ended without a result"
    return None


def is_rated(
    started_rated: bool,
    seat_players: Sequence[str | None],
    from_scenario: bool,
    outcome_reason: str | None,
) -> bool:
    return unrated_reason(started_rated, seat_players, from_scenario, outcome_reason) is None

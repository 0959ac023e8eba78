"""Ratings as a use case: every rated match that ends moves its players' ratings, and players can look
them up. The arithmetic is openskill's, through app/ratings.py; storage is db/ratings.py.

A match counts (`app.ratings.unrated_reason`) when it was started as rated, every seat is a different
human, it did not start from a scenario file, and it ended with a result (a resignation or a timeout is
one; an abort is not). It lands on the ladder of its game and mode (`Game.mode_key`): "codex" "1-hero",
"codex" "2v2", "codex" "ffa". Teams (Outcome.teams) are one side; each side's rank is its best place.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from app.errors import Refusal
from app.pictures import NoPictures, Pictures
from app.ratings import PROVISIONAL_MATCHES, Rating, rate, unrated_reason
from app.service import MatchService
from db.ratings import RatedRow, RatingChange, RatingRepository, StoredRating
from db.records import MatchRecord
from engine.core import GAMES, Outcome, get_game
from engine.i18n import Text, joined, t, typed

log = logging.getLogger(__name__)

LEADERBOARD_SIZE = 20


@dataclass(frozen=True, slots=True)
class LadderLine:
    game: str
    mode: str
    rating: Rating
    provisional: bool


@dataclass(frozen=True, slots=True)
class LeaderRow:
    place: int
    user_id: int
    rating: Rating
    provisional: bool


def rated_row(record: MatchRecord) -> RatedRow | None:
    """The match as a rated result (sides of user ids, a rank per side), or None when it does not count."""
    if record.status != "finished" or not record.result:
        return None
    seats = len(record.seated())
    players = [record.user_at(seat) for seat in range(seats)]
    reason = unrated_reason(
        record.rated,
        [None if p is None else str(p) for p in players],
        record.scenario is not None,
        record.result.get("reason"),
    )
    if reason is not None or seats < 2:
        return None
    outcome = Outcome.from_json(record.result)
    places = outcome.places(seats)
    groups = outcome.teams or tuple((seat,) for seat in range(seats))
    sides = [[int(players[seat] or 0) for seat in group] for group in groups]
    ranks = [min(places[seat] for seat in group) for group in groups]
    mode = get_game(record.game).mode_key(record.options, seats)
    return RatedRow(record.id, record.game, mode, record.guild_id, sides, ranks, record.updated_at)


def _rating(stored: StoredRating | None) -> Rating:
    return Rating() if stored is None else Rating(stored.mu, stored.sigma, stored.matches)


class RatingService:
    def __init__(
        self,
        repo: RatingRepository,
        *,
        pictures: Pictures | None = None,
        provisional_matches: int = PROVISIONAL_MATCHES,
    ) -> None:
        self.repo = repo
        self.pictures = pictures or NoPictures()
        self.provisional_matches = provisional_matches
        # Ratings are read, updated and written back: two matches of one player ending together must not
        # both start from the same old rating.
        self._lock = asyncio.Lock()

    # ------------------------------------------------------------------------------------ updates

    async def on_finish(self, record: MatchRecord) -> None:
        """The service's after-finish listener: rate the match if it counts (once, however often called)."""
        row = rated_row(record)
        if row is None:
            return
        async with self._lock:
            if await self.repo.is_rated(row.match_id):
                return
            players = [player for side in row.sides for player in side]
            stored = await self.repo.ratings_of(row.game, row.mode, players)
            before = {str(p): _rating(stored.get(p)) for p in players}
            after = rate(before, [[str(p) for p in side] for side in row.sides], row.ranks)
            changes = [
                RatingChange(
                    p,
                    before[str(p)].mu,
                    before[str(p)].sigma,
                    after[str(p)].mu,
                    after[str(p)].sigma,
                    after[str(p)].matches,
                )
                for p in players
            ]
            await self.repo.record_rated(row, changes)

    async def catch_up(self, matches: MatchService) -> int:
        """Rate finished matches a crash or a failed delivery kept from being rated; returns how many."""
        done = 0
        for match_id in await self.repo.finished_unrated():
            record = await matches.find(match_id=match_id)
            if rated_row(record) is not None:
                await self.on_finish(record)
                done += 1
        return done

    # -------------------------------------------------------------------------------------- reads

    def provisional(self, rating: Rating) -> bool:
        return rating.matches < self.provisional_matches

    async def ladders_of(self, user_id: int, game: str | None = None) -> list[LadderLine]:
        return [
            LadderLine(g, mode, _rating(stored), self.provisional(_rating(stored)))
            for g, mode, stored in await self.repo.player_ratings(user_id, game)
        ]

    async def chart(self, user_id: int, game: str, title: str) -> bytes | None:
        """The player's displayed rating after every rated match of `game`, one line per mode."""
        series: dict[str, list[int]] = {}
        for row in await self.repo.history(user_id, game):
            line = series.setdefault(row.mode, [Rating(row.change.mu_before, row.change.sigma_before).display])
            line.append(Rating(row.change.mu_after, row.change.sigma_after).display)
        if not series:
            return None
        return await asyncio.to_thread(self.pictures.rating_chart, title, series)

    async def leaderboard(
        self, game: str, mode: str, *, guild_id: int | None, limit: int = LEADERBOARD_SIZE
    ) -> list[LeaderRow]:
        rows = await self.repo.leaderboard(
            game, mode, guild_id=guild_id, provisional_below=self.provisional_matches, limit=limit
        )
        return [
            LeaderRow(place, r.user_id, _rating(r), self.provisional(_rating(r)))
            for place, r in enumerate(rows, start=1)
        ]

    async def pick_ladder(self, game: str | None, mode: str | None) -> tuple[str, str]:
        """The ladder meant: the busiest one that fits what was given. Refuses with the ladders there are."""
        if game is not None and game not in GAMES:
            raise Refusal(t("app-no-such-game", name=repr(typed(game))))
        ladders = await self.repo.ladders(game)
        if not ladders:
            if game:
                raise Refusal(t("app-rating-none-of", game=get_game(game).title))
            raise Refusal(t("app-rating-none"))
        for g, m, _count in ladders:
            if mode is None or m == mode:
                return g, m
        modes = joined([f"`{m}`" for _, m, _ in ladders], ", ")
        title = get_game(ladders[0][0]).title
        raise Refusal(t("app-rating-no-mode", game=title, mode=typed(mode or ""), modes=modes))

    async def seed_order(self, game: str, mode: str, user_ids: Sequence[int]) -> list[int]:
        """Players best first by displayed rating (newcomers at 1000); ties keep the given order."""
        stored = await self.repo.ratings_of(game, mode, list(user_ids))
        order = {user: index for index, user in enumerate(user_ids)}
        return sorted(user_ids, key=lambda user: (-_rating(stored.get(user)).ordinal, order[user]))


def describe_rating(rating: Rating, provisional: bool) -> Text:
    return t(
        "app-rating",
        rating=rating.display,
        matches=rating.matches,
        provisional="yes" if provisional else "no",
    )

"""Storage of ratings: each rated match once, each player's rating now, and its history.

A match is rated in one transaction: its row in `rated_matches` (whose key refuses a second rating of
the same match), every player's new rating and a history row per player. Nothing here does rating
arithmetic; the app computes the numbers (app/ratings.py) and hands them in.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from db.sqlite import SqliteStore, _dumps


@dataclass(frozen=True, slots=True)
class StoredRating:
    user_id: int
    mu: float
    sigma: float
    matches: int


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's rating before and after a match; `matches` counts rated matches after it."""

    user_id: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    matches: int


@dataclass(frozen=True, slots=True)
class HistoryRow:
    match_id: int
    mode: str
    at: str
    change: RatingChange


@dataclass(frozen=True, slots=True)
class RatedRow:
    match_id: int
    game: str
    mode: str
    guild_id: int | None
    sides: list[list[int]]
    ranks: list[int]
    at: str


class RatingRepository(Protocol):
    async def ratings_of(self, game: str, mode: str, user_ids: Sequence[int]) -> dict[int, StoredRating]: ...

    async def record_rated(self, match: RatedRow, changes: Sequence[RatingChange]) -> bool: ...

    async def is_rated(self, match_id: int) -> bool: ...

    async def player_ratings(self, user_id: int, game: str | None = None) -> list[tuple[str, str, StoredRating]]: ...

    async def history(self, user_id: int, game: str) -> list[HistoryRow]: ...

    async def leaderboard(
        self, game: str, mode: str, *, guild_id: int | None, provisional_below: int, limit: int
    ) -> list[StoredRating]: ...

    async def ladders(self, game: str | None = None) -> list[tuple[str, str, int]]: ...

    async def rated_matches(self) -> list[RatedRow]: ...

    async def finished_unrated(self, limit: int = 500) -> list[int]: ...


class SqliteRatings:
    """The RatingRepository on the match store's connection."""

    def __init__(self, store: SqliteStore) -> None:
        self._store = store

    async def ratings_of(self, game: str, mode: str, user_ids: Sequence[int]) -> dict[int, StoredRating]:
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._store._rows(
            f"SELECT user_id, mu, sigma, matches FROM ratings WHERE game = ? AND mode = ? AND user_id IN ({marks})",
            [game, mode, *user_ids],
        )
        return {r["user_id"]: StoredRating(r["user_id"], r["mu"], r["sigma"], r["matches"]) for r in rows}

    async def record_rated(self, match: RatedRow, changes: Sequence[RatingChange]) -> bool:
        """Store a rated match and its rating changes together. False (and nothing written) when the match
        was rated already."""
        async with self._store._transaction() as conn:
            cur = await conn.execute(
                "INSERT OR IGNORE INTO rated_matches (match_id, game, mode, guild_id, sides, ranks, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    match.match_id,
                    match.game,
                    match.mode,
                    match.guild_id,
                    _dumps(match.sides),
                    _dumps(match.ranks),
                    match.at,
                ],
            )
            if cur.rowcount != 1:
                return False
            for c in changes:
                await conn.execute(
                    "INSERT INTO ratings (game, mode, user_id, mu, sigma, matches, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (game, mode, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                    "matches = excluded.matches, updated_at = excluded.updated_at",
                    [match.game, match.mode, c.user_id, c.mu_after, c.sigma_after, c.matches, match.at],
                )
                await conn.execute(
                    "INSERT INTO rating_history (match_id, user_id, game, mode, guild_id, mu_before, sigma_before, "
                    "mu_after, sigma_after, matches, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        match.match_id,
                        c.user_id,
                        match.game,
                        match.mode,
                        match.guild_id,
                        c.mu_before,
                        c.sigma_before,
                        c.mu_after,
                        c.sigma_after,
                        c.matches,
                        match.at,
                    ],
                )
        return True

    async def is_rated(self, match_id: int) -> bool:
        rows = await self._store._rows("SELECT 1 FROM rated_matches WHERE match_id = ?", [match_id])
        return bool(rows)

    async def player_ratings(self, user_id: int, game: str | None = None) -> list[tuple[str, str, StoredRating]]:
        where, params = "user_id = ?", [user_id]
        if game is not None:
            where += " AND game = ?"
            params.append(game)
        rows = await self._store._rows(
            f"SELECT game, mode, user_id, mu, sigma, matches FROM ratings WHERE {where} ORDER BY game, matches DESC",
            params,
        )
        return [(r["game"], r["mode"], StoredRating(r["user_id"], r["mu"], r["sigma"], r["matches"])) for r in rows]

    async def history(self, user_id: int, game: str) -> list[HistoryRow]:
        rows = await self._store._rows(
            "SELECT match_id, mode, at, mu_before, sigma_before, mu_after, sigma_after, matches FROM rating_history "
            "WHERE user_id = ? AND game = ? ORDER BY at, match_id",
            [user_id, game],
        )
        return [
            HistoryRow(
                r["match_id"],
                r["mode"],
                r["at"],
                RatingChange(user_id, r["mu_before"], r["sigma_before"], r["mu_after"], r["sigma_after"], r["matches"]),
            )
            for r in rows
        ]

    async def leaderboard(
        self, game: str, mode: str, *, guild_id: int | None, provisional_below: int, limit: int
    ) -> list[StoredRating]:
        """Established players first, then by mu - 3 sigma. With a server, only those who played a rated
        match of this ladder there."""
        where, params = "game = ? AND mode = ?", [game, mode]
        if guild_id is not None:
            where += (
                " AND user_id IN (SELECT user_id FROM rating_history h WHERE h.guild_id = ? AND h.game = ratings.game "
                "AND h.mode = ratings.mode)"
            )
            params.append(guild_id)
        rows = await self._store._rows(
            f"SELECT user_id, mu, sigma, matches FROM ratings WHERE {where} "
            "ORDER BY matches < ?, mu - 3 * sigma DESC, user_id LIMIT ?",
            [*params, provisional_below, limit],
        )
        return [StoredRating(r["user_id"], r["mu"], r["sigma"], r["matches"]) for r in rows]

    async def ladders(self, game: str | None = None) -> list[tuple[str, str, int]]:
        """(game, mode, rated matches) of every ladder, the busiest first."""
        where, params = ("WHERE game = ?", [game]) if game is not None else ("", [])
        rows = await self._store._rows(
            f"SELECT game, mode, COUNT(*) AS n FROM rated_matches {where} GROUP BY game, mode "
            "ORDER BY n DESC, game, mode",
            params,
        )
        return [(r["game"], r["mode"], r["n"]) for r in rows]

    async def rated_matches(self) -> list[RatedRow]:
        rows = await self._store._rows(
            "SELECT match_id, game, mode, guild_id, sides, ranks, at FROM rated_matches ORDER BY at, match_id", []
        )
        return [_rated(r) for r in rows]

    async def finished_unrated(self, limit: int = 500) -> list[int]:
        """Finished matches marked rated that have no rating yet, oldest first (a crash or a failed listener
        may have missed them). Some may turn out not to count (a player in two seats)."""
        rows = await self._store._rows(
            "SELECT id FROM matches m WHERE status = 'finished' AND rated = 1 AND NOT EXISTS "
            "(SELECT 1 FROM rated_matches r WHERE r.match_id = m.id) ORDER BY updated_at, id LIMIT ?",
            [limit],
        )
        return [int(r["id"]) for r in rows]


def _rated(row: Mapping[str, Any]) -> RatedRow:
    return RatedRow(
        row["match_id"],
        row["game"],
        row["mode"],
        row["guild_id"],
        json.loads(row["sides"]),
        json.loads(row["ranks"]),
        row["at"],
    )

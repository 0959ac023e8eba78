"""Ratings through the service: rated matches move ratings when they end; the others never do."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from app.pictures import PillowPictures
from app.rating_service import RatingService
from app.ratings import Ladders, RatedMatch, Rating
from app.service import MatchService
from db.ratings import SqliteRatings
from tests.app.test_service import CHANNEL, open_service, play_random, started
from tests.fakes import RecordingDelivery

ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4
GUILD = 9


@pytest.fixture
async def rated(tmp_path: Path):
    service = await open_service(tmp_path / "m.db", RecordingDelivery())
    ratings = RatingService(SqliteRatings(service.repo), pictures=PillowPictures())
    service.after_finish.append(ratings.on_finish)
    yield service, ratings
    await service.repo.close()


async def current(ratings: RatingService, user: int, game: str = "trial", mode: str = "standard") -> Rating:
    lines = [line for line in await ratings.ladders_of(user, game) if line.mode == mode]
    return lines[0].rating if lines else Rating()


async def decided_match(service: MatchService, seed: int, channel: int = CHANNEL) -> tuple[int, list[int], list[int]]:
    """A trial match played at random until it ends with a winner: (match id, winners, losers)."""
    rng = random.Random(seed)
    for attempt in range(20):
        await service.new_match(
            game_name="trial",
            options={},
            guild_id=GUILD,
            channel_id=channel + attempt,
            user_id=ALICE,
            seed=seed + attempt,
        )
        await service.join(channel_id=channel + attempt, user_id=BOB)
        record = await service.start(channel_id=channel + attempt, user_id=ALICE, seat_order="join")
        final = await play_random(service, record.id, rng)
        winners = [final.user_at(s) for s in final.result["winners"]]
        if len(winners) == 1:
            losers = [u for u in (ALICE, BOB) if u not in winners]
            return final.id, winners, losers
    raise AssertionError("every match was a draw")


async def test_a_rated_match_moves_both_ratings_once(rated: tuple[MatchService, RatingService]) -> None:
    service, ratings = rated
    match_id, (winner,), (loser,) = await decided_match(service, 5)
    won, lost = await current(ratings, winner), await current(ratings, loser)
    assert won.matches == lost.matches == 1
    assert won.display > Rating().display > lost.display
    # A second announcement of the same ending (a redelivery after a restart) changes nothing.
    await ratings.on_finish(await service.find(match_id=match_id))
    assert (await current(ratings, winner), await current(ratings, loser)) == (won, lost)
    chart = await ratings.chart(winner, "trial", "Trial")
    assert chart is not None and chart.startswith(b"\x89PNG")


async def test_resignations_count_but_scenario_and_aborted_matches_do_not(
    rated: tuple[MatchService, RatingService],
) -> None:
    service, ratings = rated
    resigned = await started(service)
    await service.resign(user_id=BOB, match_id=resigned.id)
    assert (await current(ratings, ALICE)).matches == 1 and (await current(ratings, BOB)).matches == 1
    before = (await current(ratings, ALICE), await current(ratings, BOB))

    puzzle = 'game = "trial"\nplayers = 2\nseed = 1\n'
    await service.new_match(
        game_name="trial", options={}, guild_id=GUILD, channel_id=700, user_id=ALICE, scenario=puzzle
    )
    await service.join(channel_id=700, user_id=BOB)
    from_file = await service.start(channel_id=700, user_id=ALICE)
    assert not from_file.rated
    await service.resign(user_id=ALICE, channel_id=700)

    await service.new_match(game_name="trial", options={}, guild_id=GUILD, channel_id=701, user_id=ALICE)
    await service.join(channel_id=701, user_id=BOB)
    await service.start(channel_id=701, user_id=ALICE)
    aborted = await service.abort(user_id=ALICE, can_manage_guild=True, channel_id=701)
    assert aborted.record.status == "aborted"

    assert (await current(ratings, ALICE), await current(ratings, BOB)) == before
    assert [r.match_id for r in await ratings.repo.rated_matches()] == [resigned.id]


async def test_stored_ratings_are_the_fold_of_the_rated_matches(rated: tuple[MatchService, RatingService]) -> None:
    service, ratings = rated
    for index in range(3):
        await decided_match(service, 20 + index, channel=CHANNEL + 100 * index)
    rows = await ratings.repo.rated_matches()
    assert len(rows) >= 3  # draws are results too, and count
    folded = Ladders.fold(
        RatedMatch(str(r.match_id), (r.game, r.mode), tuple(tuple(str(p) for p in s) for s in r.sides), tuple(r.ranks))
        for r in rows
    ).ladder(("trial", "standard"))
    for user in (ALICE, BOB):
        stored, fold = await current(ratings, user), folded.rating(str(user))
        assert (fold.mu, fold.sigma, fold.matches) == pytest.approx((stored.mu, stored.sigma, len(rows)))
    board = await ratings.leaderboard("trial", "standard", guild_id=GUILD)
    assert [row.user_id for row in board] == sorted((ALICE, BOB), key=lambda u: -folded.rating(str(u)).ordinal)
    assert await ratings.leaderboard("trial", "standard", guild_id=GUILD + 1) == []
    assert all(row.provisional == (len(rows) < 5) for row in board)  # provisional until 5 rated matches


async def test_a_match_missed_by_a_crash_is_rated_at_the_next_start(tmp_path: Path) -> None:
    service = await open_service(tmp_path / "m.db", RecordingDelivery())
    record = await started(service)
    await service.resign(user_id=BOB, match_id=record.id)  # nobody listened: no rating yet
    ratings = RatingService(SqliteRatings(service.repo))
    try:
        assert (await current(ratings, ALICE)).matches == 0
        assert await ratings.catch_up(service) == 1
        assert (await current(ratings, ALICE)).matches == 1
        assert await ratings.catch_up(service) == 0
    finally:
        await service.repo.close()

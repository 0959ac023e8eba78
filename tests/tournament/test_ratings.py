"""Ratings: one openskill Plackett-Luce update for 1v1, teams and free-for-all; ladders per (game, mode);
provisional until enough rated matches; and the rules for which matches count."""

from __future__ import annotations

import json

import pytest

from app.ratings import (
    Ladder,
    Ladders,
    RatedMatch,
    Rating,
    is_rated,
    rate,
    unrated_reason,
)

ONE_V_ONE = ("codex", "1v1")


def test_a_newcomer_shows_1000() -> None:
    assert Rating().display == 1000
    assert Rating(mu=30.0, sigma=5.0).display == round(1000 + 40 * (30.0 - 15.0))


def test_a_one_versus_one_win_raises_the_winner_and_lowers_the_loser() -> None:
    after = rate({}, [["ann"], ["bob"]], [1, 2])
    assert after["ann"].mu > Rating().mu > after["bob"].mu
    assert after["ann"].display > 1000
    assert after["ann"].matches == after["bob"].matches == 1


def test_a_four_player_free_for_all_orders_ratings_by_place() -> None:
    after = rate({}, [["d"], ["a"], ["c"], ["b"]], [4, 1, 3, 2])
    order = sorted(after, key=lambda p: after[p].mu, reverse=True)
    assert order == ["a", "b", "c", "d"]


def test_a_tie_between_equals_keeps_them_equal() -> None:
    after = rate({}, [["a"], ["b"], ["c"]], [1, 1, 3])
    assert after["a"].mu == pytest.approx(after["b"].mu)
    assert after["a"].mu > after["c"].mu


def test_two_versus_two_moves_both_teammates() -> None:
    before = {"a": Rating(28.0, 6.0), "b": Rating(22.0, 7.0)}
    after = rate(before, [["a", "b"], ["c", "d"]], [1, 2])
    assert after["a"].mu > 28.0 and after["b"].mu > 22.0
    assert after["c"].mu < Rating().mu and after["d"].mu < Rating().mu


def test_a_player_cannot_fill_two_seats() -> None:
    with pytest.raises(ValueError, match="only one seat"):
        rate({}, [["a"], ["a"]], [1, 2])


def test_provisional_until_enough_rated_matches() -> None:
    matches = [RatedMatch(f"m{i}", ONE_V_ONE, (("ann",), ("bob",)), (1, 2), at=f"2026-01-0{i + 1}") for i in range(6)]
    ladder = Ladder(ONE_V_ONE)
    for count, match in enumerate(matches, start=1):
        ladder.apply(match)
        assert ladder.is_provisional("ann") == (count < 5)
    assert Ladder.fold(ONE_V_ONE, matches[:3], provisional_matches=3).is_provisional("ann") is False
    assert ladder.is_provisional("someone new")


def test_a_ladder_keeps_each_players_history_and_rebuilds_from_stored_matches() -> None:
    matches = [
        RatedMatch("m1", ONE_V_ONE, (("ann",), ("bob",)), (1, 2), "2026-01-01"),
        RatedMatch("m2", ONE_V_ONE, (("bob",), ("cat",)), (1, 2), "2026-01-02"),
        RatedMatch("m3", ONE_V_ONE, (("cat",), ("ann",)), (2, 1), "2026-01-03"),
    ]
    ladder = Ladder.fold(ONE_V_ONE, matches)
    history = ladder.history["ann"]
    assert [point.match_id for point in history] == ["m1", "m3"]
    assert history[0].before == Rating() and history[1].before == history[0].after
    assert history[-1].after == ladder.rating("ann")
    stored = json.loads(json.dumps([m.to_json() for m in matches]))
    again = Ladder.fold(ONE_V_ONE, [RatedMatch.from_json(m) for m in stored])
    assert again.ratings == ladder.ratings
    assert [player for player, _ in ladder.table()] == sorted(ladder.ratings, key=lambda p: -ladder.ratings[p].ordinal)
    with pytest.raises(ValueError, match="belongs to ladder"):
        ladder.apply(RatedMatch("m4", ("codex", "2v2"), (("a", "b"), ("c", "d")), (1, 2)))


def test_each_game_and_mode_has_its_own_ladder() -> None:
    ladders = Ladders.fold(
        [
            RatedMatch("m1", ONE_V_ONE, (("ann",), ("bob",)), (1, 2)),
            RatedMatch("m2", ("codex", "2v2"), (("ann", "cat"), ("bob", "dan")), (2, 1)),
        ]
    )
    assert ladders.ladder(ONE_V_ONE).rating("ann").mu > Rating().mu
    assert ladders.ladder(("codex", "2v2")).rating("ann").mu < Rating().mu
    assert ladders.ladder(ONE_V_ONE).rating("ann").matches == 1


@pytest.mark.parametrize(
    ("started_rated", "seats", "scenario", "outcome", "reason"),
    [
        (True, ["ann", "bob"], False, "normal", None),
        (True, ["ann", "bob"], False, "resign", None),
        (True, ["ann", "bob"], False, "timeout", None),
        (True, ["ann", "bob"], False, "forfeit", None),
        (True, ["ann", "bob", "cat", "dan"], False, "draw", None),
        (False, ["ann", "bob"], False, "normal", "started as unrated"),
        (True, ["ann", None], False, "normal", "a bot played a seat"),
        (True, ["ann", "ann"], False, "normal", "more than one seat"),
        (True, ["ann", "bob"], True, "normal", "from a scenario"),
        (True, ["ann", "bob"], False, "abandoned", "without a result"),
        (True, ["ann", "bob"], False, None, "without a result"),
    ],
)
def test_which_matches_are_rated(
    started_rated: bool, seats: list[str | None], scenario: bool, outcome: str | None, reason: str | None
) -> None:
    why = unrated_reason(started_rated, seats, scenario, outcome)
    assert (why is None) == (reason is None) == is_rated(started_rated, seats, scenario, outcome)
    if reason is not None:
        assert why is not None and reason in why

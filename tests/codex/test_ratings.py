"""Codex results feed their own rating ladders: a Two-Headed Dragon (2v2) team result and a free-for-all."""

from __future__ import annotations

from app.rating_service import RatingService, rated_row
from app.ratings import Rating
from app.service import MatchService
from engine import load_games
from tests.app.test_rating_service import ALICE, BOB, CAROL, DAVE, GUILD, current, rated

__all__ = ["rated"]  # the fixture


async def codex_table(service: MatchService, channel: int, mode: str, users: tuple[int, ...]) -> int:
    load_games()
    await service.new_match(
        game_name="codex", options={"mode": mode}, guild_id=GUILD, channel_id=channel, user_id=users[0], seed=3
    )
    for user in users[1:]:
        await service.join(channel_id=channel, user_id=user)
    return (await service.start(channel_id=channel, user_id=users[0], seat_order="join")).id


async def test_codex_team_and_free_for_all_results_feed_their_own_ladders(
    rated: tuple[MatchService, RatingService],
) -> None:
    service, ratings = rated
    teams = await codex_table(service, 800, "2v2", (ALICE, BOB, CAROL, DAVE))
    await service.resign(user_id=ALICE, match_id=teams)  # Alice's team (p1 + p3: Alice and Carol) concedes
    row = rated_row(await service.find(match_id=teams))
    assert row is not None and (row.game, row.mode) == ("codex", "2v2")
    assert sorted(map(sorted, row.sides)) == [[ALICE, CAROL], [BOB, DAVE]]
    for user in (BOB, DAVE):
        assert (await current(ratings, user, "codex", "2v2")).display > Rating().display
    for user in (ALICE, CAROL):
        assert (await current(ratings, user, "codex", "2v2")).display < Rating().display

    ffa = await codex_table(service, 801, "ffa", (ALICE, BOB, CAROL))
    # A resignation in free-for-all is a fallen base; the healthy bases tie, so the game goes on until
    # another falls.
    await service.resign(user_id=BOB, match_id=ffa)
    await service.resign(user_id=CAROL, match_id=ffa)
    record = await service.find(match_id=ffa)
    assert record.status == "finished"
    row = rated_row(record)
    assert row is not None and row.mode == "ffa" and len(row.sides) == 3
    first = row.sides[row.ranks.index(1)]
    assert first == [ALICE], (row.sides, row.ranks)
    shown = {u: (await current(ratings, u, "codex", "ffa")) for u in (ALICE, BOB, CAROL)}
    assert all(r.matches == 1 for r in shown.values())
    assert shown[ALICE].display == max(r.display for r in shown.values())
    # The 1v1 ladder was never touched.
    assert await ratings.ladders_of(ALICE, "codex") and all(
        line.mode in ("2v2", "ffa") for line in await ratings.ladders_of(ALICE, "codex")
    )

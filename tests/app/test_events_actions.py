"""Events through the service, one behaviour at a time: creation and registration (with their refusals),
the registration window and check-in, deadlines under both rules, organiser rulings, drops,
disqualification, re-pairing, pausing, ending, brackets seeded by rating, pods, round robins, export."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import pytest

from app.errors import NotAllowed, Refusal, WrongStatus
from app.events.service import Actor
from app.tournament.model import Reason
from db.ratings import RatedRow, RatingChange
from tests.app.events_harness import GUILD, HALL, ORGANISER, Stack, live_matches, open_stack, play_some, player
from tests.app.test_service import play_random
from tests.fakes import FakeClock, RecordingDelivery


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def stack(tmp_path: Path, clock: FakeClock):
    made = await open_stack(tmp_path / "e.db", RecordingDelivery(), clock)
    yield made
    await made.close()


async def create(stack: Stack, format: str = "swiss", channel: int = HALL, **settings: object) -> int:
    await stack.events.create(
        ORGANISER,
        guild_id=GUILD,
        channel_id=channel,
        name=f"Cup {format}",
        game="trial",
        format=format,
        options={"rounds": 1},
        **settings,  # type: ignore[arg-type]
    )
    return await stack.events.locate(guild_id=GUILD, channel_id=channel)


async def entered(stack: Stack, count: int, format: str = "swiss", **settings: object) -> int:
    event_id = await create(stack, format, **settings)
    for number in range(1, count + 1):
        await stack.events.join(player(number), event_id)
    return event_id


async def started(stack: Stack, count: int, format: str = "swiss", **settings: object) -> int:
    event_id = await entered(stack, count, format, **settings)
    await stack.events.start(ORGANISER, event_id)
    await stack.events.settle()
    return event_id


def said(stack: Stack) -> str:
    return "\n".join(a.text for a in stack.delivery.announcements)


# ---------------------------------------------------------------------------------------------- creating


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"game": "chess"}, "There is no game called 'chess'"),
        ({"format": "ladder"}, "There is no format 'ladder'"),
        ({"deadline_rule": "clock"}, "matches need a clock"),
        ({"options": {"rounds": 99}}, "These options do not work"),
        ({"format": "single_elimination", "rounds": 3}, "leave `rounds` empty"),
        ({"name": "   "}, "name is 1 to 60 characters"),
        ({"format": "pods", "seats": 6}, "for 2–5 players; pods of 6 cannot be played"),
        ({"max_entrants": 1}, "between 2 and 512"),
    ],
)
async def test_settings_that_cannot_work_are_refused(stack: Stack, settings: dict, message: str) -> None:
    values = {"name": "Cup", "game": "trial", "format": "swiss", **settings}
    with pytest.raises(Refusal, match=message):
        await stack.events.create(ORGANISER, guild_id=GUILD, channel_id=HALL, **values)
    assert await stack.events.store.tournaments(guild_id=GUILD) == []


async def test_one_open_event_per_channel_and_finding_the_event_meant(stack: Stack) -> None:
    first = await create(stack)
    with pytest.raises(WrongStatus, match="already runs an event"):
        await create(stack)
    second = await create(stack, channel=HALL + 1)
    assert await stack.events.locate(guild_id=GUILD, channel_id=HALL + 1) == second
    with pytest.raises(Refusal, match=r"Several events are open in this server: #2 .*#1 "):
        await stack.events.locate(guild_id=GUILD, channel_id=777)
    with pytest.raises(Refusal, match="no event #1 in this server"):
        await stack.events.locate(guild_id=GUILD + 1, channel_id=777, event_id=first)


# ---------------------------------------------------------------------------------------------- registration


async def test_registration_refusals_change_nothing(stack: Stack) -> None:
    event_id = await entered(stack, 2, max_entrants=3)
    with pytest.raises(WrongStatus, match="already entered"):
        await stack.events.join(player(1), event_id)
    await stack.events.join(player(3), event_id)
    with pytest.raises(WrongStatus, match=r"full \(3 players\)"):
        await stack.events.join(player(4), event_id)
    await stack.events.leave(player(3), event_id)
    with pytest.raises(WrongStatus, match="enters an event once"):
        await stack.events.join(player(3), event_id)
    with pytest.raises(WrongStatus, match="not entered"):
        await stack.events.leave(player(9), event_id)
    with pytest.raises(NotAllowed, match="Only the organisers"):
        await stack.events.start(player(1), event_id)
    with pytest.raises(WrongStatus, match="needs no check-in"):
        await stack.events.checkin(player(1), event_id)
    event = await stack.events.load(event_id)
    assert event.state.active() == [str(player(1).user_id), str(player(2).user_id)]
    assert event.row.status == "registration"


async def test_organisers_are_the_creator_the_configured_role_and_manage_server(stack: Stack) -> None:
    stack.events.organiser_role = "Tournament organiser"
    for who in (Actor(7, roles=frozenset({"Tournament organiser"})), Actor(8, manage_guild=True), ORGANISER):
        event_id = await started(stack, 2, channel=HALL + who.user_id)
        await stack.events.pause(who, event_id)
    with pytest.raises(NotAllowed, match="the `Tournament organiser` role"):
        await stack.events.pause(Actor(9, roles=frozenset({"Player"})), event_id, resume=True)


async def test_the_registration_window_starts_the_event_or_cancels_it(stack: Stack, clock: FakeClock) -> None:
    full = await entered(stack, 4, registration_days=1)
    lonely = await entered(stack, 0, channel=HALL + 1, registration_days=1)
    await stack.events.join(player(9), lonely)
    clock.advance(days=1, minutes=1)
    with pytest.raises(WrongStatus, match="Registration for Cup swiss closed"):
        await stack.events.join(player(5), full)
    await stack.events.sweep()
    event = await stack.events.load(full)
    assert event.row.status == "running" and len(event.state.rounds) == 1
    assert len(stack.delivery.threads) == 2 and len(await live_matches(stack, full)) == 2
    assert (await stack.events.load(lonely)).finished
    assert "Cup swiss** is cancelled: registration closed but the event could not start" in said(stack)


async def test_players_who_do_not_check_in_are_dropped_at_the_start(stack: Stack, clock: FakeClock) -> None:
    event_id = await entered(stack, 4, registration_days=2, checkin=True, checkin_hours=24)
    with pytest.raises(WrongStatus, match="Check-in for Cup swiss opens"):
        await stack.events.checkin(player(1), event_id)
    clock.advance(days=1, hours=1)
    for number in (1, 2, 3):
        reply = await stack.events.checkin(player(number), event_id)
        assert f"({number} of 4 players so far)" in reply.text
    with pytest.raises(WrongStatus, match="already checked in"):
        await stack.events.checkin(player(1), event_id)
    clock.advance(days=1)
    await stack.events.sweep()
    event = await stack.events.load(event_id)
    assert event.state.withdrawn == {str(player(4).user_id): "dropped"}
    first = event.state.rounds[0].pairings
    assert sum(p.is_bye for p in first) == 1 and len(first) == 2  # three players: a match and a bye


# ---------------------------------------------------------------------------------------------- deadlines


async def test_at_the_deadline_the_clock_decides(stack: Stack, clock: FakeClock) -> None:
    event_id = await started(stack, 4, clock={"kind": "per_move", "days": 1}, deadline_rule="clock", round_days=2)
    clock.advance(days=2, minutes=1)
    await stack.events.sweep()
    event = await stack.events.load(event_id)
    round_one = [p.match_id for p in event.state.rounds[0].pairings]
    assert {event.state.results[m].reason for m in round_one} == {Reason.TIMEOUT}
    assert len(event.state.rounds) == 2  # every result is in, so round 2 paired itself
    for number in range(1, 5):  # a loss on time is a result: it counts for ratings
        assert [line.rating.matches for line in await stack.ratings.ladders_of(player(number).user_id)] == [1]


async def test_at_the_deadline_the_organisers_are_told_once_and_rule(stack: Stack, clock: FakeClock) -> None:
    event_id = await started(stack, 4, round_days=3)
    clock.advance(days=3, minutes=1)
    await stack.events.sweep()
    await stack.events.sweep()
    assert said(stack).count("has passed and it is unfinished") == 2  # once per match, not once per sweep
    extended = await stack.events.adjudicate(ORGANISER, event_id, "R1M1", days=2)
    assert "New deadline" in extended.text
    clock.advance(days=1)
    await stack.events.sweep()
    assert said(stack).count("has passed and it is unfinished") == 2  # r1m1 has two more days
    event = await stack.events.load(event_id)
    winner = int(event.state.seat_entrants("r1m1")[1])
    ruled = await stack.events.adjudicate(ORGANISER, event_id, "r1m1", outcome="win", winner=winner, note="no show")
    assert "won by ruling" in ruled.text and "Its match is closed" in ruled.text
    link = next(x for x in await stack.events.store.event_matches(event_id) if x.pairing_id == "r1m1")
    assert (await stack.matches.find(match_id=link.match_id)).status == "aborted"
    assert any("is closed: an organiser ruled on r1m1" in n.text for n in stack.delivery.notices)
    with pytest.raises(Refusal, match="Name the winner of r1m2"):
        await stack.events.adjudicate(ORGANISER, event_id, "r1m2", outcome="win", winner=12345)
    await stack.events.adjudicate(ORGANISER, event_id, "r1m2", outcome="double_loss")
    await stack.events.settle()
    event = await stack.events.load(event_id)
    assert event.state.results["r1m2"].reason is Reason.DOUBLE_LOSS and len(event.state.rounds) == 2


async def test_an_aborted_match_goes_to_the_organisers(stack: Stack) -> None:
    event_id = await started(stack, 2)
    match_id = (await live_matches(stack, event_id))[0]
    await stack.matches.abort(user_id=1, can_manage_guild=True, match_id=match_id)
    await stack.events.settle()
    assert "r1m1 (player0" in said(stack) and "was aborted without a result" in said(stack)
    await stack.events.adjudicate(ORGANISER, event_id, "r1m1", outcome="draw")
    await stack.events.settle()
    assert (await stack.events.load(event_id)).state.results["r1m1"].reason is Reason.DRAW


# ---------------------------------------------------------------------------------------------- players leave


async def test_dropping_resigns_the_match_in_progress(stack: Stack) -> None:
    event_id = await started(stack, 4)
    leaver = player(1)
    with pytest.raises(NotAllowed):
        await stack.events.drop(player(2), event_id, player=leaver.user_id)
    await stack.events.drop(leaver, event_id)
    await stack.events.settle()
    event = await stack.events.load(event_id)
    mine = next(m for m, info in event.state.matches.items() if str(leaver.user_id) in info.pairing.seats)
    assert event.state.results[mine].reason is Reason.RESIGN
    # The drop is recorded before the result it causes: no round paired on that result can include them.
    kinds = [(r.kind, r.data.get("match_id")) for r in event.history]
    assert kinds.index(("dropped", None)) < kinds.index(("result_reported", mine))
    await play_some(stack, event_id, random.Random(1))
    event = await stack.events.load(event_id)
    assert all(str(leaver.user_id) not in p.seats for p in event.state.rounds[1].pairings)


async def test_disqualifying_closes_their_match_and_rules_it_a_loss(stack: Stack) -> None:
    event_id = await started(stack, 4)
    cheat = player(3).user_id
    reply = await stack.events.disqualify(ORGANISER, event_id, cheat, "collusion")
    assert "disqualified" in reply.text
    await stack.events.settle()
    event = await stack.events.load(event_id)
    theirs = next(m for m, info in event.state.matches.items() if str(cheat) in info.pairing.seats)
    result = event.state.results[theirs]
    assert result.reason is Reason.ADJUDICATED
    link = next(x for x in await stack.events.store.event_matches(event_id) if x.pairing_id == theirs)
    assert (await stack.matches.find(match_id=link.match_id)).status == "aborted"


async def test_a_late_entry_and_a_repair_replace_the_round_and_its_matches(stack: Stack) -> None:
    event_id = await started(stack, 4)
    before = await live_matches(stack, event_id)
    await stack.events.late_entry(ORGANISER, event_id, player(5).user_id, "player05")
    await stack.events.repair(ORGANISER, event_id)
    await stack.events.settle()
    event = await stack.events.load(event_id)
    assert [p.match_id for p in event.state.rounds[0].pairings] == ["r1.2m1", "r1.2m2", "r1.2m3"]
    assert [(await stack.matches.find(match_id=m)).status for m in before] == ["aborted", "aborted"]
    now_live = await live_matches(stack, event_id)
    assert len(now_live) == 2 and not set(now_live) & set(before)
    assert len(stack.delivery.threads) == 4
    await play_some(stack, event_id, random.Random(2), limit=1)
    with pytest.raises(Refusal, match="Round 1 already has results"):
        await stack.events.repair(ORGANISER, event_id)


async def test_a_paused_event_pairs_nothing_until_it_resumes_and_ending_it_is_final(stack: Stack) -> None:
    event_id = await started(stack, 4, rounds=3)
    await stack.events.pause(ORGANISER, event_id)
    with pytest.raises(Refusal, match="already paused"):
        await stack.events.pause(ORGANISER, event_id)
    await play_some(stack, event_id, random.Random(3))
    await stack.events.sweep()
    assert len((await stack.events.load(event_id)).state.rounds) == 1
    await stack.events.pause(ORGANISER, event_id, resume=True)
    await stack.events.settle()
    assert len((await stack.events.load(event_id)).state.rounds) == 2
    ended = await stack.events.end(ORGANISER, event_id, "out of time")
    assert "is over" in ended.text
    await play_some(stack, event_id, random.Random(3))
    await stack.events.sweep()
    event = await stack.events.load(event_id)
    assert event.finished and len(event.state.rounds) == 2 and event.ended == "out of time"
    with pytest.raises(WrongStatus, match="already over"):
        await stack.events.end(ORGANISER, event_id)


# ---------------------------------------------------------------------------------------------- formats


async def test_a_bracket_is_seeded_by_rating_and_played_to_a_champion(stack: Stack) -> None:
    # Player 4 is the best rated, then 3, 2, 1.
    for rank, number in enumerate((4, 3, 2, 1)):
        user = player(number).user_id
        made = {"game": "trial", "options": {}, "guild_id": GUILD, "creator_id": user, "seed": 1, "now": "t"}
        match = await stack.matches.repo.create_match(channel_id=5000 + number, **made)
        change = RatingChange(user, 25, 8.3, 30 - rank, 6, 3)
        row = RatedRow(match.id, "trial", "standard", GUILD, [[user]], [1], "t")
        await stack.ratings.repo.record_rated(row, [change])
    event_id = await started(stack, 4, "single_elimination")
    event = await stack.events.load(event_id)
    first = [set(p.seats) for p in event.state.rounds[0].pairings]
    ids = {n: str(player(n).user_id) for n in range(1, 5)}
    assert first == [{ids[4], ids[1]}, {ids[3], ids[2]}]  # seed 1 meets seed 4
    bracket_id = event.state.rounds[0].pairings[0].match_id
    assert bracket_id != bracket_id.lower()  # "R1-1": an organiser may type it in any case
    await stack.events.adjudicate(ORGANISER, event_id, bracket_id.lower(), days=1)
    rng = random.Random(4)
    for _ in range(10):
        if not await play_some(stack, event_id, rng):
            break
    event = await stack.events.load(event_id)
    for _ in range(10):  # drawn bracket matches go to the organisers: rule each one whose players are known
        event = await stack.events.load(event_id)
        if event.finished:
            break
        for match_id in event.state.unfinished():
            seated = event.state.seat_entrants(match_id)
            if all(isinstance(seat, str) for seat in seated):
                await stack.events.adjudicate(ORGANISER, event_id, match_id, outcome="win", winner=int(seated[0]))
                await stack.events.settle()
        await play_some(stack, event_id, rng)
    event = await stack.events.load(event_id)
    assert event.finished
    bracket = await stack.events.bracket(event_id)
    assert "🏆 Champion" in bracket.text and "Final" in bracket.text
    with pytest.raises(WrongStatus, match="not a bracket"):
        await stack.events.bracket(await started(stack, 2, channel=HALL + 5))


async def test_pods_take_placements_from_multi_seat_matches(stack: Stack) -> None:
    event_id = await started(stack, 6, "pods", seats=3, rounds=2)
    assert [len(p.seats) for p in (await stack.events.load(event_id)).state.rounds[0].pairings] == [3, 3]
    rng = random.Random(5)
    for _ in range(6):
        if not await play_some(stack, event_id, rng):
            break
    event = await stack.events.load(event_id)
    assert event.finished and len(event.state.results) == 4
    assert all(len(r.placements) == 3 for r in event.state.results.values())


async def test_a_round_robin_opens_its_rounds_in_order(stack: Stack) -> None:
    event_id = await started(stack, 4, "round_robin")
    event = await stack.events.load(event_id)
    assert len(event.state.rounds) == 3
    assert {x.round for x in await stack.events.store.event_matches(event_id)} == {1}
    rng = random.Random(6)
    for _ in range(6):
        if not await play_some(stack, event_id, rng):
            break
    event = await stack.events.load(event_id)
    assert event.finished and len(event.state.results) == 6


async def test_the_export_lists_every_seat_and_the_whole_history(stack: Stack) -> None:
    event_id = await started(stack, 3)
    match_id = (await live_matches(stack, event_id))[0]
    await play_random(stack.matches, match_id, random.Random(8))
    await stack.events.settle()
    reply = await stack.events.export(event_id)
    files = dict(reply.files)
    rows = list(csv.DictReader(io.StringIO(files[f"event-{event_id}.csv"].decode())))
    # Round 1 (a match and a bye) is over, so round 2 is paired already.
    assert [(r["pairing"], r["seat"]) for r in rows] == [
        ("r1m1", "1"),
        ("r1m1", "2"),
        ("r1m2", "1"),
        ("r2m1", "1"),
        ("r2m1", "2"),
        ("r2m2", "1"),
    ]
    assert rows[0]["match_id"] == str(match_id) and rows[0]["settled"] == "played" and rows[2]["settled"] == "bye"
    history = json.loads(files[f"event-{event_id}.json"])["history"]
    assert [h["seq"] for h in history] == list(range(1, len(history) + 1))
    kinds = [h["kind"] for h in history]
    assert kinds == ["registered"] * 3 + ["round_paired", "result_reported", "round_paired"]
    standings = await stack.events.standings(event_id)
    assert "```" in standings.text and "player0" in standings.text
    current = await stack.events.pairings(event_id)
    assert "Round 2\nr2m1: player0" in current.text and ", playing in <#" in current.text
    first = await stack.events.pairings(event_id, 1)
    assert " won" in first.text and "r1m2: player0" in first.text and "has a bye" in first.text
    with pytest.raises(Refusal, match="rounds 1 to 2"):
        await stack.events.pairings(event_id, 3)


async def test_a_second_process_cannot_append_over_the_first(stack: Stack) -> None:
    event_id = await entered(stack, 2)
    stale = await stack.events.load(event_id)
    await stack.events.join(player(3), event_id)
    from app.events import book
    from app.events.book import CHECKED_IN, Note

    with pytest.raises(Refusal, match="changed while your request was being made"):
        await book.append(
            stack.events.store, stale, [Note(CHECKED_IN, {"entrant": "x"})], user_id=1, now=stack.events.now()
        )
    assert len((await stack.events.load(event_id)).history) == 3


async def test_a_big_round_fits_discord_messages(stack: Stack) -> None:
    event_id = await started(stack, 84)
    assert len(stack.delivery.threads) == 42  # the fake refuses anything Discord would
    announced = [a.text for a in stack.delivery.announcements if "Round 1 is paired" in a.text]
    assert announced and "…and 22 more: `/tournament pairings` lists them all." in announced[0]
    reply = await stack.events.pairings(event_id)
    assert len(reply.text) <= 2000 and "(42 pairings, all in the file)" in reply.text
    assert dict(reply.files)["round-1.txt"].decode().count("\n") == 42
    standings = await stack.events.standings(event_id)
    assert len(standings.text) <= 2000 and "…and 60 more" in standings.text

"""Whole events through the services: 16 players, random matches, results taken automatically, a restart
in the middle of a round (and Discord failing while a round's threads open), nothing paired twice."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from app.tournament.model import Format, RoundPaired
from app.tournament.standings import standings
from tests.app.events_harness import (
    GUILD,
    HALL,
    ORGANISER,
    Stack,
    live_matches,
    open_stack,
    play_some,
    player,
    replay_pairings,
)
from tests.fakes import FakeClock, RecordingDelivery

PLAYERS = 16


async def new_event(stack: Stack, format: str, **settings: object) -> int:
    reply = await stack.events.create(
        ORGANISER,
        guild_id=GUILD,
        channel_id=HALL,
        name=f"Trial {format}",
        game="trial",
        format=format,
        options={"rounds": 1},
        **settings,  # type: ignore[arg-type]
    )
    event_id = await stack.events.locate(guild_id=GUILD, channel_id=HALL)
    assert f"event #{event_id}" in reply.text
    for number in range(1, PLAYERS + 1):
        joined = await stack.events.join(player(number), event_id)
        assert f"({number} players)" in joined.text
    started = await stack.events.start(ORGANISER, event_id)
    assert f"has started with {PLAYERS} players" in started.text
    await stack.events.settle()
    return event_id


async def rule_on_refused_results(stack: Stack, event_id: int, rng: random.Random) -> None:
    """A draw the next round cannot use goes to the organisers; they rule a winner. Found from the event
    itself, not from the channel's announcements: one may have been made before a restart."""
    event = await stack.events.load(event_id)
    live = set(await live_matches(stack, event_id))
    links = {link.pairing_id: link for link in await stack.events.store.event_matches(event_id)}
    for match_id in event.state.unfinished():
        link = links.get(match_id)
        if link is None or link.match_id is None or link.match_id in live:
            continue  # not started yet, or still being played
        players = [int(e) for e in event.state.seat_entrants(match_id) if isinstance(e, str)]
        await stack.events.adjudicate(ORGANISER, event_id, match_id, outcome="win", winner=rng.choice(players))
        await stack.events.settle()
        event = await stack.events.load(event_id)


async def run_event(tmp_path: Path, format: str, crash_round: int) -> tuple[Stack, int]:
    clock = FakeClock()
    stack = await open_stack(tmp_path / "events.db", RecordingDelivery(), clock)
    event_id = await new_event(stack, format)
    rng = random.Random(17)
    restarted = False
    for _ in range(200):
        event = await stack.events.load(event_id)
        if event.finished:
            break
        if not restarted and len(event.state.rounds) == crash_round:
            # Half of this round's matches are played; then Discord fails while the next round's threads
            # open, and the process dies. A new process on the same database carries on.
            await play_some(stack, event_id, rng, limit=max(1, len(await live_matches(stack, event_id)) // 2))
            stack.delivery.fail_threads_after = len(stack.delivery.threads) + 1
            await play_some(stack, event_id, rng)
            links = await stack.events.store.event_matches(event_id)
            unopened = [link for link in links if link.thread_id is None]
            assert unopened, "the next round should be part-opened"
            told = [a.text for a in stack.delivery.announcements if "could not be opened" in a.text]
            assert len(told) == len(unopened), "each unopened thread is told to the channel once"
            await stack.close()
            stack = await open_stack(tmp_path / "events.db", RecordingDelivery(), clock, seed=99)
            await stack.events.sweep()
            restarted = True
            continue
        if not await play_some(stack, event_id, rng):
            await rule_on_refused_results(stack, event_id, rng)
            await stack.events.sweep()
    assert restarted
    return stack, event_id


async def check_event(stack: Stack, event_id: int) -> None:
    event = await stack.events.load(event_id)
    assert event.finished, "the event did not finish"
    state = event.state
    paired = [r.round for r in state.records if isinstance(r, RoundPaired)]
    assert paired == list(range(1, len(paired) + 1)), "a round was paired twice"
    links = await stack.events.store.event_matches(event_id)
    played = [p.match_id for r in state.rounds for p in r.pairings if not p.is_bye]
    assert sorted(link.pairing_id for link in links) == sorted(played)
    assert all(link.thread_id and link.match_id for link in links)
    assert len({link.thread_id for link in links}) == len({link.match_id for link in links}) == len(links)
    # Every match the service ever created belongs to exactly one pairing: none was made twice.
    assert await stack.matches.repo.count_matches() == len(links)
    assert all(state.is_finished(match_id) for match_id in played)
    # The pure core, folding the same history, pairs every round the same way and ranks the same.
    pure = replay_pairings(state)
    assert standings(pure) == standings(state)
    final = stack.delivery.announcements[-1]
    assert "is over" in final.text and "Winner" in final.text


async def test_a_swiss_of_sixteen_runs_to_the_end_across_a_restart(tmp_path: Path) -> None:
    stack, event_id = await run_event(tmp_path, "swiss", crash_round=2)
    try:
        await check_event(stack, event_id)
        event = await stack.events.load(event_id)
        assert len(event.state.rounds) == 4  # ceil(log2(16))
        reasons = Counter(r.reason.value for r in event.state.results.values())
        assert reasons["normal"] + reasons["draw"] == len(event.state.results)  # every result came from play
        ratings = await stack.ratings.ladders_of(player(1).user_id, "trial")
        assert ratings and ratings[0].rating.matches == 4  # tournament matches are rated
    finally:
        await stack.close()


async def test_three_strikes_of_sixteen_runs_to_one_player_across_a_restart(tmp_path: Path) -> None:
    stack, event_id = await run_event(tmp_path, "three_strikes", crash_round=3)
    try:
        await check_event(stack, event_id)
        event = await stack.events.load(event_id)
        assert event.state.config.format is Format.THREE_STRIKES
        table = standings(event.state)
        assert [row.status for row in table].count("active") <= 1
        assert all(row.losses >= 3 for row in table if row.status == "eliminated")
    finally:
        await stack.close()


@pytest.fixture(autouse=True)
def quiet_expected_failures(caplog: pytest.LogCaptureFixture) -> None:
    """Opening a thread while Discord is unreachable is logged as an error, on purpose."""
    caplog.set_level("CRITICAL", logger="app.events.service")

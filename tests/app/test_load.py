"""Heavy work under load: each position is drawn once, and onlookers are limited without holding up players."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from app.config import LimitsConfig
from app.limits import Throttle, TooFast
from app.render_cache import RenderCache
from app.rewind import Rewinder
from app.service import MatchService
from db.sqlite import SqliteStore
from tests.fakes import RecordingDelivery
from tests.fixtures.trial_game import TRIAL

CHANNEL = 500
ALICE, BOB = 1, 2
ONLOOKERS = range(100, 120)


class CountingRenderer:
    """Draws each view as its JSON text (so a test can read whose view an image shows) and counts drawings."""

    def __init__(self) -> None:
        self.drawn: Counter[str] = Counter()
        self.lock = threading.Lock()

    def _draw(self, kind: str, title: str, view: Any) -> bytes:
        with self.lock:
            self.drawn[kind] += 1
        return json.dumps({"title": title, "view": view}, sort_keys=True).encode()

    def board(self, game: str, title: str, view: Any) -> bytes | None:
        return self._draw("board", title, view)

    def private(self, game: str, title: str, view: Any) -> bytes | None:
        return self._draw("private", title, view)


@pytest.fixture
def renderer() -> CountingRenderer:
    return CountingRenderer()


async def open_service(path: Path, renderer: CountingRenderer, limits: LimitsConfig | None = None) -> MatchService:
    store = await SqliteStore.open(path)
    return MatchService(
        store,
        RecordingDelivery(),
        renderer,
        seed_source=random.Random(3),
        allow_unoffered_games=True,
        limits=limits,
    )


@pytest.fixture
async def service(tmp_path: Path, renderer: CountingRenderer):
    s = await open_service(tmp_path / "load.db", renderer)
    yield s
    await s.repo.close()


async def started(service: MatchService) -> Any:
    await service.new_match(game_name="trial", options={}, guild_id=9, channel_id=CHANNEL, user_id=ALICE, seed=11)
    await service.join(channel_id=CHANNEL, user_id=BOB)
    return await service.start(channel_id=CHANNEL, user_id=ALICE, seat_order="join")


async def first_move(service: MatchService, record: Any) -> Any:
    state = service.state_of(record)
    seat = min(TRIAL.to_move(state))
    action = TRIAL.legal_actions(state, seat)[0]
    return (await service.act(user_id=record.user_at(seat), action=action, match_id=record.id)).record


# ------------------------------------------------------------------------------------ the render cache


async def test_a_position_is_drawn_once_however_often_it_is_asked_for(
    service: MatchService, renderer: CountingRenderer
) -> None:
    record = await started(service)
    after_start = renderer.drawn["board"]
    assert after_start == 1, "the start posted one board"
    posts = await asyncio.gather(*(service.board(match_id=record.id) for _ in range(60)))
    assert renderer.drawn["board"] == after_start, "status requests reuse the board drawn for the post"
    assert {p.image for p in posts} == {service.delivery.boards[-1].image}
    record = await first_move(service, record)
    assert renderer.drawn["board"] == after_start + 1
    again = await service.board(match_id=record.id)
    assert renderer.drawn["board"] == after_start + 1 and again.version == record.version


async def test_private_views_are_kept_per_seat_and_never_handed_to_another(
    service: MatchService, renderer: CountingRenderer
) -> None:
    record = await started(service)
    drawn = renderer.drawn["private"]
    alice = await service.private_view(user_id=ALICE, match_id=record.id)
    bob = await service.private_view(user_id=BOB, match_id=record.id)
    assert renderer.drawn["private"] == drawn, "both views were drawn when they were sent at the start"
    assert alice.image is not None and bob.image is not None and alice.image != bob.image
    alice_view = json.loads(alice.image)["view"]
    bob_view = json.loads(bob.image)["view"]
    assert alice_view == TRIAL.view(service.state_of(record), 0)
    assert bob_view == TRIAL.view(service.state_of(record), 1)
    for _ in range(5):
        assert (await service.private_view(user_id=BOB, match_id=record.id)).image == bob.image
        assert (await service.private_view(user_id=ALICE, match_id=record.id)).image == alice.image
    assert renderer.drawn["private"] == drawn


async def test_requests_during_a_drawing_wait_for_it_instead_of_drawing_again() -> None:
    cache = RenderCache(4)
    release = threading.Event()
    calls: list[int] = []

    def slow() -> bytes:
        calls.append(1)
        release.wait(5)
        return b"png"

    waiting = [asyncio.create_task(cache.image(("board", 1, 1), slow)) for _ in range(10)]
    await asyncio.sleep(0.05)
    release.set()
    assert await asyncio.gather(*waiting) == [b"png"] * 10
    assert len(calls) == 1
    assert await cache.image(("board", 1, 1), slow) == b"png" and len(calls) == 1


async def test_a_failed_drawing_is_not_remembered() -> None:
    cache = RenderCache(4)
    attempts: list[int] = []

    def flaky() -> bytes:
        attempts.append(1)
        if len(attempts) == 1:
            raise OSError("font missing")
        return b"png"

    with pytest.raises(OSError):
        await cache.image("k", flaky)
    assert await cache.image("k", flaky) == b"png" and len(attempts) == 2


async def test_the_cache_forgets_the_least_recently_used_image() -> None:
    cache = RenderCache(2)
    drawn: list[str] = []

    def draw(name: str) -> Any:
        return lambda: drawn.append(name) or name.encode()

    for name in ("a", "b", "a", "c", "a", "b"):
        await cache.image(name, draw(name))
    assert drawn == ["a", "b", "c", "b"], "b was the least recently used when c came"


# ----------------------------------------------------------------------------------------- the limits


async def test_onlookers_are_told_when_to_try_again_and_players_are_not_held_up(
    tmp_path: Path, renderer: CountingRenderer
) -> None:
    service = await open_service(tmp_path / "l.db", renderer, LimitsConfig(per_user="3/minute", per_channel="5/minute"))
    try:
        record = await started(service)
        for onlooker in ONLOOKERS[:5]:
            await service.board(channel_id=CHANNEL, user_id=onlooker)
        with pytest.raises(TooFast) as refused:
            await service.board(channel_id=CHANNEL, user_id=ONLOOKERS[5])
        assert "Onlookers in this channel" in refused.value.message
        assert f"try again in {refused.value.retry_after} s" in refused.value.message
        assert 1 <= refused.value.retry_after <= 60
        # The channel's share is used up, yet the players still see the board and move.
        assert (await service.board(channel_id=CHANNEL, user_id=ALICE)).match_id == record.id
        moved = await first_move(service, record)
        assert moved.version == record.version + 1
        # Each person has a share of their own, players too.
        for _ in range(2):
            await service.board(channel_id=CHANNEL, user_id=ALICE)
        with pytest.raises(TooFast, match=r"You have asked for a lot .* try again in \d+ s"):
            await service.board(channel_id=CHANNEL, user_id=ALICE)
        assert (await service.board(channel_id=CHANNEL, user_id=BOB)).match_id == record.id
        # Internal reads (deliveries, stale clicks) name no asker and are never refused.
        for _ in range(10):
            await service.board(match_id=record.id)
    finally:
        await service.repo.close()


async def test_replays_and_exports_count_against_the_same_shares(tmp_path: Path, renderer: CountingRenderer) -> None:
    service = await open_service(
        tmp_path / "r.db", renderer, LimitsConfig(per_user="2/minute", per_channel="30/minute")
    )
    rewinder = Rewinder(service)
    try:
        record = await first_move(service, await started(service))
        onlooker = ONLOOKERS[0]
        await rewinder.frame(match_id=record.id, step=0, user_id=onlooker)
        await service.position_text(user_id=onlooker, match_id=record.id)
        with pytest.raises(TooFast):
            await rewinder.frame(match_id=record.id, step=1, user_id=onlooker)
        await service.resign(user_id=BOB, match_id=record.id)
        with pytest.raises(TooFast):
            await rewinder.export(match_id=record.id, user_id=onlooker)
        assert "arbiter-match-log" in await rewinder.export(match_id=record.id, user_id=ONLOOKERS[1])
    finally:
        await service.repo.close()


async def test_replay_pages_are_drawn_once_per_step(service: MatchService, renderer: CountingRenderer) -> None:
    record = await first_move(service, await started(service))
    rewinder = Rewinder(service)
    before = renderer.drawn["board"]
    frames = [await rewinder.frame(match_id=record.id, step=step % 2) for step in range(6)]
    assert renderer.drawn["board"] == before + 2
    assert frames[0].post.image == frames[2].post.image != frames[1].post.image


def test_a_refused_request_uses_up_no_share() -> None:
    throttle = Throttle(per_user="2/minute", per_channel="1/minute")
    throttle.charge(user_id=7, channel_id=1, player=False)
    with pytest.raises(TooFast, match="Onlookers"):
        throttle.charge(user_id=7, channel_id=1, player=False)
    # The refusal above did not count against user 7: a request in another channel still fits.
    throttle.charge(user_id=7, channel_id=2, player=False)
    with pytest.raises(TooFast, match="You have asked"):
        throttle.charge(user_id=7, channel_id=3, player=False)


class HeldReplays(CountingRenderer):
    """Replay pages wait until released (a slow drawing under load); boards and private views do not."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.running = 0
        self.most_at_once = 0

    def board(self, game: str, title: str, view: Any) -> bytes | None:
        if "replay" not in title:
            return super().board(game, title, view)
        with self.lock:
            self.running += 1
            self.most_at_once = max(self.most_at_once, self.running)
        self.release.wait(10)
        with self.lock:
            self.running -= 1
        return super().board(game, title, view)


PAGES = 34
"""More than the most worker threads asyncio.to_thread ever has (32)."""


async def test_onlookers_drawing_at_once_never_hold_up_a_players_move(tmp_path: Path) -> None:
    renderer = HeldReplays()
    limits = LimitsConfig(per_user="100/minute", per_channel="100/minute")
    service = await open_service(tmp_path / "h.db", renderer, limits)
    rewinder = Rewinder(service)
    asking: list[asyncio.Task[Any]] = []
    try:
        await service.new_match(
            game_name="trial", options={"rounds": 6}, guild_id=9, channel_id=CHANNEL, user_id=ALICE, seed=11
        )
        await service.join(channel_id=CHANNEL, user_id=BOB)
        record = await service.start(channel_id=CHANNEL, user_id=ALICE, seat_order="join")
        for _ in range(PAGES):
            record = await first_move(service, record)
        # More onlookers than there are worker threads, each asking for a page nobody drew yet.
        asking += [
            asyncio.create_task(rewinder.frame(match_id=record.id, step=step, user_id=1000 + step))
            for step in range(PAGES)
        ]
        await asyncio.sleep(0.1)
        # The player's move draws a board and a private view: it must not queue behind the onlookers.
        moved = await asyncio.wait_for(first_move(service, record), timeout=5)
        assert moved.version == record.version + 1
        assert renderer.most_at_once == 1, "onlookers' drawings take one worker thread at a time"
    finally:
        renderer.release.set()
        pages = await asyncio.gather(*asking)
        await service.repo.close()
    assert renderer.drawn["board"] == (PAGES + 2) + PAGES, "every board posted, and each replay page drawn once"
    assert len({p.post.image for p in pages}) == PAGES

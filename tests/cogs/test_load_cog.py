"""Buttons under load: page flips answer Discord before any read or drawing, stale clicks reuse the drawn
board, and onlookers asking too often get a polite wait."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import engine
from app.config import LimitsConfig
from app.rewind import Rewinder
from app.service import MatchService
from app.timekeeping import Timekeeper
from cogs.codex.ui import CODEX_ITEMS, CodexPageButton, TechMenuButton, TechSelect
from cogs.components import (
    DYNAMIC_ITEMS,
    ActButton,
    ActMenu,
    ClaimButton,
    HandButton,
    RematchButton,
    ReplayButton,
    TakebackButton,
)
from cogs.table import build_group
from db.sqlite import SqliteStore
from engine.codex import GAME as CODEX
from tests.app.test_load import CountingRenderer
from tests.fakes import RecordingDelivery
from tests.fixtures.trial_game import TRIAL

from .fakes import FakeInteraction, Table, invoke

ALICE, BOB, ONLOOKER = 1, 2, 50


class WatchingRenderer(CountingRenderer):
    """Notes, at each drawing, whether the interaction being watched had been answered already."""

    def __init__(self) -> None:
        super().__init__()
        self.watched: FakeInteraction | None = None
        self.answered_before_drawing: list[bool] = []

    def _draw(self, kind: str, title: str, view: Any) -> bytes:
        if self.watched is not None:
            self.answered_before_drawing.append(self.watched.response.is_done())
        return super()._draw(kind, title, view)


@pytest.fixture
def renderer() -> WatchingRenderer:
    return WatchingRenderer()


@pytest.fixture
async def client(tmp_path: Path, renderer: WatchingRenderer):
    engine.load_games()
    store = await SqliteStore.open(tmp_path / "load.db")
    service = MatchService(
        store,
        RecordingDelivery(),
        renderer,
        seed_source=random.Random(1),
        allow_unoffered_games=True,
        limits=LimitsConfig(per_user="4/minute", per_channel="30/minute"),
    )
    yield SimpleNamespace(
        service=service, delivery=service.delivery, keeper=Timekeeper(service), rewinder=Rewinder(service)
    )
    await store.close()


def click_by(client: Any, user_id: int) -> FakeInteraction:
    return FakeInteraction(client=client, user_id=user_id, component=True)


async def trial_after_one_move(client: Any) -> Any:
    cog = Table(build_group(TRIAL))
    await invoke(cog.new, cog, FakeInteraction(client=client, user_id=ALICE))
    await invoke(cog.join, cog, FakeInteraction(client=client, user_id=BOB))
    await invoke(cog.start, cog, FakeInteraction(client=client, user_id=ALICE))
    await invoke(cog.move, cog, FakeInteraction(client=client, user_id=ALICE), action="bid 1")
    return await client.service.find(channel_id=500)


async def test_a_replay_page_flip_is_acknowledged_before_it_is_drawn(client: Any, renderer: WatchingRenderer) -> None:
    record = await trial_after_one_move(client)
    flip = click_by(client, BOB)
    renderer.watched = flip
    await ReplayButton(record.id, 1, "▶", "next").callback(flip)
    assert renderer.answered_before_drawing == [True]
    assert flip.response.deferred_update is True, "a page flip answers with a deferred update, not a new message"
    assert flip.edits == 1 and "replay, move 1 of 1" in flip.last.content and flip.last.file is not None


async def test_a_codex_page_flip_is_acknowledged_before_the_match_is_read(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    cog = Table(build_group(CODEX))
    options = "hero1=troq-bashar hero2=river-montoya first_player=p1"
    await invoke(cog.new, cog, FakeInteraction(client=client, user_id=ALICE), options=options)
    await client.service.join(channel_id=500, user_id=BOB)
    await invoke(cog.start, cog, FakeInteraction(client=client, user_id=ALICE))
    record = await client.service.find(channel_id=500)
    flip = click_by(client, ALICE)
    answered_at_read: list[bool] = []
    find = client.service.find

    async def watched_find(**where: Any) -> Any:
        answered_at_read.append(flip.response.is_done())
        return await find(**where)

    monkeypatch.setattr(client.service, "find", watched_find)
    await CodexPageButton(record.id, 2, "Next ▶", "next").callback(flip)
    assert answered_at_read == [True]
    assert flip.response.deferred_update is True and flip.edits == 1
    assert "(page 2 of 2" in flip.last.content


async def test_stale_clicks_are_answered_with_the_board_already_drawn(client: Any, renderer: WatchingRenderer) -> None:
    record = await trial_after_one_move(client)
    hand = click_by(client, BOB)
    await HandButton(record.id).callback(hand)
    bid = hand.last.view.children[0]
    await bid.callback(click_by(client, BOB))  # Bob bids: the button he keeps is now stale
    current = await client.service.find(match_id=record.id)
    drawn = renderer.drawn["board"]
    for _ in range(100):
        stale = click_by(client, BOB)
        await bid.callback(stale)
        assert "board changed" in stale.last.content and stale.last.file is not None
    assert renderer.drawn["board"] == drawn, "100 stale clicks drew no board"
    assert current.version == (await client.service.find(match_id=record.id)).version


async def test_an_onlooker_flipping_replay_pages_too_fast_is_asked_to_wait(client: Any) -> None:
    record = await trial_after_one_move(client)
    answers = []
    for step in (0, 1, 0, 1, 0):
        flip = click_by(client, ONLOOKER)
        await ReplayButton(record.id, step, "▶", "next").callback(flip)
        answers.append(flip)
    assert all(a.edits == 1 for a in answers[:4])
    refused = answers[4]
    assert refused.edits == 0 and refused.last.ephemeral
    assert "Please try again in" in refused.last.content
    status = await invoke(Table(build_group(TRIAL)).status, None, FakeInteraction(client=client, user_id=ONLOOKER))
    assert "try again in" in status.last.content and status.last.file is None


class Tripwire:
    """A client whose every use notes whether the interaction was answered by then, and then fails."""

    def __init__(self, watched: list[FakeInteraction], answered: list[bool]) -> None:
        self._watched, self._answered = watched, answered

    def __getattr__(self, name: str) -> Any:
        self._answered.append(self._watched[0].response.is_done())

        async def refuse(*args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("the service was used")

        return SimpleNamespace(**{n: refuse for n in _SERVICE_NAMES})


_SERVICE_NAMES = ("find", "private_view", "act", "frame", "claim_timeout", "answer_takeback", "rematch")

SAMPLES = {
    HandButton: lambda: HandButton(7),
    ActButton: lambda: ActButton(7, 3, 0, "bid 0"),
    ActMenu: lambda: ActMenu(7, 3),
    ClaimButton: lambda: ClaimButton(7),
    TakebackButton: lambda: TakebackButton(7, 3, True),
    ReplayButton: lambda: ReplayButton(7, 1, "▶", "next"),
    RematchButton: lambda: RematchButton(7),
    TechSelect: lambda: TechSelect(7),
    TechMenuButton: lambda: TechMenuButton(7),
    CodexPageButton: lambda: CodexPageButton(7, 2, "Next ▶", "next"),
}


@pytest.mark.parametrize("kind", [*DYNAMIC_ITEMS, *CODEX_ITEMS], ids=lambda k: k.__name__)
async def test_every_button_answers_discord_before_it_asks_the_service_anything(kind: type) -> None:
    assert kind in SAMPLES, f"add a sample {kind.__name__} here"
    watched: list[FakeInteraction] = []
    answered: list[bool] = []
    click = FakeInteraction(client=Tripwire(watched, answered), user_id=ALICE, component=True)
    watched.append(click)
    await SAMPLES[kind]().callback(click)
    assert answered and all(answered), f"{kind.__name__} used the service before answering Discord"
    assert "Something went wrong" in click.last.content

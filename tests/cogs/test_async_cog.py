"""The asynchronous-play commands and buttons with mocked interactions."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app.config import ClockConfig
from app.rendering import NoImages
from app.rewind import Rewinder
from app.service import MatchService
from app.timekeeping import Timekeeper
from cogs.components import ClaimButton, ReplayButton, TakebackButton, notice_components
from cogs.match import MatchCog
from cogs.table import build_group
from db.sqlite import SqliteStore
from tests.fakes import FakeClock, RecordingDelivery
from tests.fixtures.trial_game import TRIAL

from .fakes import FakeInteraction, Table, invoke

ALICE, BOB = 1, 2


@pytest.fixture
async def client(tmp_path: Path):
    store = await SqliteStore.open(tmp_path / "a.db")
    clock = FakeClock()
    service = MatchService(
        store,
        RecordingDelivery(),
        NoImages(),
        clock=clock,
        seed_source=random.Random(1),
        allow_unoffered_games=True,
        clock_config=ClockConfig(),
    )
    yield SimpleNamespace(
        service=service, delivery=service.delivery, keeper=Timekeeper(service), rewinder=Rewinder(service), clock=clock
    )
    await store.close()


@pytest.fixture
def cog() -> Table:
    return Table(build_group(TRIAL))


@pytest.fixture
def match() -> MatchCog:
    return MatchCog(bot=None)  # type: ignore[arg-type]


def user(client: Any, user_id: int) -> FakeInteraction:
    return FakeInteraction(client=client, user_id=user_id)


async def start(cog: Table, client: Any, **clock: Any) -> Any:
    opened = await invoke(cog.new, cog, user(client, ALICE), **clock)
    await invoke(cog.join, cog, user(client, BOB))
    await invoke(cog.start, cog, user(client, ALICE))
    return opened


async def test_new_with_a_clock_says_so(cog: Table, client: Any) -> None:
    opened = await start(cog, client, clock="per_move", days=1.0, on_timeout="claim")
    assert "1d per move" in opened.last.content
    board = client.delivery.boards[-1]
    assert len(board.clocks) == 2


async def test_undo_and_takeback_with_buttons(cog: Table, client: Any) -> None:
    await start(cog, client)
    await invoke(cog.move, cog, user(client, ALICE), action="bid 2")
    undone = await invoke(cog.undo, cog, user(client, ALICE))
    assert undone.last.content == "Undone: `bid 2`."
    await invoke(cog.move, cog, user(client, ALICE), action="bid 1")
    asked = await invoke(cog.takeback, cog, user(client, ALICE))
    assert "request is posted" in asked.last.content
    notice = client.delivery.notices[-1]
    view = notice_components(notice.match_id, notice.version, notice.buttons)
    accept, decline = view.children
    assert isinstance(accept, TakebackButton) and accept.accept and not decline.accept
    refused = user(client, ALICE)
    await accept.callback(refused)
    assert "Only the opponents" in refused.last.content
    answer = user(client, BOB)
    await decline.callback(answer)
    assert "declined" in answer.last.content


async def test_claim_button_after_timeout(cog: Table, client: Any) -> None:
    await start(cog, client, clock="per_move", days=1.0)
    await invoke(cog.move, cog, user(client, ALICE), action="bid 1")
    early = await invoke(cog.claim, cog, user(client, ALICE))
    assert "No opponent has run out of time" in early.last.content
    client.clock.advance(days=1, hours=1)
    await client.keeper.sweep()
    notice = client.delivery.notices[-1]
    (button,) = notice_components(notice.match_id, notice.version, notice.buttons).children
    assert isinstance(button, ClaimButton)
    claim = user(client, ALICE)
    await button.callback(claim)
    assert "won on time" in claim.last.content


async def test_vacation_notify_and_mygames(cog: Table, match: MatchCog, client: Any) -> None:
    await start(cog, client, clock="per_move", days=2.0)
    mine = await invoke(match.mygames, match, user(client, BOB))
    assert "Waiting on you, longest first" in mine.last.content and "/channels/9/500" in mine.last.content
    away = await invoke(match.vacation, match, user(client, BOB), days=2.0)
    assert "paused until" in away.last.content
    prefs = await invoke(match.notify, match, user(client, BOB), dm=True, quiet="23-7", utc_offset="+1")
    assert "by DM" in prefs.last.content and "23:00–07:00" in prefs.last.content and "UTC+1" in prefs.last.content
    wrong = await invoke(match.notify, match, user(client, BOB), quiet="late")
    assert "23-7" in wrong.last.content
    client.clock.advance(days=1)
    nothing = await invoke(match.mygames, match, FakeInteraction(client=client, user_id=99))
    assert "No match is waiting on you" in nothing.last.content


async def test_replay_steps_and_export(cog: Table, client: Any) -> None:
    await start(cog, client)
    await invoke(cog.move, cog, user(client, ALICE), action="bid 1")
    shown = await invoke(cog.replay, cog, user(client, BOB), move=0)
    assert "replay, move 0 of 1" in shown.last.content
    buttons = shown.last.view.children
    assert [b.item.label for b in buttons] == ["⏮", "◀", "▶", "⏭"]
    assert buttons[0].item.disabled and not buttons[2].item.disabled
    step = user(client, BOB)
    await buttons[2].callback(step)
    assert "replay, move 1 of 1" in step.last.content
    assert isinstance(buttons[2], ReplayButton)
    early = await invoke(cog.export, cog, user(client, BOB))
    assert "once it is over" in early.last.content
    await invoke(cog.resign, cog, user(client, BOB))
    exported = await invoke(cog.export, cog, user(client, ALICE))
    assert "python bot.py replay match-1.jsonl" in exported.last.content
    assert exported.last.file is not None and exported.last.file.filename == "match-1.jsonl"


def test_durations_read_well() -> None:
    from app.clocks import describe_duration

    assert str(describe_duration(timedelta(days=2, hours=3))) == "2d 3h"
    assert str(describe_duration(timedelta(hours=1, minutes=5))) == "1h 5m"
    assert str(describe_duration(timedelta(seconds=-5))) == "0m"

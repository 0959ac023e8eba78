"""Delivery after the commit: a channel closed to the bot, retries with back-off, and failures after a
move is committed that must never turn the move into a refusal."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from app.delivery import ChannelUnreachable
from app.rendering import NoImages
from app.rewind import Rewinder
from app.service import MatchService, retry_delay
from tests.app.test_service import ALICE, BOB, CHANNEL, open_service, started
from tests.fakes import FakeClock, RecordingDelivery
from tests.fixtures.trial_game import TRIAL


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def delivery() -> RecordingDelivery:
    return RecordingDelivery()


@pytest.fixture
async def service(tmp_path: Path, delivery: RecordingDelivery, clock: FakeClock):
    s = await open_service(tmp_path / "d.db", delivery, clock)
    yield s
    await s.repo.close()


def warnings_to(delivery: RecordingDelivery, user_id: int) -> list[str]:
    return [text for who, text in delivery.notes if who == user_id and "can't post in" in text]


# ------------------------------------------------------------------------------ a closed channel


async def test_a_closed_channel_still_sends_hands_and_tells_the_creator_once(
    service: MatchService, delivery: RecordingDelivery
) -> None:
    delivery.closed_channels[CHANNEL] = ("Send Messages",)
    record = await started(service)
    assert delivery.boards == []
    # The board could not go out, but both hands did.
    assert {p.user_id for p in delivery.privates} == {ALICE, BOB}
    [warning] = warnings_to(delivery, ALICE)
    assert f"<#{CHANNEL}>" in warning and "give me Send Messages there" in warning
    await service.act(user_id=ALICE, action="bid 1", match_id=record.id)
    result = await service.act(user_id=BOB, action="bid 2", match_id=record.id)
    assert result.record.version == record.version + 2
    assert [p.version for p in delivery.privates if p.user_id == BOB][-1] == result.record.version
    assert len(warnings_to(delivery, ALICE)) == 1  # told once, not on every move
    assert warnings_to(delivery, BOB) == []
    assert delivery.board_attempts == 1  # the moves did not knock on the closed channel again
    pending = await service.repo.pending_outbox(record.id)
    assert len(pending) == 3 and all(i.privates_sent for i in pending)
    assert pending[0].warned and pending[0].attempts == 1  # the memory of the warning, in the database


async def test_boards_wait_with_back_off_then_arrive_together(
    service: MatchService, delivery: RecordingDelivery, clock: FakeClock
) -> None:
    delivery.closed_channels[CHANNEL] = ("Send Messages", "Attach Files")
    record = await started(service)
    await service.act(user_id=ALICE, action="bid 1", match_id=record.id)
    clock.advance(seconds=30)
    assert await service.deliver_pending() == 0
    assert delivery.board_attempts == 1  # not due before its minute is up
    clock.advance(seconds=31)
    assert await service.deliver_pending() == 0
    assert delivery.board_attempts == 2
    [first, *_] = await service.repo.pending_outbox(record.id)
    assert first.attempts == 2 and first.next_attempt_at is not None
    assert first.next_attempt_at.startswith((clock.now + timedelta(minutes=2)).strftime("%Y-%m-%dT%H:%M"))
    assert len(warnings_to(delivery, ALICE)) == 1
    hands = len(delivery.privates)

    del delivery.closed_channels[CHANNEL]  # an admin gave the bot its permissions back
    clock.advance(minutes=2)
    assert await service.deliver_pending() == 2
    [board] = delivery.boards
    assert board.lines[0].startswith("The match began") and len(board.lines) > 1  # both rows, one post
    assert len(delivery.privates) == hands  # hands were sent already; the retry posts only the board
    assert await service.repo.pending_outbox() == []

    # A later outage is a new one: the creator is told again.
    delivery.closed_channels[CHANNEL] = ("Send Messages",)
    await service.act(user_id=BOB, action="bid 1", match_id=record.id)
    assert len(warnings_to(delivery, ALICE)) == 2


async def test_the_warning_is_remembered_across_a_restart(tmp_path: Path, clock: FakeClock) -> None:
    closed = RecordingDelivery(closed_channels={CHANNEL: ("Send Messages",)})
    first = await open_service(tmp_path / "r.db", closed, clock)
    record = await started(first)
    assert len(warnings_to(closed, ALICE)) == 1
    await first.repo.close()

    again = RecordingDelivery(closed_channels={CHANNEL: ("Send Messages",)})
    second = await open_service(tmp_path / "r.db", again, clock)
    try:
        assert await second.deliver_pending(force=True) == 0  # at start-up every board is tried at once
        assert again.board_attempts == 1
        assert warnings_to(again, ALICE) == []  # the creator was told before the restart
        assert again.privates == []  # and the hands went out then too
        again.closed_channels.clear()
        assert await second.deliver_pending(force=True) == 1
        assert again.boards[0].version == record.version
    finally:
        await second.repo.close()


async def test_when_the_creator_refuses_dms_another_player_is_told(
    service: MatchService, delivery: RecordingDelivery
) -> None:
    delivery.closed_channels[CHANNEL] = ("Send Messages",)
    delivery.refuse_dms_for.add(ALICE)
    await started(service)
    assert warnings_to(delivery, ALICE) == []
    assert len(warnings_to(delivery, BOB)) == 1


def test_the_back_off_doubles_from_a_minute_up_to_an_hour() -> None:
    minutes = [retry_delay(n) / timedelta(minutes=1) for n in range(1, 10)]
    assert minutes == [1, 2, 4, 8, 16, 32, 60, 60, 60]
    assert retry_delay(10_000) == timedelta(hours=1)


def test_the_missing_permissions_read_as_a_sentence() -> None:
    assert ChannelUnreachable(5).permission == "Send Messages, Attach Files and Embed Links"
    assert ChannelUnreachable(5, ("Embed Links",)).permission == "Embed Links"


async def test_a_takeback_request_that_cannot_be_posted_is_still_open(
    service: MatchService, delivery: RecordingDelivery
) -> None:
    record = await started(service)
    await service.act(user_id=ALICE, action="bid 1", match_id=record.id)
    await service.act(user_id=BOB, action="bid 1", match_id=record.id)
    delivery.closed_channels[CHANNEL] = ("Send Messages",)
    text = str(await Rewinder(service).request_takeback(user_id=ALICE, match_id=record.id))
    assert "request is open" in text and "could not post it" in text
    assert (await service.find(match_id=record.id)).pending is not None


# ----------------------------------------------------------------------- failures after the commit


class Boom(RuntimeError):
    pass


def _raise(*_args: Any, **_kwargs: Any) -> Any:
    raise Boom("after the commit")


async def _raising(*_args: Any, **_kwargs: Any) -> Any:
    raise Boom("after the commit")


class BrokenBoards(NoImages):
    def board(self, game: str, title: str, view: Any) -> bytes | None:
        raise Boom("cannot draw")


FAULTS = ["mark_delivered", "set_dm_status", "pending_outbox", "log_entries", "after_move", "board_image", "describe"]


async def _break(service: MatchService, fault: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if fault == "after_move":
        service.after_move.append(_raising)
    elif fault == "board_image":
        monkeypatch.setattr(service, "renderer", BrokenBoards())
    elif fault == "describe":
        monkeypatch.setattr(TRIAL, "describe_event", _raise)
    else:
        monkeypatch.setattr(service.repo, fault, _raising)


@pytest.mark.parametrize("fault", FAULTS)
async def test_a_failure_after_the_commit_still_reports_the_move_played(
    service: MatchService, delivery: RecordingDelivery, monkeypatch: pytest.MonkeyPatch, fault: str
) -> None:
    record = await started(service)
    with monkeypatch.context() as patch:
        await _break(service, fault, patch)
        result = await service.act(user_id=ALICE, action="bid 1", match_id=record.id)
        assert result.notation == "bid 1" and result.record.version == record.version + 1
    entries = await service.repo.log_entries(record.id, since_version=record.version)
    assert [(e.version, e.notation) for e in entries] == [(record.version + 1, "bid 1")]
    # What was owed is delivered later, by the retry loop, with nothing lost.
    await service.deliver_pending(force=True)
    assert await service.repo.pending_outbox() == []
    assert delivery.boards[-1].version == record.version + 1


async def test_a_board_that_cannot_be_drawn_goes_out_as_text(
    service: MatchService, delivery: RecordingDelivery, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = await started(service)
    monkeypatch.setattr(service, "renderer", BrokenBoards())
    await service.act(user_id=ALICE, action="bid 1", match_id=record.id)
    assert delivery.boards[-1].version == record.version + 1 and delivery.boards[-1].image is None
    assert await service.repo.pending_outbox() == []


@pytest.mark.parametrize("fault", ["mark_delivered", "pending_outbox", "board_image"])
async def test_resign_abort_and_start_stand_when_delivery_fails_after_the_commit(
    service: MatchService, monkeypatch: pytest.MonkeyPatch, fault: str
) -> None:
    await service.new_match(game_name="trial", options={}, guild_id=9, channel_id=CHANNEL, user_id=ALICE, seed=11)
    await service.join(channel_id=CHANNEL, user_id=BOB)
    with monkeypatch.context() as patch:
        await _break(service, fault, patch)
        record = await service.start(channel_id=CHANNEL, user_id=ALICE, seat_order="join")
        assert record.status == "active"
        resigned = await service.resign(user_id=BOB, match_id=record.id)
        assert resigned.status == "finished"
    assert (await service.find(match_id=record.id)).status == "finished"

"""The service's after-finish hook: called once a started match has ended and its last board is out."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

from app.service import MatchService
from db.records import MatchRecord
from tests.app.test_service import CHANNEL, open_service, play_random, started
from tests.fakes import RecordingDelivery

ALICE, BOB = 1, 2


def recording(service: MatchService) -> list[MatchRecord]:
    seen: list[MatchRecord] = []

    async def listener(record: MatchRecord) -> None:
        seen.append(record)

    service.after_finish.append(listener)
    return seen


async def test_a_finished_match_is_announced_once_after_its_last_board(tmp_path: Path) -> None:
    delivery = RecordingDelivery()
    service = await open_service(tmp_path / "m.db", delivery)
    seen = recording(service)
    boards_when_called: list[int] = []
    service.after_finish.append(lambda record: _note(boards_when_called, len(delivery.boards)))
    try:
        record = await started(service)
        assert seen == []  # starting and moving are not endings
        final = await play_random(service, record.id, random.Random(4))
        assert final.status == "finished"
        assert [r.id for r in seen] == [record.id] and seen[0].status == "finished" and seen[0].result
        assert boards_when_called == [len(delivery.boards)] and delivery.boards[-1].finished
    finally:
        await service.repo.close()


async def _note(into: list[int], value: int) -> None:
    into.append(value)


async def test_resignation_and_abort_end_a_match_but_closing_a_lobby_does_not(tmp_path: Path) -> None:
    service = await open_service(tmp_path / "m.db", RecordingDelivery())
    seen = recording(service)
    try:
        record = await started(service)
        await service.resign(user_id=BOB, match_id=record.id)
        await service.new_match(game_name="trial", options={}, guild_id=9, channel_id=CHANNEL + 1, user_id=ALICE)
        await service.abort(user_id=ALICE, can_manage_guild=False, channel_id=CHANNEL + 1)  # a lobby: no match
        await service.new_match(game_name="trial", options={}, guild_id=9, channel_id=CHANNEL + 2, user_id=ALICE)
        await service.join(channel_id=CHANNEL + 2, user_id=BOB)
        third = await service.start(channel_id=CHANNEL + 2, user_id=ALICE)
        await service.abort(user_id=ALICE, can_manage_guild=True, channel_id=CHANNEL + 2)
        assert [(r.id, r.status) for r in seen] == [(record.id, "finished"), (third.id, "aborted")]
        assert seen[0].result["reason"] == "resign"
    finally:
        await service.repo.close()


async def test_a_failing_listener_is_logged_and_changes_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    service = await open_service(tmp_path / "m.db", RecordingDelivery())

    async def broken(record: MatchRecord) -> None:
        raise RuntimeError("listener bug")

    service.after_finish.append(broken)
    seen = recording(service)
    try:
        record = await started(service)
        with caplog.at_level(logging.ERROR):
            resigned = await service.resign(user_id=BOB, match_id=record.id)
        assert resigned.status == "finished" and [r.id for r in seen] == [record.id]
        assert "after-finish listener failed" in caplog.text
    finally:
        await service.repo.close()


async def test_an_ending_not_yet_delivered_is_announced_after_a_restart(tmp_path: Path) -> None:
    first = await open_service(tmp_path / "m.db", RecordingDelivery())
    missed = recording(first)
    record = await started(first)
    first.delivery = RecordingDelivery(fail_boards=True)  # the channel goes unreachable just as the match ends
    await first.resign(user_id=BOB, match_id=record.id)
    await first.repo.close()
    assert missed == []  # its last board is not out, so the ending is not announced yet
    second = await open_service(tmp_path / "m.db", RecordingDelivery())
    seen = recording(second)
    try:
        assert await second.deliver_pending(force=True) == 1  # as the bot does at start-up
        assert [(r.id, r.status) for r in seen] == [(record.id, "finished")]
        assert await second.deliver_pending(force=True) == 0 and len(seen) == 1
    finally:
        await second.repo.close()

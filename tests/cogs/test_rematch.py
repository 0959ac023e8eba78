"""The Rematch button on a finished match's board: a new table in the channel for the same players, in the same
seats, with the same options and clock; only a player of that match may press it. Shared by every game (here
the test-only game)."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app.clocks import MatchClock
from app.rendering import NoImages
from app.service import MatchService
from cogs.components import HandButton, RematchButton, board_components
from cogs.table import build_group
from db.sqlite import SqliteStore
from tests.fakes import RecordingDelivery
from tests.fixtures.trial_game import TRIAL

from .fakes import FakeInteraction, Table, invoke

ALICE, BOB, CAROL = 1, 2, 3


@pytest.fixture
async def client(tmp_path: Path):  # type: ignore[no-untyped-def]
    store = await SqliteStore.open(tmp_path / "r.db")
    service = MatchService(
        store, RecordingDelivery(), NoImages(), seed_source=random.Random(1), allow_unoffered_games=True
    )
    yield SimpleNamespace(service=service)
    await store.close()


def user(client: Any, user_id: int) -> FakeInteraction:
    return FakeInteraction(client=client, user_id=user_id)


async def finished_match(cog: Table, client: Any) -> Any:
    """Bob opens (p1) with options and a clock, Alice joins (p2), Bob resigns: Alice won."""
    await invoke(cog.new, cog, user(client, BOB), options="rounds=2", clock="per_move", days=2.0)
    await invoke(cog.join, cog, user(client, ALICE))
    await invoke(cog.start, cog, user(client, BOB))
    await invoke(cog.resign, cog, user(client, BOB))
    record = await client.service.last_in_channel(500)
    assert record.status == "finished" and (record.seat_of(BOB), record.seat_of(ALICE)) == (0, 1)
    return record


def rematch_button(match_id: int) -> RematchButton:
    view = board_components(match_id, finished=True)
    assert view is not None
    (button,) = view.children
    assert isinstance(button, RematchButton) and button.item.label == "Rematch"
    return button


async def test_a_player_of_a_finished_match_opens_its_rematch_with_the_same_seats_and_options(client: Any) -> None:
    cog = Table(build_group(TRIAL))
    old = await finished_match(cog, client)
    pressed = user(client, ALICE)
    await rematch_button(old.id).callback(pressed)
    assert not pressed.last.ephemeral, "the channel sees the new table"
    assert pressed.last.content == (
        f"<@1> opened a rematch of match #{old.id}: table #{old.id + 1}, with <@2> in the same seats and with the same "
        "options. <@1> starts it with `/trial start`; a player who will not play leaves it with `/trial leave`."
    )
    new = await client.service.find(channel_id=500)
    assert new.id == old.id + 1 and new.status == "lobby" and new.creator_id == ALICE
    assert {m.user_id for m in new.members} == {ALICE, BOB}
    assert new.options["rounds"] == 2 and new.game == old.game and new.rated == old.rated
    assert new.clock is not None and old.clock is not None
    assert MatchClock.from_json(new.clock).control == MatchClock.from_json(old.clock).control
    # Alice presses start (the default `join` order), yet Bob keeps p1 and she p2, as in the match before.
    await invoke(cog.start, cog, user(client, ALICE))
    started = await client.service.find(channel_id=500)
    assert started.status == "active" and (started.seat_of(BOB), started.seat_of(ALICE)) == (0, 1)
    assert "_seats" not in started.options


async def test_only_a_player_of_the_match_may_press_rematch(client: Any) -> None:
    cog = Table(build_group(TRIAL))
    old = await finished_match(cog, client)
    onlooker = user(client, CAROL)
    await rematch_button(old.id).callback(onlooker)
    assert onlooker.last.ephemeral
    assert onlooker.last.content == f"Only the players of match #{old.id} can ask for its rematch."
    assert (await client.service.last_in_channel(500)).id == old.id, "no table was opened"
    # Pressed twice: the first rematch holds the channel, and the second press says so.
    await rematch_button(old.id).callback(user(client, BOB))
    again = user(client, ALICE)
    await rematch_button(old.id).callback(again)
    assert again.last.ephemeral and f"already has Trial match #{old.id + 1}" in again.last.content


async def test_a_live_board_has_the_hand_button_and_a_rematch_waits_for_the_end(client: Any) -> None:
    cog = Table(build_group(TRIAL))
    await invoke(cog.new, cog, user(client, ALICE))
    await invoke(cog.join, cog, user(client, BOB))
    await invoke(cog.start, cog, user(client, ALICE))
    live = await client.service.find(channel_id=500)
    view = board_components(live.id, finished=False)
    assert view is not None and [type(c) for c in view.children] == [HandButton]
    early = user(client, ALICE)
    await RematchButton(live.id).callback(early)
    assert early.last.ephemeral
    assert early.last.content == f"Match #{live.id} is still being played: its rematch is offered once it is over."

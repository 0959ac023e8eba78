"""Matches started from a scenario file, and positions exported from a match."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from app.errors import Refusal, WrongStatus
from app.rendering import NoImages
from app.service import MatchService
from db.sqlite import SqliteStore
from engine.core import GameError
from engine.scenario import load_scenario, run_scenario
from tests.fakes import RecordingDelivery
from tests.fixtures.trial_game import TRIAL

ROOT = Path(__file__).resolve().parents[2]
PUZZLE = (ROOT / "tests/scenarios/trial/demand_and_give.toml").read_text()
CHANNEL = 700
ALICE, BOB, CAROL = 21, 22, 23


@pytest.fixture
async def service(tmp_path: Path):
    store = await SqliteStore.open(tmp_path / "s.db")
    s = MatchService(store, RecordingDelivery(), NoImages(), seed_source=random.Random(4), allow_unoffered_games=True)
    yield s
    await store.close()


async def test_a_match_starts_from_the_files_position(service: MatchService) -> None:
    record = await service.new_match(
        game_name="ignored", options={}, guild_id=1, channel_id=CHANNEL, user_id=ALICE, scenario=PUZZLE
    )
    assert record.game == "trial" and record.scenario == PUZZLE and record.seed == 3
    await service.join(channel_id=CHANNEL, user_id=BOB)
    record = await service.start(channel_id=CHANNEL, user_id=ALICE, seat_order="join")
    state = service.state_of(record)
    assert TRIAL.to_move(state) == {0}
    assert {TRIAL.describe_action(state, 0, a) for a in TRIAL.legal_actions(state, 0)} >= {"demand p2", "pass"}
    hand = await service.private_view(user_id=BOB, channel_id=CHANNEL)
    assert "c5, c7, c8" in " ".join(hand.lines)
    result = await service.act(user_id=ALICE, action="demand p2", channel_id=CHANNEL)
    assert service.waiting_on(result.record) == [BOB]


async def test_a_broken_file_is_refused_with_its_line(service: MatchService) -> None:
    broken = PUZZLE.replace('hand = ["c1", "c2"]', 'hand = ["c1", "c2"')
    with pytest.raises(Refusal, match=r"the attached file:\d+"):
        await service.new_match(
            game_name="", options={}, guild_id=1, channel_id=CHANNEL, user_id=ALICE, scenario=broken
        )
    unknown = PUZZLE.replace('game = "trial"', 'game = "chess"')
    with pytest.raises(GameError, match="no game called 'chess'"):
        await service.new_match(
            game_name="", options={}, guild_id=1, channel_id=CHANNEL, user_id=ALICE, scenario=unknown
        )
    assert await service.repo.live_match_in_channel(CHANNEL) is None


async def test_the_position_needs_its_number_of_players(service: MatchService) -> None:
    await service.new_match(game_name="", options={}, guild_id=1, channel_id=CHANNEL, user_id=ALICE, scenario=PUZZLE)
    for u in (BOB, CAROL):
        await service.join(channel_id=CHANNEL, user_id=u)
    with pytest.raises(WrongStatus, match="for 2 players; 3 have joined"):
        await service.start(channel_id=CHANNEL, user_id=ALICE)


async def test_public_position_hides_hands_and_the_seed(service: MatchService) -> None:
    await service.new_match(game_name="trial", options={}, guild_id=1, channel_id=CHANNEL, user_id=ALICE, seed=99)
    with pytest.raises(WrongStatus, match="not started"):
        await service.position_text(user_id=ALICE, channel_id=CHANNEL)
    await service.join(channel_id=CHANNEL, user_id=BOB)
    record = await service.start(channel_id=CHANNEL, user_id=ALICE, seat_order="join")
    public = await service.position_text(user_id=ALICE, channel_id=CHANNEL)
    data = tomllib.loads(public)
    assert data["seed"] != 99
    state = service.state_of(record)
    for seat in (0, 1):
        for card in TRIAL.hidden_cards(state, seat):
            assert f'"{card}"' not in public
    mine = await service.position_text(user_id=ALICE, channel_id=CHANNEL, mine=True)
    assert all(f'"{card}"' in mine for card in TRIAL.hidden_cards(state, 0))
    assert run_scenario(load_scenario(public, "public")).status == "passed"  # it runs as written

"""The platform's promises, checked for every registered game by seeded random playouts.

A game registered later is picked up here automatically; see `properties.py` for its optional hooks.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import GAMES, BadOptions, Game
from tests.engine import properties as p

NAMES = p.game_names()
# Kept small so the default run stays quick; raise it for a deeper soak without editing the file.
EXAMPLES = int(os.environ.get("ARBITER_PROPERTY_EXAMPLES", "20"))


def _settings(examples: int = EXAMPLES) -> Any:
    return settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _table(game: Game[Any], data: st.DataObject) -> tuple[int, int, dict[str, Any]]:
    players = data.draw(st.integers(*p.seat_range(game)), label="players")
    seed = data.draw(st.integers(0, 2**63 - 1), label="seed")
    options = data.draw(st.sampled_from(p.option_sets(game)), label="options")
    return players, seed, options


@pytest.mark.parametrize("name", NAMES)
def test_registry_entry_is_sound(name: str) -> None:
    game = GAMES[name]
    assert game.title and 1 <= game.min_players <= game.max_players
    assert game.schema_version >= 1
    with pytest.raises(BadOptions):
        game.setup(game.min_players - 1, game.default_options(), 1)
    with pytest.raises(BadOptions):
        game.setup(game.max_players + 1, game.default_options(), 1)


@pytest.mark.parametrize("name", NAMES)
@_settings()
@given(data=st.data())
def test_random_playouts_end(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    players, seed, options = _table(game, data)
    record = p.playout(game, players, seed, options, state_checks=[p.check_turn_and_outcome])
    assert game.outcome(record.final) is not None


@pytest.mark.parametrize("name", NAMES)
@_settings()
@given(data=st.data())
def test_every_legal_action_is_accepted_without_mutation(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    p.playout(game, *_table(game, data), state_checks=[p.check_legal_actions_accepted])


@pytest.mark.parametrize("name", NAMES)
@_settings()
@given(data=st.data())
def test_illegal_actions_are_refused_and_change_nothing(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    p.playout(game, *_table(game, data), state_checks=[p.check_illegal_refused])


@pytest.mark.parametrize("name", NAMES)
@_settings()
@given(data=st.data())
def test_json_round_trip(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    p.playout(game, *_table(game, data), state_checks=[p.check_json_round_trip])


@pytest.mark.parametrize("name", NAMES)
@_settings()
@given(data=st.data())
def test_replaying_the_log_reproduces_every_snapshot(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    record = p.playout(game, *_table(game, data))
    replayed = list(p.replay(game, record))
    assert len(replayed) == len(record.snapshots)
    for i, (snapshot, events) in enumerate(replayed):
        assert snapshot == record.snapshots[i], f"snapshot {i} differs on replay"
        assert events == (record.events[i - 1] if i else record.opening), f"events of move {i} differ"


@pytest.mark.parametrize("name", NAMES)
@_settings()
@given(data=st.data())
def test_notation_round_trips_for_every_legal_action(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    p.playout(game, *_table(game, data), state_checks=[p.check_notation])


@pytest.mark.parametrize("name", NAMES)
@_settings()
@given(data=st.data())
def test_views_and_events_do_not_leak(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    p.playout(game, *_table(game, data), state_checks=[p.check_views], step_checks=[p.check_events])


@pytest.mark.parametrize("name", NAMES)
@_settings()
@given(data=st.data())
def test_cards_are_conserved(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    if p.count_hook(game) is None:
        pytest.skip(f"{name} registers no card_count hook")
    check, seen = p.make_card_count_check(game)
    p.playout(game, *_table(game, data), state_checks=[check])
    assert len(seen()) > 1


def test_trial_game_has_both_hooks() -> None:
    # Without them the leak and conservation checks above would pass vacuously for the trial game.
    trial = GAMES["trial"]
    assert p.hidden_hook(trial) is not None
    assert p.count_hook(trial) is not None
    assert not trial.offered

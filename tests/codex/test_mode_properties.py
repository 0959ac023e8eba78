"""The engine's property checks (properties.py) in every Codex mode: the standard game, 2v2 and
free-for-all with 3, 4 and 5 seats. The generic tests play Codex with two seats only; tables of 3-5 seats
are long and offer hundreds of moves a state (tech pairs, lending patrollers), so here the playouts are
weighted towards fighting, and the two checks that try every legal move (apply, notation) try every move
except that tech picks and patrol plans (many near-identical moves) are sampled.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.codex import GAME
from engine.core import Action, Step
from tests.codex.test_properties import choose
from tests.engine import properties as p

MODES = [("standard", 2), ("2v2", 4), ("ffa", 3), ("ffa", 4), ("ffa", 5)]
SAMPLED = ("tech", "patrol", "unpatrol")
SAMPLE = 4


def _weighted(rng: random.Random, legal: list[Action]) -> Action:
    return choose(rng, legal)


def _tried(legal: list[Action]) -> list[Action]:
    """Every legal move, but at most SAMPLE tech picks and patrol plans (chosen by a fixed rule)."""
    out = [a for a in legal if a.verb not in SAMPLED]
    for verb in SAMPLED:
        same = [a for a in legal if a.verb == verb]
        step = max(1, len(same) // SAMPLE)
        out += same[::step][:SAMPLE]
    return out


def check_moves(game: Any, state: Any, players: int) -> None:
    """Legal moves are deterministic, unique, plain JSON, accepted without mutating the state, and their
    notation is one line each, unique, and parses back to the move."""
    before = game.to_json(state)
    for seat in range(players):
        legal = game.legal_actions(state, seat)
        assert legal == game.legal_actions(state, seat)
        assert len(set(legal)) == len(legal)
        texts = [game.describe_action(state, seat, a) for a in legal]
        assert len(set(texts)) == len(texts), f"two legal actions share a notation: {texts}"
        for action in _tried(legal):
            assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
            assert isinstance(game.apply(state, seat, action), Step)
            text = game.describe_action(state, seat, action)
            assert text.strip() and "\n" not in text
            assert game.parse_action(state, seat, text) == action, text
    assert game.to_json(state) == before, "a move mutated its input state"


@pytest.mark.parametrize(("mode", "players"), MODES)
def test_playouts_end_in_every_mode(mode: str, players: int) -> None:
    for seed in range(6):
        record = p.playout(
            GAME, players, seed, {"mode": mode}, state_checks=[p.check_turn_and_outcome], choose=_weighted
        )
        assert GAME.outcome(record.final) is not None


@pytest.mark.parametrize(("mode", "players"), MODES)
def test_protocol_properties_in_every_mode(mode: str, players: int) -> None:
    seed = players
    count, seen = p.make_card_count_check(GAME)
    record = p.playout(
        GAME,
        players,
        seed,
        {"mode": mode},
        state_checks=[
            p.check_turn_and_outcome,
            p.check_json_round_trip,
            p.check_illegal_refused,
            check_moves,
            p.check_views,
            count,
        ],
        step_checks=[p.check_events],
        choose=_weighted,
    )
    assert GAME.outcome(record.final) is not None and len(seen()) > 1
    # Replaying the log from the seed gives every snapshot and event again.
    for (snapshot, events), want, want_events in zip(
        p.replay(GAME, record), record.snapshots, [record.opening, *record.events], strict=True
    ):
        assert snapshot == want and events == want_events

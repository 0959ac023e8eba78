"""Random legal playouts with the Green heroes: they finish, and every move keeps the protocol's promises
(no mutation, JSON round trip, notation round trip, no hidden card in another seat's view, card
conservation, replay from the log)."""

from __future__ import annotations

import json

import pytest

from engine.codex import GAME, State
from engine.core import Action
from tests.codex.test_properties import card_type, owned_cards, playout

TEAMS = [
    ("master-midori", "calamandra-moss"),
    ("argagarg-garg", "master-midori"),
    ("calamandra-moss", "argagarg-garg"),
    ("argagarg-garg", "troq-bashar"),
    (["master-midori", "calamandra-moss", "argagarg-garg"], ["argagarg-garg", "river-montoya"]),
]


def check(before: State, seat: int, action: Action, step) -> None:  # type: ignore[no-untyped-def]
    snap = json.dumps(GAME.to_json(before), sort_keys=True)
    for a in GAME.legal_actions(before, seat):
        assert GAME.parse_action(before, seat, GAME.describe_action(before, seat, a)) == a
    after = step.state
    assert json.dumps(GAME.to_json(before), sort_keys=True) == snap, "apply mutated its input"
    data = GAME.to_json(after)
    again = GAME.to_json(GAME.from_json(json.loads(json.dumps(data))))
    assert json.dumps(again, sort_keys=True) == json.dumps(data, sort_keys=True)
    assert (GAME.outcome(after) is None) == bool(GAME.to_move(after))
    for viewer in (None, 0, 1):
        view = json.dumps(GAME.view(after, viewer))
        for other in (0, 1):
            if other != viewer:
                for label in GAME.hidden_cards(after, other):
                    assert f'"{label}"' not in view, (viewer, label)
    for e in step.events:
        for viewer in (None, 0, 1):
            if e.visible_to(viewer):
                GAME.describe_event(e, viewer)
    for p in (0, 1):
        created = {u for u, (cid, owner, _n) in after.cards.items() if owner == p and card_type(cid) != "token"}
        mine = [u for u in owned_cards(after, p) if u in created]
        assert len(mine) == len(set(mine)), "a card is in two zones"
        assert not (created - set(mine)) or after.pending is not None


@pytest.mark.parametrize("team", [0, 3, 4])
def test_green_heroes_play_out_within_the_rules(team: int) -> None:
    hero1, hero2 = TEAMS[team]
    opts = {"hero1": hero1, "hero2": hero2}
    for seed in range(1):
        s, log = playout(100 + seed, opts, check=check, max_moves=300)
        again = GAME.setup(2, opts, 100 + seed)
        for seat, a in log:
            again = GAME.apply(again, seat, a).state
        assert json.dumps(GAME.to_json(again), sort_keys=True) == json.dumps(GAME.to_json(s), sort_keys=True)


@pytest.mark.parametrize("team", range(len(TEAMS)))
def test_green_heroes_games_finish(team: int) -> None:
    hero1, hero2 = TEAMS[team]
    for seed in range(3):
        s, log = playout(seed, {"hero1": hero1, "hero2": hero2})
        assert GAME.outcome(s) is not None, f"seed {seed} did not finish in {len(log)} moves"

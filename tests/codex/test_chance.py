"""Chance under control: a test fixes the next cards a player draws and the next coin flips."""

from __future__ import annotations

import pytest

from engine import GAMES, load_games
from engine.codex.scenario import Table
from engine.core import GameError

load_games()
CODEX = GAMES["codex"]


def _names(state, seat: int) -> list[str]:  # type: ignore[no-untyped-def]
    from engine.codex.variants import catalog_for

    cat = catalog_for(None)
    return [cat[state.cards[u][0]].name for u in state.players[seat].hand]


def test_a_fixed_deck_deals_the_named_cards_next_and_survives_json() -> None:
    state = CODEX.setup(2, CODEX.default_options(), 5)
    deck = state.players[0].deck
    assert len(deck) >= 2
    from engine.codex.variants import catalog_for

    cat = catalog_for(None)
    wanted = [cat[state.cards[u][0]].name for u in deck[:2]]  # the two cards at the bottom
    fixed = CODEX.from_json(CODEX.to_json(CODEX.fix_chance(state, "deck:p1", wanted)))
    assert state.players[0].deck == deck  # the input is not changed
    top = [cat[fixed.cards[u][0]].name for u in reversed(fixed.players[0].deck[-2:])]
    assert top == wanted
    assert sorted(fixed.players[0].deck) == sorted(deck)


def test_fixing_a_card_the_deck_lacks_or_an_unknown_kind_is_refused() -> None:
    state = CODEX.setup(2, CODEX.default_options(), 5)
    with pytest.raises(GameError, match="holds no"):
        CODEX.fix_chance(state, "deck:p1", ["Nowhere Card"])
    with pytest.raises(GameError, match="coin"):
        CODEX.fix_chance(state, "dice", [6])
    with pytest.raises(GameError, match="heads or tails"):
        CODEX.fix_chance(state, "coin", ["edge"])
    assert "deck:p2" in CODEX.chance_kinds() and "coin" in CODEX.chance_kinds()


@pytest.mark.cards("rickety-mine")
@pytest.mark.parametrize("side", ["heads", "tails"])
def test_a_fixed_coin_decides_rickety_mine(side: str) -> None:
    for seed in range(4):  # whatever the seed would have flipped
        t = Table(seed=seed)
        t.clear()
        mine = t.put(0, "Rickety Mine")
        t.s = CODEX.fix_chance(t.s, "coin", [side])
        t.act("ability Rickety Mine")
        coin = [e for e in t.events if e.kind == "coin"]
        assert coin[0].data["heads"] is (side == "heads")
        assert t.alive(mine) is (side == "heads")

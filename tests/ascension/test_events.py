"""Every event the game makes reads as a sentence from the catalogue, for whoever may see it."""

from __future__ import annotations

from engine.ascension import GAME
from engine.playout import play
from engine.policy import POLICIES

QUIET = {"drew", "steal"}
"""Public events a seat that got the private one instead reads nothing of."""


def test_every_event_has_a_sentence() -> None:
    kinds: set[str] = set()
    greedy = POLICIES["greedy"]
    for players, seed in ((1, 1), (2, 2), (3, 3)):
        for step in play(GAME, players, seed, policies=[greedy] * players):
            for event in step.step.events:
                kinds.add(event.kind)
                readers = [None, *range(players)] if event.to is None else sorted(event.to)
                for reader in readers:
                    text = GAME.describe_event(event, reader)
                    if text is None:
                        assert event.kind in QUIET and reader in (event.data.get("seat"), event.data.get("victim"))
                    else:
                        assert text.strip() and "{" not in text and "ascension-" not in text, text
    assert {"play", "gain", "acquire", "defeat", "refill", "honor", "draw", "end_turn", "turn", "game_over"} <= kinds
    assert {"samael_turn", "samael_acquires", "samael_defeats", "reserve_empty"} <= kinds

"""Every event the game makes reads as a sentence from the catalogue, for whoever may see it."""

from __future__ import annotations

from engine.ascension import GAME
from engine.playout import play
from engine.policy import POLICIES
from tests.ascension.helpers import act, position, sentences

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
                    if text is None and event.kind == "gain":
                        assert event.data.get("told"), "a gain reads as nothing only when its play told it"
                    elif text is None:
                        assert event.kind in QUIET and reader in (event.data.get("seat"), event.data.get("victim"))
                    else:
                        assert text.strip() and "{" not in text and "ascension-" not in text, text
    assert {"play", "gain", "acquire", "defeat", "refill", "honor", "draw", "end_turn", "turn", "game_over"} <= kinds
    assert {"samael_turn", "samael_acquires", "samael_defeats", "reserve_empty"} <= kinds


def test_a_play_tells_the_runes_and_power_the_card_always_gives_once() -> None:
    s = position(p1={"hand": ["Mechana Initiate", "Runic Lycanthrope", "Lifebound Initiate", "Kor, the Ferromancer"]})
    s, events = act(s, "play all")
    said = sentences(events)
    assert "p1 plays Mechana Initiate: +1 Rune and +1 Power." in said
    assert "p1 plays Runic Lycanthrope: +2 Runes." in said and "p1 gains 2 Power." in said  # the Unite bonus
    assert "p1 plays Kor, the Ferromancer: +2 Power." in said
    assert not any(line in said for line in ("p1 gains 1 Rune.", "p1 gains 2 Runes."))
    assert [e.data["n"] for e in events if e.kind == "gain" and e.data.get("told")] == [1, 1, 2, 1, 2]

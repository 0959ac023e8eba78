"""The card data: 53 cards whose numbers add up as the rulebook says, every effect in the vocabulary, and
a text of our own for each."""

from __future__ import annotations

from collections import Counter

import pytest

import bot
from bench.coverage import cards_marked_in_tests, coverage
from engine.ascension import GAME
from engine.ascension.cards import catalog
from engine.ascension.lookup import card_text
from engine.ascension.vocab import check_card


def test_the_set_has_53_cards_and_a_centre_deck_of_100_or_99() -> None:
    cards = catalog().cards.values()
    assert len(cards) == 53
    kinds = Counter(c.kind for c in cards)
    assert kinds == {"starting": 2, "always": 3, "centre": 48}
    centre = [c for c in cards if c.kind == "centre"]
    assert sum(c.copies for c in centre) == 100 and sum(c.copies_99 for c in centre) == 99
    assert Counter(c.faction for c in centre) == {
        "enlightened": 10,
        "lifebound": 9,
        "mechana": 10,
        "void": 9,
        None: 10,
    }
    by_faction = Counter(c.faction for c in centre for _ in range(c.copies))
    assert by_faction == {"enlightened": 18, "lifebound": 18, "mechana": 18, "void": 18, None: 28}


def test_the_numbers_the_rulebook_states() -> None:
    cat = catalog()
    assert cat["apprentice"].play == ({"op": "runes", "n": 1},)  # the only number the seed prints in words
    assert (cat["cultist"].cost, cat["cultist"].reward) == (2, 1)  # 8 Power defeats it four times (FAQ)
    assert (cat["apprentice"].copies, cat["militia"].copies) == (8, 2)
    assert (cat["mystic"].copies, cat["heavy-infantry"].copies, cat["cultist"].copies) == (20, 20, 1)


@pytest.mark.parametrize(
    "bad",
    [
        {"play": [{"op": "runez", "n": 1}]},
        {"play": [{"op": "runes"}]},
        {"play": [{"op": "banish", "from": "deck"}]},
        {"abilities": [{"do": []}]},
        {"static": ["flying"]},
        {"play": [{"op": "draw", "n": 1, "if": {"moon": 1}}]},
    ],
)
def test_effect_data_outside_the_vocabulary_is_refused_on_load(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        check_card("broken", bad)


def test_every_card_has_its_own_text() -> None:
    texts = {card_id: str(card_text(card_id)) for card_id in catalog().cards}
    assert len(set(texts.values())) == 53 and all(texts.values())
    assert texts["mystic"] == "Gain 2 Runes. Banished, it goes back to its pile."
    with pytest.raises(KeyError):
        card_text("no-such-card")


def test_every_card_is_implemented_and_tested() -> None:
    """`python bot.py cards ascension --coverage` at 100 %."""
    pool = GAME.card_pool()
    assert len(pool) == 53 and all(c.implemented for c in pool)
    cov = coverage(pool, cards_marked_in_tests("ascension"))
    assert cov.done == cov.total == 53
    assert bot.main(["cards", "ascension", "--coverage"]) == 0

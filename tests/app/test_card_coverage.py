"""`python bot.py cards codex --coverage`: implemented is read from the ability data, tested from markers."""

from __future__ import annotations

import json

import pytest

import bot
from app.card_coverage import cards_marked_in_tests, coverage, marked_cards, report
from engine.codex.cards import Catalog, catalog

SOURCE = """
import pytest
from pytest import mark

@pytest.mark.cards("spark", "bloom")
def test_a() -> None: ...

@mark.cards("wither")
def test_b() -> None: ...

@pytest.mark.slow
def test_c() -> None: ...
"""


def test_markers_are_read_from_the_source_without_running_it() -> None:
    assert marked_cards(SOURCE) == {"spark", "bloom", "wither"}


def test_a_card_needs_both_its_abilities_and_a_test() -> None:
    cat = catalog()
    cov = coverage(cat, {"spark"})
    neutral_starter = next(g for g in cov.groups if (g.colour, g.part) == ("neutral", "starter"))
    assert neutral_starter.done == 1 and len(neutral_starter.cards) == 10
    assert ("Bloom", "a test") in neutral_starter.missing
    # Every card of the pool has its abilities now: leave one out of a copy of the catalog.
    partial = Catalog(
        [c.facts for c in cat.cards.values()], {cid: c.data for cid, c in cat.cards.items() if cid != "bloom"}, "test"
    )
    cov = coverage(partial, {"spark"})
    assert any(n == "Bloom" and "abilities" in what for g in cov.groups for n, what in g.missing)
    text = report(cov)
    assert "Not done" in text and "Bloom (needs abilities and a test)" in text


def test_every_card_is_in_exactly_one_group() -> None:
    cat = catalog()
    cov = coverage(cat, set())
    ids = [cid for g in cov.groups for cid, _ in g.cards]
    assert len(ids) == len(set(ids)) == len(cat.cards)


def test_the_command_prints_the_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert bot.main(["cards", "codex", "--coverage"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["colour", "part", "done", "cards", "%"]
    assert bot.main(["cards", "codex", "--coverage", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["cards"] == len(catalog().cards) and data["done"] <= data["cards"]
    assert bot.main(["cards", "codex"]) == 2


def test_every_card_hero_and_token_is_covered_by_the_suite() -> None:
    """Codex is complete: a card added without abilities or without a test fails here, by name."""
    cov = coverage(catalog(), cards_marked_in_tests())
    missing = [(g.colour, g.part, n, what) for g in cov.groups for n, what in g.missing]
    assert not missing, missing

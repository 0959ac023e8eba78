"""`python bot.py cards codex --coverage`: implemented is read from the ability data, tested from the markers
of tests/codex/."""

from __future__ import annotations

import json

import pytest

import bot
from bench.coverage import cards_marked_in_tests, coverage, marked_cards, report
from engine.codex.cards import Catalog, catalog
from engine.codex.pool import card_pool

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


def test_markers_are_read_per_game_folder(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "codex").mkdir()
    (tmp_path / "other").mkdir()
    (tmp_path / "codex" / "test_x.py").write_text(SOURCE)
    (tmp_path / "other" / "test_y.py").write_text('import pytest\n@pytest.mark.cards("spark-of-other")\ndef t(): ...\n')
    assert cards_marked_in_tests("codex", tmp_path) == {"spark", "bloom", "wither"}
    assert cards_marked_in_tests("other", tmp_path) == {"spark-of-other"}


def test_a_card_needs_both_its_abilities_and_a_test() -> None:
    cat = catalog()
    cov = coverage(card_pool(cat), {"spark"})
    neutral_starter = next(g for g in cov.groups if (g.group, g.part) == ("neutral", "starter"))
    assert neutral_starter.done == 1 and len(neutral_starter.cards) == 10
    assert ("Bloom", "a test") in neutral_starter.missing
    # Every card of the pool has its abilities now: leave one out of a copy of the catalog.
    partial = Catalog(
        [c.facts for c in cat.cards.values()], {cid: c.data for cid, c in cat.cards.items() if cid != "bloom"}, "test"
    )
    cov = coverage(card_pool(partial), {"spark"})
    assert any(n == "Bloom" and "abilities" in what for g in cov.groups for n, what in g.missing)
    text = report(cov)
    assert "Not done" in text and "Bloom (needs abilities and a test)" in text


def test_every_card_is_in_exactly_one_group_in_colour_order() -> None:
    cat = catalog()
    cov = coverage(card_pool(cat), set())
    ids = [cid for g in cov.groups for cid, _ in g.cards]
    assert len(ids) == len(set(ids)) == len(cat.cards)
    assert cov.groups[0].group == "neutral" and cov.groups[-1].group == "purple"


def test_the_command_prints_the_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert bot.main(["cards", "codex", "--coverage"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["group", "part", "done", "cards", "%"]
    assert bot.main(["cards", "codex", "--coverage", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["cards"] == len(catalog().cards) and data["done"] <= data["cards"]
    assert bot.main(["cards", "codex"]) == 2
    assert bot.main(["cards", "chess", "--coverage"]) == 2
    assert "codex" in capsys.readouterr().err


def test_every_card_hero_and_token_is_covered_by_the_suite() -> None:
    """Codex is complete: a card added without abilities or without a test fails here, by name."""
    cov = coverage(card_pool(catalog()), cards_marked_in_tests("codex"))
    missing = [(g.group, g.part, n, what) for g in cov.groups for n, what in g.missing]
    assert not missing, missing

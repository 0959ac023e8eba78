"""Codex words at the Discord table: tech menus, autocomplete labels read back as notation, codex pages."""

from __future__ import annotations

import pytest

from cogs.codex import text as ct
from engine.codex.cards import catalog

# ------------------------------------------------------------------------------------ tech and labels


def test_tech_menu_reads_the_legal_picks() -> None:
    legal = ["end", "tech A, A", "tech A, B", "tech B, C"]
    menu = ct.tech_menu(legal)
    assert menu is not None
    assert menu.cards == ("A", "B", "C") and menu.doubles == {"A"} and menu.sizes == {2}
    assert ct.tech_menu(["end", "play X"]) is None
    optional = ct.tech_menu(["tech none", "tech A", "tech A, B"])
    assert optional is not None and optional.sizes == {0, 1, 2}
    assert ct.tech_choice_values(optional)[0] == ("Nothing this turn", "none", "With ten workers you may skip teching.")
    assert ct.tech_notation(["A|2"]) == "tech A, A"
    assert ct.tech_notation(["A", "B"]) == "tech A, B"
    assert ct.tech_notation(["none"]) == "tech none"


def test_a_card_name_with_a_comma_stays_one_card_in_a_tech_pick() -> None:
    legal = ["tech Macciatus, The Whisperer, Nebula", "tech Macciatus, The Whisperer, Macciatus, The Whisperer"]
    assert ct.tech_names(legal[0]) == ["Macciatus, The Whisperer", "Nebula"]
    menu = ct.tech_menu(legal)
    assert menu is not None and menu.cards == ("Macciatus, The Whisperer", "Nebula") and menu.sizes == {2}
    assert menu.doubles == {"Macciatus, The Whisperer"}
    assert ct.tech_names("tech none") == []


def test_a_whole_one_hero_codex_fits_one_menu() -> None:
    legal = [f"tech {a}, {b}" for a in ("X", "Y") for b in ("X", "Y")]
    assert len(ct.tech_choice_values(ct.tech_menu(legal))) == 4  # type: ignore[arg-type]
    codex = {c.name: 2 for c in catalog().specs("bashing")}
    pairs = [f"tech {a}, {b}" for i, a in enumerate(sorted(codex)) for b in sorted(codex)[i:]]
    options = ct.tech_choice_values(ct.tech_menu(["tech none", *pairs]))  # type: ignore[arg-type]
    assert len(options) == 25, "12 cards, 12 doubles and 'nothing' fill one menu exactly"


@pytest.mark.parametrize(
    ("verb", "notation", "label"),
    [
        ("play", "play Tenderfoot", "Tenderfoot"),
        ("play", "play Cloud Sprite boost", "Cloud Sprite (boosted)"),
        ("level", "level Troq Bashar 1", "Troq Bashar: +1 level for 1 gold"),
        ("level", "level Troq Bashar 3", "Troq Bashar: +3 levels for 3 gold"),
        ("patrol", "patrol Older Brother#2 squad leader", "Older Brother#2 → squad leader"),
        ("patrol", "patrol Tenderfoot p3 elite", "Tenderfoot → p3 elite"),
        ("attack", "attack Tenderfoot -> base", "Tenderfoot → base"),
        ("attack", "attack Tenderfoot -> p4 tech1", "Tenderfoot → p4 tech1"),
        ("build", "build tech2 finesse", "Tech II (finesse spec)"),
        ("build", "build tower", "tower"),
        ("worker", "worker Spark", "Spark"),
        ("choose", "choose my base", "my base"),
    ],
)
def test_autocomplete_labels_read_back_as_notation(verb: str, notation: str, label: str) -> None:
    assert ct.action_label(verb, notation) == label
    assert ct.typed_action(verb, label) == notation
    assert ct.typed_action(verb, notation) == notation


def test_codex_pages() -> None:
    codex = {c.name: 2 for c in catalog().specs("finesse")}
    assert ct.codex_pages(codex) == 2
    first = str(ct.codex_page_text(codex, 1, pick=["Nimble Fencer", "Nimble Fencer"]))
    assert first.startswith("**Your codex** (page 1 of 2; 24 cards left)")
    assert first.count("\n• ") == 8 and "Your tech pick: Nimble Fencer, Nimble Fencer" in first
    assert "(page 2 of 2" in str(ct.codex_page_text(codex, 9))
    assert "Empty" in str(ct.codex_page_text({}, 1))

"""Codex lookups in the engine: cards, rules entries, heroes and modes, and the data files they read."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from cogs.codex import text as ct
from engine.codex import lookup
from engine.codex.cards import catalog, parse_keyword

ROOT = Path(__file__).resolve().parents[2]


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("codex_rulings", ROOT / "scripts" / "codex" / "rulings.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------------------------------ data files


def test_rulings_files_are_up_to_date() -> None:
    script = _script()
    data = script.gather()
    on_disk = (ROOT / "engine" / "codex" / "data" / "rulings.json").read_text(encoding="utf-8")
    assert on_disk == script.render(data), "run: python scripts/codex/rulings.py"
    page = (ROOT / "docs" / "codex" / "rulings.md").read_text(encoding="utf-8")
    assert page == script.page(data), "run: python scripts/codex/rulings.py"
    held = lookup.rulings()
    assert len(held.of_card("brick-thief")) == 2 and len(held.of_topic("anti-air")) == 11
    assert held.of_card("revolver-ocelot") == ()


def test_rules_cover_every_keyword_every_ruling_topic_and_the_main_rules() -> None:
    entries = lookup.rule_entries()
    assert len(entries) >= 40
    keys = [e.key for e in entries]
    names = [n for e in entries for n in (e.key, *e.aliases)]
    assert len(set(names)) == len(names), "keys and aliases are unique"
    used: set[str] = set()
    for card in catalog().cards.values():
        for text in (*card.facts.keywords, *(k for b in card.facts.bands or () for k in b.keywords)):
            used.add(parse_keyword(text)[0])
    assert {k for k in used if lookup.find_rule(k) is None} == set(), "every keyword on a card has an entry"
    assert [t for t in lookup.rulings().topics if lookup.find_rule(t) is None] == []
    for topic in ("squad leader", "elite", "scavenger", "technician", "lookout", "tech buildings", "workers"):
        assert topic in keys
    for topic in ("hero levels", "combat order", "patrol", "tech", "arrival fatigue", "bounty"):
        assert topic in keys
    for entry in entries:
        sentences = len(re.findall(r"[.!?](?:\s|$)", entry.text))
        assert 1 <= sentences <= 4, (entry.key, sentences)
        assert all(lookup.find_rule(s) is not None for s in entry.see), entry.key


def test_rule_lookup_and_autocomplete() -> None:
    assert lookup.find_rule("Frenzy X").key == "frenzy"  # type: ignore[union-attr]
    assert lookup.find_rule("Upkeep:").key == "upkeep"  # type: ignore[union-attr]
    assert lookup.find_rule("Tech I").key == "tech buildings"  # type: ignore[union-attr]
    assert lookup.find_rule("teleport") is None
    assert [v for _l, v in lookup.rule_choices("over")] == ["overpower"]
    assert len(lookup.rule_choices("")) == 25
    text = str(ct.rule_text(lookup.find_rule("sparkshot")))  # type: ignore[arg-type]
    assert text.startswith("**Sparkshot** (keyword)") and "See also: `patrol`" in text
    assert "**Rulings**: 7 official rulings" in text


# ---------------------------------------------------------------------------------------------- cards


def test_card_lookup_and_text() -> None:
    assert lookup.find_card("brick thief#2").id == "brick-thief"  # type: ignore[union-attr]
    assert lookup.find_card("brick-thief").name == "Brick Thief"  # type: ignore[union-attr]
    assert lookup.find_card("Brik Thief") is None
    unit = str(ct.card_text(lookup.find_card("Revolver Ocelot")))  # type: ignore[arg-type]
    assert unit.startswith("**Revolver Ocelot** — tech I unit (Bashing spec, neutral)")
    assert "ATK 3 / HP 3" in unit and "Keywords: sparkshot" in unit and "Rulings: none on record" in unit
    spell = str(ct.card_text(lookup.find_card("Final Smash")))  # type: ignore[arg-type]
    assert "ultimate spell" in spell and "3 official rulings" in spell
    hero = str(ct.card_text(lookup.find_card("River Montoya")))  # type: ignore[arg-type]
    assert "• Levels 3–4: 2/4." in hero and "• Level 5 (max): 3/4." in hero
    choices = lookup.card_choices("dancer")
    assert [v for _l, v in choices][:2] == ["Dancer", "Angry Dancer"]
    assert all(len(str(label)) <= 100 for label, _v in lookup.card_choices(""))


def test_heroes_and_modes_come_from_the_engine() -> None:
    assert lookup.modes() == ("1-hero", "standard", "2v2", "ffa")
    listed = dict((hero_id, label) for label, hero_id in lookup.heroes())
    assert listed["troq-bashar"] == "Troq Bashar (Bashing, neutral)"
    assert listed["river-montoya"] == "River Montoya (Finesse, neutral)"
    # A hero appears once its abilities and its whole spec are implemented, never before.
    from engine.codex.cards import catalog

    assert set(listed) == set(catalog().playable_heroes())
    assert lookup.hero_summary("river-montoya") == "River Montoya (Finesse)"

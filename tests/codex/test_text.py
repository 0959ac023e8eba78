"""Codex text helpers: card and rules lookups, our data files, tech menus, labels, codex pages, the forum export."""

from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path

import pytest

from app import codex_text as ct
from app.rendering import NoImages
from app.service import MatchService
from db.sqlite import SqliteStore
from engine.codex import GAME
from engine.codex.cards import catalog, parse_keyword
from engine.core import Event
from tests.fakes import RecordingDelivery

ROOT = Path(__file__).resolve().parents[2]


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "codex_ruling_counts", ROOT / "scripts" / "codex" / "ruling_counts.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------------------------------ data files


def test_ruling_counts_file_is_up_to_date() -> None:
    script = _script()
    fresh = script.render(script.count_rulings())
    on_disk = (ROOT / "engine" / "codex" / "data" / "ruling_counts.json").read_text(encoding="utf-8")
    assert on_disk == fresh, "run: python scripts/codex/ruling_counts.py"
    counts = ct.ruling_counts()
    assert counts["cards"]["brick-thief"] == 2 and counts["topics"]["anti-air"] == 11


def test_rules_cover_every_keyword_every_ruling_topic_and_the_main_rules() -> None:
    entries = ct.rule_entries()
    assert len(entries) >= 40
    keys = [e.key for e in entries]
    names = [n for e in entries for n in (e.key, *e.aliases)]
    assert len(set(names)) == len(names), "keys and aliases are unique"
    used: set[str] = set()
    for card in catalog().cards.values():
        for text in (*card.facts.keywords, *(k for b in card.facts.bands or () for k in b.keywords)):
            used.add(parse_keyword(text)[0])
    assert {k for k in used if ct.find_rule(k) is None} == set(), "every keyword on a card has an entry"
    assert [t for t in ct.ruling_counts()["topics"] if ct.find_rule(t) is None] == []
    for topic in ("squad leader", "elite", "scavenger", "technician", "lookout", "tech buildings", "workers"):
        assert topic in keys
    for topic in ("hero levels", "combat order", "patrol", "tech", "arrival fatigue", "bounty"):
        assert topic in keys
    for entry in entries:
        sentences = len(re.findall(r"[.!?](?:\s|$)", entry.text))
        assert 1 <= sentences <= 4, (entry.key, sentences)
        assert all(ct.find_rule(s) is not None for s in entry.see), entry.key


def test_rule_lookup_and_autocomplete() -> None:
    assert ct.find_rule("Frenzy X").key == "frenzy"  # type: ignore[union-attr]
    assert ct.find_rule("Upkeep:").key == "upkeep"  # type: ignore[union-attr]
    assert ct.find_rule("Tech I").key == "tech buildings"  # type: ignore[union-attr]
    assert ct.find_rule("teleport") is None
    assert [v for _l, v in ct.rule_choices("over")] == ["overpower"]
    assert len(ct.rule_choices("")) == 25
    text = ct.rule_text(ct.find_rule("sparkshot"))  # type: ignore[arg-type]
    assert text.startswith("**Sparkshot** (keyword)") and "See also: `patrol`" in text
    assert "7 official rulings" in text


# ---------------------------------------------------------------------------------------------- cards


def test_card_lookup_and_text() -> None:
    assert ct.find_card("brick thief#2").id == "brick-thief"  # type: ignore[union-attr]
    assert ct.find_card("brick-thief").name == "Brick Thief"  # type: ignore[union-attr]
    assert ct.find_card("Brik Thief") is None
    unit = ct.card_text(ct.find_card("Revolver Ocelot"))  # type: ignore[arg-type]
    assert unit.startswith("**Revolver Ocelot** — tech I unit (Bashing spec, neutral)")
    assert "ATK 3 / HP 3" in unit and "Keywords: sparkshot" in unit and "Rulings: none on record" in unit
    spell = ct.card_text(ct.find_card("Final Smash"))  # type: ignore[arg-type]
    assert "ultimate spell" in spell and "3 official rulings" in spell
    hero = ct.card_text(ct.find_card("River Montoya"))  # type: ignore[arg-type]
    assert "• Levels 3–4: 2/4." in hero and "• Level 5 (max): 3/4." in hero
    choices = ct.card_choices("dancer")
    assert [v for _l, v in choices][:2] == ["Dancer", "Angry Dancer"]
    assert all(len(label) <= 100 for label, _v in ct.card_choices(""))


def test_heroes_and_modes_come_from_the_engine() -> None:
    assert ct.modes() == ("1-hero", "standard", "2v2", "ffa")
    listed = dict((hero_id, label) for label, hero_id in ct.heroes())
    assert listed["troq-bashar"] == "Troq Bashar (Bashing, neutral)"
    assert listed["river-montoya"] == "River Montoya (Finesse, neutral)"
    # A hero appears once its abilities and its whole spec are implemented, never before.
    from engine.codex.cards import catalog

    assert set(listed) == set(catalog().playable_heroes())
    assert ct.hero_summary("river-montoya") == "River Montoya (Finesse)"


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
    first = ct.codex_page_text(codex, 1, pick=["Nimble Fencer", "Nimble Fencer"])
    assert first.startswith("**Your codex** (page 1 of 2; 24 cards left)")
    assert first.count("\n• ") == 8 and "Your tech pick: Nimble Fencer, Nimble Fencer" in first
    assert "(page 2 of 2" in ct.codex_page_text(codex, 9)
    assert "Empty" in ct.codex_page_text({}, 1)


# ------------------------------------------------------------------------------------ the forum export


def score(move: str) -> int:
    order = (("attack ", 60), ("choose ", 50), ("summon ", 45), ("play ", 40), ("worker ", 35), ("end", 1))
    if move.startswith("attack ") and move.endswith("-> base"):
        return 100
    return next((v for prefix, v in order if move.startswith(prefix)), -1)


async def test_forum_export_shows_only_public_information(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "x.db")
    service = MatchService(store, RecordingDelivery(), NoImages(), seed_source=random.Random(2))
    try:
        await service.new_match(game_name="codex", options={"first_player": "p1"}, guild_id=1, channel_id=5, user_id=1)
        await service.join(channel_id=5, user_id=2)
        record = await service.start(channel_id=5, user_id=1, seat_order="join")
        rng = random.Random(4)
        secret: set[str] = set()
        for _ in range(400):
            if record.status != "active":
                break
            state = service.state_of(record)
            seat = rng.choice(sorted(GAME.to_move(state)))
            legal = [GAME.describe_action(state, seat, a) for a in GAME.legal_actions(state, seat)]
            mains = [m for m in legal if not m.startswith("tech ")]
            if mains:
                best = max(score(m) for m in mains)
                move = rng.choice([m for m in mains if score(m) == best])
            else:
                move = rng.choice(legal)
            if move.startswith(("tech ", "worker ")):
                secret.update(re.sub(r"#\d+", "", n).strip() for n in move.split(" ", 1)[1].split(","))
            record = (await service.act(user_id=seat + 1, action=move, match_id=record.id)).record
        assert record.status == "finished"
        entries = await store.log_entries(record.id)
        text = ct.forum_export(record, entries, {0: "alice", 1: "bob"})
    finally:
        await store.close()
    public = " ".join(
        line
        for e in entries
        for ev in e.events
        if (event := Event.from_json(ev)).to is None and (line := GAME.describe_event(event, None))
    )
    hidden = {name for name in secret if name not in public and name != "none"}
    assert hidden, "the match had secret tech picks and workers"
    assert not [name for name in hidden if name in text]
    for private in ("You drew", "Your tech choice", "You made", "Your hand"):
        assert private not in text
    lines = text.splitlines()
    assert lines[0] == f"Codex: Card-Time Strategy · match #{record.id} — forum export (public information only)"
    assert lines[1] == "p1 (alice): Troq Bashar (Bashing) · 4 workers"
    assert "== Turn 1 · p1 (alice) ==" in lines and "== Board now ==" in lines
    assert any(line.startswith("1. ") and line.endswith(" gold]") for line in lines), "actions with running gold"
    assert any(line.startswith("Patrol: squad leader ") for line in lines)
    assert any(
        re.match(r"p\d: base \d+/20 · gold \d+ · workers \d+ · hand \d+ · deck \d+ · discard \d+", x) for x in lines
    )
    assert lines[-1].startswith("Game over: ")


async def test_forum_export_of_a_team_game_heads_each_turn_with_both_partners(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "x.db")
    service = MatchService(store, RecordingDelivery(), NoImages(), seed_source=random.Random(2))
    heroes = {f"hero{i + 1}": "troq-bashar" for i in range(4)}
    try:
        await service.new_match(
            game_name="codex",
            options={"mode": "2v2", "first_player": "p1", **heroes},
            guild_id=1,
            channel_id=5,
            user_id=1,
        )
        for who in (2, 3, 4):
            await service.join(channel_id=5, user_id=who)
        record = await service.start(channel_id=5, user_id=1, seat_order="join")
        rng = random.Random(4)
        for _ in range(120):
            if record.status != "active":
                break
            state = service.state_of(record)
            seat = rng.choice(sorted(GAME.to_move(state)))
            legal = [GAME.describe_action(state, seat, a) for a in GAME.legal_actions(state, seat)]
            mains = [m for m in legal if not m.startswith("tech ")] or legal
            move = max(mains, key=lambda m: (score(m), rng.random()))
            record = (await service.act(user_id=seat + 1, action=move, match_id=record.id)).record
        entries = await store.log_entries(record.id)
        text = ct.forum_export(record, entries, {0: "a", 1: "b", 2: "c", 3: "d"})
    finally:
        await store.close()
    lines = text.splitlines()
    assert lines[1:5] == [f"p{i + 1} ({'abcd'[i]}): Troq Bashar (Bashing) · {4 + i % 2} workers" for i in range(4)]
    assert "== Turn 1 · p1 (a) and p3 (c) ==" in lines and "== Turn 2 · p2 (b) and p4 (d) ==" in lines
    turn1 = lines[lines.index("== Turn 1 · p1 (a) and p3 (c) ==") : lines.index("== Turn 2 · p2 (b) and p4 (d) ==")]
    # Both partners' moves are numbered actions of the team's turn; both patrols are summed up at its end.
    assert any(line.startswith("1. p1 ") for line in turn1) or any(line.startswith("1. p3 ") for line in turn1)
    assert sum(1 for line in turn1 if line.startswith("Patrol")) == 2


def _polymorphed_bear_beside_a_squirrel() -> dict:
    from tests.fixtures.codex_positions import polymorphed_bear_beside_a_squirrel

    return GAME.view(polymorphed_bear_beside_a_squirrel().s, 0)


def test_a_polymorphed_unit_is_shown_by_its_notation_name_and_its_new_face() -> None:
    view = _polymorphed_bear_beside_a_squirrel()
    units = next(line for line in ct.player_lines(view, 1) if "Units:" in line)
    # The notation still calls it Barkcoat Bear ("attack Barkcoat Bear -> ..."); the real token is the Squirrel.
    assert "Barkcoat Bear (now a Squirrel) 1/1" in units and "; Squirrel 1/1" in units

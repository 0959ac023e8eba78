"""Official rulings on the pages players read: `/codex card` shows each ruling on the card with its date, in
our own words from the bot's data (engine/codex/data/rulings.json, derived from our specs); a keyword's help
topic shows its own; `/codex help topic:rulings` lists every card and topic that has some."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import engine
from app.rendering import NoImages
from app.service import MatchService
from cogs.codex import text as ct
from cogs.responses import MESSAGE_LIMIT, pages
from cogs.table import build_group
from db.sqlite import SqliteStore
from engine.codex import GAME, lookup
from tests.cogs.fakes import FakeInteraction, Table, complete, invoke
from tests.fakes import RecordingDelivery

SPECS = Path(__file__).parent / "rulings"


def specs() -> dict[str, dict[str, Any]]:
    """Our ruling specs by id: what the data file is derived from."""
    out: dict[str, dict[str, Any]] = {}
    for path in sorted(SPECS.glob("*.toml")):
        out.update({r["id"]: r for r in tomllib.loads(path.read_text(encoding="utf-8"))["ruling"]})
    return out


def test_a_card_page_shows_each_of_its_rulings_with_its_date() -> None:
    by_id = specs()
    for name in ("Brick Thief", "Bloodrage Ogre", "Angry Dancer", "Promise of Payment", "Troq Bashar"):
        card = lookup.find_card(name)
        assert card is not None
        found = lookup.rulings().of_card(card.id)
        assert found, name
        page = str(ct.card_text(card))
        head = "one official ruling" if len(found) == 1 else f"{len(found)} official rulings"
        assert f"**Rulings**: {head}, which the referee follows:" in page
        for ruling in found:
            assert f"• {ruling.date}: {ruling.text}" in page
            spec = by_id[ruling.id]
            assert spec["date"] == ruling.date and name in spec["card"].split(" / ")
        shown = [line for line in page.splitlines() if line.startswith("• 20")]
        assert shown == [f"• {r.date}: {r.text}" for r in found], "every ruling once, oldest first"
        assert [r.date for r in found] == sorted(r.date for r in found)
        assert page.endswith("Every card and rule with rulings: `/codex help topic:rulings`.")


def test_a_card_without_rulings_shows_none() -> None:
    card = lookup.find_card("Revolver Ocelot")
    assert card is not None and lookup.rulings().of_card(card.id) == ()
    page = str(ct.card_text(card))
    assert page.endswith("Rulings: none on record for this card.")
    assert not [line for line in page.splitlines() if line.startswith("• 20")]


def test_the_data_holds_every_spec_once_per_subject_in_our_words() -> None:
    """Each ruling shown is one of our specs: its text is the spec's summary, written by us; nothing else."""
    by_id = specs()
    held = lookup.rulings()
    shown = [r for table in (held.cards, held.topics) for found in table.values() for r in found]
    assert {r.id for r in shown} == {i for i, s in by_id.items() if s.get("card")}
    for ruling in shown:
        summary = " ".join(str(by_id[ruling.id].get("summary", "")).split())
        assert summary and ruling.text == summary, ruling.id


def test_a_keyword_topic_shows_its_rulings() -> None:
    entry = lookup.find_rule("anti-air")
    assert entry is not None
    text = str(ct.rule_text(entry))
    for ruling in lookup.rulings().of_topic("anti-air"):
        assert f"• {ruling.date}: {ruling.text}" in text
    plain = lookup.find_rule("upkeep")
    assert plain is not None and "Rulings" not in str(ct.rule_text(plain))


# ------------------------------------------------------------------------------------------- on Discord


@pytest.fixture
async def client(tmp_path: Path):  # type: ignore[no-untyped-def]
    engine.load_games()
    store = await SqliteStore.open(tmp_path / "c.db")
    service = MatchService(store, RecordingDelivery(), NoImages(), seed_source=random.Random(1))
    yield SimpleNamespace(service=service)
    await store.close()


def test_a_long_reply_is_cut_at_line_ends() -> None:
    lines = [f"line {n} " + "x" * 40 for n in range(100)]
    parts = pages("\n".join(lines), 500)
    assert len(parts) > 1 and all(len(p) <= 500 for p in parts)
    assert "\n".join(parts).split("\n") == lines, "nothing lost, every line whole"
    assert pages("short") == ["short"]


async def test_the_card_command_shows_every_ruling_within_discords_limit(client: Any) -> None:
    cog = Table(build_group(GAME))
    done = await invoke(cog.card, cog, FakeInteraction(client=client, user_id=3), name="Sirus Quince")
    assert all(s.ephemeral for s in done.sent) and all(len(s.content) <= MESSAGE_LIMIT for s in done.sent)
    assert done.sent[0].content.startswith("**Sirus Quince**")
    whole = "\n".join(s.content for s in done.sent)
    found = lookup.rulings().of_card("sirus-quince")
    assert len(found) == 9
    for ruling in found:
        assert f"• {ruling.date}: {ruling.text}" in whole


async def test_the_rulings_topic_lists_every_card_and_topic_with_rulings(client: Any) -> None:
    cog = Table(build_group(GAME))
    done = await invoke(cog.help, cog, FakeInteraction(client=client, user_id=3), topic="rulings")
    assert len(done.sent) >= 2, "longer than one message: sent as several"
    assert all(len(s.content) <= MESSAGE_LIMIT for s in done.sent)
    whole = "\n".join(s.content for s in done.sent)
    held = lookup.rulings()
    assert whole.startswith("**Official rulings.**")
    for cid, found in held.cards.items():
        assert f"{lookup.find_card(cid).name} ({len(found)})" in whole  # type: ignore[union-attr]
    for key, found in held.topics.items():
        assert f"{key} ({len(found)})" in whole
    overview = await invoke(cog.help, cog, FakeInteraction(client=client, user_id=3))
    assert "`rulings` lists every card with rulings" in overview.last.content, "the full list is found from help"
    offered = await complete(cog.help, "topic", FakeInteraction(client=client, user_id=3), "rul")
    assert offered[0].value == "rulings"

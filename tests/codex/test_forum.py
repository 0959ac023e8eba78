"""Codex's play-by-forum export: public information only, turns headed by who plays them."""

from __future__ import annotations

import random
import re
from pathlib import Path
from types import SimpleNamespace

from app.bots import bot_id
from app.rendering import NoImages
from app.service import MatchService
from cogs.codex import forum as ct
from cogs.table import build_group
from db.sqlite import SqliteStore
from engine.codex import GAME
from engine.core import Event
from tests.cogs.fakes import FakeInteraction, Table, invoke
from tests.fakes import RecordingDelivery

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
    assert lines[-1].startswith(("Game over: p1 (alice) won", "Game over: p2 (bob) won")), lines[-1]
    assert "<@" not in text, "names, never Discord mentions"


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


async def test_the_forum_command_writes_names_never_mentions(tmp_path: Path) -> None:
    """`/codex forum`: a member's server name, a bot's own name, and a player Discord cannot tell us about
    under their seat alone; never a raw `<@id>`, which reads as noise outside Discord."""
    store = await SqliteStore.open(tmp_path / "x.db")
    service = MatchService(store, RecordingDelivery(), NoImages(), seed_source=random.Random(2))
    client = SimpleNamespace(service=service)
    bot = bot_id(1, "random")
    try:
        options = {"mode": "ffa", "first_player": "p1"}
        await service.new_match(game_name="codex", options=options, guild_id=9, channel_id=500, user_id=1)
        await service.join(channel_id=500, user_id=2)
        await service.join(channel_id=500, user_id=bot)
        record = await service.start(channel_id=500, user_id=1, seat_order="join")
        await service.resign(user_id=2, match_id=record.id)
        await service.resign(user_id=bot, match_id=record.id)
        asker = FakeInteraction(client=client, user_id=1)
        members = {1: SimpleNamespace(display_name="Alice `A`")}
        asker.guild = SimpleNamespace(get_member=members.get)  # type: ignore[attr-defined]
        cog = Table(build_group(GAME))
        done = await invoke(cog.forum, cog, asker)
    finally:
        await store.close()
    text = "\n".join(s.content for s in done.sent)
    assert "<@" not in text
    assert "p1 (Alice 'A'): " in text and "p3 (Random bot 1): " in text
    assert "\np2: " in text, "a player Discord did not tell us about: the seat alone"
    assert "Game over: p1 (Alice 'A') won" in text

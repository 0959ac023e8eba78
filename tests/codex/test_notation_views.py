"""Notation (one text per action, stable copy numbers) and views (what each seat may see)."""

from __future__ import annotations

import pytest

from engine.codex import GAME
from engine.codex.scenario import Table
from engine.core import BadNotation


def test_notation_examples() -> None:
    t = Table()
    t.clear()
    t.gold(0, 20)
    t.workers(0, 6)
    t.give(0, "Tenderfoot", "Timely Messenger")
    ob = t.put(0, "Older Brother")
    texts = set(t.legal())
    for text in (
        "play Tenderfoot",
        "summon Troq Bashar",
        "build tech1",
        "build surplus",
        "build tower",
        "worker Timely Messenger",
        "attack Older Brother -> base",
        "patrol Older Brother elite",
        "end",
    ):
        assert text in texts, text
    t.act("summon Troq Bashar")
    assert t.can("level Troq Bashar 2")
    t.act("end")
    assert t.can("tech The Boot, Wrecking Ball", seat=0) and t.can("tech Iron Man, Iron Man", seat=0)
    # Any order of the names parses to the one canonical pick.
    pick = GAME.parse_action(t.s, 0, "tech Wrecking Ball, The Boot")
    assert GAME.describe_action(t.s, 0, pick) == "tech The Boot, Wrecking Ball"
    assert ob


def test_copy_numbers_appear_only_when_needed_and_always_parse() -> None:
    t = Table()
    t.clear()
    a = t.put(0, "Older Brother")
    b = t.put(1, "Tenderfoot")
    assert t.can("attack Older Brother -> Tenderfoot")
    full = GAME.parse_action(t.s, 0, f"attack {t.name(a)} -> {t.name(b)}")  # the full form always works
    assert GAME.describe_action(t.s, 0, full) == "attack Older Brother -> Tenderfoot"
    c = t.put(1, "Tenderfoot")
    assert t.can(f"attack Older Brother -> {t.name(c)}") and not t.can("attack Older Brother -> Tenderfoot")
    assert t.name(c) != t.name(b)


def test_parse_accepts_case_spacing_prefixes_and_arrows() -> None:
    t = Table()
    t.clear()
    t.put(0, "Older Brother")
    for text in ("ATTACK older brother  -> BASE", "attack Older Brother → base", "attack older brother -> b"):
        action = GAME.parse_action(t.s, 0, text)
        assert GAME.describe_action(t.s, 0, action) == "attack Older Brother -> base"


def test_bad_notation_explains_whats_legal() -> None:
    t = Table()
    with pytest.raises(BadNotation, match="Legal now"):
        GAME.parse_action(t.s, 0, "attack nothing -> nobody")


def test_every_legal_action_has_a_unique_text() -> None:
    t = Table()
    t.clear()
    for name in ("Older Brother", "Older Brother", "Tenderfoot"):
        t.put(0, name)
    t.put(1, "Older Brother")
    texts = t.legal()
    assert len(texts) == len(set(texts))
    for action in GAME.legal_actions(t.s, 0):
        assert GAME.parse_action(t.s, 0, GAME.describe_action(t.s, 0, action)) == action


def test_public_view_shows_counts_only() -> None:
    t = Table()
    v = GAME.view(t.s, None)
    assert "you" not in v
    p1 = v["players"][0]
    assert p1["hand"] == 5 and p1["deck"] == 5 and p1["discard"] == 0 and p1["gold"] == 4
    assert isinstance(p1["hand"], int) and p1["tech_pick"] == "closed"
    text = str(v)
    for uid in t.s.players[0].hand + t.s.players[1].hand:
        assert t.name(uid) not in text


def test_seat_view_shows_own_hand_codex_pick_and_deck_count() -> None:
    t = Table()
    t.act("end")
    t.act("tech Eggship, Eggship", seat=0)
    mine = GAME.view(t.s, 0)["you"]
    assert len(mine["hand"]) == len(t.s.players[0].hand) and mine["deck"] == len(t.s.players[0].deck)
    assert mine["codex"]["Eggship"] == 2 and mine["tech_pick"] == ["Eggship", "Eggship"]
    theirs = GAME.view(t.s, 1)
    assert theirs["you"]["seat"] == 1 and "Eggship" not in str(theirs["you"]["tech_pick"])
    assert theirs["players"][0]["tech_pick"] == "made"


def test_pending_choice_options_only_for_the_chooser() -> None:
    t = Table()
    t.clear()
    t.put(0, "troq-bashar")
    t.give(0, "Wither")
    t.put(1, "Older Brother")
    t.act("play Wither")
    assert "options" in GAME.view(t.s, 0)["pending"] and "options" not in GAME.view(t.s, 1)["pending"]
    assert GAME.to_move(t.s) == frozenset({0})
    lines = GAME.view_lines(GAME.view(t.s, 0))
    assert any("Options" in line for line in lines)


def test_events_keep_private_draws_private() -> None:
    t = Table()
    step = t.act("end")
    drew = [e for e in step.events if e.kind == "drew"]
    assert drew and all(e.to == frozenset({0}) for e in drew)
    assert all(e.to is None for e in step.events if e.kind == "draw")
    hidden = [e for e in step.events if e.kind == "deck_order"]
    assert all(e.to == frozenset() for e in hidden)


def test_opening_events_record_the_deal() -> None:
    t = Table(seed=5)
    events = GAME.opening_events(t.s)
    kinds = [e.kind for e in events]
    assert kinds.count("deck_order") == 2 and kinds.count("drew") == 2
    again = GAME.opening_events(GAME.setup(2, {"first_player": "p1"}, 5))
    assert [e.to_json() for e in again] == [e.to_json() for e in events]


def test_snapshots_are_small() -> None:
    import json

    t = Table()
    assert len(json.dumps(GAME.to_json(t.s))) < 10_000

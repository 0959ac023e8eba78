"""Copy numbers (`Tenderfoot#2`) only where two cards of a name are in play: the story, the board, the text
beside a private view and the forum export name a card alone by its name."""

from __future__ import annotations

from cogs.codex.forum import player_lines
from engine.codex import GAME
from engine.codex.scenario import Table
from engine.codex.views import view_lines
from render.codex.model import Names


def test_the_story_numbers_a_card_only_while_another_of_its_name_is_in_play() -> None:
    t = Table()
    t.clear()
    first, second = (t.g.label(uid) for uid in t.give(0, "Tenderfoot", "Tenderfoot"))
    t.gold(0, 5)
    t.act(f"play {first}")
    t.act(f"play {second}")
    story = [GAME.describe_event(e, None) for e in t.events if e.kind == "play"]
    # The first one played has no twin on the table yet; the second has.
    assert story == ["p1 plays Tenderfoot for 1 gold.", f"p1 plays {second} for 1 gold."]
    assert second != "Tenderfoot" and second.startswith("Tenderfoot#")


def test_copies_in_a_hand_are_counted_not_numbered() -> None:
    t = Table()
    t.clear()
    t.give(0, "Tenderfoot", "Older Brother", "Tenderfoot")
    t.put(1, "Tenderfoot")  # a Tenderfoot in play elsewhere does not number the hand's
    t.s.active = 1  # p1 waits: the next-turn line is shown too
    lines = view_lines(GAME.view(t.s, 0))
    assert lines[0] == "Your hand: Tenderfoot ×2 (1 gold), Older Brother (2 gold)."
    assert lines[1].startswith("Your next turn, as things stand: within reach: Tenderfoot ×2, Older Brother")
    assert not [line for line in lines if "#" in line]


def test_the_board_numbers_only_cards_in_play_with_a_twin() -> None:
    t = Table()
    t.clear()
    one = t.put(0, "Tenderfoot")
    t.give(0, "Tenderfoot")
    view = GAME.view(t.s, None)
    label = next(x["label"] for x in view["in_play"] if x["uid"] == one)
    assert label.startswith("Tenderfoot#") and Names.of(view).label(label) == "Tenderfoot"
    t.put(1, "Tenderfoot")
    assert Names.of(GAME.view(t.s, None)).label(label) == label


def test_the_forum_names_a_card_in_the_future_alone_by_its_name() -> None:
    t = Table()
    uid = t.g.new_card(t.cid("Plasmodium"), 0)
    t.s.players[0].future[uid] = 2
    lines = player_lines(GAME.view(t.s, None), 0)
    assert "  In the future: Plasmodium (2 time runes)" in lines

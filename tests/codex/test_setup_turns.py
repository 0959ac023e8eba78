"""Setup, the first turns and the turn cycle (rulebook §4-§5)."""

from __future__ import annotations

import pytest

from engine.codex import GAME
from engine.codex.scenario import Table
from engine.core import Action, BadOptions, IllegalAction, NotYourTurn


def test_registered_as_codex() -> None:
    from engine.core import get_game

    assert get_game("codex") is GAME


def test_setup_workers_hand_deck_and_first_upkeep() -> None:
    t = Table(seed=3)
    p1, p2 = t.s.players
    # The first player works with 4 workers, the second with 5; both hold 5 of their 10 starter cards.
    assert (p1.workers, p2.workers) == (4, 5)
    assert len(p1.hand) == len(p2.hand) == 5
    assert len(p1.deck) == len(p2.deck) == 5
    # Starting gold is 0, so after the first upkeep p1 has exactly its 4 workers' gold.
    assert p1.gold == 4 and p2.gold == 0
    assert t.s.active == 0 and t.s.phase == "main" and t.s.turn == 1
    # Heroes wait in the command zone; the codex holds 2 copies of each of the spec's 12 cards.
    assert len(p1.command) == 1 and sum(p1.codex.values()) == 24 and set(p1.codex.values()) == {2}


def test_second_player_first_upkeep_gives_five() -> None:
    t = Table()
    t.end_turn()
    assert t.s.active == 1 and t.s.players[1].gold == 5


def test_first_player_is_random_by_default() -> None:
    firsts = {GAME.setup(2, {}, seed).first for seed in range(20)}
    assert firsts == {0, 1}


def test_bad_options_are_refused() -> None:
    with pytest.raises(BadOptions):
        GAME.setup(2, {"surplus": "sometimes"}, 0)
    with pytest.raises(BadOptions):
        GAME.setup(2, {"hero1": "nobody"}, 0)
    with pytest.raises(BadOptions):
        GAME.setup(6, {}, 0)
    with pytest.raises(BadOptions, match="1-hero game is for exactly 2 players"):
        GAME.setup(3, {"mode": "1-hero"}, 0)


def test_draw_phase_draws_discarded_plus_two_capped_at_five() -> None:
    for kept, expected in ((0, 2), (1, 3), (2, 4), (3, 5), (5, 5)):
        t = Table()
        t.clear(0)
        t.give(0, *["Tenderfoot"] * kept)
        t.give(0, *["Older Brother"] * 8, zone="deck")
        t.end_turn()
        assert len(t.s.players[0].hand) == expected, kept


def test_empty_deck_reshuffles_discard_in_draw_phase() -> None:
    t = Table()
    t.clear(0)
    t.give(0, "Tenderfoot", "Older Brother")
    t.give(0, "Spark", "Bloom", "Wither", zone="discard")
    t.end_turn()
    p = t.s.players[0]
    # 2 discarded -> draw 4; the deck is empty, so the discard (now 5 cards) becomes the deck.
    assert len(p.hand) == 4 and len(p.deck) == 1 and p.discard == []
    assert "shuffle" in t.kinds()


def test_reshuffle_only_once_per_main_phase() -> None:
    t = Table()
    t.clear(0)
    t.give(0, "Tenderfoot", zone="discard")
    g = t.g
    assert g.draw(0, 1) == 1  # reshuffles the one-card discard
    t.give(0, "Older Brother", zone="discard")
    assert g.draw(0, 1) == 0  # a second reshuffle in the same main phase is not allowed


def test_reshuffle_limit_per_turn_option_limits_the_draw_phase_too() -> None:
    t = Table(reshuffle_limit="turn")
    t.clear(0)
    t.give(0, "Tenderfoot", zone="discard")
    t.g.draw(0, 1)
    t.give(0, "Spark", "Bloom", zone="discard")
    t.end_turn()
    # Tenderfoot was discarded with the hand; no reshuffle is left this turn, so nothing is drawn.
    assert t.s.players[0].hand == []


def test_turn_one_has_no_tech_to_finish_and_tech_is_owed_during_opponent_turn() -> None:
    t = Table()
    assert t.s.players[0].tech_open is False
    t.act("end")
    # p1's tech choice is now open and owed while p2 plays: both seats are to move.
    assert GAME.to_move(t.s) == frozenset({0, 1})
    assert t.s.players[0].tech_pick is None
    assert any(a.verb == "tech" for a in GAME.legal_actions(t.s, 0))


def test_tech_pick_is_secret_changeable_and_lands_in_discard_at_turn_start() -> None:
    t = Table()
    t.act("end")
    t.act("tech Wrecking Ball, Wrecking Ball", seat=0)
    assert GAME.to_move(t.s) == frozenset({1})
    # Still changeable until p1's next turn begins.
    t.act("tech Intimidate, The Boot", seat=0)
    view_p2 = GAME.view(t.s, 1)
    assert "tech_pick" not in view_p2["you"] or view_p2["you"]["tech_pick"] is None
    assert view_p2["players"][0]["tech_pick"] == "made"
    assert GAME.view(t.s, 0)["you"]["tech_pick"] == ["Intimidate", "The Boot"]
    public = [e for e in t.events if e.kind.startswith("tech")]
    assert all("cards" not in e.data or e.to == frozenset({0}) for e in public)
    discard_before = len(t.s.players[0].discard)
    t.act("end", seat=1)
    t.pick_tech(1)
    p1 = t.s.players[0]
    names = [t.g.card_of(u).name for u in p1.discard]
    assert "Intimidate" in names and "The Boot" in names
    assert len(p1.discard) == discard_before + 2
    assert p1.codex["intimidate"] == 1 and p1.codex["the-boot"] == 1


def test_turn_waits_for_an_unmade_tech_choice() -> None:
    t = Table()
    t.act("end")
    t.act("end", seat=1)  # p2 ends before p1 chose: p1's turn cannot start yet
    assert t.s.phase == "await_tech" and GAME.to_move(t.s) == frozenset({0, 1})
    with pytest.raises(IllegalAction):
        GAME.apply(t.s, 1, Action("end"))  # p2 may only make its own tech choice now
    t.pick_tech(0)
    assert t.s.phase == "main" and t.s.active == 0


def test_tech_is_exactly_two_below_ten_workers_and_optional_from_ten() -> None:
    t = Table()
    t.act("end")
    picks = [a for a in GAME.legal_actions(t.s, 0) if a.verb == "tech"]
    assert all(len(a.args) == 2 for a in picks)
    assert len(picks) == 12 * 13 // 2  # 12 cards, 2 copies each: any pair, doubles allowed
    t2 = Table()
    t2.workers(0, 10)
    t2.act("end")
    sizes = {len(a.args) for a in GAME.legal_actions(t2.s, 0) if a.verb == "tech"}
    assert sizes == {0, 1, 2}
    assert t2.can("tech none", seat=0)


def test_upkeep_gold_is_capped_at_twenty() -> None:
    t = Table()
    t.gold(1, 18)
    t.end_turn()
    assert t.s.players[1].gold == 20


def test_starting_gold_option() -> None:
    t = Table(starting_gold=3)
    assert t.s.players[0].gold == 7 and t.s.players[1].gold == 3


def test_not_your_turn() -> None:
    t = Table()
    with pytest.raises(NotYourTurn):
        GAME.apply(t.s, 1, Action("end"))

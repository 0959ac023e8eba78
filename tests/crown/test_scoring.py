"""Scoring at each round's end (buildings, covered tiles, the citadel), the end of a round, the turn order,
and the final scoring: resources, gold, fate cards, robots, and the tie-breaks."""

from __future__ import annotations

from engine.crown import GAME
from engine.crown.ctx import G
from engine.crown.turns import fate_points, final_scoring
from tests.crown.helpers import act, give, legal, of, region, two_players, wid


def last_turn(s):
    s.queue = [s.queue[0]]
    return s


def test_a_stack_scores_its_top_tile_and_one_per_covered_tile() -> None:
    """The rulebook's picture: a 3 VP top over two covered tiles is worth 5."""
    s = two_players()
    s.regions[region("Desert")].stack = ["B01", "B05", "B17"]  # 1, 2, then a 3 VP top
    s.sides[1].vp = 10
    s, events = act(last_turn(s), "gold", "end")
    scores = {e["side"]: (e["buildings"], e["citadel"]) for e in of(events, "round_score")}
    assert scores == {"p1": (5 + 1, 0), "p2": (2, 0)}  # p1 also holds Volcano (1)
    assert s.sides[0].vp == 6


def test_the_citadel_scores_its_round_value_for_a_player_and_nothing_for_the_king() -> None:
    s = two_players()
    s.king, s.citadel.owner = False, 1
    s.round = 2
    s, events = act(last_turn(s), "gold", "end")
    assert {e["side"]: e["citadel"] for e in of(events, "round_score")} == {"p1": 0, "p2": 5}


def test_the_end_of_a_round_resets_minions_graveyards_and_the_offer_and_the_last_sets_the_order() -> None:
    s = two_players()
    s.sides[0].grave = [wid("Red Tick")]
    s.sides[0].minions = 1
    s.sides[1].vp = 3
    offer = s.offer[:]
    s, _ = act(last_turn(s), "gold", "end")
    assert s.round == 2 and s.sides[0].minions == 4 and wid("Red Tick") in s.sides[0].hand
    assert s.set_aside == offer and len(s.offer) == 4 and not set(offer) & set(s.offer)
    assert s.gold_space == [] and s.regions[region("Desert")].gather == [None, None]
    # p1 has 2 VP from buildings and p2 5 (2 + 3): p1 has the fewest and arranges the order.
    assert legal(s, 0) == ["order p1 p2", "order p2 p1"]
    s, _ = act(s, "order p2 p1")
    assert s.order == [1, 0] and s.active == 1 and len(s.queue) == 8


def test_clockwise_turn_order_only_picks_who_starts() -> None:
    s = GAME.setup(3, {"turn_order": "clockwise"}, 5)
    s = last_turn(s)
    s.stage = "place"
    while s.round == 1:
        who = min(GAME.to_move(s))
        s = GAME.apply(s, who, GAME.legal_actions(s, who)[0]).state  # gold, then end
    (decider,) = GAME.to_move(s)
    assert legal(s, decider) == ["order p1 p2 p3", "order p2 p3 p1", "order p3 p1 p2"]


def test_ties_for_the_fewest_vp_go_to_the_fewest_building_vp() -> None:
    s = two_players()
    s.regions[region("Village")].stack = ["B04", "B05"]  # p2's buildings are worth more
    s.sides[0].vp, s.sides[1].vp = 5, 3  # 5 + 2 = 7 and 3 + (2 + 1) + 1 = 7 after scoring
    s, _ = act(last_turn(s), "gold", "end")
    assert s.sides[0].vp == s.sides[1].vp == 7
    assert GAME.to_move(s) == frozenset({0})


def game_end(s):
    g = G(s)
    final_scoring(g)
    return g


def test_the_fate_card_example_of_the_rulebook() -> None:
    """Five matching warriors of levels I, I, III, I, I score 7."""
    s = two_players()
    s.sides[0].fate = "F1"  # bones and ash
    give(s, 0, "Rib Shambler", "Skull Bruiser", "Soot Walker", "Red Tick", "Vizio's Bone Page")
    s.sides[0].grave = [wid("Kiln Ghast")]
    s.regions[region("Desert")].defenders = [wid("Ossuary King")]
    points, robots, other = fate_points(G(s), 0)
    assert (points, robots, other) == (7, 0, 1)  # the blood Red Tick counts for the tie-break only


def test_final_scoring_adds_resource_sets_gold_and_fate_and_takes_off_robots() -> None:
    s = two_players()
    s.sides[0].fate = "F1"
    s.sides[0].res.update(bones=7, ash=3, sulfur=2, blood=0)  # 2 + 1 sets
    s.sides[0].gold = 5  # 2 VP
    give(s, 0, "Rib Shambler", "Marrow Engine", "Heart Engine")  # 1 fate, robots -1 and -3
    s.sides[0].vp = 20
    g = game_end(s)
    (final,) = [e.data for e in g.events if e.kind == "final" and e.data["side"] == "p1"]
    assert (final["sets"], final["gold"], final["points"], final["robots"]) == (3, 2, 1, 4)
    assert s.sides[0].vp == 20 + 3 + 2 + 1 - 4
    assert s.result is not None and GAME.outcome(s) is not None


def test_ties_break_on_the_other_two_types_then_the_royal_token_then_share() -> None:
    s = two_players()
    s.sides[0].fate, s.sides[1].fate = "F1", "F6"
    s.sides[0].vp = s.sides[1].vp = 10
    give(s, 0, "Red Tick")  # blood: p1's other types
    g = game_end(s)
    assert g.s.result["winners"] == [0]
    s = two_players()
    s.sides[0].fate, s.sides[1].fate = "F1", "F6"
    s.sides[0].vp = s.sides[1].vp = 10
    s.sides[1].royal = True
    assert game_end(s).s.result["winners"] == [1]
    s = two_players()
    s.sides[0].fate, s.sides[1].fate = "F1", "F6"
    s.sides[0].vp = s.sides[1].vp = 10
    out = GAME.outcome(game_end(s).s)
    assert out is not None and out.winners == frozenset({0, 1}) and dict(out.placements or {}) == {0: 1, 1: 1}


def test_solo_the_player_must_beat_the_ai_and_a_tie_needs_the_other_types() -> None:
    s = GAME.setup(1, {}, 3)
    s.sides[0].vp, s.sides[1].vp = 30, 30
    s.sides[0].hand = []
    s.sides[0].res.update(bones=0, ash=0, sulfur=0, blood=0)
    s.sides[0].gold = 0
    for r in s.regions:
        r.defenders = [w for w in r.defenders if not G(s).w(w).level]
    out = GAME.outcome(game_end(s).s)
    assert out is not None and out.winners == frozenset()  # a tie goes to the AI
    s2 = GAME.setup(1, {"solo_tie": "shared"}, 3)
    s2.sides[0].vp, s2.sides[1].vp = 30, 30
    s2.sides[0].hand, s2.sides[0].gold = [], 0
    for r in s2.regions:
        r.defenders = [w for w in r.defenders if not G(s2).w(w).level]
    out = GAME.outcome(game_end(s2).s)
    assert out is not None and out.winners == frozenset({0})


def test_when_the_buffer_ai_scores_most_the_best_player_still_wins_among_the_seats() -> None:
    s = GAME.setup(2, {"ai_buffer": "yes"}, 6)
    s.sides[0].vp, s.sides[1].vp, s.sides[2].vp = 20, 30, 90
    g = game_end(s)
    out = GAME.outcome(g.s)
    assert out is not None and out.winners == frozenset({1}) and dict(out.placements or {}) == {1: 2, 0: 3}
    (over,) = [e for e in g.events if e.kind == "game_over"]
    assert GAME.describe_event(over, None) == "The game is over. The AI deck scores most; of the players, p2 does best."

"""Battles: face-down attackers, the battle card chosen by both sides at once, dice, empowerment, the
defender winning ties, conquest, the King, the citadel's spaces, robots, rewards and the "0" card."""

from __future__ import annotations

from engine.crown import GAME
from engine.crown.ctx import CITADEL
from tests.crown.helpers import D, act, fix, garrison, give, legal, of, region, two_players, wid


def worked_example():
    """The rulebook's example: an attack-6 warrior against two same-type defenders of attack 3 and 1."""
    s = two_players()
    give(s, 0, "Ossuary King")
    garrison(s, region("Forest"), "Mors's Sulfur Page", "Geyser Fiend")
    return fix(s, "dice", 2)


def test_the_worked_example_of_the_rulebook() -> None:
    s, _ = act(worked_example(), "attack Forest", "send Ossuary King")
    assert GAME.to_move(s) == frozenset({0, 1})
    s, _ = act(s, "play die", seat=0)
    s, events = act(s, "play 1", seat=1)
    (battle,) = of(events, "battle")
    assert (battle["atk"], battle["dfn"], battle["won"]) == (8, 6, True)  # 6 + 2 against 3 + 1 + 1 + 1
    forest = s.regions[region("Forest")]
    assert forest.owner == 0 and forest.defenders == [wid("Ossuary King")] and forest.stack == ["B02"]
    assert sorted(s.sides[1].grave) == sorted([wid("Mors's Sulfur Page"), wid("Geyser Fiend")])
    assert s.sides[0].vp == 1  # the die card's reward
    assert legal(s, 1) == ["take bones", "take ash", "take sulfur", "take blood"]  # the "1" card's loss
    s, _ = act(s, "take blood", seat=1)
    assert s.sides[1].res["blood"] == 1 and s.stage == "end" and s.active == 0
    assert s.sides[0].discard == ["die"] and s.sides[1].discard == ["1"]


def test_battle_cards_are_chosen_in_secret_and_may_be_changed_until_both_have_chosen() -> None:
    s, events = act(worked_example(), "attack Forest", "send Ossuary King")
    assert of(events, "commit_count")[0]["n"] == 1
    assert all(e.to == frozenset({0}) for e in events if e.kind == "commit")
    assert "Ossuary King" not in str(GAME.view(s, 1)) and "Ossuary King" not in str(GAME.view(s, None))
    assert "Ossuary King" in str(GAME.view(s, 0))
    s, _ = act(s, "play 4", seat=0)
    assert GAME.to_move(s) == frozenset({1}) and GAME.may_act(s) == frozenset({0, 1})
    s, _ = act(s, "play die", seat=0)  # changed before p2 chose
    assert GAME.view(s, 0)["battle"]["your_card"] == "die"
    assert "your_card" not in GAME.view(s, 1)["battle"] and GAME.view(s, None)["battle"]["chosen"] == ["p1"]
    s, events = act(s, "play 1", seat=1)
    assert of(events, "reveal")[0]["cards"] == {"p1": "die", "p2": "1"}


def test_the_defender_wins_ties_even_with_nobody_defending() -> None:
    s = two_players()
    give(s, 0, "Smoke Wraith")  # attack 1
    s, _ = act(s, "attack Forest", "send Smoke Wraith")
    s, _ = act(s, "play 0", seat=0)
    s, events = act(s, "play 1", seat=1)
    (battle,) = of(events, "battle")
    assert (battle["atk"], battle["dfn"], battle["won"]) == (1, 1, False)
    assert s.regions[region("Forest")].owner == 1 and s.sides[0].grave == [wid("Smoke Wraith")]
    assert s.sides[1].gold == 4 and s.sides[1].vp == 1  # the "1" card's win: 2 gold and 1 VP
    # The "0" card lost: p1 may only recover (the winner has no warrior that fought).
    assert legal(s, 0) == ["recover Smoke Wraith"]
    s, _ = act(s, "recover Smoke Wraith")
    assert s.sides[0].hand == [wid("Smoke Wraith")] and s.sides[0].grave == []


def test_two_attackers_at_most_in_a_region_three_against_the_citadel() -> None:
    s = two_players()
    give(s, 0, "Rib Shambler", "Soot Walker", "Fume Crawler")
    s, _ = act(s, "attack Forest")
    assert not [m for m in legal(s) if m.count("+") > 1] and "send Rib Shambler + Soot Walker" in legal(s)
    s = two_players()
    give(s, 0, "Rib Shambler", "Soot Walker", "Fume Crawler")
    s, _ = act(s, "attack citadel left")
    assert "send Rib Shambler + Soot Walker + Fume Crawler" in legal(s)


def test_the_king_needs_more_than_five_and_falls_to_the_royal_token() -> None:
    s = two_players()
    give(s, 0, "Rib Shambler", "Soot Walker")  # 2 + 2, no pair
    s, events = act(s, "attack citadel right", "send Rib Shambler + Soot Walker", "play 1")  # + 1, flank 0
    assert of(events, "battle")[0]["atk"] == 5 and of(events, "battle")[0]["dfn"] == 5
    assert s.king and s.citadel.owner is None and not s.sides[0].royal
    assert sorted(s.sides[0].grave) == sorted([wid("Rib Shambler"), wid("Soot Walker")])
    s = two_players()
    give(s, 0, "Rib Shambler", "Soot Walker")
    s, events = act(s, "attack citadel left", "send Rib Shambler + Soot Walker", "play 1")  # the +1 flank
    assert of(events, "battle")[0]["atk"] == 6 and not s.king and s.citadel.owner == 0
    assert s.sides[0].royal and sorted(s.citadel.defenders) == sorted([wid("Rib Shambler"), wid("Soot Walker")])
    assert "king_falls" in [e.kind for e in events]


def test_the_flanks_once_a_round_the_front_any_number_of_times() -> None:
    s = two_players()
    give(s, 0, "Smoke Wraith", "Red Tick", "Sulfur Mite")
    s, _ = act(s, "attack citadel left", "send Smoke Wraith", "play 0", "recover Smoke Wraith", "end")
    s.queue = [0, 1]
    s.stage = "place"
    moves = legal(s, 0)
    assert "attack citadel left" not in moves and "attack citadel right" in moves and "attack citadel front" in moves
    s, events = act(s, "attack citadel front", "send Red Tick", "play 4")  # 1 + 4 - 1 loses to 5
    assert of(events, "battle")[0]["atk"] == 1 + 4 - 1
    assert s.front == [0]


def test_robots_go_home_before_rewards_and_never_garrison() -> None:
    s = two_players()
    give(s, 0, "Furnace Golem")  # an ash robot, attack 5, returns to deck II
    s, events = act(s, "attack Forest", "send Furnace Golem", "play 4")
    s, events = act(s, "play 0", seat=1)
    forest = s.regions[region("Forest")]
    assert forest.owner == 0 and forest.defenders == []
    assert s.decks["2"][-1] == wid("Furnace Golem")
    kinds = [e.kind for e in events]
    assert kinds.index("robot_home") < kinds.index("gain")
    # p2 lost with the "0" card and the winner has no warrior left that fought: recovery only.
    assert legal(s, 1) == []


def test_the_zero_card_damage_lets_the_winner_pick_a_warrior_that_fought() -> None:
    s = two_players()
    give(s, 0, "Kiln Ghast", "Skull Bruiser")  # 3 + 3
    s.sides[1].grave = [wid("Red Tick")]
    s, _ = act(s, "attack Forest", "send Skull Bruiser + Kiln Ghast", "play 1")
    s, _ = act(s, "play 0", seat=1)
    assert legal(s, 1) == ["damage", "recover Red Tick"]
    s, _ = act(s, "damage", seat=1)
    assert legal(s, 0) == ["lose Skull Bruiser", "lose Kiln Ghast"]
    s, _ = act(s, "lose Kiln Ghast", seat=0)
    assert s.regions[region("Forest")].defenders == [wid("Skull Bruiser")]
    assert s.sides[0].grave == [wid("Kiln Ghast")]


def test_empowerment_pairs_and_triples() -> None:
    from engine.crown.ctx import G
    from engine.crown.zones import strength

    g = G(two_players())
    assert strength(g, [wid("Rib Shambler"), wid("Skull Bruiser")]) == 6
    assert strength(g, [wid("Rib Shambler"), wid("Skull Bruiser"), wid("Barrow Warden")]) == 10
    assert strength(g, [wid("Rib Shambler"), wid("Soot Walker")]) == 4


def test_using_the_last_battle_card_takes_all_five_back() -> None:
    s = two_players()
    give(s, 0, "Smoke Wraith")
    s.sides[0].cards, s.sides[0].discard = ["3"], ["0", "1", "4", "die"]
    s, _ = act(s, "attack Forest", "send Smoke Wraith", "play 3")
    s, events = act(s, "play 4", seat=1)
    assert s.sides[0].cards == ["0", "1", "3", "4", "die"] and s.sides[0].discard == []
    assert "cards_back" in [e.kind for e in events]


def test_you_cannot_attack_free_or_own_regions_or_without_warriors() -> None:
    s = two_players()
    assert not [m for m in legal(s) if m.startswith("attack")]
    give(s, 0, "Smoke Wraith")
    attacks = [m for m in legal(s) if m.startswith("attack")]
    assert "attack Forest" in attacks and "attack Village" in attacks
    assert "attack Coast" not in attacks and "attack Desert" not in attacks
    assert D.regions[region("Forest")].battle_spaces == 1
    s.regions[region("Forest")].battle = [1]
    assert "attack Forest" not in legal(s)
    assert CITADEL == 6

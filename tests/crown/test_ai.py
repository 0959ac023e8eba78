"""The AI deck: a die names a region, an action card's steps are tried in order, and every roll, card and
decision is told. It scores VP where a player would take resources, plays openly, and goes last."""

from __future__ import annotations

import random

from engine.crown import GAME
from engine.crown.state import State
from tests.crown.helpers import D, act, active, fix, garrison, give, legal, of, region, sentences, wid

AI = 1


def solo(**options: str) -> State:
    """A solo game: p1 holds Desert and Volcano, the AI Forest and Village and the citadel; p1 plays the
    gold space and ends, then the AI takes its turn."""
    s = GAME.setup(1, {"ai_citadel_robots": "redraw", **options}, 2)
    for r in s.regions:
        r.stack, r.owner, r.defenders = [], None, []
    for name, bid, who in (("Desert", "B01", 0), ("Volcano", "B03", 0), ("Forest", "B02", AI), ("Village", "B04", AI)):
        area = s.regions[region(name)]
        area.stack, area.owner = [bid], who
    s.sides[0].hand, s.sides[AI].hand = [], []
    s = active(s, 0)
    s.queue = [0, AI, 0, AI]
    return s


def ai_turn(s: State, die: int, card: str) -> tuple[State, list]:
    s = fix(fix(s, "dice", die), "ai_cards", card)
    return act(s, "gold", "end")


def test_gathering_the_ai_scores_a_vp_per_resource_and_pays_tribute() -> None:
    s, events = ai_turn(solo(), 1, "V")  # Desert; card V: build (not its region), then gather
    assert of(events, "ai_turn")[0] == {"side": "AI", "die": 1, "area": "Desert", "card": "V"}
    assert of(events, "ai_cannot")[0]["action"] == "build"
    assert s.regions[region("Desert")].gather[0] == AI
    assert s.sides[AI].vp == 3 and s.sides[0].gold == 2 + 2 + 1  # the gold space, then the tribute
    assert s.active == 0 and s.stage == "place"
    text = sentences(events)
    assert "The AI rolls 1 (Desert) and turns card V." in text and "The AI gathers in Desert." in text


def test_the_ai_builds_the_rightmost_tile_for_free_and_upgrades_from_hand() -> None:
    s = solo()
    give(s, AI, "Skull Bruiser", "Red Tick", "Rib Shambler")
    rightmost = s.offer[-1]
    s, events = ai_turn(s, 3, "V")  # Coast is free
    coast = s.regions[region("Coast")]
    assert coast.owner == AI and coast.stack == [rightmost]
    assert s.sides[AI].vp == sum(n for _k, n in D.buildings[rightmost].supply)
    assert sorted(coast.defenders) == sorted([wid("Rib Shambler"), wid("Skull Bruiser")])  # the bones pair
    assert of(events, "build")[0]["cost"] == 0


def test_the_ai_attacks_with_its_strongest_warriors_and_its_top_battle_card() -> None:
    s = solo()
    give(s, AI, "Skull Bruiser", "Red Tick", "Rib Shambler")
    s = fix(s, "ai_battle", "4")
    s, events = ai_turn(s, 1, "VI")  # Desert belongs to p1: attack
    assert of(events, "commit_open")[0]["warriors"] == ["Rib Shambler", "Skull Bruiser"]
    assert GAME.to_move(s) == frozenset({0}) and legal(s, 0)[0] == "play 0"
    assert "4" not in str(GAME.view(s, 0).get("battle"))  # its card lies face down
    s, events = act(s, "play 4", seat=0)
    assert of(events, "reveal")[0]["cards"] == {"AI": "4", "p1": "4"}
    assert of(events, "battle")[0]["atk"] == 2 + 3 + 1 + 4 and s.regions[region("Desert")].owner == AI
    # p1 lost with the "4": 1 gold and a special ingredient to take; then the AI's turn is over.
    assert legal(s, 0) == ["take bones", "take ash", "take sulfur", "take blood"]
    s, _ = act(s, "take ash")
    assert s.active == 0 and s.stage == "place" and s.sides[0].res["ash"] == 1


def test_when_nothing_works_it_gathers_nearest_and_prepares_from_the_warrior_track() -> None:
    s = solo()
    for r in s.regions:
        r.gather = [0, 0]
    s.regions[region("Mountains")].stack = ["B05"]
    s.regions[region("Mountains")].gather = [None, None]
    level = D.rules["warrior_track"][0]
    wanted = [w for w in s.display if w and D.warriors[w].level == level][-1]
    s, events = ai_turn(s, 2, "II")  # Forest is the AI's: gather there (taken), citadel is its own
    assert of(events, "ai_does")[-1] == {"action": "nearest_resource", "area": "Mountains"}
    assert wanted in s.sides[AI].hand and s.ai["track"] == 1
    assert s.sides[AI].vp == 3


def test_the_gold_space_is_the_last_resort_and_its_gold_counts_as_vp() -> None:
    s = solo()
    for r in s.regions:
        r.gather = [0, 0]
    s, _ = ai_turn(s, 2, "II")
    assert AI in s.gold_space and s.sides[AI].vp == 2
    s2 = solo(ai_gold_vp="no")
    for r in s2.regions:
        r.gather = [0, 0]
    s2, _ = ai_turn(s2, 2, "II")
    assert s2.sides[AI].vp == 0


def test_the_target_card_attacks_the_least_defended_region() -> None:
    s = solo(target_card="yes")
    assert "T" in s.ai["deck"] + s.ai["used"] and "I" not in s.ai["deck"] + s.ai["used"]
    garrison(s, region("Desert"), "Blood Baron")
    give(s, AI, "Skull Bruiser")
    s, events = ai_turn(s, 1, "T")  # the die says Desert, but Volcano is weaker
    assert of(events, "attack")[0]["area"] == "Volcano"


def test_the_ai_loses_with_the_zero_card_damage_when_attacking_recovery_when_defending() -> None:
    s = solo()
    give(s, AI, "Red Tick")
    garrison(s, region("Desert"), "Ossuary King")
    s = fix(s, "ai_battle", "0")
    s, _ = ai_turn(s, 1, "VI")
    s, events = act(s, "play 0", seat=0)
    assert of(events, "battle")[0]["won"] is False
    assert legal(s, 0) == ["lose Ossuary King"]  # the AI chose damage; the winner picks the warrior
    s, events = act(s, "lose Ossuary King")
    assert of(events, "damage") == [{"side": "p1", "warrior": "Ossuary King", "area": "Desert"}]
    s = solo()
    s.sides[AI].grave = [wid("Red Tick"), wid("Blood Baron")]
    give(s, 0, "Ossuary King")
    s = fix(s, "ai_battle", "0")
    s, events = act(s, "attack Forest", "send Ossuary King", "play 3")
    assert of(events, "recover") == [{"side": "AI", "warrior": "Blood Baron"}]


def test_a_buffer_game_goes_to_the_end_with_the_ai_last() -> None:
    s = GAME.setup(3, {"ai_buffer": "yes", "mode": "advanced"}, 9)
    rng = random.Random(9)
    seen = set()
    while GAME.outcome(s) is None:
        if s.queue:
            seen.add(tuple(s.order))
        who = min(GAME.to_move(s))
        s = GAME.apply(s, who, rng.choice(GAME.legal_actions(s, who))).state
    assert all(order[-1] == 3 for order in seen)
    assert GAME.view(s, None)["result"]["scores"]["AI"] == s.sides[3].vp


def test_every_ai_decision_is_a_public_sentence() -> None:
    s = GAME.setup(1, {}, 4)
    rng = random.Random(4)
    told: list[str] = []
    while GAME.outcome(s) is None:
        who = min(GAME.to_move(s))
        step = GAME.apply(s, who, rng.choice(GAME.legal_actions(s, who)))
        s = step.state
        told += [e.kind for e in step.events if e.kind.startswith("ai_") and e.to is None]
        assert all(GAME.describe_event(e, None) for e in step.events if e.kind.startswith("ai_") and e.to is None)
    assert told.count("ai_turn") == 16 and "ai_does" in told

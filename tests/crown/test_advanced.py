"""Advanced mode: each lord's two abilities, and the ability token that pays for them."""

from __future__ import annotations

from engine.crown import GAME
from engine.crown.ctx import G
from engine.crown.state import State
from engine.crown.zones import strength
from tests.crown.helpers import act, active, fix, fresh, garrison, give, legal, of, region, wid

VIZIO, NOX, MORS, FORTIS = 0, 1, 2, 3


def four(seat: int, **options: str) -> State:
    """Four players in the advanced mode; p1 (Vizio) holds Desert, p2 (Nox) Forest, p3 (Mors) Volcano,
    p4 (Fortis) Village and Coast; Mountains is free."""
    s = fresh(4, seed=1, mode="advanced", **options)
    for r in s.regions:
        r.stack, r.owner, r.defenders = [], None, []
    for name, bid, who in (
        ("Desert", "B01", 0),
        ("Forest", "B02", 1),
        ("Volcano", "B03", 2),
        ("Village", "B04", 3),
        ("Coast", "B05", 3),
    ):
        area = s.regions[region(name)]
        area.stack, area.owner = [bid], who
    for side in s.sides:
        side.hand = []
    return active(s, seat)


def test_vizio_unmasks_the_attackers_and_the_token_turns_over() -> None:
    s = four(NOX)
    give(s, NOX, "Skull Bruiser")
    s, _ = act(s, "attack Desert", "send Skull Bruiser")
    assert legal(s, VIZIO) == ["unmask", "skip"]
    s, events = act(s, "unmask")
    assert of(events, "unmasked")[0]["warriors"] == ["Skull Bruiser"]
    assert not s.sides[VIZIO].token and GAME.view(s, None)["battle"]["warriors"][0]["name"] == "Skull Bruiser"
    assert GAME.to_move(s) == frozenset({VIZIO, NOX})


def test_vizio_warning_makes_a_rightly_guessed_card_count_one() -> None:
    s = four(VIZIO)
    give(s, VIZIO, "Kiln Ghast")
    garrison(s, region("Forest"), "Red Tick")
    s, _ = act(s, "attack Forest", "send Kiln Ghast", "play 0")
    s, _ = act(s, "play 4", seat=NOX)
    assert "warn 4" in legal(s, VIZIO) and "skip" in legal(s, VIZIO)
    s, events = act(s, "warn 4")
    assert of(events, "warning_result")[0]["right"] is True
    battle = of(events, "battle")[0]
    assert (battle["atk"], battle["dfn"]) == (3, 1 + 1)  # the 4 counts 1
    assert s.regions[region("Forest")].owner == VIZIO


def test_the_other_reading_of_warning_makes_the_whole_total_one() -> None:
    s = four(VIZIO, vizio_warning="total_to_1")
    give(s, VIZIO, "Smoke Wraith")
    garrison(s, region("Forest"), "Blood Baron")
    s, _ = act(s, "attack Forest", "send Smoke Wraith", "play 1")
    s, _ = act(s, "play 3", seat=NOX)
    s, events = act(s, "warn 3")
    assert (of(events, "battle")[0]["atk"], of(events, "battle")[0]["dfn"]) == (2, 1)


def test_nox_trades_up_to_three_resources_and_exhumes_at_the_start_of_his_turn() -> None:
    s = four(NOX)
    s.sides[NOX].res.update(bones=4)
    moves = legal(s)
    assert "trade 3 bones for ash" in moves and "trade 4 bones for ash" not in moves
    s, events = act(s, "trade 2 bones for blood")
    assert s.sides[NOX].res["bones"] == 2 and s.sides[NOX].res["blood"] == 2 and not s.sides[NOX].token
    assert of(events, "ability")[0]["ability"] == "trade"
    s = four(NOX)
    s.sides[NOX].gold = 10
    first = s.display[0]
    assert first is not None
    name = G(s).w(first).name
    assert f"exhume {name}" in legal(s)
    s, _ = act(s, f"exhume {name}")
    assert first in s.sides[NOX].hand and s.stage == "place"
    s = four(NOX)
    s.sides[NOX].gold = 10
    s, _ = act(s, "gold")
    assert not [m for m in legal(s) if m.startswith("exhume")]


def test_mors_orders_a_minion_away_to_free_a_space() -> None:
    s = four(MORS)
    s.regions[region("Forest")].gather = [NOX, None]
    s.sides[NOX].minions = 3
    move = "command p2 from Forest gather 1 to gold"
    assert move in legal(s)
    s, _ = act(s, move)
    assert s.regions[region("Forest")].gather == [None, None] and s.gold_space == [NOX]
    s, events = act(s, "gather Forest")
    assert s.sides[MORS].res["ash"] == 3 and of(events, "gather")


def test_mors_rerolls_a_die_in_battle() -> None:
    s = four(MORS)
    give(s, MORS, "Kiln Ghast")
    s = fix(s, "dice", 1, 6)
    s, _ = act(s, "attack Forest", "send Kiln Ghast")
    s, _ = act(s, "play die", seat=MORS)
    s, _ = act(s, "play 4", seat=NOX)
    assert legal(s, MORS) == ["reroll p3", "keep"]
    s, events = act(s, "reroll p3")
    assert of(events, "reroll")[0]["value"] == 6 and of(events, "battle")[0]["atk"] == 9


def test_fortis_reinforces_withdraws_swaps_and_shifts() -> None:
    s = four(FORTIS)
    give(s, FORTIS, "Rib Shambler", "Red Tick")
    garrison(s, region("Village"), "Soot Walker")
    moves = legal(s)
    for move in (
        "reinforce Village with Rib Shambler",
        "withdraw Soot Walker from Village",
        "swap Soot Walker for Red Tick in Village",
        "shift Soot Walker from Village to Coast",
    ):
        assert move in moves
    s, _ = act(s, "swap Soot Walker for Red Tick in Village")
    assert s.regions[region("Village")].defenders == [wid("Red Tick")] and wid("Soot Walker") in s.sides[FORTIS].hand
    assert not s.sides[FORTIS].token and not [m for m in legal(s) if m.startswith(("reinforce", "swap"))]


def test_fortis_fortifies_a_pair_to_give_two() -> None:
    s = four(FORTIS)
    garrison(s, region("Village"), "Rib Shambler", "Skull Bruiser")
    g = G(s)
    assert strength(g, s.regions[region("Village")].defenders, region("Village")) == 6
    s, _ = act(s, "fortify Village with Rib Shambler + Skull Bruiser")
    g = G(s)
    assert strength(g, s.regions[region("Village")].defenders, region("Village")) == 7


def test_one_use_a_token_refresh_and_the_round_make_it_active_again() -> None:
    s = four(NOX)
    s.sides[NOX].res.update(bones=4)
    s, _ = act(s, "trade 1 bones for ash")
    assert not [m for m in legal(s) if m.startswith("trade")]
    s, _ = act(s, "refresh")
    assert s.sides[NOX].token
    s = four(NOX, ability_token="each_once")
    s.sides[NOX].res.update(bones=4)
    s.sides[NOX].gold = 10
    s, _ = act(s, "trade 1 bones for ash")
    assert s.sides[NOX].token and not [m for m in legal(s) if m.startswith("trade")]
    assert [m for m in legal(s) if m.startswith("exhume")]


def test_standard_mode_offers_no_abilities() -> None:
    s = four(NOX)
    s.options = {**s.options, "mode": "standard"}
    s.sides[NOX].res.update(bones=4)
    assert not [m for m in legal(s) if m.startswith(("trade", "exhume"))]


def test_a_fortification_lasts_while_the_pair_stands_or_until_the_round_ends() -> None:
    for option, kept in (("while_pair", True), ("round", False)):
        s = four(FORTIS, fortification=option)
        garrison(s, region("Village"), "Rib Shambler", "Skull Bruiser")
        s.queue = [FORTIS]
        s, _ = act(s, "fortify Village with Rib Shambler + Skull Bruiser", "gold", "end")
        assert s.round == 2 and bool(s.fortified) is kept


def test_mors_may_reroll_the_ai_dice_before_it_plays() -> None:
    s = GAME.setup(3, {"mode": "advanced", "ai_buffer": "yes"}, 4)
    s = active(s, 0)
    s.queue = [0, 3, 0, 3]
    s = fix(fix(s, "dice", 1, 5), "ai_cards", "V")
    s, events = act(s, "gold", "end")
    assert legal(s, MORS) == ["reroll AI", "keep"] and of(events, "ai_roll")[0]["die"] == 1
    s, events = act(s, "reroll AI")
    assert of(events, "ai_turn")[0]["die"] == 5 and of(events, "ai_turn")[0]["area"] == "Volcano"
    assert not s.sides[MORS].token and s.active == 0


def test_fortis_exchanges_defenders_between_two_of_his_regions() -> None:
    s = four(FORTIS)
    garrison(s, region("Village"), "Soot Walker")
    garrison(s, region("Coast"), "Red Tick", "Rib Shambler")
    s, _ = act(s, "exchange Red Tick in Coast for Soot Walker in Village")
    assert s.regions[region("Village")].defenders == [wid("Red Tick")]
    assert sorted(s.regions[region("Coast")].defenders) == sorted([wid("Soot Walker"), wid("Rib Shambler")])

"""Refusals say why (engine/codex/reasons.py, reading.py): one test per reason class of Codex's legality code.

Each test builds a position, types the move, and checks the exact reason, that the refusal carries it
(typed text, and the same action through apply), and that nothing changed."""

from __future__ import annotations

import pytest

from engine.codex import GAME
from engine.codex.colours.green import PEACE
from engine.codex.scenario import Table
from engine.codex.state import Building
from engine.core import Action, IllegalAction
from engine.i18n import english


def table(**options: object) -> Table:
    """Troq Bashar's player (p1) on turn with 20 gold and empty hands; River Montoya's player is p2."""
    t = Table(hero1="troq-bashar", hero2="river-montoya", **options)
    t.clear()
    t.gold(0, 20)
    return t


def team(**options: object) -> Table:
    """p1 plays Troq Bashar and River Montoya (two specs: bashing and finesse)."""
    t = Table(hero1=["troq-bashar", "river-montoya"], hero2=["river-montoya", "troq-bashar"], **options)
    t.clear()
    t.gold(0, 20)
    return t


def why(t: Table, text: str, seat: int | None = None) -> str:
    """The reason typed `text` is refused with. Checks that the refusal reads "`text` is not a legal action
    now: <reason>. ...", that applying the action the text names gives the same reason, and that neither
    changed anything."""
    seat = t.chooser() if seat is None else seat
    before = GAME.to_json(t.s)
    with pytest.raises(IllegalAction) as typed:
        t.act(text, seat)
    reason = GAME.text_reason(t.s, seat, text)
    assert reason is not None, typed.value.message
    shown = english(reason)
    assert typed.value.message.startswith(f"`{text}` is not a legal action now: {shown}."), typed.value.message
    action = GAME.read_action(t.s, seat, text)
    assert action is not None and not GAME.is_legal(t.s, seat, action)
    if seat in GAME.may_act(t.s):
        with pytest.raises(IllegalAction) as applied:
            GAME.apply(t.s, seat, action)
        assert f" is not legal now: {shown}. " in applied.value.message, applied.value.message
    assert GAME.to_json(t.s) == before, "a refusal changed the state"
    return shown


# ----------------------------------------------------------------------------------- phases, choices


def test_a_pending_choice_comes_first() -> None:
    t = table()
    t.give(0, "Brick Thief")
    t.act("play Brick Thief")
    assert why(t, "end") == "first answer the choice you are asked"
    t.s.pending["seat"] = 1  # as if p2 had the choice to make (an opponent's trigger)
    assert why(t, "end", 0) == "p2 has a choice to make first"


def test_main_phase_actions_only_in_ones_own_main_phase() -> None:
    t = table()
    t.give(1, "Tenderfoot")
    assert why(t, "play Tenderfoot", 1) == "it is not your main phase"


def test_a_partner_who_ended_their_main_phase() -> None:
    t = Table(players=4, mode="2v2", hero1="troq-bashar", hero2="river-montoya", hero3="river-montoya")
    t.clear()
    t.act("end", 0)
    t.give(0, "Tenderfoot")
    t.gold(0, 5)
    assert why(t, "play Tenderfoot", 0) == "you have ended your main phase"


def test_choosing_with_nothing_to_choose_and_an_answer_not_offered() -> None:
    t = table()
    assert why(t, "choose yes") == "there is nothing for you to choose now"
    t.give(0, "Brick Thief")
    t.act("play Brick Thief")
    assert why(t, "choose tech1") == "that is not one of the choices"


# ---------------------------------------------------------------------------------------- tech picks


def tech_time(t: Table) -> Table:
    t.s.players[0].tech_open = True
    return t


def test_no_tech_pick_is_open() -> None:
    assert why(table(), "tech Iron Man, Iron Man") == "you have no tech pick to make now"


def test_a_tech_pick_has_its_number_of_cards() -> None:
    t = tech_time(table())
    assert why(t, "tech Iron Man") == "a tech pick is exactly 2 cards"
    t.workers(0, 10)
    assert why(t, "tech Iron Man, Iron Man, The Boot") == "a tech pick is at most 2 cards"


def test_a_tech_pick_takes_only_what_is_left_in_the_codex() -> None:
    t = tech_time(table())
    assert why(t, "tech Grounded Guide, Iron Man") == "Grounded Guide is not in your codex"
    t.s.players[0].codex["iron-man"] = 1
    assert why(t, "tech Iron Man, Iron Man") == "only 1 Iron Man left in your codex"
    del t.s.players[0].codex["iron-man"]
    assert why(t, "tech Iron Man, The Boot") == "no Iron Man left in your codex"


# ------------------------------------------------------------------------------- where a card is


def test_a_card_that_is_not_in_the_hand() -> None:
    t = table()
    assert why(t, "play Grounded Guide") == "Grounded Guide is not in your hand"
    t.give(0, "Tenderfoot", zone="discard")
    assert why(t, "play Tenderfoot") == "Tenderfoot is in your discard pile, not your hand"
    t.give(0, "Older Brother", zone="worker_cards")
    assert why(t, "play Older Brother") == "Older Brother is one of your workers"
    assert why(t, "worker Older Brother") == "Older Brother is one of your workers"
    t.put(0, "Timely Messenger")
    assert why(t, "play Timely Messenger") == "Timely Messenger is already in play"
    assert why(t, "play Troq Bashar") == "Troq Bashar is a hero: summon it"


def test_an_opponents_hidden_card_gets_no_reason() -> None:
    """A card in another player's hand is never named: the refusal says only that the move is not legal."""
    t = table()
    (hidden,) = t.give(1, "Tenderfoot")
    assert GAME.why_illegal(t.s, 0, Action("play", (hidden,))) is None
    assert GAME.why_illegal(t.s, 0, Action("worker", (hidden,))) is None


def test_things_that_are_not_in_play_or_not_ones_own() -> None:
    t = table()
    assert why(t, "attack Tenderfoot -> base") == "you have no Tenderfoot in play"
    assert why(t, "level Troq Bashar 1") == "you have no Troq Bashar in play"
    t.put(1, "Older Brother")
    assert why(t, "attack Older Brother -> base") == "Older Brother is not yours"
    assert why(t, "summon River Montoya") == "River Montoya is not in your command zone"


# ------------------------------------------------------------------------------------ playing cards


def test_gold_short() -> None:
    t = table()
    t.give(0, "Brick Thief")
    t.gold(0, 1)
    assert why(t, "play Brick Thief") == "Brick Thief costs 2 gold (you have 1)"
    assert why(t, "summon Troq Bashar") == "Troq Bashar costs 2 gold (you have 1)"


def test_boost() -> None:
    t = table()
    t.give(0, "Brick Thief")
    assert why(t, "play Brick Thief boost") == "Brick Thief has no boost"
    t.workers(0, 8)
    t.built(0, "tech1", "tech2", spec="anarchy")
    t.give(0, "Marauder")
    t.gold(0, 5)
    assert why(t, "play Marauder boost") == "Marauder costs 6 gold boosted (you have 5)"


def test_spells_need_a_hero_to_cast_them() -> None:
    t = table()
    t.give(0, "Bloom")
    assert why(t, "play Bloom") == "no hero in play to cast Bloom"
    t.put(0, "Troq Bashar")
    t.s.players[0].marks["silenced"] = t.s.turn
    assert why(t, "play Bloom") == "your heroes are silenced and cast no spells"


def test_spec_spells_need_their_spec_hero() -> None:
    t = table()
    t.put(0, "River Montoya")
    t.give(0, "Intimidate")
    assert why(t, "play Intimidate") == "Intimidate needs a bashing hero in play"


def test_ultimate_spells_need_a_max_level_hero() -> None:
    t = table()
    t.put(0, "Troq Bashar", level=1)
    t.give(0, "Final Smash")
    assert why(t, "play Final Smash") == ("Final Smash needs a bashing hero that was at max level when your turn began")


def test_a_spell_without_a_target() -> None:
    t = table()
    t.put(0, "Troq Bashar")
    t.give(0, "Spark")
    assert why(t, "play Spark") == "Spark would have no target"


def test_a_card_in_play_forbids_playing_one() -> None:
    t = table()
    t.built(0, "tech1", "tech2")
    t.workers(0, 10)
    t.put(0, "Twilight Baron")
    t.give(0, "Hired Stomper")
    assert why(t, "play Hired Stomper") == "a card in play forbids you to play Hired Stomper now"


# ------------------------------------------------------------------------------------ tech buildings


def test_units_need_their_tech_building() -> None:
    t = table()
    t.give(0, "Hired Stomper", "Iron Man")
    assert why(t, "play Iron Man") == "Iron Man needs a Tech I building"
    assert why(t, "play Hired Stomper") == "Hired Stomper needs a Tech II building"
    t.built(0, "tech2")
    t.s.players[0].tech2_spec = "finesse"
    assert why(t, "play Hired Stomper") == "Hired Stomper needs bashing tech (your Tech II is for finesse)"


def test_a_higher_building_counts_with_the_option() -> None:
    t = table(tech_tiers="higher_counts")
    t.give(0, "Iron Man")
    assert why(t, "play Iron Man") == "Iron Man needs a Tech I building or higher"


def test_a_shut_down_tech_building() -> None:
    t = table()
    t.built(0, "tech1")
    p = t.s.players[0]
    p.marks["tech1 off"] = p.turns
    t.give(0, "Iron Man")
    assert why(t, "play Iron Man") == "your Tech I is shut down this turn"


def test_tech_iii_needs_tech_ii_with_the_option() -> None:
    t = table(tech3_needs_tech2="yes")
    t.built(0, "tech3")
    t.s.players[0].tech2_spec = "bashing"
    t.give(0, "Trojan Duck")
    assert why(t, "play Trojan Duck") == "Tech III needs a working Tech II"


def test_building_tech() -> None:
    t = table()
    assert why(t, "build tech1") == "Tech I needs 6 workers (you have 4)"
    t.workers(0, 6)
    t.gold(0, 0)
    assert why(t, "build tech1") == "Tech I costs 1 gold (you have 0)"
    t.gold(0, 20)
    t.workers(0, 8)
    assert why(t, "build tech2") == "Tech II needs a working Tech I"
    t.s.players[0].tech[0].status = "building"
    assert why(t, "build tech1") == "your Tech I is still being built"
    t.built(0, "tech1")
    assert why(t, "build tech1") == "you already have a Tech I"
    assert why(t, "build tech1 bashing") == "you already have a Tech I"
    t.workers(0, 10)
    assert why(t, "build tech2 bashing") == "a Tech II is built without naming a spec"


def test_add_ons() -> None:
    t = table()
    assert why(t, "build tech lab") == "a Tech Lab is built only by a player with two or more heroes"
    t.gold(0, 2)
    assert why(t, "build tower") == "Tower costs 3 gold (you have 2)"
    t.gold(0, 20)
    t.built(0, "tower")
    assert why(t, "build surplus") == "you already have an add-on (a Tower); destroy it first"
    assert why(t, "destroy surplus") == "your add-on is a Tower"
    t.s.players[0].addon = Building("tower", "building")
    assert why(t, "destroy tower") == "your Tower is still being built"
    t.s.players[0].addon = None
    assert why(t, "destroy tower") == "you have no add-on to destroy"


def test_a_team_has_one_add_on_of_a_kind() -> None:
    t = Table(players=4, mode="2v2", hero1="troq-bashar", hero2="river-montoya", hero3="river-montoya")
    t.clear()
    t.gold(0, 20)
    t.built(2, "tower")
    assert why(t, "build tower", 0) == "your team already has a Tower"


def test_specs_at_tech_ii_and_the_tech_lab() -> None:
    t = team()
    t.workers(0, 10)
    t.built(0, "tech1")
    assert why(t, "build tech2") == "say which spec your Tech II is for: bashing or finesse"
    assert why(t, "build tech2 anarchy") == "anarchy is not a spec you can choose here (bashing or finesse)"
    assert why(t, "build tech lab bashing") == "a Tech Lab built before Tech II gets its spec when Tech II is built"
    t.built(0, "tech2", spec="bashing")
    assert why(t, "build tech lab") == "say which spec your Tech Lab unlocks: finesse"
    assert why(t, "build tech lab bashing") == "your Tech II already unlocks bashing"


# ------------------------------------------------------------------------------------ workers, heroes


def test_one_hire_a_turn() -> None:
    t = table()
    t.give(0, "Tenderfoot", "Older Brother")
    t.act("worker Tenderfoot")
    assert why(t, "worker Older Brother") == "you already hired a worker this turn"


def test_a_worker_costs_gold() -> None:
    t = table()
    t.give(0, "Tenderfoot")
    t.gold(0, 0)
    assert why(t, "worker Tenderfoot") == "a worker costs 1 gold (you have 0)"


def test_heroes_in_play_and_recovering() -> None:
    t = team()
    t.act("summon Troq Bashar")
    assert why(t, "summon River Montoya") == (
        "you may have only 1 hero in play now (Tech II, Tech III and a Heroes' Hall allow more)"
    )
    assert why(t, "summon Troq Bashar") == "Troq Bashar is already in play"
    t.built(0, "heroes hall")
    river = next(u for u in t.s.players[0].command if t.s.cards[u][0] == "river-montoya")
    t.s.players[0].cooldown[river] = 1
    assert why(t, "summon River Montoya") == "River Montoya died recently and cannot be summoned again yet"


def test_levels() -> None:
    t = table()
    t.put(0, "Tenderfoot")
    assert why(t, "level Tenderfoot 1") == "Tenderfoot is not a hero"
    troq = t.put(0, "Troq Bashar", level=7)
    assert why(t, "level Troq Bashar 2") == "Troq Bashar can gain only 1 more level"
    t.gold(0, 0)
    assert why(t, "level Troq Bashar 1") == "1 level costs 1 gold (you have 0)"
    t.thing(troq).level = 8
    assert why(t, "level Troq Bashar 1") == "Troq Bashar is already at its max level (8)"
    t.thing(troq).level = 3
    t.s.flags["no_level"] = [troq]
    assert why(t, "level Troq Bashar 1") == "Troq Bashar cannot gain levels this turn"


# ---------------------------------------------------------------------------------------- abilities


def test_abilities_and_their_costs() -> None:
    t = table()
    t.put(0, "Tenderfoot")
    assert why(t, "ability Tenderfoot") == "Tenderfoot has no ability to use"
    t.put(0, "Firebat")
    t.gold(0, 0)
    assert why(t, "ability Firebat") == "the ability of Firebat costs 1 gold (you have 0)"
    t.gold(0, 5)
    assert why(t, "ability Firebat: nonsense") == (
        "Firebat has no such ability; name it after a colon, as the legal moves show"
    )
    river = t.put(0, "River Montoya")
    assert why(t, "ability River Montoya") == "River Montoya has no ability to use"  # not at level 1
    t.thing(river).level = 5
    assert why(t, "ability River Montoya") == "the ability of River Montoya would have no target"


def test_exhausted_and_just_arrived() -> None:
    t = table()
    t.put(0, "Firebat", exhausted=True)
    assert why(t, "ability Firebat") == "Firebat is exhausted"
    assert why(t, "attack Firebat -> base") == "Firebat is exhausted"
    assert why(t, "patrol Firebat elite") == "Firebat is exhausted"
    t2 = table()
    t2.put(0, "Firebat", fresh=True)
    assert why(t2, "ability Firebat") == "Firebat arrived this turn"
    assert why(t2, "attack Firebat -> base") == "Firebat arrived this turn"


def test_once_and_three_times_a_turn() -> None:
    t = table()
    t.put(0, "Gargoyle")
    t.act("ability Gargoyle")
    assert why(t, "ability Gargoyle") == "Gargoyle has used that ability this turn already"
    dragon = t.put(0, "Young Lightning Dragon")
    for _ in range(3):
        t.do(Action("ability", (dragon, GAME.read_action(t.s, 0, "ability Young Lightning Dragon").args[1])))
        while t.s.pending is not None:
            t.do(Action("choose", (t.s.pending["options"][0],)))
    assert (
        why(t, "ability Young Lightning Dragon")
        == "Young Lightning Dragon has used that ability 3 times this turn already"
    )


def test_abilities_that_discard_remove_runes_exhaust_others_or_wait_for_a_condition() -> None:
    t = table()
    t.put(0, "Reaver")
    assert why(t, "ability Reaver") == "the ability of Reaver discards 1 card (you have 0)"
    t.put(0, "Spore Shambler")
    assert why(t, "ability Spore Shambler: pay 1") == "Spore Shambler lacks the runes its ability removes"
    t.put(0, "Skeletal Lord")
    assert why(t, "ability Skeletal Lord: call the bones") == (
        "the ability of Skeletal Lord needs 5 other ready units to exhaust"
    )
    t.put(0, "Graveyard")
    assert why(t, "ability Graveyard") == "the ability of Graveyard cannot be used now"  # nothing buried


def test_detect() -> None:
    t = table()
    assert why(t, "detect Backstabber") == "you need a finished Tower to detect"
    t.built(0, "tower")
    assert why(t, "detect Backstabber") == "there is no Backstabber in play"
    t.put(1, "Older Brother")
    assert why(t, "detect Older Brother") == "Older Brother is not invisible"
    t.put(0, "Tenderfoot")
    assert why(t, "detect Tenderfoot") == "Tenderfoot is on your side"
    t.put(1, "Backstabber")
    t.act("detect Backstabber")
    t.put(1, "Flagstone Spy")
    assert why(t, "detect Flagstone Spy") == "your Tower has already detected this turn"


# ------------------------------------------------------------------------------------------ attacks


def test_who_may_attack() -> None:
    t = table()
    t.put(0, "Gargoyle")
    assert why(t, "attack Gargoyle -> base") == "Gargoyle can't attack"
    t.put(0, "Brave Knight")
    t.act("attack Brave Knight -> base")
    t.thing(next(u for u, th in t.s.things.items() if th.card == "brave-knight")).exhausted = False
    assert why(t, "attack Brave Knight -> base") == "Brave Knight has already attacked this turn"


def test_what_may_be_attacked() -> None:
    t = table()
    t.put(0, "Tenderfoot")
    assert why(t, "attack Tenderfoot -> tech2") == "there is no tech2 to attack"
    assert why(t, "attack Tenderfoot -> my base") == "my base is on your side"
    assert why(t, "attack Tenderfoot -> Older Brother") == "there is no Older Brother in play"
    t.put(1, "Cloud Sprite")
    assert why(t, "attack Tenderfoot -> Cloud Sprite") == (
        "Cloud Sprite is flying: only flying or anti-air attackers reach it"
    )
    t.put(1, "Backstabber")
    assert why(t, "attack Tenderfoot -> Backstabber") == "Backstabber is invisible and not patrolling"


def test_a_flying_base() -> None:
    t = table()
    t.put(0, "Tenderfoot")
    t.put(1, "Lawbringer Gryphon")
    assert (
        why(t, "attack Tenderfoot -> base") == "that base counts as flying: only flying or anti-air attackers reach it"
    )


def test_a_ban_on_attacking() -> None:
    t = table()
    t.put(0, "Tenderfoot")
    p2 = t.s.players[1]
    p2.marks[PEACE] = p2.turns  # Moment's Peace, cast by p2
    assert why(t, "attack Tenderfoot -> base") == "a card in play forbids this attack"


def test_patrollers_come_first() -> None:
    t = table()
    t.put(0, "Tenderfoot")
    t.put(1, "Older Brother", slot="squad leader")
    t.put(1, "Helpful Turtle", slot="elite")
    assert why(t, "attack Tenderfoot -> base") == "a patroller stands in the way: attack Older Brother first"
    assert why(t, "attack Tenderfoot -> Helpful Turtle") == (
        "a patroller stands in the way: attack Older Brother first"
    )


def test_an_attack_tax() -> None:
    t = table()
    t.put(0, "Tenderfoot")
    t.put(1, "Setsuki Hiruki")
    t.gold(0, 0)
    reason = why(t, "attack Tenderfoot -> Setsuki Hiruki")
    assert reason.startswith("attacking Setsuki Hiruki costs ") and reason.endswith(" gold (you have 0)")


def test_an_unattackable_target() -> None:
    t = table()
    t.put(0, "Tenderfoot")
    t.put(1, "Liberty Gryphon")
    t.put(1, "Mirror Illusion")  # another name's Illusion: the Gryphon is unattackable
    assert why(t, "attack Tenderfoot -> Liberty Gryphon") == "Liberty Gryphon cannot be attacked"
    t.put(1, "Tiny Basilisk")
    assert why(t, "attack Tenderfoot -> Tiny Basilisk") == "Tenderfoot cannot attack Tiny Basilisk"


# ------------------------------------------------------------------------------------------- patrols


def test_patrol_plans() -> None:
    t = table()
    t.put(0, "Gargoyle")
    assert why(t, "patrol Gargoyle elite") == "Gargoyle can't patrol"
    t.put(0, "Tenderfoot", slot="elite")
    assert why(t, "patrol Tenderfoot elite") == "Tenderfoot already patrols as elite"
    t.put(0, "Older Brother")
    assert why(t, "unpatrol Older Brother") == "Older Brother is not on your patrol plan"
    assert why(t, "patrol Older Brother p2 elite") == "fighters are lent to other players only in free-for-all"


def test_lending_in_free_for_all() -> None:
    t = Table(players=3, mode="ffa", hero1="troq-bashar", hero2="river-montoya", hero3="river-montoya")
    t.clear()
    t.put(0, "Tenderfoot")
    t.put(1, "Older Brother", slot="elite")
    assert why(t, "patrol Tenderfoot p2 elite") == "p2's elite slot is taken"
    t.put(0, "Galina Glimmer")
    t.put(1, "Galina Glimmer")
    assert why(t, "patrol Galina Glimmer p2 lookout") == "p2 already controls a Galina Glimmer, which is legendary"


def test_only_units_and_heroes_attack_and_patrol() -> None:
    t = table()
    t.put(0, "Firehouse")
    assert why(t, "attack Firehouse -> base") == "Firehouse is not a unit or a hero"
    assert why(t, "patrol Firehouse elite") == "Firehouse is not a unit or a hero"


def test_repairs() -> None:
    assert why(table(), "repair base") == "a base is repaired only in free-for-all"
    t = Table(players=3, mode="ffa", hero1="troq-bashar", hero2="river-montoya", hero3="river-montoya")
    t.clear()
    assert why(t, "repair base") == "your base has no damage"
    t.s.players[0].base_damage = 2
    t.gold(0, 2)
    assert why(t, "repair base") == "a repair costs 3 gold (you have 2)"


def test_a_legal_action_gets_no_reason() -> None:
    """The reasons follow the legality code: every legal action of a busy position gets none."""
    t = team()
    t.workers(0, 10)
    t.built(0, "tech1", "tower")
    t.give(0, "Brick Thief", "Tenderfoot", "Bloom", "Iron Man")
    t.put(0, "Firebat")
    t.put(0, "Troq Bashar")
    t.put(1, "Older Brother", slot="squad leader")
    for action in GAME.legal_actions(t.s, 0):
        assert GAME.why_illegal(t.s, 0, action) is None, GAME.describe_action(t.s, 0, action)

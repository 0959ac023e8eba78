"""Blue's Law spec and its hero Bigby Hayes: Injunction, Community Service, Jurisdiction, Judgment Day, Tax
Collector, Scribe, Guardian of the Gates, Insurance Agent, Justice Juggernaut, Arresting Constable, Censorship
Council, Lawbringer Gryphon."""

from __future__ import annotations

import pytest

from engine.codex import GAME
from engine.codex.scenario import Table


def table(level: int = 1, gold: int = 20, max_since_start: bool = False) -> Table:
    """P1 (active) with Bigby Hayes in play and gold, the Law spec teched; P2 with nothing. Hands are empty."""
    t = Table(hero1="bigby-hayes")
    t.clear()
    t.gold(0, gold)
    h = t.put(0, "bigby-hayes", level=level)
    t.thing(h).max_at_start = max_since_start
    return t


def end_turn(t: Table) -> None:
    """End the turn; Bigby's stash keeps nothing."""
    t.act("end")
    if t.s.pending is not None and t.s.pending["kind"] == "stash":
        t.act("choose none")
    if t.s.phase == "await_tech":
        t.pick_tech(t.s.active)


def things(t: Table, card: str, seat: int | None = None) -> list[int]:
    return sorted(u for u, th in t.s.things.items() if th.card == card and (seat is None or th.ctrl == seat))


# -------------------------------------------------------------------------------------------- Injunction


@pytest.mark.cards("injunction")
def test_injunction_shuts_a_tech_building_and_disables_units_of_its_level() -> None:
    t = table()
    t.built(1, "tech1", "tech2")
    one = t.put(1, "Iron Man", slot="elite")
    two = t.put(1, "Hired Stomper")
    zero = t.put(1, "Tenderfoot")
    t.give(0, "Injunction")
    t.act("play Injunction")
    assert t.legal() == ["choose tech1", "choose tech2"]
    t.act("choose tech1")
    assert t.thing(one).skip_ready and t.thing(one).exhausted and one not in t.s.players[1].patrol
    assert not t.thing(two).exhausted and not t.thing(zero).exhausted
    end_turn(t)  # P2's turn: the Tech I building is out of order, its units stay exhausted
    assert t.thing(one).exhausted
    t.gold(1, 10)
    t.give(1, "Iron Man")
    assert not t.can("play Iron Man", 1)
    end_turn(t)
    end_turn(t)  # P2's following turn: working again
    t.clear(1)
    (iron,) = t.give(1, "Iron Man")
    t.gold(1, 10)
    assert iron in t.s.players[1].hand and t.can("play Iron Man", 1) and not t.s.players[1].marks


@pytest.mark.cards("injunction")
def test_injunction_on_tech_two_stops_building_tech_three_but_needs_a_building() -> None:
    t = table()
    t.give(0, "Injunction")
    t.put(1, "Hired Stomper")
    t.act("play Injunction")  # no tech building to shut down: nothing happens (ruling)
    assert not t.thing(things(t, "hired-stomper")[0]).exhausted
    t.built(1, "tech1", "tech2")
    t.give(0, "Injunction")
    t.act("play Injunction")
    t.act("choose tech2")
    end_turn(t)
    t.workers(1, 10)
    t.gold(1, 10)
    assert not t.can("build tech3", 1)


# ------------------------------------------------------------------------------------ Community Service


@pytest.mark.cards("community-service")
def test_community_service_takes_a_unit_from_a_hand_free_and_without_tech() -> None:
    t = table()
    t.give(0, "Community Service")
    iron, _spark, _stomper = t.give(1, "Iron Man", "Spark", "Tenderfoot")
    t.act("play Community Service")
    t.act("choose hand")
    assert t.s.pending["options"] == [iron, "none"]  # tech I or II units only
    t.act("choose Iron Man")
    th = t.thing(iron)
    assert th.ctrl == 0 and th.owner == 1 and t.s.players[0].gold == 15
    assert GAME.hidden_cards(t.s, 1) == set()  # P1 looked at that hand this turn


@pytest.mark.cards("community-service")
def test_community_service_may_take_nothing_from_a_discard_pile() -> None:
    t = table()
    t.give(0, "Community Service")
    (stomp,) = t.give(1, "Hired Stomper", zone="discard")
    t.act("play Community Service")
    t.act("choose discard pile")
    t.act("choose none")
    assert stomp in t.s.players[1].discard and not things(t, "hired-stomper")


# ------------------------------------------------------------------------------------------ Jurisdiction


@pytest.mark.cards("jurisdiction")
def test_jurisdiction_plays_a_spell_from_the_codex_paying_its_cost() -> None:
    t = table(gold=6)
    t.put(1, "Older Brother")
    t.give(0, "Jurisdiction")
    before = t.s.players[0].codex.get("injunction", 0)
    t.act("play Jurisdiction")
    options = t.s.pending["options"]
    assert "judgment-day" not in options and "injunction" in options
    t.act("choose Injunction")
    assert t.s.players[0].codex.get("injunction", 0) == before - 1
    assert t.s.players[0].gold == 6 - 2 - 3
    played = [u for u in t.s.players[0].discard if t.s.cards[u][0] == "injunction"]
    assert played  # cast, then discarded like any spell


@pytest.mark.cards("jurisdiction")
def test_jurisdiction_channeling_spell_without_its_hero_is_discarded() -> None:
    t = table(gold=10)
    t.s.players[0].codex["two-step"] = 1
    t.put(0, "Tenderfoot")
    t.put(0, "Older Brother")
    t.give(0, "Jurisdiction")
    t.act("play Jurisdiction")
    t.act("choose Two Step")
    assert not things(t, "two-step")
    assert any(t.s.cards[u][0] == "two-step" for u in t.s.players[0].discard)


# ------------------------------------------------------------------------------------------ Judgment Day


@pytest.mark.cards("judgment-day")
def test_judgment_day_destroys_tech_0_to_2_units_and_spares_heroes() -> None:
    t = table(level=5, max_since_start=False)  # max level reached this turn: still allowed
    t.give(0, "Judgment Day")
    mine = t.put(0, "Tenderfoot")
    theirs = t.put(1, "Hired Stomper", slot="scavenger")
    big = t.put(1, "Lawbringer Gryphon")
    foe_hero = t.put(1, "troq-bashar")
    t.act("play Judgment Day")
    assert not t.alive(mine) and not t.alive(theirs)
    assert t.alive(big) and t.alive(foe_hero) and len(things(t, "bigby-hayes")) == 1
    assert theirs in t.s.players[1].discard


@pytest.mark.cards("judgment-day")
def test_judgment_day_needs_the_law_hero_at_max_level() -> None:
    t = table(level=4)
    t.give(0, "Judgment Day")
    assert not t.can("play Judgment Day")


# ------------------------------------------------------------------------------- Tax Collector, Scribe


@pytest.mark.cards("tax-collector")
def test_tax_collector_steals_a_gold_if_there_is_one() -> None:
    t = table(gold=5)
    t.built(0, "tech1")
    t.gold(1, 3)
    t.give(0, "Tax Collector", "Tax Collector")
    t.act(f"play {t.name(t.s.players[0].hand[0])}")
    assert (t.s.players[0].gold, t.s.players[1].gold) == (4, 2)
    t.gold(1, 0)
    t.act("play Tax Collector")
    assert (t.s.players[0].gold, t.s.players[1].gold) == (2, 0)


@pytest.mark.cards("scribe")
def test_scribe_draws_on_arrival() -> None:
    t = table()
    t.built(0, "tech1")
    t.give(0, "Scribe")
    t.give(0, "Spark", zone="deck")
    t.act("play Scribe")
    assert [t.s.cards[u][0] for u in t.s.players[0].hand] == ["spark"]


# --------------------------------------------------------------------------------- Guardian of the Gates


@pytest.mark.cards("guardian-of-the-gates")
def test_guardian_of_the_gates_disables_the_unit_it_hits() -> None:
    t = table()
    g = t.put(1, "Guardian of the Gates", slot="squad leader")
    a = t.put(0, "Older Brother")
    t.act("attack Older Brother -> Guardian of the Gates")
    assert t.thing(a).skip_ready and t.thing(a).exhausted and not t.thing(g).skip_ready
    assert "can't attack" in t.kw(g)


@pytest.mark.cards("guardian-of-the-gates")
def test_guardian_disables_even_when_armor_soaks_it_all() -> None:
    t = table()
    g = t.put(1, "Guardian of the Gates", slot="elite")
    a = t.put(0, "Older Brother")
    t.effect(0, [{"op": "modify", "armor": 3, "until": "turn", "to": {"each": {"card": "older-brother"}}}])
    t.act("attack Older Brother -> Guardian of the Gates")
    assert t.thing(g).damage == 2 and t.thing(a).damage == 0 and t.thing(a).skip_ready


# ---------------------------------------------------------------------------------------- Insurance Agent


@pytest.mark.cards("insurance-agent")
def test_insurance_agent_pays_cost_and_a_card_when_the_insured_unit_dies() -> None:
    t = table(gold=5)
    t.built(0, "tech1", "tech2")
    foe = t.put(1, "Hired Stomper")
    t.give(0, "Insurance Agent")
    t.give(0, "Spark", zone="deck")
    t.act("play Insurance Agent")
    t.act("choose Hired Stomper")  # any unit, the Agent itself included
    assert t.thing(foe).marks["insurance"] == 1
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "hired-stomper"}}}])
    assert t.s.players[0].gold == 4 + 4 and len(t.s.players[0].hand) == 1


@pytest.mark.cards("insurance-agent")
def test_insurance_pays_nothing_when_the_unit_leaves_without_dying_or_the_agent_is_gone() -> None:
    t = table(gold=0)
    agent = t.put(0, "Insurance Agent")
    foe = t.put(1, "Hired Stomper", runes=0)
    t.thing(agent).marks["insuring"] = foe
    t.thing(foe).marks["insurance"] = 1
    t.effect(1, [{"op": "bounce", "to": {"each": {"card": "hired-stomper"}}}])
    assert t.s.players[0].gold == 0
    other = t.put(1, "Iron Man")
    t.thing(agent).marks["insuring"] = other
    t.effect(1, [{"op": "trash", "to": {"each": {"card": "insurance-agent"}}}])
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "iron-man"}}}])
    assert t.s.players[0].gold == 0


@pytest.mark.cards("insurance-agent", "manufactured-truth")
def test_insurance_pays_the_cost_of_what_the_unit_was_copying_as_it_died() -> None:
    """Tenderfoot (cost 1) insured, then a copy of Iron Man this turn: it dies as an Iron Man, worth its cost."""
    t = table(gold=10)
    t.built(0, "tech1", "tech2", spec="law")
    foot = t.put(0, "Tenderfoot")
    t.put(1, "Iron Man")
    t.give(0, "Insurance Agent", "Manufactured Truth")
    t.act("play Insurance Agent")
    t.act("choose Tenderfoot")
    t.act("play Manufactured Truth")  # the only tech 0/I unit of P1's, the only other one: picked at once
    assert t.thing(foot).card == "iron-man"
    t.gold(0, 0)
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "iron-man", "side": "opponent"}}}])
    assert not t.alive(foot) and t.s.players[0].gold == t.cat["iron-man"].facts.cost


# ------------------------------------------------------------------------------------- Justice Juggernaut


@pytest.mark.cards("justice-juggernaut")
def test_justice_juggernaut_two_lives_unstoppable_and_no_patrol() -> None:
    t = table()
    jj = t.put(0, "Justice Juggernaut")
    t.put(1, "Older Brother", slot="squad leader")
    assert t.can("attack Justice Juggernaut -> base")
    assert not t.can("patrol Justice Juggernaut elite")
    t.thing(jj).damage = 6
    t.effect(1, [])
    assert t.alive(jj) and t.thing(jj).marks.get("crumbling") == 1 and t.thing(jj).damage == 0
    t.thing(jj).damage = 6
    t.effect(1, [])
    assert not t.alive(jj)


# ------------------------------------------------------------------------------------ Arresting Constable


@pytest.mark.cards("arresting-constable")
def test_arresting_constable_disables_a_tech_0_to_2_unit() -> None:
    t = table()
    t.put(0, "Arresting Constable")
    big = t.put(1, "Lawbringer Gryphon")
    u = t.put(1, "Hired Stomper", slot="elite")
    t.act("ability Arresting Constable")
    assert "choose Lawbringer Gryphon" not in t.legal()  # tech III
    t.act("choose Hired Stomper")
    assert t.thing(u).skip_ready and u not in t.s.players[1].patrol and not t.thing(big).exhausted
    assert not t.can("ability Arresting Constable")


# ------------------------------------------------------------------------------------ Censorship Council


@pytest.mark.cards("censorship-council")
def test_censorship_council_one_card_from_hand_for_opponents() -> None:
    t = table()
    t.put(1, "Censorship Council")
    t.give(0, "Tenderfoot", "Older Brother")
    t.act("play Tenderfoot")
    assert not t.can("play Older Brother")
    assert t.can("worker Older Brother")  # hiring is not playing a card


@pytest.mark.cards("censorship-council")
def test_censorship_council_does_not_bind_its_controller() -> None:
    t = table()
    t.put(0, "Censorship Council")
    t.give(0, "Tenderfoot", "Older Brother")
    t.act("play Tenderfoot")
    assert t.can("play Older Brother")


@pytest.mark.cards("censorship-council", "jurisdiction")
def test_censorship_council_leaves_a_spell_from_the_codex_alone() -> None:
    """Jurisdiction is the one card from hand; the spell it plays comes from the codex, so the Council allows it."""
    t = table(gold=10)
    t.put(1, "Censorship Council")
    t.put(1, "Older Brother")
    t.give(0, "Jurisdiction", "Spark")
    t.act("play Jurisdiction")
    assert t.s.pending is not None and "injunction" in t.s.pending["options"]
    t.act("choose Injunction")
    assert not t.can("play Spark")


# ------------------------------------------------------------------------------------ Lawbringer Gryphon


@pytest.mark.cards("lawbringer-gryphon")
def test_lawbringer_gryphon_base_flies_while_it_is_in_play() -> None:
    t = table()
    lg = t.put(1, "Lawbringer Gryphon")
    t.put(0, "Older Brother")
    t.put(0, "Spectral Aven")
    assert not t.can("attack Older Brother -> base") and t.can("attack Spectral Aven -> base")
    assert t.kw(lg)["resist"] == 2 and t.kw(lg)["obliterate"] == 4 and "flying" in t.kw(lg)
    t.s.things.pop(lg)
    assert t.can("attack Older Brother -> base")


# ------------------------------------------------------------------------------------------- Bigby Hayes


@pytest.mark.cards("bigby-hayes")
def test_bigby_stash_keeps_one_card_and_draws_one_fewer() -> None:
    t = table()
    keep, _other = t.give(0, "Spark", "Wither")
    t.give(0, *["Tenderfoot"] * 6, zone="deck")
    t.act("end")
    assert t.s.pending["kind"] == "stash"
    t.act("choose Spark")
    hand = t.s.players[0].hand
    assert keep in hand and len(hand) == 4


@pytest.mark.cards("bigby-hayes")
def test_bigby_mid_sidelines_a_small_patroller_and_max_draws() -> None:
    t = table(level=3)
    small = t.put(1, "Tenderfoot", slot="elite")
    t.put(1, "Hired Stomper", slot="squad leader")
    t.act("ability Bigby Hayes")
    assert small not in t.s.players[1].patrol
    end_turn(t)
    end_turn(t)
    h = things(t, "bigby-hayes")[0]
    t.thing(h).level = 5
    t.give(0, "Spark", zone="deck")
    t.act("ability Bigby Hayes: draw")
    assert len(t.s.players[0].hand) >= 1 and t.thing(h).exhausted

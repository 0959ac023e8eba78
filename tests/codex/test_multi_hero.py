"""The multi-hero rules with a team of Troq Bashar and River Montoya: hero limit, spec declaration at
Tech II, Tech Lab, Heroes' Hall, a bounty with two candidates, spec spells per hero."""

from __future__ import annotations

from engine.codex.scenario import Table


def team() -> Table:
    t = Table(hero1=["troq-bashar", "river-montoya"], hero2=["river-montoya", "troq-bashar"])
    t.clear()
    return t


def test_codex_holds_both_specs_and_all_add_ons_are_offered() -> None:
    t = team()
    assert sum(t.s.players[0].codex.values()) == 48
    t.gold(0, 10)
    assert t.can("build tech lab") and t.can("build heroes hall")


def test_hero_limit_one_until_tech_ii_or_the_hall() -> None:
    t = team()
    t.gold(0, 10)
    t.act("summon Troq Bashar")
    assert not t.can("summon River Montoya")
    t.built(0, "heroes hall")
    assert t.can("summon River Montoya")


def test_tech_ii_declares_one_of_the_team_specs_for_good() -> None:
    t = team()
    t.gold(0, 10)
    t.workers(0, 8)
    t.built(0, "tech1")
    assert t.can("build tech2 bashing") and t.can("build tech2 finesse") and not t.can("build tech2")
    t.act("build tech2 finesse")
    p = t.s.players[0]
    assert p.tech2_spec == "finesse"
    p.tech[1].status = "destroyed"
    assert t.can("build tech2")  # the rebuilt one keeps its spec
    t.give(0, "Grounded Guide", "Hired Stomper")
    t.built(0, "tech2")
    assert t.can("play Grounded Guide") and not t.can("play Hired Stomper")


def test_tech_lab_unlocks_the_other_spec() -> None:
    t = team()
    t.gold(0, 10)
    t.built(0, "tech1", "tech2", spec="bashing")
    t.give(0, "Grounded Guide")
    assert not t.can("play Grounded Guide")
    t.built(0, "tech lab", spec="finesse")
    assert t.can("play Grounded Guide")
    t.s.players[0].addon.status = "building"
    assert not t.can("play Grounded Guide")  # not finished: it does not exist yet


def test_bounty_with_two_candidates_is_the_active_players_choice() -> None:
    t = team()
    troq = t.put(0, "troq-bashar", level=1)
    river = t.put(0, "river-montoya", level=1)
    foe = t.put(1, "troq-bashar", level=1, damage=2)
    t.put(0, "Older Brother")
    t.act(f"attack Older Brother -> {t.name(foe)}")
    assert t.s.pending["kind"] == "bounty" and t.s.pending["options"] == sorted([troq, river])
    t.act("choose River Montoya")
    assert t.thing(river).level == 3 and t.thing(troq).level == 1 and not t.alive(foe)


def test_spec_spells_follow_the_hero_in_play() -> None:
    t = team()
    t.put(0, "troq-bashar")
    t.gold(0, 10)
    t.give(0, "Discord", "Intimidate")
    t.put(1, "Tenderfoot")
    assert t.can("play Intimidate") and not t.can("play Discord")
    t.put(0, "river-montoya")
    assert t.can("play Discord")


def test_neutral_team_pays_no_multicolour_tax() -> None:
    t = team()
    t.gold(0, 10)
    t.workers(0, 6)
    t.act("build tech1")
    assert t.s.players[0].gold == 9

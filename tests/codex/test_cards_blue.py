"""Blue cards: the starter deck (Building Inspector, Spectral Aven, Bluecoat Musketeer, Traffic Director,
Porkhand Magistrate, Reputable Newsman, Jail, Lawful Search, Arrest, Manufactured Truth)."""

from __future__ import annotations

import pytest

from engine.codex import GAME
from engine.codex.scenario import Table
from engine.codex.state import Mod


def table(hero: str = "bigby-hayes", level: int = 1, gold: int = 20) -> Table:
    """P1 (active) with a Blue hero in play and gold; P2 with nothing. Hands and decks are empty."""
    t = Table()
    t.clear()
    t.gold(0, gold)
    t.put(0, hero, level=level)
    return t


def things(t: Table, card: str, seat: int | None = None) -> list[int]:
    return sorted(u for u, th in t.s.things.items() if th.card == card and (seat is None or th.ctrl == seat))


def targets(t: Table, attacker: str) -> set[str]:
    prefix = f"attack {attacker} -> "
    return {a[len(prefix) :] for a in t.legal() if a.startswith(prefix)}


# ----------------------------------------------------------------------------------- Building Inspector


@pytest.mark.cards("building-inspector")
def test_building_inspector_taxes_each_opponents_first_building_of_a_turn() -> None:
    t = table()
    t.put(0, "Building Inspector")
    t.end_turn()  # P2's turn
    t.gold(1, 10)
    t.workers(1, 6)
    t.act("build tech1")  # 1 + 1
    assert t.s.players[1].gold == 8
    t.act("build tower")  # the second building that turn costs as printed
    assert t.s.players[1].gold == 5


@pytest.mark.cards("building-inspector")
def test_building_inspector_counts_building_cards_and_rebuilds_and_not_its_owner() -> None:
    t = table()
    t.put(0, "Building Inspector")
    t.s.players[0].workers = 6
    t.act("build tech1")  # its controller pays the printed price
    assert t.s.players[0].gold == 19
    t.end_turn()
    t.s.players[1].tech[0].status = "destroyed"
    t.gold(1, 5)
    t.workers(1, 6)
    assert t.can("build tech1")
    t.act("build tech1")  # a rebuild is free, but it is the first building this turn: 1
    assert t.s.players[1].gold == 4


@pytest.mark.cards("building-inspector", "jail")
def test_building_inspector_counts_a_building_card_played_from_hand() -> None:
    t = table()
    t.put(1, "Building Inspector")
    t.give(0, "Jail")
    t.act("play Jail")  # 3 + 1 for the first building of the turn
    assert t.s.players[0].gold == 16


# ------------------------------------------------------------------------------------------ Spectral Aven


@pytest.mark.cards("spectral-aven")
def test_spectral_aven_flies_and_dies_when_targeted() -> None:
    t = table()
    aven = t.put(1, "Spectral Aven")
    t.put(0, "Tenderfoot")
    assert "Spectral Aven" not in targets(t, "Tenderfoot")  # ground units can't attack a flier
    t.s.players[1].patrol[0] = aven
    t.give(0, "Spark")
    t.act("play Spark")
    assert not t.alive(aven) and aven in t.s.players[1].discard


# -------------------------------------------------------------------------------------- Bluecoat Musketeer


@pytest.mark.cards("bluecoat-musketeer")
def test_bluecoat_musketeer_is_long_range_only_with_exactly_one_atk() -> None:
    t = table()
    m = t.put(0, "Bluecoat Musketeer")
    foe = t.put(1, "Older Brother")
    assert "long-range" in t.kw(m)
    t.act("attack Bluecoat Musketeer -> Older Brother")
    assert t.thing(m).damage == 0 and t.thing(foe).damage == 1  # long-range: no damage back
    t.thing(m).runes = 1  # 2 ATK now: the ATK after runes counts, not the printed one (ruling)
    assert "long-range" not in t.kw(m)
    t.thing(m).mods.append(Mod(atk=-1, until="ever"))
    assert t.atk(m) == 1 and "long-range" in t.kw(m)


# --------------------------------------------------------------------------------------- Traffic Director


@pytest.mark.cards("traffic-director")
def test_traffic_director_ignores_patrollers_only_to_attack_buildings() -> None:
    t = table()
    t.put(0, "Traffic Director")
    sl = t.put(1, "Older Brother", slot="squad leader")
    other = t.put(1, "Tenderfoot")
    t.built(1, "tech1")
    got = targets(t, "Traffic Director")
    assert got == {"base", "tech1", "Older Brother"}  # not Tenderfoot, a unit past the squad leader
    assert t.thing(sl) and t.thing(other)


@pytest.mark.cards("traffic-director")
def test_traffic_director_is_untargetable() -> None:
    t = table()
    t.put(1, "Traffic Director")
    t.put(1, "Older Brother")
    t.give(0, "Wither")
    t.act("play Wither")
    assert t.s.pending is not None and "Traffic Director" not in " ".join(t.legal())


# ------------------------------------------------------------------------------------ Porkhand Magistrate


@pytest.mark.cards("porkhand-magistrate")
def test_porkhand_magistrate_disables_and_the_victims_controller_draws() -> None:
    t = table(gold=1)
    t.put(0, "Porkhand Magistrate")
    foe = t.put(1, "Older Brother", slot="elite")
    t.give(1, "Tenderfoot", zone="deck")
    t.act("ability Porkhand Magistrate")
    assert "Porkhand Magistrate" not in t.s.pending["options"] and "choose Porkhand Magistrate" not in t.legal()
    t.act(f"choose {t.name(foe)}")
    th = t.thing(foe)
    assert th.exhausted and th.skip_ready and foe not in t.s.players[1].patrol
    assert len(t.s.players[1].hand) == 1 and t.s.players[0].gold == 0


@pytest.mark.cards("porkhand-magistrate")
def test_porkhand_magistrate_may_disable_an_exhausted_or_own_fighter() -> None:
    t = table(gold=1)
    t.put(0, "Porkhand Magistrate")
    mine = t.put(0, "Tenderfoot", exhausted=True)
    t.give(0, "Older Brother", zone="deck")
    t.act("ability Porkhand Magistrate")
    t.act(f"choose {t.name(mine)}")
    assert t.thing(mine).skip_ready and len(t.s.players[0].hand) == 1


# -------------------------------------------------------------------------------------- Reputable Newsman


@pytest.mark.cards("reputable-newsman")
def test_reputable_newsman_bans_opposing_spells_and_upgrades_of_the_named_cost() -> None:
    t = table()
    t.give(0, "Reputable Newsman")
    t.act("play Reputable Newsman")
    assert t.s.pending["kind"] == "name a cost"
    t.act("choose 1")
    t.end_turn()
    t.put(1, "troq-bashar")
    t.gold(1, 10)
    t.give(1, "Spark", "Wither", "Tenderfoot")
    t.put(0, "Tenderfoot", slot="elite")
    assert not t.can("play Spark")  # costs 1
    assert t.can("play Wither") and t.can("play Tenderfoot")  # a unit of cost 1 is fine


@pytest.mark.cards("reputable-newsman")
def test_reputable_newsman_ban_ends_when_he_leaves_play() -> None:
    t = table()
    news = t.put(1, "Reputable Newsman")
    t.thing(news).marks["named cost"] = 1
    t.put(1, "Tenderfoot", slot="elite")
    t.give(0, "Spark")
    assert not t.can("play Spark")
    t.s.things.pop(news)
    assert t.can("play Spark")


def newsman_named(t: Table, n: int, seat: int = 1) -> int:
    """`seat` controls a Reputable Newsman that named the cost `n` as he arrived."""
    news = t.put(seat, "Reputable Newsman", fresh=True)
    t.effect(seat, [{"op": "name a cost"}], src=news)
    t.act(f"choose {n}")  # the active player answers for an effect on their turn
    assert t.thing(news).marks["named cost"] == n
    return news


@pytest.mark.cards("reputable-newsman", "guargum-eternal-sentinel")
def test_reputable_newsman_bans_the_printed_cost_whatever_is_paid() -> None:
    """Guargum lets Growth spells be played for free: a Newsman naming 0 bans none of them, one naming a Growth
    spell's printed cost bans it though it would cost nothing."""
    t = Table(hero1="grave-stormborne", hero2="bigby-hayes")
    t.clear()
    t.gold(0, 0)
    t.put(0, "Guargum, Eternal Sentinel")
    t.give(0, "Stampede")  # printed cost 3, free with Guargum
    printed = t.cat["stampede"].facts.cost
    assert printed and t.can("play Stampede")
    news = newsman_named(t, 0)
    assert t.can("play Stampede")
    t.s.things.pop(news)
    newsman_named(t, printed)
    assert not t.can("play Stampede")


@pytest.mark.cards("reputable-newsman", "jurisdiction")
def test_reputable_newsman_bans_a_codex_spell_of_its_cost() -> None:
    t = Table(hero1="bigby-hayes")
    t.clear()
    t.gold(0, 10)
    t.put(0, "bigby-hayes")
    t.put(1, "Older Brother")
    newsman_named(t, t.cat["injunction"].facts.cost or 0)
    t.give(0, "Jurisdiction")
    t.act("play Jurisdiction")
    assert "injunction" not in t.s.pending["options"] and "community-service" in t.s.pending["options"]


@pytest.mark.cards("reputable-newsman", "cinderblast-dragon", "fire-dart")
def test_reputable_newsman_bans_a_free_fire_spell_from_the_codex() -> None:
    t = Table(hero1="jaina-stormborne", hero2="bigby-hayes")
    t.clear()
    t.gold(0, 20)
    t.built(0, "tech1", "tech2", "tech3", spec="fire")
    t.s.players[0].codex = {"fire-dart": 1, "flame-arrow": 1}
    newsman_named(t, t.cat["fire-dart"].facts.cost or 0)
    t.give(0, "Cinderblast Dragon")
    t.act("play Cinderblast Dragon")
    assert set(t.legal()) == {"choose Flame Arrow from codex", "choose no"}


@pytest.mark.cards("reputable-newsman", "vir-garbarean")
def test_reputable_newsman_bans_the_top_card_vir_garbarean_would_play() -> None:
    t = Table(hero1="vir-garbarean", hero2="bigby-hayes")
    t.clear()
    t.gold(0, 10)
    vir = t.put(0, "vir-garbarean", level=5)
    t.put(1, "Older Brother")
    newsman_named(t, t.cat["wither"].facts.cost or 0)
    (top,) = t.give(0, "Wither", zone="deck")
    t.act("ability Vir Garbarean: play top")
    assert t.s.players[0].deck == [top] and t.s.players[0].gold == 10 and t.thing(vir).exhausted


# ------------------------------------------------------------------------------------------------- Jail


@pytest.mark.cards("jail")
def test_jail_holds_opposing_units_played_from_hand_and_releases_the_previous_one() -> None:
    t = table()
    t.put(1, "Jail")
    first, second = t.give(0, "Brick Thief", "Tenderfoot")
    cards = GAME.card_count(t.s)
    t.act("play Brick Thief")
    assert not t.alive(first) and t.s.players[1].zones["jail"] == [first]
    assert t.s.pending is None  # it did not arrive: no arrival ability
    t.act("play Tenderfoot")
    assert t.s.players[1].zones["jail"] == [second] and t.alive(first)
    assert t.s.pending["kind"] == "pick"  # released, Brick Thief arrives and its ability fires now
    assert GAME.card_count(t.s) == cards  # the jailed card is still counted


@pytest.mark.cards("jail")
def test_jail_discards_its_inmate_when_destroyed_and_spares_its_owners_units() -> None:
    t = table()
    jail = t.put(0, "Jail")
    t.give(0, "Tenderfoot")
    t.act("play Tenderfoot")
    assert things(t, "tenderfoot", 0)  # its controller's own units arrive as usual
    t.end_turn()
    t.put(1, "troq-bashar")
    t.gold(1, 5)
    (brother,) = t.give(1, "Older Brother")
    t.act("play Older Brother")
    assert t.s.players[0].zones["jail"] == [brother]
    t.thing(jail).damage = 3
    t.effect(1, [])
    assert not t.alive(jail) and brother in t.s.players[1].discard and not t.s.players[0].zones.get("jail")


@pytest.mark.cards("jail", "assimilate")
def test_a_jail_taken_with_assimilate_keeps_its_inmate() -> None:
    t = Table(hero1="vir-garbarean", hero2="bigby-hayes")
    t.clear()
    t.gold(0, 20)
    t.put(0, "vir-garbarean")
    jail = t.put(1, "Jail")
    (foot,) = t.give(0, "Tenderfoot", "Assimilate")[:1]
    t.act("play Tenderfoot")
    t.act("play Assimilate")  # the only upgrade, ongoing spell or building card: picked at once
    assert t.thing(jail).ctrl == 0 and t.s.players[0].zones["jail"] == [foot] and not t.s.players[1].zones
    t.end_turn()
    t.gold(1, 10)
    (brother,) = t.give(1, "Older Brother")
    t.act("play Older Brother", 1)  # P2's unit is jailed now, and the Tenderfoot released
    assert t.alive(foot) and t.s.players[0].zones["jail"] == [brother]
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "jail"}}}])
    assert brother in t.s.players[1].discard and not any(p.zones for p in t.s.players)


@pytest.mark.cards("jail")
def test_units_put_into_play_from_hand_are_not_jailed() -> None:
    t = table()
    t.put(1, "Jail")
    (u,) = t.give(0, "Iron Man")
    t.effect(0, [{"op": "put into play", "from": "hand", "whose": "you", "filter": {"kind": ["unit"]}}])
    t.act("choose Iron Man")
    assert t.alive(u) and not t.s.players[1].zones.get("jail")


# ------------------------------------------------------------------------------------------ Lawful Search


@pytest.mark.cards("lawful-search")
def test_lawful_search_draws_then_looks_at_a_hand() -> None:
    t = table()
    t.give(0, "Lawful Search")
    t.give(0, "Tenderfoot", zone="deck")
    t.give(1, "Iron Man", "Wither")
    t.act("play Lawful Search")
    assert len(t.s.players[0].hand) == 1
    assert t.legal() == ["choose hand", "choose discard pile"]
    t.act("choose hand")
    looked = [e for e in t.events if e.kind == "looked"][-1]
    assert looked.to == frozenset({0}) and sorted(n.split("#")[0] for n in looked.data["names"]) == [
        "Iron Man",
        "Wither",
    ]
    assert GAME.hidden_cards(t.s, 1) == set()  # seen by P1 this turn


@pytest.mark.cards("lawful-search")
def test_lawful_search_may_look_at_the_discard_pile() -> None:
    t = table()
    t.give(0, "Lawful Search")
    t.give(1, "Spark", zone="discard")
    (secret,) = t.give(1, "Iron Man")
    t.act("play Lawful Search")
    t.act("choose discard pile")
    looked = [e for e in t.events if e.kind == "looked"][-1]
    assert [n.split("#")[0] for n in looked.data["names"]] == ["Spark"]
    assert t.name(secret) in GAME.hidden_cards(t.s, 1)


# ------------------------------------------------------------------------------------------------ Arrest


@pytest.mark.cards("arrest")
def test_arrest_disables_a_patrolling_unit_without_targeting_it() -> None:
    t = table()
    t.give(0, "Arrest")
    aven = t.put(1, "Spectral Aven", slot="elite")
    t.put(1, "Older Brother")
    t.act("play Arrest")
    th = t.thing(aven)  # an Illusion: not targeted, so it lives
    assert th.exhausted and th.skip_ready and aven not in t.s.players[1].patrol


@pytest.mark.cards("arrest")
def test_arrest_needs_a_patrolling_unit() -> None:
    t = table()
    t.give(0, "Arrest")
    t.put(1, "Older Brother")
    t.put(1, "troq-bashar", slot="squad leader")  # a hero is not a unit
    assert not t.can("play Arrest")


# ------------------------------------------------------------------------------------- Manufactured Truth


@pytest.mark.cards("manufactured-truth")
def test_manufactured_truth_copies_a_printed_unit_until_end_of_turn() -> None:
    t = table()
    mine = t.put(0, "Tenderfoot")
    iron = t.put(1, "Iron Man", runes=1)
    t.put(1, "Hired Stomper")  # tech II: not a legal original
    t.give(0, "Manufactured Truth")
    # P1's only unit and the only tech 0 or I original are picked at once.
    t.act("play Manufactured Truth")
    assert t.thing(iron).card == "iron-man" and t.thing(mine).card == "iron-man" and (t.atk(mine), t.hp(mine)) == (3, 4)
    assert t.s.pending is None  # it did not arrive
    t.end_turn()
    assert t.thing(mine).card == "tenderfoot"

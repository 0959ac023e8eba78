"""The target symbol on Red cards: every Red spell and ability printed with it skips an untargetable thing that
would otherwise fit; the ones printed without it (Chaos Mirror, Maximum Anarchy, Molting Firebird) reach it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.codex.scenario import Table
from engine.codex.state import Mod
from tests.codex.red_helpers import of
from tests.codex.red_helpers import table as red_table


def shielded(t: Table, seat: int, name: str, slot: str | None = None) -> int:
    """A thing that fits the ability's words but can't be targeted."""
    uid = t.put(seat, name, slot=slot)
    t.thing(uid).mods.append(Mod(kw=("untargetable",), until="ever"))
    return uid


def patrollers(t: Table) -> int:
    """P2 patrols an untargetable Iron Man and two plain Tenderfeet: the Iron Man is returned."""
    iron = shielded(t, 1, "Iron Man", slot="elite")
    t.put(1, "Tenderfoot", slot="scavenger")
    t.put(1, "Tenderfoot", slot="technician")
    return iron


def units(t: Table) -> int:
    """P2 has an untargetable Iron Man and two plain Tenderfeet (not patrolling): the Iron Man is returned."""
    iron = shielded(t, 1, "Iron Man")
    t.put(1, "Tenderfoot")
    t.put(1, "Tenderfoot")
    return iron


def _bombaster(t: Table) -> int:
    t.put(0, "Bombaster")
    return patrollers(t)


def _musketeer(t: Table) -> int:
    t.put(0, "Careless Musketeer")
    return units(t)


def _bloodburn(t: Table) -> int:
    t.thing(t.put(0, "Bloodburn")).marks["blood"] = 2
    return units(t)


def _charge(t: Table) -> int:
    mine = shielded(t, 0, "Iron Man")
    t.put(0, "Tenderfoot")
    t.put(0, "Tenderfoot")
    t.give(0, "Charge")
    return mine


def _calypso(t: Table) -> int:
    t.put(0, "Calypso Vystari")
    t.s.flags["spells"] = {"0": 1}  # a spell was played this turn
    return patrollers(t)


def _crash_bomber(t: Table) -> int:
    t.put(0, "Crash Bomber")
    return patrollers(t)


def _ogre(t: Table) -> int:
    t.put(0, "Ogre Recruiter")
    return units(t)


def _firebat(t: Table) -> int:
    t.put(0, "Firebat")
    return patrollers(t)


def _firehouse(t: Table) -> int:
    t.put(0, "Firehouse")
    return units(t)


def _in_hand(card: str, make: Callable[[Table], int] = units) -> Callable[[Table], int]:
    def setup(t: Table) -> int:
        t.give(0, card)
        return make(t)

    return setup


CASES = [
    ("bombaster", "captain-zane", 1, _bombaster, ["ability Bombaster"]),
    ("careless-musketeer", "captain-zane", 1, _musketeer, ["ability Careless Musketeer"]),
    ("bloodburn", "captain-zane", 1, _bloodburn, ["ability Bloodburn"]),
    ("scorch", "captain-zane", 1, _in_hand("Scorch", patrollers), ["play Scorch"]),
    ("charge", "captain-zane", 1, _charge, ["play Charge"]),
    ("calypso-vystari", "captain-zane", 1, _calypso, ["ability Calypso Vystari"]),
    ("kidnapping", "drakk-ramhorn", 1, _in_hand("Kidnapping"), ["play Kidnapping"]),
    ("bloodlust", "drakk-ramhorn", 1, _in_hand("Bloodlust"), ["play Bloodlust"]),
    ("crash-bomber", "drakk-ramhorn", 1, _crash_bomber, []),
    ("ogre-recruiter", "drakk-ramhorn", 1, _ogre, ["attack Ogre Recruiter -> base"]),
    ("fire-dart", "jaina-stormborne", 1, _in_hand("Fire Dart"), ["play Fire Dart", "choose unit"]),
    ("flame-arrow", "jaina-stormborne", 1, _in_hand("Flame Arrow"), ["play Flame Arrow", "choose unit or hero"]),
    ("ember-sparks", "jaina-stormborne", 1, _in_hand("Ember Sparks", patrollers), ["play Ember Sparks"]),
    ("burning-volley", "jaina-stormborne", 7, _in_hand("Burning Volley"), ["play Burning Volley"]),
    ("firebat", "jaina-stormborne", 1, _firebat, ["ability Firebat"]),
    ("bamstamper-lizzo", "jaina-stormborne", 1, _in_hand("Bamstamper Lizzo"), ["play Bamstamper Lizzo"]),
    ("firehouse", "jaina-stormborne", 1, _firehouse, ["ability Firehouse"]),
    ("captain-zane", "captain-zane", 5, patrollers, ["level Captain Zane 1"]),
    ("jaina-stormborne", "jaina-stormborne", 4, patrollers, ["ability Jaina Stormborne"]),
    ("jaina-stormborne", "jaina-stormborne", 7, units, ["ability Jaina Stormborne: blast"]),
]


@pytest.mark.parametrize(
    ("hero", "level", "setup", "actions"),
    [
        pytest.param(hero, level, setup, acts, marks=pytest.mark.cards(cid), id=f"{cid}-{level}")
        for cid, hero, level, setup, acts in CASES
    ],
)
def test_red_targeting_skips_what_cannot_be_targeted(
    hero: str, level: int, setup: Callable[[Table], int], actions: list[str]
) -> None:
    t, _ = red_table(hero, level, max_since_start=True)
    t.built(0, "tech3")
    shield = setup(t)
    for action in actions:
        t.act(action)
    if not actions:  # Crash Bomber: its death on P1's turn asks for a patroller or building
        t.effect(1, [{"op": "destroy", "to": {"each": {"card": "crash-bomber"}}}])
    pending = t.s.pending
    assert pending is not None and len(pending["options"]) >= 2  # a real choice is offered...
    assert shield not in pending["options"]  # ...without the untargetable thing


@pytest.mark.cards("chaos-mirror")
def test_chaos_mirror_does_not_target() -> None:
    t, _ = red_table("captain-zane")
    iron = shielded(t, 1, "Iron Man")
    t.put(1, "Tenderfoot")
    t.give(0, "Chaos Mirror")
    t.act("play Chaos Mirror")
    assert iron in t.s.pending["options"]


@pytest.mark.cards("maximum-anarchy", "molting-firebird")
def test_maximum_anarchy_and_molting_firebird_do_not_target() -> None:
    t, _ = red_table("jaina-stormborne")
    t.put(0, "Molting Firebird")
    iron = shielded(t, 1, "Iron Man")
    t.act("attack Molting Firebird -> base")
    assert t.thing(iron).damage == 1
    z, _ = red_table("captain-zane", 6, max_since_start=True)
    z.give(0, "Maximum Anarchy")
    shielded(z, 1, "Iron Man")
    z.act("play Maximum Anarchy")
    assert of(z, "iron-man") == []

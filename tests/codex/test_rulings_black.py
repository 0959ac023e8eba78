"""Black's official rulings (tests/codex/rulings/black.toml), one test per ruling id."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table
from tests.codex.ruling_specs import untested

_WAIT = "the card is not implemented yet"
NOT_HERE: dict[str, str] = {
    "black-poisonblade-rogue-runes-are-combat-damage": _WAIT,
    "black-jandra-rune-damage-counts-as-combat-damage": _WAIT,
    "black-graveyard-buried-units-are-out-of-play": _WAIT,
    "black-soul-stone-unit-does-not-die": _WAIT,
    "black-soul-stone-after-two-lives": _WAIT,
    "black-shadow-blade-on-an-illusion-still-discards": _WAIT,
    "black-metamorphosis-heroes-become-demons-once": _WAIT,
    "black-metamorphosis-lost-when-the-hero-leaves": _WAIT,
    "black-gargoyle-can-and-cant-attack-newest-wins": _WAIT,
    "black-twilight-baron-may-join-tech-ii-units": _WAIT,
    "black-twilight-baron-allows-put-into-play": _WAIT,
    "black-twilight-baron-allows-tech-ii-buildings": _WAIT,
    "black-twilight-baron-forecast-units": _WAIT,
    "black-voidblocker-attack-allowed-with-nothing-to-exhaust": _WAIT,
    "black-blackhand-dozer-floor-covers-all-your-damage-a": _WAIT,
    "black-blackhand-dozer-floor-covers-all-your-damage-b": _WAIT,
    "black-banefire-golem-may-sacrifice-itself": _WAIT,
    "black-terras-q-warlocks-belong-to-the-opponent": _WAIT,
    "black-terras-q-shackled-only-by-its-own-warlocks": _WAIT,
    "black-terras-q-returning-is-a-new-object": _WAIT,
    "black-terras-q-copy-has-no-warlocks": _WAIT,
    "black-shrine-draw-three-more-up-to-six": _WAIT,
    "black-sickness-one-or-two-units-or-heroes": _WAIT,
    "black-death-and-decay-kills-x-3-through-armor": _WAIT,
    "black-hooded-executioner-lowest-tech-then-least-atk": _WAIT,
    "black-hooded-executioner-skips-indestructible": _WAIT,
    "black-cursed-crow-must-hit-the-base-itself": _WAIT,
    "black-abomination-hits-your-own-and-other-abominations": _WAIT,
    "black-plague-lab-one-rune-per-card": _WAIT,
    "black-plague-lab-any-number-of-cards": _WAIT,
    "black-plague-lord-upkeep-yours-only-and-hits-you-too": _WAIT,
    "black-nether-drain-any-heroes": _WAIT,
    "black-nether-drain-opponents-max-trigger-fizzles": _WAIT,
    "black-lichs-bargain-starting-worker": _WAIT,
    "black-doom-grasp-unsacrificable-is-no-sacrifice": _WAIT,
    "black-doom-grasp-soul-stone-counts-as-sacrificed": _WAIT,
    "black-death-rites-skips-indestructible": _WAIT,
    "black-crypt-crawler-any-flier": _WAIT,
    "black-plague-spitter-runes-are-combat-damage": _WAIT,
    "black-blackhand-resurrector-ignores-cooldown": _WAIT,
    "black-blackhand-resurrector-max-trigger-fires": _WAIT,
    "black-skeletal-lord-free-and-no-tech-needed": _WAIT,
    "black-skeletal-lord-new-skeletons-may-pay": _WAIT,
    "black-lord-of-shadows-is-invisible-itself": _WAIT,
    "black-vandy-anadrose-max-does-as-much-as-it-can": _WAIT,
    "black-vandy-anadrose-doom-outlives-her": _WAIT,
    "black-orpal-gloor-runes-are-combat-damage": _WAIT,
    "black-garth-torken-tech-reqs-means-the-building": _WAIT,
    "black-garth-torken-unit-is-free": _WAIT,
}
"""Ruling ids without a test yet, and why."""


def test_every_black_ruling_has_a_test() -> None:
    missing, stale = untested("black", NOT_HERE)
    assert not missing, f"rulings with no test: {missing}"
    assert not stale, f"listed as untested but tested (or unknown): {stale}"


def t0(hero: str = "garth-torken", gold: int = 20) -> Table:
    t = Table()
    t.clear()
    t.gold(0, gold)
    t.put(0, hero)
    return t


@pytest.mark.cards("pestering-haunt", "sacrifice-the-weak")
def test_black_pestering_haunt_skipped_when_sacrificing_the_weakest() -> None:
    t = t0()
    haunt = t.put(1, "Pestering Haunt")
    brother = t.put(1, "Older Brother")
    t.give(0, "Sacrifice the Weak")
    t.act("play Sacrifice the Weak")
    assert t.alive(haunt) and not t.alive(brother)


@pytest.mark.cards("deteriorate")
def test_black_deteriorate_kills_an_x_1_through_armor() -> None:
    t = t0()
    tm = t.put(1, "Timely Messenger", slot="squad leader")
    t.give(0, "Deteriorate")
    t.act("play Deteriorate")
    assert not t.alive(tm) and tm in t.s.players[1].discard


@pytest.mark.cards("sacrifice-the-weak")
def test_black_sacrifice_the_weak_lowest_tech_then_least_atk() -> None:
    t = t0()
    brother = t.put(1, "Older Brother")
    iron = t.put(1, "Iron Man")
    foot = t.put(0, "Tenderfoot")
    t.give(0, "Sacrifice the Weak")
    t.act("play Sacrifice the Weak")
    assert not t.alive(brother) and t.alive(iron) and not t.alive(foot)


@pytest.mark.cards("sacrifice-the-weak", "gargoyle")
def test_black_sacrifice_the_weak_skips_what_cant_be_sacrificed() -> None:
    t = t0()
    garg = t.put(1, "Gargoyle")
    iron = t.put(1, "Iron Man")
    t.give(0, "Sacrifice the Weak")
    t.act("play Sacrifice the Weak")
    assert t.alive(garg) and not t.alive(iron)


@pytest.mark.cards("sacrifice-the-weak")
def test_general_indestructible_skipped_by_weakest_unit_effects() -> None:
    t = t0()
    mox = t.put(1, "Hardened Mox")
    iron = t.put(1, "Iron Man")
    t.give(0, "Sacrifice the Weak")
    t.act("play Sacrifice the Weak")
    assert t.alive(mox) and not t.alive(iron) and iron in t.s.players[1].discard

"""Data variants: a named file of card-fact changes that a match may play with."""

from __future__ import annotations

import pytest

from engine.codex import GAME
from engine.codex.cards import catalog
from engine.codex.scenario import Table
from engine.codex.variants import NONE, Variant, VariantError, apply, catalog_for, load, names
from engine.core import BadOptions

PATCH = "example-patch"


def table(**options: object) -> Table:
    t = Table(variant=PATCH, **options)
    t.clear()
    t.gold(0, 20)
    return t


def test_the_shipped_example_is_offered_and_valid() -> None:
    assert names()[0] == NONE and PATCH in names()
    assert load(PATCH).title
    assert GAME.default_options()["variant"] == NONE
    assert "variant" in GAME.options_help()


def test_a_variant_changes_numbers_in_play_and_costs() -> None:
    t = table()
    t.built(0, "tech1", "tech2")
    t.give(0, "Older Brother", "Hired Stomper")
    t.gold(0, 5)
    t.act("play Older Brother")
    brother = next(u for u, th in t.s.things.items() if th.card == "older-brother")
    assert (t.atk(brother), t.hp(brother)) == (2, 3)
    assert t.s.players[0].gold == 3
    assert t.can("play Hired Stomper")  # 3 gold is enough in the patch (4 printed)


def test_a_variant_moves_a_heros_band_and_its_healing() -> None:
    t = table()
    troq = t.put(0, "Troq Bashar", level=3)
    t.thing(troq).damage = 2
    t.act("level Troq Bashar 1")  # level 4 is the middle band in the patch: heals, 3/4
    assert t.thing(troq).level == 4 and t.thing(troq).damage == 0
    assert (t.atk(troq), t.hp(troq)) == (3, 4)
    printed = Table()
    troq = printed.put(0, "Troq Bashar", level=4)
    assert printed.atk(troq) == 2  # level 4 is still the first band with the printed cards


def test_a_variant_can_replace_an_ability() -> None:
    t = table()
    t.put(0, "Troq Bashar")
    target = t.put(1, "Older Brother")  # not patrolling: the printed Spark could not hit it
    t.give(0, "Spark")
    t.act("play Spark")
    assert "choose Older Brother" in t.legal()
    t.act("choose Older Brother")
    assert t.thing(target).damage == 1
    printed = Table()
    printed.clear()
    printed.gold(0, 20)
    printed.put(0, "Troq Bashar")
    printed.put(1, "Older Brother")
    printed.give(0, "Spark")
    assert not printed.can("play Spark")


def test_the_printed_catalog_is_untouched_and_snapshots_keep_the_variant() -> None:
    catalog_for(PATCH)
    assert catalog()["older-brother"].facts.hp == 2
    state = GAME.setup(2, {"variant": PATCH, "first_player": "p1"}, 3)
    again = GAME.from_json(GAME.to_json(state))
    assert again.options["variant"] == PATCH
    t = Table()
    t.s = again
    assert t.cat["older-brother"].facts.hp == 3


def test_an_unknown_variant_is_refused_with_the_list() -> None:
    with pytest.raises(BadOptions, match="example-patch"):
        GAME.setup(2, {"variant": "no-such-patch"}, 1)


def test_bad_variant_files_are_refused_with_the_reason() -> None:
    base = catalog()
    with pytest.raises(VariantError, match="Did you mean 'older-brother'"):
        apply(base, Variant.model_validate({"title": "x", "cards": {"older-brothr": {"hp": 3}}}), "x")
    with pytest.raises(VariantError, match="only heroes"):
        apply(base, Variant.model_validate({"title": "x", "cards": {"spark": {"levels": {"mid": 2}}}}), "x")
    with pytest.raises(VariantError, match="must start at 1, mid"):
        apply(base, Variant.model_validate({"title": "x", "cards": {"troq-bashar": {"levels": {"mid": 4}}}}), "x")
    with pytest.raises(VariantError, match="no band '4'"):
        apply(base, Variant.model_validate({"title": "x", "cards": {"troq-bashar": {"bands": {"4": {"hp": 1}}}}}), "x")
    bad_ability = {"spark": {"abilities": {"play": [{"op": "explode"}]}}}
    with pytest.raises(VariantError, match="explode"):
        apply(base, Variant.model_validate({"title": "x", "cards": bad_ability}), "x")
    with pytest.raises(ValueError):
        Variant.model_validate({"title": "x", "cards": {"spark": {"colour": "red"}}})  # not a patchable fact

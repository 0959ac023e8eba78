"""What a scenario can say beyond plain steps: refusals as checks, legal moves in any form the game reads,
set steps, fixed chance, branches, and checks on the position before the first automatic step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

import engine
from engine.core import Game
from engine.scenario import ERROR, FAILED, PASSED, Result, ScenarioError, load_scenario, run_scenario
from tests.fixtures.trial_game import TRIAL

engine.load_games()
assert TRIAL.name == "trial"  # importing the fixture registers the test-only game


def run_text(text: str, games: Mapping[str, Game[Any]] | None = None) -> Result:
    return run_scenario(load_scenario(text, "t.toml"), games)


TECH = """\
game = "codex"
[position.p1]
hand = []
codex = {"Iron Man" = 2, Eggship = 2}
[position.p2]
codex = {}
[[steps]]
do = "end"
"""


# ------------------------------------------------------------------------------------ refusals, legal


def test_a_refused_step_counts_as_a_check() -> None:
    r = run_text(
        'game = "codex"\n[position.p1]\ngold = 0\nhand = ["Bloom"]\n[[steps]]\ndo = "play Bloom"\nrefused = true\n'
    )
    assert r.status == PASSED and r.checks == 1


def test_legal_contains_any_order_that_reads_as_the_same_action() -> None:
    listed = run_text(TECH + "expect = ['legal(p1) contains \"tech Eggship, Iron Man\"']\n")
    assert listed.status == PASSED
    r = run_text(
        TECH
        + "expect = ['legal(p1) contains \"tech Iron Man, Eggship\"', 'legal(p1) contains \"TECH iron man,eggship\"']\n"
    )
    assert r.status == PASSED, r.message
    r = run_text(TECH + "expect = ['legal(p1) lacks \"tech Iron Man, Eggship\"']\n")
    assert r.status == FAILED and 'legal(p1) has "tech Iron Man, Eggship"' in r.message


def test_a_typo_in_a_legal_check_fails_it_instead_of_passing_a_lacks() -> None:
    r = run_text(TECH + "expect = ['legal(p1) lacks \"tech Iron Mn, Eggship\"']\n")
    assert r.status == FAILED
    assert "`tech Iron Mn, Eggship` names no action (a typo?)" in r.message
    assert "did you mean `Iron Man`" in r.message
    assert r.line == 9


# ------------------------------------------------------------------------------------------- keywords


IRON_MAN = 'game = "codex"\n[[position.p1.in_play]]\ncard = "Iron Man"\n'


def test_modifier_keywords_are_checked_like_card_names() -> None:
    r = run_text(IRON_MAN + 'mods = [{keywords = ["flyng"]}]\n')
    assert r.status == ERROR and r.line == 4
    assert r.message.startswith('there is no keyword "flyng" (did you mean "flying"?); keywords: anti-air, ')
    r = run_text(IRON_MAN + 'mods = [{atk = 1}, {keywords = ["haste", "resist two"]}]\n')
    assert r.status == ERROR and 'there is no keyword "resist two"' in r.message
    good = '["-flying", "resist 2", "Swift Strike"]'
    r = run_text(
        IRON_MAN
        + f"mods = [{{keywords = {good}}}]\n[[steps]]\n"
        + """expect = ['p1.in_play["Iron Man"].keywords = {resist = 2, "swift strike" = 1}']\n"""
    )
    assert r.status == PASSED, r.message


def test_aura_keywords_are_checked_too() -> None:
    head = 'game = "codex"\n[position.this_turn]\nauras = [{who = {kind = ["unit"]}, controller = "p1", add = '
    r = run_text(head + '["hast"]}]\n')
    assert r.status == ERROR and r.line == 3 and 'no keyword "hast" (did you mean "haste"?)' in r.message
    assert run_text(head + '["haste"]}]\n').status == PASSED


# ------------------------------------------------------------------------------------------- at setup


def test_checks_see_the_normal_setup_before_the_first_turn_begins() -> None:
    r = run_text(
        'game = "codex"\nat_setup = ["p1.gold = 0", "len(p1.hand) = 5", \'phase = "start"\', "events() = []"]\n'
        '[[steps]]\nexpect = ["p1.gold = 4", \'phase = "main"\', \'len(events("drew")) > 0\']\n'
    )
    assert r.status == PASSED and r.checks == 7, r.message
    r = run_text('game = "codex"\nat_setup = ["p1.gold = 4"]\n')
    assert r.status == FAILED and r.line == 2
    assert r.message == "at setup: expected `p1.gold = 4`, but p1.gold is 0"


def test_a_position_at_the_start_of_a_turn_is_checked_before_it_and_its_events_are_kept() -> None:
    head = 'game = "codex"\nat_setup = ["p1.gold = 2", \'phase = "start"\']\n'
    position = '[position]\nphase = "start"\nturn = 3\n[position.p1]\ngold = 2\nworkers = 6\n'
    r = run_text(head + position + '[[steps]]\nexpect = ["p1.gold = 8", \'events("gold")[0].n = 6\']\n')
    assert r.status == PASSED and r.checks == 4, r.message


def test_setting_up_through_the_scenario_hooks_is_the_normal_setup() -> None:
    from engine.codex import GAME

    for seed in range(3):
        options = {**GAME.default_options(), "first_player": "p2"}
        before = GAME.scenario_before_start(None, 2, options, seed)
        assert before.phase == "start" and not before.queue
        started = GAME.scenario_start(before)
        assert GAME.to_json(started.state) == GAME.to_json(GAME.setup(2, options, seed))
        assert [e.kind for e in started.events] == [e.kind for e in GAME.opening_events(started.state)][
            -len(started.events) :
        ]
        assert GAME.scenario_start(started.state).state is started.state  # nothing more is owed


def test_games_without_steps_of_their_own_check_the_setup_itself() -> None:
    r = run_text('game = "trial"\nat_setup = [\'phase = "bid"\', "len(p1.hand) = 3"]\n')
    assert r.status == PASSED and r.checks == 2
    r = run_text('game = "trial"\nseed = 2\nat_setup = [\n  "round = 1",\n  "p1.hand = 3",\n]\n')
    assert r.status == FAILED and r.line == 5 and r.message.startswith("at setup: expected `p1.hand = 3`, but p1.hand")
    with pytest.raises(ScenarioError) as err:
        load_scenario('game = "trial"\nat_setup = ["p1.hand = "]\n')
    assert err.value.line == 2 and "expected a value after `=`" in err.value.message

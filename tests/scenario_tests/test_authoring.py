"""What a scenario can say beyond plain steps: refusals as checks, legal moves in any form the game reads,
set steps, fixed chance, branches, and checks on the position before the first automatic step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engine
from engine.core import Game
from engine.scenario import ERROR, FAILED, PASSED, Result, load_scenario, run_scenario

engine.load_games()


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

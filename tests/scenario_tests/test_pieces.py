"""A scenario's own cards (`[pieces."Name"]`): Codex test pieces for rules no printed card isolates."""

from __future__ import annotations

import pytest

import engine
from engine.codex.cards import catalog
from engine.codex.variants import catalog_of
from engine.core import GAMES, PIECES_OPTION
from engine.scenario import ERROR, FAILED, PASSED, Result, ScenarioError, load_scenario, run_scenario
from engine.scenario.runner import start

engine.load_games()

PUP = """\
game = "codex"
name = "a 2/1 with haste attacks the turn it arrives"

[pieces."Hasty Pup"]
type = "unit"
cost = 1
atk = 2
hp = 1
keywords = ["haste"]

[position.p1]
gold = 3
hand = ["Hasty Pup"]

[[steps]]
do = "play Hasty Pup"
expect = ['p1.in_play["Hasty Pup"].arrived_this_turn', 'legal(p1) contains "attack Hasty Pup -> base"']

[[steps]]
do = "attack Hasty Pup -> base"
expect = ["p2.base.damage = 2", "p1.gold = 2"]
"""


def run_text(text: str) -> Result:
    return run_scenario(load_scenario(text, "t.toml"))


def test_a_unit_of_the_scenarios_own_plays_like_a_printed_one() -> None:
    r = run_text(PUP)
    assert r.status == PASSED and r.checks == 4, r.message
    # Without haste it would have to wait a turn: the piece's keywords are what make the difference.
    slow = run_text(PUP.replace('keywords = ["haste"]\n', ""))
    assert slow.status == FAILED and "attack Hasty Pup -> base" in slow.message


def test_a_piece_may_start_from_a_printed_card_and_be_a_hero_or_a_token() -> None:
    r = run_text(
        'game = "codex"\n[pieces."Big Troq"]\nlike = "Troq Bashar"\n[pieces."Flying Iron Man"]\nlike = "Iron Man"\n'
        'keywords = ["flying"]\n[pieces."Tiny Token"]\nlike = "Skeleton"\n[position.p1]\n'
        'in_play = ["Big Troq", "Flying Iron Man", "Tiny Token"]\n[[steps]]\n'
        "expect = ['p1.in_play[\"Flying Iron Man\"].keywords = {flying = 1}', 'p1.in_play[\"Big Troq\"].level = 1', "
        '\'p1.in_play["Tiny Token"].type = "token"\', \'p1.in_play["Flying Iron Man"].atk = 3\']\n'
    )
    assert r.status == PASSED, r.message


def test_a_spell_of_the_scenarios_own_with_ability_data() -> None:
    r = run_text(
        """\
game = "codex"
[pieces."Choosy Curse"]
type = "spell"
play = [{op = "discard", who = "opponent", n = 1}]
[position.p1]
hand = ["Choosy Curse"]
in_play = ["Troq Bashar"]
[position.p2]
hand = ["Tenderfoot", "Older Brother"]
[[steps]]
do = "play Choosy Curse"
expect = ['pending.kind = "discard"', 'pending.options = ["Tenderfoot", "Older Brother"]']
[[steps]]
do = "choose Older Brother"
expect = ['p2.hand = ["Tenderfoot"]', 'p2.discard = ["Older Brother"]']
"""
    )
    assert r.status == PASSED, r.message


def test_pieces_live_in_the_match_options_and_survive_a_json_round_trip() -> None:
    game = GAMES["codex"]
    state = start(load_scenario(PUP), GAMES).state
    assert "Hasty Pup" in state.options[PIECES_OPTION]
    again = game.from_json(game.to_json(state))
    seat = 0
    assert [game.describe_action(again, seat, a) for a in game.legal_actions(again, seat)] == [
        game.describe_action(state, seat, a) for a in game.legal_actions(state, seat)
    ]
    assert "hasty pup" in catalog_of(again.options).by_name
    assert "hasty pup" not in catalog().by_name  # the printed cards stay as they are


def test_a_set_step_and_a_position_dump_know_the_pieces() -> None:
    steps = PUP.split("[[steps]]", 1)[1]
    text = PUP.replace('hand = ["Hasty Pup"]', "hand = []").split("[[steps]]", 1)[0]
    r = run_text(text + '[[steps]]\nadd.p1.hand = ["Hasty Pup"]\n[[steps]]' + steps)
    assert r.status == PASSED and r.checks == 4, r.message
    game = GAMES["codex"]
    state = start(load_scenario(PUP), GAMES).state
    assert game.position_to_scenario(state, None, full=True)["p1"]["hand"] == ["Hasty Pup#1"]


@pytest.mark.parametrize(
    ("piece", "line", "message"),
    [
        (
            'type = "unti"',
            3,
            '`type` cannot be "unti" (did you mean "unit"?); choose from: unit, spell, upgrade, building',
        ),
        ('type = "unit"', 2, 'piece "Pup" is a unit, so it needs `hp`'),
        ('type = "unit"\nhp = 2\nkeywords = ["hast"]', 5, 'there is no keyword "hast" (did you mean "haste"?)'),
        ('like = "Iron Mn"', 3, "there is no card called 'Iron Mn' (did you mean \"Iron Man\"?)"),
        ('type = "spell"\nplay = [{op = "discardd"}]', 4, 'piece "Pup" has ability data the engine does not know: '),
        ('type = "unit"\nhp = -1', 4, "`hp` must be from 0 to 99, not -1"),
        ("typo = 1", 3, 'unknown key `typo` in piece "Pup" (did you mean "type"?); known: like, type, colour, '),
        ('type = "unit"\nhp = 1\ncolour = "pink"', 5, '`colour` cannot be "pink"; choose from: black, blue, green, '),
        ("cost = 1", 2, 'piece "Pup" needs `type` (one of unit, spell, upgrade, building), or `like`'),
    ],
)
def test_piece_mistakes_name_the_line_and_what_is_allowed(piece: str, line: int, message: str) -> None:
    r = run_text(f'game = "codex"\n[pieces.Pup]\n{piece}\n')
    assert r.status == ERROR and r.line == line, r.message
    assert r.message.startswith(message), r.message


def test_a_piece_cannot_take_a_printed_name_or_an_odd_one() -> None:
    r = run_text('game = "codex"\n[pieces.Tenderfoot]\ntype = "unit"\nhp = 1\n')
    assert r.status == ERROR and r.line == 2
    assert r.message.startswith('"Tenderfoot" is a printed card: give the piece a name of its own')
    r = run_text('game = "codex"\n[pieces."Pup#2"]\ntype = "unit"\nhp = 1\n')
    assert r.status == ERROR and 'a piece\'s name is one or more words without `#` or `,`, not "Pup#2"' in r.message
    with pytest.raises(ScenarioError) as err:
        load_scenario('game = "codex"\n[pieces]\nPup = 3\n')
    assert err.value.line == 3 and "`pieces.Pup` must be a table" in err.value.message

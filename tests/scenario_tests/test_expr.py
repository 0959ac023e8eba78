"""The expectation language: parsing (with the column of each mistake) and evaluation on plain data."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.scenario.expr import (
    Attr,
    Call,
    Env,
    ExprSyntaxError,
    Index,
    Lit,
    Name,
    Verdict,
    evaluate,
    parse_check,
    same,
)

ROOT: dict[str, Any] = {
    "turn": 3,
    "phase": "main",
    "to_move": ["p1"],
    "outcome": None,
    "p1": {
        "gold": 4,
        "hand": ["Spark#1", "Wither#1"],
        "discard": [],
        "base": {"damage": 0, "hp": 20},
        "patrol": {"squad leader": "Tenderfoot#1", "elite": None},
        "in_play": [
            {"name": "Tenderfoot", "label": "Tenderfoot#1", "damage": 1, "exhausted": False, "keywords": {}},
            {
                "name": "Older Brother",
                "label": "Older Brother#1",
                "damage": 0,
                "exhausted": True,
                "keywords": {"swift strike": 1},
            },
            {"name": "Older Brother", "label": "Older Brother#2", "damage": 0, "exhausted": False, "keywords": {}},
        ],
    },
    "p2": {"gold": 0, "hand": ["Tenderfoot#2"], "discard": ["Older Brother#3"], "base": {"damage": 3, "hp": 20}},
}
EVENTS = [
    {"kind": "draw", "seat": "p2", "n": 1, "visible_to": None},
    {"kind": "drew", "seat": "p2", "cards": ["Tenderfoot#2"], "visible_to": ["p2"]},
    {"kind": "leave", "uid": "Older Brother#3", "died": True, "visible_to": None},
]


def env() -> Env:
    return Env(
        root=ROOT,
        seats={"p1": 0, "p2": 1},
        legal=lambda seat: ["attack Tenderfoot -> base", "end"] if seat == 0 else [],
        view=lambda seat: {"you": {"hand": ROOT["p2"]["hand"]}} if seat == 1 else {"players": [{"gold": 4}]},
        events=lambda: EVENTS,
        visible=lambda e, seat: e["visible_to"] is None or ["p1", "p2"][seat] in e["visible_to"],
    )


def check(text: str) -> Verdict:
    return evaluate(parse_check(text), env())


# ------------------------------------------------------------------------------------------------ parsing


def test_parse_builds_paths_calls_and_operators() -> None:
    c = parse_check('p1.in_play["Tenderfoot"].damage = 1')
    assert c.op == "="
    assert isinstance(c.left, Attr) and c.left.name == "damage"
    assert isinstance(c.left.obj, Index) and isinstance(c.left.obj.key, Lit) and c.left.obj.key.value == "Tenderfoot"
    assert isinstance(c.right, Lit) and c.right.value == 1
    call = parse_check("legal(p1) contains 'end'")
    assert isinstance(call.left, Call) and call.left.fn == "legal" and isinstance(call.left.args[0], Name)
    assert call.op == "contains"
    assert parse_check('"x" not in p1.hand').op == "not in"
    assert parse_check("p1.gold >= -2").right == Lit(11, 13, -2)
    assert parse_check("not p1.tech_open").negate


@pytest.mark.parametrize(
    ("text", "column", "fragment"),
    [
        ("", 1, "empty"),
        ("p1.gold =", 10, "expected a value after `=`"),
        ("p1.gold = = 3", 11, "expected a value"),
        ("p1.gold 3", 9, "expected a comparison"),
        ("p1.gold = 3 4", 13, "expected the end"),
        ("p1.", 4, "expected a name after `.`"),
        ('p1.in_play["x"', 15, "expected `]`"),
        ("lenn(p1.hand) = 2", 1, "did you mean `len`"),
        ("p1.gold = $", 11, "unexpected character '$'"),
        ("[1, 2 3] = x", 7, "expected `,` or `]`"),
        ("not p1.gold = 3", 1, "use != or `not in`"),
        ('p1.name = "a\\q"', 11, "bad escape"),
    ],
)
def test_parse_errors_name_the_column_and_the_problem(text: str, column: int, fragment: str) -> None:
    with pytest.raises(ExprSyntaxError) as err:
        parse_check(text)
    assert fragment in err.value.message
    assert err.value.column == column


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("p1.[]\"()=<>!, abcin-0x'")), max_size=25))
def test_parsing_any_text_either_succeeds_or_raises_a_syntax_error(text: str) -> None:
    try:
        parse_check(text)
    except ExprSyntaxError as err:
        assert 1 <= err.column <= len(text) + 1


@given(st.one_of(st.integers(-(10**6), 10**6), st.text(max_size=20), st.booleans()))
def test_literals_round_trip_through_the_parser(value: Any) -> None:
    import json

    text = "true" if value is True else "false" if value is False else json.dumps(value)
    c = parse_check(f"x = {text}")
    assert isinstance(c.right, Lit) and c.right.value == value and type(c.right.value) is type(value)


# --------------------------------------------------------------------------------------------- evaluation


@pytest.mark.parametrize(
    "text",
    [
        "p1.gold = 4",
        "p1.gold == 4",
        "p2.base.damage = 3",
        "p1.gold != 3",
        "p1.gold > 3",
        "p1.gold <= 4",
        'p1.in_play["Tenderfoot"].damage = 1',
        'p1.in_play["Older Brother#2"].exhausted = false',
        'p1.in_play["Older Brother#1"].exhausted',
        'not p1.in_play["Older Brother#2"].exhausted',
        '"Older Brother" in p2.discard',
        '"Older Brother#3" in p2.discard',
        '"Spark" not in p2.hand',
        'p1.hand = ["Spark", "Wither"]',
        'p1.patrol["squad leader"] = "Tenderfoot"',
        "p1.patrol.elite = null",
        'legal(p1) contains "attack Tenderfoot -> base"',
        'legal(p1) contains "ATTACK  tenderfoot -> BASE"',
        'legal(p1) lacks "attack Tenderfoot -> tech1"',
        "legal(p2) = []",
        "view(p2) lacks p1.hand",
        "view(p2) contains p2.hand",
        'p1.in_play contains "Older Brother"',
        '"swift strike" in p1.in_play["Older Brother#1"].keywords',
        "len(p1.in_play) = 3",
        "len(p1.hand) = 2",
        'names(p1.in_play) = ["Tenderfoot", "Older Brother", "Older Brother"]',
        'sorted(["b", "a"]) = ["a", "b"]',
        'len(events("leave")) = 1',
        'events("leave")[0].uid = "Older Brother"',
        'events("leave") contains "Older Brother#3"',
        'events("drew", p1) = []',
        'events("drew", p2)[0].cards = ["Tenderfoot"]',
        "len(events()) = 3",
        'p2.hand contains ["Tenderfoot"]',
        "outcome = null",
        'to_move = ["p1"]',
        "p1.hand[-1] = 'Wither'",
        '"main" = phase',
        "1.5 < 2",
    ],
)
def test_checks_that_hold(text: str) -> None:
    verdict = check(text)
    assert verdict.ok, verdict.detail


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("p2.base.damage = 2", "p2.base.damage is 3"),
        ("p1.gold = p2.gold", "p1.gold is 4, p2.gold is 0"),
        ('"Spark" in p2.hand', 'p2.hand is ["Tenderfoot#2"]'),
        ("view(p1) lacks p1.gold", "view(p1) has 4 (at players[0].gold)"),
        ('legal(p1) contains "end turn"', 'legal(p1) is ["attack Tenderfoot -> base", "end"]'),
        ('p1.hand contains ["Spark", "Bloom"]', 'lacks "Bloom"'),
        ('p1.in_play["Older Brother"].damage = 0', "ambiguous: Older Brother#1, Older Brother#2"),
        ('p1.in_play["Tenderfot"].damage = 1', 'p1.in_play has no "Tenderfot" (did you mean "Tenderfoot#1"?)'),
        ("p1.gld = 4", 'p1 has no "gld" (did you mean "gold"?)'),
        ("p3.gold = 4", 'there is no "p3"'),
        ("p1.hand[5] = 1", "p1.hand has 2 items, so no [5]"),
        ("p1.patrol.elite.damage = 1", "p1.patrol.elite is null"),
        ('p1.gold < "x"', 'is "x", not a number'),
        ("p1.gold", "not true or false"),
        ("p1.hand.size = 2", "is a list"),
        ("len(p1.gold) = 1", "has no length"),
        ("legal(p9) = []", "legal() takes a seat (p1, p2)"),
        ("p1.gold in 3", "holds nothing to look in"),
        ('"Tenderfoot#9" in p1.in_play', "p1.in_play is"),
        ('p1.in_play["Tenderfoot"].exhausted', "is false"),
    ],
)
def test_checks_that_fail_say_what_was_found(text: str, detail: str) -> None:
    verdict = check(text)
    assert not verdict.ok
    assert detail in verdict.detail


def test_a_label_matches_only_itself_but_a_name_matches_every_copy() -> None:
    assert same("Tenderfoot", "Tenderfoot#2")
    assert not same("Tenderfoot#2", "Tenderfoot")
    assert not same("Tenderfoot#2", "Tenderfoot#3")
    assert not same("Tender", "Tenderfoot#2")
    assert not same(True, 1) and not same(0, False)
    assert same(1, 1.0)
    assert same(["A"], ["A#1"]) and not same(["A"], ["A#1", "B#1"])
    # A leak check must not be fooled by another copy of the same card.
    assert check('["Tenderfoot#5"] lacks "Tenderfoot#2"').ok
    assert not check('["Tenderfoot#5"] lacks "Tenderfoot"').ok


def test_strings_contain_substrings_and_dict_keys_count_as_contents() -> None:
    assert check('phase contains "ai"').ok
    assert check('p1.base contains "hp"').ok
    assert not check('p1.base lacks "damage"').ok

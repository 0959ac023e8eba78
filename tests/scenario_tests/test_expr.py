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
        ("p1.base = {damage 3}", 19, "expected `=` after `damage` in the table"),
        ("p1.base = {3 = 3}", 12, "expected a key"),
        ("p1.base = {a = 1, a = 2}", 19, "the table gives `a` twice"),
        ("p1.base = {a = 1 b = 2}", 18, "expected `,` or `}` in the table"),
        ("[t for in p1.hand] = []", 8, "expected a name after `for`"),
        ("[t for t of p1.hand] = []", 10, "expected `in` after `for t`"),
        ("all(t for t in p1.hand, 1)", 23, "expected `)`"),
        ("[t for t in p1.hand, 2] = []", 20, "expected `]`"),
        ("for = 1", 1, "expected a value"),
    ],
)
def test_parse_errors_name_the_column_and_the_problem(text: str, column: int, fragment: str) -> None:
    with pytest.raises(ExprSyntaxError) as err:
        parse_check(text)
    assert fragment in err.value.message
    assert err.value.column == column


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*"p1.[]\"(){}:=<>!, abcin-0x'", " for ", " if ", " not "]), max_size=25).map("".join))
def test_parsing_any_text_either_succeeds_or_raises_a_syntax_error(text: str) -> None:
    try:
        parse_check(text)
    except ExprSyntaxError as err:
        assert 1 <= err.column <= len(text) + 1


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "p1",
                "p2.base",
                ".hand",
                ".in_play",
                "[0]",
                "t",
                "t.damage",
                " for t in ",
                " if ",
                "not ",
                " = ",
                " contains ",
                " in ",
                "{a = 1}",
                "[",
                "]",
                "(",
                ")",
                ",",
                "1",
                "'Spark'",
                "sum",
                "all",
                "any",
                "len",
                "true",
                "{}",
                "{damage = 1}",
            ]
        ),
        max_size=14,
    ).map("".join)
)
def test_whatever_parses_evaluates_to_a_verdict_without_raising(text: str) -> None:
    try:
        parsed = parse_check(text)
    except ExprSyntaxError:
        return
    assert isinstance(evaluate(parsed, env()), Verdict)


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
        "p2.base = {damage = 3, hp = 20}",
        'p2.base = {"hp": 20, damage: 3}',
        "p1.base != {damage = 0}",
        'p1.in_play contains {name = "Older Brother", exhausted = true}',
        'p1.in_play lacks {name = "Tenderfoot", exhausted = true}',
        'p1.in_play["Tenderfoot"] contains {damage = 1, keywords = {}}',
        "{} = {}",
        "sum([t.damage for t in p1.in_play]) = 1",
        "sum(t.damage for t in p1.in_play) = 1",
        "sum([]) = 0",
        "all(t.damage = 0 for t in p1.in_play if t.name = 'Older Brother')",
        "any(t.exhausted for t in p1.in_play)",
        "not all(t.exhausted for t in p1.in_play)",
        "all([])",
        "not any([])",
        "len([t for t in p1.in_play if t.exhausted]) = 1",
        '[t.label for t in p1.in_play if not t.exhausted] = ["Tenderfoot#1", "Older Brother#2"]',
        '[c for c in p1.hand if c = "Spark"] = ["Spark"]',
        "[k for k in p2.base] = ['damage', 'hp']",
        "all(s.gold >= 0 for s in [p1, p2])",
        'all(len(events("drew", p)) <= 1 for p in ["p1", "p2"])',
        "(p1.gold = 4)",
        "[1 = 1, 2 > 3] = [true, false]",
        "p1.in_play[0].damage in [0, 1]",
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
        ("p2.base = {damage = 2, hp = 20}", 'p2.base is {"damage": 3, "hp": 20}'),
        ("p2.base = {damage = 3}", 'p2.base is {"damage": 3, "hp": 20}'),
        ('p1.in_play contains {name = "Tenderfoot", exhausted = true}', "p1.in_play is"),
        ("sum(t.damage for t in p1.in_play) = 2", "sum(t.damage for t in p1.in_play) is 1"),
        ("all(t.exhausted for t in p1.in_play)", "is false"),
        ("sum(p1.hand) = 0", 'sum() takes a list of numbers, and item 0 of p1.hand is "Spark#1"'),
        ("all(p1.hand)", 'all() takes a list of true and false, and item 0 of p1.hand is "Spark#1"'),
        ("any(p1.gold)", "any() takes a list, and p1.gold is 4"),
        ("[t for t in p1.gold] = []", "p1.gold is 4, not a list to go through with `for`"),
        ("[t for t in p1.hand if t] = []", 'is "Spark#1", not true or false'),
        ("[not t for t in p1.hand] = []", 'is "Spark#1", not true or false'),
        ("[t.gold for t in p1.hand] = []", '"Spark#1", which has no "gold"'),
        ("p1.in_play[0].name = t", 'there is no "t"'),
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

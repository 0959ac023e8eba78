"""The file format: reading scenarios, naming the line of every mistake, the source map and the TOML writer."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.scenario import ScenarioError, load_scenario
from engine.scenario.source import source_map
from engine.scenario.writer import to_toml

GOOD = """\
game = "trial"
name = "two steps"
seed = 4
players = 3
expect = ["p1.score = 0"]

[options]
rounds = 2

[position]
phase = "bid"

[[steps]]
by = "p1"
do = "bid 1"
expect = [
    "p1.bid = 1",
    'to_move = ["p2", "p3"]',
]

[[steps]]
by = "p2"
do = "bid 3"
reason = "not legal"
"""


def error_of(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as err:
        load_scenario(text, "x.toml")
    return err.value


def test_a_scenario_reads_into_its_parts() -> None:
    s = load_scenario(GOOD, "folder/two.toml")
    assert (s.game, s.name, s.seed, s.players, s.options) == ("trial", "two steps", 4, 3, {"rounds": 2})
    assert s.position == {"phase": "bid"}
    assert [st.do for st in s.steps] == ["bid 1", "bid 3"]
    assert s.steps[1].refused and s.steps[1].reason == "not legal"
    assert not s.steps[0].refused
    assert [e.text for e in s.steps[0].expect] == ["p1.bid = 1", 'to_move = ["p2", "p3"]']
    assert [e.text for e in s.expect] == ["p1.score = 0"]
    assert s.line_of(s.steps[0].expect[1].path) == 18
    assert s.line_of(s.steps[1].path) == 21
    assert s.line_of(("steps", 1, "reason")) == 24
    assert load_scenario('game = "trial"', "some/dir/name.toml").name == "name"


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ('game = "trial"\nseed = \n', 2, "not valid TOML"),
        ('game = "trial"\n[[steps]\n', 2, "not valid TOML"),
        ('game = "trial"\nepxect = []\n', 2, "unknown key `epxect` in the scenario (did you mean `expect`?)"),
        ('name = "x"\n', 1, "no `game"),
        ('game = "trial"\nplayers = "two"\n', 2, '`players` must be a whole number of seats, not the text "two"'),
        ('game = "trial"\nplayers = 0\n', 2, "at least 1"),
        ('game = "trial"\nseed = true\n', 2, "`seed` must be a whole number, not True"),
        ('game = "trial"\n\n[[steps]]\ndo = "x"\nexpct = []\n', 5, "unknown key `expct` in step 1 (did you mean"),
        ('game = "trial"\n[[steps]]\ndo = "a"\n[[steps]]\nrefused = true\n', 4, "needs the action that is refused"),
        ('game = "trial"\n[[steps]]\nby = "p1"\n', 2, "has nothing to do"),
        ('game = "trial"\n[[steps]]\ndo = ""\n', 3, "`do` is empty"),
        ('game = "trial"\n[[steps]]\ndo = "a"\nresign = true\n', 4, "not both"),
        ('game = "trial"\n[[steps]]\ndo = "a"\nreason = "x"\nrefused = false\n', 5, "cannot be false"),
        (
            'game = "trial"\n[[steps]]\ndo = "a"\nexpect = [\n  "p1.gold = 1",\n  "p1.gold = ",\n]\n',
            6,
            "in check `p1.gold = `: expected a value after `=`",
        ),
        ('game = "trial"\nexpect = [1]\n', 2, "must be a check in quotes"),
        ('game = "trial"\nsteps = 3\n', 2, "must be an array of tables"),
        ('game = "trial"\nposition = 3\n', 2, "must be a table"),
    ],
)
def test_malformed_files_name_the_line_and_the_problem(text: str, line: int, fragment: str) -> None:
    err = error_of(text)
    assert fragment in err.message
    assert err.line == line
    assert str(err.describe("x.toml")).startswith(f"x.toml:{line}")


def test_toml_errors_keep_their_column() -> None:
    err = error_of('game = "trial"\nseed = 4 4\n')
    assert (err.line, err.column) == (2, 10)
    assert str(err.describe("f.toml")) == f"f.toml:2:10: {err.message}"


TRICKY = """\
# a comment with [brackets] and = signs
title = "a [string] with # and = inside"
a.b.c = 1
"quoted key" = 'lit#eral'
long = \"\"\"
multi [line]
\"\"\"
list = [
  "one", # comment
  ["nested", 2],
  {x = 1, y = "]"},
]

[t]
k = {inner = [1, 2]}

[[arr]]
v = 1

[arr.sub]
w = 2

[[arr]]
v = 3
"""


def test_the_source_map_finds_keys_elements_and_array_tables() -> None:
    tomllib.loads(TRICKY)  # the map is only ever made for valid TOML
    m = source_map(TRICKY)
    assert m.line_of(("title",)) == 2
    assert m.line_of(("a", "b", "c")) == 3
    assert m.line_of(("quoted key",)) == 4
    assert m.line_of(("long",)) == 5
    assert m.line_of(("list",)) == 8
    assert m.line_of(("list", 0)) == 9
    assert m.line_of(("list", 1, 1)) == 10
    assert m.line_of(("list", 2, "y")) == 11
    assert m.line_of(("t", "k", "inner", 1)) == 15
    assert m.line_of(("arr", 0, "v")) == 18
    assert m.line_of(("arr", 0, "sub", "w")) == 21
    assert m.line_of(("arr", 1)) == 23
    assert m.line_of(("arr", 1, "v")) == 24
    assert m.line_of(("arr", 1, "missing", 3)) == 24 - 1  # the nearest known parent: the [[arr]] header
    assert m.line_of(("nowhere",)) is None


keys = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=8)
scalars = st.one_of(
    st.integers(-(2**40), 2**40), st.booleans(), st.text(max_size=12), st.floats(allow_nan=False, allow_infinity=False)
)
values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3), max_leaves=12
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(keys, values, max_size=5))
def test_the_writer_round_trips_through_tomllib(data: dict[str, Any]) -> None:
    text = to_toml(data, ["a comment"])
    assert tomllib.loads(text) == data
    m = source_map(text)
    for key in data:
        line = m.line_of((key,))
        assert line is not None and line >= 3


def test_the_writer_uses_tables_for_nested_data_and_leaves_out_nulls() -> None:
    text = to_toml({"game": "x", "gone": None, "position": {"p1": {"hand": ["A"], "in_play": [{"card": "B"}]}}})
    assert "gone" not in text
    assert "[position.p1]" in text and "[[position.p1.in_play]]" in text
    assert tomllib.loads(text) == {"game": "x", "position": {"p1": {"hand": ["A"], "in_play": [{"card": "B"}]}}}


def test_the_examples_in_the_documentation_are_valid() -> None:
    import re
    from pathlib import Path

    import engine
    from engine.scenario import run_scenario

    engine.load_games()
    doc = (Path(__file__).resolve().parent.parent.parent / "docs" / "scenarios.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```toml\n(.*?)```", doc, re.S)
    assert len(blocks) >= 2
    for block in blocks:
        tomllib.loads(block)
    first = run_scenario(load_scenario(blocks[0], "docs"))
    assert first.status == "passed", first.message

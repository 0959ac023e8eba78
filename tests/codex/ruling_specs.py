"""Official rulings as test specifications: each `[[ruling]]` of a `rulings/*.toml` file needs a test.

A ruling `some-id` is tested by a function `test_some_id` in any test module under `tests/codex/`, so a
ruling about a card of one colour may be tested beside that colour's cards. A ruling that cannot be tested
yet is listed, with the reason, in the `not_here` mapping of its file's test module; once it has a test it
must leave that list.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path

HERE = Path(__file__).parent
RULINGS = HERE / "rulings"


def ruling_ids(name: str) -> list[str]:
    """The ruling ids of `rulings/<name>.toml`, in file order."""
    return [r["id"] for r in tomllib.loads((RULINGS / f"{name}.toml").read_text(encoding="utf-8"))["ruling"]]


@cache
def tested_functions() -> frozenset[str]:
    names: set[str] = set()
    for path in HERE.rglob("test_*.py"):
        names.update(re.findall(r"^(?:async )?def (test_\w+)\(", path.read_text(encoding="utf-8"), re.M))
    return frozenset(names)


def test_name(ruling_id: str) -> str:
    return "test_" + ruling_id.replace("-", "_")


def untested(name: str, not_here: Mapping[str, str]) -> tuple[list[str], list[str]]:
    """(rulings of the file with neither a test nor a reason, rulings listed as untested that have a test)."""
    tested = tested_functions()
    ids = ruling_ids(name)
    missing = [i for i in ids if i not in not_here and test_name(i) not in tested]
    stale = [i for i in not_here if test_name(i) in tested or i not in ids]
    return missing, stale

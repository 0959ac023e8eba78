"""The worked examples of docs/scenarios.md are real scenario files, shown whole, and they pass."""

from __future__ import annotations

import re
from pathlib import Path

from app.scenarios import run_paths
from tests.fixtures.trial_game import TRIAL

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "scenarios.md"
EXAMPLE = re.compile(r"^`(tests/scenarios/[^`]+\.toml)`:.*?\n\n```toml\n(.*?)\n```", re.M | re.S)


def examples() -> list[tuple[str, str]]:
    section = DOC.read_text(encoding="utf-8").split("## Worked examples", 1)[1].split("\n## ", 1)[0]
    return EXAMPLE.findall(section)


def test_the_docs_show_at_least_five_examples_as_they_are_in_the_files() -> None:
    found = examples()
    assert len(found) >= 5
    for path, shown in found:
        assert (ROOT / path).read_text(encoding="utf-8").rstrip("\n") == shown, path


def test_the_documented_examples_pass() -> None:
    assert TRIAL.name == "trial"  # importing the fixture registers the test-only game
    results = run_paths([ROOT / path for path, _ in examples()])
    assert results and all(r.status == "passed" for r in results), [r.message for r in results]

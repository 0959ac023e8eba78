"""Codex's scenario files: each checks something and names its source, and the known failures still fail
(that every green one passes is checked for every game by tests/games/test_registered.py).

tests/scenarios/codex/ holds rulings (tests/codex/rulings/*.toml made runnable) and rulebook examples that
the engine gets right; tests/scenarios/codex-pending/ holds the ones it gets wrong, marked `pending`, which
must go on failing until the engine is fixed (then they move to the green folder).
"""

from __future__ import annotations

import io
from pathlib import Path

from app.config import Config
from app.scenario_cli import scenario_command
from app.scenarios import discover, run_paths

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
GREEN = SCENARIOS / "codex"
PENDING = SCENARIOS / "codex-pending"


def run(folder: Path) -> tuple[int, list[str]]:
    out, err = io.StringIO(), io.StringIO()
    code = scenario_command(["run", str(folder)], Config(), out=out, err=err)
    assert err.getvalue() == ""
    return code, out.getvalue().splitlines()


def test_pending_codex_scenarios_still_fail_as_expected() -> None:
    files, _ = discover([PENDING]) if PENDING.is_dir() else ([], [])
    if not files:
        return  # nothing is known to fail any more
    code, lines = run(PENDING)
    assert lines[-1] == "0 passed, 0 failed", "\n".join(lines)
    assert lines[-2] == f"{len(files)} pending (known failures, still failing as expected)"
    assert code == 0
    for result in run_paths([PENDING]):
        assert result.pending and result.status == "failed", result.message


def test_each_codex_scenario_checks_something_and_names_its_source() -> None:
    # That they all pass is tests/games/test_registered.py's (every game's scenario folder must pass).
    results = run_paths([GREEN])
    assert len(results) >= 50
    assert sum(r.checks for r in results) >= 3 * len(results)
    for r in results:
        if r.checks == 0:  # no expectation: then it must be about a refusal
            text = (Path.cwd() / r.origin).read_text(encoding="utf-8")
            assert "reason =" in text or "refused =" in text, r.origin
    for path in discover([GREEN, PENDING] if PENDING.is_dir() else [GREEN])[0]:
        text = path.read_text(encoding="utf-8")
        assert 'game = "codex"' in text and "\nsource = " in text, path

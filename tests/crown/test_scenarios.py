"""Every Crown of Ash scenario file (tests/crown/scenarios/: the rulebook's worked examples and refusals),
run the way `python bot.py scenario run` runs them."""

from __future__ import annotations

import io
from pathlib import Path

from app.config import Config
from app.scenario_cli import scenario_command
from app.scenarios import discover, run_paths

FOLDER = Path(__file__).resolve().parent / "scenarios"


def test_every_crown_scenario_passes() -> None:
    files, _ = discover([FOLDER])
    assert len(files) >= 6
    out, err = io.StringIO(), io.StringIO()
    code = scenario_command(["run", str(FOLDER)], Config(), out=out, err=err)
    assert err.getvalue() == "" and out.getvalue().splitlines()[-1] == f"{len(files)} passed, 0 failed", out.getvalue()
    assert code == 0


def test_each_scenario_checks_something_and_names_its_source() -> None:
    for result in run_paths([FOLDER]):
        text = (Path.cwd() / result.origin).read_text(encoding="utf-8")
        assert 'game = "crown"' in text and "\nsource = " in text, result.origin
        assert result.checks > 0 or "reason =" in text, result.origin

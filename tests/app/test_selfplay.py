"""The selfplay code path (service + SQLite + render) with the test game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from app.selfplay import selfplay
from bench.properties import profile
from tests.fixtures.trial_game import TRIAL

ROOT = Path(__file__).resolve().parents[2]


MATCHES = 100 if profile().name == "deep" else 30
"""The deep profile plays a hundred matches; the default run, enough to meet bids, demands and resignations."""


async def test_selfplay_trial_matches_all_finish_without_errors() -> None:
    report = await selfplay(TRIAL.name, matches=MATCHES, seed=7, players=3, render=False)
    assert report.error_samples == []
    assert (report.matches, report.finished, report.errors, report.rejected) == (MATCHES, MATCHES, 0, 0)
    assert report.actions > MATCHES * 3  # each match has bids, turns and a finish


async def test_selfplay_renders_boards_and_reports_times() -> None:
    report = await selfplay(TRIAL.name, matches=2, seed=1, render=True)
    assert report.finished == 2
    assert report.p50_render_ms > 0
    assert report.p99_action_ms >= report.p50_action_ms > 0


def test_selfplay_command_line_prints_one_json_line() -> None:
    # The test game is not offered to players, so drive the CLI through a tiny wrapper that registers it.
    code = (
        "import sys, tests.fixtures.trial_game, bot; "
        "sys.exit(bot.main(['selfplay', 'trial', '--matches', '3', '--seed', '2', '--no-render', '--json']))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(figures) == {
        "matches",
        "finished",
        "actions",
        "rejected",
        "errors",
        "p50_action_ms",
        "p99_action_ms",
        "p50_render_ms",
    }
    assert figures["matches"] == figures["finished"] == 3 and figures["errors"] == 0

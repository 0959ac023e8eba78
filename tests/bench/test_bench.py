"""The benchmarks' fast subset: every figure is produced, with budgets cut to a few seconds.

The figures themselves are never asserted: targets are measured by `python bot.py bench`
(docs/performance.md), not by timings in tests.
"""

from __future__ import annotations

import io
import json

import pytest

from bench import QUICK, check_targets, format_table, run_benchmarks
from bench.engine_bench import EngineBudget, engine_figures
from bench.util import percentile, select_games
from engine import GAMES, load_games
from tests.fixtures.trial_game import TRIAL

GAME_FIGURES = {
    "playouts_per_s",
    "apply_us_p50",
    "legal_actions_us_p50",
    "action_ms_p50",
    "action_ms_p99",
    "render_ms_p50",
    "render_ms_p99",
    "snapshot_bytes_p50",
    "snapshot_bytes_max",
    "spectated_action_ms_p99_alone",
    "spectated_action_ms_p99",
    "spectated_slowdown",
    "burst_action_ms_max",
    "burst_slowdown",
}
PLATFORM_FIGURES = {"live_matches", "actions_per_s", "rss_mb", "cold_start_ms", "stored_matches"}


def test_quick_bench_reports_every_figure_as_one_json_object() -> None:
    out = io.StringIO()
    assert run_benchmarks(as_json=True, games=[TRIAL.name], quick=True, out=out) == 0
    results = json.loads(out.getvalue())
    assert results["machine"]["cores"] >= 1 and results["machine"]["python"]
    figures = results["games"][TRIAL.name]
    assert set(figures) >= GAME_FIGURES
    assert figures["playouts_per_s"] > 0 and figures["snapshot_bytes_max"] >= figures["snapshot_bytes_p50"] > 0
    assert figures["action_ms_p99"] >= figures["action_ms_p50"] > 0
    assert figures["render_ms_p99"] >= figures["render_ms_p50"] > 0
    assert figures["spectated_action_ms_p99"] > 0 and figures["spectated_action_ms_p99_alone"] > 0
    assert figures["spectator_requests"] > 0 and figures["spectated_slowdown"] > 0
    assert figures["burst_refused"] > 0, "one onlooker's 60 requests at once go over their share"
    platform = results["platform"]
    assert set(platform) >= PLATFORM_FIGURES
    assert platform["live_matches"] == QUICK.live_matches and platform["errors"] == 0
    assert platform["stored_matches"] == QUICK.stored_matches
    assert platform["actions_per_s"] > 0 and platform["rss_mb"] > 0 and platform["cold_start_ms"] > 0
    assert set(results["targets"]) >= {
        f"{TRIAL.name}.action_ms_p99",
        f"{TRIAL.name}.spectated_slowdown",
        "platform.cold_start_ms",
    }
    table = format_table(results)
    assert "playouts_per_s" in table and "cold_start_ms" in table and "cores" in table


load_games()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_engine_figures_for_every_registered_game(name: str) -> None:
    figures = engine_figures(GAMES[name], budget=EngineBudget(playout_seconds=0.0, min_playouts=1, timed_playouts=1))
    assert figures["playouts_per_s"] > 0
    assert figures["unfinished_playouts"] == 0
    assert figures["apply_us_p50"] > 0 and figures["legal_actions_us_p50"] > 0


def test_only_offered_games_by_default() -> None:
    assert TRIAL.name not in {g.name for g in select_games()}
    assert [g.name for g in select_games([TRIAL.name])] == [TRIAL.name]


def test_targets_are_judged_not_asserted() -> None:
    checks = check_targets(
        {
            "games": {"g": {"action_ms_p99": 60.0, "render_ms_p99": 10.0, "spectated_slowdown": 2.5}},
            "platform": {"actions_per_s": 80.0},
        }
    )
    assert checks["g.action_ms_p99"]["met"] is False
    assert checks["g.spectated_slowdown"] == {"value": 2.5, "target": "<= 2", "met": False}
    assert checks["g.render_ms_p99"]["met"] is True
    assert checks["platform.actions_per_s"]["met"] is True


def test_percentile_is_nearest_rank() -> None:
    values = list(range(1, 101))
    assert (percentile(values, 50), percentile(values, 99), percentile(values, 100)) == (50, 99, 100)
    assert percentile([], 50) == 0.0 and percentile([7.0], 99) == 7.0


def test_the_command_line_names_the_games_to_measure(monkeypatch: pytest.MonkeyPatch) -> None:
    import bench
    import bot

    asked: list[dict[str, object]] = []
    monkeypatch.setattr(bench, "run_benchmarks", lambda **kwargs: asked.append(kwargs) or 0)
    assert bot.main(["bench", "ascension", "--quick"]) == 0
    assert bot.main(["bench", "--json"]) == 0
    assert asked == [
        {"as_json": False, "games": ["ascension"], "quick": True},
        {"as_json": True, "games": None, "quick": False},
    ]

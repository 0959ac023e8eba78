"""The soak's fast subset: every suite on the trial game, and proof that each detector fires.

`python bot.py soak GAME --actions 100000` is the real thing (docs/reliability.md); these runs are a
few hundred actions. Offered games join with ARBITER_SOAK_ALL=1 (see test_offered_games_soak_clean).
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
from pathlib import Path

import pytest

from app.config import Config
from bench import soak
from bench.audit import MatchAuditor
from bench.leaks import TokenSearch
from bench.properties import profile
from bench.soak import Crashes, SoakReport, run_soak, soak_command
from bench.tables import open_match, open_service, play_random, users_for
from engine import load_games, offered_games
from engine.core import get_game
from tests.bench.games import BrokenTrial, registered
from tests.fixtures.trial_game import TRIAL

QUIET = {"progress": lambda _text: None}


def _clean(report: SoakReport) -> None:
    assert report.samples == []
    assert (report.lost, report.corrupt, report.leaks, report.errors) == (0, 0, 0, 0)


def test_trial_soak_every_suite_is_clean(tmp_path: Path) -> None:
    report = run_soak(TRIAL.name, actions=300, seed=3, workdir=tmp_path, **QUIET)
    _clean(report)
    assert report.actions >= 300
    assert report.crashes_survived == 2  # one kill before a commit, one after it
    assert report.refused > 100  # the fuzz, and the losing clicks of 100 at once on one match and on ten
    assert report.matches > 10


@pytest.mark.parametrize(("leaks", "status"), [(0, 0), (1, 1)])
def test_soak_command_prints_one_json_line_and_its_verdict(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], leaks: int, status: int
) -> None:
    # The suites themselves run above; this is the command's own contract.
    canned = SoakReport(actions=5, refused=7, crashes_survived=2, leaks=leaks)
    monkeypatch.setattr(soak, "run_soak", lambda *args, **kwargs: canned)
    assert soak_command(TRIAL.name, actions=5, seed=2, config=Config()) == status
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert json.loads(line) == {
        "actions": 5,
        "refused": 7,
        "crashes_survived": 2,
        "lost": 0,
        "corrupt": 0,
        "leaks": leaks,
        "errors": 0,
    }


def test_soak_command_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak_command("no-such-game", actions=10) == 2
    assert "no-such-game" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("fault", "where"),
    [
        ("public_view", "public view"),
        ("seat_view", "view of seat 1"),
        ("log", "log line"),
        ("history", "history read later (public)"),
    ],
)
def test_leaks_are_found(tmp_path: Path, fault: str, where: str) -> None:
    with registered(BrokenTrial(fault)) as game:
        report = run_soak(game.name, actions=30, seed=1, suites=["leaks"], workdir=tmp_path, **QUIET)
    assert report.leaks > 0
    assert any(where in s for s in report.samples), report.samples
    assert (report.lost, report.corrupt, report.errors) == (0, 0, 0)


@pytest.mark.parametrize(
    ("fault", "kind", "where"), [("seat_view", "leaks", "view of seat 1"), ("unreadable", "errors", "")]
)
def test_the_properties_suite_checks_the_engine_at_depth(tmp_path: Path, fault: str, kind: str, where: str) -> None:
    with registered(BrokenTrial(fault)) as game:
        report = run_soak(game.name, actions=30, seed=1, suites=["properties"], workdir=tmp_path, **QUIET)
    assert getattr(report, kind) > 0 and report.actions == 0  # the pure engine only: no match was played
    assert any(s.startswith(f"{kind} x") and where in s for s in report.samples), report.samples
    clean = run_soak(TRIAL.name, actions=30, seed=1, suites=["properties"], workdir=tmp_path, **QUIET)
    _clean(clean)


def test_unreadable_refusals_are_errors(tmp_path: Path) -> None:
    with registered(BrokenTrial("unreadable")) as game:
        report = run_soak(game.name, actions=30, seed=1, suites=["fuzz"], workdir=tmp_path, **QUIET)
    assert report.errors > 0
    assert any("unreadable refusal KeyError" in s for s in report.samples), report.samples


async def _played_match(path: Path, moves: int) -> int:
    store, service = await open_service(path)
    try:
        record = await open_match(service, TRIAL, channel=1, users=users_for(0, 3), seed=9)
        record = await play_random(service, TRIAL, record, random.Random(4), moves)
        return record.id
    finally:
        await store.close()


async def _problems(path: Path, match_id: int) -> list[str]:
    store, _ = await open_service(path)
    try:
        record = await store.get_match(match_id)
        assert record is not None
        problems, _state = await MatchAuditor(store).verify(record)
        return problems
    finally:
        await store.close()


@pytest.mark.parametrize(
    ("tamper", "found"),
    [
        ("DELETE FROM match_actions WHERE version = (SELECT MAX(version) - 2 FROM match_actions)", "not contiguous"),
        ("DELETE FROM match_actions WHERE version = (SELECT MAX(version) FROM match_actions)", "log ends at"),
        ("UPDATE matches SET snapshot = replace(snapshot, '\"round\":1', '\"round\":2')", "snapshot"),
        ("UPDATE match_actions SET events = '[]' WHERE version = (SELECT MAX(version) FROM match_actions)", "events"),
    ],
)
async def test_the_auditor_finds_tampered_matches(tmp_path: Path, tamper: str, found: str) -> None:
    db = tmp_path / "audit.db"
    match_id = await _played_match(db, 6)
    assert await _problems(db, match_id) == []
    conn = sqlite3.connect(db)
    conn.execute(tamper)
    conn.commit()
    conn.close()
    problems = await _problems(db, match_id)
    assert any(found in p for p in problems), problems


async def test_a_reported_move_missing_after_a_crash_is_lost(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    match_id = await _played_match(db, 4)
    report = SoakReport()
    crashes = Crashes(TRIAL.name, report, 1, db)
    crashes.reported[(match_id, 99)] = (0, ["bid", 1])
    assert not await crashes._audit(0, "test")
    assert report.lost == 1
    assert report.actions == 1  # the match still played on after the "restart"


def test_tokens_match_whole_identifiers_only() -> None:
    search = TokenSearch({"c1", "Spark#1", "p2 base"})
    assert search.in_text("played c12 and c10, Spark#10") == set()
    assert search.in_text("c1, Spark#1.") == {"c1", "Spark#1"}
    assert search.in_json({"hand": ["c1"], "k": "the p2 base burns", "c12": 3}) == {"c1", "p2 base"}


def test_a_longer_known_label_is_not_read_as_the_hidden_one_it_ends_with() -> None:
    search = TokenSearch({"Argonaut#1"}, known={"Fading Argonaut#1", "Argonaut#1", "Spark#1"})
    assert search.in_text("p2's discard: Fading Argonaut#1") == set()
    assert search.in_json({"discard": ["Fading Argonaut#1"]}) == set()
    assert search.in_text("p1 draws Argonaut#1; Fading Argonaut#1 fades") == {"Argonaut#1"}
    assert TokenSearch({"Argonaut#1"}).in_text("Fading Argonaut#1") == {"Argonaut#1"}, "unknown: a leak"


def test_codex_names_every_card_of_a_match_for_the_leak_search() -> None:
    codex = get_game("codex")
    state = codex.setup(2, codex.default_options(), 3)
    labels = codex.card_labels(state)
    assert len(labels) == len(state.cards)
    hidden = codex.hidden_cards(state, 0) | codex.hidden_cards(state, 1)
    assert hidden and hidden <= labels


load_games()
SOAK_ALL = os.environ.get("ARBITER_SOAK_ALL") == "1" or profile().name == "deep"
SOAKED = [TRIAL.name, *(g.name for g in offered_games() if SOAK_ALL)]
"""The offered games join with ARBITER_SOAK_ALL=1 or the deep profile: their engines are still being written, and a soak
failure there is a finding for the game's author (docs/reliability.md), not a broken build."""


@pytest.mark.parametrize("name", SOAKED)
def test_registered_games_soak_clean(tmp_path: Path, name: str) -> None:
    actions = int(os.environ.get("ARBITER_SOAK_ACTIONS", "600" if SOAK_ALL else "100"))
    suites = ("fuzz", "leaks", "crash", "concurrency") if SOAK_ALL else ("fuzz", "leaks")
    report = run_soak(name, actions=actions, seed=1, suites=suites, workdir=tmp_path, **QUIET)
    _clean(report)
    assert report.actions >= actions

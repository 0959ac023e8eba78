"""The runner and `python bot.py scenario ...`, on the test-only game trial: reports, exit status, dumps."""

from __future__ import annotations

import asyncio
import io
import random
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from app.config import Config, DatabaseConfig
from app.rendering import NoImages
from app.scenario_cli import scenario_command
from app.service import MatchService
from db.sqlite import SqliteStore
from engine.core import JSON, Action, Game, Outcome, Seat, Step
from engine.playout import Style, play
from engine.scenario import ERROR, FAILED, PASSED, load_scenario, run_scenario, to_toml
from engine.scenario.runner import start
from tests.fakes import RecordingDelivery
from tests.fixtures.trial_game import TRIAL

ROOT = Path(__file__).resolve().parent.parent.parent
TRIAL_FOLDER = ROOT / "tests" / "scenarios" / "trial"


def cli(*argv: str, config: Config | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = scenario_command(list(argv), config or Config(), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def run_text(text: str, games: Mapping[str, Game[Any]] | None = None) -> Any:
    return run_scenario(load_scenario(text, "t.toml"), games)


HEAD = 'game = "trial"\nseed = 3\n'
PLAY = HEAD + '[position]\nphase = "play"\nturns = ["p1", "p2"]\n[position.p1]\nhand = ["c1", "c2"]\nbid = 1\n'


# ----------------------------------------------------------------------------------------------- runner


def test_the_trial_scenarios_all_pass_through_the_command() -> None:
    code, out, err = cli("run", str(TRIAL_FOLDER))
    assert err == ""
    assert out.splitlines()[-1] == "5 passed, 0 failed"
    assert code == 0


def test_a_failed_expectation_reports_the_actual_value_and_its_line() -> None:
    r = run_text(PLAY + '[[steps]]\nby = "p1"\ndo = "play 1"\nexpect = ["p1.played = [\\"c2\\"]"]\n')
    assert r.status == FAILED
    assert r.message == 'step 1 (p1: play 1): expected `p1.played = ["c2"]`, but p1.played is ["c1"]'
    assert r.line == 12 and r.checks == 0


def test_steps_refused_accepted_and_refused_for_another_reason() -> None:
    r = run_text(PLAY + '[[steps]]\nby = "p1"\ndo = "play 9"\n')
    assert r.status == FAILED and "step 1 (p1: play 9) was refused: `play 9` is not a legal action" in r.message
    r = run_text(PLAY + '[[steps]]\nby = "p1"\ndo = "play 1"\nrefused = true\n')
    assert r.status == FAILED and r.message == "step 1 (p1: play 1) should have been refused, but it was accepted"
    r = run_text(PLAY + '[[steps]]\nby = "p1"\ndo = "play 9"\nreason = "out of gold"\n')
    assert r.status == FAILED and 'not for the reason expected ("out of gold")' in r.message
    r = run_text(PLAY + '[[steps]]\nby = "p1"\ndo = "play 9"\nreason = "NOT A LEGAL"\nexpect = ["events() = []"]\n')
    assert r.status == PASSED and r.checks == 2  # the refusal and the expectation


def test_a_step_that_names_no_action_is_an_error_in_the_file() -> None:
    """A typo is not a refusal: a `refused` step must name an action, or any typo would pass."""
    r = run_text(PLAY + '[[steps]]\nby = "p1"\ndo = "dance"\nrefused = true\n')
    assert r.status == ERROR and r.line == 11
    assert r.message.startswith("step 1 (p1: dance) must name an action to be refused, and it names no action")
    assert "`dance` is not Trial notation" in r.message
    r = run_text(PLAY + '[[steps]]\nby = "p1"\ndo = "play one"\nreason = "not a legal action"\n')
    assert r.status == ERROR and r.line == 11 and "names no action (a typo?)" in r.message
    r = run_text(PLAY + '[[steps]]\nby = "p1"\ndo = "pla 1"\n')
    assert r.status == ERROR and r.message.startswith("step 1 (p1: pla 1) names no action (a typo?)")
    # Notation that is not legal now is a refusal as usual.
    r = run_text(PLAY + '[[steps]]\nby = "p1"\ndo = "play 7"\nrefused = true\n')
    assert r.status == PASSED


def test_a_codex_typo_in_a_refused_step_is_an_error_naming_its_line() -> None:
    head = 'game = "codex"\n[position.p1]\nin_play = ["Iron Man"]\n[[steps]]\n'
    text = head + 'do = "attack Iron Mn -> base"\nrefused = true\n'
    r = run_text(text)
    assert r.status == ERROR and r.line == 5
    assert "There is no card called `Iron Mn` (did you mean `Iron Man`?)" in r.message
    r = run_text(text.replace("Iron Mn", "Iron Man").replace("base", "tech2"))
    assert r.status == PASSED  # well formed, just not legal: no Tech II to attack


def test_who_acts_must_be_said_when_several_seats_may() -> None:
    r = run_text(HEAD + '[[steps]]\ndo = "bid 1"\n')
    assert r.status == FAILED and 'say who acts with `by = "..."`; waiting on p1, p2' in r.message
    r = run_text(HEAD + '[[steps]]\nby = "p4"\ndo = "bid 1"\n')
    assert r.status == ERROR and r.message == "no seat `p4` in this 2-player game; seats: p1, p2" and r.line == 4


def test_bad_games_players_options_and_positions_are_errors_with_lines() -> None:
    r = run_text('game = "trail"\n')
    assert r.status == ERROR and "there is no game `trail` (did you mean `trial`?)" in r.message and r.line == 1
    r = run_text('game = "trial"\nplayers = 9\n')
    assert r.status == ERROR and "2 to 5 players, not 9" in r.message and r.line == 2
    r = run_text('game = "trial"\n[options]\nrounds = 99\n')
    assert r.status == ERROR and "rounds must be" in r.message and r.line == 2
    r = run_text(HEAD + '[position]\n[position.p2]\nhand = ["c1", "c99"]\n')
    assert r.status == ERROR and r.message.startswith("there is no card 'c99' (did you mean \"c9\"?)") and r.line == 5
    r = run_text(HEAD + '[position]\nround = 1\nphaze = "play"\n')
    assert r.status == ERROR and 'unknown key `phaze` in the position (did you mean "phase"?)' in r.message
    assert r.line == 5


def test_pending_scenarios_must_still_fail() -> None:
    failing = run_text(
        'pending = "engine bug #1"\n' + PLAY + '[[steps]]\nby = "p1"\ndo = "pass"\nexpect = ["round = 5"]\n'
    )
    assert failing.status == FAILED and failing.ok and failing.pending == "engine bug #1"
    passing = run_text('pending = "engine bug #1"\n' + PLAY + '[[steps]]\nby = "p1"\ndo = "pass"\n')
    assert passing.status == PASSED and not passing.ok


class Boom(Game[dict[str, int]]):
    """A game whose every move crashes and that has no scenario hooks: the runner must report both."""

    name = "boom"
    title = "Boom"
    min_players = 2
    max_players = 2

    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> dict[str, int]:
        return {"n": 0}

    def to_move(self, state: dict[str, int]) -> frozenset[Seat]:
        return frozenset({0})

    def legal_actions(self, state: dict[str, int], seat: Seat) -> list[Action]:
        return [Action("go")]

    def apply(self, state: dict[str, int], seat: Seat, action: Action) -> Step[dict[str, int]]:
        return Step({"n": 1 // state["n"]})

    def view(self, state: dict[str, int], viewer: Seat | None) -> JSON:
        return state

    def outcome(self, state: dict[str, int]) -> Outcome | None:
        return None

    def parse_action(self, state: dict[str, int], seat: Seat, text: str) -> Action:
        return self.parse_by_legal(state, seat, text)

    def describe_action(self, state: dict[str, int], seat: Seat, action: Action) -> str:
        return action.verb

    def to_json(self, state: dict[str, int]) -> JSON:
        return state

    def from_json(self, data: JSON) -> dict[str, int]:
        return dict(data)


def test_engine_crashes_and_missing_hooks_are_reported_not_raised() -> None:
    games = {"boom": Boom()}
    r = run_text('game = "boom"\n[[steps]]\ndo = "go"\n', games)
    assert r.status == FAILED
    assert "step 1 (go): engine error: ZeroDivisionError: integer division or modulo by zero (at " in r.message
    assert "test_runner.py:" in r.message
    r = run_text('game = "boom"\n[position]\nx = 1\n', games)
    assert r.status == ERROR and r.message == "Boom has no scenario support yet." and r.line == 2
    # Checks read the snapshot when it is a table (the default projection) ...
    assert run_text('game = "boom"\nexpect = ["n = 0"]\n', games).status == PASSED
    assert run_text('game = "boom"\nexpect = ["n = 1"]\n', games).status == FAILED
    # ... and a game whose snapshot is not one must give its own.
    r = run_text('game = "boom"\nexpect = ["n = 0"]\n', {"boom": ListBoom()})
    assert r.status == ERROR and "Boom has no scenario support yet." in r.message and r.line == 2


class ListBoom(Boom):
    def to_json(self, state: dict[str, int]) -> JSON:
        return [state["n"]]


# -------------------------------------------------------------------------------------------- the command


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_report_lists_failures_with_lines_and_ends_with_the_tally(tmp_path: Path) -> None:
    write(tmp_path, "a_pass.toml", PLAY + '[[steps]]\nby = "p1"\ndo = "pass"\nexpect = ["turns = [\\"p2\\"]"]\n')
    write(tmp_path, "b_fail.toml", PLAY + 'expect = ["p1.bid = 2"]\n'.replace("expect", "[[steps]]\nexpect"))
    write(tmp_path, "c_bad.toml", 'game = "trial"\nseed = "x"\n')
    sub = tmp_path / "more"
    sub.mkdir()
    write(sub, "d_pending.toml", 'pending = "known"\n' + HEAD + 'expect = ["round = 3"]\n')
    write(sub, "notes.txt", "not a scenario")
    code, out, err = cli("run", str(tmp_path), str(tmp_path / "missing.toml"))
    lines = out.splitlines()
    assert code == 1 and err == ""
    assert lines[-1] == "1 passed, 3 failed"
    assert lines[-2] == "1 pending (known failures, still failing as expected)"
    assert any(line.startswith("FAIL  ") and "b_fail.toml:10" in line for line in lines)
    assert "      step 1 (check): expected `p1.bid = 2`, but p1.bid is 1" in lines
    assert any("c_bad.toml:2: `seed` must be a whole number" in line for line in lines)
    assert any("missing.toml: no such file or folder" in line for line in lines)
    assert not any("a_pass" in line for line in lines)
    code, out, _ = cli("run", "-v", str(tmp_path / "a_pass.toml"))
    assert code == 0 and out.splitlines() == [
        f"PASS  {tmp_path / 'a_pass.toml'}  a_pass (1 check)",
        "1 passed, 0 failed",
    ]


def test_usage_errors_and_empty_folders_exit_with_2(tmp_path: Path) -> None:
    assert cli()[0] == 2
    code, _, err = cli("walk")
    assert code == 2 and "invalid choice" in err
    code, _, err = cli("run", str(tmp_path))
    assert code == 2 and "No scenario files" in err


# ------------------------------------------------------------------------------------------------- dumps


async def stored_trial_match(db: Path, moves: int) -> int:
    store = await SqliteStore.open(db)
    service = MatchService(
        store, RecordingDelivery(), NoImages(), seed_source=random.Random(1), allow_unoffered_games=True
    )
    try:
        record = await service.new_match(game_name="trial", options={}, guild_id=1, channel_id=5, user_id=10)
        await service.join(channel_id=5, user_id=11)
        record = await service.start(channel_id=5, user_id=10, seat_order="join")
        rng = random.Random(7)
        for _ in range(moves):
            state = service.state_of(record)
            seat = sorted(TRIAL.to_move(state))[0]
            action = rng.choice(TRIAL.legal_actions(state, seat))
            result = await service.act(user_id=10 + seat, action=action, match_id=record.id)
            record = result.record
        return record.id
    finally:
        await store.close()


def test_dump_writes_a_scenario_that_runs_as_the_match_stands(tmp_path: Path) -> None:
    db = tmp_path / "arbiter.db"
    match_id = asyncio.run(stored_trial_match(db, moves=5))
    config = Config(database=DatabaseConfig(path=db))
    target = tmp_path / "bug.toml"
    code, out, err = cli("dump", str(match_id), "-o", str(target), config=config)
    assert (code, err) == (0, "") and f"Wrote match #{match_id}" in out
    text = target.read_text(encoding="utf-8")
    assert text.startswith(f"# Match #{match_id} (Trial), active, version ")
    assert "# Last moves:" in text and "[position.p2]" in text
    code, out, _ = cli("run", str(target))
    assert (code, out.splitlines()[-1]) == (0, "1 passed, 0 failed")
    code, _, err = cli("dump", str(match_id), "-o", str(target), config=config)
    assert code == 1 and "already exists" in err
    code, public, _ = cli("dump", str(match_id), "--public", "-o", "-", config=config)
    assert code == 0 and "public parts only" in public and "Last moves" not in public
    for seat in ("p1", "p2"):
        table = public.split(f"[position.{seat}]")[1].split("\n\n")[0]
        assert re.search(r"^hand = \d+$", table, re.M), table
    code, shown, _ = cli("dump", str(match_id), "--as", "p1", "-o", "-", config=config)
    assert code == 0
    p2_table = shown.split("[position.p2]")[1]
    assert "hand = 3" in p2_table or "hand = 2" in p2_table or "hand = 4" in p2_table
    assert "Last moves" not in shown and "deck = " in shown
    viewer_file = write(tmp_path, "as_p1.toml", shown)
    assert cli("run", str(viewer_file))[0] == 0


def test_dump_refusals(tmp_path: Path) -> None:
    missing_db = tmp_path / "none" / "x.db"
    code, _, err = cli("dump", "3", config=Config(database=DatabaseConfig(path=missing_db)))
    assert code == 1 and "There is no database at" in err and not missing_db.exists()
    db = tmp_path / "arbiter.db"
    asyncio.run(stored_trial_match(db, moves=0))
    config = Config(database=DatabaseConfig(path=db))
    code, _, err = cli("dump", "99", config=config)
    assert code == 1 and "There is no match #99" in err
    code, _, err = cli("dump", "1", "--as", "p7", config=config)
    assert code == 1 and "There is no seat 'p7'" in err


# --------------------------------------------------------------------------------------------- round trip


OPTIONS = {"rounds": 2}


def playout_states(seed: int, players: int, limit: int = 60) -> list[Any]:
    """Setup and every state after it of a random trial game (now and then a seat resigns)."""
    return [p.state for p in play(TRIAL, players, seed, OPTIONS, style=Style(resign=0.03), step_cap=limit)]


@pytest.mark.parametrize("seed", range(6))
def test_every_state_survives_dump_and_load(seed: int) -> None:
    players = 2 + seed % 3
    for state in playout_states(seed, players):
        position = TRIAL.position_to_scenario(state, None, full=True)
        text = to_toml({"game": "trial", "players": players, "seed": seed, "options": OPTIONS, "position": position})
        scenario = load_scenario(text, "rt.toml")
        loaded = start(scenario, {"trial": TRIAL}).state
        assert TRIAL.scenario_projection(loaded) == TRIAL.scenario_projection(state)
        assert TRIAL.to_move(loaded) == TRIAL.to_move(state)
        for viewer in range(players):
            limited = TRIAL.position_to_scenario(state, viewer)
            text = to_toml({"game": "trial", "players": players, "options": OPTIONS, "position": limited})
            seen = start(load_scenario(text), {"trial": TRIAL}).state
            assert seen.hands[viewer] == state.hands[viewer] and seen.discard == state.discard
            assert TRIAL.card_count(seen) == TRIAL.card_count(state)
            assert TRIAL.view(seen, viewer)["you"]["hand"] == TRIAL.view(state, viewer)["you"]["hand"]


def test_initial_state_builds_a_match_start_or_names_the_line() -> None:
    from engine.scenario import ScenarioError, initial_state

    scenario = load_scenario(PLAY + '[[steps]]\nby = "p1"\ndo = "play 1"\nexpect = ["round = 9"]\n', "x.toml")
    game, players, state = initial_state(scenario, {"trial": TRIAL})
    assert (game, players, state.hands[0]) == (TRIAL, 2, [1, 2])
    _, _, played = initial_state(scenario, {"trial": TRIAL}, play_steps=True)
    assert played.played[0] == [1]
    broken = load_scenario(PLAY + '[[steps]]\nby = "p1"\ndo = "play 7"\n', "x.toml")
    with pytest.raises(ScenarioError) as err:
        initial_state(broken, {"trial": TRIAL}, play_steps=True)
    assert err.value.line == 11 and "was refused" in err.value.message
    with pytest.raises(ScenarioError) as err:
        initial_state(load_scenario(HEAD + "[position]\nround = 0\n"), {"trial": TRIAL})
    assert err.value.line == 4 and "`round` must be from 1 to 3" in err.value.message

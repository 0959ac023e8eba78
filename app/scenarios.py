"""Scenario files on disk: finding and running them with a report, and dumping a stored match as one.

The format, the runner and the TOML writer are pure (engine/scenario); this module does the file and
database work around them. `python bot.py scenario ...` (app/scenario_cli.py) is a thin layer over it.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from db.records import MatchRecord
from db.sqlite import SqliteStore
from engine.core import GAMES, Game, GameError, get_game
from engine.i18n import Text
from engine.scenario import ERROR, FAILED, PASSED, Result, ScenarioError, load_hooks, load_scenario, run_scenario
from engine.scenario.writer import to_toml

SUFFIX = ".toml"
RECENT_MOVES = 12
"""How many of the last moves a full dump lists in its opening comment."""


# ------------------------------------------------------------------------------------------------ run


def discover(paths: Iterable[Path]) -> tuple[list[Path], list[Path]]:
    """Scenario files under `paths` (folders searched recursively, sorted), and the paths that do not exist."""
    found: list[Path] = []
    missing: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob(f"*{SUFFIX}") if p.is_file())
        elif path.is_file():
            found.append(path)
        else:
            missing.append(path)
    return found, missing


def display(path: Path) -> str:
    """The path as the user would type it: relative to the working folder where possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def run_file(path: Path) -> Result:
    origin = display(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        return Result(origin, path.stem, ERROR, f"cannot read the file: {err}")
    try:
        scenario = load_scenario(text, origin)
    except ScenarioError as err:
        return Result(origin, path.stem, ERROR, err.message, err.line)
    return run_scenario(scenario)


def run_paths(paths: Sequence[Path]) -> list[Result]:
    """Run every scenario under `paths`; a path that does not exist is reported as an error result."""
    _load_games()
    files, missing = discover(paths)
    results = [Result(display(p), p.name, ERROR, "no such file or folder") for p in missing]
    results += [run_file(p) for p in files]
    return results


def _load_games() -> None:
    import engine

    engine.load_games()


@dataclass(frozen=True)
class Tally:
    passed: int
    failed: int
    pending: int
    """Known failures (scenarios marked `pending`) that still fail, as expected."""

    @property
    def ok(self) -> bool:
        return self.failed == 0


def tally(results: Sequence[Result]) -> Tally:
    pending = sum(1 for r in results if r.pending is not None and r.ok)
    passed = sum(1 for r in results if r.pending is None and r.ok)
    return Tally(passed, len(results) - passed - pending, pending)


def report(results: Sequence[Result], out: TextIO, *, verbose: bool = False) -> Tally:
    """One line per scenario (and the first problem under each that went wrong), then `N passed, N failed`."""
    for r in results:
        if r.pending is not None:
            if r.ok:
                if verbose:
                    out.write(f"PENDING {r.where}  {r.name}: fails as expected ({r.pending})\n")
                    out.write(f"        {r.message}\n")
                continue
            if r.status == PASSED:
                out.write(f"FAIL  {r.where}  {r.name}\n")
                out.write(
                    f"      passes now, but is marked pending ({r.pending}): remove `pending` and move it "
                    "to the green folder\n"
                )
                continue
        if r.status == PASSED:
            if verbose:
                out.write(f"PASS  {r.where}  {r.name} ({r.checks} check{'s' if r.checks != 1 else ''})\n")
        elif r.status == FAILED:
            out.write(f"FAIL  {r.where}  {r.name}\n      {r.message}\n")
        else:
            out.write(f"ERROR {r.where}: {r.message}\n")
    t = tally(results)
    if t.pending:
        out.write(f"{t.pending} pending (known failures, still failing as expected)\n")
    out.write(f"{t.passed} passed, {t.failed} failed\n")
    return t


# ----------------------------------------------------------------------------------------------- dump


class DumpError(Exception):
    """A match that cannot be dumped; the message says why (to a player, when the game refuses: `msg`)."""

    def __init__(self, message: Text) -> None:
        super().__init__(message)
        self.msg: Text = message


async def read_match(db_path: Path, match_id: int) -> tuple[MatchRecord, list[Any]]:
    """The match and its log from the database at `db_path` (which must already exist)."""
    if not db_path.exists():
        raise DumpError(f"There is no database at {db_path} (check `database.path` in config.toml).")
    store = await SqliteStore.open(db_path)
    try:
        record = await store.get_match(match_id)
        if record is None:
            raise DumpError(f"There is no match #{match_id} in {db_path}.")
        entries = await store.log_entries(match_id)
    finally:
        await store.close()
    return record, entries


def state_of(game: Game[Any], record: MatchRecord) -> Any:
    if not record.started:
        raise DumpError(f"Match #{record.id} has not started yet, so it has no position.")
    data = record.snapshot
    if record.snapshot_schema != game.schema_version:
        data = game.upgrade(data, record.snapshot_schema or 0)
    return game.from_json(data)


def scenario_for_match(
    record: MatchRecord,
    entries: Sequence[Any],
    viewer: str | None = None,
    *,
    public: bool = False,
    now: datetime | None = None,
) -> str:
    """The current position of a stored match as scenario text: everything (for bug reports), or with
    `viewer` ("p1") only what that seat may know, or with `public` only what anyone watching may know.
    Runs as written: it checks who is to move, so a bug report starts from a passing file."""
    _load_games()
    game = get_game(record.game)
    load_hooks(game)
    state = state_of(game, record)
    players = len(record.seated()) or game.min_players
    seats = {game.seat_name(s): s for s in range(players)}
    seat = None
    if viewer is not None:
        if viewer not in seats:
            raise DumpError(f"There is no seat {viewer!r}; seats: {', '.join(seats)}.")
        seat = seats[viewer]
    full = viewer is None and not public
    try:
        position = game.position_to_scenario(state, seat, full=full)
    except GameError as err:
        raise DumpError(err.msg) from None
    defaults = game.default_options()
    options = {k: v for k, v in record.options.items() if defaults.get(k, object()) != v}
    to_move = [game.seat_name(s) for s in sorted(game.to_move(state))]
    data: dict[str, Any] = {
        "game": record.game,
        "name": f"match {record.id} at version {record.version}",
        "description": "Dumped from a stored match"
        + (", with every hidden card." if full else f", as {viewer} may see it." if viewer else ", public parts only."),
        "players": players,
        # The real seed would let anyone recompute every hidden card and future draw: only a full dump has it.
        "seed": record.seed if full else secrets.randbelow(2**31),
        "expect": [f"to_move = {json.dumps(to_move)}"],
        "options": options,
        "position": position,
    }
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%d %H:%M UTC")
    comments = [
        f"Match #{record.id} ({game.title}), {record.status}, version {record.version}; dumped {stamp}.",
        "Run it with: python bot.py scenario run THIS_FILE; add [[steps]] to show what goes wrong.",
    ]
    if full:
        moves = [e for e in entries if e.kind in ("action", "resign")][-RECENT_MOVES:]
        if moves:
            comments.append("Last moves:")
            for e in moves:
                who = game.seat_name(e.seat) if e.seat is not None else "?"
                comments.append(f"  v{e.version} {who}: {e.notation or e.kind}")
    return to_toml(data, comments)


async def dump(db_path: Path, match_id: int, viewer: str | None = None, *, public: bool = False) -> str:
    record, entries = await read_match(db_path, match_id)
    return scenario_for_match(record, entries, viewer, public=public)


def known_games() -> list[str]:
    return sorted(GAMES)

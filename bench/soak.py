"""`python bot.py soak GAME [--actions N] [--seed S]`: proof under load and fault, for one game.

First the pure engine's promises at the deep profile (bench/properties.py: every check on every state of
a few playouts per mode, the long runs the default test run leaves out); then four suites run against the
real service and a real SQLite file in a temporary folder (never the configured database):

- fuzz: at every state, random and malformed actions, wrong seats, spectators, stale versions, bad
  button indexes and garbage text go through `MatchService.act`; each must be refused with a readable
  message (a GameError or Refusal with a non-empty `.message`) and leave version and snapshot as they were.
- leaks: after every change, the public view, each seat's view, the board and private image inputs,
  every post, the turn summary, the log row's events and the process's log lines are searched for
  cards their readers may not know (`game.hidden_cards`), as whole tokens; every so many changes and at
  each match's end, also what can be read later, against what is hidden now: the whole public history
  and the game's public export (Codex's forum post), and each seat's history for what nobody may know.
- crash: child processes play on one file and are SIGKILLed before a commit, after it, during
  delivery, or by a timer anywhere; after each restart every move a child reported is in the log, the
  log is contiguous, the snapshot equals a replay of the log, and every match loads and plays on.
- concurrency: 100 simultaneous actions on one match (one service, and two services on two
  connections), and on many matches at once: one move per version, no lost update, no gaps.

It prints progress and the first problems to stderr and ends with one JSON line on stdout:
actions, refused, crashes_survived, lost, corrupt, leaks, errors. The exit status is 0 only when
lost, corrupt, leaks and errors are all 0. docs/reliability.md has the latest results.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
import random
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from app.config import Config
from app.errors import Refusal
from app.service import ActResult, MatchService
from bench.audit import CapturingDelivery, CapturingRenderer, LeakChecker, LogCapture, MatchAuditor
from bench.crash_child import KILL_POINTS
from bench.properties import soak_properties
from bench.tables import USER_BASE, open_match, open_service
from bench.util import game_by_name, registering_module
from db.records import MatchRecord
from engine.core import Action, Game, GameError, Seat
from engine.i18n import english
from engine.playout import Style, choose_move

ROOT = Path(__file__).resolve().parent.parent
SUITES = ("properties", "fuzz", "leaks", "crash", "concurrency")
TEST_ONLY_GAMES = {"trial": "tests.fixtures.trial_game"}
"""Games that live outside engine/ and are registered by importing their module (`bot.py soak trial`)."""

SAMPLES = 40
MAX_ACTIONS_PER_MATCH = 5_000
SPECTATOR = 4_999_999

log = logging.getLogger(__name__)


@dataclass
class SoakReport:
    actions: int = 0
    refused: int = 0
    crashes_survived: int = 0
    lost: int = 0
    corrupt: int = 0
    leaks: int = 0
    errors: int = 0
    matches: int = 0
    seconds: float = 0.0
    kinds: dict[str, list[Any]] = field(default_factory=dict)
    """Problems grouped by their text with the numbers taken out: [kind, first text, how many]."""

    KEYS = ("actions", "refused", "crashes_survived", "lost", "corrupt", "leaks", "errors")

    @property
    def ok(self) -> bool:
        return self.lost == self.corrupt == self.leaks == self.errors == 0

    def line(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in self.KEYS}

    def problem(self, kind: str, text: str, count: int = 1) -> None:
        setattr(self, kind, getattr(self, kind) + count)
        key = kind + ":" + re.sub(r"'[^']*'|\d+", "#", text)[:160]
        if key in self.kinds:
            self.kinds[key][2] += count
        elif len(self.kinds) < SAMPLES:
            self.kinds[key] = [kind, text, count]

    @property
    def samples(self) -> list[str]:
        """One line per kind of problem: how often, and its first occurrence."""
        return [f"{kind} x{count}: {text}" for kind, text, count in self.kinds.values()]


@dataclass(frozen=True)
class SoakPlan:
    """How the `actions` budget is shared out (the main loop plays whatever the others leave)."""

    actions: int
    crash_share: float = 0.2
    crash_rounds: int = 0
    """0: about one kill per 400 crash actions, between 2 and 60."""
    concurrency_rounds: int = 0
    """0: one round per 2,000 actions, between 2 and 25."""
    probes_per_state: int = 2
    many_matches: bool = True
    """Include the round of simultaneous actions on many matches at once."""
    render_every: int = 250
    """Draw a real board image every so many states, to find renderer crashes."""
    read_later_every: int = 50
    """Search the whole history and the public export every so many states (and at each match's end)."""

    def crash_budget(self) -> int:
        return int(self.actions * self.crash_share)

    def kills(self) -> int:
        return self.crash_rounds or max(2, min(60, self.crash_budget() // 400))

    def rounds(self) -> int:
        return self.concurrency_rounds or max(2, min(25, self.actions // 2000))

    def property_playouts(self) -> int:
        """Deep property playouts per table (mode) of the game: one per 2,000 actions, between 1 and 10."""
        return max(1, min(10, self.actions // 2000))


# ------------------------------------------------------------------------------------------ command


def soak_command(game: str, *, actions: int = 10_000, seed: int = 0, config: Config | None = None) -> int:
    """`bot.py soak`: run every suite, print the JSON line, return the exit status."""
    try:
        chosen = resolve_game(game)
    except LookupError as error:
        print(error, file=sys.stderr)
        return 2
    level = logging.INFO
    theme = "dark"
    busy = 5000
    if config is not None:
        level = getattr(logging, config.logging.level, logging.INFO)
        theme = config.render.theme
        busy = config.database.busy_timeout_ms
    report = run_soak(chosen.name, actions=actions, seed=seed, log_level=level, theme=theme, busy_timeout_ms=busy)
    print(f"soak {chosen.name}: seed {seed}, {report.matches} matches, {report.seconds:.0f} s", file=sys.stderr)
    for sample in report.samples:
        print(f"  {sample}", file=sys.stderr)
    print(json.dumps(report.line()), flush=True)
    return 0 if report.ok else 1


def resolve_game(name: str) -> Game[Any]:
    import engine

    engine.load_games()
    if name not in engine.GAMES and name in TEST_ONLY_GAMES:
        importlib.import_module(TEST_ONLY_GAMES[name])
    if name not in engine.GAMES:
        raise LookupError(f"There is no game called {name!r}. Games: {', '.join(sorted(engine.GAMES))}.")
    return engine.GAMES[name]


def run_soak(
    game_name: str,
    *,
    actions: int,
    seed: int = 0,
    suites: Iterable[str] = SUITES,
    plan: SoakPlan | None = None,
    workdir: Path | None = None,
    log_level: int = logging.INFO,
    theme: str = "dark",
    busy_timeout_ms: int = 5000,
    progress: Callable[[str], None] | None = None,
) -> SoakReport:
    """Run the chosen suites for one game and return what they found (nothing printed to stdout).

    `plan` shares the `actions` out (SoakPlan's defaults when None)."""
    chosen = set(suites)
    unknown = chosen - set(SUITES)
    if unknown:
        raise ValueError(f"unknown soak suites: {sorted(unknown)}")
    plan = replace(plan, actions=actions) if plan else SoakPlan(actions)
    report = SoakReport()
    say = progress or (lambda text: print(text, file=sys.stderr, flush=True))
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="arbiter-soak-") as tmp:
        folder = workdir or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        crash_budget = plan.crash_budget() if "crash" in chosen else 0
        if "properties" in chosen:
            say(f"properties: {plan.property_playouts()} playouts per mode at the deep profile's depth")
            for kind, problem in soak_properties(resolve_game(game_name), plan.property_playouts(), seed):
                report.problem(kind, problem)
        if "concurrency" in chosen:
            say(f"concurrency: {plan.rounds()} rounds")
            concurrency = Concurrency(game_name, report, seed, folder / "concurrency.db", busy_timeout_ms)
            asyncio.run(concurrency.run(plan))
        if "crash" in chosen:
            say(f"crash: {plan.kills()} kills, children playing up to {crash_budget} actions in all")
            asyncio.run(Crashes(game_name, report, seed, folder / "crash.db").run(plan.kills(), crash_budget))
        if chosen & {"fuzz", "leaks"}:
            main_budget = max(0, plan.actions - report.actions)
            say(f"fuzz and leaks: {main_budget} actions")
            main = MainLoop(
                game_name,
                report,
                seed,
                folder / "soak.db",
                fuzz="fuzz" in chosen,
                leaks="leaks" in chosen,
                plan=plan,
                log_level=log_level,
                theme=theme,
                busy_timeout_ms=busy_timeout_ms,
                progress=say,
            )
            asyncio.run(main.run(main_budget))
    report.seconds = round(time.perf_counter() - started, 1)
    return report


def _readable(error: BaseException) -> bool:
    message = getattr(error, "message", None)
    return isinstance(error, GameError | Refusal) and isinstance(message, str) and bool(message.strip())


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {str(error)[:200]}"


# ----------------------------------------------------------------------------------- fuzz and leaks

GARBAGE = [
    "",
    "   ",
    "\x00",
    "\n\n\t",
    "pass pass pass pass",
    "'; DROP TABLE matches; --",
    "@everyone",
    "<@123456789>",
    "`play 1`",
    "💥" * 40,
    "a" * 5000,
    "-1",
    "999999999999999999999999",
    "play",
    "play -1",
    "play 1 2 3 4",
    "bid 99",
    "demand p9",
    "give",
    "NaN",
    "None",
    "{}",
    "[]",
    "ｐｌａｙ　１",
]


class MainLoop:
    """Plays whole matches one move at a time, fuzzing every state and searching every change for leaks."""

    def __init__(
        self,
        game_name: str,
        report: SoakReport,
        seed: int,
        db: Path,
        *,
        fuzz: bool,
        leaks: bool,
        plan: SoakPlan,
        log_level: int,
        theme: str,
        busy_timeout_ms: int,
        progress: Callable[[str], None],
    ) -> None:
        self.game = game_by_name(game_name)
        self.report = report
        self.rng = random.Random(seed)
        self.db = db
        self.fuzz = fuzz
        self.check_leaks = leaks
        self.plan = plan
        self.theme = theme
        self.busy = busy_timeout_ms
        self.progress = progress
        self.capture = LogCapture(log_level)
        self.delivery = CapturingDelivery()
        self.renderer = CapturingRenderer()
        self.finished: list[int] = []
        self.states = 0

    async def run(self, budget: int) -> None:
        store, service = await open_service(
            self.db,
            delivery=self.delivery,
            renderer=self.renderer,
            seed=self.rng.randrange(2**31),
            busy_timeout_ms=self.busy,
        )
        self.store, self.service = store, service
        self.auditor = MatchAuditor(store)
        self.capture.install()
        try:
            done = 0
            table = 0
            next_report = time.perf_counter() + 30
            while done < budget:
                done += await self._match(table, budget - done)
                table += 1
                if time.perf_counter() > next_report:
                    next_report = time.perf_counter() + 30
                    self.progress(f"  {done}/{budget} actions, {table} matches, {self.report.line()}")
        finally:
            self.capture.remove()
            await store.close()

    async def _match(self, table: int, budget: int) -> int:
        game, rng, report = self.game, self.rng, self.report
        players = rng.randint(game.min_players, game.max_players)
        users = [USER_BASE + 1000 * table + i for i in range(players)]
        self._clear()
        try:
            record = await open_match(
                self.service, game, channel=100_000 + table, users=users, seed=rng.randrange(2**31)
            )
        except Exception as error:
            report.problem("errors", f"opening a {players}-seat match failed: {_describe(error)}")
            return 0
        report.matches += 1
        await self._after_change(record, None)
        played = 0
        while record.status == "active" and played < min(budget, MAX_ACTIONS_PER_MATCH):
            state = self.service.state_of(record)
            if self.fuzz:
                record, changed = await self._probe(record, state)
                if changed:
                    played += 1
                    continue
            move = choose_move(game, state, rng, style=Style(revise=0.15))
            if move is None:
                report.problem("errors", f"match {record.id}: nobody can move but the match is active")
                break
            seat, action = move
            record = await self._play(record, state, seat, action)
            if record is None:
                return played
            played += 1
        if self.check_leaks:
            await self._read_later(record)
        problems, _ = await self.auditor.verify(record)
        for problem in problems:
            report.problem("corrupt", problem)
        if record.status == "finished":
            self.finished.append(record.id)
        elif record.status == "active":
            await self.service.abort(user_id=users[0], can_manage_guild=True, match_id=record.id)
        return played

    async def _play(self, record: MatchRecord, state: Any, seat: Seat, action: Action) -> MatchRecord | None:
        """One legal move, sent the way a player might: an Action, its notation, or a button index."""
        game, rng = self.game, self.rng
        user = record.user_at(seat)
        assert user is not None
        how = rng.random()
        sent: str | Action | int = action
        if how < 0.25:
            sent = game.describe_action(state, seat, action)
        elif how < 0.4:
            sent = game.legal_actions(state, seat).index(action)
        expected = record.version if rng.random() < 0.5 else None
        self._clear()
        try:
            result = await self.service.act(user_id=user, action=sent, match_id=record.id, expected_version=expected)
        except Exception as error:
            self.report.problem(
                "errors", f"match {record.id} v{record.version}: legal {sent!r} failed: {_describe(error)}"
            )
            return None
        await self._accepted(record, result, seat, action)
        return result.record

    async def _accepted(self, before: MatchRecord, result: ActResult, seat: Seat, action: Action | None) -> None:
        """A move was applied: it must be in the log at the next version, and what it sent must not leak."""
        after = result.record
        self.report.actions += 1
        if after.version != before.version + 1:
            self.report.problem("corrupt", f"match {before.id}: one move took v{before.version} to v{after.version}")
        entries = await self.store.log_entries(after.id, since_version=before.version)
        if len(entries) != 1 or entries[0].version != after.version:
            self.report.problem("lost", f"match {after.id}: the move to v{after.version} is not alone in the log")
        elif entries[0].seat != seat:
            self.report.problem(
                "lost", f"match {after.id} v{after.version}: logged for seat {entries[0].seat}, not {seat}"
            )
        elif action is not None and entries[0].action != action.to_json():
            # The move the player meant was not the one applied: a notation or button-index mix-up.
            self.report.problem(
                "errors", f"match {after.id} v{after.version}: meant {action.to_json()}, applied {entries[0].action}"
            )
        await self._after_change(after, result.lines)

    async def _after_change(self, record: MatchRecord, lines: list[str] | None) -> None:
        self.states += 1
        if not record.started:
            return
        game = self.game
        state = self.service.state_of(record)
        if self.plan.render_every and self.states % self.plan.render_every == 0:
            try:
                from render import render_board

                render_board(game.name, english(self.service.title(record)), game.view(state, None), self.theme)
            except Exception as error:
                self.report.problem("errors", f"match {record.id}: drawing the board failed: {_describe(error)}")
        log_lines = self.capture.take()
        for level, name, text in log_lines:
            if level >= logging.ERROR:
                self.report.problem("errors", f"match {record.id}: {name} logged an error: {text[:300]}")
        if not self.check_leaks:
            self._clear()
            return
        checker = LeakChecker(game, state, len(record.seated()))
        checker.views()
        checker.rendered(self.renderer)
        checker.delivered(self.delivery)
        if lines is not None:
            checker.summary(lines)
        for entry in await self.store.log_entries(record.id, since_version=record.version - 1):
            checker.entry(record, entry)
        checker.logs(log_lines)
        if self.plan.read_later_every and self.states % self.plan.read_later_every == 0:
            await self._read_later(record, checker)
        for leak in checker.leaks:
            self.report.problem("leaks", f"match {record.id} v{record.version}: {leak}")
        self._clear()

    async def _read_later(self, record: MatchRecord, checker: LeakChecker | None = None) -> None:
        """What anyone can read at any time, against what is hidden now: the whole history as the public and
        each seat read it, and the game's public export. A card named in a sentence long ago may be hidden
        again by now."""
        report = checker is None
        if checker is None:
            checker = LeakChecker(self.game, self.service.state_of(record), len(record.seated()))
        seats = range(len(record.seated()))
        checker.summary(await self.service.story(record, None), "history read later (public)")
        for seat in seats:
            # A seat's own history may name cards it saw and another seat holds now (a card it gave away),
            # which the hidden-cards hook cannot tell from a leak: it is searched for what nobody may know.
            checker.summary(await self.service.story(record, seat), f"history read later by seat {seat}", seats)
        export = _public_export(self.game)
        if export is not None:
            checker.summary([export(record, await self.store.log_entries(record.id))], "public export")
        if report:
            for leak in checker.leaks:
                self.report.problem("leaks", f"match {record.id} v{record.version}: {leak}")

    def _clear(self) -> None:
        self.renderer.clear()
        self.delivery.clear()

    # --- fuzz

    async def _probe(self, record: MatchRecord, state: Any) -> tuple[MatchRecord, bool]:
        """A few attempts that must be refused (or, where a random attempt happens to be legal, applied)."""
        for _ in range(self.plan.probes_per_state):
            kind, match_id, user, sent, expected, must_refuse = self._attempt(record, state)
            before = await self.store.get_match(record.id)
            assert before is not None
            self._clear()
            try:
                result = await self.service.act(user_id=user, action=sent, match_id=match_id, expected_version=expected)
            except Exception as error:
                if not _readable(error):
                    self.report.problem(
                        "errors", f"{kind} {sent!r:.80} by {user}: unreadable refusal {_describe(error)}"
                    )
                else:
                    self.report.refused += 1
                after = await self.store.get_match(record.id)
                if after is None or (after.version, after.snapshot_text) != (before.version, before.snapshot_text):
                    self.report.problem("corrupt", f"{kind} {sent!r:.80} was refused but changed match {record.id}")
                self.capture.take()
                continue
            if must_refuse:
                self.report.problem("errors", f"{kind} {sent!r:.80} by user {user} was accepted at v{before.version}")
            seat = record.seat_of(user)
            await self._accepted(record, result, seat if seat is not None else -1, None)
            return result.record, True
        return record, False

    def _attempt(self, record: MatchRecord, state: Any) -> tuple[str, int, int, str | Action | int, int | None, bool]:
        """(kind, match id, user, action sent, expected version, whether it must be refused)."""
        game, rng = self.game, self.rng
        players = len(record.seated())
        may = sorted(game.may_act(state))
        idle = [s for s in range(players) if s not in may]
        legal = {s: game.legal_actions(state, s) for s in range(players)}
        some = [a for s in may for a in legal[s]] or [Action("pass")]
        kind = rng.choice(["spectator", "wrong seat", "stale", "malformed", "garbage", "index", "elsewhere"])
        if kind == "wrong seat" and not idle:
            kind = "stale"
        if kind == "spectator":
            sent: str | Action | int = rng.choice([rng.choice(some), game.describe_action(state, may[0], some[0]), 0])
            return kind, record.id, SPECTATOR - rng.randrange(100), sent, None, True
        if kind == "wrong seat":
            seat = rng.choice(idle)
            sent = rng.choice([rng.choice(some), 0, game.describe_action_safely(state, seat, rng.choice(some))])
            return kind, record.id, _user(record, seat), sent, rng.choice([None, record.version]), True
        if kind == "stale":
            seat = rng.choice(may)
            wrong = record.version + rng.choice([-3, -2, -1, 1, 2, 10**6])
            sent = rng.choice(legal[seat]) if legal[seat] else rng.choice(some)
            return kind, record.id, _user(record, seat), sent, wrong, True
        if kind == "index":
            seat = rng.choice(range(players))
            count = len(legal[seat])
            sent = rng.choice([-1, count, count + 1, 10**9, -(10**9)])
            return kind, record.id, _user(record, seat), sent, None, True
        if kind == "elsewhere":
            target = rng.choice(self.finished) if self.finished and rng.random() < 0.5 else 10**9 + rng.randrange(100)
            return kind, target, _user(record, may[0]), rng.choice(some), None, True
        seat = rng.choice(may)
        sent = self._malformed(rng.choice(some)) if kind == "malformed" else self._garbage(state, seat, legal)
        # A mutation can land on a legal move (a verb alone is a whole notation when it takes no argument):
        # that must be applied. A prefix of a longer notation is refused (#14), never completed.
        return kind, record.id, _user(record, seat), sent, None, False

    def _malformed(self, base: Action) -> Action:
        rng = self.rng
        pick = rng.randrange(8)
        if pick == 0:
            return Action("no-such-verb", base.args)
        if pick == 1:
            return Action(base.verb, (*base.args, "extra"))
        if pick == 2:
            return Action(base.verb, (10**12,))
        if pick == 3:
            return Action(base.verb, tuple(-1 for _ in base.args) or (-1,))
        if pick == 4:
            return Action(base.verb, ("x" * 2000,))
        if pick == 5:
            return Action("", ())
        if pick == 6:
            return Action(base.verb, tuple(str(a) if isinstance(a, int) else 7 for a in base.args) or ("?",))
        return Action(base.verb.upper() + "\u200b", base.args)

    def _garbage(self, state: Any, seat: Seat, legal: dict[Seat, list[Action]]) -> str:
        rng, game = self.rng, self.game
        pick = rng.randrange(4)
        if pick == 0:
            return rng.choice(GARBAGE)
        if pick == 1:
            return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(1, 40)))
        others = [(s, a) for s, acts in legal.items() if s != seat for a in acts]
        if pick == 2 and others:
            s, a = rng.choice(others)
            return game.describe_action(state, s, a)
        if legal[seat]:
            text = game.describe_action(state, seat, rng.choice(legal[seat]))
            return text + rng.choice([" 9", "x", " and more", "!", "1"])
        return rng.choice(GARBAGE)


def _public_export(game: Game[Any]) -> Callable[[MatchRecord, list[Any]], str] | None:
    """The game's public text export (a play-by-forum post), declared with its commands in cogs/<game>/."""
    from cogs.gamekit import game_commands

    return game_commands(game.name).public_export


def _user(record: MatchRecord, seat: Seat) -> int:
    user = record.user_at(seat)
    assert user is not None
    return user


# ------------------------------------------------------------------------------------------ crashes


class Crashes:
    """Kill a child that plays on one database, again and again, and audit the file after each death."""

    def __init__(self, game_name: str, report: SoakReport, seed: int, db: Path) -> None:
        self.game = game_by_name(game_name)
        self.report = report
        self.rng = random.Random(seed * 7 + 3)
        self.seed = seed
        self.db = db
        self.reported: dict[tuple[int, int], tuple[int, Any]] = {}
        """(match, version) -> (seat, action JSON) of every move a child said was committed."""

    async def run(self, kills: int, budget: int) -> None:
        per_child = max(4, budget // max(1, kills))
        for round_no in range(kills):
            mode = (*KILL_POINTS, "timer")[round_no % 4]
            killed, lines, failure = self._child(round_no, mode, per_child)
            if failure:
                self.report.problem("errors", f"crash round {round_no} ({mode}): {failure}")
            self._read(lines)
            clean = await self._audit(round_no, mode)
            if killed and clean:
                self.report.crashes_survived += 1

    def _child(self, round_no: int, mode: str, per_child: int) -> tuple[bool, list[str], str]:
        command = [
            sys.executable,
            "-m",
            "bench.crash_child",
            "--db",
            str(self.db),
            "--game",
            self.game.name,
            "--seed",
            str(self.seed * 1000 + round_no),
            "--import",
            registering_module(self.game),
        ]
        kill_after = self.rng.randint(1, per_child)
        if mode == "timer":
            command += ["--actions", str(per_child * 4)]
        else:
            command += ["--actions", str(per_child * 2), "--kill-after", str(kill_after), "--kill-at", mode]
        child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        timer: threading.Timer | None = None
        if mode == "timer":
            # Start-up takes a few hundred milliseconds; the kill lands anywhere after it, even mid-commit.
            timer = threading.Timer(self.rng.uniform(0.4, 0.4 + 0.004 * per_child), child.kill)
            timer.start()
        try:
            out, err = child.communicate(timeout=600)
        except subprocess.TimeoutExpired:
            child.kill()
            out, err = child.communicate()
            return True, out.splitlines(), "the child hung for 10 minutes"
        finally:
            if timer is not None:
                timer.cancel()
        killed = child.returncode == -signal.SIGKILL
        lines = out.split("\n")[:-1]  # the last piece is unterminated if the kill cut a line
        failure = ""
        if not killed and child.returncode != 0:
            failure = f"the child failed ({child.returncode}): {err.strip()[-800:]}"
        elif not killed and mode != "timer":
            failure = "the child was not killed where it was told to die"
        return killed, lines, failure

    def _read(self, lines: list[str]) -> None:
        for line in lines:
            if not line.startswith("ok "):
                continue
            _, match, version, seat, action = line.split(" ", 4)
            self.reported[(int(match), int(version))] = (int(seat), json.loads(action))
            self.report.actions += 1

    async def _audit(self, round_no: int, mode: str) -> bool:
        """After a death: integrity, every reported move present, every match replays and plays on."""
        problems_before = self.report.lost + self.report.corrupt + self.report.errors
        if not self.db.exists():
            return False
        conn = sqlite3.connect(self.db)
        try:
            verdict = conn.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            conn.close()
        if verdict != "ok":
            self.report.problem("corrupt", f"crash round {round_no} ({mode}): integrity_check says {verdict}")
        store, service = await open_service(self.db, delivery=CapturingDelivery(), seed=round_no)
        try:
            auditor = MatchAuditor(store)
            await service.deliver_pending(force=True)  # as the bot does at start-up; it logs, never raises
            left = await store.pending_outbox()
            if left:
                self.report.problem("errors", f"crash round {round_no}: redelivery left {len(left)} update(s) pending")
            records = await store.list_matches(live_only=False, limit=1_000_000)
            logs = {r.id: {e.version: e for e in await store.log_entries(r.id)} for r in records}
            for (match, version), (seat, action) in self.reported.items():
                entry = logs.get(match, {}).get(version)
                if entry is None or entry.seat != seat or entry.action != action:
                    self.report.problem("lost", f"match {match} v{version}: reported committed, log has {entry}")
            for record in records:
                problems, _ = await auditor.verify(record)
                for problem in problems:
                    self.report.problem("corrupt", f"after crash round {round_no} ({mode}): {problem}")
                if record.status != "active" or problems:
                    continue
                move = choose_move(self.game, service.state_of(record), self.rng)
                if move is None:
                    self.report.problem("corrupt", f"match {record.id}: active but nobody may move after a restart")
                    continue
                seat, action = move
                try:
                    result = await service.act(user_id=_user(record, seat), action=action, match_id=record.id)
                except Exception as error:
                    self.report.problem(
                        "errors", f"match {record.id} does not play on after a restart: {_describe(error)}"
                    )
                    continue
                self.report.actions += 1
                self.reported[(record.id, result.record.version)] = (seat, action.to_json())
        finally:
            await store.close()
        return self.report.lost + self.report.corrupt + self.report.errors == problems_before


# -------------------------------------------------------------------------------------- concurrency


class Concurrency:
    """Simultaneous actions: exactly one move per version, no lost update, no gaps."""

    ATTEMPTS = 100

    def __init__(self, game_name: str, report: SoakReport, seed: int, db: Path, busy_timeout_ms: int) -> None:
        self.game = game_by_name(game_name)
        self.report = report
        self.rng = random.Random(seed * 11 + 5)
        self.db = db
        self.busy = busy_timeout_ms
        self.tables = 0

    async def run(self, plan: SoakPlan) -> None:
        store_a, service_a = await open_service(self.db, seed=1, busy_timeout_ms=self.busy)
        store_b, service_b = await open_service(self.db, seed=2, busy_timeout_ms=self.busy)
        self.store = store_a
        self.auditor = MatchAuditor(store_a)
        try:
            for _ in range(plan.rounds()):
                record = await self._table(service_a)
                if record is None:
                    continue
                record = await self._one_match(record, [service_a], pinned=True)
                record = await self._one_match(record, [service_a, service_b], pinned=True)
                record = await self._one_match(record, [service_a], pinned=False)
                await self._verify(record)
            if plan.many_matches:
                await self._many_matches(service_a)
        finally:
            await store_b.close()
            await store_a.close()

    async def _table(self, service: MatchService) -> MatchRecord | None:
        game, rng = self.game, self.rng
        players = rng.randint(game.min_players, game.max_players)
        users = [USER_BASE + 500_000 + 10 * self.tables + i for i in range(players)]
        self.tables += 1
        try:
            record = await open_match(
                service, game, channel=300_000 + self.tables, users=users, seed=rng.randrange(2**31)
            )
        except Exception as error:
            self.report.problem("errors", f"concurrency: opening a match failed: {_describe(error)}")
            return None
        self.report.matches += 1
        for _ in range(rng.randrange(0, 12)):  # somewhere into the game, not always at its start
            move = choose_move(game, service.state_of(record), rng, style=Style(revise=0.1))
            if move is None or record.status != "active":
                break
            seat, action = move
            record = (await service.act(user_id=_user(record, seat), action=action, match_id=record.id)).record
            self.report.actions += 1
        return record

    def _attempts(self, service: MatchService, record: MatchRecord, count: int) -> list[tuple[int, Action]]:
        """(user, action) pairs: mostly legal moves of seats that may act, some moves of idle seats."""
        game, rng = self.game, self.rng
        state = service.state_of(record)
        players = len(record.seated())
        offers = [(s, a) for s in range(players) for a in game.legal_actions(state, s)]
        if not offers:
            return []
        out = [rng.choice(offers) for _ in range(count)]
        idle = [s for s in range(players) if s not in game.may_act(state)]
        for i in range(0, count, 10):
            if idle:
                out[i] = (rng.choice(idle), rng.choice(offers)[1])
        return [(_user(record, s), a) for s, a in out]

    async def _one_match(self, record: MatchRecord, services: list[MatchService], *, pinned: bool) -> MatchRecord:
        """100 actions at once on one match. With the version pinned (buttons), exactly one applies;
        without (typed moves), each applies to the state its turn in the queue finds."""
        if record.status != "active":
            return record
        attempts = self._attempts(services[0], record, self.ATTEMPTS)
        expected = record.version if pinned else None
        calls = [
            services[i % len(services)].act(user_id=u, action=a, match_id=record.id, expected_version=expected)
            for i, (u, a) in enumerate(attempts)
        ]
        results = await asyncio.gather(*calls, return_exceptions=True)
        label = f"{len(attempts)} at once on match {record.id} ({len(services)} service(s), pinned={pinned})"
        return await self._settle(record, results, label, exactly_one=pinned)

    async def _settle(self, before: MatchRecord, results: list[Any], label: str, *, exactly_one: bool) -> MatchRecord:
        wins = [r for r in results if isinstance(r, ActResult)]
        for r in results:
            if isinstance(r, BaseException):
                if _readable(r):
                    self.report.refused += 1
                else:
                    self.report.problem("errors", f"{label}: {_describe(r)}")
        after = await self.store.get_match(before.id)
        assert after is not None
        entries = await self.store.log_entries(before.id, since_version=before.version)
        applied = after.version - before.version
        self.report.actions += applied
        if exactly_one and applied != 1:
            self.report.problem("corrupt" if applied > 1 else "errors", f"{label}: {applied} moves applied, not 1")
        if [e.version for e in entries] != list(range(before.version + 1, after.version + 1)):
            self.report.problem(
                "corrupt", f"{label}: log versions {[e.version for e in entries]} after v{before.version}"
            )
        by_version = {e.version: e for e in entries}
        for win in wins:
            entry = by_version.get(win.record.version)
            if entry is None or entry.notation != win.notation:
                self.report.problem("lost", f"{label}: {win.notation!r} reported applied at v{win.record.version}")
        if len({w.record.version for w in wins}) != len(wins):
            self.report.problem("lost", f"{label}: two moves reported the same version")
        if len(wins) != applied:
            self.report.problem("errors", f"{label}: {applied} moves committed but {len(wins)} reported applied")
        return after

    async def _verify(self, record: MatchRecord) -> None:
        fresh = await self.store.get_match(record.id)
        assert fresh is not None
        problems, _ = await self.auditor.verify(fresh)
        for problem in problems:
            self.report.problem("corrupt", f"concurrency: {problem}")

    async def _many_matches(self, service: MatchService) -> None:
        """100 actions at once spread over ten matches, each pinned to its match's version."""
        records = [r for r in [await self._table(service) for _ in range(10)] if r is not None]
        records = [r for r in records if r.status == "active"]
        if not records:
            return
        calls: list[Any] = []
        owners: list[int] = []
        per = self.ATTEMPTS // len(records)
        for index, record in enumerate(records):
            for user, action in self._attempts(service, record, per):
                calls.append(
                    service.act(user_id=user, action=action, match_id=record.id, expected_version=record.version)
                )
                owners.append(index)
        order = list(range(len(calls)))
        self.rng.shuffle(order)
        shuffled = [calls[i] for i in order]
        results = await asyncio.gather(*shuffled, return_exceptions=True)
        grouped: dict[int, list[Any]] = {i: [] for i in range(len(records))}
        for position, result in zip(order, results, strict=True):
            grouped[owners[position]].append(result)
        for index, record in enumerate(records):
            label = f"{self.ATTEMPTS} at once over {len(records)} matches (match {record.id})"
            after = await self._settle(record, grouped[index], label, exactly_one=True)
            await self._verify(after)


__all__ = ["SUITES", "SoakPlan", "SoakReport", "resolve_game", "run_soak", "soak_command"]

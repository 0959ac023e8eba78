"""Running a scenario: set up the position, play the steps through the real engine, check expectations.

Pure: the caller reads files and prints. Every problem becomes a `Result` with one message, never an
exception: a malformed scenario is an "error" (with its line), a wrong expectation or an unexpected
refusal is a "failure" (with the actual value), and an engine crash is a failure naming where it crashed.
"""

from __future__ import annotations

import importlib
import importlib.util
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from engine.core import GAMES, PIECES_OPTION, BadNotation, BadOptions, Event, Game, GameError
from engine.i18n import Text, english, joined, t
from engine.scenario.edit import changed, first_difference, new_key
from engine.scenario.errors import EvalError, KeyPath, PositionError, ScenarioError
from engine.scenario.expr import Env, evaluate, show
from engine.scenario.model import Chance, Expectation, Scenario, StepSpec, suggest

PASSED, FAILED, ERROR = "passed", "failed", "error"


@dataclass
class Result:
    origin: str
    name: str
    status: str
    """PASSED, FAILED (an expectation or a step went wrong) or ERROR (the file cannot be run as written)."""
    message: str = ""
    line: int | None = None
    checks: int = 0
    """Expectations that held (all of them when the scenario passed)."""
    pending: str | None = None

    @property
    def ok(self) -> bool:
        """Passed, or (pending) failed as it is expected to until the engine is fixed."""
        if self.pending is not None:
            return self.status == FAILED
        return self.status == PASSED

    @property
    def where(self) -> str:
        return self.origin if self.line is None else f"{self.origin}:{self.line}"


class _Stop(Exception):
    def __init__(self, status: str, message: Text, path: KeyPath = (), *, crashed: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.msg: Text = message
        self.path = path
        self.crashed = crashed
        """The engine raised something unexpected: the message quotes the exception and its place."""

    @property
    def message(self) -> str:
        return str(self.msg)


@dataclass
class Run:
    """A scenario in progress: the state after the steps so far and the events of the last step."""

    game: Game[Any]
    scenario: Scenario
    players: int
    state: Any
    events: list[Event] = field(default_factory=list)
    checks: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    """The match options, with the defaults and the scenario's own pieces: a set step reads its position
    with them."""
    seed: int = 0

    def seat_names(self) -> dict[str, int]:
        return {self.game.seat_name(s): s for s in range(self.players)}

    def env(self) -> Env:
        game, state = self.game, self.state
        names = self.seat_names()
        seat_name = game.seat_name
        root: dict[str, Any] = {
            "to_move": [seat_name(s) for s in sorted(game.to_move(state))],
            "outcome": _outcome(game, state),
        }
        root.update(game.scenario_projection(state))
        events = []
        for e in self.events:
            data = dict(game.scenario_event(e))
            data["kind"] = e.kind
            data["visible_to"] = None if e.to is None else [seat_name(s) for s in sorted(e.to)]
            events.append(data)
        return Env(
            root=root,
            seats=names,
            legal=lambda seat: [game.describe_action(state, seat, a) for a in game.legal_actions(state, seat)],
            is_legal=lambda seat, text: _names_legal(game, state, seat, text),
            view=lambda seat: game.view(state, seat),
            events=lambda: events,
            visible=lambda event, seat: event.get("visible_to") is None or seat_name(seat) in event["visible_to"],
        )


def _names_legal(game: Game[Any], state: Any, seat: int, text: str) -> bool:
    """Does `text` name one of `seat`'s legal actions, in any form the game reads (`tech A, B` and `tech B, A`
    may be one action)? A text that is no notation at all fails the check: a typo must not pass a `lacks`."""
    try:
        action = game.parse_action(state, seat, text)
    except BadNotation as err:
        raise EvalError(str(t("scenario-legal-typo", text=text, reason=err.msg))) from None
    except GameError:
        return False
    return action in game.legal_actions(state, seat)


def _outcome(game: Game[Any], state: Any) -> dict[str, Any] | None:
    out = game.outcome(state)
    if out is None:
        return None
    return {
        "winners": [game.seat_name(s) for s in sorted(out.winners)],
        "reason": out.reason,
        "detail": english(out.detail),  # expectations compare text as written in English
    }


def load_hooks(game: Game[Any]) -> None:
    """Import the game's scenario hooks when they live in a module of their own.

    A game package `engine.NAME` may keep them in `engine.NAME.position`, which attaches them to its
    Game class on import; importing it here means the package itself need not import it.
    """
    module = type(game).__module__
    if not module.startswith("engine."):
        return
    package = module if module.count(".") == 1 else module.rsplit(".", 1)[0]
    name = f"{package}.position"
    if importlib.util.find_spec(name) is not None:
        importlib.import_module(name)


def run_scenario(scenario: Scenario, games: Mapping[str, Game[Any]] | None = None) -> Result:
    """Run one scenario to its first failure. Never raises for anything the scenario or engine does."""
    result = Result(scenario.origin, scenario.name, PASSED, pending=scenario.pending)
    run: Run | None = None
    try:
        run = start(scenario, GAMES if games is None else games, checks=True)
        for step in scenario.steps:
            play_step(run, step)
        if not scenario.branches:
            for expectation in scenario.expect:
                check(run, expectation, "at the end")
        for branch in scenario.branches:
            line = replace(run, events=list(run.events))  # states are never changed in place: shared safely
            for step in branch.steps:
                play_step(line, step)
            where = str(t("scenario-branch-end", name=branch.name))
            for expectation in (*branch.expect, *scenario.expect):
                check(line, expectation, where)
            run.checks = line.checks
    except _Stop as stop:
        result.status = stop.status
        result.message = stop.message
        result.line = scenario.line_of(stop.path) if stop.path else None
    except ScenarioError as err:
        result.status, result.message, result.line = ERROR, err.message, err.line
    result.checks = run.checks if run is not None else 0
    return result


T = TypeVar("T")


def guarded(
    make: Callable[[], T],
    at: KeyPath,
    doing: str,
    prefix: str = "",
    below: Callable[[KeyPath], KeyPath] | None = None,
    hint: Callable[[PositionError], Text] | None = None,
) -> T:
    """`make()`, with what the game refuses turned into an error of the file at `at` (a PositionError at the
    key it names below `at`, or below `below(its path)`, followed by `hint(it)`), and an engine crash into a
    failure naming where."""
    try:
        return make()
    except PositionError as err:
        place = at if below is None else below(err.path)
        extra = "" if hint is None else hint(err)
        raise _Stop(ERROR, joined([prefix, err.msg, extra], " "), (*place, *err.path)) from None
    except BadOptions as err:
        raise _Stop(ERROR, err.msg, ("options",)) from None
    except GameError as err:
        raise _Stop(ERROR, joined([prefix, err.msg], " ") if prefix else err.msg, at) from None
    except Exception as err:  # an engine bug: report where, keep running other scenarios
        raise _Stop(FAILED, f"engine error while {doing}: {_crash(err)}", at, crashed=True) from None


def start(scenario: Scenario, games: Mapping[str, Game[Any]], *, checks: bool = False) -> Run:
    """The scenario's game set up as the file says and started; with `checks`, the `at_setup` checks are made
    on the position before the game's own first steps."""
    game = games.get(scenario.game)
    if game is None:
        known = sorted(games)
        hint = suggest(scenario.game, known)
        names = ", ".join(known) or t("core-none")
        raise _Stop(ERROR, t("scenario-no-such-game", game=scenario.game, hint=hint, games=names), ("game",))
    load_hooks(game)
    players = scenario.players or game.min_players
    if not game.min_players <= players <= game.max_players:
        raise _Stop(
            ERROR,
            t("scenario-players", game=game.title, fewest=game.min_players, most=game.max_players, players=players),
            ("players",),
        )
    options = {**game.default_options(), **scenario.options}
    pieces = scenario.pieces
    if pieces is not None:
        first: KeyPath = ("pieces", *pieces)[:2]  # the table has no line of its own: its first piece's
        options = guarded(
            lambda: game.scenario_pieces(pieces, options), first, "making the pieces", below=lambda _: ("pieces",)
        )
    before = guarded(
        lambda: game.scenario_before_start(scenario.position, players, options, scenario.seed),
        ("position",),
        "setting up",
    )
    run = Run(game, scenario, players, before, options=options, seed=scenario.seed)
    if checks:
        for expectation in scenario.at_setup:
            check(run, expectation, str(t("scenario-at-setup")))
    fix_chance(run, scenario.chance, "")
    started = guarded(lambda: game.scenario_start(run.state), ("position",), "setting up")
    run.state = started.state
    run.events = list(game.opening_events(run.state) if scenario.position is None else started.events)
    return run


def fix_chance(run: Run, chances: Sequence[Chance], prefix: str) -> None:
    """Fix the next outcomes of chance the file names, through the game's `fix_chance`."""
    game = run.game
    kinds = game.chance_kinds()
    for chance in chances:
        if chance.kind not in kinds:
            listed = "; ".join(f"{kind} ({about})" for kind, about in kinds.items()) or str(t("core-none"))
            hint = suggest(chance.kind, list(kinds))
            raise _Stop(
                ERROR,
                t("scenario-chance-kind", kind=chance.kind, hint=hint, game=game.title, kinds=listed),
                chance.path,
            )
        state = run.state
        run.state = guarded(
            lambda c=chance, s=state: game.fix_chance(s, c.kind, list(c.values)), chance.path, "fixing chance", prefix
        )


def change_position(run: Run, step: StepSpec) -> None:
    """A set step: the position as it stands, written out, changed by `set` and `add`, read back."""
    game = run.game
    first = "set" if step.set else "add"
    at: KeyPath = (*step.path, first)
    prefix = f"{step.describe()}:"
    now = guarded(lambda: game.position_to_scenario(run.state, None, full=True), at, "writing the position", prefix)

    # Chance fixed and not used yet is no part of a position: the projection lists it (`chance`, as
    # fix_chance takes it), and it is fixed again on the position read back.
    unused = game.scenario_projection(run.state).get("chance") or {}

    def read(position: Mapping[str, Any]) -> Any:
        state = game.position_from_scenario(position, run.players, run.options, run.seed)
        for kind, values in unused.items():
            state = game.fix_chance(state, kind, values)
        return state

    again = guarded(lambda: read(now), at, "reading the position back", prefix)
    differs = first_difference(game.scenario_projection(run.state), game.scenario_projection(again))
    if differs is not None:
        where, was, carried = differs
        raise _Stop(
            ERROR,
            t("scenario-set-not-carried", step=step.describe(), where=where, was=show(was), carried=show(carried)),
            at,
        )
    position = now
    for key, changes in (("set", step.set), ("add", step.add)):
        if changes:
            position = guarded(
                lambda p=position, c=changes, k=key: changed(p, c, adding=k == "add"),
                (*step.path, key),
                "changing the position",
                prefix,
            )

    def written(path: KeyPath) -> KeyPath:
        """The table (`set` or `add`) whose key a refusal of the changed position is about, for its line."""
        for key, changes in (("set", step.set), ("add", step.add)):
            if changes and path and path[0] in changes:
                return (*step.path, key)
        return at

    final = position

    def made_up(err: PositionError) -> Text:
        """A refusal under a key the position did not have: say what it has there."""
        found = new_key(now, err.path)
        return "" if found is None else t("scenario-set-new-key", key=found[0], keys=", ".join(found[1]))

    run.state = guarded(lambda: read(final), at, "reading the changed position", prefix, written, made_up)
    run.events = []


def initial_state(
    scenario: Scenario, games: Mapping[str, Game[Any]] | None = None, *, play_steps: bool = False
) -> tuple[Game[Any], int, Any]:
    """(game, players, state) a scenario starts from, for starting a real match from a file.

    With `play_steps`, its steps are played too (steps marked `refused` are skipped); expectations are
    not checked. Raises ScenarioError, with the line, for anything that stops the state being built.
    """
    if scenario.pieces is not None or PIECES_OPTION in scenario.options:
        at = ("pieces", *scenario.pieces)[:2] if scenario.pieces is not None else ("options", PIECES_OPTION)
        raise ScenarioError(t("scenario-pieces-not-in-matches"), scenario.line_of(at))
    try:
        run = start(scenario, GAMES if games is None else games)
        if play_steps:
            for step in scenario.steps:
                advance(run, step, refusals=False)
    except _Stop as stop:
        line = scenario.line_of(stop.path) if stop.path else None
        raise ScenarioError(stop.msg, line, crashed=stop.crashed) from None
    return run.game, run.players, run.state


def seat_of(run: Run, step: StepSpec) -> int:
    names = run.seat_names()
    if step.by is not None:
        if step.by not in names:
            raise _Stop(
                ERROR,
                f"no seat `{step.by}` in this {run.players}-player game{suggest(step.by, list(names))}; "
                f"seats: {', '.join(names)}",
                (*step.path, "by"),
            )
        return names[step.by]
    waiting = sorted(run.game.to_move(run.state))
    if len(waiting) == 1:
        return waiting[0]
    who = ", ".join(run.game.seat_name(s) for s in waiting) or "nobody (the game is over)"
    raise _Stop(FAILED, f'{step.describe()}: say who acts with `by = "..."`; waiting on {who}', step.path)


def play_step(run: Run, step: StepSpec) -> None:
    advance(run, step)
    for expectation in step.expect:
        check(run, expectation, step.describe())


def advance(run: Run, step: StepSpec, *, refusals: bool = True) -> None:
    """The step's changes, fixed chance and action, in that order; without `refusals`, an action the step
    expects to be refused is left out."""
    if step.set or step.add:
        change_position(run, step)
    fix_chance(run, step.chance, f"{step.describe()}:")
    if (step.do is not None or step.resign) and (refusals or not step.refused):
        act(run, step)


def act(run: Run, step: StepSpec) -> None:
    game = run.game
    seat = seat_of(run, step)
    at: KeyPath = (*step.path, "resign" if step.resign else "do")
    try:
        if step.resign:
            outcome = game.resign(run.state, seat)
        else:
            assert step.do is not None
            action = game.parse_action(run.state, seat, step.do)
            outcome = game.apply(run.state, seat, action)
    except BadNotation as err:
        # Not an action of the game at all (a typo): the file is wrong, refused or not, since a typo would
        # make any "refused" step pass.
        need = " must name an action to be refused, and it" if step.refused else ""
        raise _Stop(ERROR, f"{step.describe()}{need} names no action (a typo?): {err.message}", at) from None
    except GameError as err:
        if not step.refused:
            raise _Stop(FAILED, f"{step.describe()} was refused: {err.message}", at) from None
        if step.reason is not None and step.reason.lower() not in err.message.lower():
            raise _Stop(
                FAILED,
                f'{step.describe()} was refused, but not for the reason expected ("{step.reason}"): {err.message}',
                at,
            ) from None
        run.events = []
        run.checks += 1  # the refusal was what the step expected: a check that held
        return
    except Exception as err:
        raise _Stop(FAILED, f"{step.describe()}: engine error: {_crash(err)}", at, crashed=True) from None
    if step.refused:
        raise _Stop(FAILED, f"{step.describe()} should have been refused, but it was accepted", at)
    run.state = outcome.state
    run.events = list(outcome.events)


def check(run: Run, expectation: Expectation, when: str) -> None:
    try:
        verdict = evaluate(expectation.check, run.env())
    except GameError as err:
        raise _Stop(ERROR, f"{when}: {err.message}", expectation.path) from None
    except Exception as err:
        raise _Stop(
            FAILED, f"{when}: engine error while checking `{expectation.text}`: {_crash(err)}", expectation.path
        ) from None
    if not verdict.ok:
        raise _Stop(FAILED, f"{when}: expected `{expectation.text}`, but {verdict.detail}", expectation.path)
    run.checks += 1


def _crash(err: BaseException) -> str:
    frames = traceback.extract_tb(err.__traceback__)
    where = ""
    if frames:
        last = frames[-1]
        where = f" (at {_short(last.filename)}:{last.lineno} in {last.name})"
    return f"{type(err).__name__}: {err}{where}"


def _short(filename: str) -> str:
    parts = filename.replace("\\", "/").split("/")
    for anchor in ("engine", "tests", "app"):
        if anchor in parts:
            return "/".join(parts[len(parts) - 1 - parts[::-1].index(anchor) :])
    return parts[-1]


def run_all(scenarios: Sequence[Scenario], games: Mapping[str, Game[Any]] | None = None) -> list[Result]:
    return [run_scenario(s, games) for s in scenarios]

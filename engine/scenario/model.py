"""Reading a scenario file's text into a `Scenario`: the game-agnostic top level, steps and expectations.

The `[position]` table is kept as data here; the game turns it into a state when the scenario runs
(`Game.position_from_scenario`), and errors it raises are mapped back to lines with the same source map.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.i18n import Text, t
from engine.scenario.errors import KeyPath, ScenarioError
from engine.scenario.expr import Check, ExprSyntaxError, parse_check
from engine.scenario.source import SourceMap, source_map

TOP_KEYS = (
    "game",
    "name",
    "description",
    "source",
    "players",
    "seed",
    "options",
    "position",
    "steps",
    "expect",
    "pending",
    "at_setup",
    "chance",
    "branches",
    "pieces",
)
STEP_KEYS = ("by", "do", "resign", "refused", "reason", "expect", "note", "set", "add", "chance")
BRANCH_KEYS = ("name", "steps", "expect", "note")


@dataclass(frozen=True)
class Chance:
    """The next outcomes of one kind of chance (`"deck:p1" = ["Spark"]`), fixed through `Game.fix_chance`."""

    kind: str
    values: tuple[Any, ...]
    path: KeyPath


@dataclass(frozen=True)
class Expectation:
    check: Check
    path: KeyPath
    """Where it is written, for its line number in reports."""

    @property
    def text(self) -> str:
        return self.check.text


@dataclass(frozen=True)
class StepSpec:
    index: int
    """0-based position in `steps`."""
    by: str | None
    do: str | None
    resign: bool
    refused: bool
    reason: str | None
    expect: tuple[Expectation, ...]
    note: str = ""
    set: dict[str, Any] | None = None
    """Changes to the position before the action (a set step), in the game's `[position]` keys."""
    add: dict[str, Any] | None = None
    """Amounts added and items put at the end of lists, likewise."""
    chance: tuple[Chance, ...] = ()
    """Chance fixed before the action."""
    branch: int | None = None
    """The index of the branch the step belongs to; None for the steps every line of play shares."""
    branch_name: str = ""

    @property
    def path(self) -> KeyPath:
        return ("steps", self.index) if self.branch is None else ("branches", self.branch, "steps", self.index)

    def describe(self) -> str:
        who = f"{self.by}: " if self.by else ""
        what = (
            "resign"
            if self.resign
            else self.do or ("set" if self.set or self.add else "chance" if self.chance else "check")
        )
        where = f'branch "{self.branch_name}", ' if self.branch is not None else ""
        return f"{where}step {self.index + 1} ({who}{what})"


@dataclass(frozen=True)
class Branch:
    """One line of play from where the shared steps end: its own steps and checks."""

    index: int
    name: str
    steps: tuple[StepSpec, ...] = ()
    expect: tuple[Expectation, ...] = ()
    note: str = ""

    @property
    def path(self) -> KeyPath:
        return ("branches", self.index)


@dataclass
class Scenario:
    game: str
    name: str
    origin: str
    """The file name (or another label) reports use."""
    players: int | None = None
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    position: dict[str, Any] | None = None
    steps: list[StepSpec] = field(default_factory=list)
    expect: list[Expectation] = field(default_factory=list)
    at_setup: list[Expectation] = field(default_factory=list)
    """Checks on the position as set up, before the steps the game takes by itself (the start of a turn)."""
    chance: tuple[Chance, ...] = ()
    """Chance fixed as the scenario is set up, before the game's own first steps."""
    branches: list[Branch] = field(default_factory=list)
    """Lines of play from where `steps` end; `expect` is checked at the end of each."""
    pieces: dict[str, Any] | None = None
    """The scenario's own cards or pieces, by name, in the game's terms (`Game.scenario_pieces`)."""
    pending: str | None = None
    """Set when the scenario is known to fail (an engine bug): it is run and must still fail."""
    description: str = ""
    source: str = ""
    lines: SourceMap = field(default_factory=SourceMap)

    def line_of(self, path: KeyPath) -> int | None:
        return self.lines.line_of(path)

    def error(self, message: Text, path: KeyPath) -> ScenarioError:
        return ScenarioError(message, self.lines.line_of(path))


def load_scenario(text: str, origin: str = "<scenario>") -> Scenario:
    """Parse a scenario file. Raises ScenarioError naming the line (and column) of the first problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise _toml_error(err) from None
    lines = source_map(text)
    reader = _Reader(lines)
    return reader.scenario(data, origin)


def default_name(origin: str) -> str:
    stem = re.split(r"[\\/]", origin)[-1]
    return stem[:-5] if stem.endswith(".toml") else stem


def _toml_error(err: tomllib.TOMLDecodeError) -> ScenarioError:
    text = str(err)
    m = re.search(r"\s*\(at line (\d+), column (\d+)\)\s*$", text)
    plain = t("scenario-toml-plain")
    if m:
        detail = text[: m.start()]
        return ScenarioError(t("scenario-toml", detail=detail), int(m.group(1)), int(m.group(2)), plain=plain)
    m = re.search(r"\s*\(at end of document\)\s*$", text)
    if m:
        return ScenarioError(t("scenario-toml-at-end", detail=text[: m.start()]), plain=plain)
    return ScenarioError(t("scenario-toml", detail=text), plain=plain)


def suggest(word: str, known: tuple[str, ...] | list[str]) -> Text:
    close = difflib.get_close_matches(word, list(known), 1, 0.6)
    return t("scenario-did-you-mean-key", word=close[0]) if close else ""


class _Reader:
    def __init__(self, lines: SourceMap) -> None:
        self.lines = lines

    def fail(self, message: Text, path: KeyPath, column: int | None = None) -> ScenarioError:
        exact = self.lines.exact(path)
        if exact is not None and column is not None:
            return ScenarioError(message, exact[0], exact[1] + column)
        return ScenarioError(message, self.lines.line_of(path))

    def known_keys(self, table: dict[str, Any], allowed: tuple[str, ...], path: KeyPath, what: Text) -> None:
        for key in table:
            if key not in allowed:
                hint = suggest(key, allowed)
                raise self.fail(
                    t("scenario-unknown-key-in", key=key, what=what, hint=hint, known=", ".join(allowed)), (*path, key)
                )

    def typed(self, value: Any, kinds: type | tuple[type, ...], path: KeyPath, what: Text) -> Any:
        if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
            raise self.fail(t("scenario-must-be", key=_dotted(path), what=what, kind=repr(value)), path)
        if not isinstance(value, kinds):
            raise self.fail(t("scenario-must-be", key=_dotted(path), what=what, kind=_kind(value)), path)
        return value

    def scenario(self, data: dict[str, Any], origin: str) -> Scenario:
        self.known_keys(data, TOP_KEYS, (), t("scenario-the-scenario"))
        if "game" not in data:
            raise ScenarioError(t("scenario-no-game"), 1)
        game = self.typed(data["game"], str, ("game",), t("scenario-want-game"))
        name = self.typed(data.get("name", default_name(origin)), str, ("name",), t("scenario-want-text"))
        players = data.get("players")
        if players is not None:
            self.typed(players, int, ("players",), t("scenario-want-seats"))
            if players < 1:
                raise self.fail(t("scenario-players-at-least-one"), ("players",))
        seed = self.typed(data.get("seed", 0), int, ("seed",), t("scenario-want-whole"))
        options = self.typed(data.get("options", {}), dict, ("options",), t("scenario-want-options"))
        position = data.get("position")
        if position is not None:
            self.typed(position, dict, ("position",), t("scenario-want-position"))
        pending = data.get("pending")
        if pending is not None:
            self.typed(pending, str, ("pending",), t("scenario-want-pending"))
        steps_raw = self.typed(data.get("steps", []), list, ("steps",), t("scenario-want-steps"))
        steps = [self.step(s, i) for i, s in enumerate(steps_raw)]
        expect = self.expectations(data.get("expect", []), ("expect",))
        at_setup = self.expectations(data.get("at_setup", []), ("at_setup",))
        branches_raw = self.typed(data.get("branches", []), list, ("branches",), t("scenario-want-branches"))
        branches = [self.branch(b, i) for i, b in enumerate(branches_raw)]
        for i, b in enumerate(branches):
            if any(other.name == b.name for other in branches[:i]):
                raise self.fail(t("scenario-branch-twice", name=b.name), (*b.path, "name"))
        pieces = data.get("pieces")
        if pieces is not None:
            self.typed(pieces, dict, ("pieces",), t("scenario-want-pieces"))
            for piece_name, piece in pieces.items():
                self.typed(piece, dict, ("pieces", piece_name), t("scenario-want-piece"))
        return Scenario(
            game=game,
            name=name,
            origin=origin,
            players=players,
            seed=seed,
            options=dict(options),
            position=position,
            steps=steps,
            expect=expect,
            at_setup=at_setup,
            chance=self.chance(data, ()),
            branches=branches,
            pieces=pieces,
            pending=pending,
            description=str(self.typed(data.get("description", ""), str, ("description",), t("scenario-want-text"))),
            source=str(self.typed(data.get("source", ""), str, ("source",), t("scenario-want-text"))),
            lines=self.lines,
        )

    def branch(self, raw: Any, index: int) -> Branch:
        path: KeyPath = ("branches", index)
        self.typed(raw, dict, path, t("scenario-want-branch"))
        self.known_keys(raw, BRANCH_KEYS, path, t("scenario-branch", number=index + 1))
        name = self.typed(
            raw.get("name", str(t("scenario-branch", number=index + 1))), str, (*path, "name"), t("scenario-want-text")
        )
        note = str(self.typed(raw.get("note", ""), str, (*path, "note"), t("scenario-want-text")))
        expect = self.expectations(raw.get("expect", []), (*path, "expect"))
        steps_raw = self.typed(raw.get("steps", []), list, (*path, "steps"), t("scenario-want-steps"))
        if not steps_raw and not expect:
            raise self.fail(t("scenario-idle-branch", name=name), path)
        steps = tuple(self.step(s, i, (index, name)) for i, s in enumerate(steps_raw))
        return Branch(index, name, steps, tuple(expect), note)

    def chance(self, raw: Mapping[str, Any], path: KeyPath) -> tuple[Chance, ...]:
        table = raw.get("chance")
        if table is None:
            return ()
        at = (*path, "chance")
        self.typed(table, dict, at, t("scenario-want-chance"))
        out = []
        for kind, values in table.items():
            self.typed(values, list, (*at, kind), t("scenario-want-chance-values"))
            out.append(Chance(kind, tuple(values), (*at, kind)))
        return tuple(out)

    def step(self, raw: Any, index: int, branch: tuple[int, str] | None = None) -> StepSpec:
        path: KeyPath = ("steps", index) if branch is None else ("branches", branch[0], "steps", index)
        self.typed(raw, dict, path, t("scenario-want-step"))
        self.known_keys(raw, STEP_KEYS, path, t("scenario-step", number=index + 1))
        by = raw.get("by")
        if by is not None:
            self.typed(by, str, (*path, "by"), t("scenario-want-seat"))
        do = raw.get("do")
        if do is not None:
            self.typed(do, str, (*path, "do"), t("scenario-want-action"))
            if not do.strip():
                raise self.fail(t("scenario-empty-do"), (*path, "do"))
        resign = self.typed(raw.get("resign", False), bool, (*path, "resign"), t("scenario-want-bool"))
        if do is not None and resign:
            raise self.fail(t("scenario-do-or-resign"), (*path, "resign"))
        reason = raw.get("reason")
        if reason is not None:
            self.typed(reason, str, (*path, "reason"), t("scenario-want-reason"))
        refused = self.typed(raw.get("refused", reason is not None), bool, (*path, "refused"), t("scenario-want-bool"))
        if reason is not None and not refused:
            raise self.fail(t("scenario-reason-not-refused"), (*path, "refused"))
        if (refused or reason is not None) and do is None and not resign:
            raise self.fail(t("scenario-refused-without-do"), path)
        expect = self.expectations(raw.get("expect", []), (*path, "expect"))
        changes = {}
        for key in ("set", "add"):
            if key in raw:
                changes[key] = self.typed(raw[key], dict, (*path, key), t("scenario-want-changes"))
        chance = self.chance(raw, path)
        if do is None and not resign and not expect and not changes and not chance:
            raise self.fail(t("scenario-idle-step", number=index + 1), path)
        note = str(self.typed(raw.get("note", ""), str, (*path, "note"), t("scenario-want-text")))
        return StepSpec(
            index,
            by,
            do,
            resign,
            refused,
            reason,
            tuple(expect),
            note,
            changes.get("set"),
            changes.get("add"),
            chance,
            None if branch is None else branch[0],
            "" if branch is None else branch[1],
        )

    def expectations(self, raw: Any, path: KeyPath) -> list[Expectation]:
        if isinstance(raw, str):
            raw = [raw]
        self.typed(raw, list, path, t("scenario-want-checks"))
        out = []
        for i, text in enumerate(raw):
            at = (*path, i)
            self.typed(text, str, at, t("scenario-want-check"))
            try:
                check = parse_check(text)
            except ExprSyntaxError as err:
                raise self.fail(t("scenario-bad-check", check=text, reason=err.msg, column=err.column), at) from None
            out.append(Expectation(check, at))
        return out


def _dotted(path: KeyPath) -> str:
    out = ""
    for part in path:
        out += f"#{part + 1}" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _kind(value: Any) -> Text:
    if isinstance(value, dict):
        return t("scenario-a-table")
    if isinstance(value, list):
        return t("scenario-a-list")
    if isinstance(value, str):
        return t("scenario-the-text", text=value)
    return repr(value)

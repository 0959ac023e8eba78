"""Finds player-facing text written in code instead of a catalogue (tests/test_i18n.py runs it).

Text a player reads comes from a message catalogue (engine/i18n.py, docs/i18n.md). This reads the source
(never runs it) and reports a string literal or f-string holding words where a player would read it:

- the message of one of our refusals (`GameError`, `Refusal`, `ScenarioError`, `TournamentError` and every
  subclass of them found in the code, or a helper building one: `fail(...)`), and a variable passed to
  `t(...)`: a sentence is never an argument (a lowercase key a selector chooses by, like "resign", is);
- what is sent or posted: `send`, `send_message`, `edit_original_response`, `say`, a `Notice`, a post;
- what Discord shows of a command or a component: `description=`, `label=`, `placeholder=`, `content=`,
  `name=` of a command, group or choice, `describe(...)` and `rename(...)`, a `Verb`, an option's `help`;
- what a function marked as producing player text returns: one annotated `-> Text` (or `Msg`, `Joined`,
  or a type holding them, like `list[Text]`).

A name passed to any of these is followed to its assignments in the same function or module. Literals
without words (", ", "\\n", "`", "<@{id}>") and text inside other calls (`t(...)`, `user_text(...)`, a file
name given to `png(...)`) are not reported: a call answers for its own result. Not reported either:
docstrings, comments, logging, exceptions that are bugs (`ValueError`), notation and ids.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

WORDS = re.compile(r"[^\W\d_]{2,}")
"""Two letters in a row: a word. "p1", "#", "; " and "`{x}`" have none."""
KEY = re.compile(r"^[a-z][a-z0-9_-]*( [a-z][a-z0-9_-]*)?$")
"""A lowercase key ("resign", "per_move") a message's selector chooses by, or a word of notation ("not in"):
never a sentence."""

ERROR_ROOTS = frozenset({"GameError", "Refusal", "ScenarioError", "TournamentError"})
SEND_CALLS = frozenset(
    {
        "send",
        "send_message",
        "edit_original_response",
        "edit_message",
        "edit_in_place",
        "send_notice",
        "say",
        "open_thread",
    }
)
POSTS: dict[str, tuple[tuple[int, ...], frozenset[str]]] = {
    "Notice": ((4,), frozenset({"text"})),
    "BoardPost": ((4, 5, 6), frozenset({"title", "lines", "status", "clocks"})),
    "PrivatePost": ((4, 5), frozenset({"title", "lines"})),
    "AbortResult": ((2,), frozenset({"reply"})),
    "Announcement": ((1,), frozenset({"text"})),
    "Reply": ((0,), frozenset({"msg"})),
    "Verb": ((1, 3), frozenset({"description", "parameter_help"})),
    "OptionInfo": ((2,), frozenset({"help"})),
    "ModeInfo": ((3,), frozenset({"help"})),
    "GameInfo": ((), frozenset({"summary"})),
}
"""Constructors with fields a player reads: (their positions, their keywords)."""
NOT_TEXT = frozenset({"file", "files", "view", "ephemeral", "allowed_mentions", "attachments", "custom_id"})
"""Keywords of a sending call that carry no text."""
TEXT_KEYWORDS = frozenset({"content", "description", "label", "placeholder"})
"""Keywords Discord shows, in whatever call (a command, a button, a message)."""
BUILDERS = frozenset({"fail"})
"""Helpers that make a refusal from their first argument (`raise self.fail("...", path)`)."""
NAMED = frozenset({"Command", "Group", "Choice", "command", "group", "SelectOption", "Button", "ContextMenu"})
"""Discord calls whose `name=` a player reads (a command's, a choice's, an option's label)."""
DESCRIBERS = frozenset({"describe", "rename"})
MESSAGE = "t"
TEXT_TYPES = frozenset({"Text", "Msg", "Joined", "Reply"})
"""Return annotations that mark a function as producing player text."""


@dataclass(frozen=True, slots=True)
class Finding:
    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text}"


def error_classes(sources: Iterable[str], roots: frozenset[str] = ERROR_ROOTS) -> frozenset[str]:
    """Our refusal classes: the roots and every class deriving from one of them, in any of `sources`."""
    bases: dict[str, set[str]] = {}
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef):
                bases.setdefault(node.name, set()).update(_name(b) for b in node.bases)
    found = set(roots)
    while True:
        more = {name for name, parents in bases.items() if parents & found} - found
        if not more:
            return frozenset(found)
        found |= more


def check_source(source: str, path: str = "<source>", errors: frozenset[str] = ERROR_ROOTS) -> list[Finding]:
    """Every player-facing literal of `source`."""
    tree = ast.parse(source)
    checker = _Checker(path, errors, _assignments(tree))
    checker.visit(tree)
    return sorted(set(checker.found), key=lambda f: (f.line, f.text))


def check_file(path: Path, root: Path, errors: frozenset[str]) -> list[Finding]:
    return check_source(path.read_text(encoding="utf-8"), path.relative_to(root).as_posix(), errors)


class _Checker(ast.NodeVisitor):
    def __init__(self, path: str, errors: frozenset[str], module: dict[str, list[ast.expr]]) -> None:
        self.path = path
        self.errors = errors
        self.scopes: list[dict[str, list[ast.expr]]] = [module]
        self.found: list[Finding] = []

    # --- scopes: a name passed to a sink is followed to what it was given in its function or module
    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.scopes.append(_assignments(node))
        if node.returns is not None and TEXT_TYPES & {_name(n) for n in ast.walk(node.returns)}:
            for ret in _own_returns(node):
                if ret.value is not None:
                    self._report(ret.value, "returned as player text")
        self.generic_visit(node)
        self.scopes.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Dict(self, node: ast.Dict) -> None:
        for key, value in zip(node.keys, node.values, strict=True):
            if isinstance(key, ast.Constant) and key.value == "content":  # kwargs = {"content": ...}; send(**kwargs)
                self._report(value, "content")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        callee = _name(node.func)
        if callee in self.errors or callee in BUILDERS:
            for arg in node.args[:1]:
                self._report(arg, f"message of {callee}")
            self._keywords(node, {"message"}, f"message of {callee}")
        elif callee == MESSAGE:
            for keyword in node.keywords:
                for literal in self._prose(keyword.value, set()):
                    if not (isinstance(literal, ast.Constant) and KEY.match(str(literal.value))):
                        self.found.append(
                            Finding(self.path, literal.lineno, f"argument of a message: {ast.unparse(literal)[:70]}")
                        )
        elif callee in SEND_CALLS:
            for arg in node.args:
                self._report(arg, f"text of {callee}")
            self._keywords(node, None, f"text of {callee}", skip=NOT_TEXT)
        elif callee in POSTS:
            positions, keywords = POSTS[callee]
            for index in positions:
                if index < len(node.args):
                    self._report(node.args[index], f"text of {callee}")
            self._keywords(node, keywords, f"text of {callee}")
        elif callee in DESCRIBERS:
            self._keywords(node, None, f"{callee}(...)")
        if callee in NAMED:
            self._keywords(node, {"name"}, f"name of {callee}")
            if callee == "Choice":
                for arg in node.args[:1]:
                    self._report(arg, "name of Choice")
        self._keywords(node, TEXT_KEYWORDS, "shown by Discord")
        self.generic_visit(node)

    def _keywords(
        self, node: ast.Call, names: frozenset[str] | set[str] | None, why: str, skip: frozenset[str] = frozenset()
    ) -> None:
        for keyword in node.keywords:
            if keyword.arg is None or keyword.arg in skip:
                continue
            if names is None or keyword.arg in names:
                self._report(keyword.value, f"{why} ({keyword.arg}=)")

    def _report(self, expr: ast.expr, why: str) -> None:
        for literal in self._prose(expr, set()):
            shown = ast.unparse(literal)
            self.found.append(Finding(self.path, literal.lineno, f"{why}: {shown[:70]}"))

    def _prose(self, expr: ast.expr, seen: set[str]) -> Iterator[ast.expr]:
        """The literals with words that `expr` is made of (through joins, conditions, names)."""
        if isinstance(expr, ast.Constant):
            if isinstance(expr.value, str) and WORDS.search(expr.value):
                yield expr
        elif isinstance(expr, ast.JoinedStr):
            if any(isinstance(v, ast.Constant) and WORDS.search(str(v.value)) for v in expr.values):
                yield expr
            else:
                for value in expr.values:
                    if isinstance(value, ast.FormattedValue):
                        yield from self._prose(value.value, seen)
        elif isinstance(expr, ast.BinOp):
            yield from self._prose(expr.left, seen)
            yield from self._prose(expr.right, seen)
        elif isinstance(expr, ast.IfExp):
            yield from self._prose(expr.body, seen)
            yield from self._prose(expr.orelse, seen)
        elif isinstance(expr, ast.BoolOp):
            for value in expr.values:
                yield from self._prose(value, seen)
        elif isinstance(expr, ast.List | ast.Tuple | ast.Set):
            for element in expr.elts:
                yield from self._prose(element, seen)
        elif isinstance(expr, ast.Starred):
            yield from self._prose(expr.value, seen)
        elif (
            isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr in {"join", "format"}
        ):
            # "sep".join(parts) and "...".format(x): the separator is read, and so are the parts.
            yield from self._prose(expr.func.value, seen)
            for arg in expr.args:
                yield from self._prose(arg, seen)
        elif isinstance(expr, ast.ListComp | ast.GeneratorExp):
            yield from self._prose(expr.elt, seen)
        elif isinstance(expr, ast.Name) and expr.id not in seen:
            seen.add(expr.id)
            for scope in reversed(self.scopes):
                if expr.id in scope:
                    for value in scope[expr.id]:
                        yield from self._prose(value, seen)
                    break


def _assignments(scope: ast.AST) -> dict[str, list[ast.expr]]:
    """What each name is given in `scope`, outside nested functions and classes."""
    out: dict[str, list[ast.expr]] = {}
    for node in _own_nodes(scope):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out.setdefault(target.id, []).append(node.value)
        elif (
            isinstance(node, ast.AnnAssign | ast.AugAssign)
            and isinstance(node.target, ast.Name)
            and node.value is not None
        ):
            out.setdefault(node.target.id, []).append(node.value)
    return out


def _own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    for child in ast.iter_child_nodes(scope):
        yield child
        if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            yield from _own_nodes(child)


def _own_returns(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.Return]:
    for node in _own_nodes(function):
        if isinstance(node, ast.Return):
            yield node


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript):
        return _name(node.value)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.split("[")[0].split(".")[-1]  # a string annotation: "Text", "list[Text]"
    return ""

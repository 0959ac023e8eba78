"""The expectation language: one comparison on readable paths, parsed by hand and never `eval`ed.

    check    := "not" value | value [op value]
    expr     := "not" expr | value [op value]                 (inside brackets, calls and parentheses)
    op       := "=" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "not in" | "contains" | "lacks"
    value    := primary ("." name | "[" expr "]")*
    primary  := number | string | true | false | null
              | "[" [expr ("," expr)* [","]] "]" | "[" expr loop "]"
              | "{" [key ("=" | ":") expr ("," key ("=" | ":") expr)* [","]] "}"
              | name "(" [expr ("," expr)*] ")" | name "(" expr loop ")" | name | "(" expr ")"
    loop     := "for" name "in" value ["if" expr]

Paths resolve against a game's readable projection of the state (nested dicts and lists of plain values).
`list["name"]` picks the element whose name or label is "name"; card labels are `Name#n`, and a bare
printed name matches any copy's label. Helpers: len(x), names(x), sorted(x), sum(x), all(x), any(x),
legal(pN), view(pN|public), events("kind", ..., pN). `[t.damage for t in p1.in_play if t.exhausted]` makes a
list of one value per item (a name bound by `for` is seen only inside it).
"""

from __future__ import annotations

import difflib
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.i18n import Text, t
from engine.scenario.errors import EvalError

COMPARISONS = ("=", "==", "!=", "<", "<=", ">", ">=", "in", "not in", "contains", "lacks")
KEYWORDS = {"true": True, "false": False, "null": None}
WORD_OPS = ("in", "contains", "lacks")
FUNCTIONS = ("len", "names", "sorted", "sum", "all", "any", "legal", "view", "events")
LOOP_WORDS = ("for", "if")
"""Words of a loop (`[x for x in list if ...]`): never names of a path."""
SHOW_LIMIT = 300

_TOKEN = re.compile(
    r"""(?P<space>\s+)
      | (?P<number>\d+(?:\.\d+)?)
      | (?P<string>"(?:[^"\\]|\\.)*"|'[^']*')
      | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
      | (?P<op>==|!=|<=|>=|=|<|>)
      | (?P<punct>[.\[\](){}:,\-])""",
    re.VERBOSE,
)
_LABEL = re.compile(r"^(?P<name>.+)#(?P<n>\d+)$")


class ExprSyntaxError(Exception):
    """A check that does not parse; `column` is 1-based within the check's text."""

    def __init__(self, message: Text, column: int) -> None:
        super().__init__(message)
        self.msg: Text = message
        self.column = column

    @property
    def message(self) -> str:
        return str(self.msg)


# ---------------------------------------------------------------------------------------------- syntax


@dataclass(frozen=True)
class Node:
    start: int
    end: int


@dataclass(frozen=True)
class Lit(Node):
    value: Any


@dataclass(frozen=True)
class ListLit(Node):
    items: tuple[Node, ...]


@dataclass(frozen=True)
class Name(Node):
    name: str


@dataclass(frozen=True)
class Attr(Node):
    obj: Node
    name: str


@dataclass(frozen=True)
class Index(Node):
    obj: Node
    key: Node


@dataclass(frozen=True)
class Call(Node):
    fn: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class TableLit(Node):
    items: tuple[tuple[str, Node], ...]


@dataclass(frozen=True)
class Loop(Node):
    """`[each for name in over if cond]`: one value of `each` per item of `over` that passes `cond`."""

    each: Node
    name: str
    over: Node
    cond: Node | None


@dataclass(frozen=True)
class Compare(Node):
    """A comparison inside a check (`t.damage > 0` in a loop): true or false."""

    left: Node
    op: str
    right: Node


@dataclass(frozen=True)
class Not(Node):
    operand: Node


@dataclass(frozen=True)
class Check:
    """One parsed expectation: `left op right`, or a lone value that must be true (`negate`: false)."""

    text: str
    left: Node
    op: str | None = None
    right: Node | None = None
    negate: bool = False

    def source(self, node: Node) -> str:
        return self.text[node.start : node.end].strip()


@dataclass(frozen=True)
class _Tok:
    kind: str
    text: str
    start: int
    end: int
    value: Any = None


def _tokens(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    i = 0
    while i < len(text):
        m = _TOKEN.match(text, i)
        if m is None:
            raise ExprSyntaxError(t("scenario-check-character", character=repr(text[i])), i + 1)
        kind = m.lastgroup or ""
        if kind != "space":
            raw = m.group()
            value: Any = None
            if kind == "number":
                value = float(raw) if "." in raw else int(raw)
            elif kind == "string":
                value = _string_value(raw, i)
            out.append(_Tok(kind, raw, i, m.end(), value))
        i = m.end()
    out.append(_Tok("end", "", len(text), len(text)))
    return out


def _string_value(raw: str, at: int) -> str:
    if raw.startswith("'"):
        return raw[1:-1]
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        raise ExprSyntaxError(t("scenario-check-escape", text=raw), at + 1) from None
    assert isinstance(value, str)
    return value


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = _tokens(text)
        self.i = 0

    @property
    def tok(self) -> _Tok:
        return self.toks[self.i]

    def is_word(self, word: str, ahead: int = 0) -> bool:
        tok = self.toks[min(self.i + ahead, len(self.toks) - 1)]
        return tok.kind == "name" and tok.text == word

    def is_punct(self, ch: str) -> bool:
        return self.tok.kind == "punct" and self.tok.text == ch

    def fail(self, what: Text, tok: _Tok | None = None) -> ExprSyntaxError:
        tok = tok or self.tok
        found = t("scenario-check-the-end") if tok.kind == "end" else f"`{tok.text}`"
        return ExprSyntaxError(t("scenario-check-found", expected=what, found=found), tok.start + 1)

    def expect_punct(self, ch: str, what: Text) -> _Tok:
        if not self.is_punct(ch):
            raise self.fail(what)
        tok = self.tok
        self.i += 1
        return tok

    def separator(self, close: str, message: Text) -> None:
        """After an item of a list, table or call: a comma, or else the closing `close` must follow."""
        if self.is_punct(","):
            self.i += 1
        elif not self.is_punct(close):
            raise self.fail(message)

    def check(self) -> Check:
        if self.tok.kind == "end":
            raise ExprSyntaxError(t("scenario-check-empty"), 1)
        negate = False
        if self.is_word("not") and not self.is_word("in", 1):
            negate = True
            self.i += 1
        left = self.value()
        op = self.operator()
        right: Node | None = None
        if op is not None:
            if negate:
                raise ExprSyntaxError(t("scenario-check-not"), 1)
            if self.tok.kind == "end":
                raise self.fail(t("scenario-check-value-after", op=op))
            right = self.value()
        if self.tok.kind != "end":
            if op is None:
                raise self.fail(t("scenario-check-comparison"))
            raise self.fail(t("scenario-check-end"))
        return Check(self.text, left, op, right, negate)

    def operator(self) -> str | None:
        """The comparison at the current token, consumed; None when there is none."""
        if self.tok.kind == "op":
            op = self.tok.text
            self.i += 1
            return op
        if self.is_word("not") and self.is_word("in", 1):
            self.i += 2
            return "not in"
        if self.tok.kind == "name" and self.tok.text in WORD_OPS:
            op = self.tok.text
            self.i += 1
            return op
        return None

    def expr(self) -> Node:
        """A value or a comparison, inside brackets, parentheses and calls."""
        start = self.tok
        if self.is_word("not") and not self.is_word("in", 1):
            self.i += 1
            operand = self.expr()
            return Not(start.start, operand.end, operand)
        left = self.value()
        op = self.operator()
        if op is None:
            return left
        if self.tok.kind == "end":
            raise self.fail(t("scenario-check-value-after", op=op))
        right = self.value()
        return Compare(left.start, right.end, left, op, right)

    def loop(self, each: Node, start: int) -> Loop:
        """The rest of `each for name in over [if cond]`, the `for` being the current token."""
        self.i += 1
        if self.tok.kind != "name" or self.tok.text in (*KEYWORDS, *WORD_OPS, *LOOP_WORDS, "not"):
            raise self.fail(t("scenario-check-loop-name"))
        name = self.tok.text
        self.i += 1
        if not self.is_word("in"):
            raise self.fail(t("scenario-check-loop-in", name=name))
        self.i += 1
        over = self.value()
        cond = None
        if self.is_word("if"):
            self.i += 1
            cond = self.expr()
        return Loop(start, cond.end if cond is not None else over.end, each, name, over, cond)

    def value(self) -> Node:
        node = self.primary()
        while True:
            if self.is_punct("."):
                self.i += 1
                if self.tok.kind != "name":
                    raise self.fail(t("scenario-check-name"))
                node = Attr(node.start, self.tok.end, node, self.tok.text)
                self.i += 1
            elif self.is_punct("["):
                self.i += 1
                key = self.expr()
                close = self.expect_punct("]", t("scenario-check-bracket"))
                node = Index(node.start, close.end, node, key)
            else:
                return node

    def primary(self) -> Node:
        tok = self.tok
        if tok.kind in ("number", "string"):
            self.i += 1
            return Lit(tok.start, tok.end, tok.value)
        if self.is_punct("-") and self.toks[self.i + 1].kind == "number":
            num = self.toks[self.i + 1]
            self.i += 2
            return Lit(tok.start, num.end, -num.value)
        if self.is_punct("["):
            self.i += 1
            items: list[Node] = []
            while not self.is_punct("]"):
                items.append(self.expr())
                if len(items) == 1 and self.is_word("for"):
                    loop = self.loop(items[0], tok.start)
                    close = self.expect_punct("]", t("scenario-check-bracket"))
                    return Loop(tok.start, close.end, loop.each, loop.name, loop.over, loop.cond)
                self.separator("]", t("scenario-check-list"))
            close = self.tok
            self.i += 1
            return ListLit(tok.start, close.end, tuple(items))
        if self.is_punct("{"):
            return self.table()
        if self.is_punct("("):
            self.i += 1
            inner = self.expr()
            self.expect_punct(")", t("scenario-check-parenthesis"))
            return inner
        if tok.kind == "name":
            self.i += 1
            if tok.text in KEYWORDS:
                return Lit(tok.start, tok.end, KEYWORDS[tok.text])
            if tok.text in ("not", *WORD_OPS, *LOOP_WORDS):
                raise self.fail(t("scenario-check-a-value"), tok)
            if self.is_punct("("):
                if tok.text not in FUNCTIONS:
                    close = difflib.get_close_matches(tok.text, FUNCTIONS, 1)
                    hint = t("scenario-did-you-mean-key", word=close[0]) if close else ""
                    helpers = ", ".join(FUNCTIONS)
                    raise ExprSyntaxError(
                        t("scenario-check-helper", helper=tok.text, hint=hint, helpers=helpers), tok.start + 1
                    )
                self.i += 1
                args: list[Node] = []
                while not self.is_punct(")"):
                    args.append(self.expr())
                    if len(args) == 1 and self.is_word("for"):
                        args[0] = self.loop(args[0], args[0].start)
                        if not self.is_punct(")"):
                            raise self.fail(t("scenario-check-parenthesis"))
                    else:
                        self.separator(")", t("scenario-check-argument"))
                close = self.tok
                self.i += 1
                return Call(tok.start, close.end, tok.text, tuple(args))
            return Name(tok.start, tok.end, tok.text)
        raise self.fail(t("scenario-check-value"))

    def table(self) -> TableLit:
        """`{key = value, "other key" = value}` (or `key: value`), the `{` being the current token."""
        start = self.tok
        self.i += 1
        items: list[tuple[str, Node]] = []
        while not self.is_punct("}"):
            key = self.tok
            if key.kind == "name":
                name = key.text
            elif key.kind == "string":
                name = key.value
            else:
                raise self.fail(t("scenario-check-table-key"))
            self.i += 1
            if not (self.tok.kind == "op" and self.tok.text == "=") and not self.is_punct(":"):
                raise self.fail(t("scenario-check-table-equals", key=name))
            self.i += 1
            if any(name == seen for seen, _ in items):
                raise ExprSyntaxError(t("scenario-check-table-twice", key=name), key.start + 1)
            items.append((name, self.expr()))
            self.separator("}", t("scenario-check-table"))
        close = self.tok
        self.i += 1
        return TableLit(start.start, close.end, tuple(items))


def parse_check(text: str) -> Check:
    """Parse one expectation. Raises ExprSyntaxError with the column of the problem."""
    return _Parser(text).check()


# ------------------------------------------------------------------------------------------ evaluation


@dataclass
class Env:
    """What a check can see: the readable projection and the helpers' data sources."""

    root: Mapping[str, Any]
    seats: Mapping[str, int]
    legal: Callable[[int], list[str]] = lambda seat: []
    is_legal: Callable[[int, str], bool] | None = None
    """Does a text name a legal action of the seat in another form than the one listed (arguments in another
    order)? Raises EvalError for a text that is no notation. None: only the listed forms count."""
    view: Callable[[int | None], Any] = lambda seat: None
    events: Callable[[], list[dict[str, Any]]] = lambda: []
    visible: Callable[[dict[str, Any], int], bool] = lambda event, seat: True
    cache: dict[Any, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Verdict:
    ok: bool
    detail: str = ""
    """Why it failed: the actual value(s), or the path that could not be resolved."""


class _Notations(list[str]):
    """legal(pN): action texts, compared case- and space-blind as the game's notation is; a text in another
    form is asked of the game (`reads`), which parses it as it would a move."""

    def __init__(self, texts: list[str], reads: Callable[[str], bool] | None = None) -> None:
        super().__init__(texts)
        self.reads = reads

    def holds(self, text: str) -> bool:
        wanted = " ".join(text.lower().split())
        if any(" ".join(x.lower().split()) == wanted for x in self):
            return True
        return self.reads is not None and self.reads(text)


def evaluate(check: Check, env: Env) -> Verdict:
    """Evaluate `check`; never raises for state-dependent problems (they fail the check)."""
    try:
        return _evaluate(check, env)
    except EvalError as err:
        return Verdict(False, str(err))


def _evaluate(check: Check, env: Env) -> Verdict:
    left = _eval(check.left, check, env)
    lsrc = check.source(check.left)
    if check.op is None:
        if not isinstance(left, bool):
            raise EvalError(f"{lsrc} is {show(left)}, not true or false; compare it with = or another operator")
        ok = left is not check.negate
        return Verdict(ok, "" if ok else f"{lsrc} is {show(left)}")
    assert check.right is not None
    right = _eval(check.right, check, env)
    return _compare(check, check.left, check.op, check.right, left, right)


def _compare(check: Check, lnode: Node, op: str, rnode: Node, left: Any, right: Any) -> Verdict:
    """`left op right`, both evaluated already; the nodes name them in the verdict's detail."""
    lsrc, rsrc = check.source(lnode), check.source(rnode)

    def actual(*nodes: tuple[Node, Any]) -> str:
        parts = [f"{check.source(n)} is {show(v)}" for n, v in nodes if not isinstance(n, Lit | ListLit | TableLit)]
        return ", ".join(parts) or f"{show(left)} vs {show(right)}"

    if op in ("=", "=="):
        ok = same(right, left) or same(left, right)
        return Verdict(ok, "" if ok else actual((lnode, left), (rnode, right)))
    if op == "!=":
        ok = not (same(right, left) or same(left, right))
        return Verdict(ok, "" if ok else actual((lnode, left), (rnode, right)))
    if op in ("<", "<=", ">", ">="):
        for src, v in ((lsrc, left), (rsrc, right)):
            if not _is_number(v):
                raise EvalError(f"{src} is {show(v)}, not a number, so it cannot be compared with {op}")
        ok = {"<": left < right, "<=": left <= right, ">": left > right, ">=": left >= right}[op]
        return Verdict(ok, "" if ok else actual((lnode, left), (rnode, right)))
    if op in ("in", "not in"):
        container, item, csrc, cnode = right, left, rsrc, rnode
    else:
        container, item, csrc, cnode = left, right, lsrc, lnode
    if not isinstance(container, list | dict | str):
        raise EvalError(f"{csrc} is {show(container)}, which holds nothing to look in")
    if op in ("in", "contains"):
        missing = _missing(container, item)
        ok = not missing
        if ok:
            return Verdict(True)
        lacking = f"; it lacks {show(missing[0])}" if isinstance(item, list) and len(item) > 1 else ""
        return Verdict(False, actual((cnode, container)) + lacking)
    found = _found(container, item)
    ok = not found
    return Verdict(ok, "" if ok else f"{csrc} has {show(found[0])}" + _where(container, found[0]))


def _where(container: Any, item: Any) -> str:
    path = _path_to(container, item, "")
    return f" (at {path})" if path else ""


def _path_to(value: Any, item: Any, here: str) -> str | None:
    if isinstance(value, dict):
        for k, v in value.items():
            p = f'{here}["{k}"]' if not re.fullmatch(r"[A-Za-z_]\w*", str(k)) else f"{here}.{k}"
            if _member(item, v):
                return p.lstrip(".")
            if isinstance(v, list | dict):
                found = _path_to(v, item, p)
                if found:
                    return found
    elif isinstance(value, list):
        for i, v in enumerate(value):
            p = f"{here}[{i}]"
            if _member(item, v):
                return p.lstrip(".")
            if isinstance(v, list | dict):
                found = _path_to(v, item, p)
                if found:
                    return found
    return None


def _missing(container: Any, item: Any) -> list[Any]:
    """Items of `item` (or `item` itself) that `container` does not hold."""
    if isinstance(item, list) and not isinstance(container, str) and not _holds(container, item):
        return [x for x in item if not _holds(container, x)]
    return [] if _holds(container, item) else [item]


def _found(container: Any, item: Any) -> list[Any]:
    """Items of `item` (or `item` itself) that `container` holds."""
    if isinstance(item, list) and not isinstance(container, str) and not _holds(container, item):
        return [x for x in item if _holds(container, x)]
    return [item] if _holds(container, item) else []


def _holds(container: Any, item: Any) -> bool:
    """Does `item` occur in `container`: as a substring of a text, or anywhere inside a list or dict (a
    dict's keys count too)."""
    if isinstance(container, _Notations):
        return isinstance(item, str) and container.holds(item)
    if isinstance(container, str):
        return isinstance(item, str) and item in container
    if isinstance(container, dict) and isinstance(item, str) and item in container:
        return True
    if isinstance(item, dict) and _member(item, container):
        return True
    values = container.values() if isinstance(container, dict) else container
    for v in values:
        if _member(item, v):
            return True
        if isinstance(v, list | dict) and _holds(v, item):
            return True
    return False


def _member(pattern: Any, value: Any) -> bool:
    """Is `value` what `pattern` names? Dicts answer to their "name" or "label", and to a table that gives
    some of their keys (`{name = "Iron Man", exhausted = true}` matches that thing whatever else it has)."""
    if same(pattern, value):
        return True
    if isinstance(value, dict) and isinstance(pattern, str):
        return any(isinstance(value.get(k), str) and same(pattern, value[k]) for k in ("label", "name"))
    if isinstance(value, dict) and isinstance(pattern, dict) and pattern:
        return all(k in value and (same(v, value[k]) or _member(v, value[k])) for k, v in pattern.items())
    return False


def same(pattern: Any, value: Any) -> bool:
    """Equality where a printed name matches a label of that card: "Tenderfoot" is "Tenderfoot#2"."""
    if isinstance(pattern, bool) or isinstance(value, bool):
        return pattern is value
    if _is_number(pattern) and _is_number(value):
        return bool(pattern == value)
    if isinstance(pattern, str) and isinstance(value, str):
        if pattern == value:
            return True
        m = _LABEL.match(value)
        return m is not None and m.group("name") == pattern
    if isinstance(pattern, list) and isinstance(value, list):
        return len(pattern) == len(value) and all(same(p, v) for p, v in zip(pattern, value, strict=True))
    if isinstance(pattern, dict) and isinstance(value, dict):
        return pattern.keys() == value.keys() and all(same(pattern[k], value[k]) for k in pattern)
    return bool(pattern is None and value is None)


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and not (isinstance(v, float) and math.isnan(v))


Scope = Mapping[str, Any]
"""Names bound by the loops a node sits in (`t` in `[t.damage for t in p1.in_play]`)."""
NO_NAMES: Scope = {}


def _eval(node: Node, check: Check, env: Env, scope: Scope = NO_NAMES) -> Any:
    if isinstance(node, Lit):
        return node.value
    if isinstance(node, ListLit):
        return [_eval(n, check, env, scope) for n in node.items]
    if isinstance(node, TableLit):
        return {key: _eval(n, check, env, scope) for key, n in node.items}
    if isinstance(node, Name):
        if node.name in scope:
            return scope[node.name]
        if node.name in env.root:
            return env.root[node.name]
        raise EvalError(_no_such(node.name, "name", [*scope, *env.root], "there is no"))
    if isinstance(node, Attr):
        obj = _eval(node.obj, check, env, scope)
        if isinstance(obj, list):
            where = check.source(node.obj)
            raise EvalError(f'{where} is a list: write {where}[0] or {where}["name"], not {where}.{node.name}')
        return step(obj, node.name, check.source(node.obj))
    if isinstance(node, Index):
        obj = _eval(node.obj, check, env, scope)
        key = _eval(node.key, check, env, scope)
        return step(obj, key, check.source(node.obj))
    if isinstance(node, Call):
        return _call(node, check, env, scope)
    if isinstance(node, Loop):
        return _loop(node, check, env, scope)
    if isinstance(node, Compare):
        left = _eval(node.left, check, env, scope)
        right = _eval(node.right, check, env, scope)
        return _compare(check, node.left, node.op, node.right, left, right).ok
    if isinstance(node, Not):
        value = _eval(node.operand, check, env, scope)
        if not isinstance(value, bool):
            raise EvalError(str(t("scenario-check-not-bool", value=check.source(node.operand), found=show(value))))
        return not value
    raise AssertionError(node)


def _loop(node: Loop, check: Check, env: Env, scope: Scope) -> list[Any]:
    over = _eval(node.over, check, env, scope)
    if isinstance(over, dict):
        over = list(over)
    if not isinstance(over, list):
        raise EvalError(str(t("scenario-check-loop-list", value=check.source(node.over), found=show(over))))
    out = []
    for item in over:
        inner = {**scope, node.name: item}
        if node.cond is not None:
            keep = _eval(node.cond, check, env, inner)
            if not isinstance(keep, bool):
                raise EvalError(str(t("scenario-check-not-bool", value=check.source(node.cond), found=show(keep))))
            if not keep:
                continue
        out.append(_eval(node.each, check, env, inner))
    return out


def step(obj: Any, key: Any, where: str) -> Any:
    """`obj.key` / `obj[key]`, with an error that says what is there instead."""
    if obj is None:
        raise EvalError(f"{where} is null, so it has no {show(key)}")
    if isinstance(obj, dict):
        if isinstance(key, str) and key in obj:
            return obj[key]
        raise EvalError(_no_such(key, "key", [str(k) for k in obj], f"{where} has no"))
    if isinstance(obj, list):
        if isinstance(key, int) and not isinstance(key, bool):
            if -len(obj) <= key < len(obj):
                return obj[key]
            raise EvalError(f"{where} has {len(obj)} item{'s' if len(obj) != 1 else ''}, so no [{key}]")
        if isinstance(key, str):
            hits = [v for v in obj if _member(key, v)]
            if len(hits) == 1:
                return hits[0]
            names = [_label(v) for v in obj]
            if not hits:
                raise EvalError(_no_such(key, "item", [n for n in names if n], f"{where} has no"))
            raise EvalError(
                f"{where}[{show(key)}] is ambiguous: {', '.join(_label(h) for h in hits)}; write one of those labels"
            )
        raise EvalError(f'{where} is a list: index it with a number or a "name", not {show(key)}')
    raise EvalError(f"{where} is {show(obj)}, which has no {show(key)}")


def _label(v: Any) -> str:
    if isinstance(v, dict):
        return str(v.get("label") or v.get("name") or "")
    return v if isinstance(v, str) else show(v)


def _no_such(key: Any, kind: str, known: Sequence[str], prefix: str) -> str:
    text = key if isinstance(key, str) else show(key)
    msg = f"{prefix} {show(key)}"
    close = difflib.get_close_matches(text, known, 1, 0.6) if isinstance(text, str) else []
    if close:
        msg += f" (did you mean {show(close[0])}?)"
    if known:
        shown = ", ".join(known[:12]) + (", ..." if len(known) > 12 else "")
        msg += f"; it has: {shown}"
    else:
        msg += f"; there is no {kind} there"
    return msg


def _seat_arg(node: Node, check: Check, env: Env, fn: str, public_ok: bool, scope: Scope) -> int | None:
    name: str | None = None
    if isinstance(node, Name):
        name = node.name
    elif isinstance(node, Lit) and isinstance(node.value, str):
        name = node.value
    if isinstance(node, Name) and node.name in scope:
        name = scope[node.name] if isinstance(scope[node.name], str) else None
    if name is not None and name in env.seats:
        return env.seats[name]
    if public_ok and name == "public":
        return None
    choices = ", ".join(env.seats) + (", public" if public_ok else "")
    raise EvalError(f"{fn}() takes a seat ({choices}), not {check.source(node)}")


def _call(node: Call, check: Check, env: Env, scope: Scope) -> Any:
    fn, args = node.fn, node.args
    if fn in ("len", "names", "sorted", "sum", "all", "any"):
        if len(args) != 1:
            raise EvalError(f"{fn}() takes one value")
        value = _eval(args[0], check, env, scope)
        where = check.source(args[0])
        if fn in ("sum", "all", "any"):
            return _fold(fn, value, where)
        if fn == "len":
            if not isinstance(value, list | dict | str):
                raise EvalError(f"{where} is {show(value)}, which has no length")
            return len(value)
        if not isinstance(value, list):
            raise EvalError(f"{where} is {show(value)}, not a list")
        if fn == "names":
            return [_printed_name(v) for v in value]
        try:
            return sorted(value, key=lambda v: (str(type(v)), _label(v) if isinstance(v, dict) else v))
        except TypeError:
            raise EvalError(f"{where} mixes values that cannot be sorted") from None
    if fn == "legal":
        if len(args) != 1:
            raise EvalError("legal() takes one seat, like legal(p1)")
        seat = _seat_arg(args[0], check, env, fn, False, scope)
        assert seat is not None
        check_seat = env.is_legal
        return _Notations(env.legal(seat), None if check_seat is None else lambda text: check_seat(seat, text))
    if fn == "view":
        if len(args) > 1:
            raise EvalError("view() takes one seat or public, like view(p2)")
        seat = _seat_arg(args[0], check, env, fn, True, scope) if args else None
        return env.view(seat)
    assert fn == "events"
    kinds: list[str] = []
    seat = None
    for arg in args:
        if isinstance(arg, Name) and arg.name in env.seats:
            seat = env.seats[arg.name]
            continue
        value = _eval(arg, check, env, scope)
        if not isinstance(value, str):
            raise EvalError(f'events() takes event kinds as "text" and at most one seat, not {check.source(arg)}')
        kinds.append(value)
    out = env.events()
    if kinds:
        out = [e for e in out if e.get("kind") in kinds]
    if seat is not None:
        out = [e for e in out if env.visible(e, seat)]
    return out


def _fold(fn: str, value: Any, where: str) -> Any:
    """sum(list of numbers); all(list) / any(list) of true and false."""
    if not isinstance(value, list):
        raise EvalError(str(t("scenario-check-fold-list", fn=fn, value=where, found=show(value))))
    want_number = fn == "sum"
    for i, item in enumerate(value):
        if (want_number and not _is_number(item)) or (not want_number and not isinstance(item, bool)):
            kind = "number" if want_number else "truth"
            raise EvalError(
                str(t("scenario-check-fold-item", fn=fn, kind=kind, value=where, index=i, found=show(item)))
            )
    if fn == "sum":
        return sum(value)
    return all(value) if fn == "all" else any(value)


def _printed_name(v: Any) -> Any:
    if isinstance(v, dict):
        return v.get("name", v)
    if isinstance(v, str):
        m = _LABEL.match(v)
        return m.group("name") if m else v
    return v


def show(value: Any) -> str:
    """A value as it would be written in a check, cut short when long."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text) > SHOW_LIMIT:
        text = text[: SHOW_LIMIT - 3] + "..."
    return text

"""Where each key and array element of a TOML text starts, so semantic errors can name a line.

`tomllib` reports syntax errors with a line and column but returns plain dicts without positions. This
is a small, lenient reader of the same text (run only on text tomllib already accepted) that records the
line of every key path: tables, array-of-tables entries, keys (dotted ones included), inline tables and
the elements of arrays, across lines.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field

from engine.scenario.errors import KeyPath

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\", "e": "\x1b"}


@dataclass
class SourceMap:
    """Key path -> (line, column), both 1-based."""

    positions: dict[KeyPath, tuple[int, int]] = field(default_factory=dict)

    def line_of(self, path: KeyPath) -> int | None:
        """The line of `path`, or of its longest known prefix (a key whose value holds the fault)."""
        for end in range(len(path), -1, -1):
            found = self.positions.get(tuple(path[:end]))
            if found is not None:
                return found[0]
        return None

    def exact(self, path: KeyPath) -> tuple[int, int] | None:
        return self.positions.get(tuple(path))


def source_map(text: str) -> SourceMap:
    """Positions of every key path in `text` (which tomllib has already parsed without error)."""
    reader = _Reader(text)
    with contextlib.suppress(IndexError, ValueError):  # not expected on valid TOML; keep what was mapped
        reader.document()
    return SourceMap(reader.positions)


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.positions: dict[KeyPath, tuple[int, int]] = {}
        self.table: KeyPath = ()
        self.array_tables: dict[KeyPath, int] = {}
        """Array-of-tables path (with the indexes of enclosing arrays) -> entries so far."""

    # ------------------------------------------------------------------------------------- position
    def pos(self, at: int | None = None) -> tuple[int, int]:
        at = self.i if at is None else at
        line = self.text.count("\n", 0, at) + 1
        column = at - (self.text.rfind("\n", 0, at) + 1) + 1
        return line, column

    def mark(self, path: KeyPath, at: int) -> None:
        self.positions.setdefault(path, self.pos(at))

    # --------------------------------------------------------------------------------------- lexing
    def peek(self, n: int = 0) -> str:
        j = self.i + n
        return self.text[j] if j < len(self.text) else ""

    def skip_space(self, newlines: bool = False) -> None:
        while self.i < len(self.text):
            c = self.text[self.i]
            if c in " \t\r" or (newlines and c == "\n"):
                self.i += 1
            elif c == "#":
                while self.i < len(self.text) and self.text[self.i] != "\n":
                    self.i += 1
            else:
                return

    def key(self) -> list[str]:
        """A dotted key: bare or quoted parts separated by dots."""
        parts = []
        while True:
            self.skip_space()
            c = self.peek()
            if c in "\"'":
                parts.append(self.string())
            else:
                m = _BARE.match(self.text, self.i)
                if not m:
                    raise ValueError("expected a key")
                parts.append(m.group())
                self.i = m.end()
            self.skip_space()
            if self.peek() != ".":
                return parts
            self.i += 1

    def string(self) -> str:
        q = self.peek()
        if self.text.startswith(q * 3, self.i):
            end = self.text.index(q * 3, self.i + 3)
            while self.text.startswith(q, end + 3):  # up to two quotes may close the body
                end += 1
            body = self.text[self.i + 3 : end]
            self.i = end + 3
            return body if q == "'" else _unescape(body)
        if q == "'":
            end = self.text.index("'", self.i + 1)
            body = self.text[self.i + 1 : end]
            self.i = end + 1
            return body
        j = self.i + 1
        while self.text[j] != '"':
            j += 2 if self.text[j] == "\\" else 1
        body = self.text[self.i + 1 : j]
        self.i = j + 1
        return _unescape(body)

    # -------------------------------------------------------------------------------------- parsing
    def document(self) -> None:
        while True:
            self.skip_space(newlines=True)
            if self.i >= len(self.text):
                return
            start = self.i
            if self.peek() == "[":
                self.header(start)
            else:
                self.keyval(self.table)

    def header(self, start: int) -> None:
        many = self.peek(1) == "["
        self.i += 2 if many else 1
        parts = self.key()
        self.i += 2 if many else 1
        path = self.resolve(parts)
        if many:
            index = self.array_tables.get(path, 0)
            self.array_tables[path] = index + 1
            self.mark(path, start)
            path = (*path, index)
        self.mark(path, start)
        self.table = path

    def resolve(self, parts: list[str]) -> KeyPath:
        """A header's path, with the current index of every enclosing array of tables filled in."""
        path: KeyPath = ()
        for part in parts[:-1]:
            path = (*path, part)
            if path in self.array_tables:
                path = (*path, self.array_tables[path] - 1)
        return (*path, parts[-1])

    def keyval(self, table: KeyPath) -> None:
        start = self.i
        parts = self.key()
        path = table
        for part in parts:
            path = (*path, part)
            self.mark(path, start)
        self.skip_space()
        self.i += 1  # "="
        self.skip_space()
        self.value(path)

    def value(self, path: KeyPath) -> None:
        c = self.peek()
        if c == "[":
            self.i += 1
            index = 0
            while True:
                self.skip_space(newlines=True)
                if self.peek() == "]":
                    self.i += 1
                    return
                self.mark((*path, index), self.i)
                self.value((*path, index))
                index += 1
                self.skip_space(newlines=True)
                if self.peek() == ",":
                    self.i += 1
        elif c == "{":
            self.i += 1
            while True:
                self.skip_space()
                if self.peek() == "}":
                    self.i += 1
                    return
                self.keyval(path)
                self.skip_space()
                if self.peek() == ",":
                    self.i += 1
        elif c in "\"'":
            self.string()
        else:
            while self.i < len(self.text) and self.text[self.i] not in ",]}\n#":
                self.i += 1


def _unescape(body: str) -> str:
    out = []
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in _ESCAPES:
            out.append(_ESCAPES[nxt])
            i += 2
        elif nxt in "uU":
            size = 4 if nxt == "u" else 8
            out.append(chr(int(body[i + 2 : i + 2 + size], 16)))
            i += 2 + size
        else:  # a line-ending backslash in a multi-line string: skip the break and the indentation
            i += 1
            while i < len(body) and body[i] in " \t\r\n":
                i += 1
    return "".join(out)

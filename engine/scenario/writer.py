"""Writing scenario data as TOML text (tomllib only reads): used by `scenario dump`.

Supports what scenarios hold: strings, integers, floats, booleans, lists, tables and arrays of tables.
None has no TOML form, so keys whose value is None are left out.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

_BARE = re.compile(r"[A-Za-z0-9_-]+")
INLINE_LIMIT = 100


def to_toml(data: Mapping[str, Any], comments: list[str] | None = None) -> str:
    """`data` as a TOML document; `comments` go first, each on a `#` line."""
    lines = [f"# {c}".rstrip() for c in comments or []]
    if lines:
        lines.append("")
    _table(data, (), lines)
    return "\n".join(lines).strip("\n") + "\n"


def _table(data: Mapping[str, Any], path: tuple[str, ...], lines: list[str]) -> None:
    plain = [(k, v) for k, v in data.items() if v is not None and not _is_table(v) and not _is_table_array(v)]
    tables = [(k, v) for k, v in data.items() if _is_table(v)]
    arrays = [(k, v) for k, v in data.items() if _is_table_array(v)]
    for key, value in plain:
        lines.append(f"{key_text(key)} = {value_text(value)}")
    for key, value in tables:
        sub = (*path, key)
        if lines and lines[-1] != "":
            lines.append("")
        lines.append(f"[{'.'.join(key_text(k) for k in sub)}]")
        _table(value, sub, lines)
    for key, value in arrays:
        sub = (*path, key)
        for item in value:
            if lines and lines[-1] != "":
                lines.append("")
            lines.append(f"[[{'.'.join(key_text(k) for k in sub)}]]")
            _table(item, sub, lines)


def _is_table(value: Any) -> bool:
    """Dicts become [tables] unless short and flat enough to read well inline."""
    if not isinstance(value, Mapping):
        return False
    if any(isinstance(v, Mapping | list) for v in value.values()):
        return True
    return len(value_text(value)) > INLINE_LIMIT


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def key_text(key: str) -> str:
    return key if _BARE.fullmatch(key) else string_text(key)


def string_text(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def value_text(value: Any, inline: bool = False) -> str:
    """A TOML value; `inline` keeps lists on one line (inside inline tables they must be)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return string_text(value)
    if isinstance(value, list):
        items = [value_text(v, inline) for v in value if v is not None]
        one_line = "[" + ", ".join(items) + "]"
        if inline or len(one_line) <= INLINE_LIMIT:
            return one_line
        return "[\n" + "".join(f"    {item},\n" for item in items) + "]"
    if isinstance(value, Mapping):
        parts = [f"{key_text(k)} = {value_text(v, True)}" for k, v in value.items() if v is not None]
        return "{" + ", ".join(parts) + "}" if parts else "{}"
    raise TypeError(f"no TOML form for {value!r}")

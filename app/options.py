"""Match options typed by players as `key=value` pairs."""

from __future__ import annotations

import json
import re
from typing import Any

from app.errors import Refusal

_PAIR = re.compile(r"^\s*([A-Za-z_][\w-]*)\s*=\s*(.*?)\s*$")


def parse_options(text: str) -> dict[str, Any]:
    """`a=1, b=true c=fast` -> {"a": 1, "b": True, "c": "fast"}. Commas or spaces separate pairs."""
    out: dict[str, Any] = {}
    for chunk in re.split(r"[,\s]+(?=[A-Za-z_][\w-]*\s*=)", text.strip()):
        if not chunk.strip():
            continue
        found = _PAIR.match(chunk.strip().rstrip(","))
        if not found:
            raise Refusal(f"Options are `key=value` pairs separated by commas; `{chunk.strip()}` is not one.")
        key, raw = found.group(1), found.group(2)
        if key in out:
            raise Refusal(f"Option `{key}` is given twice.")
        out[key] = _value(raw)
    return out


def _value(raw: str) -> Any:
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        lowered = raw.lower()
        if lowered in {"yes", "on"}:
            return True
        if lowered in {"no", "off"}:
            return False
        return raw

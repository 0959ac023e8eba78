"""Match options typed by players as `key=value` pairs."""

from __future__ import annotations

import json
import re
from typing import Any

from app.errors import Refusal

SHOWN = 40
"""At most this many characters of a player's text are repeated in a refusal."""
_PAIR = re.compile(r"^\s*([A-Za-z_][\w-]*)\s*=\s*(.*?)\s*$")


def parse_options(text: str) -> dict[str, Any]:
    """`a=1, b=true c=fast` -> {"a": 1, "b": True, "c": "fast"}. Commas or spaces separate pairs."""
    out: dict[str, Any] = {}
    for chunk in re.split(r"[,\s]+(?=[A-Za-z_][\w-]*\s*=)", text.strip()):
        if not chunk.strip():
            continue
        found = _PAIR.match(chunk.strip().rstrip(","))
        if not found:
            raise Refusal(f"Options are `key=value` pairs separated by commas; “{_shown(chunk)}” is not one.")
        key, raw = found.group(1), found.group(2)
        if key in out:
            raise Refusal(f"Option `{key}` is given twice.")
        out[key] = _value(raw)
    return out


def _shown(typed: str) -> str:
    """What the player typed, repeated safely: one line, short, and unable to end our code formatting."""
    flat = " ".join(typed.split()).replace("`", "'")
    return flat if len(flat) <= SHOWN else flat[: SHOWN - 1] + "…"


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

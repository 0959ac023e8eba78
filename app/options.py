"""Match options typed by players as `key=value` pairs."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from app.errors import Refusal
from engine.i18n import t
from engine.meta import GameInfo, OptionInfo

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
            raise Refusal(t("app-options-form", typed=_shown(chunk)))
        key, raw = found.group(1), found.group(2)
        if key in out:
            raise Refusal(t("app-option-twice", name=key))
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


def check_options(info: GameInfo, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options a player typed, checked against what the game declares.

    An unknown name, or a value outside an option's choices, is refused with the names or values that are
    allowed. A value is matched to the declared choice it spells (`yes` typed for the choice "yes", which
    `parse_options` reads as true), so the game receives the value it declared.
    """
    out: dict[str, Any] = {}
    for name, value in options.items():
        declared = info.option(name)
        if declared is None:
            known = ", ".join(o.name for o in info.options)
            has = t("app-options-are", names=known) if known else t("app-no-options")
            raise Refusal(t("app-no-such-option", game=info.title, name=_shown(name), options=has))
        out[name] = value if declared.choices is None else _choice(declared, value)
    return out


def _choice(option: OptionInfo, value: Any) -> Any:
    choices = option.choices or ()
    if value in choices and not isinstance(value, bool):
        return value
    spelled = {_spelling(c): c for c in choices}
    for spelling in _spellings(value):
        if spelling in spelled:
            return spelled[spelling]
    listed = ", ".join(str(c) for c in choices)
    raise Refusal(t("app-option-choices", name=option.name, choices=listed, typed=_shown(str(value))))


def _spelling(value: Any) -> str:
    return str(value).strip().lower()


def _spellings(value: Any) -> tuple[str, ...]:
    """How a value may have been typed: `parse_options` reads yes/on as true and no/off as false."""
    if value is True:
        return ("yes", "true", "on")
    if value is False:
        return ("no", "false", "off")
    return (_spelling(value),)

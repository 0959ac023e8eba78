"""The effect vocabulary of Ascension's card data, and a checker for it.

Effects are data (data/effects.json): a card's `play` ops, a Construct's `abilities`, a Monster's `reward`
ops and a few named `static` rules. The data is checked when it is loaded, so a typo fails the tests
instead of silently doing nothing at the table. docs/ascension/rules.md explains each word.
"""

from __future__ import annotations

from typing import Any

OPS: dict[str, frozenset[str]] = {
    "runes": frozenset({"n"}),
    "power": frozenset({"n"}),
    "honor": frozenset({"n"}),
    "draw": frozenset({"n", "if"}),
    "mechana_runes": frozenset({"n"}),
    "discount": frozenset({"n"}),
    "banish": frozenset({"from", "may"}),
    "discard": frozenset({"then"}),
    "free_defeat": frozenset({"max"}),
    "free_acquire": frozenset({"max", "to"}),
    "free_take": frozenset(),
    "copy_hero": frozenset(),
    "unite": frozenset({"faction", "do"}),
    "honor_per_faction": frozenset(),
    "power_per_construct": frozenset({"faction"}),
    "extra_turn": frozenset(),
    "opponents_destroy": frozenset(),
    "opponents_keep_one": frozenset(),
    "steal": frozenset(),
}
"""Each op and the keys it may carry besides `op`."""

BANISH_FROM = frozenset({"row", "hand", "discard", "hand_or_discard"})
FACTIONS = ("enlightened", "lifebound", "mechana", "void")
CONDITIONS = frozenset({"constructs", "played_hero", "played_construct"})
"""`if` conditions: control N Constructs; a Hero / Construct of a faction played this turn."""
STATICS = frozenset({"constructs_are_mechana", "mechana_to_hand", "honor_on_first_defeat", "unbanishable"})
ABILITY_KEYS = frozenset({"key", "do", "if", "pay", "banish_self"})
CARD_KEYS = frozenset({"play", "abilities", "reward", "static"})


def check_ops(ops: Any, where: str) -> None:
    if not isinstance(ops, list):
        raise ValueError(f"{where}: ops must be a list")
    for i, op in enumerate(ops):
        at = f"{where}[{i}]"
        if not isinstance(op, dict) or op.get("op") not in OPS:
            raise ValueError(f"{at}: unknown op {op!r}")
        extra = set(op) - {"op"} - OPS[op["op"]]
        if extra:
            raise ValueError(f"{at}: {op['op']} takes no {sorted(extra)}")
        if "n" in OPS[op["op"]] and op["op"] != "draw" and not isinstance(op.get("n"), int):
            raise ValueError(f"{at}: {op['op']} needs a whole number n")
        if op["op"] == "banish" and op.get("from") not in BANISH_FROM:
            raise ValueError(f"{at}: banish from {op.get('from')!r}")
        if op["op"] in ("unite", "power_per_construct") and op.get("faction") not in FACTIONS:
            raise ValueError(f"{at}: no faction {op.get('faction')!r}")
        if "if" in op:
            check_condition(op["if"], at)
        for nested in ("do", "then"):
            if nested in op:
                check_ops(op[nested], f"{at}.{nested}")


def check_condition(cond: Any, where: str) -> None:
    if not isinstance(cond, dict) or len(cond) != 1 or not set(cond) <= CONDITIONS:
        raise ValueError(f"{where}: unknown condition {cond!r}")


def check_card(card_id: str, data: Any) -> None:
    if not isinstance(data, dict) or not set(data) <= CARD_KEYS:
        raise ValueError(f"{card_id}: unknown keys {sorted(set(data) - CARD_KEYS)}")
    for part in ("play", "reward"):
        if part in data:
            check_ops(data[part], f"{card_id}.{part}")
    for i, ability in enumerate(data.get("abilities", [])):
        at = f"{card_id}.abilities[{i}]"
        if not isinstance(ability, dict) or not set(ability) <= ABILITY_KEYS or "key" not in ability:
            raise ValueError(f"{at}: an ability has a key, do, and optionally if, pay, banish_self")
        check_ops(ability.get("do", []), f"{at}.do")
        if "if" in ability:
            check_condition(ability["if"], at)
    unknown = set(data.get("static", [])) - STATICS
    if unknown:
        raise ValueError(f"{card_id}: unknown static rules {sorted(unknown)}")

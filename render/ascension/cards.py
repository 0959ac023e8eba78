"""Card facts for Ascension pictures: type, faction, cost, Honor, and a short line of what the card does.

Views name cards as printed ("Mystic", or "Mystic#3" in one's own hand). The facts are read as plain JSON
from the data files beside the engine (`engine/ascension/data/cards.json` and `effects.json`), without
importing engine code: render reads data, never rules. The short line is written here, from the effect
vocabulary (docs/ascension/rules.md), in the fewest words a tile has room for; `/ascension card` gives the
whole text. If the files cannot be read, lookups give nothing and pictures show what the view has.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[2] / "engine" / "ascension" / "data"
"""Both in a checkout and in an installed wheel `engine` sits beside `render`."""

FACTIONS = ("enlightened", "lifebound", "mechana", "void")


@dataclass(frozen=True, slots=True)
class Facts:
    id: str
    name: str
    type: str
    """hero, construct or monster"""
    faction: str | None
    cost: int
    honor: int
    """Printed Honor (Heroes and Constructs) or the reward's Honor (Monsters)."""
    effect: str
    """What it does, in a few words."""
    simple: bool
    """`play all` plays it: a Construct, or a Hero whose effect asks nothing."""
    abilities: tuple[str, ...] = ()
    """A Construct's uses, by key (once a turn each)."""

    @property
    def type_line(self) -> str:
        kind = self.type.capitalize()
        return f"{kind} · {self.faction.capitalize()}" if self.faction else kind


def _n(op: Mapping[str, Any]) -> int:
    return int(op.get("n", 1))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_BANISH_FROM = {
    "row": "a card of the row",
    "hand": "a card from your hand",
    "discard": "a card from your discard",
    "hand_or_discard": "a card from hand or discard",
}
_IF = {
    "constructs": "if you have {} Constructs",
    "played_hero": "after a {} Hero",
    "played_construct": "after a {} Construct",
}


def _condition(cond: Mapping[str, Any] | None) -> str:
    if not cond:
        return ""
    key, value = next(iter(cond.items()))
    shown = f"{value}+" if key == "constructs" else str(value).capitalize()
    return _IF.get(key, "if {}").format(shown)


def op_text(op: Mapping[str, Any]) -> str:
    """One op of the effect vocabulary in a few words."""
    kind = op.get("op")
    text = _OPS.get(str(kind), lambda o: str(kind).replace("_", " "))(op)
    cond = _condition(op.get("if"))
    return f"{text} {cond}" if cond else text


_OPS: dict[str, Any] = {
    "runes": lambda o: f"+{_plural(_n(o), 'Rune')}",
    "power": lambda o: f"+{_n(o)} Power",
    "honor": lambda o: f"+{_n(o)} Honor",
    "draw": lambda o: f"draw {_n(o)}",
    "mechana_runes": lambda o: f"+{_plural(_n(o), 'Rune')} for Mechana",
    "discount": lambda o: f"next Construct costs {_n(o)} less",
    "banish": lambda o: ("may banish " if o.get("may") else "banish ") + _BANISH_FROM.get(str(o.get("from")), "a card"),
    "discard": lambda o: "may discard 1 to " + ", ".join(op_text(t) for t in o.get("then", ())),
    "free_defeat": lambda o: f"defeat a Monster costing {o.get('max')} or less, free",
    "free_acquire": lambda o: "take a Hero" + (f" costing {o['max']} or less" if "max" in o else "") + " free, on deck",
    "free_take": lambda o: "take or defeat a row card, free",
    "copy_hero": lambda o: "copy another Hero you played",
    "unite": lambda o: "Unite: " + ", ".join(op_text(t) for t in o.get("do", ())),
    "honor_per_faction": lambda o: "+1 Honor per faction of your Constructs",
    "power_per_construct": lambda o: f"+1 Power per {str(o.get('faction', '')).capitalize()} Construct".replace(
        "  ", " "
    ),
    "extra_turn": lambda o: "take another turn",
    "opponents_destroy": lambda o: "each opponent destroys a Construct",
    "opponents_keep_one": lambda o: "each opponent keeps only 1 Construct",
    "steal": lambda o: "take a random card from each opponent's hand",
}
_STATIC = {
    "constructs_are_mechana": "Your Constructs are Mechana",
    "mechana_to_hand": "Mechana Constructs you get may go to your hand",
    "honor_on_first_defeat": "+1 Honor for your first Monster each turn",
    "unbanishable": "Can't be banished",
}


def ops_text(ops: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(op_text(op) for op in ops)


def ability_text(ability: Mapping[str, Any]) -> str:
    does = ops_text(ability.get("do", ()))
    if ability.get("banish_self"):
        return f"Banish it: {does}"
    if ability.get("pay"):
        does = f"pay {_plural(int(ability['pay']), 'Rune')}: {does}"
    cond = _condition(ability.get("if"))
    return f"Each turn, {cond}: {does}" if cond else f"Each turn: {does}"


def effect_text(fact: Mapping[str, Any], effect: Mapping[str, Any]) -> str:
    """The short line a tile shows: a Monster's reward after its Honor, a Hero's play, a Construct's uses."""
    parts: list[str] = []
    if fact.get("type") == "monster":
        reward = ops_text(effect.get("reward", ()))
        parts.append(f"+{fact.get('reward', 0)} Honor" + (f", {reward}" if reward else ""))
    elif effect.get("play"):
        parts.append(_sentence(ops_text(effect["play"])))
    parts += [ability_text(a) for a in effect.get("abilities", ())]
    parts += [_STATIC.get(rule, rule) for rule in effect.get("static", ())]
    return ". ".join(_sentence(p) for p in parts if p)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


_QUIET = frozenset({"runes", "power", "honor", "draw", "mechana_runes", "discount", "unite", "honor_per_faction"})
"""Ops that ask nothing: `play all` plays a Hero made only of them (engine.ascension.effects.SIMPLE_OPS)."""


def _simple(fact: Mapping[str, Any], effect: Mapping[str, Any]) -> bool:
    if fact.get("type") == "construct":
        return True
    return fact.get("type") == "hero" and all(op.get("op") in _QUIET for op in effect.get("play", ()))


@cache
def _catalogue() -> dict[str, Facts]:
    try:
        facts = json.loads((DATA / "cards.json").read_text(encoding="utf-8"))["cards"]
        effects = json.loads((DATA / "effects.json").read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError):
        return {}
    out: dict[str, Facts] = {}
    for fact in facts:
        effect = effects.get(fact["id"], {})
        monster = fact["type"] == "monster"
        out[fact["name"].lower()] = Facts(
            id=fact["id"],
            name=fact["name"],
            type=fact["type"],
            faction=fact.get("faction"),
            cost=int(fact["cost"]),
            honor=int(fact.get("reward" if monster else "vp", 0)),
            effect=effect_text(fact, effect),
            simple=_simple(fact, effect),
            abilities=tuple(str(a.get("key")) for a in effect.get("abilities", ())),
        )
    return out


def lookup(name: object) -> Facts | None:
    """The facts of a card named as printed, or by its label ("Mystic#3")."""
    if not isinstance(name, str):
        return None
    return _catalogue().get(name.rsplit("#", 1)[0].strip().lower())


def printed(name: object) -> str:
    """A label's printed name: "Mystic#3" -> "Mystic"."""
    return str(name).rsplit("#", 1)[0]

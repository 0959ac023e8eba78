"""Purple's vocabulary words (registered before the card data is checked) and a helper its hooks share."""

from __future__ import annotations

from typing import Any

from engine.codex.state import Thing
from engine.codex.stats import Q
from engine.codex.vocab import add_op, add_word

add_word(
    "rule",
    "trashed by a tech II unit",
    "spell-proof",
    "income cap",
    "opposing heroes can't level",
    "stays while you have gold",
    "historian",
    "second chances",
    "sentry",
)
add_word(
    "condition",
    "you have 3 time runes",
    "you have 10 time runes",
    "a Stinger to re-summon",
    "a top card to look at",
    "a card to swap with the top card",
    "your draw pile has cards",
    "something to feed Omegacron",
)
add_op("temporal distortion")
add_op("remember")
add_op("historian trash")
add_op("blink")


def rules_of(qq: Q, t: Thing, rule: str) -> list[dict[str, Any]]:
    """`t`'s own static rules named `rule` (band-gated for heroes)."""
    if rule not in qq.card(t).rule_names:
        return []  # the card names no such rule at all (the common case, asked for every thing in play)
    return [ab for _, ab in qq.own_abilities(t) if ab.get("static") == "rule" and ab.get("rule") == rule]

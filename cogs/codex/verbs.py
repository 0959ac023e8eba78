"""Codex's verb shortcuts: the few moves common enough for a command of their own beside `/codex move`.

The group holds at most 25 commands, so only these three are shortcuts; every other verb (summon, level,
build, worker, patrol, ability, choose, …) is played through `/codex move`, which offers exactly the legal
moves as the player types.
"""

from __future__ import annotations

from cogs.gamekit import Verb

SHORTCUTS = (
    Verb("play", "Play a card from your hand", "card", "The card; your playable cards are offered as you type"),
    Verb(
        "attack",
        "Attack with a fighter that has been yours since your turn began",
        "attack",
        "Attacker → target; only legal targets are offered (patrollers first)",
    ),
    Verb("end", "End your main phase: your patrol plan is locked in, then you draw"),
)
SHORTCUT_VERBS = frozenset(v.name for v in SHORTCUTS)

"""Codex's verb shortcuts: the few moves common enough for a command of their own beside `/codex move`.

The group holds at most 25 commands, so only these three are shortcuts; every other verb (summon, level,
build, worker, patrol, ability, choose, …) is played through `/codex move`, which offers exactly the legal
moves as the player types.
"""

from __future__ import annotations

from cogs.gamekit import Verb
from engine.i18n import t

SHORTCUTS = (
    Verb("play", t("codex-verb-play"), "card", t("codex-verb-play-card")),
    Verb("attack", t("codex-verb-attack"), "attack", t("codex-verb-attack-target")),
    Verb("end", t("codex-verb-end")),
)
SHORTCUT_VERBS = frozenset(v.name for v in SHORTCUTS)

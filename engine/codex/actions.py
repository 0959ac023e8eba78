"""Action verbs. Arguments are uids (ints) of cards and things, building refs ("1:base"), slot names,
card ids (tech) or choice options, so every action is plain JSON and stable across renames."""

from __future__ import annotations

PLAY = "play"
SUMMON = "summon"
LEVEL = "level"
BUILD = "build"
RAZE = "destroy"
WORKER = "worker"
ABILITY = "ability"
DETECT = "detect"
ATTACK = "attack"
PATROL = "patrol"
UNPATROL = "unpatrol"
END = "end"
REPAIR = "repair"
"""Free-for-all: pay 3 gold to remove 1 damage from your base."""
TECH = "tech"
CHOOSE = "choose"

MAIN_VERBS = (PLAY, SUMMON, LEVEL, BUILD, RAZE, WORKER, ABILITY, DETECT, ATTACK, REPAIR, PATROL, UNPATROL, END)
VERBS = frozenset({*MAIN_VERBS, TECH, CHOOSE})

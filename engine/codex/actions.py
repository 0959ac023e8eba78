"""Action verbs. Arguments are uids (ints) of cards and things, building refs ("1:base"), slot names,
card ids (tech) or choice options, so every action is plain JSON and stable across renames."""

from __future__ import annotations

from engine.core import Action

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


_MADE: dict[tuple[str, tuple[str | int, ...]], Action] = {}
"""Actions made so far, by verb and arguments. Listing legal moves makes the same actions again and again (a
unit's five patrol slots, its attacks), and an action is frozen, so one object serves every time."""


def act(verb: str, args: tuple[str | int, ...] = ()) -> Action:
    """`Action(verb, args)` for arguments that are strings and integers (never booleans: True would find 1's)."""
    key = (verb, args)
    got = _MADE.get(key)
    if got is None:
        if len(_MADE) >= 100_000:
            _MADE.clear()  # a bound on what a long-running process keeps
        got = _MADE[key] = Action(verb, args)
    return got

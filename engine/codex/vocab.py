"""The effect vocabulary: every word ability data may use, and a checker for it.

Ability data is checked when it is loaded, so a typo in a data file fails the tests instead of
silently doing nothing at the table. docs/codex/rules.md explains each word.
"""

from __future__ import annotations

from typing import Any

TRIGGERS: set[str] = set(
    {
        "is attacked",
        "arrives",
        "attacks",
        "dies",
        "leaves",
        "upkeep",
        "end of turn",
        "max level",
        "you play spell",
        "dies on your turn",
        "dies on another turn",
        "damages building",
        "another of yours arrives",
        "a unit dies",
        "first exhaust each turn",
        "damages base",
        "your attacker deals combat damage",
        "is targeted",
        "time rune removed",
        "you damage building",
        "dies from fading",
        "dies from combat damage",
        "kills",
        "end of each turn",
        "first unit from your hand arrives",
        "played",
        "deals combat damage to a unit",
        "destroys building",
        "you play unit from hand",
    }
)
"""Events an ability can wait for. Self events (arrives, attacks, dies, leaves, max level, damages building,
kills patroller) concern the card itself; the others listen to the controller's game."""

STATICS: set[str] = {"stats", "keywords", "cost", "grant", "rule", "hire cost", "damage", "subtypes"}

WHILE: set[str] = {"patrolling", "your turn", "attacking a building"}
"""Conditions a static may carry as `"while"` (it counts only while the condition holds)."""

RULES: set[str] = {"sacrifice if a link is lost", "attack tax", "double gains", "illusion survives targeting"}

COST_KEYS: set[str] = {
    "gold",
    "exhaust",
    "sacrifice",
    "once per turn",
    "times per turn",
    "remove runes",
    "discard",
    "exhaust others",
}

SELECTOR_KEYS: set[str] = set(
    {
        "kind",
        "side",
        "tech",
        "patrolling",
        "subtype",
        "not_subtype",
        "other",
        "card",
        "plus_rune",
        "linked",
        "flying",
        "damaged",
        "not",
        "among",
        "player",
        "max_atk",
        "lowest_tech",
        "max_cost",
        "colour",
        "spec",
        "token",
        "exhausted",
        "legendary",
        "attacking",
        "building card",
    }
)
KINDS: set[str] = {
    "unit",
    "hero",
    "fighter",
    "building",
    "upgrade",
    "spell",
    "base",
    "patroller",
    "patrolling unit",
}
SIDES: set[str] = {"you", "opponent", "any", "friendly"}

FIXED_REFS: set[str] = {"self", "defender base", "your base", "attack target", "caster", "it", "active base"}

# op name -> keys it may carry besides "op", "to", "as", "target"
OPS: dict[str, frozenset[str]] = {
    "damage": frozenset({"n"}),
    "repair": frozenset({"n"}),
    "heal": frozenset({"n"}),
    "destroy": frozenset(),
    "sacrifice": frozenset(),
    "trash": frozenset(),
    "bounce": frozenset(),
    "steal": frozenset({"until"}),
    "rune": frozenset({"rune", "n", "max"}),
    "modify": frozenset({"atk", "hp", "armor", "kw", "until", "sub"}),
    "sideline": frozenset(),
    "exhaust": frozenset(),
    "ready": frozenset(),
    "disable": frozenset(),
    "skip ready": frozenset(),
    "draw": frozenset({"n"}),
    "gold": frozenset({"n"}),
    "summon": frozenset({"token", "n", "limit", "for", "tied"}),
    "transform": frozenset({"into"}),
    "link": frozenset(),
    "attach": frozenset(),
    "may": frozenset({"ask", "do"}),
    "choose one": frozenset({"options"}),
    "spell to deck top": frozenset(),
    "spell to trash": frozenset(),
    "hook": frozenset({"name", "args"}),
    "if": frozenset({"cond", "do", "else"}),
}

CONDITIONS: set[str] = {
    "played spell this turn",
    "hand empty",
    "boosted",
    "your turn",
    "sacrificed",
    "this is in play",
    "killed a patroller",
    "killed a scavenger",
    "killed a technician",
}
ARG_CONDITIONS: set[str] = {"you have", "workers at least", "destroyed"}
"""Conditions written as `{"name": argument}`."""

AMOUNTS: set[str] = {"damage", "time runes", "units you control"}
"""Counted amounts a stats static may use: `{"count": name}`."""


WORDS: dict[str, set[str]] = {
    "trigger": TRIGGERS,
    "static": STATICS,
    "rule": RULES,
    "cost": COST_KEYS,
    "selector": SELECTOR_KEYS,
    "kind": KINDS,
    "side": SIDES,
    "ref": FIXED_REFS,
    "condition": CONDITIONS,
    "while": WHILE,
    "arg condition": ARG_CONDITIONS,
    "amount": AMOUNTS,
}
"""The word lists by family, for `add_word`."""


def add_word(family: str, *names: str) -> None:
    """Teach the checker new words (a colour module adding a trigger, a condition, a selector key...).

    The code that gives the word its meaning is registered beside it (see `effects.does`,
    `effects.condition_of`, `stats.selector_test`)."""
    WORDS[family].update(names)


def add_op(name: str, keys: tuple[str, ...] = (), nested: tuple[str, ...] = ()) -> None:
    """Teach the checker a new step and the keys it takes (besides op, to, as and target); `nested` names
    the keys that hold lists of steps, so they are checked too."""
    OPS[name] = frozenset(keys)
    if nested:
        NESTED[name] = nested


NESTED: dict[str, tuple[str, ...]] = {}
"""Step name -> its keys holding lists of steps (checked like the top level)."""


class VocabError(ValueError):
    pass


def _check_condition(where: str, cond: Any) -> None:
    if isinstance(cond, dict):
        if len(cond) != 1 or next(iter(cond)) not in ARG_CONDITIONS:
            raise VocabError(f"{where}: unknown condition {cond!r}")
        name, arg = next(iter(cond.items()))
        if name == "you have":
            _check_selector(where, arg)
        return
    if cond not in CONDITIONS:
        raise VocabError(f"{where}: unknown condition {cond!r}")


def _check_selector(where: str, sel: Any) -> None:
    if not isinstance(sel, dict):
        raise VocabError(f"{where}: a selector must be an object, got {sel!r}")
    bad = set(sel) - SELECTOR_KEYS
    if bad:
        raise VocabError(f"{where}: unknown selector keys {sorted(bad)}")
    for kind in sel.get("kind", []):
        if kind not in KINDS:
            raise VocabError(f"{where}: unknown kind {kind!r}")
    if "side" in sel and sel["side"] not in SIDES:
        raise VocabError(f"{where}: unknown side {sel['side']!r}")


def _check_target(where: str, to: Any) -> None:
    if isinstance(to, str):
        if to not in FIXED_REFS:
            raise VocabError(f"{where}: unknown reference {to!r}")
        return
    if not isinstance(to, dict):
        raise VocabError(f"{where}: bad target {to!r}")
    keys = set(to)
    if "pick" in keys:
        _check_selector(where, to["pick"])
        extra = keys - {"pick", "n", "up_to", "target"}
    elif "each" in keys:
        _check_selector(where, to["each"])
        extra = keys - {"each"}
    elif "bound" in keys:
        extra = keys - {"bound"}
    else:
        raise VocabError(f"{where}: a target needs pick, each or bound: {to!r}")
    if extra:
        raise VocabError(f"{where}: unknown target keys {sorted(extra)}")


def check_ops(where: str, ops: Any) -> None:
    if not isinstance(ops, list):
        raise VocabError(f"{where}: an effect must be a list of steps")
    for i, op in enumerate(ops):
        here = f"{where}[{i}]"
        name = op.get("op") if isinstance(op, dict) else None
        if name not in OPS:
            raise VocabError(f"{here}: unknown op {name!r}")
        bad = set(op) - OPS[name] - {"op", "to", "as", "target"}
        if bad:
            raise VocabError(f"{here}: {name} does not take {sorted(bad)}")
        if "to" in op:
            _check_target(here, op["to"])
        if name in ("may",):
            check_ops(here + ".do", op["do"])
        if name == "if":
            _check_condition(here, op.get("cond"))
            check_ops(here + ".do", op["do"])
            if "else" in op:
                check_ops(here + ".else", op["else"])
        if name == "choose one":
            for j, opt in enumerate(op["options"]):
                if "if" in opt:
                    _check_condition(f"{here}.options[{j}]", opt["if"])
                check_ops(f"{here}.options[{j}]", opt["do"])
        for key in NESTED.get(name, ()):
            if key in op:
                check_ops(f"{here}.{key}", op[key])


def check_ability(where: str, ab: Any) -> None:
    if not isinstance(ab, dict):
        raise VocabError(f"{where}: an ability must be an object")
    kinds = [k for k in ("on", "cost", "static") if k in ab]
    if len(kinds) != 1:
        raise VocabError(f"{where}: an ability needs exactly one of on/cost/static")
    if "on" in ab:
        bad = set(ab["on"]) - TRIGGERS
        if bad:
            raise VocabError(f"{where}: unknown triggers {sorted(bad)}")
        check_ops(where + ".do", ab["do"])
        if "if" in ab:
            _check_condition(where, ab["if"])
    elif "cost" in ab:
        bad = set(ab["cost"]) - COST_KEYS
        if bad:
            raise VocabError(f"{where}: unknown cost keys {sorted(bad)}")
        if "if" in ab and ab["if"] not in CONDITIONS:
            raise VocabError(f"{where}: unknown condition {ab['if']!r}")
        check_ops(where + ".do", ab["do"])
    else:
        kind = ab["static"]
        if kind not in STATICS:
            raise VocabError(f"{where}: unknown static {kind!r}")
        who = ab.get("who")
        if isinstance(who, dict):
            _check_selector(where, who)
        elif who not in (None, "self", "linked", "host"):
            raise VocabError(f"{where}: unknown who {who!r}")
        if "while" in ab and ab["while"] not in WHILE:
            raise VocabError(f"{where}: unknown while condition {ab['while']!r}")
        if kind == "grant":
            check_ability(where + ".ability", ab["ability"])
        if kind == "stats":
            for field in ("atk", "hp", "armor"):
                value = ab.get(field)
                if isinstance(value, dict) and value.get("count") not in AMOUNTS:
                    raise VocabError(f"{where}: unknown amount {value!r}")
        if kind == "damage" and "from" in ab:
            _check_selector(where, ab["from"])
        if kind == "rule" and ab.get("rule") not in RULES:
            raise VocabError(f"{where}: unknown rule {ab.get('rule')!r}")


def check_card_abilities(cid: str, entry: Any) -> None:
    if not isinstance(entry, dict):
        raise VocabError(f"{cid}: entry must be an object")
    bad = set(entry) - {"abilities", "play", "ultimate", "ongoing", "hook"}
    if bad:
        raise VocabError(f"{cid}: unknown keys {sorted(bad)}")
    if "play" in entry:
        check_ops(f"{cid}.play", entry["play"])
    for i, ab in enumerate(entry.get("abilities", [])):
        check_ability(f"{cid}.abilities[{i}]", ab)

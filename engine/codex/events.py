"""Sentences for the turn summary, in our own words. Events carry the names they need."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event


def _n(d: dict[str, Any], key: str = "uid") -> str:
    """The name of the card or building under `key`, with a copy number only where one is needed."""
    return str(d.get(key + "_shown", d.get(key + "_name", d.get(key, "?"))))


BUILDING_TEXT: dict[str, str] = {
    "tech1": "Tech I",
    "tech2": "Tech II",
    "tech3": "Tech III",
    "surplus": "Surplus",
    "tower": "Tower",
    "tech lab": "Tech Lab",
    "heroes hall": "Heroes' Hall",
}


def _b(kind: object) -> str:
    return BUILDING_TEXT.get(str(kind), str(kind))


def _s(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _patrol(d: dict[str, Any], v: int | None) -> str | None:
    if not d.get("changed", True):
        return None
    names = d.get("names")
    who = _who(d, v)
    if not names:
        return f"{who} leave{'' if v == d['seat'] else 's'} the patrol zone empty."
    return (
        f"{who} patrol{'' if v == d['seat'] else 's'}: " + ", ".join(f"{n} ({slot})" for slot, n in names.items()) + "."
    )


def _damage(d: dict[str, Any], v: int | None) -> str:
    """Damage taken; a building that dealt it (the Tower) is credited: "p2's Tower deals 1 damage to Sneaky Pig"."""
    soaked = f" ({d['armor']} soaked by armor)" if d.get("armor") else ""
    if d.get("source"):
        return f"{_n(d, 'source')} deals {d['n']} damage to {_n(d, 'ref')}{soaked}."
    return f"{_n(d, 'ref')} takes {d['n']} damage{soaked}."


def _level(d: dict[str, Any], v: int | None) -> str:
    """A hero's new level; bought levels say what they cost ("p1 pays 2 gold: Troq Bashar gains 2 levels ...")."""
    healed = " and is fully healed" if d["healed"] else ""
    if d.get("paid") is not None:
        pays = f"{_who(d, v)} pay{'' if v == d['seat'] else 's'} {d['paid']} gold"
        return f"{pays}: {_n(d)} gains {_s(d['n'], 'level')} (now level {d['level']}){healed}."
    bounty = " (bounty)" if d.get("how") == "bounty" else ""
    return f"{_n(d)} reaches level {d['level']}{healed}{bounty}."


def _who(d: dict[str, Any], viewer: int | None) -> str:
    seat = d.get("seat")
    if seat is None:
        return "Someone"
    return "You" if viewer == seat else f"p{seat + 1}"


SENTENCES: dict[str, Callable[[dict[str, Any], int | None], str | None]] = {
    "turn": lambda d, v: f"Turn {d['turn']}: {_who(d, v)} begin{'' if v == d['seat'] else 's'}.",
    "gold": lambda d, v: (
        f"{_who(d, v)} gain{'' if v == d['seat'] else 's'} {d['n']} gold (now {d['total']})."
        if d["n"] > 0
        else f"{_who(d, v)} lose{'' if v == d['seat'] else 's'} {-d['n']} gold (now {d['total']})."
    ),
    "draw": lambda d, v: f"{_who(d, v)} draw{'' if v == d['seat'] else 's'} {d['n']} card{'s' if d['n'] != 1 else ''}.",
    "drew": lambda d, v: "You drew: " + ", ".join(d["names"]) + ".",
    "shuffle": lambda d, v: f"{_who(d, v)} shuffle{'' if v == d['seat'] else 's'} the discard into a new deck.",
    "no_reshuffle": lambda d, v: f"{_who(d, v)} cannot reshuffle again this phase; no more cards drawn.",
    "summon": lambda d, v: (
        f"{_who(d, v)} summon{'' if v == d['seat'] else 's'} {_n(d)}"
        + (f" for {d['cost']} gold" if d.get("cost") else "")
        + "."
    ),
    "play": lambda d, v: f"{_who(d, v)} play{'' if v == d['seat'] else 's'} {_n(d)} for {d['cost']} gold.",
    "arrive": lambda d, v: f"{_n(d)} enters play.",
    "returns": lambda d, v: f"{_n(d)} returns to play as a new card.",
    "leave": lambda d, v: (
        f"{_n(d)} {'dies' if d['died'] else 'leaves play'}"
        + (f" ({d['how']})" if d.get("how") and d["how"] != "died" else "")
        + "."
    ),
    "damage": _damage,
    "repair": lambda d, v: f"{_n(d, 'ref')} is repaired by {d['n']}.",
    "heal": lambda d, v: f"{_n(d, 'ref')} heals {d['n']}.",
    "level": _level,
    "build": lambda d, v: (
        f"{_who(d, v)} start{'' if v == d['seat'] else 's'} building {_b(d['kind'])}"
        + (f" ({d['spec']})" if d.get("spec") else "")
        + "."
    ),
    "built": lambda d, v: (
        f"Your {_b(d['kind'])} is finished." if v == d["seat"] else f"p{d['seat'] + 1}'s {_b(d['kind'])} is finished."
    ),
    "destroyed": lambda d, v: f"{_n(d, 'ref')} is destroyed.",
    "raze": lambda d, v: f"{_who(d, v)} tear{'' if v == d['seat'] else 's'} down {_b(d['kind'])}.",
    "hire": lambda d, v: f"{_who(d, v)} hire{'' if v == d['seat'] else 's'} a worker ({d['workers']} workers).",
    "hired_card": lambda d, v: f"You made {_n(d)} a worker.",
    "attack": lambda d, v: f"{_n(d)} attacks {_n(d, 'target')}.",
    "retarget": lambda d, v: f"{_n(d)} turns on {_n(d, 'target')}.",
    "attack_fizzles": lambda d, v: f"{_n(d)} has nothing left to attack.",
    "tower_detects": lambda d, v: f"The tower spots {_n(d)}.",
    "detect": lambda d, v: f"{_who(d, v)} reveal{'' if v == d['seat'] else 's'} {_n(d)} with the tower.",
    "ability": lambda d, v: f"{_n(d)} uses an ability.",
    "resist": lambda d, v: f"{_who(d, v)} pay{'' if v == d['seat'] else 's'} {d['n']} gold to target {_n(d)}.",
    "sideline": lambda d, v: f"{_n(d)} is pulled out of the patrol zone.",
    "rune": lambda d, v: f"{_n(d)} gets {d['n']} {d['rune']} rune{'s' if d['n'] != 1 else ''}.",
    "rune_removed": lambda d, v: f"{_n(d)} loses {d['n']} {d['rune']} rune{'s' if d['n'] != 1 else ''}.",
    "modify": lambda d, v: f"{_n(d)} is changed until {'end of turn' if d['until'] == 'turn' else 'later'}.",
    "control": lambda d, v: f"{_who(d, v)} take{'' if v == d['seat'] else 's'} control of {_n(d)}.",
    "transform": lambda d, v: f"{d.get('was', '?')} becomes {_n(d)}.",
    "link": lambda d, v: (
        f"{_n(d)} pairs up " + " and ".join(str(x) for x in d.get("links_shown", d.get("links", []))) + "."
    ),
    "patrol": _patrol,
    "discard_hand": lambda d, v: f"{_who(d, v)} discard{'' if v == d['seat'] else 's'} {_s(d['n'], 'card')}.",
    "tech_pick": lambda d, v: (
        f"{_who(d, v)} {'change' if d['changed'] else 'make'}{'' if v == d['seat'] else 's'} a tech choice."
    ),
    "tech_pick_cards": lambda d, v: "Your tech choice: " + (", ".join(d["names"]) or "nothing") + ".",
    "tech_added": lambda d, v: (
        f"{_who(d, v)} add{'' if v == d['seat'] else 's'} {_s(d['n'], 'teched card')} to the discard."
    ),
    "tech_cards": lambda d, v: None,
    "await_tech": lambda d, v: f"Waiting for {_who(d, v)} to make a tech choice.",
    "bounty": lambda d, v: None,
    "indestructible": lambda d, v: f"{_n(d)} cannot be destroyed.",
    "legendary_refused": lambda d, v: "A second copy of a legendary card goes to the discard.",
    "game_over": lambda d, v: (
        "The game is over: "
        + (
            " and ".join(f"p{w + 1}" for w in d["winners"]) + " win" + ("s" if len(d["winners"]) == 1 else "")
            if d["winners"]
            else "a draw"
        )
        + "."
    ),
    "no_target": lambda d, v: None,
    "spell_trashed": lambda d, v: f"{_n(d)} is removed from the game.",
    "deck_top": lambda d, v: f"{_who(d, v)} put{'' if v == d['seat'] else 's'} {_n(d)} on top of the deck.",
    "time_rune": lambda d, v: f"{_n(d)} loses a time rune ({d['left']} left).",
    "steal_gold": lambda d, v: (
        f"{_who(d, v)} steal{'' if v == d['seat'] else 's'} {d['n']} gold from "
        + ("you" if v == d["victim"] else f"p{d['victim'] + 1}")
        + "."
        if d["n"]
        else f"{_who(d, v)} find{'' if v == d['seat'] else 's'} no gold to steal."
    ),
    "look": lambda d, v: (
        f"{_who(d, v)} look{'' if v == d['seat'] else 's'} at "
        + ("your" if v == d["whose"] else f"p{d['whose'] + 1}'s")
        + f" {'hand' if d['zone'] == 'hand' else 'discard pile'} ({_s(d['n'], 'card')})."
    ),
    "looked": lambda d, v: (
        f"You see in p{d['whose'] + 1}'s {'hand' if d['zone'] == 'hand' else 'discard pile'}: "
        + (", ".join(d["names"]) or "nothing")
        + "."
    ),
    "copy": lambda d, v: f"{d.get('was', '?')} becomes a copy of {_n(d, 'target')}.",
    "copy_ends": lambda d, v: f"{d.get('was', '?')} is {_n(d)} again.",
    "recover": lambda d, v: f"{_n(d)} goes back to its owner's hand.",
    "stash": lambda d, v: f"{_who(d, v)} keep{'' if v == d['seat'] else 's'} {_s(d['n'], 'card')} with stash.",
    "ready": lambda d, v: None,
    "main": lambda d, v: None,
    "deck_order": lambda d, v: None,
}


def describe_event(event: Event, viewer: int | None) -> str | None:
    fn = SENTENCES.get(event.kind)
    if fn is None:
        return None
    return fn(dict(event.data), viewer)

"""Sentences for the turn summary, from the catalogue (locales/en/events.ftl). Events carry the names they
need: a sentence only picks the message and hands it the event's names and numbers.

`message` gives the sentence as a message; `describe_event` renders it in English, as the platform reads a
game's history today (and the board's last-turn panel, drawn once for every reader, keeps it in the state).
A module that adds an event registers its sentence in `SENTENCES`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from engine.core import Event
from engine.i18n import Msg, Text, joined, listing, t

Sentence = Callable[[dict[str, Any], int | None], Msg | None]


def _n(d: dict[str, Any], key: str = "uid") -> str:
    """The name of the card or building under `key`, with a copy number only where one is needed."""
    return str(d.get(key + "_shown", d.get(key + "_name", d.get(key, "?"))))


def building(kind: object) -> Text:
    """A building as a sentence names it: "Tech II", "Heroes' Hall" (an unknown kind as it is)."""
    known = ("tech1", "tech2", "tech3", "surplus", "tower", "tech lab", "heroes hall")
    return t("codex-building", kind=str(kind).replace(" ", "-")) if kind in known else str(kind)


Subject = str | Msg
"""A sentence's subject: the key "you" (the message words it), a seat's name (p2), or someone."""


def who(d: dict[str, Any], viewer: int | None, key: str = "seat") -> Subject:
    """The seat under `key` as its sentence's subject: "you" to that seat itself, else its name (p2);
    someone when the event names no seat."""
    seat = d.get(key)
    if seat is None:
        return t("codex-someone")
    return "you" if viewer == seat else f"p{seat + 1}"


def seat(d: dict[str, Any], key: str = "seat") -> str:
    return f"p{d[key] + 1}"


def _patrol(d: dict[str, Any], v: int | None) -> Msg | None:
    if not d.get("changed", True):
        return None
    names = d.get("names")
    if not names:
        return t("codex-patrol-empty", who=who(d, v))
    slots = joined([t("codex-in-slot", card=n, slot=slot) for slot, n in names.items()], ", ")
    return t("codex-patrols", who=who(d, v), slots=slots)


def _game_over(d: dict[str, Any], v: int | None) -> Msg:
    winners = [f"p{w + 1}" for w in d["winners"]]
    return t("codex-game-over", winners=listing(winners), count=len(winners))


def _damage(d: dict[str, Any], v: int | None) -> Msg:
    """Damage taken; a building that dealt it (the Tower) is credited: "p2's Tower deals 1 damage to Sneaky Pig"."""
    armor = d.get("armor") or 0
    if d.get("source"):
        return t("codex-damage-by", source=_n(d, "source"), card=_n(d, "ref"), n=d["n"], armor=armor)
    return t("codex-damage", card=_n(d, "ref"), n=d["n"], armor=armor)


def _level(d: dict[str, Any], v: int | None) -> Msg:
    """A hero's new level; bought levels say what they cost ("p1 pays 2 gold: Troq Bashar gains 2 levels ...")."""
    healed = "yes" if d["healed"] else "no"
    if d.get("paid") is not None:
        return t(
            "codex-level-bought", who=who(d, v), paid=d["paid"], card=_n(d), n=d["n"], level=d["level"], healed=healed
        )
    bounty = "yes" if d.get("how") == "bounty" else "no"
    return t("codex-level", card=_n(d), level=d["level"], healed=healed, bounty=bounty)


SENTENCES: dict[str, Sentence] = {
    "turn": lambda d, v: t("codex-turn", turn=d["turn"], who=who(d, v)),
    "gold": lambda d, v: t("codex-gold", who=who(d, v), n=abs(d["n"]), total=d["total"], way=_way(d["n"])),
    "draw": lambda d, v: t("codex-draw", who=who(d, v), n=d["n"]),
    "drew": lambda d, v: t("codex-drew", cards=joined(d["names"], ", ")),
    "shuffle": lambda d, v: t("codex-shuffle", who=who(d, v)),
    "no_reshuffle": lambda d, v: t("codex-no-reshuffle", who=who(d, v)),
    "summon": lambda d, v: t("codex-summon", who=who(d, v), card=_n(d), cost=d.get("cost") or 0),
    "play": lambda d, v: t("codex-play", who=who(d, v), card=_n(d), cost=d["cost"]),
    "arrive": lambda d, v: t("codex-arrive", card=_n(d)),
    "returns": lambda d, v: t("codex-returns", card=_n(d)),
    "leave": lambda d, v: t("codex-leave", card=_n(d), died="yes" if d["died"] else "no", why=_why(d.get("how"))),
    "damage": _damage,
    "repair": lambda d, v: t("codex-repaired", card=_n(d, "ref"), n=d["n"]),
    "heal": lambda d, v: t("codex-heal", card=_n(d, "ref"), n=d["n"]),
    "level": _level,
    "build": lambda d, v: t(
        "codex-build",
        who=who(d, v),
        building=building(d["kind"]),
        spec=t("codex-build-spec", spec=d["spec"]) if d.get("spec") else "",
    ),
    "built": lambda d, v: t("codex-built", who=who(d, v), building=building(d["kind"])),
    "destroyed": lambda d, v: t("codex-destroyed", card=_n(d, "ref")),
    "raze": lambda d, v: t("codex-raze", who=who(d, v), building=building(d["kind"])),
    "hire": lambda d, v: t("codex-hire", who=who(d, v), workers=d["workers"]),
    "hired_card": lambda d, v: t("codex-hired-card", card=_n(d)),
    "attack": lambda d, v: t("codex-attack", card=_n(d), target=_n(d, "target")),
    "retarget": lambda d, v: t("codex-retarget", card=_n(d), target=_n(d, "target")),
    "attack_fizzles": lambda d, v: t("codex-attack-fizzles", card=_n(d)),
    "tower_detects": lambda d, v: t("codex-tower-detects", card=_n(d)),
    "detect": lambda d, v: t("codex-detect", who=who(d, v), card=_n(d)),
    "ability": lambda d, v: t("codex-ability", card=_n(d)),
    "resist": lambda d, v: t("codex-resist", who=who(d, v), n=d["n"], card=_n(d)),
    "sideline": lambda d, v: t("codex-sideline", card=_n(d)),
    "rune": lambda d, v: t("codex-rune", card=_n(d), n=d["n"], rune=d["rune"]),
    "rune_removed": lambda d, v: t("codex-rune-removed", card=_n(d), n=d["n"], rune=d["rune"]),
    "modify": lambda d, v: t("codex-modify", card=_n(d), until=d["until"]),
    "control": lambda d, v: t("codex-control", who=who(d, v), card=_n(d)),
    "transform": lambda d, v: t("codex-transform", was=str(d.get("was", "?")), card=_n(d)),
    "link": lambda d, v: t(
        "codex-link", card=_n(d), links=listing([str(x) for x in d.get("links_shown", d.get("links", []))])
    ),
    "patrol": _patrol,
    "discard_hand": lambda d, v: t("codex-discard-hand", who=who(d, v), n=d["n"]),
    "tech_pick": lambda d, v: t("codex-tech-pick", who=who(d, v), changed="yes" if d["changed"] else "no"),
    "tech_pick_cards": lambda d, v: t("codex-tech-pick-cards", cards=_names(d["names"])),
    "tech_added": lambda d, v: t("codex-tech-added", who=who(d, v), n=d["n"]),
    "tech_cards": lambda d, v: None,
    "await_tech": lambda d, v: t("codex-await-tech", who=who(d, v)),
    "bounty": lambda d, v: None,
    "indestructible": lambda d, v: t("codex-indestructible", card=_n(d)),
    "legendary_refused": lambda d, v: t("codex-legendary-refused"),
    "game_over": _game_over,
    "no_target": lambda d, v: None,
    "spell_trashed": lambda d, v: t("codex-spell-trashed", card=_n(d)),
    "deck_top": lambda d, v: t("codex-deck-top", who=who(d, v), card=_n(d)),
    "time_rune": lambda d, v: t("codex-time-rune", card=_n(d), left=d["left"]),
    "steal_gold": lambda d, v: t("codex-steal-gold", who=who(d, v), n=d["n"], victim=who(d, v, "victim")),
    "look": lambda d, v: t("codex-look", who=who(d, v), whose=who(d, v, "whose"), zone=d["zone"], n=d["n"]),
    "looked": lambda d, v: t("codex-looked", whose=seat(d, "whose"), zone=d["zone"], cards=_names(d["names"])),
    "copy": lambda d, v: t("codex-copy", was=str(d.get("was", "?")), target=_n(d, "target")),
    "copy_ends": lambda d, v: t("codex-copy-ends", was=str(d.get("was", "?")), card=_n(d)),
    "recover": lambda d, v: t("codex-recover", card=_n(d)),
    "stash": lambda d, v: t("codex-stash", who=who(d, v), n=d["n"]),
    "ready": lambda d, v: None,
    "main": lambda d, v: None,
    "deck_order": lambda d, v: None,
    # Sentences of the rules each module adds (time runes, levels, prevention, free-for-all, colours, ...).
    "time_rune_added": lambda d, v: t(
        "codex-time-rune-added", card=str(d.get("uid_shown", d.get("uid_name", "?"))), n=d["n"], left=d["left"]
    ),
    "level_lost": lambda d, v: t("codex-level-lost", card=_shown(d), level=d["level"]),
    "prevented": lambda d, v: t("codex-prevented", card=_shown(d, "ref"), n=d["n"]),
    "lend": lambda d, v: t("codex-lend", who=who(d, v), card=_shown(d), to=who(d, v, "to"), slot=d["slot"]),
    "lend_back": lambda d, v: t("codex-lend-back", card=_shown(d), to=who(d, v)),
    "tiebreak": lambda d, v: t("codex-tiebreak", players=listing(d.get("players", []))),
    "discard": lambda d, v: t("codex-discard", who=who(d, v), cards=joined(d["names"], ", ")),
    "fetch": lambda d, v: t("codex-fetch", who=who(d, v), card=str(d["uid_shown"])),
    "keep_hand": lambda d, v: t("codex-keep-hand", who=who(d, v), n=d["n"]),
    "extra_turn_owed": lambda d, v: t("codex-extra-turn-owed", seat=seat(d)),
    "extra_turn": lambda d, v: t("codex-extra-turn", seat=seat(d)),
    "put_into_play": lambda d, v: t("codex-put-into-play", who=who(d, v), card=_shown(d), zone=d["zone"]),
    "aura": lambda d, v: t("codex-aura", seat=seat(d), keywords=", ".join(d["add"])),
    "patrol_move": lambda d, v: t("codex-patrol-move", card=_shown(d), slot=d["slot"]),
    "coin": lambda d, v: t("codex-coin", side="heads" if d["heads"] else "tails"),
    "attack_tax": lambda d, v: t("codex-attack-tax", who=who(d, v), n=d["n"], target=_shown(d, "target")),
    "workers_lost": lambda d, v: t("codex-workers-lost", who=who(d, v), n=d["n"], workers=d["workers"]),
    "worker_trashed": lambda d, v: t("codex-worker-trashed", card=str(d.get("uid_name", "card"))),
    "named_cost": lambda d, v: t("codex-named-cost", card=_shown(d), n=d["n"]),
    "jail_taken": lambda d, v: t("codex-jail-taken", n=d["n"], jail=str(d.get("uid_shown", "that Jail"))),
    "jailed": lambda d, v: t("codex-jailed", card=_shown(d), jailer=seat(d, "jailer")),
    "released": lambda d, v: t("codex-released", card=_shown(d)),
    "unjailed": lambda d, v: t("codex-unjailed", card=_shown(d)),
    "injunction": lambda d, v: t("codex-injunction", card=_shown(d, "ref")),
    "silenced": lambda d, v: t("codex-silenced", who=who(d, v)),
    "silence_ends": lambda d, v: t("codex-silence-ends", who=who(d, v)),
    "form": lambda d, v: t("codex-form", was=str(d.get("was", "?")), into=str(d["into"])),
    "peace": lambda d, v: t("codex-peace", who=who(d, v)),
    "rune_spent": lambda d, v: t("codex-rune-spent", card=_shown(d), rune=d["rune"], left=d["left"]),
    "oath": lambda d, v: t(
        "codex-oath", card=_shown(d), oath="workers-only" if d["oath"] == "no cards from hand" else "no-draw"
    ),
    "to_codex": lambda d, v: t("codex-to-codex", card=_shown(d), seat=seat(d)),
    "from_codex": lambda d, v: t("codex-from-codex", card=_shown(d), seat=seat(d)),
    "soul_stone": lambda d, v: t("codex-soul-stone", card=_shown(d)),
    "buried": lambda d, v: t("codex-buried", card=_shown(d)),
    "unburied": lambda d, v: t("codex-unburied", n=d["n"], graveyard=str(d.get("uid_shown", "a Graveyard"))),
    "swap_atk": lambda d, v: t("codex-swap-atk", card=_shown(d), target=_shown(d, "target")),
    "promised": lambda d, v: t("codex-promised", card=_shown(d), n=d["n"]),
    "promise_paid": lambda d, v: t("codex-promise-paid", seat=seat(d), n=d["n"], total=d["total"]),
    "promise_broken": lambda d, v: t("codex-promise-broken", seat=seat(d), n=d["n"]),
    "peek": lambda d, v: t("codex-peek", seat=seat(d)),
    "peeked": lambda d, v: t("codex-peeked", card=str(d.get("uid_name", "?"))),
    "swap_top": lambda d, v: t("codex-swap-top", seat=seat(d)),
    "swapped_top": lambda d, v: t(
        "codex-swapped-top", card=str(d.get("uid_name", "?")), took=str(d.get("target_name", "?"))
    ),
    "reveal_top": lambda d, v: t("codex-reveal-top", seat=seat(d), card=_shown(d)),
    "top_unplayable": lambda d, v: t("codex-top-unplayable", card=_shown(d)),
    "skip_draw": lambda d, v: t("codex-skip-draw", seat=seat(d)),
}


def _shown(d: dict[str, Any], key: str = "uid") -> str:
    """The name a rule's own event gives the card under `key`."""
    return str(d.get(key + "_shown", "?"))


HOW = frozenset(
    {
        "destroyed",
        "sacrificed",
        "trashed",
        "returned",
        "faded",
        "out of time",
        "illusion targeted",
        "nothing to attach to",
        "no hero to channel it",
        "returned instead of dying",
        "no host",
        "sent to its command zone",
        "host left",
        "host cleaned",
        "what it was tied to left play",
    }
)
"""How a thing can leave play, as the rules record it in the event; the catalogue words each."""


def _why(how: Any) -> Text:
    """Why a thing left play, after the sentence ("(sacrificed)"); nothing for a plain death."""
    if not how or how == "died":
        return ""
    return t("codex-leave-why", how=str(how).replace(" ", "-") if how in HOW else str(how))


def _way(n: int) -> str:
    return "gain" if n > 0 else "lose"


def _names(names: list[str]) -> Text:
    """Cards listed in a sentence, or "nothing"."""
    return joined(names, ", ") if names else t("codex-nothing")


def message(event: Event, viewer: int | None) -> Msg | None:
    """The event's sentence for `viewer` (None: the public), or None when the summary leaves it out."""
    fn = SENTENCES.get(event.kind)
    return None if fn is None else fn(dict(event.data), viewer)


def describe_event(event: Event, viewer: int | None) -> str | None:
    said = message(event, viewer)
    return None if said is None else english(said)


@lru_cache(maxsize=4096)
def english(said: Msg) -> str:
    """A sentence in English. The same sentences come again and again in a match (every turn begins, gold
    is gained), and each event of a step is described as it happens, so each is rendered once."""
    return str(said)

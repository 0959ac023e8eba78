"""This turn's facts in a Codex position: the `[position.this_turn]` table, read into `State.flags` and
written back out (for dumps and the readable projection alike).

Each fact is one turn flag with a shape; cards and things are written by label, seats as p1, p2, ...
Flags not listed here are not kept (see position.NOT_CARRIED): they hold an effect in mid-resolution, or
only what a seat is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.codex.cards import Catalog
from engine.codex.colours.black import FIRST_RUNE_DEATH
from engine.codex.colours.purple.future import PEEKED, PROMISE
from engine.codex.colours.purple.past import SECOND_CHANCE
from engine.codex.colours.purple.present import SENTRY
from engine.codex.combat import EXCESS_TO_BASE
from engine.codex.levels import FROZEN
from engine.codex.position_keywords import check_keywords
from engine.codex.position_names import SEATS, label, parse_ref
from engine.codex.state import State
from engine.codex.stats import AURAS
from engine.codex.zones import INSTANT_BUILD
from engine.core import JSON
from engine.i18n import joined, t, typed
from engine.scenario.errors import KeyPath, PositionError
from engine.scenario.fields import Fields, did_you_mean, kind_of, seat_index


@dataclass(frozen=True)
class Fact:
    key: str
    """Its key in `this_turn`."""
    flag: str
    """The turn flag (`State.flags`) it sets."""
    shape: str
    """"seat counts" {p1 = 2}; "seat card" {p1 = "Label"} (0: none); "seat cards" {p1 = ["Label"]};
    "seats" ["p1"]; "cards" ["Label"]; "things" ["Label"] of things in play (as [uid, stamp]); "thing keys"
    ["Label"] of things in play (as "uid:stamp" texts); "dead card" "Label" or 0 (as [uid, -1]: no thing in
    play is that object); "seat" "p1"; "count" 2; "auras" [{who = {selector}, add = ["keyword"],
    controller = "p1"}]. A card gone from the position (a token out
    of play) is named by its label all the same: loading makes it again, in no zone."""
    hidden: bool = False
    """Names a card of the seat's hidden zones: a dump made for another seat leaves it out."""


FACTS = (
    Fact("spells_played", "spells", "seat counts"),
    Fact("played_from_hand", "played_from_hand", "seat counts"),
    Fact("arrived_from_hand", "from_hand", "seat counts"),
    Fact("buildings_built", "builds", "seat counts"),
    Fact("tower_detected", "tower", "seat card"),
    Fact("detected", "detected", "seat cards"),
    Fact("looked_at_top", PEEKED, "seat card", hidden=True),
    Fact("sentry", SENTRY, "seat card"),
    Fact("death_rites", "death_rites", "seats"),
    Fact("build_instantly", INSTANT_BUILD, "seats"),
    Fact("promise_of_payment", PROMISE, "seats"),
    Fact("second_chance_used", SECOND_CHANCE, "thing keys"),
    Fact("cannot_level", FROZEN, "cards"),
    Fact("stampede", EXCESS_TO_BASE, "things"),
    Fact("first_rune_death", FIRST_RUNE_DEATH, "dead card"),
    Fact("solo", "solo", "seat"),
    Fact("kill_gold", "kill_gold", "count"),
    Fact("auras", AURAS, "auras"),
)
"""In the order a dump writes them. The keys say what the flag means; docs/scenarios.md says more."""

CONTROL_RETURNS = "control_returns"
THIS_TURN_KEYS = (*(f.key for f in FACTS), CONTROL_RETURNS)


# ---------------------------------------------------------------------------------------------- writing


def this_turn(s: State, cat: Catalog, sees: Callable[[int], bool] = lambda seat: True) -> dict[str, JSON]:
    """Every fact, empty ones included (the projection); `sees(seat)`: may this reader see that seat's
    hidden cards."""
    out: dict[str, JSON] = {}
    for fact in FACTS:
        value = s.flags.get(fact.flag)
        out[fact.key] = _write(s, cat, fact, value, sees) if value is not None else _EMPTY[fact.shape]
    out[CONTROL_RETURNS] = {label(s, cat, u): SEATS[seat] for u, seat in s.flags.get("control_until_eot", [])}
    return out


_EMPTY: dict[str, JSON] = {
    "seat counts": {},
    "seat card": {},
    "seat cards": {},
    "seats": [],
    "cards": [],
    "things": [],
    "thing keys": [],
    "dead card": None,
    "seat": None,
    "count": None,
    "auras": [],
}


def _write(s: State, cat: Catalog, fact: Fact, value: Any, sees: Callable[[int], bool]) -> JSON:
    def name(u: int) -> JSON:
        return label(s, cat, u) if u else 0

    shape = fact.shape
    if shape in ("seat counts", "seat card", "seat cards"):
        out: dict[str, JSON] = {}
        for k, v in sorted(value.items()):
            if fact.hidden and not sees(int(k)):
                continue
            if shape == "seat counts":
                out[SEATS[int(k)]] = v
            elif shape == "seat card":
                out[SEATS[int(k)]] = name(v)
            else:
                out[SEATS[int(k)]] = [name(u) for u in v]
        return out
    if shape == "seats":
        return [SEATS[x] for x in value]
    if shape == "cards":
        return [name(u) for u in value]
    if shape == "things":
        return [label(s, cat, u) for u, stamp in value if u in s.things and s.things[u].stamp == stamp]
    if shape == "thing keys":
        return [label(s, cat, u) for u in s.things if f"{u}:{s.things[u].stamp}" in value]
    if shape == "dead card":
        return name(value[0])
    if shape == "seat":
        return SEATS[value]
    if shape == "auras":
        return [{"who": aura["who"], "add": list(aura["add"]), "controller": SEATS[aura["ctl"]]} for aura in value]
    return value


# ---------------------------------------------------------------------------------------------- reading


def read_this_turn(f: Fields | None, s: State, cat: Catalog) -> None:
    """`this_turn`, once every card and thing of the position exists."""
    if f is None:
        return
    f.only(THIS_TURN_KEYS)
    names = SEATS[: len(s.players)]
    for fact in FACTS:
        if fact.key in f:
            s.flags[fact.flag] = _read(f, fact, s, cat, names)
    # A Tower's detection detects: written alone, it counts among the detected things too.
    for k, uid in s.flags.get("tower", {}).items():
        seen = s.flags.setdefault("detected", {}).setdefault(k, [])
        if uid in s.things and uid not in seen:
            seen.append(uid)
    returns = f.table(CONTROL_RETURNS, f"`{CONTROL_RETURNS}`")
    if returns is not None:
        for text, seat_name in returns.data.items():
            uid = find_card(s, cat, text, (*returns.path, text), in_play=True)
            seat = seat_index(seat_name, names, (*returns.path, text))
            s.flags.setdefault("control_until_eot", []).append([uid, seat])


def _read(f: Fields, fact: Fact, s: State, cat: Catalog, names: list[str]) -> Any:
    key, shape, path = fact.key, fact.shape, (*f.path, fact.key)
    if shape in ("seat counts", "seat card", "seat cards"):
        table = f.table(key, f"`{key}`")
        assert table is not None
        table.only(names)
        out: dict[str, Any] = {}
        for k, v in table.data.items():
            where = (*path, k)
            if shape == "seat counts":
                out[str(names.index(k))] = table.integer(k, 0, 0)
            elif shape == "seat card":
                out[str(names.index(k))] = 0 if v == 0 else find_card(s, cat, v, where, gone=names.index(k))
            else:
                out[str(names.index(k))] = [
                    find_card(s, cat, x, (*where, i), gone=names.index(k)) for i, x in enumerate(table.strings(k) or [])
                ]
        return out
    if shape == "seats":
        return [seat_index(x, names, (*path, i)) for i, x in enumerate(f.strings(key) or [])]
    if shape == "cards":
        return [find_card(s, cat, x, (*path, i), gone=0) for i, x in enumerate(f.strings(key) or [])]
    if shape == "things":
        uids = [find_card(s, cat, x, (*path, i), in_play=True) for i, x in enumerate(f.strings(key) or [])]
        return [[u, s.things[u].stamp] for u in uids]
    if shape == "thing keys":
        uids = [find_card(s, cat, x, (*path, i), in_play=True) for i, x in enumerate(f.strings(key) or [])]
        return [f"{u}:{s.things[u].stamp}" for u in uids]
    if shape == "dead card":
        return [0 if f.raw(key) == 0 else find_card(s, cat, f.raw(key), path, gone=0), -1]
    if shape == "seat":
        return seat_index(f.raw(key), names, path)
    if shape == "auras":
        return [_aura(cat, aura, names) for aura in f.tables(key, t("codex-position-aura"))]
    return f.integer(key, 0, 0)


def _aura(cat: Catalog, f: Fields, names: list[str]) -> dict[str, Any]:
    """A keyword grant for this turn: `who` is a selector of the effect vocabulary, as the card data writes it."""
    f.only(("who", "add", "controller"))
    who = f.table("who", "`who`")
    add = f.strings("add")
    if who is None or not add:
        raise f.fail(t("codex-position-aura-needs"))
    check_keywords(cat, add, (*f.path, "add"))
    return {"who": dict(who.data), "add": add, "ctl": seat_index(f.raw("controller"), names, (*f.path, "controller"))}


def find_card(s: State, cat: Catalog, text: Any, path: KeyPath, in_play: bool = False, gone: int | None = None) -> int:
    """The card a label or name points at, in any zone (`in_play`: a thing in play); a name without `#n`
    must be unambiguous. `gone`: a label of no card here is a card gone from the game (a token out of play),
    made again for the record, in no zone, owned by that seat."""
    if not isinstance(text, str):
        raise PositionError(t("codex-position-label-in-quotes", kind=kind_of(text)), path)
    ref = parse_ref(cat, text, path)
    pool = sorted(s.things) if in_play else sorted(s.cards)
    labels = {u: label(s, cat, u) for u in pool}
    name = cat[ref.cid].name
    hits = [u for u, shown in labels.items() if shown.rpartition("#")[0] == name]
    if ref.ordinal is not None:
        hits = [u for u in hits if labels[u] == f"{name}#{ref.ordinal}"]
    if not hits and gone is not None and ref.ordinal is not None:
        uid = s.next_uid
        s.next_uid += 1
        s.cards[uid] = (ref.cid, gone, ref.ordinal)
        s.ords[ref.cid] = max(s.ords.get(ref.cid, 0), ref.ordinal)
        return uid
    if not hits:
        where = "play" if in_play else "position"
        hint = did_you_mean(text, labels.values())
        raise PositionError(t("codex-position-card-not-here", card=typed(text), where=where, hint=hint), path)
    if len(hits) > 1:
        shown = joined([labels[u] for u in hits], ", ")
        raise PositionError(t("codex-position-ambiguous", card=typed(text), labels=shown), path)
    return hits[0]

"""Reading what a Codex position keeps beside the usual zones: the units a Jail or a Graveyard holds, the
players' marks (silenced, a tech building shut down, Moment's Peace, heroes that died), and the order
things came into play. `player_marks` names the marks the same way for dumps and the projection.

Where each lives in the state: a Jail's inmates in its controller's `Player.zones["jail"]`; a buried unit
in its owner's `Player.zones["graveyard"]` and in `State.memory["buried"]` (which Graveyard holds it);
player marks in `Player.marks`; the order in `Thing.stamp` and `State.clock`.
"""

from __future__ import annotations

from engine.codex.cards import Catalog
from engine.codex.colours.black import BURIED, GRAVEYARD
from engine.codex.colours.blue import JAIL_ZONE
from engine.codex.colours.purple.future import PROMISED
from engine.codex.colours.purple.past import SKIP_DRAW
from engine.codex.position_names import SEATS, CardMaker, Held, Ref, label, parse_ref, read_held
from engine.codex.position_things import ThingSpec
from engine.codex.seats import enemies, friendly, on_turn
from engine.codex.state import State
from engine.codex.turns import EXTRA_TURNS
from engine.core import JSON
from engine.i18n import joined, t, typed
from engine.scenario.errors import PositionError
from engine.scenario.fields import Fields, did_you_mean, kind_of

JAIL_CARD = "jail"

HERO_DIED = "hero died"
"""Player mark "hero died:<uid>" (zones.py): that hero of the player died this game (Blackhand Resurrector).
A position writes them as one list, `"hero died" = ["Hero Name"]`."""

TURN_MARKS: dict[str, str] = {
    "silenced": "ends",
    "tech1 off": "ends",
    "tech2 off": "ends",
    "tech3 off": "ends",
    "moment's peace": "holds",
}
"""Player marks whose number is one of the player's own turn counts (`Player.turns`), and what it means:
"ends": it ends when that turn of theirs ends (Free Speech's silence, Injunction's "tech<n> off");
"holds": it holds while their turn count is still that (Moment's Peace, until their next turn begins)."""

MARK_NAMES = (*TURN_MARKS, HERO_DIED)

SEAT_COUNTS: dict[str, str] = {"extra_turns": EXTRA_TURNS, "promised_gold": PROMISED, "skip_draw": SKIP_DRAW}
"""Top-level keys for what effects remember from turn to turn as a number per seat (`State.memory`): extra
turns owed (Double Time), gold promised for the next upkeep (Promise of Payment), draw steps to skip."""


def seat_counts(s: State) -> dict[str, dict[str, int]]:
    """The SEAT_COUNTS kept in the state, as {key: {pN: n}} (empty tables included)."""
    return {
        key: {SEATS[int(k)]: n for k, n in sorted(s.memory.get(name, {}).items()) if n}
        for key, name in SEAT_COUNTS.items()
    }


def read_seat_counts(top: Fields, s: State, names: list[str]) -> None:
    for key, name in SEAT_COUNTS.items():
        table = top.table(key, f"`{key}`")
        if table is None:
            continue
        table.only(names)
        counts = {str(SEATS.index(k)): table.integer(k, 0, 0, 100) for k in table.data}
        if any(counts.values()):
            s.memory[name] = {k: n for k, n in counts.items() if n}


def natural_mark(s: State, seat: int, name: str, begun: bool) -> int:
    """The number `true` stands for: what the card that makes the mark would write now. An "ends" mark made
    now lasts through the player's turn under way, else through their next one; `begun`: the player's turn
    has begun (they are on turn and it is not about to start)."""
    turns = s.players[seat].turns
    if TURN_MARKS[name] == "holds":
        return turns
    return turns + (0 if begun and on_turn(s, seat) else 1)


def player_marks(s: State, cat: Catalog, seat: int) -> dict[str, JSON]:
    """Player marks as position_held reads them: `true` for a turn mark as its card would make it now."""
    out: dict[str, JSON] = {}
    died = []
    for name, value in sorted(s.players[seat].marks.items()):
        if name.startswith(HERO_DIED + ":"):
            died.append(label(s, cat, int(name.split(":")[1])))
        elif name in TURN_MARKS and value == natural_mark(s, seat, name, s.phase != "start"):
            out[name] = True
        else:
            out[name] = value  # not a mark positions know: the file will name it when it is loaded
    if died:
        out[HERO_DIED] = sorted(died)
    return out


def read_jail(cat: Catalog, s: State, f: Fields, seat: int, refs: list[Ref]) -> list[Held]:
    """`jail`: the units this player's Jail holds, owned by opponents."""
    if "jail" not in f:
        return []
    them = enemies(s, seat)
    held = read_held(cat, f, "jail", them[0] if len(them) == 1 else None, t("codex-position-jailed"))
    for i, h in enumerate(held):
        if h.owner >= len(s.players):
            raise PositionError(t("codex-position-no-seat", seat=SEATS[h.owner]), (*f.path, "jail", i))
        if friendly(s, h.owner, seat):
            raise PositionError(t("codex-position-jail-opponents"), (*f.path, "jail", i))
    refs += [h.ref for h in held]
    return held


def make_held(maker: CardMaker, jails: list[list[Held]], things: list[ThingSpec]) -> None:
    """Make the held cards (after the zones, so they take the next copy numbers)."""
    for held in (*jails, *(spec.buried for spec in things)):
        for h in held:
            h.uid = maker.make(h.ref, h.owner)


def place_held(s: State, jails: list[tuple[Fields, list[Held]]], things: list[ThingSpec]) -> None:
    """Put the held cards where the state keeps them, once the things in play exist (with their stamps):
    `jails` holds each seat's table and its `jail` list, in seat order."""
    for seat, (f, held) in enumerate(jails):
        if not held:
            continue
        if not any(thing.card == JAIL_CARD and thing.ctrl == seat for thing in s.things.values()):
            raise f.fail(t("codex-position-no-jail", seat=SEATS[seat]), "jail")
        s.players[seat].zones[JAIL_ZONE] = [h.uid for h in held]
    for spec in things:
        yard = s.things[spec.uid]
        for h in spec.buried:
            s.players[h.owner].zones.setdefault(GRAVEYARD, []).append(h.uid)
            s.memory.setdefault(BURIED, {})[str(h.uid)] = [yard.uid, yard.stamp]


def read_player_marks(cat: Catalog, s: State, f: Fields, seat: int, begun: bool) -> None:
    """`marks`: a table of player marks; a turn mark is `true` (as the card makes it now) or the number of
    the player's own turn it is tied to; "hero died" lists heroes."""
    marks = f.table("marks", "`marks`")
    if marks is None:
        return
    p = s.players[seat]
    for name, value in marks.data.items():
        path = (*marks.path, name)
        if name not in MARK_NAMES:
            hint = did_you_mean(name, MARK_NAMES)
            known = joined(MARK_NAMES, ", ")
            raise PositionError(t("codex-position-no-mark", mark=typed(repr(name)), hint=hint, marks=known), path)
        if name == HERO_DIED:
            for i, hero in enumerate(marks.strings(name) or []):
                p.marks[f"{HERO_DIED}:{_own_hero(cat, s, seat, hero, (*path, i))}"] = 1
        elif value is True:
            p.marks[name] = natural_mark(s, seat, name, begun)
        elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise PositionError(t("codex-position-mark-value", mark=name, seat=SEATS[seat], kind=kind_of(value)), path)
        else:
            p.marks[name] = value


def _own_hero(cat: Catalog, s: State, seat: int, text: str, path: tuple[str | int, ...]) -> int:
    ref = parse_ref(cat, text, path, "hero")
    mine = [u for u in (*s.players[seat].command, *sorted(s.things)) if s.cards[u][1] == seat]
    hits = [u for u in mine if s.cards[u][0] == ref.cid and ref.ordinal in (None, s.cards[u][2])]
    if not hits:
        raise PositionError(t("codex-position-not-own-hero", hero=typed(text), seat=SEATS[seat]), path)
    return hits[0]


def set_stamps(s: State, things: list[ThingSpec]) -> None:
    """The order things came into play (or a hero reached its level band): `entered`, else the place in
    the list. Conditional statics apply in this order; a "-keyword" modifier's `made` is on the same count."""
    for i, spec in enumerate(things):
        s.things[spec.uid].stamp = spec.fields.integer("entered", i + 1, 1)
    made = [m.stamp for thing in s.things.values() for m in thing.mods]
    s.clock = max([0, *(thing.stamp for thing in s.things.values()), *made])

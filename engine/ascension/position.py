"""Ascension positions for scenario files (docs/scenarios.md): the `[position]` table, the readable
projection expectations check, and dumps.

    [position]        active, first, round, reserve, end_triggered, extra_turns, rng, row (left to right),
                      centre_deck (its top cards, top first; the rest follow shuffled), void, box,
                      mystic, heavy_infantry (cards left in the piles), samael, samael_honor
    [position.turn]   runes, power, mechana_runes, discount, played (every card played this turn, Constructs
                      too; default: the active player's Heroes in play), used (abilities used: "Muramasa",
                      "Snapdragon honor")
    [position.p1]     hand, deck (top first), discard, played (Heroes in play: the active player's only),
                      constructs, honor (tokens), out

`first` and `active` are p1 unless given (or the first_player option names another seat). Cards are
written by printed name; a label ("Mystic#3") takes that very copy while it is free (so dumps load back with
the same labels), else it is read as its name. A player whose
table names any zone has exactly the cards listed there (starting cards not named go back to the box); a
player left out keeps the normal setup's hand and deck. Starting cards come from that player's own ten,
Mystic and Heavy Infantry from their piles, everything else from the centre deck. A dump for one seat writes
other hands and every deck as a number of cards. A position holds no choice in mid-resolution.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.ascension.cards import CULTIST, PILES, Card, Catalog, catalog
from engine.ascension.ctx import G, labels
from engine.ascension.events import player
from engine.ascension.state import State
from engine.ascension.turns import reserve_for, samael_score, score, setup
from engine.ascension.zones import ROW, fill_row
from engine.core import JSON, Event
from engine.i18n import t
from engine.scenario.errors import PositionError
from engine.scenario.fields import Fields, did_you_mean, seat_index

TOP_KEYS = (
    "active",
    "first",
    "round",
    "reserve",
    "end_triggered",
    "extra_turns",
    "rng",
    "row",
    "centre_deck",
    "void",
    "box",
    "mystic",
    "heavy_infantry",
    "samael",
    "samael_honor",
    "turn",
)
TURN_KEYS = ("runes", "power", "mechana_runes", "discount", "played", "used")
SEAT_KEYS = ("hand", "deck", "discard", "played", "constructs", "honor", "out")
ZONES = ("hand", "deck", "discard", "played", "constructs")
PILE_KEYS = {"mystic": "mystic", "heavy_infantry": "heavy-infantry"}


class _Cards:
    """The cards of a match not placed yet, by where they come from."""

    def __init__(self, s: State, cat: Catalog) -> None:
        self.s = s
        self.cat = cat
        per = sum(c.copies for c in cat.cards.values() if c.kind == "starting")
        self.starters = [list(range(i * per, (i + 1) * per)) for i in range(len(s.players))]
        self.piles = {key: s.piles[key][:] for key in PILES}
        self.centre = [u for u in s.row if u is not None] + s.centre
        self.placed: set[int] = set()

    def card(self, value: Any, path: tuple[str | int, ...]) -> Card:
        if not isinstance(value, str):
            raise PositionError(t("ascension-position-name"), path)
        name = value.rsplit("#", 1)[0] if "#" in value else value
        found = self.cat.named(name)
        if found is None:
            hint = did_you_mean(name, [c.name for c in self.cat.cards.values()])
            raise PositionError(t("ascension-position-no-card", name=name, hint=hint), path)
        return found

    def take(self, value: Any, seat: int | None, path: tuple[str | int, ...]) -> int:
        card = self.card(value, path)
        if card.id == CULTIST:
            raise PositionError(t("ascension-position-cultist"), path)
        if card.kind == "starting":
            if seat is None:
                raise PositionError(t("ascension-position-starting-only", card=card.name), path)
            pool = self.starters[seat]
        elif card.kind == "always":
            pool = self.piles[card.id]
        else:
            pool = self.centre
        uid = self.labelled(value, card, pool)
        if uid is None:
            uid = next((u for u in pool if self.s.cards[u] == card.id and u not in self.placed), None)
        if uid is None:
            raise PositionError(t("ascension-position-too-many", card=card.name), path)
        self.placed.add(uid)
        if card.kind == "always":
            pool.remove(uid)
        return uid

    def labelled(self, value: str, card: Card, pool: list[int]) -> int | None:
        """The very copy a label names ("Mystic#3": the match's third Mystic) while it is free in `pool`, so a
        dump loads back with the same labels; None for a bare name, or a copy not to be had here."""
        _, sep, tail = value.rpartition("#")
        if not sep or not tail.isdigit():
            return None
        copies = [u for u, cid in enumerate(self.s.cards) if cid == card.id]
        n = int(tail)
        uid = copies[n - 1] if 1 <= n <= len(copies) else None
        return uid if uid is not None and uid in pool and uid not in self.placed else None

    def unplaced(self, pool: list[int]) -> list[int]:
        return [u for u in pool if u not in self.placed]


def position_from_scenario(position: Mapping[str, JSON], players: int, options: Mapping[str, JSON], seed: int) -> State:
    cat = catalog()
    seats = [player(i) for i in range(players)]
    top = Fields(position)
    top.only([*TOP_KEYS, *seats])
    first_name = top.raw("first")
    opts = dict(options)
    if first_name is not None and players > 1:
        opts["first_player"] = seats[seat_index(first_name, seats, ("first",))]
    elif opts.get("first_player", "random") == "random":
        opts["first_player"] = "p1"  # a position is read as written: p1 first unless it says otherwise
    s = setup(cat, players, opts, seed).s
    pool = _Cards(s, cat)
    tables = {i: Fields(position[name], (name,), name) for i, name in enumerate(seats) if name in position}
    for table in tables.values():
        table.only(SEAT_KEYS)
    active = seat_index(top.raw("active", seats[s.first]), seats, ("active",))

    def names(fields: Fields, key: str, seat: int | None) -> list[int] | None:
        listed = fields.strings(key)
        if listed is None:
            return None
        return [pool.take(v, seat, (*fields.path, key, i)) for i, v in enumerate(listed)]

    for seat, table in tables.items():
        p = s.players[seat]
        if any(key in table for key in ZONES):
            zones: dict[str, list[int]] = {}
            for key in ZONES:
                raw = table.raw(key)
                zones[key] = [] if raw is None or isinstance(raw, int) else names(table, key, seat) or []
            p.hand, p.deck, p.discard, p.played, p.constructs = (zones[k] for k in ZONES)
            for key in ("hand", "deck"):
                count = table.raw(key)
                if isinstance(count, int) and not isinstance(count, bool):
                    spare = pool.unplaced(pool.starters[seat])[: max(count, 0)]
                    pool.placed.update(spare)
                    getattr(p, key).extend(spare)
            _check_types(pool, table, p.played, "hero", "played")
            _check_types(pool, table, p.constructs, "construct", "constructs")
            if p.played and seat != active:
                raise PositionError(t("ascension-position-played-inactive"), (*table.path, "played"))
        else:
            pool.placed.update(p.hand + p.deck)
        p.honor = table.integer("honor", 0, 0)
        p.out = table.flag("out", False)
    for seat in range(players):
        if seat not in tables:
            pool.placed.update(s.players[seat].hand + s.players[seat].deck)
    s.box = [u for seat in range(players) for u in pool.unplaced(pool.starters[seat])]
    pool.placed.update(s.box)

    given_row = top.strings("row")
    if given_row is not None and len(given_row) > ROW:
        raise PositionError(t("ascension-position-row-size", most=ROW), ("row",))
    row = names(top, "row", None)
    s.void = names(top, "void", None) or []
    for key in ("samael", "samael_honor"):
        if key in top and players > 1:
            raise PositionError(t("ascension-position-solo-only", key=key), (key,))
    s.samael = names(top, "samael", None) or []
    for key, uids in (("row", row or []), ("void", s.void), ("samael", s.samael)):
        for i, uid in enumerate(uids):
            if cat[s.cards[uid]].kind != "centre":
                raise PositionError(t("ascension-position-centre-only", card=cat[s.cards[uid]].name), (key, i))
    if row is None:
        row = [u for u in s.row if u is not None and u not in pool.placed]
        pool.placed.update(row)
    top_cards = names(top, "centre_deck", None) or []
    s.centre = top_cards + pool.unplaced(pool.centre)
    pool.placed.update(s.centre)
    s.row = [*row, *([None] * (ROW - len(row)))]
    g = G(s, cat)
    fill_row(g)
    for key, pile in PILE_KEYS.items():
        left = pool.piles[pile]
        wanted = top.integer(key, len(left), 0, len(left))
        s.box += left[: len(left) - wanted]  # cards out of the piles and named nowhere leave the game
        s.piles[pile] = left[len(left) - wanted :]

    s.first = s.first if players > 1 else 0
    s.active = active
    s.round = top.integer("round", 1, 1)
    s.reserve = top.integer("reserve", reserve_for(players), 0)
    s.end_triggered = top.flag("end_triggered", s.reserve == 0)
    s.extra_turns = top.integer("extra_turns", 0, 0)
    s.samael_honor = top.integer("samael_honor", 0, 0)
    s.rng = top.integer("rng", s.rng, 0)
    _read_turn(top, s, active, pool)
    return s


def _check_types(pool: _Cards, table: Fields, uids: list[int], kind: str, key: str) -> None:
    for i, uid in enumerate(uids):
        card = pool.cat[pool.s.cards[uid]]
        if card.type != kind:
            raise PositionError(t("ascension-position-wrong-type", card=card.name, zone=key), (*table.path, key, i))


def _read_turn(top: Fields, s: State, active: int, pool: _Cards) -> None:
    turn = top.table("turn", "`turn`")
    p = s.players[active]
    s.turn.played = p.played[:]
    if turn is None:
        return
    turn.only(TURN_KEYS)
    s.turn.runes = turn.integer("runes", 0, 0)
    s.turn.power = turn.integer("power", 0, 0)
    s.turn.mechana_runes = turn.integer("mechana_runes", 0, 0)
    s.turn.discount = turn.integer("discount", 0, 0)
    played = turn.strings("played")
    if played is not None:
        mine = p.played + p.constructs
        s.turn.played = []
        for i, value in enumerate(played):
            card = pool.card(value, ("turn", "played", i))
            uid = next((u for u in mine if s.cards[u] == card.id and u not in s.turn.played), None)
            if uid is None:
                raise PositionError(t("ascension-position-not-in-play", card=card.name), ("turn", "played", i))
            s.turn.played.append(uid)
    for i, value in enumerate(turn.strings("used") or []):
        path = ("turn", "used", i)
        whole = pool.cat.named(value.rsplit("#", 1)[0])
        if whole is not None:
            card, key = whole, whole.abilities[0].key if len(whole.abilities) == 1 else ""
        else:
            name, _, key = value.rpartition(" ")
            card = pool.card(name, path)
        if key not in use_keys(card):
            shown = ", ".join(use_keys(card)) or str(t("core-none"))
            raise PositionError(t("ascension-position-no-ability", card=card.name, key=key, keys=shown), path)
        uid = next((u for u in p.constructs if s.cards[u] == card.id and f"{u}:{key}" not in s.turn.used), None)
        if uid is None:
            raise PositionError(t("ascension-position-not-in-play", card=card.name), path)
        s.turn.used.append(f"{uid}:{key}")


def use_keys(card: Card) -> list[str]:
    """What a Construct can have used this turn: its abilities, Voidthirster's Honor (`thirst`) and
    Rocket Courier X-99's hand delivery (`courier`)."""
    keys = [a.key for a in card.abilities]
    if "honor_on_first_defeat" in card.static:
        keys.append("thirst")
    if "mechana_to_hand" in card.static:
        keys.append("courier")
    return keys


# ------------------------------------------------------------------------------------------ projection


def scenario_projection(state: State) -> dict[str, JSON]:
    g = G(state)
    names = labels(state)

    def zone(cards: list[int]) -> list[str]:
        return [names[u] for u in cards]

    out: dict[str, JSON] = {
        "round": state.round,
        "active": player(state.active),
        "first": player(state.first),
        "reserve": state.reserve,
        "end_triggered": state.end_triggered,
        "extra_turns": state.extra_turns,
        "rng": state.rng,
        "row": [None if u is None else names[u] for u in state.row],
        "centre_deck": zone(state.centre),
        "void": zone(state.void),
        "box": zone(state.box),
        "mystic": len(state.piles["mystic"]),
        "heavy_infantry": len(state.piles["heavy-infantry"]),
        "samael": zone(state.samael),
        "samael_honor": state.samael_honor,
        "samael_score": samael_score(g),
        "turn": {
            "runes": state.turn.runes,
            "power": state.turn.power,
            "mechana_runes": state.turn.mechana_runes,
            "discount": state.turn.discount,
            "played": zone(state.turn.played),
            "used": [_used_text(state, key) for key in state.turn.used],
        },
        "chance": {key: [g.cat[c].name for c in wanted] for key, wanted in state.fixed.items()},
        "pending": None
        if state.pending is None
        else {
            "player": player(state.pending["seat"]),
            "kind": state.pending["kind"],
            "card": names[int(state.pending["src"])],
        },
    }
    for seat, p in enumerate(state.players):
        out[player(seat)] = {
            "hand": zone(p.hand),
            "deck": zone(p.deck),
            "discard": zone(p.discard),
            "played": zone(p.played),
            "constructs": zone(p.constructs),
            "honor": p.honor,
            "score": score(g, seat),
            "out": p.out,
        }
    return out


def _used_text(state: State, key: str) -> str:
    uid, ability = key.split(":")
    return f"{labels(state)[int(uid)]} {ability}"


def scenario_event(event: Event) -> dict[str, JSON]:
    out: dict[str, JSON] = {"kind": event.kind}
    for key, value in event.data.items():
        out[key] = player(value) if key in ("seat", "victim") and isinstance(value, int) else value
    return out


# ------------------------------------------------------------------------------------------------ dumps


def position_to_scenario(state: State, viewer: int | None, *, full: bool = False) -> dict[str, JSON]:
    """`state` as a [position] table. Without `full`, only what `viewer` may know: other hands and every
    deck as a number of cards, the centre deck left out (it is the rest, shuffled), cards by name; `full`
    writes every card by its label."""
    g = G(state)
    every = labels(state) if full else None  # a full dump keeps each copy (read back by its label)

    def names(cards: list[int]) -> list[str]:
        return [g.name(u) if every is None else every[u] for u in cards]

    out: dict[str, JSON] = {
        "active": player(state.active),
        "first": player(state.first),
        "round": state.round,
        "reserve": state.reserve,
        "end_triggered": state.end_triggered,
        "extra_turns": state.extra_turns,
        "row": [g.name(u) for u in state.row if u is not None],
        "void": names(state.void),
        "mystic": len(state.piles["mystic"]),
        "heavy_infantry": len(state.piles["heavy-infantry"]),
    }
    if full:
        out["rng"] = state.rng
        out["centre_deck"] = names(state.centre)
    if state.solo:
        out["samael"] = names(state.samael)
        out["samael_honor"] = state.samael_honor
    turn: dict[str, JSON] = {
        "runes": state.turn.runes,
        "power": state.turn.power,
        "mechana_runes": state.turn.mechana_runes,
        "discount": state.turn.discount,
        "played": names(state.turn.played),
        "used": [_used_name(g, key) for key in state.turn.used],
    }
    out["turn"] = {k: v for k, v in turn.items() if v}
    for seat, p in enumerate(state.players):
        seen = full or viewer == seat
        table: dict[str, JSON] = {
            "hand": names(p.hand) if seen else len(p.hand),
            "deck": names(p.deck) if full else len(p.deck),
            "discard": names(p.discard),
            "played": names(p.played),
            "constructs": names(p.constructs),
            "honor": p.honor,
        }
        if p.out:
            table["out"] = True
        out[player(seat)] = table
    return out


def _used_name(g: G, key: str) -> str:
    uid, ability = key.split(":")
    card = g.card(int(uid))
    return card.name if use_keys(card) == [ability] else f"{card.name} {ability}"

"""The working context of one `apply`: a private copy of the state, the catalog and the events so far.

All rule code mutates only the copy held here; `apply` returns it. Work that may stop for a player's
decision is expressed as tasks in `state.queue`, so a pending choice is just data in the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.codex.cards import BUILDINGS, Card, Catalog
from engine.codex.state import JSON, Building, Player, State, Thing
from engine.core import Event, rng_for

Handler = Callable[["G", dict[str, Any]], None]
HANDLERS: dict[str, Handler] = {}
SETTLE: list[Callable[[G], None]] = []
"""State-based checks (deaths, lost channeling heroes, a destroyed base) run after every task."""


def handler(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[name] = fn
        return fn

    return register


class G:
    __slots__ = ("cat", "events", "s")

    def __init__(self, state: State, cat: Catalog) -> None:
        self.s = state
        self.cat = cat
        self.events: list[Event] = []

    # --------------------------------------------------------------------------- events and randomness
    def emit(self, event: str, /, private: int | None = None, **data: JSON) -> None:
        # Events outlive the state they came from, so they carry the names a summary needs.
        for key in ("uid", "ref", "target"):
            if key in data and data[key] is not None:
                data[key + "_name"] = self.label(data[key])
        if "seat" in data:
            data["player"] = f"p{data['seat'] + 1}"
        self.events.append(Event(event, data, None if private is None else frozenset({private})))

    def label(self, ref: int | str) -> str:
        """A seat-neutral name: "Tenderfoot#2" for a card, "p2 base" for a building."""
        if isinstance(ref, str):
            seat, slot = ref.split(":", 1)
            p = self.s.players[int(seat)]
            if slot == "addon" and p.addon is not None:
                slot = p.addon.kind
            return f"p{int(seat) + 1} {slot}"
        entry = self.s.cards.get(ref)
        if entry is None:
            return str(ref)
        t = self.s.things.get(ref)
        cid = t.card if t is not None else entry[0]
        return f"{self.cat[cid].name}#{entry[2]}"

    def emit_hidden(self, event: str, /, **data: JSON) -> None:
        """An event no seat may see (e.g. a shuffled order), kept only so a log can be audited."""
        self.events.append(Event(event, data, frozenset()))

    def rng(self) -> random.Random:
        r = rng_for(self.s.seed, self.s.rng)
        self.s.rng += 1
        return r

    # --------------------------------------------------------------------------------------- lookups
    def p(self, seat: int) -> Player:
        return self.s.players[seat]

    def opp(self, seat: int) -> int:
        return 1 - seat

    def card(self, t: Thing) -> Card:
        return self.cat[t.card]

    def card_of(self, uid: int) -> Card:
        return self.cat[self.s.cards[uid][0]]

    def thing(self, uid: int) -> Thing | None:
        return self.s.things.get(uid)

    def opt(self, name: str) -> JSON:
        return self.s.options[name]

    # ---------------------------------------------------------------------------------------- cards
    def new_card(self, cid: str, owner: int) -> int:
        uid = self.s.next_uid
        self.s.next_uid += 1
        n = self.s.ords.get(cid, 0) + 1
        self.s.ords[cid] = n
        self.s.cards[uid] = (cid, owner, n)
        return uid

    def reshuffle_window(self) -> int | None:
        """Reshuffles are limited per window: the current main phase (default) or the whole turn."""
        if self.s.options["reshuffle_limit"] == "turn":
            return self.s.turn
        return self.s.turn if self.s.phase == "main" else None

    def draw(self, seat: int, n: int, why: str = "") -> int:
        p = self.p(seat)
        got: list[int] = []
        for _ in range(n):
            if not p.deck:
                if not p.discard:
                    break
                window = self.reshuffle_window()
                if window is not None and p.reshuffled == window:
                    self.emit("no_reshuffle", seat=seat)
                    break
                self.shuffle_discard(seat)
                if window is not None:
                    p.reshuffled = window
            uid = p.deck.pop()
            p.hand.append(uid)
            got.append(uid)
            if uid in self.s.known:
                self.s.known.remove(uid)  # drawn in secret
        if got:
            self.emit("draw", seat=seat, n=len(got), why=why)
            self.emit("drew", private=seat, seat=seat, cards=got, names=[self.label(u) for u in got])
        return len(got)

    def shuffle_discard(self, seat: int) -> None:
        p = self.p(seat)
        cards = sorted(p.discard)
        self.rng().shuffle(cards)
        p.deck = cards + p.deck
        p.discard = []
        self.emit("shuffle", seat=seat, n=len(cards))
        self.emit_hidden("deck_order", seat=seat, order=list(p.deck))

    def gain_gold(self, seat: int, n: int) -> None:
        p = self.p(seat)
        before = p.gold
        p.gold = max(0, min(20, p.gold + n))
        if p.gold != before:
            self.emit("gold", seat=seat, n=p.gold - before, total=p.gold)

    # ----------------------------------------------------------------------------------- buildings
    def building(self, ref: str) -> tuple[Player, str, Building | None]:
        seat_s, slot = ref.split(":", 1)
        p = self.p(int(seat_s))
        if slot == "base":
            return p, slot, None
        if slot == "addon":
            return p, slot, p.addon
        return p, slot, p.tech[int(slot[-1]) - 1]

    def building_hp(self, ref: str) -> int:
        _p, _slot, b = self.building(ref)
        if b is None:
            return BUILDINGS["base"][1]
        return BUILDINGS[b.kind][1]

    def building_damage(self, ref: str) -> int:
        p, _slot, b = self.building(ref)
        return p.base_damage if b is None else b.damage

    def set_building_damage(self, ref: str, value: int) -> None:
        p, _slot, b = self.building(ref)
        if b is None:
            p.base_damage = value
        else:
            b.damage = value

    def fixed_buildings(self, seat: int) -> list[str]:
        """Refs of a player's buildings that exist now (built, not under construction)."""
        p = self.p(seat)
        refs = [f"{seat}:base"]
        refs += [f"{seat}:tech{i + 1}" for i, b in enumerate(p.tech) if b.alive]
        if p.addon is not None and p.addon.alive:
            refs.append(f"{seat}:addon")
        return refs

    # ------------------------------------------------------------------------------------ the queue
    def push(self, task: dict[str, Any]) -> None:
        """Run `task` next (before anything already queued)."""
        self.s.queue.insert(0, task)

    def push_many(self, tasks: list[dict[str, Any]]) -> None:
        self.s.queue[0:0] = tasks

    def append(self, task: dict[str, Any]) -> None:
        self.s.queue.append(task)

    def ask(self, kind: str, options: list[Any], prompt: str, **data: Any) -> None:
        """Stop for a decision of the active player; `choose` resumes it through the handler of `kind`."""
        self.s.pending = {"kind": kind, "seat": self.s.active, "options": options, "prompt": prompt, **data}

    def run(self) -> None:
        for check in SETTLE:
            check(self)
        while self.s.result is None and self.s.pending is None and self.s.queue:
            task = self.s.queue.pop(0)
            HANDLERS[task["t"]](self, task)
            for check in SETTLE:
                check(self)
        if self.s.result is not None:
            close_game(self.s)


def close_game(s: State) -> None:
    """Stop all work in progress at the end of the game; a spell caught mid-cast goes to its discard."""
    for task in s.queue:
        if task.get("t") == "spell_done" and not task.get("ongoing"):
            uid = task["uid"]
            s.players[s.cards[uid][1]].discard.append(uid)
    s.queue = []
    s.pending = None
    s.combat = None
    s.phase = "over"

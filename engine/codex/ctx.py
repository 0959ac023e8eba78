"""The working context of one `apply`: a private copy of the state, the catalog and the events so far.

All rule code mutates only the copy held here; `apply` returns it. Work that may stop for a player's
decision is expressed as tasks in `state.queue`, so a pending choice is just data in the state.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from engine.codex import seats
from engine.codex.cards import BUILDINGS, Card, Catalog
from engine.codex.events import describe_event
from engine.codex.state import JSON, Building, Player, State, Thing
from engine.codex.stats import Q
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
    __slots__ = ("cat", "events", "looking", "s")

    def __init__(self, state: State, cat: Catalog) -> None:
        self.s = state
        self.cat = cat
        self.events: list[Event] = []
        self.looking: Q | None = None
        """While legal moves are listed (the state is only looked at), the one `Q` every rule asks."""

    def stats(self) -> Q:
        """Stats of the state as it is now: the shared `looking` one while moves are listed, else a fresh one
        (the state may have changed since any earlier one was made)."""
        return self.looking if self.looking is not None else Q(self.s, self.cat)

    # --------------------------------------------------------------------------- events and randomness
    def emit(self, event: str, /, private: int | None = None, **data: JSON) -> None:
        # Events outlive the state they came from, so they carry the names a summary needs.
        for key in ("uid", "ref", "target", "source"):
            if key in data and data[key] is not None:
                data[key + "_name"] = self.label(data[key])
                data[key + "_shown"] = self.shown(data[key])
        if "seat" in data:
            data["player"] = f"p{data['seat'] + 1}"
        self.events.append(Event(event, data, None if private is None else frozenset({private})))
        if private is None and self.s.phase != "setup" and event not in UNRECORDED:
            self.note(self.events[-1])

    # ------------------------------------------------------------------------------- the last turn
    def turn_record(self) -> dict[str, Any]:
        """The public record of the turn in progress (see `State.recent`), started on first use."""
        s = self.s
        recent = s.recent
        if recent is None or recent["cur"]["turn"] != s.turn:
            fresh = {
                "seat": s.active,
                "turn": s.turn,
                "acted": False,
                "things": [],
                "buildings": [],
                "lines": [],
                "kinds": [],
            }
            prev = recent["cur"] if recent is not None else None
            if prev is not None:
                # Only what is still on the table can be highlighted; keep the snapshot small.
                prev["things"] = [u for u in prev["things"] if u in s.things]
            s.recent = recent = {"cur": fresh, "prev": prev}
        return recent["cur"]

    def note(self, event: Event) -> None:
        """Add a public event to the turn's record: the sentence, and the things and buildings it names."""
        s = self.s
        data = event.data
        housekeeping = event.kind in ("draw", "shuffle", "no_reshuffle") and s.phase == "end"
        rec = self.turn_record()
        if not housekeeping:
            line = describe_event(event, None)
            if line:
                kinds = rec.setdefault("kinds", [])
                kinds += [""] * (len(rec["lines"]) - len(kinds))  # a record begun before kinds were kept
                rec["lines"].append(line)
                kinds.append(line_kind(event))
        if event.kind in NO_HIGHLIGHT:
            return
        for key in ("uid", "ref", "target"):  # a Tower that shot is not changed
            value = data.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                if value not in rec["things"]:
                    rec["things"].append(value)
            elif isinstance(value, str) and ":" in value:
                _add_building(rec, value)
        if event.kind in ("build", "built", "raze") and "seat" in data:
            _add_building(rec, f"{data['seat']}:{data['kind']}")

    def note_acted(self) -> None:
        """The active player made a move of their turn (a tech pick is not one)."""
        rec = self.turn_record()
        if not rec["acted"]:
            rec["acted"] = True
            assert self.s.recent is not None
            self.s.recent["prev"] = None  # no longer shown

    def label(self, ref: int | str) -> str:
        """A seat-neutral name: "Tenderfoot#2" for a card, "p2 base" for a building."""
        if isinstance(ref, str):
            seat, slot = ref.split(":", 1)
            p = self.s.players[int(seat)]
            if slot == "addon" and p.addon is not None:
                slot = p.addon.kind
            return f"{seats.owner_name(self.s, int(seat), slot)} {slot}"
        entry = self.s.cards.get(ref)
        if entry is None:
            return str(ref)
        t = self.s.things.get(ref)
        cid = t.card if t is not None else entry[0]
        return f"{self.cat[cid].name}#{entry[2]}"

    def shown(self, ref: int | str) -> str:
        """The name a sentence uses: "p2's Tech II", "Tenderfoot", or "Tenderfoot#2" only when another card
        of that name is on the table or in a command zone."""
        if isinstance(ref, str):
            seat, slot = ref.split(":", 1)
            p = self.s.players[int(seat)]
            if slot == "addon":
                slot = p.addon.kind if p.addon is not None else "add-on"
            return f"{seats.owner_name(self.s, int(seat), slot)}'s {BUILDING_TEXT.get(slot, slot)}"
        entry = self.s.cards.get(ref)
        if entry is None:
            return str(ref)
        t = self.s.things.get(ref)
        name = self.cat[t.card if t is not None else entry[0]].name
        s = self.s
        for uid, other in s.things.items():
            if uid != ref and self.cat[other.card].name == name:
                return f"{name}#{entry[2]}"
        for p in s.players:
            for uid in p.command:
                if uid != ref and self.cat[s.cards[uid][0]].name == name:
                    return f"{name}#{entry[2]}"
        return name

    def emit_hidden(self, event: str, /, **data: JSON) -> None:
        """An event no seat may see (e.g. a shuffled order), kept only so a log can be audited."""
        self.events.append(Event(event, data, frozenset()))

    def rng(self) -> random.Random:
        r = rng_for(self.s.seed, self.s.rng)
        self.s.rng += 1
        return r

    def tick(self) -> int:
        """The next moment on the state's clock (see `Thing.stamp`)."""
        self.s.clock += 1
        return self.s.clock

    # --------------------------------------------------------------------------------------- lookups
    def p(self, seat: int) -> Player:
        return self.s.players[seat]

    def opp(self, seat: int) -> int:
        """The opponent of `seat` when there is only one. With several (2v2, free-for-all): the defender of the
        attack in progress, else the next opponent in turn order. An effect that names "the opponent" asks
        the active player which one with `effects.opponent(g, ctx)` instead."""
        foes = seats.enemies(self.s, seat)
        if len(foes) == 1:
            return foes[0]
        c = self.s.combat
        if c is not None and c.get("d") in foes:
            return int(c["d"])
        n = len(self.s.players)
        return next((seat + k) % n for k in range(1, n) if (seat + k) % n in foes)

    def enemies(self, seat: int) -> list[int]:
        """Every opponent of `seat` (the other seat, the other team, or every other player)."""
        return seats.enemies(self.s, seat)

    def friendly(self, a: int, b: int) -> bool:
        """Same seat or teammates."""
        return seats.friendly(self.s, a, b)

    def on_turn(self, seat: int) -> bool:
        """Is it `seat`'s turn (its team's turn, in 2v2)?"""
        return seats.on_turn(self.s, seat)

    def mode(self) -> str:
        return seats.mode_of(self.s)

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

    def discard_hand(self, seat: int) -> int:
        """`seat` discards its whole hand, face down; returns how many cards went."""
        p = self.p(seat)
        n = len(p.hand)
        if self.s.known:
            # Discarded face down: where these cards went is no longer public.
            self.s.known = [u for u in self.s.known if u not in p.hand]
        p.discard += p.hand
        p.hand = []
        self.emit("discard_hand", seat=seat, n=n)
        return n

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
        if slot == "base":
            # In 2v2 a team's shared base is kept on its first seat, whichever partner it is named by.
            return self.p(seats.base_seat(self.s, int(seat_s))), slot, None
        p = self.p(int(seat_s))
        if slot == "addon":
            return p, slot, p.addon
        return p, slot, p.tech[int(slot[-1]) - 1]

    def building_hp(self, ref: str) -> int:
        _p, _slot, b = self.building(ref)
        if b is None:
            return seats.base_hp(self.s)
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

    def hurt_base(self, seat: int, n: int, why: str) -> None:
        """`n` damage to `seat`'s base (its team's in 2v2) that is not dealt by a card: a building lost."""
        home = seats.base_seat(self.s, seat)
        self.p(home).base_damage += n
        self.emit("damage", ref=f"{home}:base", n=n, combat=False, why=why)

    def fixed_buildings(self, seat: int) -> list[str]:
        """Refs of a player's buildings that exist now (built, not under construction). In 2v2 the shared
        base is listed once, under the team's first seat."""
        p = self.p(seat)
        refs = [f"{seat}:base"] if seats.has_base(self.s, seat) else []
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
        """Stop for a decision of the active player (in 2v2, the partner whose move or upkeep it is); `choose`
        resumes it through the handler of `kind`."""
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


BUILDING_TEXT: dict[str, str] = {
    "base": "base",
    "tech1": "Tech I",
    "tech2": "Tech II",
    "tech3": "Tech III",
    "surplus": "Surplus",
    "tower": "Tower",
    "tech lab": "Tech Lab",
    "heroes hall": "Heroes' Hall",
}
"""Building names in sentences (the notation keeps `tech1`, `tower`, ... for typing)."""

UNRECORDED = frozenset({"turn", "ready", "main", "tech_added", "tech_pick", "await_tech", "discard_hand", "bounty"})
"""Public events that are not part of what a turn did: its frame and the other seat's tech choice."""
NO_HIGHLIGHT = frozenset({"patrol", "gold"})
"""Recorded sentences that highlight nothing (the patrol slots already show the patrol)."""


def _add_building(rec: dict[str, Any], ref: str) -> None:
    """ "1:tech2" as it is; an add-on, whether named "1:addon" or by its kind "1:tower", as "1:addon"."""
    seat, slot = ref.split(":", 1)
    if slot not in ("base", "tech1", "tech2", "tech3"):
        slot = "addon"
    key = f"{seat}:{slot}"
    if key not in rec["buildings"]:
        rec["buildings"].append(key)


def _hidden_labels(s: State, cat: Catalog) -> dict[str, str]:
    """ "Name#n" -> "Name" for every card now in a hand, a deck or face down as a worker."""
    hidden: dict[str, str] = {}
    for p in s.players:
        for uid in (*p.hand, *p.worker_cards, *p.deck):
            cid, _, copy = s.cards[uid]
            name = cat[cid].name
            hidden[f"{name}#{copy}"] = name
    return hidden


def all_labels(s: State, cat: Catalog) -> set[str]:
    """Every label a card of this match has or had ("Name#n"), hidden or not."""
    labels = {f"{cat[cid].name}#{copy}" for cid, _, copy in s.cards.values()}
    labels |= {f"{cat[t.card].name}#{s.cards[uid][2]}" for uid, t in s.things.items() if uid in s.cards}
    return labels


def _relabeller(hidden: dict[str, str], ends: dict[str, list[str]]) -> Callable[[str], str]:
    """Writes each hidden label as its bare name. A longer label that ends with a hidden one ("Fading
    Argonaut#1" around a hidden "Argonaut#1") is another card, and is left as it is.

    A label is read where it starts after no letter, digit or underscore and its copy number is not followed
    by another digit; scanning left to right, the leftmost label wins and then the longest. Every label ends
    in "#<copy>", so the scan looks only at each "#<digits>" of the text and at the labels of that copy that
    end there, instead of building one pattern of every label for each step with a draw."""
    if not hidden:
        return lambda text: text
    longer = _longer(hidden, ends)
    by_copy: dict[str, list[str]] = {}
    for word in hidden.keys() | longer:
        name, sharp, copy = word.rpartition("#")
        if not sharp or "#" in name or not (copy.isascii() and copy.isdigit()):
            return _pattern_relabeller(hidden, longer)  # a label of another shape: the general scan
        by_copy.setdefault(copy, []).append(name)

    def relabel(text: str) -> str:
        found: list[tuple[int, int]] = []
        for m in _COPY.finditer(text):
            names = by_copy.get(m.group(1))
            if names is None:
                continue
            sharp = m.start()
            for name in names:
                start = sharp - len(name)
                if start >= 0 and text.startswith(name, start) and (start == 0 or not _is_word(text[start - 1])):
                    found.append((start, m.end()))
        if not found:
            return text
        found.sort()
        out: list[str] = []
        at = 0
        for start, end in found:
            if start >= at:  # not inside a label already read
                word = text[start:end]
                out += (text[at:start], hidden.get(word, word))
                at = end
        out.append(text[at:])
        return "".join(out)

    return relabel


_COPY = re.compile(r"#(\d+)")


def _is_word(c: str) -> bool:
    """What a regular expression's \\w matches."""
    return c.isalnum() or c == "_"


def endings(labels: set[str]) -> dict[str, list[str]]:
    """What each label ends with after a space, as ending -> the labels ("Argonaut#1" -> ["Fading
    Argonaut#1"]): worked out once a step for every audience's `_relabeller`."""
    out: dict[str, list[str]] = {}
    for x in labels:
        i = x.find(" ")
        while i >= 0:
            out.setdefault(x[i + 1 :], []).append(x)
            i = x.find(" ", i + 1)
    return out


def _longer(hidden: dict[str, str], ends: dict[str, list[str]]) -> set[str]:
    """The labels, not hidden, that end with a hidden one after a space: other cards, read as themselves."""
    return {x for h in hidden if h in ends for x in ends[h] if x not in hidden}


def _pattern_relabeller(hidden: dict[str, str], longer: set[str]) -> Callable[[str], str]:
    # Longest first, so a longer label is read as itself before the hidden one it ends with.
    words = sorted(hidden.keys() | longer, key=len, reverse=True)
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")(?!\d)")
    return lambda text: pattern.sub(lambda found: hidden.get(found.group(0), found.group(0)), text)


def unlabelled(s: State, cat: Catalog, lines: list[str]) -> list[str]:
    """The lines with "Name#2" written "Name" for every card now in a hand, a deck or face down as a worker.

    A copy number is a handle to follow one card by; once the card is hidden again, history keeps its name
    and forgets which copy it was. A longer label that ends with a hidden one ("Fading Argonaut#1" around a
    hidden "Argonaut#1") is another card, and is left as it is."""
    if not any("#" in line for line in lines):
        return lines
    relabel = _relabeller(_hidden_labels(s, cat), endings(all_labels(s, cat)))
    return [relabel(line) for line in lines]


def forget_hidden_copies(
    events: list[Event],
    hidden_from: Callable[[frozenset[int] | None], set[str]],
    labels: Callable[[], set[str]],
) -> list[Event]:
    """The step's events, where a card named by its label that ends the step hidden from someone the event
    is shown to (`hidden_from(audience)`: the labels they may not know) is named without its copy number, as
    history does (`unlabelled`): a card seen dying, say, that the technician slot's draw shuffled back and
    drew. Only a draw hides a card named in plain sight again within one step, so other steps are returned
    as they are."""
    if not any(e.kind == "draw" for e in events):
        return events
    out = []
    every: dict[str, list[str]] | None = None
    relabel: dict[frozenset[int] | None, Callable[[str], str]] = {}
    for e in events:
        if e.to == frozenset() or not any(_names_a_copy(v) for v in e.data.values()):
            out.append(e)  # the audit trail, shown to nobody; or no copy number to forget
            continue
        if every is None:
            every = endings(labels())
        if e.to not in relabel:
            relabel[e.to] = _relabeller({x: x.rsplit("#", 1)[0] for x in hidden_from(e.to)}, every)
        data = _relabel(dict(e.data), relabel[e.to])
        out.append(e if data == e.data else Event(e.kind, data, e.to))
    return out


def _names_a_copy(value: Any) -> bool:
    """Is there a "#" in any text `_relabel` would look at (most events name no card by its copy)?"""
    if isinstance(value, str):
        return "#" in value
    if isinstance(value, list):
        return any(_names_a_copy(v) for v in value)
    if isinstance(value, dict):
        return any(_names_a_copy(v) for v in value.values())
    return False


def _relabel(value: Any, relabel: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return relabel(value) if "#" in value else value
    if isinstance(value, list):
        return [_relabel(v, relabel) for v in value]
    if isinstance(value, dict):
        return {k: _relabel(v, relabel) for k, v in value.items()}
    return value


def last_turn(s: State, cat: Catalog) -> dict[str, Any] | None:
    """The turn the board highlights: the one in progress once its player has acted, else the one before."""
    recent = s.recent
    if recent is None:
        return None
    rec = recent["cur"]
    if rec["turn"] == s.turn and not rec["acted"]:
        rec = recent["prev"]
    if rec is None:
        return None
    return {
        "seat": rec["seat"],
        "turn": rec["turn"],
        "things": [u for u in rec["things"] if u in s.things],
        "buildings": list(rec["buildings"]),
        "lines": unlabelled(s, cat, list(rec["lines"])),
        "kinds": list(rec.get("kinds", ())),
    }


def line_kind(event: Event) -> str:
    """What a line of the record tells, so the board can put the weightiest first: the event's kind, "died"
    for a death, and "damage:base" or "damage:building" (also destroyed, repair) when a building is hit."""
    ref = event.data.get("ref")
    if event.kind == "leave" and event.data.get("died"):
        return "died"
    if isinstance(ref, str) and event.kind in ("damage", "destroyed", "repair"):
        return f"{event.kind}:{'base' if ref.endswith(':base') else 'building'}"
    return event.kind


def abandon_work(s: State) -> None:
    """Drop all work in progress (the queue, a pending choice, a combat); a spell caught mid-cast goes to its
    owner's discard."""
    for task in s.queue:
        if task.get("t") == "spell_done" and not task.get("ongoing"):
            uid = task["uid"]
            s.players[s.cards[uid][1]].discard.append(uid)
    s.queue = []
    s.pending = None
    s.combat = None


def close_game(s: State) -> None:
    """Stop all work in progress at the end of the game."""
    abandon_work(s)
    s.phase = "over"

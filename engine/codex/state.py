"""The Codex game state: plain slotted dataclasses with hand-written copies.

Why not pydantic here: `apply` copies the whole state on every move and random playouts make
hundreds of thousands of moves, so copying must be a handful of list/dict copies, not a model walk.
Card identities (`cards`) never change once written, so their tuples are shared between copies.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field, fields
from typing import Any

JSON = Any
_bare = object.__new__

SLOTS: tuple[str, ...] = ("squad leader", "elite", "scavenger", "technician", "lookout")
"""Patrol slots in printed order; the order is also adjacency for sparkshot."""

TECH_KINDS: tuple[str, ...] = ("tech1", "tech2", "tech3")
ADDONS: tuple[str, ...] = ("surplus", "tower", "tech lab", "heroes hall")


def deep(value: JSON) -> JSON:
    """A fast deep copy for JSON-shaped data (tasks and pending choices)."""
    if isinstance(value, dict):
        # Plain values are taken as they are without a call each (every apply copies the turn's flags).
        return {k: v if v.__class__ in _PLAIN else deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [v if v.__class__ in _PLAIN else deep(v) for v in value]
    return value


_PLAIN = frozenset({int, str, bool, float, type(None)})
"""Classes `deep` returns as they are (what is neither a dict nor a list)."""


def _copy_recent(recent: JSON) -> JSON:
    """Only the current turn's record is ever changed in place; the previous one is shared."""
    if recent is None:
        return None
    cur = recent["cur"]
    return {
        "cur": {
            **cur,
            "things": list(cur["things"]),
            "buildings": list(cur["buildings"]),
            "lines": list(cur["lines"]),
            "kinds": list(cur.get("kinds", ())),
        },
        "prev": recent["prev"],
    }


@dataclass(frozen=True, slots=True)
class Mod:
    """A temporary or lasting change to one thing. Frozen, so copies of a list can share them."""

    atk: int = 0
    hp: int = 0
    armor: int = 0
    kw: tuple[str, ...] = ()
    until: str = "turn"
    """"turn": ends at the end of this turn; "upkeep:N": at seat N's next upkeep; "ever": never."""
    src: int = 0
    form: str = ""
    """A card id whose printed face the thing takes while this lasts (Polymorph: Squirrel; see
    `cards.Catalog.form`)."""
    sub: tuple[str, ...] = ()
    """Subtypes it adds (lower case), e.g. ("illusion",) from Hallucination."""
    printed_atk: int | None = None
    """The printed ATK the thing has while this lasts (Chaos Mirror swaps two things' printed ATK)."""
    stamp: int = 0
    """When it was made, on the state's clock (0: not recorded). A "-keyword" it carries gives way to a
    keyword static that began to apply later: effects apply in the order they were created (Gargoyle ruling)."""

    def to_json(self) -> JSON:
        out: list[JSON] = [self.atk, self.hp, self.armor, list(self.kw), self.until, self.src]
        extra = {
            name: list(value) if isinstance(value, tuple) else value
            for name, empty in _MOD_EXTRAS.items()
            if (value := getattr(self, name)) != empty
        }
        if extra:
            out.append(extra)  # optional fields by name, so adding one never shifts the others
        return out

    @classmethod
    def from_json(cls, d: JSON) -> Mod:
        extra = dict(d[6]) if len(d) > 6 and isinstance(d[6], dict) else {}
        if "sub" in extra:
            extra["sub"] = tuple(extra["sub"])
        return cls(d[0], d[1], d[2], tuple(d[3]), d[4], d[5], **extra)


_MOD_EXTRAS: dict[str, JSON] = {"form": "", "sub": (), "printed_atk": None, "stamp": 0}
"""Mod fields written to JSON only when set (different from this default), in a trailing object."""


@dataclass(slots=True)
class Thing:
    """Anything in play that is a card or token: unit, hero, upgrade, building card, ongoing spell."""

    uid: int
    card: str
    owner: int
    ctrl: int
    since: int
    """Turn number when it came under its controller's control (arrival fatigue)."""
    arrived: int = 0
    """Turn number when it last entered play."""
    damage: int = 0
    exhausted: bool = False
    skip_ready: bool = False
    attacked: int = -1
    """Turn number of its last attack (readiness: one attack per turn)."""
    runes: int = 0
    """Net +1/+1 runes; negative means -1/-1 runes (opposite runes cancel pairwise)."""
    level: int = 0
    max_at_start: bool = False
    armor_used: int = 0
    deathtouched: bool = False
    marks: dict[str, int] = field(default_factory=dict)
    """Named runes and counters: "time", "sword", ..."""
    mods: list[Mod] = field(default_factory=list)
    caster: int = 0
    """Channeling spells: the hero that cast it."""
    attached: int = 0
    links: list[int] = field(default_factory=list)
    """Two Step partners and similar pairings kept on the card that made them."""
    used: dict[str, int] = field(default_factory=dict)
    """Ability key -> turn number of its last use (once-per-turn limits)."""
    stamp: int = 0
    """When it entered play (or a hero reached a new band), on the state's clock: conditional statics that
    depend on each other apply in this order (see `stats.Q.applies`)."""
    tied: list[int] = field(default_factory=list)
    """Things this one is tied to: it is trashed as soon as any of them leaves play (Daigo Stormborne)."""
    copied: list[Any] = field(default_factory=list)
    """While it is a copy of another card: [its own card id, its own copy number, until] ("turn" or "ever")."""
    lent: int = -1
    """Free-for-all: the seat that lent this fighter to its controller's patrol zone (-1: not lent)."""

    def clone(self) -> Thing:
        c = _bare(Thing)  # field by field: see Player.clone
        c.uid = self.uid
        c.card = self.card
        c.owner = self.owner
        c.ctrl = self.ctrl
        c.since = self.since
        c.arrived = self.arrived
        c.damage = self.damage
        c.exhausted = self.exhausted
        c.skip_ready = self.skip_ready
        c.attacked = self.attacked
        c.runes = self.runes
        c.level = self.level
        c.max_at_start = self.max_at_start
        c.armor_used = self.armor_used
        c.deathtouched = self.deathtouched
        c.marks = dict(self.marks) if self.marks else {}
        c.mods = list(self.mods) if self.mods else []
        c.caster = self.caster
        c.attached = self.attached
        c.links = list(self.links) if self.links else []
        c.used = dict(self.used) if self.used else {}
        c.stamp = self.stamp
        c.tied = list(self.tied) if self.tied else []
        c.copied = list(self.copied) if self.copied else []
        c.lent = self.lent
        return c

    def to_json(self) -> JSON:
        out: dict[str, JSON] = {
            "uid": self.uid,
            "card": self.card,
            "owner": self.owner,
            "ctrl": self.ctrl,
            "since": self.since,
            "arrived": self.arrived,
        }
        for name, default in _THING_DEFAULTS.items():
            value = getattr(self, name)
            if value != default:
                out[name] = value
        if self.mods:
            out["mods"] = [m.to_json() for m in self.mods]
        return out

    @classmethod
    def from_json(cls, d: JSON) -> Thing:
        t = cls(d["uid"], d["card"], d["owner"], d["ctrl"], d["since"], d.get("arrived", 0))
        for name in _THING_DEFAULTS:
            if name in d:
                value = d[name]
                setattr(
                    t,
                    name,
                    dict(value) if isinstance(value, dict) else list(value) if isinstance(value, list) else value,
                )
        t.mods = [Mod.from_json(m) for m in d.get("mods", [])]
        return t


_THING_DEFAULTS: dict[str, JSON] = {
    "damage": 0,
    "exhausted": False,
    "skip_ready": False,
    "attacked": -1,
    "runes": 0,
    "level": 0,
    "max_at_start": False,
    "armor_used": 0,
    "deathtouched": False,
    "marks": {},
    "caster": 0,
    "attached": 0,
    "links": [],
    "used": {},
    "stamp": 0,
    "tied": [],
    "copied": [],
    "lent": -1,
}


@dataclass(slots=True)
class Building:
    """A tech building or add-on. status: "none", "building" (finishes at end of turn), "built", "destroyed"."""

    kind: str
    status: str = "none"
    damage: int = 0
    spec: str | None = None
    """Tech Lab: the extra spec it unlocks."""

    def clone(self) -> Building:
        c = _bare(Building)
        c.kind = self.kind
        c.status = self.status
        c.damage = self.damage
        c.spec = self.spec
        return c

    @property
    def alive(self) -> bool:
        return self.status == "built"

    def to_json(self) -> JSON:
        return [self.kind, self.status, self.damage, self.spec]

    @classmethod
    def from_json(cls, d: JSON) -> Building:
        return cls(d[0], d[1], d[2], d[3])


@dataclass(slots=True)
class Player:
    seat: int
    heroes: list[str]
    specs: list[str]
    colour: str
    gold: int = 0
    workers: int = 4
    worker_cards: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    codex: dict[str, int] = field(default_factory=dict)
    command: list[int] = field(default_factory=list)
    cooldown: dict[int, int] = field(default_factory=dict)
    """Hero uid -> own turn starts still to pass before it may be summoned again."""
    tech: list[Building] = field(default_factory=list)
    addon: Building | None = None
    base_damage: int = 0
    tech2_spec: str | None = None
    tax_paid: bool = False
    patrol: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0])
    tech_open: bool = False
    tech_pick: list[str] | None = None
    hired: int = -1
    """Turn number of the last hire (one hire per turn)."""
    reshuffled: int = -1
    """Window id (see rules.reshuffle_window) in which this player last reshuffled."""
    turns: int = 0
    future: dict[int, int] = field(default_factory=dict)
    """Forecast cards waiting to arrive: uid -> time runes left."""
    lost_addon: str | None = None
    """The kind of add-on the opponent destroyed last (option addon_rebuild="free")."""
    zones: dict[str, list[int]] = field(default_factory=dict)
    """Extra zones cards can wait in, by name: "jail" (units held by this player's Jail), ..."""
    marks: dict[str, int] = field(default_factory=dict)
    """Lasting statuses of the player, by name, with a number (e.g. "silenced": the turn it ends after)."""
    team: int = -1
    """Team number: the seat itself except in 2v2, where partners share one (-1 until setup sets it)."""
    ended: bool = False
    """2v2: this partner has ended their main phase of the team's turn (their patrol is locked)."""
    lend: list[list[int]] = field(default_factory=list)
    """Free-for-all: the patrol plan's lent fighters, [uid, seat, slot index] into other players' zones."""

    def __post_init__(self) -> None:
        if self.team < 0:
            self.team = self.seat

    def clone(self) -> Player:
        # Field by field on a bare object: quicker than the constructor's 32 arguments (every apply copies).
        c = _bare(Player)
        c.seat = self.seat
        c.heroes = self.heroes
        c.specs = self.specs
        c.colour = self.colour
        c.gold = self.gold
        c.workers = self.workers
        c.worker_cards = self.worker_cards.copy()
        c.hand = self.hand.copy()
        c.deck = self.deck.copy()
        c.discard = self.discard.copy()
        c.removed = self.removed.copy()
        c.codex = self.codex.copy()
        c.command = self.command.copy()
        c.cooldown = self.cooldown.copy()
        c.tech = [b.clone() for b in self.tech]
        c.addon = self.addon.clone() if self.addon else None
        c.base_damage = self.base_damage
        c.tech2_spec = self.tech2_spec
        c.tax_paid = self.tax_paid
        c.patrol = self.patrol.copy()
        c.tech_open = self.tech_open
        c.tech_pick = list(self.tech_pick) if self.tech_pick is not None else None
        c.hired = self.hired
        c.reshuffled = self.reshuffled
        c.turns = self.turns
        c.future = self.future.copy()
        c.lost_addon = self.lost_addon
        c.zones = {k: list(v) for k, v in self.zones.items()} if self.zones else {}
        c.marks = dict(self.marks) if self.marks else {}
        c.team = self.team
        c.ended = self.ended
        c.lend = [list(x) for x in self.lend] if self.lend else []
        return c

    def plan_copy(self) -> Player:
        """A copy whose patrol plan (`patrol`, `lend`) is its own and whose other fields are shared (see
        `State.plan_copy`)."""
        c = _bare(Player)
        for name in _PLAYER_FIELDS:
            setattr(c, name, getattr(self, name))
        c.patrol = self.patrol.copy()
        c.lend = [list(x) for x in self.lend] if self.lend else []
        return c

    def to_json(self) -> JSON:
        return {
            "seat": self.seat,
            "heroes": list(self.heroes),
            "specs": list(self.specs),
            "colour": self.colour,
            "gold": self.gold,
            "workers": self.workers,
            "worker_cards": list(self.worker_cards),
            "hand": list(self.hand),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "removed": list(self.removed),
            "codex": dict(self.codex),
            "command": list(self.command),
            "cooldown": {str(k): v for k, v in self.cooldown.items()},
            "tech": [b.to_json() for b in self.tech],
            "addon": self.addon.to_json() if self.addon else None,
            "base_damage": self.base_damage,
            "tech2_spec": self.tech2_spec,
            "tax_paid": self.tax_paid,
            "patrol": list(self.patrol),
            "tech_open": self.tech_open,
            "tech_pick": self.tech_pick,
            "hired": self.hired,
            "reshuffled": self.reshuffled,
            "turns": self.turns,
            "future": {str(k): v for k, v in self.future.items()},
            "lost_addon": self.lost_addon,
            "zones": {k: list(v) for k, v in self.zones.items()},
            "marks": dict(self.marks),
            "team": self.team,
            "ended": self.ended,
            "lend": [list(x) for x in self.lend],
        }

    @classmethod
    def from_json(cls, d: JSON) -> Player:
        return cls(
            d["seat"],
            list(d["heroes"]),
            list(d["specs"]),
            d["colour"],
            d["gold"],
            d["workers"],
            list(d["worker_cards"]),
            list(d["hand"]),
            list(d["deck"]),
            list(d["discard"]),
            list(d["removed"]),
            dict(d["codex"]),
            list(d["command"]),
            {int(k): v for k, v in d["cooldown"].items()},
            [Building.from_json(b) for b in d["tech"]],
            Building.from_json(d["addon"]) if d["addon"] else None,
            d["base_damage"],
            d["tech2_spec"],
            d["tax_paid"],
            list(d["patrol"]),
            d["tech_open"],
            list(d["tech_pick"]) if d["tech_pick"] is not None else None,
            d["hired"],
            d["reshuffled"],
            d["turns"],
            {int(k): v for k, v in d.get("future", {}).items()},
            d.get("lost_addon"),
            {k: list(v) for k, v in d.get("zones", {}).items()},
            dict(d.get("marks", {})),
            d.get("team", d["seat"]),
            d.get("ended", False),
            [list(x) for x in d.get("lend", [])],
        )


@dataclass(slots=True)
class State:
    seed: int
    options: dict[str, JSON]
    players: list[Player]
    first: int
    turn: int = 0
    """Counts player turns from 1; arrival fatigue and "this turn" effects key on it."""
    active: int = 0
    phase: str = "main"
    """"main": the active player acts; "await_tech": the next player must pick tech first; "over"."""
    rng: int = 0
    """How many random generators this game has drawn (the `step` of rng_for)."""
    things: dict[int, Thing] = field(default_factory=dict)
    cards: dict[int, tuple[str, int, int]] = field(default_factory=dict)
    """uid -> (printed card id, owner, name ordinal). Written once per card, never changed."""
    ords: dict[str, int] = field(default_factory=dict)
    next_uid: int = 1
    queue: list[JSON] = field(default_factory=list)
    pending: JSON = None
    combat: JSON = None
    flags: dict[str, JSON] = field(default_factory=dict)
    """Facts about the current turn (spells played, tower detection, ...); cleared at turn start."""
    result: JSON = None
    moves: int = 0
    known: list[int] = field(default_factory=list)
    """Cards moved publicly into a hidden zone (a unit bounced to hand, a spell put on top of the deck):
    everyone saw where they went, so naming them there is no leak."""
    tiebreak: JSON = None
    """Free-for-all after a base fell with the healthiest bases tied: {"seats": the tied seats, "left": those
    still to take their turn of this round}. None otherwise."""
    recent: JSON = None
    """What the public saw of the last two turns, for the board's "last turn" highlights:
    {"cur": record, "prev": record | None}, a record being {"seat", "turn", "acted", "things": [uid],
    "buildings": ["seat:slot"], "lines": [public sentence], "kinds": [what each line tells, see
    `ctx.line_kind`]} (see `ctx.G.note`)."""
    clock: int = 0
    """Counts events that need an order finer than turns (things entering play; see `Thing.stamp`)."""
    memory: dict[str, JSON] = field(default_factory=dict)
    """What effects remember beyond the current turn, by name (unlike `flags`, kept from turn to turn):
    e.g. the units a historian trashed, extra turns to come, gold promised for the next upkeep."""
    legal_memo: dict[Any, Any] | None = field(default=None, init=False, repr=False, compare=False)
    """Seat -> its legal actions, as `Codex.legal_actions` listed them for this very state (never copied,
    saved or compared), so `apply` need not list them again; ("verbs", seat) -> the main-phase ones by verb
    and the `seal` of the state they were listed on; ("carried", seat) -> those a patrol plan's copy takes
    over from the state before it, used only under that seal (see `Codex._carry`). A state handed to the
    engine is never changed after (`apply` changes a copy); code that edits one by hand (a test setting up a
    position) must do so before it asks for legal actions, or set this back to None."""

    def clone(self) -> State:
        c = _bare(State)  # field by field: see Player.clone
        c.seed = self.seed
        c.options = self.options
        c.players = [p.clone() for p in self.players]
        c.first = self.first
        c.turn = self.turn
        c.active = self.active
        c.phase = self.phase
        c.rng = self.rng
        c.things = {k: t.clone() for k, t in self.things.items()}
        c.cards = self.cards.copy()
        c.ords = self.ords.copy()
        c.next_uid = self.next_uid
        c.queue = deep(self.queue) if self.queue else []
        c.pending = deep(self.pending) if self.pending is not None else None
        c.combat = deep(self.combat) if self.combat is not None else None
        c.flags = deep(self.flags) if self.flags else {}
        c.result = self.result
        c.moves = self.moves
        c.known = self.known.copy()
        c.tiebreak = deep(self.tiebreak)
        c.recent = _copy_recent(self.recent)
        c.clock = self.clock
        c.memory = deep(self.memory) if self.memory else {}
        c.legal_memo = None  # the copy is about to change
        return c

    def plan_copy(self, seat: int) -> State:
        """A copy for a move that changes nothing but `seat`'s patrol plan, the move count, the active seat and
        the turn record (a patrol or unpatrol with nothing queued; see `Codex.apply_trusted`). Those are its
        own; everything else is shared with this state, which is safe because no state is changed once made:
        a later move copies it whole first. Half of all random moves are such plans."""
        c = _bare(State)
        for name in _STATE_FIELDS:
            setattr(c, name, getattr(self, name))
        c.players = list(self.players)
        c.players[seat] = self.players[seat].plan_copy()
        c.recent = _copy_recent(self.recent)
        c.legal_memo = None
        return c

    def to_json(self) -> JSON:
        return {
            "seed": self.seed,
            "options": dict(self.options),
            "players": [p.to_json() for p in self.players],
            "first": self.first,
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase,
            "rng": self.rng,
            "things": [t.to_json() for t in self.things.values()],
            "cards": {str(k): list(v) for k, v in self.cards.items()},
            "ords": dict(self.ords),
            "next_uid": self.next_uid,
            "queue": deep(self.queue),
            "pending": deep(self.pending),
            "combat": deep(self.combat),
            "flags": deep(self.flags),
            "result": deep(self.result),
            "moves": self.moves,
            "known": list(self.known),
            "tiebreak": deep(self.tiebreak),
            "recent": deep(self.recent),
            "clock": self.clock,
            "memory": deep(self.memory),
        }

    @classmethod
    def from_json(cls, d: JSON) -> State:
        things = [Thing.from_json(t) for t in d["things"]]
        return cls(
            d["seed"],
            dict(d["options"]),
            [Player.from_json(p) for p in d["players"]],
            d["first"],
            d["turn"],
            d["active"],
            d["phase"],
            d["rng"],
            {t.uid: t for t in things},
            {int(k): (v[0], v[1], v[2]) for k, v in d["cards"].items()},
            dict(d["ords"]),
            d["next_uid"],
            deep(d["queue"]),
            deep(d["pending"]),
            deep(d["combat"]),
            deep(d["flags"]),
            deep(d["result"]),
            d["moves"],
            list(d.get("known", [])),
            deep(d.get("tiebreak")),
            deep(d.get("recent")),
            d.get("clock", 0),
            deep(d.get("memory", {})),
        )


_PLAYER_FIELDS = tuple(f.name for f in fields(Player))
_STATE_FIELDS = tuple(f.name for f in fields(State))
_SEALED_STATE = operator.attrgetter(
    *(n for n in _STATE_FIELDS if n not in ("players", "moves", "recent", "legal_memo"))
)
_SEALED_PLAYER = operator.attrgetter(*(n for n in _PLAYER_FIELDS if n not in ("patrol", "lend")))
_PLAYER_LISTS = operator.attrgetter("hand", "deck", "discard", "worker_cards", "command", "removed")
_SEALED_THING = operator.attrgetter(*(f.name for f in fields(Thing)))
_SEALED_BUILDING = operator.attrgetter(*(f.name for f in fields(Building)))


def seal(s: State, planner: int) -> list[Any]:
    """What the state holds now, but the move count, the turn record, the memo and `planner`'s patrol plan:
    every field of the state, of its players, their buildings and the things in play, the contents of the
    players' card lists and of the others' patrol plans, and the sizes of the state's tables. Two equal
    seals say the two states differ at most in those (see `Codex.legal_actions`): a field set or a card
    list edited by hand in between shows; deeper data counts only by identity."""
    out = [*_SEALED_STATE(s), len(s.things), len(s.cards), len(s.flags), len(s.queue), len(s.memory), len(s.known)]
    for p in s.players:
        out += _SEALED_PLAYER(p)
        out += map(tuple, _PLAYER_LISTS(p))
        if p.seat != planner:
            out += (tuple(p.patrol), tuple(map(tuple, p.lend)))
        for b in p.tech:
            out += _SEALED_BUILDING(b)
        if p.addon is not None:
            out += _SEALED_BUILDING(p.addon)
    for t in s.things.values():
        out += _SEALED_THING(t)
    return out

"""Codex positions for scenario files: the `[position]` table, the readable projection, and dumps.

Importing this module attaches the scenario hooks to the Codex game class (`Codex.position_from_scenario`
and friends); the scenario runner imports `engine.<game>.position` by convention before it needs them, so
the package itself does not have to. docs/scenarios.md describes every key; in short:

    [position]                       turn, active, first, phase ("main", "start", "await_tech"), rng,
                                     this_turn = {spells_played, tower_detected, detected, control_returns}
    [position.p1]                    heroes, gold, workers, worker_cards, base = {damage}, tech1..tech3,
                                     addon, tech2_spec, hand, deck (top first), deck_order, discard, removed,
                                     codex, command, cooldown, future, tech_pick, tech_open, hired_this_turn,
                                     reshuffled_this_turn, tax_paid, turns
    [[position.p1.in_play]]          card, owner, damage, runes, level, exhausted, arrived_this_turn,
                                     attacked_this_turn, patrol, marks, caster, links, attached, mods, ...

Cards are written by printed name ("Older Brother"), or by label ("Older Brother#3") to fix the copy
number. Anything left out takes the normal setup's value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.codex import Codex
from engine.codex.cards import BUILDINGS, Card, Catalog, catalog
from engine.codex.ctx import G
from engine.codex.modes import FFA, MODES, TEAMS
from engine.codex.seats import base_hp, base_seat, friendly, mode_of, turn_leader, turn_seats
from engine.codex.state import SLOTS, Building, Mod, Player, State, Thing
from engine.codex.stats import Q
from engine.codex.turns import begin_turn
from engine.core import JSON, BadOptions, Event, Seat, rng_for
from engine.scenario.errors import KeyPath, PositionError
from engine.scenario.fields import Fields, did_you_mean, kind_of, seat_index

SEATS = ["p1", "p2", "p3", "p4", "p5"]
TOP_KEYS = ("turn", "active", "first", "phase", "rng", "mode", "tiebreak", "this_turn", "in_play", *SEATS)
PLAYER_KEYS = (
    "heroes",
    "gold",
    "workers",
    "worker_cards",
    "base",
    "tech1",
    "tech2",
    "tech3",
    "addon",
    "tech2_spec",
    "hand",
    "deck",
    "deck_order",
    "discard",
    "removed",
    "codex",
    "command",
    "cooldown",
    "future",
    "tech_pick",
    "tech_open",
    "hired_this_turn",
    "reshuffled_this_turn",
    "tax_paid",
    "turns",
    "ended",
    "lend",
    "in_play",
)
THING_KEYS = (
    "card",
    "owner",
    "damage",
    "runes",
    "level",
    "exhausted",
    "arrived_this_turn",
    "attacked_this_turn",
    "patrol",
    "marks",
    "caster",
    "links",
    "attached",
    "max_at_turn_start",
    "mods",
    "armor_used",
    "skip_ready",
    "deathtouched",
    "used_this_turn",
    "lent_by",
)
THIS_TURN_KEYS = ("spells_played", "tower_detected", "detected", "control_returns")
STATUSES = ("none", "building", "built", "destroyed")
PHASES = ("main", "start", "await_tech")
IN_PLAY_TYPES = ("unit", "token", "hero", "building", "upgrade", "spell")
TECH_KINDS = ("tech1", "tech2", "tech3")
ADDON_KINDS = ("surplus", "tower", "tech lab", "heroes hall")
MOD_KEYS = ("atk", "hp", "armor", "keywords", "until", "source")


# ------------------------------------------------------------------------------------------------ names


def card_id(cat: Catalog, name: str, path: KeyPath, what: str = "card") -> str:
    """The card id for a printed name (or an id), case-blind; unknown names get a suggestion."""
    key = name.strip().lower()
    if key in cat.by_name:
        return cat.by_name[key]
    if key in cat.cards:
        return key
    names = [c.name for c in cat.cards.values()]
    raise PositionError(f"there is no {what} called {name!r}{did_you_mean(name, names)}", path)


@dataclass
class _Ref:
    """A card named in the position: its id, the copy number written (`Name#3`) if any, and where."""

    cid: str
    ordinal: int | None
    path: KeyPath


def parse_ref(cat: Catalog, text: Any, path: KeyPath, what: str = "card") -> _Ref:
    if not isinstance(text, str):
        raise PositionError(f"a card is written as its name in quotes, not {kind_of(text)}", path)
    name, ordinal = text, None
    head, sep, tail = text.rpartition("#")
    if sep and tail.strip().isdigit():
        name, ordinal = head, int(tail)
        if ordinal < 1:
            raise PositionError(f"copy numbers start at 1, not #{ordinal}", path)
    return _Ref(card_id(cat, name, path, what), ordinal, path)


class _Cards:
    """Makes the position's cards: explicit copy numbers first, then the lowest free number in order."""

    def __init__(self, cat: Catalog) -> None:
        self.cat = cat
        self.cards: dict[int, tuple[str, int, int]] = {}
        self.ords: dict[str, int] = {}
        self.taken: dict[tuple[str, int], KeyPath] = {}
        self.next_uid = 1

    def reserve(self, refs: list[_Ref]) -> None:
        for ref in refs:
            if ref.ordinal is None:
                continue
            key = (ref.cid, ref.ordinal)
            if key in self.taken:
                raise PositionError(f"{self.cat[ref.cid].name}#{ref.ordinal} is placed twice", ref.path)
            self.taken[key] = ref.path

    def make(self, ref: _Ref, owner: int) -> int:
        n = ref.ordinal
        if n is None:
            n = 1
            while (ref.cid, n) in self.taken:
                n += 1
            self.taken[ref.cid, n] = ref.path
        uid = self.next_uid
        self.next_uid += 1
        self.cards[uid] = (ref.cid, owner, n)
        self.ords[ref.cid] = max(self.ords.get(ref.cid, 0), n)
        return uid


# ---------------------------------------------------------------------------------------------- reading


@dataclass
class _ThingSpec:
    fields: Fields
    ref: _Ref
    ctrl: int
    owner: int
    uid: int = 0
    lent: int = -1


@dataclass
class _PlayerSpec:
    seat: int
    fields: Fields
    zones: dict[str, list[_Ref] | int | None] = field(default_factory=dict)
    things: list[_ThingSpec] = field(default_factory=list)
    command: list[_Ref] | None = None
    future: list[tuple[_Ref, int]] = field(default_factory=list)


ZONES = ("hand", "deck", "discard", "removed", "worker_cards")
COUNTABLE = ("hand", "deck", "discard", "worker_cards")
"""Zones a dump made for one seat may write as a number of unknown cards."""


def position_from_scenario(
    game: Codex, position: Mapping[str, JSON], players: int, options: Mapping[str, JSON], seed: int
) -> State:
    if not game.min_players <= players <= game.max_players:
        raise BadOptions(f"Codex is played by 2 to {game.max_players} players, not {players}.")
    cat = catalog()
    top = Fields(position)
    top.only(TOP_KEYS)
    names = SEATS[:players]
    for name in SEATS[players:]:
        if name in top:
            raise top.fail(f"there is no {name} at this table: it has {players} players", name)
    specs = [_PlayerSpec(seat, Fields(position.get(name, {}), (name,), name)) for seat, name in enumerate(names)]
    opts = dict(options)
    mode = top.text("mode", None, MODES)
    if mode is not None:
        if opts.get("mode", "auto") not in ("auto", mode):
            raise top.fail(f"the position is a {mode} game but the options say mode = {opts['mode']!r}", "mode")
        opts["mode"] = mode
    for spec in specs:
        spec.fields.only(PLAYER_KEYS)
        heroes = spec.fields.strings("heroes")
        if heroes is not None:
            if not heroes:
                raise spec.fields.fail("a team has at least one hero", "heroes")
            opts[f"hero{spec.seat + 1}"] = [
                card_id(cat, h, (*spec.fields.path, "heroes", i), "hero") for i, h in enumerate(heroes)
            ]
    first_name = top.text("first", None, names)
    if first_name is not None:
        opts["first_player"] = first_name
    elif opts.get("first_player", "random") == "random":
        opts["first_player"] = "p1"  # positions read better with a fixed first player
    try:
        base = game.setup(players, opts, seed)
    except BadOptions as err:
        if "hero" in err.message.lower() and any("heroes" in s.fields for s in specs):
            seat = next(s for s in specs if "heroes" in s.fields)
            raise PositionError(err.message, (*seat.fields.path, "heroes")) from None
        raise
    turn = top.integer("turn", 1, 1, 10_000)
    first = base.first
    leaders = [turn_leader(base, t) for t in range(1, turn + 1)]
    active = seat_index(top.text("active", names[leaders[-1]]), names, ("active",))
    if not friendly(base, active, leaders[-1]):
        who = names[leaders[-1]]
        raise top.fail(f"turn {turn} is {who}'s, so {names[active]} cannot be the active player", "active")
    phase = top.text("phase", "main", PHASES) or "main"

    # Every card the position names, read before any is made so explicit copy numbers are reserved first.
    refs: list[_Ref] = []
    for spec in specs:
        _read_zones(cat, spec, refs)
    things = _read_things(cat, top, None, refs)
    for spec in specs:
        spec.things = _read_things(cat, spec.fields, spec.seat, refs)
        things += spec.things
    for t in things:
        for key, seat in (("controller", t.ctrl), ("owner", t.owner), ("lent_by", t.lent)):
            if seat >= players:
                raise t.fields.fail(f"there is no {SEATS[seat]} at this table: it has {players} players", key)
    maker = _Cards(cat)
    maker.reserve(refs)

    s = State(
        seed=seed,
        options=base.options,
        players=[],
        first=first,
        turn=turn,
        active=active,
        phase="main",
        rng=top.integer("rng", base.rng, 0),
    )
    last = turn if phase != "start" else turn - 1
    for spec in specs:
        own = sum(1 for t in leaders[:last] if friendly(base, t, spec.seat))
        s.players.append(_player(base, base.players[spec.seat], spec, last, own))
    # Things in play first, so the cards a scenario is about get the low copy numbers.
    for t in things:
        t.uid = maker.make(t.ref, t.owner)
    for spec in specs:
        owned = {t.ref.cid for t in things if t.owner == spec.seat}
        _fill_zones(cat, spec, s.players[spec.seat], base, maker, owned)
    s.cards, s.ords, s.next_uid = maker.cards, maker.ords, maker.next_uid
    for t in things:
        s.things[t.uid] = _thing(cat, s, t)
    for t in things:
        _links(cat, s, t, things)
    _this_turn(top.table("this_turn", "`this_turn`"), s, things)
    _tiebreak(top, s, names)
    for spec in specs:
        _lend_plan(cat, s, spec, things, names)
    _check(cat, s, specs, things)
    if phase == "await_tech":
        owing = [x for x in turn_seats(s) if s.players[x].tech_pick is None]
        if not owing:
            raise PositionError("the active player has already made a tech pick, so nothing is awaited", ("phase",))
        for x in owing:
            s.players[x].tech_open = True
        s.phase = "await_tech"
    elif phase == "start":
        s.phase = "start"
        g = G(s, cat)
        begin_turn(g)
        g.run()
        s = g.s
    return s


def _lend_plan(cat: Catalog, s: State, spec: _PlayerSpec, things: list[_ThingSpec], names: list[str]) -> None:
    """Free-for-all: fighters the player plans to lend when their main phase ends."""
    plans = spec.fields.tables("lend", "lending plan")
    if plans and mode_of(s) != FFA:
        raise spec.fields.fail("only free-for-all players lend patrollers", "lend")
    for plan in plans:
        plan.only(("card", "to", "slot"))
        uid = _find(cat, s, things, plan.raw("card"), (*plan.path, "card"))
        if s.things[uid].ctrl != spec.seat:
            raise plan.fail(f"{names[spec.seat]} lends only fighters they control", "card")
        to = seat_index(plan.raw("to"), names, (*plan.path, "to"))
        if to == spec.seat:
            raise plan.fail("a lent fighter goes to another player's zone", "to")
        slot = plan.text("slot", None, SLOTS)
        if slot is None:
            raise plan.fail("a lending plan names the slot", "slot")
        s.players[spec.seat].lend.append([uid, to, SLOTS.index(slot)])


def _tiebreak(top: Fields, s: State, names: list[str]) -> None:
    """Free-for-all after a base fell with the healthiest tied: the tied seats taking their extra turns."""
    tied = top.strings("tiebreak")
    if tied is None:
        return
    if mode_of(s) != FFA:
        raise top.fail("only a free-for-all has tie-break turns", "tiebreak")
    seats_tied = [seat_index(name, names, ("tiebreak", i)) for i, name in enumerate(tied)]
    if len(seats_tied) < 2:
        raise top.fail("a tie-break needs at least two tied players", "tiebreak")
    s.tiebreak = {"seats": sorted(seats_tied), "played": [], "started": True, "left": sorted(seats_tied)}


def _read_zones(cat: Catalog, spec: _PlayerSpec, refs: list[_Ref]) -> None:
    f = spec.fields
    for zone in ZONES:
        value = f.raw(zone)
        if value is None:
            spec.zones[zone] = None
        elif isinstance(value, int) and not isinstance(value, bool) and zone in COUNTABLE:
            spec.zones[zone] = f.integer(zone, 0, 0, 200)
        else:
            names = f.strings(zone) or []
            got = [parse_ref(cat, n, (*f.path, zone, i)) for i, n in enumerate(names)]
            refs += got
            spec.zones[zone] = got
    command = f.strings("command")
    if command is not None:
        spec.command = [parse_ref(cat, n, (*f.path, "command", i), "hero") for i, n in enumerate(command)]
        for ref in spec.command:
            if cat[ref.cid].type != "hero":
                raise PositionError(
                    f"{cat[ref.cid].name} is not a hero; only heroes wait in the command zone", ref.path
                )
        refs += spec.command
    future = f.table("future", "`future`")
    if future is not None:
        for name, runes in future.data.items():
            path = (*future.path, name)
            if isinstance(runes, bool) or not isinstance(runes, int) or runes < 1:
                raise PositionError(f"a card in the future waits for 1 or more time runes, not {kind_of(runes)}", path)
            ref = parse_ref(cat, name, path)
            refs.append(ref)
            spec.future.append((ref, runes))


def _read_things(cat: Catalog, f: Fields, seat: int | None, refs: list[_Ref]) -> list[_ThingSpec]:
    """Things in play from `f`'s `in_play`: a seat's own list (it controls them), or the top-level one,
    where each entry names its `controller` (dumps use it to keep the order things came into play)."""
    raw = f.raw("in_play")
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise f.fail("`in_play` must be a list of cards or [[...in_play]] tables", "in_play")
    out = []
    for i, item in enumerate(raw):
        path = (*f.path, "in_play", i)
        data = {"card": item} if isinstance(item, str) else item
        t = Fields(data, path, f"{'the' if seat is None else SEATS[seat] + chr(39) + 's'} in_play #{i + 1}")
        t.only(THING_KEYS if seat is not None else (*THING_KEYS, "controller"))
        if "card" not in t:
            raise t.fail('each thing in play needs `card = "Name"`')
        ref = parse_ref(cat, t.raw("card"), (*path, "card") if isinstance(item, Mapping) else path)
        card = cat[ref.cid]
        if card.type not in IN_PLAY_TYPES or (card.type == "spell" and not card.ongoing):
            raise PositionError(f"{card.name} is a {card.type} that does not stay in play", ref.path)
        if seat is None:
            if "controller" not in t:
                raise t.fail('a thing in the top-level in_play needs `controller = "p1"` (or "p2", ...)')
            ctrl = seat_index(t.raw("controller"), SEATS, (*path, "controller"))
        else:
            ctrl = seat
        lent = -1
        if "lent_by" in t:
            lent = seat_index(t.raw("lent_by"), SEATS, (*path, "lent_by"))
            if lent == ctrl:
                raise t.fail("a fighter is lent to another player's patrol zone, not its own", "lent_by")
        owner = seat_index(t.raw("owner", SEATS[lent if lent >= 0 else ctrl]), SEATS, (*path, "owner"))
        refs.append(ref)
        out.append(_ThingSpec(t, ref, ctrl, owner, lent=lent))
    return out


def _building(f: Fields, key: str, kind: str, base: Building) -> Building:
    value = f.raw(key)
    if value is None:
        return base.clone()
    if isinstance(value, str):
        status = f.text(key, None, STATUSES) or "none"
        return Building(kind, status, 0, base.spec)
    b = f.table(key, f"`{key}`")
    assert b is not None
    b.only(("status", "damage", "spec"))
    status = b.text("status", "built", STATUSES) or "built"
    damage = b.integer("damage", 0, 0, BUILDINGS[kind][1] - 1)
    return Building(kind, status, damage, b.text("spec", None))


def _player(setup: State, base: Player, spec: _PlayerSpec, turn: int, own_turns: int) -> Player:
    """The player's table read over the setup's player; `turn` is the last turn already begun, `own_turns`
    how many of those were this player's."""
    f = spec.fields
    seat = spec.seat
    p = base.clone()
    p.hand, p.deck, p.discard, p.removed, p.worker_cards, p.command = [], [], [], [], [], []
    p.future, p.cooldown = {}, {}
    p.gold = f.integer("gold", p.gold, 0, 20)
    p.workers = f.integer("workers", p.workers, 0, 100)
    base_table = f.table("base", "`base`")
    if base_table is not None:
        base_table.only(("damage",))
        home = base_seat(setup, seat)
        if home != seat:
            raise f.fail(f"{SEATS[seat]} shares {SEATS[home]}'s base: write its damage under {SEATS[home]}", "base")
        p.base_damage = base_table.integer("damage", 0, 0, base_hp(setup) - 1)
    p.tech = [_building(f, kind, kind, base.tech[i]) for i, kind in enumerate(TECH_KINDS)]
    addon = f.raw("addon")
    if isinstance(addon, str):
        kind = f.text("addon", None, ADDON_KINDS) or ""
        p.addon = Building(kind, "built", 0, None)
    elif addon is not None:
        a = f.table("addon", "`addon`")
        assert a is not None
        a.only(("kind", "status", "damage", "spec"))
        kind = a.text("kind", None, ADDON_KINDS)
        if kind is None:
            raise a.fail("an add-on needs `kind` (surplus, tower, tech lab or heroes hall)")
        status = a.text("status", "built", STATUSES) or "built"
        if status in ("none", "destroyed"):
            raise a.fail("a destroyed add-on is simply gone: leave `addon` out", "status")
        p.addon = Building(kind, status, a.integer("damage", 0, 0, BUILDINGS[kind][1] - 1), a.text("spec", None))
    specs = sorted(set(p.specs))
    p.tech2_spec = f.text("tech2_spec", p.tech2_spec, specs)
    if p.addon is not None and p.addon.spec is not None and p.addon.spec not in specs:
        raise f.fail(f'the Tech Lab\'s spec must be one of {", ".join(specs)}, not "{p.addon.spec}"', "addon")
    if p.tech[1].status in ("building", "built") and p.tech2_spec is None:
        p.tech2_spec = p.specs[0]
    built_any = any(b.status != "none" for b in p.tech) or p.addon is not None
    p.tax_paid = f.flag("tax_paid", p.tax_paid or built_any)
    p.hired = turn if f.flag("hired_this_turn", False) else -1
    p.reshuffled = turn if f.flag("reshuffled_this_turn", False) else -1
    p.turns = f.integer("turns", own_turns, 0)
    p.ended = f.flag("ended", False)
    if p.ended and mode_of(setup) != TEAMS:
        raise f.fail("only a 2v2 partner ends their main phase while the turn goes on", "ended")
    codex = f.table("codex", "`codex`")
    if codex is not None:
        p.codex = {}
        cat = catalog()
        for name, n in codex.data.items():
            path = (*codex.path, name)
            cid = card_id(cat, name, path)
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise PositionError(f"a codex holds a number of copies, not {kind_of(n)}", path)
            if n:
                p.codex[cid] = p.codex.get(cid, 0) + n
    pick = f.strings("tech_pick")
    if pick is not None:
        cat = catalog()
        p.tech_pick = [card_id(cat, n, (*f.path, "tech_pick", i)) for i, n in enumerate(pick)]
        p.tech_open = True
    else:
        p.tech_pick = None
        p.tech_open = False
    p.tech_open = f.flag("tech_open", p.tech_open)
    if p.tech_pick is not None and not p.tech_open:
        raise f.fail("a tech pick is made only while the tech choice is open", "tech_open")
    return p


def _fill_zones(cat: Catalog, spec: _PlayerSpec, p: Player, setup: State, maker: _Cards, in_play: set[str]) -> None:
    """Make the cards of every zone; `in_play` holds the ids of this seat's own cards already in play."""
    f = spec.fields
    base = setup.players[spec.seat]
    base_state_cards = setup.cards
    pool = [base_state_cards[u][0] for u in (*base.hand, *reversed(base.deck))]
    used = 0

    def unknown(n: int) -> list[int]:
        nonlocal used
        out = []
        for _ in range(n):
            cid = pool[used % len(pool)] if pool else "tenderfoot"
            used += 1
            out.append(maker.make(_Ref(cid, None, f.path), spec.seat))
        return out

    if spec.command is None:
        spec.command = [
            _Ref(base_state_cards[u][0], None, (*f.path, "command"))
            for u in base.command
            if base_state_cards[u][0] not in in_play
        ]
    p.command = [maker.make(ref, spec.seat) for ref in spec.command]
    for zone in ZONES:
        value = spec.zones[zone]
        if value is None:
            uids = getattr(base, zone)
            made = [maker.make(_Ref(base_state_cards[u][0], None, (*f.path, zone)), spec.seat) for u in uids]
        elif isinstance(value, int):
            made = unknown(value)
        else:
            made = [maker.make(ref, spec.seat) for ref in value]
            if zone == "deck":
                made.reverse()  # written top first; the state draws from the end
        setattr(p, zone, made)
    if f.text("deck_order", "top first", ("top first", "random")) == "random":
        rng_for(setup.seed, spec.seat, "scenario-deck").shuffle(p.deck)
    if spec.zones["worker_cards"] is not None and "workers" not in f:
        p.workers = max(p.workers, len(p.worker_cards))
    for ref, runes in spec.future:
        p.future[maker.make(ref, spec.seat)] = runes
    cooldown = f.table("cooldown", "`cooldown`")
    if cooldown is not None:
        for name, n in cooldown.data.items():
            path = (*cooldown.path, name)
            ref = parse_ref(cat, name, path, "hero")
            hits = [
                u
                for u in p.command
                if maker.cards[u][0] == ref.cid and (ref.ordinal is None or maker.cards[u][2] == ref.ordinal)
            ]
            if not hits:
                raise PositionError(f"{cat[ref.cid].name} is not in {SEATS[spec.seat]}'s command zone", path)
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 2:
                raise PositionError(f"a cooldown is 0, 1 or 2 (own turns still to wait), not {kind_of(n)}", path)
            if n:
                p.cooldown[hits[0]] = n


def _thing(cat: Catalog, s: State, spec: _ThingSpec) -> Thing:
    f = spec.fields
    card = cat[spec.ref.cid]
    fresh = f.flag("arrived_this_turn", False)
    since = s.turn if fresh else s.turn - 1
    t = Thing(spec.uid, card.id, spec.owner, spec.ctrl, since, since)
    t.lent = spec.lent
    if t.lent >= 0 and (card.type not in ("unit", "token", "hero") or "patrol" not in f):
        raise f.fail("a lent fighter patrols a slot of the zone it was lent to: give its `patrol` slot", "lent_by")
    t.damage = f.integer("damage", 0, 0)
    t.runes = f.integer("runes", 0)
    t.exhausted = f.flag("exhausted", False)
    t.attacked = s.turn if f.flag("attacked_this_turn", False) else -1
    t.armor_used = f.integer("armor_used", 0, 0)
    t.skip_ready = f.flag("skip_ready", False)
    t.deathtouched = f.flag("deathtouched", False)
    if card.type == "hero":
        t.level = f.integer("level", 1, 1, card.mx or 1)
        t.max_at_start = f.flag("max_at_turn_start", bool(card.mx) and t.level >= card.mx and not fresh)
    elif "level" in f:
        raise f.fail(f"only heroes have levels; {card.name} is a {card.type}", "level")
    if "fading" in card.kw:
        t.marks["time"] = card.kw["fading"]
    marks = f.table("marks", "`marks`")
    if marks is not None:
        for name, n in marks.data.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise PositionError(f"a number of runes, not {kind_of(n)}", (*marks.path, name))
            if n:
                t.marks[name] = n
            else:
                t.marks.pop(name, None)
    used = f.strings("used_this_turn") or []
    t.used = {key: s.turn for key in used}
    slot = f.text("patrol", None, SLOTS)
    if slot is not None:
        if card.type not in ("unit", "token", "hero"):
            raise f.fail(f"only units and heroes patrol; {card.name} is a {card.type}", "patrol")
        p = s.players[spec.ctrl]
        i = SLOTS.index(slot)
        if p.patrol[i]:
            raise f.fail(f"{SEATS[spec.ctrl]}'s {slot} slot is already taken", "patrol")
        p.patrol[i] = spec.uid
    return t


def _find(cat: Catalog, s: State, things: list[_ThingSpec], text: Any, path: KeyPath) -> int:
    ref = parse_ref(cat, text, path)
    hits = [t.uid for t in things if t.ref.cid == ref.cid and (ref.ordinal is None or s.cards[t.uid][2] == ref.ordinal)]
    if not hits:
        raise PositionError(f"{text} is not in play", path)
    if len(hits) > 1:
        labels = ", ".join(f"{cat[ref.cid].name}#{s.cards[u][2]}" for u in hits)
        raise PositionError(f"{text} could be any of {labels}: write the #n label", path)
    return hits[0]


def _links(cat: Catalog, s: State, spec: _ThingSpec, things: list[_ThingSpec]) -> None:
    f = spec.fields
    t = s.things[spec.uid]
    card = cat[t.card]
    if "caster" in f:
        t.caster = _find(cat, s, things, f.raw("caster"), (*f.path, "caster"))
        if cat[s.things[t.caster].card].type != "hero":
            raise f.fail("the caster must be a hero", "caster")
    elif "channeling" in card.kw:
        t.caster = _default_caster(cat, s, t, card)
        if not t.caster:
            raise f.fail(f"{card.name} is channeled by a hero: put one in play for {SEATS[t.ctrl]} or set `caster`")
    links = f.strings("links")
    if links is not None:
        t.links = [_find(cat, s, things, n, (*f.path, "links", i)) for i, n in enumerate(links)]
    if "attached" in f:
        t.attached = _find(cat, s, things, f.raw("attached"), (*f.path, "attached"))
    mods = f.tables("mods", "modification")
    for m in mods:
        m.only(MOD_KEYS)
        source = m.raw("source")
        src = _find(cat, s, things, source, (*m.path, "source")) if source is not None else 0
        upkeeps = tuple(f"upkeep {name}" for name in SEATS[: len(s.players)])
        until = m.text("until", "end of turn", ("end of turn", *upkeeps, "ever")) or "end of turn"
        code = {"end of turn": "turn", "ever": "ever"}.get(until) or f"upkeep:{SEATS.index(until.split()[1])}"
        kws = tuple(m.strings("keywords") or [])
        t.mods.append(Mod(m.integer("atk", 0), m.integer("hp", 0), m.integer("armor", 0), kws, code, src))


def _default_caster(cat: Catalog, s: State, t: Thing, card: Card) -> int:
    heroes = sorted(
        (h for h in s.things.values() if h.ctrl == t.ctrl and cat[h.card].type == "hero"), key=lambda h: h.uid
    )
    same = [h for h in heroes if cat[h.card].facts.spec == card.facts.spec]
    chosen = same or (heroes if card.minor else [])
    return chosen[0].uid if chosen else 0


def _this_turn(f: Fields | None, s: State, things: list[_ThingSpec]) -> None:
    if f is None:
        return
    f.only(THIS_TURN_KEYS)
    names = SEATS[: len(s.players)]
    cat = catalog()
    spells = f.table("spells_played", "`spells_played`")
    if spells is not None:
        spells.only(names)
        s.flags["spells"] = {str(SEATS.index(k)): spells.integer(k, 0, 0) for k in spells.data}
    tower = f.table("tower_detected", "`tower_detected`")
    if tower is not None:
        tower.only(names)
        for k, name in tower.data.items():
            uid = _find(cat, s, things, name, (*tower.path, k))
            s.flags.setdefault("tower", {})[str(SEATS.index(k))] = uid
            s.flags.setdefault("detected", {}).setdefault(str(SEATS.index(k)), []).append(uid)
    detected = f.table("detected", "`detected`")
    if detected is not None:
        detected.only(names)
        for k in detected.data:
            names = detected.strings(k) or []
            seen = s.flags.setdefault("detected", {}).setdefault(str(SEATS.index(k)), [])
            for i, name in enumerate(names):
                uid = _find(cat, s, things, name, (*detected.path, k, i))
                if uid not in seen:
                    seen.append(uid)
    returns = f.table("control_returns", "`control_returns`")
    if returns is not None:
        for name, seat_name in returns.data.items():
            uid = _find(cat, s, things, name, (*returns.path, name))
            seat = seat_index(seat_name, names, (*returns.path, name))
            s.flags.setdefault("control_until_eot", []).append([uid, seat])


def _check(cat: Catalog, s: State, specs: list[_PlayerSpec], things: list[_ThingSpec]) -> None:
    """Refuse positions that would mislead: a thing already dead, a legendary card or hero twice on one
    side, a hero both in play and in the command zone."""
    qq = Q(s, cat)
    seen: set[tuple[int, str]] = set()
    for t in things:
        thing = s.things[t.uid]
        card = cat[thing.card]
        if card.type in ("unit", "token", "hero") and not qq.has(thing, "indestructible"):
            hp = qq.hp(thing)
            if thing.damage >= hp and (thing.damage > 0 or hp <= 0):
                raise PositionError(
                    f"{card.name} has {thing.damage} damage and {hp} HP, so it would already be dead", t.fields.path
                )
        if card.facts.legendary or card.type == "hero":
            if (t.ctrl, card.id) in seen:
                raise PositionError(f"{card.name} is legendary: one copy per player in play", t.fields.path)
            seen.add((t.ctrl, card.id))
    for spec in specs:
        for uid in s.players[spec.seat].command:
            cid = s.cards[uid][0]
            if any(th.card == cid and th.owner == spec.seat for th in s.things.values()):
                raise spec.fields.fail(f"{cat[cid].name} is both in play and in the command zone", "command")


# ------------------------------------------------------------------------------------------- projection


def _label(s: State, cat: Catalog, uid: int) -> str:
    entry = s.cards.get(uid)
    if entry is None:
        return f"#{uid}"
    t = s.things.get(uid)
    cid = t.card if t is not None else entry[0]
    return f"{cat[cid].name}#{entry[2]}"


def _ref_label(s: State, cat: Catalog, ref: Any) -> Any:
    if isinstance(ref, int):
        return _label(s, cat, ref)
    if isinstance(ref, str) and ":" in ref:
        seat, slot = ref.split(":", 1)
        if slot == "addon":
            addon = s.players[int(seat)].addon
            slot = addon.kind if addon is not None else "add-on"
        return f"p{int(seat) + 1} {slot}"
    return ref


def _keywords(kw: Mapping[str, int]) -> dict[str, int]:
    return dict(sorted(kw.items()))


def thing_projection(s: State, cat: Catalog, qq: Q, t: Thing) -> dict[str, JSON]:
    card = cat[t.card]
    out: dict[str, JSON] = {
        "name": card.name,
        "label": _label(s, cat, t.uid),
        "card": card.id,
        "type": card.type,
        "owner": SEATS[t.owner],
        "controller": SEATS[t.ctrl],
        "exhausted": t.exhausted,
        "damage": t.damage,
        "runes": t.runes,
        "marks": dict(t.marks),
        "keywords": _keywords(qq.kw(t)),
        "subtypes": sorted(card.subtypes),
        "arrived_this_turn": t.since >= s.turn,
        "attacked_this_turn": t.attacked == s.turn,
        "patrol": SLOTS[s.players[t.ctrl].patrol.index(t.uid)] if t.uid in s.players[t.ctrl].patrol else None,
        "caster": _label(s, cat, t.caster) if t.caster else None,
        "links": [_label(s, cat, u) for u in t.links],
        "attached": _label(s, cat, t.attached) if t.attached else None,
        "lent_by": SEATS[t.lent] if t.lent >= 0 else None,
    }
    if card.type in ("unit", "token", "hero", "building"):
        out["atk"] = qq.atk(t) if card.type != "building" else 0
        out["hp"] = qq.hp(t)
        out["armor"] = qq.armor_left(t)
    if card.type in ("unit", "token"):
        out["tech"] = card.tech
    if card.type == "hero":
        out["level"] = t.level
        out["max_level"] = card.mx
        out["max_at_turn_start"] = t.max_at_start
    return out


def _building_projection(b: Building) -> dict[str, JSON]:
    return {"kind": b.kind, "status": b.status, "damage": b.damage, "hp": BUILDINGS[b.kind][1], "spec": b.spec}


def player_projection(s: State, cat: Catalog, qq: Q, seat: int) -> dict[str, JSON]:
    p = s.players[seat]
    names = [_label(s, cat, u) for u in p.hand]
    return {
        "name": SEATS[seat],
        "heroes": [cat[h].name for h in p.heroes],
        "specs": list(p.specs),
        "colour": p.colour,
        "gold": p.gold,
        "workers": p.workers,
        "worker_cards": [_label(s, cat, u) for u in p.worker_cards],
        "hand": names,
        "deck": [_label(s, cat, u) for u in reversed(p.deck)],
        "discard": [_label(s, cat, u) for u in p.discard],
        "removed": [_label(s, cat, u) for u in p.removed],
        "codex": {cat[c].name: n for c, n in sorted(p.codex.items())},
        "command": [_label(s, cat, u) for u in p.command],
        "cooldown": {_label(s, cat, u): n for u, n in sorted(p.cooldown.items())},
        "future": {_label(s, cat, u): n for u, n in sorted(p.future.items())},
        "team": p.team + 1,
        "base": {"damage": s.players[base_seat(s, seat)].base_damage, "hp": base_hp(s)},
        "tech1": _building_projection(p.tech[0]),
        "tech2": _building_projection(p.tech[1]),
        "tech3": _building_projection(p.tech[2]),
        "addon": _building_projection(p.addon) if p.addon is not None else None,
        "tech2_spec": p.tech2_spec,
        "patrol": {SLOTS[i]: (_label(s, cat, u) if u else None) for i, u in enumerate(p.patrol)},
        "in_play": [thing_projection(s, cat, qq, s.things[u]) for u in sorted(s.things) if s.things[u].ctrl == seat],
        "tech_open": p.tech_open,
        "tech_pick": [cat[c].name for c in p.tech_pick] if p.tech_pick is not None else None,
        "hired_this_turn": p.hired == s.turn,
        "reshuffled_this_turn": p.reshuffled == s.turn,
        "tax_paid": p.tax_paid,
        "turns": p.turns,
        "ended": p.ended,
    }


def scenario_projection(game: Codex, state: State) -> dict[str, JSON]:
    cat = catalog()
    s = state
    qq = Q(s, cat)
    pending = None
    if s.pending is not None:
        from engine.codex.notation import Namer, choice_label

        g = G(s, cat)
        namer = Namer(g, s.pending["seat"])
        pending = {
            "kind": s.pending["kind"],
            "seat": SEATS[s.pending["seat"]],
            "prompt": s.pending["prompt"],
            "options": [choice_label(g, namer, s.pending, o, True) for o in s.pending["options"]],
        }
    combat = None
    if s.combat is not None:
        combat = {"attacker": _ref_label(s, cat, s.combat["a"]), "target": _ref_label(s, cat, s.combat["t"])}
    out: dict[str, JSON] = {
        "turn": s.turn,
        "active": SEATS[s.active],
        "first": SEATS[s.first],
        "phase": s.phase,
        "rng": s.rng,
        "mode": mode_of(s),
        "tiebreak": [SEATS[x] for x in s.tiebreak["seats"]] if s.tiebreak else None,
        "pending": pending,
        "combat": combat,
        "result": None
        if s.result is None
        else {
            "winners": [SEATS[w] for w in s.result["winners"]],
            "reason": s.result["reason"],
            "detail": s.result.get("detail", ""),
        },
        "in_play": [thing_projection(s, cat, qq, s.things[u]) for u in sorted(s.things)],
        "this_turn": _this_turn_projection(s, cat),
    }
    for seat in range(len(s.players)):
        out[SEATS[seat]] = player_projection(s, cat, qq, seat)
    return out


def _this_turn_projection(s: State, cat: Catalog) -> dict[str, JSON]:
    flags = s.flags
    out: dict[str, JSON] = {
        "spells_played": {SEATS[int(k)]: n for k, n in sorted(flags.get("spells", {}).items())},
        "tower_detected": {SEATS[int(k)]: _label(s, cat, u) for k, u in sorted(flags.get("tower", {}).items())},
        "detected": {
            SEATS[int(k)]: [_label(s, cat, u) for u in us] for k, us in sorted(flags.get("detected", {}).items())
        },
        "control_returns": {_label(s, cat, u): SEATS[seat] for u, seat in flags.get("control_until_eot", [])},
    }
    return out


# ------------------------------------------------------------------------------------------------- dump


def position_to_scenario(game: Codex, state: State, viewer: Seat | None, *, full: bool = False) -> dict[str, JSON]:
    """The position as `viewer` may know it (None: the public); `full`: everything, hidden cards too."""
    cat = catalog()
    s = state
    out: dict[str, JSON] = {
        "turn": s.turn,
        "active": SEATS[s.active],
        "first": SEATS[s.first],
        "phase": s.phase if s.phase in ("main", "await_tech") else "main",
        "rng": s.rng,
    }
    turn_facts = {k: v for k, v in _this_turn_projection(s, cat).items() if v}
    if turn_facts:
        out["this_turn"] = turn_facts
    if mode_of(s) in (TEAMS, FFA):
        out["mode"] = mode_of(s)  # a table of more than two seats reads wrong without it
    if s.tiebreak:
        out["tiebreak"] = [SEATS[x] for x in s.tiebreak["seats"]]
    qq = Q(s, cat)
    for seat, p in enumerate(s.players):
        mine = full or viewer == seat

        def label(u: int) -> str:
            return _label(s, cat, u)

        table: dict[str, JSON] = {"heroes": [cat[h].name for h in p.heroes], "gold": p.gold, "workers": p.workers}
        if base_seat(s, seat) == seat:
            table["base"] = {"damage": p.base_damage}
        for i, kind in enumerate(TECH_KINDS):
            b = p.tech[i]
            table[kind] = {"status": b.status, "damage": b.damage} if b.damage else b.status
        if p.addon is not None:
            table["addon"] = {"kind": p.addon.kind, "status": p.addon.status, "damage": p.addon.damage}
            if p.addon.spec is not None:
                table["addon"]["spec"] = p.addon.spec  # type: ignore[index]
        if p.tech2_spec is not None:
            table["tech2_spec"] = p.tech2_spec
        table["hand"] = [label(u) for u in p.hand] if mine else len(p.hand)
        table["deck"] = [label(u) for u in reversed(p.deck)] if full else len(p.deck)
        table["discard"] = [label(u) for u in p.discard] if mine else len(p.discard)
        table["removed"] = [label(u) for u in p.removed]
        table["worker_cards"] = [label(u) for u in p.worker_cards] if mine else len(p.worker_cards)
        if mine:
            table["codex"] = {cat[c].name: n for c, n in sorted(p.codex.items())}
        table["command"] = [label(u) for u in p.command]
        if p.cooldown:
            table["cooldown"] = {label(u): n for u, n in sorted(p.cooldown.items())}
        if p.future:
            table["future"] = {label(u): n for u, n in sorted(p.future.items())}
        if p.tech_open:
            table["tech_open"] = True
            if p.tech_pick is not None and mine:
                table["tech_pick"] = [cat[c].name for c in p.tech_pick]
        for key, value in (("hired_this_turn", p.hired == s.turn), ("reshuffled_this_turn", p.reshuffled == s.turn)):
            if value:
                table[key] = True
        table["tax_paid"] = p.tax_paid
        table["turns"] = p.turns
        if p.ended:
            table["ended"] = True
        if p.lend:
            table["lend"] = [{"card": label(u), "to": SEATS[to], "slot": SLOTS[i]} for u, to, i in p.lend]
        out[SEATS[seat]] = table
    # One list for both sides, in the order things came into play (it orders triggers and actions).
    out["in_play"] = [_thing_position(s, cat, qq, s.things[u]) for u in sorted(s.things)]
    return out


def _thing_position(s: State, cat: Catalog, qq: Q, t: Thing) -> dict[str, JSON]:
    card = cat[t.card]
    out: dict[str, JSON] = {"card": _label(s, cat, t.uid), "controller": SEATS[t.ctrl]}
    if t.lent >= 0:
        out["lent_by"] = SEATS[t.lent]
    if t.owner != (t.lent if t.lent >= 0 else t.ctrl):
        out["owner"] = SEATS[t.owner]
    if card.type == "hero":
        out["level"] = t.level
        if t.max_at_start != (bool(card.mx) and t.level >= card.mx and t.since < s.turn):
            out["max_at_turn_start"] = t.max_at_start
    for key, value, default in (
        ("damage", t.damage, 0),
        ("runes", t.runes, 0),
        ("exhausted", t.exhausted, False),
        ("arrived_this_turn", t.since >= s.turn, False),
        ("attacked_this_turn", t.attacked == s.turn, False),
        ("armor_used", t.armor_used, 0),
        ("skip_ready", t.skip_ready, False),
        ("deathtouched", t.deathtouched, False),
    ):
        if value != default:
            out[key] = value
    if t.uid in s.players[t.ctrl].patrol:
        out["patrol"] = SLOTS[s.players[t.ctrl].patrol.index(t.uid)]
    default_marks = {"time": card.kw["fading"]} if "fading" in card.kw else {}
    if t.marks != default_marks:
        out["marks"] = {k: t.marks.get(k, 0) for k in sorted(set(t.marks) | set(default_marks))}
    if t.caster:
        out["caster"] = _label(s, cat, t.caster)
    if t.links:
        out["links"] = [_label(s, cat, u) for u in t.links]
    if t.attached:
        out["attached"] = _label(s, cat, t.attached)
    used = sorted(k for k, turn in t.used.items() if turn == s.turn)
    if used:
        out["used_this_turn"] = used
    if t.mods:
        out["mods"] = [_mod_position(s, cat, m) for m in t.mods]
    return out


def _mod_position(s: State, cat: Catalog, m: Mod) -> dict[str, JSON]:
    until = {"turn": "end of turn", "ever": "ever"}.get(m.until)
    if until is None:
        until = f"upkeep {SEATS[int(m.until.split(':')[1])]}"
    out: dict[str, JSON] = {"until": until}
    for key, value in (("atk", m.atk), ("hp", m.hp), ("armor", m.armor)):
        if value:
            out[key] = value
    if m.kw:
        out["keywords"] = list(m.kw)
    if m.src and m.src in s.things:
        out["source"] = _label(s, cat, m.src)
    return out


# --------------------------------------------------------------------------------------------- events


def scenario_event(game: Codex, event: Event) -> dict[str, JSON]:
    """An event with names instead of numbers: `uid`, `ref` and `target` become labels, seats become p1/p2."""
    data = dict(event.data)
    out: dict[str, JSON] = {"kind": event.kind}
    for key, value in data.items():
        if key.endswith(("_name", "_shown")):
            continue
        if f"{key}_name" in data:
            out[key] = data[f"{key}_name"]
        elif key in ("seat", "loser") and isinstance(value, int) and not isinstance(value, bool):
            out[key] = SEATS[value] if 0 <= value < len(SEATS) else value
        else:
            out[key] = value
    if "names" in data and "cards" in data:
        out["cards"] = data["names"]
    if event.kind == "game_over" and isinstance(data.get("winners"), list):
        out["winners"] = [SEATS[w] for w in data["winners"]]
    return out


# ----------------------------------------------------------------------------------------- registration


def _position_from_scenario(
    self: Codex, position: Mapping[str, JSON], players: int, options: Mapping[str, JSON], seed: int
) -> State:
    return position_from_scenario(self, position, players, options, seed)


def install() -> None:
    """Attach the scenario hooks to the Codex game class (idempotent)."""
    Codex.position_from_scenario = _position_from_scenario  # type: ignore[method-assign]
    Codex.scenario_projection = scenario_projection  # type: ignore[method-assign,assignment]
    Codex.position_to_scenario = position_to_scenario  # type: ignore[method-assign,assignment]
    Codex.scenario_event = scenario_event  # type: ignore[method-assign,assignment]


install()

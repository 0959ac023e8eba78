"""Reading the `[position]` table of a Codex scenario into a State (the things in play: position_things)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.codex import Codex
from engine.codex.cards import BUILDINGS, Catalog
from engine.codex.ctx import G
from engine.codex.modes import FFA, MODES, TEAMS
from engine.codex.position_held import (
    SEAT_COUNTS,
    make_held,
    place_held,
    read_jail,
    read_player_marks,
    read_seat_counts,
    set_stamps,
)
from engine.codex.position_names import SEATS, CardMaker, Held, Ref, card_id, parse_ref
from engine.codex.position_things import ThingSpec, find_thing, make_thing, read_links, read_things
from engine.codex.position_turn import read_this_turn
from engine.codex.seats import base_hp, base_seat, friendly, mode_of, turn_leader, turn_seats
from engine.codex.state import SLOTS, TECH_KINDS, Building, Player, State
from engine.codex.stats import Q
from engine.codex.turns import begin_turn
from engine.codex.variants import catalog_of
from engine.core import JSON, BadOptions, rng_for
from engine.i18n import joined, t, typed
from engine.scenario.errors import PositionError
from engine.scenario.fields import Fields, kind_of, seat_index

TOP_KEYS = (
    "turn",
    "active",
    "first",
    "phase",
    "rng",
    "mode",
    "tiebreak",
    "this_turn",
    *SEAT_COUNTS,
    "in_play",
    "card_order",
    "copy_numbers",
    *SEATS,
)
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
    "jail",
    "marks",
    "lost_addon",
)
STATUSES = ("none", "building", "built", "destroyed")
PHASES = ("main", "start", "await_tech")
ADDON_KINDS = ("surplus", "tower", "tech lab", "heroes hall")


@dataclass
class PlayerSpec:
    seat: int
    fields: Fields
    zones: dict[str, list[Ref] | int | None] = field(default_factory=dict)
    things: list[ThingSpec] = field(default_factory=list)
    command: list[Ref] | None = None
    future: list[tuple[Ref, int]] = field(default_factory=list)
    jail: list[Held] = field(default_factory=list)


ZONES = ("hand", "deck", "discard", "removed", "worker_cards")
COUNTABLE = ("hand", "deck", "discard", "worker_cards")
"""Zones a dump made for one seat may write as a number of unknown cards."""


def position_from_scenario(
    game: Codex,
    position: Mapping[str, JSON],
    players: int,
    options: Mapping[str, JSON],
    seed: int,
    *,
    start: bool = True,
) -> State:
    """The state the table describes. With `phase = "start"` the start of the turn is taken, unless `start` is
    false (`scenario_start` takes it, once checks have seen the position before it)."""
    if not game.min_players <= players <= game.max_players:
        raise BadOptions(t("codex-bad-players", most=game.max_players, players=players))
    cat = catalog_of(options)
    top = Fields(position)
    top.only(TOP_KEYS)
    names = SEATS[:players]
    for name in SEATS[players:]:
        if name in top:
            raise top.fail(t("codex-position-seat-absent", seat=name, players=players), name)
    specs = [PlayerSpec(seat, Fields(position.get(name, {}), (name,), name)) for seat, name in enumerate(names)]
    opts = dict(options)
    mode = top.text("mode", None, MODES)
    if mode is not None:
        if opts.get("mode", "auto") not in ("auto", mode):
            raise top.fail(t("codex-position-mode-clash", mode=mode, option=typed(repr(opts["mode"]))), "mode")
        opts["mode"] = mode
    for spec in specs:
        spec.fields.only(PLAYER_KEYS)
        heroes = spec.fields.strings("heroes")
        if heroes is not None:
            if not heroes:
                raise spec.fields.fail(t("codex-position-team-hero"), "heroes")
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
            raise PositionError(err.msg, (*seat.fields.path, "heroes")) from None
        raise
    turn = top.integer("turn", 1, 1, 10_000)
    first = base.first
    leaders = [turn_leader(base, n) for n in range(1, turn + 1)]
    active = seat_index(top.text("active", names[leaders[-1]]), names, ("active",))
    counted = all("turns" in spec.fields for spec in specs)  # extra turns taken shift whose turn is whose
    if not friendly(base, active, leaders[-1]) and not counted:
        who = names[leaders[-1]]
        raise top.fail(t("codex-position-not-active", turn=turn, seat=who, active=names[active]), "active")
    phase = top.text("phase", "main", PHASES) or "main"

    # Every card the position names, read before any is made so explicit copy numbers are reserved first.
    refs: list[Ref] = []
    for spec in specs:
        _read_zones(cat, spec, refs)
        spec.jail = read_jail(cat, base, spec.fields, spec.seat, refs)
    things = read_things(cat, top, None, refs)
    for spec in specs:
        spec.things = read_things(cat, spec.fields, spec.seat, refs)
        things += spec.things
    for ts in things:
        held = [("buried", h.owner) for h in ts.buried]
        for key, seat in (("controller", ts.ctrl), ("owner", ts.owner), ("lent_by", ts.lent), *held):
            if seat >= players:
                raise ts.fields.fail(t("codex-position-seat-absent", seat=SEATS[seat], players=players), key)
    order = [parse_ref(cat, x, ("card_order", i)) for i, x in enumerate(top.strings("card_order") or [])]
    for ref in order:
        if ref.ordinal is None:
            raise PositionError(t("codex-position-card-order-labels"), ref.path)
    maker = CardMaker(cat, order)
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
        own = sum(1 for leader in leaders[:last] if friendly(base, leader, spec.seat))
        s.players.append(_player(base, base.players[spec.seat], spec, last, own))
    # Things in play first, so the cards a scenario is about get the low copy numbers.
    for ts in things:
        ts.uid = maker.make(ts.ref, ts.owner)
        if ts.copy is not None:
            # A copy's card entry holds its number under the copied card; its own number is kept aside.
            cid, owner, ts.own_ordinal = maker.cards[ts.uid]
            maker.cards[ts.uid] = (cid, owner, maker.number(ts.copy))
    for spec in specs:
        owned = {ts.ref.cid for ts in things if ts.owner == spec.seat}
        _fill_zones(cat, spec, s.players[spec.seat], base, maker, owned)
    make_held(maker, [spec.jail for spec in specs], things)
    # A card `card_order` lists that the position no longer holds is gone from the game (a dump edited by hand,
    # a set step that replaced a hand): its number in the order is simply not used.
    s.cards, s.ords, s.next_uid = maker.cards, maker.ords, maker.next_uid
    for ts in things:
        s.things[ts.uid] = make_thing(cat, s, ts)
    for ts in things:
        read_links(cat, s, ts, things)
    set_stamps(s, things)
    place_held(s, [(spec.fields, spec.jail) for spec in specs], things)
    for spec in specs:
        read_player_marks(cat, s, spec.fields, spec.seat, phase != "start")
    read_this_turn(top.table("this_turn", "`this_turn`"), s, cat)
    _copy_numbers(top, s, cat)
    _tiebreak(top, s, names)
    read_seat_counts(top, s, names)
    for spec in specs:
        _lend_plan(cat, s, spec, things, names)
    _check(cat, s, specs, things)
    if phase == "await_tech":
        owing = [x for x in turn_seats(s) if s.players[x].tech_pick is None]
        if not owing:
            raise PositionError(t("codex-position-nothing-awaited"), ("phase",))
        for x in owing:
            s.players[x].tech_open = True
        s.phase = "await_tech"
    elif phase == "start":
        s.phase = "start"
        if not start:
            return s
        g = G(s, cat)
        begin_turn(g)
        g.run()
        s = g.s
    return s


def _lend_plan(cat: Catalog, s: State, spec: PlayerSpec, things: list[ThingSpec], names: list[str]) -> None:
    """Free-for-all: fighters the player plans to lend when their main phase ends."""
    plans = spec.fields.tables("lend", t("codex-position-lending-plan"))
    if plans and mode_of(s) != FFA:
        raise spec.fields.fail(t("codex-position-lend-ffa"), "lend")
    for plan in plans:
        plan.only(("card", "to", "slot"))
        uid = find_thing(cat, s, things, plan.raw("card"), (*plan.path, "card"))
        if s.things[uid].ctrl != spec.seat:
            raise plan.fail(t("codex-position-lend-own", seat=names[spec.seat]), "card")
        to = seat_index(plan.raw("to"), names, (*plan.path, "to"))
        if to == spec.seat:
            raise plan.fail(t("codex-position-lend-other"), "to")
        slot = plan.text("slot", None, SLOTS)
        if slot is None:
            raise plan.fail(t("codex-position-lend-slot"), "slot")
        s.players[spec.seat].lend.append([uid, to, SLOTS.index(slot)])


def _copy_numbers(top: Fields, s: State, cat: Catalog) -> None:
    """The highest copy number each card has had in the game: a new copy (a token made) numbers on from it."""
    numbers = top.table("copy_numbers", "`copy_numbers`")
    if numbers is None:
        return
    for name in numbers.data:
        cid = card_id(cat, name, (*numbers.path, name))
        s.ords[cid] = max(s.ords.get(cid, 0), numbers.integer(name, 0, 0))


def _tiebreak(top: Fields, s: State, names: list[str]) -> None:
    """Free-for-all after a base fell with the healthiest tied: the tied seats taking their extra turns."""
    tied = top.strings("tiebreak")
    if tied is None:
        return
    if mode_of(s) != FFA:
        raise top.fail(t("codex-position-tiebreak-ffa"), "tiebreak")
    seats_tied = [seat_index(name, names, ("tiebreak", i)) for i, name in enumerate(tied)]
    if len(seats_tied) < 2:
        raise top.fail(t("codex-position-tiebreak-two"), "tiebreak")
    s.tiebreak = {"seats": sorted(seats_tied), "played": [], "started": True, "left": sorted(seats_tied)}


def _read_zones(cat: Catalog, spec: PlayerSpec, refs: list[Ref]) -> None:
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
                raise PositionError(t("codex-position-command-heroes", card=cat[ref.cid].name), ref.path)
        refs += spec.command
    future = f.table("future", "`future`")
    if future is not None:
        for name, runes in future.data.items():
            path = (*future.path, name)
            if isinstance(runes, bool) or not isinstance(runes, int) or runes < 1:
                raise PositionError(t("codex-position-future-runes", kind=kind_of(runes)), path)
            ref = parse_ref(cat, name, path)
            refs.append(ref)
            spec.future.append((ref, runes))


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


def _player(setup: State, base: Player, spec: PlayerSpec, turn: int, own_turns: int) -> Player:
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
            raise f.fail(t("codex-position-shared-base", seat=SEATS[seat], home=SEATS[home]), "base")
        # A free-for-all goes on through tie-break turns after a base has fallen.
        fallen = base_hp(setup) if mode_of(setup) == FFA else base_hp(setup) - 1
        p.base_damage = base_table.integer("damage", 0, 0, fallen)
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
            raise a.fail(t("codex-position-addon-kind"))
        status = a.text("status", "built", STATUSES) or "built"
        if status in ("none", "destroyed"):
            raise a.fail(t("codex-position-addon-gone"), "status")
        p.addon = Building(kind, status, a.integer("damage", 0, 0, BUILDINGS[kind][1] - 1), a.text("spec", None))
    specs = sorted(set(p.specs))
    p.tech2_spec = f.text("tech2_spec", p.tech2_spec, specs)
    if p.addon is not None and p.addon.spec is not None and p.addon.spec not in specs:
        raise f.fail(t("codex-position-tech-lab-spec", specs=joined(specs, ", "), spec=typed(p.addon.spec)), "addon")
    if p.tech[1].status in ("building", "built") and p.tech2_spec is None:
        p.tech2_spec = p.specs[0]
    built_any = any(b.status != "none" for b in p.tech) or p.addon is not None
    p.tax_paid = f.flag("tax_paid", p.tax_paid or built_any)
    p.hired = turn if f.flag("hired_this_turn", False) else -1
    p.reshuffled = turn if f.flag("reshuffled_this_turn", False) else -1
    p.turns = f.integer("turns", own_turns, 0)
    p.ended = f.flag("ended", False)
    p.lost_addon = f.text("lost_addon", None, ADDON_KINDS)
    if p.ended and mode_of(setup) != TEAMS:
        raise f.fail(t("codex-position-ended-2v2"), "ended")
    codex = f.table("codex", "`codex`")
    if codex is not None:
        p.codex = {}
        cat = catalog_of(setup.options)
        for name, n in codex.data.items():
            path = (*codex.path, name)
            cid = card_id(cat, name, path)
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise PositionError(t("codex-position-codex-copies", kind=kind_of(n)), path)
            if n:
                p.codex[cid] = p.codex.get(cid, 0) + n
    pick = f.strings("tech_pick")
    if pick is not None:
        cat = catalog_of(setup.options)
        p.tech_pick = [card_id(cat, n, (*f.path, "tech_pick", i)) for i, n in enumerate(pick)]
        p.tech_open = True
    else:
        p.tech_pick = None
        p.tech_open = False
    p.tech_open = f.flag("tech_open", p.tech_open)
    if p.tech_pick is not None and not p.tech_open:
        raise f.fail(t("codex-position-tech-pick-open"), "tech_open")
    return p


def _fill_zones(cat: Catalog, spec: PlayerSpec, p: Player, setup: State, maker: CardMaker, in_play: set[str]) -> None:
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
            out.append(maker.make(Ref(cid, None, f.path), spec.seat))
        return out

    if spec.command is None:
        spec.command = [
            Ref(base_state_cards[u][0], None, (*f.path, "command"))
            for u in base.command
            if base_state_cards[u][0] not in in_play
        ]
    p.command = [maker.make(ref, spec.seat) for ref in spec.command]
    for zone in ZONES:
        value = spec.zones[zone]
        if value is None:
            uids = getattr(base, zone)
            made = [maker.make(Ref(base_state_cards[u][0], None, (*f.path, zone)), spec.seat) for u in uids]
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
                raise PositionError(
                    t("codex-position-not-in-command", card=cat[ref.cid].name, seat=SEATS[spec.seat]), path
                )
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 2:
                raise PositionError(t("codex-position-cooldown", kind=kind_of(n)), path)
            if n:
                p.cooldown[hits[0]] = n


def _check(cat: Catalog, s: State, specs: list[PlayerSpec], things: list[ThingSpec]) -> None:
    """Refuse positions that would mislead: a thing already dead, a legendary card or hero twice on one
    side, a hero both in play and in the command zone."""
    qq = Q(s, cat)
    seen: set[tuple[int, str]] = set()
    for ts in things:
        thing = s.things[ts.uid]
        card = cat[thing.card]
        if card.type in ("unit", "token", "hero") and not qq.has(thing, "indestructible"):
            hp = qq.hp(thing)
            if thing.damage >= hp and (thing.damage > 0 or hp <= 0):
                raise PositionError(
                    t("codex-position-already-dead", card=card.name, damage=thing.damage, hp=hp), ts.fields.path
                )
        if card.facts.legendary or card.type == "hero":
            side = ts.lent if ts.lent >= 0 else ts.ctrl  # a fighter lent out is still its lender's
            if (side, card.id) in seen:
                raise PositionError(t("codex-position-legendary", card=card.name), ts.fields.path)
            seen.add((side, card.id))
    for spec in specs:
        for uid in s.players[spec.seat].command:
            cid = s.cards[uid][0]
            if any(th.card == cid and th.owner == spec.seat for th in s.things.values()):
                raise spec.fields.fail(t("codex-position-in-play-and-command", card=cat[cid].name), "command")

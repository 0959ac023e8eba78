"""Moving cards into and out of play, with everything that rides on it: arrival, death, bounty, levels."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.codex.ctx import G, handler
from engine.codex.modes import FFA
from engine.codex.prevention import lose_building
from engine.codex.prompts import asked
from engine.codex.state import Building, Thing
from engine.codex.stats import STAYS, Q

DeathWatcher = Callable[[G, Thing, dict[str, Any]], list[dict[str, Any]]]
DEATH_WATCHERS: list[DeathWatcher] = []
"""Trigger makers for unit deaths that no thing in play listens to (e.g. a spell's "this turn, whenever one of
your units dies"): `(g, dead thing, extra) -> trigger items`. Register by appending."""


LeaveWatcher = Callable[[G, list[Thing], bool, frozenset[int]], list[dict[str, Any]]]
LEAVE_WATCHERS: list[LeaveWatcher] = []
"""Trigger makers that see everything that just left play *together*, as one batch: `(g, the things that
left, whether they died, uids that combat damage killed) -> trigger items` (Second Chances picks one of
several at random; a historian gives back what it trashed). Called after they are gone. Register by
appending."""


UpkeepSource = Callable[[G, int], list[dict[str, Any]]]
UPKEEP_SOURCES: list[UpkeepSource] = []
"""Upkeep effects that belong to no ability of a thing the player controls (e.g. "at your next upkeep, these
die"): `(g, seat) -> trigger items` joining that upkeep's batch (see `turns.upkeep_items`). Register by
appending."""


DrawBonus = Callable[[G, int], int]
DRAW_BONUS: list[DrawBonus] = []
"""Extra cards for a player's draw/discard phase: `(g, seat) -> n` raises both the draw and its cap by n
(Shrine of Forbidden Knowledge: "card draw +1, hand size +1"). Register by appending."""


Burial = Callable[[G, Thing], bool]
DEATH_DESTINATIONS: list[Burial] = []
"""Places a dying non-token unit may go instead of its owner's discard pile (Graveyard): `(g, thing) ->
True` when it took the card. Register by appending."""

Unburial = Callable[[G, int], bool]
RETURN_SOURCES: list[Unburial] = []
"""Places besides a player's discard pile, trash, hand and deck that a card may come back from when an effect
returns it to play (a unit buried in a Graveyard, saved by Second Chances): `(g, card uid) -> True` when it
held the card and has let it go (its own records updated). The `DEATH_DESTINATIONS` that keep cards register
one here too. Register by appending."""


def q(g: G) -> Q:
    return Q(g.s, g.cat)


WouldDie = Callable[[G, Q, Thing, str, bool], bool]
WOULD_DIE: list[WouldDie] = []
"""Replacement effects for "if this would die, ... instead" (two lives, Brave Knight): each gets
(g, q, the thing, how, whether combat damage is killing it) and returns True when it replaced the death,
which then does not happen at all: no dies triggers, no slot bonus, no bounty (Justice Juggernaut ruling).
Register with `would_die`."""


def would_die(fn: WouldDie) -> WouldDie:
    WOULD_DIE.append(fn)
    return fn


@would_die
def _two_lives(g: G, qq: Q, t: Thing, how: str, combat: bool) -> bool:
    """Two lives: the first death is undone (damage healed, a crumbling rune); with the rune it dies for real."""
    if "two lives" not in qq.kw(t) or t.marks.get("crumbling"):
        return False
    t.damage = 0
    t.deathtouched = False
    t.marks["crumbling"] = 1
    g.emit("rune", uid=t.uid, rune="crumbling", n=1)
    return True


def end_copy(g: G, t: Thing) -> None:
    """`t` stops being a copy: its own card and copy number again."""
    if not t.copied:
        return
    own, ordinal, _until = t.copied
    was = g.shown(t.uid)
    t.card = own
    printed, owner, _n = g.s.cards[t.uid]
    g.s.cards[t.uid] = (printed, owner, ordinal)
    t.copied = []
    # What lasts only as long as the copy (the Illusion a Sirus Quince copy stays) ends with it.
    t.mods = [m for m in t.mods if m.until != "copy"]
    g.emit("copy_ends", uid=t.uid, was=was)


def give_control(g: G, t: Thing, seat: int) -> None:
    """`seat` takes control of `t` (off its old patrol; no arrival, but fresh control for exhausting)."""
    for p in g.s.players:
        if p.lend:
            p.lend = [x for x in p.lend if x[0] != t.uid]  # no longer theirs to lend
        if t.uid in p.patrol:
            p.patrol[p.patrol.index(t.uid)] = 0
            g.emit("sideline", uid=t.uid)
    t.ctrl = seat
    t.since = g.s.turn
    g.emit("control", uid=t.uid, seat=seat)


# ------------------------------------------------------------------------------------------ triggers


def trigger_items(
    g: G,
    qq: Q,
    t: Thing,
    events: tuple[str, ...],
    extra: dict[str, Any] | None = None,
    abilities: list[tuple[str, dict[str, Any]]] | None = None,
) -> list[dict[str, Any]]:
    """Trigger records for `t`'s abilities that wait for any of `events` (each ability fires once)."""
    out = []
    for key, ab in abilities if abilities is not None else qq.abilities(t):
        on = ab.get("on")
        if on and any(e in on for e in events):
            item = {"key": key, "src": t.uid, "card": t.card, "ctl": t.ctrl, "ops": ab["do"]}
            if "if" in ab:
                item["if"] = ab["if"]
            if extra:
                item["ctx"] = dict(extra)
            out.append(item)
    return out


def fire(g: G, items: list[dict[str, Any]]) -> None:
    """Set off triggers: they resolve next, as one batch, unless a spell is resolving; then they wait
    until it has resolved completely (Harmony, Martial Mastery rulings; "is targeted" is the one kind that
    acts at once, Smoker ruling) and join the batch its end sets off."""
    if not items:
        return
    spell = resolving_spell(g)
    if spell is not None:
        spell.setdefault("held", []).extend(items)
        return
    g.push({"t": "triggers", "items": items})


def resolving_spell(g: G) -> dict[str, Any] | None:
    """The task that ends the spell resolving now, if any. Tasks only ever go in at the front of the queue,
    so everything that runs while a spell's end is still queued is part of that spell's resolution."""
    return next((task for task in g.s.queue if task.get("t") == "spell_done"), None)


def listeners(g: G, seat: int, event: str, exclude: int = 0, extra: dict[str, Any] | None = None) -> list[dict]:
    """Triggers of things `seat` controls that listen to a player-wide event."""
    qq = q(g)
    out = []
    for t in list(g.s.things.values()):
        if t.ctrl == seat and t.uid != exclude:
            out += trigger_items(g, qq, t, (event,), extra)
    return out


# ------------------------------------------------------------------------------------------- arrival


def enter_play(
    g: G,
    cid: str,
    ctrl: int,
    owner: int,
    uid: int = 0,
    level: int = 0,
    extra: dict[str, Any] | None = None,
    from_future: bool = False,
    from_hand: bool = False,
) -> Thing | None:
    """Put a card (or a new token when uid is 0) into play under `ctrl`; fires its arrival.

    `from_hand`: it arrives from its controller's hand (played, or put into play from there); the first
    unit each turn that does so sets off "first unit from your hand arrives"."""
    card = g.cat[cid]
    if uid == 0:
        uid = g.new_card(cid, owner)
    if "forecast" in card.kw and not from_future:
        # Anything with forecast that would come into play goes to the future instead (ruling).
        g.p(ctrl).future[uid] = card.kw["forecast"]
        g.emit("forecast", seat=ctrl, uid=uid, runes=card.kw["forecast"])
        return None
    if card.facts.legendary and any(o.ctrl == ctrl and g.cat[o.card].name == card.name for o in g.s.things.values()):
        # A second copy of a legendary card you control goes straight to the discard (§12.5).
        if card.type != "token":
            g.p(owner).discard.append(uid)
            g.s.known.append(uid)
        g.emit("legendary_refused", seat=ctrl, card=uid)
        return None
    t = Thing(uid, cid, owner, ctrl, g.s.turn, g.s.turn, level=level, stamp=g.tick())
    bands = [kw["fading"] for lv, _a, _h, kw in card.bands if lv <= level and "fading" in kw]
    fading = card.kw.get("fading", 0) or (bands[0] if bands else 0)
    if fading:
        t.marks["time"] = fading  # a hero's fading is printed on its first band
    g.s.things[uid] = t
    g.emit("arrive", seat=ctrl, uid=uid, card=cid)
    qq = q(g)
    items = trigger_items(g, qq, t, ("arrives",), extra)
    events: tuple[str, ...] = ("another of yours arrives",)
    if from_hand and card.is_unit:
        counts = g.s.flags.setdefault("from_hand", {})
        counts[str(ctrl)] = counts.get(str(ctrl), 0) + 1
        if counts[str(ctrl)] == 1:
            events += ("first unit from your hand arrives",)
    for other in list(g.s.things.values()):
        if other.ctrl == ctrl and other.uid != uid:
            items += trigger_items(g, qq, other, events, {"it": uid})
    fire(g, items)
    return t


def return_to_play(g: G, uid: int, ctrl: int) -> Thing | None:
    """Bring card `uid` back into play from the zone it went to (discard, trash, hand, deck, or a place in
    `RETURN_SOURCES`) under `ctrl`.

    It is a new object: no runes, damage, links or attachments, ready, with arrival fatigue, and it is not
    "played" (no boost). "Return" effects use the controller it had when it left (Second Chances, Max
    Geiger and Prynn Pasternaak rulings). A token left no card behind: nothing returns."""
    entry = g.s.cards.get(uid)
    if entry is None or uid in g.s.things:
        return None
    cid, owner, _n = entry
    p = g.p(owner)
    for zone in (p.discard, p.removed, p.hand, p.deck):
        if uid in zone:
            zone.remove(uid)
            break
    else:
        if not any(source(g, uid) for source in RETURN_SOURCES):
            return None
    if uid in g.s.known:
        g.s.known.remove(uid)
    g.emit("returns", seat=ctrl, uid=uid)
    return enter_play(g, cid, ctrl, owner, uid=uid)


def summon_tokens(g: G, cid: str, seat: int, n: int, limit: int = 0) -> list[int]:
    made = []
    for _ in range(n):
        # A limit counts the tokens made as this one, even those now copying something else (ruling).
        if limit and sum(1 for t in g.s.things.values() if g.s.cards[t.uid][0] == cid and t.ctrl == seat) >= limit:
            break
        t = enter_play(g, cid, seat, seat)
        if t is not None:
            made.append(t.uid)
    return made


# ------------------------------------------------------------------------------------------ leaving


def leave_play(
    g: G,
    t: Thing,
    dest: str,
    died: bool,
    how: str = "",
    sink: list[dict[str, Any]] | None = None,
    combat: bool = False,
) -> None:
    """Take `t` out of play to `dest` ("discard", "hand", "trash", "deck top"); heroes always go home.

    `died` means it was destroyed or sacrificed: dies triggers, patrol-slot bonuses and hero bounty apply,
    unless a replacement effect (`WOULD_DIE`) stops the death; `combat` says combat damage is killing it.
    Triggers go to `sink` when given (so simultaneous deaths share one batch), else they fire now.
    """
    leave_together(g, [t], dest, died, how, sink, frozenset({t.uid}) if combat else frozenset())


def leave_together(
    g: G,
    things: list[Thing],
    dest: str,
    died: bool,
    how: str = "",
    sink: list[dict[str, Any]] | None = None,
    combat: frozenset[int] = frozenset(),
) -> None:
    """Several things leave play at the same moment (one damage event, one "destroy all" effect).

    Everything that leaves together sees everything else leave: the triggers are worked out on the board as
    it was just before, so a "whenever a unit dies" card dying in the batch sees its own death and the
    others', and a "dies" ability granted by a card leaving in the same batch still fires.
    """
    leaving = [t for t in things if t.uid in g.s.things]
    if not leaving:
        return
    qq = q(g)
    if STAYS:
        # "Can't leave play" (unless combat damage kills it): it simply stays.
        kept = [t for t in leaving if qq.stays(t, died, t.uid in combat)]
        for t in kept:
            g.emit("stays", uid=t.uid)
        leaving = [t for t in leaving if t not in kept]
        if not leaving:
            return
    if died and WOULD_DIE:
        # "If this would die, ... instead": a replaced death does not happen at all (`combat`: the uids that
        # combat damage is killing, for Brave Knight).
        leaving = [t for t in leaving if not any(rep(g, qq, t, how, t.uid in combat) for rep in WOULD_DIE)]
        if not leaving:
            return
        qq = q(g)
    items: list[dict[str, Any]] = []
    slots: dict[int, int] = {}
    for t in leaving:
        slots[t.uid] = qq.slot(t)
        items += departure_items(g, qq, t, died, how, slots[t.uid], t.uid in combat)
    if died:
        # The scavenger and technician slots' rewards are "dies" triggers too (The Boot ruling); they come
        # first in the batch, so the gold is there for a kill trigger to steal (Gunpoint Taxman).
        items = [item for t in leaving for item in slot_reward(t, slots[t.uid])] + items
    for t in leaving:
        _remove(g, qq, t, dest, died, how, slots[t.uid])
    for watcher in LEAVE_WATCHERS:
        items += watcher(g, leaving, died, combat)
    if died:
        for t in leaving:
            if qq.card(t).is_unit:
                for watcher in DEATH_WATCHERS:
                    items += watcher(g, t, _death_context(t, slots[t.uid]))
    if sink is not None:
        sink.extend(items)
    else:
        fire(g, items)


def _death_context(t: Thing, slot: int, qq: Q | None = None) -> dict[str, Any]:
    """What a death trigger can tell about the one that died: whose it was, its -1/-1 runes, its patrol slot,
    its timestamp (the object itself: a card that died, came back and died again is another);
    with `qq`, also whether it was a token, its subtypes and its gold cost then (it is gone when the trigger
    runs; a copy's cost is the copied card's: Thunderclap ruling)."""
    who = {"it": t.uid, "it_stamp": t.stamp, "seat": t.ctrl, "minus_runes": max(0, -t.runes), "slot": slot}
    if qq is not None:
        who.update(it_token=qq.is_token(t), it_subtypes=sorted(qq.subtypes(t)), it_cost=qq.card(t).facts.cost or 0)
    return who


def departure_items(
    g: G, qq: Q, t: Thing, died: bool, how: str, slot: int, combat: bool = False
) -> list[dict[str, Any]]:
    """The triggers `t` leaving play sets off: its own, "a unit dies" listeners and whoever killed it.
    `combat`: combat damage killed it (-1/-1 runes dealt as combat damage count: Jandra ruling)."""
    events = ("leaves", "dies") if died else ("leaves",)
    if died:
        events += ("dies on your turn",) if g.on_turn(t.ctrl) else ("dies on another turn",)
        if combat:
            events += ("dies from combat damage",)
        if how == "faded":
            events += ("dies from fading",)  # only when the fading upkeep step took the last rune
    who = _death_context(t, slot, qq)
    items = trigger_items(g, qq, t, events, who)
    if not died:
        return items
    if qq.card(t).is_unit:
        # "Whenever a unit dies" listeners, on either side (the dying unit and those dying with it included).
        for other in list(g.s.things.values()):
            items += trigger_items(g, qq, other, ("a unit dies",), who)
    killers = g.s.flags.get("killers", {}).pop(str(t.uid), [])
    if killers and (t.deathtouched or t.damage >= qq.hp(t)):
        for uid in dict.fromkeys(killers):
            killer = g.s.things.get(uid)
            if killer is not None:
                items += trigger_items(g, qq, killer, ("kills",), who)
    return items


SLOT_REWARDS = {2: "scavenger gold", 3: "technician draw"}
"""Patrol slot -> what its patroller's death gives its owner (the card's owner, even when lent)."""


def slot_reward(t: Thing, slot: int) -> list[dict[str, Any]]:
    """The trigger item of `t`'s patrol slot reward, if it died in a slot that has one."""
    what = SLOT_REWARDS.get(slot)
    if what is None:
        return []
    op = {"op": "hook", "name": "slot reward", "args": {"slot": slot}}
    return [{"key": f"slot {slot}", "src": t.uid, "card": t.card, "ctl": t.owner, "what": what, "ops": [op]}]


def _remove(g: G, qq: Q, t: Thing, dest: str, died: bool, how: str, slot: int) -> None:
    if t.uid not in g.s.things:
        return
    card = qq.printed(t)  # where it goes depends on what it was made as (a token copying a unit vanishes)
    end_copy(g, t)
    for p in g.s.players:
        if p.lend:
            p.lend = [x for x in p.lend if x[0] != t.uid]  # no longer theirs to lend
        if t.uid in p.patrol:
            p.patrol[p.patrol.index(t.uid)] = 0
    g.emit(
        "leave", seat=t.ctrl, uid=t.uid, card=t.card, to=dest if card.type != "hero" else "command", died=died, how=how
    )
    del g.s.things[t.uid]
    if "control_until_eot" in g.s.flags:
        # A "until end of turn" control change ends with the object: what comes back is new (ruling).
        g.s.flags["control_until_eot"] = [e for e in g.s.flags["control_until_eot"] if e[0] != t.uid]
    for other in list(g.s.things.values()):
        if other.attached == t.uid:
            leave_play(g, other, "discard", died=False, how="host left")
        elif t.uid in other.tied:
            leave_play(g, other, "trash", died=False, how="what it was tied to left play")
        # Whatever comes back later under this uid is a new object: pairings and channelers do not follow.
        if t.uid in other.links:
            other.links = [0 if u == t.uid else u for u in other.links]
        if other.caster == t.uid:
            other.caster = -1
    if t.attached and t.marks.get("held_from"):
        # Control it took while attached (Mind Control) goes back to whoever had it before.
        host = g.s.things.get(t.attached)
        back = t.marks["held_from"] - 1
        if host is not None and host.ctrl == t.ctrl and back != host.ctrl:
            give_control(g, host, back)
    owner = g.p(t.owner)
    if card.type == "hero":
        owner.command.append(t.uid)
        if died:
            owner.marks[f"hero died:{t.uid}"] = 1  # "a hero that died this game" (Blackhand Resurrector)
            own_turn = g.on_turn(t.owner)
            owner.cooldown[t.uid] = 1 if (own_turn and g.opt("hero_cooldown") == "literal") else 2
    elif card.type == "token":
        pass
    elif dest == "hand":
        owner.hand.append(t.uid)
    elif dest == "trash":
        owner.removed.append(t.uid)
    elif dest == "deck top":
        owner.deck.append(t.uid)
    elif died and card.type == "unit" and any(bury(g, t) for bury in DEATH_DESTINATIONS):
        pass
    else:
        owner.discard.append(t.uid)
    if card.type not in ("hero", "token") and dest != "trash":
        g.s.known.append(t.uid)  # everyone saw it go there
    if card.type == "hero" and died:
        g.push({"t": "bounty", "loser": t.ctrl})
    if card.type == "building" and died and g.opt("building_card_base_damage") == "yes":
        lose_building(g, t.owner)
    if died and card.type in ("unit", "token") and g.mode() == FFA:
        from engine.codex.ffa import kill_gold

        kill_gold(g, t)


def exhaust(g: G, t: Thing) -> None:
    """Exhaust `t` (every way of exhausting goes through here): the first time each turn it fires its
    "first exhaust each turn" abilities (Rampaging Elephant)."""
    if t.exhausted:
        return
    t.exhausted = True
    if t.used.get(FIRST_EXHAUST) != g.s.turn:
        t.used[FIRST_EXHAUST] = g.s.turn
        fire(g, trigger_items(g, q(g), t, (FIRST_EXHAUST,)))


FIRST_EXHAUST = "first exhaust each turn"


def destroy(
    g: G, t: Thing, how: str = "destroyed", sink: list[dict[str, Any]] | None = None, combat: bool = False
) -> None:
    """Destroy: indestructible things shrug it off instead (exhausted, cleaned of damage and attachments)."""
    destroy_together(g, [t], how, sink, frozenset({t.uid}) if combat else frozenset())


def destroy_together(
    g: G,
    things: list[Thing],
    how: str = "destroyed",
    sink: list[dict[str, Any]] | None = None,
    combat: frozenset[int] = frozenset(),
) -> None:
    """Destroy several things at once (see `leave_together`); indestructible ones shrug it off."""
    qq = q(g)
    doomed = []
    for t in things:
        if t.uid not in g.s.things:
            continue
        if not qq.has(t, "indestructible"):
            doomed.append(t)
            continue
        exhaust(g, t)
        t.damage = 0
        t.deathtouched = False
        for other in list(g.s.things.values()):
            if other.attached == t.uid:
                leave_play(g, other, "discard", died=False, how="host cleaned")
        g.emit("indestructible", uid=t.uid)
    leave_together(g, doomed, "discard", died=True, how=how, sink=sink, combat=combat)


# ------------------------------------------------------------------------------------ heroes' levels


LevelLock = Callable[[G, Thing], bool]
LEVEL_LOCKS: list[LevelLock] = []
"""Tests that keep a hero from gaining levels by any means (paid, bounty, effects), e.g. Chronofixer."""


def can_level(g: G, t: Thing) -> bool:
    if t.uid in g.s.flags.get("no_level", []):
        return False  # "can't level up this turn" (levels.FROZEN)
    return not any(lock(g, t) for lock in LEVEL_LOCKS)


def gain_levels(g: G, t: Thing, n: int, how: str = "paid", paid: int | None = None) -> int:
    """Raise a hero `n` levels (up to max); `paid`: the gold its controller paid for them, told in the story."""
    card = g.card(t)
    if not can_level(g, t):
        return 0
    before = t.level
    t.level = min(card.mx, t.level + n)
    gained = t.level - before
    if gained <= 0:
        return 0
    old_band, new_band = card.band_of(before), card.band_of(t.level)
    if new_band > old_band:
        t.damage = 0
        t.deathtouched = False
        t.stamp = g.tick()  # the new band's abilities start now
    extra = {} if paid is None else {"paid": paid}
    g.emit("level", seat=t.ctrl, uid=t.uid, level=t.level, n=gained, how=how, healed=new_band > old_band, **extra)
    if t.level == card.mx and before < card.mx:
        fire(g, trigger_items(g, q(g), t, ("max level",)))
    return gained


@handler("bounty")
def bounty(g: G, task: dict[str, Any]) -> None:
    """A hero died: one hero of the other side that can still level gains two levels (active player picks)."""
    loser = task["loser"]
    heroes = [
        t.uid
        for t in g.s.things.values()
        if not g.friendly(t.ctrl, loser) and g.card(t).type == "hero" and t.level < g.card(t).mx and can_level(g, t)
    ]
    if not heroes:
        return
    if len(heroes) == 1:
        gain_levels(g, g.s.things[heroes[0]], 2, how="bounty")
        return
    g.ask("bounty", sorted(heroes), asked("bounty"))


def resolve_bounty(g: G, pending: dict[str, Any], choice: Any) -> None:
    t = g.s.things.get(choice)
    if t is not None:
        gain_levels(g, t, 2, how="bounty")


# ------------------------------------------------------------------------------------------ buildings

INSTANT_BUILD = "build instantly"
"""Turn flag: the seats whose tech buildings finish as soon as they are built this turn (Verdant Tree)."""


def instant_builders(g: G) -> list[int]:
    return g.s.flags.get(INSTANT_BUILD, [])


def finish_building(g: G, seat: int, b: Building) -> None:
    """A building under construction becomes operational (normally at the end of its builder's turn)."""
    if b.status == "building":
        b.status = "built"
        g.emit("built", seat=seat, kind=b.kind)

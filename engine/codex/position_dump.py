"""Writing a Codex state back out as a `[position]` table (`python bot.py scenario dump MATCH_ID`)."""

from __future__ import annotations

from engine.codex import Codex
from engine.codex.cards import Catalog
from engine.codex.colours.black import BURIED
from engine.codex.colours.blue import JAIL_ZONE
from engine.codex.colours.purple.past import HISTORIAN
from engine.codex.modes import FFA, TEAMS
from engine.codex.position_held import player_marks, seat_counts
from engine.codex.position_names import SEATS, label, own_label, thing_marks, trashed
from engine.codex.position_turn import this_turn
from engine.codex.seats import base_seat, enemies, mode_of
from engine.codex.state import SLOTS, TECH_KINDS, Mod, State, Thing
from engine.codex.stats import Q
from engine.codex.variants import catalog_of
from engine.core import JSON, Seat


def position_to_scenario(game: Codex, state: State, viewer: Seat | None, *, full: bool = False) -> dict[str, JSON]:
    """The position as `viewer` may know it (None: the public); `full`: everything, hidden cards too."""
    cat = catalog_of(state.options)
    s = state
    out: dict[str, JSON] = {
        "turn": s.turn,
        "active": SEATS[s.active],
        "first": SEATS[s.first],
        "phase": s.phase if s.phase in ("main", "await_tech") else "main",
        "rng": s.rng,
    }
    facts = this_turn(s, cat, lambda seat: full or viewer == seat)
    turn_facts = {k: v for k, v in facts.items() if v is not None and v != {} and v != []}
    if turn_facts:
        out["this_turn"] = turn_facts
    if mode_of(s) in (TEAMS, FFA):
        out["mode"] = mode_of(s)  # a table of more than two seats reads wrong without it
    if s.tiebreak:
        out["tiebreak"] = [SEATS[x] for x in s.tiebreak["seats"]]
    out.update({key: counts for key, counts in seat_counts(s).items() if counts})
    qq = Q(s, cat)
    for seat, p in enumerate(s.players):
        mine = full or viewer == seat

        def name(u: int) -> str:
            return label(s, cat, u)

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
        table["hand"] = [name(u) for u in p.hand] if mine else len(p.hand)
        table["deck"] = [name(u) for u in reversed(p.deck)] if full else len(p.deck)
        table["discard"] = [name(u) for u in p.discard] if mine else len(p.discard)
        table["removed"] = [name(u) for u in p.removed]
        table["worker_cards"] = [name(u) for u in p.worker_cards] if mine else len(p.worker_cards)
        if mine:
            table["codex"] = {cat[c].name: n for c, n in sorted(p.codex.items())}
        table["command"] = [name(u) for u in p.command]
        if p.cooldown:
            table["cooldown"] = {name(u): n for u, n in sorted(p.cooldown.items())}
        if p.future:
            table["future"] = {name(u): n for u, n in sorted(p.future.items())}
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
            table["lend"] = [{"card": name(u), "to": SEATS[to], "slot": SLOTS[i]} for u, to, i in p.lend]
        if p.lost_addon is not None:
            table["lost_addon"] = p.lost_addon
        jail = p.zones.get(JAIL_ZONE, [])
        if jail:
            them = enemies(s, seat)
            table["jail"] = [_held(s, cat, u, them[0] if len(them) == 1 else -1) for u in jail]
        marks = player_marks(s, cat, seat)
        if marks:
            table["marks"] = marks
        out[SEATS[seat]] = table
    held = _held_cards(s)
    if full:
        out["card_order"] = [own_label(s, cat, u) for u in sorted(held)]
    shown: dict[str, int] = {}
    for u in held:
        t = s.things.get(u)
        for cid, n in ((t.card if t else s.cards[u][0], s.cards[u][2]), *([t.copied[:2]] if t and t.copied else [])):
            shown[cid] = max(shown.get(cid, 0), n)
    numbers = {cat[c].name: n for c, n in sorted(s.ords.items()) if n > shown.get(c, 0)}
    if numbers and full:  # only with every card written: a number's absence could tell of a hidden copy
        out["copy_numbers"] = numbers  # numbers of copies gone from the game: new copies number on from them
    ranks = _entry_ranks(s)
    # One list for both sides, in the state's own order (things as they came into play: it orders simultaneous
    # triggers), which a loaded position keeps; `entered` keeps the clock's order where it differs.
    out["in_play"] = [_thing_position(s, cat, qq, t, ranks, i + 1) for i, t in enumerate(s.things.values())]
    return out


def _held_cards(s: State) -> set[int]:
    """Every card the position holds: in play or in some zone (a token out of play is nowhere)."""
    out = set(s.things)
    for p in s.players:
        for uids in (p.hand, p.deck, p.discard, p.removed, p.worker_cards, p.command, p.future, *p.zones.values()):
            out.update(uids)
    return out


def _held(s: State, cat: Catalog, uid: int, default_owner: int) -> JSON:
    """A held card (jailed, buried): its label, with its owner when not the usual one."""
    owner = s.cards[uid][1]
    return label(s, cat, uid) if owner == default_owner else {"card": label(s, cat, uid), "owner": SEATS[owner]}


def _negative(m: Mod) -> bool:
    """Does the modifier take a keyword away? Only then does the moment it was made matter (stats.Q.kw)."""
    return bool(m.stamp) and any(word.startswith("-") for word in m.kw)


def _entry_ranks(s: State) -> dict[int, int]:
    """Clock value -> its place (1, 2, ...) among the stamps of the things in play and of their modifiers
    that take keywords away: the order a position keeps with `entered` and `made`."""
    stamps = {t.stamp for t in s.things.values()} | {m.stamp for t in s.things.values() for m in t.mods if _negative(m)}
    return {stamp: i + 1 for i, stamp in enumerate(sorted(stamps))}


def _thing_position(s: State, cat: Catalog, qq: Q, t: Thing, ranks: dict[int, int], place: int) -> dict[str, JSON]:
    """One thing in play; `place`: its place in the list, which stands for `entered` when that is the same."""
    card = cat[t.copied[0] if t.copied else t.card]  # the card itself, not the one it copies
    out: dict[str, JSON] = {"card": own_label(s, cat, t.uid), "controller": SEATS[t.ctrl]}
    if t.copied:
        out["copying"] = label(s, cat, t.uid)
        out["copy_until"] = {"turn": "end of turn", "ever": "ever"}[t.copied[2]]
    if t.lent >= 0:
        out["lent_by"] = SEATS[t.lent]
    if t.owner != (t.lent if t.lent >= 0 else t.ctrl):
        out["owner"] = SEATS[t.owner]
    if card.type == "hero":
        out["level"] = t.level
        fresh = t.since >= s.turn and t.arrived >= s.turn  # as `arrived_this_turn` below: the reader's default
        if t.max_at_start != (bool(card.mx) and t.level >= card.mx and not fresh):
            out["max_at_turn_start"] = t.max_at_start
    for key, value, default in (
        ("damage", t.damage, 0),
        ("runes", t.runes, 0),
        ("exhausted", t.exhausted, False),
        ("arrived_this_turn", t.since >= s.turn and t.arrived >= s.turn, False),
        ("control_changed_this_turn", t.since >= s.turn and t.arrived < s.turn, False),
        ("attacked_this_turn", t.attacked == s.turn, False),
        ("armor_used", t.armor_used, 0),
        ("skip_ready", t.skip_ready, False),
        ("deathtouched", t.deathtouched, False),
    ):
        if value != default:
            out[key] = value
    if t.uid in s.players[t.ctrl].patrol:
        out["patrol"] = SLOTS[s.players[t.ctrl].patrol.index(t.uid)]
    default_marks: dict[str, JSON] = {"time": card.kw["fading"]} if "fading" in card.kw else {}
    marks = thing_marks(s, cat, t)
    if marks != default_marks:
        out["marks"] = {k: marks.get(k, 0) for k in sorted(set(marks) | set(default_marks))}
    if t.caster:
        out["caster"] = label(s, cat, t.caster)
    if t.links:
        out["links"] = [label(s, cat, u) for u in t.links]
    if t.attached:
        out["attached"] = label(s, cat, t.attached)
    used = sorted(k for k, turn in t.used.items() if turn == s.turn and not k.endswith("#n"))
    if any(k + "#n" in t.used for k in used):
        out["used_this_turn"] = {k: t.used.get(k + "#n", True) for k in used}  # with how many times
    elif used:
        out["used_this_turn"] = used
    if t.mods:
        out["mods"] = [_mod_position(s, cat, m, ranks) for m in t.mods]
    if t.tied:
        out["tied"] = [label(s, cat, u) for u in t.tied if u in s.things]
    buried = sorted(int(u) for u, yard in s.memory.get(BURIED, {}).items() if yard == [t.uid, t.stamp])
    if buried:
        out["buried"] = [_held(s, cat, u, t.ctrl) for u in buried]
    book = s.memory.get(HISTORIAN, {}).get(str(t.uid))
    if book:
        out["trashed"] = trashed(s, cat, book)
    if ranks[t.stamp] != place:
        out["entered"] = ranks[t.stamp]
    return out


def _mod_position(s: State, cat: Catalog, m: Mod, ranks: dict[int, int]) -> dict[str, JSON]:
    until = {"turn": "end of turn", "ever": "ever", "copy": "while a copy"}.get(m.until)
    if until is None:
        until = f"upkeep {SEATS[int(m.until.split(':')[1])]}"
    out: dict[str, JSON] = {"until": until}
    for key, value in (("atk", m.atk), ("hp", m.hp), ("armor", m.armor)):
        if value:
            out[key] = value
    if m.kw:
        out["keywords"] = list(m.kw)
    if m.src and m.src in s.things:
        out["source"] = label(s, cat, m.src)
    if m.form:
        out["form"] = cat[m.form].name
    if m.sub:
        out["subtypes"] = list(m.sub)
    if m.printed_atk is not None:
        out["printed_atk"] = m.printed_atk
    if _negative(m):
        out["made"] = ranks[m.stamp]
    return out

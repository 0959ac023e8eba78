"""The readable projection of a Codex state that scenario checks read, and events with names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.codex import Codex
from engine.codex.cards import BUILDINGS, Catalog
from engine.codex.chance import COINS
from engine.codex.colours.black import BURIED
from engine.codex.colours.blue import JAIL_ZONE
from engine.codex.colours.purple.past import HISTORIAN
from engine.codex.ctx import G
from engine.codex.position_held import player_marks, seat_counts
from engine.codex.position_names import SEATS, label, own_label, thing_marks, trashed
from engine.codex.position_things import GRAVEYARD_CARD
from engine.codex.position_turn import this_turn
from engine.codex.seats import base_hp, base_seat, mode_of
from engine.codex.state import SLOTS, Building, State, Thing
from engine.codex.stats import Q
from engine.codex.variants import catalog_of
from engine.core import JSON, Event


def _ref_label(s: State, cat: Catalog, ref: Any) -> Any:
    if isinstance(ref, int):
        return label(s, cat, ref)
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
        "label": label(s, cat, t.uid),
        "card": card.id,
        "type": card.type,
        "owner": SEATS[t.owner],
        "controller": SEATS[t.ctrl],
        "exhausted": t.exhausted,
        "damage": t.damage,
        "runes": t.runes,
        "marks": thing_marks(s, cat, t),
        "keywords": _keywords(qq.kw(t)),
        "subtypes": sorted(card.subtypes),
        "arrived_this_turn": t.since >= s.turn,
        "control_changed_this_turn": t.since >= s.turn and t.arrived < s.turn,
        "attacked_this_turn": t.attacked == s.turn,
        "patrol": SLOTS[s.players[t.ctrl].patrol.index(t.uid)] if t.uid in s.players[t.ctrl].patrol else None,
        "caster": label(s, cat, t.caster) if t.caster else None,
        "links": [label(s, cat, u) for u in t.links],
        "attached": label(s, cat, t.attached) if t.attached else None,
        "lent_by": SEATS[t.lent] if t.lent >= 0 else None,
        "own_card": own_label(s, cat, t.uid),
        "copy_until": {"turn": "end of turn", "ever": "ever"}[t.copied[2]] if t.copied else None,
        "tied": [label(s, cat, u) for u in t.tied if u in s.things],
    }
    book = s.memory.get(HISTORIAN, {}).get(str(t.uid))
    if book:
        out["trashed"] = trashed(s, cat, book)
    if t.card == GRAVEYARD_CARD:
        yard = [t.uid, t.stamp]
        out["buried"] = sorted(label(s, cat, int(u)) for u, y in s.memory.get(BURIED, {}).items() if y == yard)
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
    names = [label(s, cat, u) for u in p.hand]
    return {
        "name": SEATS[seat],
        "heroes": [cat[h].name for h in p.heroes],
        "specs": list(p.specs),
        "colour": p.colour,
        "gold": p.gold,
        "workers": p.workers,
        "worker_cards": [label(s, cat, u) for u in p.worker_cards],
        "hand": names,
        "deck": [label(s, cat, u) for u in reversed(p.deck)],
        "discard": [label(s, cat, u) for u in p.discard],
        "removed": [label(s, cat, u) for u in p.removed],
        "codex": {cat[c].name: n for c, n in sorted(p.codex.items())},
        "command": [label(s, cat, u) for u in p.command],
        "cooldown": {label(s, cat, u): n for u, n in sorted(p.cooldown.items())},
        "future": {label(s, cat, u): n for u, n in sorted(p.future.items())},
        "team": p.team + 1,
        "base": {"damage": s.players[base_seat(s, seat)].base_damage, "hp": base_hp(s)},
        "tech1": _building_projection(p.tech[0]),
        "tech2": _building_projection(p.tech[1]),
        "tech3": _building_projection(p.tech[2]),
        "addon": _building_projection(p.addon) if p.addon is not None else None,
        "tech2_spec": p.tech2_spec,
        "patrol": {SLOTS[i]: (label(s, cat, u) if u else None) for i, u in enumerate(p.patrol)},
        "in_play": [thing_projection(s, cat, qq, s.things[u]) for u in sorted(s.things) if s.things[u].ctrl == seat],
        "tech_open": p.tech_open,
        "tech_pick": [cat[c].name for c in p.tech_pick] if p.tech_pick is not None else None,
        "hired_this_turn": p.hired == s.turn,
        "reshuffled_this_turn": p.reshuffled == s.turn,
        "tax_paid": p.tax_paid,
        "turns": p.turns,
        "ended": p.ended,
        "lost_addon": p.lost_addon,
        "jail": [label(s, cat, u) for u in p.zones.get(JAIL_ZONE, [])],
        "marks": player_marks(s, cat, seat),
    }


def scenario_projection(game: Codex, state: State) -> dict[str, JSON]:
    cat = catalog_of(state.options)
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
        **seat_counts(s),
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
        "this_turn": this_turn(s, cat),
        "chance": {"coin": ["heads" if heads else "tails" for heads in s.memory[COINS]]} if COINS in s.memory else {},
    }
    for seat in range(len(s.players)):
        out[SEATS[seat]] = player_projection(s, cat, qq, seat)
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

"""What a seat (or the public) may know, built by copying allowed facts only.

Public: everything on the table, counts of hands, decks, discards and workers, whether a tech pick is
made. A seat also sees its own hand, codex, tech pick, discard, worker cards and pending-choice options.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.codex import actions as A
from engine.codex.cards import BUILDINGS
from engine.codex.ctx import G, last_turn
from engine.codex.events import english
from engine.codex.notation import Namer, choice_label
from engine.codex.rules import legal, play_cost
from engine.codex.seats import base_hp, base_seat, mode_of, turn_seats
from engine.codex.state import SLOTS, deep
from engine.codex.stats import Q
from engine.i18n import Msg, joined, listing, t


def _thing_view(g: G, qq: Q, namer: Namer, uid: int) -> dict[str, Any]:
    t = g.s.things[uid]
    card = qq.card(t)
    out: dict[str, Any] = {
        "uid": uid,
        "label": namer.thing(uid, True),
        "name": card.name,
        "card": card.id,
        "type": card.type,
        "owner": t.owner,
        "controller": t.ctrl,
        "exhausted": t.exhausted,
    }
    if card.type in ("unit", "token", "hero"):
        out.update(
            atk=qq.atk(t),
            hp=qq.hp(t),
            damage=t.damage,
            armor=qq.armor_left(t),
            keywords=sorted(
                k if v == 1 and k not in ("resist", "frenzy", "healing", "obliterate") else f"{k} {v}"
                for k, v in qq.kw(t).items()
            ),
            tech=card.tech if card.type != "hero" else None,
            arrived_this_turn=t.since >= g.s.turn,
        )
        slot = qq.slot(t)
        if slot >= 0:
            out["patrol"] = SLOTS[slot]
    if card.type == "building":
        out.update(hp=qq.hp(t), damage=t.damage)
    if card.type == "hero":
        out.update(level=t.level, max_level=card.mx, mid_level=card.mid, max_at_turn_start=t.max_at_start)
    if t.runes:
        out["runes"] = t.runes
    if t.marks:
        out["marks"] = dict(t.marks)
    if t.links:
        out["links"] = [namer.thing(u, True) for u in t.links if u in g.s.cards]
    if t.caster:
        out["caster"] = namer.thing(t.caster, True) if t.caster in g.s.cards else None
    if t.lent >= 0:
        out["lent_by"] = t.lent
    return out


def hand_revealed(g: G, seat: int) -> bool:
    """Does `seat` play with its hand face up (an opponent controls Eyes of the Chancellor)?"""
    rule = "opponents' hands are revealed"
    return any(not g.friendly(src.ctrl, seat) for src in Q(g.s, g.cat).rule_sources(rule))


def _player_view(g: G, namer: Namer, seat: int) -> dict[str, Any]:
    p = g.p(seat)
    tech = []
    for b in p.tech:
        tech.append({"kind": b.kind, "status": b.status, "damage": b.damage, "hp": BUILDINGS[b.kind][1]})
    addon = None
    if p.addon is not None:
        addon = {
            "kind": p.addon.kind,
            "status": p.addon.status,
            "damage": p.addon.damage,
            "hp": BUILDINGS[p.addon.kind][1],
            "spec": p.addon.spec,
        }
    home = base_seat(g.s, seat)
    return {
        "seat": seat,
        "name": f"p{seat + 1}",
        "team": p.team,
        "heroes": [g.cat[h].name for h in p.heroes],
        "specs": list(p.specs),
        "gold": p.gold,
        "workers": p.workers,
        "hand": len(p.hand),
        "deck": len(p.deck),
        "discard": len(p.discard),
        "removed": len(p.removed),
        # In 2v2 both partners show their team's one base; `shared_with` names the seat that holds it.
        "base": {"hp": base_hp(g.s), "damage": g.p(home).base_damage, "shared_with": home if home != seat else None},
        "tech": tech,
        "addon": addon,
        "tech2_spec": p.tech2_spec,
        "command": [{"uid": u, "label": namer.thing(u, True), "cooldown": p.cooldown.get(u, 0)} for u in p.command],
        "patrol": {SLOTS[i]: (namer.thing(u, True) if u else None) for i, u in enumerate(p.patrol)},
        "lending": [{"label": namer.thing(u, True), "to": to, "slot": SLOTS[i]} for u, to, i in p.lend],
        "ended": p.ended,
        "tech_pick": "open" if p.tech_open and p.tech_pick is None else "made" if p.tech_open else "closed",
        "hired_this_turn": p.hired == g.s.turn,
        "future": [{"label": namer.thing(u, True), "time_runes": n} for u, n in sorted(p.future.items())],
        **({"hand_cards": [namer.thing(u, True) for u in p.hand]} if p.hand and hand_revealed(g, seat) else {}),
        **{zone: [namer.thing(u, True) for u in uids] for zone, uids in sorted(p.zones.items()) if uids},
    }


def _why(why: str, tech: int = 0) -> str:
    """A hand card's reason it cannot be played (or reached), as the view keeps it: English, as the hand's
    picture shows it (drawn once for every reader)."""
    return english(t("codex-why-not", why=why, tech=tech))


def _next_turn_reach(p: Any, f: Any, cost: int | None) -> str | None:
    """None if the card is within reach on the owner's next turn as things stand (gold after the upkeep's
    income); else the reason it is not. Only a guide: the opponent's turn may change everything."""
    if cost is None:
        return _why("hero-in-play") if f.type == "spell" else _why("tech", f.tech or 0)
    if cost > min(20, p.gold + p.workers):  # gold never goes above 20
        return _why("gold")
    return None


def _hand_entries(g: G, qq: Q, namer: Namer, seat: int) -> list[dict[str, Any]]:
    """The seat's hand with the printed facts, the cost now, and whether (or why not) it can be played."""
    p = g.p(seat)
    playable = {int(a.args[0]) for a in legal(g, seat, A.PLAY)}
    my_turn = g.s.phase == "main" and g.on_turn(seat) and not g.p(seat).ended
    busy = g.s.pending is not None or bool(g.s.queue)
    out = []
    for u in p.hand:
        card = g.card_of(u)
        f = card.facts
        cost = play_cost(g, qq, seat, card)
        why = None
        if u not in playable:
            if cost is None:
                why = _why("no-hero") if f.type == "spell" else _why("tech", f.tech or 0)
            elif not my_turn:
                why = _why("not-your-turn")
            elif busy:
                why = _why("choice-first")
            elif cost > p.gold:
                why = _why("gold")
            else:
                why = _why("no-target") if f.type == "spell" else _why("not-now")
        out.append(
            {
                "uid": u,
                "label": namer.thing(u, True),
                "name": f.name,
                "card": f.id,
                "type": f.type,
                "subtypes": list(f.subtypes),
                "atk": f.atk,
                "hp": f.hp,
                "tech": f.tech,
                "reminder": f.reminder,
                "cost": cost,
                "playable": u in playable,
                "why_not": why,
                "next_turn": _next_turn_reach(p, f, cost),
            }
        )
    return out


def build_view(g: G, viewer: int | None, to_move: list[int]) -> dict[str, Any]:
    s = g.s
    qq = Q(s, g.cat)
    namer = Namer(g, viewer if viewer is not None else -1)
    out: dict[str, Any] = {
        "game": "codex",
        "mode": mode_of(s),
        "turn": s.turn,
        "active": s.active,
        "turn_seats": turn_seats(s),
        "phase": s.phase,
        "to_move": to_move,
        "players": [_player_view(g, namer, p.seat) for p in s.players],
        "in_play": [_thing_view(g, qq, namer, u) for u in sorted(s.things)],
        "result": deep(s.result) if s.result else None,
        "tiebreak": list(s.tiebreak["seats"]) if s.tiebreak else None,
        "last_turn": last_turn(s, g.cat),
    }
    if s.combat is not None:
        c = s.combat
        out["combat"] = {
            "attacker": namer.ref(c["a"], True) if c["a"] in s.cards else None,
            "target": namer.ref(c["t"], True),
        }
    if s.pending is not None:
        pend = s.pending
        shown: dict[str, Any] = {"kind": pend["kind"], "seat": pend["seat"], "prompt": pend["prompt"]}
        if viewer == pend["seat"]:
            shown["options"] = [choice_label(g, namer, pend, o, True) for o in pend["options"]]
        out["pending"] = shown
    if viewer is not None and 0 <= viewer < len(s.players):
        p = g.p(viewer)
        out["you"] = {
            "seat": viewer,
            "hand": _hand_entries(g, qq, namer, viewer),
            "discard": [namer.thing(u, True) for u in p.discard],
            "workers": [namer.thing(u, True) for u in p.worker_cards],
            "codex": {g.cat[c].name: n for c, n in sorted(p.codex.items())},
            "tech_pick": [g.cat[c].name for c in p.tech_pick] if p.tech_pick is not None else None,
            "deck": len(p.deck),
        }
    return out


def view_lines(view: dict[str, Any]) -> list[str]:
    """A few lines beside the board image: your hand, what you owe, a pending choice (in English, as the
    platform reads a game's lines today; each is a catalogue message, see `line_messages`)."""
    return [english(line) for line in line_messages(view)]


def line_messages(view: dict[str, Any]) -> list[Msg]:
    """The view's lines as messages."""
    lines: list[Msg] = []
    you = view.get("you")
    if you is not None:
        hand = [
            t("codex-hand-card", card=name, cost=cost) if cost is not None else name
            for name, cost in _copies([(c["name"], c.get("cost")) for c in you["hand"]])
        ]
        lines.append(t("codex-your-hand", cards=joined(hand, ", ")) if hand else t("codex-your-hand-empty"))
        me = view["players"][you["seat"]]
        if view.get("active") != you["seat"] and not view.get("result") and you["hand"]:
            lines.append(_next_turn_line(you["hand"]))
        if me.get("tech_pick") in ("open", "made"):
            pick = you.get("tech_pick")
            if pick is None:
                lines.append(t("codex-tech-owed"))
            else:
                lines.append(t("codex-tech-choice", cards=joined(pick, ", ") if pick else t("codex-none")))
    pending = view.get("pending")
    if pending is not None:
        lines.append(t("codex-decides", seat=f"p{pending['seat'] + 1}", prompt=str(pending["prompt"])))
        if "options" in pending:
            lines.append(t("codex-options", options=joined(pending["options"], ", ")))
    if view.get("tiebreak") and not view.get("result"):
        lines.append(t("codex-tied", players=listing([f"p{x + 1}" for x in view["tiebreak"]])))
    if view.get("result"):
        winners = [f"p{w + 1}" for w in view["result"]["winners"]]
        lines.append(t("codex-over", winners=listing(winners), count=len(winners)))
    return lines


def _copies(cards: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """(name, detail) pairs with alike copies made one, in first-seen order: ("Tenderfoot ×2", detail)."""
    counts = Counter(cards)
    return [
        (name if counts[(name, detail)] == 1 else f"{name} ×{counts[(name, detail)]}", detail)
        for name, detail in counts
    ]


def _next_turn_line(hand: list[dict[str, Any]]) -> Msg:
    """What the hand could do on the seat's next turn, judged with the gold it will have after income."""
    ready = [name for name, _ in _copies([(c["name"], None) for c in hand if c.get("next_turn") is None])]
    later = [
        t("codex-hand-card-why", card=name, why=why)
        for name, why in _copies([(c["name"], c["next_turn"]) for c in hand if c.get("next_turn") is not None])
    ]
    parts: list[Msg] = []
    if ready:
        parts.append(t("codex-within-reach", cards=joined(ready, ", ")))
    if later:
        parts.append(t("codex-not-yet", cards=joined(later, ", ")))
    return t("codex-next-turn", reach=joined(parts, "; "))

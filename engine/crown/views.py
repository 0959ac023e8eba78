"""What each seat may see. Public: the board (buildings, controllers, defenders face up, minions), the
display and offer, deck and stack sizes, every participant's VP, resources, gold, minions, graveyard,
hand and battle-card counts, the top card of each battle discard, the AI's hand. Private: one's own
warriors in hand, battle cards, discard pile, fate card, and in a battle one's face-down attackers and
chosen card. Nobody: the order of any deck, the undealt fate cards, the cards in the box.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.crown.ctx import CITADEL, G
from engine.crown.turns import fate_points
from engine.crown.zones import building_vp
from engine.i18n import Msg, listing, t

JSON = Any
SHOWN = 12
"""Choices listed beside a private view; the rest are counted."""


def _name(g: G, who: int | None) -> str | None:
    if who is None:
        return None
    return g.who(who)


def _warriors(g: G, ids: list[str]) -> list[dict[str, JSON]]:
    return [warrior_info(g, w) for w in ids]


def warrior_info(g: G, wid: str) -> dict[str, JSON]:
    w = g.w(wid)
    out: dict[str, JSON] = {"name": w.name, "type": w.type, "attack": w.attack, "level": w.level}
    if w.cost:
        out["cost"] = {k: n for k, n in w.cost}
    if w.robot:
        out["robot"] = w.robot
    return out


def building_info(g: G, bid: str) -> dict[str, JSON]:
    b = g.d.buildings[bid]
    return {
        "name": b.name,
        "level": b.level,
        "cost": b.cost,
        "vp": b.vp,
        "supply": {k: n for k, n in b.supply},
        "tribute": b.tribute,
        "resurrection": b.resurrection,
    }


def _area(g: G, index: int) -> dict[str, JSON]:
    s = g.s
    a = s.area(index)
    out: dict[str, JSON] = {
        "name": g.area_name(index),
        "owner": _name(g, a.owner),
        "defenders": _warriors(g, a.defenders),
        "fortified": [[g.w(x).name, g.w(y).name] for where, x, y in s.fortified if where == index],
    }
    if index == CITADEL:
        out["king"] = s.king
        out["vp"] = g.d.citadel_vp(len(s.sides), s.round)
        out["spaces"] = [
            {"id": sp.id, "modifier": sp.modifier, "taken": _name(g, a.battle[i]) if sp.single else None}
            for i, sp in enumerate(g.d.citadel_spaces)
        ]
        out["front"] = [g.who(x) for x in s.front]
        return out
    many = len(s.sides) >= 3
    out["stack"] = [g.d.buildings[b].name for b in a.stack]
    out["top"] = building_info(g, a.stack[-1]) if a.stack else None
    out["vp"] = building_vp(g, a)
    out["gather"] = [
        {"taken": _name(g, who), "open": many or not g.d.regions[index].dashed[i]} for i, who in enumerate(a.gather)
    ]
    out["battle"] = [_name(g, who) for who in a.battle]
    return out


def _side(g: G, i: int) -> dict[str, JSON]:
    side = g.side(i)
    out: dict[str, JSON] = {
        "name": g.who(i),
        "lord": side.lord,
        "ai": side.ai,
        "vp": side.vp,
        "resources": dict(side.res),
        "gold": side.gold,
        "minions": side.minions,
        "hand": len(side.hand),
        "graveyard": [g.w(w).name for w in side.grave],
        "battle_cards": len(side.cards),
        "discard_top": side.discard[-1] if side.discard else None,
        "royal": side.royal,
        "refreshed": side.refreshed,
    }
    if g.advanced and not side.ai:
        out["token"] = side.token
    if side.ai:
        out["warriors"] = _warriors(g, side.hand)  # the AI plays openly
    return out


def build_view(g: G, viewer: int | None, to_move: list[int], options: list[str]) -> JSON:
    s = g.s
    view: dict[str, JSON] = {
        "game": "crown",
        "data": g.d.name,
        "provisional": g.d.provisional,
        "mode": s.options["mode"],
        "round": s.round,
        "active": _name(g, s.active) if s.queue else None,
        "to_move": [g.who(x) for x in to_move],
        "stage": s.stage,
        "order": [g.who(x) for x in s.order],
        "turns_left": len(s.queue),
        "regions": [_area(g, i) for i in range(len(s.regions))],
        "citadel": _area(g, CITADEL),
        "display": [None if w is None else warrior_info(g, w) for w in s.display],
        "decks": {k: len(v) for k, v in s.decks.items()},
        "offer": [building_info(g, b) for b in s.offer],
        "stack": len(s.stack),
        "gold_space": [g.who(x) for x in s.gold_space],
        "build_space": [g.who(x) for x in s.build_space],
        "sides": [_side(g, i) for i in range(len(s.sides))],
        "last_battle": _last_battle(g),
    }
    if s.ai_index is not None:
        track = g.d.rules["warrior_track"]
        view["ai"] = {
            "deck": len(s.ai.get("deck", [])),
            "last_card": s.ai["used"][-1] if s.ai.get("used") else None,
            "track_level": track[int(s.ai.get("track", 0))],
        }
    if s.battle is not None:
        view["battle"] = _battle(g, viewer)
    if s.pending:
        head = s.pending[0]
        pending: dict[str, JSON] = {"kind": head["kind"]}
        pending["players"] = [g.who(int(x)) for x in head.get("seats", [head.get("seat", -1)])]
        if options:
            pending["options"] = options
        view["pending"] = pending
    if viewer is not None and 0 <= viewer < s.humans:
        side = g.side(viewer)
        you: dict[str, JSON] = {
            "player": g.who(viewer),
            "hand": _warriors(g, side.hand),
            "battle_cards": side.cards[:],
            "discard": side.discard[:],
            "fate": g.fate_label(side.fate) if side.fate else None,
        }
        if side.fate:
            you["fate_points"] = fate_points(g, viewer)[0]
        view["you"] = you
    if s.result is not None:
        view["result"] = {
            "winners": [g.who(w) for w in s.result["winners"]],
            "scores": {g.who(int(k)): v for k, v in s.result["scores"].items()},
            "fates": {g.who(i): g.fate_label(x.fate) for i, x in enumerate(s.sides) if x.fate},
        }
    return view


def _battle(g: G, viewer: int | None) -> JSON:
    b = g.s.battle
    assert b is not None
    attacker = int(b["attacker"])
    open_ = b["unmasked"] or b["revealed"] or g.side(attacker).ai or viewer == attacker
    out: dict[str, JSON] = {
        "attacker": g.who(attacker),
        "defender": g.who(int(b["defender"])),
        "area": g.area_name(int(b["area"])),
        "attackers": len(b["attackers"]),
        "chosen": [g.who(int(k)) for k in b["cards"] if not g.side(int(k)).ai],
    }
    if open_:
        out["warriors"] = _warriors(g, b["attackers"])
    if b["revealed"]:
        out["cards"] = {g.who(int(k)): v for k, v in b["cards"].items()}
        out["rolls"] = {g.who(int(k)): v for k, v in b["rolls"].items()}
    if viewer is not None and str(viewer) in b["cards"]:
        out["your_card"] = b["cards"][str(viewer)]
    return out


def _last_battle(g: G) -> JSON:
    last = g.s.last_battle
    if last is None:
        return None
    return {
        "attacker": g.who(int(last["attacker"])),
        "defender": g.who(int(last["defender"])),
        "area": g.area_name(int(last["area"])),
        "warriors": [g.w(w).name for w in last["warriors"]],
        "cards": {g.who(int(k)): v for k, v in last["cards"].items()},
        "rolls": {g.who(int(k)): v for k, v in last["rolls"].items()},
        "attack": last["atk"],
        "defence": last["dfn"],
        "attacker_won": last["won"],
    }


def hidden(g: G, seat: int | None) -> set[str]:
    """Labels (ids and names) only `seat` may know now; with None, those nobody may know. Robots in a deck
    are left out: each went back in plain sight; so is a stack made again from the set-aside buildings."""
    s = g.s
    if s.result is not None:
        return set()
    out: set[str] = set()
    if seat is None:
        for deck in s.decks.values():
            for w in deck:
                if not g.w(w).robot:
                    out |= {w, g.w(w).name}
        for x in [*([] if s.reshuffled else s.stack), *s.box]:
            if x in g.d.buildings:
                out |= {x, g.d.buildings[x].name}
            elif x in g.d.warriors:
                out |= {x, g.w(x).name}
            else:
                out |= {x, g.fate_label(x)}
        return out
    if not 0 <= seat < s.humans:
        return out
    fate = s.sides[seat].fate
    if fate:
        out |= {fate, g.fate_label(fate)}
    b = s.battle
    if b is not None and b["attacker"] == seat and not (b["unmasked"] or b["revealed"]):
        for w in b["attackers"]:
            out |= {w, g.w(w).name}
    return out


@lru_cache(maxsize=4096)
def english(msg: Msg) -> str:
    """A message rendered once: the same sentences come again and again."""
    return str(msg)


def view_lines(view: JSON) -> list[str]:
    """A seat's hand, battle cards, fate card and resources, and the choice it owes."""
    you = view.get("you")
    if not isinstance(you, dict):
        return []
    hand = [w["name"] for w in you["hand"]]
    lines: list[Msg] = [t("crown-line-hand", warriors=listing(hand) if hand else t("crown-nobody"))]
    lines.append(
        t("crown-line-cards", cards=listing(you["battle_cards"]) if you["battle_cards"] else t("crown-nobody"))
    )
    if you["fate"]:
        lines.append(t("crown-line-fate", fate=you["fate"], points=you.get("fate_points", 0)))
    mine = next(x for x in view["sides"] if x["name"] == you["player"])
    res = mine["resources"]
    lines.append(
        t(
            "crown-line-stock",
            bones=res["bones"],
            ash=res["ash"],
            sulfur=res["sulfur"],
            blood=res["blood"],
            gold=mine["gold"],
            vp=mine["vp"],
        )
    )
    battle = view.get("battle")
    if isinstance(battle, dict) and "your_card" in battle:
        lines.append(t("crown-line-your-card", card=battle["your_card"]))
    pending = view.get("pending")
    if isinstance(pending, dict) and "options" in pending:
        shown = pending["options"][:SHOWN]
        lines.append(t("crown-line-choice", options="; ".join(shown), more=len(pending["options"]) - len(shown)))
    return [english(line) for line in lines]

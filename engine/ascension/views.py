"""What each seat may see: everything on the table (row, piles, discard piles, cards in play, Honor,
Samael's pile), the sizes of hands and decks, and one's own hand. Deck order is known to nobody.

Cards on the table appear by name; one's own hand by label ("Mystic#3"), so the leak audits would find
it in any other seat's view.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.ascension.cards import Card
from engine.ascension.ctx import G
from engine.ascension.events import player, unlabelled
from engine.ascension.story import last_turn
from engine.ascension.turns import samael_score, score
from engine.i18n import Msg, listing, t

JSON = Any


def card_info(g: G, uid: int) -> dict[str, JSON]:
    card: Card = g.card(uid)
    out: dict[str, JSON] = {"card": card.name, "type": card.type, "cost": card.cost}
    if card.faction:
        out["faction"] = card.faction
    if card.type == "monster":
        out["reward"] = card.reward
    else:
        out["honor"] = card.vp
    return out


def build_view(g: G, viewer: int | None, to_move: list[int], options: list[str]) -> JSON:
    """`options`: the notation of the pending choice's answers, shown to the chooser only."""
    s = g.s
    view: dict[str, JSON] = {
        "game": "ascension",
        "mode": "solo" if s.solo else "multiplayer",
        "round": s.round,
        "active": player(s.active),
        "to_move": [player(x) for x in to_move],
        "reserve": s.reserve,
        "end_triggered": s.end_triggered,
        "runes": s.turn.runes,
        "power": s.turn.power,
        "mechana_runes": s.turn.mechana_runes,
        "discount": s.turn.discount,
        "row": [None if u is None else card_info(g, u) for u in s.row],
        "centre_deck": len(s.centre),
        "piles": {g.cat[k].name: len(v) for k, v in s.piles.items()},
        "cultist": card_info(g, s.cultist),
        "void": counted(g, s.void),
        "box": len(s.box),
        "players": [seat_view(g, seat) for seat in range(len(s.players))],
        "last_turn": last_turn(s),
    }
    if s.solo:
        view["samael"] = {
            "cards": [g.name(u) for u in s.samael],
            "honor": s.samael_honor,
            "score": samael_score(g),
            "last": [dict(x, card=g.cat[x["card"]].name) for x in s.samael_last],
        }
    if s.pending is not None:
        chooser = int(s.pending["seat"])
        pending: dict[str, JSON] = {"player": player(chooser), "kind": s.pending["kind"]}
        pending["card"] = g.name(int(s.pending["src"]))
        if viewer == chooser:
            pending["options"] = options
        view["pending"] = pending
    if viewer is not None and 0 <= viewer < len(s.players):
        p = s.players[viewer]
        view["you"] = {
            "player": player(viewer),
            "hand": [g.label(u) for u in p.hand],
            "score": score(g, viewer),
        }
    if s.result is not None:
        view["result"] = {
            "winners": [player(w) for w in s.result["winners"]],
            "scores": dict(s.result["scores"]),
            **({"samael": s.result["samael"]} if "samael" in s.result else {}),
        }
    return view


def counted(g: G, cards: list[int]) -> dict[str, int]:
    """A pile as card name -> copies, names in order of first appearance."""
    out: dict[str, int] = {}
    for uid in cards:
        name = g.name(uid)
        out[name] = out.get(name, 0) + 1
    return out


def construct_view(g: G, uid: int) -> dict[str, JSON]:
    prefix = f"{uid}:"
    used = sorted(k[len(prefix) :] for k in g.s.turn.used if k.startswith(prefix))
    return {"card": g.name(uid), "used": used}


def seat_view(g: G, seat: int) -> dict[str, JSON]:
    s = g.s
    p = s.players[seat]
    return {
        "name": player(seat),
        "honor": p.honor,
        "hand": len(p.hand),
        "deck": len(p.deck),
        "discard": counted(g, p.discard),
        "played": [g.name(u) for u in p.played],
        "constructs": [construct_view(g, u) for u in p.constructs],
        "first": seat == s.first,
        "out": p.out,
    }


@lru_cache(maxsize=4096)
def english(msg: Msg) -> str:
    """A message rendered once: the same few lines and sentences come again and again."""
    return str(msg)


def view_lines(view: JSON) -> list[str]:
    """A seat's hand, resources and score, and the choice it owes, beside its private picture."""
    you = view.get("you")
    if not isinstance(you, dict):
        return []
    copies: dict[str, int] = {}
    for label in you["hand"]:
        copies[unlabelled(label)] = copies.get(unlabelled(label), 0) + 1
    hand = [name if n == 1 else t("ascension-line-copies", card=name, n=n) for name, n in copies.items()]
    lines = [t("ascension-line-hand", cards=listing(hand)) if hand else t("ascension-line-empty-hand")]
    if view["active"] == you["player"]:
        lines.append(
            t(
                "ascension-line-resources",
                runes=view["runes"],
                power=view["power"],
                mechana=view["mechana_runes"],
                discount=view["discount"],
            )
        )
    mine = next(p for p in view["players"] if p["name"] == you["player"])
    lines.append(t("ascension-line-honor", honor=mine["honor"], score=you["score"], reserve=view["reserve"]))
    pending = view.get("pending")
    if isinstance(pending, dict):
        if "options" in pending:
            lines.append(t("ascension-line-choice", options="; ".join(pending["options"])))
        else:
            lines.append(t("ascension-line-waiting", player=pending["player"]))
    return [english(line) for line in lines]

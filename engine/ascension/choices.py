"""What a decision may pick: targets in the row and the piles, cards in a hand, Heroes to copy.

Copies of one card are the same card to the rules, so a target is offered once per name; in solo, where
a card's place in the row decides what Samael takes next, each copy in the row is offered with its slot.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from engine.ascension.cards import CULTIST, PILES, Card
from engine.ascension.ctx import G

Target = tuple[int, int]
"""(card number, slot 1-6 in the row; 0 for a pile or the Cultist)."""


def row_targets(g: G, keep: Callable[[Card], bool]) -> list[Target]:
    s = g.s
    cards, catalogue, every_copy = s.cards, g.cat.cards, s.solo
    seen: set[str] = set()
    out: list[Target] = []
    for slot, uid in enumerate(s.row):
        if uid is None:
            continue
        card_id = cards[uid]
        if (card_id in seen and not every_copy) or not keep(catalogue[card_id]):
            continue
        seen.add(card_id)
        out.append((uid, slot + 1))
    return out


def pile_targets(g: G, keep: Callable[[Card], bool]) -> list[Target]:
    return [(pile[-1], 0) for key in PILES if (pile := g.s.piles[key]) and keep(g.cat[key])]


def distinct(g: G, cards: list[int]) -> Iterator[int]:
    """One card per name, in the order first met."""
    seen: set[str] = set()
    for uid in cards:
        card_id = g.s.cards[uid]
        if card_id not in seen:
            seen.add(card_id)
            yield uid


def banish_options(g: G, pending: dict[str, Any]) -> list[tuple[str, str, int]]:
    """(card id, zone, slot) of each card the banish may take."""
    where = str(pending["from"])
    p = g.s.players[int(pending["seat"])]
    out: list[tuple[str, str, int]] = []
    if where == "row":
        return [(g.s.cards[u], "row", slot) for u, slot in row_targets(g, lambda c: "unbanishable" not in c.static)]
    if where in ("hand", "hand_or_discard"):
        out += [(g.s.cards[u], "hand", 0) for u in distinct(g, p.hand)]
    if where in ("discard", "hand_or_discard"):
        out += [(g.s.cards[u], "discard", 0) for u in distinct(g, p.discard)]
    return out


def free_defeat_options(g: G, most: int) -> list[Target]:
    """Monsters of the row costing `most` Power or less, and the Cultist."""
    out = row_targets(g, lambda c: c.type == "monster" and c.cost <= most)
    if g.cat[CULTIST].cost <= most:
        out.append((g.s.cultist, 0))
    return out


def free_acquire_options(g: G, pending: dict[str, Any]) -> list[Target]:
    """Heroes of the row (and, with option free_acquire = row_and_piles, the Hero piles) up to the cost."""
    most = pending.get("max")

    def fits(c: Card) -> bool:
        return c.type == "hero" and (most is None or c.cost <= int(most))

    out = row_targets(g, fits)
    if g.s.options.get("free_acquire", "row_and_piles") == "row_and_piles":
        out += pile_targets(g, fits)
    return out


def copy_options(g: G, seat: int, src: int) -> list[int]:
    """Other Heroes played this turn whose effect Twofold Askara may copy (never an Askara: no loops)."""
    played = [
        u for u in g.s.players[seat].played if u != src and "copy_hero" not in {op["op"] for op in g.card(u).play}
    ]
    return list(distinct(g, played))


def courier_ready(g: G, seat: int) -> int | None:
    """A Rocket Courier X-99 of `seat`'s whose once-a-turn use is still free, if any."""
    for uid in g.s.players[seat].constructs:
        if "mechana_to_hand" in g.card(uid).static and f"{uid}:courier" not in g.s.turn.used:
            return uid
    return None

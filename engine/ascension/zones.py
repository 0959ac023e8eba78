"""Moving cards: draws and reshuffles, the centre row and its refill, banishing, Honor from the reserve.

Every card that leaves the centre row is replaced at once (rulebook FAQ: the row is whole whenever anyone
decides anything). In solo the row slides right and refills from the left.
"""

from __future__ import annotations

from engine.ascension.cards import PILES, STARTERS
from engine.ascension.ctx import G

ROW = 6
SAMAEL = -1
"""The seat number Honor gains use for Samael."""


def deck_key(seat: int | None) -> str:
    """The name chance fixing uses for a deck: "deck:p1", or "centre" for the centre deck."""
    return "centre" if seat is None else f"deck:p{seat + 1}"


def _take_top(g: G, deck: list[int], key: str) -> int:
    """The top card of `deck`, or the next card chance was fixed to give (moved to the top first). A wish
    the deck cannot meet yet (the card is in the discard pile) waits for the reshuffle."""
    wanted = g.s.fixed.get(key)
    if wanted:
        at = next((i for i, u in enumerate(deck) if g.s.cards[u] == wanted[0]), None)
        if at is not None:
            wanted.pop(0)
            if not wanted:
                del g.s.fixed[key]
            deck.insert(0, deck.pop(at))
    return deck.pop(0)


def shuffle(g: G, cards: list[int]) -> list[int]:
    out = cards[:]
    g.rand().shuffle(out)
    return out


def draw(g: G, seat: int, n: int) -> list[int]:
    """Draw up to `n` cards, reshuffling the discard pile when the deck runs out (never the cards in play).
    With deck and discard both empty, the rest are not drawn."""
    p = g.s.players[seat]
    drawn: list[int] = []
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                break
            p.deck = shuffle(g, p.discard)
            p.discard = []
            g.emit("shuffle", seat=seat, n=len(p.deck))
        drawn.append(_take_top(g, p.deck, deck_key(seat)))
    if drawn:
        p.hand.extend(drawn)
        g.emit("draw", frozenset({seat}), seat=seat, cards=[g.label(u) for u in drawn])
        g.emit("drew", seat=seat, n=len(drawn))
    return drawn


def take_from_row(g: G, slot: int) -> int:
    """Take the card in `slot` out of the row, leaving a gap (solo: the cards to its left slide right, so
    the gap is at the left end). Call `fill_row` once the card is where it goes."""
    row = g.s.row
    uid = row[slot]
    assert uid is not None
    if g.s.solo:
        del row[slot]
        row.insert(0, None)
    else:
        row[slot] = None
    return uid


def fill_row(g: G) -> None:
    """Fill every gap of the row from the centre deck; an empty centre deck is the Void shuffled. With both
    empty, the gap waits for a card."""
    s = g.s
    for slot in range(ROW):
        if s.row[slot] is not None:
            continue
        if not s.centre:
            if not s.void:
                continue
            s.centre = shuffle(g, s.void)
            s.void = []
            g.emit("centre_shuffle", n=len(s.centre))
        uid = _take_top(g, s.centre, deck_key(None))
        s.row[slot] = uid
        g.emit("refill", slot=slot + 1, card=g.name(uid))


def banish(g: G, uid: int) -> str:
    """Put a card banished from a player's hand or discard pile (or the row) where it goes: starting cards
    to the box, Mystic and Heavy Infantry back to their pile, everything else to the Void."""
    card_id = g.s.cards[uid]
    if card_id in STARTERS:
        g.s.box.append(uid)
        return "box"
    if card_id in PILES:
        g.s.piles[card_id].append(uid)
        return "pile"
    g.s.void.append(uid)
    return "void"


def gain_honor(g: G, seat: int, n: int) -> None:
    """Take `n` Honor from the reserve (what it lacks comes from the box: the gain is never cut). Taking
    the last token triggers the end of the game."""
    if n <= 0:
        return
    s = g.s
    taken = min(n, s.reserve)
    s.reserve -= taken
    if seat == SAMAEL:
        s.samael_honor += n
    else:
        s.players[seat].honor += n
    g.emit("honor", seat=seat, n=n, reserve=s.reserve)
    if taken and s.reserve == 0 and not s.end_triggered:
        s.end_triggered = True
        # Solo ends with the turn in which the reserve ran out; the multiplayer game with the round.
        g.emit("reserve_empty", seat=seat, ends="turn" if s.solo else "round")

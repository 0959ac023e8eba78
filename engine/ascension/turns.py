"""Setup, the end of a turn, Samael's turn in solo, the end of the game and its scoring.

Rulebook: each player has 8 Apprentices and 2 Militia, shuffled, 5 in hand; the centre deck is shuffled
and 6 cards turned up; the Honor reserve holds 30 per player (50 solo). A turn ends with the Heroes played
and the hand going to the discard pile and five new cards drawn. Taking the last Honor of the reserve ends
the game at the end of the round (solo: at the end of that turn), so everyone has as many turns.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.ascension.cards import CULTIST, PILES, Catalog
from engine.ascension.ctx import G
from engine.ascension.state import Player, State, Turn
from engine.ascension.zones import ROW, SAMAEL, draw, fill_row, gain_honor, shuffle, take_from_row

HAND = 5
RESERVE_PER_PLAYER = 30
RESERVE_SOLO = 50
SAMAEL_TAKES = 2


def reserve_for(players: int) -> int:
    return RESERVE_SOLO if players == 1 else RESERVE_PER_PLAYER * players


def card_list(cat: Catalog, players: int, options: Mapping[str, Any]) -> list[str]:
    """Every card of the match, numbered in a fixed order: each player's starting deck, the piles, the
    Cultist, then the centre deck (Wind Tyrant 3 times for the 100-card deck, twice for 99)."""
    out: list[str] = []
    starting = [c for c in cat.cards.values() if c.kind == "starting"]
    for _ in range(players):
        for c in starting:
            out += [c.id] * c.copies
    for key in PILES:
        out += [key] * cat[key].copies
    out.append(CULTIST)
    short = int(options.get("centre_deck", 100)) == 99
    for c in cat.cards.values():
        if c.kind == "centre":
            out += [c.id] * (c.copies_99 if short else c.copies)
    return out


def new_state(cat: Catalog, players: int, options: Mapping[str, Any], seed: int) -> State:
    """The cards laid out, nothing shuffled yet: decks in card order, the whole centre deck face down."""
    cards = card_list(cat, players, options)
    per_player = sum(c.copies for c in cat.cards.values() if c.kind == "starting")
    seats = [Player(deck=list(range(i * per_player, (i + 1) * per_player))) for i in range(players)]
    piles = {key: [u for u, cid in enumerate(cards) if cid == key] for key in PILES}
    cultist = cards.index(CULTIST)
    centre = [u for u, cid in enumerate(cards) if cat[cid].kind == "centre"]
    return State(
        seed=seed,
        options=dict(options),
        cards=cards,
        players=seats,
        row=[None] * ROW,
        centre=centre,
        piles=piles,
        cultist=cultist,
        reserve=reserve_for(players),
    )


def setup(cat: Catalog, players: int, options: Mapping[str, Any], seed: int) -> G:
    g = G(new_state(cat, players, options, seed), cat)
    s = g.s
    for seat, p in enumerate(s.players):
        p.deck = shuffle(g, p.deck)
        g.emit("shuffle", seat=seat, n=len(p.deck))
        draw(g, seat, HAND)
    s.centre = shuffle(g, s.centre)
    g.emit("centre_shuffle", n=len(s.centre))
    fill_row(g)
    first = str(options.get("first_player", "random"))
    if players == 1:
        s.first = 0
    elif first == "random":
        s.first = g.rand().randrange(players)
    else:
        s.first = int(first[1:]) - 1
    s.active = s.first
    g.emit("turn", seat=s.first, round=1, extra=False)
    return g


# ------------------------------------------------------------------------------------------ end of turn


def end_turn(g: G) -> None:
    s = g.s
    seat = s.active
    p = s.players[seat]
    g.emit("end_turn", seat=seat, kept=[g.name(u) for u in p.hand])
    p.discard += p.played + p.hand
    p.played, p.hand = [], []
    s.turn = Turn()
    draw(g, seat, HAND)
    advance(g)


def order(s: State, seat: int) -> int:
    return (seat - s.first) % len(s.players)


def next_seat(s: State, seat: int) -> int | None:
    n = len(s.players)
    return next(((seat + i) % n for i in range(1, n + 1) if not s.players[(seat + i) % n].out), None)


def start_turn(g: G, seat: int, *, extra: bool = False) -> None:
    s = g.s
    s.active = seat
    s.turn_no += 1
    s.turn = Turn()
    g.emit("turn", seat=seat, round=s.round, extra=extra)


def advance(g: G) -> None:
    """Who plays next: an extra turn, else (solo) Samael then the player, else the next seat; the game ends
    instead when the reserve is empty and a new round would begin (solo: at the end of that turn)."""
    s = g.s
    if s.solo:
        if s.end_triggered:
            finish(g)
            return
        if s.extra_turns:
            s.extra_turns -= 1
            start_turn(g, 0, extra=True)
            return
        samael_turn(g)
        if s.end_triggered:
            finish(g)
            return
        s.round += 1
        start_turn(g, 0)
        return
    if s.extra_turns:
        s.extra_turns -= 1
        start_turn(g, s.active, extra=True)
        return
    nxt = next_seat(s, s.active)
    assert nxt is not None
    if order(s, nxt) <= order(s, s.active):
        if s.end_triggered:
            finish(g)
            return
        s.round += 1
    start_turn(g, nxt)


def samael_turn(g: G) -> None:
    """Samael takes the two rightmost cards of the row, one after the other (the row slides and refills
    between): Heroes and Constructs are set aside for him, Monsters go to the Void and give him only their
    Honor. He pays nothing."""
    s = g.s
    s.samael_last = []
    g.emit("samael_turn")
    for _ in range(SAMAEL_TAKES):
        if s.row[ROW - 1] is None:
            g.emit("samael_idle")
            continue
        uid = take_from_row(g, ROW - 1)
        card = g.card(uid)
        if card.acquirable:
            s.samael.append(uid)
            s.samael_last.append({"card": card.id, "how": "acquire", "honor": 0})
            g.emit("samael_acquires", card=card.name)
        else:
            s.void.append(uid)
            s.samael_last.append({"card": card.id, "how": "defeat", "honor": card.reward})
            g.emit("samael_defeats", card=card.name, honor=card.reward)
        fill_row(g)
        if not card.acquirable:
            gain_honor(g, SAMAEL, card.reward)


# ------------------------------------------------------------------------------------------- the end


def score(g: G, seat: int) -> int:
    """Honor tokens plus the printed Honor of every card the player owns, wherever it is."""
    p = g.s.players[seat]
    return p.honor + sum(g.card(u).vp for u in p.owned())


def samael_score(g: G) -> int:
    return g.s.samael_honor + sum(g.card(u).vp for u in g.s.samael)


def placements(s: State, scores: Mapping[int, int], tie_rule: str) -> dict[int, int]:
    """Highest Honor first. Ties: the tied player later in turn order wins (the rulebook: "the one who
    played last"), or with tie_rule = shared they share the place. Resigned players come last."""

    def key(seat: int) -> tuple[int, int, int]:
        later = order(s, seat) if tie_rule == "later" else 0
        return (int(s.players[seat].out), -scores[seat], -later)

    ranked = sorted(scores, key=key)
    places: dict[int, int] = {}
    for i, seat in enumerate(ranked):
        prev = ranked[i - 1] if i else None
        places[seat] = places[prev] if prev is not None and key(prev) == key(seat) else i + 1
    return places


def finish(g: G, reason: str = "normal") -> None:
    s = g.s
    scores = {seat: score(g, seat) for seat in range(len(s.players))}
    result: dict[str, Any] = {"reason": reason, "scores": {str(k): v for k, v in scores.items()}}
    if s.solo:
        theirs = samael_score(g)
        won = reason == "normal" and scores[0] > theirs
        result.update(winners=[0] if won else [], placements={"0": 1 if won else 2}, samael=theirs)
        g.emit("game_over", scores=[scores[0]], samael=theirs, winners=result["winners"])
    else:
        places = placements(s, scores, str(s.options.get("tie_rule", "later")))
        winners = sorted(seat for seat, place in places.items() if place == 1)
        result.update(winners=winners, placements={str(k): v for k, v in places.items()})
        g.emit("game_over", scores=[scores[x] for x in range(len(s.players))], winners=winners)
    s.result = result
    s.queue = []
    s.pending = None


def resign(g: G, seat: int) -> None:
    """The player leaves: solo, the game is lost; with others, their turns are skipped and they are placed
    last, and when one player is left the game ends. A choice they owed is dropped."""
    s = g.s
    g.emit("resign", seat=seat)
    if s.solo:
        finish(g, "resign")
        return
    s.players[seat].out = True
    left = [x for x in range(len(s.players)) if not s.players[x].out]
    if len(left) == 1:
        finish(g, "resign")
        return
    if s.pending is not None and s.pending["seat"] == seat:
        s.pending = None
    if seat == s.active:
        s.pending, s.queue = None, []
        p = s.players[seat]
        p.discard += p.played + p.hand
        p.played, p.hand = [], []
        s.turn = Turn()
        advance(g)

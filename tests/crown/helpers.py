"""Small tools for Crown of Ash's tests: a set-up state to shape by hand, moves by notation, events."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core import Event
from engine.crown import GAME
from engine.crown.ctx import G
from engine.crown.data import load
from engine.crown.position import _remove
from engine.crown.state import State

D = load("provisional")
OPTIONS = GAME.default_options()


def wid(name: str) -> str:
    return D.by_name[name.lower()]


def region(name: str) -> int:
    index = D.region_index(name)
    assert index is not None
    return index


def fresh(players: int = 2, seed: int = 1, **options: Any) -> State:
    return GAME.setup(players, {**OPTIONS, **options}, seed)


def active(state: State, seat: int) -> State:
    """A copy whose turn is `seat`'s, with a minion to place and nothing pending."""
    s = state.clone()
    others = [i for i in range(len(s.sides)) if i != seat]
    s.order = [seat, *others]
    s.queue = [seat, *others] * 2
    s.stage, s.started, s.pending, s.battle = "place", False, [], None
    return s


def mover(state: State) -> int:
    """The seat that owes a move (of two choosing battle cards at once, the lower)."""
    return min(GAME.to_move(state))


def act(state: State, *moves: str, seat: int | None = None) -> tuple[State, list[Event]]:
    """Play the moves in notation, each by `seat` or by whoever owes the move; the events of all of them."""
    events: list[Event] = []
    for text in moves:
        who = mover(state) if seat is None else seat
        step = GAME.apply(state, who, GAME.parse_action(state, who, text))
        state, events = step.state, events + list(step.events)
    return state, events


def legal(state: State, seat: int | None = None) -> list[str]:
    who = mover(state) if seat is None else seat
    return [GAME.describe_action(state, who, a) for a in GAME.legal_actions(state, who)]


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def of(events: Iterable[Event], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == kind]


def sentences(events: Iterable[Event], viewer: int | None = None) -> list[str]:
    out = []
    for e in events:
        if e.visible_to(viewer):
            text = GAME.describe_event(e, viewer)
            if text:
                out.append(text)
    return out


def fix(state: State, what: str, *values: Any) -> State:
    return GAME.fix_chance(state, what, list(values))


def g(state: State) -> G:
    return G(state)


def two_players(seed: int = 1) -> State:
    """Two players, p1 to move: p1 holds Desert (Bone Orchard) and Volcano (Sulfur Spring), p2 Forest
    (Ash Copse) and Village (Blood Well); Coast and Mountains are free; nobody defends anything."""
    s = fresh(2, seed=seed)
    for r in s.regions:
        r.stack, r.owner, r.defenders = [], None, []
    for name, bid, who in (("Desert", "B01", 0), ("Volcano", "B03", 0), ("Forest", "B02", 1), ("Village", "B04", 1)):
        area = s.regions[region(name)]
        area.stack, area.owner = [bid], who
    for side in s.sides:
        side.hand = []
    return active(s, 0)


def give(s: State, seat: int, *names: str) -> None:
    """`seat` holds exactly these warriors, each taken from wherever it was (the display refilled later
    is not needed by the tests: a slot may stay empty)."""
    for w in s.sides[seat].hand:
        (s.decks[str(D.warriors[w].level)] if D.warriors[w].level else s.box).append(w)
    s.sides[seat].hand = []
    for name in names:
        _remove(s, wid(name))
        s.sides[seat].hand.append(wid(name))


def garrison(s: State, area: int, *names: str) -> None:
    a = s.area(area)
    a.defenders = []
    for name in names:
        _remove(s, wid(name))
        a.defenders.append(wid(name))

"""Seeded random playouts of the real Codex engine, for golden boards and the how-to images.

A playout is fully determined by (seed, options, number of moves): the one driver (engine/playout.py)
lets the first seat owing a move act, and the weights below draw from `random.Random(seed)` over the
engine's legal actions, which come in a deterministic order. A golden
test freezes such a triple and checks that the position still has the property it was chosen for, so
an engine change that moves the playout elsewhere fails with a clear message rather than a silently
different picture. To find new triples after such a change:

    .venv/bin/python -m tests.codex.render.playouts
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.codex import GAME, State
from engine.core import Action, Event
from engine.playout import Style, play

WEIGHTS: dict[str, float] = {
    "attack": 6.0,
    "play": 5.0,
    "summon": 6.0,
    "level": 3.0,
    "build": 3.0,
    "worker": 2.0,
    "patrol": 4.0,
    "unpatrol": 0.05,
    "end": 1.0,
    "destroy": 0.05,
}
"""Busier than the engine tests' weights: more patrolling and levelling gives fuller boards."""


@dataclass(slots=True)
class Move:
    seat: int
    action: Action
    events: tuple[Event, ...]
    turn: int
    """The turn number the move was made in."""


@dataclass(slots=True)
class Playout:
    seed: int
    options: dict[str, Any]
    state: State
    moves: list[Move] = field(default_factory=list)

    def view(self, seat: int | None = None, *, last_turn: bool = True) -> dict[str, Any]:
        """The engine's view; `last_turn=False` drops its `last_turn` field (a board without highlights)."""
        view: dict[str, Any] = GAME.view(self.state, seat)
        if not last_turn:
            view.pop("last_turn", None)
        return view


def choose(r: random.Random, actions: list[Action]) -> Action:
    return r.choices(actions, [WEIGHTS.get(a.verb, 1.0) for a in actions])[0]


def steps(
    seed: int, options: dict[str, Any] | None = None, max_moves: int = 3000, players: int = 2
) -> Iterator[Playout]:
    """The playout after 0, 1, 2, ... moves (the same object, advanced in place): the one driver's, with
    the seat owing a move that comes first acting and the weights above choosing."""
    opts = dict(options or {})
    style = Style(choose=choose, first_seat=True)
    driven = play(GAME, players, seed, opts, style=style, step_cap=max_moves, rng=random.Random(seed))
    first = next(driven)
    play_ = Playout(seed, opts, first.state)
    yield play_
    for played in driven:
        assert played.move is not None and played.move.action is not None
        play_.moves.append(Move(played.move.seat, played.move.action, played.step.events, played.before.turn))
        play_.state = played.state
        yield play_


def replay(seed: int, moves: int, options: dict[str, Any] | None = None, players: int = 2) -> Playout:
    """The position after exactly `moves` moves of the seeded playout."""
    for at in steps(seed, options, players=players):
        if len(at.moves) == moves:
            return at
    raise AssertionError(f"the playout of seed {seed} ended before move {moves}: the engine changed; see playouts.py")


# ------------------------------------------------------------------------------------------ predicates

Predicate = Callable[[dict[str, Any]], bool]


def table_options(mode: str, players: int) -> dict[str, Any]:
    """Options of a 2v2 or free-for-all golden: the basic heroes for everyone, so a colour's new cards never
    move the position."""
    return {
        "mode": mode,
        "first_player": "p1",
        **{f"hero{i + 1}": ["troq-bashar", "river-montoya"] for i in range(players)},
    }


def _patrollers(view: dict[str, Any]) -> int:
    return sum(1 for p in view["players"] for x in p["patrol"].values() if x)


def team_fight(view: dict[str, Any]) -> bool:
    """2v2 under way: four or more patrollers, a team base hurt, a hero in play."""
    return (
        view["result"] is None
        and _patrollers(view) >= 4
        and any(p["base"]["damage"] >= 3 for p in view["players"])
        and any(t["type"] == "hero" for t in view["in_play"])
    )


def lent_patrol(view: dict[str, Any]) -> bool:
    """Free-for-all with a fighter lent to another player's zone and two bases hurt."""
    return (
        view["result"] is None
        and any(t.get("lent_by") is not None for t in view["in_play"])
        and sum(1 for p in view["players"] if p["base"]["damage"]) >= 2
        and _patrollers(view) >= 5
    )


def patrol_full(view: dict[str, Any]) -> bool:
    return view["result"] is None and any(all(p["patrol"].values()) for p in view["players"])


def hero_at_max(view: dict[str, Any]) -> bool:
    return view["result"] is None and any(t["type"] == "hero" and t["level"] >= t["max_level"] for t in view["in_play"])


def buildings_damaged(view: dict[str, Any]) -> bool:
    """Damaged tech buildings and add-ons, one destroyed, one going up, and a dented base."""
    if view["result"] is not None:
        return False
    buildings = [b for p in view["players"] for b in [*p["tech"], *([p["addon"]] if p["addon"] else [])]]
    damaged = sum(1 for b in buildings if b["status"] == "built" and b["damage"] > 0)
    destroyed = any(b["status"] == "destroyed" for b in buildings)
    going_up = any(b["status"] == "building" for b in buildings)
    bases = all(p["base"]["damage"] > 0 for p in view["players"])
    return damaged >= 2 and destroyed and going_up and bases


def game_over(view: dict[str, Any]) -> bool:
    return view["result"] is not None


def busy_hand(view: dict[str, Any]) -> bool:
    """A private view worth drawing: a full hand of mixed card kinds and a tech choice made."""
    you = view.get("you")
    if you is None or view["result"] is not None:
        return False
    names = {c["name"] for c in you["hand"]}
    playable = sum(1 for c in you["hand"] if c["cost"] is not None)
    return len(you["hand"]) >= 5 and len(names) >= 4 and 0 < playable < len(you["hand"]) and bool(you["tech_pick"])


def find(predicate: Predicate, seeds: range, seat: int | None = None) -> tuple[int, int] | None:
    """The first (seed, moves) whose view satisfies `predicate`."""
    for seed in seeds:
        for at in steps(seed):
            if predicate(at.view(seat)):
                return seed, len(at.moves)
    return None


if __name__ == "__main__":  # pragma: no cover - a search tool, not a test
    for name, pred, seat in [
        ("patrol_full", patrol_full, None),
        ("hero_at_max", hero_at_max, None),
        ("buildings_damaged", buildings_damaged, None),
        ("game_over", game_over, None),
        ("busy_hand p1", busy_hand, 0),
    ]:
        print(name, find(pred, range(200), seat))

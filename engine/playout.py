"""The one playout driver: a whole game from setup to its end, by seeded random choice or by bot policies.

Tests, selfplay, the bench, the soak and the render samples all play games through `play`, so each check
runs in one pass over the same playout and a game's step cap comes from its own declaration
(`GameInfo.step_cap`). The driver yields every step; callers look at what they need and stop when they
like. Callers whose states live elsewhere (a match in the service, a database) pick each move with
`choose_move`, the same choice `play` makes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import JSON, Action, Game, GameError, Seat, Step
from engine.policy import Policy


@dataclass(frozen=True, slots=True)
class Move:
    """One entry of a playout's log; `action` None is a resignation (the protocol has no action for it)."""

    seat: Seat
    action: Action | None


@dataclass(frozen=True, slots=True)
class Played:
    """One step of a playout: the state before (None for setup), the move, and what it gave."""

    index: int
    before: Any
    move: Move | None
    step: Step[Any]

    @property
    def state(self) -> Any:
        return self.step.state


@dataclass
class Style:
    """How a random playout wanders off the main road, where platforms usually break.

    `revise`: the chance a seat that may only revise a secret choice acts instead of one owing a move;
    `resign`: the chance per step that a random seat resigns; `choose`: a game's own bias over the
    legal actions (to reach the end sooner, or fuller boards), as fn(rng, legal) -> action;
    `first_seat`: the lowest seat owing a move acts, with no draw for the seat (a playout frozen by
    (seed, moves) for a picture stays the same when seats are added to `to_move`'s order).
    """

    revise: float = 0.0
    resign: float = 0.0
    choose: Callable[[random.Random, list[Action]], Action] | None = None
    first_seat: bool = False


@dataclass
class Playout:
    """The log of a finished (or capped) playout, enough to replay it."""

    game: Game[Any]
    players: int
    options: dict[str, JSON]
    seed: int
    moves: list[Move] = field(default_factory=list)
    final: Any = None
    finished: bool = False


def play(
    game: Game[Any],
    players: int,
    seed: int,
    options: Mapping[str, JSON] | None = None,
    *,
    policies: Sequence[Policy] | None = None,
    style: Style | None = None,
    step_cap: int | None = None,
    record: Playout | None = None,
    rng: random.Random | None = None,
    reload: Callable[[Any], Any] | None = None,
) -> Iterator[Played]:
    """Yield setup (index 0, `before` None, the opening events) and then every move until the game ends
    or `step_cap` (default: the game's own) moves were made; a capped playout leaves `record.finished`
    False. With `policies` each seat's bot picks from its own view; otherwise the choice is seeded random.

    `rng`: the stream the choices are drawn from (default: one derived from the game and the seed).
    `reload`: what the next move is made on, given the state a step gave: a caller that stores states
    between moves (as the service does, in JSON) carries on from what it would read back.
    """
    opts = {**game.default_options(), **(options or {})}
    style = style or Style()
    cap = game.info.step_cap if step_cap is None else step_cap
    rng = rng or random.Random(f"playout:{game.name}:{seed}")
    state = game.setup(players, opts, seed)
    if record is not None:
        record.game, record.players, record.options, record.seed = game, players, opts, seed
    yield Played(0, None, None, Step(state, tuple(game.opening_events(state))))
    for index in range(1, cap + 1):
        if game.outcome(state) is not None:
            break
        chosen = choose_move(game, state, rng, players=players, policies=policies, style=style)
        if chosen is None:
            raise AssertionError(f"{game.name}: nobody may move but the game is not over (seed {seed})")
        seat, action = chosen
        if action is None:
            try:
                step = game.resign(state, seat)
            except GameError:
                continue  # a game without a resignation rule: the platform handles it, not the engine
        else:
            step = game.apply(state, seat, action)
        move = Move(seat, action)
        if record is not None:
            record.moves.append(move)
        yield Played(index, state, move, step)
        state = step.state if reload is None else reload(step.state)
    if record is not None:
        record.final = state
        record.finished = game.outcome(state) is not None


def choose_move(
    game: Game[Any],
    state: Any,
    rng: random.Random,
    *,
    players: int = 0,
    policies: Sequence[Policy] | None = None,
    style: Style | None = None,
) -> tuple[Seat, Action | None] | None:
    """The next move of a playout: a seat and its action (None: that seat resigns), or None when nobody
    may move. `players` is needed only for a style that resigns."""
    style = style or Style()
    if style.resign and rng.random() < style.resign:
        return rng.randrange(players), None
    seats = game.may_act(state) if style.revise and rng.random() < style.revise else game.to_move(state)
    order = sorted(seats)[:1] if style.first_seat else rng.sample(sorted(seats), len(seats))
    for seat in order:
        legal = game.legal_actions(state, seat)
        if not legal:
            continue
        if policies is not None:
            return seat, policies[seat].choose(game, game.view(state, seat), seat, legal, rng)
        return seat, (rng.choice(legal) if style.choose is None else style.choose(rng, legal))
    return None


def play_out(
    game: Game[Any],
    players: int,
    seed: int,
    options: Mapping[str, JSON] | None = None,
    **kwargs: Any,
) -> Playout:
    """Play a whole game and return its log (the steps are not kept)."""
    record = Playout(game, players, {}, seed)
    for _ in play(game, players, seed, options, record=record, **kwargs):
        pass
    return record


def replay(game: Game[Any], log: Playout) -> Iterator[Step[Any]]:
    """Setup and every move of `log` again, from its seed alone: replays must give the same steps."""
    state = game.setup(log.players, log.options, log.seed)
    yield Step(state, tuple(game.opening_events(state)))
    for move in log.moves:
        step = game.resign(state, move.seat) if move.action is None else game.apply(state, move.seat, move.action)
        yield step
        state = step.state

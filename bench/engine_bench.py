"""Pure-engine figures: complete random playouts per second, apply and legal_actions latency, and the
size of the snapshots a playout stores."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from bench.util import compact_json, percentile, random_playout, rounded
from engine.core import Game


@dataclass(frozen=True)
class EngineBudget:
    playout_seconds: float = 3.0
    """How long the throughput loop runs (it always finishes at least `min_playouts`)."""
    min_playouts: int = 3
    timed_playouts: int = 5
    """Playouts whose every apply, legal_actions and snapshot is measured one by one."""
    max_actions: int = 5_000


def engine_figures(game: Game[Any], *, seed: int = 1, budget: EngineBudget | None = None) -> dict[str, Any]:
    budget = budget or EngineBudget()
    players = game.min_players
    options = game.default_options()

    # 1. Throughput: nothing but to_move, legal_actions, a random choice and apply, game after game.
    done = unfinished = moves = 0
    started = time.perf_counter()
    while done + unfinished < budget.min_playouts or time.perf_counter() - started < budget.playout_seconds:
        game_seed = seed * 1_000_003 + done + unfinished
        finished, made = random_playout(game, players, game_seed, budget.max_actions, options)
        moves += made
        if finished:
            done += 1
        else:
            unfinished += 1
    elapsed = time.perf_counter() - started

    # 2. Latency of each call, and the snapshot after every step, on a few more playouts.
    apply_us: list[float] = []
    legal_us: list[float] = []
    sizes: list[int] = []
    for i in range(budget.timed_playouts):
        game_seed = seed * 7_919 + i
        rng = random.Random(game_seed)
        state = game.setup(players, options, game_seed)
        sizes.append(len(compact_json(game.to_json(state)).encode()))
        for _ in range(budget.max_actions):
            if game.outcome(state) is not None:
                break
            seats = sorted(game.to_move(state))
            if not seats:
                break
            seat = rng.choice(seats)
            t0 = time.perf_counter_ns()
            legal = game.legal_actions(state, seat)
            t1 = time.perf_counter_ns()
            legal_us.append((t1 - t0) / 1000)
            if not legal:
                break
            action = rng.choice(legal)
            t0 = time.perf_counter_ns()
            state = game.apply(state, seat, action).state
            t1 = time.perf_counter_ns()
            apply_us.append((t1 - t0) / 1000)
            sizes.append(len(compact_json(game.to_json(state)).encode()))

    return {
        "players": players,
        "playouts_per_s": rounded(done / elapsed, 2) if elapsed else 0.0,
        "actions_per_playout": rounded(moves / max(1, done + unfinished), 1),
        "unfinished_playouts": unfinished,
        "apply_us_p50": rounded(percentile(apply_us, 50), 1),
        "apply_us_p99": rounded(percentile(apply_us, 99), 1),
        "legal_actions_us_p50": rounded(percentile(legal_us, 50), 1),
        "legal_actions_us_p99": rounded(percentile(legal_us, 99), 1),
        "snapshot_bytes_p50": int(percentile(sizes, 50)),
        "snapshot_bytes_max": max(sizes, default=0),
    }

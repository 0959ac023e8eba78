"""Pure-engine figures: complete random playouts per second, apply and legal_actions latency, and the
size of the snapshots a playout stores."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from bench.util import compact_json, percentile, rounded
from engine.core import Game
from engine.playout import play, play_out


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
        log = play_out(game, players, seed * 1_000_003 + done + unfinished, options, step_cap=budget.max_actions)
        moves += len(log.moves)
        done, unfinished = (done + 1, unfinished) if log.finished else (done, unfinished + 1)
    elapsed = time.perf_counter() - started

    # 2. Latency of each call, and the snapshot after every step, on a few more playouts: each move is made
    # once more on the state before it (apply is pure), timed alone.
    apply_us: list[float] = []
    legal_us: list[float] = []
    sizes: list[int] = []
    for i in range(budget.timed_playouts):
        for played in play(game, players, seed * 7_919 + i, options, step_cap=budget.max_actions):
            sizes.append(len(compact_json(game.to_json(played.state)).encode()))
            if played.move is None or played.move.action is None:
                continue
            seat, action = played.move.seat, played.move.action
            t0 = time.perf_counter_ns()
            game.legal_actions(played.before, seat)
            t1 = time.perf_counter_ns()
            game.apply(played.before, seat, action)
            t2 = time.perf_counter_ns()
            legal_us.append((t1 - t0) / 1000)
            apply_us.append((t2 - t1) / 1000)

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

"""A fixed amount of engine work, for comparing two versions of a game's rules (a dev tool).

Plays `--playouts` random games of fixed seeds through nothing but `to_move`, `legal_actions`, a random
choice and `apply`, exactly as `bench.engine_bench`'s throughput loop does, and prints the time they took.
Because the work is the same on every run, whole-process timers (or an instruction counter) can compare
two commits:

    python -m bench.codex.engine_speed --mode 1-hero --playouts 6
    python -m bench.codex.engine_speed --mode standard --playouts 4 --profile   # the top of a cProfile
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from bench.util import game_by_name
from engine.playout import play_out

SEATS = {"1-hero": 2, "standard": 2, "2v2": 4, "ffa": 4}


def play_fixed(mode: str, playouts: int, seed: int = 1, max_actions: int = 5_000) -> tuple[int, int]:
    """Play the seeded games (the seeds `engine_bench` uses); returns (finished games, actions)."""
    game = game_by_name("codex")
    options: dict[str, Any] = {**game.default_options(), "mode": mode}
    done = moves = 0
    for i in range(playouts):
        log = play_out(game, SEATS[mode], seed * 1_000_003 + i, options, step_cap=max_actions)
        done += log.finished
        moves += len(log.moves)
    return done, moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", choices=sorted(SEATS), default="1-hero")
    parser.add_argument("--playouts", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile instead")
    args = parser.parse_args(argv)
    game_by_name("codex")  # load the game (and its card data) outside the timed part
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.runcall(play_fixed, args.mode, args.playouts, args.seed)
        stats = pstats.Stats(prof).sort_stats("cumulative")
        stats.print_stats(45)
        stats.sort_stats("tottime").print_stats(30)
        return
    started, cpu = time.perf_counter(), time.process_time()
    done, moves = play_fixed(args.mode, args.playouts, args.seed)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(
        f"{args.mode}: {done}/{args.playouts} finished, {moves} actions, {elapsed:.2f} s ({cpu:.2f} s CPU), "
        f"{done / elapsed:.2f} playouts/s"
    )


if __name__ == "__main__":
    main()

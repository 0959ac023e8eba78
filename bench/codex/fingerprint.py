"""A replay fingerprint of the Codex engine: seeded random playouts in every mode, hashed step by step.

An optimisation of the engine must not change a single state, event or legal-move list. This plays fixed
seeds (the 1-hero game, the standard game, 2v2 and a four-player free-for-all, with the default and with
random heroes), hashes at every step the snapshot (`to_json`), the events and the mover's legal actions in
order, and prints one sha256 per mode and one for everything. Compare the output before and after a change:

    python -m bench.codex.fingerprint                 # print the digests
    python -m bench.codex.fingerprint --check FILE    # compare with digests saved earlier (exit 1 if any differs)
    python -m bench.codex.fingerprint --save FILE     # save them
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from typing import Any

from bench.util import compact_json, game_by_name

CASES: dict[str, tuple[int, dict[str, Any], int]] = {
    # name: (players, options beyond the defaults, playouts)
    "1-hero": (2, {}, 14),
    "1-hero-random": (2, {"hero1": "random", "hero2": "random"}, 14),
    "standard": (2, {"mode": "standard"}, 10),
    "2v2": (4, {"mode": "2v2"}, 6),
    "ffa-4": (4, {"mode": "ffa"}, 6),
}
MAX_ACTIONS = 3_000


def playout_digest(players: int, options: dict[str, Any], seed: int, sink: Any) -> int:
    """Feed one playout's every step to `sink` (a hash); returns how many actions it took."""
    game = game_by_name("codex")
    opts = {**game.default_options(), **options}
    rng = random.Random(seed)
    state = game.setup(players, opts, seed)
    sink.update(compact_json(game.to_json(state)).encode())
    sink.update(compact_json([e.to_json() for e in game.opening_events(state)]).encode())
    n = 0
    for _ in range(MAX_ACTIONS):
        if game.outcome(state) is not None:
            break
        movers = sorted(game.to_move(state))
        if not movers:
            break
        seat = rng.choice(movers)
        legal = game.legal_actions(state, seat)
        sink.update(compact_json([seat, [a.to_json() for a in legal]]).encode())
        if not legal:
            break
        step = game.apply(state, seat, rng.choice(legal))
        state = step.state
        n += 1
        sink.update(compact_json([e.to_json() for e in step.events]).encode())
        sink.update(compact_json(game.to_json(state)).encode())
    outcome = game.outcome(state)
    sink.update(compact_json(None if outcome is None else outcome.to_json()).encode())
    return n


def fingerprint(cases: dict[str, tuple[int, dict[str, Any], int]] = CASES) -> dict[str, str]:
    out: dict[str, str] = {}
    every = hashlib.sha256()
    for name, (players, options, count) in cases.items():
        h = hashlib.sha256()
        for i in range(count):
            playout_digest(players, options, 1_000 + i, h)
        out[name] = h.hexdigest()
        every.update(out[name].encode())
    out["all"] = every.hexdigest()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", metavar="FILE", help="compare with saved digests")
    parser.add_argument("--save", metavar="FILE", help="save the digests")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    digests = fingerprint()
    print(json.dumps(digests, indent=2))
    print(f"{time.perf_counter() - started:.1f} s", file=sys.stderr)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(digests, f, indent=2)
            f.write("\n")
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            saved = json.load(f)
        differ = sorted(k for k in saved if saved[k] != digests.get(k))
        if differ:
            print(f"DIFFERENT: {', '.join(differ)}", file=sys.stderr)
            return 1
        print("identical", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

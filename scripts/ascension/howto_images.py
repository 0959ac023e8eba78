#!/usr/bin/env python3
"""Regenerate the pictures of docs/ascension/howto.md from played positions of the real Ascension engine.

Developer tool, run by hand from the repository root:

    .venv/bin/python scripts/ascension/howto_images.py            # writes docs/ascension/images/*.png
    .venv/bin/python scripts/ascension/howto_images.py --bench    # board render times, p50/p99 of 200

The positions are the render goldens' (tests/ascension/render/positions.py): scenario positions with the
moves played from them, chosen to show what the how-to talks about (a busy turn, a choice, Samael, a Sea
Tyrant, the last round). Each is drawn with the renderer the bot uses.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from render import render_board, render_private  # noqa: E402
from tests.ascension.render.positions import BOARDS, HANDS, MIDGAME, Played  # noqa: E402

OUT = ROOT / "docs" / "ascension" / "images"
TITLE = "Ascension"

PICTURES: dict[str, Played] = {
    "board-start": BOARDS["start"],
    "hand-first-turn": Played(3, {}, seed=4, viewer=0),
    "board-midgame": BOARDS["midgame"],
    "hand-own-turn": HANDS["hand_own_turn"],
    "hand-choice": HANDS["hand_choice"],
    "board-turn-over": BOARDS["turn_over"],
    "board-sea-tyrant": BOARDS["sea_tyrant"],
    "board-solo": BOARDS["solo"],
    "board-game-over": BOARDS["game_over"],
}
"""File name (without .png) -> the position drawn; a viewer draws that seat's private picture."""


def draw(played: Played) -> bytes:
    view = played.view()
    if played.viewer is None:
        return render_board("ascension", TITLE, view)
    return render_private("ascension", TITLE, view)


def write_all() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, played in PICTURES.items():
        path = OUT / f"{name}.png"
        path.write_bytes(draw(played))
        print(f"wrote {path.relative_to(ROOT)}")


def bench(count: int = 200) -> None:
    views = [p.view() for p in (*BOARDS.values(), Played(3, MIDGAME, ("play all",)))]
    render_board("ascension", TITLE, views[0])
    times = []
    for i in range(count):
        started = time.perf_counter()
        render_board("ascension", TITLE, views[i % len(views)])
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    print(f"board render: p50 {statistics.median(times):.1f} ms, p99 {times[int(len(times) * 0.99) - 1]:.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", action="store_true", help="time board renders instead of writing pictures")
    args = parser.parse_args()
    if args.bench:
        bench()
    else:
        write_all()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

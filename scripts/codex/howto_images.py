#!/usr/bin/env python3
"""Regenerate the pictures of docs/codex/howto.md from a seeded playout of the real Codex engine.

Developer tool, run by hand from the repository root:

    .venv/bin/python scripts/codex/howto_images.py            # writes docs/codex/images/*.png
    .venv/bin/python scripts/codex/howto_images.py --bench    # board render times, p50/p99 of 200

One random playout (seed SEED, the policy of tests/codex/render/playouts.py) is walked from the setup
to the end, and the first position that shows each thing the how-to talks about is drawn with the
same renderer the bot uses. The boards include the `last_turn` field rebuilt from the playout's
events, which the engine's own view does not carry yet.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from render import render_board, render_private  # noqa: E402
from tests.codex.render import playouts  # noqa: E402

SEED = 8
OUT = ROOT / "docs" / "codex" / "images"

Pick = Callable[[playouts.Playout], bool]


def _public(play: playouts.Playout) -> dict[str, Any]:
    return play.view(None)


def _first_turn_hand(play: playouts.Playout) -> bool:
    return not play.moves


def _turn_just_began(play: playouts.Playout) -> bool:
    """The player to move has not acted yet this turn (tech picks aside): the board after a turn."""
    state = play.state
    return bool(play.moves) and not any(
        m.turn == state.turn and m.seat == state.active and m.action.verb != "tech" for m in play.moves
    )


def _first_turns_over(play: playouts.Playout) -> bool:
    """Just after a turn ended with at least three patrollers and a hero out."""
    view = _public(play)
    if view["turn"] < 5 or view["phase"] != "main" or not _turn_just_began(play):
        return False
    patrols = max(sum(1 for v in p["patrol"].values() if v) for p in view["players"])
    return patrols >= 3 and any(t["type"] == "hero" for t in view["in_play"])


def _tech_choice(play: playouts.Playout) -> bool:
    view = play.view(play.state.active ^ 1)
    return bool(view["you"]["tech_pick"]) and view["turn"] >= 4


def _hero_max(play: playouts.Playout) -> bool:
    return playouts.hero_at_max(_public(play)) and _turn_just_began(play)


def _over(play: playouts.Playout) -> bool:
    return playouts.game_over(_public(play))


# (file name, which picture, condition): the first position of the playout meeting the condition.
SHOTS: list[tuple[str, str, Pick]] = [
    ("board-start.png", "board", lambda play: not play.moves),
    ("hand-first-turn.png", "hand-active", _first_turn_hand),
    ("board-midgame.png", "board", _first_turns_over),
    ("hand-tech-choice.png", "hand-waiting", _tech_choice),
    ("board-hero-max.png", "board", _hero_max),
    ("board-game-over.png", "board", _over),
]


def _png(play: playouts.Playout, kind: str) -> bytes:
    if kind == "board":
        return render_board("codex", "Codex", play.view(None, last_turn=True))
    seat = play.state.active if kind == "hand-active" else play.state.active ^ 1
    return render_private("codex", "Codex · your view", play.view(seat))


def _save(png: bytes, path: Path) -> int:
    """Re-encoded with the slow, small settings: these files live in git and load in browsers."""
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", optimize=True)
    path.write_bytes(buffer.getvalue())
    return len(buffer.getvalue())


def write_images(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    pending = list(SHOTS)
    for play in playouts.steps(SEED):
        for shot in list(pending):
            name, kind, pick = shot
            if pick(play):
                size = _save(_png(play, kind), out / name)
                print(f"{name}: move {len(play.moves)}, turn {play.state.turn}, {size // 1024} KB")
                pending.remove(shot)
        if not pending:
            return
    raise SystemExit(f"seed {SEED} never showed: {', '.join(name for name, _, _ in pending)}; pick another SEED")


def write_table_image(out: Path) -> None:
    """The 2v2 board of the mode section: the position of the render golden `table_2v2`."""
    play = playouts.replay(0, 434, playouts.table_options("2v2", 4), players=4)
    size = _save(render_board("codex", "Codex", play.view(None, last_turn=True)), out / "board-2v2.png")
    print(f"board-2v2.png: move {len(play.moves)}, turn {play.state.turn}, {size // 1024} KB")


def bench(renders: int = 200) -> None:
    """p50/p99 of render_board (drawing and PNG encoding) over mid-game views of the playout."""
    views = [
        play.view(None, last_turn=True)
        for play in playouts.steps(SEED)
        if len(play.moves) % 10 == 5 and play.state.turn >= 6 and play.state.result is None
    ]
    for view in views[:5]:
        render_board("codex", "Codex", view)  # fonts and caches warm, as in a running bot
    wall: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    for i in range(renders):
        view = views[i % len(views)]
        start, start_cpu = time.perf_counter(), time.thread_time()
        png = render_board("codex", "Codex", view)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        sizes.append(len(png))

    def pct(values: list[float], p: int) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, len(ordered) * p // 100)]

    print(f"{renders} board renders of {len(views)} mid-game views (seed {SEED})")
    print(f"  wall ms: p50 {pct(wall, 50):.1f}  p99 {pct(wall, 99):.1f}  max {max(wall):.1f}")
    print(f"  cpu ms:  p50 {pct(cpu, 50):.1f}  p99 {pct(cpu, 99):.1f}  max {max(cpu):.1f}")
    print(f"  PNG KB:  median {statistics.median(sizes) / 1024:.0f}  max {max(sizes) / 1024:.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the PNGs (default: docs/codex/images)")
    parser.add_argument("--bench", action="store_true", help="measure board render times instead")
    args = parser.parse_args()
    if args.bench:
        bench()
    else:
        write_images(args.out)
        write_table_image(args.out)


if __name__ == "__main__":
    main()

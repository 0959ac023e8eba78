#!/usr/bin/env python3
"""Regenerate the pictures of docs/codex/howto.md from matches the greedy bot plays against itself.

Developer tool, run by hand from the repository root:

    .venv/bin/python scripts/codex/howto_images.py            # writes docs/codex/images/*.png
    .venv/bin/python scripts/codex/howto_images.py --bench    # board render times, p50/p99 of 200

The pictures come from sensible play, not random moves: every seat is played by the greedy bot
(engine/policy.py), which makes the move that looks best now. The 1-hero match is the rulebook's first one,
Troq Bashar (p1) against River Montoya (p2); the first position that shows each thing the how-to talks
about is drawn with the renderer the bot uses, and the last board is that match's real finish (a base
destroyed). The 2v2 picture comes from a greedy match in which each of the four players has a hero of
their own colour. After a change to the engine or the bot, run this again and check that the how-to's
captions (turn numbers, heroes, who won) still say what the pictures show.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from engine.codex import GAME  # noqa: E402
from engine.playout import play  # noqa: E402
from engine.policy import GreedyPolicy  # noqa: E402
from render import render_board, render_private  # noqa: E402

SEED = 1
"""The 1-hero match: seed 1 goes 23 turns, River Montoya reaches max level, and p1 wins by destroying p2's base."""
ONE_HERO = {"mode": "1-hero", "first_player": "p1", "hero1": "troq-bashar", "hero2": "river-montoya"}
TEAMS_SEED = 7
TEAMS = {
    "mode": "2v2",
    "first_player": "p1",
    "teams": "p1+p3",
    "hero1": "captain-zane",
    "hero2": "master-midori",
    "hero3": "general-onimaru",
    "hero4": "vandy-anadrose",
}
"""The 2v2 match: each player with a hero (and starter deck) of their own colour, red and blue against
green and black."""
OUT = ROOT / "docs" / "codex" / "images"


@dataclass(slots=True)
class Position:
    """A position of a bot match, and the moves that led to it: (seat, verb, turn the move was made in)."""

    state: Any
    moves: list[tuple[int, str, int]] = field(default_factory=list)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return GAME.view(self.state, seat)


def positions(players: int, seed: int, options: dict[str, Any]) -> Iterator[Position]:
    """Every position of a greedy bot match, from the setup to its end (the same object, advanced)."""
    bots = [GreedyPolicy()] * players
    driven = play(GAME, players, seed, options, policies=bots)
    at = Position(next(driven).state)
    yield at
    for played in driven:
        assert played.move is not None and played.move.action is not None
        at.moves.append((played.move.seat, played.move.action.verb, played.before.turn))
        at.state = played.state
        yield at


Pick = Callable[[Position], bool]


def _turn_just_began(at: Position) -> bool:
    """The player to move has not acted yet this turn (tech picks aside): the board right after a turn."""
    state = at.state
    return bool(at.moves) and not any(
        turn == state.turn and seat == state.active and verb != "tech" for seat, verb, turn in at.moves
    )


def _heroes_in_play(view: dict[str, Any]) -> int:
    return sum(1 for t in view["in_play"] if t["type"] == "hero")


def _first_turns_over(at: Position) -> bool:
    """Both heroes out, three patrollers standing, just after a turn ended."""
    view = at.view()
    if view["turn"] < 5 or view["phase"] != "main" or not _turn_just_began(at):
        return False
    patrols = max(sum(1 for v in p["patrol"].values() if v) for p in view["players"])
    return patrols >= 3 and _heroes_in_play(view) >= 2


def _tech_choice(at: Position) -> bool:
    """The waiting player's private view once their tech choice is made, mid-game."""
    view = at.view(at.state.active ^ 1)
    return bool(view["you"]["tech_pick"]) and view["turn"] >= 4 and len(view["you"]["hand"]) >= 4


def _hero_max(at: Position) -> bool:
    view = at.view()
    return (
        view["result"] is None
        and _turn_just_began(at)
        and any(t["type"] == "hero" and t["level"] >= t["max_level"] for t in view["in_play"])
    )


def _over(at: Position) -> bool:
    result = at.view()["result"]
    return result is not None and result["reason"] == "normal"


# (file name, which picture, condition): the first position of the match meeting the condition.
SHOTS: list[tuple[str, str, Pick]] = [
    ("board-start.png", "board", lambda at: not at.moves),
    ("hand-first-turn.png", "hand-active", lambda at: not at.moves),
    ("board-midgame.png", "board", _first_turns_over),
    ("hand-tech-choice.png", "hand-waiting", _tech_choice),
    ("board-hero-max.png", "board", _hero_max),
    ("board-game-over.png", "board", _over),
]


def _png(at: Position, kind: str) -> bytes:
    if kind == "board":
        return render_board("codex", "Codex", at.view())
    seat = at.state.active if kind == "hand-active" else at.state.active ^ 1
    return render_private("codex", "Codex · your view", at.view(seat))


def _save(png: bytes, path: Path) -> int:
    """Re-encoded with the slow, small settings: these files live in git and load in browsers."""
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", optimize=True)
    path.write_bytes(buffer.getvalue())
    return len(buffer.getvalue())


def _say(name: str, at: Position, size: int) -> None:
    view = at.view()
    heroes = "; ".join(
        f"p{i + 1} "
        + ", ".join(
            f"{t['name']} L{t['level']}" for t in view["in_play"] if t["controller"] == i and t["type"] == "hero"
        )
        for i in range(len(view["players"]))
    )
    print(f"{name}: move {len(at.moves)}, turn {view['turn']}, {size // 1024} KB · heroes in play: {heroes}")


def write_images(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    pending = list(SHOTS)
    for at in positions(2, SEED, ONE_HERO):
        for shot in list(pending):
            name, kind, pick = shot
            if pick(at):
                _say(name, at, _save(_png(at, kind), out / name))
                pending.remove(shot)
        if not pending:
            return
    raise SystemExit(f"seed {SEED} never showed: {', '.join(name for name, _, _ in pending)}; pick another SEED")


def _team_fight(at: Position) -> bool:
    """2v2 well under way: three heroes out, four patrollers, a team base hurt, just after a turn."""
    view = at.view()
    patrollers = sum(1 for p in view["players"] for x in p["patrol"].values() if x)
    return (
        view["result"] is None
        and view["turn"] >= 6
        and _turn_just_began(at)
        and _heroes_in_play(view) >= 3
        and patrollers >= 4
        and any(p["base"]["damage"] >= 3 for p in view["players"])
    )


def write_table_image(out: Path) -> None:
    """The 2v2 board of the mode section."""
    for at in positions(4, TEAMS_SEED, TEAMS):
        if _team_fight(at):
            _say("board-2v2.png", at, _save(render_board("codex", "Codex", at.view()), out / "board-2v2.png"))
            return
    raise SystemExit(f"seed {TEAMS_SEED} never showed a team fight; pick another TEAMS_SEED")


def bench(renders: int = 200) -> None:
    """p50/p99 of render_board (drawing and PNG encoding) over mid-game views of the match."""
    views = [
        at.view()
        for at in positions(2, SEED, ONE_HERO)
        if len(at.moves) % 10 == 5 and at.state.turn >= 6 and at.state.result is None
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

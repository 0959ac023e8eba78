"""Steps on workers: a player loses workers to the trash (Marauder, Detonate, Land Octopus).

Workers are face down and all alike (ruling): nobody picks which one goes. A player's workers are a count,
some of them hired cards (`worker_cards`); the worker that goes is drawn at random among all of them, and
when it is a hired card, that card is removed from the game (only its owner learns which).

`{"op": "trash workers", "n": 1, "from": "you" | "opponent" | "any" | "base hit"}`: with "any" (or several
opponents) the active player picks the player first, among those who have a worker. "base hit": the players
whose base the attack hit (the `defender` of an attack's trigger; both partners of a 2v2 team's shared base,
so the active player picks which of them loses it when both have workers).
"""

from __future__ import annotations

from typing import Any

from engine.codex import vocab
from engine.codex.ctx import G
from engine.codex.effects import does, one_opponent, opponent, resumer
from engine.codex.prompts import asked
from engine.codex.seats import base_seat
from engine.codex.stats import Ref


def _players(g: G, ctx: dict[str, Any], whose: str) -> list[int]:
    seat = ctx["ctl"]
    if whose == "you":
        seats = [seat]
    elif whose == "opponent":
        seats = [opponent(g, ctx)]
    elif whose == "base hit":
        home = base_seat(g.s, opponent(g, ctx))
        seats = [p.seat for p in g.s.players if base_seat(g.s, p.seat) == home]
    else:
        seats = list(range(len(g.s.players)))
    return [s for s in seats if g.p(s).workers > 0]


one_opponent("trash workers", "from", "you")


@does("trash workers")
def _trash_workers(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    seats = _players(g, ctx, op.get("from", "you"))
    if not seats:
        return
    if len(seats) == 1:
        trash_workers(g, seats[0], op.get("n", 1))
        return
    g.ask("worker_owner", [f"p{s + 1} workers" for s in seats], asked("worker_owner"), n=op.get("n", 1))


@resumer("worker_owner")
def resume_worker_owner(g: G, pending: dict[str, Any], choice: Any) -> None:
    trash_workers(g, int(str(choice)[1:].split()[0]) - 1, pending["n"])


def trash_workers(g: G, seat: int, n: int) -> int:
    """Remove up to `n` of `seat`'s workers from the game; returns how many went."""
    p = g.p(seat)
    gone = 0
    for _ in range(min(n, p.workers)):
        # Starting workers are not cards; a hired worker is. Which one goes is left to chance.
        pick = g.rng().randrange(p.workers) if p.worker_cards else p.workers
        p.workers -= 1
        gone += 1
        if pick < len(p.worker_cards):
            uid = p.worker_cards.pop(pick)
            p.removed.append(uid)
            g.emit("worker_trashed", private=seat, seat=seat, uid=uid)
    if gone:
        g.emit("workers_lost", seat=seat, n=gone, workers=p.workers)
    return gone


vocab.add_op("trash workers", ("n", "from"))

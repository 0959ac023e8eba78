"""The AI's choice of warriors: the strongest set (attack plus empowerment), ties broken by preferring
warriors that are not robots, then fewer level points, then the current defenders, then the lowest ids."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from engine.crown.ctx import G
from engine.crown.zones import strength


def best_set(g: G, pool: Sequence[str], cap: int, current: Sequence[str] = ()) -> tuple[str, ...]:
    """The strongest group of at most `cap` warriors from `pool` (empty only if `pool` is)."""
    best: tuple[str, ...] = ()
    best_key: tuple[int, int, int, int, tuple[str, ...]] | None = None
    unique = sorted(set(pool))
    for n in range(1, min(cap, len(unique)) + 1):
        for group in combinations(unique, n):
            key = (
                strength(g, list(group)),
                -sum(1 for w in group if g.w(w).robot),
                -sum(g.w(w).level for w in group),
                sum(1 for w in group if w in current),
                tuple(_negated(w) for w in group),
            )
            if best_key is None or key > best_key:
                best, best_key = group, key
    return best


def _negated(wid: str) -> str:
    """Sorts the lowest id highest, so `max` prefers it."""
    return "".join(chr(0x10FFFF - ord(c)) for c in wid)


def defence(g: G, area: int) -> int:
    """How well a region is defended, for the target card: its defenders' total attack."""
    return sum(g.w(w).attack for w in g.s.area(area).defenders)

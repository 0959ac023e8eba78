"""Multi-seat pairing: players sit at tables (pods) of the game's size, grouped by points.

Table sizes: with BALANCED fill the fewest tables are used and sizes differ by at most one (10
players at 4-seat tables that allow 3: 4, 3, 3); with FULL fill every table is full and the rest get
byes (10 players: 4, 4 and two byes). When no split fits the allowed sizes, the fewest players
possible get byes, chosen by the bye order.

Seating: the standings are cut into tables top to bottom, then players are swapped between tables
while a swap lowers, in this order, (1) the number of pairs at a table who already shared one, and
(2) the spread of points at each table (the sum of squared point gaps between table-mates). A swap
search can stop in a local best, so it is repeated from a few seeded random seatings and the best
seating found wins. The result is repeatable for the same seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from app.tournament.model import PodFill, TournamentError
from app.tournament.swiss import Unit

RESTARTS = 12


def pod_sizes(players: int, seats: int, smallest: int, fill: PodFill) -> tuple[list[int], int]:
    """Table sizes (largest first) and the number of byes."""
    if players < smallest:
        raise TournamentError(f"A table needs at least {smallest} players; {players} are in.")
    if fill is PodFill.FULL:
        full, rest = divmod(players, seats)
        if rest >= smallest:
            return [seats] * full + [rest], 0
        return [seats] * full, rest
    for byes in range(players):
        seated = players - byes
        tables = math.ceil(seated / seats)
        if seated // tables >= smallest:
            bigger = seated % tables
            return [seated // tables + 1] * bigger + [seated // tables] * (tables - bigger), byes
    raise AssertionError("unreachable: one full table always fits")


def repeats(table: Sequence[Unit]) -> int:
    """Pairs at this table who have shared a table before, counted once per earlier meeting."""
    return sum(table[i].meetings(table[j]) for i in range(len(table)) for j in range(i + 1, len(table)))


def spread(table: Sequence[Unit]) -> float:
    return sum((table[i].points - table[j].points) ** 2 for i in range(len(table)) for j in range(i + 1, len(table)))


def cost(tables: Sequence[Sequence[Unit]]) -> tuple[int, float]:
    return sum(repeats(t) for t in tables), sum(spread(t) for t in tables)


def seat(units: Sequence[Unit], sizes: Sequence[int], rng: random.Random) -> list[list[Unit]]:
    """Seat `units` (best first, byes already taken out) at tables of the given sizes, best table first."""
    if sum(sizes) != len(units):
        raise AssertionError("table sizes must seat every unit")
    starts = [list(units)]
    for _ in range(RESTARTS):
        shuffled = list(units)
        rng.shuffle(shuffled)
        starts.append(shuffled)
    best: list[list[Unit]] | None = None
    best_cost: tuple[int, float] | None = None
    for start in starts:
        tables = _improve(_cut(start, sizes))
        found = cost(tables)
        if best_cost is None or found < best_cost:
            best, best_cost = tables, found
    assert best is not None
    for table in best:
        table.sort(key=lambda unit: unit.rank)
    best.sort(key=lambda table: table[0].rank)
    return best


def _cut(order: Sequence[Unit], sizes: Sequence[int]) -> list[list[Unit]]:
    tables, at = [], 0
    for size in sizes:
        tables.append(list(order[at : at + size]))
        at += size
    return tables


def _share(unit: Unit, others: Sequence[Unit]) -> tuple[int, float]:
    """What one unit adds to a table's cost when seated with `others`."""
    return (
        sum(unit.meetings(other) for other in others),
        sum((unit.points - other.points) ** 2 for other in others),
    )


def _improve(tables: list[list[Unit]]) -> list[list[Unit]]:
    """Swap players between tables while a swap lowers the cost (first improvement, fixed scan order)."""
    improved = True
    while improved:
        improved = False
        for a in range(len(tables)):
            for b in range(a + 1, len(tables)):
                for i in range(len(tables[a])):
                    for j in range(len(tables[b])):
                        if _swap_gain(tables[a], i, tables[b], j) < (0, 0.0):
                            tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                            improved = True
    return tables


def _swap_gain(left: list[Unit], i: int, right: list[Unit], j: int) -> tuple[int, float]:
    x, y = left[i], right[j]
    left_rest = left[:i] + left[i + 1 :]
    right_rest = right[:j] + right[j + 1 :]
    before = [_share(x, left_rest), _share(y, right_rest)]
    after = [_share(y, left_rest), _share(x, right_rest)]
    return (
        sum(s[0] for s in after) - sum(s[0] for s in before),
        sum(s[1] for s in after) - sum(s[1] for s in before),
    )

"""Multi-seat pairing: players sit at tables (pods) of the game's size, grouped by points.

Table sizes: with BALANCED fill the fewest tables are used and sizes differ by at most one (10
players at 4-seat tables that allow 3: 4, 3, 3); with FULL fill every table is full and the rest get
byes (10 players: 4, 4 and two byes). When no split fits the allowed sizes, the fewest players
possible get byes, chosen by the bye order.

Seating minimises, in this order, (1) the number of pairs at a table who already shared one, (2) how
often those pairs met, and (3) the spread of points at each table (the sum of squared point gaps
between table-mates), so tables
group players by points as far as avoiding repeats allows. A local search (swapping players between
tables, from the standings cut top to bottom and from a few seeded random seatings) finds a good
seating. If it still has repeats, a branch-and-bound search over every seating looks for fewer,
within a budget that small fields never reach, so for them the repeats are the fewest there can be.
Repeatable for the same seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import combinations

from app.tournament.model import PodFill, TournamentError
from app.tournament.swiss import Unit
from engine.i18n import t

RESTARTS = 12
Cost = tuple[int, int, float]
SEARCH_BUDGET = 20_000  # tables the exhaustive search tries before it settles for the best found


def pod_sizes(players: int, seats: int, smallest: int, fill: PodFill) -> tuple[list[int], int]:
    """Table sizes (largest first) and the number of byes."""
    if players < smallest:
        raise TournamentError(t("app-tournament-table-players", smallest=smallest, players=players))
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
    """Pairs at this table who have shared a table before."""
    return sum(1 for i in range(len(table)) for j in range(i + 1, len(table)) if table[i].meetings(table[j]))


def _pair_cost(a: Unit, b: Unit) -> Cost:
    met = a.meetings(b)
    return (1 if met else 0, met, (a.points - b.points) ** 2)


def _add(*costs: Cost) -> Cost:
    return (sum(c[0] for c in costs), sum(c[1] for c in costs), sum(c[2] for c in costs))


def cost(tables: Sequence[Sequence[Unit]]) -> Cost:
    """(pairs who met before, their earlier meetings, squared point gaps), summed over all tables."""
    return _add(*(_pair_cost(t[i], t[j]) for t in tables for i in range(len(t)) for j in range(i + 1, len(t))))


def seat(units: Sequence[Unit], sizes: Sequence[int], rng: random.Random) -> list[list[Unit]]:
    """Seat `units` (best first, byes already taken out) at tables of the given sizes, best table first."""
    if sum(sizes) != len(units):
        raise AssertionError("table sizes must seat every unit")
    starts = [list(units)]
    for _ in range(RESTARTS):
        shuffled = list(units)
        rng.shuffle(shuffled)
        starts.append(shuffled)
    best: list[list[Unit]] = []
    best_cost: Cost | None = None
    for start in starts:
        tables = _improve(_cut(start, sizes))
        found = cost(tables)
        if best_cost is None or found < best_cost:
            best, best_cost = tables, found
    assert best_cost is not None
    if best_cost[0] > 0:  # some repeat is left: look for a seating with fewer, then tidy its points
        exact = _FewestRepeats(units, best_cost[0])
        exact.search(list(range(len(units))), sorted(sizes, reverse=True), [], 0)
        if exact.best is not None:
            best = _improve(exact.best)
    for table in best:
        table.sort(key=lambda unit: unit.rank)
    best.sort(key=lambda table: table[0].rank)
    return best


class _FewestRepeats:
    """Branch and bound over every seating for one with fewer repeats than the local search found.

    Each seating is generated once: the first unseated player's table is chosen next. Repeats only grow
    as tables fill, so a partial seating with as many as the bound is abandoned. Small fields finish
    within the budget and get the fewest repeats there are; large ones may keep the local search's.
    """

    def __init__(self, units: Sequence[Unit], bound: int) -> None:
        self.units = units
        self.bound = bound
        self.best: list[list[Unit]] | None = None
        self.budget = SEARCH_BUDGET
        self.met = [[bool(a.meetings(b)) for b in units] for a in units]

    def search(self, free: list[int], sizes: list[int], tables: list[tuple[int, ...]], so_far: int) -> None:
        if not free:
            self.bound = so_far
            self.best = [[self.units[i] for i in table] for table in tables]
            return
        first, rest = free[0], free[1:]
        for size in sorted(set(sizes), reverse=True):
            remaining = list(sizes)
            remaining.remove(size)
            for others in combinations(rest, size - 1):
                self.budget -= 1
                if self.budget < 0 or self.bound == 0:
                    return
                table = (first, *others)
                met = self.met
                total = so_far + sum(met[a][b] for k, a in enumerate(table) for b in table[k + 1 :])
                if total < self.bound:
                    chosen = set(others)
                    self.search([i for i in rest if i not in chosen], remaining, [*tables, table], total)


def _cut(order: Sequence[Unit], sizes: Sequence[int]) -> list[list[Unit]]:
    tables, at = [], 0
    for size in sizes:
        tables.append(list(order[at : at + size]))
        at += size
    return tables


def _share(unit: Unit, others: Sequence[Unit]) -> Cost:
    """What one unit adds to a table's cost when seated with `others`."""
    return _add(*(_pair_cost(unit, other) for other in others))


def _improve(tables: list[list[Unit]]) -> list[list[Unit]]:
    """Swap players between tables while a swap lowers the cost (first improvement, fixed scan order)."""
    improved = True
    while improved:
        improved = False
        for a in range(len(tables)):
            for b in range(a + 1, len(tables)):
                for i in range(len(tables[a])):
                    for j in range(len(tables[b])):
                        if _swap_gain(tables[a], i, tables[b], j) < (0, 0, 0.0):
                            tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                            improved = True
    return tables


def _swap_gain(left: list[Unit], i: int, right: list[Unit], j: int) -> Cost:
    x, y = left[i], right[j]
    left_rest = left[:i] + left[i + 1 :]
    right_rest = right[:j] + right[j + 1 :]
    before = _add(_share(x, left_rest), _share(y, right_rest))
    after = _add(_share(y, left_rest), _share(x, right_rest))
    return (after[0] - before[0], after[1] - before[1], after[2] - before[2])

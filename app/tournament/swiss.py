"""Swiss pairing for two-seat games, as one maximum-weight perfect matching.

Every pair of units (entrants, or three-strikes proxies) is an edge; with an odd count a "bye" node
joins the graph and is matched like a player. An edge's weight encodes, in strict order of priority:

1. no rematch: each earlier meeting of the two costs more than everything below put together, so a
   rematch is chosen only when no perfect matching without one exists;
2. the bye rule: the bye edge of the unit first in the bye order is worth the most;
3. score groups: pairing across groups costs the square of the gap, so the fewest players float and
   a float goes to the next group rather than past it;
4. who floats: the lowest-ranked of an odd group goes down, to meet the highest of the next group;
5. a seeded random number, so pairings inside a score group are random yet repeatable.

Costs are whole numbers and each level's weight exceeds the largest total the levels below can reach
over a whole matching, so maximising the sum is exactly the ordered comparison above.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import networkx as nx

from app.tournament.model import ByeRule, Seat
from app.tournament.standings import Standing
from app.tournament.state import TournamentState

BYE = -1  # the bye node
RANDOM_SPREAD = 1 << 12


@dataclass(frozen=True)
class Unit:
    """One thing to pair: an entrant, or a proxy standing for whoever wins an unfinished match."""

    seat: Seat
    candidates: frozenset[str]
    points: float
    rank: int  # place in the standings, 0 best
    byes: int
    losses: int
    met: Mapping[str, int] = field(default_factory=dict)  # times any candidate met each entrant

    def meetings(self, other: Unit) -> int:
        return sum(self.met.get(entrant, 0) for entrant in other.candidates)


@dataclass(frozen=True)
class SwissRound:
    pairs: tuple[tuple[Unit, Unit], ...]  # higher-ranked unit first, top table first
    bye: Unit | None


def meetings_so_far(state: TournamentState) -> dict[str, Counter[str]]:
    """How often each entrant has faced each other one in a finished match."""
    met: dict[str, Counter[str]] = {entrant: Counter() for entrant in state.entrants}
    for entrant, rounds in state.played().items():
        for played in rounds:
            met[entrant].update(played.opponents)
    return met


def build_units(
    state: TournamentState, seats: Sequence[Seat], table: Sequence[Standing], win_points: float
) -> list[Unit]:
    """Units for the given seats, best first. A proxy counts as the best of its candidates after a win,
    and carries the meetings and byes of all of them, since any may turn out to be the one who plays."""
    by_entrant = {row.entrant: (index, row) for index, row in enumerate(table)}
    met = meetings_so_far(state)
    units: list[tuple[tuple[float, int], Unit]] = []
    for seat in seats:
        candidates = state.candidates(seat)
        rows = [by_entrant[c] for c in sorted(candidates)]
        proxy = not isinstance(seat, str)
        points = max(row.points + (win_points if proxy else 0.0) for _, row in rows)
        best = min(index for index, _ in rows)
        merged: Counter[str] = Counter()
        for candidate in candidates:
            merged.update(met[candidate])
        unit = Unit(
            seat=seat,
            candidates=candidates,
            points=points,
            rank=0,
            byes=max(row.byes for _, row in rows),
            losses=min(row.losses for _, row in rows),
            met=merged,
        )
        units.append(((-points, best), unit))
    units.sort(key=lambda pair: pair[0])
    return [_ranked(unit, rank) for rank, (_, unit) in enumerate(units)]


def _ranked(unit: Unit, rank: int) -> Unit:
    return Unit(unit.seat, unit.candidates, unit.points, rank, unit.byes, unit.losses, unit.met)


def bye_order(units: Sequence[Unit], rules: Sequence[ByeRule], rng: random.Random) -> list[Unit]:
    """Units in the order they should get the bye, first the most deserving."""
    draws = [rng.random() for _ in units]

    def key(index: int) -> tuple[float, ...]:
        unit = units[index]
        values: list[float] = []
        for rule in rules:
            if rule is ByeRule.FEWEST_BYES:
                values.append(unit.byes)
            elif rule is ByeRule.LOWEST_RANK:
                values.append(-unit.rank)
            elif rule is ByeRule.MOST_LOSSES:
                values.append(-unit.losses)
            elif rule is ByeRule.FEWEST_REMAINING_OPPONENTS:
                values.append(sum(1 for other in units if other is not unit and unit.meetings(other) == 0))
            else:
                values.append(draws[index])
        values.append(-unit.rank)  # the order must be total, so unbroken ties go to the lower-ranked
        return tuple(values)

    return [units[index] for index in sorted(range(len(units)), key=key)]


def pair(units: Sequence[Unit], rules: Sequence[ByeRule], rng: random.Random) -> SwissRound:
    """Pair every unit once (one bye when the count is odd). `units` must be best first."""
    count = len(units)
    if count < 2:
        return SwissRound((), units[0] if units else None)
    points = sorted({unit.points for unit in units}, reverse=True)
    group = [points.index(unit.points) for unit in units]
    group_size = Counter(group)
    in_group = _positions_in_group(group)
    bye_rank = {id(unit): place for place, unit in enumerate(bye_order(units, rules, rng))} if count % 2 else {}

    costs: dict[tuple[int, int], tuple[int, ...]] = {}
    for a in range(count):
        for b in range(a + 1, count):
            gap = group[b] - group[a]  # units are best first, so a is never in a lower group than b
            floater = 0 if gap == 0 else (group_size[group[a]] - 1 - in_group[a]) + in_group[b]
            costs[(a, b)] = (units[a].meetings(units[b]), 0, gap * gap, floater, rng.randrange(RANDOM_SPREAD))
        if count % 2:
            costs[(a, BYE)] = (0, bye_rank[id(units[a])], 0, 0, 0)
    graph = nx.Graph()
    for (a, b), weight in _weights(costs, (count + 1) // 2).items():
        graph.add_edge(a, b, weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[tuple[Unit, Unit]] = []
    bye: Unit | None = None
    for a, b in matching:
        low, high = min(a, b), max(a, b)
        if low == BYE:
            bye = units[high]
        else:
            pairs.append((units[low], units[high]))
    pairs.sort(key=lambda pair: pair[0].rank)
    return SwissRound(tuple(pairs), bye)


def _positions_in_group(group: Sequence[int]) -> list[int]:
    seen: Counter[int] = Counter()
    positions = []
    for g in group:
        positions.append(seen[g])
        seen[g] += 1
    return positions


def _weights(costs: Mapping[tuple[int, int], tuple[int, ...]], edges: int) -> dict[tuple[int, int], int]:
    """Turn cost tuples into single integers whose sum over any perfect matching orders matchings
    exactly as the cost tuples' sums compared level by level."""
    levels = len(next(iter(costs.values())))
    worst = [max(cost[level] for cost in costs.values()) for level in range(levels)]
    scale = [1] * levels
    for level in range(levels - 2, -1, -1):
        scale[level] = scale[level + 1] * (edges * worst[level + 1] + 1)
    return {
        edge: 1 + sum(scale[level] * (worst[level] - cost[level]) for level in range(levels))
        for edge, cost in costs.items()
    }

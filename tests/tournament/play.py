"""Helpers that run events through the public actions, the way the service layer will."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import networkx as nx

from app.tournament import actions
from app.tournament.model import Entrant, Record, Result, TournamentConfig
from app.tournament.state import PENDING, TournamentState


def names(count: int) -> list[str]:
    return [f"p{index:02d}" for index in range(1, count + 1)]


def new_event(config: TournamentConfig, count: int) -> TournamentState:
    state = TournamentState(config)
    for entrant in names(count):
        apply(state, actions.register(state, Entrant.solo(entrant)))
    return state


def apply(state: TournamentState, records: Iterable[Record]) -> list[Record]:
    done = list(records)
    for record in done:
        state.apply(record)
    return done


def playable(state: TournamentState, match_id: str) -> bool:
    seated = state.seat_entrants(match_id)
    return not state.is_finished(match_id) and PENDING not in seated and None not in seated


def random_two_seat(rng: random.Random, draws: float = 0.0) -> Result:
    if rng.random() < draws:
        return Result.draw()
    return Result.win(2, rng.randrange(2))


def report_round(
    state: TournamentState,
    number: int,
    rng: random.Random,
    make: Callable[[random.Random, int], Result],
    leave: Callable[[str], bool] = lambda match_id: False,
) -> None:
    """Report every playable match of a round, except those `leave` keeps unfinished."""
    for pairing in state.rounds[number - 1].pairings:
        if playable(state, pairing.match_id) and not leave(pairing.match_id):
            apply(state, actions.report(state, pairing.match_id, make(rng, len(pairing.seats))))


def has_perfect_matching(nodes: list[str], allowed: Callable[[str, str], bool]) -> bool:
    """Whether the nodes can all be paired using only allowed pairs (an independent check)."""
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from((a, b) for i, a in enumerate(nodes) for b in nodes[i + 1 :] if allowed(a, b))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == len(nodes)

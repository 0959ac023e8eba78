"""Single and double elimination brackets: their shape, the placing of byes, and final places.

The whole bracket is drawn at the start. Later seats name their source ("winner of W1-3"), so the
structure is complete from the first minute and a renderer can draw it; the folded state fills the
seats in as results arrive. Byes go where standard seeding puts them: with 16 lines, seed 1 meets
seed 16, 8 meets 9, and so on, and the missing high seeds are byes, so the top seeds get them.

Double elimination drops each winners'-bracket loser into the losers' bracket, alternating the order
in which they drop so that two players who just met do not meet again at once. The grand final puts
the winners' champion against the losers' champion; with a reset, a second final is played only if
the losers' champion wins the first (so both have lost once).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.tournament.model import Format, LoserOf, Pairing, Seat, TournamentError, WinnerOf
from app.tournament.state import PENDING, TournamentState
from engine.i18n import joined, t


@dataclass(frozen=True, slots=True)
class BracketRound:
    name: str
    stage: str  # "winners", "losers" or "final"
    pairings: tuple[Pairing, ...]


def seed_order(entrants: Sequence[str], given: Sequence[str] | None, seed: int) -> list[str]:
    """The seeding: the order given (best first, e.g. by rating), or a seeded random draw."""
    if given is None:
        order = list(entrants)
        random.Random(f"{seed}:bracket").shuffle(order)
        return order
    if sorted(given) != sorted(entrants):
        missing = sorted(set(entrants) - set(given))
        extra = sorted(set(given) - set(entrants))
        raise TournamentError(
            joined(
                [
                    t("app-tournament-seed-list"),
                    t("app-tournament-seed-missing", entrants=joined(missing, ", ")) if missing else "",
                    t("app-tournament-seed-extra", entrants=joined(extra, ", ")) if extra else "",
                ],
                " ",
            )
        )
    return list(given)


def bracket_size(entrants: int) -> int:
    size = 2
    while size < entrants:
        size *= 2
    return size


def standard_order(size: int) -> list[int]:
    """Seed numbers in the order they stand down the bracket's first round: for 8, 1 8 4 5 2 7 3 6.

    Built by doubling: each seed s of the smaller bracket is followed by its partner 2m + 1 - s, so seed
    1 and seed 2 can only meet in the final, and 1 faces the weakest seed first.
    """
    order = [1]
    while len(order) < size:
        total = len(order) * 2 + 1
        order = [line for seed in order for line in (seed, total - seed)]
    return order


def _first_round(seeds: Sequence[str], prefix: str) -> tuple[Pairing, ...]:
    order = standard_order(bracket_size(len(seeds)))
    pairings = []
    for index in range(len(order) // 2):
        lines = (order[2 * index], order[2 * index + 1])
        seats = tuple(seeds[line - 1] for line in lines if line <= len(seeds))
        pairings.append(Pairing(f"{prefix}1-{index + 1}", seats))
    return tuple(pairings)


def _winners_of(previous: Sequence[Pairing], prefix: str) -> tuple[Pairing, ...]:
    return tuple(
        Pairing(
            f"{prefix}-{index + 1}",
            (WinnerOf(previous[2 * index].match_id), WinnerOf(previous[2 * index + 1].match_id)),
        )
        for index in range(len(previous) // 2)
    )


def _winners_rounds(seeds: Sequence[str], prefix: str) -> list[tuple[Pairing, ...]]:
    if len(seeds) < 2:
        raise TournamentError(t("app-tournament-bracket-two"))
    rounds = [_first_round(seeds, prefix)]
    while len(rounds[-1]) > 1:
        rounds.append(_winners_of(rounds[-1], f"{prefix}{len(rounds) + 1}"))
    return rounds


def _single_name(round_index: int, total: int) -> str:
    from_end = total - round_index
    return {0: "Final", 1: "Semi-finals", 2: "Quarter-finals"}.get(from_end, f"Round {round_index + 1}")


def single_bracket(seeds: Sequence[str]) -> list[BracketRound]:
    """Seeds best first; one loss and you are out."""
    rounds = _winners_rounds(seeds, "R")
    last = len(rounds) - 1
    return [BracketRound(_single_name(i, last), "final" if i == last else "winners", r) for i, r in enumerate(rounds)]


def double_bracket(seeds: Sequence[str], reset: bool) -> list[BracketRound]:
    """Seeds best first; two losses and you are out. Rounds are listed in an order they can be played."""
    winners = _winners_rounds(seeds, "W")
    depth = len(winners)
    names = [f"Winners round {i + 1}" for i in range(depth - 1)] + ["Winners final"]
    plan = [BracketRound(names[0], "winners", winners[0])]
    losers: list[tuple[Pairing, ...]] = []
    for stage in range(1, depth):
        plan.append(BracketRound(names[stage], "winners", winners[stage]))
        # Survivors of the losers' bracket play each other, then meet the losers dropping from this round.
        if stage == 1:
            among = tuple(
                Pairing(f"L1-{i + 1}", (LoserOf(a.match_id), LoserOf(b.match_id)))
                for i, (a, b) in enumerate(zip(winners[0][0::2], winners[0][1::2], strict=True))
            )
        else:
            among = _winners_of(losers[-1], f"L{len(losers) + 1}")
        losers.append(among)
        dropping = list(winners[stage])
        if stage % 2 == 1:
            dropping.reverse()
        losers.append(
            tuple(
                Pairing(f"L{len(losers) + 1}-{i + 1}", (WinnerOf(survivor.match_id), LoserOf(drop.match_id)))
                for i, (survivor, drop) in enumerate(zip(among, dropping, strict=True))
            )
        )
        for index in (len(losers) - 2, len(losers) - 1):
            last = index == 2 * (depth - 1) - 1
            plan.append(BracketRound("Losers final" if last else f"Losers round {index + 1}", "losers", losers[index]))
    champion_of_losers: Seat = WinnerOf(losers[-1][0].match_id) if losers else LoserOf(winners[-1][0].match_id)
    plan.append(
        BracketRound("Grand final", "final", (Pairing("GF", (WinnerOf(winners[-1][0].match_id), champion_of_losers)),))
    )
    if reset:
        plan.append(
            BracketRound(
                "Grand final reset", "final", (Pairing("GF2", (WinnerOf("GF"), LoserOf("GF")), reset_of="GF"),)
            )
        )
    return plan


def build(format: Format, seeds: Sequence[str], reset: bool) -> list[BracketRound]:
    if format is Format.SINGLE_ELIMINATION:
        return single_bracket(seeds)
    return double_bracket(seeds, reset)


# ---------------------------------------------------------------------------------------------- places


def placements(state: TournamentState) -> dict[str, int]:
    """Places of those who are out (and of the champion once the bracket is done). Entrants who went
    out in the same round share a place: in a single bracket the semi-final losers are both 3rd."""
    limit = 1 if state.config.format is Format.SINGLE_ELIMINATION else 2
    lost: dict[str, int] = {}
    last_loss: dict[str, int] = {}
    out: dict[str, int] = {}
    complete = True
    champion: str | None = None
    for order, paired in enumerate(state.rounds):
        for pairing in paired.pairings:
            decision = state.decision(pairing.match_id)
            if decision is PENDING:
                complete = False
                continue
            if decision.kind == "void":
                continue
            if paired.stage == "final":
                champion = decision.winner
            for loser in (e for e in decision.entrants if e is not None and e != decision.winner):
                lost[loser] = lost.get(loser, 0) + 1
                last_loss[loser] = order
                if lost[loser] >= limit:
                    out.setdefault(loser, order)
    if complete:
        out.update({entrant: order for entrant, order in last_loss.items() if entrant != champion})
    drawn = {seat for pairing in state.rounds[0].pairings for seat in pairing.seats} if state.rounds else set()
    places = {entrant: 1 + sum(1 for e in drawn if e not in out or out[e] > when) for entrant, when in out.items()}
    if complete and champion is not None:
        places[champion] = 1
    # Anyone who left before the draw is not in the bracket; they come after everyone in it.
    places.update({entrant: len(drawn) + 1 for entrant in state.entrants if state.rounds and entrant not in drawn})
    return places


def describe_seat(state: TournamentState, seat: Seat) -> dict[str, Any]:
    """A seat for drawing: where it comes from, and who is in it when known."""
    resolved = state.resolve(seat)
    source = (
        f"winner of {seat.match_id}"
        if isinstance(seat, WinnerOf)
        else f"loser of {seat.match_id}"
        if isinstance(seat, LoserOf)
        else "seeded"
    )
    return {"source": source, "entrant": resolved if isinstance(resolved, str) else None}


def bracket_view(state: TournamentState) -> list[dict[str, Any]]:
    """The drawn bracket as plain data: rounds, matches, their seats' sources and winners."""
    view = []
    for paired in state.rounds:
        matches = []
        for pairing in paired.pairings:
            decision = state.decision(pairing.match_id)
            matches.append(
                {
                    "match_id": pairing.match_id,
                    "seats": [describe_seat(state, seat) for seat in pairing.seats],
                    "bye": pairing.is_bye,
                    "winner": None if decision is PENDING else decision.winner,
                    "played": "pending" if decision is PENDING else decision.kind,
                }
            )
        view.append({"round": paired.round, "name": paired.name, "stage": paired.stage, "matches": matches})
    return view

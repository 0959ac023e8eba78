"""Standings and their tiebreakers, computed from the folded history.

For each entrant, over the rounds they finished (byes included, missed rounds only when they count as
losses):

    match points  MP  = the sum of points earned (win 3, draw 1, loss 0, bye 3 by default)
    match-win %   MW  = MP / (points a win would have given in each of those rounds)
    game-win %    GW  = game points (3 a won game, 1 a drawn one) / (3 x games played)
    opponents' MW OMW = the mean over every opponent faced, per match, of max(floor, that opponent's MW)
    opponents' GW OGW = the same mean of max(floor, the opponent's GW)

A bye has no opponent, so it adds nothing to OMW or OGW. The floor (0.33) keeps a player from being
punished twice for having met someone who went on to lose everything. Order: MP, OMW, GW, OGW, then a
seeded random draw, so every fold of the same records ranks the same way.

Three strikes ranks those still in first, then the eliminated by how late they went out. Brackets rank
by the round an entrant went out in (ties share a place). The disqualified come last.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from app.tournament import elimination
from app.tournament.model import BRACKETS, Format
from app.tournament.state import Played, TournamentState

PRECISION = 9  # percentages are compared after rounding, so sums added in another order still tie


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    entrant: str
    status: str  # "active", "eliminated", "dropped" or "disqualified"
    points: float
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    match_win: float
    opp_match_win: float
    game_win: float
    opp_game_win: float
    eliminated_in: int | None = None  # three strikes: the round of the last strike

    @property
    def record(self) -> str:
        """Wins-losses-draws, byes counted as wins, as players usually read it."""
        text = f"{self.wins + self.byes}-{self.losses}"
        return f"{text}-{self.draws}" if self.draws else text


def counted(history: Sequence[Played]) -> list[Played]:
    """The rounds that enter percentages: everything but a missed round that is not a loss."""
    return [p for p in history if p.score.outcome != "missed"]


def ratio(earned: float, possible: float) -> float:
    return earned / possible if possible else 0.0


def match_win(history: Sequence[Played]) -> float:
    rounds = counted(history)
    return ratio(sum(p.score.points for p in rounds), sum(p.score.possible for p in rounds))


def game_win(history: Sequence[Played]) -> float:
    rounds = counted(history)
    return ratio(sum(p.score.game_points for p in rounds), sum(p.score.game_possible for p in rounds))


def losses(history: Sequence[Played]) -> int:
    return sum(1 for p in history if p.score.outcome == "loss")


def eliminated_in(history: Sequence[Played], strikes: int) -> int | None:
    """The round in which an entrant took their last strike, if they have taken them all."""
    taken = 0
    for played in history:
        if played.score.outcome == "loss":
            taken += 1
            if taken >= strikes:
                return played.round
    return None


def opponents_average(history: Sequence[Played], value: dict[str, float], floor: float) -> float:
    faced = [opponent for played in history for opponent in played.opponents]
    if not faced:
        return 0.0
    return sum(max(floor, value[opponent]) for opponent in faced) / len(faced)


def standings(state: TournamentState) -> list[Standing]:
    """Every entrant, best first."""
    config = state.config
    history = state.played()
    mw = {entrant: match_win(rounds) for entrant, rounds in history.items()}
    gw = {entrant: game_win(rounds) for entrant, rounds in history.items()}
    draw = random.Random(f"{config.seed}:standings:{len(state.rounds)}")
    tiebreak = {entrant: draw.random() for entrant in sorted(history)}
    strikes_format = config.format is Format.THREE_STRIKES
    places = elimination.placements(state) if config.format in BRACKETS else {}
    rows: list[tuple[tuple[float, ...], Standing]] = []
    for entrant, rounds in history.items():
        out = eliminated_in(rounds, config.strikes) if strikes_format else None
        status = state.withdrawn.get(entrant, "eliminated" if out is not None else "active")
        row = Standing(
            rank=0,
            entrant=entrant,
            status=status,
            points=sum(p.score.points for p in rounds),
            played=len(counted(rounds)),
            wins=sum(1 for p in rounds if p.score.outcome == "win" and not p.bye),
            draws=sum(1 for p in rounds if p.score.outcome == "draw"),
            losses=losses(rounds),
            byes=sum(1 for p in rounds if p.bye),
            match_win=mw[entrant],
            opp_match_win=opponents_average(rounds, mw, config.tiebreak_floor),
            game_win=gw[entrant],
            opp_game_win=opponents_average(rounds, gw, config.tiebreak_floor),
            eliminated_in=out,
        )
        rows.append((_key(row, rounds, strikes_format, places.get(entrant), tiebreak[entrant]), row))
    rows.sort(key=lambda pair: pair[0])
    ranked: list[Standing] = []
    for position, (_, row) in enumerate(rows, start=1):
        rank = places.get(row.entrant) or position
        ranked.append(replace(row, rank=rank))
    return ranked


def _key(
    row: Standing, rounds: Sequence[Played], strikes_format: bool, place: int | None, tiebreak: float
) -> tuple[float, ...]:
    disqualified = 1.0 if row.status == "disqualified" else 0.0
    if strikes_format:
        out_round = row.eliminated_in
        if out_round is None and row.status == "dropped":
            out_round = max((p.round for p in rounds), default=0)
        still_in = (0.0, 0.0) if out_round is None else (1.0, -float(out_round))
    else:
        still_in = (0.0, 0.0)
    bracket_place = float(place) if place is not None else 0.0  # still in the bracket: ahead of the placed
    numbers = (row.points, row.opp_match_win, row.game_win, row.opp_game_win)
    return (
        disqualified,
        *still_in,
        bracket_place,
        *(-round(n, PRECISION) for n in numbers),
        tiebreak,
    )

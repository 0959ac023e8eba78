"""What a result is worth to each seat: match points, and the game points the game-win tiebreak uses.

Two-seat matches score win/draw/loss from `Points`. Multi-seat tables score by finishing place from the
size's points table; seats that tie share the points of the places they fill between them, so two
players tied for second at a 3/2/1/0 table get (2 + 1) / 2 = 1.5 each.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.tournament.model import Reason, Result, TournamentConfig

GAME_WIN = 3.0  # game points for a won game (and for a bye); a drawn game is worth 1
GAME_DRAW = 1.0


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's share of a result. `possible` is what winning would have given (the percentage's base)."""

    points: float
    possible: float
    game_points: float
    game_possible: float
    outcome: str  # "win" (alone in first), "draw" (tied for first) or "loss"


def occupied_places(placements: tuple[int, ...]) -> list[list[int]]:
    """For each seat, the finishing positions (0 = first) its tie group fills, reading places as an order.

    (1, 1, 2) puts the third seat in position 2: places need not skip numbers after a tie.
    """
    distinct = sorted(set(placements))
    filled: dict[int, list[int]] = {}
    position = 0
    for place in distinct:
        count = placements.count(place)
        filled[place] = list(range(position, position + count))
        position += count
    return [filled[place] for place in placements]


def outcomes(result: Result) -> list[str]:
    if result.reason is Reason.DOUBLE_LOSS:
        return ["loss"] * len(result.placements)
    best = min(result.placements)
    alone = result.placements.count(best) == 1
    return ["loss" if place != best else ("win" if alone else "draw") for place in result.placements]


def score_result(result: Result, config: TournamentConfig) -> list[SeatScore]:
    """Every seat's score, in seat order."""
    seats = len(result.placements)
    kinds = outcomes(result)
    if seats == 2:
        table = {"win": config.points.win, "draw": config.points.draw, "loss": config.points.loss}
        points = [table[kind] for kind in kinds]
        possible = config.points.win
    else:
        by_place = config.table_points(seats)
        possible = by_place[0]
        if result.reason is Reason.DOUBLE_LOSS:
            points = [by_place[-1]] * seats
        else:
            points = [sum(by_place[p] for p in places) / len(places) for places in occupied_places(result.placements)]
    games = _game_points(result, kinds, points, possible)
    return [SeatScore(points[seat], possible, games[seat][0], games[seat][1], kinds[seat]) for seat in range(seats)]


def _game_points(result: Result, kinds: list[str], points: list[float], possible: float) -> list[tuple[float, float]]:
    """Game points and their base per seat. A multi-seat table is one game, scored like the match."""
    seats = len(result.placements)
    if seats != 2:
        return [(points[seat], possible) for seat in range(seats)]
    if result.games is not None:
        played = sum(result.games) + result.drawn_games
        return [(GAME_WIN * won + GAME_DRAW * result.drawn_games, GAME_WIN * played) for won in result.games]
    single = {"win": GAME_WIN, "draw": GAME_DRAW, "loss": 0.0}
    return [(single[kind], GAME_WIN) for kind in kinds]


def bye_score(config: TournamentConfig, table_size: int) -> SeatScore:
    """A bye counts as a won match and a won game."""
    if table_size == 2:
        return SeatScore(config.points.bye, config.points.win, GAME_WIN, GAME_WIN, "win")
    best = config.table_points(table_size)[0]
    return SeatScore(best, best, best, best, "win")


def missed_round_score(config: TournamentConfig, table_size: int, points: float, as_loss: bool) -> SeatScore:
    """A round a late entrant missed: the settings' points, and a lost match only when they say so."""
    possible = config.points.win if table_size == 2 else config.table_points(table_size)[0]
    if as_loss:
        return SeatScore(points, possible, 0.0, GAME_WIN if table_size == 2 else possible, "loss")
    return SeatScore(points, 0.0, 0.0, 0.0, "missed")

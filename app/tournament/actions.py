"""What players and organisers can do to a tournament. Each action checks the folded state and returns
the records to append, or raises `TournamentError` with a message saying what was wrong and what is
possible; nothing is ever changed in place. The caller appends the records (in one transaction) and
folds them in.

Pairing lives here too, as a dispatch to the format's module: Swiss and three strikes pair a round at
a time, pods seat a round at a time, and round robins and brackets draw their whole schedule at the
start.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from app.tournament import elimination, pods, round_robin, strikes, swiss
from app.tournament.model import (
    BRACKETS,
    FIXED_SCHEDULE,
    Adjudicated,
    ByeRule,
    Disqualified,
    Dropped,
    Entrant,
    Format,
    LateEntry,
    Pairing,
    Paused,
    PodFill,
    Reason,
    Record,
    Registered,
    Result,
    ResultCorrected,
    ResultReported,
    Resumed,
    RoundPaired,
    Seat,
    TournamentError,
    WinnerOf,
)
from app.tournament.standings import standings
from app.tournament.state import PENDING, TournamentState
from engine.i18n import joined, t

LATE_ENTRY_FORMATS = frozenset({Format.SWISS, Format.THREE_STRIKES, Format.PODS})


# ---------------------------------------------------------------------------------------------- names


def _known(state: TournamentState, entrant_id: str) -> None:
    if entrant_id not in state.entrants:
        raise TournamentError(t("app-tournament-not-entered", entrant=entrant_id))


def _member_clash(state: TournamentState, entrant: Entrant) -> None:
    if entrant.id in state.entrants:
        raise TournamentError(t("app-tournament-already-entered", entrant=entrant.name))
    taken = {member: other for other in state.entrants.values() for member in other.members}
    for member in entrant.members:
        if member in taken:
            team = taken[member]
            if team.members == (member,):
                raise TournamentError(t("app-tournament-member-entered", member=member))
            raise TournamentError(t("app-tournament-member-entered-with", member=member, team=team.name))


# ---------------------------------------------------------------------------------------------- entrants


def register(state: TournamentState, entrant: Entrant) -> list[Record]:
    if state.started:
        raise TournamentError(t("app-tournament-started-late-entry"))
    _member_clash(state, entrant)
    return [Registered(entrant)]


def late_entry(state: TournamentState, entrant: Entrant) -> list[Record]:
    """Join after the start. The rounds already paired score as the settings say (nothing, or losses)."""
    config = state.config
    if not state.started:
        raise TournamentError(t("app-tournament-register-instead"))
    if config.format not in LATE_ENTRY_FORMATS:
        raise TournamentError(t("app-tournament-fixed-schedule", format=config.format.value))
    _member_clash(state, entrant)
    missed = len(state.rounds)
    if config.format is Format.THREE_STRIKES:
        if strikes.is_over(state):
            raise TournamentError(t("app-tournament-over"))
        if config.late_entry_as_losses and missed >= config.strikes:
            raise TournamentError(t("app-tournament-missed-losses", missed=missed, strikes=config.strikes))
    elif missed >= total_rounds(state):
        raise TournamentError(t("app-tournament-no-round-left"))
    return [LateEntry(entrant, missed, config.late_entry_points, config.late_entry_as_losses)]


def drop(state: TournamentState, entrant_id: str, note: str = "") -> list[Record]:
    """Leave the event. Results so far stand; an unfinished match is settled by report or ruling."""
    _known(state, entrant_id)
    if entrant_id in state.withdrawn:
        raise TournamentError(t("app-tournament-already-left", entrant=state.name(entrant_id)))
    return [Dropped(entrant_id, note)]


def disqualify(state: TournamentState, entrant_id: str, note: str = "") -> list[Record]:
    """Remove an entrant. Their unfinished two-seat matches are ruled losses for them at once."""
    _known(state, entrant_id)
    if state.withdrawn.get(entrant_id) == "disqualified":
        raise TournamentError(t("app-tournament-already-disqualified", entrant=state.name(entrant_id)))
    records: list[Record] = [Disqualified(entrant_id, note)]
    for match_id in state.unfinished():
        seated = state.seat_entrants(match_id)
        if entrant_id in seated and len(seated) == 2 and PENDING not in seated and None not in seated:
            loser = seated.index(entrant_id)
            records.append(Adjudicated(match_id, Result.win(2, 1 - loser, Reason.ADJUDICATED), None, note))
    return records


def pause(state: TournamentState, note: str = "") -> list[Record]:
    if state.paused:
        raise TournamentError(t("app-tournament-already-paused"))
    return [Paused(note)]


def resume(state: TournamentState, note: str = "") -> list[Record]:
    if not state.paused:
        raise TournamentError(t("app-tournament-not-paused"))
    return [Resumed(note)]


# ---------------------------------------------------------------------------------------------- results


def _check_result(state: TournamentState, match_id: str, result: Result) -> None:
    if match_id not in state.matches:
        raise TournamentError(t("app-tournament-no-match", match=match_id))
    pairing = state.matches[match_id].pairing
    if pairing.is_bye:
        raise TournamentError(t("app-tournament-is-bye", match=state.describe(match_id)))
    seated = state.seat_entrants(match_id)
    if PENDING in seated:
        raise TournamentError(t("app-tournament-seat-waits", match=state.describe(match_id)))
    if None in seated:
        raise TournamentError(t("app-tournament-empty-seat", match=state.describe(match_id)))
    if len(result.placements) != len(seated):
        raise TournamentError(t("app-tournament-place-each", match=state.describe(match_id), seats=len(seated)))
    if state.config.format in BRACKETS and result.winner_index() is None:
        raise TournamentError(t("app-tournament-bracket-winner"))
    if result.reason is Reason.DRAW and any(isinstance(s, WinnerOf) for s in _later_seats(state, match_id)):
        raise TournamentError(t("app-tournament-counts-on-winner", match=match_id))


def _later_seats(state: TournamentState, match_id: str) -> list[Seat]:
    return [
        seat
        for other in state.dependents(match_id)
        for seat in state.matches[other].pairing.seats
        if not isinstance(seat, str) and seat.match_id == match_id
    ]


def _check_replaceable(state: TournamentState, match_id: str) -> None:
    for later in state.dependents(match_id):
        if later in state.results:
            raise TournamentError(
                t("app-tournament-correct-later-first", later=state.describe(later), later_id=later, match=match_id)
            )


def report(state: TournamentState, match_id: str, result: Result) -> list[Record]:
    _check_result(state, match_id, result)
    if match_id in state.results:
        raise TournamentError(t("app-tournament-has-result", match=state.describe(match_id)))
    if state.is_finished(match_id):
        raise TournamentError(t("app-tournament-settled-without-play", match=state.describe(match_id)))
    return [ResultReported(match_id, result)]


def correct(state: TournamentState, match_id: str, result: Result, note: str = "") -> list[Record]:
    """Replace a result. The old record stays; standings and later pairings follow the new one."""
    _check_result(state, match_id, result)
    if match_id not in state.results:
        raise TournamentError(t("app-tournament-nothing-to-correct", match=state.describe(match_id)))
    _check_replaceable(state, match_id)
    return [ResultCorrected(match_id, result, note)]


def adjudicate(
    state: TournamentState,
    match_id: str,
    result: Result | None = None,
    deadline: str | None = None,
    note: str = "",
) -> list[Record]:
    """An organiser's ruling: a result (a double loss is one) and/or a new deadline."""
    if result is None and deadline is None:
        raise TournamentError(t("app-tournament-ruling-empty"))
    if match_id not in state.matches:
        raise TournamentError(t("app-tournament-no-match", match=match_id))
    if result is not None:
        _check_result(state, match_id, result)
        _check_replaceable(state, match_id)
    elif state.is_finished(match_id):
        raise TournamentError(t("app-tournament-finished-deadline", match=state.describe(match_id)))
    return [Adjudicated(match_id, result, deadline, note)]


# ---------------------------------------------------------------------------------------------- pairing


def total_rounds(state: TournamentState) -> int:
    """Rounds of a Swiss or pods event: fixed at the start from the entrants then."""
    size = len(_first_round_entrants(state)) if state.started else len(state.active())
    return state.config.swiss_rounds(size)


def _first_round_entrants(state: TournamentState) -> set[str]:
    return {c for pairing in state.rounds[0].pairings for seat in pairing.seats for c in state.candidates(seat)}


def is_over(state: TournamentState) -> bool:
    if not state.started or state.unfinished():
        return False
    if state.config.format is Format.THREE_STRIKES:
        return strikes.is_over(state)
    if state.config.format in FIXED_SCHEDULE:
        return True
    return len(state.rounds) >= total_rounds(state)


def pair_next_round(state: TournamentState, seed_list: Sequence[str] | None = None) -> list[Record]:
    """Pair the next round (or draw the whole schedule, for round robins and brackets).

    `seed_list` seeds a bracket, best first (e.g. by rating); without it the seeding is a seeded draw.
    """
    if state.paused:
        raise TournamentError(t("app-tournament-paused"))
    if state.config.format in FIXED_SCHEDULE:
        if state.started:
            raise TournamentError(t("app-tournament-schedule-drawn"))
        return _draw_schedule(state, seed_list, attempt=0)
    if seed_list is not None:
        raise TournamentError(t("app-tournament-seed-list-format"))
    return [_pair_round(state, len(state.rounds) + 1, attempt=0)]


def repair_round(state: TournamentState, seed_list: Sequence[str] | None = None) -> list[Record]:
    """Pair the latest round again (after a drop or a late entry, say). Only while none of its results
    are in; for round robins and brackets, only while no result at all is in."""
    if not state.started:
        raise TournamentError(t("app-tournament-none-paired"))
    if state.paused:
        raise TournamentError(t("app-tournament-paused"))
    config = state.config
    if config.format in FIXED_SCHEDULE:
        if state.results:
            raise TournamentError(t("app-tournament-results-in"))
        return _draw_schedule(state, seed_list, attempt=state.pairings_made[1])
    last = len(state.rounds)
    reported = [m for m in state.results if m in state.matches and state.matches[m].round == last]
    if reported:
        raise TournamentError(t("app-tournament-round-has-results", round=last, matches=joined(sorted(reported), ", ")))
    before = TournamentState.fold(
        config, [r for r in state.records if not (isinstance(r, RoundPaired) and r.round == last)]
    )
    return [_pair_round(before, last, attempt=state.pairings_made[last])]


def _draw_schedule(state: TournamentState, seed_list: Sequence[str] | None, attempt: int) -> list[Record]:
    config = state.config
    entrants = state.active()
    if len(entrants) < 2:
        raise TournamentError(t("app-tournament-two-entrants", entrants=len(entrants)))
    seed = config.seed if attempt == 0 else config.seed * 1000 + attempt
    order = elimination.seed_order(entrants, seed_list, seed)
    if config.format is Format.ROUND_ROBIN:
        return [
            RoundPaired(number, round_robin.pairings(number, fixtures), name=f"Round {number}")
            for number, fixtures in enumerate(round_robin.schedule(order, config.legs), start=1)
        ]
    plan = elimination.build(config.format, order, config.bracket_reset)
    return [
        RoundPaired(number, bracket_round.pairings, bracket_round.name, bracket_round.stage)
        for number, bracket_round in enumerate(plan, start=1)
    ]


def _pair_round(state: TournamentState, number: int, attempt: int) -> RoundPaired:
    config = state.config
    if config.format is Format.THREE_STRIKES:
        if strikes.is_over(state):
            raise TournamentError(t("app-tournament-one-left"))
        seats: list[Seat] = strikes.pairing_seats(state)
        if len(seats) < 2:
            last = joined([state.describe(m) for m in state.unfinished()], ", ")
            raise TournamentError(t("app-tournament-nothing-to-pair", matches=last))
    else:
        waiting = state.unfinished()
        if waiting:
            shown = joined([state.describe(m) for m in waiting[:5]], ", ")
            more = max(len(waiting) - 5, 0)
            raise TournamentError(t("app-tournament-unfinished", round=number, matches=shown, more=more))
        if number > total_rounds(state):
            raise TournamentError(t("app-tournament-all-played", rounds=total_rounds(state)))
        seats = list(state.active())
        least = config.smallest_table if config.format is Format.PODS else 2
        if len(seats) < least:
            raise TournamentError(t("app-tournament-players-needed", least=least, players=len(seats)))
    rng = random.Random(f"{config.seed}:round:{number}:{attempt}")
    units = swiss.build_units(state, seats, standings(state), config.points.win)
    prefix = f"r{number}" if attempt == 0 else f"r{number}.{attempt + 1}"
    if config.format is Format.PODS:
        groups = _seat_pods(units, config.seats, config.smallest_table, config.pod_fill, config.byes, rng)
    else:
        paired = swiss.pair(units, config.byes, rng)
        groups = [(a.seat, b.seat) for a, b in paired.pairs] + ([(paired.bye.seat,)] if paired.bye else [])
    pairings = tuple(Pairing(f"{prefix}m{index}", seats) for index, seats in enumerate(groups, start=1))
    return RoundPaired(number, pairings, name=f"Round {number}")


def _seat_pods(
    units: list[swiss.Unit],
    seats: int,
    smallest: int,
    fill: PodFill,
    rules: Sequence[ByeRule],
    rng: random.Random,
) -> list[tuple[Seat, ...]]:
    sizes, byes = pods.pod_sizes(len(units), seats, smallest, fill)
    resting = swiss.bye_order(units, rules, rng)[:byes]
    playing = [unit for unit in units if all(unit is not other for other in resting)]
    tables = pods.seat(playing, sizes, rng)
    return [tuple(unit.seat for unit in table) for table in tables] + [(unit.seat,) for unit in resting]

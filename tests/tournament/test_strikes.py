"""Three strikes: out at exactly the third loss, everyone still in paired once a round, proxies for
unfinished deciding matches that carry both players' history and resolve to the winner."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from app.tournament import actions, strikes
from app.tournament.model import Format, Reason, Result, RoundPaired, Seat, TournamentConfig, TournamentError, WinnerOf
from app.tournament.state import TournamentState
from tests.tournament.play import apply, has_perfect_matching, new_event, playable, random_two_seat

LIMIT = 3


class Ledger:
    """The test's own account of who met whom and who lost, kept from the results it reported."""

    def __init__(self) -> None:
        self.met: set[frozenset[str]] = set()
        self.losses: list[tuple[int, str]] = []  # (round, loser)

    def report(self, state: TournamentState, match_id: str, result: Result) -> None:
        a, b = state.seat_entrants(match_id)
        assert isinstance(a, str) and isinstance(b, str)
        apply(state, actions.report(state, match_id, result))
        self.met.add(frozenset((a, b)))
        self.losses.append((state.matches[match_id].round, b if result.winner_index() == 0 else a))

    def lost(self, entrant: str, before_round: int | None = None) -> int:
        return sum(1 for r, loser in self.losses if loser == entrant and (before_round is None or r < before_round))


def byes_so_far(state: TournamentState) -> Counter[str]:
    byes: Counter[str] = Counter()
    for paired in state.rounds:
        for pairing in paired.pairings:
            got = state.resolve(pairing.seats[0])
            if pairing.is_bye and isinstance(got, str):
                byes[got] += 1
    return byes


def check_pool(state: TournamentState, paired: RoundPaired, ledger: Ledger, byes: Counter[str]) -> int:
    """Checks at pairing time; returns how many proxies the round used."""
    seats: list[Seat] = [seat for pairing in paired.pairings for seat in pairing.seats]
    groups = {seat: state.candidates(seat) for seat in seats}
    everyone = [c for group in groups.values() for c in group]
    alive = {e for e in state.active() if ledger.lost(e) < LIMIT}
    assert sorted(everyone) == sorted(alive), "everyone still in stands in exactly one seat"
    for seat, group in groups.items():
        if isinstance(seat, WinnerOf):
            assert not state.is_finished(seat.match_id)
            assert all(ledger.lost(c) == LIMIT - 1 for c in group), "a proxy only for a match that puts its loser out"
    units = list(groups)
    bye_node = "(bye)"

    def fresh(a: Seat | str, b: Seat | str) -> bool:
        if bye_node in (a, b):
            return True
        return not any(frozenset((x, y)) in ledger.met for x in groups[a] for y in groups[b])  # type: ignore[index]

    nodes = units + ([bye_node] if len(units) % 2 else [])
    for pairing in paired.pairings:
        if len(pairing.seats) == 2 and not fresh(*pairing.seats):
            assert not has_perfect_matching(nodes, fresh), f"avoidable rematch {pairing.seats}"  # type: ignore[arg-type]
    bye_pairings = [p for p in paired.pairings if p.is_bye]
    assert len(bye_pairings) == len(units) % 2
    if bye_pairings:
        given = bye_pairings[0].seats[0]

        def key(unit: Seat) -> tuple[int, int, int]:
            # The Codex forum's order: fewest byes, most losses, fewest opponents left to meet, then chance.
            # A proxy takes the most byes and the fewest losses among its candidates.
            remaining = sum(1 for other in units if other != unit and fresh(unit, other))
            return (
                max(byes[c] for c in groups[unit]),
                -min(ledger.lost(c) for c in groups[unit]),
                remaining,
            )

        for candidate in sorted(units, key=key):
            if key(candidate) == key(given):
                break
            rest = [u for u in units if u != candidate]
            assert not has_perfect_matching(rest, fresh), f"the bye should have gone to {candidate}"  # type: ignore[arg-type]
    return sum(isinstance(seat, WinnerOf) for seat in seats)


def test_three_strikes_of_64_players_with_proxies() -> None:
    state = new_event(TournamentConfig(Format.THREE_STRIKES, seed=4), 64)
    rng = random.Random(21)
    ledger = Ledger()
    proxies = 0
    number = 0
    while not actions.is_over(state):
        try:
            records = actions.pair_next_round(state)
        except TournamentError as refusal:
            assert "Nothing to pair" in refusal.message
            records = []
        if records:
            number += 1
            byes = byes_so_far(state)
            (paired,) = apply(state, records)
            proxies += check_pool(state, paired, ledger, byes)
        # The slow matches of earlier rounds finish first; their proxies resolve.
        for match_id in [m for m in state.unfinished() if state.matches[m].round < number]:
            ledger.report(state, match_id, random_two_seat(rng))
        for pairing in state.rounds[number - 1].pairings:
            match_id = pairing.match_id
            if not playable(state, match_id):
                continue
            deciding = all(ledger.lost(e) == LIMIT - 1 for e in state.seat_entrants(match_id))  # type: ignore[arg-type]
            if deciding and rng.random() < 0.4:
                continue  # still being played when the next round is paired
            ledger.report(state, match_id, random_two_seat(rng))
    assert proxies >= 5

    # Eliminated at exactly three losses, and never paired after the round of the third.
    out_round = {}
    for entrant in state.entrants:
        losses = ledger.lost(entrant)
        assert losses <= LIMIT
        if losses == LIMIT:
            out_round[entrant] = max(r for r, loser in ledger.losses if loser == entrant)
    assert len(strikes.still_in(state)) <= 1
    assert len(out_round) >= len(state.entrants) - 1
    for paired in state.rounds:
        resolved = [state.resolve(seat) for pairing in paired.pairings for seat in pairing.seats]
        assert all(isinstance(e, str) for e in resolved), "every proxy resolved to its match's winner"
        alive = sorted(e for e in state.entrants if ledger.lost(e, before_round=paired.round) < LIMIT)
        assert sorted(resolved) == alive, f"round {paired.round}: everyone still in plays exactly once"  # type: ignore[arg-type]
        assert all(out_round.get(e, paired.round) >= paired.round for e in resolved)  # type: ignore[arg-type]
    for paired in state.rounds:
        for pairing in paired.pairings:
            for seat in pairing.seats:
                if isinstance(seat, WinnerOf):
                    decision = state.decision(seat.match_id)
                    assert state.resolve(seat) == decision.winner  # type: ignore[union-attr]


def small_event(players: int) -> TournamentState:
    """One strike puts a player out, so every first-round match decides an elimination."""
    return new_event(TournamentConfig(Format.THREE_STRIKES, seed=3, strikes=1), players)


def test_double_loss_in_a_proxied_match_gives_the_proxys_opponent_a_bye() -> None:
    state = small_event(4)
    apply(state, actions.pair_next_round(state))
    first, second = (p.match_id for p in state.rounds[0].pairings)
    apply(state, actions.report(state, second, Result.win(2, 0)))
    (paired,) = apply(state, actions.pair_next_round(state))
    proxy_match = paired.pairings[0]
    assert WinnerOf(first) in proxy_match.seats
    with pytest.raises(TournamentError, match="counts on a winner"):
        actions.report(state, first, Result.draw())
    with pytest.raises(TournamentError, match="waits on another match"):
        actions.report(state, proxy_match.match_id, Result.win(2, 0))
    apply(state, actions.report(state, first, Result.double_loss()))
    decision = state.decision(proxy_match.match_id)
    assert decision.kind == "walkover"  # type: ignore[union-attr]
    assert actions.is_over(state)
    assert strikes.still_in(state) == [decision.winner]  # type: ignore[union-attr]


def test_an_unfinished_match_that_may_not_eliminate_blocks_the_next_round() -> None:
    state = new_event(TournamentConfig(Format.THREE_STRIKES, seed=3), 6)
    apply(state, actions.pair_next_round(state))
    waiting = state.rounds[0].pairings[0].match_id
    for pairing in state.rounds[0].pairings[1:]:
        apply(state, actions.report(state, pairing.match_id, Result.win(2, 0)))
    with pytest.raises(TournamentError, match=rf"{waiting} \(p\d\d vs p\d\d\) may not put anyone out"):
        actions.pair_next_round(state)


def test_proxy_winner_takes_the_proxys_pairing_and_the_loser_is_out() -> None:
    state = small_event(6)
    apply(state, actions.pair_next_round(state))
    slow = state.rounds[0].pairings[0]
    for pairing in state.rounds[0].pairings[1:]:
        apply(state, actions.report(state, pairing.match_id, Result.win(2, 0)))
    (paired,) = apply(state, actions.pair_next_round(state))
    proxied = next(p for p in paired.pairings if WinnerOf(slow.match_id) in p.seats)
    apply(state, actions.report(state, slow.match_id, Result.win(2, 1, Reason.TIMEOUT)))
    winner, loser = slow.seats[1], slow.seats[0]
    assert winner in state.seat_entrants(proxied.match_id)
    assert loser not in strikes.still_in(state)
    assert all(loser not in state.seat_entrants(p.match_id) for p in paired.pairings)


def test_a_proxy_whose_own_match_waits_becomes_a_proxy_in_turn() -> None:
    state = small_event(6)
    apply(state, actions.pair_next_round(state))
    slow = state.rounds[0].pairings[0].match_id
    for pairing in state.rounds[0].pairings[1:]:
        apply(state, actions.report(state, pairing.match_id, Result.win(2, 0)))
    (second,) = apply(state, actions.pair_next_round(state))  # three left: the proxy, and two winners
    waiting = next(p.match_id for p in second.pairings if WinnerOf(slow) in p.seats)
    for pairing in second.pairings:
        if playable(state, pairing.match_id):
            apply(state, actions.report(state, pairing.match_id, Result.win(2, 0)))
    (third,) = apply(state, actions.pair_next_round(state))
    nested = [seat for p in third.pairings for seat in p.seats if seat == WinnerOf(waiting)]
    assert nested, "the second-round match that waits on the first is itself a proxy"
    assert len(state.candidates(nested[0])) >= 2
    apply(state, actions.report(state, slow, Result.win(2, 0)))
    while state.unfinished():
        for match_id in [m for m in state.unfinished() if playable(state, m)]:
            apply(state, actions.report(state, match_id, Result.win(2, 0)))
    assert all(isinstance(state.resolve(seat), str) for p in third.pairings for seat in p.seats)
    assert actions.is_over(state) and len(strikes.still_in(state)) == 1

"""Who sits where: teams, whose turn it is, who is an opponent, whose base is whose, the order of turns.

In the two-player games every seat is its own team and these answers are the familiar ones (the opponent
is the other seat). In 2v2 two seats share a team, a turn and a base; in free-for-all every other seat is
an opponent. Rule code asks these questions instead of writing `1 - seat` or `t.ctrl == s.active`.
"""

from __future__ import annotations

from engine.codex.cards import BUILDINGS
from engine.codex.modes import ONE_HERO, STANDARD, TEAMS
from engine.codex.state import State

TEAM_BASE_HP = 30
"""Two-Headed Dragon: the shared base of a team (buildings.json: hp_two_headed_dragon)."""


def mode_of(s: State) -> str:
    """The match's mode; snapshots older than the mode option were all two-player games."""
    mode = s.options.get("mode")
    if isinstance(mode, str) and mode != "auto":
        return mode
    return STANDARD if any(len(p.heroes) > 1 for p in s.players) else ONE_HERO


def team(s: State, seat: int) -> int:
    return s.players[seat].team


def friendly(s: State, a: int, b: int) -> bool:
    """Same side: the same seat, or teammates in 2v2 (the rulebook's "friendly")."""
    return s.players[a].team == s.players[b].team


def enemies(s: State, seat: int) -> list[int]:
    """Every opponent of `seat`, in seat order."""
    mine = s.players[seat].team
    return [p.seat for p in s.players if p.team != mine]


def teammates(s: State, seat: int) -> list[int]:
    """`seat` and its partner (2v2), in seat order."""
    mine = s.players[seat].team
    return [p.seat for p in s.players if p.team == mine]


def on_turn(s: State, seat: int) -> bool:
    """Is it `seat`'s turn? In 2v2 both partners of the active team are on turn."""
    if s.flags.get("solo") is not None:
        return seat == s.flags["solo"]
    return s.players[seat].team == s.players[s.active].team


def turn_seats(s: State) -> list[int]:
    """The seats whose turn it is (one, or a team in 2v2). A turn only one partner takes (an extra turn:
    "you take an extra turn" is yours alone) sets `s.flags["solo"]` to that seat as it begins."""
    if s.flags.get("solo") is not None:
        return [int(s.flags["solo"])]
    return teammates(s, s.active)


def base_seat(s: State, seat: int) -> int:
    """The seat whose Player record holds `seat`'s base: its own, or in 2v2 the team's first seat."""
    if mode_of(s) == TEAMS:
        return teammates(s, seat)[0]
    return seat


def has_base(s: State, seat: int) -> bool:
    return base_seat(s, seat) == seat


def base_hp(s: State) -> int:
    return TEAM_BASE_HP if mode_of(s) == TEAMS else BUILDINGS["base"][1]


def base_left(s: State, seat: int) -> int:
    """HP left on `seat`'s base (its team's in 2v2), never below 0."""
    return max(0, base_hp(s) - s.players[base_seat(s, seat)].base_damage)


def next_turn_seat(s: State) -> int:
    """Who leads the turn after the current one: the next seat in order, the other team's first seat in
    2v2, and during a free-for-all tie-break the next tied seat still to play this round."""
    n = len(s.players)
    if s.tiebreak:
        left = s.tiebreak["left"]
        return next(((s.active + k) % n for k in range(1, n + 1) if (s.active + k) % n in left), s.active)
    current = s.players[s.active].team
    for k in range(1, n + 1):
        seat = (s.active + k) % n
        if s.players[seat].team != current:
            return teammates(s, seat)[0]
    return s.active


def turn_leader(s: State, turn: int) -> int:
    """The seat that leads turn number `turn` of a game without tie-breaks (turn 1 is the first player's)."""
    n = len(s.players)
    if mode_of(s) == TEAMS:
        first_team = teammates(s, s.first)
        other = [p.seat for p in s.players if p.seat not in first_team]
        return first_team[0] if turn % 2 == 1 else other[0]
    return (s.first + turn - 1) % n


def position(s: State, seat: int) -> int:
    """1 for the first player, 2 for the next in turn order, ... (free-for-all hands out workers and
    mercenaries by this position, 2v2 workers by the team's)."""
    n = len(s.players)
    if mode_of(s) == TEAMS:
        return 1 if friendly(s, seat, s.first) else 2
    return (seat - s.first) % n + 1


def seat_name(seat: int) -> str:
    return f"p{seat + 1}"


def owner_name(s: State, seat: int, slot: str) -> str:
    """Who a building belongs to in a sentence: "p2", or for a 2v2 team's shared base "p1+p3"."""
    if slot == "base" and mode_of(s) == TEAMS:
        return "+".join(seat_name(x) for x in teammates(s, seat))
    return seat_name(seat)

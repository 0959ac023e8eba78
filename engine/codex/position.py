"""Codex positions for scenario files: the `[position]` table, the readable projection, and dumps.

Importing this module attaches the scenario hooks to the Codex game class (`Codex.position_from_scenario`
and friends); the scenario runner imports `engine.<game>.position` by convention before it needs them, so
the package itself does not have to. docs/scenarios.md describes every key; in short:

    [position]                       turn, active, first, phase ("main", "start", "await_tech"), rng,
                                     mode, tiebreak, extra_turns = {p1 = 1},
                                     this_turn = {spells_played, tower_detected, detected, control_returns,
                                     and the other facts of position_turn.FACTS}
    [position.p1]                    heroes, gold, workers, worker_cards, base = {damage}, tech1..tech3,
                                     addon, tech2_spec, hand, deck (top first), deck_order, discard, removed,
                                     codex, command, cooldown, future, tech_pick, tech_open, hired_this_turn,
                                     reshuffled_this_turn, tax_paid, turns, ended, lend, lost_addon,
                                     jail (a Jail's inmates), marks = {silenced, "tech1 off".."tech3 off",
                                     "moment's peace", "hero died" = [heroes]}
    [[position.p1.in_play]]          card, owner, damage, runes, level, exhausted, arrived_this_turn,
                                     control_changed_this_turn, attacked_this_turn, patrol, marks, caster,
                                     links, attached, max_at_turn_start, armor_used, skip_ready, deathtouched,
                                     used_this_turn, lent_by, copying, copy_until, tied, buried (a
                                     Graveyard's), entered, mods = [{atk, hp, armor, keywords, until,
                                     source, form, subtypes, printed_atk, made}]

Cards are written by printed name ("Older Brother"), or by label ("Older Brother#3") to fix the copy
number. Anything left out takes the normal setup's value.

The work is split by job: position_names (card names, labels and copy numbers), position_read (the
`[position]` table into a State), position_things (the things in play among it), position_held (what
lies beside the usual zones: a Jail's inmates, buried units, player marks, the order things came into
play), position_turn (this turn's facts, both ways), position_dump (a State back out as a `[position]`
table) and position_view (the readable projection checks read, and events). This module is the entry
point: it attaches them to the game class.
`CARRIED` and `NOT_CARRIED` below say which fields of the state a position keeps, and why not the rest.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.codex import Codex
from engine.codex.ctx import G
from engine.codex.pieces import read_pieces
from engine.codex.position_dump import position_to_scenario
from engine.codex.position_names import SEATS, card_id, parse_ref
from engine.codex.position_read import position_from_scenario
from engine.codex.position_view import player_projection, scenario_event, scenario_projection, thing_projection
from engine.codex.state import State
from engine.codex.turns import begin_turn, setup_state
from engine.codex.variants import catalog_of
from engine.core import JSON, Step

CARRIED: dict[str, str] = {
    "State": "seed options players first turn active phase rng things cards ords next_uid tiebreak clock",
    "Player": "seat heroes specs colour team gold workers worker_cards hand deck discard removed codex command "
    "cooldown tech addon base_damage tech2_spec tax_paid patrol tech_open tech_pick hired reshuffled turns "
    "future lost_addon zones marks ended lend",
    "Thing": "uid card owner ctrl since arrived damage exhausted skip_ready attacked runes level max_at_start "
    "armor_used deathtouched marks mods caster attached links used stamp tied copied lent",
    "Mod": "atk hp armor kw until src form sub printed_atk stamp",
    "Building": "kind status damage spec",
}
"""The state's fields a position reads and a dump writes, by class (some in part: `uid`s are made anew,
in the game's order with `card_order`, `ords` from the copy numbers and `copy_numbers`, `attacked` and
`used` only for this turn, a Mod's `stamp` only where it takes a keyword
away, `zones` are the Jail's ("jail") and the Graveyard's ("graveyard"), `seat`, `specs`, `colour` and
`team` come from the options through the setup)."""

NOT_CARRIED: dict[str, str] = {
    "State.queue": "a position is taken between moves: nothing waits to resolve",
    "State.pending": "a choice being made is not kept; the scenario makes the move that asks it again",
    "State.combat": "an attack under way is not kept, as for `pending`",
    "State.result": "a finished game has no position to play on",
    "State.moves": "the count of moves applied: no rule reads it",
    "State.known": "which cards everyone saw go into a hidden zone: only what each seat is shown depends on it",
    "State.recent": "the board's highlights of the last two turns: shown, never read by the rules",
    "State.flags": "facts of the current turn: those listed in position_turn.FACTS are kept (`this_turn`); "
    "not kept: effects waiting for a later moment of the turn (`later`: Bloodlust's damage at the end of "
    "the turn; their context names cards and moments by number), and flags that hold an effect in "
    "mid-resolution (killers, combat hits, damage batches, a Twin's home, cards paid for), say only what a "
    "seat was shown (seen) or whether a patrol changed (patrol_before)",
    "State.legal_memo": "the legal actions last listed for this very state, kept only to check a move made on it",
    "State.memory": "what effects remember from turn to turn is kept (extra turns, promised gold, skipped "
    "draws, buried units, a historian's trashed cards); the Jail's seat is worked out again as play settles",
}
"""What a position does not carry, and why (tests/scenario_tests check that every field is in one of these)."""

__all__ = [
    "CARRIED",
    "NOT_CARRIED",
    "SEATS",
    "card_id",
    "install",
    "parse_ref",
    "player_projection",
    "position_from_scenario",
    "position_to_scenario",
    "scenario_event",
    "scenario_projection",
    "thing_projection",
]

# ----------------------------------------------------------------------------------------- registration


def _position_from_scenario(
    self: Codex, position: Mapping[str, JSON], players: int, options: Mapping[str, JSON], seed: int
) -> State:
    return position_from_scenario(self, position, players, options, seed)


def _pieces(self: Codex, pieces: Mapping[str, JSON], options: Mapping[str, JSON]) -> dict[str, JSON]:
    return read_pieces(catalog_of(options), pieces, options)


def _before_start(
    self: Codex, position: Mapping[str, JSON] | None, players: int, options: Mapping[str, JSON], seed: int
) -> State:
    """The setup, or a position of `phase = "start"`, before the start of the turn is taken."""
    if position is None:
        return setup_state(catalog_of(options), dict(options), seed, players, start=False)[0]
    return position_from_scenario(self, position, players, options, seed, start=False)


def _start(self: Codex, state: State) -> Step[State]:
    """The start of the turn a state from `_before_start` still owes (the others owe nothing)."""
    if state.phase != "start" or state.queue or state.pending is not None or state.result is not None:
        return Step(state)
    g = G(state.clone(), catalog_of(state.options))
    begin_turn(g)
    g.run()
    return Step(g.s, tuple(g.events))


def install() -> None:
    """Attach the scenario hooks to the Codex game class (idempotent)."""
    Codex.position_from_scenario = _position_from_scenario  # type: ignore[method-assign]
    Codex.scenario_before_start = _before_start  # type: ignore[method-assign]
    Codex.scenario_pieces = _pieces  # type: ignore[method-assign]
    Codex.scenario_start = _start  # type: ignore[method-assign]
    Codex.scenario_projection = scenario_projection  # type: ignore[method-assign,assignment]
    Codex.position_to_scenario = position_to_scenario  # type: ignore[method-assign,assignment]
    Codex.scenario_event = scenario_event  # type: ignore[method-assign,assignment]


install()

"""Codex positions for scenario files: the `[position]` table, the readable projection, and dumps.

Importing this module attaches the scenario hooks to the Codex game class (`Codex.position_from_scenario`
and friends); the scenario runner imports `engine.<game>.position` by convention before it needs them, so
the package itself does not have to. docs/scenarios.md describes every key; in short:

    [position]                       turn, active, first, phase ("main", "start", "await_tech"), rng,
                                     this_turn = {spells_played, tower_detected, detected, control_returns}
    [position.p1]                    heroes, gold, workers, worker_cards, base = {damage}, tech1..tech3,
                                     addon, tech2_spec, hand, deck (top first), deck_order, discard, removed,
                                     codex, command, cooldown, future, tech_pick, tech_open, hired_this_turn,
                                     reshuffled_this_turn, tax_paid, turns
    [[position.p1.in_play]]          card, owner, damage, runes, level, exhausted, arrived_this_turn,
                                     attacked_this_turn, patrol, marks, caster, links, attached, mods, ...

Cards are written by printed name ("Older Brother"), or by label ("Older Brother#3") to fix the copy
number. Anything left out takes the normal setup's value.

The work is split by job: position_names (card names, labels and copy numbers), position_read (the
`[position]` table into a State), position_things (the things in play among it), position_dump (a State
back out as a `[position]` table) and position_view (the readable projection checks read, and events).
This module is the entry point: it attaches them to the game class.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.codex import Codex
from engine.codex.position_dump import position_to_scenario
from engine.codex.position_names import SEATS, card_id, parse_ref
from engine.codex.position_read import position_from_scenario
from engine.codex.position_view import player_projection, scenario_event, scenario_projection, thing_projection
from engine.codex.state import State
from engine.core import JSON

__all__ = [
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


def install() -> None:
    """Attach the scenario hooks to the Codex game class (idempotent)."""
    Codex.position_from_scenario = _position_from_scenario  # type: ignore[method-assign]
    Codex.scenario_projection = scenario_projection  # type: ignore[method-assign,assignment]
    Codex.position_to_scenario = position_to_scenario  # type: ignore[method-assign,assignment]
    Codex.scenario_event = scenario_event  # type: ignore[method-assign,assignment]


install()

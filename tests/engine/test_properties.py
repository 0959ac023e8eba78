"""The platform's promises, checked for every registered game in one pass over each seeded random playout.

What is checked is bench/properties.py's (one pass: no mutation, JSON round trip, replay equals snapshot,
`to_move` empty iff over, notation round trip, no leaks in views, events or summaries, conservation). What
is played comes from each game's declaration: one table per mode, with that mode's seat counts, capped at
its `step_cap`. A game registered later is covered here without touching this file; the profile (quick by
default, ARBITER_PROFILE=deep) says how many playouts and how closely.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench import properties as p
from engine import GAMES, load_games
from engine.core import Action, BadOptions, Event, Game, Seat
from engine.meta import GameInfo
from engine.playout import play_out
from tests.bench.games import BrokenTrial
from tests.fixtures import trial_game

DEPTH = p.profile()


def game_names() -> list[str]:
    """Every registered game, the shipped ones and the test-only trial game."""
    load_games()
    assert trial_game.TRIAL is GAMES[trial_game.TrialGame.name]
    return sorted(GAMES)


NAMES = game_names()
TABLES = {(name, table.name): table for name in NAMES for table in p.tables(GAMES[name])}


@pytest.mark.parametrize("name", NAMES)
def test_registry_entry_is_sound(name: str) -> None:
    game = GAMES[name]
    assert game.title and 1 <= game.min_players <= game.max_players
    assert game.schema_version >= 1
    with pytest.raises(BadOptions):
        game.setup(game.min_players - 1, game.default_options(), 1)
    with pytest.raises(BadOptions):
        game.setup(game.max_players + 1, game.default_options(), 1)
    assert not p.missing_audit_hooks(game), "hidden information needs hidden_cards and card_count"


@pytest.mark.parametrize(("name", "table"), sorted(TABLES))
@given(data=st.data())
def test_every_promise_holds_along_random_playouts(name: str, table: str, data: st.DataObject) -> None:
    game, where = GAMES[name], TABLES[name, table]
    players = data.draw(st.sampled_from(where.seats), label="players")
    seed = data.draw(st.integers(0, 2**63 - 1), label="seed")
    log = DEPTH.check(game, players, seed, where.options)
    assert log.finished and game.outcome(log.final) is not None


@pytest.mark.parametrize(("name", "table"), sorted(TABLES))
@settings(max_examples=DEPTH.bare)
@given(data=st.data())
def test_random_playouts_end_within_the_step_cap(name: str, table: str, data: st.DataObject) -> None:
    """Many more playouts than the checked ones, only played: each must end within the game's own cap."""
    game, where = GAMES[name], TABLES[name, table]
    players = data.draw(st.sampled_from(where.seats), label="players")
    seed = data.draw(st.integers(0, 2**63 - 1), label="seed")
    log = play_out(game, players, seed, where.options, style=p.style_for(seed))
    assert log.finished, f"{name} {table}: no end within {game.info.step_cap} moves (seed {seed})"


def test_each_mode_is_a_table_with_its_seats() -> None:
    trial = GAMES["trial"]
    assert p.tables(trial) == [p.Table(None, tuple(range(trial.min_players, trial.max_players + 1)))]
    for game in (GAMES[name] for name in NAMES if GAMES[name].info.modes):
        for mode, table in zip(game.info.modes, p.tables(game), strict=True):
            assert (table.mode, table.seats) == (mode.name, mode.seats)
            assert table.options.get("mode", mode.name) == mode.name


# ------------------------------------------------------------------- a game that hides cards must say which


class Blind(trial_game.TrialGame):
    """The trial game (hands and a face-down deck) declaring hidden information, with the audit hooks of the
    base class, which see nothing: the leak and conservation checks could not look."""

    info = GameInfo("blind", "Blind", 2, 5, hidden_information=True, offered=False)

    hidden_cards = Game.hidden_cards
    card_count = Game.card_count


class Leaky(trial_game.TrialGame):
    """The trial game telling everyone each hand as it is dealt."""

    def opening_events(self, state: Any) -> tuple[Event, ...]:
        shown = [Event("hands", {"cards": [trial_game.card_id(c) for h in state.hands for c in h]})]
        return (*super().opening_events(state), *shown)


class Growing(trial_game.TrialGame):
    """The trial game counting a card too many once the first bid is in."""

    def card_count(self, state: Any) -> int | None:
        return trial_game.card_count(state) + (state.bids[0] is not None)


class Peeking(trial_game.TrialGame):
    """The trial game whose view for seat 0 holds seat 1's hand."""

    def view(self, state: Any, viewer: Seat | None) -> Any:
        view = super().view(state, viewer)
        return {**view, "peek": [trial_game.card_id(c) for c in state.hands[1]]} if viewer == 0 else view


class Lying(trial_game.TrialGame):
    """The trial game giving a reason for every action, legal or not."""

    def why_illegal(self, state: Any, seat: Seat, action: Action) -> str | None:
        return "because"


class Blank(trial_game.TrialGame):
    """The trial game whose reasons are empty."""

    def why_illegal(self, state: Any, seat: Seat, action: Action) -> str | None:
        return None if action in self.legal_actions(state, seat) else " "


class Telling(trial_game.TrialGame):
    """The trial game whose reason names seat 1's hand."""

    def why_illegal(self, state: Any, seat: Seat, action: Action) -> str | None:
        if action in self.legal_actions(state, seat) or seat == 1:
            return None
        return "seat 1 holds " + ", ".join(trial_game.card_id(c) for c in state.hands[1])


def test_hidden_information_without_the_audit_hooks_fails() -> None:
    blind = Blind()
    assert p.missing_audit_hooks(blind) == ["hidden_cards", "card_count"]
    with pytest.raises(AssertionError, match="does not implement hidden_cards and card_count"):
        p.check_playout(blind, 2, 1)
    assert p.missing_audit_hooks(trial_game.TRIAL) == []


@pytest.mark.parametrize(
    ("game", "broken"),
    [
        (Leaky(), "event hands"),
        (Growing(), "card count went from"),
        (Peeking(), "view of seat 0 shows"),
        (BrokenTrial("unreadable"), "raised KeyError"),
        (Lying(), "was given a reason: because"),
        (Blank(), "an empty reason"),
        (Telling(), "the reason given to seat 0"),
    ],
    ids=["event", "conservation", "view", "refusal", "reason-for-legal", "empty-reason", "reason-leaks"],
)
def test_the_pass_catches_a_broken_promise(game: Game[Any], broken: str) -> None:
    # Each game above breaks one promise on its first states: the pass must name it, at any depth.
    for depth in p.PROFILES.values():
        with pytest.raises(AssertionError, match=broken):
            depth.check(game, 3, 5)

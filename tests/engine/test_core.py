"""Tests of the engine protocol itself: value types, randomness, the registry and the shared helpers."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import (
    GAMES,
    JSON,
    PUBLIC,
    Action,
    BadNotation,
    BadOptions,
    Event,
    Game,
    GameError,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Outcome,
    Seat,
    Step,
    get_game,
    normalise_notation,
    offered_games,
    public_events,
    register,
    rng_for,
)
from engine.i18n import render, t


class Probe(Game[dict[str, Any]]):
    """A stand-in game whose state says outright who may move and what is legal."""

    name = "core-probe"
    title = "Core probe"
    min_players = 2
    max_players = 4
    offered = False

    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> dict[str, Any]:
        return {"waiting": [0], "legal": [["play", 1], ["play", 12], ["pass"]], "over": False}

    def to_move(self, state: dict[str, Any]) -> frozenset[Seat]:
        return frozenset() if state["over"] else frozenset(state["waiting"])

    def legal_actions(self, state: dict[str, Any], seat: Seat) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        return [Action.from_json(a) for a in state["legal"]]

    def apply(self, state: dict[str, Any], seat: Seat, action: Action) -> Step[dict[str, Any]]:
        self.check_legal(state, seat, action)
        return Step(dict(state))

    def view(self, state: dict[str, Any], viewer: Seat | None) -> JSON:
        return {}

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        return Outcome(frozenset({0})) if state["over"] else None

    def parse_action(self, state: dict[str, Any], seat: Seat, text: str) -> Action:
        return self.parse_by_legal(state, seat, text)

    def describe_action(self, state: dict[str, Any], seat: Seat, action: Action) -> str:
        if action.verb == "explode":
            raise RuntimeError("no notation for this")
        return " ".join(str(x) for x in action.to_json())

    def to_json(self, state: dict[str, Any]) -> JSON:
        return state

    def from_json(self, data: JSON) -> dict[str, Any]:
        return dict(data)


class OtherProbe(Probe):
    pass


@pytest.fixture
def probe() -> Probe:
    return Probe()


@pytest.fixture
def clean_registry() -> Iterator[None]:
    saved = dict(GAMES)
    yield
    GAMES.clear()
    GAMES.update(saved)


def state_with(**changes: Any) -> dict[str, Any]:
    return Probe().setup(2, {}, 0) | changes


# ---------------------------------------------------------------------------------------- value types

args = st.lists(st.one_of(st.text(max_size=8), st.integers(-(2**40), 2**40)), max_size=4)


@settings(max_examples=60, deadline=None)
@given(verb=st.text(min_size=1, max_size=10), arguments=args)
def test_action_json_round_trip(verb: str, arguments: list[str | int]) -> None:
    action = Action(verb, tuple(arguments))
    data = json.loads(json.dumps(action.to_json()))
    assert Action.from_json(data) == action
    assert data[0] == verb


@pytest.mark.parametrize(
    "bad", [None, {}, [], [3], "play", ["play", True], ["play", 1.5], ["play", None], ["play", [1]]]
)
def test_action_from_json_refuses_non_actions(bad: object) -> None:
    with pytest.raises(ValueError):
        Action.from_json(bad)


def test_actions_are_hashable_values() -> None:
    assert Action("play", (1,)) == Action("play", (1,))
    assert len({Action("play", (1,)), Action("play", (1,)), Action("pass")}) == 2
    assert Action("pass").to_json() == ["pass"]


@settings(max_examples=40, deadline=None)
@given(
    kind=st.text(min_size=1, max_size=8),
    data=st.dictionaries(st.text(max_size=5), st.one_of(st.integers(), st.text(max_size=5), st.none())),
    to=st.one_of(st.none(), st.frozensets(st.integers(0, 7))),
)
def test_event_json_round_trip(kind: str, data: dict[str, JSON], to: frozenset[int] | None) -> None:
    event = Event(kind, data, to)
    encoded = json.loads(json.dumps(event.to_json()))
    assert Event.from_json(encoded) == event
    assert ("to" in encoded) == (to is not None)


def test_event_visibility() -> None:
    public = Event("rolled", {"die": 3})
    private = Event("drew", {"card": "x"}, frozenset({1}))
    nobody = Event("shuffle", {}, frozenset())
    assert public.visible_to(PUBLIC) and public.visible_to(0)
    assert private.visible_to(1) and not private.visible_to(0) and not private.visible_to(PUBLIC)
    assert not any(nobody.visible_to(v) for v in (PUBLIC, 0, 1))
    assert public_events([public, private, nobody], PUBLIC) == [public]
    assert public_events([public, private, nobody], 1) == [public, private]
    assert Event.from_json({"kind": "k"}) == Event("k")


@pytest.mark.parametrize(
    "outcome",
    [
        Outcome(frozenset({1})),
        Outcome(frozenset({0, 2}), "draw", {0: 3.0, 1: 1.5, 2: 3.0}, "tie"),
        Outcome(frozenset(), "abandoned"),
    ],
)
def test_outcome_json_round_trip(outcome: Outcome) -> None:
    encoded = json.loads(json.dumps(outcome.to_json()))
    assert Outcome.from_json(encoded) == outcome
    assert outcome.reason in Outcome.REASONS


def test_outcome_from_minimal_json_uses_defaults() -> None:
    assert Outcome.from_json({"winners": [0]}) == Outcome(frozenset({0}), "normal", None, "")


# ---------------------------------------------------------------------------------------- randomness


def test_rng_for_depends_only_on_its_arguments() -> None:
    def draws(seed: int, step: int, salt: str = "") -> list[float]:
        rng = rng_for(seed, step, salt)
        return [rng.random() for _ in range(5)]

    assert draws(42, 3) == draws(42, 3)
    assert draws(42, 3) != draws(42, 4)
    assert draws(42, 3) != draws(43, 3)
    assert draws(42, 3, "deck") != draws(42, 3, "die")
    assert draws(42, 3, "deck") == draws(42, 3, "deck")


def test_rng_for_steps_look_independent() -> None:
    # Consecutive steps of one seed should behave like separate fair dice, not a shifted sequence.
    faces = [rng_for(7, step).randint(1, 6) for step in range(6000)]
    counts = [faces.count(f) for f in range(1, 7)]
    assert all(850 < c < 1150 for c in counts), counts
    repeats = sum(a == b for a, b in itertools.pairwise(faces))
    assert 800 < repeats < 1200, repeats
    firsts = [rng_for(7, step).random() for step in range(200)]
    seconds = [rng_for(7, step + 1).random() for step in range(200)]
    assert firsts[1:] == seconds[:-1]
    assert len(set(firsts)) == len(firsts)


def test_rng_for_shuffles_are_replayable() -> None:
    deck = list(range(20))
    a, b = deck[:], deck[:]
    rng_for(9, 0).shuffle(a)
    rng_for(9, 0).shuffle(b)
    assert a == b and sorted(a) == deck


# -------------------------------------------------------------------------------------------- registry


def test_register_and_get(clean_registry: None, probe: Probe) -> None:
    assert register(probe) is probe
    assert get_game("core-probe") is probe
    # Registering the same class again (a module reloaded) replaces the entry quietly.
    again = Probe()
    register(again)
    assert get_game("core-probe") is again


def test_two_classes_may_not_share_a_name(clean_registry: None) -> None:
    register(Probe())
    with pytest.raises(ValueError, match="two games registered as 'core-probe'"):
        register(OtherProbe())


def test_unknown_game_lists_only_offered_games(clean_registry: None) -> None:
    register(Probe())
    with pytest.raises(BadOptions, match="There is no game called 'nope'") as caught:
        get_game("nope")
    assert "core-probe" not in caught.value.message
    assert "trial" not in caught.value.message
    assert all(g.offered for g in offered_games())


def test_unknown_game_with_nothing_offered(clean_registry: None) -> None:
    GAMES.clear()
    with pytest.raises(BadOptions, match="Games: none yet"):
        get_game("nope")


def test_error_hierarchy_and_messages() -> None:
    assert issubclass(BadNotation, IllegalAction) and issubclass(IllegalAction, GameError)
    for cls in (NotYourTurn, GameOver, BadOptions):
        assert issubclass(cls, GameError)
    err = IllegalAction("Not now.")
    assert err.message == "Not now." and str(err) == "Not now."


# ------------------------------------------------------------------------------------ shared helpers


def test_check_turn_names_who_is_awaited(probe: Probe) -> None:
    state = state_with(waiting=[2, 0])
    probe.check_turn(state, 0)
    with pytest.raises(NotYourTurn, match=r"^It is not your move; waiting on p1, p3\.$"):
        probe.check_turn(state, 1)
    with pytest.raises(GameOver, match="The game is over"):
        probe.check_turn(state_with(over=True), 0)


def test_check_legal_lists_what_is_legal(probe: Probe) -> None:
    state = state_with()
    probe.check_legal(state, 0, Action("pass"))
    with pytest.raises(IllegalAction, match=r"^`play 5` is not legal now\. Legal now: play 1; play 12; pass\.$"):
        probe.check_legal(state, 0, Action("play", (5,)))
    with pytest.raises(NotYourTurn):
        probe.check_legal(state, 1, Action("pass"))


def test_check_legal_shortens_long_lists(probe: Probe) -> None:
    state = state_with(legal=[["play", n] for n in range(11)])
    with pytest.raises(IllegalAction, match=r"Legal now: play 0; .*; play 7 and 3 more\.$"):
        probe.check_legal(state, 0, Action("pass"))


def test_check_legal_survives_an_action_without_notation(probe: Probe) -> None:
    with pytest.raises(IllegalAction, match=r"^`explode 1` is not legal now"):
        probe.check_legal(state_with(), 0, Action("explode", (1,)))


def test_parse_by_legal_takes_only_an_exact_match(probe: Probe) -> None:
    state = state_with()
    assert probe.parse_action(state, 0, "  PLAY   12 ") == Action("play", (12,))
    # "play 1" is also the start of "play 12"; it names "play 1" itself.
    assert probe.parse_action(state, 0, "play 1") == Action("play", (1,))
    assert probe.parse_action(state, 0, "Pass") == Action("pass")


def test_parse_by_legal_never_completes_the_start_of_an_action(probe: Probe) -> None:
    """A unique prefix used to be taken for the action; now it is refused with a suggestion."""
    state = state_with()
    with pytest.raises(IllegalAction, match=r"^`pa` is not a legal action now\. Did you mean `pass`\? Legal now: "):
        probe.parse_action(state, 0, "pa")
    with pytest.raises(IllegalAction, match=r"Did you mean one of: play 1; play 12\?"):
        probe.parse_action(state, 0, " pl ")
    with pytest.raises(IllegalAction, match=r"^`plya 12` is not a legal action now\. Did you mean `play 12`\?"):
        probe.parse_action(state, 0, "plya 12")


def test_parse_by_legal_refuses_unknown_text(probe: Probe) -> None:
    state = state_with()
    with pytest.raises(IllegalAction, match=r"^`jump` is not a legal action now\. Legal now: play 1; play 12; pass\.$"):
        probe.parse_action(state, 0, "jump")
    with pytest.raises(BadNotation, match="Type an action"):
        probe.parse_action(state, 0, "   ")
    with pytest.raises(IllegalAction, match="You have no action to take now"):
        probe.parse_action(state, 1, "pass")


def test_a_game_grammar_makes_a_typo_bad_notation(probe: Probe, monkeypatch: pytest.MonkeyPatch) -> None:
    """With `notation_problem`, a text that is no notation at all is a BadNotation, one that is notation but
    not legal now a plain IllegalAction; both offer the closest legal action."""

    def grammar(state: Any, seat: Seat, text: str) -> str | None:
        verb = normalise_notation(text).split()[0]
        return None if verb in ("play", "pass") else "Actions look like: play N, pass."

    monkeypatch.setattr(probe, "notation_problem", grammar)
    state = state_with()
    with pytest.raises(BadNotation, match=r"^`jmup` is not Core probe notation\. Actions look like: play N, pass\. "):
        probe.parse_action(state, 0, "jmup")
    with pytest.raises(IllegalAction) as refused:
        probe.parse_action(state, 0, "play 5")
    assert not isinstance(refused.value, BadNotation)
    with pytest.raises(BadNotation, match=r"Did you mean `pass`\?"):
        probe.parse_action(state, 0, "pas")


def test_a_very_long_typed_move_is_echoed_clipped_and_readable(probe: Probe) -> None:
    """What a player typed goes back into the refusal as a message variable; a text longer than Fluent takes
    in one (2500 characters) would turn the whole refusal into "{???}"."""
    state = state_with()
    with pytest.raises(IllegalAction) as refused:
        probe.parse_action(state, 0, "jump" + "x" * 3000)
    shown = str(refused.value)
    assert "{???}" not in shown and shown.startswith("`jumpxxx") and "…` is not a legal action now." in shown
    assert len(shown) < 1200


def test_parse_by_legal_shortens_long_lists(probe: Probe) -> None:
    state = state_with(legal=[["play", n] for n in range(10)])
    with pytest.raises(IllegalAction, match=r"play 7 and 2 more\.$"):
        probe.parse_action(state, 0, "jump")


def test_a_refusal_repeats_only_the_start_of_a_long_text(probe: Probe) -> None:
    state = state_with()
    with pytest.raises(IllegalAction) as refused:
        probe.parse_action(state, 0, "x" * 5000)
    message = refused.value.message
    assert message.startswith("`" + "x" * 79 + "…` is not a legal action now.") and "Legal now: play 1" in message


def test_a_placeable_longer_than_fluent_allows_is_clipped_not_lost() -> None:
    text = render(t("core-not-an-action", typed="y" * 6000))
    assert text.startswith("`yyy") and text.endswith("…` is not a legal action now.") and len(text) < 2600


@settings(max_examples=40, deadline=None)
@given(text=st.text(alphabet=" \tabcXYZ12", max_size=20))
def test_normalise_notation_is_case_and_space_blind(text: str) -> None:
    norm = normalise_notation(text)
    assert norm == norm.lower() and "  " not in norm and norm == norm.strip()
    assert normalise_notation(text.upper()) == norm


def test_defaults_of_the_base_class(probe: Probe) -> None:
    state = state_with()
    assert probe.seat_name(0) == "p1"
    assert probe.default_options() == {} and probe.options_help() == {}
    assert probe.describe_event(Event("x"), None) is None
    assert probe.opening_events(state) == ()
    assert probe.view_lines({"anything": 1}) == []
    assert probe.upgrade({"a": 1}, 1) == {"a": 1}
    with pytest.raises(ValueError, match="no upgrade from snapshot schema 0 to 1"):
        probe.upgrade({}, 0)
    with pytest.raises(GameError, match="no resignation rule"):
        probe.resign(state, 0)
    assert probe.describe_action_safely(state, 0, Action("explode", (1, "x"))) == "explode 1 x"

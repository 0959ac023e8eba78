"""Property checks that every registered game must pass, driven by seeded random playouts.

`test_properties.py` runs these for every game in `engine.GAMES`, so a game added later is covered
without touching this file. Two optional hooks let a game unlock the stronger checks:

- hidden cards: `hidden(state, seat) -> set[str]`, the identifiers of cards only `seat` may know;
  with seat None, the cards nobody may know (a face-down deck). Views and events are searched for
  these strings: a view or summary for one viewer must not hold another seat's hidden cards.
- card count: `count(state) -> int`, the cards across all zones; it must never change.

Register a hook with `register_hooks(name, hidden=..., card_count=...)` from this module (the trial
game's are registered below), or give the Game object methods named `hidden_cards(state, seat)` and
`card_count(state)`, which are picked up when no hook is registered. Extra option sets to play with go
in `OPTIONS[name]` (the game's default options are always played).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import engine
from engine.core import GAMES, JSON, Action, Event, Game, GameError, GameOver, Outcome, Seat, Step
from tests.fixtures import trial_game

HiddenFn = Callable[[Any, Seat | None], set[str]]
CountFn = Callable[[Any], int]

HIDDEN: dict[str, HiddenFn] = {}
CARD_COUNT: dict[str, CountFn] = {}
OPTIONS: dict[str, list[dict[str, JSON]]] = {}

MAX_ACTIONS = 3000
"""A playout that has not ended after this many attempts is taken to be a game that can loop."""


def register_hooks(name: str, *, hidden: HiddenFn | None = None, card_count: CountFn | None = None) -> None:
    if hidden is not None:
        HIDDEN[name] = hidden
    if card_count is not None:
        CARD_COUNT[name] = card_count


register_hooks(trial_game.TrialGame.name, hidden=trial_game.hidden_cards, card_count=trial_game.card_count)


def game_names() -> list[str]:
    """Every registered game, the shipped ones and the test-only trial game."""
    engine.load_games()
    assert trial_game.TRIAL is GAMES[trial_game.TrialGame.name]
    return sorted(GAMES)


def hidden_hook(game: Game[Any]) -> HiddenFn | None:
    return HIDDEN.get(game.name) or getattr(game, "hidden_cards", None)


def count_hook(game: Game[Any]) -> CountFn | None:
    return CARD_COUNT.get(game.name) or getattr(game, "card_count", None)


SEAT_RANGE: dict[str, tuple[int, int]] = {"codex": (2, 2), "ascension": (1, 2)}
"""Seat counts the generic tests draw for a game, when narrower than min_players..max_players. Codex
tables of 3-5 seats are long and have hundreds of legal moves a state: tests/codex/test_properties.py
runs these same checks in each of its modes (2v2, free-for-all) with fewer, weighted playouts. Random
Ascension games of 3 and 4 seats run to 600-800 moves: tests/ascension/test_properties.py plays them."""


def seat_range(game: Game[Any]) -> tuple[int, int]:
    return SEAT_RANGE.get(game.name, (game.min_players, game.max_players))


def option_sets(game: Game[Any]) -> list[dict[str, JSON]]:
    return [game.default_options(), *OPTIONS.get(game.name, [])]


# ------------------------------------------------------------------------------------------- playouts


@dataclass(frozen=True)
class Move:
    """One log entry. The protocol has no action for resigning, so a resignation has action None."""

    seat: Seat
    action: Action | None


@dataclass
class Playout:
    game: Game[Any]
    players: int
    options: dict[str, JSON]
    seed: int
    moves: list[Move] = field(default_factory=list)
    snapshots: list[JSON] = field(default_factory=list)
    """to_json after setup, then after each move."""
    events: list[list[JSON]] = field(default_factory=list)
    opening: list[JSON] = field(default_factory=list)
    final: Any = None


StateCheck = Callable[[Game[Any], Any, int], None]
"""Called with (game, state, players) on every state of a playout, the first and last included."""
StepCheck = Callable[[Game[Any], Any, Move | None, Step[Any], int], None]
"""Called with (game, state before, move, step, players) after every accepted move, and once first
with (game, None, None, Step(initial state, opening events), players) for what setup did."""


def playout(
    game: Game[Any],
    players: int,
    seed: int,
    options: dict[str, JSON] | None = None,
    *,
    state_checks: Sequence[StateCheck] = (),
    step_checks: Sequence[StepCheck] = (),
    max_actions: int = MAX_ACTIONS,
    choose: Callable[[random.Random, list[Action]], Action] | None = None,
) -> Playout:
    """Play random legal moves from setup to the end, running the checks along the way.

    Mostly the seats that owe a move act; now and then a seat with only optional moves acts, or a
    random seat resigns, because those paths are where platforms usually break. `choose` picks the
    action (uniformly at random by default; a game's own tests may weight it to reach the end sooner).
    """
    opts = game.default_options() if options is None else options
    rng = random.Random(f"playout:{seed}")
    resign_rate = rng.choice([0.0, 0.0, 0.01, 0.04])
    state = game.setup(players, opts, seed)
    record = Playout(game, players, opts, seed, snapshots=[game.to_json(state)])
    opening = Step(state, tuple(game.opening_events(state)))
    record.opening = [e.to_json() for e in opening.events]
    for step_check in step_checks:
        step_check(game, None, None, opening, players)
    for check in state_checks:
        check(game, state, players)
    attempts = 0
    while game.outcome(state) is None:
        attempts += 1
        if attempts > max_actions:
            raise AssertionError(
                f"{game.name}: no end after {max_actions} random actions "
                f"(players={players}, seed={seed}); add a cap so every game terminates"
            )
        if rng.random() < resign_rate:
            seat = rng.randrange(players)
            before = game.to_json(state)
            try:
                step = game.resign(state, seat)
            except GameError:
                assert game.to_json(state) == before, f"{game.name}: refused resign changed the state"
                continue
            assert game.to_json(state) == before, f"{game.name}: resign({seat}) mutated its input"
            move = Move(seat, None)
        else:
            movers = sorted(game.to_move(state))
            assert movers, f"{game.name}: to_move is empty but outcome is None"
            pool = movers
            if rng.random() < 0.1:
                pool = [s for s in range(players) if game.legal_actions(state, s)]
            seat = rng.choice(pool)
            legal = game.legal_actions(state, seat)
            assert legal, f"{game.name}: {game.seat_name(seat)} must move but has no legal action"
            action = rng.choice(legal) if choose is None else choose(rng, legal)
            before = game.to_json(state)
            step = game.apply(state, seat, action)
            assert game.to_json(state) == before, f"{game.name}: apply({seat}, {action}) mutated its input"
            move = Move(seat, action)
        for check in step_checks:
            check(game, state, move, step, players)
        record.moves.append(move)
        record.snapshots.append(game.to_json(step.state))
        record.events.append([e.to_json() for e in step.events])
        # Carry on from a state rebuilt from JSON, as a bot reloading every turn would.
        state = game.from_json(json.loads(json.dumps(game.to_json(step.state))))
        for check in state_checks:
            check(game, state, players)
    record.final = state
    return record


def replay(game: Game[Any], record: Playout) -> Iterator[tuple[JSON, list[JSON]]]:
    """The snapshot and events after setup and each logged move, replayed with the same seed."""
    state = game.setup(record.players, record.options, record.seed)
    yield game.to_json(state), [e.to_json() for e in game.opening_events(state)]
    for move in record.moves:
        step = game.resign(state, move.seat) if move.action is None else game.apply(state, move.seat, move.action)
        state = step.state
        yield game.to_json(state), [e.to_json() for e in step.events]


# --------------------------------------------------------------------------------------- state checks


def check_turn_and_outcome(game: Game[Any], state: Any, players: int) -> None:
    waiting = game.to_move(state)
    result = game.outcome(state)
    assert (not waiting) == (result is not None), f"{game.name}: to_move={sorted(waiting)} but outcome={result}"
    assert waiting <= set(range(players)), f"{game.name}: to_move names seats outside the table"
    for seat in waiting:
        assert game.legal_actions(state, seat), f"{game.name}: {seat} owes a move but has none"
    if result is not None:
        assert isinstance(result, Outcome)
        assert result.reason in Outcome.REASONS, f"{game.name}: unknown outcome reason {result.reason!r}"
        assert result.winners <= set(range(players)), f"{game.name}: winners outside the table"
        # A solo game lost to the rules' own opponent (a villain playing inside apply) has no winning seat.
        lost_to_the_game = players == 1 and game.info.automated_seats
        if result.reason != "draw" and not lost_to_the_game:
            assert result.winners, f"{game.name}: a {result.reason!r} ending needs a winner"
        json.dumps(result.to_json())
        assert Outcome.from_json(result.to_json()) == result
        for seat in range(players):
            assert game.legal_actions(state, seat) == [], f"{game.name}: moves offered after the end"


def check_json_round_trip(game: Game[Any], state: Any, players: int) -> None:
    data = game.to_json(state)
    text = json.dumps(data, allow_nan=False)
    # Tuples and integer keys survive json.dumps but do not come back equal: both are not plain JSON.
    assert json.loads(text) == data, f"{game.name}: to_json output is not plain JSON"
    again = game.to_json(game.from_json(json.loads(text)))
    assert again == data, f"{game.name}: from_json/to_json round trip changed the snapshot"
    assert game.upgrade(json.loads(text), game.schema_version) == data


def check_legal_actions_accepted(game: Game[Any], state: Any, players: int) -> None:
    before = game.to_json(state)
    for seat in range(players):
        legal = game.legal_actions(state, seat)
        assert legal == game.legal_actions(state, seat), f"{game.name}: legal_actions is not deterministic"
        assert len(set(legal)) == len(legal), f"{game.name}: duplicate legal actions for seat {seat}"
        for action in legal:
            assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
            step = game.apply(state, seat, action)
            assert isinstance(step, Step)
            assert game.to_json(state) == before, f"{game.name}: apply({seat}, {action}) mutated its input state"


def illegal_samples(game: Game[Any], state: Any, players: int) -> Iterator[tuple[Seat, Action]]:
    """Moves that must be refused now: wrong seats, invented verbs, bad arguments, others' moves."""
    legal = {seat: game.legal_actions(state, seat) for seat in range(players)}
    some = [a for acts in legal.values() for a in acts] or [Action("pass")]
    for seat in (-1, players, players + 7):
        yield seat, some[0]
    for seat in range(players):
        if not legal[seat]:
            for action in some[:3]:
                yield seat, action
        candidates = [Action("no-such-verb"), Action("no-such-verb", (1,)), Action("")]
        for verb in sorted({a.verb for a in legal[seat]}):
            candidates += [Action(verb, ("?nonsense",)), Action(verb, (10**9,)), Action(verb, (-1, -1, -1))]
        for action in legal[seat][:3]:
            candidates.append(Action(action.verb, (*action.args, "extra")))
        for other, acts in legal.items():
            if other != seat:
                candidates += acts[:4]
        for action in candidates:
            if action not in legal[seat]:
                yield seat, action


def check_illegal_refused(game: Game[Any], state: Any, players: int) -> None:
    before = game.to_json(state)
    for seat, action in illegal_samples(game, state, players):
        try:
            game.apply(state, seat, action)
        except GameError as exc:
            assert isinstance(exc.message, str) and exc.message.strip(), f"{game.name}: empty error"
        else:
            raise AssertionError(f"{game.name}: seat {seat} was allowed the illegal {action}")
        assert game.to_json(state) == before, f"{game.name}: refused {action} changed the state"
    if game.outcome(state) is not None:
        for seat in range(players):
            try:
                game.resign(state, seat)
            except GameError:
                pass
            else:
                raise AssertionError(f"{game.name}: resign accepted after the end")
        some = Action("pass")
        for seat in range(players):
            try:
                game.apply(state, seat, some)
            except GameOver:
                pass
            else:
                raise AssertionError(f"{game.name}: apply after the end did not raise GameOver")


def check_notation(game: Game[Any], state: Any, players: int) -> None:
    for seat in range(players):
        legal = game.legal_actions(state, seat)
        texts = [game.describe_action(state, seat, a) for a in legal]
        assert len(set(texts)) == len(texts), f"{game.name}: two legal actions share a notation: {texts}"
        for action, text in zip(legal, texts, strict=True):
            assert text.strip() and "\n" not in text, f"{game.name}: bad notation {text!r}"
            parsed = game.parse_action(state, seat, text)
            assert parsed == action, f"{game.name}: parse({text!r}) gave {parsed}, not {action}"


def leaves(data: JSON) -> Iterator[str]:
    """Every string in a JSON value, dictionary keys included."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield str(k)
            yield from leaves(v)
    elif isinstance(data, list | tuple):
        for v in data:
            yield from leaves(v)


def forbidden_for(game: Game[Any], state: Any, players: int, allowed: frozenset[Seat]) -> set[str]:
    """Hidden cards that someone who knows only what `allowed` seats know must not see."""
    hook = hidden_hook(game)
    if hook is None:
        return set()
    out = set(hook(state, None))
    for seat in range(players):
        if seat not in allowed:
            out |= hook(state, seat)
    return out


def mentions(text: str, ids: set[str]) -> set[str]:
    """The ids that `text` names. A name that merely ends another, longer name ("Argonaut#1" inside "Fading
    Argonaut#1": a capitalised word just before it) is that other card, not this one."""
    out = set()
    for i in ids:
        for m in re.finditer(rf"(?<!\w){re.escape(i)}(?!\w)", text):
            if not re.search(r"(?<![\w'])[A-Z][\w'&-]* $", text[: m.start()]):
                out.add(i)
                break
    return out


def _scramble(data: Any) -> None:
    if isinstance(data, dict):
        for v in data.values():
            _scramble(v)
        data.clear()
    elif isinstance(data, list):
        for v in data:
            _scramble(v)
        data.clear()


def check_views(game: Game[Any], state: Any, players: int) -> None:
    before = game.to_json(state)
    for viewer in [None, *range(players)]:
        view = game.view(state, viewer)
        json.dumps(view)
        allowed = frozenset() if viewer is None else frozenset({viewer})
        leaked = set(leaves(view)) & forbidden_for(game, state, players, allowed)
        assert not leaked, f"{game.name}: view for {viewer} shows hidden cards {sorted(leaked)}"
        lines = game.view_lines(view)
        assert isinstance(lines, list) and all(isinstance(x, str) for x in lines)
        said = mentions("\n".join(lines), forbidden_for(game, state, players, allowed))
        assert not said, f"{game.name}: view_lines for {viewer} name hidden cards {sorted(said)}"
        # A view must be a copy: wrecking it may not touch the state.
        _scramble(view)
        assert game.to_json(state) == before, f"{game.name}: view({viewer}) shares data with the state"


# ---------------------------------------------------------------------------------------- step checks


def check_events(game: Game[Any], before: Any, move: Move | None, step: Step[Any], players: int) -> None:
    after = step.state
    for event in step.events:
        assert isinstance(event, Event)
        data = event.to_json()
        assert json.loads(json.dumps(data)) == data, f"{game.name}: event {event.kind} is not plain JSON"
        assert Event.from_json(data) == event
        if event.to is not None:
            assert event.to <= set(range(players)), f"{game.name}: event {event.kind} sent outside the table"
        if event.to == frozenset():
            continue  # kept for the audit trail only; nobody is shown it
        allowed = frozenset() if event.to is None else event.to
        forbidden = forbidden_for(game, after, players, allowed)
        leaked = set(leaves(dict(event.data))) & forbidden
        assert not leaked, f"{game.name}: event {event.kind} to {event.to} carries {sorted(leaked)}"
        for viewer in [None, *range(players)]:
            if not event.visible_to(viewer):
                continue
            text = game.describe_event(event, viewer)
            assert text is None or isinstance(text, str)
            if text:
                said = mentions(text, forbidden)
                assert not said, f"{game.name}: summary for {viewer} of {event.kind} names {sorted(said)}"


def make_card_count_check(game: Game[Any]) -> tuple[StateCheck, Callable[[], list[int]]]:
    hook = count_hook(game)
    assert hook is not None
    seen: list[int] = []

    def check(game: Game[Any], state: Any, players: int) -> None:
        seen.append(hook(state))
        assert seen[-1] == seen[0], f"{game.name}: card count went from {seen[0]} to {seen[-1]}"

    return check, lambda: seen


def assert_playout_keeps_promises(
    game: Game[Any],
    seed: int,
    options: dict[str, JSON],
    *,
    players: int = 2,
    notation: bool = True,
    max_actions: int = MAX_ACTIONS,
) -> tuple[Playout, list[int]]:
    """One random legal playout with every state and step check, which must reach an outcome, then replayed
    from its log to the very same snapshots and events. Returns the playout and the card counts seen.
    `notation=False` skips the notation round trip (a three-spec tech pick has hundreds of legal pairs)."""
    count, seen = make_card_count_check(game)
    checks = [check_turn_and_outcome, check_json_round_trip, check_views, count]
    if notation:
        checks.append(check_notation)
    record = playout(
        game, players, seed, options, state_checks=checks, step_checks=[check_events], max_actions=max_actions
    )
    assert game.outcome(record.final) is not None, f"seed {seed}: no outcome in {len(record.snapshots)} states"
    logged = [record.opening, *record.events]
    replayed = list(replay(game, record))
    assert len(replayed) == len(record.snapshots) == len(logged)
    for i, (snapshot, events) in enumerate(replayed):
        assert snapshot == record.snapshots[i], f"snapshot {i} differs on replay"
        assert events == logged[i], f"events of move {i} differ on replay"
    return record, seen()

"""The platform's promises about a game, every one of them checked in one pass over each playout.

A playout (engine/playout.py) is walked once; at every state and every step the checks below run, and at
the end the log is replayed from its seed:

- the game ends within its step cap; `to_move` is empty exactly when there is an outcome;
- no call mutates its input (apply, resign, view); every legal action is accepted, unique and plain JSON;
  illegal ones (wrong seats, invented verbs, bad arguments, others' moves) are refused with a message;
- snapshots are plain JSON and round-trip (the next move is made on the state read back from JSON, as the
  service does); events are plain JSON, sent inside the table;
- the notation of every legal action is one unique line that parses back to it;
- refusals say why truthfully: no legal action gets a reason (`why_illegal`); every illegal one sampled (and
  the moves legal a step earlier, as actions and as typed text) gets a non-empty reason or none, showing no
  card its reader may not know;
- views, their lines, events and the sentences describing them show no card their reader may not know
  (bench/leaks.py, the soak's own search); cards are neither made nor lost (`card_count`);
- replaying the log from the seed gives every snapshot and event again.

What a game is comes from its declaration (`GameInfo`): the tables to play are its modes and their seat
counts, the cap its `step_cap`. A game that declares hidden information must implement `hidden_cards` and
`card_count`, or the leak and conservation checks would pass without looking: it fails instead.

The tests (tests/engine/test_properties.py, and a game's own for extra option sets) and the soak's
`properties` suite run this; `Depth` says how hard (the quick and deep profiles).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.leaks import LeakSearch
from engine.core import JSON, Action, Event, Game, GameError, GameOver, Outcome, Seat, Step
from engine.i18n import english
from engine.playout import Played, Playout, Style, play, replay

PROFILE_ENV = "ARBITER_PROFILE"


class LeakFound(AssertionError):
    """A view, event or sentence showed a card its reader may not know."""


@dataclass(frozen=True)
class Depth:
    """How hard the property checks look.

    `playouts`: fully checked playouts per table (mode) of each game; `bare`: playouts per table that are
    only played to their end (cheap, so many more). `tried_per_verb`: at most this many legal actions of
    each verb are applied, described (one line, unique) and parsed back at a state, picked evenly from
    the list (None: every one). `heavy_states`: the checks that try many moves or build every view (legal
    and illegal moves, notation, views) run on about this many states of a playout of typical length,
    evenly spaced from where the seed says, and always on the first and last (None: on every state); the
    others (mutation, JSON, turn and outcome, events and their leaks, conservation, replay) run on all."""

    name: str
    playouts: int
    bare: int
    tried_per_verb: int | None
    heavy_states: int | None

    def every(self, game: Game[Any], players: int) -> int:
        """One state in how many gets the heavy checks: a table of more seats plays longer games."""
        if self.heavy_states is None:
            return 1
        return max(1, game.info.typical_actions * players // (2 * self.heavy_states))

    def check(
        self,
        game: Game[Any],
        players: int,
        seed: int,
        options: dict[str, JSON] | None = None,
        *,
        style: Style | None = None,
        extra: Callable[[Played], None] | None = None,
    ) -> Playout:
        every = self.every(game, players)
        return check_playout(
            game, players, seed, options, style=style, tried_per_verb=self.tried_per_verb, every=every, extra=extra
        )


PROFILES: dict[str, Depth] = {
    "quick": Depth("quick", playouts=2, bare=4, tried_per_verb=6, heavy_states=50),
    "deep": Depth("deep", playouts=10, bare=50, tried_per_verb=100, heavy_states=400),
}


def profile(name: str | None = None) -> Depth:
    """The named profile, or the one ARBITER_PROFILE names (quick by default)."""
    chosen = name or os.environ.get(PROFILE_ENV, "quick")
    if chosen not in PROFILES:
        raise ValueError(f"{PROFILE_ENV}={chosen!r}: the profiles are {', '.join(PROFILES)}")
    return PROFILES[chosen]


# ---------------------------------------------------------------------------------------------- tables


@dataclass(frozen=True)
class Table:
    """One way a game is played: a mode (None for a game without modes), its seat counts, its options."""

    mode: str | None
    seats: tuple[int, ...]
    options: dict[str, JSON] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.mode or f"{self.seats[0]}-{self.seats[-1]} seats"


def tables(game: Game[Any]) -> list[Table]:
    """Each mode the game declares, with the seats it takes (the `mode` option set when the game has one);
    a game without modes is one table of min_players..max_players seats."""
    info = game.info
    if not info.modes:
        return [Table(None, tuple(range(info.min_players, info.max_players + 1)))]
    by_option = info.option("mode") is not None
    return [Table(m.name, m.seats, {"mode": m.name} if by_option else {}) for m in info.modes]


def style_for(seed: int) -> Style:
    """Mostly the seats owing a move act; now and then a seat that may only revise a secret choice does,
    and in some playouts seats resign: those paths are where platforms usually break."""
    return Style(revise=0.1, resign=(0.0, 0.0, 0.01, 0.04)[seed % 4])


def missing_audit_hooks(game: Game[Any]) -> list[str]:
    """The audit hooks a game declaring hidden information leaves at the base class's (which see nothing)."""
    if not game.info.hidden_information:
        return []
    return [name for name in ("hidden_cards", "card_count") if getattr(type(game), name) is getattr(Game, name)]


# -------------------------------------------------------------------------------------------- the pass


def check_playout(
    game: Game[Any],
    players: int,
    seed: int,
    options: dict[str, JSON] | None = None,
    *,
    style: Style | None = None,
    tried_per_verb: int | None = None,
    every: int = 1,
    step_cap: int | None = None,
    extra: Callable[[Played], None] | None = None,
) -> Playout:
    """Play one seeded random playout with every check on every state and step, then replay it from its
    log. Raises AssertionError naming the game, seed, move and broken promise; returns the log. `extra`:
    a game's own promises, checked on every step in the same pass."""
    missing = missing_audit_hooks(game)
    assert not missing, (
        f"{game.name} declares hidden information but does not implement {' and '.join(missing)}: "
        "without them the leak and conservation checks cannot look"
    )
    checks = Promises(game, players, tried_per_verb, every, offset=seed % every)
    log = Playout(game, players, {}, seed)
    steps = play(
        game,
        players,
        seed,
        options,
        style=style or style_for(seed),
        step_cap=step_cap,
        record=log,
        reload=checks.reload,
    )
    for played in steps:
        try:
            checks.step(played)
            if extra is not None:
                extra(played)
        except AssertionError as error:
            where = "setup" if played.move is None else f"move {played.index} ({played.move})"
            raise type(error)(f"{game.name}, {players} seats, seed {seed}, {where}: {error}") from error
    assert log.finished, f"{game.name}, {players} seats, seed {seed}: no end within {len(log.moves)} moves"
    checks.replayed(log)
    return log


class Promises:
    """The checks of one playout, fed each step in turn; keeps the snapshots and events for the replay."""

    def __init__(self, game: Game[Any], players: int, tried_per_verb: int | None, every: int, offset: int) -> None:
        self.game = game
        self.players = players
        self.tried_per_verb = tried_per_verb
        self.every, self.offset = every, offset
        self.snapshots: list[JSON] = []
        self.events: list[list[JSON]] = []
        self.counts: list[int] = []
        self._last: tuple[Any, str] | None = None

    def reload(self, state: Any) -> Any:
        """The state as read back from its JSON text (the one the round-trip check just wrote)."""
        text = self._last[1] if self._last is not None and self._last[0] is state else None
        return self.game.from_json(json.loads(text or json.dumps(self.game.to_json(state))))

    def step(self, played: Played) -> None:
        game, state = self.game, played.state
        if played.before is not None:
            assert game.to_json(played.before) == self.snapshots[-1], f"{played.move} mutated its input state"
        events = played.step.events
        for event in events:
            check_event(game, event, self.players)
        data, text = check_json_round_trip(game, state)
        self.snapshots.append(data)
        self.events.append([e.to_json() for e in events])
        self._last = (state, text)
        check_turn_and_outcome(game, state, self.players)
        search = LeakSearch(game, state, self.players)
        search.events(events)
        if played.index % self.every == self.offset or played.index == 0 or game.outcome(state) is not None:
            check_legal_actions(game, state, self.players, self.tried_per_verb)
            check_illegal_refused(game, state, self.players)
            check_reasons(game, state, self.players, search, earlier_moves(game, played))
            check_views(game, state, search)
        if search.leaks:
            raise LeakFound("; ".join(str(leak) for leak in search.leaks))
        count = game.card_count(state)
        if count is not None:
            self.counts.append(count)
            assert count == self.counts[0], f"the card count went from {self.counts[0]} to {count}"
        assert data == game.to_json(state), "a check changed the state"

    def replayed(self, log: Playout) -> None:
        again = list(replay(self.game, log))
        assert len(again) == len(self.snapshots), (
            f"the replay has {len(again)} states, the playout {len(self.snapshots)}"
        )
        for i, step in enumerate(again):
            assert self.game.to_json(step.state) == self.snapshots[i], (
                f"snapshot {i} differs on replay (seed {log.seed})"
            )
            assert [e.to_json() for e in step.events] == self.events[i], f"events of move {i} differ on replay"


# ------------------------------------------------------------------------------------------ the checks


def check_turn_and_outcome(game: Game[Any], state: Any, players: int) -> None:
    waiting = game.to_move(state)
    result = game.outcome(state)
    assert (not waiting) == (result is not None), f"to_move={sorted(waiting)} but outcome={result}"
    assert waiting <= set(range(players)), "to_move names seats outside the table"
    for seat in waiting:
        assert game.legal_actions(state, seat), f"{game.seat_name(seat)} owes a move but has none"
    if result is not None:
        assert isinstance(result, Outcome)
        assert result.reason in Outcome.REASONS, f"unknown outcome reason {result.reason!r}"
        assert result.winners <= set(range(players)), "winners outside the table"
        # A solo game lost to the rules' own opponent (a villain playing inside apply) has no winning seat.
        lost_to_the_game = players == 1 and game.info.automated_seats
        if result.reason != "draw" and not lost_to_the_game:
            assert result.winners, f"a {result.reason!r} ending needs a winner"
        json.dumps(result.to_json())
        assert Outcome.from_json(result.to_json()) == result
        for seat in range(players):
            assert game.legal_actions(state, seat) == [], "moves offered after the end"


def check_json_round_trip(game: Game[Any], state: Any) -> tuple[JSON, str]:
    """The snapshot and its text, once both are known to be plain JSON that reads back the same."""
    data = game.to_json(state)
    text = json.dumps(data, allow_nan=False)
    # Tuples and integer keys survive json.dumps but do not come back equal: both are not plain JSON.
    assert json.loads(text) == data, "to_json output is not plain JSON"
    assert game.to_json(game.from_json(json.loads(text))) == data, "from_json/to_json round trip changed the snapshot"
    assert game.upgrade(json.loads(text), game.schema_version) == data
    return data, text


def tried(legal: Sequence[Action], per_verb: int | None) -> list[Action]:
    """The legal actions a state's checks apply: all, or at most `per_verb` of each verb picked evenly
    (a three-spec tech pick or a patrol plan has hundreds of near-identical ones)."""
    if per_verb is None:
        return list(legal)
    out: list[Action] = []
    for verb in dict.fromkeys(a.verb for a in legal):
        same = [a for a in legal if a.verb == verb]
        stride = max(1, -(-len(same) // per_verb))
        out += same[::stride]
    return out


def check_legal_actions(game: Game[Any], state: Any, players: int, per_verb: int | None) -> None:
    """Legal actions are deterministic, unique and plain JSON; those tried (`tried`) are accepted without
    mutating the state and each has one line of notation, unique among them, that parses back to it."""
    before = game.to_json(state)
    for seat in range(players):
        legal = game.legal_actions(state, seat)
        assert legal == game.legal_actions(state, seat), "legal_actions is not deterministic"
        assert len(set(legal)) == len(legal), f"duplicate legal actions for seat {seat}"
        chosen = tried(legal, per_verb)
        texts = [game.describe_action(state, seat, a) for a in chosen]
        assert len(set(texts)) == len(texts), f"two legal actions share a notation: {texts}"
        for action, text in zip(chosen, texts, strict=True):
            assert text.strip() and "\n" not in text, f"bad notation {text!r}"
            assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
            assert isinstance(game.apply(state, seat, action), Step)
            parsed = game.parse_action(state, seat, text)
            assert parsed == action, f"parse({text!r}) gave {parsed}, not {action}"
            reason = game.why_illegal(state, seat, action)
            assert reason is None, f"the legal {text!r} was given a reason: {english(reason)}"
    assert game.to_json(state) == before, "a legal action mutated its input state"


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
    """Illegal moves are refused with a message; resigning, accepted or refused, leaves the state as it
    was; after the end, every move and resignation is refused."""
    before = game.to_json(state)
    for seat, action in illegal_samples(game, state, players):
        try:
            game.apply(state, seat, action)
        except GameError as exc:
            assert isinstance(exc.message, str) and exc.message.strip(), f"empty refusal of {action}"
        except Exception as exc:  # a refusal players could not read: a crash in the bot
            raise AssertionError(f"the illegal {action} of seat {seat} raised {type(exc).__name__}: {exc}") from exc
        else:
            raise AssertionError(f"seat {seat} was allowed the illegal {action}")
    over = game.outcome(state) is not None
    for seat in range(players):
        try:
            game.resign(state, seat)
        except GameError:
            pass
        else:
            assert not over, "resign accepted after the end"
        if over:
            try:
                game.apply(state, seat, Action("pass"))
            except GameOver:
                pass
            else:
                raise AssertionError("apply after the end did not raise GameOver")
    assert game.to_json(state) == before, "a refused move or a resignation changed the state"


def earlier_moves(game: Game[Any], played: Played) -> list[tuple[Seat, Action, str]]:
    """The move just made and a few others its seat could make a step earlier, with their notation then: the
    moves a player most often tries again (the card just played, a second hire)."""
    if played.before is None or played.move is None or played.move.action is None:
        return []
    seat, before = played.move.seat, played.before
    chosen = [played.move.action, *tried(game.legal_actions(before, seat), 2)]
    return [(seat, a, game.describe_action(before, seat, a)) for a in dict.fromkeys(chosen)]


def check_reasons(
    game: Game[Any], state: Any, players: int, search: LeakSearch, earlier: Sequence[tuple[Seat, Action, str]]
) -> None:
    """Every illegal action sampled (`illegal_samples`, and `earlier` moves that are not legal now) gets a
    reason that is non-empty, or none; the text of an earlier move reads (`read_action`) to an action that
    is legal now or gets the same kind of reason. A reason shows its reader no card they may not know, and
    asking changes nothing."""
    before = game.to_json(state)
    samples = [(seat, action) for seat, action in illegal_samples(game, state, players) if 0 <= seat < players]
    for seat, action, text in earlier:
        if not game.is_legal(state, seat, action):
            samples.append((seat, action))
        read = game.read_action(state, seat, text)
        if read is not None and not game.is_legal(state, seat, read):
            samples.append((seat, read))
    for seat, action in samples:
        assert not game.is_legal(state, seat, action), f"sampled the legal {action} as illegal"
        reason = game.why_illegal(state, seat, action)
        if reason is not None:
            shown = english(reason)
            assert shown.strip(), f"an empty reason for the illegal {action} of seat {seat}"
            search.text(f"the reason given to seat {seat} for {action}", shown, (seat,))
    assert game.to_json(state) == before, "asking why a move is illegal changed the state"


def check_event(game: Game[Any], event: Event, players: int) -> None:
    assert isinstance(event, Event)
    data = event.to_json()
    assert json.loads(json.dumps(data)) == data, f"event {event.kind} is not plain JSON"
    assert Event.from_json(data) == event
    if event.to is not None:
        assert event.to <= set(range(players)), f"event {event.kind} sent outside the table"


def _scramble(data: Any) -> None:
    if isinstance(data, dict):
        for v in data.values():
            _scramble(v)
        data.clear()
    elif isinstance(data, list):
        for v in data:
            _scramble(v)
        data.clear()


def check_views(game: Game[Any], state: Any, search: LeakSearch) -> None:
    """Every view is plain JSON with lines of text and a copy of the state (wrecking it changes nothing);
    `search` looks in views and lines for cards their reader may not know."""
    before = game.to_json(state)
    views = search.views()
    for view in views:
        json.dumps(view)
        lines = game.view_lines(view)
        assert isinstance(lines, list) and all(isinstance(x, str) for x in lines)
        _scramble(view)
    assert game.to_json(state) == before, "a view shares data with the state"


# ----------------------------------------------------------------------------------------- the soak


def soak_properties(game: Game[Any], playouts: int, seed: int) -> Iterator[tuple[str, str]]:
    """`bot.py soak`'s `properties` suite: `playouts` playouts per table at the deep profile's depth; each
    broken promise is a problem, ("leaks", text) for a card shown to the wrong reader, else ("errors", text)."""
    depth = PROFILES["deep"]
    rng = random.Random(f"properties:{seed}")
    for table in tables(game):
        for _ in range(playouts):
            players, game_seed = rng.choice(table.seats), rng.randrange(2**63)
            try:
                depth.check(game, players, game_seed, table.options)
            except LeakFound as error:
                yield "leaks", f"{table.name}: {error}"
            except Exception as error:  # a broken promise, or a crash the playout ran into
                yield "errors", f"{table.name}: {type(error).__name__}: {error}"

"""The engine protocol every game implements.

The engine is pure: no Discord, no asyncio, no SQLite, no Pillow. A game is one stateless rules object
kept in the registry; its state is plain data that survives a JSON round trip. Only views leave the
engine, so hidden information cannot reach a channel by accident.
"""

from __future__ import annotations

import difflib
import hashlib
import logging
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from engine import i18n
from engine.i18n import Msg, Text, joined, t
from engine.meta import GameInfo

log = logging.getLogger(__name__)

Seat = int
JSON = Any
"""A value made only of dict, list, str, int, float, bool and None."""

PUBLIC: None = None
"""Viewer value meaning "anyone watching the channel"."""


# --------------------------------------------------------------------------------------------- errors


class GameError(Exception):
    """A refusal a player can read. The message says what was wrong and, where useful, what is legal.

    `msg` is a catalogue message (engine.i18n), rendered in the reader's locale by whoever answers the
    player; plain text is still taken while games move their wording into catalogues. `message` is the
    English text."""

    def __init__(self, message: Text) -> None:
        super().__init__(message)
        self.msg: Text = message

    @property
    def message(self) -> str:
        return str(self.msg)


class NotYourTurn(GameError):
    pass


class IllegalAction(GameError):
    pass


class BadNotation(IllegalAction):
    """Text that does not name any action in the game's notation."""


class GameOver(GameError):
    pass


class BadOptions(GameError):
    """Match options that the game cannot be set up with."""


# ---------------------------------------------------------------------------------------- value types


@dataclass(frozen=True, slots=True)
class Action:
    """One move: a verb and its arguments, all plain values so the log can store it as JSON."""

    verb: str
    args: tuple[str | int, ...] = ()

    def __post_init__(self) -> None:
        # True == 1 in Python, so a bool argument would compare equal to a legal integer one. (bool has no
        # subclasses, so its type is exactly bool: a quick test, since legal-move lists make many actions.)
        if bool in map(type, self.args):
            raise ValueError(f"action arguments must not be booleans: {self.args!r}")

    def to_json(self) -> JSON:
        return [self.verb, *self.args]

    @classmethod
    def from_json(cls, data: JSON) -> Action:
        if not isinstance(data, list) or not data or not isinstance(data[0], str):
            raise ValueError(f"not an action: {data!r}")
        args = tuple(data[1:])
        if not all(isinstance(a, str | int) and not isinstance(a, bool) for a in args):
            raise ValueError(f"action arguments must be strings or integers: {data!r}")
        return cls(data[0], args)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. `to` limits who may learn of it: None is everyone, else those seats.

    Every realised draw, shuffle or die roll is an event, so a log can be audited and replayed.
    """

    kind: str
    data: Mapping[str, JSON] = field(default_factory=dict)
    to: frozenset[Seat] | None = None

    def visible_to(self, viewer: Seat | None) -> bool:
        return self.to is None or (viewer is not None and viewer in self.to)

    def to_json(self) -> JSON:
        out: dict[str, JSON] = {"kind": self.kind, "data": dict(self.data)}
        if self.to is not None:
            out["to"] = sorted(self.to)
        return out

    @classmethod
    def from_json(cls, data: JSON) -> Event:
        to = data.get("to")
        return cls(data["kind"], data.get("data", {}), None if to is None else frozenset(to))


S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class PoolCard:
    """One card of a game's pool, for `bot.py cards GAME --coverage`: where it is listed (a group such as
    a colour, and a part of it), and whether its rules are implemented."""

    id: str
    name: str
    group: str
    part: str
    implemented: bool


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """The result of applying one action: the new state and what happened, in order."""

    state: S
    events: tuple[Event, ...] = ()


class EndReason(StrEnum):
    """Why a match ended. A str, so stored results and comparisons with plain text keep working."""

    NORMAL = "normal"
    DRAW = "draw"
    RESIGN = "resign"
    TIMEOUT = "timeout"
    FORFEIT = "forfeit"
    ABANDONED = "abandoned"
    ABORTED = "aborted"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended.

    `winners` are the seats placed first (a draw lists the tied seats; an empty set means nobody won).
    `placements` gives every seat its place (1 is first, ties share a place) where the game ranks more
    than winners and losers (a free-for-all, a score game); without it, winners are first and everyone
    else shares second. `teams` lists the seats that play as one side (2v2, co-operation against the
    game), so ratings and pairings can treat a side as one entrant.
    """

    winners: frozenset[Seat]
    reason: EndReason = EndReason.NORMAL
    scores: Mapping[Seat, float] | None = None
    detail: Text = ""
    """A few words on how it ended ("base destroyed"), kept with the result; a message is stored as such and
    read in each reader's locale."""
    placements: Mapping[Seat, int] | None = None
    teams: tuple[tuple[Seat, ...], ...] | None = None

    REASONS: ClassVar[frozenset[str]] = frozenset(r.value for r in EndReason)

    def __post_init__(self) -> None:
        # Games may pass the reason as text; an unknown one is a bug in the game, caught here.
        object.__setattr__(self, "reason", EndReason(self.reason))

    def places(self, seats: int) -> dict[Seat, int]:
        """Every seat's place, 1 being first; ties share a place."""
        if self.placements is not None:
            return {s: int(self.placements[s]) for s in range(seats)}
        if not self.winners:
            return dict.fromkeys(range(seats), 1)
        return {s: 1 if s in self.winners else 2 for s in range(seats)}

    def to_json(self) -> JSON:
        out: dict[str, JSON] = {
            "winners": sorted(self.winners),
            "reason": self.reason.value,
            "scores": None if self.scores is None else {str(k): v for k, v in self.scores.items()},
            "detail": i18n.to_json(self.detail),
        }
        if self.placements is not None:
            out["placements"] = {str(k): v for k, v in self.placements.items()}
        if self.teams is not None:
            out["teams"] = [list(t) for t in self.teams]
        return out

    @classmethod
    def from_json(cls, data: JSON) -> Outcome:
        scores = data.get("scores")
        places = data.get("placements")
        teams = data.get("teams")
        return cls(
            frozenset(data["winners"]),
            data.get("reason", "normal"),
            None if scores is None else {int(k): v for k, v in scores.items()},
            i18n.from_json(data.get("detail", "")),
            None if places is None else {int(k): int(v) for k, v in places.items()},
            None if teams is None else tuple(tuple(t) for t in teams),
        )


# ------------------------------------------------------------------------------------------ randomness


def rng_for(seed: int, step: int, salt: str = "") -> random.Random:
    """A generator that depends only on (seed, step, salt).

    Deriving it per step (instead of carrying one generator in the state) makes every step replayable
    on its own and keeps the state JSON free of generator internals.
    """
    digest = hashlib.sha256(f"{seed}:{step}:{salt}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


# -------------------------------------------------------------------------------------------- protocol

REVEALING_KINDS = frozenset(
    {"draw", "drew", "deal", "dealt", "shuffle", "shuffled", "reshuffle", "roll", "rolled", "reveal", "revealed"}
)
"""Event kinds that reveal information by default; a game overrides Game.reveals for its own kinds."""

PIECES_OPTION = "scenario_pieces"
"""The match option that holds a scenario's own pieces (`Game.scenario_pieces`); never set for a real match."""

PASSIVE_VERBS = frozenset({"end", "pass", "done", "wait"})
"""Verbs that give up the rest of a turn; the default greedy bot takes them last."""


class Game(ABC, Generic[S]):
    """One game's rules. Stateless: every method takes the state it works on.

    Subclasses declare `info` (engine.meta.GameInfo: name, title, seats, nature, options) and
    `schema_version` (bump it when the snapshot layout changes and teach `upgrade` the old layout). The
    class attributes `name`, `title`, `min_players`, `max_players` and `offered` are read from `info`; a
    game that sets them directly instead gets an `info` built from them.
    """

    info: ClassVar[GameInfo]
    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    schema_version: ClassVar[int] = 1
    offered: ClassVar[bool] = True
    """False for games that exist for tests only and must never be offered to players."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = cls.__dict__.get("info")
        if declared is not None:
            cls.name, cls.title = declared.name, declared.title
            cls.min_players, cls.max_players = declared.min_players, declared.max_players
            cls.offered = declared.offered
        elif all(hasattr(cls, k) for k in ("name", "title", "min_players", "max_players")):
            cls.info = GameInfo(cls.name, cls.title, cls.min_players, cls.max_players, offered=cls.offered)

    # --- life cycle
    @abstractmethod
    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> S:
        """A new game for `players` seats. Raises BadOptions for options it cannot use."""

    def check_seat_choice(self, choice: Mapping[str, JSON]) -> None:
        """Refuse (BadOptions) a player's own choice made at the table before the start (a hero, a
        faction). Games without such choices refuse them all."""
        raise BadOptions(t("core-no-seat-choices", game=self.title))

    def seat_options(self, options: Mapping[str, JSON], choices: Sequence[Mapping[str, JSON]]) -> dict[str, JSON]:
        """The match options once seats are known: `choices[seat]` is what that seat's player chose at
        the table (possibly nothing). Games with per-player choices fold them into their options."""
        return dict(options)

    def seat_range(self, options: Mapping[str, JSON]) -> tuple[int, int]:
        """The fewest and most seats a table with these options can start with (a game whose modes take
        different numbers of players narrows min_players..max_players here)."""
        return self.min_players, self.max_players

    def opening_events(self, state: S) -> tuple[Event, ...]:
        """What setup did by chance (the opening shuffle, the deal), recorded when the match starts.

        setup returns only the state, so a game reports its realised draws here to keep the log auditable.
        """
        return ()

    def default_options(self) -> dict[str, JSON]:
        return self.info.defaults()

    def options_help(self) -> dict[str, Text]:
        """Option name -> a line explaining it, for `/<game> help`."""
        return self.info.help()

    def mode_key(self, options: Mapping[str, JSON], players: int) -> str:
        """Which of the game's modes a match with these options and seats is (ratings keep one ladder per
        mode). Games with one mode need not override it."""
        mode = options.get("mode")
        if isinstance(mode, str) and self.info.mode(mode) is not None:
            return mode
        fitting = [m.name for m in self.info.modes if players in m.seats]
        return fitting[0] if len(fitting) == 1 else "standard"

    @abstractmethod
    def to_move(self, state: S) -> frozenset[Seat]:
        """Seats that owe a decision now. Empty exactly when the game is over."""

    def may_act(self, state: S) -> frozenset[Seat]:
        """Seats that may act now: those in to_move, plus any that may revise a choice already made
        (a secret pick that can be changed until the reveal). Defaults to to_move."""
        return self.to_move(state)

    def turn_key(self, state: S) -> str:
        """Which turn `state` is in, as a short string. The channel keeps one board message per turn,
        edited as the turn goes on, and gets a new one (pinging whoever must act) when this changes.

        The default is the seats to move, with the public view's `turn` (else `round`) counter where it has
        one, so a solo game's turns differ too: a game where every move hands the turn on gets a message per
        move. A game whose turn holds many moves, or choices owed by other seats (a target to pick, a secret
        pick), names the turn itself."""
        view = self.view(state, None)
        seats = ",".join(str(s) for s in sorted(self.to_move(state)))
        for name in ("turn", "round"):
            counter = view.get(name) if isinstance(view, dict) else None
            if isinstance(counter, int) and not isinstance(counter, bool):
                return f"{name} {counter}:{seats}"
        return seats

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> list[Action]:
        """Every legal action of `seat`, in a deterministic order; empty if it may not act now."""

    @abstractmethod
    def apply(self, state: S, seat: Seat, action: Action) -> Step[S]:
        """The state after `seat` plays `action`. Never mutates `state`; raises GameError if refused."""

    @abstractmethod
    def view(self, state: S, viewer: Seat | None) -> JSON:
        """What `viewer` (a seat, or None for the public) may know, built by copying only that."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    def resign(self, state: S, seat: Seat) -> Step[S]:
        """`seat` leaves the game. Refuses by default, and the platform then ends the match with every
        other seat winning; games for more seats override this to drop the seat and play on.

        The log records a resignation as its own entry (kind "resign", with the seat), so a replay calls
        this method for it rather than apply.
        """
        raise GameError(t("core-no-resignation"))

    def card_pool(self) -> list[PoolCard]:
        """Every card of the game, in the order a coverage report lists them; empty for games without
        cards. Tests mark which cards they exercise with `@pytest.mark.cards(...)` in tests/<game>/."""
        return []

    # --- chance under control (tests and scenarios)
    def chance_kinds(self) -> dict[str, str]:
        """What `fix_chance` can fix, each with a line of help: e.g. "deck:p1" -> "the next cards p1 draws"."""
        return {}

    def fix_chance(self, state: S, what: str, values: Sequence[JSON]) -> S:
        """A copy of `state` whose next chance outcomes of kind `what` come out as `values` (the next cards of
        a deck, the next die rolls), so a test can say what happens without knowing how the engine draws.
        The fixing lives in the state, so a match started from it replays from its log alone. Refuses with
        GameError naming the kinds the game has."""
        kinds = ", ".join(self.chance_kinds()) or t("core-none")
        raise GameError(t("core-cannot-fix-chance", game=self.title, what=repr(what), kinds=kinds))

    # --- bots
    def greedy_score(self, view: JSON, seat: Seat, action: Action) -> float:
        """How good `action` looks to `seat` now, knowing only `view` (engine.policy's greedy bot plays the
        best). The default prefers anything over ending or passing; games teach their own priorities."""
        return 0.0 if action.verb in PASSIVE_VERBS else 1.0

    # --- notation
    @abstractmethod
    def parse_action(self, state: S, seat: Seat, text: str) -> Action:
        """The action `text` names for `seat` now. Raises BadNotation with a helpful message."""

    @abstractmethod
    def describe_action(self, state: S, seat: Seat, action: Action) -> str:
        """The one short text form of `action`; parse_action gives it back."""

    def describe_event(self, event: Event, viewer: Seat | None) -> str | None:
        """A sentence for the turn summary, or None to leave the event out."""
        return None

    def forget_hidden(self, state: S, lines: list[str]) -> list[str]:
        """Sentences of history (describe_event's) as they may be read in `state`, which may be long after
        the events. A game whose sentences tell cards apart by a handle (a copy number) drops the handle of
        every card that is hidden again now, so history never says which hidden card is which."""
        return lines

    def view_lines(self, view: JSON) -> list[str]:
        """A few lines of text for a view (a hand, a pending choice), shown beside its image."""
        return []

    def reveals(self, event: Event) -> bool:
        """Whether `event` showed someone something they could not know before (a draw, a shuffle, a
        die roll, a revealed card). After such an event a player may not undo freely: taking the move
        back needs the opponents' consent."""
        return event.kind in REVEALING_KINDS

    # --- audit hooks (leak and conservation checks in tests and `bot.py soak`)
    def hidden_cards(self, state: S, seat: Seat | None) -> set[str]:
        """Identifiers, as they would appear in views and events, that only `seat` may know now;
        with None, those nobody may know (a face-down deck). Games with hidden information override it."""
        return set()

    def card_labels(self, state: S) -> set[str]:
        """Every card's identifier in this match, hidden or not, as views and events write it: the leak
        search reads a label that ends with a hidden one ("Fading Argonaut#1", "Argonaut#1") as itself."""
        return set()

    def card_count(self, state: S) -> int | None:
        """Cards across every zone, which no action may change; None where the game creates cards."""
        return None

    def seat_name(self, seat: Seat) -> str:
        return f"p{seat + 1}"

    # --- scenarios (engine/scenario, docs/scenarios.md): optional; a game without them cannot be set up
    # from a position or dumped, but plain scenarios (normal setup, steps, checks) still need the projection.
    def position_from_scenario(
        self, position: Mapping[str, JSON], players: int, options: Mapping[str, JSON], seed: int
    ) -> S:
        """A state as the `[position]` table of a scenario describes it; what it leaves out takes the normal
        setup's values (`options` are already merged with the defaults). Refuses with
        engine.scenario.PositionError, whose `path` names the offending key below the position table."""
        raise GameError(t("core-no-scenarios", game=self.title))

    def scenario_projection(self, state: S) -> dict[str, JSON]:
        """The whole state (hidden parts too) as nested dicts and lists of plain readable values, which
        expectations such as `p1.gold = 3` resolve against. Cards appear by printed name or label.

        By default the snapshot itself (`to_json`), when it is a table: enough for a small game's plain
        scenarios; a game whose snapshot holds ids rather than names gives a readable projection instead."""
        data = self.to_json(state)
        if not isinstance(data, dict):
            raise GameError(t("core-no-scenarios", game=self.title))
        return data

    def position_to_scenario(self, state: S, viewer: Seat | None, *, full: bool = False) -> dict[str, JSON]:
        """`state` as a `[position]` table that position_from_scenario reads back (for `scenario dump`).
        Only what `viewer` may know (None: the public, as in `view`); `full` writes everything, hidden
        cards included, so a bug report loads back to the same projection."""
        raise GameError(t("core-no-scenarios", game=self.title))

    def scenario_pieces(self, pieces: Mapping[str, JSON], options: Mapping[str, JSON]) -> dict[str, JSON]:
        """The match options with a scenario's own cards or pieces added (`[pieces."Name"]` tables, in the
        game's terms), kept under PIECES_OPTION so setup, positions, play and a JSON round trip all know them.
        Refuses with engine.scenario.PositionError (its path below the pieces table) a piece it cannot make;
        by default a game has no pieces of a scenario's own."""
        raise GameError(t("core-no-test-pieces", game=self.title))

    def scenario_before_start(
        self, position: Mapping[str, JSON] | None, players: int, options: Mapping[str, JSON], seed: int
    ) -> S:
        """The state a scenario starts from (its `[position]`, or the normal setup when None) before the steps
        that follow setting up by themselves (the start of the first turn), which `scenario_start` then runs:
        checks may look at it in between. By default there are none: setup's state, or the position's."""
        if position is None:
            return self.setup(players, options, seed)
        return self.position_from_scenario(position, players, options, seed)

    def scenario_start(self, state: S) -> Step[S]:
        """The steps a state from `scenario_before_start` still takes by itself, taken: the state after them,
        and what happened. The default takes none."""
        return Step(state)

    def scenario_event(self, event: Event) -> dict[str, JSON]:
        """One event as readable values for `events(...)` checks. The default is its kind and data."""
        return {"kind": event.kind, **event.data}

    # --- snapshots
    @abstractmethod
    def to_json(self, state: S) -> JSON:
        """The state as plain JSON data."""

    @abstractmethod
    def from_json(self, data: JSON) -> S:
        """The state back from `to_json` output of the current schema version."""

    def upgrade(self, data: JSON, from_version: int) -> JSON:
        """Bring a snapshot written under `from_version` to `schema_version`."""
        if from_version != self.schema_version:
            raise ValueError(f"{self.name}: no upgrade from snapshot schema {from_version} to {self.schema_version}")
        return data

    # --- helpers every game gets
    def check_turn(self, state: S, seat: Seat) -> None:
        """Raise the right error if `seat` may not act now."""
        if self.outcome(state) is not None:
            raise GameOver(t("core-game-over"))
        if seat not in self.may_act(state):
            waiting = self.to_move(state)
            names = ", ".join(self.seat_name(s) for s in sorted(waiting))
            raise NotYourTurn(t("core-not-your-turn", waiting=names))

    def is_legal(self, state: S, seat: Seat, action: Action) -> bool:
        """Is `action` among `legal_actions(state, seat)`? A game overrides this where one action can be
        checked without listing them all."""
        return action in self.legal_actions(state, seat)

    def check_legal(self, state: S, seat: Seat, action: Action) -> None:
        """Refuse an action that is not in legal_actions, saying why (`why_illegal`) and what is legal now."""
        self.check_turn(state, seat)
        if not self.is_legal(state, seat, action):
            legal = self.legal_actions(state, seat)
            shown = list_moves(self.describe_action(state, seat, a) for a in legal[:8])
            move = self.describe_action_safely(state, seat, action)
            legal_now = t("core-legal-now", legal=shown, more=max(len(legal) - 8, 0))
            raise IllegalAction(joined([not_legal(move, self.reason(state, seat, action)), legal_now], " "))

    def describe_action_safely(self, state: S, seat: Seat, action: Action) -> str:
        try:
            return self.describe_action(state, seat, action)
        except Exception:
            return " ".join(str(x) for x in action.to_json())

    def notation_problem(self, state: S, seat: Seat, text: str) -> str | None:
        """Why `text` is no action of this game's notation at all (a sentence for the player: an unknown verb,
        a card that does not exist), or None when it is notation, legal now or not. It tells BadNotation
        (a typo) from IllegalAction (not now). A game without a grammar takes every text as notation."""
        return None

    def parse_by_legal(self, state: S, seat: Seat, text: str) -> Action:
        """The legal action whose notation is exactly `text`, up to letter case and spacing (so
        parse(describe(a)) == a). Nothing else is ever taken for an action: a text that is only the start of
        one, or close to one, is refused with "did you mean" (see `refusal`).

        Games whose notation is exactly describe_action of the legal moves can use this as parse_action.
        """
        wanted = normalise_notation(text)
        if not wanted:
            raise BadNotation(t("core-type-an-action"))
        legal = self.legal_actions(state, seat)
        texts = [self.describe_action(state, seat, a) for a in legal]
        for action, form in zip(legal, texts, strict=True):
            if normalise_notation(form) == wanted:
                return action
        raise self.refusal(state, seat, text, texts)

    def refusal(self, state: S, seat: Seat, text: str, legal_texts: Sequence[str]) -> IllegalAction:
        """The error for a `text` that is no legal action: BadNotation when it is not notation at all
        (`notation_problem`), else IllegalAction saying why the action it names is not legal now (`text_reason`);
        either way naming the legal actions it comes closest to."""
        problem = self.notation_problem(state, seat, text)
        reason = self.text_reason(state, seat, text) if problem is None else None
        return unmatched(text, legal_texts, problem, self.title, reason=reason)

    # --- why an action is refused
    def read_action(self, state: S, seat: Seat, text: str) -> Action | None:
        """The action `text` names in the game's notation, legal now or not; None when it names none the game
        can build. Refusals use it to ask `why_illegal` about what the player typed; a text is only ever
        played when it is the notation of a legal action (`parse_action`). A game without it gives typed
        text no reason (a button's or a menu's action still gets one)."""
        return None

    def why_illegal(self, state: S, seat: Seat, action: Action) -> Text | None:
        """Why `seat` may not take `action` now: a clause a refusal ends with ("`play Brick Thief` is not legal
        now: Brick Thief costs 3 gold (you have 2)."), or None when there is nothing to say beyond "not legal".

        A game names the first rule the action breaks, from what `seat` may know only, and changes nothing.
        It must give None for every legal action (the property checks, bench/properties.py, hold every game
        to that), so a reason is always true. The platform asks only about actions that are not legal."""
        return None

    def reason(self, state: S, seat: Seat, action: Action) -> Text | None:
        """`why_illegal` for an action known to be illegal. A reason is a courtesy: a game's bug here is
        logged and the refusal goes out without one, never a crash instead of a refusal."""
        try:
            return self.why_illegal(state, seat, action) or None
        except Exception:
            log.exception("%s: why_illegal failed for %r of seat %s", self.name, action, seat)
            return None

    def text_reason(self, state: S, seat: Seat, text: str) -> Text | None:
        """Why the action `text` names (`read_action`) is not legal now; None when it names none, or a legal
        one (the refusal then offers it as "did you mean")."""
        try:
            action = self.read_action(state, seat, text)
            if action is None or self.is_legal(state, seat, action):
                return None
        except Exception:
            log.exception("%s: read_action failed for %r of seat %s", self.name, text, seat)
            return None
        return self.reason(state, seat, action)


def unmatched(
    text: str,
    legal_texts: Sequence[str],
    problem: Text | None,
    title: str,
    *,
    limit: int = 8,
    reason: Text | None = None,
) -> IllegalAction:
    """The refusal of `text`, which matches none of `legal_texts` exactly: `problem` (why it is no notation at
    all, or None) makes it a BadNotation; `reason` says why the action it names is not legal now. The legal
    actions it is the start of, or else the one it is closest to, are offered with "did you mean", and the
    first `limit` legal actions are listed."""
    shown = clip_typed(text.strip())
    wanted = normalise_notation(text)
    forms = {normalise_notation(form): form for form in legal_texts}
    near = [form for key, form in forms.items() if key.startswith(wanted)]
    if not near:
        near = [forms[key] for key in difflib.get_close_matches(wanted, list(forms), n=1, cutoff=0.75)]
    hint: Text = ""
    if len(near) == 1:
        hint = t("core-did-you-mean", move=near[0])
    elif near:
        hint = t("core-did-you-mean-one-of", moves=list_moves(near[:limit]), more=max(len(near) - limit, 0))
    legal_now: Text = ""
    if legal_texts:
        more = max(len(legal_texts) - limit, 0)
        legal_now = t("core-legal-now", legal=list_moves(legal_texts[:limit]), more=more)
    if problem is not None:
        return BadNotation(joined([t("core-not-notation", typed=shown, game=title), problem, hint, legal_now], " "))
    if reason:
        return IllegalAction(joined([t("core-not-an-action-why", typed=shown, reason=reason), hint, legal_now], " "))
    if not legal_texts:
        return IllegalAction(t("core-no-action"))
    return IllegalAction(joined([t("core-not-an-action", typed=shown), hint, legal_now], " "))


TYPED_SHOWN = 80
"""How much of what a player typed a refusal repeats: enough to recognise it, never a wall of text."""


def clip_typed(text: str) -> str:
    return text if len(text) <= TYPED_SHOWN else text[: TYPED_SHOWN - 1] + "…"


def not_legal(move: str, reason: Text | None) -> Msg:
    """ "`move` is not legal now", with the reason when there is one (`Game.why_illegal`)."""
    if reason:
        return t("core-not-legal-why", move=move, reason=reason)
    return t("core-not-legal", move=move)


def list_moves(texts: Iterable[str]) -> str:
    """Moves in one line of text. A semicolon parts them, since a move may hold commas (`tech A, B`)."""
    return "; ".join(texts)


def normalise_notation(text: str) -> str:
    return " ".join(text.lower().split())


# -------------------------------------------------------------------------------------------- registry

GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    if game.name in GAMES and type(GAMES[game.name]) is not type(game):
        raise ValueError(f"two games registered as {game.name!r}")
    GAMES[game.name] = game
    return game


def get_game(name: str) -> Game[Any]:
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(n for n, g in GAMES.items() if g.offered)) or t("core-none-yet")
        raise BadOptions(t("core-no-such-game", name=repr(name), games=known)) from None


def offered_games() -> list[Game[Any]]:
    return [g for _, g in sorted(GAMES.items()) if g.offered]


def public_events(events: Sequence[Event], viewer: Seat | None) -> list[Event]:
    return [e for e in events if e.visible_to(viewer)]

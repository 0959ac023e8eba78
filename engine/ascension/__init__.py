"""Ascension: 10th Anniversary Edition (Stone Blade): the deckbuilding game for 2-4 players, and its solo
game against Samael. Rules: docs/ascension/rules.md. Importing this package registers the game as
"ascension".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from engine.ascension import chance, turns
from engine.ascension import position as positions
from engine.ascension.actions import do as do_action
from engine.ascension.actions import legal
from engine.ascension.bot import greedy_score
from engine.ascension.cards import catalog
from engine.ascension.ctx import G, labels
from engine.ascension.effects import run
from engine.ascension.events import message
from engine.ascension.notation import describe
from engine.ascension.reasons import read, why_illegal
from engine.ascension.state import State
from engine.ascension.story import remember
from engine.ascension.views import build_view, english, view_lines
from engine.core import (
    JSON,
    Action,
    BadOptions,
    Event,
    Game,
    GameOver,
    NotYourTurn,
    Outcome,
    PoolCard,
    Seat,
    Step,
    register,
)
from engine.i18n import Text, catalogue, listing, t
from engine.meta import GameInfo, ModeInfo, OptionInfo

catalogue(Path(__file__).resolve().parent / "locales")

CHOICES: dict[str, tuple[object, ...]] = {
    "centre_deck": (100, 99),
    "unite": ("any", "earlier"),
    "free_acquire": ("row_and_piles", "row"),
    "tie_rule": ("later", "shared"),
    "first_player": ("random", "p1", "p2", "p3", "p4"),
}
REVEALING = frozenset({"draw", "drew", "shuffle", "centre_shuffle", "refill", "stolen", "steal"})
"""Events that show someone something new: a move that caused one may not be taken back freely."""


def _info() -> GameInfo:
    helps = {
        "centre_deck": t("ascension-option-centre-deck"),
        "unite": t("ascension-option-unite"),
        "free_acquire": t("ascension-option-free-acquire"),
        "tie_rule": t("ascension-option-tie-rule"),
        "first_player": t("ascension-option-first-player"),
    }
    # Option help is plain text in engine.meta for now: rendered in English here.
    options = tuple(OptionInfo(k, v[0], str(helps[k]), v) for k, v in CHOICES.items())
    return GameInfo(
        name="ascension",
        title=str(t("ascension-title")),
        min_players=1,
        max_players=4,
        hidden_information=True,
        chance=True,
        automated_seats=True,  # Samael plays his own turns in the solo game
        typical_actions=250,
        step_cap=4_000,
        typical_minutes=40,
        modes=(
            ModeInfo("multiplayer", (2, 3, 4), help=str(t("ascension-mode-multiplayer"))),
            ModeInfo("solo", (1,), help=str(t("ascension-mode-solo"))),
        ),
        options=options,
        summary=str(t("ascension-summary")),
    )


class Ascension(Game[State]):
    info = _info()
    schema_version = 1

    # --- life cycle
    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> State:
        g = turns.setup(catalog(), players, self._options(players, options), seed)
        remember(g.s, g.events)
        return g.s

    def _options(self, players: int, options: Mapping[str, JSON]) -> dict[str, JSON]:
        if not isinstance(players, int) or not 1 <= players <= 4:
            raise BadOptions(t("ascension-bad-players", players=str(players)))
        out = {**self.default_options(), **options}
        for key, allowed in CHOICES.items():
            if out[key] not in allowed:
                shown = ", ".join(str(c) for c in allowed)
                raise BadOptions(t("ascension-bad-option", option=key, value=str(out[key]), choices=shown))
        first = str(out["first_player"])
        if first != "random" and int(first[1:]) > players:
            raise BadOptions(t("ascension-bad-first-player", players=players, value=first))
        return out

    def seat_range(self, options: Mapping[str, JSON]) -> tuple[int, int]:
        mode = self.info.mode(str(options.get("mode", "")))
        return (mode.seats[0], mode.seats[-1]) if mode is not None else (1, 4)

    def mode_key(self, options: Mapping[str, JSON], players: int) -> str:
        return "solo" if players == 1 else "multiplayer"

    def opening_events(self, state: State) -> tuple[Event, ...]:
        """The opening shuffles, hands and row, and who goes first: setup is rebuilt from the seed."""
        return tuple(turns.setup(catalog(), len(state.players), state.options, state.seed).events)

    def to_move(self, state: State) -> frozenset[Seat]:
        if state.result is not None:
            return frozenset()
        if state.pending is not None:
            return frozenset({int(state.pending["seat"])})
        return frozenset({state.active})

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        if not (isinstance(seat, int) and 0 <= seat < len(state.players)):
            return []
        return legal(G(state), seat)

    def apply(self, state: State, seat: Seat, action: Action) -> Step[State]:
        if state.result is not None:
            raise GameOver(t("core-game-over"))
        if not (isinstance(seat, int) and 0 <= seat < len(state.players)):
            raise NotYourTurn(t("ascension-no-seat", seat=str(seat)))
        if action not in legal(G(state), seat, action.verb):
            self.check_legal(state, seat, action)  # refuses, naming what is legal
        return self.apply_trusted(state, seat, action)

    def apply_trusted(self, state: State, seat: Seat, action: Action) -> Step[State]:
        """Apply an action already known to be legal."""
        g = G(state.clone())
        do_action(g, seat, action)
        remember(g.s, g.events)
        return Step(g.s, tuple(g.events))

    def resign(self, state: State, seat: Seat) -> Step[State]:
        if state.result is not None:
            raise GameOver(t("core-game-over"))
        if not (isinstance(seat, int) and 0 <= seat < len(state.players)) or state.players[seat].out:
            raise NotYourTurn(t("ascension-no-seat", seat=str(seat)))
        g = G(state.clone())
        turns.resign(g, seat)
        run(g)
        remember(g.s, g.events)
        return Step(g.s, tuple(g.events))

    def view(self, state: State, viewer: Seat | None) -> JSON:
        g = G(state)
        options: list[str] = []
        if state.pending is not None and viewer == state.pending["seat"]:
            options = [describe(g, a) for a in legal(g, viewer)]
        return build_view(g, viewer, sorted(self.to_move(state)), options)

    def outcome(self, state: State) -> Outcome | None:
        r = state.result
        if r is None:
            return None
        scores = {int(k): float(v) for k, v in r["scores"].items()}
        if "samael" in r:
            detail = t("ascension-detail-solo", honor=int(scores[0]), samael=int(r["samael"]))
        else:
            parts = [t("ascension-score", player=f"p{s + 1}", honor=int(v)) for s, v in sorted(scores.items())]
            detail = t("ascension-detail", scores=listing(parts))
        return Outcome(
            frozenset(r["winners"]),
            r["reason"],
            scores,
            str(detail),
            placements={int(k): int(v) for k, v in r["placements"].items()},
        )

    def card_pool(self) -> list[PoolCard]:
        out = []
        for card in catalog().cards.values():
            group = card.faction or ("monster" if card.kind == "centre" else "basic")
            out.append(PoolCard(card.id, card.name, group, card.type, implemented=True))
        return out

    # --- chance
    def chance_kinds(self) -> dict[str, str]:
        return chance.kinds()

    def fix_chance(self, state: State, what: str, values: Sequence[JSON]) -> State:
        return chance.fix(state, catalog(), what, values)

    def greedy_score(self, view: JSON, seat: Seat, action: Action) -> float:
        return greedy_score(view, seat, action)

    # --- notation
    def parse_action(self, state: State, seat: Seat, text: str) -> Action:
        self.check_turn(state, seat)  # names whose move it is, rather than "no action"
        return self.parse_by_legal(state, seat, text)

    def describe_action(self, state: State, seat: Seat, action: Action) -> str:
        return describe(G(state), action)

    def read_action(self, state: State, seat: Seat, text: str) -> Action | None:
        return read(G(state), seat, text)

    def why_illegal(self, state: State, seat: Seat, action: Action) -> Text | None:
        return why_illegal(G(state), seat, action)

    def describe_event(self, event: Event, viewer: Seat | None) -> str | None:
        msg = message(event, viewer)
        return None if msg is None else english(msg)

    def view_lines(self, view: JSON) -> list[str]:
        return view_lines(view)

    def reveals(self, event: Event) -> bool:
        return event.kind in REVEALING

    # --- audit hooks
    def hidden_cards(self, state: State, seat: Seat | None) -> set[str]:
        """A hand is known to its owner only. Decks are face down, but what they hold is no secret (every
        card got there in plain sight); their order is, and no view or event lists a deck at all
        (tests/ascension/test_views.py checks that for every deck card), so None gives nothing here."""
        if seat is None or not 0 <= seat < len(state.players):
            return set()
        names = labels(state)
        return {names[u] for u in state.players[seat].hand}

    def card_labels(self, state: State) -> set[str]:
        return set(labels(state))

    def card_count(self, state: State) -> int | None:
        s = state
        total = len(s.centre) + len(s.void) + len(s.box) + len(s.samael) + 1  # the Cultist
        total += sum(1 for u in s.row if u is not None) + sum(len(p) for p in s.piles.values())
        return total + sum(len(p.owned()) for p in s.players)

    # --- scenarios (engine/ascension/position.py, docs/scenarios.md)
    def position_from_scenario(
        self, position: Mapping[str, JSON], players: int, options: Mapping[str, JSON], seed: int
    ) -> State:
        return positions.position_from_scenario(position, players, self._options(players, options), seed)

    def scenario_projection(self, state: State) -> dict[str, JSON]:
        return positions.scenario_projection(state)

    def position_to_scenario(self, state: State, viewer: Seat | None, *, full: bool = False) -> dict[str, JSON]:
        return positions.position_to_scenario(state, viewer, full=full)

    def scenario_event(self, event: Event) -> dict[str, JSON]:
        return positions.scenario_event(event)

    # --- snapshots
    def to_json(self, state: State) -> JSON:
        return state.to_json()

    def from_json(self, data: JSON) -> State:
        return State.from_json(data)


GAME = register(Ascension())

__all__ = ["GAME", "Ascension", "State"]

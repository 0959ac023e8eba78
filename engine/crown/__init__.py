"""Crown of Ash (Lawton Design): worker placement and area control around a citadel for 1-4 players, with
secret battle cards, lords' abilities in the advanced mode, and an AI deck for solo play or as a buffer in
2-3 player games. Rules: docs/crown/rules.md. Importing this package registers the game as "crown".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

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
from engine.crown import chance, turns
from engine.crown import position as positions
from engine.crown.actions import allowed, legal
from engine.crown.actions import do as do_action
from engine.crown.bot import greedy_score
from engine.crown.ctx import G
from engine.crown.data import data_sets, load
from engine.crown.events import message
from engine.crown.notation import describe
from engine.crown.state import State
from engine.crown.views import build_view, english, hidden, view_lines
from engine.i18n import catalogue, listing, t
from engine.meta import GameInfo, ModeInfo, OptionInfo

catalogue(Path(__file__).resolve().parent / "locales")

CHOICES: dict[str, tuple[str, ...]] = {
    "mode": ("standard", "advanced"),
    "data": data_sets(),
    "ai_buffer": ("no", "yes"),
    "difficulty": ("medium", "easy", "hard"),
    "target_card": ("no", "yes"),
    "lords": ("seat_order", "random"),
    "second_defender": ("starter", "none"),
    "robot_return": ("bottom", "top"),
    "robots_empower": ("yes", "no"),
    "resurrection_on_gather": ("yes", "no"),
    "vizio_warning": ("card_to_1", "total_to_1"),
    "ability_token": ("one_use", "each_once"),
    "reinforcement_cap": ("yes", "no"),
    "order_potential": ("buildings", "with_citadel"),
    "turn_order": ("choose", "clockwise"),
    "ai_gold_vp": ("yes", "no"),
    "ai_prepare_no_match": ("skip", "next_level"),
    "ai_citadel_space": ("flank_first", "front_first"),
    "ai_citadel_robots": ("redraw", "keep"),
    "solo_tie": ("fate_then_ai", "shared"),
    "fortification": ("while_pair", "round"),
    "refresh_space": ("once", "unlimited"),
}
REVEALING = frozenset(
    {"refill", "offer", "roll", "reroll", "reveal", "ai_roll", "ai_turn", "ai_citadel", "fate", "order_roll"}
)
"""Events that show someone something new: a move that caused one may not be taken back freely."""


def _info() -> GameInfo:
    helps = {
        "mode": t("crown-option-mode"),
        "data": t("crown-option-data"),
        "ai_buffer": t("crown-option-ai-buffer"),
        "difficulty": t("crown-option-difficulty"),
        "target_card": t("crown-option-target-card"),
        "lords": t("crown-option-lords"),
        "second_defender": t("crown-option-second-defender"),
        "robot_return": t("crown-option-robot-return"),
        "robots_empower": t("crown-option-robots-empower"),
        "resurrection_on_gather": t("crown-option-resurrection-on-gather"),
        "vizio_warning": t("crown-option-vizio-warning"),
        "ability_token": t("crown-option-ability-token"),
        "reinforcement_cap": t("crown-option-reinforcement-cap"),
        "order_potential": t("crown-option-order-potential"),
        "turn_order": t("crown-option-turn-order"),
        "ai_gold_vp": t("crown-option-ai-gold-vp"),
        "ai_prepare_no_match": t("crown-option-ai-prepare-no-match"),
        "ai_citadel_space": t("crown-option-ai-citadel-space"),
        "ai_citadel_robots": t("crown-option-ai-citadel-robots"),
        "solo_tie": t("crown-option-solo-tie"),
        "fortification": t("crown-option-fortification"),
        "refresh_space": t("crown-option-refresh-space"),
    }
    # Option help is plain text in engine.meta for now: rendered in English here.
    options = tuple(OptionInfo(k, v[0], str(helps[k]), v) for k, v in CHOICES.items())
    return GameInfo(
        name="crown",
        title=str(t("crown-title")),
        min_players=1,
        max_players=4,
        hidden_information=True,
        chance=True,
        simultaneous=True,  # both sides of a battle choose their battle card at once
        automated_seats=True,  # the AI deck plays its own turns
        typical_actions=160,
        step_cap=3_000,
        typical_minutes=60,
        modes=(
            ModeInfo("standard", (1, 2, 3, 4), help=str(t("crown-mode-standard"))),
            ModeInfo("advanced", (1, 2, 3, 4), help=str(t("crown-mode-advanced"))),
        ),
        options=options,
        summary=str(t("crown-summary")),
    )


class Crown(Game[State]):
    info = _info()
    schema_version = 1

    # --- life cycle
    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> State:
        opts = self.checked_options(players, options)
        return turns.setup(load(str(opts["data"])), players, opts, seed).s

    def checked_options(self, players: int, options: Mapping[str, JSON]) -> dict[str, JSON]:
        if not isinstance(players, int) or not 1 <= players <= 4:
            raise BadOptions(t("crown-bad-players", players=str(players)))
        out = {**self.default_options(), **options}
        unknown = sorted(set(out) - set(CHOICES))
        if unknown:
            raise BadOptions(t("crown-unknown-option", option=unknown[0], options=", ".join(CHOICES)))
        for key, values in CHOICES.items():
            if isinstance(out[key], bool) and set(values) == {"yes", "no"}:
                out[key] = "yes" if out[key] else "no"  # typed as yes/no, read as true/false on the way
            if out[key] not in values:
                raise BadOptions(t("crown-bad-option", option=key, value=str(out[key]), choices=", ".join(values)))
        if out["ai_buffer"] == "yes" and players not in (2, 3):
            raise BadOptions(t("crown-bad-buffer", players=players))
        return out

    def seat_range(self, options: Mapping[str, JSON]) -> tuple[int, int]:
        return (2, 3) if options.get("ai_buffer") == "yes" else (1, 4)

    def opening_events(self, state: State) -> tuple[Event, ...]:
        """The shuffles, the deal and the first turns (an AI's too): setup is rebuilt from the seed."""
        return tuple(turns.setup(load(str(state.options["data"])), state.humans, state.options, state.seed).events)

    def to_move(self, state: State) -> frozenset[Seat]:
        if state.result is not None:
            return frozenset()
        if state.pending:
            head = state.pending[0]
            if head["kind"] == "cards":
                chosen = state.battle["cards"] if state.battle else {}
                return frozenset(int(x) for x in head["seats"] if str(x) not in chosen)
            return frozenset({int(head["seat"])})
        return frozenset({state.active})

    def may_act(self, state: State) -> frozenset[Seat]:
        # A battle card chosen may be changed until the other side has chosen too.
        if state.result is None and state.pending and state.pending[0]["kind"] == "cards":
            return frozenset(int(x) for x in state.pending[0]["seats"])
        return self.to_move(state)

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        if not isinstance(seat, int):
            return []
        return legal(G(state), seat)

    def apply(self, state: State, seat: Seat, action: Action) -> Step[State]:
        if state.result is not None:
            raise GameOver(t("core-game-over"))
        if not (isinstance(seat, int) and 0 <= seat < state.humans):
            raise NotYourTurn(t("crown-no-seat", seat=str(seat)))
        if not allowed(G(state), seat, action):
            self.check_legal(state, seat, action)  # refuses, naming what is legal
        return self.apply_trusted(state, seat, action)

    def apply_trusted(self, state: State, seat: Seat, action: Action) -> Step[State]:
        g = G(state.clone())
        do_action(g, seat, action)
        return Step(g.s, tuple(g.events))

    def view(self, state: State, viewer: Seat | None) -> JSON:
        g = G(state)
        options = []
        if viewer is not None and viewer in self.may_act(state) and state.pending:
            options = [describe(g, a) for a in legal(g, viewer)]
        return build_view(g, viewer, sorted(self.to_move(state)), options)

    def outcome(self, state: State) -> Outcome | None:
        r = state.result
        if r is None:
            return None
        g = G(state)
        scores = {int(k): float(v) for k, v in r["scores"].items() if int(k) < state.humans}
        parts = [t("crown-score", player=g_name(g, int(k)), vp=int(v)) for k, v in r["scores"].items()]
        return Outcome(
            frozenset(r["winners"]),
            "normal",
            scores,
            t("crown-detail", scores=listing(parts)),
            placements={int(k): int(v) for k, v in r["seat_places"].items()},
        )

    def card_pool(self) -> list[PoolCard]:
        d = load("provisional")
        out = [PoolCard(w.id, w.name, w.type, f"level {w.level}", True) for w in d.warriors.values()]
        out += [PoolCard(b.id, b.name, "building", f"level {b.level}", True) for b in d.buildings.values()]
        out += [PoolCard(f"card-{c}", c, "battle", "battle card", True) for c in d.cards]
        out += [PoolCard(f, "+".join(types), "fate", "fate card", True) for f, types in d.fates.items()]
        out += [PoolCard(f"ai-{c}", c, "ai", "action card", True) for c in [*d.ai_cards, d.target[0]]]
        return out

    # --- chance
    def chance_kinds(self) -> dict[str, str]:
        return chance.kinds()

    def fix_chance(self, state: State, what: str, values: Sequence[JSON]) -> State:
        return chance.fix(state, what, values)

    def greedy_score(self, view: JSON, seat: Seat, action: Action) -> float:
        return greedy_score(view, seat, action)

    # --- notation
    def parse_action(self, state: State, seat: Seat, text: str) -> Action:
        self.check_turn(state, seat)
        return self.parse_by_legal(state, seat, text)

    def describe_action(self, state: State, seat: Seat, action: Action) -> str:
        return describe(G(state), action)

    def describe_event(self, event: Event, viewer: Seat | None) -> str | None:
        msg = message(event, viewer)
        return None if msg is None else english(msg)

    def view_lines(self, view: JSON) -> list[str]:
        return view_lines(view)

    def reveals(self, event: Event) -> bool:
        return event.kind in REVEALING

    def seat_name(self, seat: Seat) -> str:
        return f"p{seat + 1}"

    # --- audit hooks
    def hidden_cards(self, state: State, seat: Seat | None) -> set[str]:
        return hidden(G(state), seat)

    def card_labels(self, state: State) -> set[str]:
        d = G(state).d
        return {w.name for w in d.warriors.values()} | {b.name for b in d.buildings.values()}

    def card_count(self, state: State) -> int | None:
        s = state
        total = len(s.box) + len(s.stack) + len(s.offer) + len(s.set_aside)
        total += sum(len(d) for d in s.decks.values()) + sum(1 for w in s.display if w is not None)
        total += sum(len(a.stack) + len(a.defenders) for a in [*s.regions, s.citadel])
        if s.battle:
            # The AI's card is drawn from its deck when the battle starts; a player's stays in hand until used.
            total += len(s.battle["attackers"]) + sum(1 for k in s.battle["cards"] if s.sides[int(k)].ai)
        for side in s.sides:
            total += len(side.hand) + len(side.grave) + len(side.cards) + len(side.discard) + int(side.fate is not None)
        return total

    # --- scenarios (engine/crown/position.py, docs/scenarios.md)
    def position_from_scenario(
        self, position: Mapping[str, JSON], players: int, options: Mapping[str, JSON], seed: int
    ) -> State:
        return positions.position_from_scenario(self, position, players, self.checked_options(players, options), seed)

    def scenario_projection(self, state: State) -> dict[str, JSON]:
        return positions.scenario_projection(state)

    def position_to_scenario(self, state: State, viewer: Seat | None, *, full: bool = False) -> dict[str, JSON]:
        return positions.position_to_scenario(state, viewer, full=full)

    # --- snapshots
    def to_json(self, state: State) -> JSON:
        return state.to_json()

    def from_json(self, data: JSON) -> State:
        return State.from_json(data)


def g_name(g: G, who: int) -> str:
    return "AI" if g.s.sides[who].ai else f"p{who + 1}"


GAME = register(Crown())

__all__ = ["GAME", "Crown", "State"]

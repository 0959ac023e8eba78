"""Codex: Card-Time Strategy (Sirlin Games): the core rules and the game modes (1-hero, standard, 2v2, ffa).

The rules object is stateless; the state is `engine.codex.state.State`. Importing this package
registers the game as "codex".
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

# These register task handlers, hooks and steps. A module that teaches the vocabulary a word must load
# before `turns`, whose `options` loads (and checks) the card data.
from engine.codex import (  # noqa: F401
    bot,
    chance,
    colours,
    combat,
    effects,
    ffa,
    hand_ops,
    levels,
    lowest_units,
    modes,
    ops_board,
    ops_cards,
    pool,
    sba,
    seats,
    turns,
)
from engine.codex.actions import VERBS
from engine.codex.cards import Catalog
from engine.codex.ctx import G, all_labels, close_game, forget_hidden_copies, unlabelled
from engine.codex.events import describe_event as _describe_event
from engine.codex.events import english
from engine.codex.notation import describe, legal_hint, parse
from engine.codex.notation_check import notation_problem
from engine.codex.options import CHOICES, DEFAULTS, HELP, MAX_SEATS, check_hero_choice
from engine.codex.reading import read
from engine.codex.reasons import why_illegal
from engine.codex.rules import Listed, do_action, is_legal, legal
from engine.codex.state import State, seal
from engine.codex.variants import catalog_for, catalog_of
from engine.codex.views import build_view, hand_revealed, view_lines
from engine.core import (
    JSON,
    Action,
    BadOptions,
    Event,
    Game,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Outcome,
    PoolCard,
    Seat,
    Step,
    not_legal,
    register,
)
from engine.i18n import Text, catalogue, joined, t
from engine.meta import GameInfo, ModeInfo, OptionInfo

catalogue(Path(__file__).resolve().parent / "locales")  # Codex's rules text: locales/<locale>/*.ftl

REVEALING = frozenset({"draw", "drew", "shuffle", "deck_order", "coin", "worker_trashed"})
"""Event kinds after which a move may not be taken back freely (see `Codex.reveals`)."""

QUIET_VERBS = frozenset({"patrol", "unpatrol", "tech"})
"""Actions that only edit a plan or a pick: nothing can die or trigger, so no settling is needed."""
PLAN_VERBS = frozenset({"patrol", "unpatrol"})
"""Actions that change nothing but the mover's patrol plan (and the move count and turn record)."""


def _carry(before: State, after: State, seat: int) -> None:
    """After a patrol plan: `seat`'s other main-phase actions stay what they were listed as on `before`.

    While it is `seat`'s turn its own patrol plan counts for nothing (`Q.slot` reads a zone only on its
    opponents' turns) and is read only to list patrols and unpatrols; nothing else but the move count and
    the turn record changes (`State.plan_copy`). So the other verbs' lists, and who may patrol
    (`rules.FIGHTERS`), are taken over with the seal they were listed under: `legal_actions` uses them only
    while the copy still shows that seal (nothing set by hand on either state since; a 2v2 partner who acts
    in turn changes the active seat, and breaks it)."""
    listed = before.legal_memo.get(("verbs", seat)) if before.legal_memo is not None else None
    if listed is None:
        return
    lists, sealed = listed
    kept = {verb: got for verb, got in lists.items() if verb not in PLAN_VERBS}
    after.legal_memo = {("carried", seat): (kept, sealed)}


def _catalog(state: State) -> Catalog:
    """The cards this match plays with: the printed ones, or those of its data variant."""
    return catalog_of(state.options)


DETAILS = {
    "base destroyed": "base-destroyed",
    "both bases fell": "both-fell",
    "both bases fell at once": "both-fell-at-once",
    "tie broken": "tie-broken",
}
"""How a game ended, as the state records it, and its key in the catalogue."""
RESIGNED = re.compile(r"^(p\d) resigned$")


def _detail(recorded: str) -> Text:
    """The end of a game as players read it, from the words the state keeps (a detail of no known shape is
    shown as it is)."""
    resigned = RESIGNED.match(recorded)
    if resigned:
        return t("codex-detail-resigned", seat=resigned[1])
    return t("codex-detail", detail=DETAILS[recorded]) if recorded in DETAILS else recorded


def _info() -> GameInfo:
    options = tuple(
        OptionInfo(name, default, HELP.get(name, ""), CHOICES.get(name)) for name, default in DEFAULTS.items()
    )
    return GameInfo(
        name="codex",
        title="Codex: Card-Time Strategy",
        min_players=2,
        max_players=MAX_SEATS,
        teams=True,
        hidden_information=True,
        chance=True,
        simultaneous=True,  # the secret tech pick is made while the other player plays their turn
        typical_actions=400,
        step_cap=5_000,
        typical_minutes=45,
        modes=tuple(ModeInfo(m, modes.SEATS[m], teams=m == modes.TEAMS, help=modes.title(m)) for m in modes.MODES),
        options=options,
        summary=t("codex-summary"),
    )


class Codex(Game[State]):
    info = _info()
    schema_version = 1

    # --- life cycle
    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> State:
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(t("codex-bad-players", most=self.max_players, players=players))
        state, _g = turns.setup_state(catalog_of(options), dict(options), seed, players)
        return state

    def seat_range(self, options: Mapping[str, JSON]) -> tuple[int, int]:
        """The seat counts the chosen mode is played with (auto: any)."""
        mode = options.get("mode", modes.AUTO)
        counts = modes.SEATS.get(str(mode), (self.min_players, self.max_players))
        return counts[0], counts[-1]

    def opening_events(self, state: State) -> tuple[Event, ...]:
        """The opening shuffles and deals; setup is deterministic, so they are rebuilt from the seed."""
        _state, g = turns.setup_state(catalog_of(state.options), dict(state.options), state.seed, len(state.players))
        return tuple(g.events)

    def mode_key(self, options: Mapping[str, JSON], players: int) -> str:
        mode = str(options.get("mode", modes.AUTO))
        if mode in modes.MODES:
            return mode
        return modes.TEAMS if players == 4 and options.get("teams") else (modes.FFA if players > 2 else "1-hero")

    def check_seat_choice(self, choice: Mapping[str, JSON]) -> None:
        """Each player may choose their own hero or team of heroes, starter deck colour, and 2v2 team."""
        if not choice or not set(choice) <= {"hero", "starter", "team"}:
            raise BadOptions(t("codex-seat-choices"))
        if "hero" in choice:
            check_hero_choice(choice["hero"])  # refuses unknown heroes with the list of playable ones
        if "starter" in choice and not isinstance(choice["starter"], str):
            raise BadOptions(t("codex-starter-by-colour"))
        if "team" in choice and choice["team"] not in (1, 2):
            raise BadOptions(t("codex-team-one-or-two"))

    def seat_options(self, options: Mapping[str, JSON], choices: Sequence[Mapping[str, JSON]]) -> dict[str, JSON]:
        out = dict(options)
        for seat, choice in enumerate(choices):
            if "hero" in choice:
                out[f"hero{seat + 1}"] = choice["hero"]
            if "starter" in choice:
                out[f"starter{seat + 1}"] = choice["starter"]
        if len(choices) == 4:
            split = modes.split_of_choices([c.get("team") for c in choices])  # type: ignore[misc]
            if split is not None:
                out["teams"] = split
        return out

    def to_move(self, state: State) -> frozenset[Seat]:
        if state.result is not None:
            return frozenset()
        owing: set[int] = set()
        if state.pending is not None:
            owing.add(state.pending["seat"])
        elif state.phase == "main" and not state.queue:
            # The active player; in 2v2 each partner until they end their main phase.
            owing.update(x for x in seats.turn_seats(state) if not state.players[x].ended)
        for p in state.players:
            if p.tech_open and p.tech_pick is None:
                owing.add(p.seat)
        return frozenset(owing)

    def turn_key(self, state: State) -> str:
        # A turn is its number and its player (a team in 2v2): a choice owed by the opponent or a tech pick
        # made during it stays in the same board message.
        return f"{state.turn}:{state.active}"

    def may_act(self, state: State) -> frozenset[Seat]:
        """to_move, plus a seat that already made its tech pick and may still change it."""
        extra = {p.seat for p in state.players if p.tech_open and state.result is None}
        return self.to_move(state) | frozenset(extra)

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        if not (isinstance(seat, int) and 0 <= seat < len(state.players)):
            return []
        memo = state.legal_memo
        got = memo.get(("carried", seat)) if memo is not None else None
        sealed = carried = None
        if got is not None:
            sealed = seal(state, seat)
            if got[1] == sealed:
                carried = got[0]  # a patrol plan's copy: only its patrols are listed anew (see `_carry`)
        listed = Listed(carried=carried)
        out = legal(G(state, _catalog(state)), seat, listed=listed)
        # Remembered for `apply`, which is mostly asked next for one of these moves on this same state, and
        # (by verb) for the patrol plan's copy it then makes, with the seal they were listed under.
        if memo is None:
            memo = state.legal_memo = {}
        memo[seat] = out
        if listed.lists:
            memo["verbs", seat] = (listed.lists, seal(state, seat) if sealed is None else sealed)
        return list(out)

    def apply(self, state: State, seat: Seat, action: Action) -> Step[State]:
        if state.result is not None:
            raise GameOver(t("core-game-over"))
        if not (isinstance(seat, int) and 0 <= seat < len(state.players)):
            raise NotYourTurn(t("codex-no-seat", seat=str(seat)))
        if seat not in self.may_act(state):
            waiting = ", ".join(self.seat_name(s) for s in sorted(self.to_move(state)))
            raise NotYourTurn(t("core-not-your-turn", waiting=waiting))
        if not self.is_legal(state, seat, action):
            g = G(state, _catalog(state))
            allowed = legal(g, seat, action.verb) if action.verb in VERBS else []
            move = self.describe_action_safely(state, seat, action)
            reason = self.reason(state, seat, action)
            raise IllegalAction(joined([not_legal(move, reason), legal_hint(g, seat, allowed)], " "))
        return self.apply_trusted(state, seat, action)

    def is_legal(self, state: State, seat: Seat, action: Action) -> bool:
        """Checks the one action: only the actions of its verb (or of the one thing it moves) are listed."""
        if action.verb not in VERBS or not (isinstance(seat, int) and 0 <= seat < len(state.players)):
            return False
        listed = state.legal_memo.get(seat) if state.legal_memo is not None else None
        if listed is not None and (any(a is action for a in listed) or action in listed):
            return True  # listed for this very state a moment ago (see `legal_actions`); mostly that very object
        return is_legal(G(state, _catalog(state)), seat, action)

    def apply_trusted(self, state: State, seat: Seat, action: Action) -> Step[State]:
        """Apply an action already known to be legal (random playouts skip the re-check)."""
        plan = action.verb in PLAN_VERBS and not state.queue
        # A patrol plan changes only the plan: the rest is shared.
        g = G(state.plan_copy(seat) if plan else state.clone(), _catalog(state))
        g.s.moves += 1
        if g.on_turn(seat) and action.verb != "tech":
            if action.verb != "choose":
                g.s.active = seat  # 2v2: the partner who acts now decides what their move asks
            g.note_acted()
        do_action(g, seat, action)
        if action.verb not in QUIET_VERBS or g.s.queue:
            g.run()
        seen: dict[int, set[str]] = {}
        events = forget_hidden_copies(
            g.events, lambda to: self._hidden_from(g.s, to, seen), lambda: all_labels(g.s, g.cat)
        )
        if plan:
            _carry(state, g.s, seat)
        return Step(g.s, tuple(events))

    def _hidden_from(self, state: State, audience: frozenset[Seat] | None, seen: dict[int, set[str]]) -> set[str]:
        """Labels that someone seeing only what `audience` sees (None: everyone) may not know. `seen`: each
        seat's `hidden_cards` of this state, worked out once for every audience."""
        out: set[str] = set()
        for x in range(len(state.players)):
            if audience is None or x not in audience:
                got = seen.get(x)
                if got is None:
                    got = seen[x] = self.hidden_cards(state, x)
                out |= got
        return out

    def view(self, state: State, viewer: Seat | None) -> JSON:
        return build_view(G(state, _catalog(state)), viewer, sorted(self.to_move(state)))

    def outcome(self, state: State) -> Outcome | None:
        r = state.result
        if r is None:
            return None
        raw = r.get("scores")
        scores = None if raw is None else {int(k): float(v) for k, v in raw.items()}
        return Outcome(
            frozenset(r["winners"]),
            r["reason"],
            scores,
            _detail(str(r.get("detail", ""))),
            placements=_placements(frozenset(r["winners"]), scores, len(state.players)),
            teams=_teams(state),
        )

    def resign(self, state: State, seat: Seat) -> Step[State]:
        """Resigning loses: the other side wins (in 2v2 the whole team concedes). In free-for-all it counts
        as that player's base falling, which ends the game as any destroyed base does (the healthiest base
        wins, ties take extra turns)."""
        if state.result is not None:
            raise GameOver(t("core-game-over"))
        g = G(state.clone(), _catalog(state))
        s = g.s
        g.events.append(Event("resign", {"seat": seat, "player": f"p{seat + 1}"}))
        if seats.mode_of(s) == modes.FFA:
            ffa.resigned(g, seat)
            g.run()
        else:
            winners = seats.enemies(s, seat)
            s.result = {"winners": winners, "reason": "resign", "detail": f"p{seat + 1} resigned"}
            close_game(s)
        return Step(s, tuple(g.events))

    def card_pool(self) -> list[PoolCard]:
        return pool.card_pool(catalog_for(None))

    def chance_kinds(self) -> dict[str, str]:
        return dict(chance.KINDS)

    def fix_chance(self, state: State, what: str, values: Sequence[JSON]) -> State:
        return chance.fix(state, _catalog(state), what, values)

    def greedy_score(self, view: JSON, seat: Seat, action: Action) -> float:
        return bot.greedy_score(view, seat, action)

    # --- notation
    def parse_action(self, state: State, seat: Seat, text: str) -> Action:
        if state.result is not None:
            raise GameOver(t("core-game-over"))
        g = G(state, _catalog(state))
        words = text.split()
        verb = words[0].lower() if words else ""
        if verb in VERBS and 0 <= seat < len(state.players):
            # Only actions of the typed verb can match, so only those need a description.
            candidates = legal(g, seat, verb)
            if candidates:
                return parse(g, seat, text, candidates, lambda: self.text_reason(state, seat, text))
        return parse(g, seat, text, self.legal_actions(state, seat), lambda: self.text_reason(state, seat, text))

    def describe_action(self, state: State, seat: Seat, action: Action) -> str:
        return describe(G(state, _catalog(state)), seat, action)

    def notation_problem(self, state: State, seat: Seat, text: str) -> str | None:
        return notation_problem(_catalog(state), text)

    def read_action(self, state: State, seat: Seat, text: str) -> Action | None:
        return read(G(state, _catalog(state)), seat, text)

    def why_illegal(self, state: State, seat: Seat, action: Action) -> Text | None:
        return why_illegal(G(state, _catalog(state)), seat, action)

    def describe_event(self, event: Event, viewer: Seat | None) -> str | None:
        if event.kind == "resign":
            return english(t("codex-resigns", seat=str(event.data.get("player", "?"))))
        return _describe_event(event, viewer)

    def forget_hidden(self, state: State, lines: list[str]) -> list[str]:
        """A sentence names a card by its copy ("Seer#1") when two of its name were out; once that card is
        back in a hand, a deck or face down as a worker, history names it without the copy number."""
        return unlabelled(state, _catalog(state), lines)

    def view_lines(self, view: JSON) -> list[str]:
        return view_lines(view)

    def reveals(self, event: Event) -> bool:
        """Draws (the public count and the private names), shuffles (the public event and the hidden order),
        coin flips and the random pick of a face-down worker to trash (its owner sees which card) are the
        only ways Codex shows anyone something new: every other card that leaves a hidden zone does so in
        plain sight."""
        return event.kind in REVEALING

    # --- audit hooks
    def hidden_cards(self, state: State, seat: Seat | None) -> set[str]:
        """Labels only `seat` may know: its hand, face-down workers and deck (the owner can work out
        what the deck holds, never its order), less cards everyone saw arrive there."""
        if seat is None:
            return set()
        g = G(state, _catalog(state))
        known = set(state.known)
        for other, seen in state.flags.get("seen", {}).items():
            if int(other) != seat:
                known.update(seen)  # looked at this turn by another seat (Lawful Search)
        p = state.players[seat]
        hand = () if hand_revealed(g, seat) else p.hand  # face up (Eyes of the Chancellor)
        return {g.label(u) for u in (*hand, *p.worker_cards, *p.deck) if u not in known}

    def card_labels(self, state: State) -> set[str]:
        g = G(state, _catalog(state))
        return {g.label(u) for u in state.cards}

    def card_count(self, state: State) -> int | None:
        """Every card a player owns, in any zone, codex included; tokens are not cards."""
        cat = _catalog(state)
        # A spell being cast, and a card played but not landed yet (its "when played" choice is pending).
        casting = {
            t.get("uid")
            for t in state.queue
            if (t.get("t") == "spell_done" and not t.get("ongoing")) or t.get("t") == "land"
        }
        total = len(casting)
        for p in state.players:
            total += sum(p.codex.values()) + len(p.hand) + len(p.deck) + len(p.discard)
            total += len(p.worker_cards) + len(p.removed) + len(p.command)
            total += sum(1 for u in p.future if cat[state.cards[u][0]].type != "token")  # a forecast Mech is no card
            total += sum(len(z) for z in p.zones.values())
        total += sum(1 for t in state.things.values() if cat[state.cards[t.uid][0]].type != "token")
        return total

    # --- snapshots
    def to_json(self, state: State) -> JSON:
        return state.to_json()

    def from_json(self, data: JSON) -> State:
        return State.from_json(data)


def _placements(winners: frozenset[int], scores: dict[int, float] | None, players: int) -> dict[int, int] | None:
    """Free-for-all ranks the losers too, by the base HP they kept (ties share a place)."""
    if scores is None or players <= 2:
        return None
    order = sorted(range(players), key=lambda x: (x not in winners, -scores.get(x, 0.0)))
    places: dict[int, int] = {}
    for i, seat in enumerate(order):
        previous = order[i - 1] if i else None
        same = (
            previous is not None
            and (previous in winners) == (seat in winners)
            and scores.get(previous) == scores.get(seat)
        )
        places[seat] = places[previous] if same and previous is not None else i + 1
    return places


def _teams(state: State) -> tuple[tuple[int, ...], ...] | None:
    if seats.mode_of(state) != modes.TEAMS:
        return None
    by_team: dict[int, list[int]] = {}
    for p in state.players:
        by_team.setdefault(p.team, []).append(p.seat)
    return tuple(tuple(v) for _k, v in sorted(by_team.items()))


GAME = register(Codex())

__all__ = ["GAME", "Codex", "State"]

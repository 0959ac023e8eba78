"""Build and drive Codex positions by hand: for tests, worked examples and bug reports.

A `Table` holds a state and edits it directly for setting up a position (put a unit into play, set gold,
fill a patrol slot), then plays actions through the real engine by their notation.
"""

from __future__ import annotations

from typing import Any

from engine.codex.cards import Catalog
from engine.codex.ctx import G
from engine.codex.state import SLOTS, State, Thing
from engine.codex.stats import Q
from engine.codex.variants import catalog_for
from engine.core import Action, Event, Step


class Table:
    def __init__(self, seed: int = 0, players: int = 2, **options: Any) -> None:
        from engine.codex import GAME

        self.game = GAME
        opts = {"first_player": "p1", **options}
        self.s: State = GAME.setup(players, opts, seed)
        self.events: list[Event] = []

    # ------------------------------------------------------------------------------------ position
    @property
    def cat(self) -> Catalog:
        """The match's cards: the printed ones, or its data variant's."""
        variant = self.s.options.get("variant")
        return catalog_for(variant if isinstance(variant, str) else None)

    @property
    def g(self) -> G:
        return G(self.s, self.cat)

    @property
    def q(self) -> Q:
        return Q(self.s, self.cat)

    def cid(self, name: str) -> str:
        cat = self.cat
        key = name.lower()
        return cat.by_name.get(key, key.replace(" ", "-"))

    def clear(self, *seats: int) -> None:
        """Empty hands, decks and discards (the starting hand is random; tests want exact contents)."""
        for seat in seats or range(len(self.s.players)):
            p = self.s.players[seat]
            p.hand, p.deck, p.discard = [], [], []

    def give(self, seat: int, *names: str, zone: str = "hand") -> list[int]:
        g = self.g
        out = []
        for name in names:
            uid = g.new_card(self.cid(name), seat)
            getattr(self.s.players[seat], zone).append(uid)
            out.append(uid)
        return out

    def put(
        self,
        seat: int,
        name: str,
        *,
        fresh: bool = False,
        damage: int = 0,
        exhausted: bool = False,
        slot: str | None = None,
        level: int = 0,
        runes: int = 0,
    ) -> int:
        """Put a card straight into play for `seat`, settled since last turn unless `fresh`."""
        g = self.g
        cid = self.cid(name)
        card = self.cat[cid]
        p = self.s.players[seat]
        uid = 0
        if card.type == "hero":
            # The team's hero from the command zone, or a guest hero made for this test.
            uid = next((u for u in p.command if self.s.cards[u][0] == cid), 0) or g.new_card(cid, seat)
            if uid in p.command:
                p.command.remove(uid)
            level = level or 1
        else:
            uid = g.new_card(cid, seat)
        since = self.s.turn if fresh else self.s.turn - 1
        t = Thing(
            uid,
            cid,
            seat,
            seat,
            since,
            since,
            damage=damage,
            exhausted=exhausted,
            level=level,
            runes=runes,
            stamp=g.tick(),
        )
        if "fading" in card.kw:
            t.marks["time"] = card.kw["fading"]
        self.s.things[uid] = t
        if slot is not None:
            p.patrol[SLOTS.index(slot)] = uid
        return uid

    def gold(self, seat: int, n: int) -> None:
        self.s.players[seat].gold = n

    def workers(self, seat: int, n: int) -> None:
        self.s.players[seat].workers = n

    def built(self, seat: int, *kinds: str, spec: str | None = None) -> None:
        from engine.codex.state import Building

        p = self.s.players[seat]
        for kind in kinds:
            if kind.startswith("tech") and kind != "tech lab":
                p.tech[int(kind[-1]) - 1].status = "built"
                if kind == "tech2" and p.tech2_spec is None:
                    p.tech2_spec = spec or p.specs[0]
            else:
                p.addon = Building(kind, "built", 0, spec)

    def name(self, uid: int) -> str:
        """The full label of a card ("Older Brother#3"), always accepted by the notation."""
        return self.g.label(uid)

    def thing(self, uid: int) -> Thing:
        return self.s.things[uid]

    def atk(self, uid: int) -> int:
        return self.q.atk(self.s.things[uid])

    def hp(self, uid: int) -> int:
        return self.q.hp(self.s.things[uid])

    def kw(self, uid: int) -> dict[str, int]:
        return self.q.kw(self.s.things[uid])

    def alive(self, uid: int) -> bool:
        return uid in self.s.things

    def base(self, seat: int) -> int:
        """Damage on `seat`'s base."""
        return self.s.players[seat].base_damage

    # -------------------------------------------------------------------------------------- acting
    def chooser(self) -> int:
        if self.s.pending is not None:
            return int(self.s.pending["seat"])
        return self.s.active

    def legal(self, seat: int | None = None) -> list[str]:
        seat = self.chooser() if seat is None else seat
        return [self.game.describe_action(self.s, seat, a) for a in self.game.legal_actions(self.s, seat)]

    def can(self, text: str, seat: int | None = None) -> bool:
        from engine.core import normalise_notation

        return normalise_notation(text) in {normalise_notation(x) for x in self.legal(seat)}

    def act(self, text: str, seat: int | None = None) -> Step[State]:
        seat = self.chooser() if seat is None else seat
        action = self.game.parse_action(self.s, seat, text)
        return self.do(action, seat)

    def do(self, action: Action, seat: int | None = None) -> Step[State]:
        seat = self.chooser() if seat is None else seat
        step = self.game.apply(self.s, seat, action)
        self.s = step.state
        self.events += step.events
        return step

    def effect(self, seat: int, ops: list[dict[str, Any]], src: int = 0) -> None:
        """Run effect steps from the vocabulary as if an ability of `seat` resolved now."""
        from engine.codex.effects import new_ctx, run_effect

        g = G(self.s.clone(), self.cat)
        run_effect(g, ops, new_ctx(src, self.s.things[src].card if src in self.s.things else "", seat))
        g.run()
        self.s = g.s
        self.events += g.events

    def pick_tech(self, seat: int) -> None:
        """Make the first legal tech pick for `seat` (tests rarely care which)."""
        acts = [a for a in self.game.legal_actions(self.s, seat) if a.verb == "tech"]
        if acts:
            self.do(acts[0], seat)

    def end_turn(self) -> None:
        """End the main phase of the player whose turn it is (in 2v2, of both partners that have not ended
        it yet) and bring the next player to their main phase, making tech picks they still owe."""
        from engine.codex.seats import turn_seats

        for seat in turn_seats(self.s):
            if not self.s.players[seat].ended and self.s.pending is None and self.s.phase == "main":
                self.act("end", seat)
        for _ in range(10):
            if self.s.phase != "await_tech":
                return
            for seat in turn_seats(self.s):
                p = self.s.players[seat]
                if p.tech_open and p.tech_pick is None:
                    self.pick_tech(seat)

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]

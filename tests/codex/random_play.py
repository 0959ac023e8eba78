"""How Codex tests play random games through the one driver (engine/playout.py), and Codex's own promise
checked on each step of them: every card a player owns is in exactly one zone."""

from __future__ import annotations

import json
import random

from engine.codex import GAME, State
from engine.codex.cards import catalog
from engine.core import Action
from engine.playout import Played, Style

WEIGHTS = {
    "attack": 8.0,
    "play": 5.0,
    "summon": 5.0,
    "level": 2.0,
    "build": 3.0,
    "worker": 2.0,
    "patrol": 0.3,
    "unpatrol": 0.1,
    "end": 1.5,
    "destroy": 0.05,
}
"""A bias towards fighting, so random games reach their end sooner."""

SNAPSHOT_BYTES = 50_000
"""The largest snapshot a match may store (docs/performance.md's target is 50 KiB)."""


def choose(r: random.Random, acts: list[Action]) -> Action:
    return r.choices(acts, [WEIGHTS.get(a.verb, 1.0) for a in acts])[0]


WEIGHTED = Style(choose=choose)


def card_name(cid: str) -> str:
    return catalog()[cid].name


def card_type(cid: str) -> str:
    return catalog()[cid].type


def owned_cards(s: State, seat: int) -> list[int]:
    p = s.players[seat]
    out = p.hand + p.deck + p.discard + p.worker_cards + p.removed + p.command + list(p.future)
    out += [u for zone in p.zones.values() for u in zone]
    out += [t.uid for t in s.things.values() if t.owner == seat]
    return sorted(out)


class OneZoneEach:
    """A card is never in two zones, nor in none (tokens aside), except a spell being cast (it is in no
    zone until it finishes, which can only be while a choice is pending) and a card put back into its
    owner's codex (the codex counts cards, not copies). Snapshots stay under their size. One per playout:
    it remembers the copies sent back to a codex."""

    def __init__(self) -> None:
        self.in_codex: set[int] = set()

    def __call__(self, played: Played) -> None:
        after: State = played.state
        assert len(json.dumps(GAME.to_json(after))) < SNAPSHOT_BYTES
        self.in_codex |= {int(e.data["uid"]) for e in played.step.events if e.kind == "to_codex"}
        for seat in range(len(after.players)):
            made = {u for u, (cid, owner, _n) in after.cards.items() if owner == seat and card_type(cid) != "token"}
            mine = [u for u in owned_cards(after, seat) if u in made]
            assert len(mine) == len(set(mine)), "a card is in two zones"
            self.in_codex -= set(mine)  # a copy drawn from the codex again is a card in a zone once more
            missing = made - set(mine) - self.in_codex
            assert not missing or after.pending is not None, f"cards in no zone: {sorted(missing)}"

"""Ascension's state: plain data (lists of card numbers and counters) that survives a JSON round trip.

A card is a number, its index in `cards` (which holds each card's id); the number never changes, so a
card keeps its label ("Mystic#3") wherever it goes. Decks list their top card first. `clone` copies by
hand, which is much quicker than a deep copy and keeps `apply` cheap.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

JSONDict = dict[str, Any]


@dataclass(slots=True)
class Player:
    hand: list[int] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    """Top first."""
    discard: list[int] = field(default_factory=list)
    played: list[int] = field(default_factory=list)
    """Heroes played this turn: they go to the discard pile at its end."""
    constructs: list[int] = field(default_factory=list)
    honor: int = 0
    """Honor tokens taken (the printed Honor of cards is added only at the end)."""
    out: bool = False
    """Resigned: takes no more turns and is placed last."""

    def clone(self) -> Player:
        return Player(
            self.hand[:], self.deck[:], self.discard[:], self.played[:], self.constructs[:], self.honor, self.out
        )

    def owned(self) -> list[int]:
        return [*self.hand, *self.deck, *self.discard, *self.played, *self.constructs]

    def to_json(self) -> JSONDict:
        return {
            "hand": self.hand[:],
            "deck": self.deck[:],
            "discard": self.discard[:],
            "played": self.played[:],
            "constructs": self.constructs[:],
            "honor": self.honor,
            "out": self.out,
        }

    @classmethod
    def from_json(cls, d: JSONDict) -> Player:
        return cls(
            list(d["hand"]),
            list(d["deck"]),
            list(d["discard"]),
            list(d["played"]),
            list(d["constructs"]),
            int(d["honor"]),
            bool(d["out"]),
        )


@dataclass(slots=True)
class Turn:
    """What the active player has this turn; all of it goes at the end of the turn."""

    runes: int = 0
    power: int = 0
    mechana_runes: int = 0
    """Runes that may only pay for Mechana Constructs (The Grand Design, Watchmaker's Altar)."""
    discount: int = 0
    """Runes off the next Construct bought this turn (Reactor Monk)."""
    played: list[int] = field(default_factory=list)
    """Every card played this turn, Heroes and Constructs, in order (Unite, Burrower Mark II)."""
    used: list[str] = field(default_factory=list)
    """Construct abilities used this turn, as "card:key" (once per turn each)."""
    unite: list[JSONDict] = field(default_factory=list)
    """Unite bonuses waiting for a later Hero of their faction: {"src", "faction", "do"}."""

    def clone(self) -> Turn:
        return Turn(
            self.runes,
            self.power,
            self.mechana_runes,
            self.discount,
            self.played[:],
            self.used[:],
            [dict(u) for u in self.unite],
        )

    def to_json(self) -> JSONDict:
        return {
            "runes": self.runes,
            "power": self.power,
            "mechana_runes": self.mechana_runes,
            "discount": self.discount,
            "played": self.played[:],
            "used": self.used[:],
            "unite": [dict(u) for u in self.unite],
        }

    @classmethod
    def from_json(cls, d: JSONDict) -> Turn:
        return cls(
            int(d["runes"]),
            int(d["power"]),
            int(d["mechana_runes"]),
            int(d["discount"]),
            list(d["played"]),
            list(d["used"]),
            [dict(u) for u in d["unite"]],
        )


@dataclass(slots=True)
class State:
    seed: int
    options: JSONDict
    cards: list[str]
    """Card number -> card id. Never changes during a match (shared between clones)."""
    players: list[Player]
    row: list[int | None]
    """The centre row, left to right; None only while the centre deck and the Void are both empty."""
    centre: list[int]
    """The centre deck, top first."""
    void: list[int] = field(default_factory=list)
    box: list[int] = field(default_factory=list)
    """Banished starting cards, out of the game."""
    piles: dict[str, list[int]] = field(default_factory=dict)
    """The always-available Hero piles (Mystic, Heavy Infantry)."""
    cultist: int = 0
    samael: list[int] = field(default_factory=list)
    """Solo: the Heroes and Constructs Samael set aside."""
    samael_honor: int = 0
    samael_last: list[JSONDict] = field(default_factory=list)
    """Solo: what Samael did on his last turn, for the board: {"card", "how", "honor"}."""
    reserve: int = 0
    end_triggered: bool = False
    first: int = 0
    active: int = 0
    turn_no: int = 1
    """Turns begun, extra turns included."""
    round: int = 1
    extra_turns: int = 0
    turn: Turn = field(default_factory=Turn)
    queue: list[JSONDict] = field(default_factory=list)
    """Effects still to resolve, first first."""
    pending: JSONDict | None = None
    """A choice someone owes: {"seat", "kind", ...}."""
    rng: int = 0
    """Random draws taken so far; the next uses rng_for(seed, rng)."""
    fixed: dict[str, list[str]] = field(default_factory=dict)
    """Chance fixed by a test or scenario: deck key -> the card ids to come out next (engine.ascension.chance)."""
    result: JSONDict | None = None
    story: JSONDict | None = None
    """The public events of the turn in progress, for the board: {"seat", "round", "extra", "events"}
    (engine.ascension.story)."""
    last_story: JSONDict | None = None
    """The same for the turn before; never changed once replaced, so clones share it."""

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    def clone(self) -> State:
        return State(
            self.seed,
            self.options,
            self.cards,
            [p.clone() for p in self.players],
            self.row[:],
            self.centre[:],
            self.void[:],
            self.box[:],
            {k: v[:] for k, v in self.piles.items()},
            self.cultist,
            self.samael[:],
            self.samael_honor,
            [dict(x) for x in self.samael_last],
            self.reserve,
            self.end_triggered,
            self.first,
            self.active,
            self.turn_no,
            self.round,
            self.extra_turns,
            self.turn.clone(),
            [dict(q) for q in self.queue],
            None if self.pending is None else dict(self.pending),
            self.rng,
            {k: v[:] for k, v in self.fixed.items()},
            None if self.result is None else dict(self.result),
            None if self.story is None else {**self.story, "events": self.story["events"][:]},
            self.last_story,
        )

    def to_json(self) -> JSONDict:
        return {
            "seed": self.seed,
            "options": dict(self.options),
            "cards": self.cards[:],
            "players": [p.to_json() for p in self.players],
            "row": self.row[:],
            "centre": self.centre[:],
            "void": self.void[:],
            "box": self.box[:],
            "piles": {k: v[:] for k, v in self.piles.items()},
            "cultist": self.cultist,
            "samael": self.samael[:],
            "samael_honor": self.samael_honor,
            "samael_last": _plain(self.samael_last),
            "reserve": self.reserve,
            "end_triggered": self.end_triggered,
            "first": self.first,
            "active": self.active,
            "turn_no": self.turn_no,
            "round": self.round,
            "extra_turns": self.extra_turns,
            "turn": self.turn.to_json(),
            "queue": _plain(self.queue),
            "pending": _plain(self.pending),
            "rng": self.rng,
            "fixed": {k: v[:] for k, v in self.fixed.items()},
            "result": _plain(self.result),
            "story": _plain(self.story),
            "last_story": _plain(self.last_story),
        }

    @classmethod
    def from_json(cls, d: JSONDict) -> State:
        try:
            return cls(
                seed=int(d["seed"]),
                options=dict(d["options"]),
                cards=list(d["cards"]),
                players=[Player.from_json(p) for p in d["players"]],
                row=list(d["row"]),
                centre=list(d["centre"]),
                void=list(d["void"]),
                box=list(d["box"]),
                piles={k: list(v) for k, v in d["piles"].items()},
                cultist=int(d["cultist"]),
                samael=list(d["samael"]),
                samael_honor=int(d["samael_honor"]),
                samael_last=_plain(d["samael_last"]),
                reserve=int(d["reserve"]),
                end_triggered=bool(d["end_triggered"]),
                first=int(d["first"]),
                active=int(d["active"]),
                turn_no=int(d["turn_no"]),
                round=int(d["round"]),
                extra_turns=int(d["extra_turns"]),
                turn=Turn.from_json(d["turn"]),
                queue=_plain(d["queue"]),
                pending=_plain(d["pending"]),
                rng=int(d["rng"]),
                fixed={k: list(v) for k, v in d["fixed"].items()},
                result=_plain(d["result"]),
                # Snapshots written before the board told the last turn have no story yet.
                story=_plain(d.get("story")),
                last_story=_plain(d.get("last_story")),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not an Ascension snapshot: {exc!r}") from None


def _plain(value: Any) -> Any:
    """A copy of nested dicts and lists, so no two states share a mutable part."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value

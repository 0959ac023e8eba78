"""Crown of Ash's state: plain data that survives a JSON round trip.

Participants are numbered 0..n-1: the seats first, then the AI deck when it plays (solo, or as a buffer).
Warriors and buildings are named by their data-set ids ("W05", "B12"); decks list their top first.
`clone` copies by hand, which is much quicker than a deep copy and keeps `apply` cheap.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

JSONDict = dict[str, Any]


@dataclass(slots=True)
class Side:
    """One participant: a player or the AI deck."""

    lord: str
    ai: bool = False
    vp: int = 0
    res: dict[str, int] = field(default_factory=dict)
    gold: int = 0
    minions: int = 0
    hand: list[str] = field(default_factory=list)
    grave: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    """Battle cards in hand (the AI: its battle deck, top first)."""
    discard: list[str] = field(default_factory=list)
    """Battle cards used, the last on top."""
    fate: str | None = None
    token: bool = True
    """The ability token is active (advanced mode)."""
    royal: bool = False
    refreshed: bool = False
    """The refresh space of this participant's board is taken this round."""
    used: list[str] = field(default_factory=list)
    """Abilities used since the token was last made active."""

    def clone(self) -> Side:
        return Side(
            self.lord,
            self.ai,
            self.vp,
            dict(self.res),
            self.gold,
            self.minions,
            self.hand[:],
            self.grave[:],
            self.cards[:],
            self.discard[:],
            self.fate,
            self.token,
            self.royal,
            self.refreshed,
            self.used[:],
        )

    def to_json(self) -> JSONDict:
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_json(cls, d: JSONDict) -> Side:
        return cls(**{f.name: _plain(d[f.name]) for f in fields(cls)})


@dataclass(slots=True)
class Area:
    """A region (or, with index 6, the citadel): its building stack (top last), controller, defenders and
    the minions on its spaces (`spaces`: resource spaces, then battle spaces; the citadel: one list per
    citadel space)."""

    stack: list[str] = field(default_factory=list)
    owner: int | None = None
    defenders: list[str] = field(default_factory=list)
    gather: list[int | None] = field(default_factory=list)
    battle: list[int | None] = field(default_factory=list)

    def clone(self) -> Area:
        return Area(self.stack[:], self.owner, self.defenders[:], self.gather[:], self.battle[:])

    def to_json(self) -> JSONDict:
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_json(cls, d: JSONDict) -> Area:
        return cls(**{f.name: _plain(d[f.name]) for f in fields(cls)})


@dataclass(slots=True)
class State:
    seed: int
    options: JSONDict
    humans: int
    sides: list[Side]
    regions: list[Area]
    citadel: Area
    """`battle` holds one entry per citadel space in data order; a space open to many lists no one (its
    minions are counted in `front`)."""
    king: bool = True
    front: list[int] = field(default_factory=list)
    """Minions on the citadel's unlimited space."""
    gold_space: list[int] = field(default_factory=list)
    build_space: list[int] = field(default_factory=list)
    decks: dict[str, list[str]] = field(default_factory=dict)
    display: list[str | None] = field(default_factory=list)
    stack: list[str] = field(default_factory=list)
    offer: list[str] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)
    reshuffled: bool = False
    """The stack has been made again from set-aside buildings, all seen before."""
    box: list[str] = field(default_factory=list)
    """Warriors, buildings and fate cards out of the game."""
    round: int = 1
    order: list[int] = field(default_factory=list)
    queue: list[int] = field(default_factory=list)
    """Turns left this round; the head is the active participant."""
    stage: str = "place"
    """place (a minion to place), end (may prepare, then ends), wait (a pending choice), over."""
    started: bool = False
    """The active player has placed this turn's minion (Nox's Exhumation comes before)."""
    pending: list[JSONDict] = field(default_factory=list)
    """Choices owed, first first: {"kind", "seat", ...}."""
    battle: JSONDict | None = None
    fortified: list[list[Any]] = field(default_factory=list)
    """Fortis's Fortification: [area index, warrior, warrior] pairs giving +2."""
    ai: JSONDict = field(default_factory=dict)
    """The AI deck: action deck, used cards, warrior-track position, last turn's story."""
    last_battle: JSONDict | None = None
    rng: int = 0
    fixed: dict[str, list[Any]] = field(default_factory=dict)
    result: JSONDict | None = None

    @property
    def active(self) -> int:
        return self.queue[0] if self.queue else -1

    @property
    def ai_index(self) -> int | None:
        return len(self.sides) - 1 if self.sides[-1].ai else None

    def area(self, index: int) -> Area:
        return self.citadel if index == len(self.regions) else self.regions[index]

    def clone(self) -> State:
        """A copy sharing nothing mutable (the options are never changed, so they are shared)."""
        return State(
            self.seed,
            self.options,
            self.humans,
            [s.clone() for s in self.sides],
            [r.clone() for r in self.regions],
            self.citadel.clone(),
            self.king,
            self.front[:],
            self.gold_space[:],
            self.build_space[:],
            {k: v[:] for k, v in self.decks.items()},
            self.display[:],
            self.stack[:],
            self.offer[:],
            self.set_aside[:],
            self.reshuffled,
            self.box[:],
            self.round,
            self.order[:],
            self.queue[:],
            self.stage,
            self.started,
            [_plain(p) for p in self.pending],
            None if self.battle is None else _plain(self.battle),
            [f[:] for f in self.fortified],
            {k: v[:] if isinstance(v, list) else v for k, v in self.ai.items()},
            None if self.last_battle is None else _plain(self.last_battle),
            self.rng,
            {k: v[:] for k, v in self.fixed.items()},
            None if self.result is None else _plain(self.result),
        )

    def to_json(self) -> JSONDict:
        out: JSONDict = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "sides" or f.name == "regions":
                out[f.name] = [v.to_json() for v in value]
            elif f.name == "citadel":
                out[f.name] = value.to_json()
            else:
                out[f.name] = _plain(value)
        return out

    @classmethod
    def from_json(cls, d: JSONDict) -> State:
        try:
            kwargs: JSONDict = {}
            for f in fields(cls):
                value = d[f.name]
                if f.name == "sides":
                    kwargs[f.name] = [Side.from_json(v) for v in value]
                elif f.name == "regions":
                    kwargs[f.name] = [Area.from_json(v) for v in value]
                elif f.name == "citadel":
                    kwargs[f.name] = Area.from_json(value)
                else:
                    kwargs[f.name] = _plain(value)
            return cls(**kwargs)
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a Crown of Ash snapshot: {exc!r}") from None


def _plain(value: Any) -> Any:
    """A copy of nested dicts and lists, so no two states share a mutable part."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value

"""The working context of one step: the state being changed, its data set, the events told, and chance.

Every random draw comes from `rng_for(seed, n, "crown")` with n counted in the state, so a log replays.
Chance fixed by a test (engine/crown/chance.py) is honoured first.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, rng_for
from engine.crown.data import Dataset, Warrior, load
from engine.crown.state import Side, State

CITADEL = 6
"""The citadel's area index (after the six regions)."""
SIDE_KEYS = frozenset({"side", "attacker", "defender", "winner", "target", "before"})
CONVERTED = SIDE_KEYS | {
    "sides",
    "order",
    "winners",
    "cards",
    "rolls",
    "area",
    "warrior",
    "warriors",
    "building",
    "fate",
}
"""Event keys written as players read them."""


class G:
    __slots__ = ("d", "events", "s")

    def __init__(self, s: State) -> None:
        self.s = s
        self.d: Dataset = load(str(s.options["data"]))
        self.events: list[Event] = []

    # --- telling
    def emit(self, kind: str, to: frozenset[int] | None = None, **data: Any) -> None:
        """Tell an event. Participants, areas, warriors, buildings and fate cards are written as players
        read them (p1, AI, King, Desert, citadel, the card's name), so the log reads without the data set."""
        for key in CONVERTED.intersection(data):
            value = data[key]
            if key in SIDE_KEYS:
                if isinstance(value, int):
                    data[key] = self.who(value)
            elif key in ("sides", "order", "winners"):
                data[key] = [self.who(v) for v in value]
            elif key in ("cards", "rolls"):
                data[key] = {self.who(int(k)): v for k, v in value.items()}
            elif key == "area":
                if isinstance(value, int):
                    data[key] = self.area_name(value)
            elif key == "warrior":
                if value is not None:
                    data[key] = self.d.warriors[value].name
            elif key == "warriors":
                data[key] = [self.d.warriors[w].name for w in value]
            elif key == "building":
                data[key] = self.d.buildings[value].name
            elif value is not None:  # fate
                data[key] = self.fate_label(value)
        self.events.append(Event(kind, data, to))

    def who(self, side: int) -> str:
        if side < 0:
            return "King"
        return "AI" if self.s.sides[side].ai else f"p{side + 1}"

    def area_name(self, area: int) -> str:
        return "citadel" if area == CITADEL else self.d.regions[area].name

    def fate_label(self, fate: str) -> str:
        a, b = self.d.fates[fate]
        return f"{a} & {b}"

    def only(self, side: int) -> frozenset[int]:
        """The seats an event for `side` alone goes to: none for the AI, which has no seat."""
        return frozenset() if self.s.sides[side].ai else frozenset({side})

    # --- looking up
    def opt(self, name: str) -> Any:
        return self.s.options[name]

    def w(self, wid: str) -> Warrior:
        return self.d.warriors[wid]

    def side(self, i: int) -> Side:
        return self.s.sides[i]

    @property
    def advanced(self) -> bool:
        return self.s.options["mode"] == "advanced"

    def participants(self) -> int:
        return len(self.s.sides)

    # --- chance
    def rand(self) -> Any:
        r = rng_for(self.s.seed, self.s.rng, "crown")
        self.s.rng += 1
        return r

    def roll(self) -> int:
        fixed = self.s.fixed.get("dice")
        if fixed:
            return int(fixed.pop(0))
        return int(self.rand().randint(1, 6))

    def shuffle(self, items: list[Any]) -> None:
        self.rand().shuffle(items)

    def draw(self, pile: list[str], key: str) -> str:
        """The top card of `pile`, or the card a test fixed for `key` if `pile` holds it."""
        fixed = self.s.fixed.get(key)
        if fixed:
            want = fixed[0]
            if want in pile:
                fixed.pop(0)
                pile.remove(want)
                return str(want)
        return pile.pop(0)

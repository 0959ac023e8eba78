"""Crown of Ash's component data: a named data set (engine/crown/data/<name>.toml), read once and checked.

The printed numbers of the game are not public, so the engine ships a PROVISIONAL set that fits the
rulebook. A match names its set with the option `data`; only the names in `data_sets()` are accepted, never
a path. The file format is documented in docs/crown/rules.md and at the top of provisional.toml.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent / "data"
RESOURCES = ("bones", "ash", "sulfur", "blood")
LORDS = ("vizio", "nox", "mors", "fortis")
AI_ACTIONS = frozenset(
    {
        "resource",
        "attack_region",
        "attack_citadel",
        "build",
        "nearest_resource_and_prepare",
        "attack_least_defended",
        "build_most_defended",
    }
)


@dataclass(frozen=True, slots=True)
class Warrior:
    id: str
    name: str
    type: str
    attack: int
    level: int
    """The deck (1-3) and fate value; 0 for a starting warrior."""
    cost: tuple[tuple[str, int], ...] = ()
    """(resource or "any", count) pairs."""
    robot: int = 0
    """The deck a robot returns to; 0 for a warrior that is not a robot."""
    three_four: bool = False
    lord: str = ""
    """The lord whose starting warrior this is."""


@dataclass(frozen=True, slots=True)
class Building:
    id: str
    name: str
    level: int
    cost: int
    vp: int
    supply: tuple[tuple[str, int], ...]
    tribute: int
    resurrection: bool
    start_region: int | None


@dataclass(frozen=True, slots=True)
class BattleCard:
    id: str
    attack: int
    die: bool
    win: tuple[tuple[str, int], ...]
    lose: tuple[tuple[str, int], ...]
    black: bool


@dataclass(frozen=True, slots=True)
class Region:
    name: str
    die: int
    dashed: tuple[bool, ...]
    """One entry per resource space: True where it is usable only with 3-4 participants."""
    battle_spaces: int


@dataclass(frozen=True, slots=True)
class CitadelSpace:
    id: str
    modifier: int
    single: bool


@dataclass(frozen=True, eq=False)
class Dataset:
    name: str
    provisional: bool
    rules: dict[str, Any]
    regions: tuple[Region, ...]
    citadel_spaces: tuple[CitadelSpace, ...]
    warriors: dict[str, Warrior]
    """Every warrior, recruitable and starting, by id."""
    buildings: dict[str, Building]
    cards: dict[str, BattleCard]
    fates: dict[str, tuple[str, str]]
    ai_cards: dict[str, tuple[dict[str, str], ...]]
    target: tuple[str, str, tuple[dict[str, str], ...]]
    """(id, the card it replaces, steps)."""
    by_name: dict[str, str]
    """Lower-case name -> id, for warriors and buildings."""

    def citadel_vp(self, participants: int, round_no: int) -> int:
        return int(self.rules["citadel_vp"][str(participants)][round_no - 1])

    def region_index(self, name: str) -> int | None:
        return next((i for i, r in enumerate(self.regions) if r.name.lower() == name.lower()), None)

    def space(self, space_id: str) -> CitadelSpace:
        return next(s for s in self.citadel_spaces if s.id == space_id)


def data_sets() -> tuple[str, ...]:
    """The shipped data sets, by name."""
    return tuple(sorted(p.stem for p in FOLDER.glob("*.toml")))


def _pairs(table: dict[str, Any], where: str, allowed: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    for key, value in table.items():
        if key not in allowed or not isinstance(value, int) or value < 0:
            raise ValueError(f"{where}: {key} = {value!r} is not one of {allowed} with a count")
    return tuple((k, int(v)) for k, v in table.items() if v)


def _steps(raw: list[dict[str, str]], where: str) -> tuple[dict[str, str], ...]:
    for step in raw:
        if not (set(step) == {"do"} or set(step) == {"player", "free"}):
            raise ValueError(f"{where}: a step is {{do = ...}} or {{player = ..., free = ...}}, not {step}")
        for action in step.values():
            if action not in AI_ACTIONS:
                raise ValueError(f"{where}: unknown AI action {action!r}")
    return tuple(dict(s) for s in raw)


def parse(raw: dict[str, Any]) -> Dataset:
    """A data set from its TOML tables; a ValueError names the first thing wrong."""
    regions = tuple(
        Region(r["name"], int(r["die"]), tuple(s == "dashed" for s in r["resource_spaces"]), int(r["battle_spaces"]))
        for r in raw["region"]
    )
    if sorted(r.die for r in regions) != list(range(1, len(regions) + 1)) or len(regions) != 6:
        raise ValueError("six regions are needed, with die faces 1 to 6")
    names = [r.name for r in regions]
    warriors: dict[str, Warrior] = {}
    for w in raw["warrior"]:
        cost = _pairs(w["cost"], f"warrior {w['id']}", (*RESOURCES, "any"))
        warriors[w["id"]] = Warrior(
            w["id"],
            w["name"],
            w["type"],
            int(w["attack"]),
            int(w["level"]),
            cost,
            int(w["robot"]),
            bool(w["three_four"]),
        )
    for s in raw["starter"]:
        warriors[s["id"]] = Warrior(s["id"], s["name"], s["type"], int(s["attack"]), 0, lord=s["lord"])
    for w in warriors.values():
        if w.type not in RESOURCES or not 1 <= w.attack <= 6 or w.level not in (0, 1, 2, 3):
            raise ValueError(f"warrior {w.id}: type, attack (1-6) or level (0-3) is wrong")
        if w.robot not in (0, 1, 2, 3) or (w.lord and w.lord not in LORDS):
            raise ValueError(f"warrior {w.id}: robot deck or lord is wrong")
    for lord in LORDS:
        if sum(1 for w in warriors.values() if w.lord == lord) != 3:
            raise ValueError(f"the lord {lord} needs three starting warriors")
    buildings: dict[str, Building] = {}
    for b in raw["building"]:
        region = next((i for i, r in enumerate(raw["region"]) if r["start"] == b["id"]), None)
        buildings[b["id"]] = Building(
            b["id"],
            b["name"],
            int(b["level"]),
            int(b["cost"]),
            int(b["vp"]),
            _pairs(b["supply"], f"building {b['id']}", (*RESOURCES, "special")),
            int(b["tribute"]),
            bool(b["resurrection"]),
            region,
        )
    starting = [b for b in buildings.values() if b.level == 0]
    if len(starting) != 4 or any(b.start_region is None for b in starting):
        raise ValueError("four starting buildings are needed, each printed in a region")
    cards = {
        c["id"]: BattleCard(
            c["id"],
            int(c["attack"]),
            bool(c["die"]),
            _pairs(c["win"], f"battle card {c['id']}", (*RESOURCES, "gold", "vp", "special")),
            _pairs(c["lose"], f"battle card {c['id']}", (*RESOURCES, "gold", "vp", "special")),
            bool(c["black"]),
        )
        for c in raw["battle_card"]
    }
    fates = {f["id"]: (f["types"][0], f["types"][1]) for f in raw["fate"]}
    ai_cards = {c["id"]: _steps(c["steps"], f"AI card {c['id']}") for c in raw["ai_card"]}
    t = raw["ai_target"]
    if t["replaces"] not in ai_cards:
        raise ValueError(f"the target card replaces {t['replaces']!r}, which is not an AI card")
    rules = dict(raw["rules"])
    for level in (*rules["display"], *rules["warrior_track"]):
        if level not in (1, 2, 3):
            raise ValueError("display slots and the warrior track hold levels 1 to 3")
    by_name = {w.name.lower(): w.id for w in warriors.values()}
    by_name.update({b.name.lower(): b.id for b in buildings.values()})
    if len(by_name) != len(warriors) + len(buildings) or any(n.lower() in by_name for n in names):
        raise ValueError("every warrior, building and region needs a name of its own")
    return Dataset(
        name=raw["meta"]["name"],
        provisional=bool(raw["meta"].get("provisional", False)),
        rules=rules,
        regions=regions,
        citadel_spaces=tuple(
            CitadelSpace(c["id"], int(c["modifier"]), bool(c["single"])) for c in raw["citadel_space"]
        ),
        warriors=warriors,
        buildings=buildings,
        cards=cards,
        fates=fates,
        ai_cards=ai_cards,
        target=(t["id"], t["replaces"], _steps(t["steps"], "the target card")),
        by_name=by_name,
    )


@cache
def load(name: str) -> Dataset:
    if name not in data_sets():
        raise KeyError(name)
    with (FOLDER / f"{name}.toml").open("rb") as f:
        return parse(tomllib.load(f))

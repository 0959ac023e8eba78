"""Card facts and ability data: loading, validation and lookups.

Facts (names, costs, stats, keywords) come from `data/cards/*.json` and `data/buildings.json`, our own
derived card files. Abilities (what cards do beyond their keywords) come from `data/abilities/*.json`
and are checked against the vocabulary in `vocab`. Nothing here reads outside the package.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from engine.codex.vocab import check_card_abilities

DATA = Path(__file__).parent / "data"
CARD_FILES = ("neutral", "red", "green", "blue", "black", "white", "purple", "heroes", "tokens")


KEYWORD_ALIASES = {
    "swiftstrike": "swift strike",
    "swift-strike": "swift strike",
    "longrange": "long-range",
    "long range": "long-range",
    "antiair": "anti-air",
    "anti air": "anti-air",
    "armor-piercing": "armor piercing",
    "armorpiercing": "armor piercing",
    "cant patrol": "can't patrol",
    "can't attack": "can't attack",
    "cant attack": "can't attack",
    "channelling": "channeling",
}

STACKING = frozenset({"frenzy", "resist", "sparkshot", "healing", "obliterate", "armor"})
"""Keywords whose numbers add up when a thing has them more than once (rulings)."""


class Band(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    level: int
    atk: int
    hp: int
    keywords: tuple[str, ...] = ()
    reminder: str = ""


class CardFacts(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    colour: str
    spec: str | None = None
    type: Literal["unit", "spell", "upgrade", "building", "hero", "token"]
    subtypes: tuple[str, ...] = ()
    cost: int | None = None
    tech: int | None = None
    atk: int | None = None
    hp: int | None = None
    starting_zone: str = "deck"
    legendary: bool = False
    keywords: tuple[str, ...] = ()
    reminder: str = ""
    levels: dict[str, int] | None = None
    bands: tuple[Band, ...] | None = None
    hero_spell_of: str | None = None


def parse_keyword(text: str) -> tuple[str, int]:
    """ "Frenzy 1" -> ("frenzy", 1); "swift strike" -> ("swift strike", 1)."""
    words = text.strip().lower().replace("_", " ").split()
    value = 1
    if words and words[-1].lstrip("-").isdigit():
        value = int(words.pop())
    name = " ".join(words)
    return KEYWORD_ALIASES.get(name, name), value


def merge_keywords(into: dict[str, int], texts: tuple[str, ...] | list[str]) -> None:
    for text in texts:
        name, value = parse_keyword(text)
        if name in STACKING:
            into[name] = into.get(name, 0) + value
        else:
            into[name] = max(into.get(name, 0), value)


class Card:
    """One card's facts plus its parsed ability data, with the lookups the rules need."""

    __slots__ = (
        "_abilities",
        "bands",
        "data",
        "doubles_gains",
        "facts",
        "id",
        "is_fighter_card",
        "is_unit",
        "keyed",
        "kw",
        "lowers_hp",
        "mid",
        "minor",
        "mx",
        "name",
        "ongoing",
        "rule_names",
        "static_abilities",
        "static_kinds",
        "subtypes",
        "tech",
        "type",
        "ultimate",
    )

    def __init__(self, facts: CardFacts, data: dict[str, Any]) -> None:
        self.facts = facts
        self.data = data
        # The facts are frozen, so what the rules read of them on every look is copied here once.
        self.id: str = facts.id
        self.name: str = facts.name
        self.type: str = facts.type
        self.is_fighter_card = facts.type in ("unit", "token", "hero")
        self.is_unit = facts.type in ("unit", "token")
        self.tech: int = 0 if facts.type == "token" else facts.tech if facts.tech is not None else -1
        """Tech level; tokens and starter cards are tech 0. Spells and heroes have none (-1)."""
        self.minor = facts.type == "spell" and facts.spec is None
        self.kw: dict[str, int] = {}
        merge_keywords(self.kw, facts.keywords)
        self.subtypes = frozenset(s.lower() for s in facts.subtypes)
        marks = {k.lower() for k in facts.keywords} | self.subtypes
        self.ultimate = bool(data.get("ultimate")) or "ultimate" in marks
        self.ongoing = bool(data.get("ongoing")) or "ongoing" in marks or "channeling" in self.kw
        self._abilities = AbilityList(self, data.get("abilities", []))
        self._refresh()
        # A static that can take HP away means deaths must be looked for even with no damage around.
        self.lowers_hp = any(
            ab.get("static") == "stats" and not _non_negative(ab.get("hp", 0)) for ab in self.abilities
        )
        self.bands: list[tuple[int, int, int, dict[str, int]]] = []
        self.mid = self.mx = 0
        if facts.type == "hero":
            levels = facts.levels or {}
            self.mid = levels.get("mid", 0)
            self.mx = levels.get("max", 0)
            for band in facts.bands or ():
                kw: dict[str, int] = {}
                merge_keywords(kw, band.keywords)
                self.bands.append((band.level, band.atk, band.hp, kw))
            self.bands.sort(key=lambda b: b[0])

    @property
    def abilities(self) -> list[dict[str, Any]]:
        return self._abilities

    @abilities.setter
    def abilities(self, value: list[dict[str, Any]]) -> None:
        self._abilities = AbilityList(self, value)
        self._refresh()

    def _refresh(self) -> None:
        """Facts the rules ask of every thing in play over and over, worked out once per card (and again
        whenever its abilities change: tests give a card an ability for a while)."""
        abilities = self._abilities
        self.keyed: tuple[tuple[int, str, dict[str, Any]], ...] = tuple(
            (i, f"{self.facts.id}:{i}", ab) for i, ab in enumerate(abilities)
        )
        """Each ability with its index and its key ("card-id:index")."""
        self.static_abilities = tuple(x for x in self.keyed if "static" in x[2])
        self.static_kinds = frozenset(x[2]["static"] for x in self.static_abilities)
        """The kinds of its static abilities ("stats", "keywords", "cost", ...)."""
        self.rule_names = frozenset(ab["rule"] for ab in abilities if isinstance(ab.get("rule"), str))
        """Every `rule` its abilities name (static rules, mostly): a quick "not this card" for rule lookups."""
        self.doubles_gains = any(ab.get("rule") == "double gains" for ab in abilities if "static" in ab)

    def band_of(self, level: int) -> int:
        """1 for the first band, 2 for the middle band, 3 at max level."""
        if self.mx and level >= self.mx:
            return 3
        if self.mid and level >= self.mid:
            return 2
        return 1


class AbilityList(list[dict[str, Any]]):
    """A card's abilities: a list that tells its card when it changes, so the facts the card works out from
    them (`Card._refresh`) stay true."""

    __slots__ = ("_card",)

    def __init__(self, card: Card, items: Any = ()) -> None:
        super().__init__(items)
        self._card = card


def _refreshing(name: str) -> Any:
    method = getattr(list, name)

    def changed(self: AbilityList, *args: Any) -> Any:
        out = method(self, *args)
        card = getattr(self, "_card", None)  # unset only while a copy is being built
        if card is not None:
            card._refresh()
        return out if name not in ("__iadd__", "__imul__") else self

    changed.__name__ = name
    return changed


for _name in (
    "__setitem__",
    "__delitem__",
    "__iadd__",
    "__imul__",
    "append",
    "extend",
    "insert",
    "remove",
    "pop",
    "clear",
    "sort",
    "reverse",
):
    setattr(AbilityList, _name, _refreshing(_name))


def _non_negative(value: Any) -> bool:
    return isinstance(value, int) and value >= 0


class Catalog:
    def __init__(self, facts: list[CardFacts], abilities: dict[str, dict[str, Any]], source: str) -> None:
        self.source = source
        self.cards: dict[str, Card] = {f.id: Card(f, abilities.get(f.id, {})) for f in facts}
        self.missing_abilities = sorted(f.id for f in facts if f.id not in abilities)
        self.by_name = {c.name.lower(): c.id for c in self.cards.values()}
        self._forms: dict[tuple[str, str], Card] = {}
        self._playable: tuple[str, ...] | None = None
        self._groups: dict[tuple[str, str], tuple[Card, ...]] = {}
        """The cards of a spec's codex or of a colour's starter deck, looked up once (every setup asks)."""

    def split_names(self, text: str) -> list[str] | None:
        """The card ids of a comma-separated list of names ("Nebula, Two Step"), where a name may hold a
        comma itself ("Macciatus, The Whisperer"); None when some part names no card."""
        pieces = text.split(",")

        def from_piece(i: int) -> list[str] | None:
            if i == len(pieces):
                return []
            for j in range(i + 1, len(pieces) + 1):
                cid = self.by_name.get(",".join(pieces[i:j]).strip().lower())
                rest = from_piece(j) if cid is not None else None
                if cid is not None and rest is not None:
                    return [cid, *rest]
            return None

        return from_piece(0)

    def form(self, cid: str, form: str) -> Card:
        """Card `cid` wearing the printed face of card `form` (Polymorph: Squirrel): the form's name, stats,
        colour, subtypes, keywords and abilities; its own type, tech level, cost and spec (a transformed
        unit keeps its tech level, ruling)."""
        key = (cid, form)
        got = self._forms.get(key)
        if got is None:
            own, face = self.cards[cid].facts, self.cards[form]
            facts = face.facts.model_copy(
                update={
                    "type": own.type,
                    "tech": own.tech,
                    "cost": own.cost,
                    "spec": own.spec,
                    "starting_zone": own.starting_zone,
                    "legendary": own.legendary,
                }
            )
            got = self._forms[key] = Card(facts, face.data)
        return got

    def __getitem__(self, cid: str) -> Card:
        return self.cards[cid]

    def __contains__(self, cid: str) -> bool:
        return cid in self.cards

    def specs(self, spec: str) -> list[Card]:
        got = self._groups.get(("spec", spec))
        if got is None:
            got = self._groups["spec", spec] = tuple(
                c for c in self.cards.values() if c.facts.spec == spec and c.facts.starting_zone == "codex"
            )
        return list(got)

    def starter(self, colour: str) -> list[Card]:
        got = self._groups.get(("starter", colour))
        if got is None:
            got = self._groups["starter", colour] = tuple(
                c
                for c in self.cards.values()
                if c.facts.colour == colour and c.facts.starting_zone == "deck" and c.facts.type != "hero"
            )
        return list(got)

    def is_flagbearer_card(self, cid: str) -> bool:
        return "flagbearer" in self.cards[cid].kw

    def implemented(self, cid: str) -> bool:
        """Every ability of the card is in the ability data (cards with only keywords have an empty entry)."""
        return cid not in self.missing_abilities

    def playable_heroes(self) -> tuple[str, ...]:
        """Heroes whose own abilities, whose whole spec (hero spells included) and whose colour's starter deck
        (the deck a one-hero game with them plays) are implemented. Worked out once: every setup asks."""
        if self._playable is None:
            self._playable = self._find_playable_heroes()
        return self._playable

    def _find_playable_heroes(self) -> tuple[str, ...]:
        return tuple(
            sorted(
                c.id
                for c in self.cards.values()
                if c.facts.type == "hero"
                and self.implemented(c.id)
                and all(self.implemented(s.id) for s in self.specs(c.facts.spec or ""))
                and all(self.implemented(s.id) for s in self.starter(c.facts.colour))
            )
        )


def load_facts_file(path: Path) -> list[CardFacts]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    records = raw if isinstance(raw, list) else raw.get("cards", [])
    out = []
    for rec in records:
        out.append(CardFacts.model_validate(rec))
    return out


def load_abilities() -> dict[str, dict[str, Any]]:
    merged: dict[str, dict[str, Any]] = {}
    folder = DATA / "abilities"
    for path in sorted(folder.glob("*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        for cid, entry in raw.items():
            if cid.startswith("_"):
                continue
            if cid in merged:
                raise ValueError(f"{path.name}: abilities of {cid!r} are defined twice")
            check_card_abilities(cid, entry)
            merged[cid] = entry
    return merged


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    """The whole card pool with its ability data (loaded once per process)."""
    facts: list[CardFacts] = []
    for name in CARD_FILES:
        facts += load_facts_file(DATA / "cards" / f"{name}.json")
    return Catalog(facts, load_abilities(), "files")


# Fixed buildings: internal kind -> (gold cost, HP, workers needed). The base counts as the tech 0 building.
# Values come from data/buildings.json; the kinds are the words players type (`build tech1`, `build tower`).
BUILDING_IDS = {
    "tech-1": "tech1",
    "tech-2": "tech2",
    "tech-3": "tech3",
    "surplus": "surplus",
    "tower": "tower",
    "tech-lab": "tech lab",
    "heroes-hall": "heroes hall",
}


def _load_buildings() -> dict[str, tuple[int, int, int]]:
    raw = json.loads((DATA / "buildings.json").read_text(encoding="utf-8"))
    out = {"base": (0, int(raw["base"]["hp"]), 0)}
    for b in raw["tech_buildings"]:
        out[BUILDING_IDS[b["id"]]] = (int(b["cost"]), int(b["hp"]), int(b["workers_required"]))
    for b in raw["add_ons"]:
        out[BUILDING_IDS[b["id"]]] = (int(b["cost"]), int(b["hp"]), 0)
    return out


BUILDINGS: dict[str, tuple[int, int, int]] = _load_buildings()

"""Looking Codex things up by what a player types: cards, rules entries, heroes and modes.

Pure reads of the engine's own data (card facts, our rules file, the rulings derived from our specs). The words a
player reads come from the catalogue (locales/en/lookup.ftl) and `cogs/codex/text.py`; this module only finds
things and names them. Card names, spec and colour names and the rules digest are data.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.codex import modes as codex_modes
from engine.codex import options as codex_options
from engine.codex.cards import DATA, Card, catalog
from engine.core import BadOptions
from engine.i18n import Text, joined, t

CHOICE_LIMIT = 25
"""Discord shows at most 25 autocomplete choices and 25 options in a select menu."""
TEXT_LIMIT = 100
"""Discord's limit for a choice name, a choice value and a select option's label."""
COPY = re.compile(r"#\d+\b")
"""The `#2` a card's label carries when two copies are in sight."""
RANDOM = "random"
NONE = "none"
"""Values of a hero choice beside the hero ids: a random hero now, or no hero in that place (a smaller team)."""


def clip(text: str, limit: int = TEXT_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ------------------------------------------------------------------------------------ modes, heroes


def modes() -> tuple[str, ...]:
    """The modes players may choose."""
    return tuple(codex_modes.MODES)


def heroes() -> list[tuple[str, str]]:
    """(label, hero id) for every hero a player may pick now."""
    cat = catalog()
    out = []
    for hero_id in codex_options.heroes_available():
        facts = cat[hero_id].facts
        out.append((f"{facts.name} ({(facts.spec or '').title()}, {facts.colour})", hero_id))
    return out


def hero_summary(hero_id: str) -> str:
    facts = catalog()[hero_id].facts
    return f"{facts.name} ({(facts.spec or '').title()})"


def team_summary(team: Sequence[str]) -> str:
    return ", ".join(hero_summary(h) for h in team)


def pick_team(wanted: Sequence[str], rng: Any) -> list[str]:
    """The heroes a player's choices name: `random` places get random playable heroes (none twice), `none`
    places are left out. Refuses the same hero twice."""
    named = [h for h in wanted if h not in (RANDOM, NONE)]
    if len(set(named)) != len(named):
        raise BadOptions(t("codex-team-twice"))
    pool = [hero_id for _label, hero_id in heroes() if hero_id not in named]
    team = []
    for h in wanted:
        if h == NONE:
            continue
        if h == RANDOM:
            if not pool:
                continue
            h = rng.choice(pool)
            pool.remove(h)
        team.append(h)
    if not team:
        raise BadOptions(t("codex-team-empty"))
    return team


# -------------------------------------------------------------------------------------------- cards


def find_card(text: str) -> Card | None:
    """A card by id or by name (any case, a `#n` copy suffix ignored)."""
    cat = catalog()
    wanted = COPY.sub("", text).strip().lower()
    if wanted in cat:
        return cat[wanted]
    cid = cat.by_name.get(wanted)
    return cat[cid] if cid is not None else None


def card_kind(card: Card) -> Text:
    """ "tech I unit", "minor spell", "hero"."""
    facts = card.facts
    kind = facts.type
    if facts.type == "spell":
        kind = "ultimate" if card.ultimate else "minor" if facts.spec is None else "spell"
    return t("codex-card-kind", kind=kind, tech=facts.tech or 0)


def card_facts(card: Card) -> Text:
    """A card's kind, cost, strength and keywords on one line: `tech 0 unit · 1 gold · 1/2`."""
    facts = card.facts
    parts: list[Text] = [card_kind(card)]
    if facts.cost is not None:
        parts.append(t("codex-card-gold", gold=facts.cost))
    if facts.atk is not None and facts.hp is not None:
        parts.append(f"{facts.atk}/{facts.hp}")
    elif facts.hp is not None:
        parts.append(t("codex-card-hp", hp=facts.hp))
    if facts.keywords:
        parts.append(", ".join(facts.keywords))
    return joined(parts, " · ")


def card_line(card: Card) -> Text:
    """One line: `Tenderfoot · tech 0 unit · 1 gold · 1/2`."""
    return joined([card.facts.name, card_facts(card)], " · ")


def card_choices(typed: str) -> list[tuple[Text, str]]:
    """(label, value) for the card-name autocomplete: names starting with `typed` first, then containing it."""
    wanted = typed.strip().lower()
    cards = sorted(catalog().cards.values(), key=lambda c: c.name.lower())
    starts = [c for c in cards if c.name.lower().startswith(wanted)]
    inside = [c for c in cards if wanted in c.name.lower() and c not in starts]
    out: list[tuple[Text, str]] = []
    for card in (starts + inside)[:CHOICE_LIMIT]:
        where = (card.facts.spec or card.facts.colour).title()
        out.append((t("codex-card-choice", card=clip(card.name), where=where, kind=card_kind(card)), card.name))
    return out


def codex_order(name: str) -> tuple[int, int, str]:
    """Where a card sits in a codex: by tech level, then cost, then name (unknown names last)."""
    card = find_card(name)
    if card is None:
        return (9, 0, name)
    return (card.facts.tech if card.facts.tech is not None else 4, card.facts.cost or 0, name)


@dataclass(frozen=True, slots=True)
class Ruling:
    """One official ruling in our own words: its spec's id (the test that holds the referee to it), the day it
    was given (YYYY-MM-DD) and what it says."""

    id: str
    date: str
    text: str


@dataclass(frozen=True, slots=True)
class Rulings:
    cards: dict[str, tuple[Ruling, ...]]
    """Card id -> its rulings, oldest first."""
    topics: dict[str, tuple[Ruling, ...]]
    """Rules topic (a keyword, a building, a rule) -> its rulings, oldest first."""

    def of_card(self, card_id: str) -> tuple[Ruling, ...]:
        return self.cards.get(card_id, ())

    def of_topic(self, key: str) -> tuple[Ruling, ...]:
        return self.topics.get(key, ())


@lru_cache(maxsize=1)
def rulings() -> Rulings:
    """The rulings we hold per card and per rules topic (a file derived from our rulings specs)."""
    path = DATA / "rulings.json"
    raw = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}

    def table(part: dict[str, list[dict[str, str]]]) -> dict[str, tuple[Ruling, ...]]:
        return {key: tuple(Ruling(r["id"], r["date"], r["text"]) for r in found) for key, found in part.items()}

    return Rulings(table(raw.get("cards", {})), table(raw.get("topics", {})))


# -------------------------------------------------------------------------------------------- rules


@dataclass(frozen=True, slots=True)
class RuleEntry:
    key: str
    title: str
    kind: str
    text: str
    aliases: tuple[str, ...] = ()
    see: tuple[str, ...] = ()


@lru_cache(maxsize=1)
def rule_entries() -> tuple[RuleEntry, ...]:
    raw = json.loads((DATA / "rules.json").read_text(encoding="utf-8"))
    return tuple(
        RuleEntry(
            e["key"], e["title"], e.get("kind", "rule"), e["text"], tuple(e.get("aliases", ())), tuple(e.get("see", ()))
        )
        for e in raw["entries"]
    )


def _rule_words(text: str) -> str:
    text = text.strip().lower().replace("_", " ").rstrip(":")
    text = re.sub(r"\s+x$", "", text)
    return " ".join(text.split())


def find_rule(text: str) -> RuleEntry | None:
    wanted = _rule_words(text)
    for entry in rule_entries():
        if wanted in (entry.key, _rule_words(entry.title), *entry.aliases):
            return entry
    return None


def rule_choices(typed: str) -> list[tuple[Text, str]]:
    wanted = _rule_words(typed)
    entries = sorted(rule_entries(), key=lambda e: e.title.lower())

    def names(e: RuleEntry) -> list[str]:
        return [e.key, _rule_words(e.title), *e.aliases]

    starts = [e for e in entries if any(n.startswith(wanted) for n in names(e))]
    inside = [e for e in entries if e not in starts and any(wanted in n for n in names(e))]
    return [(rule_title(e), e.key) for e in (starts + inside)[:CHOICE_LIMIT]]


def rule_title(entry: RuleEntry) -> Text:
    """A rules entry's title and what it is: "Sparkshot (keyword)"."""
    return t("codex-rule-title", title=entry.title, kind=entry.kind)

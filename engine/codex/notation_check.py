"""Is a text Codex notation at all? Tells a typo apart from an action that is well formed but not legal now.

The parser (notation.py) accepts only the exact text of a legal action. When a text matches none, this
grammar decides which refusal it gets: `BadNotation` when it could never name an action (an unknown verb, a
card name that no card has, a patrol slot that does not exist), `IllegalAction` when it names one that is
not legal now (a card not in hand, a target the patrol rule forbids). Scenario files rely on the difference:
a step expected to be refused must at least be notation.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from engine.codex import actions as A
from engine.codex.cards import Catalog
from engine.codex.ctx import BUILDING_TEXT
from engine.codex.state import ADDONS, SLOTS
from engine.codex.zones import SLOT_REWARDS
from engine.core import normalise_notation
from engine.i18n import Text, joined, t, typed

BUILDINGS = ("base", "tech1", "tech2", "tech3", "add-on", *ADDONS)
_OWNER = re.compile(r"^p\d(\+p\d)*$")
_COPY = re.compile(r"^(?P<name>.*?)#\d+$")
_NUMBER = re.compile(r"^(\d+|#\d+|\(\d+\)|[+-]1/[+-]1)$")

CHOICE_WORDS = frozenset(
    {"yes", "no", "done", "none", "my", "add", "remove", "boost", "codex", "bury", "workers", "obliterate"}
    | {"healing", "payment", "fading"}
)
"""Words the engine itself offers in choices, besides card, building, slot and spec names and the words of
the ability data (a mode's label, a rune's kind)."""


Problem = Text | None
"""Why a text is no notation (a sentence for the player), or None when it is."""


def notation_problem(cat: Catalog, text: str) -> Problem:
    """Why `text` is no Codex action at all (a sentence for the player), or None when it is notation."""
    words = " ".join(text.replace("→", "->").split())  # the player's own letter case, for the messages
    verb, _, rest = words.partition(" ")
    verb = verb.lower()
    check = GRAMMAR.get(verb)
    if check is None:
        close = difflib.get_close_matches(verb, sorted(GRAMMAR), n=1)
        verbs = joined(sorted(GRAMMAR), ", ")
        if close:
            return t("codex-no-verb-guess", verb=typed(verb, 60), guess=close[0], verbs=verbs)
        return t("codex-no-verb", verb=typed(verb, 60), verbs=verbs)
    return check(cat, rest.strip())


# ------------------------------------------------------------------------------------------- pieces


def _card(cat: Catalog, text: str) -> Problem:
    """A card by printed name, with or without its `#n` copy number."""
    m = _COPY.match(text)
    name = (m.group("name") if m else text).strip()
    if not name:
        return t("codex-card-name-missing")
    if name.lower() in cat.by_name:
        return None
    close = difflib.get_close_matches(name.lower(), list(cat.by_name), n=1, cutoff=0.7)
    if close:
        return t("codex-no-card-guess", name=typed(name, 100), guess=cat[cat.by_name[close[0]]].name)
    return t("codex-no-card-called", name=typed(name, 100))


def _ref(cat: Catalog, text: str) -> Problem:
    """A thing (a card name) or a building: `base`, `my tech1`, `p3 tower`, `p1+p3 base`."""
    owner, _, rest = text.lower().partition(" ")
    building = rest if owner == "my" or _OWNER.match(owner) else text.lower()
    if building in BUILDINGS:
        return None
    return _card(cat, text)


def _exactly(form: str) -> Callable[[Catalog, str], Problem]:
    def check(cat: Catalog, rest: str) -> Problem:
        whole = f"{form.split(' ')[0]} {rest.lower()}".strip()
        return None if whole == form else t("codex-written-as", form=form)

    return check


def _play(cat: Catalog, rest: str) -> Problem:
    if rest.lower().endswith(" boost") and _card(cat, rest) is not None:
        rest = rest[: -len(" boost")]
    return _card(cat, rest)


def _level(cat: Catalog, rest: str) -> Problem:
    name, _, n = rest.rpartition(" ")
    if not n.isdigit():
        return t("codex-level-written-as")
    return _card(cat, name)


def _build(cat: Catalog, rest: str) -> Problem:
    rest = rest.lower()
    for kind in sorted(("tech1", "tech2", "tech3", *ADDONS), key=len, reverse=True):
        if rest == kind or rest.startswith(kind + " "):
            spec = rest[len(kind) :].strip()
            if not spec or spec in _specs(cat):
                return None
            return t("codex-no-spec", spec=typed(spec, 100), specs=joined(sorted(_specs(cat)), ", "))
    return t("codex-buildings-are", buildings=joined(("tech1", "tech2", "tech3", *ADDONS), ", "))


def _raze(cat: Catalog, rest: str) -> Problem:
    return None if rest.lower() in ADDONS else t("codex-only-addons-razed", addons=joined(ADDONS, ", "))


def _tech(cat: Catalog, rest: str) -> Problem:
    if rest.lower() == "none" or cat.split_names(rest) is not None:
        return None
    bad = next((p.strip() for p in rest.split(",") if p.strip().lower() not in cat.by_name), rest)
    return _card(cat, bad) or t("codex-tech-written-as")


def _attack(cat: Catalog, rest: str) -> Problem:
    attacker, arrow, target = rest.partition("->")
    if not arrow:
        return t("codex-attack-written-as")
    return _card(cat, attacker.strip()) or _ref(cat, target.strip())


def _patrol(cat: Catalog, rest: str) -> Problem:
    slot = next((s for s in SLOTS if rest.lower().endswith(" " + s)), None)
    if slot is None:
        return t("codex-patrol-written-as", slots=joined(SLOTS, ", "))
    name = rest[: -len(slot)].strip()
    lender, _, lent = name.rpartition(" ")
    if lender and _OWNER.match(lent.lower()) and _card(cat, lender) is None:
        return None  # free-for-all lending: `patrol Tenderfoot p3 elite`
    return _card(cat, name)


def _ability(cat: Catalog, rest: str) -> Problem:
    if _card(cat, rest) is None:
        return None
    name, colon, _which = rest.rpartition(":")
    return _card(cat, name.strip() if colon else rest)


def _choose(cat: Catalog, rest: str) -> Problem:
    if not rest:
        return t("codex-say-what-you-choose")
    if _ref(cat, rest) is None:
        return None
    known = _choice_words(cat)
    for word in rest.lower().replace(",", " ").replace(":", " ").split():
        m = _COPY.match(word)
        bare = m.group("name") if m else word
        if not (bare in known or _NUMBER.match(word) or _OWNER.match(bare)):
            return t("codex-not-a-choice-word", word=typed(word, 100))
    return None


def _one_card(cat: Catalog, rest: str) -> Problem:
    return _card(cat, rest)


GRAMMAR: dict[str, Callable[[Catalog, str], Problem]] = {
    A.PLAY: _play,
    A.SUMMON: _one_card,
    A.LEVEL: _level,
    A.BUILD: _build,
    A.RAZE: _raze,
    A.WORKER: _one_card,
    A.TECH: _tech,
    A.ATTACK: _attack,
    A.PATROL: _patrol,
    A.UNPATROL: _one_card,
    A.REPAIR: _exactly("repair base"),
    A.ABILITY: _ability,
    A.DETECT: _one_card,
    A.CHOOSE: _choose,
    A.END: _exactly("end"),
}
"""Verb -> its grammar check; every verb of actions.VERBS has one."""


# ------------------------------------------------------------------------------------------- vocabulary


@lru_cache(maxsize=8)
def _specs(cat: Catalog) -> frozenset[str]:
    return frozenset(c.facts.spec.lower() for c in cat.cards.values() if c.facts.spec)


@lru_cache(maxsize=8)
def _choice_words(cat: Catalog) -> frozenset[str]:
    """Every word a choice may hold: card names, specs, subtypes, buildings, slots, the engine's own words
    and every word of the ability data."""
    texts: list[str] = [*CHOICE_WORDS, *BUILDINGS, *BUILDING_TEXT, *SLOTS, *SLOT_REWARDS.values(), *_specs(cat)]
    for card in cat.cards.values():
        texts += [card.name, card.facts.colour or "", *card.facts.subtypes, *card.facts.keywords]
        texts += list(_strings(card.data))
    words: set[str] = set()
    for text in texts:
        words.update(normalise_notation(text).replace(",", " ").replace(":", " ").split())
    return frozenset(words)


def _strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for k, v in data.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return []

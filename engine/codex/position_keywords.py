"""Keywords a position may give (a modifier's `keywords`, a test piece's): checked like card names.

The engine reads a keyword it does not know as no keyword at all, so `keywords = ["flyng"]` would load and
silently do nothing. Every keyword some card has, some band gives or some ability grants is known here; any
other word is refused with the closest one suggested.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from engine.codex.cards import Catalog, parse_keyword
from engine.i18n import t
from engine.scenario.errors import KeyPath, PositionError
from engine.scenario.fields import did_you_mean

TAKEN_AWAY = "-"
"""A modifier's keyword written `-flying` takes the keyword away."""


def known_keywords(cat: Catalog) -> frozenset[str]:
    return _known(cat)


@lru_cache(maxsize=16)
def _known(cat: Catalog) -> frozenset[str]:
    words: set[str] = set()
    for card in cat.cards.values():
        words.update(parse_keyword(k)[0] for k in card.facts.keywords)
        for band in card.facts.bands or ():
            words.update(parse_keyword(k)[0] for k in band.keywords)
        _granted(card.data, words)
    return frozenset(words)


def _granted(data: Any, words: set[str]) -> None:
    """Keywords an ability gives (a static's `add`, a modification's `kw`, a token's `gain`, borrowed `words`)."""
    if isinstance(data, dict):
        lists = [data.get("kw"), data.get("gain"), data.get("words")]
        if data.get("static") == "keywords" or data.get("op") == "aura":
            lists.append(data.get("add"))
        for found in lists:
            if isinstance(found, list):
                words.update(parse_keyword(k.lstrip(TAKEN_AWAY))[0] for k in found if isinstance(k, str))
        for value in data.values():
            _granted(value, words)
    elif isinstance(data, list):
        for value in data:
            _granted(value, words)


def check_keywords(cat: Catalog, words: Iterable[str], path: KeyPath, *, removable: bool = False) -> tuple[str, ...]:
    """`words` as given, each refused (PositionError at `path` and its index) unless it is a known keyword, with
    an optional number (`resist 2`) and, where `removable`, a `-` that takes it away."""
    known = known_keywords(cat)
    out = []
    for i, word in enumerate(words):
        bare = word.strip()
        if removable and bare.startswith(TAKEN_AWAY):
            bare = bare[1:]
        name = parse_keyword(bare)[0]
        if name not in known:
            raise PositionError(
                t(
                    "scenario-unknown-keyword",
                    word=word,
                    hint=did_you_mean(name, known),
                    known=", ".join(sorted(known)),
                ),
                (*path, i),
            )
        out.append(word)
    return tuple(out)

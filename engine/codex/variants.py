"""Named data variants: community balance patches that override card facts for a match.

A variant is a TOML file in `data/variants/` (its file name, without `.toml`, is the variant's name).
It changes facts of named cards (cost, tech, ATK, HP, keywords, our reminder text, a hero's band levels
and bands) and may replace a card's ability data. A match chooses one with the option `variant`; the
state keeps the name, so every later load of the match uses the same patched catalog.
docs/codex/variants.md describes the format.
"""

from __future__ import annotations

import difflib
import logging
import tomllib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from engine.codex.cards import Band, CardFacts, Catalog, catalog
from engine.codex.vocab import VocabError, check_card_abilities
from engine.core import PIECES_OPTION, BadOptions
from engine.i18n import Text, joined, t

log = logging.getLogger(__name__)

VARIANTS = Path(__file__).parent / "data" / "variants"
NONE = "none"
"""The option value that plays the printed cards."""
SHIPPED: frozenset[str] = frozenset(p.stem for p in VARIANTS.glob("*.toml"))
"""The variants the game ships, read once from its own data folder. A match names one of these; the name is
checked against this set before any file is touched, so an option can never lead to another file on disk
(`../../config`, an absolute path) or tell anyone whether such a file exists."""
SHOWN = 40
"""At most this many characters of a typed name are repeated back."""


class BandPatch(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    level: int | None = None
    atk: int | None = None
    hp: int | None = None
    keywords: tuple[str, ...] | None = None
    reminder: str | None = None


class CardPatch(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    cost: int | None = None
    tech: int | None = None
    atk: int | None = None
    hp: int | None = None
    keywords: tuple[str, ...] | None = None
    reminder: str | None = None
    levels: dict[str, int] | None = None
    bands: dict[str, BandPatch] | None = None
    """Band number ("1", "2", "3") to its changes."""
    abilities: dict[str, Any] | None = None
    """A whole ability entry, in the shape of `data/abilities/*.json`, replacing the card's."""


class Variant(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str
    about: str = ""
    cards: dict[str, CardPatch]


class VariantError(BadOptions):
    """A variant file that can't be played; the message names the file and what is wrong."""


def names() -> tuple[str, ...]:
    """Every variant a match may choose, "none" first."""
    return (NONE, *sorted(SHIPPED))


def load(name: str) -> Variant:
    if not isinstance(name, str) or name not in SHIPPED:
        typed = str(name)
        shown = typed if len(typed) <= SHOWN else typed[: SHOWN - 1] + "…"
        raise VariantError(t("codex-unknown-variant", variant=repr(shown), variants=joined(names(), ", ")))
    path = VARIANTS / f"{name}.toml"
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        # The reader's message quotes the file; it goes to the log for the admin, never to the table.
        log.warning("variant %s cannot be read: %s", name, err)
        raise VariantError(t("codex-variant-unreadable", variant=name)) from None
    try:
        return Variant.model_validate(raw)
    except ValidationError as err:
        log.warning("variant %s is not valid: %s", name, err)
        raise VariantError(t("codex-variant-invalid", variant=name, problems=_problems(err))) from None


_PROBLEM_KINDS = {"extra_forbidden": "forbidden", "missing": "missing"}
"""Pydantic's kinds of problem we word ourselves; any other is "a value of the wrong kind"."""


def _problems(err: ValidationError) -> Text:
    """The first few problems in our words: where (card and key) and what kind, never the values."""
    out: list[Text] = []
    for problem in err.errors()[:3]:
        loc = [str(part)[:SHOWN] for part in problem["loc"]]
        if loc[:1] == ["cards"] and len(loc) > 1:
            key = ".".join(loc[2:])
            where: Text = (
                t("codex-variant-card-key", card=loc[1], key=key) if key else t("codex-variant-card", card=loc[1])
            )
        else:
            where = ".".join(loc) or t("codex-variant-the-file")
        out.append(t("codex-variant-problem", where=where, kind=_PROBLEM_KINDS.get(problem["type"], "wrong")))
    more = len(err.errors()) - len(out)
    return t("codex-variant-problems", problems=joined(out, "; "), more=max(more, 0))


def _patched_facts(facts: CardFacts, patch: CardPatch, where: Text) -> CardFacts:
    update: dict[str, Any] = {
        key: value
        for key, value in patch.model_dump(exclude={"bands", "levels", "abilities"}).items()
        if value is not None
    }
    if patch.levels is not None or patch.bands is not None:
        if facts.type != "hero":
            raise VariantError(t("codex-variant-not-a-hero", where=where))
        if patch.levels is not None:
            unknown = set(patch.levels) - {"mid", "max"}
            if unknown:
                raise VariantError(t("codex-variant-levels", where=where, keys=joined(sorted(unknown), ", ")))
            update["levels"] = {**(facts.levels or {}), **patch.levels}
        bands = list(facts.bands or ())
        for number, band_patch in (patch.bands or {}).items():
            if not number.isdigit() or not 1 <= int(number) <= len(bands):
                raise VariantError(t("codex-variant-no-band", where=where, band=repr(number), bands=len(bands)))
            changes = {k: v for k, v in band_patch.model_dump().items() if v is not None}
            try:
                bands[int(number) - 1] = Band.model_validate({**bands[int(number) - 1].model_dump(), **changes})
            except ValidationError as err:
                log.warning("%s: band %s is not valid: %s", where, number, err)
                raise VariantError(
                    t("codex-variant-bad-band", where=where, band=number, problems=_problems(err))
                ) from None
        update["bands"] = tuple(bands)
        levels = update.get("levels", facts.levels or {})
        wanted = [1, levels.get("mid"), levels.get("max")]
        if [b.level for b in bands] != wanted:
            starts = str([b.level for b in bands])
            mid, most = str(levels.get("mid")), str(levels.get("max"))
            raise VariantError(t("codex-variant-band-starts", where=where, starts=starts, mid=mid, most=most))
    return facts.model_copy(update=update)


def apply(base: Catalog, variant: Variant, name: str) -> Catalog:
    """A new catalog: the base one with the variant's cards patched; the base is left as it was."""
    facts = {cid: card.facts for cid, card in base.cards.items()}
    abilities = {cid: card.data for cid, card in base.cards.items() if base.implemented(cid)}
    for cid, patch in variant.cards.items():
        where = t("codex-variant-where", variant=name, card=cid)
        if cid not in facts:
            close = difflib.get_close_matches(cid, list(facts), n=1)
            hint = t("codex-variant-did-you-mean", card=repr(close[0])) if close else ""
            raise VariantError(joined([t("codex-variant-no-card", where=where), hint], " "))
        if patch.abilities is not None:
            try:
                check_card_abilities(cid, patch.abilities)
            except VocabError as err:
                # The data checker's own report on ability data, for whoever maintains the variant.
                raise VariantError(t("codex-variant-abilities", where=where, problem=str(err))) from err
            abilities[cid] = patch.abilities
        facts[cid] = _patched_facts(facts[cid], patch, where)
    return Catalog(list(facts.values()), abilities, f"variant:{name}")


def catalog_of(options: Mapping[str, Any]) -> Catalog:
    """The catalog a match with these options plays with: its variant's, and a scenario's own pieces."""
    name = options.get("variant")
    base = catalog_for(name if isinstance(name, str) else None)
    pieces = options.get(PIECES_OPTION)
    if not isinstance(pieces, str):
        return base
    from engine.codex.pieces import with_pieces  # only scenarios have pieces: loaded when one does

    return with_pieces(base, pieces)


@lru_cache(maxsize=8)
def catalog_for(name: str | None) -> Catalog:
    """The catalog a match plays with: the printed cards, or those of the named variant."""
    if name in (None, NONE):
        return catalog()
    return apply(catalog(), load(name), name)

"""Cards of a scenario's own (`[pieces."Name"]`): test pieces for rules that no printed card isolates.

A piece is a card written in the file: a 2/1 unit with haste, a spell that makes the opponent choose. It may
start from a printed card (`like = "Iron Man"`) and change some of its facts. The pieces are checked here
(names, keywords, ability data against the vocabulary) and kept in the match options (`PIECES_OPTION`) as
canonical JSON, so the catalog of the match (`catalog_of`) has them wherever the state goes, a JSON round
trip included. They are never in a deck or a codex unless the position puts them there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from pydantic import ValidationError

from engine.codex.cards import CardFacts, Catalog
from engine.codex.position_keywords import check_keywords
from engine.codex.position_names import card_id
from engine.codex.vocab import VocabError, check_card_abilities
from engine.core import JSON, PIECES_OPTION
from engine.i18n import t
from engine.scenario.fields import Fields

KEYS = (
    "like",
    "type",
    "colour",
    "spec",
    "cost",
    "tech",
    "atk",
    "hp",
    "keywords",
    "subtypes",
    "legendary",
    "reminder",
    "play",
    "abilities",
    "ongoing",
    "ultimate",
)
TYPES = ("unit", "spell", "upgrade", "building")
"""Types a piece may have of its own; a hero or a token starts from a printed one (`like`)."""
ABILITY_KEYS = ("play", "abilities", "ongoing", "ultimate")
"""The keys of an ability entry (data/abilities/*.json); a piece that gives none keeps its model's."""
NOWHERE = "scenario"
"""A piece's starting zone: no starter deck or codex takes it by itself."""
ID_PREFIX = "piece-"


def read_pieces(base: Catalog, pieces: Mapping[str, JSON], options: Mapping[str, JSON]) -> dict[str, JSON]:
    """`options` with the pieces added; PositionError (path below `[pieces]`) for a piece that cannot be."""
    records: list[dict[str, Any]] = []
    for name, raw in pieces.items():
        records.append(_piece(base, name, raw, {r["facts"]["name"].lower(): r for r in records}))
    return {**options, PIECES_OPTION: json.dumps(records, sort_keys=True, separators=(",", ":"))}


def _piece(base: Catalog, name: str, raw: Any, earlier: Mapping[str, dict[str, Any]]) -> dict[str, Any]:
    """One piece, checked; `earlier` holds the pieces written before it (by lowercase name), which `like` may
    name as it does printed cards."""
    f = Fields(raw, (name,), str(t("scenario-piece", name=name)))
    f.only(KEYS)
    if not name.strip() or "#" in name or "," in name:
        raise f.fail(t("scenario-piece-name", name=name))
    if name.strip().lower() in base.by_name:
        raise f.fail(t("scenario-piece-printed", name=name))
    like = f.text("like", None)
    facts: dict[str, Any] = {"colour": "neutral"}
    data: dict[str, Any] = {}
    if like is not None and like.strip().lower() in earlier:
        facts, data = dict(earlier[like.strip().lower()]["facts"]), dict(earlier[like.strip().lower()]["data"])
    elif like is not None:
        model = base[card_id(base, like, (name, "like"))]
        facts, data = model.facts.model_dump(), dict(model.data)
    model_type = facts.get("type")
    facts.update(id=ID_PREFIX + re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-"), name=name.strip())
    facts.update(starting_zone=NOWHERE, hero_spell_of=None)
    kinds = TYPES if model_type in (None, *TYPES) else (*TYPES, model_type)  # a hero or token only as its model
    kind = f.text("type", model_type, kinds)
    if kind is None:
        raise f.fail(t("scenario-piece-type", name=name, types=", ".join(TYPES)), "type")
    facts["type"] = kind
    colours = sorted({c.facts.colour for c in base.cards.values()})
    facts["colour"] = f.text("colour", facts["colour"], colours)
    specs = sorted({c.facts.spec for c in base.cards.values() if c.facts.spec})
    facts["spec"] = f.text("spec", facts.get("spec"), specs)
    for key in ("cost", "tech", "atk", "hp"):
        if key in f:
            facts[key] = f.integer(key, 0, 0, 99)
    if kind == "unit" and facts.get("hp") is None:
        raise f.fail(t("scenario-piece-hp", name=name), "hp")
    if facts.get("cost") is None:
        facts["cost"] = 0
    if facts.get("tech") is None and kind != "spell":
        facts["tech"] = 0  # no tech building needed, as a starter card
    if kind == "unit" and facts.get("atk") is None:
        facts["atk"] = 0
    if "keywords" in f:
        facts["keywords"] = list(check_keywords(base, f.strings("keywords") or [], (name, "keywords")))
    if "subtypes" in f:
        facts["subtypes"] = f.strings("subtypes") or []
    facts["legendary"] = f.flag("legendary", bool(facts.get("legendary")))
    facts["reminder"] = f.text("reminder", facts.get("reminder", "")) or ""
    try:
        checked = CardFacts.model_validate(facts)
    except ValidationError as err:
        raise f.fail(t("scenario-piece-facts", name=name, problem=_first_problem(err))) from None
    if any(key in f for key in ABILITY_KEYS):
        data = {key: f.raw(key) for key in ABILITY_KEYS if key in f}
    try:
        check_card_abilities(checked.id, data)
    except VocabError as err:
        where = next((key for key in ABILITY_KEYS if key in f), None)
        raise f.fail(t("scenario-piece-abilities", name=name, problem=str(err)), where) from None
    return {"facts": checked.model_dump(mode="json"), "data": data}


def _first_problem(err: ValidationError) -> str:
    problem = err.errors()[0]
    return f"{'.'.join(str(part) for part in problem['loc'])}: {problem['msg']}"


def with_pieces(base: Catalog, text: str) -> Catalog:
    """`base` with the pieces of `text` (PIECES_OPTION's JSON) added, made once per match of them."""
    return _with_pieces(base, text)


@lru_cache(maxsize=32)
def _with_pieces(base: Catalog, text: str) -> Catalog:
    records = json.loads(text)
    facts = [card.facts for card in base.cards.values()]
    abilities = {cid: card.data for cid, card in base.cards.items() if base.implemented(cid)}
    for record in records:
        piece = CardFacts.model_validate(record["facts"])
        facts.append(piece)
        abilities[piece.id] = record["data"]
    return Catalog(facts, abilities, f"{base.source}+pieces")

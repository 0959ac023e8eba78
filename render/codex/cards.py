"""Card facts for Codex pictures: type, subtypes, printed cost, ATK/HP, tech level and our reminder line.

The Codex views name cards (`card` id on things in play, `name` in a hand) but do not yet carry what a
card says, so the hand image looks the facts up here. They are read as plain JSON from the card data
files shipped beside the engine (`engine/codex/data/cards/*.json`), without importing any engine code:
render reads data, never rules. Fields a view does carry always win over these (see `merged`).
If the files cannot be found, lookups return nothing and the pictures show what the view has.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CARD_DIR = Path(__file__).resolve().parents[2] / "engine" / "codex" / "data" / "cards"
"""Both in a checkout and in an installed wheel `engine` sits beside `render`."""

TECH_NAMES = {0: "Tech 0", 1: "Tech I", 2: "Tech II", 3: "Tech III"}


@dataclass(frozen=True, slots=True)
class Band:
    level: int
    atk: int | None
    hp: int | None
    reminder: str


@dataclass(frozen=True, slots=True)
class Facts:
    id: str
    name: str
    type: str
    subtypes: tuple[str, ...] = ()
    cost: int | None = None
    tech: int | None = None
    atk: int | None = None
    hp: int | None = None
    spec: str | None = None
    colour: str = ""
    keywords: tuple[str, ...] = ()
    reminder: str = ""
    legendary: bool = False
    bands: tuple[Band, ...] = ()
    max_level: int | None = None
    mid_level: int | None = None

    def band_reminder(self, band: int) -> str:
        """Reminder of hero band 1, 2 or 3 ("" when there is none)."""
        return self.bands[band - 1].reminder if 0 < band <= len(self.bands) else ""


_lock = threading.Lock()
_by_id: dict[str, Facts] | None = None
_by_name: dict[str, Facts] = {}


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _facts(record: Mapping[str, Any]) -> Facts | None:
    cid, name, kind = record.get("id"), record.get("name"), record.get("type")
    if not (isinstance(cid, str) and isinstance(name, str) and isinstance(kind, str)):
        return None
    bands = tuple(
        Band(_int(b.get("level")) or 0, _int(b.get("atk")), _int(b.get("hp")), str(b.get("reminder") or ""))
        for b in record.get("bands") or ()
        if isinstance(b, Mapping)
    )
    levels = record.get("levels") if isinstance(record.get("levels"), Mapping) else {}
    return Facts(
        id=cid,
        name=name,
        type=kind,
        subtypes=tuple(str(s) for s in record.get("subtypes") or ()),
        cost=_int(record.get("cost")),
        tech=_int(record.get("tech")),
        atk=_int(record.get("atk")),
        hp=_int(record.get("hp")),
        spec=record.get("spec") if isinstance(record.get("spec"), str) else None,
        colour=str(record.get("colour") or ""),
        keywords=tuple(str(k) for k in record.get("keywords") or ()),
        reminder=str(record.get("reminder") or ""),
        legendary=record.get("legendary") is True,
        bands=bands,
        max_level=_int(levels.get("max")),
        mid_level=_int(levels.get("mid")),
    )


def _load(folder: Path) -> dict[str, Facts]:
    out: dict[str, Facts] = {}
    for path in sorted(folder.glob("*.json")):
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        records = raw if isinstance(raw, list) else raw.get("cards", []) if isinstance(raw, dict) else []
        for record in records:
            if isinstance(record, Mapping) and (facts := _facts(record)) is not None:
                out.setdefault(facts.id, facts)
    return out


def _tables() -> tuple[dict[str, Facts], dict[str, Facts]]:
    global _by_id
    with _lock:
        if _by_id is None:
            _by_id = _load(CARD_DIR)
            _by_name.update({f.name.lower(): f for f in _by_id.values()})
        return _by_id, _by_name


def lookup(card_id: object = None, name: object = None) -> Facts | None:
    """Facts by card id, else by printed name (case-insensitive); None if unknown."""
    by_id, by_name = _tables()
    if isinstance(card_id, str) and card_id in by_id:
        return by_id[card_id]
    if isinstance(name, str):
        return by_name.get(name.lower())
    return None


def type_line(facts: Facts | None, kind: str | None = None, subtypes: tuple[str, ...] = ()) -> str:
    """ "Unit — Mercenary", "Spell — Buff", "Hero — Water Shaman"."""
    kind = kind or (facts.type if facts else "")
    subs = subtypes or (facts.subtypes if facts else ())
    text = kind.capitalize() if kind else ""
    if subs:
        text += " — " + " ".join(subs)
    return text


def tech_label(facts: Facts | None, kind: str | None = None) -> str:
    """ "Tech II" for units, upgrades and building cards; "" for the rest."""
    kind = kind or (facts.type if facts else "")
    tech = facts.tech if facts else None
    if tech is None or kind not in ("unit", "upgrade", "building"):
        return ""
    return TECH_NAMES.get(tech, f"Tech {tech}")

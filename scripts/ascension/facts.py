#!/usr/bin/env python3
"""Derive Arbiter's Ascension card *fact* file from the research notes.

Developer tool, run by hand:

    .venv/bin/python scripts/ascension/facts.py [--source FILE] [--out FILE] [--check]

It reads the compiled card list (by default ``/work/shared/data/ascension/cards.json``) and writes our own
``engine/ascension/data/cards.json``: for each of the 53 cards its id, printed name, type, faction, where it
lives at setup (starting deck, always-available piles, centre deck), cost, printed Honor value, the Honor
of a Monster's reward and the number of copies. Only numbers and names are taken; no effect text is
copied (the effects are our own data, ``engine/ascension/data/effects.json``, and the words a player
reads are ours, in ``engine/ascension/locales/en/ascension.ftl``).

The engine and the tests never read the source file; they read only what this script writes. The output
is deterministic: cards in the source's order, keys sorted, 1-space indent, trailing newline.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
DEFAULT_SOURCE = Path("/work/shared/data/ascension/cards.json")
DEFAULT_OUT = REPO / "engine" / "ascension" / "data" / "cards.json"

KINDS = {"starting": "starting", "always-available": "always", "center": "centre"}
TYPES = {"Hero": "hero", "Construct": "construct", "Monster": "monster"}
FACTIONS = {None: None, "Enlightened": "enlightened", "Lifebound": "lifebound", "Mechana": "mechana", "Void": "void"}
WIND_TYRANT = "Wind Tyrant"
"""The one card whose count differs between the rulebook's 100-card centre deck and the digital 99."""


def slug(name: str) -> str:
    """Lowercase, ASCII, hyphen-separated id: "Watchmaker's Altar" -> "watchmakers-altar"."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    text = text.lower().replace("'", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def fact(card: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
    kind = KINDS[card["zone"]]
    out: dict[str, Any] = {
        "id": slug(card["name"]),
        "name": card["name"],
        "type": TYPES[card["type"]],
        "faction": FACTIONS[card["faction"]],
        "kind": kind,
        "cost": int(card["cost"]),
    }
    if out["type"] == "monster":
        out["reward"] = int(card["reward_honor"])
    else:
        out["vp"] = int(card["vp"])
    if kind == "centre":
        out["copies"] = int(card["copies_10th_recommended"])
        digital = int(card["copies_10th_digital"])
        if digital != out["copies"]:
            out["copies_99"] = digital
    elif kind == "starting":
        out["copies"] = int(meta["starting_deck"][card["name"]])
    else:
        out["copies"] = int(meta["always_available_10th"][card["name"]])
    return out


def derive(source: dict[str, Any]) -> dict[str, Any]:
    meta = source["meta"]
    cards = [fact(c, meta) for c in source["cards"]]
    centre = [c for c in cards if c["kind"] == "centre"]
    full = sum(c["copies"] for c in centre)
    short = sum(c.get("copies_99", c["copies"]) for c in centre)
    if (full, short) != (100, 99):
        raise SystemExit(f"expected centre decks of 100 and 99 cards, found {full} and {short}")
    if [c["name"] for c in centre if "copies_99" in c] != [WIND_TYRANT]:
        raise SystemExit("the 99-card deck should differ from the 100-card one in Wind Tyrant only")
    ids = [c["id"] for c in cards]
    if len(set(ids)) != len(ids):
        raise SystemExit("two cards share an id")
    return {
        "_about": (
            "Ascension: 10th Anniversary card facts (names, types, factions, costs, Honor, copies), derived by "
            "scripts/ascension/facts.py. copies is the 100-card centre deck; copies_99 the digital edition's count "
            "where it differs. Effects: effects.json."
        ),
        "cards": cards,
    }


def render(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--check", action="store_true", help="fail if the file on disk differs")
    args = parser.parse_args(argv)
    text = render(derive(json.loads(args.source.read_text(encoding="utf-8"))))
    if args.check:
        same = args.out.is_file() and args.out.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{args.out} differs from what the source gives")
        return 0 if same else 1
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Gather the Codex rulings we hold as test specs into the bot's own data, per card and per rules topic.

Each `[[ruling]]` of tests/codex/rulings/*.toml is an official ruling in our own words: the card or topic it
is about, its date, a `summary` (the ruling as a player reads it, required) and the given/when/then a test plays. The
bot must never read tests/, so `/codex card` and `/codex help topic:` read the file this script derives,
engine/codex/data/rulings.json; docs/codex/rulings.md lists the same rulings for readers of the docs. Run it
again whenever the specs change:

    python scripts/codex/rulings.py          # rewrite both files
    python scripts/codex/rulings.py --check  # exit 1 if either is out of date
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "tests" / "codex" / "rulings"
OUTPUT = ROOT / "engine" / "codex" / "data" / "rulings.json"
PAGE = ROOT / "docs" / "codex" / "rulings.md"

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def topic_key(subject: str) -> str:
    """Subjects that are not cards: `Forecast X` -> `forecast`, `Limit: X` -> `limit`."""
    text = subject.strip().lower()
    text = re.sub(r"[:\s]+x$", "", text)
    return " ".join(text.split())


def specs(folder: Path = RULINGS) -> list[dict[str, Any]]:
    """Every ruling spec, file by file in file order."""
    out: list[dict[str, Any]] = []
    for path in sorted(folder.glob("*.toml")):
        out.extend(tomllib.loads(path.read_text(encoding="utf-8")).get("ruling", []))
    return out


def gather(folder: Path = RULINGS) -> dict[str, Any]:
    """Rulings by card id and by rules topic, each list oldest first (file order among the same date)."""
    from engine.codex.cards import catalog

    by_name = catalog().by_name
    every = specs(folder)
    unsaid = [str(s["id"]) for s in every if s.get("card") and not str(s.get("summary", "")).strip()]
    if unsaid:
        raise SystemExit("rulings without a summary (write one, in our own words): " + ", ".join(unsaid))
    cards: dict[str, list[dict[str, str]]] = {}
    topics: dict[str, list[dict[str, str]]] = {}
    for spec in every:
        subject = str(spec.get("card", "")).strip()
        if not subject:
            continue
        summary = " ".join(str(spec.get("summary", "")).split())
        ruling = {"id": str(spec["id"]), "date": str(spec.get("date", "")), "text": summary}
        # "Dancer / Angry Dancer" is one ruling about both faces of a token.
        names = [part.strip() for part in subject.split(" / ")]
        ids = [by_name.get(n.lower()) for n in names]
        if all(ids):
            for cid in ids:
                cards.setdefault(str(cid), []).append(ruling)
        else:
            topics.setdefault(topic_key(subject), []).append(ruling)
    for table in (cards, topics):
        for key, rulings in table.items():
            table[key] = sorted(rulings, key=lambda r: r["date"])
    return {
        "_about": "Derived by scripts/codex/rulings.py from tests/codex/rulings/*.toml (our words); do not edit.",
        "cards": dict(sorted(cards.items())),
        "topics": dict(sorted(topics.items())),
    }


def render(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def page(data: dict[str, Any]) -> str:
    """docs/codex/rulings.md: every ruling, card by card, then keyword by keyword."""
    from engine.codex.cards import catalog

    cat = catalog()
    cards = sorted(data["cards"].items(), key=lambda item: cat[item[0]].name.lower())
    total = len({r["id"] for table in (data["cards"], data["topics"]) for found in table.values() for r in found})
    lines = [
        "# Codex rulings",
        "",
        "<!-- Written by scripts/codex/rulings.py from tests/codex/rulings/*.toml; do not edit by hand. -->",
        "",
        f"The official rulings on Codex cards and rules that the referee follows, {total} in all, each in our",
        "own words with the date it was given. Each one is a test of the rules engine (`tests/codex/rulings/`).",
        "In Discord, `/codex card` shows a card's rulings and `/codex help topic:` a keyword's or a rule's;",
        "`/codex help topic:rulings` lists every card and topic that has some.",
        "",
        "## Cards",
        "",
    ]
    for cid, rulings in cards:
        lines += [f"### {cat[cid].name}", ""]
        lines += [f"- {r['date']}: {r['text']}" for r in rulings]
        lines.append("")
    lines += ["## Keywords and rules", ""]
    for key, rulings in data["topics"].items():
        lines += [f"### {key[:1].upper()}{key[1:]}", ""]
        lines += [f"- {r['date']}: {r['text']}" for r in rulings]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the files are up to date")
    args = parser.parse_args(argv)
    data = gather()
    wanted = {OUTPUT: render(data), PAGE: page(data)}
    if args.check:
        stale = [p for p, text in wanted.items() if (p.read_text(encoding="utf-8") if p.exists() else "") != text]
        for path in stale:
            print(f"{path.relative_to(ROOT)} is out of date: run python scripts/codex/rulings.py")
        return 1 if stale else 0
    for path, text in wanted.items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

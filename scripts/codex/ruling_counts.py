"""Count the Codex rulings we hold as test specs, per card and per rules topic.

The bot must never read tests/, so `/codex card` and `/codex help topic:` read the derived file this script
writes, engine/codex/data/ruling_counts.json. Run it again whenever tests/codex/rulings/*.toml changes:

    python scripts/codex/ruling_counts.py          # rewrite the file
    python scripts/codex/ruling_counts.py --check  # exit 1 if the file is out of date
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
OUTPUT = ROOT / "engine" / "codex" / "data" / "ruling_counts.json"

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def topic_key(subject: str) -> str:
    """Subjects that are not cards: `Forecast X` -> `forecast`, `Limit: X` -> `limit`."""
    text = subject.strip().lower()
    text = re.sub(r"[:\s]+x$", "", text)
    return " ".join(text.split())


def count_rulings(folder: Path = RULINGS) -> dict[str, Any]:
    from engine.codex.cards import catalog

    by_name = catalog().by_name
    cards: dict[str, int] = {}
    topics: dict[str, int] = {}
    for path in sorted(folder.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for ruling in data.get("ruling", []):
            subject = str(ruling.get("card", "")).strip()
            if not subject:
                continue
            # "Dancer / Angry Dancer" is one ruling about both faces of a token.
            names = [part.strip() for part in subject.split(" / ")]
            ids = [by_name.get(n.lower()) for n in names]
            if all(ids):
                for cid in ids:
                    cards[str(cid)] = cards.get(str(cid), 0) + 1
            else:
                key = topic_key(subject)
                topics[key] = topics.get(key, 0) + 1
    return {
        "_about": "Derived by scripts/codex/ruling_counts.py from tests/codex/rulings/*.toml; do not edit by hand.",
        "cards": dict(sorted(cards.items())),
        "topics": dict(sorted(topics.items())),
    }


def render(counts: dict[str, Any]) -> str:
    return json.dumps(counts, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the file is up to date")
    args = parser.parse_args(argv)
    text = render(count_rulings())
    if args.check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            print(f"{OUTPUT.relative_to(ROOT)} is out of date: run python scripts/codex/ruling_counts.py")
            return 1
        print(f"{OUTPUT.relative_to(ROOT)} is up to date.")
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""How much of a game's card pool is playable: implemented in the game's data and exercised by a test.

A game lists its cards with `Game.card_pool()`, saying which are implemented. A card counts as tested
when some test under `tests/<game>/` carries `@pytest.mark.cards(...)` naming its id; markers are read
per game folder, so two games' card ids can never be confused. They are read from the test files'
syntax trees, so the report needs no test run and stays in step with the tests as written.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine.core import PoolCard

TESTS = Path(__file__).resolve().parents[1] / "tests"
"""The repository's tests folder: the report is a developer tool, run from a checkout."""


def _marker_ids(call: ast.Call) -> list[str]:
    return [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]


def _is_cards_marker(node: ast.AST) -> bool:
    """`pytest.mark.cards` (or `mark.cards`) as the function of a call."""
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "cards"
        and (
            (isinstance(node.value, ast.Attribute) and node.value.attr == "mark")
            or (isinstance(node.value, ast.Name) and node.value.id == "mark")
        )
    )


def marked_cards(source: str) -> set[str]:
    """Every card id named by a `cards` marker in one test module's source."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and _is_cards_marker(node.func):
            out.update(_marker_ids(node))
    return out


def cards_marked_in_tests(game: str, folder: Path = TESTS) -> set[str]:
    """The card ids the tests of `game` (tests/<game>/) mark as exercised."""
    out: set[str] = set()
    for path in sorted((folder / game).rglob("test_*.py")):
        out |= marked_cards(path.read_text(encoding="utf-8"))
    return out


@dataclass(slots=True)
class Group:
    group: str
    part: str
    cards: list[tuple[str, str]] = field(default_factory=list)
    """(id, printed name), in the pool's order."""
    missing: list[tuple[str, str]] = field(default_factory=list)
    """(printed name, what is missing) for every card not yet done."""
    done: int = 0


@dataclass(slots=True)
class Coverage:
    groups: list[Group]

    @property
    def total(self) -> int:
        return sum(len(g.cards) for g in self.groups)

    @property
    def done(self) -> int:
        return sum(g.done for g in self.groups)

    def to_json(self) -> dict[str, object]:
        return {
            "cards": self.total,
            "done": self.done,
            "groups": [
                {"group": g.group, "part": g.part, "cards": len(g.cards), "done": g.done, "missing": g.missing}
                for g in self.groups
            ],
        }


def coverage(pool: Sequence[PoolCard], tested: Iterable[str]) -> Coverage:
    """The pool grouped in its own order, each card done when implemented and tested."""
    tested = set(tested)
    groups: dict[tuple[str, str], Group] = {}
    for card in pool:
        group = groups.setdefault((card.group, card.part), Group(card.group, card.part))
        group.cards.append((card.id, card.name))
        lacks = [what for what, ok in (("abilities", card.implemented), ("a test", card.id in tested)) if not ok]
        if lacks:
            group.missing.append((card.name, " and ".join(lacks)))
        else:
            group.done += 1
    return Coverage(list(groups.values()))


def report(cov: Coverage) -> str:
    """A table per group and part, the total, then every card that is not done and what it lacks."""
    rows = [f"{'group':<8} {'part':<12} {'done':>5} {'cards':>5} {'%':>5}"]
    for g in cov.groups:
        pct = 100 * g.done / len(g.cards) if g.cards else 100.0
        rows.append(f"{g.group:<8} {g.part:<12} {g.done:>5} {len(g.cards):>5} {pct:>5.0f}")
    pct = 100 * cov.done / cov.total if cov.total else 100.0
    rows.append(f"{'all':<8} {'':<12} {cov.done:>5} {cov.total:>5} {pct:>5.0f}")
    missing = [(g, name, what) for g in cov.groups for name, what in g.missing]
    rows.append("")
    if missing:
        rows.append(f"Not done ({len(missing)}):")
        rows.extend(f"  {g.group}/{g.part}: {name} (needs {what})" for g, name, what in missing)
    else:
        rows.append("Every card is implemented and exercised by a test.")
    return "\n".join(rows)

"""How much of Codex's card pool is playable: implemented in the ability data and exercised by a test.

A card counts as implemented when its id has an entry in `engine/codex/data/abilities/*.json` (an entry
is only written once every ability works), and as tested when some test under `tests/` carries
`@pytest.mark.cards(...)` naming it. The markers are read from the test files' syntax trees, so the
report needs no test run and stays in step with the tests as written.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from engine.codex.cards import Catalog

TESTS = Path(__file__).resolve().parents[1] / "tests"

GROUP_ORDER = ("neutral", "red", "green", "blue", "black", "white", "purple")


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


def cards_marked_in_tests(folder: Path = TESTS) -> set[str]:
    out: set[str] = set()
    for path in sorted(folder.rglob("test_*.py")):
        out |= marked_cards(path.read_text(encoding="utf-8"))
    return out


@dataclass(slots=True)
class Group:
    colour: str
    part: str
    """A spec, "starter", "heroes" or "tokens"."""
    cards: list[tuple[str, str]] = field(default_factory=list)
    """(id, printed name), in printed-name order."""
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
                {"colour": g.colour, "part": g.part, "cards": len(g.cards), "done": g.done, "missing": g.missing}
                for g in self.groups
            ],
        }


def _part(cat: Catalog, cid: str) -> tuple[str, str]:
    facts = cat[cid].facts
    if facts.type == "hero":
        return facts.colour, "heroes"
    if facts.type == "token":
        return facts.colour, "tokens"
    if facts.spec:
        return facts.colour, facts.spec
    return facts.colour, "starter"


def coverage(cat: Catalog, tested: Iterable[str]) -> Coverage:
    tested = set(tested)
    groups: dict[tuple[str, str], Group] = {}
    for cid, card in sorted(cat.cards.items(), key=lambda kv: kv[1].name):
        where = _part(cat, cid)
        group = groups.setdefault(where, Group(*where))
        group.cards.append((cid, card.name))
        lacks = [what for what, ok in (("abilities", cat.implemented(cid)), ("a test", cid in tested)) if not ok]
        if lacks:
            group.missing.append((card.name, " and ".join(lacks)))
        else:
            group.done += 1

    def order(key: tuple[str, str]) -> tuple[int, int, str]:
        colour, part = key
        rank = GROUP_ORDER.index(colour) if colour in GROUP_ORDER else len(GROUP_ORDER)
        kind = {"starter": 0, "heroes": 2, "tokens": 3}.get(part, 1)
        return rank, kind, part

    return Coverage([groups[k] for k in sorted(groups, key=order)])


def report(cov: Coverage) -> str:
    """A table per colour and part, the total, then every card that is not done and what it lacks."""
    rows = [f"{'colour':<8} {'part':<12} {'done':>5} {'cards':>5} {'%':>5}"]
    for g in cov.groups:
        pct = 100 * g.done / len(g.cards) if g.cards else 100.0
        rows.append(f"{g.colour:<8} {g.part:<12} {g.done:>5} {len(g.cards):>5} {pct:>5.0f}")
    pct = 100 * cov.done / cov.total if cov.total else 100.0
    rows.append(f"{'all':<8} {'':<12} {cov.done:>5} {cov.total:>5} {pct:>5.0f}")
    missing = [(g, name, what) for g in cov.groups for name, what in g.missing]
    if missing:
        rows.append("")
        rows.append(f"Not done ({len(missing)}):")
        rows.extend(f"  {g.colour}/{g.part}: {name} (needs {what})" for g, name, what in missing)
    else:
        rows.append("")
        rows.append("Every card, hero and token is implemented and exercised by a test.")
    return "\n".join(rows)

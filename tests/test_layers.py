"""The layers' dependency directions, checked on the source: cogs -> app -> (engine, db, render)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# For each layer: the top-level modules it must never import.
FORBIDDEN: dict[str, set[str]] = {
    "engine": {"discord", "aiosqlite", "sqlite3", "PIL", "asyncio", "app", "cogs", "db", "render", "bench"},
    "render": {"discord", "aiosqlite", "sqlite3", "app", "cogs", "db", "bench"},
    "db": {"discord", "PIL", "app", "cogs", "render", "bench"},
    "app": {"discord", "cogs"},
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def layer_files(layer: str) -> list[Path]:
    return sorted((ROOT / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_point_down_only(layer: str) -> None:
    files = layer_files(layer)
    assert files, f"{layer}/ has no Python files"
    offences = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in files
        for name in sorted(imported_modules(path) & FORBIDDEN[layer])
    ]
    assert offences == []


def test_checker_sees_forbidden_imports(tmp_path: Path) -> None:
    sample = tmp_path / "x.py"
    sample.write_text("import discord.ui\nfrom PIL import Image\nfrom . import local\n")
    assert imported_modules(sample) == {"discord", "PIL"}

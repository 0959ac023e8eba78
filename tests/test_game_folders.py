"""Each game lives in its own folders (engine/<g>/, render/<g>/, cogs/<g>/, tests/<g>/, docs/<g>/, scripts/<g>/);
the shared code names no game, so a new game plugs in without an edit outside its folders.

Comments and docstrings may mention a game as an example; code (names and string values) may not.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from engine import GAMES, load_games

ROOT = Path(__file__).resolve().parent.parent
SHARED = ("app", "bench", "db", "engine", "render", "cogs")
"""Layers whose modules outside a game's own folder must name no game."""
STILL_MOVING: set[str] = set()
"""Layers whose per-game split is not finished yet (checked once it is)."""


def _games() -> list[str]:
    load_games()
    return sorted(name for name, game in GAMES.items() if game.offered)


def _docstring_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                doc = body[0].value
                lines.update(range(doc.lineno, (doc.end_lineno or doc.lineno) + 1))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))  # attribute docstrings
    return lines


def names_of_games_in_code(source: str, games: list[str]) -> list[tuple[int, str]]:
    """(line, token) for each name or string in code (not a comment or docstring) that names a game."""
    words = re.compile(r"(?<![a-z0-9])(" + "|".join(map(re.escape, games)) + r")(?![a-z0-9])", re.I)
    docs = _docstring_lines(ast.parse(source))
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in (tokenize.NAME, tokenize.STRING) and tok.start[0] not in docs and words.search(tok.string):
            found.append((tok.start[0], tok.string))
    return found


def test_the_check_sees_code_and_not_comments() -> None:
    source = '"""Codex is an example here."""\n# codex in a comment\nGAME = "codex"\ncodex_bye = 1\nx = "codexish"\n'
    assert names_of_games_in_code(source, ["codex"]) == [(3, '"codex"'), (4, "codex_bye")]


@pytest.mark.parametrize("layer", [layer for layer in SHARED if layer not in STILL_MOVING])
def test_shared_code_names_no_game(layer: str) -> None:
    games = _games()
    offences = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        relative = path.relative_to(ROOT / layer)
        if relative.parts[0] in games:
            continue  # the game's own folder
        for line, token in names_of_games_in_code(path.read_text(encoding="utf-8"), games):
            offences.append(f"{path.relative_to(ROOT)}:{line}: {token}")
    assert offences == []


def test_every_game_has_its_folders() -> None:
    for game in _games():
        for folder in ("engine", "tests", "docs"):
            assert (ROOT / folder / game).is_dir(), f"{game} has no {folder}/{game}/"

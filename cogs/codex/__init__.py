"""Codex at the Discord table: its own commands beside the shared ones (`commands.py`), its menus and buttons
(`ui.py`), the words players read (`text.py`, from the catalogue in `locales/`) and the play-by-forum export
(`forum.py`).

`cogs/table.py` finds this package by the game's name and builds `/codex` from `commands.COMMANDS`.
"""

from pathlib import Path

from engine.i18n import catalogue

catalogue(Path(__file__).resolve().parent / "locales")  # Codex's replies: cogs/codex/locales/<locale>/

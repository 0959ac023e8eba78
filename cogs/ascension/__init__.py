"""Ascension at the Discord table: its own commands beside the shared ones (`commands.py`), its buttons,
menus and replies (`ui.py`) and its card pages (`cards.py`).

`cogs/table.py` finds this package by the game's name and builds `/ascension` from `commands.COMMANDS`.
"""

from pathlib import Path

from engine.i18n import catalogue

catalogue(Path(__file__).resolve().parent / "locales")

"""Discord surface: slash commands, autocomplete and buttons, translated into service calls."""

from pathlib import Path

from engine.i18n import catalogue

catalogue(Path(__file__).resolve().parent / "locales")  # the commands' and replies' messages: cogs/locales/<locale>/

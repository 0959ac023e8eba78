"""Autocomplete choices several command groups share."""

from __future__ import annotations

from discord import app_commands

from engine.core import offered_games


def game_choices(typed: str) -> list[app_commands.Choice[str]]:
    """The offered games whose name or title contains what was typed."""
    typed = typed.lower()
    return [
        app_commands.Choice(name=g.title, value=g.name)
        for g in offered_games()
        if typed in g.name or typed in g.title.lower()
    ][:25]

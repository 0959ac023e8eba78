"""How our messages name the command a player should run next.

Every game's commands live in one group named after the game (`/<game> join`, `/<game> abort`), so a
message about a match names its game's group; a message that knows no game yet names every offered game's
`new`. No game is named here: the names come from the match or the registry.
"""

from __future__ import annotations

from engine.core import offered_games
from engine.i18n import Text, listing, t


def command(game: str, sub: str) -> str:
    """`/<game> <sub>` in code formatting, as a message shows it."""
    return f"`/{game} {sub}`"


def open_table() -> Text:
    """How to open a table when no game is known yet: each offered game's `new`."""
    names = [command(g.name, "new") for g in offered_games()]
    return listing(names, "or") if names else t("app-a-new-command")

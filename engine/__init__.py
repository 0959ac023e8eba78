"""Pure rules for every game. Importing this package registers the games players can choose."""

from engine.core import (
    GAMES,
    PUBLIC,
    Action,
    BadNotation,
    BadOptions,
    Event,
    Game,
    GameError,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Outcome,
    Seat,
    Step,
    get_game,
    offered_games,
    register,
    rng_for,
)

__all__ = [
    "GAMES",
    "PUBLIC",
    "Action",
    "BadNotation",
    "BadOptions",
    "Event",
    "Game",
    "GameError",
    "GameOver",
    "IllegalAction",
    "NotYourTurn",
    "Outcome",
    "Seat",
    "Step",
    "get_game",
    "offered_games",
    "register",
    "rng_for",
]


def load_games() -> None:
    """Import every shipped game package so it registers itself."""
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            importlib.import_module(f"engine.{info.name}")

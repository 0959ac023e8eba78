"""Where the tests find what a registered game brings: the games themselves, their scenario folders, and the
commands a player types to play them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine import GAMES, load_games
from tests.fixtures import trial_game

TESTS = Path(__file__).resolve().parent


def game_names() -> list[str]:
    """Every registered game, the shipped ones and the test-only trial game."""
    load_games()
    assert trial_game.TRIAL is GAMES[trial_game.TrialGame.name]
    return sorted(GAMES)


def scenario_folder(name: str) -> Path | None:
    """A game's scenario folder: tests/<game>/scenarios, or tests/scenarios/<game>; None when it has none."""
    for folder in (TESTS / name / "scenarios", TESTS / "scenarios" / name):
        if folder.is_dir():
            return folder
    return None


@dataclass(frozen=True)
class Commands:
    """The slash commands (without the slash) that open, join, start and play a match of one game."""

    new: str
    join: str
    start: str
    move: str
    resign: str

    def new_options(self, game: str, options: dict[str, object]) -> dict[str, str]:
        """The options of the `new` command for `game` with these match options (a mode is its own option)."""
        rest = {k: v for k, v in options.items() if k != "mode"}
        chosen = {"mode": str(options["mode"])} if "mode" in options else {}
        return {**chosen, **({"options": " ".join(f"{k}={v}" for k, v in rest.items())} if rest else {})}


def commands(name: str) -> Commands:
    """The command surface a player uses for game `name`: the game's own group, built from the registry."""
    return Commands(f"{name} new", f"{name} join", f"{name} start", f"{name} move", f"{name} resign")

"""The render port: the service asks for PNG bytes and never knows how they are drawn."""

from __future__ import annotations

from typing import Any, Protocol


class Renderer(Protocol):
    def board(self, game: str, title: str, view: Any) -> bytes | None: ...

    def private(self, game: str, title: str, view: Any) -> bytes | None: ...


class PillowRenderer:
    """Draws with the render package in the configured theme."""

    def __init__(self, theme: str = "dark") -> None:
        self.theme = theme

    def board(self, game: str, title: str, view: Any) -> bytes | None:
        from render import render_board

        return render_board(game, title, view, self.theme)

    def private(self, game: str, title: str, view: Any) -> bytes | None:
        from render import render_private

        return render_private(game, title, view, self.theme)


class NoImages:
    """Text only (tests that do not look at pictures, benchmarks that exclude rendering)."""

    def board(self, game: str, title: str, view: Any) -> bytes | None:
        return None

    def private(self, game: str, title: str, view: Any) -> bytes | None:
        return None

"""The picture port for events and ratings: standings tables, brackets and rating charts as PNG bytes.

Drawing is CPU work; callers run these in a worker thread. Tests that do not look at pictures use
`NoPictures`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from render.tournament import BracketColumn, TableRow


class Pictures(Protocol):
    def standings(
        self, title: str, header: Sequence[str], rows: Sequence[TableRow], note: str = ""
    ) -> bytes | None: ...

    def bracket(self, title: str, columns: Sequence[BracketColumn]) -> bytes | None: ...

    def rating_chart(self, title: str, series: Mapping[str, Sequence[int]]) -> bytes | None: ...


class PillowPictures:
    def __init__(self, theme: str = "dark") -> None:
        self.theme = theme

    def standings(self, title: str, header: Sequence[str], rows: Sequence[TableRow], note: str = "") -> bytes | None:
        from render.kit import to_png
        from render.theme import get_theme
        from render.tournament import draw_standings

        return to_png(draw_standings(title, header, rows, get_theme(self.theme), note))

    def bracket(self, title: str, columns: Sequence[BracketColumn]) -> bytes | None:
        from render.kit import to_png
        from render.theme import get_theme
        from render.tournament import draw_bracket

        return to_png(draw_bracket(title, columns, get_theme(self.theme))) if columns else None

    def rating_chart(self, title: str, series: Mapping[str, Sequence[int]]) -> bytes | None:
        from render.kit import to_png
        from render.rating import draw_rating_chart
        from render.theme import get_theme

        return to_png(draw_rating_chart(title, series, get_theme(self.theme)))


class NoPictures:
    def standings(self, title: str, header: Sequence[str], rows: Sequence[TableRow], note: str = "") -> bytes | None:
        return None

    def bracket(self, title: str, columns: Sequence[BracketColumn]) -> bytes | None:
        return None

    def rating_chart(self, title: str, series: Mapping[str, Sequence[int]]) -> bytes | None:
        return None

"""Codex pictures: the public board (two seats side by side, three or more as a table) and a seat's hand.

Importing this package registers both renderers; `render` imports it the first time a Codex picture is
asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render import register_private_renderer, register_renderer
from render.codex.board import draw_two_seats
from render.codex.hand import draw_hand
from render.codex.parts import as_list
from render.codex.table import draw_table
from render.theme import Theme

GAME = "codex"


def draw_board(view: Any, theme: Theme) -> Image.Image:
    """The public Codex board for `view` (Codex's `view(state, None)`)."""
    data: Mapping[str, Any] = view if isinstance(view, Mapping) else {}
    if len(as_list(data.get("players"))) > 2:
        return draw_table(data, theme)
    return draw_two_seats(data, theme)


register_renderer(GAME, draw_board)
register_private_renderer(GAME, draw_hand)

__all__ = ["draw_board", "draw_hand"]

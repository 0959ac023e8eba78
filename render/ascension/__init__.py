"""Ascension's pictures: the public board (`board.py`) and a player's hand (`hand.py`), registered with the
render package when it first draws an Ascension view."""

from __future__ import annotations

from render import register_private_renderer, register_renderer
from render.ascension.board import draw_board
from render.ascension.hand import draw_hand

register_renderer("ascension", draw_board)
register_private_renderer("ascension", draw_hand)

__all__ = ["draw_board", "draw_hand"]

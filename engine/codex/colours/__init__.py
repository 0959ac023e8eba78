"""Code for cards of each colour that the effect vocabulary does not cover: named hooks, one module per colour.

Importing this package registers every hook (`engine.codex.effects.hook`) and handler they define.
"""

from engine.codex import ops_damage, ops_later, ops_workers  # noqa: F401  (shared steps, before any card data loads)
from engine.codex.colours import black, blue, green, purple, red, white  # noqa: F401

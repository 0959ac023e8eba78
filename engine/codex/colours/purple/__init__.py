"""Hooks and words for Purple cards whose abilities are more than the core vocabulary can say.

One module per part of the colour; importing the package registers them all. docs/codex/rules.md, section
"Purple", explains each one and why it is code.
"""

from engine.codex.colours.purple import common, future, past, present, starter  # noqa: F401

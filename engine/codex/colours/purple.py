"""Hooks for Purple cards whose abilities are more than the effect vocabulary can say (see docs/codex.md)."""

"""Tests for render/: the drawing kit, themes, the generic board, the registry and golden images."""

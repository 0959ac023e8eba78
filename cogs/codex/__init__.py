"""Codex's own Discord pieces (menus and buttons) used by the `/codex` cog in cogs/games/codex.py.

A subpackage, not a module in cogs/games/, because every module there is loaded as an extension.
"""

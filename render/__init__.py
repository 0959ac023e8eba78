"""Board images: a game's view (plain JSON-like data) in, PNG bytes out.

Games register a renderer for the public board and, optionally, one for a seat's private view
(hand, secret choices). Games without one get the generic board, so every game has a picture from
day one. Nothing here touches Discord, the database or the network; rendering is CPU work meant to
run in `asyncio.to_thread`, and it is thread-safe: the registries are guarded by a lock, themes are
immutable, fonts are cached per thread and every call draws on its own image.
"""

from __future__ import annotations

import importlib
import importlib.util
import threading
from collections.abc import Callable
from typing import Any

from PIL import Image

from render.generic import draw_generic
from render.kit import to_png
from render.theme import DEFAULT_THEME, THEMES, Theme, get_theme

Renderer = Callable[[Any, Theme], Image.Image]
"""fn(view, theme) -> image. Views are usually dicts, but a renderer should not assume more than
its own game's engine promises."""

_lock = threading.Lock()
_board_renderers: dict[str, Renderer] = {}
_private_renderers: dict[str, Renderer] = {}


def _load_game_module(game_name: str) -> None:
    """Import `render.<game>` (a game's own package, if it has one), which registers its renderers. It is
    found by name, so a new game needs no list edited here; it is imported the first time that game is
    drawn or asked about, so importing `render` stays cheap and a game's pictures never depend on who
    imported what first."""
    if not game_name.isidentifier() or game_name in _SHARED_MODULES:
        return
    module = f"render.{game_name}"
    # Outside the registry lock: the module registers itself, which takes the lock. The import
    # system has its own per-module lock, so two threads asking at once import it only once.
    if importlib.util.find_spec(module) is not None:
        importlib.import_module(module)


_SHARED_MODULES = frozenset({"fonts", "generic", "golden", "kit", "theme", "assets"})
"""render's own modules, which no game's name may stand for."""


def _register(registry: dict[str, Renderer], kind: str, game_name: str, fn: Renderer, replace: bool) -> Renderer:
    if not isinstance(game_name, str) or not game_name:
        raise ValueError(f"game name must be a non-empty string, not {game_name!r}")
    if not callable(fn):
        raise TypeError(f"{kind} renderer for {game_name!r} is not callable: {fn!r}")
    with _lock:
        # Two modules claiming one game is a bug worth failing on at import, not a silent override.
        if not replace and game_name in registry and registry[game_name] is not fn:
            raise ValueError(f"a {kind} renderer is already registered for {game_name!r}; pass replace=True")
        registry[game_name] = fn
    return fn


def register_renderer(game_name: str, fn: Renderer, *, replace: bool = False) -> Renderer:
    """Use `fn(view, theme) -> Image` for `game_name`'s public board. Returns `fn`."""
    return _register(_board_renderers, "board", game_name, fn, replace)


def register_private_renderer(game_name: str, fn: Renderer, *, replace: bool = False) -> Renderer:
    """Use `fn(view, theme) -> Image` for a seat's private view in `game_name`. Returns `fn`."""
    return _register(_private_renderers, "private", game_name, fn, replace)


def unregister_renderer(game_name: str) -> None:
    with _lock:
        _board_renderers.pop(game_name, None)


def unregister_private_renderer(game_name: str) -> None:
    with _lock:
        _private_renderers.pop(game_name, None)


def has_renderer(game_name: str, *, private: bool = False) -> bool:
    _load_game_module(game_name)
    with _lock:
        return game_name in (_private_renderers if private else _board_renderers)


def _render(registry: dict[str, Renderer], game_name: str, title: str, view: Any, theme_name: str) -> bytes:
    theme = get_theme(theme_name)
    _load_game_module(game_name)
    with _lock:
        fn = registry.get(game_name)
    # The lock is released before drawing so renders run in parallel; only the lookup is shared.
    image = draw_generic(view, theme, title) if fn is None else fn(view, theme)
    if not isinstance(image, Image.Image):
        raise TypeError(f"renderer for {game_name!r} returned {type(image).__name__}, not a PIL image")
    return to_png(image)


def render_board(game_name: str, title: str, view: Any, theme_name: str = DEFAULT_THEME) -> bytes:
    """PNG of the public board, from the game's renderer or else the generic one.

    Raises ValueError for an unknown theme. Errors inside a game's renderer propagate: falling back
    silently would hide bugs in the renderer's own tests.
    """
    return _render(_board_renderers, game_name, title, view, theme_name)


def render_private(game_name: str, title: str, view: Any, theme_name: str = DEFAULT_THEME) -> bytes:
    """PNG of one seat's private view, from the game's private renderer or else the generic one."""
    return _render(_private_renderers, game_name, title, view, theme_name)


__all__ = [
    "DEFAULT_THEME",
    "THEMES",
    "Renderer",
    "Theme",
    "draw_generic",
    "get_theme",
    "has_renderer",
    "register_private_renderer",
    "register_renderer",
    "render_board",
    "render_private",
    "to_png",
    "unregister_private_renderer",
    "unregister_renderer",
]

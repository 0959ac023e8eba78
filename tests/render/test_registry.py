"""The renderer registry and the render_board / render_private entry points."""

from __future__ import annotations

import io
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from PIL import Image

import render
from render import (
    has_renderer,
    register_private_renderer,
    register_renderer,
    render_board,
    render_private,
    unregister_private_renderer,
    unregister_renderer,
)
from render.theme import Theme

GAME = "test-registry-game"
VIEW = {"turn": 3, "phase": "main", "players": [{"name": "Alice", "gold": 4}, {"name": "Bob", "gold": 1}]}


@pytest.fixture(autouse=True)
def clean_registry() -> Iterator[None]:
    yield
    unregister_renderer(GAME)
    unregister_private_renderer(GAME)


def solid(colour: tuple[int, int, int]) -> render.Renderer:
    def draw(view: Any, theme: Theme) -> Image.Image:
        return Image.new("RGB", (64, 32), colour)

    return draw


def decode(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        image.load()
        return image.copy()


def test_unregistered_game_gets_the_generic_board() -> None:
    assert not has_renderer(GAME)
    board = decode(render_board(GAME, "Generic", VIEW))
    assert board.width == render.generic.WIDTH
    assert board.getpixel((5, 100)) == render.get_theme("dark").background


def test_registered_renderer_is_used() -> None:
    assert register_renderer(GAME, solid((10, 20, 30))) is not None
    assert has_renderer(GAME)
    board = decode(render_board(GAME, "ignored", VIEW))
    assert board.size == (64, 32)
    assert board.getpixel((0, 0)) == (10, 20, 30)


def test_private_registry_is_separate() -> None:
    register_private_renderer(GAME, solid((200, 0, 0)))
    assert has_renderer(GAME, private=True) and not has_renderer(GAME)
    assert decode(render_private(GAME, "Hand", VIEW)).getpixel((0, 0)) == (200, 0, 0)
    assert decode(render_board(GAME, "Board", VIEW)).width == render.generic.WIDTH


def test_private_view_falls_back_to_generic() -> None:
    private = decode(render_private(GAME, "Your hand", {"hand": ["Tenderfoot", "Wither"]}))
    assert private.width == render.generic.WIDTH


def test_renderer_receives_view_and_theme() -> None:
    seen: list[tuple[Any, Theme]] = []

    def spy(view: Any, theme: Theme) -> Image.Image:
        seen.append((view, theme))
        return Image.new("RGB", (8, 8))

    register_renderer(GAME, spy)
    render_board(GAME, "t", VIEW, "light")
    assert seen == [(VIEW, render.get_theme("light"))]


def test_duplicate_registration_needs_replace() -> None:
    first, second = solid((1, 1, 1)), solid((2, 2, 2))
    register_renderer(GAME, first)
    register_renderer(GAME, first)  # the same function again is harmless, e.g. a module re-import
    with pytest.raises(ValueError, match="already registered"):
        register_renderer(GAME, second)
    register_renderer(GAME, second, replace=True)
    assert decode(render_board(GAME, "t", VIEW)).getpixel((0, 0)) == (2, 2, 2)


def test_bad_registrations_are_refused() -> None:
    with pytest.raises(ValueError):
        register_renderer("", solid((0, 0, 0)))
    with pytest.raises(TypeError):
        register_renderer(GAME, "not a function")  # type: ignore[arg-type]
    assert not has_renderer(GAME)


def test_unknown_theme_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="valid themes: dark, light"):
        render_board(GAME, "t", VIEW, "neon")


def test_renderer_returning_something_else_is_a_type_error() -> None:
    register_renderer(GAME, lambda view, theme: b"png?")  # type: ignore[arg-type,return-value]
    with pytest.raises(TypeError, match="not a PIL image"):
        render_board(GAME, "t", VIEW)


def test_renderer_errors_propagate() -> None:
    def broken(view: Any, theme: Theme) -> Image.Image:
        raise KeyError("missing field")

    register_renderer(GAME, broken)
    with pytest.raises(KeyError):
        render_board(GAME, "t", VIEW)


def test_same_input_gives_same_bytes() -> None:
    first = render_board(GAME, "Codex", VIEW)
    assert first == render_board(GAME, "Codex", VIEW)
    assert first != render_board(GAME, "Codex", VIEW, "light")
    assert first != render_board(GAME, "Codex", {**VIEW, "turn": 4})


def test_parallel_rendering_matches_serial() -> None:
    views = [{**VIEW, "turn": n, "log": [f"move {i}" for i in range(n)]} for n in range(8)]
    serial = [render_board(GAME, f"Game {i}", v, ("dark", "light")[i % 2]) for i, v in enumerate(views)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(3):
            parallel = list(
                pool.map(
                    lambda iv: render_board(GAME, f"Game {iv[0]}", iv[1], ("dark", "light")[iv[0] % 2]),
                    enumerate(views),
                )
            )
            assert parallel == serial

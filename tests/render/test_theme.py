"""Theme lookup, immutability and readability of the colour choices."""

from __future__ import annotations

import dataclasses

import pytest

from render.kit import contrast_text
from render.theme import (
    DEFAULT_THEME,
    MIN_FONT_SIZE,
    OKABE_ITO,
    THEMES,
    Theme,
    contrast_ratio,
    get_theme,
    hex_rgb,
)


def test_default_theme_is_dark() -> None:
    assert DEFAULT_THEME == "dark"
    assert get_theme().name == "dark"


@pytest.mark.parametrize("name", ["dark", "light"])
def test_get_theme_returns_named_theme(name: str) -> None:
    theme = get_theme(name)
    assert isinstance(theme, Theme)
    assert theme.name == name
    assert THEMES[name] is theme


@pytest.mark.parametrize("bad", ["Dark", "", "solarized", None, ["dark"]])
def test_unknown_theme_names_the_valid_ones(bad: object) -> None:
    with pytest.raises(ValueError) as info:
        get_theme(bad)  # type: ignore[arg-type]
    message = str(info.value)
    assert "dark" in message and "light" in message
    assert repr(bad) in message


def test_themes_are_frozen() -> None:
    theme = get_theme("dark")
    with pytest.raises(dataclasses.FrozenInstanceError):
        theme.background = (0, 0, 0)  # type: ignore[misc]


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_player_palette_is_five_distinct_okabe_ito_colours(theme: Theme) -> None:
    assert len(theme.players) == 5
    assert len(set(theme.players)) == 5
    assert set(theme.players) <= set(OKABE_ITO.values())
    # Okabe–Ito spec values, so a typo in a hex code cannot slip through.
    assert OKABE_ITO["orange"] == (230, 159, 0)
    assert OKABE_ITO["sky_blue"] == (86, 180, 233)
    assert OKABE_ITO["bluish_green"] == (0, 158, 115)
    assert OKABE_ITO["reddish_purple"] == (204, 121, 167)
    assert OKABE_ITO["vermillion"] == (213, 94, 0)


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_highlight_is_not_a_seat_colour(theme: Theme) -> None:
    assert theme.highlight not in theme.players


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_player_wraps_round(theme: Theme) -> None:
    assert [theme.player(s) for s in range(5)] == list(theme.players)
    assert theme.player(5) == theme.players[0]


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_text_is_readable(theme: Theme) -> None:
    for surface in (theme.background, theme.panel, theme.panel_title, theme.card, theme.highlight_fill):
        assert contrast_ratio(theme.text, surface) >= 7.0, surface
        assert contrast_ratio(theme.muted, surface) >= 4.5, surface
    for colour in (*theme.players, theme.gold, theme.hp, theme.atk, theme.cards, theme.accent, theme.danger):
        assert contrast_ratio(contrast_text(colour), colour) >= 4.5, colour


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_font_sizes_meet_the_minimum(theme: Theme) -> None:
    sizes = [theme.font_title, theme.font_heading, theme.font_body, theme.font_small]
    assert min(sizes) >= MIN_FONT_SIZE == 14
    assert sizes == sorted(sizes, reverse=True)


def test_hex_rgb_and_contrast_ratio() -> None:
    assert hex_rgb("#0072B2") == (0, 114, 178)
    assert hex_rgb("ffffff") == (255, 255, 255)
    with pytest.raises(ValueError):
        hex_rgb("#fff")
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((10, 20, 30), (10, 20, 30)) == pytest.approx(1.0)

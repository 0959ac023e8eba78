"""Colour themes for board images.

A theme is immutable so one instance can be shared by every rendering thread. Seat colours come
from the Okabe–Ito palette, which stays distinguishable under the common forms of colour blindness;
the kit still pairs each seat colour with a number or name so colour is never the only cue.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

MIN_FONT_SIZE = 14
"""Smallest text size allowed: Discord shows boards scaled down, and smaller text turns to mush."""


def hex_rgb(code: str) -> RGB:
    """`"#E69F00"` → `(230, 159, 0)`; themes are written in hex so they can be checked against specs."""
    code = code.removeprefix("#")
    if len(code) != 6:
        raise ValueError(f"not a #RRGGBB colour: {code!r}")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


def relative_luminance(colour: RGB) -> float:
    """WCAG 2 relative luminance, used to pick readable text colours and to test contrast."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio, from 1 (same) to 21 (black on white)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclass(frozen=True, slots=True)
class Theme:
    name: str
    background: RGB
    panel: RGB
    panel_title: RGB
    border: RGB
    text: RGB
    muted: RGB
    accent: RGB
    highlight: RGB
    """Outline for whatever changed on the last turn."""
    highlight_fill: RGB
    """Soft tint behind last-turn items; an outline alone is easy to miss on small previews."""
    danger: RGB
    card: RGB
    card_border: RGB
    gold: RGB
    hp: RGB
    atk: RGB
    cards: RGB
    players: tuple[RGB, RGB, RGB, RGB, RGB]
    font_title: int = 28
    font_heading: int = 20
    font_body: int = 16
    font_small: int = MIN_FONT_SIZE

    def player(self, seat: int) -> RGB:
        """Seat colour; wraps round rather than failing so a sixth seat still renders."""
        return self.players[seat % len(self.players)]


# Okabe–Ito: orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple.
OKABE_ITO: dict[str, RGB] = {
    "orange": hex_rgb("#E69F00"),
    "sky_blue": hex_rgb("#56B4E9"),
    "bluish_green": hex_rgb("#009E73"),
    "yellow": hex_rgb("#F0E442"),
    "blue": hex_rgb("#0072B2"),
    "vermillion": hex_rgb("#D55E00"),
    "reddish_purple": hex_rgb("#CC79A7"),
}

DARK = Theme(
    name="dark",
    # Darker than Discord's own chat background so the board reads as a distinct card.
    background=hex_rgb("#1E1F22"),
    panel=hex_rgb("#2B2D31"),
    panel_title=hex_rgb("#383A40"),
    border=hex_rgb("#4E5058"),
    text=hex_rgb("#F2F3F5"),
    muted=hex_rgb("#B5BAC1"),
    accent=OKABE_ITO["sky_blue"],
    # Yellow is kept out of the dark seat palette so "changed last turn" never looks like a seat.
    highlight=OKABE_ITO["yellow"],
    highlight_fill=hex_rgb("#4A4A33"),
    danger=hex_rgb("#F2705A"),
    card=hex_rgb("#3A3C43"),
    card_border=hex_rgb("#6D717B"),
    gold=hex_rgb("#E8B923"),
    hp=hex_rgb("#E05252"),
    atk=hex_rgb("#E69F00"),
    cards=hex_rgb("#56B4E9"),
    players=(
        OKABE_ITO["orange"],
        OKABE_ITO["sky_blue"],
        OKABE_ITO["bluish_green"],
        OKABE_ITO["reddish_purple"],
        OKABE_ITO["vermillion"],
    ),
)

LIGHT = Theme(
    name="light",
    background=hex_rgb("#E3E5E8"),
    panel=hex_rgb("#FFFFFF"),
    panel_title=hex_rgb("#EBEDEF"),
    border=hex_rgb("#B9BEC6"),
    text=hex_rgb("#1F2328"),
    muted=hex_rgb("#545B66"),
    accent=OKABE_ITO["blue"],
    # Okabe–Ito yellow vanishes on white, so the light theme uses a darker gold for outlines.
    highlight=hex_rgb("#B08D00"),
    highlight_fill=hex_rgb("#FFF4C2"),
    danger=hex_rgb("#C0392B"),
    card=hex_rgb("#F6F7F9"),
    card_border=hex_rgb("#8F96A0"),
    gold=hex_rgb("#D9A400"),
    hp=hex_rgb("#C83A3A"),
    atk=hex_rgb("#D55E00"),
    cards=hex_rgb("#0072B2"),
    players=(
        OKABE_ITO["orange"],
        # Dark blue instead of sky blue: sky blue is too pale against a white panel.
        OKABE_ITO["blue"],
        OKABE_ITO["bluish_green"],
        OKABE_ITO["reddish_purple"],
        OKABE_ITO["vermillion"],
    ),
)

THEMES: dict[str, Theme] = {DARK.name: DARK, LIGHT.name: LIGHT}
DEFAULT_THEME = DARK.name


def get_theme(name: str = DEFAULT_THEME) -> Theme:
    try:
        return THEMES[name]
    except (KeyError, TypeError):
        valid = ", ".join(sorted(THEMES))
        raise ValueError(f"unknown theme {name!r}; valid themes: {valid}") from None

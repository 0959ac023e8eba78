"""Codex played out at random with every colour's heroes, other options and teams of heroes, through the one
pass of every promise (bench/properties.py: no mutation, JSON, replay, turn and outcome, notation, leaks in
views, events and summaries, conservation) plus Codex's own (`random_play.OneZoneEach`).

Every hero's cards come up in the default run: each colour plays once with its three heroes on both sides.
The deep profile (ARBITER_PROFILE=deep, or `-m deep`) plays every one-hero matchup too, and many more
games only to their end. The engine-wide tests (tests/engine/test_properties.py) play each mode.
"""

from __future__ import annotations

from typing import Any

import pytest

from bench.properties import profile
from engine.codex import GAME
from engine.playout import Style, play_out
from tests.codex.random_play import WEIGHTED, OneZoneEach

DEPTH = profile()

COLOURS: dict[str, tuple[str, str, str]] = {
    "red": ("captain-zane", "drakk-ramhorn", "jaina-stormborne"),
    "blue": ("bigby-hayes", "sirus-quince", "general-onimaru"),
    "green": ("master-midori", "calamandra-moss", "argagarg-garg"),
    "purple": ("vir-garbarean", "prynn-pasternaak", "max-geiger"),
    "white": ("grave-stormborne", "setsuki-hiruki", "garus-rook"),
    "black": ("vandy-anadrose", "orpal-gloor", "garth-torken"),
}

TEAMS: dict[str, dict[str, Any]] = {
    **{
        colour: {"hero1": list(heroes), "hero2": [heroes[1], heroes[2], heroes[0]]}
        for colour, heroes in COLOURS.items()
    },
    "options": {
        "reshuffle_limit": "turn",
        "surplus": "draw_phase",
        "hero_cooldown": "literal",
        "tech_tiers": "higher_counts",
        "trigger_order": "auto",
        "targetless": "allow",
        "hero1": "river-montoya",
        "hero2": "troq-bashar",
        "first_player": "p2",
    },
    "basic-teams": {"hero1": ["troq-bashar", "river-montoya"], "hero2": ["river-montoya", "troq-bashar"]},
}
"""Played in the default run: each colour's three heroes against the same three, other options, two heroes."""

MATCHUPS: dict[str, dict[str, Any]] = {
    f"{a}-{b}": {"hero1": a, "hero2": b}
    for heroes in COLOURS.values()
    for a, b in [(heroes[0], heroes[1]), (heroes[1], heroes[2]), (heroes[2], heroes[0]), (heroes[0], "troq-bashar")]
}
"""One hero each, every colour's heroes against each other and against the basic hero: the deep profile."""


FULL_GAMES = Style(revise=0.1)
"""No resignations: with two seats one ends the game, and these playouts are here to reach every card."""


@pytest.mark.parametrize("name", sorted(TEAMS))
def test_each_colour_keeps_every_promise(name: str) -> None:
    seed = sorted(TEAMS).index(name) + 11
    log = DEPTH.check(GAME, 2, seed, TEAMS[name], style=FULL_GAMES, extra=OneZoneEach())
    assert log.finished and len(log.moves) > 50


@pytest.mark.deep
@pytest.mark.parametrize("name", sorted(MATCHUPS))
def test_every_matchup_keeps_every_promise(name: str) -> None:
    for seed in range(3):
        assert DEPTH.check(GAME, 2, seed, MATCHUPS[name], style=FULL_GAMES, extra=OneZoneEach()).finished


@pytest.mark.parametrize("name", sorted(TEAMS))
def test_weighted_games_end(name: str) -> None:
    for seed in range(DEPTH.bare):
        log = play_out(GAME, 2, seed, TEAMS[name], style=WEIGHTED)
        assert log.finished, f"seed {seed} did not finish in {len(log.moves)} moves"


@pytest.mark.deep
@pytest.mark.parametrize("chunk", range(4))
def test_many_weighted_games_end(chunk: int) -> None:
    for seed in range(chunk * 50, chunk * 50 + 50):
        log = play_out(GAME, 2, seed, style=WEIGHTED)
        assert log.finished and GAME.to_move(log.final) == frozenset(), f"seed {seed}: {len(log.moves)} moves"
    for name in sorted(MATCHUPS)[chunk::4]:
        assert play_out(GAME, 2, chunk, MATCHUPS[name], style=WEIGHTED).finished, name

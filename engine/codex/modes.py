"""The game modes: how many seats each takes, how many heroes a player brings, and who plays with whom.

- `1-hero`: the basic game, two players with one hero each.
- `standard`: two players with a team of three heroes each (the rulebook's competitive game); smaller teams
  are accepted (a handicap, or the multi-hero rules while few heroes are playable).
- `2v2`: Two-Headed Dragon, four players in two teams sharing a 30-HP base; teammates act in the same turn.
- `ffa`: free-for-all, three to five players; the first base destroyed ends the game, the healthiest wins.

This module only reads options; what a mode changes in play lives with the rule it changes (seats.py for
teams and turn order, ffa.py for the free-for-all extras).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core import BadOptions
from engine.i18n import Text, joined, listing, t

ONE_HERO = "1-hero"
STANDARD = "standard"
TEAMS = "2v2"
FFA = "ffa"
AUTO = "auto"
MODES: tuple[str, ...] = (ONE_HERO, STANDARD, TEAMS, FFA)


SEATS: dict[str, tuple[int, ...]] = {ONE_HERO: (2,), STANDARD: (2,), TEAMS: (4,), FFA: (3, 4, 5)}
"""Seat counts each mode can be played with."""

TEAM_SIZES: dict[str, tuple[int, int]] = {ONE_HERO: (1, 1), STANDARD: (1, 3), TEAMS: (1, 3), FFA: (1, 3)}
"""The fewest and most heroes a player may bring in each mode. The standard game is three heroes each; a
smaller team plays the same rules with its own codex (a handicap, or a game while few heroes are playable)."""

RANDOM = "random"
"""A hero option value: a random team drawn from the match's seed among the playable heroes."""

TEAM_SPLITS: tuple[str, ...] = ("p1+p3", "p1+p2", "p1+p4")
"""The `teams` option of 2v2: the seats playing with p1; the other two form the second team."""


_TITLE_KEYS = {ONE_HERO: "one-hero", STANDARD: "standard", TEAMS: "teams", FFA: "ffa"}
"""A mode's key in the catalogue (a message's choice is named like an identifier)."""


def title(mode: str) -> Text:
    """A mode as players read it: "1-hero game", "Two-Headed Dragon (2v2)"."""
    return t("codex-mode", mode=_TITLE_KEYS[mode])


def resolve_mode(value: Any, players: int, teams: Sequence[list[str] | str]) -> str:
    """The concrete mode of a table of `players` seats: the option as given, or `auto` worked out from the
    seat count (4 seats play 2v2 unless `ffa` is asked for) and, for two players, the size of the teams."""
    if value == AUTO:
        if players == 2:
            return STANDARD if any(isinstance(t, list) and len(t) > 1 for t in teams) else ONE_HERO
        return TEAMS if players == 4 else FFA
    if value not in MODES:
        raise BadOptions(t("codex-bad-mode", modes=joined([AUTO, *MODES], ", "), value=repr(value)))
    if players not in SEATS[value]:
        other = [m for m in MODES if players in SEATS[m]]
        counts = SEATS[value]
        exact = "yes" if len(counts) == 1 else "no"
        wrong = t("codex-mode-seats", mode=title(value), low=counts[0], high=counts[-1], players=players, exact=exact)
        hint = t("codex-mode-play", players=players, modes=listing(other, "or")) if other else ""
        raise BadOptions(joined([wrong, hint], " "))
    return value


def check_team(mode: str, seat: int, heroes: list[str]) -> None:
    """Refuse a team of the wrong size for the mode, saying what the mode wants."""
    low, high = TEAM_SIZES[mode]
    if low <= len(heroes) <= high:
        return
    who = f"p{seat + 1}"
    if mode == ONE_HERO:
        raise BadOptions(t("codex-one-hero", seat=who, heroes=len(heroes)))
    raise BadOptions(t("codex-team-size", mode=title(mode), seat=who, heroes=len(heroes)))


def random_team(
    rng: random.Random, size: int, playable: Sequence[str], starters_ok: set[str], colour_of: dict[str, str]
) -> list[str]:
    """A random team of up to `size` different heroes. The first hero names the starter deck by default, so
    it is drawn among the heroes whose colour's starter deck can be played."""
    pool = list(playable)
    rng.shuffle(pool)
    lead = next((h for h in pool if colour_of[h] in starters_ok), None)
    if lead is None:
        return []
    return [lead, *[h for h in pool if h != lead][: size - 1]]


def team_split(value: Any, players: int) -> list[int]:
    """Team index per seat for 2v2 from the `teams` option ("p1+p3": p1 and p3 play together)."""
    if players != 4:
        return list(range(players))
    if value not in TEAM_SPLITS:
        raise BadOptions(t("codex-bad-teams", splits=joined(TEAM_SPLITS, ", "), value=repr(value)))
    partner = int(str(value)[-1]) - 1
    return [0 if seat in (0, partner) else 1 for seat in range(4)]


def split_of_choices(wanted: Sequence[int | None]) -> str | None:
    """The `teams` value that honours each player's chosen team (1 or 2, None for no choice), or None when
    nobody chose. Team 1 is p1's team, unless p1 chose team 2. Refuses choices that cannot be met (three
    players on one team)."""
    if all(w is None for w in wanted):
        return None
    counts = {t: sum(1 for w in wanted if w == t) for t in (1, 2)}
    full = next((t for t, n in counts.items() if n > 2), None)
    if full is not None:
        raise BadOptions(t("codex-team-full", players=counts[full], team=full))
    mine = wanted[0] or 1
    for split in TEAM_SPLITS:
        teams = [1 if t == 0 else 2 for t in team_split(split, 4)]
        if mine == 2:
            teams = [3 - t for t in teams]
        if all(w is None or w == t for w, t in zip(wanted, teams, strict=True)):
            return split
    raise BadOptions(t("codex-teams-impossible"))

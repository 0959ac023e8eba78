"""Match options: the team of each player and every rules reading a table might want the other way.

Each interpretation option names the digest item it settles (docs/codex/rules.md lists them all).
"""

from __future__ import annotations

from typing import Any

from engine.codex import modes
from engine.codex.cards import catalog
from engine.codex.variants import names as variant_names
from engine.core import PIECES_OPTION, BadOptions, rng_for
from engine.i18n import Text, joined, t, typed

MAX_SEATS = 5
SEAT_NAMES = tuple(f"p{i + 1}" for i in range(MAX_SEATS))
MODES = modes.MODES
"""The modes a table may choose (the Discord command lists them)."""

CHOICES: dict[str, tuple[str, ...]] = {
    "mode": (modes.AUTO, *modes.MODES),
    "first_player": ("random", *SEAT_NAMES),
    "reshuffle_limit": ("main_phase", "turn"),
    "surplus": ("upkeep", "draw_phase"),
    "hero_cooldown": ("skip_next_own_turn", "literal"),
    "tech_tiers": ("strict", "higher_counts"),
    "tech3_needs_tech2": ("no", "yes"),
    "rebuild": ("needs_workers", "free"),
    "overpower_armor": ("counts", "ignored"),
    "overpower_deathtouch": ("one", "normal"),
    "targetless": ("forbid", "allow"),
    "oath_binds": ("swearer", "controller"),
    "trigger_order": ("ask", "auto"),
    "both_bases": ("draw", "active_wins"),
    "addon_rebuild": ("full", "free"),
    "building_card_base_damage": ("no", "yes"),
    "granted_ability_colour": ("granter", "holder"),
    "variant": variant_names(),
    "teams": modes.TEAM_SPLITS,
    "ffa_tiebreak": ("round", "turn"),
}

DEFAULTS: dict[str, Any] = {
    "mode": modes.AUTO,
    "hero1": "auto",
    "hero2": "auto",
    "hero3": "auto",
    "hero4": "auto",
    "hero5": "auto",
    "starter1": "auto",
    "starter2": "auto",
    "starter3": "auto",
    "starter4": "auto",
    "starter5": "auto",
    "teams": "p1+p3",
    "ffa_tiebreak": "round",
    "starting_gold": 0,
    "first_player": "random",
    "reshuffle_limit": "main_phase",
    "surplus": "upkeep",
    "hero_cooldown": "skip_next_own_turn",
    "tech_tiers": "strict",
    "tech3_needs_tech2": "no",
    "rebuild": "needs_workers",
    "overpower_armor": "counts",
    "overpower_deathtouch": "one",
    "targetless": "forbid",
    "oath_binds": "swearer",
    "trigger_order": "ask",
    "both_bases": "draw",
    "variant": "none",
    "addon_rebuild": "full",
    "building_card_base_damage": "no",
    "granted_ability_colour": "granter",
}

HELP: dict[str, Text] = {
    "mode": t("codex-help-mode"),
    "hero1": t("codex-help-hero1"),
    "hero2": t("codex-help-hero2"),
    "hero3": t("codex-help-hero3"),
    "hero4": t("codex-help-hero4"),
    "hero5": t("codex-help-hero5"),
    "starter1": t("codex-help-starter1"),
    "starter2": t("codex-help-starter2"),
    "starter3": t("codex-help-starter3"),
    "starter4": t("codex-help-starter4"),
    "starter5": t("codex-help-starter5"),
    "teams": t("codex-help-teams"),
    "ffa_tiebreak": t("codex-help-ffa-tiebreak"),
    "starting_gold": t("codex-help-starting-gold"),
    "first_player": t("codex-help-first-player"),
    "reshuffle_limit": t("codex-help-reshuffle-limit"),
    "surplus": t("codex-help-surplus"),
    "hero_cooldown": t("codex-help-hero-cooldown"),
    "tech_tiers": t("codex-help-tech-tiers"),
    "tech3_needs_tech2": t("codex-help-tech3-needs-tech2"),
    "rebuild": t("codex-help-rebuild"),
    "overpower_armor": t("codex-help-overpower-armor"),
    "overpower_deathtouch": t("codex-help-overpower-deathtouch"),
    "targetless": t("codex-help-targetless"),
    "oath_binds": t("codex-help-oath-binds"),
    "trigger_order": t("codex-help-trigger-order"),
    "both_bases": t("codex-help-both-bases"),
    "addon_rebuild": t("codex-help-addon-rebuild"),
    "variant": t("codex-help-variant"),
    "building_card_base_damage": t("codex-help-building-card-base-damage"),
    "granted_ability_colour": t("codex-help-granted-ability-colour"),
}


def shown(value: Any) -> str:
    """An option's value as a refusal quotes it (clipped: it is what someone typed)."""
    return typed(repr(value))


def heroes_available() -> tuple[str, ...]:
    """Heroes whose whole content (their abilities and their spec's cards) is implemented.

    Asked for when needed, not at import: colour modules register their vocabulary words while the package
    loads, and the card data can only be checked once every word is known."""
    return catalog().playable_heroes()


def __getattr__(name: str) -> Any:
    if name == "HEROES_AVAILABLE":
        return heroes_available()
    raise AttributeError(name)


BASIC_HEROES = ("troq-bashar", "river-montoya")
"""The 1-hero game's heroes when none are chosen: the rulebook's recommended first match."""


def starters_available() -> set[str]:
    """Colours whose ten-card starter deck is implemented (asked for when needed, like the heroes)."""
    cat = catalog()
    colours = {c.facts.colour for c in cat.cards.values() if c.facts.starting_zone == "deck"}
    return {c for c in colours if cat.starter(c) and all(cat.implemented(card.id) for card in cat.starter(c))}


def heroes_of(value: Any) -> list[str]:
    """A team from a hero option: one id or a list of different ids, each a playable hero."""
    items = [value] if isinstance(value, str) else list(value) if isinstance(value, list) else None
    if not items or not all(isinstance(h, str) for h in items):
        raise BadOptions(t("codex-bad-hero-option", value=shown(value)))
    out = [h.strip().lower().replace(" ", "-").replace("_", "-") for h in items]
    for h in out:
        available = heroes_available()
        if h not in available:
            raise BadOptions(t("codex-unknown-hero", hero=shown(h), heroes=joined(available, ", ")))
    if len(out) > 3 or len(set(out)) != len(out):
        raise BadOptions(t("codex-team-one-to-three"))
    return out


def check_hero_choice(value: Any) -> None:
    """A player's own choice at the table: a hero, a team, or random."""
    if value not in (modes.RANDOM, "auto"):
        heroes_of(value)


def _colour(hero: str) -> str:
    return catalog()[hero].facts.colour


def _team(value: Any, mode: str, seat: int, seed: int) -> list[str]:
    if value == modes.RANDOM:
        size = modes.TEAM_SIZES[mode][1]
        rng = rng_for(seed, 0, f"heroes{seat + 1}")
        heroes = heroes_available()
        colours = {h: _colour(h) for h in heroes}
        team = modes.random_team(rng, size, heroes, starters_available(), colours)
        if len(team) < modes.TEAM_SIZES[mode][0]:
            raise BadOptions(t("codex-too-few-heroes", mode=modes.title(mode)))
        return team
    team = heroes_of(value)
    modes.check_team(mode, seat, team)
    return team


def _starter(value: Any, team: list[str], seat: int) -> str:
    """The colour of the seat's starter deck: one of its heroes' colours (auto: the first hero's)."""
    colours = [_colour(h) for h in team]
    colour = colours[0] if value == "auto" else value
    if colour not in colours:
        raise BadOptions(
            t(
                "codex-bad-starter",
                number=seat + 1,
                colours=joined(list(dict.fromkeys(colours)), ", "),
                value=shown(value),
            )
        )
    playable = starters_available()
    if colour not in playable:
        others = [c for c in dict.fromkeys(colours) if c in playable]
        ready = joined(others, ", ") if others else t("codex-none")
        raise BadOptions(t("codex-starter-missing", colour=str(colour), number=seat + 1, colours=ready))
    return str(colour)


def resolve(options: dict[str, Any], players: int = 2, seed: int = 0) -> dict[str, Any]:
    """Every option with its default, checked, for a table of `players`: the mode made concrete, each seat's
    team of heroes (random teams drawn from the seed) and starter colour."""
    unknown = set(options) - set(DEFAULTS) - {PIECES_OPTION}  # a scenario's own cards: engine/codex/pieces.py
    if unknown:
        named = joined([typed(name, 60) for name in sorted(unknown)], ", ")
        raise BadOptions(t("codex-unknown-options", options=named, known=joined(sorted(DEFAULTS), ", ")))
    extra = [
        k
        for k, v in options.items()
        if k[-1].isdigit() and k[:-1] in ("hero", "starter") and int(k[-1]) > players and v != "auto"
    ]
    if extra:
        raise BadOptions(t("codex-options-for-absent-seats", players=players, options=joined(sorted(extra), ", ")))
    out = dict(DEFAULTS)
    out.update(options)
    for name, allowed in CHOICES.items():
        if out[name] not in allowed:
            raise BadOptions(
                t("codex-option-choices", option=name, choices=joined(allowed, ", "), value=shown(out[name]))
            )
    gold = out["starting_gold"]
    if not isinstance(gold, int) or isinstance(gold, bool) or not 0 <= gold <= 20:
        raise BadOptions(t("codex-starting-gold"))
    first = out["first_player"]
    if first != "random" and int(first[1:]) > players:
        raise BadOptions(t("codex-first-player", players=players, value=shown(first)))
    out["mode"] = mode = modes.resolve_mode(out["mode"], players, [out[f"hero{i + 1}"] for i in range(players)])
    for seat in range(MAX_SEATS):
        if seat >= players:
            out.pop(f"hero{seat + 1}")
            out.pop(f"starter{seat + 1}")
            continue
        value = out[f"hero{seat + 1}"]
        if value == "auto":
            # The basic game's suggested match-up; every other mode draws a random team.
            value = BASIC_HEROES[seat] if mode == modes.ONE_HERO else modes.RANDOM
        team = _team(value, mode, seat, seed)
        out[f"hero{seat + 1}"] = team
        out[f"starter{seat + 1}"] = _starter(out[f"starter{seat + 1}"], team, seat)
    modes.team_split(out["teams"], players)
    return out

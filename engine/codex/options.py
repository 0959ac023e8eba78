"""Match options: the team of each player and every rules reading a table might want the other way.

Each interpretation option names the digest item it settles (docs/codex/rules.md lists them all).
"""

from __future__ import annotations

from typing import Any

from engine.codex import modes
from engine.codex.cards import catalog
from engine.codex.variants import names as variant_names
from engine.core import PIECES_OPTION, BadOptions, rng_for

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

HELP: dict[str, str] = {
    "mode": "auto (from the seats and teams), 1-hero, standard (three heroes each), 2v2 (Two-Headed Dragon, "
    "four players) or ffa (free-for-all, three to five players).",
    "hero1": "p1's hero id, a list of up to three hero ids (a team), or random. auto: troq-bashar in the 1-hero "
    "game, a random team in the others.",
    "hero2": "p2's hero, team or random (auto: river-montoya in the 1-hero game, else a random team).",
    "hero3": "p3's hero, team or random (2v2 and free-for-all; auto is a random team).",
    "hero4": "p4's hero, team or random (2v2 and free-for-all; auto is a random team).",
    "hero5": "p5's hero, team or random (free-for-all; auto is a random team).",
    "starter1": "p1's starter deck: auto (the colour of the first hero) or the colour of another of p1's heroes "
    "(the rulebook does not say which deck a team of several colours uses).",
    "starter2": "p2's starter deck: auto or a colour of one of p2's heroes.",
    "starter3": "p3's starter deck: auto or a colour of one of p3's heroes.",
    "starter4": "p4's starter deck: auto or a colour of one of p4's heroes.",
    "starter5": "p5's starter deck: auto or a colour of one of p5's heroes.",
    "teams": "2v2: p1's partner (p1+p3, p1+p2 or p1+p4); the other two players form the second team.",
    "ffa_tiebreak": "Free-for-all, when the healthiest bases are tied: the tied players each take one more turn "
    "and the tie is looked at again after the whole round (round), or after every one of those turns (turn).",
    "starting_gold": "Gold each player holds before the first upkeep (the rulebook is silent; 0).",
    "first_player": "Who takes the first turn: random or a seat (p1, p2, ...); in 2v2 that player's team.",
    "reshuffle_limit": "Reshuffling the discard into the deck is limited to once per main phase (the text) "
    "or once per whole turn, draw phase included.",
    "surplus": "Surplus draws its extra card in your upkeep (its printed text) or in your draw phase.",
    "hero_cooldown": "A dead hero skips its owner's next turn whenever it died (default), or, literally, "
    "only misses the very next turn after its death.",
    "tech_tiers": "Tech I cards need a living Tech I (strict), or any higher living tech building counts.",
    "tech3_needs_tech2": "Tech III cards also need the Tech II building alive.",
    "rebuild": "Rebuilding a destroyed tech building is free but still needs the worker count (default), "
    "or needs nothing at all.",
    "overpower_armor": "Overpower's excess is what is left after the patroller's HP and armor (counts) or "
    "after its HP alone (ignored).",
    "overpower_deathtouch": "With deathtouch, 1 damage is lethal for overpower's excess (one) or not (normal).",
    "targetless": "A spell or ability whose every step needs a target cannot be used without one (forbid), "
    "or may be used to no effect (allow).",
    "oath_binds": "Oathkeeper of Kor Mountain's oath holds the player who swore it, whoever controls it later "
    "(swearer), or whoever controls Oathkeeper now (controller).",
    "trigger_order": "When several effects happen at once, the active player orders them (ask) or the "
    "engine uses card order (auto).",
    "both_bases": "If both bases fall at once: a draw, or the active player wins.",
    "addon_rebuild": "An add-on the opponent destroyed costs its full price to rebuild (full), or nothing "
    "(free, as tech buildings are).",
    "variant": "A named data variant (a balance patch) that changes card facts for this match; none plays the "
    "printed cards. The variants are the files in engine/codex/data/variants/.",
    "building_card_base_damage": "A destroyed building card from a codex also deals 2 damage to its owner's "
    "base (yes), or only tech buildings and add-ons do (no).",
    "granted_ability_colour": "For Hotter Fire's red abilities: an ability one card gives another (Pirate-Gang "
    "Commander's death ping) has the giver's colour (granter), or the colour of the thing that has it (holder).",
}


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
        raise BadOptions(f"A hero option must be a hero id, a list of ids or random, not {value!r}.")
    out = [h.strip().lower().replace(" ", "-").replace("_", "-") for h in items]
    for h in out:
        available = heroes_available()
        if h not in available:
            raise BadOptions(f"Unknown or unavailable hero {h!r}. Available: {', '.join(available)}.")
    if len(out) > 3 or len(set(out)) != len(out):
        raise BadOptions("A team has one to three different heroes.")
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
            raise BadOptions(f"Too few heroes are playable for a random team in the {modes.TITLES[mode]}.")
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
            f"starter{seat + 1} must be auto or the colour of one of p{seat + 1}'s heroes "
            f"({', '.join(dict.fromkeys(colours))}), not {value!r}."
        )
    playable = starters_available()
    if colour not in playable:
        raise BadOptions(
            f"The {colour} starter deck is not implemented yet, so p{seat + 1} cannot use it; "
            f"set starter{seat + 1} to another of the team's colours that is: "
            f"{', '.join(c for c in dict.fromkeys(colours) if c in playable) or 'none'}."
        )
    return str(colour)


def resolve(options: dict[str, Any], players: int = 2, seed: int = 0) -> dict[str, Any]:
    """Every option with its default, checked, for a table of `players`: the mode made concrete, each seat's
    team of heroes (random teams drawn from the seed) and starter colour."""
    unknown = set(options) - set(DEFAULTS) - {PIECES_OPTION}  # a scenario's own cards: engine/codex/pieces.py
    if unknown:
        raise BadOptions(f"Unknown options: {', '.join(sorted(unknown))}. Known: {', '.join(sorted(DEFAULTS))}.")
    extra = [
        k
        for k, v in options.items()
        if k[-1].isdigit() and k[:-1] in ("hero", "starter") and int(k[-1]) > players and v != "auto"
    ]
    if extra:
        raise BadOptions(f"This table has {players} players, so {', '.join(sorted(extra))} cannot be set.")
    out = dict(DEFAULTS)
    out.update(options)
    for name, allowed in CHOICES.items():
        if out[name] not in allowed:
            raise BadOptions(f"Option {name} must be one of {', '.join(allowed)}, not {out[name]!r}.")
    gold = out["starting_gold"]
    if not isinstance(gold, int) or isinstance(gold, bool) or not 0 <= gold <= 20:
        raise BadOptions("starting_gold must be a whole number from 0 to 20.")
    first = out["first_player"]
    if first != "random" and int(first[1:]) > players:
        raise BadOptions(f"first_player must be random or one of p1-p{players}, not {first!r}.")
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

"""Match options: the team of each player and every rules reading a table might want the other way.

Each interpretation option names the digest item it settles (docs/codex.md lists them all).
"""

from __future__ import annotations

from typing import Any

from engine.codex.cards import catalog
from engine.codex.variants import names as variant_names
from engine.core import BadOptions

CHOICES: dict[str, tuple[str, ...]] = {
    "first_player": ("random", "p1", "p2"),
    "reshuffle_limit": ("main_phase", "turn"),
    "surplus": ("upkeep", "draw_phase"),
    "hero_cooldown": ("skip_next_own_turn", "literal"),
    "tech_tiers": ("strict", "higher_counts"),
    "tech3_needs_tech2": ("no", "yes"),
    "rebuild": ("needs_workers", "free"),
    "overpower_armor": ("counts", "ignored"),
    "overpower_deathtouch": ("one", "normal"),
    "targetless": ("forbid", "allow"),
    "trigger_order": ("ask", "auto"),
    "both_bases": ("draw", "active_wins"),
    "addon_rebuild": ("full", "free"),
    "building_card_base_damage": ("no", "yes"),
    "variant": variant_names(),
}

DEFAULTS: dict[str, Any] = {
    "hero1": "troq-bashar",
    "hero2": "river-montoya",
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
    "trigger_order": "ask",
    "both_bases": "draw",
    "variant": "none",
    "addon_rebuild": "full",
    "building_card_base_damage": "no",
}

HELP: dict[str, str] = {
    "hero1": "p1's hero id, or a list of 2-3 hero ids for the multi-hero rules (troq-bashar, river-montoya).",
    "hero2": "p2's hero id or list of hero ids.",
    "starting_gold": "Gold each player holds before the first upkeep (the rulebook is silent; 0).",
    "first_player": "Who takes the first turn: random, p1 or p2.",
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
    "trigger_order": "When several effects happen at once, the active player orders them (ask) or the "
    "engine uses card order (auto).",
    "both_bases": "If both bases fall at once: a draw, or the active player wins.",
    "addon_rebuild": "An add-on the opponent destroyed costs its full price to rebuild (full), or nothing "
    "(free, as tech buildings are).",
    "variant": "A named data variant (a balance patch) that changes card facts for this match; none plays the "
    "printed cards. The variants are the files in engine/codex/data/variants/.",
    "building_card_base_damage": "A destroyed building card from a codex also deals 2 damage to its owner's "
    "base (yes), or only tech buildings and add-ons do (no).",
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


def heroes_of(value: Any) -> list[str]:
    items = [value] if isinstance(value, str) else list(value) if isinstance(value, list) else None
    if not items or not all(isinstance(h, str) for h in items):
        raise BadOptions(f"A hero option must be a hero id or a list of ids, not {value!r}.")
    out = [h.strip().lower().replace(" ", "-").replace("_", "-") for h in items]
    for h in out:
        available = heroes_available()
        if h not in available:
            raise BadOptions(f"Unknown or unavailable hero {h!r}. Available: {', '.join(available)}.")
    if len(out) > 3 or len(set(out)) != len(out):
        raise BadOptions("A team has one to three different heroes.")
    return out


def resolve(options: dict[str, Any]) -> dict[str, Any]:
    unknown = set(options) - set(DEFAULTS)
    if unknown:
        raise BadOptions(f"Unknown options: {', '.join(sorted(unknown))}. Known: {', '.join(sorted(DEFAULTS))}.")
    out = dict(DEFAULTS)
    out.update(options)
    for name, allowed in CHOICES.items():
        if out[name] not in allowed:
            raise BadOptions(f"Option {name} must be one of {', '.join(allowed)}, not {out[name]!r}.")
    gold = out["starting_gold"]
    if not isinstance(gold, int) or isinstance(gold, bool) or not 0 <= gold <= 20:
        raise BadOptions("starting_gold must be a whole number from 0 to 20.")
    out["hero1"] = heroes_of(out["hero1"])
    out["hero2"] = heroes_of(out["hero2"])
    return out

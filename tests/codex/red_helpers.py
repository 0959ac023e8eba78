"""Positions the Red card and ruling tests start from."""

from __future__ import annotations

from engine.codex.scenario import Table

SPEC_OF = {"captain-zane": "anarchy", "drakk-ramhorn": "blood", "jaina-stormborne": "fire"}


def table(
    hero: str = "captain-zane",
    level: int = 1,
    gold: int = 20,
    max_since_start: bool = False,
    techs: bool = True,
) -> tuple[Table, int]:
    """P1 to act with `gold`, empty hands and decks, `hero` in play at `level` (maximum level since the start of
    the turn if `max_since_start`), and with `techs` a finished Tech I and a Tech II for the hero's spec."""
    t = Table()
    t.clear()
    t.gold(0, gold)
    hero_uid = t.put(0, hero, level=level)
    t.thing(hero_uid).max_at_start = max_since_start
    if techs:
        t.built(0, "tech1", "tech2", spec=SPEC_OF.get(hero))
    return t, hero_uid


def of(t: Table, card: str) -> list[int]:
    """The uids of the things in play printed as `card`, in uid order."""
    return sorted(u for u, x in t.s.things.items() if x.card == card)


def seats_table(mode: str, *heroes: str) -> Table:
    """A game of `mode` ("ffa", "2v2") with one hero per seat, p1 to act, empty hands and decks."""
    t = Table(players=len(heroes), mode=mode, **{f"hero{i + 1}": hero for i, hero in enumerate(heroes)})
    t.clear()
    return t

"""Positions the Purple tests start from (a helper module, not a test module)."""

from __future__ import annotations

from engine.codex.scenario import Table
from tests.codex.test_keywords import extra_ability

__all__ = ["extra_ability", "forecast", "hero_of", "next_turn_of", "table", "things"]

SPEC_HERO = {"future": "vir-garbarean", "past": "prynn-pasternaak", "present": "max-geiger"}


def table(hero: str = "vir-garbarean", level: int = 1, gold: int = 20, max_since_start: bool = False) -> Table:
    """An empty table (hands, decks and discards cleared) where P1 has `gold` and controls a Purple hero.

    The hero is put into play as a guest (the default teams stay Troq Bashar and River Montoya), so the
    Purple hero spells have their caster; `max_since_start` makes a max-level hero able to cast ultimates.
    """
    t = Table()
    t.clear()
    t.gold(0, gold)
    h = t.put(0, hero, level=level)
    t.thing(h).max_at_start = max_since_start
    return t


def hero_of(t: Table, seat: int = 0) -> int:
    return next(u for u, th in t.s.things.items() if th.ctrl == seat and t.cat[th.card].type == "hero")


def things(t: Table, cid: str, seat: int | None = None) -> list[int]:
    """Things in play of card `cid` (of `seat`'s, if given), in uid order."""
    return sorted(u for u, th in t.s.things.items() if th.card == cid and (seat is None or th.ctrl == seat))


def forecast(t: Table, seat: int, name: str, runes: int) -> int:
    """Put a card straight into `seat`'s future with `runes` time runes."""
    (uid,) = t.give(seat, name)
    t.s.players[seat].hand.remove(uid)
    t.s.players[seat].future[uid] = runes
    return uid


def next_turn_of(t: Table, seat: int) -> None:
    """End turns until `seat` is in its main phase (tech picks made at random-free defaults)."""
    for _ in range(4):
        if t.s.active == seat and t.s.phase == "main" and t.s.pending is None:
            return
        t.end_turn()
    raise AssertionError("could not reach that seat's main phase")

"""Damage prevention: effects that stop some or all of the damage about to be dealt to something.

Every damage goes through `prevent` (spells, abilities, combat, and the 2 damage a base takes when a tech
building or add-on is lost). A preventer sees the whole hit (how much, combat or not, deathtouch, whether
overpower already cut it down to what is lethal) and returns how much is still dealt. Preventers run in
registration order; once nothing is left the rest are not asked, so none spends a resource for nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.codex.ctx import G
from engine.codex.seats import base_seat
from engine.codex.stats import Q, Ref


@dataclass(frozen=True, slots=True)
class Hit:
    ref: Ref
    n: int
    combat: bool = False
    deathtouch: bool = False
    piercing: bool = False
    by: int | None = None
    """The seat dealing it (None: no one's, e.g. a lost building)."""
    cut: bool = False
    """Overpower sent the excess elsewhere: this is only the part that was lethal (Focus Master ruling)."""
    together: tuple[Hit, ...] = ()
    """Every hit landing on the same thing at the same moment (one combat damage step), this one included, in
    the order they are dealt; empty when it lands alone. "Would take exactly lethal damage" looks at them all."""
    nth: int = 0
    """This hit's place in `together`."""
    ability: bool = False
    """Dealt by a spell or an ability: any damage that is not combat damage, and of combat damage sparkshot's,
    the Tower's and overpower's excess (rulings: they are abilities), not a fighter's own strike."""


Preventer = Callable[[G, Q, Hit], int]
PREVENT: list[Preventer] = []
"""`(g, q, hit) -> damage still dealt`; register by appending."""


def prevent(g: G, qq: Q, hit: Hit) -> int:
    n = hit.n
    for fn in PREVENT:
        if n <= 0:
            break
        left = max(0, fn(g, qq, replace(hit, n=n)))
        if left < n:
            g.emit("prevented", ref=hit.ref, n=n - left)
        n = left
    return n


def lose_building(g: G, seat: int, n: int = 2, by: int | None = None) -> None:
    """A tech building or add-on of `seat` is gone: its base takes `n` damage (preventable like any), dealt
    by seat `by` when someone destroyed it. In 2v2 it is the team's shared base."""
    home = base_seat(g.s, seat)
    ref = f"{home}:base"
    n = prevent(g, Q(g.s, g.cat), Hit(ref, n, by=by))
    if n > 0:
        g.p(home).base_damage += n
        g.emit("damage", ref=ref, n=n, combat=False, why="building lost")

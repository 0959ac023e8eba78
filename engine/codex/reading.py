"""Typed Codex notation read into the action it names, legal now or not (the protocol's `read_action`).

The parser (notation.py) plays only the exact text of a legal action. When a text matches none, and the
grammar (notation_check.py) finds it well formed, this reads it anyway, so the refusal can say why that
action is not legal now (reasons.py). A card is found where the player can see it, in the order the verb
looks for it (`play` in the hand first, then the discard pile, ...), by its printed name or its `Name#n`
label; a card in none of those places is named by its card id, which no legal action ever holds, so the
reason says where it is missing. Nothing is read from places the player may not see (an opponent's hand).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.codex import actions as A
from engine.codex.ctx import G
from engine.codex.notation import Namer, ability_name, choice_label
from engine.codex.notation_check import _COPY, _OWNER, BUILDINGS
from engine.codex.rules import future_abilities
from engine.codex.seats import has_base
from engine.codex.state import ADDONS, SLOTS
from engine.core import Action, normalise_notation

CardRef = int | str
"""A uid in sight, or the card id of a card with no copy in sight."""


class Sight:
    """What `seat` can see, by zone, and the names it goes by there."""

    def __init__(self, g: G, seat: int) -> None:
        self.g, self.seat = g, seat
        self.namer = Namer(g, seat)
        s, p = g.s, g.p(seat)
        things = sorted(s.things)
        self.mine = [u for u in things if s.things[u].ctrl == seat]
        self.theirs = [u for u in things if s.things[u].ctrl != seat]
        self.hand, self.discard, self.workers = p.hand, p.discard, p.worker_cards
        self.command, self.future = p.command, sorted(p.future)

    def card(self, text: str, *zones: Iterable[int]) -> CardRef | None:
        """The first card of `zones` that `text` names; else the card id the name is of; None for no card."""
        wanted = normalise_notation(text)
        if not wanted:
            return None
        for zone in zones:
            for uid in zone:
                forms = (self.namer.name(uid), self.namer.thing(uid), self.namer.thing(uid, True))
                if wanted in {normalise_notation(f) for f in forms}:
                    return uid
        m = _COPY.match(wanted)
        return self.g.cat.by_name.get((m.group("name") if m else wanted).strip())

    def in_play(self, text: str) -> CardRef | None:
        """A thing that acts (attacks, patrols, levels up): one's own first, then another's in play, then a
        card of one's own not in play."""
        return self.card(text, self.mine, self.theirs, self.command, self.hand, self.discard)

    def building(self, text: str) -> str | None:
        """A building ref ("1:tech2") as the player names it from their side: `base`, `my tech1`, `p3 tower`.
        A player without an add-on is read as having any kind of one, so "no add-on" can be the reason."""
        wanted = normalise_notation(text)
        s = self.g.s
        for x in range(len(s.players)):
            refs = [f"{x}:base"] if has_base(s, x) else []
            for ref in [*refs, f"{x}:tech1", f"{x}:tech2", f"{x}:tech3"]:
                if normalise_notation(self.namer.ref(ref)) == wanted:
                    return ref
            side = normalise_notation(self.namer.ref(f"{x}:tech1"))[: -len("tech1")]
            addon = s.players[x].addon
            kinds = [addon.kind] if addon is not None else list(ADDONS)
            if any(wanted == side + kind for kind in kinds):
                return f"{x}:addon"
        return None


Reader = Callable[[Sight, str], Action | None]


def _play(sight: Sight, rest: str) -> Action | None:
    boost = ()
    if rest.endswith(" boost") and rest not in sight.g.cat.by_name and not _COPY.match(rest):
        rest, boost = rest[: -len(" boost")], ("boost",)
    ref = sight.card(rest, sight.hand, sight.discard, sight.workers, sight.command, sight.mine, sight.future)
    return None if ref is None else A.act(A.PLAY, (ref, *boost))


def _worker(sight: Sight, rest: str) -> Action | None:
    ref = sight.card(rest, sight.hand, sight.discard, sight.workers, sight.mine)
    return None if ref is None else A.act(A.WORKER, (ref,))


def _summon(sight: Sight, rest: str) -> Action | None:
    ref = sight.card(rest, sight.command, sight.mine, sight.theirs)
    return None if ref is None else A.act(A.SUMMON, (ref,))


def _level(sight: Sight, rest: str) -> Action | None:
    name, _, n = rest.rpartition(" ")
    ref = sight.in_play(name) if n.isdigit() else None
    return None if ref is None else A.act(A.LEVEL, (ref, int(n)))


def _ability(sight: Sight, rest: str) -> Action | None:
    """`ability Name` or `ability Name: which` (the ability's name, or its number among the card's)."""
    name, which = rest, ""
    if rest not in sight.g.cat.by_name and ":" in rest:
        name, _, which = (x.strip() for x in rest.rpartition(":"))
    ref = sight.card(name, sight.mine, sight.future, sight.theirs, sight.command, sight.hand)
    if ref is None:
        return None
    return A.act(A.ABILITY, (ref, _ability_key(sight, ref, which)))


def _ability_key(sight: Sight, ref: CardRef, which: str) -> str:
    """The key of the ability `which` names on card `ref` ("" for none): any one of its activated abilities
    when only one has the name shown (or it has one), the one whose name or number is `which` otherwise."""
    g = sight.g
    if not isinstance(ref, int):
        return ""
    if ref in g.s.things:
        active = [(k, ab) for k, ab in g.stats().abilities(g.s.things[ref]) if "cost" in ab]
    elif ref in g.p(sight.seat).future:
        active = [(k, ab) for uid, k, ab in future_abilities(g, sight.seat) if uid == ref]
    else:
        return ""
    wanted = normalise_notation(which)
    for i, (key, ab) in enumerate(active):
        shown = ability_name(g, sight.seat, ref, key) if ref in g.s.things else ""
        if (not wanted and len(active) == 1) or wanted in {normalise_notation(shown), ab.get("name", ""), str(i + 1)}:
            return key
    return ""


def _detect(sight: Sight, rest: str) -> Action | None:
    ref = sight.card(rest, sight.theirs, sight.mine)
    return None if ref is None else A.act(A.DETECT, (ref,))


def _attack(sight: Sight, rest: str) -> Action | None:
    attacker, arrow, target = rest.partition("->")
    if not arrow:
        return None
    a = sight.in_play(attacker)
    ref = sight.building(target) or sight.card(target, sight.theirs, sight.mine)
    return None if a is None or ref is None else A.act(A.ATTACK, (a, ref))


def _patrol(sight: Sight, rest: str) -> Action | None:
    slot = next((s for s in SLOTS if rest.endswith(" " + s)), None)
    if slot is None:
        return None
    name = rest[: -len(slot)].strip()
    lender: tuple[str, ...] = ()
    head, _, last = name.rpartition(" ")
    if head and _OWNER.fullmatch(last) and sight.in_play(name) is None:
        name, lender = head, (last,)  # free-for-all lending: `patrol Tenderfoot p3 elite`
    ref = sight.in_play(name)
    return None if ref is None else A.act(A.PATROL, (ref, slot, *lender))


def _unpatrol(sight: Sight, rest: str) -> Action | None:
    ref = sight.in_play(rest)
    return None if ref is None else A.act(A.UNPATROL, (ref,))


def _build(sight: Sight, rest: str) -> Action | None:
    for kind in sorted(("tech1", "tech2", "tech3", *ADDONS), key=len, reverse=True):
        if rest == kind or rest.startswith(kind + " "):
            spec = rest[len(kind) :].strip()
            return A.act(A.BUILD, (kind, spec) if spec else (kind,))
    return None


def _raze(sight: Sight, rest: str) -> Action | None:
    return A.act(A.RAZE, (rest,)) if rest in BUILDINGS else None


def _tech(sight: Sight, rest: str) -> Action | None:
    found = [] if rest == "none" else sight.g.cat.split_names(rest)
    return None if found is None else A.act(A.TECH, tuple(sorted(found)))


def _choose(sight: Sight, rest: str) -> Action | None:
    """One of the options, by its label as shown (short or full); else the words, which no option is."""
    pending = sight.g.s.pending
    if pending is not None:
        for option in pending["options"]:
            for full in (False, True):
                if normalise_notation(choice_label(sight.g, sight.namer, pending, option, full)) == rest:
                    return Action(A.CHOOSE, (option,))
    return Action(A.CHOOSE, (rest,)) if rest else None


READERS: dict[str, Reader] = {
    A.PLAY: _play,
    A.SUMMON: _summon,
    A.LEVEL: _level,
    A.BUILD: _build,
    A.RAZE: _raze,
    A.WORKER: _worker,
    A.TECH: _tech,
    A.ATTACK: _attack,
    A.PATROL: _patrol,
    A.UNPATROL: _unpatrol,
    A.REPAIR: lambda sight, rest: A.act(A.REPAIR) if rest == "base" else None,
    A.ABILITY: _ability,
    A.DETECT: _detect,
    A.CHOOSE: _choose,
    A.END: lambda sight, rest: A.act(A.END) if not rest else None,
}
"""Verb -> its reader; every verb of actions.VERBS has one."""


def read(g: G, seat: int, text: str) -> Action | None:
    """The action `text` names for `seat`, legal now or not; None when it names none."""
    if not 0 <= seat < len(g.s.players):
        return None
    verb, _, rest = normalise_notation(text.replace("→", "->")).partition(" ")
    reader = READERS.get(verb)
    return reader(Sight(g, seat), rest.strip()) if reader is not None else None

"""Names in Codex positions: card names and labels ("Older Brother#3") to card ids and back, and the
making of the position's cards with their copy numbers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.codex.cards import Catalog
from engine.codex.state import State, Thing
from engine.core import JSON
from engine.i18n import Text, t, typed
from engine.scenario.errors import KeyPath, PositionError
from engine.scenario.fields import Fields, did_you_mean, kind_of, seat_index

SEATS = ["p1", "p2", "p3", "p4", "p5"]

# ------------------------------------------------------------------------------------------------ names


def card_id(cat: Catalog, name: str, path: KeyPath, what: str = "card") -> str:
    """The card id for a printed name (or an id), case-blind; unknown names get a suggestion. `what` is
    "card" or "hero": what the refusal says is missing."""
    key = name.strip().lower()
    if key in cat.by_name:
        return cat.by_name[key]
    if key in cat.cards:
        return key
    names = [c.name for c in cat.cards.values()]
    hint = did_you_mean(name, names)
    raise PositionError(t("codex-position-no-such", what=what, name=typed(repr(name)), hint=hint), path)


@dataclass
class Ref:
    """A card named in the position: its id, the copy number written (`Name#3`) if any, and where."""

    cid: str
    ordinal: int | None
    path: KeyPath


def parse_ref(cat: Catalog, text: Any, path: KeyPath, what: str = "card") -> Ref:
    if not isinstance(text, str):
        raise PositionError(t("codex-position-card-in-quotes", kind=kind_of(text)), path)
    name, ordinal = text, None
    head, sep, tail = text.rpartition("#")
    if sep and tail.strip().isdigit():
        name, ordinal = head, int(tail)
        if ordinal < 1:
            raise PositionError(t("codex-position-copy-numbers", ordinal=ordinal), path)
    return Ref(card_id(cat, name, path, what), ordinal, path)


@dataclass
class Held:
    """A card held by something in play (a Jail's inmate, a Graveyard's buried unit) and its owner."""

    ref: Ref
    owner: int
    uid: int = 0


def read_held(cat: Catalog, f: Fields, key: str, default_owner: int | None, what: Text) -> list[Held]:
    """`key`: a list of units, each "Name" (owned by `default_owner`) or {card = "Name", owner = "pN"}.
    Only non-token units are ever held."""
    raw = f.raw(key)
    if not isinstance(raw, list):
        raise f.fail(t("codex-position-held-list", key=key, kind=kind_of(raw)), key)
    out = []
    for i, item in enumerate(raw):
        path = (*f.path, key, i)
        if isinstance(item, str):
            if default_owner is None:
                raise PositionError(t("codex-position-whose", card=typed(item)), path)
            ref, owner = parse_ref(cat, item, path), default_owner
        else:
            entry = Fields(item, path, what)
            entry.only(("card", "owner"))
            if "card" not in entry:
                raise entry.fail(t("codex-position-needs-card", what=what))
            ref = parse_ref(cat, entry.raw("card"), (*path, "card"))
            if default_owner is None and "owner" not in entry:
                raise entry.fail(t("codex-position-add-owner"))
            owner = seat_index(entry.raw("owner", SEATS[default_owner or 0]), SEATS, (*path, "owner"))
        card = cat[ref.cid]
        if card.type != "unit":
            raise PositionError(t("codex-position-held-unit", what=what, card=card.name, type=card.type), ref.path)
        out.append(Held(ref, owner))
    return out


class CardMaker:
    """Makes the position's cards: explicit copy numbers first, then the lowest free number in order."""

    def __init__(self, cat: Catalog, order: list[Ref] | None = None) -> None:
        self.cat = cat
        self.cards: dict[int, tuple[str, int, int]] = {}
        self.ords: dict[str, int] = {}
        self.taken: dict[tuple[str, int], KeyPath] = {}
        self.order = {(ref.cid, ref.ordinal or 0): i + 1 for i, ref in enumerate(order or [])}
        """`card_order`: the uid each labelled card gets, so cards sort as they did (a reshuffled discard pile,
        a random discard and the order of choices go by it); cards it does not list come after."""
        self.next_uid = len(self.order) + 1

    def reserve(self, refs: list[Ref]) -> None:
        for ref in refs:
            if ref.ordinal is None:
                continue
            key = (ref.cid, ref.ordinal)
            if key in self.taken:
                raise PositionError(
                    t("codex-position-placed-twice", card=self.cat[ref.cid].name, number=ref.ordinal), ref.path
                )
            self.taken[key] = ref.path

    def number(self, ref: Ref) -> int:
        """The copy number `ref` is made with: the one written, else the lowest free one."""
        n = ref.ordinal
        if n is None:
            n = 1
            while (ref.cid, n) in self.taken:
                n += 1
            self.taken[ref.cid, n] = ref.path
        self.ords[ref.cid] = max(self.ords.get(ref.cid, 0), n)
        return n

    def make(self, ref: Ref, owner: int) -> int:
        n = self.number(ref)
        uid = self.order.get((ref.cid, n), 0)
        if not uid:
            uid = self.next_uid
            self.next_uid += 1
        self.cards[uid] = (ref.cid, owner, n)
        return uid


def label(s: State, cat: Catalog, uid: int) -> str:
    """The card's name and copy number as play shows them (a copy: the copied card's name and its number)."""
    entry = s.cards.get(uid)
    if entry is None:
        return f"#{uid}"
    t = s.things.get(uid)
    cid = t.card if t is not None else entry[0]
    return f"{cat[cid].name}#{entry[2]}"


INSURING = "insuring"
"""Thing mark of an Insurance Agent: the uid of the unit it insured (colours/blue.py)."""
WARLOCK = "warlock"
"""Thing marks "warlock:<uid>" of a Terras Q: the Warlocks it made (colours/black.py); a position writes
them as one list of labels, `warlock = ["Warlock#1", ...]`."""
THING_REF_MARKS = (INSURING, WARLOCK)
"""Thing marks that name other things: written by label, read once every thing is in play."""


def thing_marks(s: State, cat: Catalog, t: Thing) -> dict[str, JSON]:
    """A thing's marks with the things they name as labels (uids are made anew when a position loads): only
    things still in play, as no rule reads the others."""
    out: dict[str, JSON] = {}
    warlocks = []
    for name, value in sorted(t.marks.items()):
        if name == INSURING:
            if value in s.things:
                out[name] = label(s, cat, value)
        elif name == "time" and not value:
            continue  # no time runes left: the same as none (a fading card with none stays: ruling)
        elif name.startswith(WARLOCK + ":"):
            if int(name.split(":")[1]) in s.things:
                warlocks.append(label(s, cat, int(name.split(":")[1])))
        else:
            out[name] = value
    if warlocks:
        out[WARLOCK] = sorted(warlocks)
    return out


def trashed(s: State, cat: Catalog, book: list[list[int]]) -> list[JSON]:
    """A historian's trashed cards: labels, with the controller when it was not the owner."""
    return [
        label(s, cat, u) if ctrl == s.cards[u][1] else {"card": label(s, cat, u), "controller": SEATS[ctrl]}
        for u, ctrl in book
    ]


def own_label(s: State, cat: Catalog, uid: int) -> str:
    """The label of the card itself: for a thing copying another card, its own name and copy number."""
    t = s.things.get(uid)
    if t is None or not t.copied:
        return label(s, cat, uid)
    return f"{cat[t.copied[0]].name}#{t.copied[1]}"

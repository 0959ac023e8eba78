"""Why an Ascension action is not legal now (the protocol's `why_illegal`), and typed notation read into the
action it names whether it is legal or not (`read_action`), so a refusal can say why.

The reasons follow actions.legal and its helpers rule by rule, and name a rule only when it really forbids
the action: a legal action gets no reason. Cards are named by their printed name; a text reading of a card
in the row takes its first slot, as the legal moves do (a card named by its pile takes slot 0).
"""

from __future__ import annotations

from typing import Any

from engine.ascension.actions import END, PLAY_ALL, choices, destinations, price, simple_cards
from engine.ascension.cards import CULTIST, PILES, Card
from engine.ascension.ctx import G
from engine.ascension.effects import condition_holds
from engine.core import Action, normalise_notation
from engine.i18n import Msg, t

ANSWERS = {
    "banish": ("banish",),
    "discard": ("discard",),
    "defeat": ("defeat",),
    "acquire": ("take",),
    "take": ("take", "defeat"),
    "copy": ("copy",),
    "destroy": ("destroy",),
    "keep": ("keep",),
}
"""Pending choice kind -> the verbs that answer it (actions.choices)."""
ANSWER_VERBS = frozenset({"banish", "discard", "take", "copy", "destroy", "keep", "skip"})


def why_illegal(g: G, seat: int, action: Action) -> Msg | None:
    """Why `seat` may not take `action` now, or None (legal, or nothing to say)."""
    s = g.s
    if s.result is not None or not 0 <= seat < len(s.players):
        return None
    if s.pending is not None:
        chooser = int(s.pending["seat"])
        if chooser != seat:
            return t("ascension-why-choosing", player=f"p{chooser + 1}")
        return _answer(g, action)
    if action.verb in ANSWER_VERBS:
        return t("ascension-why-no-choice")
    if seat != s.active:
        return t("ascension-why-not-your-turn", player=f"p{s.active + 1}")
    if s.queue:
        return None
    reason = MAIN.get(action.verb)
    return reason(g, seat, action.args) if reason is not None else None


def _answer(g: G, action: Action) -> Msg | None:
    pending = g.s.pending
    assert pending is not None
    kind = str(pending["kind"])
    if action.verb == "skip":
        may = pending.get("may") or kind in ("discard", "take")
        return None if may or action.args else t("ascension-why-no-skip")
    if action.verb not in ANSWERS.get(kind, ()):
        return t("ascension-why-answer-first", kind=kind)
    return None if action in choices(g) else t("ascension-why-not-offered")


def _card(g: G, card_id: Any) -> Card | None:
    return g.cat.cards.get(card_id) if isinstance(card_id, str) else None


def _play(g: G, seat: int, args: tuple[Any, ...]) -> Msg | None:
    hand = g.s.players[seat].hand
    if args == PLAY_ALL.args:
        easy = simple_cards(g.cat)
        have = sum(1 for u in hand if g.s.cards[u] in easy)
        return t("ascension-why-play-all", have=have) if have < 2 else None
    card = _card(g, args[0]) if len(args) == 1 else None
    if card is None:
        return None
    return None if any(g.s.cards[u] == card.id for u in hand) else t("ascension-why-not-in-hand", card=card.name)


def _use(g: G, seat: int, args: tuple[Any, ...]) -> Msg | None:
    card = _card(g, args[0]) if len(args) == 2 else None
    if card is None:
        return None
    s = g.s
    mine = [u for u in s.players[seat].constructs if s.cards[u] == card.id]
    if not mine:
        return t("ascension-why-no-construct", card=card.name)
    ability = card.ability(str(args[1]))
    if ability is None:
        return t("ascension-why-no-such-ability", card=card.name)
    if not ability.banish_self and all(f"{u}:{ability.key}" in s.turn.used for u in mine):
        return t("ascension-why-used", card=card.name)
    if s.turn.runes < ability.pay:
        return t("ascension-why-use-runes", card=card.name, cost=ability.pay, runes=s.turn.runes)
    return None if condition_holds(g, seat, ability.cond) else t("ascension-why-use-condition", card=card.name)


def _where(g: G, card: Card, slot: Any) -> Msg | None:
    """Is `card` where `slot` says (1-6: that slot of the row; 0: its pile, or the Cultist)?"""
    s = g.s
    if slot == 0 and card.id in PILES:
        return None if s.piles[card.id] else t("ascension-why-pile-empty", card=card.name)
    if slot == 0 and card.id == CULTIST:
        return None
    uid = s.row[slot - 1] if isinstance(slot, int) and 1 <= slot <= len(s.row) else None
    return None if uid is not None and s.cards[uid] == card.id else t("ascension-why-not-in-row", card=card.name)


def _buy(g: G, seat: int, args: tuple[Any, ...]) -> Msg | None:
    card = _card(g, args[0]) if len(args) == 3 else None
    if card is None:
        return None
    if card.type == "monster":
        return t("ascension-why-monster", card=card.name)
    where = _where(g, card, args[1])
    if where is not None:
        return where
    runes, _special = price(g, seat, card)
    if runes > g.s.turn.runes:
        return t("ascension-why-runes", card=card.name, cost=runes, runes=g.s.turn.runes)
    if args[2] == "hand" and "hand" not in destinations(g, seat, card, "discard"):
        return t("ascension-why-not-to-hand")
    return None


def _defeat(g: G, seat: int, args: tuple[Any, ...]) -> Msg | None:
    card = _card(g, args[0]) if len(args) == 2 else None
    if card is None:
        return None
    if card.type != "monster":
        return t("ascension-why-not-monster", card=card.name)
    where = _where(g, card, args[1])
    if where is not None:
        return where
    power = g.s.turn.power
    return t("ascension-why-power", card=card.name, cost=card.cost, power=power) if card.cost > power else None


MAIN = {"play": _play, "use": _use, "buy": _buy, "defeat": _defeat}
"""Main verb -> its reasons (`end` is always legal on one's turn)."""


# ------------------------------------------------------------------------------------------ reading


def read(g: G, seat: int, text: str) -> Action | None:
    """The action `text` names in notation.py's forms, legal now or not; None when it names none."""
    verb, _, rest = normalise_notation(text).partition(" ")
    if verb in ("end", "skip"):
        return None if rest else (END if verb == "end" else Action("skip"))
    if verb == "play" and rest == "all":
        return PLAY_ALL
    if verb == "use":
        return _read_use(g, rest)
    to = "discard"
    pending = g.s.pending
    if verb == "take" and pending is not None and pending.get("kind") == "acquire":
        to = str(pending.get("to", "discard"))
    if rest.endswith(" to hand"):
        rest, to = rest[: -len(" to hand")], "hand"
    zone = "row"
    for word, where in (("from hand", "hand"), ("from discard", "discard")):
        if verb == "banish" and rest.endswith(" " + word):
            rest, zone = rest[: -len(word) - 1], where
    slot: int | None = None
    name, _, number = rest.rpartition(" at ")
    if name and number.isdigit():
        rest, slot = name, int(number)
    card = g.cat.named(rest)
    if card is None:
        return None
    if verb in ("play", "discard", "copy", "destroy", "keep"):
        return Action(verb, (card.id,))
    found = _slot(g, card) if slot is None else slot
    if verb in ("buy", "take"):
        return Action(verb, (card.id, found, to))
    if verb == "defeat":
        return Action(verb, (card.id, found))
    if verb == "banish":
        return Action(verb, (card.id, zone, found if zone == "row" else 0))
    return None


def _read_use(g: G, rest: str) -> Action | None:
    """`use Name` or `use Name key` (the key when the card has several abilities)."""
    card = g.cat.named(rest)
    key = ""
    if card is None:
        name, _, key = rest.rpartition(" ")
        card = g.cat.named(name)
    if card is None:
        return None
    if not key and card.abilities:
        key = card.abilities[0].key
    return Action("use", (card.id, key))


def _slot(g: G, card: Card) -> int:
    """Where the legal moves find `card`: its pile or the Cultist's place (0), else its first slot in the row."""
    if card.id in PILES or card.id == CULTIST:
        return 0
    return next((i + 1 for i, u in enumerate(g.s.row) if u is not None and g.s.cards[u] == card.id), 0)

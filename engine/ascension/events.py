"""Sentences of the turn summary, one per event, from the catalogue (locales/en/ascension.ftl).

Public events name cards by their printed name only; a card's label ("Mystic#3") appears only in events
for the seats allowed to know it (the cards one draws, the card Xeron took).
"""

from __future__ import annotations

from engine.core import Event
from engine.i18n import Msg, listing, t

SAMAEL = -1
"""The seat number events give Samael (engine.ascension.zones.SAMAEL)."""


def player(seat: int) -> str:
    return "Samael" if seat == SAMAEL else f"p{seat + 1}"


def unlabelled(label: object) -> str:
    """A card's printed name from its label ("Mystic#3" -> "Mystic"): sentences name cards as printed."""
    return str(label).rsplit("#", 1)[0]


def message(event: Event, viewer: int | None) -> Msg | None:
    d = event.data
    kind = event.kind
    who = player(d["seat"]) if "seat" in d else ""
    if kind in ("drew", "steal") and viewer is not None and viewer in (d.get("seat"), d.get("victim")):
        return None  # they read the private event with the cards instead
    if kind == "shuffle":
        return t("ascension-shuffle", player=who, n=d["n"])
    if kind == "draw":
        return t("ascension-draw", player=who, cards=listing(unlabelled(c) for c in d["cards"]))
    if kind == "drew":
        return t("ascension-drew", player=who, n=d["n"])
    if kind == "centre_shuffle":
        return t("ascension-centre-shuffle", n=d["n"])
    if kind == "refill":
        return t("ascension-refill", card=d["card"], slot=d["slot"])
    if kind == "turn":
        return t("ascension-turn", player=who, round=d["round"], extra=int(bool(d["extra"])))
    if kind == "play":
        return t("ascension-play", player=who, card=d["card"])
    if kind == "gain":
        return t("ascension-gain", player=who, n=d["n"], what=d["what"])
    if kind == "honor":
        return t("ascension-honor", player=who, n=d["n"], reserve=d["reserve"])
    if kind == "reserve_empty":
        return t("ascension-reserve-empty")
    if kind == "discount":
        return t("ascension-discount", player=who, n=d["n"])
    if kind == "extra_turn_won":
        return t("ascension-extra-turn", player=who)
    if kind == "unite":
        return t("ascension-unite", player=who, card=d["card"])
    if kind == "choosing":
        return t("ascension-choosing", player=who, kind=d["kind"], card=d["card"])
    if kind == "stolen":
        return t("ascension-stolen", player=who, victim=player(d["victim"]), card=unlabelled(d["card"]))
    if kind == "steal":
        return t("ascension-steal", player=who, victim=player(d["victim"]))
    if kind == "copy":
        return t("ascension-copy", player=who, card=d["card"])
    if kind == "acquire":
        return t("ascension-acquire", player=who, card=d["card"], to=d["dest"], free=int(bool(d["free"])))
    if kind == "defeat":
        return t("ascension-defeat", player=who, card=d["card"], free=int(bool(d["free"])))
    if kind == "trigger":
        return t("ascension-trigger", player=who, card=d["card"])
    if kind == "banish":
        return t("ascension-banish", player=who, card=d["card"], zone=d["zone"], to=d["dest"])
    if kind == "destroy":
        return t("ascension-destroy", player=who, card=d["card"])
    if kind == "discard":
        return t("ascension-discard", player=who, card=d["card"])
    if kind == "skip":
        return t("ascension-skip", player=who)
    if kind == "use":
        return t("ascension-use", player=who, card=d["card"])
    if kind == "end_turn":
        kept = list(d["kept"])
        return t("ascension-end-turn", player=who, n=len(kept), cards=listing(str(c) for c in kept))
    if kind == "samael_turn":
        return t("ascension-samael-turn")
    if kind == "samael_idle":
        return t("ascension-samael-idle")
    if kind == "samael_acquires":
        return t("ascension-samael-acquires", card=d["card"])
    if kind == "samael_defeats":
        return t("ascension-samael-defeats", card=d["card"], honor=d["honor"])
    if kind == "game_over":
        return game_over(event)
    if kind == "resign":
        return t("ascension-resign", player=who)
    return None


def game_over(event: Event) -> Msg:
    d = event.data
    scores = list(d["scores"])
    if "samael" in d:
        won = int(bool(d["winners"]))
        return t("ascension-game-over-solo", honor=scores[0], samael=d["samael"], won=won)
    parts = [t("ascension-score", player=player(seat), honor=honor) for seat, honor in enumerate(scores)]
    winners = listing(player(w) for w in d["winners"])
    return t("ascension-game-over", scores=listing(parts), winners=winners, n=len(d["winners"]))

"""Sentences of the turn summary, one per event, from the catalogue (locales/en/ascension.ftl).

Public events name cards by their printed name only; a card's label ("Mystic#3") appears only in events
for the seats allowed to know it (the cards one draws, the card Xeron took).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Event
from engine.i18n import Msg, listing, t

SAMAEL = -1
"""The seat number events give Samael (engine.ascension.zones.SAMAEL)."""


def player(seat: int) -> str:
    return "Samael" if seat == SAMAEL else f"p{seat + 1}"


def unlabelled(label: object) -> str:
    """A card's printed name from its label ("Mystic#3" -> "Mystic"): sentences name cards as printed."""
    return str(label).rsplit("#", 1)[0]


Data = Mapping[str, Any]
SENTENCES: dict[str, Callable[[Data, str], Msg]] = {
    "shuffle": lambda d, who: t("ascension-shuffle", player=who, n=d["n"]),
    "draw": lambda d, who: t("ascension-draw", player=who, cards=listing(unlabelled(c) for c in d["cards"])),
    "drew": lambda d, who: t("ascension-drew", player=who, n=d["n"]),
    "centre_shuffle": lambda d, who: t("ascension-centre-shuffle", n=d["n"]),
    "refill": lambda d, who: t("ascension-refill", card=d["card"], slot=d["slot"]),
    "turn": lambda d, who: t("ascension-turn", player=who, round=d["round"], extra=int(bool(d["extra"]))),
    "play": lambda d, who: play_sentence(d, who),
    "gain": lambda d, who: t("ascension-gain", player=who, n=d["n"], what=d["what"]),
    "honor": lambda d, who: t("ascension-honor", player=who, n=d["n"], reserve=d["reserve"]),
    "reserve_empty": lambda d, who: t("ascension-reserve-empty", ends=d.get("ends", "round")),
    "discount": lambda d, who: t("ascension-discount", player=who, n=d["n"]),
    "extra_turn_won": lambda d, who: t("ascension-extra-turn", player=who),
    "unite": lambda d, who: t("ascension-unite", player=who, card=d["card"]),
    "choosing": lambda d, who: t("ascension-choosing", player=who, kind=d["kind"], card=d["card"]),
    "stolen": lambda d, who: t("ascension-stolen", player=who, victim=player(d["victim"]), card=unlabelled(d["card"])),
    "steal": lambda d, who: t("ascension-steal", player=who, victim=player(d["victim"])),
    "copy": lambda d, who: t("ascension-copy", player=who, card=d["card"]),
    "acquire": lambda d, who: t(
        "ascension-acquire", player=who, card=d["card"], to=d["dest"], free=int(bool(d["free"]))
    ),
    "defeat": lambda d, who: t("ascension-defeat", player=who, card=d["card"], free=int(bool(d["free"]))),
    "trigger": lambda d, who: t("ascension-trigger", player=who, card=d["card"]),
    "banish": lambda d, who: t("ascension-banish", player=who, card=d["card"], zone=d["zone"], to=d["dest"]),
    "destroy": lambda d, who: t("ascension-destroy", player=who, card=d["card"]),
    "discard": lambda d, who: t("ascension-discard", player=who, card=d["card"]),
    "skip": lambda d, who: t("ascension-skip", player=who),
    "use": lambda d, who: t("ascension-use", player=who, card=d["card"]),
    "end_turn": lambda d, who: t(
        "ascension-end-turn", player=who, n=len(d["kept"]), cards=listing(str(c) for c in d["kept"])
    ),
    "samael_turn": lambda d, who: t("ascension-samael-turn"),
    "samael_idle": lambda d, who: t("ascension-samael-idle"),
    "samael_acquires": lambda d, who: t("ascension-samael-acquires", card=d["card"]),
    "samael_defeats": lambda d, who: t("ascension-samael-defeats", card=d["card"], honor=d["honor"]),
    "resign": lambda d, who: t("ascension-resign", player=who),
}
"""Each kind of event and its sentence; `who` is the seat named by the event's `seat`."""


def play_sentence(d: Data, who: str) -> Msg:
    gives = d.get("gives") or {}
    if not gives:
        return t("ascension-play", player=who, card=d["card"])
    parts = [t("ascension-gives", n=n, what=what) for what, n in gives.items()]
    return t("ascension-play-gives", player=who, card=d["card"], gives=listing(parts))


def message(event: Event, viewer: int | None) -> Msg | None:
    d = event.data
    if event.kind == "gain" and d.get("told"):
        return None  # told with the play of the card that gave it
    if event.kind in ("drew", "steal") and viewer is not None and viewer in (d.get("seat"), d.get("victim")):
        return None  # they read the private event with the cards instead
    if event.kind == "game_over":
        return game_over(event)
    sentence = SENTENCES.get(event.kind)
    return None if sentence is None else sentence(d, player(d["seat"]) if "seat" in d else "")


def game_over(event: Event) -> Msg:
    d = event.data
    scores = list(d["scores"])
    if "samael" in d:
        won = int(bool(d["winners"]))
        return t("ascension-game-over-solo", honor=scores[0], samael=d["samael"], won=won)
    parts = [t("ascension-score", player=player(seat), honor=honor) for seat, honor in enumerate(scores)]
    winners = listing(player(w) for w in d["winners"])
    return t("ascension-game-over", scores=listing(parts), winners=winners, n=len(d["winners"]))

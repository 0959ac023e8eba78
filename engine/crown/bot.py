"""The greedy bot's taste (engine.policy): fight where it can win cheaply, build, gather, prepare the
strongest warrior it can pay for, and keep the good battle cards for later."""

from __future__ import annotations

from engine.core import JSON, Action

PLACE = {"attack": 9.0, "build": 8.0, "gather": 6.0, "gold": 4.0, "refresh": 1.0}
CARD = {"0": 3.0, "1": 5.0, "3": 6.0, "4": 7.0, "die": 6.5}


def greedy_score(view: JSON, seat: int, action: Action) -> float:
    verb, args = action.verb, action.args
    if verb in PLACE:
        return PLACE[verb]
    if verb == "prepare":
        return 10.0 + int(str(args[0])[1:]) / 10  # later ids are the stronger decks
    if verb == "play":
        return CARD.get(str(args[0]), 0.0)
    if verb in ("send", "defend"):
        return 5.0 + len([x for x in str(args[0]).split("+") if x])
    if verb == "recover":
        return 6.0
    if verb in ("end", "skip", "keep"):
        return 0.5
    return 2.0

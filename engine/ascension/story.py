"""What the turn in progress and the turn before did, kept in the state for the board's "last turn" panel.

The board is drawn from a view, never from the log, so the state remembers the public events of two
turns: `story` (the one being played) and `last_story` (the one before). Only what a player would want to
read on the board is kept (plays, purchases, defeats, Honor, banishes, attacks on other players), never a
private event, and nothing of Samael's turn (his last takes are `samael_last`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.ascension.events import SAMAEL, player
from engine.ascension.state import JSONDict, State
from engine.core import Event

KEPT = frozenset(
    {
        "play",
        "use",
        "acquire",
        "defeat",
        "honor",
        "banish",
        "destroy",
        "steal",
        "copy",
        "unite",
        "extra_turn_won",
        "reserve_empty",
        "discard",
        "trigger",
        "gain",
        "end_turn",
        "resign",
    }
)
FIELDS = ("seat", "card", "n", "what", "free", "dest", "zone", "victim", "kept", "ends")
"""The parts of an event the board reads; the rest (the reserve left after a gain, an ability's key) is not
kept, so snapshots stay small."""


def remember(s: State, events: Iterable[Event]) -> None:
    """Add the public events of one step to the state's story, starting a new one at each turn."""
    for event in events:
        if event.to is not None:
            continue
        data = event.data
        if event.kind == "turn":
            if s.story is not None:
                s.last_story = s.story  # never changed again, so clones may share it
            s.story = {"seat": data["seat"], "round": data["round"], "extra": bool(data["extra"]), "events": []}
            continue
        if event.kind not in KEPT or data.get("seat") == SAMAEL:
            continue
        if s.story is None:  # a position set up by a scenario: the turn began before the story did
            s.story = {"seat": s.active, "round": s.round, "extra": False, "events": []}
        s.story["events"].append({"kind": event.kind, **{k: data[k] for k in FIELDS if k in data}})


def last_turn(s: State) -> JSONDict | None:
    """The turn the board tells: the one in progress once its player has done something, else the one
    before. Seats are written as players ("p2")."""
    shown = s.story if s.story is not None and s.story["events"] else s.last_story
    if shown is None:
        return None
    return {
        "player": player(shown["seat"]),
        "round": shown["round"],
        "extra": shown["extra"],
        "current": shown is s.story,
        "events": [_public(e) for e in shown["events"]],
    }


def _public(event: JSONDict) -> dict[str, Any]:
    out = {k: v for k, v in event.items() if k not in ("seat", "victim", "kept")}
    if "seat" in event:
        out["player"] = player(int(event["seat"]))
    if "victim" in event:
        out["victim"] = player(int(event["victim"]))
    if "kept" in event:
        out["kept"] = list(event["kept"])
    return out

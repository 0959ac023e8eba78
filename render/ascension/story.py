"""The "last turn" panel's lines, from the view's `last_turn`: what the turn did, the weightiest first.

Honor gained and what hurt other players come first, then what changed hands (defeats, purchases,
banishes), then the cards played and used, then the Runes and Power the turn made. Plays and uses are
grouped into one line each, so a busy turn still fits; the message the board comes with lists every step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.ascension.parts import as_int, as_list, as_map, counted

WEIGHTY = 0
"""Lines of this rank are drawn in bold."""

_ZONES = {"hand": "from their hand", "discard": "from their discard pile", "play": "from play", "row": "from the row"}
_DEST = {"deck": ", on top of their deck", "hand": ", into their hand"}


def _acquired(e: Mapping[str, Any]) -> str:
    verb = "Took" if e.get("free") else "Bought"
    return f"{verb} {e.get('card', '?')}{' free' if e.get('free') else ''}{_DEST.get(str(e.get('dest')), '')}"


def _defeated(e: Mapping[str, Any]) -> str:
    return f"Defeated {e.get('card', '?')}" + (" without paying" if e.get("free") else "")


def _banished(e: Mapping[str, Any]) -> str:
    return f"Banished {e.get('card', '?')} {_ZONES.get(str(e.get('zone')), '')}".rstrip()


def _ending(e: Mapping[str, Any]) -> str:
    return "turn" if e.get("ends") == "turn" else "round"


SINGLE: dict[str, tuple[int, str, Any]] = {
    "reserve_empty": (0, "harm", lambda e: f"Took the reserve's last Honor: the game ends with this {_ending(e)}"),
    "extra_turn_won": (0, "plain", lambda e: "Takes an extra turn after this one"),
    "steal": (0, "harm", lambda e: f"Took a random card from {e.get('victim', '?')}'s hand"),
    "destroy": (0, "harm", lambda e: f"{e.get('player', '?')}'s {e.get('card', '?')} was destroyed"),
    "resign": (0, "harm", lambda e: "Resigned"),
    "defeat": (1, "plain", _defeated),
    "acquire": (1, "plain", _acquired),
    "banish": (1, "plain", _banished),
    "copy": (2, "plain", lambda e: f"Copied {e.get('card', '?')}"),
    "unite": (2, "plain", lambda e: f"Unite: {e.get('card', '?')}"),
    "discard": (2, "plain", lambda e: f"Discarded {e.get('card', '?')}"),
}
"""Events told one line each: kind -> (rank, tone, line)."""


def story_lines(last_turn: Mapping[str, Any]) -> list[tuple[str, int, str]]:
    """(line, rank, tone), weightiest first; lines of one rank keep the order they happened in. The tone is
    "honor" for the Honor gained, "harm" for what hurt a player or ends the game, else "plain"."""
    events = [as_map(e) for e in as_list(last_turn.get("events"))]
    mover = last_turn.get("player")
    out: list[tuple[str, int, int, str]] = []
    honor = sum(as_int(e.get("n")) for e in events if e.get("kind") == "honor" and e.get("player") == mover)
    if honor:
        out.append((f"+{honor} Honor", 0, -1, "honor"))
    played = [str(e.get("card", "?")) for e in events if e.get("kind") == "play"]
    used = [str(e.get("card", "?")) for e in events if e.get("kind") == "use"]
    if played:
        out.append(("Played " + counted(played), 2, 0, "plain"))
    if used:
        out.append(("Used " + counted(used), 2, 1, "plain"))
    gains: dict[str, int] = {}
    for e in events:
        if e.get("kind") == "gain":
            gains[str(e.get("what"))] = gains.get(str(e.get("what")), 0) + as_int(e.get("n"))
    made = [f"{gains[k]} {label if gains[k] != 1 else one}" for k, label, one in _GAINS if gains.get(k)]
    if made:
        out.append(("Made " + ", ".join(made), 3, 0, "plain"))
    for order, e in enumerate(events):
        single = SINGLE.get(str(e.get("kind")))
        if single is not None:
            rank, tone, line = single
            out.append((line(e), rank, order, tone))
        elif e.get("kind") == "end_turn" and as_list(e.get("kept")):
            kept = counted([str(c) for c in as_list(e.get("kept"))])
            out.append(("Kept unplayed: " + kept, 3, len(events), "plain"))
    if not out and any(e.get("kind") == "end_turn" for e in events):
        out.append(("Ended the turn without playing", 3, 0, "plain"))
    out.sort(key=lambda item: (item[1], item[2]))
    return [(line, rank, tone) for line, rank, _, tone in out]


_GAINS = (
    ("runes", "Runes", "Rune"),
    ("power", "Power", "Power"),
    ("mechana_runes", "Runes for Mechana", "Rune for Mechana"),
)


def story_title(last_turn: Mapping[str, Any], *, over: bool = False) -> str:
    """ "This turn · p2" while it goes on; "Last turn · p2 (round 3)" once it is over (or the game is)."""
    who = str(last_turn.get("player", "?"))
    if last_turn.get("current") and not over:
        return f"This turn · {who}"
    extra = " extra turn" if last_turn.get("extra") else ""
    return f"Last turn · {who} (round {as_int(last_turn.get('round'), 1)}{extra})"

"""Turning log rows into sentences, for the turn summary and each game's `history` command.

Only events visible to the reader are described, so the public story never holds a hidden card.
"""

from __future__ import annotations

from typing import Any

from db.records import LogEntry, MatchRecord
from engine.core import Event, Game, Outcome, Seat

PLATFORM_EVENTS = frozenset({"seats", "resigned", "timed_out", "rewound"})
"""Events the platform writes and describes itself."""

REASON_WORDS = {
    "normal": "won",
    "resign": "won by resignation",
    "timeout": "won on time",
    "forfeit": "won by forfeit",
    "abandoned": "abandoned",
    "draw": "drawn",
}


def seat_label(game: Game[Any], record: MatchRecord, seat: Seat | None) -> str:
    if seat is None:
        return "someone"
    user = record.user_at(seat)
    return f"{game.seat_name(seat)} (<@{user}>)" if user is not None else game.seat_name(seat)


def describe_entry(game: Game[Any], record: MatchRecord, entry: LogEntry, viewer: Seat | None) -> list[str]:
    events = [Event.from_json(e) for e in entry.events]
    lines: list[str] = []
    if entry.kind == "start":
        order = ", ".join(seat_label(game, record, s) for s in range(len(record.seated())))
        lines.append(f"The match began. Seats: {order}.")
    elif entry.kind == "abort":
        return ["The match was aborted."]
    if entry.kind == "resign":
        timed_out = any(e.kind == "timed_out" for e in events)
        lines.append(f"{seat_label(game, record, entry.seat)} {'ran out of time' if timed_out else 'resigned'}.")
    if entry.kind == "rewind" and events:
        how = "undid their last move" if events[0].data.get("how") == "undo" else "took back moves, with consent"
        lines.append(f"{seat_label(game, record, entry.seat)} {how}; the position is as it was before.")
    for event in events:
        if event.kind in PLATFORM_EVENTS or not event.visible_to(viewer):
            continue
        line = game.describe_event(event, viewer)
        if line:
            lines.append(line)
    return lines


def result_line(game: Game[Any], record: MatchRecord) -> str:
    if record.status == "aborted" or not record.result:
        return "The match was aborted."
    outcome = Outcome.from_json(record.result)
    if outcome.reason == "draw" or (not outcome.winners and outcome.reason != "abandoned"):
        return "Game over: a draw." + (f" ({outcome.detail})" if outcome.detail else "")
    if outcome.reason == "abandoned":
        return "The match was abandoned."
    names = " and ".join(seat_label(game, record, s) for s in sorted(outcome.winners))
    verb = REASON_WORDS.get(outcome.reason, "won")
    return f"Game over: {names} {verb}." + (f" ({outcome.detail})" if outcome.detail else "")

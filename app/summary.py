"""Turning log rows into sentences, for the turn summary and each game's `history` command.

Only events visible to the reader are described, so the public story never holds a hidden card.
"""

from __future__ import annotations

from typing import Any

from db.records import LogEntry, MatchRecord
from engine.core import Event, Game, Outcome, Seat
from engine.i18n import Msg, Text, joined, listing, t

PLATFORM_EVENTS = frozenset({"seats", "resigned", "timed_out", "rewound"})
"""Events the platform writes and describes itself."""


def is_platform_line(line: Text) -> bool:
    """Whether a line of the story is the platform's own (a start, a resignation), not the game's."""
    return isinstance(line, Msg) and line.id.startswith("app-")


def seat_label(game: Game[Any], record: MatchRecord, seat: Seat | None) -> Text:
    if seat is None:
        return t("app-someone")
    user = record.user_at(seat)
    return f"{game.seat_name(seat)} (<@{user}>)" if user is not None else game.seat_name(seat)


def describe_entry(game: Game[Any], record: MatchRecord, entry: LogEntry, viewer: Seat | None) -> list[Text]:
    events = [Event.from_json(e) for e in entry.events]
    lines: list[Text] = []
    if entry.kind == "start":
        order = joined((seat_label(game, record, s) for s in range(len(record.seated()))), ", ")
        lines.append(t("app-match-began", seats=order))
    elif entry.kind == "abort":
        return [t("app-match-aborted")]
    if entry.kind == "resign":
        timed_out = any(e.kind == "timed_out" for e in events)
        how = "timeout" if timed_out else "resign"
        lines.append(t("app-seat-left", who=seat_label(game, record, entry.seat), how=how))
    if entry.kind == "rewind" and events:
        how = "undo" if events[0].data.get("how") == "undo" else "takeback"
        lines.append(t("app-rewound", who=seat_label(game, record, entry.seat), how=how))
    for event in events:
        if event.kind in PLATFORM_EVENTS or not event.visible_to(viewer):
            continue
        line = game.describe_event(event, viewer)
        if line:
            lines.append(line)
    return lines


def result_line(game: Game[Any], record: MatchRecord) -> Text:
    if record.status == "aborted" or not record.result:
        return t("app-match-aborted")
    outcome = Outcome.from_json(record.result)
    detail = t("app-detail", detail=outcome.detail) if outcome.detail else ""
    if not outcome.winners and outcome.placements and min(outcome.placements.values()) > 1:
        # Nobody is placed first: every player lost (a solo game lost against the game itself).
        return joined([t("app-nobody-won"), detail], " ")
    if outcome.reason == "draw" or (not outcome.winners and outcome.reason != "abandoned"):
        return joined([t("app-draw"), detail], " ")
    if outcome.reason == "abandoned":
        return t("app-abandoned")
    names = listing(seat_label(game, record, s) for s in sorted(outcome.winners))
    won = t("app-won", names=names, count=len(outcome.winners), reason=outcome.reason.value)
    return joined([won, detail], " ")

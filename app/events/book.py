"""An event as read from storage: its row, its settings, and the pure core's state folded from its history.

The history holds the core's records (`app.tournament.model`) and two of this layer's own kinds: a
player's check-in, and an organiser ending the event early. Appending goes through `append`, which
writes the records in one transaction only if nobody appended since the event was read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app.clock import iso
from app.errors import Refusal
from app.events.settings import EventSettings
from app.tournament.model import RECORD_TYPES, Record, TournamentConfig, record_from_json
from app.tournament.state import TournamentState
from db.tournaments import NewRecord, StaleHistory, StoredRecord, TournamentRepository, TournamentRow
from engine import i18n
from engine.i18n import Text, t

CHECKED_IN = "checked_in"
ENDED = "ended"


class NoEvent(Refusal):
    pass


@dataclass(frozen=True, slots=True)
class Note:
    """A record of this layer (not the pairing core's): a check-in, or the organiser ending the event."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}


@dataclass
class Event:
    row: TournamentRow
    settings: EventSettings
    state: TournamentState
    history: list[StoredRecord]
    checked_in: set[str]
    ended: Text | None
    """Why the event ended early: an organiser's note, or our own words (kept as `i18n.to_json`)."""

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def seq(self) -> int:
        return self.history[-1].seq if self.history else 0

    @property
    def finished(self) -> bool:
        return self.row.status == "finished"

    @property
    def name(self) -> str:
        return self.row.name


async def load(store: TournamentRepository, tournament_id: int) -> Event:
    row = await store.get_tournament(tournament_id)
    if row is None:
        raise NoEvent(t("app-event-no-event", event=tournament_id))
    history = await store.records(tournament_id)
    state = TournamentState(TournamentConfig.from_json(row.config))
    checked: set[str] = set()
    ended: Text | None = None
    for stored in history:
        if stored.kind in RECORD_TYPES:
            state.apply(record_from_json(stored.data))
        elif stored.kind == CHECKED_IN:
            checked.add(stored.data["entrant"])
        elif stored.kind == ENDED:
            ended = i18n.from_json(stored.data.get("note", ""))
    return Event(row, EventSettings.from_json(row.settings), state, history, checked, ended)


async def append(
    store: TournamentRepository,
    event: Event,
    records: Sequence[Record | Note],
    *,
    user_id: int | None,
    now: datetime,
    status: str | None = None,
    new_matches: Sequence[tuple[str, int]] = (),
) -> Event:
    """Write the records (and pairings to play) in one transaction; returns the event read again."""
    try:
        await store.append(
            event.id,
            event.seq,
            [NewRecord(r.kind, r.to_json()) for r in records],
            user_id=user_id,
            now=iso(now),
            status=status,
            new_matches=new_matches,
        )
    except StaleHistory:
        raise Refusal(t("app-event-changed", event=event.name)) from None
    return await load(store, event.id)

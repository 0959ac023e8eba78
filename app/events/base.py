"""The plumbing every event use case shares: locks, reading and appending history, finding the event meant,
who organises it, the per-event runner's scheduling, deadlines and announcements.

Every change to an event takes the event's lock, reads its history, asks the core what to append, and
appends in one transaction. Match operations (opening threads and matches, ending a match by a ruling or
at a deadline) happen after the lock is released, because ending a match calls the results listener,
which takes the lock itself.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app.delivery import Announcement
from app.errors import NotAllowed, Refusal
from app.events import book, text
from app.events.book import Event, NoEvent, Note
from app.events.tables import MatchDesk, timestamp
from app.pictures import NoPictures, Pictures
from app.rating_service import RatingService
from app.service import MatchService
from app.tournament import actions
from app.tournament.model import BRACKETS, FIXED_SCHEDULE, Format, Record, TournamentError
from app.tournament.state import TournamentState
from db.tournaments import EventMatch, TournamentRepository
from engine.core import get_game
from engine.i18n import Text, english, joined, t

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Actor:
    """Who asks: their id, the name they enter under, and what the server lets them do."""

    user_id: int
    name: str = ""
    manage_guild: bool = False
    roles: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Reply:
    """An answer to whoever asked: `msg` in their language (the cog renders it), and attachments."""

    msg: Text
    files: tuple[tuple[str, bytes], ...] = field(default_factory=tuple)

    @property
    def text(self) -> str:
        """The answer in English (tests, logs)."""
        return english(self.msg)


class EventsBase:
    def __init__(
        self,
        matches: MatchService,
        store: TournamentRepository,
        ratings: RatingService,
        *,
        organiser_role: str = "",
        pictures: Pictures | None = None,
        seed_source: random.Random | None = None,
    ) -> None:
        self.matches = matches
        self.store = store
        self.ratings = ratings
        self.organiser_role = organiser_role
        self.pictures = pictures or NoPictures()
        self._seeds = seed_source or random.SystemRandom()
        self.desk = MatchDesk(matches, store, self._seeds)
        self._locks: dict[int, asyncio.Lock] = {}
        self._opening: dict[int, asyncio.Lock] = {}
        self._runners: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()

    def now(self) -> datetime:
        return self.matches.clock()

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def load(self, tournament_id: int) -> Event:
        return await book.load(self.store, tournament_id)

    async def _append(self, event: Event, records: Sequence[Record | Note], **kwargs: Any) -> Event:
        return await book.append(self.store, event, records, now=self.now(), **kwargs)

    # ------------------------------------------------------------------------------------ finding

    async def locate(self, *, guild_id: int | None, channel_id: int | None, event_id: int | None = None) -> int:
        """The event meant: the one named, else this channel's, else the one whose match thread this is,
        else the only open event of the server."""
        if event_id is not None:
            row = await self.store.get_tournament(event_id)
            if row is None or row.guild_id != guild_id:
                raise NoEvent(t("app-event-none-here", event=event_id))
            return row.id
        if channel_id is not None:
            here = await self.store.tournaments(channel_id=channel_id, open_only=True, limit=1)
            here = here or await self.store.tournaments(channel_id=channel_id, limit=1)
            if here:
                return here[0].id
            link = await self.store.event_match_in_thread(channel_id)
            if link is not None:
                return link.tournament_id
        running = await self.store.tournaments(guild_id=guild_id, open_only=True, limit=6)
        if len(running) == 1:
            return running[0].id
        if not running:
            raise NoEvent(t("app-event-none"))
        listed = joined(
            [t("app-event-listed", event=r.id, name=r.name, channel=r.channel_id) for r in running[:5]], ", "
        )
        raise NoEvent(t("app-event-several", events=listed))

    def is_organiser(self, event: Event, actor: Actor) -> bool:
        return (
            actor.user_id == event.row.creator_id
            or actor.manage_guild
            or (bool(self.organiser_role) and self.organiser_role in actor.roles)
        )

    def _require_organiser(self, event: Event, actor: Actor) -> None:
        if not self.is_organiser(event, actor):
            creator = f"<@{event.row.creator_id}>"
            if self.organiser_role:
                raise NotAllowed(
                    t("app-event-organisers-role", event=event.name, creator=creator, role=self.organiser_role)
                )
            raise NotAllowed(t("app-event-organisers", event=event.name, creator=creator))

    def _core(self, action: Any, *args: Any) -> list[Record]:
        try:
            return list(action(*args))
        except TournamentError as problem:
            raise Refusal(problem.msg) from None

    async def _live_links(self, event: Event, entrant: str | None = None) -> list[EventMatch]:
        """Linked matches of pairings still unsettled (with `entrant` in them, if given)."""
        found = []
        for link in await self.store.event_matches(event.id):
            if link.match_id is None or link.pairing_id not in event.state.matches:
                continue
            if event.state.is_finished(link.pairing_id):
                continue
            if entrant is None or entrant in event.state.seat_entrants(link.pairing_id):
                found.append(link)
        return found

    def _rule(self, match_id: str) -> Text:
        return t("app-event-rule-on-it", match=match_id)

    async def _tell_once(self, event: Event, link: EventMatch, key: str, message: Text) -> None:
        if link.noticed == key:
            return
        await self._announce(event, message)
        await self.store.set_noticed(event.id, link.pairing_id, key)

    async def _seed_list(self, event: Event, state: TournamentState) -> list[str] | None:
        if state.config.format not in BRACKETS:
            return None
        game = get_game(event.row.game)
        mode = game.mode_key({**game.default_options(), **event.settings.options}, event.settings.seats)
        order = await self.ratings.seed_order(game.name, mode, [int(e) for e in state.active()])
        return [str(user) for user in order]

    # ------------------------------------------------------------------------------------ the runner

    def kick(self, tournament_id: int) -> None:
        """Have the event's runner look at it again soon (one runner per event; kicks while it runs make
        it run once more)."""
        task = self._runners.get(tournament_id)
        if task is not None and not task.done():
            self._again.add(tournament_id)
            return
        self._runners[tournament_id] = asyncio.create_task(self._run(tournament_id))

    async def _run(self, tournament_id: int) -> None:
        while True:
            self._again.discard(tournament_id)
            try:
                await self.advance(tournament_id)
            except Exception:
                log.exception("event %s could not be carried forward; the next sweep tries again", tournament_id)
            if tournament_id not in self._again:
                return

    async def settle(self) -> None:
        """Wait until every runner is idle (tests, and a clean shutdown)."""
        while running := [task for task in self._runners.values() if not task.done()]:
            await asyncio.gather(*running, return_exceptions=True)

    async def close(self) -> None:
        for task in self._runners.values():
            task.cancel()
        await asyncio.gather(*self._runners.values(), return_exceptions=True)

    async def advance(self, tournament_id: int) -> None:
        raise NotImplementedError

    def deadline(self, event: Event, link: EventMatch) -> datetime:
        ruled = event.state.deadlines.get(link.pairing_id)
        if ruled is not None:
            return datetime.fromisoformat(ruled)
        return datetime.fromisoformat(link.created_at) + event.settings.round_length

    # ------------------------------------------------------------------------------------ showing

    async def threads(self, event: Event) -> dict[str, int]:
        return {x.pairing_id: x.thread_id for x in await self.store.event_matches(event.id) if x.thread_id}

    async def _standings_reply(self, event: Event, heading: Text) -> Reply:
        header, rows = text.standings_table(event.state)
        progress = self._progress(event)
        image = await asyncio.to_thread(self.pictures.standings, event.name, header, rows, english(progress))
        files = (("standings.png", image),) if image else ()
        return Reply(
            joined(
                [t("app-event-standings-head", heading=heading, progress=progress), text.standings_text(event.state)]
            ),
            files,
        )

    def _progress(self, event: Event) -> Text:
        state = event.state
        if not state.started:
            return t("app-event-progress-before")
        if event.finished:
            return t("app-event-progress-final")
        if state.config.format in FIXED_SCHEDULE:
            return t("app-event-progress-results", results=len(state.results))
        if state.config.format is Format.THREE_STRIKES:
            return t("app-event-progress-round", round=len(state.rounds))
        return t("app-event-progress-round-of", round=len(state.rounds), rounds=actions.total_rounds(state))

    # ------------------------------------------------------------------------------------ announcing

    async def _announce(self, event: Event, message: Text, files: tuple[tuple[str, bytes], ...] = ()) -> None:
        try:
            await self.matches.delivery.announce(
                Announcement(event.row.channel_id, message, files, guild_id=event.row.guild_id)
            )
        except Exception:
            log.exception("announcing to event %s failed", event.id)

    async def _announce_round(self, event: Event, number: int | None, *, again: bool = False) -> None:
        state = event.state
        lines: list[Text] = []
        if number is None:
            drawn = "bracket" if state.config.format in BRACKETS else "schedule"
            head = t("app-event-drawn", event=event.name, drawn=drawn)
        else:
            due = self.now() + event.settings.round_length
            head = t(
                "app-event-paired",
                event=event.name,
                round=text.round_title(state, number),
                again="yes" if again else "no",
                deadline=timestamp(due),
            )
            lines = text.round_lines(state, number, {})
            if len(lines) > text.ROUND_LINES:
                more = len(lines) - text.ROUND_LINES
                lines = [*lines[: text.ROUND_LINES], t("app-event-more-pairings", more=more)]
        reply = (
            await self._standings_reply(event, t("app-event-standings", event=event.name))
            if number and number > 1
            else None
        )
        files = reply.files if reply else ()
        await self._announce(event, joined([head, *lines]), files)

    async def _announce_final(self, event: Event) -> None:
        ranked = [row for row in text.standings_table(event.state)[1]]
        if ranked and not event.ended:
            header = t("app-event-over-winner", event=event.name, winner=ranked[0].cells[1])
        else:
            header = t("app-event-over", event=event.name)
        reply = await self._standings_reply(event, header)
        await self._announce(event, reply.msg, reply.files)

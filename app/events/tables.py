"""The event's side of the matches: opening a pairing's thread and match, ending a match by a ruling or
at a deadline. Every step can be repeated after a crash without doing it twice.

Opening a pairing goes: thread (recorded on the pairing's row), then the match in that thread (created,
seated and started), then the match's id (recorded on the row). A retry finds the thread on the row and
the match by its thread, so it never makes a second match. A crash between Discord making a thread and
the row recording it can leave one empty thread behind; nothing else is ever made twice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime

from app import clocks
from app.clock import iso
from app.delivery import Notice
from app.errors import Refusal
from app.events.book import Event
from app.events.text import round_title
from app.hints import command
from app.service import MatchService
from app.tournament.state import versus
from db.records import LogEntry, MatchChange, MatchRecord
from db.tournaments import EventMatch, TournamentRepository
from engine import i18n
from engine.core import get_game
from engine.i18n import Text, t


def timestamp(moment: datetime) -> str:
    """A Discord timestamp: each reader sees it in their own time zone, and how long until it."""
    unix = int(moment.timestamp())
    return f"<t:{unix}:f> (<t:{unix}:R>)"


class MatchDesk:
    def __init__(self, matches: MatchService, store: TournamentRepository, seeds: random.Random) -> None:
        self.matches = matches
        self.store = store
        self._seeds = seeds

    async def open(
        self, event: Event, link: EventMatch, users: Sequence[int], names: Sequence[str], due: datetime
    ) -> int:
        """Make sure the pairing has its thread and its started match; returns the match id."""
        round_name = round_title(event.state, link.round)
        thread = link.thread_id
        if thread is None:
            title = t("app-event-thread-name", event=event.name, round=round_name, players=versus(list(names)))
            text = t(
                "app-event-thread-opening",
                event=event.name,
                round=round_name,
                match=link.pairing_id,
                players=versus([f"<@{u}>" for u in users]),
                command=command(event.row.game, "move"),
                deadline=timestamp(due),
            )
            thread = await self.matches.delivery.open_thread(event.row.channel_id, title, text, list(users))
            await self.store.set_thread(event.id, link.pairing_id, thread)
        record = await self.matches.repo.latest_in_channel(thread)
        if record is not None and (record.game != event.row.game or record.creator_id != users[0]):
            raise Refusal(t("app-event-thread-taken", thread=str(thread), match=link.pairing_id))
        if record is None:
            record = await self._create(event, thread, users)
        if record.status == "lobby":
            record = await self._seat_and_start(record, users)
        await self.store.set_match(event.id, link.pairing_id, record.id)
        return record.id

    async def _create(self, event: Event, thread: int, users: Sequence[int]) -> MatchRecord:
        game = get_game(event.row.game)
        settings = event.settings
        control = self.matches.time_control(game.name, settings.clock)
        return await self.matches.repo.create_match(
            game=game.name,
            options={**game.default_options(), **settings.options},
            guild_id=event.row.guild_id,
            channel_id=thread,
            creator_id=users[0],
            seed=self._seeds.randrange(2**31),
            now=iso(self.matches.clock()),
            clock=None if control.kind == "none" else clocks.MatchClock(control).to_json(),
            rated=settings.rated,
        )

    async def _seat_and_start(self, record: MatchRecord, users: Sequence[int]) -> MatchRecord:
        async with self.matches.lock(record.id):
            record = await self.matches.fresh(record.id)
            for user in users:
                if not record.is_member(user):
                    change = MatchChange(record.version, add_member=user)
                    record = await self.matches.repo.apply_change(record.id, change, iso(self.matches.clock()))
        return await self.matches.start(channel_id=record.channel_id, user_id=record.creator_id, seat_order="random")

    async def close(self, match_id: int, why: Text) -> bool:
        """End a live match without a result (a ruling settled its pairing, or its round was paired again),
        and say why in its thread. False when it had already ended."""
        async with self.matches.lock(match_id):
            record = await self.matches.fresh(match_id)
            if not record.live:
                return False
            change = MatchChange(
                record.version,
                status="aborted",
                result={"reason": "abandoned", "winners": [], "winner_users": [], "detail": i18n.to_json(why)},
                log=LogEntry(0, "abort", None, None, None, None, [], ""),
                outbox_recipients=[] if record.status == "active" else None,
            )
            state = self.matches.state_of(record) if record.started else None
            record = await self.matches.commit_state(record, change, state)
        await self.matches.deliver_pending(match_id)
        notice = Notice(
            record.id,
            record.version,
            record.guild_id,
            record.channel_id,
            t("app-event-match-closed", match=record.id, why=why),
        )
        await self.matches.delivery.post_notice(notice)
        return True

    async def time_out(self, match_id: int) -> bool:
        """The deadline rule `clock`: the player with the least time left loses (in a multi-seat match, seats
        go out least time first until it ends). False when the match has no clock or is over."""
        async with self.matches.lock(match_id):
            record = await self.matches.fresh(match_id)
            if record.status != "active" or record.clock is None:
                return False
            now = self.matches.clock()
            clock = clocks.MatchClock.from_json(record.clock)
            order = sorted(range(len(clock.seats)), key=lambda seat: (clock.seats[seat].left(now), seat))
            for seat in order[:-1]:
                if record.status != "active":
                    break
                record = await self.matches.concede(record, seat, user_id=None, reason="timeout")
        await self.matches.deliver_pending(match_id)
        return True

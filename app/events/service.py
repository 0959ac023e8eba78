"""TournamentService: events as use cases, joining the pure core (app/tournament) to storage, matches and
Discord (through the delivery port).

Every change to an event takes the event's lock, reads its history, asks the core what to append, and
appends in one transaction. Match operations (opening threads and matches, ending a match by a ruling or
at a deadline) happen after the lock is released, because ending a match calls the results listener,
which takes the lock itself. A background runner per event carries it forward without anyone asking:
it takes results the service's after-finish hook reported, pairs the next round when every result is
in (three strikes: as soon as only matches that put their loser out are left), opens each pairing's
thread and match, and applies the deadline rule. A sweep restarts the runner of every open event, so a
restart or a missed hook is repaired within a sweep.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from app.clock import iso
from app.delivery import Announcement
from app.errors import NotAllowed, Refusal, WrongStatus
from app.events import book, text
from app.events.book import CHECKED_IN, ENDED, Event, NoEvent, Note
from app.events.results import result_of
from app.events.settings import EventSettings, check
from app.events.tables import MatchDesk, timestamp
from app.pictures import NoPictures, Pictures
from app.rating_service import RatingService
from app.service import MatchService
from app.tournament import actions
from app.tournament.model import BRACKETS, FIXED_SCHEDULE, Entrant, Format, Reason, Record, Result, TournamentError
from app.tournament.state import PENDING, TournamentState
from db.records import MatchRecord
from db.tournaments import EventMatch, TournamentRepository
from engine.core import BadOptions, GameError, get_game

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
    text: str
    files: tuple[tuple[str, bytes], ...] = field(default_factory=tuple)


def playable(state: TournamentState) -> list[tuple[str, int]]:
    """(pairing, round) of every match that can be played now: every seat known, not yet settled. A round
    robin plays its rounds in order; other formats play whatever is ready."""
    current = None
    if state.config.format is Format.ROUND_ROBIN:
        current = next((p.round for p in state.rounds if state.unfinished(p.round)), None)
    found = []
    for paired in state.rounds:
        if current is not None and paired.round > current:
            break
        for pairing in paired.pairings:
            seated = state.seat_entrants(pairing.match_id)
            if pairing.is_bye or PENDING in seated or None in seated or state.is_finished(pairing.match_id):
                continue
            found.append((pairing.match_id, paired.round))
    return found


def ready_to_pair(state: TournamentState) -> bool:
    """Whether to ask the core for the next round now. Swiss and pods wait for every result; three strikes
    pairs as soon as the core can (proxies stand in for matches that put their loser out), but only once
    the latest round's own proxies have resolved, so pairings never run more than a round ahead."""
    if not state.started or state.paused or state.config.format in FIXED_SCHEDULE:
        return False
    if state.config.format is Format.THREE_STRIKES:
        return all(PENDING not in state.seat_entrants(p.match_id) for p in state.rounds[-1].pairings)
    return not state.unfinished()


class TournamentService:
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
                raise NoEvent(f"There is no event #{event_id} in this server.")
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
            raise NoEvent("There is no event here. An organiser creates one with `/tournament create`.")
        listed = ", ".join(f"#{r.id} {r.name} (<#{r.channel_id}>)" for r in running[:5])
        raise NoEvent(f"Several events are open in this server: {listed}. Say which with `event:`.")

    def is_organiser(self, event: Event, actor: Actor) -> bool:
        return (
            actor.user_id == event.row.creator_id
            or actor.manage_guild
            or (bool(self.organiser_role) and self.organiser_role in actor.roles)
        )

    def _require_organiser(self, event: Event, actor: Actor) -> None:
        if not self.is_organiser(event, actor):
            role = f", the `{self.organiser_role}` role" if self.organiser_role else ""
            raise NotAllowed(
                f"Only the organisers of {event.name} can do that: its creator <@{event.row.creator_id}>{role} "
                "and members with Manage Server."
            )

    # ------------------------------------------------------------------------------------ creating

    async def create(
        self,
        actor: Actor,
        *,
        guild_id: int | None,
        channel_id: int,
        name: str,
        game: str,
        format: str,
        options: dict[str, Any] | None = None,
        rounds: int | None = None,
        seats: int | None = None,
        strikes: int = 3,
        clock: dict[str, Any] | None = None,
        round_days: float = 7.0,
        registration_days: float | None = None,
        max_entrants: int | None = None,
        checkin: bool = False,
        checkin_hours: float = 24.0,
        deadline_rule: str = "organiser",
        rated: bool = True,
    ) -> Reply:
        if guild_id is None:
            raise Refusal("Events are run in a server channel.")
        try:
            chosen = Format(format)
        except ValueError:
            names = ", ".join(f.value for f in Format)
            raise Refusal(f"There is no format {format!r}; formats: {names}.") from None
        try:
            found = get_game(game)
        except BadOptions:
            found = None
        if found is None or (not found.offered and not self.matches.allow_unoffered_games):
            raise Refusal(f"There is no game called {game!r}.")
        if await self.store.tournaments(channel_id=channel_id, open_only=True, limit=1):
            raise WrongStatus("This channel already runs an event; finish it or create the new one in another channel.")
        if registration_days is not None and not 0 < registration_days <= 90:
            raise Refusal("Registration stays open for more than 0 and at most 90 days.")
        closes = None if registration_days is None else iso(self.now() + timedelta(days=registration_days))
        table = seats if seats is not None else (min(4, found.max_players) if chosen is Format.PODS else 2)
        settings = EventSettings(
            name=" ".join(name.split()),
            game=found.name,
            format=chosen,
            options=options or {},
            rounds=rounds,
            seats=table,
            strikes=strikes,
            clock=clock or {},
            round_days=round_days,
            registration_closes=closes,
            max_entrants=max_entrants,
            checkin=checkin,
            checkin_hours=checkin_hours,
            deadline_rule=deadline_rule,
            rated=rated,
        )
        control = self.matches.time_control(found.name, settings.clock)
        config = check(settings, found, control.kind, self._seeds.randrange(2**31))
        row = await self.store.create_tournament(
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=actor.user_id,
            name=settings.name,
            game=found.name,
            settings=settings.to_json(),
            config=config.to_json(),
            now=iso(self.now()),
        )
        event = await self.load(row.id)
        return Reply(f"<@{actor.user_id}> created **{event.name}** (event #{event.id}).\n{self.describe(event)}")

    def describe(self, event: Event) -> str:
        s = event.settings
        game = get_game(event.row.game)
        control = self.matches.time_control(game.name, s.clock)
        options = ", ".join(f"{k}={v}" for k, v in s.options.items()) or "defaults"
        state = event.state
        shape = [s.format_name]
        if s.rounds:
            shape.append(f"{s.rounds} rounds")
        if s.format is Format.THREE_STRIKES:
            shape.append(f"{s.strikes} strikes")
        if s.format is Format.PODS:
            shape.append(f"tables of {s.seats}")
        at_deadline = (
            "unfinished matches go against whoever has less time left"
            if s.deadline_rule == "clock"
            else "the organisers rule on unfinished matches"
        )
        lines = [
            f"Game: {game.title} ({options}). Format: {', '.join(shape)}.",
            f"Each match: {control.describe()}. A round lasts {s.round_days:g} days; at its deadline {at_deadline}."
            + ("" if s.rated else " Matches are unrated."),
        ]
        if event.row.status == "registration":
            closes = s.closes_at()
            limit = f" of {s.max_entrants}" if s.max_entrants else ""
            starts = (
                f" It closes {timestamp(closes)} and the event starts then."
                if closes
                else " An organiser starts it with `/tournament start`."
            )
            lines.append(f"Registration is open ({len(state.active())}{limit} players): `/tournament join`.{starts}")
            if s.checkin:
                opens = s.checkin_opens()
                when = f"from {timestamp(opens)}" if opens else "before the start"
                lines.append(f"Check-in is required: `/tournament checkin` {when}, or you are dropped at the start.")
        elif event.finished:
            lines.append("The event is over." + (f" Ended by an organiser: {event.ended}" if event.ended else ""))
        else:
            lines.append(f"Running: {len(state.rounds)} round(s) paired, {len(state.active())} players still in.")
            if state.paused:
                lines.append("Paused by the organisers: no round is paired until it resumes.")
        return "\n".join(lines)

    # ------------------------------------------------------------------------------------ players

    async def join(self, actor: Actor, tournament_id: int) -> Reply:
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            s, state, entrant = event.settings, event.state, str(actor.user_id)
            if event.row.status != "registration":
                raise WrongStatus(
                    f"Registration for {event.name} is closed. An organiser can still add you with "
                    "`/tournament late-entry`."
                )
            closes = s.closes_at()
            if closes is not None and self.now() >= closes:
                raise WrongStatus(f"Registration for {event.name} closed {timestamp(closes)}.")
            if entrant in state.withdrawn:
                raise WrongStatus(f"You left {event.name}; a player enters an event once.")
            if entrant in state.entrants:
                raise WrongStatus(f"You are already entered in {event.name}.")
            if s.max_entrants is not None and len(state.active()) >= s.max_entrants:
                raise WrongStatus(f"{event.name} is full ({s.max_entrants} players).")
            records = self._core(actions.register, state, Entrant.solo(entrant, actor.name or entrant))
            event = await self._append(event, records, user_id=actor.user_id)
        hint = " Remember to check in (`/tournament checkin`)." if s.checkin else ""
        return Reply(f"<@{actor.user_id}> joined **{event.name}** ({len(event.state.active())} players).{hint}")

    async def leave(self, actor: Actor, tournament_id: int) -> Reply:
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            entrant = str(actor.user_id)
            if event.row.status != "registration":
                raise WrongStatus(f"{event.name} has started: `/tournament drop` leaves it (your results stand).")
            if entrant not in event.state.active():
                raise WrongStatus(f"You are not entered in {event.name}.")
            records = self._core(actions.drop, event.state, entrant, "left before the start")
            event = await self._append(event, records, user_id=actor.user_id)
        return Reply(f"<@{actor.user_id}> left **{event.name}** ({len(event.state.active())} players).")

    async def checkin(self, actor: Actor, tournament_id: int) -> Reply:
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            entrant = str(actor.user_id)
            if not event.settings.checkin:
                raise WrongStatus(f"{event.name} needs no check-in: being entered is enough.")
            if event.row.status != "registration":
                raise WrongStatus(f"{event.name} has started; check-in is over.")
            if entrant not in event.state.active():
                raise WrongStatus(f"Join {event.name} first (`/tournament join`), then check in.")
            opens = event.settings.checkin_opens()
            if opens is not None and self.now() < opens:
                raise WrongStatus(f"Check-in for {event.name} opens {timestamp(opens)}.")
            if entrant in event.checked_in:
                raise WrongStatus(f"You are already checked in to {event.name}.")
            event = await self._append(event, [Note(CHECKED_IN, {"entrant": entrant})], user_id=actor.user_id)
        count = len(event.checked_in & set(event.state.active()))
        return Reply(f"You are checked in to {event.name} ({count} of {len(event.state.active())} players so far).")

    async def drop(self, actor: Actor, tournament_id: int, player: int | None = None) -> Reply:
        """A player leaves a started event (an organiser may drop someone else). Their match in progress is
        resigned for them, so their opponent gets the result at once; results so far stand."""
        target = actor.user_id if player is None else player
        event = await self.load(tournament_id)
        if target != actor.user_id:
            self._require_organiser(event, actor)
        if event.row.status == "registration":
            raise WrongStatus(f"{event.name} has not started: `/tournament leave` takes you out.")
        entrant = str(target)
        if entrant not in event.state.entrants:
            raise WrongStatus(f"<@{target}> is not entered in {event.name}.")
        if entrant in event.state.withdrawn:
            raise WrongStatus(f"<@{target}> has already left {event.name}.")
        for link in await self._live_links(event, entrant):
            record = await self.matches.find(match_id=link.match_id)
            if record.status == "active" and record.is_member(target):
                await self.matches.resign(user_id=target, match_id=record.id)
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            records = self._core(actions.drop, event.state, entrant, "dropped")
            event = await self._append(event, records, user_id=actor.user_id)
        self.kick(tournament_id)
        return Reply(f"<@{target}> dropped out of **{event.name}**; their results stand.")

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

    # ------------------------------------------------------------------------------------ starting

    async def start(self, actor: Actor | None, tournament_id: int) -> Reply:
        """Close registration and pair the first round (brackets: seeded by rating). `actor` None is the
        registration window closing by itself."""
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            if actor is not None:
                self._require_organiser(event, actor)
            if event.row.status != "registration":
                raise WrongStatus(f"{event.name} has already started.")
            records: list[Record | Note] = []
            state = TournamentState.fold(event.state.config, event.state.records)
            if event.settings.checkin:
                for entrant in state.active():
                    if entrant not in event.checked_in:
                        records.extend(self._core(actions.drop, state, entrant, "did not check in"))
                for record in records:
                    state.apply(record)  # type: ignore[arg-type]
            seeds = await self._seed_list(event, state)
            paired = self._core(actions.pair_next_round, state, seeds)
            for record in paired:
                state.apply(record)
            records.extend(paired)
            event = await self._append(
                event,
                records,
                user_id=None if actor is None else actor.user_id,
                status="running",
                new_matches=playable(state),
            )
        dropped = [r for r in records if getattr(r, "note", "") == "did not check in"]
        await self._announce_round(event, 1 if event.state.config.format not in FIXED_SCHEDULE else None)
        self.kick(tournament_id)
        missing = f" {len(dropped)} player(s) did not check in and were dropped." if dropped else ""
        return Reply(f"**{event.name}** has started with {len(event.state.active())} players.{missing}")

    async def _seed_list(self, event: Event, state: TournamentState) -> list[str] | None:
        if state.config.format not in BRACKETS:
            return None
        game = get_game(event.row.game)
        mode = game.mode_key({**game.default_options(), **event.settings.options}, event.settings.seats)
        order = await self.ratings.seed_order(game.name, mode, [int(e) for e in state.active()])
        return [str(user) for user in order]

    # ------------------------------------------------------------------------------------ results

    async def on_match_finished(self, record: MatchRecord) -> None:
        """The match service's after-finish listener: a match of an event ended; take its result now."""
        link = await self.store.event_match_of(record.id)
        if link is None:
            return
        async with self._lock(link.tournament_id):
            event = await self.load(link.tournament_id)
            if not event.finished:
                await self._take_result(event, link, record)
        self.kick(link.tournament_id)

    async def _take_result(self, event: Event, link: EventMatch, record: MatchRecord) -> Event:
        """Record a finished match's result (the caller holds the lock). A result the core refuses (a draw
        where the next round counts on a winner) or an aborted match goes to the organisers."""
        state, match_id = event.state, link.pairing_id
        if match_id not in state.matches or match_id in state.results or state.is_finished(match_id):
            return event
        seated = state.seat_entrants(match_id)
        if not all(isinstance(e, str) for e in seated):
            return event
        users = [int(state.entrants[e].members[0]) for e in seated if isinstance(e, str)]
        result = result_of(record, users)
        if result is None:
            if record.status == "aborted":
                await self._tell_once(
                    event,
                    link,
                    "aborted",
                    f"⚠️ {state.describe(match_id)} was aborted without a result. {self._rule(match_id)}",
                )
            return event
        try:
            records = actions.report(state, match_id, result)
        except TournamentError as problem:
            await self._tell_once(
                event, link, "refused", f"⚠️ {state.describe(match_id)}: {problem.message} {self._rule(match_id)}"
            )
            return event
        return await self._append(event, records, user_id=None)

    def _rule(self, match_id: str) -> str:
        return f"Organisers: rule on it with `/tournament adjudicate match:{match_id}`."

    async def _tell_once(self, event: Event, link: EventMatch, key: str, message: str) -> None:
        if link.noticed == key:
            return
        await self._announce(event, message)
        await self.store.set_noticed(event.id, link.pairing_id, key)

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

    async def sweep(self) -> None:
        """Look at every open event: registration closing, results missed, rounds to pair, threads to open,
        deadlines. Runs at start-up (after a restart) and every few minutes."""
        for row in await self.store.tournaments(open_only=True, limit=1000):
            self.kick(row.id)
        await self.settle()

    async def advance(self, tournament_id: int) -> None:
        event = await self.load(tournament_id)
        if event.row.status == "registration":
            closes = event.settings.closes_at()
            if closes is not None and self.now() >= closes:
                await self._start_on_time(event)
            return
        if event.finished:
            return
        paired = await self._settle_round(tournament_id)
        if paired is not None:
            await self._announce_round(paired, len(paired.state.rounds))
        await self._open_missing(tournament_id)
        await self._enforce_deadlines(tournament_id)

    async def _start_on_time(self, event: Event) -> None:
        try:
            await self.start(None, event.id)
        except Refusal as problem:
            note = f"registration closed but the event could not start: {problem.message}"
            async with self._lock(event.id):
                event = await self.load(event.id)
                if event.row.status != "registration":
                    return
                await self._append(event, [Note(ENDED, {"note": note})], user_id=None, status="finished")
            await self._announce(event, f"**{event.name}** is cancelled: {note}")

    async def _settle_round(self, tournament_id: int) -> Event | None:
        """Take missed results, end the event when it is over, pair the next round when it is ready, and
        note pairings that became playable. Returns the event when a round was paired."""
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            if event.finished:
                return None
            links = await self.store.event_matches(tournament_id)
            for link in links:
                if link.match_id is None or link.pairing_id not in event.state.matches:
                    continue
                if event.state.is_finished(link.pairing_id):
                    continue
                record = await self.matches.find(match_id=link.match_id)
                if not record.live:
                    event = await self._take_result(event, link, record)
            if actions.is_over(event.state):
                event = await self._append(event, [], user_id=None, status="finished")
                await self._announce_final(event)
                return None
            paired = None
            if ready_to_pair(event.state):
                try:
                    records = actions.pair_next_round(event.state)
                except TournamentError as waiting:
                    log.debug("event %s waits: %s", tournament_id, waiting.message)
                else:
                    after = TournamentState.fold(event.state.config, [*event.state.records, *records])
                    event = await self._append(event, records, user_id=None, new_matches=playable(after))
                    paired = event
            known = {link.pairing_id for link in links}
            fresh = [item for item in playable(event.state) if item[0] not in known]
            if fresh:
                await self.store.add_event_matches(tournament_id, fresh, iso(self.now()))
            return paired

    async def _open_missing(self, tournament_id: int) -> None:
        async with self._opening.setdefault(tournament_id, asyncio.Lock()):
            event = await self.load(tournament_id)
            if event.finished:
                return
            state = event.state
            for link in await self.store.event_matches(tournament_id):
                if link.match_id is not None or link.pairing_id not in state.matches:
                    continue
                if state.is_finished(link.pairing_id):
                    continue
                seated = [e for e in state.seat_entrants(link.pairing_id) if isinstance(e, str)]
                users = [int(state.entrants[e].members[0]) for e in seated]
                try:
                    await self.desk.open(
                        event, link, users, [state.name(e) for e in seated], self.deadline(event, link)
                    )
                except (Refusal, GameError) as problem:
                    await self._tell_once(
                        event, link, "unopened", f"⚠️ {link.pairing_id} could not start: {problem.message}"
                    )
                except Exception:
                    log.exception(
                        "opening %s of event %s failed; the next sweep tries again", link.pairing_id, event.id
                    )

    def deadline(self, event: Event, link: EventMatch) -> datetime:
        ruled = event.state.deadlines.get(link.pairing_id)
        if ruled is not None:
            return datetime.fromisoformat(ruled)
        return datetime.fromisoformat(link.created_at) + event.settings.round_length

    async def _enforce_deadlines(self, tournament_id: int) -> None:
        event = await self.load(tournament_id)
        if event.finished or event.state.paused:
            return
        now = self.now()
        for link in await self._live_links(event):
            due = self.deadline(event, link)
            if now < due:
                continue
            clock_rule = event.settings.deadline_rule == "clock" and link.match_id is not None
            if clock_rule and await self.desk.time_out(link.match_id):  # type: ignore[arg-type]
                continue
            await self._tell_once(
                event,
                link,
                f"deadline {iso(due)}",
                f"⏰ The deadline of {event.state.describe(link.pairing_id)} has passed and it is unfinished. "
                f"Organisers: rule with `/tournament adjudicate match:{link.pairing_id}` (a result, a double loss, "
                "or more days).",
            )

    # ------------------------------------------------------------------------------------ organisers

    async def adjudicate(
        self,
        actor: Actor,
        tournament_id: int,
        match_id: str,
        *,
        outcome: str | None = None,
        winner: int | None = None,
        order: Sequence[int] = (),
        days: float | None = None,
        note: str = "",
    ) -> Reply:
        """An organiser's ruling on a pairing: `outcome` "win" (with `winner`), "draw", "double_loss" or
        "places" (with `order`, best first, for a multi-seat table); and/or `days` more before its deadline."""
        match_id = match_id.strip().lower()
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            self._require_organiser(event, actor)
            state = event.state
            if match_id not in state.matches:
                raise Refusal(f"{event.name} has no match {match_id}. `/tournament pairings` lists them.")
            result = self._ruling(state, match_id, outcome, winner, order)
            deadline = None
            if days is not None:
                if not 0 < days <= 90:
                    raise Refusal("An extension is more than 0 and at most 90 days.")
                link = next((x for x in await self.store.event_matches(event.id) if x.pairing_id == match_id), None)
                current = self.deadline(event, link) if link is not None else self.now()
                deadline = iso(max(current, self.now()) + timedelta(days=days))
            records = self._core(actions.adjudicate, state, match_id, result, deadline, note)
            event = await self._append(event, records, user_id=actor.user_id)
        closed = await self._close_settled(event, f"an organiser ruled on {match_id}.")
        self.kick(tournament_id)
        said = text.match_line(event.state, match_id, {})
        extra = f" New deadline: {timestamp(datetime.fromisoformat(deadline))}." if deadline else ""
        return Reply(f"Ruling on {said}.{extra}" + (" Its match is closed." if closed else ""))

    def _ruling(
        self, state: TournamentState, match_id: str, outcome: str | None, winner: int | None, order: Sequence[int]
    ) -> Result | None:
        seated = state.seat_entrants(match_id)
        seats = len(seated)
        if outcome is None:
            return None
        if outcome == "draw":
            return Result.draw(seats)
        if outcome == "double_loss":
            return Result.double_loss(seats)
        players = [e if isinstance(e, str) else "" for e in seated]
        if outcome == "win":
            if winner is None or str(winner) not in players:
                names = " or ".join(text.mention(p) for p in players if p)
                raise Refusal(f"Name the winner of {match_id}: {names}.")
            return Result.win(seats, players.index(str(winner)), Reason.ADJUDICATED)
        if outcome == "places":
            given = [str(u) for u in order]
            if sorted(given) != sorted(players):
                raise Refusal(
                    f"List every player of {match_id} once, best first: {', '.join(map(text.mention, players))}."
                )
            return Result(tuple(given.index(p) + 1 for p in players), Reason.ADJUDICATED)
        raise Refusal("A ruling is `win`, `draw`, `double_loss` or `places`.")

    async def _close_settled(self, event: Event, why: str) -> int:
        """Close the live matches of pairings now settled without them (rulings, disqualifications)."""
        closed = 0
        for link in await self.store.event_matches(event.id):
            if link.match_id is None or link.pairing_id not in event.state.matches:
                continue
            if event.state.is_finished(link.pairing_id) and await self.desk.close(link.match_id, why):
                closed += 1
        return closed

    async def repair(self, actor: Actor, tournament_id: int) -> Reply:
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            self._require_organiser(event, actor)
            seeds = await self._seed_list(event, event.state) if event.state.config.format in BRACKETS else None
            records = self._core(actions.repair_round, event.state, seeds)
            after = TournamentState.fold(event.state.config, [*event.state.records, *records])
            event = await self._append(event, records, user_id=actor.user_id, new_matches=playable(after))
        for link in await self.store.event_matches(event.id):
            if link.match_id is not None and link.pairing_id not in event.state.matches:
                await self.desk.close(link.match_id, "its round was paired again; the new pairing has its own thread.")
        number = None if event.state.config.format in FIXED_SCHEDULE else len(event.state.rounds)
        await self._announce_round(event, number, again=True)
        self.kick(tournament_id)
        return Reply(f"{event.name}: the round is paired again.")

    async def late_entry(self, actor: Actor, tournament_id: int, player: int, name: str) -> Reply:
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            self._require_organiser(event, actor)
            if str(player) in event.state.entrants:
                raise WrongStatus(f"<@{player}> is already entered in {event.name}.")
            records = self._core(actions.late_entry, event.state, Entrant.solo(str(player), name or str(player)))
            event = await self._append(event, records, user_id=actor.user_id)
        return Reply(
            f"<@{player}> is entered in **{event.name}** late and is paired from the next round. (To pair them "
            "into the current round, `/tournament repair` it while none of its results are in.)"
        )

    async def disqualify(self, actor: Actor, tournament_id: int, player: int, note: str = "") -> Reply:
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            self._require_organiser(event, actor)
            if str(player) not in event.state.entrants:
                raise WrongStatus(f"<@{player}> is not entered in {event.name}.")
            records = self._core(actions.disqualify, event.state, str(player), note)
            event = await self._append(event, records, user_id=actor.user_id)
        await self._close_settled(event, f"<@{player}> was disqualified.")
        self.kick(tournament_id)
        return Reply(f"<@{player}> is disqualified from **{event.name}**; their unfinished matches are losses.")

    async def pause(self, actor: Actor, tournament_id: int, *, resume: bool = False) -> Reply:
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            self._require_organiser(event, actor)
            if event.finished:
                raise WrongStatus(f"{event.name} is over.")
            records = self._core(actions.resume if resume else actions.pause, event.state)
            event = await self._append(event, records, user_id=actor.user_id)
        self.kick(tournament_id)
        if resume:
            return Reply(f"**{event.name}** goes on: rounds are paired again.")
        return Reply(f"**{event.name}** is paused: no round is paired and no deadline applies until it resumes.")

    async def end(self, actor: Actor, tournament_id: int, note: str = "") -> Reply:
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            self._require_organiser(event, actor)
            if event.finished:
                raise WrongStatus(f"{event.name} is already over.")
            why = note.strip() or f"ended by <@{actor.user_id}>"
            event = await self._append(event, [Note(ENDED, {"note": why})], user_id=actor.user_id, status="finished")
        await self._announce_final(event)
        return Reply(f"**{event.name}** is over. Matches still being played go on, but no longer count for it.")

    def _core(self, action: Any, *args: Any) -> list[Record]:
        try:
            return list(action(*args))
        except TournamentError as problem:
            raise Refusal(problem.message) from None

    # ------------------------------------------------------------------------------------ reading

    async def threads(self, event: Event) -> dict[str, int]:
        return {x.pairing_id: x.thread_id for x in await self.store.event_matches(event.id) if x.thread_id}

    async def info(self, tournament_id: int) -> Reply:
        event = await self.load(tournament_id)
        return Reply(
            f"**{event.name}** (event #{event.id}, organised by <@{event.row.creator_id}>)\n{self.describe(event)}"
        )

    async def standings(self, tournament_id: int) -> Reply:
        event = await self.load(tournament_id)
        return await self._standings_reply(event, f"**{event.name}** · standings")

    async def _standings_reply(self, event: Event, heading: str) -> Reply:
        header, rows = text.standings_table(event.state)
        image = await asyncio.to_thread(self.pictures.standings, event.name, header, rows, self._progress(event))
        files = (("standings.png", image),) if image else ()
        return Reply(f"{heading} ({self._progress(event)})\n{text.standings_text(event.state)}", files)

    def _progress(self, event: Event) -> str:
        state = event.state
        if not state.started:
            return "before the first round"
        if event.finished:
            return "final"
        if state.config.format in FIXED_SCHEDULE:
            return f"{len(state.results)} results in"
        total = "" if state.config.format is Format.THREE_STRIKES else f" of {actions.total_rounds(state)}"
        return f"round {len(state.rounds)}{total}"

    async def pairings(self, tournament_id: int, round_number: int | None = None) -> Reply:
        event = await self.load(tournament_id)
        state = event.state
        if not state.started:
            raise WrongStatus(f"{event.name} has not started; nothing is paired yet.")
        number = round_number or self._current_round(state)
        if not 1 <= number <= len(state.rounds):
            raise Refusal(f"{event.name} has rounds 1 to {len(state.rounds)}.")
        lines = text.round_lines(state, number, await self.threads(event))
        return Reply(f"**{event.name}** · {text.round_title(state, number)}\n" + "\n".join(lines))

    def _current_round(self, state: TournamentState) -> int:
        return next((p.round for p in state.rounds if state.unfinished(p.round)), len(state.rounds))

    async def bracket(self, tournament_id: int) -> Reply:
        event = await self.load(tournament_id)
        if event.state.config.format not in BRACKETS:
            raise WrongStatus(f"{event.name} is {event.settings.format_name}: it has standings, not a bracket.")
        if not event.state.started:
            raise WrongStatus(f"{event.name} has not started; the bracket is drawn at the start.")
        columns = text.bracket_columns(event.state)
        image = await asyncio.to_thread(self.pictures.bracket, event.name, columns)
        body = text.bracket_text(event.state, await self.threads(event))
        return Reply(f"**{event.name}** · bracket\n{body}", (("bracket.png", image),) if image else ())

    async def export(self, tournament_id: int) -> Reply:
        event = await self.load(tournament_id)
        links = {x.pairing_id: x for x in await self.store.event_matches(event.id)}
        files = (
            (f"event-{event.id}.csv", text.export_csv(event.state, links).encode()),
            (f"event-{event.id}.json", text.export_json(event.row, event.state, event.history, links).encode()),
        )
        return Reply(f"Every pairing and result of **{event.name}**, and its whole history.", files)

    async def match_choices(self, tournament_id: int, typed: str) -> list[str]:
        """Pairing ids for autocomplete: unsettled ones first."""
        event = await self.load(tournament_id)
        state = event.state
        ids = sorted(state.matches, key=lambda m: (state.is_finished(m), -state.matches[m].round, m))
        return [m for m in ids if typed.lower() in m][:25]

    # ------------------------------------------------------------------------------------ announcing

    async def _announce(self, event: Event, message: str, files: tuple[tuple[str, bytes], ...] = ()) -> None:
        try:
            await self.matches.delivery.announce(Announcement(event.row.channel_id, message, files))
        except Exception:
            log.exception("announcing to event %s failed", event.id)

    async def _announce_round(self, event: Event, number: int | None, *, again: bool = False) -> None:
        state = event.state
        if number is None:
            what = "The bracket is drawn" if state.config.format in BRACKETS else "The schedule is drawn"
            body = f"{what}: each match gets its own thread when both players are known."
        else:
            title = text.round_title(state, number)
            due = self.now() + event.settings.round_length
            lines = text.round_lines(state, number, {})
            body = (
                f"{title} is paired{' again' if again else ''} (deadline {timestamp(due)}). Each match has its own "
                "thread; its players are pinged there.\n" + "\n".join(lines)
            )
        reply = await self._standings_reply(event, f"**{event.name}** · standings") if number and number > 1 else None
        files = reply.files if reply else ()
        await self._announce(event, f"**{event.name}** · {body}", files)

    async def _announce_final(self, event: Event) -> None:
        header = f"🏁 **{event.name}** is over"
        ranked = [row for row in text.standings_table(event.state)[1]]
        if ranked and not event.ended:
            header += f". Winner: **{ranked[0].cells[1]}**"
        reply = await self._standings_reply(event, header)
        await self._announce(event, reply.text, reply.files)

"""TournamentService: events as use cases, joining the pure core (app/tournament) to storage, matches and
Discord (through the delivery port).

A background runner per event carries it forward without anyone asking:
it takes results the service's after-finish hook reported, pairs the next round when every result is
in (three strikes: as soon as only matches that put their loser out are left), opens each pairing's
thread and match, and applies the deadline rule. A sweep restarts the runner of every open event, so a
restart or a missed hook is repaired within a sweep.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Any

from app.clock import iso
from app.errors import Refusal, WrongStatus
from app.events.base import Actor, Reply
from app.events.book import CHECKED_IN, ENDED, Event, Note
from app.events.organise import Organising
from app.events.reading import Reading
from app.events.results import result_of
from app.events.rounds import playable, ready_to_pair
from app.events.settings import EventSettings, check
from app.events.tables import timestamp
from app.tournament import actions
from app.tournament.model import FIXED_SCHEDULE, Entrant, Format, Record, TournamentError
from app.tournament.state import TournamentState
from db.records import MatchRecord
from db.tournaments import EventMatch
from engine import i18n
from engine.core import BadOptions, GameError, get_game
from engine.i18n import joined, t, typed

log = logging.getLogger(__name__)

__all__ = ["Actor", "Reply", "TournamentService"]


class TournamentService(Organising, Reading):
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
            raise Refusal(t("app-event-in-a-server"))
        try:
            chosen = Format(format)
        except ValueError:
            names = joined([f.value for f in Format], ", ")
            raise Refusal(t("app-event-no-format", format=repr(typed(format)), formats=names)) from None
        try:
            found = get_game(game)
        except BadOptions:
            found = None
        if found is None or (not found.offered and not self.matches.allow_unoffered_games):
            raise Refusal(t("app-no-such-game", name=repr(typed(game))))
        if await self.store.tournaments(channel_id=channel_id, open_only=True, limit=1):
            raise WrongStatus(t("app-event-channel-busy"))
        if registration_days is not None and not 0 < registration_days <= 90:
            raise Refusal(t("app-event-registration-days"))
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
        made = t("app-event-created", who=f"<@{actor.user_id}>", event=event.name, number=event.id)
        return Reply(joined([made, self.describe(event)]))

    # ------------------------------------------------------------------------------------ players

    async def join(self, actor: Actor, tournament_id: int) -> Reply:
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            s, state, entrant = event.settings, event.state, str(actor.user_id)
            if event.row.status != "registration":
                raise WrongStatus(t("app-event-registration-closed", event=event.name))
            closes = s.closes_at()
            if closes is not None and self.now() >= closes:
                raise WrongStatus(t("app-event-registration-closed-at", event=event.name, closed=timestamp(closes)))
            if entrant in state.withdrawn:
                raise WrongStatus(t("app-event-left-once", event=event.name))
            if entrant in state.entrants:
                raise WrongStatus(t("app-event-you-are-entered", event=event.name))
            if s.max_entrants is not None and len(state.active()) >= s.max_entrants:
                raise WrongStatus(t("app-event-full", event=event.name, most=s.max_entrants))
            records = self._core(actions.register, state, Entrant.solo(entrant, actor.name or entrant))
            event = await self._append(event, records, user_id=actor.user_id)
        players = len(event.state.active())
        checkin = "yes" if s.checkin else "no"
        return Reply(
            t("app-event-joined", who=f"<@{actor.user_id}>", event=event.name, players=players, checkin=checkin)
        )

    async def leave(self, actor: Actor, tournament_id: int) -> Reply:
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            entrant = str(actor.user_id)
            if event.row.status != "registration":
                raise WrongStatus(t("app-event-started-drop", event=event.name))
            if entrant not in event.state.active():
                raise WrongStatus(t("app-event-you-are-not-entered", event=event.name))
            records = self._core(actions.drop, event.state, entrant, "left before the start")
            event = await self._append(event, records, user_id=actor.user_id)
        return Reply(
            t("app-event-left", who=f"<@{actor.user_id}>", event=event.name, players=len(event.state.active()))
        )

    async def checkin(self, actor: Actor, tournament_id: int) -> Reply:
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            entrant = str(actor.user_id)
            if not event.settings.checkin:
                raise WrongStatus(t("app-event-no-checkin", event=event.name))
            if event.row.status != "registration":
                raise WrongStatus(t("app-event-checkin-over", event=event.name))
            if entrant not in event.state.active():
                raise WrongStatus(t("app-event-join-first", event=event.name))
            opens = event.settings.checkin_opens()
            if opens is not None and self.now() < opens:
                raise WrongStatus(t("app-event-checkin-opens", event=event.name, opens=timestamp(opens)))
            if entrant in event.checked_in:
                raise WrongStatus(t("app-event-already-checked-in", event=event.name))
            event = await self._append(event, [Note(CHECKED_IN, {"entrant": entrant})], user_id=actor.user_id)
        count = len(event.checked_in & set(event.state.active()))
        return Reply(t("app-event-checked-in", event=event.name, count=count, players=len(event.state.active())))

    async def drop(self, actor: Actor, tournament_id: int, player: int | None = None) -> Reply:
        """A player leaves a started event (an organiser may drop someone else); results so far stand.

        The drop is recorded first, so no round paired meanwhile can include them; then their match in
        progress is resigned for them (their opponent gets the result at once), or closed where the format
        already settled it without play (a bracket's walkover)."""
        target = actor.user_id if player is None else player
        entrant = str(target)
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            if target != actor.user_id:
                self._require_organiser(event, actor)
            if event.row.status == "registration":
                raise WrongStatus(t("app-event-not-started-leave", event=event.name))
            if entrant not in event.state.entrants:
                raise WrongStatus(t("app-event-not-entered", player=f"<@{target}>", event=event.name))
            if entrant in event.state.withdrawn:
                raise WrongStatus(t("app-event-already-left", player=f"<@{target}>", event=event.name))
            playing = await self._live_links(event, entrant)
            records = self._core(actions.drop, event.state, entrant, "dropped")
            event = await self._append(event, records, user_id=actor.user_id)
        for link in playing:
            assert link.match_id is not None
            if event.state.is_finished(link.pairing_id):
                await self.desk.close(link.match_id, t("app-event-closed-left", player=f"<@{target}>"))
                continue
            record = await self.matches.find(match_id=link.match_id)
            if record.status == "active" and record.is_member(target):
                await self.matches.resign(user_id=target, match_id=record.id)
        self.kick(tournament_id)
        return Reply(t("app-event-dropped", player=f"<@{target}>", event=event.name))

    # ------------------------------------------------------------------------------------ starting

    async def start(self, actor: Actor | None, tournament_id: int) -> Reply:
        """Close registration and pair the first round (brackets: seeded by rating). `actor` None is the
        registration window closing by itself."""
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            if actor is not None:
                self._require_organiser(event, actor)
            if event.row.status != "registration":
                raise WrongStatus(t("app-event-already-started", event=event.name))
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
        started = t("app-event-started", event=event.name, players=len(event.state.active()))
        missing = t("app-event-checkin-dropped", dropped=len(dropped)) if dropped else ""
        return Reply(joined([started, missing], " "))

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
                    t("app-event-aborted", match=state.describe(match_id), rule=self._rule(match_id)),
                )
            return event
        try:
            records = actions.report(state, match_id, result)
        except TournamentError as problem:
            told = t(
                "app-event-result-refused",
                match=state.describe(match_id),
                problem=problem.msg,
                rule=self._rule(match_id),
            )
            await self._tell_once(event, link, "refused", told)
            return event
        return await self._append(event, records, user_id=None)

    # ------------------------------------------------------------------------------------ the runner

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
            note = t("app-event-could-not-start", problem=problem.msg)
            async with self._lock(event.id):
                event = await self.load(event.id)
                if event.row.status != "registration":
                    return
                await self._append(event, [Note(ENDED, {"note": i18n.to_json(note)})], user_id=None, status="finished")
            await self._announce(event, t("app-event-cancelled", event=event.name, note=note))

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
                        event,
                        link,
                        "unopened",
                        t("app-event-could-not-open", match=link.pairing_id, problem=problem.msg),
                    )
                except Exception:
                    # Discord failing (or refusing: no right to make threads here). Logged in full and told
                    # to the channel once; every sweep tries again quietly.
                    if link.noticed == "unopened":
                        log.warning("opening %s of event %s failed again", link.pairing_id, event.id)
                        continue
                    log.exception(
                        "opening %s of event %s failed; the next sweep tries again", link.pairing_id, event.id
                    )
                    await self._tell_once(event, link, "unopened", t("app-event-thread-failed", match=link.pairing_id))

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
                t("app-event-deadline-passed", match=event.state.describe(link.pairing_id), match_id=link.pairing_id),
            )

"""What organisers do to a running event: rulings (a result, a double loss, more days), pairing a round
again, late entries, disqualifications, pausing and ending. Each appends to the history under the event's
lock; matches a ruling settled are closed afterwards, outside it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from app.clock import iso
from app.errors import Refusal, WrongStatus
from app.events import text
from app.events.base import Actor, EventsBase, Reply
from app.events.book import ENDED, Event, Note
from app.events.rounds import playable
from app.events.tables import timestamp
from app.tournament import actions
from app.tournament.model import BRACKETS, FIXED_SCHEDULE, Entrant, Reason, Result
from app.tournament.state import TournamentState
from engine import i18n
from engine.i18n import Text, joined, listing, t, typed


class Organising(EventsBase):
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
        typed = match_id.strip()
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            self._require_organiser(event, actor)
            state = event.state
            # Ids are matched without case: Swiss ids are "r2m1", a bracket's "R1-2" and "GF".
            match_id = next((m for m in state.matches if m.lower() == typed.lower()), typed)
            if match_id not in state.matches:
                raise Refusal(t("app-event-no-such-match", event=event.name, match=match_id))
            result = self._ruling(state, match_id, outcome, winner, order)
            deadline = None
            if days is not None:
                if not 0 < days <= 90:
                    raise Refusal(t("app-event-extension-days"))
                link = next((x for x in await self.store.event_matches(event.id) if x.pairing_id == match_id), None)
                current = self.deadline(event, link) if link is not None else self.now()
                deadline = iso(max(current, self.now()) + timedelta(days=days))
            records = self._core(actions.adjudicate, state, match_id, result, deadline, note)
            event = await self._append(event, records, user_id=actor.user_id)
        closed = await self._close_settled(event, t("app-event-closed-ruled", match=match_id))
        self.kick(tournament_id)
        said = text.match_line(event.state, match_id, {})
        parts: list[Text] = [t("app-event-ruling", match=said)]
        if deadline:
            parts.append(t("app-event-new-deadline", deadline=timestamp(datetime.fromisoformat(deadline))))
        if closed:
            parts.append(t("app-event-match-closed-too"))
        return Reply(joined(parts, " "))

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
                names = listing([text.mention(p) for p in players if p], "or")
                raise Refusal(t("app-event-name-winner", match=match_id, players=names))
            return Result.win(seats, players.index(str(winner)), Reason.ADJUDICATED)
        if outcome == "places":
            given = [str(u) for u in order]
            if sorted(given) != sorted(players):
                named = joined([text.mention(p) for p in players], ", ")
                raise Refusal(t("app-event-list-places", match=match_id, players=named))
            return Result(tuple(given.index(p) + 1 for p in players), Reason.ADJUDICATED)
        raise Refusal(t("app-event-ruling-kinds"))

    async def _close_settled(self, event: Event, why: Text) -> int:
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
                await self.desk.close(link.match_id, t("app-event-closed-repaired"))
        number = None if event.state.config.format in FIXED_SCHEDULE else len(event.state.rounds)
        await self._announce_round(event, number, again=True)
        self.kick(tournament_id)
        return Reply(t("app-event-repaired", event=event.name))

    async def late_entry(self, actor: Actor, tournament_id: int, player: int, name: str) -> Reply:
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            self._require_organiser(event, actor)
            if str(player) in event.state.entrants:
                raise WrongStatus(t("app-event-already-entered", player=f"<@{player}>", event=event.name))
            records = self._core(actions.late_entry, event.state, Entrant.solo(str(player), name or str(player)))
            event = await self._append(event, records, user_id=actor.user_id)
        return Reply(t("app-event-late-entry", player=f"<@{player}>", event=event.name))

    async def disqualify(self, actor: Actor, tournament_id: int, player: int, note: str = "") -> Reply:
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            self._require_organiser(event, actor)
            if str(player) not in event.state.entrants:
                raise WrongStatus(t("app-event-not-entered", player=f"<@{player}>", event=event.name))
            records = self._core(actions.disqualify, event.state, str(player), note)
            event = await self._append(event, records, user_id=actor.user_id)
        await self._close_settled(event, t("app-event-closed-disqualified", player=f"<@{player}>"))
        self.kick(tournament_id)
        return Reply(t("app-event-disqualified", player=f"<@{player}>", event=event.name))

    async def pause(self, actor: Actor, tournament_id: int, *, resume: bool = False) -> Reply:
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            self._require_organiser(event, actor)
            if event.finished:
                raise WrongStatus(t("app-event-is-over", event=event.name))
            records = self._core(actions.resume if resume else actions.pause, event.state)
            event = await self._append(event, records, user_id=actor.user_id)
        self.kick(tournament_id)
        if resume:
            return Reply(t("app-event-resumed", event=event.name))
        return Reply(t("app-event-paused", event=event.name))

    async def end(self, actor: Actor, tournament_id: int, note: str = "") -> Reply:
        async with self._lock(tournament_id):
            event = await self.load(tournament_id)
            self._require_organiser(event, actor)
            if event.finished:
                raise WrongStatus(t("app-event-already-over", event=event.name))
            given = typed(note.strip())
            why = i18n.to_json(given or t("app-event-ended-by", who=f"<@{actor.user_id}>"))
            event = await self._append(event, [Note(ENDED, {"note": why})], user_id=actor.user_id, status="finished")
        await self._announce_final(event)
        return Reply(t("app-event-ended", event=event.name))

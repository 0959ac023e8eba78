"""What anyone may read about an event: its settings, standings, pairings, bracket and the export."""

from __future__ import annotations

import asyncio

from app.errors import Refusal, WrongStatus
from app.events import text
from app.events.base import EventsBase, Reply
from app.events.book import Event
from app.events.tables import timestamp
from app.tournament.model import BRACKETS, Format
from app.tournament.state import TournamentState
from engine.core import get_game


class Reading(EventsBase):
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

    # ------------------------------------------------------------------------------------ reading

    async def info(self, tournament_id: int) -> Reply:
        event = await self.load(tournament_id)
        return Reply(
            f"**{event.name}** (event #{event.id}, organised by <@{event.row.creator_id}>)\n{self.describe(event)}"
        )

    async def standings(self, tournament_id: int) -> Reply:
        event = await self.load(tournament_id)
        return await self._standings_reply(event, f"**{event.name}** · standings")

    async def pairings(self, tournament_id: int, round_number: int | None = None) -> Reply:
        event = await self.load(tournament_id)
        state = event.state
        if not state.started:
            raise WrongStatus(f"{event.name} has not started; nothing is paired yet.")
        number = round_number or self._current_round(state)
        if not 1 <= number <= len(state.rounds):
            raise Refusal(f"{event.name} has rounds 1 to {len(state.rounds)}.")
        lines = text.round_lines(state, number, await self.threads(event))
        message = f"**{event.name}** · {text.round_title(state, number)}\n" + "\n".join(lines)
        if len(message) <= text.MESSAGE_LIMIT:
            return Reply(message)
        # A big round does not fit a message: the first pairings here, every one in the attached file.
        shown = "\n".join(lines[: text.ROUND_LINES])
        whole = ("\n".join(lines) + "\n").encode()
        heading = f"**{event.name}** · {text.round_title(state, number)} ({len(lines)} pairings, all in the file)"
        return Reply(text.clip(f"{heading}\n{shown}"), ((f"round-{number}.txt", whole),))

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

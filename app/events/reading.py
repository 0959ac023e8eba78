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
from engine.i18n import Text, english, joined, t, typed


class Reading(EventsBase):
    def describe(self, event: Event) -> Text:
        s = event.settings
        game = get_game(event.row.game)
        control = self.matches.time_control(game.name, s.clock)
        given = typed(", ".join(f"{k}={v}" for k, v in s.options.items()))
        options = given or t("app-event-default-options")
        state = event.state
        shape: list[Text] = [s.format_name]
        if s.rounds:
            shape.append(t("app-event-shape-rounds", rounds=s.rounds))
        if s.format is Format.THREE_STRIKES:
            shape.append(t("app-event-shape-strikes", strikes=s.strikes))
        if s.format is Format.PODS:
            shape.append(t("app-event-shape-tables", seats=s.seats))
        lines: list[Text] = [
            t("app-event-about-game", game=game.title, options=options, format=joined(shape, ", ")),
            t(
                "app-event-about-matches",
                clock=control.describe(),
                days=s.round_days,
                deadline=s.deadline_rule,
                rated="yes" if s.rated else "no",
            ),
        ]
        if event.row.status == "registration":
            closes = s.closes_at()
            players = len(state.active())
            if closes:
                lines.append(
                    t(
                        "app-event-registration-closes",
                        players=players,
                        most=s.max_entrants or 0,
                        closes=timestamp(closes),
                    )
                )
            else:
                lines.append(t("app-event-registration-open", players=players, most=s.max_entrants or 0))
            if s.checkin:
                opens = s.checkin_opens()
                if opens:
                    lines.append(t("app-event-checkin-from", opens=timestamp(opens)))
                else:
                    lines.append(t("app-event-checkin-before"))
        elif event.finished:
            if event.ended:
                lines.append(t("app-event-ended-early", note=event.ended))
            else:
                lines.append(t("app-tournament-over"))
        else:
            lines.append(t("app-event-running", rounds=len(state.rounds), players=len(state.active())))
            if state.paused:
                lines.append(t("app-event-paused-note"))
        return joined(lines)

    # ------------------------------------------------------------------------------------ reading

    async def info(self, tournament_id: int) -> Reply:
        event = await self.load(tournament_id)
        head = t("app-event-info", event=event.name, number=event.id, creator=f"<@{event.row.creator_id}>")
        return Reply(joined([head, self.describe(event)]))

    async def standings(self, tournament_id: int) -> Reply:
        event = await self.load(tournament_id)
        return await self._standings_reply(event, t("app-event-standings", event=event.name))

    async def pairings(self, tournament_id: int, round_number: int | None = None) -> Reply:
        event = await self.load(tournament_id)
        state = event.state
        if not state.started:
            raise WrongStatus(t("app-event-not-started-pairings", event=event.name))
        number = round_number or self._current_round(state)
        if not 1 <= number <= len(state.rounds):
            raise Refusal(t("app-event-rounds-range", event=event.name, rounds=len(state.rounds)))
        lines = text.round_lines(state, number, await self.threads(event))
        title = text.round_title(state, number)
        message = joined([t("app-event-pairings-head", event=event.name, round=title), *lines])
        if len(english(message)) <= text.MESSAGE_LIMIT:
            return Reply(message)
        # A big round does not fit a message: the first pairings here, every one in the attached file.
        # The file is a download, written once in English.
        whole = ("\n".join(english(line) for line in lines) + "\n").encode()
        heading = t("app-event-pairings-filed", event=event.name, round=title, pairings=len(lines))
        return Reply(joined([heading, *lines[: text.ROUND_LINES]]), ((f"round-{number}.txt", whole),))

    def _current_round(self, state: TournamentState) -> int:
        return next((p.round for p in state.rounds if state.unfinished(p.round)), len(state.rounds))

    async def bracket(self, tournament_id: int) -> Reply:
        event = await self.load(tournament_id)
        if event.state.config.format not in BRACKETS:
            raise WrongStatus(t("app-event-not-a-bracket", event=event.name, format=event.settings.format_name))
        if not event.state.started:
            raise WrongStatus(t("app-event-not-started-bracket", event=event.name))
        columns = text.bracket_columns(event.state)
        image = await asyncio.to_thread(self.pictures.bracket, event.name, columns)
        body = text.bracket_text(event.state, await self.threads(event))
        head = t("app-event-bracket", event=event.name)
        return Reply(joined([head, body]), (("bracket.png", image),) if image else ())

    async def export(self, tournament_id: int) -> Reply:
        event = await self.load(tournament_id)
        links = {x.pairing_id: x for x in await self.store.event_matches(event.id)}
        files = (
            (f"event-{event.id}.csv", text.export_csv(event.state, links).encode()),
            (f"event-{event.id}.json", text.export_json(event.row, event.state, event.history, links).encode()),
        )
        return Reply(t("app-event-export", event=event.name), files)

    async def match_choices(self, tournament_id: int, typed: str) -> list[str]:
        """Pairing ids for autocomplete: unsettled ones first."""
        event = await self.load(tournament_id)
        state = event.state
        ids = sorted(state.matches, key=lambda m: (state.is_finished(m), -state.matches[m].round, m))
        return [m for m in ids if typed.lower() in m][:25]

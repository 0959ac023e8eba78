"""Asynchronous play around the clock: the sweep (reminders, timeouts), claims, vacations, preferences.

The sweep is idempotent and keeps its memory in the database (each seat's clock records the reminder
points already sent and whether its timeout was announced), so it survives restarts. Tests drive it
with an injected clock; nothing here sleeps.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from app import clocks
from app.clock import iso
from app.delivery import ChannelUnreachable, Notice
from app.errors import NotAPlayer, Refusal, WrongStatus
from app.hints import command
from app.service import MatchService
from db.records import MatchRecord, PlayerPrefs, Vacation
from engine.core import get_game
from engine.i18n import Text, joined, t

log = logging.getLogger(__name__)

_OFFSET = re.compile(r"^(?:utc)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$", re.IGNORECASE)
_QUIET = re.compile(r"^(\d{1,2})\s*-\s*(\d{1,2})$")


@dataclass(frozen=True, slots=True)
class SweepReport:
    reminders: int = 0
    flagged: int = 0
    ended: int = 0
    expired: int = 0
    """Idle lobbies closed."""


@dataclass(frozen=True, slots=True)
class Waiting:
    record: MatchRecord
    since: datetime
    title: str


class Timekeeper:
    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.repo = service.repo
        service.after_move.append(self._moved)

    # ------------------------------------------------------------------------------------- sweep

    async def sweep(self) -> SweepReport:
        """Send due reminders, announce or apply timeouts, close expired lobbies. Safe to run as often as
        you like."""
        expired = await self._expire_lobbies()
        reminders = flagged = ended = 0
        for candidate in await self.repo.clocked_matches():
            notices: list[Notice] = []
            notes: list[tuple[int, Text]] = []
            async with self.service.lock(candidate.id):
                record = await self.service.fresh(candidate.id)
                if record.status != "active" or record.clock is None:
                    continue
                outcome = await self._sweep_match(record, notices, notes)
            reminders += outcome[0]
            flagged += outcome[1]
            ended += outcome[2]
            for notice in notices:
                await self._post(notice)
            for user_id, text in notes:
                await self._note(user_id, text)
            if outcome[2]:
                await self.service.deliver_pending(record.id)
        return SweepReport(reminders, flagged, ended, expired)

    async def _expire_lobbies(self) -> int:
        """Close every lobby that has gone too long without a join, leave or choice (the channel is told)."""
        closed = 0
        for lobby in await self.repo.lobbies(changed_before=self.service.lobby_cutoff(), limit=500):
            try:
                if await self.service.expire_if_idle(lobby.id) is not None:
                    closed += 1
            except Exception:
                log.exception("closing the expired lobby %s failed; the next sweep tries again", lobby.id)
        return closed

    async def _sweep_match(
        self, record: MatchRecord, notices: list[Notice], notes: list[tuple[int, Text]]
    ) -> tuple[int, int, int]:
        now = self.service.clock()
        clock = clocks.MatchClock.from_json(record.clock or {})
        title = self.service.title(record)
        expired = clocks.expired(clock, now)
        if expired and clock.control.on_timeout == "auto":
            for seat in expired:
                # Nobody claimed: the match's own settings took the decision, so the result says forfeit.
                record = await self.service.concede(record, seat, user_id=None, reason="forfeit")
                if record.status != "active":
                    break
            return 0, 0, 1
        for seat in expired:
            clock = clocks.flag(clock, seat)
            others = [m.user_id for m in record.seated() if m.seat != seat]
            notices.append(
                Notice(
                    record.id,
                    record.version,
                    record.guild_id,
                    record.channel_id,
                    t(
                        "app-out-of-time",
                        who=f"<@{record.user_at(seat)}>",
                        title=title,
                        others=" ".join(f"<@{u}>" for u in others),
                        command=command(record.game, "claim"),
                    ),
                    mention=others,
                    buttons=["claim"],
                )
            )
        sent = 0
        for seat, point in clocks.due_reminders(clock, now):
            user_id = record.user_at(seat)
            if user_id is None:
                continue
            prefs = await self.repo.player_prefs(user_id)
            if clocks.in_quiet_hours(now, prefs.quiet_start, prefs.quiet_end, prefs.utc_offset_min):
                continue  # not marked: it goes out when the quiet hours end
            clock = clocks.mark_reminded(clock, seat, point.text)
            left = clocks.describe_duration(clock.seats[seat].left(now))
            text = t("app-reminder", who=f"<@{user_id}>", title=title, left=left)
            notices.append(Notice(record.id, record.version, record.guild_id, record.channel_id, text, [user_id]))
            if prefs.remind_dm:
                notes.append((user_id, joined([text, t("app-reminder-where", channel=f"<#{record.channel_id}>")], " ")))
            sent += 1
        # Marked before delivery: a crash in between loses a reminder rather than sending it twice.
        if (expired or sent) and not await self.repo.update_clock(record.id, record.version, clock.to_json()):
            notices.clear()  # another process moved the match on: the next sweep decides afresh
            notes.clear()
            return 0, 0, 0
        return sent, len(expired), 0

    async def _post(self, notice: Notice) -> None:
        try:
            await self.service.delivery.post_notice(notice)
        except ChannelUnreachable as closed:  # the creator hears of it from the board's retries
            log.warning("match %s: a clock notice could not be posted (missing %s)", notice.match_id, closed.permission)
        except Exception:
            log.exception("posting a clock notice for match %s failed", notice.match_id)

    async def _note(self, user_id: int, text: Text) -> None:
        try:
            await self.service.delivery.send_notice(user_id, text)
        except Exception:
            log.exception("sending a reminder to %s failed", user_id)

    # ------------------------------------------------------------------------------------- claim

    async def claim_timeout(
        self, *, user_id: int, channel_id: int | None = None, match_id: int | None = None
    ) -> MatchRecord:
        record = await self.service.find(channel_id=channel_id, match_id=match_id)
        async with self.service.lock(record.id):
            record = await self.service.fresh(record.id)
            if record.status != "active":
                raise WrongStatus(t("app-match-over"))
            claimant = record.seat_of(user_id)
            if claimant is None:
                raise NotAPlayer(t("app-claim-players-only"))
            if record.clock is None:
                raise Refusal(t("app-claim-no-clock"))
            clock = clocks.MatchClock.from_json(record.clock)
            now = self.service.clock()
            late = [s for s in range(len(clock.seats)) if s != claimant and clocks.out_of_time(clock, s, now)]
            if not late:
                waiting = [
                    t("app-time-left", who=f"<@{record.user_at(s)}>", left=clocks.describe_duration(c.left(now)))
                    for s, c in enumerate(clock.seats)
                    if c.running and s != claimant
                ]
                detail = joined(waiting, "; ") if waiting else t("app-no-clock-running")
                raise Refusal(t("app-nobody-late", detail=detail))
            for seat in late:
                record = await self.service.concede(record, seat, user_id=None, reason="timeout")
                if record.status != "active":
                    break
        await self.service.deliver_pending(record.id)
        return record

    # ---------------------------------------------------------------------------------- vacation

    async def vacation(self, *, user_id: int, days: float) -> Text:
        """Start a vacation of `days` (pausing every clock of the player), or end the current one with 0."""
        now = self.service.clock()
        current = [
            v
            for v in await self.repo.vacations(user_id, ending_after=iso(now))
            if datetime.fromisoformat(v.starts_at) <= now
        ]
        allowance = self.service.clock_config.vacation_days_per_year
        if days == 0:
            if not current:
                raise Refusal(t("app-not-on-vacation"))
            resumed = await self._end_vacation(current[0], now)
            return t("app-vacation-over", clocks=resumed)
        if current:
            until = datetime.fromisoformat(current[0].ends_at)
            raise Refusal(t("app-on-vacation", until=f"{until:%Y-%m-%d %H:%M}"))
        if days < 0:
            raise Refusal(t("app-vacation-positive"))
        used = await self._used_days(user_id, now)
        left = allowance - used
        if days > left:
            raise Refusal(t("app-vacation-left", left=_days(left), allowance=_days(allowance)))
        until = now + timedelta(days=days)
        paused = await self._clocks_of(user_id, lambda c, seat: clocks.pause(c, seat, until, now))
        await self.repo.save_vacation(Vacation(user_id, iso(now), iso(until)), paused)
        return t("app-vacation", until=f"{until:%Y-%m-%d %H:%M}", matches=len(paused), left=_days(left - days))

    async def _end_vacation(self, vacation: Vacation, now: datetime) -> int:
        paused = await self._clocks_of(vacation.user_id, lambda c, seat: clocks.resume(c, seat, now))
        await self.repo.save_vacation(vacation, paused, end_current_at=iso(now))
        return len(paused)

    async def _moved(self, user_id: int) -> None:
        """A move ends its player's vacation: they are back (as on most correspondence sites)."""
        now = self.service.clock()
        for vacation in await self.repo.vacations(user_id, ending_after=iso(now)):
            if datetime.fromisoformat(vacation.starts_at) <= now:
                resumed = await self._end_vacation(vacation, now)
                await self._note(user_id, t("app-vacation-ended-by-move", clocks=resumed))

    async def _used_days(self, user_id: int, now: datetime) -> float:
        year_ago = now - timedelta(days=365)
        used = timedelta(0)
        for v in await self.repo.vacations(user_id, ending_after=iso(year_ago)):
            start = max(datetime.fromisoformat(v.starts_at), year_ago)
            used += datetime.fromisoformat(v.ends_at) - start
        return used.total_seconds() / 86_400

    async def _clocks_of(self, user_id: int, change: Any) -> dict[int, tuple[int, dict[str, Any]]]:
        """The user's running clocks, changed by `change(clock, seat)`: match id -> (version, clock)."""
        out: dict[int, tuple[int, dict[str, Any]]] = {}
        for record in await self.repo.list_matches(user_id=user_id, live_only=True, limit=1000):
            seat = record.seat_of(user_id)
            if record.status != "active" or record.clock is None or seat is None:
                continue
            clock = clocks.MatchClock.from_json(record.clock)
            if clock.seats[seat].running:
                out[record.id] = (record.version, change(clock, seat).to_json())
        return out

    # ------------------------------------------------------------------------------------ notify

    async def notify(
        self, *, user_id: int, dm: bool | None = None, quiet: str | None = None, utc_offset: str | None = None
    ) -> Text:
        prefs = await self.repo.player_prefs(user_id)
        remind_dm, start, end, offset = prefs.remind_dm, prefs.quiet_start, prefs.quiet_end, prefs.utc_offset_min
        if dm is not None:
            remind_dm = dm
        if quiet is not None:
            start, end = parse_quiet(quiet)
        if utc_offset is not None:
            offset = parse_offset(utc_offset)
        await self.repo.set_player_prefs(PlayerPrefs(user_id, remind_dm, start, end, offset))
        hours = (
            t("app-no-quiet-hours") if start is None else t("app-quiet-hours", start=f"{start:02d}", end=f"{end:02d}")
        )
        return t("app-reminders-reach-you", dm="yes" if remind_dm else "no", hours=hours, zone=utc_offset_text(offset))

    # ---------------------------------------------------------------------------------- my games

    async def waiting_on(self, user_id: int) -> list[Waiting]:
        """Every live match, in any server, that waits on this user: longest-waiting first."""
        found: list[Waiting] = []
        for record in await self.repo.list_matches(user_id=user_id, live_only=True, limit=1000):
            if record.status != "active" or user_id not in self.service.waiting_on(record):
                continue
            since = datetime.fromisoformat(record.updated_at)
            seat = record.seat_of(user_id)
            if record.clock is not None and seat is not None:
                clock = clocks.MatchClock.from_json(record.clock)
                if clock.seats[seat].since is not None:
                    since = min(since, clock.seats[seat].since)
            found.append(Waiting(record, since, get_game(record.game).title))
        return sorted(found, key=lambda w: w.since)


def utc_offset_text(minutes: int) -> str:
    """A time zone as it is written everywhere: UTC+2, UTC-5:30."""
    sign = "+" if minutes >= 0 else "-"
    return f"UTC{sign}{abs(minutes) // 60}" + (f":{abs(minutes) % 60:02d}" if minutes % 60 else "")


def _days(days: float) -> float:
    """Vacation days as a player reads them: to a hundredth of a day at most ("12.5", not "12.4999")."""
    return round(days, 2)


def parse_quiet(text: str) -> tuple[int | None, int | None]:
    cleaned = text.strip().lower()
    if cleaned in {"off", "none", ""}:
        return None, None
    found = _QUIET.match(cleaned)
    if not found or not all(0 <= int(g) <= 23 for g in found.groups()) or found.group(1) == found.group(2):
        raise Refusal(t("app-quiet-hours-form"))
    return int(found.group(1)), int(found.group(2))


def parse_offset(text: str) -> int:
    found = _OFFSET.match(text.strip().replace(" ", ""))
    if not found:
        raise Refusal(t("app-utc-offset-form"))
    minutes = int(found.group(2)) * 60 + int(found.group(3) or 0)
    if minutes > 14 * 60 or int(found.group(3) or 0) >= 60:
        raise Refusal(t("app-utc-offset-range"))
    return minutes if found.group(1) == "+" else -minutes

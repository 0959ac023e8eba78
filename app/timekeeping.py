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
            notes: list[tuple[int, str]] = []
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
        self, record: MatchRecord, notices: list[Notice], notes: list[tuple[int, str]]
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
                    f"⌛ <@{record.user_at(seat)}> has run out of time in {title}. "
                    + " ".join(f"<@{u}>" for u in others)
                    + f" may claim the win with the button below (or {command(record.game, 'claim')}), "
                    "or keep waiting.",
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
            text = f"⏰ <@{user_id}>, your move in {title} is waiting: {left} left on your clock."
            notices.append(Notice(record.id, record.version, record.guild_id, record.channel_id, text, [user_id]))
            if prefs.remind_dm:
                notes.append((user_id, text + f" (in <#{record.channel_id}>)"))
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

    async def _note(self, user_id: int, text: str) -> None:
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
                raise WrongStatus("This match is over.")
            claimant = record.seat_of(user_id)
            if claimant is None:
                raise NotAPlayer("Only a player in this match can claim a win on time.")
            if record.clock is None:
                raise Refusal("This match has no clock, so nobody can run out of time.")
            clock = clocks.MatchClock.from_json(record.clock)
            now = self.service.clock()
            late = [s for s in range(len(clock.seats)) if s != claimant and clocks.out_of_time(clock, s, now)]
            if not late:
                waiting = [
                    f"<@{record.user_at(s)}> has {clocks.describe_duration(c.left(now))}"
                    for s, c in enumerate(clock.seats)
                    if c.running and s != claimant
                ]
                detail = "; ".join(waiting) or "no opponent's clock is running"
                raise Refusal(f"No opponent has run out of time yet ({detail}).")
            for seat in late:
                record = await self.service.concede(record, seat, user_id=None, reason="timeout")
                if record.status != "active":
                    break
        await self.service.deliver_pending(record.id)
        return record

    # ---------------------------------------------------------------------------------- vacation

    async def vacation(self, *, user_id: int, days: float) -> str:
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
                raise Refusal("You are not on vacation.")
            resumed = await self._end_vacation(current[0], now)
            return f"Welcome back: your vacation is over and {resumed} clock(s) run again."
        if current:
            until = datetime.fromisoformat(current[0].ends_at)
            raise Refusal(f"You are already on vacation until {until:%Y-%m-%d %H:%M} UTC; `days:0` ends it.")
        if days < 0:
            raise Refusal("Vacation days must be positive (0 ends a vacation).")
        used = await self._used_days(user_id, now)
        left = allowance - used
        if days > left:
            raise Refusal(f"You have {left:g} vacation day(s) left in the last 365 days (of {allowance:g}).")
        until = now + timedelta(days=days)
        paused = await self._clocks_of(user_id, lambda c, seat: clocks.pause(c, seat, until, now))
        await self.repo.save_vacation(Vacation(user_id, iso(now), iso(until)), paused)
        return (
            f"Enjoy your break: your clocks are paused until {until:%Y-%m-%d %H:%M} UTC "
            f"({len(paused)} match(es) affected, {left - days:g} vacation day(s) left this year)."
        )

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
                await self._note(
                    user_id,
                    f"Welcome back: you made a move, so your vacation is over and {resumed} other clock(s) "
                    "run again. `/match vacation` starts a new one.",
                )

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
    ) -> str:
        prefs = await self.repo.player_prefs(user_id)
        remind_dm, start, end, offset = prefs.remind_dm, prefs.quiet_start, prefs.quiet_end, prefs.utc_offset_min
        if dm is not None:
            remind_dm = dm
        if quiet is not None:
            start, end = parse_quiet(quiet)
        if utc_offset is not None:
            offset = parse_offset(utc_offset)
        await self.repo.set_player_prefs(PlayerPrefs(user_id, remind_dm, start, end, offset))
        where = "in the match channel and by DM" if remind_dm else "in the match channel"
        hours = "no quiet hours" if start is None else f"quiet hours {start:02d}:00–{end:02d}:00"
        sign = "+" if offset >= 0 else "-"
        zone = f"UTC{sign}{abs(offset) // 60}" + (f":{abs(offset) % 60:02d}" if offset % 60 else "")
        return f"Reminders reach you {where}; {hours} ({zone})."

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


def parse_quiet(text: str) -> tuple[int | None, int | None]:
    cleaned = text.strip().lower()
    if cleaned in {"off", "none", ""}:
        return None, None
    found = _QUIET.match(cleaned)
    if not found or not all(0 <= int(g) <= 23 for g in found.groups()) or found.group(1) == found.group(2):
        raise Refusal("Quiet hours look like `23-7` (from 23:00 to 07:00, your time), or `off`.")
    return int(found.group(1)), int(found.group(2))


def parse_offset(text: str) -> int:
    found = _OFFSET.match(text.strip().replace(" ", ""))
    if not found:
        raise Refusal("Your UTC offset looks like `+2`, `-5`, or `+5:30`.")
    minutes = int(found.group(2)) * 60 + int(found.group(3) or 0)
    if minutes > 14 * 60 or int(found.group(3) or 0) >= 60:
        raise Refusal("A UTC offset lies between -14:00 and +14:00.")
    return minutes if found.group(1) == "+" else -minutes

"""Clock arithmetic for asynchronous play. Pure: every function takes `now`, nothing here sleeps or reads.

A seat's clock runs while the match waits on that seat. Under "per_move" each finished obligation
adds the increment to the seat's bank, capped; under "total" the bank only shrinks. A clock whose
`since` lies in the future is paused until then (that is how a vacation stops it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, Literal

from engine.i18n import Msg, t

Kind = Literal["none", "per_move", "total"]
OnTimeout = Literal["claim", "auto"]

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([dhm])\s*$", re.IGNORECASE)
_UNITS = {"d": timedelta(days=1), "h": timedelta(hours=1), "m": timedelta(minutes=1)}


@dataclass(frozen=True, slots=True)
class ReminderPoint:
    """When to remind: at a fraction of the time the seat had when its clock started ("50%"),
    or at an amount of time left ("1h", "30m", "2d")."""

    text: str
    fraction: float | None = None
    left: timedelta | None = None

    @classmethod
    def parse(cls, text: str) -> ReminderPoint:
        cleaned = text.strip().lower()
        if cleaned.endswith("%"):
            try:
                value = float(cleaned[:-1])
            except ValueError:
                value = -1
            if not 0 < value < 100:
                raise ValueError(f"reminder point {text!r}: a percentage must be between 0 and 100")
            return cls(cleaned, fraction=value / 100)
        return cls(cleaned, left=parse_duration(cleaned))

    def due(self, remaining: timedelta, budget: timedelta) -> bool:
        if self.fraction is not None:
            return remaining <= budget * self.fraction
        assert self.left is not None
        return remaining <= self.left


def parse_duration(text: str) -> timedelta:
    found = _DURATION.match(text)
    if not found:
        raise ValueError(f"{text!r} is not a duration like 2d, 12h or 30m")
    return float(found.group(1)) * _UNITS[found.group(2).lower()]


def describe_duration(span: timedelta) -> Msg:
    """A time span as a player reads it, to the minute: "2d 3h", "5h", "12m"."""
    seconds = max(0, int(span.total_seconds()))
    days, rest = divmod(seconds, 86_400)
    hours, rest = divmod(rest, 3_600)
    minutes = rest // 60
    if days:
        return t("app-days-hours", days=days, hours=hours) if hours else t("app-days", days=days)
    if hours:
        return t("app-hours-minutes", hours=hours, minutes=minutes) if minutes else t("app-hours", hours=hours)
    return t("app-minutes", minutes=minutes)


@dataclass(frozen=True, slots=True)
class TimeControl:
    kind: Kind = "none"
    per_move: timedelta = timedelta(days=3)
    """Per move: the starting bank and what each finished move adds."""
    bank_cap: timedelta = timedelta(days=7)
    total: timedelta = timedelta(days=30)
    on_timeout: OnTimeout = "claim"
    reminders: tuple[ReminderPoint, ...] = ()

    @property
    def starting_bank(self) -> timedelta:
        return self.total if self.kind == "total" else self.per_move

    def describe(self) -> Msg:
        if self.kind == "per_move":
            return t(
                "app-clock-per-move",
                per_move=describe_duration(self.per_move),
                bank=describe_duration(self.bank_cap),
                on_timeout=self.on_timeout,
            )
        if self.kind == "total":
            return t("app-clock-total", total=describe_duration(self.total), on_timeout=self.on_timeout)
        return t("app-clock-none")

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "per_move_s": self.per_move.total_seconds(),
            "bank_cap_s": self.bank_cap.total_seconds(),
            "total_s": self.total.total_seconds(),
            "on_timeout": self.on_timeout,
            "reminders": [r.text for r in self.reminders],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TimeControl:
        return cls(
            kind=data["kind"],
            per_move=timedelta(seconds=data["per_move_s"]),
            bank_cap=timedelta(seconds=data["bank_cap_s"]),
            total=timedelta(seconds=data["total_s"]),
            on_timeout=data["on_timeout"],
            reminders=tuple(ReminderPoint.parse(r) for r in data["reminders"]),
        )


@dataclass(frozen=True, slots=True)
class SeatClock:
    remaining: timedelta
    since: datetime | None = None
    """When the clock started running (in the future while paused by a vacation); None when stopped."""
    budget: timedelta = timedelta(0)
    """What the seat had when its clock last started: the base of percentage reminders."""
    reminded: tuple[str, ...] = ()
    flagged: bool = False
    """Its time ran out and that was announced."""

    def left(self, now: datetime) -> timedelta:
        if self.since is None or now <= self.since:
            return self.remaining
        return self.remaining - (now - self.since)

    @property
    def running(self) -> bool:
        return self.since is not None


@dataclass(frozen=True, slots=True)
class MatchClock:
    control: TimeControl
    seats: tuple[SeatClock, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        return {
            "control": self.control.to_json(),
            "seats": [
                {
                    "remaining_s": c.remaining.total_seconds(),
                    "since": None if c.since is None else c.since.isoformat(),
                    "budget_s": c.budget.total_seconds(),
                    "reminded": list(c.reminded),
                    "flagged": c.flagged,
                }
                for c in self.seats
            ],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchClock:
        return cls(
            TimeControl.from_json(data["control"]),
            tuple(
                SeatClock(
                    remaining=timedelta(seconds=s["remaining_s"]),
                    since=None if s["since"] is None else datetime.fromisoformat(s["since"]),
                    budget=timedelta(seconds=s["budget_s"]),
                    reminded=tuple(s["reminded"]),
                    flagged=s["flagged"],
                )
                for s in data["seats"]
            ),
        )


def _start(clock: SeatClock, control: TimeControl, now: datetime, paused_until: datetime | None) -> SeatClock:
    since = max(now, paused_until) if paused_until else now
    budget = clock.remaining
    # Points already passed when the clock starts are not announced: the "your move" mention covers them.
    passed = tuple(p.text for p in control.reminders if p.due(clock.remaining, budget))
    return replace(clock, since=since, budget=budget, reminded=passed, flagged=False)


def _stop(clock: SeatClock, control: TimeControl, now: datetime, moved: bool) -> SeatClock:
    remaining = clock.left(now)
    if control.kind == "per_move" and moved:
        remaining = min(remaining + control.per_move, control.bank_cap)
    return replace(clock, remaining=remaining, since=None, reminded=(), flagged=False)


def start_clocks(
    control: TimeControl, seats: int, waiting: Iterable[int], now: datetime, paused: Mapping[int, datetime]
) -> MatchClock:
    clocks = [SeatClock(remaining=control.starting_bank) for _ in range(seats)]
    for seat in waiting:
        clocks[seat] = _start(clocks[seat], control, now, paused.get(seat))
    return MatchClock(control, tuple(clocks))


def after_change(
    clock: MatchClock,
    before: Iterable[int],
    after: Iterable[int],
    now: datetime,
    paused: Mapping[int, datetime],
) -> MatchClock:
    """Stop the clocks of seats no longer waited on (a finished obligation earns the increment) and
    start those the match now waits on. Seats waited on before and after keep running."""
    before_set, after_set = set(before), set(after)
    seats = list(clock.seats)
    for seat in before_set - after_set:
        seats[seat] = _stop(seats[seat], clock.control, now, moved=True)
    for seat in after_set - before_set:
        seats[seat] = _start(seats[seat], clock.control, now, paused.get(seat))
    return replace(clock, seats=tuple(seats))


def stop_all(clock: MatchClock, now: datetime) -> MatchClock:
    return replace(
        clock, seats=tuple(_stop(c, clock.control, now, moved=False) if c.running else c for c in clock.seats)
    )


def pause(clock: MatchClock, seat: int, until: datetime, now: datetime) -> MatchClock:
    """Hold `seat`'s clock until `until`, keeping what it has used so far."""
    current = clock.seats[seat]
    if not current.running:
        return clock
    seats = list(clock.seats)
    seats[seat] = replace(current, remaining=current.left(now), since=max(until, now))
    return replace(clock, seats=tuple(seats))


def resume(clock: MatchClock, seat: int, now: datetime) -> MatchClock:
    """End a pause early: the clock runs again from now."""
    current = clock.seats[seat]
    if not current.running or current.since is None or current.since <= now:
        return clock
    seats = list(clock.seats)
    seats[seat] = replace(current, since=now)
    return replace(clock, seats=tuple(seats))


def due_reminders(clock: MatchClock, now: datetime) -> list[tuple[int, ReminderPoint]]:
    """Reminder points reached by running clocks and not sent yet, at most one per point per turn."""
    due: list[tuple[int, ReminderPoint]] = []
    for seat, c in enumerate(clock.seats):
        if not c.running or c.flagged:
            continue
        left = c.left(now)
        if left <= timedelta(0):
            continue
        for point in clock.control.reminders:
            if point.text not in c.reminded and point.due(left, c.budget):
                due.append((seat, point))
    return due


def mark_reminded(clock: MatchClock, seat: int, point: str) -> MatchClock:
    seats = list(clock.seats)
    seats[seat] = replace(seats[seat], reminded=(*seats[seat].reminded, point))
    return replace(clock, seats=tuple(seats))


def expired(clock: MatchClock, now: datetime) -> list[int]:
    """Running clocks that have run out and were not announced yet."""
    return [s for s, c in enumerate(clock.seats) if c.running and not c.flagged and c.left(now) <= timedelta(0)]


def flag(clock: MatchClock, seat: int) -> MatchClock:
    seats = list(clock.seats)
    seats[seat] = replace(seats[seat], flagged=True)
    return replace(clock, seats=tuple(seats))


def out_of_time(clock: MatchClock, seat: int, now: datetime) -> bool:
    c = clock.seats[seat]
    return c.running and c.left(now) <= timedelta(0)


def in_quiet_hours(now: datetime, start: int | None, end: int | None, utc_offset_min: int) -> bool:
    """Whether `now` falls in a player's quiet hours [start, end) in their local time; may wrap midnight."""
    if start is None or end is None or start == end:
        return False
    hour = (now + timedelta(minutes=utc_offset_min)).hour
    return start <= hour < end if start < end else hour >= start or hour < end

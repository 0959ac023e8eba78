"""Asynchronous play: time controls, reminders, vacation, timeouts, undo, takebacks, replay, export."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app import clocks
from app.config import ClockConfig
from app.errors import NotAllowed, Refusal, StaleClick, WrongStatus
from app.rendering import NoImages
from app.rewind import Rewinder, verify_export
from app.service import MatchService
from app.timekeeping import SweepReport, Timekeeper, parse_offset, parse_quiet
from db.sqlite import SqliteStore
from engine.playout import choose_move
from tests.fakes import FakeClock, RecordingDelivery
from tests.fixtures.trial_game import TRIAL

CHANNEL = 600
ALICE, BOB, CAROL = 11, 12, 13


class Table:
    """A service, its fake delivery and clock, and the two helpers, on one database file."""

    def __init__(self, path: Path, clock: FakeClock, delivery: RecordingDelivery, config: ClockConfig) -> None:
        self.path, self.clock, self.delivery, self.config = path, clock, delivery, config

    async def open(self) -> Table:
        store = await SqliteStore.open(self.path)
        self.service = MatchService(
            store,
            self.delivery,
            NoImages(),
            clock=self.clock,
            seed_source=random.Random(2),
            allow_unoffered_games=True,
            clock_config=self.config,
        )
        self.keeper = Timekeeper(self.service)
        self.rewinder = Rewinder(self.service)
        return self

    async def close(self) -> None:
        await self.service.repo.close()

    async def restart(self) -> Table:
        await self.close()
        self.delivery = RecordingDelivery()
        return await Table(self.path, self.clock, self.delivery, self.config).open()

    async def start(self, users: tuple[int, ...] = (ALICE, BOB), **control: object):
        await self.service.new_match(
            game_name="trial",
            options={},
            guild_id=1,
            channel_id=CHANNEL,
            user_id=users[0],
            seed=21,
            time_control=dict(control) or None,
        )
        for u in users[1:]:
            await self.service.join(channel_id=CHANNEL, user_id=u)
        return await self.service.start(channel_id=CHANNEL, user_id=users[0], seat_order="join")

    async def move(self, user: int, action: str):
        return (await self.service.act(user_id=user, action=action, channel_id=CHANNEL)).record

    def seat_clock(self, record, seat: int) -> clocks.SeatClock:
        return clocks.MatchClock.from_json(record.clock).seats[seat]


@pytest.fixture
async def table(tmp_path: Path):
    t = await Table(tmp_path / "a.db", FakeClock(), RecordingDelivery(), ClockConfig()).open()
    yield t
    await t.service.repo.close()


async def bid_both(t: Table, a: int = 1, b: int = 1):
    await t.move(ALICE, f"bid {a}")
    return await t.move(BOB, f"bid {b}")


# ---------------------------------------------------------------------------------- time controls


async def test_untimed_match_has_no_clock(table: Table) -> None:
    record = await table.start(kind="none")
    assert record.clock is None
    assert table.delivery.boards[-1].clocks == []
    assert await table.keeper.sweep() == SweepReport()  # nothing to sweep
    assert table.delivery.notices == []


async def test_per_move_bank_grows_by_the_increment_and_is_capped(table: Table) -> None:
    record = await table.start(kind="per_move", days=1, bank_days=2)
    control = clocks.MatchClock.from_json(record.clock).control
    assert str(control.describe()).startswith("1d per move, bank up to 2d")
    assert table.seat_clock(record, 0).running and table.seat_clock(record, 1).running  # both bid at once
    table.clock.advance(hours=6)
    record = await table.move(ALICE, "bid 1")
    # 24h - 6h used + 24h increment = 42h, within the 48h cap.
    assert table.seat_clock(record, 0).remaining == timedelta(hours=42)
    assert not table.seat_clock(record, 0).running
    table.clock.advance(hours=1)
    record = await table.move(BOB, "bid 1")
    assert table.seat_clock(record, 1).remaining == timedelta(hours=41)  # ran 7h since the start
    lines = table.delivery.boards[-1].clocks
    assert len(lines) == 2 and any("running" in line for line in lines)


async def test_cap_limits_the_bank(table: Table) -> None:
    record = await table.start(kind="per_move", days=1, bank_days=1)
    record = await table.move(ALICE, "bid 1")
    assert table.seat_clock(record, 0).remaining == timedelta(days=1)


async def test_total_time_only_shrinks(table: Table) -> None:
    record = await table.start(kind="total", days=2)
    table.clock.advance(hours=5)
    record = await table.move(ALICE, "bid 1")
    assert table.seat_clock(record, 0).remaining == timedelta(hours=43)


async def test_game_defaults_come_from_config(tmp_path: Path) -> None:
    config = ClockConfig(games={"trial": {"default": "total", "total_days": 9}})
    t = await Table(tmp_path / "g.db", FakeClock(), RecordingDelivery(), config).open()
    try:
        record = await t.start()
        control = clocks.MatchClock.from_json(record.clock).control
        assert control.kind == "total" and control.total == timedelta(days=9)
        status = (await t.service.board(channel_id=CHANNEL)).in_locale("en")
        assert any("left" in line for line in status.clocks)
    finally:
        await t.close()


async def test_bad_clock_choices_are_refused(table: Table) -> None:
    with pytest.raises(Refusal, match="none"):
        await table.start(kind="hourglass")
    with pytest.raises(Refusal, match="more than 0"):
        await table.start(kind="per_move", days=-1)


# -------------------------------------------------------------------------------------- reminders


async def test_reminders_at_each_point_once(table: Table) -> None:
    await table.start(kind="per_move", days=2)
    await table.move(ALICE, "bid 1")  # Bob's clock keeps running from the start: 48h
    table.clock.advance(hours=23)
    assert (await table.keeper.sweep()).reminders == 0
    table.clock.advance(hours=1, minutes=1)  # past 50%
    assert (await table.keeper.sweep()).reminders == 1
    assert (await table.keeper.sweep()).reminders == 0  # at most one per point
    assert table.delivery.notices[-1].mention == [BOB]
    assert "your move" in table.delivery.notices[-1].text
    table.clock.advance(hours=23)  # 59 minutes left: the "1h" point
    assert (await table.keeper.sweep()).reminders == 1
    assert table.delivery.notes == []  # Bob did not opt in to DMs


async def test_quiet_hours_hold_reminders_and_dm_opt_in(table: Table) -> None:
    await table.keeper.notify(user_id=BOB, dm=True, quiet="22-8", utc_offset="+0")
    await table.start(kind="per_move", days=1)
    await table.move(ALICE, "bid 1")
    table.clock.now = table.clock.now.replace(hour=0) + timedelta(hours=13)  # 13:00 UTC: 13h used
    assert (await table.keeper.sweep()).reminders == 1
    assert table.delivery.notes and table.delivery.notes[-1][0] == BOB
    table.clock.advance(hours=10, minutes=30)  # 23:30 — quiet, and under 1h left
    assert (await table.keeper.sweep()).reminders == 0
    table.clock.advance(hours=8, minutes=45)  # 08:15 — quiet hours over, but the clock has run out
    report = await table.keeper.sweep()
    assert report.reminders == 0 and report.flagged == 1


def test_quiet_and_offset_parsing() -> None:
    assert parse_quiet("23-7") == (23, 7) and parse_quiet("off") == (None, None)
    assert parse_offset("+5:30") == 330 and parse_offset("-2") == -120
    with pytest.raises(Refusal, match="23-7"):
        parse_quiet("25-3")
    with pytest.raises(Refusal):
        parse_offset("+15")
    late = datetime(2026, 1, 1, 23, 30, tzinfo=UTC)
    assert clocks.in_quiet_hours(late, 22, 8, 0)
    assert not clocks.in_quiet_hours(late, 22, 8, -120)  # 21:30 at UTC-2
    assert not clocks.in_quiet_hours(late, None, None, 0)


# ------------------------------------------------------------------------------------- timeouts


async def test_timeout_claim_with_the_button(table: Table) -> None:
    record = await table.start(kind="per_move", days=1)
    await table.move(ALICE, "bid 1")
    with pytest.raises(Refusal, match="No opponent has run out of time"):
        await table.keeper.claim_timeout(user_id=ALICE, channel_id=CHANNEL)
    table.clock.advance(days=1, minutes=1)
    assert (await table.keeper.sweep()).flagged == 1
    notice = table.delivery.notices[-1]
    assert notice.buttons == ["claim"] and notice.mention == [ALICE]
    assert (await table.keeper.sweep()).flagged == 0  # announced once
    with pytest.raises(Refusal, match="No opponent"):
        await table.keeper.claim_timeout(user_id=BOB, channel_id=CHANNEL)
    record = await table.keeper.claim_timeout(user_id=ALICE, match_id=record.id)
    assert record.status == "finished"
    assert record.result["reason"] == "timeout" and record.result["winner_users"] == [ALICE]
    assert "ran out of time" in " ".join(table.delivery.boards[-1].lines)


async def test_automatic_forfeit_on_timeout(table: Table) -> None:
    record = await table.start(kind="total", days=1, on_timeout="auto")
    await table.move(BOB, "bid 0")
    table.clock.advance(days=2)
    assert (await table.keeper.sweep()).ended == 1
    record = await table.service.find(match_id=record.id)
    assert record.status == "finished" and record.result["reason"] == "forfeit"
    assert record.result["winner_users"] == [BOB]
    assert "ran out of time" in " ".join(table.delivery.boards[-1].lines)


async def test_timeout_with_three_players_drops_the_late_seat(table: Table) -> None:
    record = await table.start((ALICE, BOB, CAROL), kind="per_move", days=1, on_timeout="auto")
    await table.move(ALICE, "bid 1")
    await table.move(BOB, "bid 1")
    table.clock.advance(days=2)
    await table.keeper.sweep()
    record = await table.service.find(match_id=record.id)
    assert record.status == "active" and CAROL not in table.service.waiting_on(record)


# -------------------------------------------------------------------------------------- vacation


async def test_vacation_pauses_clocks_and_shows_on_the_board(table: Table) -> None:
    record = await table.start(kind="per_move", days=1)
    await table.move(ALICE, "bid 1")
    table.clock.advance(hours=4)
    text = str(await table.keeper.vacation(user_id=BOB, days=3))
    assert "paused until" in text and "1 match affected" in text
    table.clock.advance(days=2)
    assert await table.keeper.sweep() == SweepReport()  # no reminder, no timeout while away
    board = (await table.service.board(channel_id=CHANNEL)).in_locale("en")
    assert any("on vacation until" in line for line in board.clocks)
    record = await table.service.find(match_id=record.id)
    assert table.seat_clock(record, 1).left(table.clock()) == timedelta(hours=20)
    with pytest.raises(Refusal, match="already on vacation"):
        await table.keeper.vacation(user_id=BOB, days=1)
    assert "Welcome back" in str(await table.keeper.vacation(user_id=BOB, days=0))
    table.clock.advance(hours=1)
    record = await table.service.find(match_id=record.id)
    assert table.seat_clock(record, 1).left(table.clock()) == timedelta(hours=19)


async def test_a_move_ends_the_movers_vacation(table: Table) -> None:
    await table.start(kind="per_move", days=1)
    await table.move(ALICE, "bid 1")
    # A second match, in another channel, where Bob owes a move too.
    await table.service.new_match(
        game_name="trial",
        options={},
        guild_id=2,
        channel_id=CHANNEL + 1,
        user_id=CAROL,
        seed=3,
        time_control={"kind": "per_move", "days": 1},
    )
    await table.service.join(channel_id=CHANNEL + 1, user_id=BOB)
    other = await table.service.start(channel_id=CHANNEL + 1, user_id=CAROL, seat_order="join")
    await table.keeper.vacation(user_id=BOB, days=5)
    other = await table.service.find(match_id=other.id)
    assert table.seat_clock(other, 1).since > table.clock()  # paused
    table.clock.advance(hours=2)
    await table.move(BOB, "bid 1")
    assert any(user == BOB and "vacation is over" in text for user, text in table.delivery.notes)
    with pytest.raises(Refusal, match="not on vacation"):
        await table.keeper.vacation(user_id=BOB, days=0)
    other = await table.service.find(match_id=other.id)
    assert table.seat_clock(other, 1).since == table.clock()  # running again from the move on


async def test_vacation_allowance(table: Table) -> None:
    with pytest.raises(Refusal, match="30 vacation day"):
        await table.keeper.vacation(user_id=ALICE, days=31)
    await table.keeper.vacation(user_id=ALICE, days=20)
    table.clock.advance(days=21)
    with pytest.raises(Refusal, match="10 vacation day"):
        await table.keeper.vacation(user_id=ALICE, days=11)
    with pytest.raises(Refusal, match="not on vacation"):
        await table.keeper.vacation(user_id=ALICE, days=0)


async def test_a_clock_starting_during_a_vacation_starts_paused(table: Table) -> None:
    await table.keeper.vacation(user_id=BOB, days=2)
    record = await table.start(kind="per_move", days=1)
    assert table.seat_clock(record, 1).since == table.clock() + timedelta(days=2)


# -------------------------------------------------------------------------------------- my games


async def test_mygames_longest_waiting_first(table: Table) -> None:
    await table.start(kind="per_move", days=3)
    table.clock.advance(hours=1)
    await table.service.new_match(
        game_name="trial", options={}, guild_id=2, channel_id=CHANNEL + 1, user_id=CAROL, seed=3
    )
    await table.service.join(channel_id=CHANNEL + 1, user_id=BOB)
    await table.service.start(channel_id=CHANNEL + 1, user_id=CAROL)
    waiting = await table.keeper.waiting_on(BOB)
    assert [w.record.channel_id for w in waiting] == [CHANNEL, CHANNEL + 1]
    await table.move(BOB, "bid 1")
    assert [w.record.channel_id for w in await table.keeper.waiting_on(BOB)] == [CHANNEL + 1]


# ---------------------------------------------------------------------------------- undo, takeback


async def test_undo_within_the_turn_rebuilds_from_the_log(table: Table) -> None:
    record = await table.start()
    before = record.snapshot
    await table.move(ALICE, "bid 2")
    assert str(await table.rewinder.undo(user_id=ALICE, channel_id=CHANNEL)) == "Undone: `bid 2`."
    record = await table.service.find(match_id=record.id)
    assert record.snapshot == before
    entries = await table.service.repo.log_entries(record.id)
    assert [e.kind for e in entries] == ["start", "action", "rewind"]  # history kept, not edited
    with pytest.raises(NotAllowed, match="not the match's last move"):
        await table.rewinder.undo(user_id=ALICE, channel_id=CHANNEL)


async def test_undo_after_a_reveal_needs_consent(table: Table) -> None:
    await table.start()
    record = await bid_both(table)
    mover = table.service.waiting_on(record)[0]
    state = table.service.state_of(record)
    seat = record.seat_of(mover)
    play = next(a for a in TRIAL.legal_actions(state, seat) if a.verb == "play")
    await table.service.act(user_id=mover, action=play, channel_id=CHANNEL)
    with pytest.raises(NotAllowed, match="revealed something"):
        await table.rewinder.undo(user_id=mover, channel_id=CHANNEL)


async def test_takeback_accept_across_a_restart(table: Table) -> None:
    await table.start()
    record = await bid_both(table)
    mover = table.service.waiting_on(record)[0]
    other = BOB if mover == ALICE else ALICE
    before = record.snapshot
    state = table.service.state_of(record)
    play = next(a for a in TRIAL.legal_actions(state, record.seat_of(mover)) if a.verb == "play")
    await table.service.act(user_id=mover, action=play, channel_id=CHANNEL)
    await table.rewinder.request_takeback(user_id=mover, channel_id=CHANNEL)
    notice = table.delivery.notices[-1]
    assert notice.buttons == ["takeback_yes", "takeback_no"] and notice.mention == [other]
    with pytest.raises(WrongStatus, match="already waiting"):
        await table.rewinder.request_takeback(user_id=mover, channel_id=CHANNEL)

    table = await table.restart()
    with pytest.raises(NotAllowed, match="opponents"):
        await table.rewinder.answer_takeback(user_id=mover, match_id=record.id, version=notice.version, accept=True)
    text = str(
        await table.rewinder.answer_takeback(user_id=other, match_id=record.id, version=notice.version, accept=True)
    )
    assert "accepted" in text
    record = await table.service.find(match_id=record.id)
    assert record.snapshot == before and record.pending is None
    assert "took back moves" in " ".join(table.delivery.boards[-1].lines)
    with pytest.raises(StaleClick):
        await table.rewinder.answer_takeback(user_id=other, match_id=record.id, version=notice.version, accept=True)
    await table.close()


async def test_takeback_decline_and_cancel_by_a_move(table: Table) -> None:
    record = await table.start()
    await table.move(ALICE, "bid 1")
    await table.rewinder.request_takeback(user_id=ALICE, channel_id=CHANNEL)
    version = table.delivery.notices[-1].version
    text = str(await table.rewinder.answer_takeback(user_id=BOB, match_id=record.id, version=version, accept=False))
    assert "declined" in text
    assert (await table.service.find(match_id=record.id)).pending is None
    await table.rewinder.request_takeback(user_id=ALICE, channel_id=CHANNEL)
    version = table.delivery.notices[-1].version
    await table.move(BOB, "bid 0")  # any move cancels the request
    with pytest.raises(StaleClick, match="no longer open"):
        await table.rewinder.answer_takeback(user_id=BOB, match_id=record.id, version=version, accept=True)


# --------------------------------------------------------------------------------- replay, export


async def play_out(t: Table, match_id: int) -> None:
    rng = random.Random(9)
    for _ in range(400):
        record = await t.service.find(match_id=match_id)
        if record.status != "active":
            return
        chosen = choose_move(TRIAL, t.service.state_of(record), rng)
        assert chosen is not None and chosen[1] is not None
        seat, action = chosen
        await t.service.act(user_id=record.user_at(seat), action=action, match_id=match_id)


async def test_replay_frames_and_export_round_trip(table: Table) -> None:
    record = await table.start()
    await table.move(ALICE, "bid 2")
    await table.rewinder.undo(user_id=ALICE, channel_id=CHANNEL)  # rewinds are part of the export
    with pytest.raises(WrongStatus, match="once it is over"):
        await table.rewinder.export(match_id=record.id)
    await play_out(table, record.id)
    first = await table.rewinder.frame(match_id=record.id, step=0)
    last = await table.rewinder.frame(match_id=record.id, step=10_000)
    assert first.step == 0 and last.step == last.steps > 0
    assert "replay, move 0 of" in str(first.post.title)
    text = await table.rewinder.export(match_id=record.id)
    verified = verify_export(text)
    assert verified.ok and verified.game == "trial" and verified.moves == last.steps
    lines = text.splitlines()
    dropped = "\n".join([*lines[:-2], lines[-1]])  # the last move is missing
    assert not verify_export(dropped).ok
    rows = [json.loads(line) for line in lines]
    last_action = [r for r in rows if r.get("kind") == "action"][-1]
    last_action["action"] = ["fly"]  # a move no game knows
    report = verify_export("\n".join(json.dumps(r) for r in rows))
    assert not report.ok and "refused" in report.actual


def test_export_parser_rejects_other_files() -> None:
    with pytest.raises(ValueError, match="not an Arbiter match export"):
        verify_export('{"hello": 1}\n{}\n{}\n')


async def test_sweep_memory_survives_a_restart(table: Table) -> None:
    await table.start(kind="per_move", days=2)
    await table.move(ALICE, "bid 1")
    table.clock.advance(hours=25)
    assert (await table.keeper.sweep()).reminders == 1
    table = await table.restart()
    try:
        assert (await table.keeper.sweep()).reminders == 0  # the 50% reminder is not sent again
        table.clock.advance(hours=22, minutes=30)
        assert (await table.keeper.sweep()).reminders == 1  # the clock kept counting: 1h point now
    finally:
        await table.close()

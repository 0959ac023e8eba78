"""Lobbies and aborts (#14): limits on open tables, expiry of idle ones, and aborts that cannot erase a game."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from app.config import DEFAULT_PATH, Config, ConfigError, LobbyConfig, load_config
from app.errors import NotAllowed, WrongStatus
from app.rendering import NoImages
from app.timekeeping import Timekeeper
from app.wiring import open_service
from tests.fakes import FakeClock, RecordingDelivery
from tests.fixtures.trial_game import TRIAL

GUILD, OTHER_GUILD = 9, 10
CHANNEL = 700
ALICE, BOB, CAROL, DAVE = 21, 22, 23, 24


class Table:
    def __init__(self, path: Path, config: LobbyConfig) -> None:
        self.path, self.config = path, config
        self.clock = FakeClock()
        self.delivery = RecordingDelivery()

    async def open(self) -> Table:
        # Built the way the bot builds it, so the [lobbies] settings reach the service as they would.
        self.service = await open_service(
            Config(lobbies=self.config),
            self.delivery,
            db_path=self.path,
            renderer=NoImages(),
            seed_source=random.Random(5),
            allow_unoffered_games=True,
            clock=self.clock,
        )
        self.keeper = Timekeeper(self.service)
        return self

    async def reopen(self) -> Table:
        """A restart: a new service on the same database, remembering nothing in memory."""
        await self.service.repo.close()
        return await self.open()

    async def new(self, user: int = ALICE, channel: int = CHANNEL, guild: int | None = GUILD):
        return await self.service.new_match(
            game_name=TRIAL.name, options={}, guild_id=guild, channel_id=channel, user_id=user, seed=3
        )

    async def started(self, users: tuple[int, ...] = (ALICE, BOB)):
        await self.new(users[0])
        for u in users[1:]:
            await self.service.join(channel_id=CHANNEL, user_id=u)
        return await self.service.start(channel_id=CHANNEL, user_id=users[0], seat_order="join")

    async def bid(self, *users: int) -> None:
        for u in users:
            await self.service.act(user_id=u, action="bid 1", channel_id=CHANNEL)

    async def abort(self, user: int, manage: bool = False):
        return await self.service.abort(user_id=user, can_manage_guild=manage, channel_id=CHANNEL)

    async def open_lobbies(self, **where: int) -> int:
        return len(await self.service.repo.lobbies(**where))


@pytest.fixture
async def table(tmp_path: Path):
    t = await Table(tmp_path / "l.db", LobbyConfig()).open()
    yield t
    await t.service.repo.close()


@pytest.fixture
async def small(tmp_path: Path):
    """A server that allows only a few tables, so its limit is reached quickly."""
    t = await Table(tmp_path / "s.db", LobbyConfig(max_per_user=2, max_per_server=3, expire_hours=2)).open()
    yield t
    await t.service.repo.close()


# --------------------------------------------------------------------------------------- settings


def test_the_shipped_config_sets_and_explains_the_lobby_limits() -> None:
    config = load_config(DEFAULT_PATH)
    assert (config.lobbies.max_per_user, config.lobbies.max_per_server, config.lobbies.expire_hours) == (3, 25, 24)
    text = DEFAULT_PATH.read_text()
    section = text[text.index("[lobbies]") :].split("\n[", 1)[0]
    for key in ("max_per_user", "max_per_server", "expire_hours"):
        assert f"\n{key} = " in section
    assert "`/<game> abort`" in section and "expire" in section  # the comments say how a slot frees


def test_a_bad_lobby_setting_names_its_key(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[lobbies]\nmax_per_user = 0\n")
    with pytest.raises(ConfigError, match=r"`lobbies\.max_per_user`"):
        load_config(path)


# ------------------------------------------------------------------------------------------ limits


async def test_a_player_may_hold_three_open_tables_and_is_told_how_to_free_one(table: Table) -> None:
    for channel in (701, 702, 703):
        await table.new(ALICE, channel)
    with pytest.raises(NotAllowed) as refused:
        await table.new(ALICE, 704)
    message = refused.value.message
    assert "3 open tables" in message
    assert all(f"<#{c}> (#{i}, `/trial abort`)" in message for i, c in enumerate((701, 702, 703), 1))  # where, how
    assert "expires after 24 hours" in message
    assert await table.service.repo.live_match_in_channel(704) is None  # nothing was written
    await table.new(BOB, 704)  # another player is not held back


async def test_a_burst_of_new_tables_cannot_slip_past_the_limit(table: Table) -> None:
    """The report: one user opened 500 tables in 1.5 s. Simultaneous requests all counted the same
    lobbies before any was written, so the count and the insert must be one transaction."""
    outcomes = await asyncio.gather(
        *(table.new(ALICE, 1000 + i) for i in range(60)),
        return_exceptions=True,
    )
    opened = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, NotAllowed)]
    assert len(opened) == 3 and len(refused) == 57
    assert await table.open_lobbies(creator_id=ALICE) == 3


async def test_a_server_has_a_limit_of_its_own(small: Table) -> None:
    await small.new(ALICE, 701)
    await small.new(BOB, 702)
    await small.new(CAROL, 703)
    with pytest.raises(NotAllowed) as refused:
        await small.new(DAVE, 704)
    message = refused.value.message
    assert "This server already has 3 open tables" in message
    assert "its game's `abort` command" in message and "expires after 2 hours" in message
    assert "<#701>" in message  # the one that expires first
    await small.new(DAVE, 705, guild=OTHER_GUILD)  # other servers are not affected
    # A table that starts is no longer open: its slot is free.
    await small.service.join(channel_id=701, user_id=DAVE)
    await small.service.start(channel_id=701, user_id=ALICE)
    await small.new(DAVE, 704)


async def test_expired_tables_do_not_count_against_the_limits(small: Table) -> None:
    await small.new(ALICE, 701)
    await small.new(ALICE, 702)
    with pytest.raises(NotAllowed):
        await small.new(ALICE, 703)
    small.clock.advance(hours=1)
    await small.service.join(channel_id=701, user_id=BOB)  # a join keeps 701 alive
    small.clock.advance(hours=1)
    await small.new(ALICE, 703)  # 702 has expired and no longer counts
    with pytest.raises(NotAllowed) as refused:  # 701 still does: the join kept it alive
        await small.new(ALICE, 704)
    assert "<#701>" in refused.value.message and "<#703>" in refused.value.message
    assert "<#702>" not in refused.value.message


# ------------------------------------------------------------------------------------------ expiry


async def test_the_sweep_closes_an_idle_table_and_tells_its_channel(table: Table) -> None:
    lobby = await table.new()
    table.clock.advance(hours=10)
    await table.service.join(channel_id=CHANNEL, user_id=BOB)
    table.clock.advance(hours=13)
    await table.service.choose(channel_id=CHANNEL, user_id=BOB, choice={"head_start": 1})
    table.clock.advance(hours=23)
    assert (await table.keeper.sweep()).expired == 0  # 36 h after the join, but the choice was 23 h ago
    assert not table.delivery.notices
    table.clock.advance(hours=1)
    assert (await table.keeper.sweep()).expired == 1
    closed = await table.service.find(match_id=lobby.id)
    assert closed.status == "aborted" and closed.result["reason"] == "expired"
    notice = table.delivery.notices[-1]
    assert notice.channel_id == CHANNEL and f"match #{lobby.id}" in notice.text and "expired" in notice.text
    assert (await table.keeper.sweep()).expired == 0  # once
    await table.new(BOB)  # the channel is free


async def test_the_sweep_leaves_started_matches_alone(table: Table) -> None:
    record = await table.started()
    table.clock.advance(days=30)
    assert (await table.keeper.sweep()).expired == 0
    assert (await table.service.find(match_id=record.id)).status == "active"


async def test_anyone_may_close_an_expired_table(table: Table) -> None:
    await table.new(ALICE)
    table.clock.advance(hours=20)
    with pytest.raises(NotAllowed) as refused:
        await table.abort(CAROL)
    assert "<@21>" in refused.value.message and "in 4h" in refused.value.message
    table.clock.advance(hours=4)
    result = await table.abort(CAROL)
    assert result.outcome == "expired" and result.record.status == "aborted"
    assert result.record.result["reason"] == "expired"
    assert "expired" in table.delivery.notices[-1].text


async def test_a_new_table_replaces_an_expired_one_in_its_channel(table: Table) -> None:
    old = await table.new(ALICE)
    table.clock.advance(hours=23)
    with pytest.raises(WrongStatus, match="already has Trial match"):
        await table.new(BOB)
    table.clock.advance(hours=1)
    new = await table.new(BOB)
    assert new.id != old.id and new.status == "lobby" and new.creator_id == BOB
    replaced = await table.service.find(match_id=old.id)
    assert replaced.status == "aborted" and replaced.result["reason"] == "expired"
    assert f"match #{old.id}" in table.delivery.notices[-1].text


# ------------------------------------------------------------------------------------------ aborts


async def test_the_creator_closes_an_unstarted_table_alone(table: Table) -> None:
    await table.new(ALICE)
    await table.service.join(channel_id=CHANNEL, user_id=BOB)
    with pytest.raises(NotAllowed, match="Manage Server"):
        await table.abort(BOB)
    result = await table.abort(ALICE)
    assert result.outcome == "aborted" and result.record.status == "aborted"


async def test_before_every_player_has_moved_the_creator_may_abort_alone(table: Table) -> None:
    await table.started()
    await table.bid(ALICE)  # Bob has not moved yet
    result = await table.abort(ALICE)
    assert result.outcome == "aborted" and result.record.status == "aborted"
    assert result.record.result["winners"] == [] and result.record.result["reason"] == "abandoned"
    assert "no result" in table.delivery.notices[-1].text


async def test_after_the_first_round_the_creator_alone_resigns(table: Table) -> None:
    """The report: the creator could abort a lost match at any moment and no result was kept."""
    record = await table.started()
    await table.bid(ALICE, BOB)
    assert (await table.service.round_progress(await table.service.find(match_id=record.id)))[1]
    warned = await table.abort(ALICE)
    assert warned.outcome == "agreed" and warned.record.status == "active"
    assert "counts as resigning" in str(warned.reply)  # told before it happens
    notice = table.delivery.notices[-1]
    assert "1 of 2 players agreed to abort" in notice.text and "waiting for <@22>" in notice.text
    assert notice.mention == [BOB]  # pinged: a notice is a new message
    resigned = await table.abort(ALICE)
    assert resigned.outcome == "resigned" and "resigned" in str(resigned.reply)
    final = resigned.record
    assert final.status == "finished"
    assert final.result["reason"] == "resign" and final.result["winner_users"] == [BOB]
    assert "resigned" in " ".join(table.delivery.boards[-1].lines)


async def test_after_the_first_round_aborting_needs_every_player(table: Table) -> None:
    await table.started((ALICE, BOB, CAROL))
    await table.bid(ALICE, BOB, CAROL)
    first = await table.abort(BOB)
    assert first.outcome == "agreed"
    assert "1 of 3 players agreed" in table.delivery.notices[-1].text
    assert table.delivery.notices[-1].mention == [ALICE, CAROL]
    again = await table.abort(BOB)
    assert again.outcome == "agreed" and str(again.reply).startswith("You had already agreed")
    await table.reopen()  # consents are stored, not held in memory
    second = await table.abort(CAROL)
    assert second.outcome == "agreed" and second.record.status == "active"
    assert "2 of 3 players agreed" in table.delivery.notices[-1].text
    assert "waiting for <@21>" in table.delivery.notices[-1].text
    last = await table.abort(ALICE)  # the creator agrees last: no resignation, no result
    assert last.outcome == "aborted" and last.record.status == "aborted"
    assert last.record.result["winners"] == [] and last.record.result["reason"] == "abandoned"


async def test_a_member_with_manage_server_aborts_at_once(table: Table) -> None:
    await table.started()
    await table.bid(ALICE, BOB)
    result = await table.abort(DAVE, manage=True)
    assert result.outcome == "aborted" and result.record.status == "aborted"
    assert "Manage Server" in table.delivery.notices[-1].text


async def test_only_players_take_part_in_an_abort(table: Table) -> None:
    await table.started((ALICE, BOB, CAROL))
    await table.bid(ALICE, BOB, CAROL)
    with pytest.raises(NotAllowed, match="Only the players"):
        await table.abort(DAVE)
    await table.service.resign(user_id=CAROL, channel_id=CHANNEL)  # three seats: play goes on
    with pytest.raises(NotAllowed, match="left this match"):
        await table.abort(CAROL)
    await table.abort(BOB)
    done = await table.abort(ALICE)  # Carol is out, so Alice and Bob are everyone
    assert done.outcome == "aborted"


async def test_a_taken_back_move_does_not_count_towards_the_first_round(table: Table) -> None:
    from app.rewind import Rewinder

    record = await table.started()
    await table.bid(ALICE)
    await Rewinder(table.service).undo(user_id=ALICE, channel_id=CHANNEL)
    await table.bid(BOB)
    _, complete = await table.service.round_progress(await table.service.find(match_id=record.id))
    assert not complete  # Alice's bid was undone: she has not moved

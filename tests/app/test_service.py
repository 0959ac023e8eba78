"""MatchService with the recording delivery: whole matches, refusals, DMs, restarts, stale clicks, races."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest

from app.errors import NoMatch, NotAllowed, NotAPlayer, Refusal, StaleClick, WrongStatus
from app.rendering import NoImages
from app.service import HistoryPage, MatchService
from db.records import MatchChange
from db.sqlite import SqliteStore
from engine.core import BadNotation, BadOptions, GameError, NotYourTurn
from engine.i18n import render
from engine.playout import choose_move
from tests.fakes import FakeClock, RecordingDelivery
from tests.fixtures.trial_game import TRIAL, hidden_cards

CHANNEL = 500
ALICE, BOB, CAROL = 1, 2, 3


async def open_service(path: Path, delivery: RecordingDelivery, clock: FakeClock | None = None) -> MatchService:
    store = await SqliteStore.open(path)
    return MatchService(
        store,
        delivery,
        NoImages(),
        clock=clock or FakeClock(),
        seed_source=random.Random(3),
        allow_unoffered_games=True,
    )


@pytest.fixture
def delivery() -> RecordingDelivery:
    return RecordingDelivery()


@pytest.fixture
async def service(tmp_path: Path, delivery: RecordingDelivery):
    s = await open_service(tmp_path / "m.db", delivery)
    yield s
    await s.repo.close()


async def started(service: MatchService, users: tuple[int, ...] = (ALICE, BOB), seed: int = 11):
    await service.new_match(game_name="trial", options={}, guild_id=9, channel_id=CHANNEL, user_id=users[0], seed=seed)
    for u in users[1:]:
        await service.join(channel_id=CHANNEL, user_id=u)
    return await service.start(channel_id=CHANNEL, user_id=users[0], seat_order="join")


async def play_random(service: MatchService, match_id: int, rng: random.Random, limit: int = 500):
    record = await service.find(match_id=match_id)
    for _ in range(limit):
        if record.status != "active":
            return record
        chosen = choose_move(TRIAL, service.state_of(record), rng)
        assert chosen is not None and chosen[1] is not None
        seat, action = chosen
        record = (await service.act(user_id=record.user_at(seat), action=action, match_id=match_id)).record
    raise AssertionError("the match did not end")


def contains_card(text: str, card: str) -> bool:
    return re.search(rf"\b{re.escape(card)}\b", text) is not None


# ----------------------------------------------------------------------------------------- lobby


async def test_lobby_flow_and_its_refusals(service: MatchService) -> None:
    record = await service.new_match(
        game_name="trial", options={}, guild_id=9, channel_id=CHANNEL, user_id=ALICE, seed=1
    )
    assert record.status == "lobby"
    with pytest.raises(WrongStatus, match="already has Trial match"):
        await service.new_match(game_name="trial", options={}, guild_id=9, channel_id=CHANNEL, user_id=BOB)
    with pytest.raises(WrongStatus, match="at least 2 players"):
        await service.start(channel_id=CHANNEL, user_id=ALICE)
    await service.join(channel_id=CHANNEL, user_id=BOB)
    with pytest.raises(WrongStatus, match="already joined"):
        await service.join(channel_id=CHANNEL, user_id=BOB)
    with pytest.raises(NotAllowed, match="Only the player who created"):
        await service.start(channel_id=CHANNEL, user_id=BOB)
    with pytest.raises(NotAllowed, match="created this table"):
        await service.leave(channel_id=CHANNEL, user_id=ALICE)
    await service.leave(channel_id=CHANNEL, user_id=BOB)
    with pytest.raises(NotAPlayer):
        await service.leave(channel_id=CHANNEL, user_id=BOB)
    for u in (BOB, CAROL, 4, 5):
        await service.join(channel_id=CHANNEL, user_id=u)
    with pytest.raises(WrongStatus, match="full"):
        await service.join(channel_id=CHANNEL, user_id=6)
    record = await service.start(channel_id=CHANNEL, user_id=ALICE)
    assert record.status == "active" and len(record.seated()) == 5
    with pytest.raises(WrongStatus, match="already started"):
        await service.join(channel_id=CHANNEL, user_id=6)


async def test_bad_options_are_refused_at_the_table(service: MatchService) -> None:
    with pytest.raises(BadOptions):
        await service.new_match(
            game_name="trial", options={"rounds": 99}, guild_id=9, channel_id=CHANNEL, user_id=ALICE
        )
    with pytest.raises(BadOptions, match="no game called"):
        await service.new_match(game_name="chess", options={}, guild_id=9, channel_id=CHANNEL, user_id=ALICE)
    assert await service.repo.live_match_in_channel(CHANNEL) is None


async def test_test_games_are_not_offered_to_players(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "p.db")
    public = MatchService(store, RecordingDelivery(), NoImages())
    try:
        with pytest.raises(BadOptions, match="no game called"):
            await public.new_match(game_name="trial", options={}, guild_id=1, channel_id=1, user_id=1)
    finally:
        await store.close()


async def test_random_seat_order_is_a_permutation_of_the_players(service: MatchService) -> None:
    await service.new_match(game_name="trial", options={}, guild_id=9, channel_id=CHANNEL, user_id=ALICE, seed=8)
    for u in (BOB, CAROL):
        await service.join(channel_id=CHANNEL, user_id=u)
    record = await service.start(channel_id=CHANNEL, user_id=ALICE, seat_order="random")
    assert sorted(m.user_id for m in record.seated()) == [ALICE, BOB, CAROL]
    assert sorted(m.seat for m in record.seated()) == [0, 1, 2]


# ------------------------------------------------------------------------------------------ play


async def test_whole_match_posts_boards_and_private_views_without_leaks(
    service: MatchService, delivery: RecordingDelivery
) -> None:
    record = await started(service, (ALICE, BOB, CAROL))
    assert delivery.boards[-1].lines[0].startswith("The match began")
    # Everyone gets their private view at the start; it holds their hand and nobody else's.
    assert sorted(p.user_id for p in delivery.privates) == [ALICE, BOB, CAROL]
    rng = random.Random(4)
    record = await service.find(match_id=record.id)
    for _ in range(400):
        if record.status != "active":
            break
        state = service.state_of(record)
        public = delivery.public_text()
        for seat in range(3):
            for card in hidden_cards(state, seat):
                assert not contains_card(public, card), f"{card} of seat {seat} leaked to the channel"
        latest = {post.seat: post for post in delivery.privates}  # older posts show hands as they were
        for post in latest.values():
            for other in range(3):
                if other != post.seat:
                    for card in hidden_cards(state, other):
                        assert not contains_card(" ".join(post.lines), card)
        seat = rng.choice(sorted(TRIAL.to_move(state)))
        action = rng.choice(TRIAL.legal_actions(state, seat))
        record = (await service.act(user_id=record.user_at(seat), action=action, match_id=record.id)).record
    assert record.status == "finished"
    assert record.result["reason"] in {"normal", "draw"}
    assert delivery.boards[-1].finished
    entries = await service.repo.log_entries(record.id)
    versions = [e.version for e in entries]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)
    assert await service.repo.pending_outbox() == []


async def test_replaying_the_stored_log_rebuilds_the_snapshot(service: MatchService) -> None:
    record = await started(service)
    record = await play_random(service, record.id, random.Random(2))
    state = TRIAL.setup(2, record.options, record.seed)
    from engine.core import Action

    for entry in await service.repo.log_entries(record.id):
        if entry.kind == "action":
            state = TRIAL.apply(state, entry.seat, Action.from_json(entry.action)).state
    assert TRIAL.to_json(state) == record.snapshot


async def test_refusals_change_nothing(service: MatchService) -> None:
    record = await started(service)
    with pytest.raises(BadNotation, match="Actions look like"):
        await service.act(user_id=ALICE, action="fly to the moon", channel_id=CHANNEL)
    with pytest.raises(NotAPlayer, match="not playing"):
        await service.act(user_id=CAROL, action="pass", channel_id=CHANNEL)
    with pytest.raises(Refusal, match="not on offer"):
        await service.act(user_id=ALICE, action=999, channel_id=CHANNEL)
    with pytest.raises(NoMatch):
        await service.act(user_id=ALICE, action="pass", channel_id=CHANNEL + 1)
    after = await service.find(match_id=record.id)
    assert after.version == record.version and after.snapshot == record.snapshot
    assert await service.repo.log_entries(record.id, since_version=record.version) == []


async def test_acting_out_of_turn_is_refused(service: MatchService) -> None:
    record = await started(service)
    # Both bid first (a secret choice made at once); after both bid, only the leader may act.
    await service.act(user_id=ALICE, action="bid 1", match_id=record.id)
    await service.act(user_id=BOB, action="bid 1", match_id=record.id)
    record = await service.find(match_id=record.id)
    waiting = service.waiting_on(record)
    assert len(waiting) == 1
    idle = BOB if waiting == [ALICE] else ALICE
    with pytest.raises(NotYourTurn):
        await service.act(user_id=idle, action="pass", match_id=record.id)


async def test_autocomplete_offers_only_legal_moves_filtered(service: MatchService) -> None:
    await started(service)
    moves = await service.legal_moves(user_id=ALICE, channel_id=CHANNEL)
    assert moves and all(m.startswith("bid") for m in moves)
    assert await service.legal_moves(user_id=ALICE, channel_id=CHANNEL, typed="BID 2") == ["bid 2"]
    assert await service.legal_moves(user_id=CAROL, channel_id=CHANNEL) == []
    assert await service.legal_moves(user_id=ALICE, channel_id=CHANNEL + 7) == []


async def test_stale_button_is_refused_with_the_current_version(service: MatchService) -> None:
    record = await started(service)
    old = record.version
    await service.act(user_id=ALICE, action="bid 1", match_id=record.id, expected_version=old)
    with pytest.raises(StaleClick) as caught:
        await service.act(user_id=BOB, action=0, match_id=record.id, expected_version=old)
    assert caught.value.version == old + 1
    assert (await service.find(match_id=record.id)).version == old + 1


async def test_simultaneous_clicks_apply_exactly_once(service: MatchService) -> None:
    record = await started(service)
    version = record.version
    results = await asyncio.gather(
        *(service.act(user_id=ALICE, action=0, match_id=record.id, expected_version=version) for _ in range(20)),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    assert len(applied) == 1
    assert all(isinstance(r, StaleClick) for r in results if isinstance(r, BaseException))
    entries = await service.repo.log_entries(record.id)
    assert [e.version for e in entries] == [version, version + 1]


async def test_secret_choices_by_several_seats_at_once_stay_secret(
    service: MatchService, delivery: RecordingDelivery
) -> None:
    record = await started(service)
    assert sorted(service.waiting_on(record)) == [ALICE, BOB]
    before = len(delivery.boards[-1].lines)
    await service.act(user_id=ALICE, action="bid 2", match_id=record.id)
    # The bid is in the same turn as the start: the board message is edited and tells the turn from its start,
    # so what the bid added are the lines after the start's.
    added = delivery.boards[-1].lines[before:]
    assert added and "2" not in " ".join(added)
    view = await service.private_view(user_id=BOB, match_id=record.id)
    assert "bid 2" not in " ".join(view.lines)


# -------------------------------------------------------------------------------- resign, abort


async def test_resign_two_players_ends_the_match(service: MatchService, delivery: RecordingDelivery) -> None:
    record = await started(service)
    record = await service.resign(user_id=BOB, channel_id=CHANNEL)
    assert record.status == "finished"
    assert record.result["reason"] == "resign" and record.result["winner_users"] == [ALICE]
    assert "resigned" in " ".join(delivery.boards[-1].lines)
    with pytest.raises(WrongStatus, match="over"):
        await service.act(user_id=ALICE, action="pass", match_id=record.id)


async def test_resign_three_players_plays_on(service: MatchService) -> None:
    record = await started(service, (ALICE, BOB, CAROL))
    record = await service.resign(user_id=CAROL, channel_id=CHANNEL)
    assert record.status == "active"
    assert CAROL not in service.waiting_on(record)


async def test_abort_needs_the_creator_or_manage_server(service: MatchService) -> None:
    record = await started(service)
    with pytest.raises(NotAllowed, match="Manage Server"):
        await service.abort(user_id=CAROL, can_manage_guild=False, channel_id=CHANNEL)
    alone = await service.abort(user_id=BOB, can_manage_guild=False, channel_id=CHANNEL)
    assert alone.outcome == "agreed" and alone.record.status == "active"  # another player alone only agrees
    record = (await service.abort(user_id=CAROL, can_manage_guild=True, channel_id=CHANNEL)).record
    assert record.status == "aborted"
    # The channel is free for a new table.
    await service.new_match(game_name="trial", options={}, guild_id=9, channel_id=CHANNEL, user_id=BOB)


# ---------------------------------------------------------------------------------------- DMs


async def test_refused_dms_do_not_block_and_the_player_is_told_once(
    service: MatchService, delivery: RecordingDelivery
) -> None:
    delivery.refuse_dms_for.add(BOB)
    record = await started(service)
    assert delivery.refused_notices == [BOB]
    assert {p.user_id for p in delivery.privates} == {ALICE}
    await service.act(user_id=ALICE, action="bid 1", match_id=record.id)
    await service.act(user_id=BOB, action="bid 1", match_id=record.id)
    assert delivery.refused_notices == [BOB]  # told once, not every turn
    view = await service.private_view(user_id=BOB, match_id=record.id)
    assert view.seat == (await service.find(match_id=record.id)).seat_of(BOB)
    assert view.lines  # the hand is still reachable, ephemerally


async def test_refused_dms_are_retried_after_a_day(tmp_path: Path) -> None:
    clock = FakeClock()
    delivery = RecordingDelivery(refuse_dms_for={BOB})
    service = await open_service(tmp_path / "d.db", delivery, clock)
    try:
        record = await started(service)
        delivery.refuse_dms_for.clear()
        clock.advance(days=2)
        await service.act(user_id=ALICE, action="bid 1", match_id=record.id)
        await service.act(user_id=BOB, action="bid 1", match_id=record.id)
        assert BOB in {p.user_id for p in delivery.privates}
    finally:
        await service.repo.close()


# ------------------------------------------------------------------------------ restarts, crashes


async def test_restart_mid_match_continues_with_nothing_lost(tmp_path: Path) -> None:
    path = tmp_path / "r.db"
    first = await open_service(path, RecordingDelivery())
    record = await started(first)
    await first.act(user_id=ALICE, action="bid 1", match_id=record.id)
    before = await first.find(match_id=record.id)
    await first.repo.close()

    second = await open_service(path, RecordingDelivery())
    try:
        after = await second.find(match_id=record.id)
        assert (after.version, after.snapshot) == (before.version, before.snapshot)
        finished = await play_random(second, record.id, random.Random(1))
        assert finished.status == "finished"
    finally:
        await second.repo.close()


async def test_failed_delivery_is_redelivered_after_restart(tmp_path: Path) -> None:
    path = tmp_path / "f.db"
    broken = RecordingDelivery(fail_boards=True)
    first = await open_service(path, broken)
    record = await started(first)
    result = await first.act(user_id=ALICE, action="bid 1", match_id=record.id)
    assert result.record.version == record.version + 1  # the move stands although nothing was posted
    assert broken.boards == []
    assert len(await first.repo.pending_outbox()) == 2
    await first.repo.close()

    delivery = RecordingDelivery()
    second = await open_service(path, delivery)
    try:
        assert await second.deliver_pending(force=True) == 2  # as the bot does at start-up
        assert len(delivery.boards) == 1  # coalesced into one board post
        assert delivery.boards[0].version == record.version + 1
        assert delivery.boards[0].lines[0].startswith("The match began")
        assert await second.deliver_pending() == 0
    finally:
        await second.repo.close()


# ------------------------------------------------------------------------------ history, upgrade


def english(page: HistoryPage) -> HistoryPage:
    """The page as an English reader reads it."""
    return HistoryPage([render(line) for line in page.lines], page.page, page.pages)


async def test_history_shows_own_secrets_only_to_their_owner(service: MatchService) -> None:
    record = await started(service)
    await service.act(user_id=ALICE, action="bid 2", match_id=record.id)
    alice = english(await service.history(user_id=ALICE, match_id=record.id))
    public = english(await service.history(user_id=None, match_id=record.id))
    bob = english(await service.history(user_id=BOB, match_id=record.id))
    assert public.lines[0].startswith("The match began")
    assert any("bid 2" in line for line in alice.lines)
    assert not any("bid 2" in line for line in public.lines + bob.lines)
    state = service.state_of(await service.find(match_id=record.id))
    alice_cards = hidden_cards(state, record.seat_of(ALICE))
    assert alice_cards
    for card in alice_cards:
        assert any(contains_card(line, card) for line in alice.lines)
        assert not any(contains_card(line, card) for line in bob.lines + public.lines)


async def test_old_snapshots_are_upgraded_on_load(service: MatchService) -> None:
    record = await started(service)
    state = service.state_of(record)
    # Schema 1 of the trial game kept the running totals under "points" instead of "scores".
    current = TRIAL.to_json(state)
    old = {k: v for k, v in current.items() if k != "scores"} | {"points": current["scores"]}
    await service.repo.apply_change(
        record.id, MatchChange(record.version, snapshot=old, snapshot_schema=1), "2026-01-01T00:00:00+00:00"
    )
    fresh = MatchService(service.repo, RecordingDelivery(), NoImages(), allow_unoffered_games=True)
    loaded = fresh.state_of(await fresh.find(match_id=record.id))
    assert TRIAL.to_json(loaded) == TRIAL.to_json(state)


async def test_game_errors_are_player_readable(service: MatchService) -> None:
    await started(service)
    with pytest.raises(GameError) as caught:
        await service.act(user_id=ALICE, action="play 1", channel_id=CHANNEL)
    assert "Legal now" in caught.value.message or "bid" in caught.value.message


async def test_a_player_owing_a_secret_pick_is_not_pinged_on_every_move(
    service: MatchService, delivery: RecordingDelivery
) -> None:
    record = await started(service)
    assert sorted(delivery.boards[-1].mention) == [ALICE, BOB]  # both owe a bid: both pinged once
    await service.act(user_id=ALICE, action="bid 1", match_id=record.id)
    latest = delivery.boards[-1]
    assert BOB in latest.waiting_on and latest.mention == []  # still waited on, but not pinged again
    await service.act(user_id=BOB, action="bid 1", match_id=record.id)
    record = await service.find(match_id=record.id)
    assert delivery.boards[-1].mention == service.waiting_on(record)  # the leader newly owes a move


async def test_a_change_nobody_can_see_posts_no_board(service: MatchService, delivery: RecordingDelivery) -> None:
    from engine.core import Event

    record = await started(service)
    boards = len(delivery.boards)
    # Re-bidding changes only a secret: give it no public sentence and no new decision to owe.
    original = TRIAL.describe_event

    def quiet(event: Event, viewer: int | None) -> str | None:
        return None if event.kind == "bid_placed" else original(event, viewer)

    TRIAL.describe_event = quiet  # type: ignore[method-assign]
    try:
        await service.act(user_id=ALICE, action="bid 1", match_id=record.id)
        await service.act(user_id=ALICE, action="bid 2", match_id=record.id)
    finally:
        del TRIAL.describe_event
    assert len(delivery.boards) == boards  # nothing public happened: no board posted
    assert await service.repo.pending_outbox() == []  # yet everything was delivered (privately)


async def test_each_player_makes_their_own_choice_before_the_start(service: MatchService) -> None:
    await service.new_match(game_name="trial", options={}, guild_id=9, channel_id=CHANNEL, user_id=ALICE, seed=4)
    await service.join(channel_id=CHANNEL, user_id=BOB)
    await service.choose(channel_id=CHANNEL, user_id=BOB, choice={"head_start": 2})
    with pytest.raises(BadOptions, match="head_start of 0 to 3"):
        await service.choose(channel_id=CHANNEL, user_id=ALICE, choice={"head_start": 9})
    with pytest.raises(NotAPlayer, match="Join the table first"):
        await service.choose(channel_id=CHANNEL, user_id=CAROL, choice={"head_start": 1})
    record = await service.start(channel_id=CHANNEL, user_id=ALICE, seat_order="random")
    state = service.state_of(record)
    # Bob's choice follows Bob to whichever seat he drew.
    assert state.scores[record.seat_of(BOB)] == 2 and state.scores[record.seat_of(ALICE)] == 0
    assert "_choices" not in record.options and record.options["head_starts"][record.seat_of(BOB)] == 2
    with pytest.raises(WrongStatus, match="before the match starts"):
        await service.choose(channel_id=CHANNEL, user_id=BOB, choice={"head_start": 1})


async def test_an_illegal_action_object_is_refused_readably(service: MatchService) -> None:
    from engine.core import Action

    record = await started(service)
    with pytest.raises(GameError):
        await service.act(user_id=ALICE, action=Action("teleport", (99,)), match_id=record.id)
    assert (await service.find(match_id=record.id)).version == record.version

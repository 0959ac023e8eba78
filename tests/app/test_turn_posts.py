"""One board message per turn: the service edits the turn's message while the game's turn key stays the
same, posts a new one when it changes (and at the end), and the channel's messages together tell the whole
public story, each line once. The outbox keeps it so across a restart in the middle of a turn."""

from __future__ import annotations

import asyncio
import itertools
import random
from pathlib import Path

from app.delivery import Throttled
from app.service import MatchService
from app.summary import describe_entry
from engine.playout import choose_move
from tests.app.test_service import ALICE, BOB, CAROL, CHANNEL, open_service, started
from tests.fakes import RecordingDelivery
from tests.fixtures.trial_game import TRIAL


async def public_story(service: MatchService, match_id: int) -> list[str]:
    record = await service.find(match_id=match_id)
    entries = await service.repo.log_entries(match_id)
    return [str(line) for e in entries for line in describe_entry(TRIAL, record, e, None)]


async def test_a_match_posts_one_message_per_turn_and_its_messages_tell_the_whole_story(tmp_path: Path) -> None:
    delivery = RecordingDelivery()
    service = await open_service(tmp_path / "m.db", delivery)
    record = await started(service, (ALICE, BOB, CAROL))
    turns = {record.version: TRIAL.turn_key(service.state_of(record))}
    rng = random.Random(4)
    while record.status == "active":
        chosen = choose_move(TRIAL, service.state_of(record), rng)
        assert chosen is not None and chosen[1] is not None
        seat, action = chosen
        record = (await service.act(user_id=record.user_at(seat), action=action, match_id=record.id)).record
        turns[record.version] = TRIAL.turn_key(service.state_of(record)) if record.status == "active" else "over"

    writes = delivery.boards
    assert writes[0].edit is None and writes[-1].edit is None and writes[-1].finished
    for before, after in itertools.pairwise(writes):
        same_turn = turns[after.version] == turns[before.version] and not after.finished
        assert (after.edit is not None) == same_turn, (before.version, after.version)
    distinct_turns = sum(1 for a, b in itertools.pairwise(writes) if turns[a.version] != turns[b.version])
    assert delivery.posted == distinct_turns + 1 < len(writes)
    assert delivery.edited == len(writes) - delivery.posted > 0
    # Read in order, the channel's messages tell every public line of the match once.
    told = [str(line) for board in delivery.channel_boards(CHANNEL) for line in board.lines]
    assert told == await public_story(service, record.id)
    await service.repo.close()


async def test_a_choice_owed_by_another_seat_stays_in_the_turns_message_and_the_change_ending_it_opens_the_next(
    tmp_path: Path,
) -> None:
    delivery = RecordingDelivery()
    service = await open_service(tmp_path / "m.db", delivery)
    record = await started(service)
    await service.act(user_id=ALICE, action="bid 1", match_id=record.id)
    record = (await service.act(user_id=BOB, action="bid 1", match_id=record.id)).record
    leader = service.state_of(record).queue[0]
    other = 1 - leader
    posted, privates = delivery.posted, len(delivery.privates)
    demand = f"demand p{other + 1}"
    record = (await service.act(user_id=record.user_at(leader), action=demand, match_id=record.id)).record
    # The giver owes a choice now, inside the leader's turn: the turn's message is edited, and the giver is
    # told by DM (an edit pings nobody).
    assert delivery.posted == posted and delivery.boards[-1].edit is not None
    assert len(delivery.privates) > privates and delivery.privates[-1].user_id == record.user_at(other)
    state = service.state_of(record)
    give = TRIAL.describe_action(state, other, TRIAL.legal_actions(state, other)[0])
    await service.act(user_id=record.user_at(other), action=give, match_id=record.id)
    # The give ends the leader's turn: it opens the next turn's message, pinging who plays next.
    assert delivery.posted == posted + 1 and delivery.boards[-1].edit is None
    *_, turn, nxt = delivery.channel_boards(CHANNEL)
    assert "demands a card" in str(turn.lines[-1]) and "gives" in str(nxt.lines[0])
    assert nxt.mention == [record.user_at(service.state_of(await service.find(match_id=record.id)).queue[0])]
    await service.repo.close()


class DiesAfterWriting(RecordingDelivery):
    """Writes the board, then the process 'dies' before the service records it (the write raises)."""

    die: bool = False

    async def post_board(self, post):  # type: ignore[no-untyped-def]
        handle = await super().post_board(post)
        if self.die:
            raise ConnectionError("the process stopped before recording the message")
        return handle


async def test_a_restart_in_the_middle_of_a_turn_edits_the_same_message_with_the_latest_board(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    delivery = DiesAfterWriting()
    service = await open_service(db, delivery)
    record = await started(service)  # the bidding turn's message
    delivery.fail_boards = True
    await service.act(user_id=ALICE, action="bid 1", match_id=record.id)  # committed; its board never went out
    delivery.fail_boards, delivery.die = False, True
    await service.deliver_pending(record.id, force=True)  # written, but not recorded
    await service.repo.close()

    delivery.die = False
    restarted = await open_service(db, delivery)
    await restarted.deliver_pending(force=True)  # what the bot does at start-up
    [message] = delivery.channel_boards(CHANNEL)
    assert delivery.posted == 1 and message.version == record.version + 1
    lines = [str(line) for line in message.lines]
    assert lines[0].startswith("The match began") and lines[-1] == "p1 has bid."
    assert await restarted.repo.pending_outbox() == []
    # The turn goes on in the same message after the restart.
    await restarted.act(user_id=BOB, action="bid 0", match_id=record.id)
    assert delivery.posted == 2  # the bids are revealed: the playing turn begins in a new message
    await restarted.repo.close()


class HeldAndBusy(RecordingDelivery):
    """Holds the first board write until released, and answers the third with Throttled once (the channel
    is busy), as the Discord delivery does."""

    def __init__(self) -> None:
        super().__init__()
        self.release = asyncio.Event()
        self.calls = 0

    async def post_board(self, post):  # type: ignore[no-untyped-def]
        self.calls += 1
        if self.calls == 1:
            await self.release.wait()
        if self.calls == 3:
            raise Throttled(post.channel_id, 0.01)
        return await super().post_board(post)


async def test_moves_made_during_a_write_are_shown_turn_by_turn_and_their_hands_sent_once(tmp_path: Path) -> None:
    delivery = HeldAndBusy()
    service = await open_service(tmp_path / "m.db", delivery)
    await service.new_match(game_name="trial", options={}, guild_id=9, channel_id=CHANNEL, user_id=ALICE, seed=11)
    await service.join(channel_id=CHANNEL, user_id=BOB)
    starting = asyncio.create_task(service.start(channel_id=CHANNEL, user_id=ALICE, seat_order="join"))
    while delivery.calls == 0:
        await asyncio.sleep(0.01)
    record = await service.find(channel_id=CHANNEL)
    # Both bids land while the start's board is being written: they return at once, and the second reveals
    # the bids, which begins the first playing turn.
    await service.act(user_id=ALICE, action="bid 1", match_id=record.id)
    await service.act(user_id=BOB, action="bid 1", match_id=record.id)
    delivery.release.set()
    await starting
    await service.settled()
    bidding, playing = delivery.channel_boards(CHANNEL)
    assert [str(line) for line in bidding.lines][-1] == "p1 has bid." and bidding.version == record.version + 1
    assert "Bids revealed" in " ".join(str(line) for line in playing.lines)
    assert delivery.posted == 2 and delivery.edited == 1
    sent = [(p.user_id, p.version) for p in delivery.privates]
    assert len(sent) == len(set(sent)), f"a hand was sent twice: {sent}"
    assert await service.repo.pending_outbox() == []
    await service.repo.close()

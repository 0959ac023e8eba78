"""Bot seats: a bot plays its seat after every change, sees only its own view, is never sent a DM or pinged,
and keeps its match out of the ratings."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from app.bots import BotSeats, bot_id, bot_name, humans, is_bot, name_bots, policy_of, seat_bots
from app.delivery import BoardPost, Notice
from app.rendering import NoImages
from app.service import MatchService
from cogs.delivery import DiscordDelivery
from db.sqlite import SqliteStore
from tests.fakes import RecordingDelivery
from tests.fixtures.trial_game import TRIAL

HUMAN = 1
CHANNEL = 5


@pytest.fixture
async def service(tmp_path: Path):
    store = await SqliteStore.open(tmp_path / "b.db")
    made = MatchService(
        store, RecordingDelivery(), NoImages(), seed_source=random.Random(3), allow_unoffered_games=True
    )
    BotSeats(made)
    yield made
    await store.close()


def test_a_bots_id_names_its_policy_and_its_place() -> None:
    greedy, random_ = bot_id(1, "greedy"), bot_id(2, "random")
    assert is_bot(greedy) and is_bot(random_) and not is_bot(HUMAN) and not is_bot(None)
    assert (policy_of(greedy).name, policy_of(random_).name) == ("greedy", "random")
    assert (str(bot_name(greedy)), str(bot_name(random_))) == ("Greedy bot 1", "Random bot 2")
    assert name_bots(f"Waiting on <@{greedy}> and <@{HUMAN}>.") == "Waiting on Greedy bot 1 and <@1>."
    assert humans([HUMAN, greedy, 7]) == [HUMAN, 7]
    with pytest.raises(ValueError, match="the bots are random, greedy"):
        bot_id(1, "clever")


async def test_bots_play_their_seats_until_a_human_owes_a_move(service: MatchService) -> None:
    record = await service.new_match(
        game_name=TRIAL.name, options={}, guild_id=9, channel_id=CHANNEL, user_id=HUMAN, rated=False
    )
    record = await seat_bots(service, record, 2, "greedy")
    bots = [bot_id(1, "greedy"), bot_id(2, "greedy")]
    assert [m.user_id for m in record.members] == [HUMAN, *bots] and record.rated is False
    record = await service.start(channel_id=CHANNEL, user_id=HUMAN, seat_order="join")
    rng = random.Random(8)
    for _ in range(300):
        record = await service.find(match_id=record.id)
        if record.status != "active":
            break
        state = service.state_of(record)
        # Whenever a human is asked, no bot still owes anything: they played at once.
        assert not any(is_bot(record.user_at(s)) for s in TRIAL.to_move(state)), TRIAL.to_move(state)
        await service.act(user_id=HUMAN, action=rng.choice(TRIAL.legal_actions(state, 0)), match_id=record.id)
    assert record.status == "finished" and record.rated is False
    entries = await service.log_entries(record.id)
    assert {e.user_id for e in entries if e.kind == "action"} == {HUMAN, *bots}, "both bots moved"
    delivery = service.delivery
    assert delivery.privates and all(p.user_id == HUMAN for p in delivery.privates), "bots get no DM"  # type: ignore[attr-defined]


async def test_a_bot_never_blocks_an_abort_by_consent(service: MatchService) -> None:
    record = await service.new_match(game_name=TRIAL.name, options={}, guild_id=9, channel_id=CHANNEL, user_id=HUMAN)
    await seat_bots(service, record, 1, "random")
    record = await service.start(channel_id=CHANNEL, user_id=HUMAN, seat_order="join")
    await service.act(user_id=HUMAN, action="bid 1", match_id=record.id)  # the bot bids too: a full round
    result = await service.abort(user_id=HUMAN, can_manage_guild=False, match_id=record.id)
    assert result.outcome == "aborted", result.reply  # the bot is never waited for
    assert "with every player's consent" in str(result.reply)


class Channel:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, content: str = "", **kwargs: Any) -> SimpleNamespace:
        self.sent.append({"content": content, **kwargs})
        return SimpleNamespace(id=len(self.sent))  # Discord answers with the message it made


async def test_discord_never_pings_or_names_a_bot_as_a_user() -> None:
    channel = Channel()
    delivery = DiscordDelivery(SimpleNamespace(get_channel=lambda _id: channel))  # type: ignore[arg-type]
    bot = bot_id(1, "greedy")
    status = f"Waiting on <@{bot}>, <@{HUMAN}>."
    post = BoardPost(1, 2, 9, CHANNEL, "Trial · match #1", [], status, [bot, HUMAN], None, mention=[bot, HUMAN])
    await delivery.post_board(post)
    await delivery.post_notice(Notice(1, 2, 9, CHANNEL, f"<@{bot}> asks <@{HUMAN}>", [bot, HUMAN]))
    for sent in channel.sent:
        mentions: discord.AllowedMentions = sent["allowed_mentions"]
        assert [u.id for u in mentions.users] == [HUMAN]  # type: ignore[union-attr]
        assert "Greedy bot 1" in sent["content"] and f"<@{bot}>" not in sent["content"]

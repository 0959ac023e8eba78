"""Page flips and limits through the unmodified bot: a replay page flip is acknowledged as a deferred
update and then edits the clicked message; an onlooker asking too often is told when to try again."""

from __future__ import annotations

from pathlib import Path

from app.config import Config, DiscordConfig, LimitsConfig
from cogs.client import ArbiterBot
from tests.fixtures.trial_game import TRIAL

from .harness import running
from .server import CB_DEFERRED_UPDATE, DiscordTwin


async def test_replay_page_flip_and_an_onlooker_over_the_limit(twin: DiscordTwin, tmp_path: Path) -> None:
    assert TRIAL.name == "trial"
    guild = twin.add_guild("Tabletop")
    channel = twin.add_text_channel(guild, "games")
    alice, bob, carol = twin.add_user("alice"), twin.add_user("bob"), twin.add_user("carol")
    for member in (alice, bob, carol):
        twin.add_member(guild, member)
    config = Config(
        base_dir=tmp_path,
        discord=DiscordConfig(dev_guild_id=guild, guild_ready_timeout=0.05),
        limits=LimitsConfig(per_user="2/minute"),
    )
    bot = ArbiterBot(config, db_path=tmp_path / "pages.db", allow_unoffered_games=True)
    async with running(bot, twin):
        await twin.slash(alice, channel, "trial new")
        await twin.slash(bob, channel, "trial join")
        await twin.slash(alice, channel, "trial start")
        await twin.slash(alice, channel, "trial move", {"action": "bid 1"})

        shown = await twin.slash(carol, channel, "trial replay")
        assert "replay, move 0 of 1" in shown.content
        forward = shown.message.find_component_by_label("▶")
        assert forward is not None
        flipped = await twin.click(carol, shown.message, forward["custom_id"])
        assert flipped.response_type == CB_DEFERRED_UPDATE
        assert flipped.message.id == shown.message.id and "replay, move 1 of 1" in flipped.content
        assert "replay.png" in flipped.files and flipped.followups == []

        # Carol's share (2 a minute) is used up: she is told when to try again, privately.
        back = flipped.message.find_component_by_label("◀")
        refused = await twin.click(carol, flipped.message, back["custom_id"])
        assert refused.response_type == CB_DEFERRED_UPDATE and "replay, move 1 of 1" in refused.content
        [told] = refused.followups
        assert told.ephemeral and "Please try again in" in told.content
        status = await twin.slash(carol, channel, "trial status")
        assert status.ephemeral and "Please try again in" in status.content and not status.files
        # The players are not held up: Bob still moves.
        played = await twin.slash(bob, channel, "trial move", {"action": "bid 0"})
        assert played.content == "Played `bid 0`."
    twin.assert_clean()

"""Refusals reach only the user who caused them, and text a user typed never becomes a live link or ping.

Commands that announce in the channel defer in public. On Discord the first followup after that *is* the
public "thinking" message, whatever its ephemeral flag; the twin behaves the same way, so a refusal sent
as that followup would be read by the whole channel. Here every refusal must stay private, and hostile
text (a masked link, @everyone) must arrive inert.
"""

from __future__ import annotations

from pathlib import Path

from app.config import Config, DiscordConfig
from cogs.client import ArbiterBot
from tests.fixtures.trial_game import TRIAL

from .harness import running
from .server import DiscordTwin, TwinMessage

HOSTILE = "[Verify here](https://evil.example/login) @everyone"


def table(twin: DiscordTwin, *names: str) -> tuple[int, list[int]]:
    """A server with one channel and these members: (channel, user ids)."""
    guild = twin.add_guild("Tabletop")
    users = [twin.add_user(name) for name in names]
    for user in users:
        twin.add_member(guild, user)
    return twin.add_text_channel(guild, "games"), users


def arbiter(twin: DiscordTwin, tmp_path: Path) -> ArbiterBot:
    assert TRIAL.name == "trial"  # registered by the import, for this test only
    guild = next(iter(twin.guilds))
    config = Config(base_dir=tmp_path, discord=DiscordConfig(dev_guild_id=guild, guild_ready_timeout=0.05))
    return ArbiterBot(config, db_path=tmp_path / "arbiter.db", allow_unoffered_games=True)


def ever_public(twin: DiscordTwin, text: str) -> list[TwinMessage]:
    """Every non-ephemeral message that ever carried `text`, deleted ones included."""
    return [m for m in twin.messages.values() if not m.ephemeral and text in m.content]


async def test_a_refusal_after_a_public_deferral_is_seen_only_by_its_user(twin: DiscordTwin, tmp_path: Path) -> None:
    channel, (alice, bob) = table(twin, "alice", "bob")

    async with running(arbiter(twin, tmp_path), twin):
        opened = await twin.slash(alice, channel, "trial new")
        assert "opened a table" in opened.content and not opened.ephemeral
        # Bob is not the creator and cannot manage the server: /trial abort refuses him, in private.
        refused = await twin.slash(bob, channel, "trial abort")
        assert refused.ephemeral and refused.message is not None and refused.message.visible_to == bob
        assert "Manage Server" in refused.content
        assert ever_public(twin, "Manage Server") == []
        # A second table in a busy channel: refused, in private, to Alice only.
        busy = await twin.slash(alice, channel, "trial new")
        assert busy.ephemeral and "already has" in busy.content
        assert ever_public(twin, "already has") == []
        # The channel shows the one announcement and nothing else from these commands.
        public = [m.content for m in twin.channel_messages(channel)]
        assert len(public) == 1 and "opened a table" in public[0]


async def test_hostile_text_is_never_a_live_link_or_ping(twin: DiscordTwin, tmp_path: Path) -> None:
    channel, (mallory,) = table(twin, "mallory")

    async with running(arbiter(twin, tmp_path), twin):
        topic = await twin.slash(mallory, channel, "trial help", {"topic": HOSTILE, "public": True})
        options = await twin.slash(mallory, channel, "trial new", {"options": HOSTILE})
        card = await twin.slash(mallory, channel, "codex card", {"name": HOSTILE, "public": True})
        for answer in (topic, options, card):
            assert answer.ephemeral and answer.content, "refused, to Mallory only"
            assert "evil.example" in answer.content  # the text is shown, but as plain characters
        for message in twin.messages.values():
            assert message.masked_links == [], message.content
            assert not message.pinged_everyone and message.pinged_users == [], message.content
        assert ever_public(twin, "evil.example") == []


async def test_a_refused_move_says_why_to_its_player_only(twin: DiscordTwin, tmp_path: Path) -> None:
    """The engine's reason for refusing a real action reaches the player in private, through the real bot."""
    channel, (alice, bob) = table(twin, "alice", "bob")

    async with running(arbiter(twin, tmp_path), twin):
        await twin.slash(alice, channel, "trial new")
        await twin.slash(bob, channel, "trial join")
        await twin.slash(alice, channel, "trial start")
        refused = await twin.slash(alice, channel, "trial move", {"action": "bid 3"})
        assert refused.ephemeral and refused.message is not None and refused.message.visible_to == alice
        assert refused.content.startswith("`bid 3` is not a legal action now: a bid is 0 to 2 cards.")
        assert ever_public(twin, "a bid is 0 to 2 cards") == []

"""Threads on the twin, as Discord makes them, through the bot's own Discord delivery: POST
/channels/{id}/threads, the THREAD_CREATE event, posting and pinging in a thread, Discord's refusals, the
threads a reconnecting bot is told about, and the pace at which the delivery opens them."""

from __future__ import annotations

import discord
import pytest

from app.delivery import Announcement
from cogs.delivery import DiscordDelivery

from .harness import running
from .server import DiscordTwin


def client() -> discord.Client:
    return discord.Client(intents=discord.Intents.none() | discord.Intents(guilds=True))


async def test_the_delivery_opens_a_public_thread_and_pings_its_players_there(twin: DiscordTwin) -> None:
    guild = twin.add_guild("Tabletop")
    hall = twin.add_text_channel(guild, "events")
    ann, ben = twin.add_user("ann"), twin.add_user("ben")
    async with running(client(), twin) as bot:
        delivery = DiscordDelivery(bot, threads_per_minute=2)
        thread_id = await delivery.open_thread(
            hall, "Cup · Round 1 · ann vs ben", f"<@{ann}> vs <@{ben}>: play here", [ann]
        )
        thread = twin.channels[thread_id]
        assert (thread.type, thread.parent_id, thread.owner_id, thread.name) == (
            11,
            hall,
            twin.bot_user.id,
            "Cup · Round 1 · ann vs ben",
        )
        assert twin.threads(hall) == [thread]
        [opening] = twin.channel_messages(thread_id)
        assert opening.pinged_users == [ann]  # only those named in `mention` are pinged
        assert isinstance(bot.get_channel(thread_id), discord.Thread)  # THREAD_CREATE reached the bot
        await delivery.announce(Announcement(hall, "Round 1 is paired", (("standings.png", b"\x89PNG"),)))
        assert twin.channel_messages(hall)[-1].files == {"standings.png": b"\x89PNG"}
        # Two threads a minute: the second goes out at once, a third would wait its turn.
        await delivery.open_thread(hall, "second", "text", [])
        assert not delivery._thread_pace.has_capacity()
    # A bot that connects again is told about the active threads, as Discord does in GUILD_CREATE.
    async with running(client(), twin) as bot:
        again = bot.get_channel(thread_id)
        assert isinstance(again, discord.Thread) and again.parent_id == hall
        await again.send("still here")
        assert twin.channel_messages(thread_id)[-1].content == "still here"
    twin.assert_clean()


async def test_discord_refuses_bad_threads(twin: DiscordTwin) -> None:
    guild = twin.add_guild("Tabletop")
    hall = twin.add_text_channel(guild, "events")
    async with running(client(), twin) as bot:
        channel = bot.get_channel(hall)
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.HTTPException) as too_long:
            await channel.create_thread(name="x" * 101, type=discord.ChannelType.public_thread)
        assert too_long.value.code == 50035
        thread = await channel.create_thread(name="ok", type=discord.ChannelType.public_thread)
        with pytest.raises(discord.HTTPException) as nested:
            await bot.http.start_thread_without_message(thread.id, name="inner", auto_archive_duration=60, type=11)
        assert nested.value.code == 50024
        private = await channel.create_thread(name="secret")  # Discord's default without a message
        assert private.type is discord.ChannelType.private_thread
    assert [e.code for e in twin.http_errors] == [50035, 50024]

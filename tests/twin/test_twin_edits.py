"""The twin edits, threads and rate-limits a channel's messages as Discord does (#17): a plain discord.py
client posts, edits and opens a thread, and goes past the channel's limit."""

from __future__ import annotations

import io

import discord
import pytest

from .harness import running
from .patch import pointed_at
from .server import DiscordTwin


def png(name: str, data: bytes) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


async def test_an_edit_replaces_attachments_pings_nobody_and_a_message_takes_one_thread() -> None:
    async with DiscordTwin(channel_writes=2, channel_window=0.5) as twin:
        guild = twin.add_guild("Tabletop")
        channel_id = twin.add_text_channel(guild, "games")
        alice, bob = twin.add_user("alice"), twin.add_user("bob")
        with pointed_at(twin):
            client = discord.Client(intents=discord.Intents.default())
            async with running(client, twin):
                channel = client.get_channel(channel_id)
                assert isinstance(channel, discord.TextChannel)
                everyone = discord.AllowedMentions(users=True)
                sent = await channel.send(f"<@{alice}> to move", file=png("one.png", b"\x89PNG one"))
                await sent.edit(
                    content=f"<@{bob}> to move", attachments=[png("two.png", b"\x89PNG two")], allowed_mentions=everyone
                )
                [shown] = twin.channel_messages(channel_id)
                assert shown.files == {"two.png": b"\x89PNG two"}  # the edit listed only the new file
                assert shown.content == f"<@{bob}> to move" and shown.pinged_users == [alice]  # no ping on edit

                # Past 2 writes in 0.5 s the twin answers 429; discord.py waits retry_after and tries again.
                thread = await sent.create_thread(name="story")
                assert thread.id == sent.id
                await thread.send("part 1")
                await thread.send("part 2")
                await thread.send("part 3")
                assert [e.status for e in twin.http_errors] == [429]
                assert [m.content for m in twin.channel_messages(thread.id)] == ["part 1", "part 2", "part 3"]
                twin.http_errors.clear()
                with pytest.raises(discord.HTTPException) as again:
                    await sent.create_thread(name="story again")
                assert again.value.code == 160004
                assert [w.kind for w in twin.channel_writes_of(channel_id)] == ["post", "edit"]

"""A stand-in for discord.Interaction that records what a cog answered. No network, no gateway.

It follows Discord where a kinder fake would hide bugs: the first followup after a deferral *completes*
the deferred "thinking" message, so it is as public (or as private) as the deferral was, whatever its own
`ephemeral` flag says; only after the placeholder is deleted (or completed) do followups choose for
themselves. `Sent.ephemeral` is what Discord would show, not what the bot asked for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from discord import Locale
from discord.utils import is_inside_class

from cogs.responses import report_error


@dataclass
class Sent:
    content: str
    ephemeral: bool
    file: Any = None
    view: Any = None
    allowed_mentions: Any = None
    asked_ephemeral: bool | None = None
    """The flag the bot passed; Discord ignores it on the followup that completes a deferral."""
    deleted: bool = False


@dataclass
class FakeResponse:
    interaction: FakeInteraction
    done: bool = False
    deferred_ephemeral: bool | None = None
    placeholder: bool = False
    """A deferred "thinking" message is waiting for its content (the first followup or an edit)."""
    deferred_update: bool | None = None
    """True for a deferred update (a component's own message will be edited), as Discord answers a
    component interaction deferred without `thinking`; False for "the bot is thinking"."""

    def is_done(self) -> bool:
        return self.done

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        assert not self.done, "an interaction may be acknowledged only once"
        self.done = True
        self.deferred_ephemeral = ephemeral
        self.deferred_update = self.interaction.component and not thinking
        # A deferred update shows nothing; "the bot is thinking" is a placeholder message.
        self.placeholder = not self.deferred_update

    async def edit_message(self, *, content: str = "", **kwargs: Any) -> None:
        assert not self.done, "an interaction may be acknowledged only once"
        self.done = True
        files = kwargs.get("attachments") or [None]
        self.interaction.sent.append(Sent(content, True, files[0], kwargs.get("view")))

    async def send_message(self, content: str = "", *, ephemeral: bool = False, **kwargs: Any) -> None:
        assert not self.done, "an interaction may be acknowledged only once"
        self.done = True
        self.interaction.sent.append(
            Sent(content, ephemeral, kwargs.get("file"), kwargs.get("view"), kwargs.get("allowed_mentions"), ephemeral)
        )


@dataclass
class FakeFollowup:
    interaction: FakeInteraction

    async def send(self, content: str = "", *, ephemeral: bool = False, **kwargs: Any) -> None:
        response = self.interaction.response
        assert response.done, "a followup needs the interaction acknowledged first"
        shown = ephemeral
        if response.placeholder:
            # Discord: this followup becomes the deferred message itself, with the deferral's visibility.
            response.placeholder = False
            shown = bool(response.deferred_ephemeral)
        self.interaction.sent.append(
            Sent(content, shown, kwargs.get("file"), kwargs.get("view"), kwargs.get("allowed_mentions"), ephemeral)
        )


@dataclass
class FakeInteraction:
    client: Any
    user_id: int
    channel_id: int | None = 500
    guild_id: int | None = 9
    manage_guild: bool = False
    data: dict[str, Any] = field(default_factory=dict)
    sent: list[Sent] = field(default_factory=list)
    command: Any = None
    extras: dict[Any, Any] = field(default_factory=dict)
    placeholder_deleted: bool = False
    component: bool = False
    """A click on a button or a menu rather than a slash command."""
    edits: int = 0
    locale: Locale = Locale.american_english
    """The language of the user's Discord client, which Discord sends with every interaction."""

    def __post_init__(self) -> None:
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)
        self.user = SimpleNamespace(id=self.user_id, mention=f"<@{self.user_id}>")
        self.permissions = SimpleNamespace(manage_guild=self.manage_guild)

    async def delete_original_response(self) -> None:
        """Deletes the deferred placeholder (or the message that completed it)."""
        assert self.response.done, "there is no original response before the interaction is acknowledged"
        if self.response.placeholder:
            self.response.placeholder = False
            self.placeholder_deleted = True
            return
        originals = [s for s in self.sent if not s.deleted]
        assert originals, "the original response is gone already"
        originals[0].deleted = True

    async def edit_original_response(self, *, content: str = "", **kwargs: Any) -> None:
        """Complete the deferred placeholder with this content (as public as the deferral); after a
        deferred update, edit the clicked message itself; else edit the message that answered."""
        assert self.response.done, "there is no original response before the interaction is acknowledged"
        self.edits += 1
        files = kwargs.get("attachments") or [None]
        if self.response.placeholder:
            self.response.placeholder = False
            ephemeral = bool(self.response.deferred_ephemeral)
            self.sent.append(Sent(content, ephemeral, files[0], kwargs.get("view"), asked_ephemeral=None))
            return
        if self.response.deferred_update:
            self.sent.append(Sent(content, True, files[0], kwargs.get("view")))
            return
        originals = [s for s in self.sent if not s.deleted]
        assert originals, "the original response is gone"
        originals[0].content = content

    @property
    def last(self) -> Sent:
        assert self.sent, "the cog answered nothing"
        return self.sent[-1]

    @property
    def in_channel(self) -> list[Sent]:
        """What everyone in the channel can read now (ephemeral and deleted messages left out)."""
        return [s for s in self.sent if not s.ephemeral and not s.deleted]


async def invoke(command: Any, cog: Any, interaction: FakeInteraction, **options: Any) -> FakeInteraction:
    """Call a slash command's callback the way the tree does, errors going to the one handler.

    Options are named as Discord names them (a renamed parameter by its shown name). A cog's command gets
    its cog; a command built for a game's group is a plain function and gets none."""
    names = {p.display_name: p.name for p in command._params.values()}
    unknown = set(options) - set(names)
    assert not unknown, f"/{command.qualified_name} has no options {sorted(unknown)}; it has {sorted(names)}"
    given = {names[k]: v for k, v in options.items()}
    try:
        if is_inside_class(command.callback):
            await command.callback(cog, interaction, **given)
        else:
            await command.callback(interaction, **given)
    except Exception as error:
        await report_error(interaction, error)
    return interaction


async def complete(command: Any, option: str, interaction: FakeInteraction, typed: str) -> list[Any]:
    """What the autocomplete of `option` (its shown name) offers for `typed`."""
    found = [p for p in command._params.values() if p.display_name == option]
    assert found and found[0].autocomplete is not None, f"/{command.qualified_name} {option} has no autocomplete"
    return list(await found[0].autocomplete(interaction, typed))


class Table:
    """A game's command group with its commands as attributes: `table.new`, `table.move`."""

    def __init__(self, group: Any) -> None:
        self.group = group

    def __getattr__(self, name: str) -> Any:
        command = self.group.get_command(name)
        if command is None:
            raise AttributeError(f"/{self.group.name} has no command {name!r}")
        return command


class FakeAttachment:
    """A file a user attached to a slash command option (a scenario)."""

    def __init__(self, text: str, filename: str = "puzzle.toml") -> None:
        self.data, self.filename, self.size = text.encode(), filename, len(text.encode())

    async def read(self) -> bytes:
        return self.data


# ----------------------------------------------------------------------------------------- channels


MESSAGE_LIMIT = 2000


def http_error(status: int, code: int, message: str, headers: dict[str, str] | None = None) -> Any:
    """The exception discord.py raises for an error answer (Forbidden, NotFound, or HTTPException)."""
    import discord

    response = SimpleNamespace(status=status, reason=message, headers=headers or {})
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    return kind(response, {"code": code, "message": message})


@dataclass
class FakeMessage:
    id: int
    channel: FakeTextChannel
    content: str
    attachments: list[tuple[str, bytes]] = field(default_factory=list)
    view: Any = None
    edits: int = 0
    deleted: bool = False


class FakePartialMessage:
    """`channel.get_partial_message(id)`: edits, deletes and opens a thread on a message, as Discord does."""

    def __init__(self, channel: FakeTextChannel, message_id: int) -> None:
        self.channel, self.id = channel, message_id

    def _message(self) -> FakeMessage:
        message = self.channel.messages.get(self.id)
        if message is None or message.deleted:
            raise http_error(404, 10008, "Unknown Message")
        return message

    async def edit(self, **kwargs: Any) -> FakeMessage:
        message = self._message()
        self.channel.write("edit", kwargs)
        if "content" in kwargs:
            message.content = kwargs["content"] or ""
        if "attachments" in kwargs:  # Discord keeps only the attachments an edit lists (new files included)
            message.attachments = [_file(f) for f in kwargs["attachments"]]
        if "view" in kwargs:
            message.view = kwargs["view"]
        message.edits += 1
        return message

    async def delete(self) -> None:
        self._message().deleted = True

    async def create_thread(self, *, name: str, auto_archive_duration: int = 1440) -> FakeTextChannel:
        self._message()
        if self.channel.parent_id is not None:  # a thread takes no thread
            raise http_error(400, 50024, "Cannot execute action on this channel type")
        if not self.channel.can_open_threads:
            raise http_error(403, 50013, "Missing Permissions")
        if self.id in self.channel.client.channels:
            raise http_error(400, 160004, "A thread has already been created for this message")
        if not 1 <= len(name) <= 100:
            raise http_error(400, 50035, "Invalid Form Body")
        return self.channel.client.add_channel(self.id, name=name, parent=self.channel.id)


def _file(item: Any) -> tuple[str, bytes]:
    if isinstance(item, tuple):
        return item
    return (item.filename, item.fp.getvalue() if hasattr(item.fp, "getvalue") else b"")


class FakeTextChannel:
    """A server channel (or thread) of the bot's: posts, edits, threads on messages. Discord's rules that a
    kinder fake would hide: at most 2000 characters in a message, an edit replaces the attachments, a
    message has one thread (with the message's id), and more than `writes` posts and edits in `window`
    seconds (of the event loop's clock) are refused with 429."""

    def __init__(
        self, client: FakeChannels, channel_id: int, *, name: str = "games", parent: int | None = None
    ) -> None:
        self.client, self.id, self.name, self.parent_id = client, channel_id, name, parent
        self.messages: dict[int, FakeMessage] = {}
        self.log: list[tuple[float, str]] = []
        """(loop time, "post" or "edit") of every write."""
        self.can_open_threads = True
        self.refused = 0
        """Writes answered with 429 because they came too fast."""
        self.retry_after: float | None = None
        """Answer the next write with 429 and this Retry-After, once."""

    def write(self, kind: str, kwargs: dict[str, Any]) -> None:
        import asyncio

        content = kwargs.get("content")
        if content is not None and len(content) > MESSAGE_LIMIT:
            raise http_error(400, 50035, "Invalid Form Body: content must be 2000 or fewer in length")
        now = asyncio.get_running_loop().time()
        if self.retry_after is not None:
            wait, self.retry_after = self.retry_after, None
            raise http_error(429, 0, "You are being rate limited.", {"Retry-After": str(wait)})
        recent = [at for at, _ in self.log if now - at < self.client.window]
        if len(recent) >= self.client.writes:
            self.refused += 1
            raise http_error(429, 0, "You are being rate limited.", {"Retry-After": "1"})
        self.log.append((now, kind))

    async def send(self, content: str | None = None, **kwargs: Any) -> FakeMessage:
        self.write("post", {"content": content})
        files = [kwargs["file"]] if "file" in kwargs else list(kwargs.get("files", []))
        if not content and not files:
            raise http_error(400, 50006, "Cannot send an empty message")
        message = FakeMessage(self.client.next_id(), self, content or "", [_file(f) for f in files], kwargs.get("view"))
        self.messages[message.id] = message
        return message

    def get_partial_message(self, message_id: int) -> FakePartialMessage:
        return FakePartialMessage(self, message_id)

    def shown(self) -> list[FakeMessage]:
        """The messages a reader sees now, oldest first."""
        return [m for _, m in sorted(self.messages.items()) if not m.deleted]


class FakeChannels:
    """The part of discord.Client the delivery uses to reach channels."""

    def __init__(self, *, writes: int = 5, window: float = 5.0) -> None:
        self.channels: dict[int, FakeTextChannel] = {}
        self.writes, self.window = writes, window
        self._ids = iter(range(5_000_001, 10**9))

    def next_id(self) -> int:
        return next(self._ids)

    def add_channel(
        self, channel_id: int | None = None, *, name: str = "games", parent: int | None = None
    ) -> FakeTextChannel:
        channel = FakeTextChannel(self, channel_id or self.next_id(), name=name, parent=parent)
        self.channels[channel.id] = channel
        return channel

    def get_channel(self, channel_id: int) -> FakeTextChannel | None:
        return self.channels.get(channel_id)

    async def fetch_channel(self, channel_id: int) -> FakeTextChannel:
        if channel_id not in self.channels:
            raise http_error(404, 10003, "Unknown Channel")
        return self.channels[channel_id]

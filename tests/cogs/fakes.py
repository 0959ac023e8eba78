"""A stand-in for discord.Interaction that records what a cog answered. No network, no gateway."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any


@dataclass
class Sent:
    content: str
    ephemeral: bool
    file: Any = None
    view: Any = None


@dataclass
class FakeResponse:
    interaction: FakeInteraction
    done: bool = False
    deferred_ephemeral: bool | None = None
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

    async def edit_message(self, *, content: str = "", **kwargs: Any) -> None:
        assert not self.done, "an interaction may be acknowledged only once"
        self.done = True
        files = kwargs.get("attachments") or [None]
        self.interaction.sent.append(Sent(content, True, files[0], kwargs.get("view")))

    async def send_message(self, content: str = "", *, ephemeral: bool = False, **kwargs: Any) -> None:
        assert not self.done, "an interaction may be acknowledged only once"
        self.done = True
        self.interaction.sent.append(Sent(content, ephemeral, kwargs.get("file"), kwargs.get("view")))


@dataclass
class FakeFollowup:
    interaction: FakeInteraction

    async def send(self, content: str = "", *, ephemeral: bool = False, **kwargs: Any) -> None:
        assert self.interaction.response.done, "a followup needs the interaction acknowledged first"
        self.interaction.sent.append(Sent(content, ephemeral, kwargs.get("file"), kwargs.get("view")))


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
    component: bool = False
    """A click on a button or a menu rather than a slash command."""
    edits: int = 0

    def __post_init__(self) -> None:
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)
        self.user = SimpleNamespace(id=self.user_id, mention=f"<@{self.user_id}>")
        self.permissions = SimpleNamespace(manage_guild=self.manage_guild)

    async def edit_original_response(self, *, content: str = "", **kwargs: Any) -> None:
        """Edit the message this interaction answers: after a deferred update, the clicked message itself."""
        assert self.response.done, "there is no original response before the interaction is acknowledged"
        self.edits += 1
        files = kwargs.get("attachments") or [None]
        self.sent.append(Sent(content, True, files[0], kwargs.get("view")))

    @property
    def last(self) -> Sent:
        assert self.sent, "the cog answered nothing"
        return self.sent[-1]

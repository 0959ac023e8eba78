"""DiscordTwin: a fake Discord REST API and gateway on 127.0.0.1 for end-to-end tests.

The twin lets an unmodified discord.py bot log in, connect to the gateway, sync application
commands, and answer interactions, while a test plays the part of Discord's users::

    twin = DiscordTwin()
    await twin.start()
    alice = twin.add_user("alice")
    guild = twin.add_guild("Table")
    channel = twin.add_text_channel(guild, "games")
    twin.add_member(guild, alice, manage_guild=True)
    with pointed_at(twin):                       # tests/twin/patch.py
        task = asyncio.create_task(bot.start(twin.token))
        await twin.wait_connected()
        result = await twin.slash(alice, channel, "match new", options={"size": 3})
        assert result.content == "Match created"
    await bot.close(); await twin.stop()

All state lives in memory on the twin, so it survives bot restarts. Nothing here talks to
the network except the twin's own listening socket on 127.0.0.1.

Fidelity notes (things the twin enforces because real Discord does):

* every JSON reply carries ``Content-Type: application/json`` exactly (discord.py compares it);
* the interaction callback answers with an ``interaction`` object (``?with_response=true``);
* an interaction must be acknowledged within ``interaction_deadline`` seconds (3 s like Discord)
  and only once, otherwise 404/10062 or 400/40060;
* message bodies are validated (empty message 50006, content > 2000, more than 10 embeds, embed
  limits, more than 5 action rows / 5 buttons per row, duplicate custom ids) -> 400/50035;
* DMs to a user registered with :meth:`DiscordTwin.refuse_dms` fail with 403/50007;
* in a channel where :meth:`DiscordTwin.deny_bot` took Send Messages (or Attach Files, for a message
  with files) from the bot, its posts fail with 403/50013 Missing Permissions, and the channel's
  permission overwrites say so, as Discord's do;
* the bot's messages in a server channel or thread, posts and edits together, are rate limited like
  Discord's: more than ``channel_writes`` (5) in ``channel_window`` (5 s) gets 429 with ``retry_after``
  (discord.py then waits and retries), recorded in :attr:`DiscordTwin.http_errors` like any error;
* an edit replaces a message's attachments with those it lists and uploads, and pings nobody (Discord
  notifies mentions only when a message is created);
* a thread started from a message has the message's id, and a message has at most one (160004).

:attr:`DiscordTwin.writes` records every post and edit the bot made in a channel, with its bytes, so a test
can count what a match cost its channel.

Every error the twin returns is recorded in :attr:`DiscordTwin.http_errors`, every request to an
unknown route in :attr:`DiscordTwin.unexpected`; :meth:`DiscordTwin.assert_clean` checks both.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as _dt
import itertools
import json
import mimetypes
import re
import secrets
import struct
import time
import traceback
import urllib.parse
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import BodyPartReader, WSMsgType, web

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1_420_070_400_000

# --- permission bits (https://discord.com/developers/docs/topics/permissions) -------------------
CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
USE_APPLICATION_COMMANDS = 1 << 31
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1

EVERYONE_PERMISSIONS = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES

# --- gateway intents ----------------------------------------------------------------------------
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_GUILD_MESSAGE_REACTIONS = 1 << 10
INTENT_DIRECT_MESSAGE_REACTIONS = 1 << 13
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT

# --- message flags ------------------------------------------------------------------------------
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15
SETTABLE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_EPHEMERAL | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2

# interaction types (what Discord sends) and callback types (what the bot answers)
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
CB_PONG, CB_MESSAGE, CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE, CB_UPDATE = 1, 4, 5, 6, 7
CB_AUTOCOMPLETE, CB_MODAL = 8, 9

# channel types
CHANNEL_TEXT, CHANNEL_DM, CHANNEL_NEWS = 0, 1, 5
THREAD_PUBLIC, THREAD_PRIVATE = 11, 12
THREAD_TYPES = (THREAD_PUBLIC, THREAD_PRIVATE)
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)

# application command option types
OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP, OPT_STRING, OPT_INTEGER, OPT_BOOLEAN = 1, 2, 3, 4, 5
OPT_USER, OPT_CHANNEL, OPT_ROLE, OPT_MENTIONABLE, OPT_NUMBER, OPT_ATTACHMENT = 6, 7, 8, 9, 10, 11

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
_COMMAND_NAME_RE = re.compile(r"^[-_\w]{1,32}$")


class TwinTimeout(AssertionError):
    """The bot did not do what the twin was waiting for in time."""


class TwinCommandHidden(Exception):
    """The Discord client would not offer this command to this user in this channel.

    Raised by :meth:`DiscordTwin.slash` when the member lacks the command's
    ``default_member_permissions`` or the command is not allowed in this context (DM/guild).
    Pass ``bypass_permissions=True`` to invoke it anyway (e.g. to test the bot's own checks).
    """


def _now_iso(ms: int | None = None) -> str:
    ms = int(time.time() * 1000) if ms is None else ms
    return _dt.datetime.fromtimestamp(ms / 1000, tz=_dt.UTC).isoformat()


def snowflake_time_ms(snowflake: int) -> int:
    """Unix milliseconds encoded in a snowflake."""
    return (snowflake >> 22) + DISCORD_EPOCH_MS


def _json_response(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py's json_or_text compares the header verbatim.
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


def _png_size(data: bytes) -> tuple[int, int] | None:
    if len(data) >= 24 and data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    return None


# =================================================================================================
# Public records
# =================================================================================================


@dataclass
class TwinUser:
    """A Discord user known to the twin."""

    id: int
    name: str
    bot: bool = False
    global_name: str | None = None

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
        }


@dataclass
class TwinRole:
    """A guild role. The @everyone role has the guild's id."""

    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class TwinMember:
    """A user's membership in a guild (role ids exclude @everyone)."""

    guild_id: int
    user_id: int
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    flags: int = 0
    joined_at: str = field(default_factory=_now_iso)


@dataclass
class TwinChannel:
    """A guild text channel (type 0), a DM channel (type 1) or a thread (11 public, 12 private)."""

    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    position: int = 0
    recipient_id: int | None = None
    topic: str | None = None
    bot_denied: int = 0
    """Permissions a channel overwrite takes from the bot here (:meth:`DiscordTwin.deny_bot`)."""
    parent_id: int | None = None
    """Threads: the channel the thread is in."""
    owner_id: int | None = None
    """Threads: who started it."""
    archived: bool = False
    auto_archive_duration: int = 1440
    created_at: str = field(default_factory=_now_iso)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES


@dataclass
class TwinGuild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, TwinRole] = field(default_factory=dict)
    members: dict[int, TwinMember] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    thread_ids: list[int] = field(default_factory=list)


@dataclass
class TwinAttachment:
    """A stored file. ``data`` holds the bytes; ``url`` is where the twin serves them."""

    id: int
    filename: str
    data: bytes
    content_type: str | None
    url: str
    description: str | None = None
    ephemeral: bool = False

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> JSON:
        out: JSON = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            out["description"] = self.description
        if self.ephemeral:
            out["ephemeral"] = True
        dims = _png_size(self.data)
        if dims is not None:
            out["width"], out["height"] = dims
        return out


def _walk_components(components: Iterable[JSON]) -> Iterable[JSON]:
    for comp in components:
        yield comp
        yield from _walk_components(comp.get("components", []))
        if isinstance(comp.get("component"), dict):
            yield from _walk_components([comp["component"]])
        if isinstance(comp.get("accessory"), dict):
            yield from _walk_components([comp["accessory"]])


_MASKED_LINK = re.compile(r"\[(?P<text>[^\[\]]+)\]\((?P<url><?https?://[^)\s]+>?)\)")
_USER_MENTION = re.compile(r"<@!?(\d+)>")
_MASS_MENTION = re.compile(r"@(?:everyone|here)\b")


def _escaped(text: str, index: int) -> bool:
    """Is the character at ``index`` escaped (an odd number of backslashes right before it)?"""
    count = 0
    while index - count - 1 >= 0 and text[index - count - 1] == "\\":
        count += 1
    return count % 2 == 1


def live_masked_links(content: str) -> list[tuple[str, str]]:
    """(text, url) of every masked link Discord would render: ``[text](url)`` with an unescaped bracket."""
    return [(m["text"], m["url"]) for m in _MASKED_LINK.finditer(content) if not _escaped(content, m.start())]


def _pings(content: str, allowed: JSON | None) -> tuple[list[int], bool]:
    """Who a message pings, as Discord decides it: without ``allowed_mentions`` every mention in the
    content pings; with it, only the kinds in ``parse`` and the ids listed in ``users``."""
    parse = {"users", "roles", "everyone"} if allowed is None else set(allowed.get("parse") or [])
    listed = set() if allowed is None else {int(u) for u in allowed.get("users") or []}
    named = [int(u) for u in _USER_MENTION.findall(content)]
    users = [u for u in dict.fromkeys(named) if "users" in parse or u in listed]
    everyone = "everyone" in parse and any(not _escaped(content, m.start()) for m in _MASS_MENTION.finditer(content))
    return users, everyone


def _emoji_payload(emoji: str) -> JSON:
    name, _, eid = emoji.partition(":")
    return {"id": eid or None, "name": name} if eid else {"id": None, "name": emoji}


@dataclass
class TwinMessage:
    """A message as the twin recorded it (current state after edits).

    ``embeds`` and ``components`` are the raw JSON dicts the bot sent; ``attachments`` carry
    the uploaded bytes. ``ephemeral`` messages are only visible to ``visible_to``.
    """

    id: int
    channel_id: int
    author: TwinUser
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[TwinAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    guild_id: int | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: JSON | None = None
    visible_to: int | None = None
    edited_at: str | None = None
    deleted: bool = False
    edits: int = 0
    reactions: dict[str, list[int]] = field(default_factory=dict)
    """Emoji (unicode, or ``name:id`` for custom) -> ids of users who reacted, in order."""
    bot_id: int | None = None
    pinged_users: list[int] = field(default_factory=list)
    """Users the content mentions *and* ``allowed_mentions`` lets ping (Discord's default: everyone named)."""
    pinged_everyone: bool = False
    """The content has a live @everyone or @here and ``allowed_mentions`` lets it ping."""

    @property
    def author_id(self) -> int:
        return self.author.id

    @property
    def masked_links(self) -> list[tuple[str, str]]:
        """(text, url) of every masked link Discord would render live in this message."""
        return live_masked_links(self.content)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "thinking..." placeholder."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def files(self) -> dict[str, bytes]:
        """Attachment bytes keyed by filename."""
        return {a.filename: a.data for a in self.attachments}

    @property
    def custom_ids(self) -> list[str]:
        """custom_id of every component (buttons, selects, ...) in display order."""
        return [c["custom_id"] for c in _walk_components(self.components) if "custom_id" in c]

    def find_component(self, custom_id: str) -> JSON | None:
        for comp in _walk_components(self.components):
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    def find_component_by_label(self, label: str) -> JSON | None:
        for comp in _walk_components(self.components):
            if comp.get("label") == label:
                return comp
        return None

    def payload(self, *, gateway: bool = False, viewer: int | None = None) -> JSON:
        """The Discord message object; ``viewer`` decides reactions' ``me`` (default: the bot)."""
        ms = snowflake_time_ms(self.id)
        viewer = self.bot_id if viewer is None else viewer
        out: JSON = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": _now_iso(ms),
            "edited_timestamp": self.edited_at,
            "tts": False,
            "mention_everyone": self.pinged_everyone,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": [dict(e) for e in self.embeds],
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.reactions:
            out["reactions"] = [
                {
                    "emoji": _emoji_payload(emoji),
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me": viewer in users,
                    "me_burst": False,
                    "burst_count": 0,
                    "burst_colors": [],
                }
                for emoji, users in self.reactions.items()
                if users
            ]
        if self.webhook_id is not None:
            out["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            out["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            out["interaction_metadata"] = self.interaction_metadata
        if gateway and self.guild_id is not None:
            out["guild_id"] = str(self.guild_id)
        return out


@dataclass
class TwinFile:
    """A file a test user uploads as an attachment option of a slash command."""

    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None


@dataclass(frozen=True)
class ChannelWrite:
    """One post or edit of the bot's in a server channel or thread."""

    channel_id: int
    message_id: int
    kind: str
    """"post" or "edit"."""
    content_bytes: int
    upload_bytes: int
    """The bytes of the files this write uploaded."""
    at: float
    """time.monotonic() when the twin took it."""


@dataclass
class RecordedRequest:
    """A request the twin did not expect (unknown route or gateway op)."""

    method: str
    path: str
    body: str


@dataclass
class HttpError:
    """An error response the twin sent to the bot (``code`` is Discord's JSON error code)."""

    method: str
    path: str
    status: int
    code: int
    message: str


class _ApiError(Exception):
    def __init__(
        self, status: int, code: int, message: str, errors: JSON | None = None, *, retry_after: float | None = None
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors
        self.retry_after = retry_after
        """A 429's wait in seconds."""


def _form_error(path: str, message: str, code: str = "BASE_TYPE_INVALID") -> _ApiError:
    errors: JSON = {"_errors": [{"code": code, "message": message}]}
    for key in reversed(path.split(".")):
        errors = {key: errors}
    return _ApiError(400, 50035, "Invalid Form Body", errors)


@dataclass
class _InteractionRecord:
    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    created: float
    command_name: str | None = None
    source_message_id: int | None = None
    response_type: int | None = None
    response_data: JSON | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    completed: bool = False  # a deferred response was completed (edit/followup/delete)


class InteractionResult:
    """What the bot did with one interaction. Live: followups arriving later show up too.

    ``message`` is the original response (for component interactions answered with an update
    or deferred update: the clicked message in its current state).
    """

    def __init__(self, twin: DiscordTwin, record: _InteractionRecord) -> None:
        self._twin = twin
        self._record = record

    def __repr__(self) -> str:
        return (
            f"<InteractionResult id={self.id} response_type={self.response_type} "
            f"content={self.content!r} followups={len(self.followups)}>"
        )

    @property
    def id(self) -> int:
        return self._record.id

    @property
    def token(self) -> str:
        return self._record.token

    @property
    def response_type(self) -> int | None:
        """The callback type the bot answered with (4 message, 5 deferred, 7 update, ...)."""
        return self._record.response_type

    @property
    def deferred(self) -> bool:
        return self._record.response_type in (CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE)

    @property
    def message(self) -> TwinMessage | None:
        """The original response; once it is deleted, the first followup that still exists (a bot that
        removes its public "thinking" placeholder answers with a followup)."""
        mid = self._record.original_message_id
        original = None if mid is None else self._twin.messages.get(mid)
        if original is not None and original.deleted and self.followups:
            return self.followups[0]
        return original

    @property
    def content(self) -> str:
        msg = self.message
        return "" if msg is None else msg.content

    @property
    def embeds(self) -> list[JSON]:
        msg = self.message
        return [] if msg is None else msg.embeds

    @property
    def components(self) -> list[JSON]:
        msg = self.message
        return [] if msg is None else msg.components

    @property
    def attachments(self) -> list[TwinAttachment]:
        msg = self.message
        return [] if msg is None else msg.attachments

    @property
    def files(self) -> dict[str, bytes]:
        msg = self.message
        return {} if msg is None else msg.files

    @property
    def custom_ids(self) -> list[str]:
        msg = self.message
        return [] if msg is None else msg.custom_ids

    @property
    def ephemeral(self) -> bool:
        msg = self.message
        if msg is not None:
            return msg.ephemeral
        data = self._record.response_data or {}
        return bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)

    @property
    def followups(self) -> list[TwinMessage]:
        """Followup messages (webhook POSTs) other than the one that completed a deferral."""
        msgs = self._twin.messages
        return [msgs[i] for i in self._record.followup_ids if i in msgs and not msgs[i].deleted]

    @property
    def messages(self) -> list[TwinMessage]:
        """The original response (if any, not deleted) followed by the followups."""
        msg = self.message
        head = [msg] if msg is not None and not msg.deleted else []
        return head + self.followups

    @property
    def choices(self) -> list[JSON] | None:
        """Autocomplete choices (callback type 8)."""
        if self._record.response_type != CB_AUTOCOMPLETE:
            return None
        return list((self._record.response_data or {}).get("choices", []))

    @property
    def modal(self) -> JSON | None:
        """The modal definition (callback type 9): ``custom_id``, ``title``, ``components``."""
        if self._record.response_type != CB_MODAL:
            return None
        return self._record.response_data

    async def wait_followups(self, count: int, timeout: float = 5.0) -> list[TwinMessage]:
        """Wait until at least ``count`` followups exist; return them."""
        ok = await self._twin._wait_until(lambda: len(self.followups) >= count, timeout)
        if not ok:
            raise TwinTimeout(f"expected {count} followups, got {len(self.followups)} within {timeout}s")
        return self.followups


# =================================================================================================
# Gateway sessions
# =================================================================================================


class _Session:
    def __init__(self, session_id: str, intents: int) -> None:
        self.id = session_id
        self.intents = intents
        self.seq = 0
        self.ws: web.WebSocketResponse | None = None
        self.invalid = False
        self.ready = False  # READY and every GUILD_CREATE (or RESUMED) have been sent
        self.buffer: list[tuple[int, str]] = []
        self.lock = asyncio.Lock()
        self.identified_at = time.monotonic()

    async def send_raw(self, frame: str) -> None:
        ws = self.ws
        if ws is None or ws.closed:
            return
        try:
            async with self.lock:
                await ws.send_str(frame)
        except (ConnectionError, RuntimeError):
            self.ws = None

    async def dispatch(self, event: str, data: JSON) -> None:
        self.seq += 1
        frame = json.dumps({"op": 0, "t": event, "s": self.seq, "d": data})
        self.buffer.append((self.seq, frame))
        if len(self.buffer) > 2000:
            del self.buffer[:1000]
        await self.send_raw(frame)


# =================================================================================================
# The twin
# =================================================================================================

_Handler = Callable[[web.Request, dict[str, str]], Awaitable[web.StreamResponse]]


class DiscordTwin:
    """A fake Discord (REST API v10 + gateway) listening on 127.0.0.1.

    Parameters
    ----------
    bot_name:
        Username of the bot user (its id is also the application id, as on Discord).
    token:
        The bot token the twin accepts (REST ``Authorization: Bot <token>`` and IDENTIFY).
    interaction_deadline:
        Seconds the bot has to acknowledge an interaction (Discord: 3). ``None`` disables.
    privileged_intents:
        Privileged intents the "developer portal" allows; identifying with others closes 4014.
    default_timeout:
        Default seconds the interaction helpers wait for the bot.
    """

    def __init__(
        self,
        *,
        bot_name: str = "Arbiter",
        token: str = "twin-token",
        interaction_deadline: float | None = 3.0,
        privileged_intents: int = PRIVILEGED_INTENTS,
        default_timeout: float = 5.0,
        channel_writes: int | None = 5,
        channel_window: float = 5.0,
    ) -> None:
        self.token = token
        self.channel_writes = channel_writes
        """At most this many posts and edits of the bot per channel in `channel_window` seconds (None: no limit)."""
        self.channel_window = channel_window
        self.writes: list[ChannelWrite] = []
        self.interaction_deadline = interaction_deadline
        self.privileged_intents = privileged_intents
        self.default_timeout = default_timeout
        self._counter = itertools.count()
        self._last_snowflake = 0

        self.users: dict[int, TwinUser] = {}
        self.guilds: dict[int, TwinGuild] = {}
        self.channels: dict[int, TwinChannel] = {}
        self.messages: dict[int, TwinMessage] = {}
        self.attachments: dict[int, TwinAttachment] = {}
        self.commands: dict[int | None, dict[str, JSON]] = {}
        """Registered application commands: scope (guild id or None for global) -> key -> payload."""
        self.unexpected: list[RecordedRequest] = []
        self.http_errors: list[HttpError] = []
        self.identify_count = 0
        self.resume_count = 0
        self.presence: JSON | None = None

        self._refused_dms: set[int] = set()
        self._channel_messages: dict[int, list[int]] = {}
        self._dm_by_user: dict[int, int] = {}
        self._interactions: dict[str, _InteractionRecord] = {}
        self._sessions: dict[str, _Session] = {}
        self._change = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._port: int | None = None
        self._routes: list[tuple[str, re.Pattern[str], _Handler]] = []
        self._tasks: set[asyncio.Task[Any]] = set()

        self.bot_user = TwinUser(self._snowflake(), bot_name, bot=True)
        self.users[self.bot_user.id] = self.bot_user
        self.application_id = self.bot_user.id
        self._owner = TwinUser(self._snowflake(), "guild-owner")
        self.users[self._owner.id] = self._owner
        self._install_routes()

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Start listening on an ephemeral port of 127.0.0.1."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self._port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        """Close gateway connections and stop the server (state is kept)."""
        for session in self._sessions.values():
            if session.ws is not None and not session.ws.closed:
                with contextlib.suppress(Exception):
                    await session.ws.close(code=1001)
        for task in list(self._tasks):
            task.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> DiscordTwin:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def port(self) -> int:
        if self._port is None:
            raise RuntimeError("DiscordTwin.start() has not been awaited")
        return self._port

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT`` (REST lives under ``/api/v10``, CDN files under ``/``)."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        """Value for ``discord.http.Route.BASE``."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """Value for ``DiscordWebSocket.DEFAULT_GATEWAY``."""
        return f"ws://127.0.0.1:{self.port}/"

    # ------------------------------------------------------------------ ids / waiting

    def _snowflake(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (next(self._counter) & 0xFFF)
        value = max(value, self._last_snowflake + 1)
        self._last_snowflake = value
        return value

    def _bump(self) -> None:
        self._change.set()
        self._change = asyncio.Event()

    async def _wait_until(self, predicate: Callable[[], bool], timeout: float) -> bool:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate():
            remaining = deadline - loop.time()
            if remaining <= 0:
                return False
            event = self._change
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), remaining)
        return True

    # ------------------------------------------------------------------ world setup

    def add_user(self, name: str, *, bot: bool = False, global_name: str | None = None) -> int:
        """Create a user; returns its id."""
        user = TwinUser(self._snowflake(), name, bot=bot, global_name=global_name)
        self.users[user.id] = user
        return user.id

    def add_guild(self, name: str, *, owner_id: int | None = None, bot_permissions: int = BOT_PERMISSIONS) -> int:
        """Create a guild the bot is in; returns its id.

        The @everyone role gets ordinary member permissions (no Manage Server); the bot gets a
        managed role with ``bot_permissions``. ``owner_id`` defaults to a hidden owner user that
        is not a member (the owner implicitly has every permission).
        """
        gid = self._snowflake()
        guild = TwinGuild(gid, name, owner_id if owner_id is not None else self._owner.id)
        guild.roles[gid] = TwinRole(gid, gid, "@everyone", EVERYONE_PERMISSIONS)
        bot_role = TwinRole(self._snowflake(), gid, self.bot_user.name, bot_permissions, 1, managed=True)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot_user.id] = TwinMember(gid, self.bot_user.id, [bot_role.id])
        self.guilds[gid] = guild
        if owner_id is not None and owner_id not in guild.members:
            guild.members[owner_id] = TwinMember(gid, owner_id)
        self._fire("GUILD_CREATE", lambda s: self._guild_create_payload(guild, s.intents))
        return gid

    def add_role(self, guild_id: int, name: str, permissions: int = 0) -> int:
        """Create a role; returns its id."""
        guild = self.guilds[guild_id]
        role = TwinRole(self._snowflake(), guild_id, name, permissions, len(guild.roles))
        guild.roles[role.id] = role
        self._fire("GUILD_ROLE_CREATE", lambda s: {"guild_id": str(guild_id), "role": role.payload()})
        return role.id

    def add_member(
        self,
        guild_id: int,
        user_id: int,
        *,
        roles: Sequence[int] = (),
        manage_guild: bool = False,
        administrator: bool = False,
        nick: str | None = None,
        flags: int = 0,
    ) -> None:
        """Make ``user_id`` a member of ``guild_id``.

        ``manage_guild=True`` gives the member a "Manager" role with MANAGE_GUILD;
        ``administrator=True`` an "Admin" role with ADMINISTRATOR. Without them the member has
        only @everyone's permissions (no Manage Server).
        """
        guild = self.guilds[guild_id]
        role_ids = list(roles)
        for wanted, perm, role_name in (
            (manage_guild, MANAGE_GUILD, "Manager"),
            (administrator, ADMINISTRATOR, "Admin"),
        ):
            if wanted:
                existing = next((r.id for r in guild.roles.values() if r.name == role_name), None)
                role_ids.append(existing if existing is not None else self.add_role(guild_id, role_name, perm))
        member = TwinMember(guild_id, user_id, role_ids, nick=nick, flags=flags)
        guild.members[user_id] = member

        def event(session: _Session) -> JSON | None:
            if not session.intents & INTENT_GUILD_MEMBERS:
                return None
            return {**self._member_payload(member), "guild_id": str(guild_id)}

        self._fire("GUILD_MEMBER_ADD", event)

    def add_text_channel(self, guild_id: int, name: str, *, topic: str | None = None) -> int:
        """Create a text channel in a guild; returns its id."""
        guild = self.guilds[guild_id]
        channel = TwinChannel(self._snowflake(), 0, name, guild_id, len(guild.channel_ids), topic=topic)
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        self._fire("CHANNEL_CREATE", lambda s: self._channel_payload(channel))
        return channel.id

    def dm_channel_id(self, user_id: int) -> int:
        """The id of the DM channel between the bot and ``user_id`` (created on demand)."""
        if user_id not in self.users:
            raise KeyError(f"unknown user {user_id}")
        existing = self._dm_by_user.get(user_id)
        if existing is not None:
            return existing
        channel = TwinChannel(self._snowflake(), 1, recipient_id=user_id)
        self.channels[channel.id] = channel
        self._dm_by_user[user_id] = channel.id
        return channel.id

    def refuse_dms(self, user_id: int, refuse: bool = True) -> None:
        """Make DMs to ``user_id`` fail: opening the DM works, posting to it is 403 / 50007."""
        if refuse:
            self._refused_dms.add(user_id)
        else:
            self._refused_dms.discard(user_id)

    def deny_bot(self, channel_id: int, permissions: int = SEND_MESSAGES) -> None:
        """Take ``permissions`` from the bot in one channel, as a member overwrite does on Discord."""
        channel = self.channels[channel_id]
        channel.bot_denied |= permissions
        self._fire("CHANNEL_UPDATE", lambda s: self._channel_payload(channel))

    def allow_bot(self, channel_id: int, permissions: int = ALL_PERMISSIONS) -> None:
        """Give back what :meth:`deny_bot` took."""
        channel = self.channels[channel_id]
        channel.bot_denied &= ~permissions
        self._fire("CHANNEL_UPDATE", lambda s: self._channel_payload(channel))

    def bot_channel_permissions(self, channel: TwinChannel) -> int:
        """The bot's permissions in a guild channel: its roles' less the channel's overwrite (an
        administrator is above overwrites)."""
        perms = self.member_permissions(channel.guild_id or 0, self.bot_user.id)
        return perms if perms & ADMINISTRATOR else perms & ~channel.bot_denied

    def member_permissions(self, guild_id: int, user_id: int) -> int:
        """Permission bits of a member (owner and ADMINISTRATOR get everything)."""
        guild = self.guilds[guild_id]
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        perms = guild.roles[guild_id].permissions
        member = guild.members.get(user_id)
        if member is not None:
            for rid in member.roles:
                role = guild.roles.get(rid)
                if role is not None:
                    perms |= role.permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    # ------------------------------------------------------------------ observing

    def channel_messages(self, channel_id: int, *, include_ephemeral: bool = False) -> list[TwinMessage]:
        """Messages in a channel, oldest first, without deleted ones (and ephemerals unless asked)."""
        out = []
        for mid in self._channel_messages.get(channel_id, []):
            msg = self.messages[mid]
            if msg.deleted or (msg.ephemeral and not include_ephemeral):
                continue
            out.append(msg)
        return out

    def dm_messages(self, user_id: int) -> list[TwinMessage]:
        """Messages in the DM channel between the bot and ``user_id``, oldest first."""
        cid = self._dm_by_user.get(user_id)
        return [] if cid is None else self.channel_messages(cid)

    def assert_clean(self, *, allow_codes: Iterable[int] = ()) -> None:
        """Raise AssertionError if the bot hit an unknown route or got an error response.

        ``allow_codes`` lists Discord JSON error codes that are expected (e.g. ``{50007}``).
        """
        allowed = set(allow_codes)
        errors = [e for e in self.http_errors if e.code not in allowed]
        problems = [f"unexpected request {r.method} {r.path} {r.body[:200]}" for r in self.unexpected]
        problems += [f"error {e.status}/{e.code} {e.message} for {e.method} {e.path}" for e in errors]
        if problems:
            raise AssertionError("DiscordTwin saw problems:\n" + "\n".join(problems))

    def _live_sessions(self) -> list[_Session]:
        return [s for s in self._sessions.values() if s.ready and s.ws is not None and not s.ws.closed]

    @property
    def connected(self) -> bool:
        """True if a bot is connected and has been sent READY and its GUILD_CREATEs."""
        return bool(self._live_sessions())

    async def wait_connected(self, timeout: float = 10.0) -> None:
        """Wait until a bot has identified (READY and GUILD_CREATEs sent)."""
        if not await self._wait_until(lambda: self.connected, timeout):
            raise TwinTimeout(f"no bot connected to the gateway within {timeout}s")

    async def drop_connections(self, code: int = 4000) -> None:
        """Close every gateway connection with ``code`` (4000: the bot should RESUME)."""
        for session in list(self._sessions.values()):
            ws = session.ws
            if ws is not None and not ws.closed:
                await ws.close(code=code)

    async def wait_commands(self, *names: str, guild_id: int | None = None, timeout: float = 10.0) -> None:
        """Wait until top-level commands ``names`` are registered (globally or in ``guild_id``)."""

        def have() -> bool:
            registered = {c["name"] for c in self.commands.get(guild_id, {}).values()}
            return set(names) <= registered

        if not await self._wait_until(have, timeout):
            raise TwinTimeout(f"commands {names} not registered within {timeout}s")

    # ------------------------------------------------------------------ payload builders

    def _member_payload(self, member: TwinMember, *, with_user: bool = True) -> JSON:
        out: JSON = {
            "roles": [str(r) for r in member.roles],
            "nick": member.nick,
            "avatar": None,
            "banner": None,
            "joined_at": member.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": member.flags,
            "communication_disabled_until": None,
        }
        if with_user:
            out["user"] = self.users[member.user_id].payload()
        return out

    def _channel_payload(self, channel: TwinChannel) -> JSON:
        if channel.type == 1:
            recipient = self.users[channel.recipient_id or 0]
            return {
                "id": str(channel.id),
                "type": 1,
                "last_message_id": None,
                "recipients": [recipient.payload()],
                "flags": 0,
            }
        if channel.is_thread:
            return self._thread_payload(channel)
        return {
            "id": str(channel.id),
            "type": channel.type,
            "guild_id": str(channel.guild_id),
            "name": channel.name,
            "position": channel.position,
            "permission_overwrites": (
                [{"id": str(self.bot_user.id), "type": 1, "allow": "0", "deny": str(channel.bot_denied)}]
                if channel.bot_denied
                else []
            ),
            "nsfw": False,
            "parent_id": None,
            "topic": channel.topic,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }

    def _thread_payload(self, thread: TwinChannel) -> JSON:
        messages = len(self._channel_messages.get(thread.id, []))
        return {
            "id": str(thread.id),
            "type": thread.type,
            "guild_id": str(thread.guild_id),
            "parent_id": str(thread.parent_id),
            "owner_id": str(thread.owner_id),
            "name": thread.name,
            "last_message_id": None,
            "message_count": messages,
            "total_message_sent": messages,
            "member_count": 1,
            "rate_limit_per_user": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": thread.archived,
                "auto_archive_duration": thread.auto_archive_duration,
                "archive_timestamp": thread.created_at,
                "locked": False,
                "create_timestamp": thread.created_at,
                **({"invitable": True} if thread.type == THREAD_PRIVATE else {}),
            },
        }

    def threads(self, parent_id: int) -> list[TwinChannel]:
        """Threads started in a channel, oldest first."""
        return [c for c in self.channels.values() if c.is_thread and c.parent_id == parent_id]

    def _guild_create_payload(self, guild: TwinGuild, intents: int) -> JSON:
        members = list(guild.members.values())
        if not intents & INTENT_GUILD_MEMBERS:
            members = [m for m in members if m.user_id == self.bot_user.id]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": "en-US",
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "features": [],
            "roles": [r.payload() for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "joined_at": _now_iso(snowflake_time_ms(guild.id)),
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "members": [self._member_payload(m) for m in members],
            "channels": [self._channel_payload(self.channels[c]) for c in guild.channel_ids],
            "threads": [
                {**self._thread_payload(self.channels[t]), "member": self._thread_member(t)}
                for t in guild.thread_ids
                if not self.channels[t].archived
            ],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "application_id": None,
            "max_members": 500000,
        }

    def _guild_payload(self, guild: TwinGuild) -> JSON:
        payload = self._guild_create_payload(guild, 0)
        for key in ("members", "channels", "threads", "voice_states", "presences", "joined_at", "large"):
            payload.pop(key, None)
        payload["approximate_member_count"] = len(guild.members)
        return payload

    # ------------------------------------------------------------------ gateway dispatch

    def _fire(self, event: str, build: Callable[[_Session], JSON | None]) -> None:
        """Dispatch an event to every live session (from sync code: schedules the sends)."""
        sessions = [s for s in self._sessions.values() if not s.invalid]
        if not sessions:
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        for session in sessions:
            data = build(session)
            if data is not None:
                self._spawn(session.dispatch(event, data))

    def _spawn(self, coro: Awaitable[Any]) -> None:
        async def run() -> None:
            await coro

        task = asyncio.ensure_future(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _dispatch_message_event(self, event: str, msg: TwinMessage) -> None:
        if msg.ephemeral:
            return
        channel = self.channels[msg.channel_id]
        needed = INTENT_GUILD_MESSAGES if channel.guild_id is not None else INTENT_DIRECT_MESSAGES
        for session in list(self._sessions.values()):
            if session.invalid or not session.intents & needed:
                continue
            data = msg.payload(gateway=True)
            if (
                not session.intents & INTENT_MESSAGE_CONTENT
                and msg.author.id != self.bot_user.id
                and channel.guild_id is not None
                and f"<@{self.bot_user.id}>" not in msg.content
            ):
                data.update(content="", embeds=[], attachments=[], components=[])
            if channel.guild_id is not None and msg.author.id in self.guilds[channel.guild_id].members:
                member = self.guilds[channel.guild_id].members[msg.author.id]
                data["member"] = self._member_payload(member, with_user=False)
            await session.dispatch(event, data)

    async def _dispatch_interaction(self, data: JSON, timeout: float) -> None:
        if not await self._wait_until(lambda: self.connected, timeout):
            raise TwinTimeout("no bot is connected to the gateway")
        for session in self._live_sessions():
            await session.dispatch("INTERACTION_CREATE", data)
            return

    # ------------------------------------------------------------------ user actions

    async def post_message(self, author_id: int, channel_id: int, content: str) -> TwinMessage:
        """A user posts a plain message (dispatches MESSAGE_CREATE to the bot)."""
        channel = self.channels[channel_id]
        msg = TwinMessage(
            self._snowflake(),
            channel_id,
            self.users[author_id],
            content,
            guild_id=channel.guild_id,
            bot_id=self.bot_user.id,
        )
        self._store_message(msg)
        await self._dispatch_message_event("MESSAGE_CREATE", msg)
        return msg

    def _find_command(self, channel: TwinChannel, name: str) -> JSON:
        scopes: list[int | None] = [channel.guild_id, None] if channel.guild_id is not None else [None]
        for scope in scopes:
            for cmd in self.commands.get(scope, {}).values():
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd
        known = sorted({c["name"] for scope in scopes for c in self.commands.get(scope, {}).values()})
        raise KeyError(f"no slash command {name!r} registered for this channel (known: {known})")

    def _check_visible(self, cmd: JSON, user_id: int, channel: TwinChannel) -> None:
        if channel.guild_id is None:
            contexts = cmd.get("contexts")
            if (contexts is not None and 1 not in contexts) or cmd.get("dm_permission") is False:
                raise TwinCommandHidden(f"/{cmd['name']} is not available in DMs")
            return
        contexts = cmd.get("contexts")
        if contexts is not None and 0 not in contexts:
            raise TwinCommandHidden(f"/{cmd['name']} is not available in guilds")
        needed = cmd.get("default_member_permissions")
        if needed is None:
            return
        needed_bits = int(needed)
        have = self.member_permissions(channel.guild_id, user_id)
        if needed_bits == 0 and not have & ADMINISTRATOR:
            raise TwinCommandHidden(f"/{cmd['name']} is disabled for non-admins")
        if have & needed_bits != needed_bits:
            raise TwinCommandHidden(f"/{cmd['name']} needs permissions {needed_bits:#x}, user has {have:#x}")

    def _new_record(
        self, kind: int, user_id: int, channel_id: int, *, command: str | None = None, source: int | None = None
    ) -> _InteractionRecord:
        channel = self.channels[channel_id]
        record = _InteractionRecord(
            id=self._snowflake(),
            token=f"aW50ZXJhY3Rpb24.{secrets.token_urlsafe(48)}",
            type=kind,
            user_id=user_id,
            channel_id=channel_id,
            guild_id=channel.guild_id,
            created=time.monotonic(),
            command_name=command,
            source_message_id=source,
        )
        self._interactions[record.token] = record
        return record

    def _interaction_payload(self, record: _InteractionRecord, data: JSON | None) -> JSON:
        channel = self.channels[record.channel_id]
        payload: JSON = {
            "id": str(record.id),
            "application_id": str(self.application_id),
            "type": record.type,
            "token": record.token,
            "version": 1,
            "channel_id": str(channel.id),
            "channel": self._channel_payload(channel),
            "locale": "en-US",
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if data is not None:
            payload["data"] = data
        if channel.guild_id is not None:
            guild = self.guilds[channel.guild_id]
            member = guild.members.get(record.user_id)
            if member is None:
                raise KeyError(f"user {record.user_id} is not a member of guild {guild.id}")
            perms = self.member_permissions(guild.id, record.user_id)
            payload["channel"]["permissions"] = str(perms)
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": "en-US", "features": []},
                guild_locale="en-US",
                member={**self._member_payload(member), "permissions": str(perms)},
                app_permissions=str(self.bot_channel_permissions(channel)),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=self.users[record.user_id].payload(),
                app_permissions=str(EVERYONE_PERMISSIONS),
                authorizing_integration_owners={"0": str(self.application_id)},
                context=1,
            )
        if record.source_message_id is not None:
            payload["message"] = self.messages[record.source_message_id].payload()
        return payload

    def _resolve_value(
        self, opt: JSON, value: Any, channel: TwinChannel, resolved: dict[str, JSON], focused: bool
    ) -> Any:
        otype, name = opt["type"], opt["name"]
        if focused:
            return value if isinstance(value, str | int | float) else str(value)
        if otype == OPT_STRING:
            if not isinstance(value, str):
                raise TypeError(f"option {name!r} expects a string, got {value!r}")
            if len(value) < opt.get("min_length", 0) or len(value) > opt.get("max_length", 6000):
                raise ValueError(f"option {name!r}: length of {value!r} out of range")
            return value
        if otype in (OPT_INTEGER, OPT_NUMBER):
            valid = isinstance(value, int) if otype == OPT_INTEGER else isinstance(value, int | float)
            if not valid or isinstance(value, bool):
                raise TypeError(f"option {name!r} expects a number, got {value!r}")
            if ("min_value" in opt and value < opt["min_value"]) or ("max_value" in opt and value > opt["max_value"]):
                raise ValueError(f"option {name!r}: {value!r} out of range")
            return value
        if otype == OPT_BOOLEAN:
            if not isinstance(value, bool):
                raise TypeError(f"option {name!r} expects a bool, got {value!r}")
            return value
        if otype in (OPT_USER, OPT_MENTIONABLE) and int(value) in self.users:
            uid = int(value)
            resolved.setdefault("users", {})[str(uid)] = self.users[uid].payload()
            if channel.guild_id is not None:
                member = self.guilds[channel.guild_id].members.get(uid)
                if member is not None:
                    resolved.setdefault("members", {})[str(uid)] = {
                        **self._member_payload(member, with_user=False),
                        "permissions": str(self.member_permissions(channel.guild_id, uid)),
                    }
            return str(uid)
        if otype in (OPT_ROLE, OPT_MENTIONABLE) and channel.guild_id is not None:
            role = self.guilds[channel.guild_id].roles.get(int(value))
            if role is None:
                raise KeyError(f"option {name!r}: unknown role {value!r}")
            resolved.setdefault("roles", {})[str(role.id)] = role.payload()
            return str(role.id)
        if otype == OPT_CHANNEL:
            target = self.channels[int(value)]
            payload = self._channel_payload(target)
            if target.guild_id is not None:
                payload["permissions"] = str(ALL_PERMISSIONS)
            resolved.setdefault("channels", {})[str(target.id)] = payload
            return str(target.id)
        if otype == OPT_ATTACHMENT:
            if isinstance(value, TwinFile):
                upload = value
            elif isinstance(value, tuple) and len(value) == 2:
                upload = TwinFile(str(value[0]), bytes(value[1]))
            elif isinstance(value, Path):
                upload = TwinFile(value.name, value.read_bytes())
            elif isinstance(value, bytes | bytearray):
                upload = TwinFile("file.bin", bytes(value))
            else:
                raise TypeError(f"option {name!r} expects TwinFile/(filename, bytes)/Path/bytes")
            att = self._store_attachment(
                channel.id, upload.filename, upload.data, upload.description, upload.content_type, ephemeral=True
            )
            resolved.setdefault("attachments", {})[str(att.id)] = att.payload()
            return str(att.id)
        raise ValueError(f"option {name!r}: cannot resolve {value!r} for option type {otype}")

    def _build_command_data(
        self,
        user_id: int,
        channel_id: int,
        path: str,
        options: Mapping[str, Any] | None,
        focused: str | None,
        bypass_permissions: bool,
    ) -> JSON:
        channel = self.channels[channel_id]
        parts = path.split()
        if not parts:
            raise ValueError("empty command path")
        cmd = self._find_command(channel, parts[0])
        if not bypass_permissions:
            self._check_visible(cmd, user_id, channel)
        chain: list[JSON] = []
        level = cmd
        for part in parts[1:]:
            sub = next(
                (
                    o
                    for o in level.get("options", [])
                    if o["name"] == part and o["type"] in (OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP)
                ),
                None,
            )
            if sub is None:
                raise KeyError(f"/{path}: no subcommand {part!r} under {level['name']!r}")
            chain.append(sub)
            level = sub
        defs = level.get("options", [])
        if any(o["type"] in (OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP) for o in defs):
            raise ValueError(f"/{path} is a group; name a subcommand")
        given = dict(options or {})
        if focused is not None and focused not in given:
            given[focused] = ""
        by_name = {o["name"]: o for o in defs}
        unknown = set(given) - set(by_name)
        if unknown:
            raise KeyError(f"/{path}: unknown options {sorted(unknown)}; known {sorted(by_name)}")
        resolved: dict[str, JSON] = {}
        leaf: list[JSON] = []
        for opt in defs:  # Discord sends options in definition order
            name = opt["name"]
            if name not in given:
                if opt.get("required") and focused is None:
                    raise ValueError(f"/{path}: required option {name!r} missing")
                continue
            is_focused = name == focused
            value = self._resolve_value(opt, given[name], channel, resolved, is_focused)
            if not is_focused and opt.get("choices") and value not in [c["value"] for c in opt["choices"]]:
                raise ValueError(f"/{path}: {value!r} is not a choice of {name!r}")
            entry: JSON = {"name": name, "type": opt["type"], "value": value}
            if is_focused:
                entry["focused"] = True
            leaf.append(entry)
        nested = leaf
        for sub in reversed(chain):
            nested = [{"name": sub["name"], "type": sub["type"], "options": nested}]
        data: JSON = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": nested}
        if cmd.get("guild_id") is not None:
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    async def slash(
        self,
        user_id: int,
        channel_id: int,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        timeout: float | None = None,
        wait_deferred: bool = True,
        bypass_permissions: bool = False,
    ) -> InteractionResult:
        """``user_id`` runs ``/command`` in ``channel_id``; returns once the bot has answered.

        ``command`` is the space-separated path (``"match new"``, ``"admin config set"``).
        ``options`` maps option names to values: str / int / float / bool, a user, role or
        channel id (int), or for attachment options a :class:`TwinFile`, a ``(filename,
        bytes)`` tuple, a ``Path`` or raw bytes. Values are checked against the registered
        definitions (types, required, choices, min/max) like the Discord client would.
        If the command is not registered yet the twin waits for it (up to ``timeout``).

        Waits for the callback and, if it was deferred and ``wait_deferred`` is true, for the
        deferred response to be completed (edit of @original, first followup, or delete).
        Raises :class:`TwinTimeout` if that does not happen in ``timeout`` seconds and
        :class:`TwinCommandHidden` if the user could not see the command.
        """
        timeout = self.default_timeout if timeout is None else timeout
        data = await self._command_data_waiting(
            user_id, channel_id, command, options, None, bypass_permissions, timeout
        )
        record = self._new_record(APPLICATION_COMMAND, user_id, channel_id, command=command)
        await self._dispatch_interaction(self._interaction_payload(record, data), timeout)
        await self._wait_answer(record, timeout, wait_deferred, f"/{command}")
        return InteractionResult(self, record)

    async def autocomplete(
        self,
        user_id: int,
        channel_id: int,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        focused: str,
        timeout: float | None = None,
    ) -> list[JSON]:
        """``user_id`` is typing option ``focused`` of ``/command``; returns the bot's choices.

        ``options`` holds what is typed so far (the focused value defaults to ``""``); values
        of the focused option are sent as typed (a string), others are typed as in :meth:`slash`.
        """
        timeout = self.default_timeout if timeout is None else timeout
        data = await self._command_data_waiting(user_id, channel_id, command, options, focused, False, timeout)
        record = self._new_record(AUTOCOMPLETE, user_id, channel_id, command=command)
        await self._dispatch_interaction(self._interaction_payload(record, data), timeout)
        await self._wait_answer(record, timeout, False, f"autocomplete /{command} {focused}")
        if record.response_type != CB_AUTOCOMPLETE:
            raise AssertionError(f"autocomplete answered with callback type {record.response_type}")
        return list((record.response_data or {}).get("choices", []))

    async def _command_data_waiting(
        self,
        user_id: int,
        channel_id: int,
        command: str,
        options: Mapping[str, Any] | None,
        focused: str | None,
        bypass_permissions: bool,
        timeout: float,
    ) -> JSON:
        channel = self.channels[channel_id]
        top = command.split()[0] if command.split() else ""

        def registered() -> bool:
            try:
                self._find_command(channel, top)
            except KeyError:
                return False
            return True

        await self._wait_until(registered, timeout)
        return self._build_command_data(user_id, channel_id, command, options, focused, bypass_permissions)

    async def click(
        self,
        user_id: int,
        message: TwinMessage | int,
        custom_id: str,
        *,
        values: Sequence[str] | None = None,
        timeout: float | None = None,
        wait_deferred: bool = True,
    ) -> InteractionResult:
        """``user_id`` clicks a button (or picks ``values`` in a select) on ``message``.

        ``message`` may be a stale :class:`TwinMessage` or an id: the current state is used and
        sent whole (with its components) in the interaction, as Discord does. The component must
        exist and be enabled. For selects, ``values`` are checked against the options and
        min/max_values. Waits like :meth:`slash` (a deferred update completes when the message
        is edited, a followup is sent or @original is deleted).
        """
        timeout = self.default_timeout if timeout is None else timeout
        mid = message if isinstance(message, int) else message.id
        current = self.messages.get(mid)
        if current is None or current.deleted:
            raise KeyError(f"message {mid} does not exist (or was deleted)")
        if current.ephemeral and current.visible_to not in (None, user_id):
            raise PermissionError("that ephemeral message is not visible to this user")
        comp = current.find_component(custom_id)
        if comp is None:
            raise KeyError(f"no component {custom_id!r} on message; has {current.custom_ids}")
        if comp.get("disabled"):
            raise PermissionError(f"component {custom_id!r} is disabled")
        ctype = int(comp["type"])
        data: JSON = {"custom_id": custom_id, "component_type": ctype}
        if ctype == 2:
            if values is not None:
                raise ValueError("buttons take no values")
        else:
            picked = list(values or [])
            lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
            if not lo <= len(picked) <= hi:
                raise ValueError(f"select {custom_id!r} takes {lo}..{hi} values, got {len(picked)}")
            if ctype == 3:
                allowed = [o["value"] for o in comp.get("options", [])]
                bad = [v for v in picked if v not in allowed]
                if bad:
                    raise ValueError(f"values {bad} are not options of {custom_id!r}: {allowed}")
            data["values"] = picked
            if ctype in (5, 6, 7, 8):
                channel = self.channels[current.channel_id]
                resolved: dict[str, JSON] = {}
                opt_type = {5: OPT_USER, 6: OPT_ROLE, 7: OPT_MENTIONABLE, 8: OPT_CHANNEL}[ctype]
                for v in picked:
                    self._resolve_value({"type": opt_type, "name": custom_id}, v, channel, resolved, False)
                data["resolved"] = resolved
        record = self._new_record(MESSAGE_COMPONENT, user_id, current.channel_id, source=mid)
        await self._dispatch_interaction(self._interaction_payload(record, data), timeout)
        await self._wait_answer(record, timeout, wait_deferred, f"click {custom_id!r}")
        return InteractionResult(self, record)

    async def select(
        self, user_id: int, message: TwinMessage | int, custom_id: str, values: Sequence[str], **kw: Any
    ) -> InteractionResult:
        """Shorthand for :meth:`click` with ``values``."""
        return await self.click(user_id, message, custom_id, values=values, **kw)

    async def submit_modal(
        self,
        user_id: int,
        opened_by: InteractionResult,
        values: Mapping[str, str | Sequence[str]],
        *,
        timeout: float | None = None,
        wait_deferred: bool = True,
    ) -> InteractionResult:
        """Submit the modal the bot opened in ``opened_by`` (callback 9).

        ``values`` maps text input custom_ids to strings (selects inside labels: lists of str).
        """
        timeout = self.default_timeout if timeout is None else timeout
        modal = opened_by.modal
        if modal is None:
            raise ValueError("that interaction did not open a modal")
        given = dict(values)

        def fill(comp: JSON) -> JSON | None:
            ctype = comp.get("type")
            if ctype == 1:
                inner = [c for c in (fill(x) for x in comp.get("components", [])) if c is not None]
                return {"type": 1, "components": inner}
            if ctype == 18:
                inner_comp = fill(comp["component"])
                return None if inner_comp is None else {"type": 18, "component": inner_comp}
            cid = comp.get("custom_id")
            if cid is None:
                return None
            value = given.pop(cid, comp.get("value", ""))
            if ctype == 4:
                if comp.get("required", True) and not value:
                    raise ValueError(f"text input {cid!r} is required")
                return {"type": 4, "custom_id": cid, "value": str(value)}
            return {"type": ctype, "custom_id": cid, "values": list(value) if value else []}

        components = [c for c in (fill(x) for x in modal.get("components", [])) if c is not None]
        if given:
            raise KeyError(f"modal has no inputs {sorted(given)}")
        source = opened_by._record
        record = self._new_record(MODAL_SUBMIT, user_id, source.channel_id, source=source.source_message_id)
        data = {"custom_id": modal["custom_id"], "components": components}
        await self._dispatch_interaction(self._interaction_payload(record, data), timeout)
        await self._wait_answer(record, timeout, wait_deferred, f"modal {modal['custom_id']!r}")
        return InteractionResult(self, record)

    async def _wait_answer(self, record: _InteractionRecord, timeout: float, wait_deferred: bool, what: str) -> None:
        def done() -> bool:
            if record.response_type is None:
                return False
            if record.response_type in (CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE) and wait_deferred:
                return record.completed
            return True

        if not await self._wait_until(done, timeout):
            state = (
                "no callback" if record.response_type is None else f"deferred ({record.response_type}), never completed"
            )
            raise TwinTimeout(f"bot did not answer {what} within {timeout}s: {state}")

    # ------------------------------------------------------------------ messages (internal)

    def _store_attachment(
        self,
        channel_id: int,
        filename: str,
        data: bytes,
        description: str | None = None,
        content_type: str | None = None,
        *,
        ephemeral: bool = False,
    ) -> TwinAttachment:
        aid = self._snowflake()
        safe = re.sub(r"[^A-Za-z0-9._-]", "_", filename) or "file"
        ctype = content_type or mimetypes.guess_type(safe)[0]
        url = f"{self.base_url}/attachments/{channel_id}/{aid}/{safe}"
        att = TwinAttachment(aid, safe, data, ctype, url, description, ephemeral)
        self.attachments[aid] = att
        return att

    def _store_message(self, msg: TwinMessage) -> None:
        self.messages[msg.id] = msg
        self._channel_messages.setdefault(msg.channel_id, []).append(msg.id)

    def _validate_body(self, body: JSON, files: Mapping[int, tuple[str, bytes]], *, creating: bool) -> None:
        content = body.get("content")
        if content is not None and len(str(content)) > 2000:
            raise _form_error("content", "Must be 2000 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
        embeds = body.get("embeds") or []
        if len(embeds) > 10:
            raise _form_error("embeds", "Must be 10 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
        limits = {"title": 256, "description": 4096}
        for i, embed in enumerate(embeds):
            total = 0
            for key, limit in limits.items():
                text = embed.get(key) or ""
                total += len(text)
                if len(text) > limit:
                    raise _form_error(f"embeds.{i}.{key}", f"Must be {limit} or fewer in length.")
            fields = embed.get("fields") or []
            if len(fields) > 25:
                raise _form_error(f"embeds.{i}.fields", "Must be 25 or fewer in length.")
            for j, fld in enumerate(fields):
                name, value = str(fld.get("name") or ""), str(fld.get("value") or "")
                if not name or not value:
                    raise _form_error(f"embeds.{i}.fields.{j}", "Field name and value are required.")
                if len(name) > 256 or len(value) > 1024:
                    raise _form_error(f"embeds.{i}.fields.{j}", "Field too long.")
                total += len(name) + len(value)
            total += len((embed.get("footer") or {}).get("text") or "")
            total += len((embed.get("author") or {}).get("name") or "")
            if total > 6000:
                raise _form_error(f"embeds.{i}", "Embed size exceeds maximum size of 6000")
        components = body.get("components") or []
        flags = int(body.get("flags") or 0)
        if not flags & FLAG_COMPONENTS_V2:
            if len(components) > 5:
                raise _form_error("components", "Must be 5 or fewer in length.")
            for i, row in enumerate(components):
                if row.get("type") != 1:
                    raise _form_error(f"components.{i}", "Top-level components must be action rows.")
                if len(row.get("components", [])) > 5:
                    raise _form_error(f"components.{i}.components", "Must be 5 or fewer in length.")
        seen: set[str] = set()
        for comp in _walk_components(components):
            cid = comp.get("custom_id")
            label = comp.get("label")
            if cid is not None:
                if not 1 <= len(cid) <= 100:
                    raise _form_error("components", "custom_id must be 1-100 characters.")
                if cid in seen:
                    raise _form_error(
                        "components", "Component custom id cannot be duplicated", "COMPONENT_CUSTOM_ID_DUPLICATED"
                    )
                seen.add(cid)
            if label is not None and len(str(label)) > 80:
                raise _form_error("components", "label must be 80 or fewer in length.")
        for _, (_, data) in files.items():
            if len(data) > ATTACHMENT_SIZE_LIMIT:
                raise _ApiError(413, 40005, "Request entity too large")
        if creating and not (content or embeds or components or files or body.get("sticker_ids") or body.get("poll")):
            raise _ApiError(400, 50006, "Cannot send an empty message")

    def _new_attachments(
        self, channel_id: int, body: JSON, files: Mapping[int, tuple[str, bytes]], *, ephemeral: bool
    ) -> list[TwinAttachment]:
        meta = {}
        for entry in body.get("attachments") or []:
            with contextlib.suppress(TypeError, ValueError):
                meta[int(entry["id"])] = entry
        out = []
        for index in sorted(files):
            filename, data = files[index]
            info = meta.get(index, {})
            out.append(
                self._store_attachment(
                    channel_id, info.get("filename") or filename, data, info.get("description"), ephemeral=ephemeral
                )
            )
        return out

    def _create_message(
        self,
        channel_id: int,
        body: JSON,
        files: Mapping[int, tuple[str, bytes]],
        *,
        mtype: int = 0,
        webhook: bool = False,
        interaction: _InteractionRecord | None = None,
        extra_flags: int = 0,
    ) -> TwinMessage:
        self._validate_body(body, files, creating=not extra_flags & FLAG_LOADING)
        channel = self.channels[channel_id]
        flags = (int(body.get("flags") or 0) & SETTABLE_FLAGS) | extra_flags
        if interaction is None:
            flags &= ~FLAG_EPHEMERAL  # only interaction responses can be ephemeral
        msg = TwinMessage(
            id=self._snowflake(),
            channel_id=channel_id,
            author=self.bot_user,
            content=str(body.get("content") or ""),
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            flags=flags,
            type=mtype,
            guild_id=channel.guild_id,
            webhook_id=self.application_id if webhook else None,
            application_id=self.application_id if webhook else None,
            bot_id=self.bot_user.id,
        )
        if msg.ephemeral and interaction is not None:
            msg.visible_to = interaction.user_id
        msg.pinged_users, msg.pinged_everyone = _pings(msg.content, body.get("allowed_mentions"))
        msg.attachments = self._new_attachments(channel_id, body, files, ephemeral=msg.ephemeral)
        if interaction is not None:
            msg.interaction_metadata = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": self.users[interaction.user_id].payload(),
                "authorizing_integration_owners": {"0": str(interaction.guild_id or self.application_id)},
            }
            if interaction.source_message_id is not None:
                msg.interaction_metadata["interacted_message_id"] = str(interaction.source_message_id)
        self._store_message(msg)
        return msg

    def _edit_message(self, msg: TwinMessage, body: JSON, files: Mapping[int, tuple[str, bytes]]) -> None:
        self._validate_body(body, files, creating=False)
        if "content" in body:
            msg.content = str(body["content"] or "")
            if msg.loading:  # completing a deferred reply is its creation: its mentions notify then
                msg.pinged_users, msg.pinged_everyone = _pings(msg.content, body.get("allowed_mentions"))
        if "embeds" in body:
            msg.embeds = list(body["embeds"] or [])
        if "components" in body:
            msg.components = list(body["components"] or [])
        if "flags" in body and body["flags"] is not None:
            keep = msg.flags & (FLAG_EPHEMERAL | FLAG_COMPONENTS_V2)
            msg.flags = (int(body["flags"]) & (FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2)) | keep
        if "attachments" in body:
            keep_ids = set()
            for entry in body["attachments"] or []:
                with contextlib.suppress(TypeError, ValueError):
                    keep_ids.add(int(entry["id"]))
            msg.attachments = [a for a in msg.attachments if a.id in keep_ids]
        msg.attachments += self._new_attachments(msg.channel_id, body, files, ephemeral=msg.ephemeral)
        if msg.loading:
            msg.flags &= ~FLAG_LOADING
        else:
            msg.edited_at = _now_iso()
        if not (msg.content or msg.embeds or msg.components or msg.attachments):
            raise _ApiError(400, 50006, "Cannot send an empty message")
        msg.edits += 1

    # ------------------------------------------------------------------ HTTP plumbing

    def _install_routes(self) -> None:
        r = self._route
        r("GET", r"/gateway", self._get_gateway)
        r("GET", r"/gateway/bot", self._get_gateway_bot)
        r("GET", r"/users/@me", self._get_me)
        r("GET", r"/users/(?P<user_id>\d+)", self._get_user)
        r("POST", r"/users/@me/channels", self._create_dm)
        r("GET", r"/(?:oauth2/)?applications/@me", self._get_application)
        scope = r"/applications/(?P<app_id>\d+)(?:/guilds/(?P<guild_id>\d+))?/commands"
        r("PUT", scope, self._put_commands)
        r("GET", scope, self._get_commands)
        r("POST", scope, self._post_command)
        r("GET", scope + r"/(?P<command_id>\d+)", self._get_command)
        r("PATCH", scope + r"/(?P<command_id>\d+)", self._patch_command)
        r("DELETE", scope + r"/(?P<command_id>\d+)", self._delete_command)
        r("POST", r"/interactions/(?P<interaction_id>\d+)/(?P<token>[^/]+)/callback", self._callback)
        hook = r"/webhooks/(?P<app_id>\d+)/(?P<token>[^/]+)"
        r("POST", hook, self._webhook_execute)
        r("GET", hook + r"/messages/(?P<message_id>@original|\d+)", self._webhook_get)
        r("PATCH", hook + r"/messages/(?P<message_id>@original|\d+)", self._webhook_edit)
        r("DELETE", hook + r"/messages/(?P<message_id>@original|\d+)", self._webhook_delete)
        r("GET", r"/channels/(?P<channel_id>\d+)", self._get_channel)
        r("POST", r"/channels/(?P<channel_id>\d+)/typing", self._typing)
        r("GET", r"/channels/(?P<channel_id>\d+)/messages", self._list_messages)
        r("POST", r"/channels/(?P<channel_id>\d+)/messages", self._post_message)
        r("POST", r"/channels/(?P<channel_id>\d+)/threads", self._start_thread)
        msg = r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)"
        r("GET", msg, self._get_message)
        r("PATCH", msg, self._patch_message)
        r("DELETE", msg, self._delete_message)
        r("POST", msg + r"/threads", self._thread_from_message)
        react = msg + r"/reactions/(?P<emoji>[^/]+)"
        r("PUT", react + r"/@me", self._put_reaction)
        r("DELETE", react + r"/(?P<user_id>@me|\d+)", self._delete_reaction)
        r("GET", react, self._get_reactions)
        r("DELETE", react, self._clear_reactions)
        r("DELETE", msg + r"/reactions", self._clear_reactions)
        r("GET", r"/guilds/(?P<guild_id>\d+)", self._get_guild)
        r("GET", r"/guilds/(?P<guild_id>\d+)/channels", self._get_guild_channels)
        r("GET", r"/guilds/(?P<guild_id>\d+)/roles", self._get_roles)
        r("GET", r"/guilds/(?P<guild_id>\d+)/members", self._list_members)
        r("GET", r"/guilds/(?P<guild_id>\d+)/members/(?P<user_id>\d+)", self._get_member)

    def _route(self, method: str, pattern: str, handler: _Handler) -> None:
        self._routes.append((method, re.compile(pattern + r"/?$"), handler))

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        try:
            if path == "/" and request.headers.get("Upgrade", "").lower() == "websocket":
                return await self._gateway(request)
            if path.startswith("/attachments/"):
                return self._serve_attachment(path)
            m = re.match(r"^/api(?:/v\d+)?(/.*)$", path)
            if m is not None:
                sub = m.group(1)
                for method, pattern, handler in self._routes:
                    if method != request.method:
                        continue
                    match = pattern.match(sub)
                    if match is not None:
                        if not self._authorized(request, sub):
                            raise _ApiError(401, 0, "401: Unauthorized")
                        params = {k: v for k, v in match.groupdict().items() if v is not None}
                        return await handler(request, params)
            body = ""
            with contextlib.suppress(Exception):
                body = (await request.read()).decode("utf-8", "replace")
            self.unexpected.append(RecordedRequest(request.method, request.path_qs, body))
            raise _ApiError(404, 0, "404: Not Found")
        except _ApiError as exc:
            self.http_errors.append(HttpError(request.method, request.path_qs, exc.status, exc.code, exc.message))
            payload: JSON = {"message": exc.message, "code": exc.code}
            if exc.errors is not None:
                payload["errors"] = exc.errors
            if exc.retry_after is not None:  # Discord's rate limit answer, as it comes through its proxy
                payload.update(retry_after=exc.retry_after, **{"global": False})
                response = _json_response(payload, exc.status)
                response.headers.update(
                    {"Via": "1.1 google", "Retry-After": str(exc.retry_after), "X-RateLimit-Scope": "user"}
                )
                return response
            return _json_response(payload, exc.status)
        except Exception as exc:  # a twin bug: make it visible instead of a bare 500 + retries
            detail = "".join(traceback.format_exception(exc))
            self.unexpected.append(RecordedRequest(request.method, request.path_qs, f"twin crashed: {detail}"))
            return _json_response({"message": f"twin internal error: {exc!r}", "code": 0}, 400)
        finally:
            self._bump()

    def _authorized(self, request: web.Request, sub: str) -> bool:
        if sub.startswith(("/interactions/", "/webhooks/")):
            return True
        return request.headers.get("Authorization") == f"Bot {self.token}"

    def _serve_attachment(self, path: str) -> web.Response:
        parts = path.split("/")
        try:
            att = self.attachments[int(parts[3])]
        except (IndexError, ValueError, KeyError):
            return web.Response(status=404, text="not found")
        return web.Response(body=att.data, headers={"Content-Type": att.content_type or "application/octet-stream"})

    @staticmethod
    async def _read_body(request: web.Request) -> tuple[JSON, dict[int, tuple[str, bytes]]]:
        """JSON body, or multipart ``payload_json`` + ``files[n]``."""
        files: dict[int, tuple[str, bytes]] = {}
        ctype = request.headers.get("Content-Type", "")
        if ctype.startswith("multipart/"):
            body: JSON = {}
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, BodyPartReader):  # nested multipart: not used by Discord
                    continue
                name = part.name or ""
                raw = await part.read(decode=False)
                if name == "payload_json":
                    body = json.loads(raw.decode())
                else:
                    m = re.fullmatch(r"files\[(\d+)\]", name) or re.fullmatch(r"file(\d*)", name)
                    if m is not None:
                        index = int(m.group(1) or 0)
                        files[index] = (part.filename or f"file{index}", bytes(raw))
            return body, files
        raw_body = await request.read()
        if not raw_body:
            return {}, files
        try:
            data = json.loads(raw_body)
        except ValueError as exc:
            raise _ApiError(400, 50109, "The request body contains invalid JSON.") from exc
        return data, files

    # ------------------------------------------------------------------ REST handlers

    async def _get_gateway(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return _json_response({"url": self.gateway_url.rstrip("/")})

    async def _get_gateway_bot(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return _json_response(
            {
                "url": self.gateway_url.rstrip("/"),
                "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
            }
        )

    async def _get_me(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return _json_response({**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "locale": "en-US"})

    async def _get_user(self, request: web.Request, p: dict[str, str]) -> web.Response:
        user = self.users.get(int(p["user_id"]))
        if user is None:
            raise _ApiError(404, 10013, "Unknown User")
        return _json_response(user.payload())

    async def _get_application(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return _json_response(
            {
                "id": str(self.application_id),
                "name": self.bot_user.name,
                "icon": None,
                "description": "Discord twin application",
                "bot_public": False,
                "bot_require_code_grant": False,
                "owner": self._owner.payload(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 1 << 19 | 1 << 15 | 1 << 13,  # message content / members / presence limited
                "summary": "",
                "tags": [],
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "bot": self.bot_user.payload(),
                "approximate_guild_count": len(self.guilds),
            }
        )

    def _command_scope(self, p: dict[str, str]) -> int | None:
        if int(p["app_id"]) != self.application_id:
            raise _ApiError(403, 50001, "Missing Access")
        guild_id = int(p["guild_id"]) if "guild_id" in p else None
        if guild_id is not None and guild_id not in self.guilds:
            raise _ApiError(403, 50001, "Missing Access")
        return guild_id

    def _validate_command(self, cmd: JSON, where: str) -> None:
        name = cmd.get("name", "")
        ctype = cmd.get("type", 1)
        if ctype == 1:
            if not _COMMAND_NAME_RE.match(name) or name != name.lower():
                raise _form_error(f"{where}.name", f"Invalid command name {name!r}")
            if not 1 <= len(cmd.get("description", "")) <= 100:
                raise _form_error(f"{where}.description", "Must be between 1 and 100 in length.")
        options = cmd.get("options") or []
        if len(options) > 25:
            raise _form_error(f"{where}.options", "Must be 25 or fewer in length.")
        seen_optional = False
        for i, opt in enumerate(options):
            self._validate_command({**opt, "type": 1}, f"{where}.options.{i}")
            if opt["type"] in (OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP):
                continue
            if opt.get("required"):
                if seen_optional:
                    raise _form_error(
                        f"{where}.options.{i}", "Required options must be placed before non-required options"
                    )
            else:
                seen_optional = True
            if len(opt.get("choices") or []) > 25:
                raise _form_error(f"{where}.options.{i}.choices", "Must be 25 or fewer in length.")
            if opt.get("choices") and opt.get("autocomplete"):
                raise _form_error(f"{where}.options.{i}", "Autocomplete and choices are mutually exclusive")

    def _stored_command(self, scope: int | None, cmd: JSON, existing: JSON | None) -> JSON:
        out = dict(cmd)
        out.update(
            id=existing["id"] if existing else str(self._snowflake()),
            application_id=str(self.application_id),
            version=str(self._snowflake()),
            type=cmd.get("type", 1),
            description=cmd.get("description", ""),
            default_member_permissions=cmd.get("default_member_permissions"),
            nsfw=cmd.get("nsfw", False),
        )
        if scope is not None:
            out["guild_id"] = str(scope)
        return out

    @staticmethod
    def _command_key(cmd: JSON) -> str:
        return f"{cmd.get('type', 1)}:{cmd['name']}"

    async def _put_commands(self, request: web.Request, p: dict[str, str]) -> web.Response:
        scope = self._command_scope(p)
        body, _ = await self._read_body(request)
        if not isinstance(body, list):
            raise _form_error("_", "Expected a list of commands")
        if len(body) > 100:
            raise _form_error("_", "Must be 100 or fewer in length.")
        old = self.commands.get(scope, {})
        new: dict[str, JSON] = {}
        for i, cmd in enumerate(body):
            self._validate_command(cmd, str(i))
            key = self._command_key(cmd)
            if key in new:
                raise _form_error(
                    f"{i}.name", "Application command names must be unique", "APPLICATION_COMMANDS_DUPLICATE_NAME"
                )
            new[key] = self._stored_command(scope, cmd, old.get(key))
        self.commands[scope] = new
        return _json_response(list(new.values()))

    async def _get_commands(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return _json_response(list(self.commands.get(self._command_scope(p), {}).values()))

    async def _post_command(self, request: web.Request, p: dict[str, str]) -> web.Response:
        scope = self._command_scope(p)
        cmd, _ = await self._read_body(request)
        self._validate_command(cmd, "")
        table = self.commands.setdefault(scope, {})
        key = self._command_key(cmd)
        table[key] = self._stored_command(scope, cmd, table.get(key))
        return _json_response(table[key], 201)

    def _command_by_id(self, p: dict[str, str]) -> tuple[int | None, str, JSON]:
        scope = self._command_scope(p)
        for key, cmd in self.commands.get(scope, {}).items():
            if cmd["id"] == p["command_id"]:
                return scope, key, cmd
        raise _ApiError(404, 10063, "Unknown application command")

    async def _get_command(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return _json_response(self._command_by_id(p)[2])

    async def _patch_command(self, request: web.Request, p: dict[str, str]) -> web.Response:
        scope, key, cmd = self._command_by_id(p)
        body, _ = await self._read_body(request)
        merged = {**cmd, **body}
        self._validate_command(merged, "")
        del self.commands[scope][key]
        self.commands[scope][self._command_key(merged)] = stored = self._stored_command(scope, merged, cmd)
        return _json_response(stored)

    async def _delete_command(self, request: web.Request, p: dict[str, str]) -> web.Response:
        scope, key, _ = self._command_by_id(p)
        del self.commands[scope][key]
        return web.Response(status=204)

    async def _create_dm(self, request: web.Request, p: dict[str, str]) -> web.Response:
        body, _ = await self._read_body(request)
        try:
            uid = int(body["recipient_id"])
        except (KeyError, TypeError, ValueError) as exc:
            raise _form_error("recipient_id", "This field is required") from exc
        if uid not in self.users or uid == self.bot_user.id:
            raise _ApiError(400, 50033, "Invalid Recipient(s)")
        return _json_response(self._channel_payload(self.channels[self.dm_channel_id(uid)]))

    def _channel_or_404(self, channel_id: str) -> TwinChannel:
        channel = self.channels.get(int(channel_id))
        if channel is None:
            raise _ApiError(404, 10003, "Unknown Channel")
        return channel

    def _message_or_404(self, channel_id: int, message_id: str) -> TwinMessage:
        msg = self.messages.get(int(message_id))
        if msg is None or msg.deleted or msg.channel_id != channel_id or msg.ephemeral:
            raise _ApiError(404, 10008, "Unknown Message")
        return msg

    async def _get_channel(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return _json_response(self._channel_payload(self._channel_or_404(p["channel_id"])))

    async def _typing(self, request: web.Request, p: dict[str, str]) -> web.Response:
        self._channel_or_404(p["channel_id"])
        return web.Response(status=204)

    async def _list_messages(self, request: web.Request, p: dict[str, str]) -> web.Response:
        channel = self._channel_or_404(p["channel_id"])
        msgs = self.channel_messages(channel.id)
        q = request.query
        limit = max(1, min(100, int(q.get("limit", "50"))))
        if "before" in q:
            msgs = [m for m in msgs if m.id < int(q["before"])]
        if "after" in q:
            msgs = [m for m in msgs if m.id > int(q["after"])][:limit]
        if "around" in q:
            around = int(q["around"])
            older = [m for m in msgs if m.id <= around][-(limit // 2 + 1) :]
            newer = [m for m in msgs if m.id > around][: limit - len(older)]
            msgs = older + newer
        msgs = list(reversed(msgs))[:limit]  # newest first, like Discord
        return _json_response([m.payload() for m in msgs])

    def _check_can_post(self, channel: TwinChannel, with_files: bool = False) -> None:
        if channel.type == 1 and channel.recipient_id in self._refused_dms:
            raise _ApiError(403, 50007, "Cannot send messages to this user")
        if channel.guild_id is not None:
            # A thread takes its permissions from its channel's overwrites.
            perms = self.bot_channel_permissions(
                self.channels[channel.parent_id or 0] if channel.is_thread else channel
            )
            if not perms & VIEW_CHANNEL:
                raise _ApiError(403, 50001, "Missing Access")
            needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
            if not perms & needed or (with_files and not perms & ATTACH_FILES):
                raise _ApiError(403, 50013, "Missing Permissions")
        if channel.is_thread:
            channel.archived = False  # a message in an archived (unlocked) thread brings it back, as on Discord

    def _thread_member(self, thread_id: int) -> JSON:
        thread = self.channels[thread_id]
        return {"id": str(thread_id), "user_id": str(self.bot_user.id), "join_timestamp": thread.created_at, "flags": 0}

    async def _start_thread(self, request: web.Request, p: dict[str, str]) -> web.Response:
        """POST /channels/{id}/threads: a thread without a starter message (Discord's default type is private)."""
        parent = self._channel_or_404(p["channel_id"])
        body, _ = await self._read_body(request)
        if parent.guild_id is None or parent.type not in (CHANNEL_TEXT, CHANNEL_NEWS):
            raise _ApiError(400, 50024, "Cannot execute action on this channel type")
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise _form_error("name", "Must be between 1 and 100 in length.", "BASE_TYPE_BAD_LENGTH")
        kind = int(body.get("type") or THREAD_PRIVATE)
        if kind not in THREAD_TYPES:
            raise _form_error("type", "Value must be one of {11, 12}.", "BASE_TYPE_CHOICES")
        duration = int(body.get("auto_archive_duration") or 1440)
        if duration not in ARCHIVE_DURATIONS:
            raise _form_error("auto_archive_duration", "Value must be one of (60, 1440, 4320, 10080).")
        perms = self.bot_channel_permissions(parent)
        needed = CREATE_PUBLIC_THREADS if kind == THREAD_PUBLIC else CREATE_PRIVATE_THREADS
        if not perms & VIEW_CHANNEL or not perms & needed:
            raise _ApiError(403, 50013, "Missing Permissions")
        thread = TwinChannel(
            self._snowflake(),
            kind,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            auto_archive_duration=duration,
        )
        self.channels[thread.id] = thread
        self.guilds[parent.guild_id].thread_ids.append(thread.id)
        payload = {**self._thread_payload(thread), "member": self._thread_member(thread.id)}
        self._fire("THREAD_CREATE", lambda s: {**payload, "newly_created": True})
        return _json_response(payload, 201)

    def _check_rate(self, channel: TwinChannel) -> None:
        """Discord's per-channel limit on the bot's messages (posts and edits): 429 past it."""
        if self.channel_writes is None or channel.guild_id is None:
            return
        now = time.monotonic()
        recent = [w.at for w in self.writes if w.channel_id == channel.id and now - w.at < self.channel_window]
        if len(recent) >= self.channel_writes:
            retry_after = round(self.channel_window - (now - recent[-self.channel_writes]), 3)
            raise _ApiError(429, 0, "You are being rate limited.", retry_after=max(retry_after, 0.001))

    def _note_write(
        self, channel: TwinChannel, msg: TwinMessage, kind: str, files: Mapping[int, tuple[str, bytes]]
    ) -> None:
        if channel.guild_id is not None:
            uploaded = sum(len(data) for _, data in files.values())
            self.writes.append(
                ChannelWrite(channel.id, msg.id, kind, len(msg.content.encode()), uploaded, time.monotonic())
            )

    def channel_writes_of(self, channel_id: int, kind: str | None = None) -> list[ChannelWrite]:
        """The bot's posts and edits in a channel (or thread), oldest first; `kind` "post" or "edit" only."""
        return [w for w in self.writes if w.channel_id == channel_id and kind in (None, w.kind)]

    async def _post_message(self, request: web.Request, p: dict[str, str]) -> web.Response:
        channel = self._channel_or_404(p["channel_id"])
        body, files = await self._read_body(request)
        self._check_can_post(channel, bool(files))
        self._check_rate(channel)
        mtype = 19 if body.get("message_reference") else 0
        msg = self._create_message(channel.id, body, files, mtype=mtype)
        self._note_write(channel, msg, "post", files)
        await self._dispatch_message_event("MESSAGE_CREATE", msg)
        return _json_response(msg.payload())

    async def _get_message(self, request: web.Request, p: dict[str, str]) -> web.Response:
        channel = self._channel_or_404(p["channel_id"])
        return _json_response(self._message_or_404(channel.id, p["message_id"]).payload())

    def _note_component_edit(self, msg: TwinMessage) -> None:
        """An edit of a clicked message completes a deferred update (type 6) on it."""
        for record in self._interactions.values():
            if record.source_message_id == msg.id and record.response_type == CB_DEFERRED_UPDATE:
                record.completed = True

    async def _patch_message(self, request: web.Request, p: dict[str, str]) -> web.Response:
        channel = self._channel_or_404(p["channel_id"])
        msg = self._message_or_404(channel.id, p["message_id"])
        if msg.author.id != self.bot_user.id:
            raise _ApiError(403, 50005, "Cannot edit a message authored by another user")
        body, files = await self._read_body(request)
        self._check_rate(channel)
        self._edit_message(msg, body, files)
        self._note_write(channel, msg, "edit", files)
        self._note_component_edit(msg)
        await self._dispatch_message_event("MESSAGE_UPDATE", msg)
        return _json_response(msg.payload())

    async def _thread_from_message(self, request: web.Request, p: dict[str, str]) -> web.Response:
        """POST /channels/{id}/messages/{id}/threads: a public thread on a message, with the message's id."""
        parent = self._channel_or_404(p["channel_id"])
        msg = self._message_or_404(parent.id, p["message_id"])
        body, _ = await self._read_body(request)
        if parent.guild_id is None or parent.type not in (CHANNEL_TEXT, CHANNEL_NEWS):
            raise _ApiError(400, 50024, "Cannot execute action on this channel type")
        if msg.id in self.channels:
            raise _ApiError(400, 160004, "A thread has already been created for this message")
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise _form_error("name", "Must be between 1 and 100 in length.", "BASE_TYPE_BAD_LENGTH")
        duration = int(body.get("auto_archive_duration") or 1440)
        if duration not in ARCHIVE_DURATIONS:
            raise _form_error("auto_archive_duration", "Value must be one of (60, 1440, 4320, 10080).")
        perms = self.bot_channel_permissions(parent)
        if not perms & VIEW_CHANNEL or not perms & CREATE_PUBLIC_THREADS:
            raise _ApiError(403, 50013, "Missing Permissions")
        thread = TwinChannel(
            msg.id,
            THREAD_PUBLIC,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            auto_archive_duration=duration,
        )
        self.channels[thread.id] = thread
        self.guilds[parent.guild_id].thread_ids.append(thread.id)
        payload = {**self._thread_payload(thread), "member": self._thread_member(thread.id)}
        self._fire("THREAD_CREATE", lambda s: {**payload, "newly_created": True})
        return _json_response(payload, 201)

    async def _delete_message(self, request: web.Request, p: dict[str, str]) -> web.Response:
        channel = self._channel_or_404(p["channel_id"])
        msg = self._message_or_404(channel.id, p["message_id"])
        if (
            msg.author.id != self.bot_user.id
            and channel.guild_id is not None
            and not self.member_permissions(channel.guild_id, self.bot_user.id) & MANAGE_MESSAGES
        ):
            raise _ApiError(403, 50013, "Missing Permissions")
        await self._delete(msg)
        return web.Response(status=204)

    async def _delete(self, msg: TwinMessage) -> None:
        msg.deleted = True
        self._note_component_edit(msg)
        if not msg.ephemeral:
            data: JSON = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id is not None:
                data["guild_id"] = str(msg.guild_id)
            needed = INTENT_GUILD_MESSAGES if msg.guild_id is not None else INTENT_DIRECT_MESSAGES
            for session in list(self._sessions.values()):
                if not session.invalid and session.intents & needed:
                    await session.dispatch("MESSAGE_DELETE", data)

    @staticmethod
    def _emoji_key(raw: str) -> str:
        # discord.py sends unicode emoji as-is and custom ones as "name:id" (URL-quoted).
        return urllib.parse.unquote(raw)

    async def _reaction_event(self, event: str, msg: TwinMessage, emoji: str, user_id: int) -> None:
        data: JSON = {
            "user_id": str(user_id),
            "channel_id": str(msg.channel_id),
            "message_id": str(msg.id),
            "emoji": _emoji_payload(emoji),
            "burst": False,
            "type": 0,
        }
        needed = INTENT_DIRECT_MESSAGE_REACTIONS
        if msg.guild_id is not None:
            needed = INTENT_GUILD_MESSAGE_REACTIONS
            data["guild_id"] = str(msg.guild_id)
            member = self.guilds[msg.guild_id].members.get(user_id)
            if member is not None and event == "MESSAGE_REACTION_ADD":
                data["member"] = self._member_payload(member)
        if event == "MESSAGE_REACTION_ADD":
            data["message_author_id"] = str(msg.author.id)
        for session in list(self._sessions.values()):
            if not session.invalid and session.intents & needed:
                await session.dispatch(event, data)

    async def react(self, user_id: int, message: TwinMessage | int, emoji: str) -> None:
        """``user_id`` adds reaction ``emoji`` to a message (dispatches MESSAGE_REACTION_ADD)."""
        msg = self.messages[message if isinstance(message, int) else message.id]
        users = msg.reactions.setdefault(emoji, [])
        if user_id not in users:
            users.append(user_id)
            await self._reaction_event("MESSAGE_REACTION_ADD", msg, emoji, user_id)

    async def _put_reaction(self, request: web.Request, p: dict[str, str]) -> web.Response:
        channel = self._channel_or_404(p["channel_id"])
        msg = self._message_or_404(channel.id, p["message_id"])
        emoji = self._emoji_key(p["emoji"])
        users = msg.reactions.setdefault(emoji, [])
        if self.bot_user.id not in users:
            if len(msg.reactions) > 20:
                raise _ApiError(400, 30010, "Maximum number of reactions reached (20)")
            users.append(self.bot_user.id)
            await self._reaction_event("MESSAGE_REACTION_ADD", msg, emoji, self.bot_user.id)
        return web.Response(status=204)

    async def _delete_reaction(self, request: web.Request, p: dict[str, str]) -> web.Response:
        channel = self._channel_or_404(p["channel_id"])
        msg = self._message_or_404(channel.id, p["message_id"])
        emoji = self._emoji_key(p["emoji"])
        uid = self.bot_user.id if p["user_id"] == "@me" else int(p["user_id"])
        users = msg.reactions.get(emoji, [])
        if uid in users:
            users.remove(uid)
            await self._reaction_event("MESSAGE_REACTION_REMOVE", msg, emoji, uid)
        return web.Response(status=204)

    async def _get_reactions(self, request: web.Request, p: dict[str, str]) -> web.Response:
        channel = self._channel_or_404(p["channel_id"])
        msg = self._message_or_404(channel.id, p["message_id"])
        users = msg.reactions.get(self._emoji_key(p["emoji"]), [])
        after = int(request.query.get("after", "0"))
        limit = int(request.query.get("limit", "25"))
        return _json_response([self.users[u].payload() for u in sorted(users) if u > after][:limit])

    async def _clear_reactions(self, request: web.Request, p: dict[str, str]) -> web.Response:
        channel = self._channel_or_404(p["channel_id"])
        msg = self._message_or_404(channel.id, p["message_id"])
        if "emoji" in p:
            msg.reactions.pop(self._emoji_key(p["emoji"]), None)
        else:
            msg.reactions.clear()
        return web.Response(status=204)

    async def _get_guild(self, request: web.Request, p: dict[str, str]) -> web.Response:
        return _json_response(self._guild_payload(self._guild_or_404(p["guild_id"])))

    def _guild_or_404(self, guild_id: str) -> TwinGuild:
        guild = self.guilds.get(int(guild_id))
        if guild is None:
            raise _ApiError(404, 10004, "Unknown Guild")
        return guild

    async def _get_guild_channels(self, request: web.Request, p: dict[str, str]) -> web.Response:
        guild = self._guild_or_404(p["guild_id"])
        return _json_response([self._channel_payload(self.channels[c]) for c in guild.channel_ids])

    async def _get_roles(self, request: web.Request, p: dict[str, str]) -> web.Response:
        guild = self._guild_or_404(p["guild_id"])
        return _json_response([r.payload() for r in guild.roles.values()])

    async def _list_members(self, request: web.Request, p: dict[str, str]) -> web.Response:
        guild = self._guild_or_404(p["guild_id"])
        limit = max(1, min(1000, int(request.query.get("limit", "1"))))
        after = int(request.query.get("after", "0"))
        members = sorted((m for m in guild.members.values() if m.user_id > after), key=lambda m: m.user_id)
        return _json_response([self._member_payload(m) for m in members[:limit]])

    async def _get_member(self, request: web.Request, p: dict[str, str]) -> web.Response:
        guild = self._guild_or_404(p["guild_id"])
        member = guild.members.get(int(p["user_id"]))
        if member is None:
            raise _ApiError(404, 10007, "Unknown Member")
        return _json_response(self._member_payload(member))

    # ------------------------------------------------------------------ interactions (REST side)

    def _record_or_404(self, token: str, code: int = 10015, message: str = "Unknown Webhook") -> _InteractionRecord:
        record = self._interactions.get(token)
        if record is None:
            raise _ApiError(404, code, message)
        return record

    async def _callback(self, request: web.Request, p: dict[str, str]) -> web.Response:
        record = self._record_or_404(p["token"], 10062, "Unknown interaction")
        if str(record.id) != p["interaction_id"]:
            raise _ApiError(404, 10062, "Unknown interaction")
        body, files = await self._read_body(request)
        if self.interaction_deadline is not None and time.monotonic() - record.created > self.interaction_deadline:
            raise _ApiError(404, 10062, "Unknown interaction")
        if record.response_type is not None:
            raise _ApiError(400, 40060, "Interaction has already been acknowledged.")
        ctype = int(body.get("type", 0))
        data: JSON = body.get("data") or {}
        allowed = {
            APPLICATION_COMMAND: {CB_MESSAGE, CB_DEFERRED_MESSAGE, CB_MODAL},
            MESSAGE_COMPONENT: {CB_MESSAGE, CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE, CB_UPDATE, CB_MODAL},
            MODAL_SUBMIT: {CB_MESSAGE, CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE, CB_UPDATE},
            AUTOCOMPLETE: {CB_AUTOCOMPLETE},
            PING: {CB_PONG},
        }[record.type]
        if ctype not in allowed:
            raise _form_error("type", f"Callback type {ctype} is not valid for interaction type {record.type}")
        if ctype in (CB_UPDATE, CB_DEFERRED_UPDATE) and record.source_message_id is None:
            raise _form_error("type", "This interaction has no message to update")
        if ctype == CB_AUTOCOMPLETE:
            choices = data.get("choices") or []
            if len(choices) > 25:
                raise _form_error("data.choices", "Must be 25 or fewer in length.")
            for i, choice in enumerate(choices):
                if not 1 <= len(str(choice.get("name", ""))) <= 100:
                    raise _form_error(f"data.choices.{i}.name", "Must be between 1 and 100 in length.")
        if ctype == CB_MODAL and not (data.get("custom_id") and data.get("title") and data.get("components")):
            raise _form_error("data", "A modal needs custom_id, title and components")

        message: TwinMessage | None = None
        mtype = 20 if record.type == APPLICATION_COMMAND else 0
        if ctype == CB_MESSAGE:
            message = self._create_message(
                record.channel_id, data, files, mtype=mtype, webhook=True, interaction=record
            )
        elif ctype == CB_DEFERRED_MESSAGE:
            message = self._create_message(
                record.channel_id, data, {}, mtype=mtype, webhook=True, interaction=record, extra_flags=FLAG_LOADING
            )
        elif ctype == CB_UPDATE:
            message = self.messages[record.source_message_id or 0]
            self._edit_message(message, data, files)
        elif ctype == CB_DEFERRED_UPDATE:
            message = self.messages[record.source_message_id or 0]
        record.response_type = ctype
        record.response_data = data
        if message is not None:
            record.original_message_id = message.id
        if ctype == CB_MESSAGE and message is not None:
            await self._dispatch_message_event("MESSAGE_CREATE", message)
        elif ctype == CB_UPDATE and message is not None:
            await self._dispatch_message_event("MESSAGE_UPDATE", message)

        answer: JSON = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "response_message_loading": ctype == CB_DEFERRED_MESSAGE,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            },
            "resource": {"type": ctype},
        }
        if message is not None:
            answer["interaction"]["response_message_id"] = str(message.id)
            if ctype != CB_DEFERRED_UPDATE:
                answer["resource"]["message"] = message.payload()
        return _json_response(answer)

    def _webhook_record(self, p: dict[str, str]) -> _InteractionRecord:
        if int(p["app_id"]) != self.application_id:
            raise _ApiError(404, 10015, "Unknown Webhook")
        record = self._record_or_404(p["token"])
        if record.response_type is None:
            raise _ApiError(404, 10015, "Unknown Webhook")
        return record

    def _webhook_message(self, record: _InteractionRecord, message_id: str) -> TwinMessage:
        if message_id == "@original":
            mid = record.original_message_id
        else:
            mid = int(message_id)
            if mid not in record.followup_ids and mid != record.original_message_id:
                mid = None
        msg = None if mid is None else self.messages.get(mid)
        if msg is None or msg.deleted:
            raise _ApiError(404, 10008, "Unknown Message")
        return msg

    async def _webhook_execute(self, request: web.Request, p: dict[str, str]) -> web.Response:
        record = self._webhook_record(p)
        body, files = await self._read_body(request)
        original = self.messages.get(record.original_message_id or 0)
        if original is not None and original.loading and not original.deleted:
            # The first followup after a deferred "thinking" response replaces the placeholder.
            self._edit_message(original, {k: v for k, v in body.items() if k != "flags"}, files)
            msg = original
            event = "MESSAGE_UPDATE"
        else:
            mtype = 20 if record.type == APPLICATION_COMMAND else 0
            msg = self._create_message(record.channel_id, body, files, mtype=mtype, webhook=True, interaction=record)
            record.followup_ids.append(msg.id)
            event = "MESSAGE_CREATE"
        record.completed = True
        await self._dispatch_message_event(event, msg)
        if request.query.get("wait") in ("1", "true", "True"):
            return _json_response(msg.payload())
        return web.Response(status=204)

    async def _webhook_get(self, request: web.Request, p: dict[str, str]) -> web.Response:
        record = self._webhook_record(p)
        return _json_response(self._webhook_message(record, p["message_id"]).payload())

    async def _webhook_edit(self, request: web.Request, p: dict[str, str]) -> web.Response:
        record = self._webhook_record(p)
        msg = self._webhook_message(record, p["message_id"])
        body, files = await self._read_body(request)
        self._edit_message(msg, body, files)
        if p["message_id"] == "@original" or msg.id == record.original_message_id:
            record.completed = True
        self._note_component_edit(msg)
        await self._dispatch_message_event("MESSAGE_UPDATE", msg)
        return _json_response(msg.payload())

    async def _webhook_delete(self, request: web.Request, p: dict[str, str]) -> web.Response:
        record = self._webhook_record(p)
        msg = self._webhook_message(record, p["message_id"])
        was_loading = msg.loading
        await self._delete(msg)
        if msg.id == record.original_message_id and not was_loading:
            # Deleting a "thinking" placeholder answers nobody: the user still waits for a followup.
            record.completed = True
        return web.Response(status=204)

    # ------------------------------------------------------------------ gateway

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        session: _Session | None = None
        client_close_code: int | None = None
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None}))
        try:
            while True:
                msg = await ws.receive()
                if msg.type is WSMsgType.CLOSE:
                    client_close_code = int(msg.data)
                    break
                if msg.type in (WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    break
                if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    continue
                raw = msg.data if isinstance(msg.data, str) else msg.data.decode()
                frame = json.loads(raw)
                op, data = frame.get("op"), frame.get("d")
                if op == 1:
                    await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
                elif op == 2:
                    session = await self._identify(ws, data or {})
                elif op == 6:
                    session = await self._resume(ws, data or {})
                elif op == 3:
                    self.presence = data
                elif op == 8 and session is not None:
                    await self._request_members(session, data or {})
                else:
                    self.unexpected.append(RecordedRequest("GATEWAY", f"op {op}", raw[:500]))
                self._bump()
        finally:
            if session is not None and session.ws is ws:
                session.ws = None
                if client_close_code in (1000, 1001):
                    session.invalid = True  # a clean close by the client ends the session, as on Discord
            if not ws.closed:
                with contextlib.suppress(Exception):
                    await ws.close()
            self._bump()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: JSON) -> _Session | None:
        if data.get("token") != self.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        intents = int(data.get("intents") or 0)
        if intents & PRIVILEGED_INTENTS & ~self.privileged_intents:
            await ws.close(code=4014, message=b"Disallowed intent(s).")
            return None
        session = _Session(secrets.token_hex(16), intents)
        self._sessions[session.id] = session
        session.ws = ws
        self.identify_count += 1
        self.presence = data.get("presence")
        ready = {
            "v": 10,
            "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g), "unavailable": True} for g in self.guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 1 << 19 | 1 << 15 | 1 << 13},
            "private_channels": [],
            "relationships": [],
            "user_settings": {},
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "guild_join_requests": [],
            "auth_session_id_hash": "",
        }
        if data.get("shard") is not None:
            ready["shard"] = data["shard"]
        await session.dispatch("READY", ready)
        for guild in list(self.guilds.values()):
            await session.dispatch("GUILD_CREATE", self._guild_create_payload(guild, intents))
        session.ready = True
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: JSON) -> _Session | None:
        session = self._sessions.get(str(data.get("session_id")))
        if data.get("token") != self.token or session is None or session.invalid:
            await ws.send_str(json.dumps({"op": 9, "d": False, "s": None, "t": None}))
            return None
        old = session.ws
        session.ws = ws
        session.ready = False
        if old is not None and not old.closed:
            with contextlib.suppress(Exception):
                await old.close(code=4000)
        self.resume_count += 1
        last = int(data.get("seq") or 0)
        for seq, frame in list(session.buffer):
            if seq > last:
                await session.send_raw(frame)
        await session.dispatch("RESUMED", {})
        session.ready = True
        return session

    async def _request_members(self, session: _Session, data: JSON) -> None:
        guild = self.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        members = list(guild.members.values())
        query = data.get("query")
        if data.get("user_ids"):
            wanted = {int(u) for u in data["user_ids"]}
            members = [m for m in members if m.user_id in wanted]
        elif query:
            members = [m for m in members if self.users[m.user_id].name.startswith(query)]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: JSON = {
            "guild_id": str(guild.id),
            "members": [self._member_payload(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

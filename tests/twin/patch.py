"""Point discord.py at a :class:`~tests.twin.server.DiscordTwin` by patching class attributes.

In-process::

    with pointed_at(twin):
        await bot.start(twin.token)

In a child process (``python bot.py``) put ``tests/twin`` on ``PYTHONPATH`` and set
``ARBITER_TWIN_URL=http://127.0.0.1:PORT`` (``twin.base_url``); ``sitecustomize`` then calls
:func:`apply` before the bot's code runs. This module must stay importable on its own (no
imports of the rest of the package at runtime) because sitecustomize loads it by file path.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .server import DiscordTwin

ENV_URL = "ARBITER_TWIN_URL"
ENV_GUILD_READY_TIMEOUT = "ARBITER_TWIN_GUILD_READY_TIMEOUT"


def apply(base_url: str, *, guild_ready_timeout: float | None = None) -> Callable[[], None]:
    """Patch discord.py to use the twin at ``base_url`` (``http://127.0.0.1:PORT``).

    Patches ``discord.http.Route.BASE`` (all REST, interaction callbacks and webhooks),
    ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` and ``discord.asset.Asset.BASE``.
    With ``guild_ready_timeout`` the default of that Client option (2 s in discord.py) is
    replaced so ``on_ready`` fires quickly; an explicit value passed by the bot still wins.
    Returns a function that undoes every patch.
    """
    import discord.asset
    import discord.gateway
    import discord.http
    import discord.state
    import yarl

    base = base_url.rstrip("/")
    ws_url = yarl.URL(base.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + "/")
    saved: list[tuple[Any, str, Any]] = [
        (discord.http.Route, "BASE", discord.http.Route.BASE),
        (discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY),
        (discord.asset.Asset, "BASE", discord.asset.Asset.BASE),
    ]
    discord.http.Route.BASE = f"{base}/api/v{discord.http.INTERNAL_API_VERSION}"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = ws_url
    discord.asset.Asset.BASE = base

    if guild_ready_timeout is not None:
        state_cls = discord.state.ConnectionState
        original_init = state_cls.__init__
        saved.append((state_cls, "__init__", original_init))

        def patched_init(self: Any, *args: Any, **options: Any) -> None:
            options.setdefault("guild_ready_timeout", guild_ready_timeout)
            original_init(self, *args, **options)

        state_cls.__init__ = patched_init  # type: ignore[method-assign]

    def undo() -> None:
        for owner, name, value in reversed(saved):
            setattr(owner, name, value)

    return undo


@contextlib.contextmanager
def pointed_at(twin: DiscordTwin, *, guild_ready_timeout: float | None = 0.05) -> Iterator[DiscordTwin]:
    """Context manager: discord.py talks to ``twin`` inside the block; patches are undone after.

    ``guild_ready_timeout`` (default 0.05 s) becomes the default of the Client option of that
    name, so ``on_ready`` fires right after the GUILD_CREATEs instead of 2 s later. Pass
    ``None`` to keep discord.py's default.
    """
    undo = apply(twin.base_url, guild_ready_timeout=guild_ready_timeout)
    try:
        yield twin
    finally:
        undo()

"""Opening matches through the real service, for the benchmarks and the soak."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from app.delivery import NullDelivery
from app.rendering import NoImages, Renderer
from app.service import MatchService
from db.records import MatchRecord
from db.sqlite import SqliteStore
from engine.core import Game
from engine.playout import choose_move

USER_BASE = 5_000_000
"""Bench and soak users get ids from here on, so they never collide with a channel or match id."""


def users_for(table: int, players: int) -> list[int]:
    return [USER_BASE + table * 10 + i for i in range(players)]


async def open_service(
    path: Path,
    *,
    delivery: Any = None,
    renderer: Renderer | None = None,
    seed: int = 1,
    busy_timeout_ms: int = 5000,
    state_cache_size: int | None = None,
) -> tuple[SqliteStore, MatchService]:
    store = await SqliteStore.open(path, busy_timeout_ms=busy_timeout_ms)
    extra: dict[str, Any] = {} if state_cache_size is None else {"state_cache_size": state_cache_size}
    service = MatchService(
        store,
        delivery if delivery is not None else NullDelivery(),
        renderer or NoImages(),
        seed_source=random.Random(seed),
        allow_unoffered_games=True,
        **extra,
    )
    return store, service


async def open_match(
    service: MatchService,
    game: Game[Any],
    *,
    channel: int,
    users: list[int],
    seed: int,
    options: dict[str, Any] | None = None,
) -> MatchRecord:
    """New match, everyone joins, the creator starts it with seats in join order."""
    await service.new_match(
        game_name=game.name,
        options=dict(options or {}),
        guild_id=None,
        channel_id=channel,
        user_id=users[0],
        seed=seed,
    )
    for user in users[1:]:
        await service.join(channel_id=channel, user_id=user)
    return await service.start(channel_id=channel, user_id=users[0], seat_order="join")


async def play_random(
    service: MatchService, game: Game[Any], record: MatchRecord, rng: random.Random, moves: int | None = None
) -> MatchRecord:
    """Random legal moves through the service: `moves` of them, or until the match ends when None."""
    played = 0
    while record.status == "active" and (moves is None or played < moves):
        move = choose_move(game, service.state_of(record), rng)
        assert move is not None, "nobody may move in an active match"
        seat, action = move
        user = record.user_at(seat)
        assert user is not None
        record = (await service.act(user_id=user, action=action, match_id=record.id)).record
        played += 1
    return record

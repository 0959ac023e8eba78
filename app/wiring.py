"""Building a MatchService from settings: one place, shared by the bot, the local table and the tools."""

from __future__ import annotations

import random
from pathlib import Path

from app.bots import BotSeats
from app.clock import Clock, utc_now
from app.config import Config
from app.delivery import Delivery
from app.rendering import PillowRenderer, Renderer
from app.service import MatchService
from db.sqlite import SqliteStore


async def open_service(
    config: Config,
    delivery: Delivery,
    *,
    db_path: Path | None = None,
    renderer: Renderer | None = None,
    seed_source: random.Random | None = None,
    allow_unoffered_games: bool = False,
    clock: Clock = utc_now,
) -> MatchService:
    import engine

    engine.load_games()
    store = await SqliteStore.open(db_path or config.database_path, busy_timeout_ms=config.database.busy_timeout_ms)
    service = MatchService(
        store,
        delivery,
        renderer or PillowRenderer(config.render.theme),
        seed_source=seed_source,
        allow_unoffered_games=allow_unoffered_games,
        clock_config=config.clocks,
        lobby_config=config.lobbies,
        limits=config.limits,
        clock=clock,
    )
    BotSeats(service)  # bot seats are played after every change, wherever the service runs
    return service

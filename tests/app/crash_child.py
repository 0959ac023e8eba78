"""Child process for the crash test: plays one move, then dies by SIGKILL while delivering it.

Run as `python -m tests.app.crash_child DB_PATH`. The kill lands after the move's transaction has
committed and before anything was posted, the worst moment for a referee.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from pathlib import Path

from app.delivery import BoardPost, PrivatePost
from app.rendering import NoImages
from app.service import MatchService
from db.sqlite import SqliteStore
from tests.fixtures.trial_game import TRIAL  # noqa: F401  (registers the game)

CHANNEL = 77
ALICE, BOB = 1, 2


class DieOnSecondBoard:
    def __init__(self) -> None:
        self.boards = 0

    async def post_board(self, post: BoardPost) -> None:
        self.boards += 1
        if self.boards == 2:
            os.kill(os.getpid(), signal.SIGKILL)

    async def send_private(self, post: PrivatePost) -> bool:
        return True

    async def dm_refused(self, post: BoardPost, user_id: int) -> None:
        return None


async def main(path: Path) -> None:
    store = await SqliteStore.open(path)
    service = MatchService(
        store, DieOnSecondBoard(), NoImages(), seed_source=random.Random(1), allow_unoffered_games=True
    )
    await service.new_match(game_name="trial", options={}, guild_id=1, channel_id=CHANNEL, user_id=ALICE, seed=5)
    await service.join(channel_id=CHANNEL, user_id=BOB)
    await service.start(channel_id=CHANNEL, user_id=ALICE, seat_order="join")
    await service.act(user_id=ALICE, action="bid 1", channel_id=CHANNEL)
    print("survived", flush=True)  # never reached: the second board post kills the process


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))

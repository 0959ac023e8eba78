"""What a Codex match costs its Discord channel: messages, and their bytes.

    python -m bench.codex.channel_traffic                 # the whole seeded match, 1x1 images: counts only
    python -m bench.codex.channel_traffic --turns 3 --images   # the first 3 turns with real boards: bytes
    python -m bench.codex.channel_traffic --no-limit      # no rate limit in the twin (for a bot without pacing)
    python -m bench.codex.channel_traffic --turns 4 --images --pause 1.5   # moves at a player's pace

The real bot plays one seeded match (greedy bots in both seats, moves sent as fast as the service takes
them, or `--pause` seconds apart) against the Discord twin (tests/twin), which limits the bot's writes in a
channel as Discord does and records each. Printed as one JSON object: the messages left in the channel (and
the threads under it) with their bytes (text and attachments), and every post and edit the bot made with
the bytes it uploaded. The script uses nothing newer than the service's public use cases, so the same file
run against an older tree (with this twin) measures it the same way. docs/reliability.md has the figures
before and after #17.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from app.config import Config, DiscordConfig
from app.rendering import PillowRenderer
from cogs.client import ArbiterBot
from engine.codex import GAME
from engine.policy import POLICIES
from tests.twin.harness import running
from tests.twin.patch import pointed_at
from tests.twin.server import DiscordTwin

TINY_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082"
)
OPTIONS = {"hero1": "troq-bashar", "hero2": "river-montoya", "first_player": "p1"}


async def measure(seed: int, turns: int | None, images: bool, limit: bool = True, pause: float = 0.0) -> dict[str, Any]:
    if not images:
        PillowRenderer.board = lambda self, *args: TINY_PNG  # type: ignore[method-assign]
        PillowRenderer.private = lambda self, *args: TINY_PNG  # type: ignore[method-assign]
    async with DiscordTwin(default_timeout=60, channel_writes=5 if limit else None) as twin:
        with pointed_at(twin), tempfile.TemporaryDirectory() as folder:
            guild = twin.add_guild("Tabletop")
            channel = twin.add_text_channel(guild, "codex")
            alice, bob = twin.add_user("alice"), twin.add_user("bob")
            for user in (alice, bob):
                twin.add_member(guild, user)
            config = Config(base_dir=Path(folder), discord=DiscordConfig(dev_guild_id=guild, guild_ready_timeout=0.05))
            bot = ArbiterBot(config, db_path=Path(folder) / "codex.db")
            started = time.perf_counter()
            async with running(bot, twin, timeout=60):
                service = bot.service
                record = await service.new_match(
                    game_name="codex", options=OPTIONS, guild_id=guild, channel_id=channel, user_id=alice, seed=seed
                )
                await service.join(channel_id=channel, user_id=bob)
                record = await service.start(channel_id=channel, user_id=alice, seat_order="join")
                rng = random.Random(seed)
                greedy = POLICIES["greedy"]
                changes = 1
                while record.status == "active":
                    state = service.state_of(record)
                    if turns is not None and state.turn > turns:
                        break
                    seat = sorted(GAME.to_move(state))[0]
                    action = greedy.choose(GAME, GAME.view(state, seat), seat, GAME.legal_actions(state, seat), rng)
                    record = (await service.act(user_id=record.user_at(seat), action=action, match_id=record.id)).record
                    changes += 1
                    await asyncio.sleep(pause)
                settled = getattr(service, "settled", None)
                if settled is not None:
                    await settled()
                final_turn = service.state_of(record).turn
            where = {channel, *(t.id for t in twin.threads(channel))}
            shown = [m for c in where for m in twin.channel_messages(c) if m.author_id == twin.bot_user.id]
            writes = [w for w in twin.writes if w.channel_id in where]
            return {
                "seed": seed,
                "pause": pause,
                "images": images,
                "turns": final_turn if turns is None else min(turns, final_turn),
                "finished": record.status == "finished",
                "changes": changes,
                "messages": len(shown),
                "message_bytes": sum(len(m.content.encode()) + sum(a.size for a in m.attachments) for m in shown),
                "posts": sum(1 for w in writes if w.kind == "post"),
                "edits": sum(1 for w in writes if w.kind == "edit"),
                "uploaded_bytes": sum(w.content_bytes + w.upload_bytes for w in writes),
                "rate_limited": sum(1 for e in twin.http_errors if e.status == 429),
                "seconds": round(time.perf_counter() - started, 1),
            }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--turns", type=int, default=None, help="stop once this many turns were played")
    parser.add_argument("--images", action="store_true", help="draw the real boards (slow: about a second each)")
    parser.add_argument(
        "--no-limit",
        action="store_true",
        help="the twin lets every write through (a bot that does not pace itself then takes no 429s: quicker)",
    )
    parser.add_argument("--pause", type=float, default=0.0, help="seconds between moves (a player's pace)")
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(measure(args.seed, args.turns, args.images, not args.no_limit, args.pause))))
    return 0


if __name__ == "__main__":
    sys.exit(main())

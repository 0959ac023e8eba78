"""The local table: a hot-seat match in the terminal through the same MatchService and SQLite as Discord.

Board images are written to a folder; private views are shown only when a player asks for them, since
everyone shares the screen.
"""

from __future__ import annotations

import asyncio
import random
import re
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TextIO

from app.delivery import BoardPost, Notice, PrivatePost
from app.errors import Refusal
from app.service import MatchService
from engine.core import GameError, get_game, list_moves
from engine.i18n import Text, listing, render, t

MOVES_SHOWN = 30
LOCAL_CHANNEL = 1
FIRST_USER = 1

_SEAT_PREFIX = re.compile(r"^p(\d+)[:\s]\s*(.*)$", re.IGNORECASE)


class TerminalDelivery:
    """Prints the public board, saves each board image, and keeps private views until asked for.

    Only the newest `keep` images stay in the folder, so a long series of matches never fills the disk.
    """

    def __init__(self, out: TextIO, boards_dir: Path, *, keep: int = 50, locale: str | None = None) -> None:
        self.out = out
        self.boards_dir = boards_dir
        self.keep = keep
        self.locale = locale
        """The table's language (engine.i18n); English by default."""

    def say(self, text: Text = "") -> None:
        print(_plain(render(text, self.locale)), file=self.out, flush=True)

    def save_image(self, name: str, image: bytes) -> Path:
        """Write one image (the same match, version and viewer overwrite their earlier file), then prune."""
        path = self.boards_dir / name
        path.write_bytes(image)
        images = [*self.boards_dir.glob("board-*.png"), *self.boards_dir.glob("private-*.png")]
        images.sort(key=lambda p: (p.stat().st_mtime_ns, p.name))
        for old in images[: -self.keep]:
            old.unlink(missing_ok=True)
        return path

    async def post_board(self, post: BoardPost) -> None:
        for line in post.lines:
            self.say(t("app-local-line", line=line))
        if post.image is not None:
            path = self.save_image(f"board-m{post.match_id}-v{post.version:04d}.png", post.image)
            self.say(t("app-local-board-image", path=str(path)))
        for line in post.clocks:
            self.say(t("app-local-line", line=line))
        self.say(post.status)

    async def send_private(self, post: PrivatePost) -> bool:
        if post.your_move:
            self.say(t("app-local-private-changed", seat=f"p{post.seat + 1}"))
        return True

    async def dm_refused(self, post: BoardPost, user_id: int) -> None:
        return None

    async def post_notice(self, notice: Notice) -> None:
        self.say(notice.text)

    async def send_notice(self, user_id: int, text: Text) -> bool:
        return True  # everyone shares the screen: the channel notice is enough


def _plain(text: str) -> str:
    """Discord mentions read as seat names at a local table."""
    return re.sub(r"<@(\d+)>", lambda m: f"p{int(m.group(1)) - FIRST_USER + 1}", text)


async def play_local(
    service: MatchService,
    delivery: TerminalDelivery,
    game_name: str,
    *,
    players: int,
    seed: int | None,
    read_line: Callable[[str], Awaitable[str | None]],
    options: dict[str, Any] | None = None,
    fresh: bool = False,
) -> int:
    """Run a hot-seat match: the unfinished one of this game, if any, unless `fresh`; else a new one.

    Returns the exit status (0 when the match ended or the players quit).
    """
    game = get_game(game_name)
    existing = await service.repo.live_match_in_channel(LOCAL_CHANNEL)
    if existing is not None and existing.status == "active" and existing.game == game_name and not fresh:
        record = existing
        users = [m.user_id for m in record.seated()]
        waiting = listing(_plain(f"<@{u}>") for u in service.waiting_on(record))
        delivery.say(t("app-local-resuming", id=record.id, date=record.created_at[:10], waiting=waiting))
        await delivery.post_board(await service.board(match_id=record.id))
    else:
        if not game.min_players <= players <= game.max_players:
            delivery.say(
                t("app-local-seats", game=game.title, fewest=game.min_players, most=game.max_players, players=players)
            )
            return 2
        if existing is not None:
            # One live match per table: a fresh start sets the unfinished one aside (it stays in the log).
            await service.abort(user_id=existing.creator_id, can_manage_guild=True, channel_id=LOCAL_CHANNEL)
            if existing.status == "active":
                delivery.say(t("app-local-set-aside", id=existing.id))
        users = [FIRST_USER + i for i in range(players)]
        delivery.say(t("app-local-welcome", game=game.title, players=players))
        await service.new_match(
            game_name=game_name,
            options=dict(options or {}),
            guild_id=None,
            channel_id=LOCAL_CHANNEL,
            user_id=users[0],
            seed=seed,
        )
        for u in users[1:]:
            await service.join(channel_id=LOCAL_CHANNEL, user_id=u)
        record = await service.start(channel_id=LOCAL_CHANNEL, user_id=users[0], seat_order="join")
    while record.status == "active":
        waiting = " ".join(_plain(f"<@{u}>") for u in service.waiting_on(record))
        line = await read_line(render(t("app-local-prompt", waiting=waiting), delivery.locale))
        if line is None:
            delivery.say(t("app-local-input-ended", game=game_name))
            return 0
        line = _typed(line)
        if not line:
            continue
        try:
            if await _command(service, delivery, record.id, users, line) == "quit":
                delivery.say(t("app-local-bye", game=game_name))
                return 0
        except (GameError, Refusal) as refused:
            delivery.say(t("app-local-refused", reason=refused.msg))
        record = await service.find(match_id=record.id)
    return 0  # the last board post already said how the match ended


async def _command(
    service: MatchService, delivery: TerminalDelivery, match_id: int, users: list[int], line: str
) -> str | None:
    word, _, rest = line.partition(" ")
    word = word.lower()
    if word in {"quit", "exit"}:
        return "quit"
    if word == "help":
        delivery.say(t("app-local-help"))
        return None
    if word == "board":
        post = await service.board(match_id=match_id)
        await delivery.post_board(post)
        return None
    if word == "history":
        page = await service.history(user_id=None, match_id=match_id, page=10_000)
        for h in range(1, page.pages + 1):
            for text in (await service.history(user_id=None, match_id=match_id, page=h)).lines:
                delivery.say(t("app-local-line", line=text))
        return None
    if word in {"moves", "hand", "resign"}:
        who, _, typed = rest.strip().partition(" ")
        if not (who.lower().startswith("p") and who[1:].isdigit()):
            who, typed = "", rest.strip()
        record = await service.find(match_id=match_id)
        if word == "moves" and not who and len(service.waiting_on(record)) > 1:
            for waiting in service.waiting_on(record):
                view = await service.private_view(user_id=waiting, match_id=match_id, render=False)
                _say_moves(delivery, view.legal, typed, _plain(f"<@{waiting}>"))
            return None
        user = _user_for(service, who, users, record)
        if word == "resign":
            await service.resign(user_id=user, match_id=match_id)
            return None
        view = await service.private_view(user_id=user, match_id=match_id, render=word == "hand")
        if word == "hand":
            for text in view.lines:
                delivery.say(t("app-local-line", line=text))
            if view.image is not None:
                name = f"private-p{view.seat + 1}-m{match_id}-v{view.version:04d}.png"
                delivery.say(t("app-local-private-image", path=str(delivery.save_image(name, view.image))))
        _say_moves(delivery, view.legal, typed, f"p{view.seat + 1}")
        return None
    seat_match = _SEAT_PREFIX.match(line)
    record = await service.find(match_id=match_id)
    if seat_match:
        user = _user_at(int(seat_match.group(1)), users)
        action = seat_match.group(2)
    else:
        waiting = service.waiting_on(record)
        if len(waiting) != 1:
            who = ", ".join(_plain(f"<@{u}>") for u in waiting)
            raise Refusal(t("app-local-who-moves", waiting=who))
        user, action = waiting[0], line
    result = await service.act(user_id=user, action=action, match_id=match_id)
    delivery.say(t("app-local-played", who=_plain(f"<@{user}>"), move=result.notation))
    return None


def _say_moves(delivery: TerminalDelivery, legal: list[str], typed: str, who: str) -> None:
    matching = [a for a in legal if typed.lower() in a.lower()]
    shown = list_moves(matching[:MOVES_SHOWN]) if matching else t("app-local-nothing-now")
    more = max(len(matching) - MOVES_SHOWN, 0)
    delivery.say(t("app-local-legal", who=who, moves=shown, more=more))


def _user_at(number: int, users: list[int]) -> int:
    if not 1 <= number <= len(users):
        raise Refusal(t("app-local-no-player", number=number, last=f"p{len(users)}"))
    return users[number - 1]


_KEY_CODES = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|O.|.)?")


def _typed(line: str) -> str:
    """What was typed, without the escape codes a terminal sends for keys like End or the arrows."""
    line = _KEY_CODES.sub("", line)
    return "".join(ch for ch in line if ch.isprintable()).strip()


def _user_for(service: MatchService, text: str, users: list[int], record: Any) -> int:
    text = text.strip().lower()
    if text.startswith("p") and text[1:].isdigit():
        return _user_at(int(text[1:]), users)
    waiting = service.waiting_on(record)
    if not text and len(waiting) == 1:
        return waiting[0]
    raise Refusal(t("app-local-which-player"))


async def stdin_line(prompt: str) -> str | None:
    def read() -> str | None:
        try:
            return input(prompt)
        except EOFError:
            return None

    return await asyncio.to_thread(read)


def new_seed() -> int:
    return random.SystemRandom().randrange(2**31)


def stdout() -> TextIO:
    return sys.stdout

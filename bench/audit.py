"""Checks the soak runs on stored matches and on what leaves the referee.

`MatchAuditor` replays a match's log with the pure engine and compares it with what was stored: the
log versions are contiguous and end at the match's version, every logged action is accepted again
with the same events, and the snapshot equals the replayed state. `LeakChecker` looks for hidden
cards in everything a change sends out: views, board and private render inputs, posts, the turn
summary, the events of the log row and the process's log lines; and in what can be read later, the
whole history and the public exports, against what is hidden now.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from app.delivery import BoardPost, Notice, NullDelivery, PrivatePost
from app.summary import describe_entry
from bench.leaks import LeakSearch
from bench.util import compact_json
from db.records import LogEntry, MatchRecord
from db.repository import MatchRepository
from engine.core import Action, Event, Game, GameError, Seat, get_game
from engine.i18n import Text, english

# ----------------------------------------------------------------------------------------- replays


def plain(value: Any) -> Any:
    """A JSON value as it comes back from storage (tuples become lists, keys become strings)."""
    return json.loads(json.dumps(value))


@dataclass
class _Verified:
    entries: int
    digest: str
    state: Any


@dataclass
class MatchAuditor:
    """Replays logs, remembering how far each match was verified so a long soak replays only what is new."""

    repo: MatchRepository
    _done: dict[int, _Verified] = field(default_factory=dict)

    async def verify(self, record: MatchRecord) -> tuple[list[str], Any]:
        """Problems found (empty when the match is sound) and the replayed state (None before start)."""
        problems: list[str] = []
        entries = await self.repo.log_entries(record.id)
        label = f"match {record.id} ({record.game})"
        if not record.started:
            if entries:
                problems.append(f"{label}: not started but has {len(entries)} log rows")
            return problems, None
        if not entries:
            return [f"{label}: started but its log is empty"], None
        versions = [e.version for e in entries]
        if versions != list(range(versions[0], versions[0] + len(versions))):
            problems.append(f"{label}: log versions are not contiguous: {_gaps(versions)}")
        if versions[-1] != record.version:
            problems.append(f"{label}: log ends at version {versions[-1]} but the match is at {record.version}")
        if entries[0].kind != "start":
            return [*problems, f"{label}: the log does not begin with its start"], None
        game = get_game(record.game)
        digests = [_digest(e) for e in entries]
        cached = self._done.get(record.id)
        if cached is not None and cached.entries <= len(entries) and cached.digest == _chain(digests[: cached.entries]):
            start, state = cached.entries, cached.state
        else:
            try:
                state = self._initial(game, record, entries[0], problems)
            except Exception as error:  # a snapshot or setup the game cannot read is a corrupt match
                return [*problems, f"{label}: cannot rebuild the start: {type(error).__name__}: {error}"], None
            start = 1
        rewinds = any(e.kind == "rewind" for e in entries[start:])
        if rewinds:  # the states rewound to are needed: replay from the start, keeping each one
            start, state = 1, self._initial(game, record, entries[0], [])
        history: dict[int, Any] = {entries[start - 1].version: state}
        for entry in entries[start:]:
            try:
                if entry.kind == "rewind":
                    back_to = int(entry.events[0]["data"]["to"])
                    if back_to not in history:
                        problems.append(f"{label}: version {entry.version} rewinds to unknown version {back_to}")
                        return problems, None
                    state = history[back_to]
                    history = {v: s for v, s in history.items() if v <= back_to}
                else:
                    state = self._replay(game, state, entry, label, problems)
                if rewinds:
                    history[entry.version] = state
            except Exception as error:
                problems.append(
                    f"{label}: version {entry.version} ({entry.kind} {entry.action}) does not replay: "
                    f"{type(error).__name__}: {error}"
                )
                return problems, None
        if plain(game.to_json(state)) != record.snapshot:
            problems.append(f"{label}: the snapshot at version {record.version} differs from the replayed log")
        ended = game.outcome(state) is not None
        if ended and record.status == "active":
            problems.append(f"{label}: the replayed game is over but the match is still active")
        if record.status == "finished" and not ended and entries[-1].kind not in ("resign", "abort"):
            problems.append(f"{label}: the match is finished but the replayed game goes on")
        if not problems:
            self._done[record.id] = _Verified(len(entries), _chain(digests), state)
        return problems, state

    def forget(self, match_id: int) -> None:
        """Drop what was remembered of a match that will not change again."""
        self._done.pop(match_id, None)

    def _initial(self, game: Game[Any], record: MatchRecord, start: LogEntry, problems: list[str]) -> Any:
        base = getattr(start, "base", None)
        if isinstance(base, dict) and "state" in base:
            schema = int(base.get("schema", game.schema_version))
            data = base["state"] if schema == game.schema_version else game.upgrade(base["state"], schema)
            state = game.from_json(data)
        else:  # logs written before bases were stored: setup from the seed is the start
            state = game.setup(len(record.seated()), record.options, record.seed)
        opening = plain([e.to_json() for e in game.opening_events(state)])
        logged = [e for e in start.events if e.get("kind") != "seats"]
        if logged != opening:
            problems.append(f"match {record.id}: the start's events differ from the game's opening events")
        return state

    def _replay(self, game: Game[Any], state: Any, entry: LogEntry, label: str, problems: list[str]) -> Any:
        if entry.kind == "action":
            if entry.seat is None or entry.action is None:
                problems.append(f"{label}: version {entry.version} is an action without a seat or action")
                return state
            step = game.apply(state, entry.seat, Action.from_json(entry.action))
            if plain([e.to_json() for e in step.events]) != entry.events:
                problems.append(f"{label}: version {entry.version} replays with different events")
            return step.state
        if entry.kind == "resign":
            assert entry.seat is not None
            try:
                step = game.resign(state, entry.seat)
            except GameError:
                return state  # the game has no resignation rule: the platform ended the match
            if plain([e.to_json() for e in step.events]) != entry.events[1:]:
                problems.append(f"{label}: resignation at version {entry.version} replays with different events")
            return step.state
        if entry.kind == "abort":
            return state
        problems.append(f"{label}: version {entry.version} has a kind the soak cannot replay: {entry.kind!r}")
        return state


def _digest(entry: LogEntry) -> str:
    return compact_json([entry.version, entry.kind, entry.seat, entry.user_id, entry.action, entry.events])


def _chain(parts: Iterable[str]) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode())
        h.update(b"\x00")
    return h.hexdigest()


def _gaps(versions: list[int]) -> str:
    out = [f"{a}->{b}" for a, b in itertools.pairwise(versions) if b != a + 1]
    return ", ".join(out[:5])


# ------------------------------------------------------------------------------------------- leaks


class CapturingRenderer:
    """Draws nothing; keeps every view it is asked to draw, since those are the images' inputs."""

    def __init__(self) -> None:
        self.boards: list[tuple[str, str, Any]] = []
        self.privates: list[tuple[str, str, Any]] = []

    def board(self, game: str, title: str, view: Any) -> bytes | None:
        self.boards.append((game, title, view))
        return None

    def private(self, game: str, title: str, view: Any) -> bytes | None:
        self.privates.append((game, title, view))
        return None

    def clear(self) -> None:
        self.boards.clear()
        self.privates.clear()


class CapturingDelivery(NullDelivery):
    """Keeps every post, so the soak can read what the channel and each player were sent."""

    def __init__(self) -> None:
        super().__init__()
        self.board_posts: list[BoardPost] = []
        self.private_posts: list[PrivatePost] = []
        self.notice_posts: list[Notice] = []
        self.notes: list[tuple[int, str]] = []

    async def post_board(self, post: BoardPost) -> None:
        self.board_posts.append(post)

    async def send_private(self, post: PrivatePost) -> bool:
        self.private_posts.append(post)
        return True

    async def post_notice(self, notice: Notice) -> None:
        self.notice_posts.append(notice)

    async def send_notice(self, user_id: int, text: str) -> bool:
        self.notes.append((user_id, text))
        return True

    def clear(self) -> None:
        self.board_posts.clear()
        self.private_posts.clear()
        self.notice_posts.clear()
        self.notes.clear()


class LogCapture(logging.Handler):
    """Collects the text of every log record (with its traceback) while installed.

    Our own packages are captured from DEBUG; other libraries from the configured level, since their
    debug output is only ever switched on by hand (aiosqlite's prints SQL parameters, snapshots included).
    """

    OURS = ("app", "db", "engine", "render", "cogs", "bench")

    def __init__(self, level: int = logging.INFO) -> None:
        super().__init__(logging.DEBUG)
        self.level_for_others = level
        self.lines: list[tuple[int, str, str]] = []
        self._saved: list[tuple[logging.Logger | logging.Handler, int]] = []

    def emit(self, record: logging.LogRecord) -> None:
        if not record.name.startswith(self.OURS) and record.levelno < self.level_for_others:
            return
        text = record.getMessage()
        if record.exc_info:
            text += "\n" + logging.Formatter().formatException(record.exc_info)
        self.lines.append((record.levelno, record.name, text))

    def install(self) -> None:
        root = logging.getLogger()
        previous = root.getEffectiveLevel()
        for handler in root.handlers:
            self._saved.append((handler, handler.level))
            handler.setLevel(max(handler.level, previous))
        for name in self.OURS:
            logger = logging.getLogger(name)
            self._saved.append((logger, logger.level))
            logger.setLevel(logging.DEBUG)
        root.addHandler(self)

    def remove(self) -> None:
        logging.getLogger().removeHandler(self)
        for thing, level in reversed(self._saved):
            thing.setLevel(level)
        self._saved.clear()

    def take(self) -> list[tuple[int, str, str]]:
        out, self.lines = self.lines, []
        return out


class LeakChecker(LeakSearch):
    """Everything one change sent out, searched for cards its readers may not know (bench/leaks.py's search,
    which the property tests run on views and events too)."""

    def rendered(self, renderer: CapturingRenderer) -> None:
        for _, title, view in renderer.boards:
            self.text("board image title", title)
            self.json("board image input", view)
        for _, title, view in renderer.privates:
            seat = self._seat_in_title(title)
            allowed = () if seat is None else (seat,)
            self.json(f"private image input ({title})", view, allowed)

    def _seat_in_title(self, title: str) -> Seat | None:
        for seat in range(self.players):
            if title.endswith(f"({self.game.seat_name(seat)})"):
                return seat
        return None

    def delivered(self, delivery: CapturingDelivery) -> None:
        for board in delivery.board_posts:
            post = board.in_locale(None)  # searched as an English reader reads it
            self.text("board post", "\n".join([post.title, post.status, *post.lines, *post.clocks]))
        for private in delivery.private_posts:
            shown = private.in_locale(None)
            text = "\n".join([shown.title, *shown.lines, *shown.legal])
            self.text(f"private post to seat {shown.seat}", text, (shown.seat,))
        for notice in delivery.notice_posts:
            self.text("channel notice", english(notice.text))

    def summary(self, lines: Iterable[Text], where: str = "turn summary", allowed: Iterable[Seat] = ()) -> None:
        self.text(where, "\n".join(english(line) for line in lines), allowed)

    def entry(self, record: MatchRecord, entry: LogEntry) -> None:
        """The log row's events: public ones and their sentences against everything hidden, private ones
        against what their recipients may not know; and the public story built from the row."""
        self.events(Event.from_json(raw) for raw in entry.events)
        self.summary(describe_entry(self.game, record, entry, None), "public history")

    def logs(self, lines: Iterable[tuple[int, str, str]]) -> None:
        for _, name, text in lines:
            self.text(f"log line of {name}", text)

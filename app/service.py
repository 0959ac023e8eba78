"""MatchService: every use case of a match, and the only place that joins engine, storage, render and delivery.

Each use case takes the match's lock, reads the match fresh, computes the change with the pure engine,
writes it in one transaction (snapshot, log row and outbox row together), and only then renders and
delivers. Delivery failures never undo a move: the outbox row stays pending and is retried.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable, Iterable, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from app import clocks
from app.board_writer import BoardWriter
from app.clock import Clock, iso, utc_now
from app.config import ClockConfig, LimitsConfig, LobbyConfig
from app.delivery import BoardPost, ChannelUnreachable, Delivery, Notice, PrivatePost, Throttled
from app.errors import NoMatch, NotAllowed, NotAPlayer, Refusal, StaleClick, WrongStatus
from app.hints import command, open_table
from app.limits import Throttle
from app.render_cache import RenderCache
from app.rendering import Renderer
from app.summary import describe_entry, is_platform_line, result_line
from db.records import (
    BoardMessage,
    ChannelBusy,
    LobbyLimits,
    LogEntry,
    MatchChange,
    MatchRecord,
    Member,
    OutboxItem,
    StaleVersion,
    TooManyLobbies,
)
from db.repository import MatchRepository
from engine import i18n
from engine.core import Action, BadOptions, Event, Game, GameError, Outcome, Seat, get_game
from engine.i18n import Msg, Text, joined, listing, t

log = logging.getLogger(__name__)

HISTORY_PAGE = 15
CHOICES = "_choices"
"""Key of the match options holding each member's own choices (user id -> choice) until the start."""
SEATS = "_seats"
"""Key of a rematch's options: the players in their seats of the match before, kept at a `join` start."""
DM_RETRY = timedelta(days=1)
"""After a refused DM, how long before we try DMs again (players may change their settings)."""
BOARD_RETRY_FIRST = timedelta(minutes=1)
BOARD_RETRY_LONGEST = timedelta(hours=1)
AUTOCOMPLETE_LIMIT = 25
SCENARIO_WARNING = t("app-scenario-warning")
"""Told to everyone who may join a match started from a scenario file, before and when they join."""


@dataclass(frozen=True, slots=True)
class ActResult:
    record: MatchRecord
    notation: str
    lines: list[Text]
    """What the move did, as the public may read it."""


@dataclass(frozen=True, slots=True)
class AbortResult:
    record: MatchRecord
    outcome: str
    """"aborted" (ended without a result), "expired" (an idle lobby closed), "resigned" (the creator
    conceded), or "agreed" (the asker's consent is recorded; others must still agree)."""
    reply: Text
    """For the player who asked; the channel is told by a notice."""


@dataclass(frozen=True, slots=True)
class HistoryPage:
    lines: list[Text]
    page: int
    pages: int


class MatchService:
    def __init__(
        self,
        repo: MatchRepository,
        delivery: Delivery,
        renderer: Renderer,
        *,
        clock: Clock = utc_now,
        seed_source: random.Random | None = None,
        state_cache_size: int = 512,
        allow_unoffered_games: bool = False,
        clock_config: ClockConfig | None = None,
        lobby_config: LobbyConfig | None = None,
        limits: LimitsConfig | None = None,
    ) -> None:
        self.clock_config = clock_config or ClockConfig()
        self.lobby_config = lobby_config or LobbyConfig()
        limits = limits or LimitsConfig()
        self._throttle = Throttle(limits.per_user, limits.per_channel)
        self._images = RenderCache(limits.render_cache)
        """Boards, private views and replay pages by (kind, match, version, ...): each drawn once."""
        self._onlookers = asyncio.Semaphore(1)
        self.allow_unoffered_games = allow_unoffered_games
        """True only in tests and local tools: lets the test-only games be played."""
        self.repo = repo
        self.delivery = delivery
        self.renderer = renderer
        self.clock = clock
        self._seeds = seed_source or random.SystemRandom()
        self._locks: dict[int, asyncio.Lock] = {}
        self._boards = BoardWriter(self._deliver_safely)
        """At most one board write per match in flight; changes made meanwhile join the next one."""
        self._states: OrderedDict[tuple[int, int], Any] = OrderedDict()
        self._pinned: dict[tuple[int, int], Any] = {}
        """Past positions a delivery is showing a turn of (see `_first_turn`), whatever the cache evicts."""
        self._state_cache_size = state_cache_size
        self.after_move: list[Callable[[int], Awaitable[None]]] = []
        """Called with the mover's user id after each accepted move is committed and delivered (the
        timekeeper ends a vacation there). A failure is logged; it never undoes or hides the move."""
        self._locales: dict[int, str | None] = {}
        """Each player's last seen locale (None: never seen), read from the players table once."""
        self.after_change: list[Callable[[int], Awaitable[None]]] = []
        """Called with the match id after its start, a move or a resignation is committed and delivered
        (app/bots.py plays the bot seats there). A failure is logged; it never undoes the change."""
        self.after_finish: list[Callable[[MatchRecord], Awaitable[None]]] = []
        """Called with a started match once it has ended (finished with a result, or aborted) and its last
        board was delivered: ratings and tournaments take the result there. At least once: a delivery
        retried after a restart calls them again, so listeners must be idempotent. A failure is logged;
        it never undoes the result."""

    # ------------------------------------------------------------------------------------ lobby

    async def new_match(
        self,
        *,
        game_name: str,
        options: dict[str, Any],
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        seed: int | None = None,
        time_control: dict[str, Any] | None = None,
        scenario: str | None = None,
        rated: bool = True,
        control: clocks.TimeControl | None = None,
    ) -> MatchRecord:
        """Open a table. `time_control` may hold kind ("none", "per_move", "total"), days, bank_days and
        on_timeout ("claim", "auto"); what it leaves out comes from the game's and the global defaults.

        With `scenario` (the text of a scenario file), the match starts from that position instead of
        the normal setup: its game, options, seat count and seed come from the file. `rated` False keeps
        the match out of the ratings (a table with bot seats). `control` is a time control decided already
        (a rematch keeps its match's), used instead of `time_control`.
        """
        if scenario is not None:
            parsed = read_scenario(scenario)
            game_name, options = parsed.game, {**parsed.options, **options}
            seed = parsed.seed if seed is None else seed
        game = get_game(game_name)
        if not game.offered and not self.allow_unoffered_games:
            raise BadOptions(t("app-no-such-game", name=repr(game_name)))
        merged = {**game.default_options(), **options}
        seed = self._seeds.randrange(2**31) if seed is None else seed
        # Setting up once now refuses bad options (or a bad position) at the table, not at the start.
        if scenario is None:
            game.setup(game.seat_range(merged)[0], merged, seed)
        else:
            scenario_start(scenario)
        control = control or self.time_control(game.name, time_control or {})
        limits = self.lobby_config
        for _ in range(2):  # a second try only after an expired lobby was cleared out of the channel
            try:
                return await self.repo.create_match(
                    game=game.name,
                    options=merged,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    creator_id=user_id,
                    seed=seed,
                    now=self._now(),
                    clock=None if control.kind == "none" else clocks.MatchClock(control).to_json(),
                    scenario=scenario,
                    rated=rated and scenario is None,  # a scenario's creator wrote the position, hidden cards and all
                    limits=LobbyLimits(limits.max_per_user, limits.max_per_server, self.lobby_cutoff()),
                )
            except TooManyLobbies as full:
                raise await self._too_many_lobbies(full.scope, guild_id, user_id) from None
            except ChannelBusy:
                existing = await self.repo.live_match_in_channel(channel_id)
                if existing is not None and await self.expire_if_idle(existing.id, user_id=user_id):
                    continue  # the channel's idle lobby is closed: the new table takes its place
                if existing is None:
                    raise WrongStatus(t("app-channel-has-a-match")) from None
                raise WrongStatus(
                    t("app-channel-has-match", game=get_game(existing.game).title, id=existing.id)
                ) from None
        raise WrongStatus(t("app-channel-busy", command=command(game.name, "new")))

    async def rematch(self, *, match_id: int, user_id: int) -> MatchRecord:
        """A new table in the match's channel for the same players, in the same seats, with the same options
        and time control. The player who asks opens it (and starts it with `start`, which keeps the seats);
        the others are seated already, and one who will not play leaves it."""
        old = await self._fresh(match_id)
        if old.live:
            raise WrongStatus(t("app-rematch-not-over", id=old.id))
        if not old.started:
            raise WrongStatus(t("app-rematch-not-played", id=old.id, command=command(old.game, "new")))
        seated = [m.user_id for m in old.seated()]
        if user_id not in seated:
            raise NotAPlayer(t("app-rematch-not-seated", id=old.id))
        options = {k: v for k, v in old.options.items() if k not in (CHOICES, SEATS)}
        control = clocks.MatchClock.from_json(old.clock).control if old.clock is not None else clocks.TimeControl()
        record = await self.new_match(
            game_name=old.game,
            options=options,
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            user_id=user_id,
            scenario=old.scenario,
            rated=old.rated,
            control=control,
        )
        for other in seated:
            if other != user_id:
                record = await self.join(channel_id=record.channel_id, user_id=other)
        async with self._lock(record.id):
            record = await self._fresh(record.id)
            return await self._commit(record, MatchChange(record.version, options={**record.options, SEATS: seated}))

    # ---------------------------------------------------------------------------- lobby limits

    def lobby_cutoff(self) -> str:
        """Lobbies last changed at or before this moment have expired."""
        return iso(self.clock() - self.lobby_config.idle_limit)

    def lobby_expired(self, record: MatchRecord) -> bool:
        """A lobby is expired once it has gone `expire_hours` without a join, leave or choice (each of
        those commits a change, so `updated_at` is the last of them)."""
        return record.status == "lobby" and self._since(record.updated_at) >= self.lobby_config.idle_limit

    def _idle_words(self) -> Msg:
        return t("app-idle", hours=self.lobby_config.expire_hours)

    async def _too_many_lobbies(self, scope: str, guild_id: int | None, user_id: int) -> Refusal:
        limits, cutoff = self.lobby_config, self.lobby_cutoff()
        if scope == "creator":
            mine = await self.repo.lobbies(creator_id=user_id, changed_after=cutoff, limit=limits.max_per_user)
            where = ", ".join(f"<#{r.channel_id}> (#{r.id}, {command(r.game, 'abort')})" for r in mine)
            return NotAllowed(t("app-too-many-mine", count=len(mine), tables=where, idle=self._idle_words()))
        theirs = await self.repo.lobbies(guild_id=guild_id, changed_after=cutoff, limit=limits.max_per_server)
        soonest: Text = ""
        if theirs:
            left = self.lobby_config.idle_limit - self._since(theirs[0].updated_at)
            soonest = t("app-next-expiry", channel=f"<#{theirs[0].channel_id}>", left=clocks.describe_duration(left))
        return NotAllowed(t("app-too-many-here", count=len(theirs), idle=self._idle_words(), soonest=soonest))

    async def expire_if_idle(self, match_id: int, *, user_id: int | None = None) -> MatchRecord | None:
        """Close the lobby if it has expired, and tell its channel. None when it is not (or no longer) an
        expired lobby. `user_id` is who noticed (None for the clock sweep)."""
        async with self._lock(match_id):
            record = await self._fresh(match_id)
            if not self.lobby_expired(record):
                return None
            return await self._close_expired(record, user_id)

    async def _close_expired(self, record: MatchRecord, user_id: int | None) -> MatchRecord:
        """Close the lobby and tell its channel. The caller holds the lock and has checked that it expired."""
        detail = i18n.to_json(t("app-expired-after", idle=self._idle_words()))
        change = MatchChange(
            record.version,
            status="aborted",
            result={"reason": "expired", "winners": [], "winner_users": [], "detail": detail},
            log=LogEntry(0, "abort", None, user_id, None, None, [], ""),
        )
        record = await self._commit(record, change)
        await self._notice(
            record,
            t(
                "app-lobby-expired",
                game=get_game(record.game).title,
                id=record.id,
                idle=self._idle_words(),
                command=command(record.game, "new"),
            ),
        )
        return record

    async def _notice(self, record: MatchRecord, text: Text, mention: list[int] | None = None) -> None:
        """Tell the match's channel; a failure is logged, never raised (the change is already committed)."""
        notice = Notice(record.id, record.version, record.guild_id, record.channel_id, text, mention or [])
        try:
            await self.delivery.post_notice(notice)
        except Exception:
            log.exception("posting a notice for match %s failed", record.id)

    async def join(self, *, channel_id: int, user_id: int) -> MatchRecord:
        record = await self._live(channel_id)
        async with self._lock(record.id):
            record = await self._fresh(record.id)
            game = get_game(record.game)
            if record.status != "lobby":
                raise WrongStatus(t("app-join-started"))
            if record.is_member(user_id):
                raise WrongStatus(t("app-already-joined"))
            most = game.seat_range(record.options)[1]
            if len(record.members) >= most:
                raise WrongStatus(t("app-lobby-full", most=most))
            return await self._commit(record, MatchChange(record.version, add_member=user_id))

    async def choose(self, *, channel_id: int, user_id: int, choice: dict[str, Any]) -> MatchRecord:
        """Record a player's own choice for the match (a hero, a faction) before it starts."""
        record = await self._live(channel_id)
        async with self._lock(record.id):
            record = await self._fresh(record.id)
            if record.status != "lobby":
                raise WrongStatus(t("app-choices-before-start"))
            if not record.is_member(user_id):
                raise NotAPlayer(t("app-join-first", command=command(record.game, "join")))
            get_game(record.game).check_seat_choice(choice)
            choices = dict(record.options.get(CHOICES, {}))
            choices[str(user_id)] = {**choices.get(str(user_id), {}), **choice}
            return await self._commit(record, MatchChange(record.version, options={**record.options, CHOICES: choices}))

    async def leave(self, *, channel_id: int, user_id: int) -> MatchRecord:
        record = await self._live(channel_id)
        async with self._lock(record.id):
            record = await self._fresh(record.id)
            if record.status != "lobby":
                raise WrongStatus(t("app-leave-started", command=command(record.game, "resign")))
            if not record.is_member(user_id):
                raise NotAPlayer(t("app-not-in-match"))
            if user_id == record.creator_id:
                if len(record.members) > 1:
                    raise NotAllowed(t("app-creator-leaves", command=command(record.game, "abort")))
                return await self._commit(
                    record,
                    MatchChange(
                        record.version, remove_member=user_id, status="aborted", result={"reason": "abandoned"}
                    ),
                )
            return await self._commit(record, MatchChange(record.version, remove_member=user_id))

    async def start(self, *, channel_id: int, user_id: int, seat_order: str = "random") -> MatchRecord:
        record = await self._live(channel_id)
        async with self._lock(record.id):
            record = await self._fresh(record.id)
            game = get_game(record.game)
            if record.status != "lobby":
                raise WrongStatus(t("app-already-started"))
            if user_id != record.creator_id:
                raise NotAllowed(t("app-creator-starts"))
            count = len(record.members)
            if record.scenario is not None:
                needed = scenario_start(record.scenario)[1]
                if count != needed:
                    raise WrongStatus(t("app-position-seats", needed=needed, count=count))
            fewest = game.seat_range(record.options)[0]
            if count < fewest:
                raise WrongStatus(
                    t("app-too-few", game=game.title, fewest=fewest, count=count, command=command(record.game, "join"))
                )
            users = [m.user_id for m in record.members]
            kept = record.options.get(SEATS)
            if seat_order == "random":
                random.Random(record.seed).shuffle(users)
            elif seat_order != "join":
                raise Refusal(t("app-seat-order"))
            elif isinstance(kept, list) and sorted(kept) == sorted(users):
                users = list(kept)  # a rematch with everyone still there: the seats they had
            seats = {u: i for i, u in enumerate(users)}
            events = [Event("seats", {"order": users, "rule": seat_order})]
            chosen = record.options.get(CHOICES, {})
            options = {k: v for k, v in record.options.items() if k not in (CHOICES, SEATS)}
            options = game.seat_options(options, [chosen.get(str(u), {}) for u in users])
            if record.scenario is not None:
                state = scenario_start(record.scenario)[2]  # a position has no opening draws to record
            else:
                state = game.setup(count, options, record.seed)
                events.extend(game.opening_events(state))
            snapshot = game.to_json(state)
            clock = None
            if record.clock is not None:
                paused = await self._paused_by_user({seats[u]: u for u in users})
                control = clocks.MatchClock.from_json(record.clock).control
                clock = clocks.start_clocks(control, count, game.to_move(state), self.clock(), paused).to_json()
            change = MatchChange(
                record.version,
                snapshot=snapshot,
                snapshot_schema=game.schema_version,
                status="active",
                set_seats=seats,
                log=LogEntry(
                    0,
                    "start",
                    None,
                    user_id,
                    None,
                    None,
                    [e.to_json() for e in events],
                    "",
                    base={"schema": game.schema_version, "state": snapshot},
                ),
                outbox_recipients=list(range(count)),
                clock=clock,
                options=options,
            )
            record = await self._commit(record, change)
            self._remember(record, state)
        await self.deliver_pending(record.id)
        await self._changed(record.id)
        return record

    async def _changed(self, match_id: int) -> None:
        """Tell the `after_change` listeners; the change is committed and delivered already."""
        for listener in self.after_change:
            try:
                await listener(match_id)
            except Exception:
                log.exception("after-change listener failed for match %s", match_id)

    # ------------------------------------------------------------------------------------- play

    async def act(
        self,
        *,
        user_id: int,
        action: str | Action | int,
        channel_id: int | None = None,
        match_id: int | None = None,
        expected_version: int | None = None,
    ) -> ActResult:
        """Play `action` for the user: notation text, an Action, or an index into their legal actions
        (buttons carry the index together with the version it was computed for)."""
        match_id = await self._locate(channel_id, match_id)
        async with self._lock(match_id):
            record = await self._fresh(match_id)
            self._require_active(record)
            seat = self._seat(record, user_id)
            if expected_version is not None and expected_version != record.version:
                raise StaleClick(t("app-stale-button"), record.id, record.version)
            game = get_game(record.game)
            state = self._state(record)
            chosen = self._choose(game, state, seat, action)
            step = game.apply(state, seat, chosen)
            # Described only once apply accepted it: notation is specified for legal actions only.
            notation = game.describe_action(state, seat, chosen)
            change = self.game_change(
                record,
                game,
                state,
                step.state,
                step.events,
                kind="action",
                seat=seat,
                user_id=user_id,
                action=chosen,
                notation=notation,
                paused=await self.paused_seats(record),
            )
            record = await self._commit(record, change)
            self._remember(record, step.state)
        # The move is committed: from here on nothing may raise, or the player would read "nothing was
        # changed" about a move that stands and might play it twice.
        lines = _said(game, step.events, record.id)
        await self.deliver_pending(record.id)
        for listener in self.after_move:
            try:
                await listener(user_id)
            except Exception:
                log.exception("after-move listener failed for user %s", user_id)
        await self._changed(record.id)
        return ActResult(record, notation, lines)

    def _choose(self, game: Game[Any], state: Any, seat: Seat, action: str | Action | int) -> Action:
        game.check_turn(state, seat)
        if isinstance(action, Action):
            return action
        if isinstance(action, str):
            return game.parse_action(state, seat, action)
        legal = game.legal_actions(state, seat)
        if not 0 <= action < len(legal):
            raise Refusal(t("app-choice-gone"))
        return legal[action]

    async def resign(self, *, user_id: int, channel_id: int | None = None, match_id: int | None = None) -> MatchRecord:
        match_id = await self._locate(channel_id, match_id)
        async with self._lock(match_id):
            record = await self._fresh(match_id)
            self._require_active(record)
            seat = self._seat(record, user_id)
            record = await self.concede(record, seat, user_id=user_id, reason="resign")
        await self.deliver_pending(record.id)
        await self._changed(record.id)
        return record

    async def concede(self, record: MatchRecord, seat: Seat, *, user_id: int | None, reason: str) -> MatchRecord:
        """`seat` leaves the match (resignation, or a timeout). The caller holds the match's lock.

        The game's own rule applies where it has one (several seats may play on); otherwise every other
        seat wins.
        """
        game = get_game(record.game)
        state = self._state(record)
        left = Event("resigned" if reason == "resign" else "timed_out", {"seat": seat})
        try:
            step = game.resign(state, seat)
            change = self.game_change(
                record,
                game,
                state,
                step.state,
                (left, *step.events),
                kind="resign",
                seat=seat,
                user_id=user_id,
                paused=await self.paused_seats(record),
                reason=reason,
            )
            new_state = step.state
        except GameError:  # the game has no resignation rule of its own: the platform ends the match
            others = frozenset(s for s in range(len(record.seated())) if s != seat)
            how = "resign" if reason == "resign" else "timeout"
            outcome = Outcome(others, reason, detail=t("app-left-how", seat=game.seat_name(seat), how=how))
            change = MatchChange(
                record.version,
                status="finished",
                result=self._result_json(record, outcome),
                log=LogEntry(0, "resign", seat, user_id, None, None, [left.to_json()], ""),
                outbox_recipients=[],
                clock=self._stopped_clock(record),
            )
            new_state = state
        record = await self._commit(record, change)
        self._remember(record, new_state)
        return record

    async def abort(
        self, *, user_id: int, can_manage_guild: bool, channel_id: int | None = None, match_id: int | None = None
    ) -> AbortResult:
        """End a match without a result, under the rules of docs/async-play.md ("Lobbies and aborts").

        A lobby: its creator or Manage Server closes it; anyone once it has expired. A started match:
        Manage Server at once; its creator alone until every seat has moved once; after that only when
        every player still in agrees (each runs abort; consents are stored), and a creator who runs it
        again before they all agree resigns instead.
        """
        record = await self._target(channel_id, match_id)
        async with self._lock(record.id):
            record = await self._fresh(record.id)
            if not record.live:
                raise WrongStatus(t("app-already-over"))
            if record.status == "lobby":
                result = await self._abort_lobby(record, user_id, can_manage_guild)
            else:
                result = await self._abort_started(record, user_id, can_manage_guild)
        if result.outcome != "agreed":
            await self.deliver_pending(record.id)
        return result

    async def _abort_lobby(self, record: MatchRecord, user_id: int, can_manage_guild: bool) -> AbortResult:
        if self.lobby_expired(record):
            record = await self._close_expired(record, user_id)
            return AbortResult(record, "expired", t("app-closed-expired", id=record.id))
        if user_id != record.creator_id and not can_manage_guild:
            left = self.lobby_config.idle_limit - self._since(record.updated_at)
            raise NotAllowed(
                t(
                    "app-close-not-yours",
                    creator=f"<@{record.creator_id}>",
                    idle=self._idle_words(),
                    left=clocks.describe_duration(left),
                )
            )
        record = await self._end_without_result(record, user_id)
        await self._notice(record, t("app-lobby-aborted", id=record.id, who=f"<@{user_id}>"))
        return AbortResult(record, "aborted", t("app-closed", id=record.id))

    async def _abort_started(self, record: MatchRecord, user_id: int, can_manage_guild: bool) -> AbortResult:
        if can_manage_guild:
            return await self._aborted(record, user_id, t("app-abort-by-manager"))
        seat = record.seat_of(user_id)
        if seat is None:
            raise NotAllowed(t("app-abort-not-yours"))
        still_in, first_round = await self.round_progress(record)
        players = [m.user_id for m in still_in if m.user_id > 0]  # bot seats (negative ids) never object
        if user_id not in players:
            raise NotAllowed(t("app-abort-left"))
        if user_id == record.creator_id and not first_round:
            return await self._aborted(record, user_id, t("app-abort-first-round"))
        agreed_before = await self.repo.abort_consents(record.id)
        waiting = [u for u in players if u not in agreed_before and u != user_id]
        if user_id == record.creator_id and user_id in agreed_before and waiting:
            # The creator was warned at their first abort: asking again alone is giving up.
            record = await self.concede(record, seat, user_id=user_id, reason="resign")
            await self._notice(record, t("app-abort-alone", who=f"<@{user_id}>", id=record.id))
            return AbortResult(record, "resigned", t("app-abort-resigned", id=record.id))
        agreed = await self.repo.consent_to_abort(record.id, user_id, self._now())
        waiting = [u for u in players if u not in agreed]
        if not waiting:
            return await self._aborted(record, user_id, t("app-abort-consent"))
        names = ", ".join(f"<@{u}>" for u in waiting)
        abort = command(record.game, "abort")
        done, everyone = len(players) - len(waiting), len(players)
        creator = t("app-abort-creator-note", creator=f"<@{record.creator_id}>", command=abort)
        text = t("app-abort-waiting", agreed=done, players=everyone, id=record.id, names=names, command=abort)
        await self._notice(record, joined([text, creator if record.creator_id in agreed else ""], " "), waiting)
        reply = joined(
            [
                t("app-abort-already") if user_id in agreed_before else "",
                t("app-abort-agreed", agreed=done, players=everyone, id=record.id, names=names),
                t("app-abort-creator-warning", command=abort) if user_id == record.creator_id else "",
            ],
            " ",
        )
        return AbortResult(record, "agreed", reply)

    async def _aborted(self, record: MatchRecord, user_id: int, how: Msg) -> AbortResult:
        record = await self._end_without_result(record, user_id)
        await self._notice(record, t("app-aborted-notice", id=record.id, who=f"<@{user_id}>", how=how))
        return AbortResult(record, "aborted", t("app-aborted-reply", id=record.id, how=how))

    async def _end_without_result(self, record: MatchRecord, user_id: int) -> MatchRecord:
        """The caller holds the lock."""
        change = MatchChange(
            record.version,
            status="aborted",
            result={"reason": "abandoned", "winners": [], "winner_users": [], "detail": "aborted"},
            log=LogEntry(0, "abort", None, user_id, None, None, [], ""),
            outbox_recipients=[] if record.status == "active" else None,
        )
        return await self._commit(record, change)

    async def round_progress(self, record: MatchRecord) -> tuple[list[Member], bool]:
        """(the players still in the match, whether each of them has made at least one move).

        Read from the log, so it holds for any game: a seat is out once it resigned or timed out, and a
        move taken back does not count.
        """
        from app.rewind import effective_entries  # rewind builds on this module

        entries = await self.repo.log_entries(record.id)
        applied = effective_entries(entries)[1] if entries else []
        moved = {e.seat for e in applied if e.kind == "action"}
        out = {e.seat for e in applied if e.kind == "resign"}
        still_in = [m for m in record.seated() if m.seat not in out]
        return still_in, all(m.seat in moved for m in still_in)

    # ------------------------------------------------------------------------------------ reads

    async def position_text(
        self, *, user_id: int | None, channel_id: int | None = None, match_id: int | None = None, mine: bool = False
    ) -> str:
        """The match's current position as a scenario file: public parts only, or with `mine` what the
        asking player may see too."""
        from app.scenarios import DumpError, scenario_for_match

        record = await self._target(channel_id, match_id, any_status=True)
        if not record.started:
            raise WrongStatus(t("app-no-position-yet"))
        if user_id is not None:
            self.throttle(user_id, record)
        game = get_game(record.game)
        seat = record.seat_of(user_id) if mine and user_id is not None else None
        if mine and seat is None:
            raise NotAPlayer(t("app-position-players-only"))
        try:
            if seat is None:
                return scenario_for_match(record, [], public=True)
            return scenario_for_match(record, [], game.seat_name(seat))
        except DumpError as problem:
            raise Refusal(problem.msg) from None

    async def last_in_channel(self, channel_id: int) -> MatchRecord:
        """The live match in the channel, else the one that ended most recently there."""
        return await self._target(channel_id, None, any_status=True)

    def state_of(self, record: MatchRecord) -> Any:
        """The engine state of a started match (for local tools that drive the engine directly)."""
        return self._state(record)

    async def find(self, *, channel_id: int | None = None, match_id: int | None = None) -> MatchRecord:
        return await self._target(channel_id, match_id)

    async def private_view(
        self, *, user_id: int, channel_id: int | None = None, match_id: int | None = None, render: bool = True
    ) -> PrivatePost:
        record = await self._target(channel_id, match_id, any_status=True)
        if not record.started:
            raise WrongStatus(t("app-no-hands-yet"))
        seat = self._seat(record, user_id)
        return await self._private_post(record, seat, render=render)

    async def board(
        self, *, channel_id: int | None = None, match_id: int | None = None, user_id: int | None = None
    ) -> BoardPost:
        """The current board. With `user_id` (someone asking to see it) the request counts against the
        limits; without, it is the bot's own read (a stale click's answer) and is served from the cache."""
        record = await self._target(channel_id, match_id, any_status=True)
        if user_id is not None:
            self.throttle(user_id, record)
        async with self.onlooker_turn(user_id, record):
            return await self._board_post(record, [])

    def throttle(self, user_id: int, record: MatchRecord) -> None:
        """Count one heavy request (a board, a replay page, an export) by `user_id` about `record`, or
        refuse it with `TooFast`, saying when to try again. Players of the match never use up the share
        of their channel's onlookers, so onlookers can never hold them up; moves are never counted."""
        self._throttle.charge(user_id=user_id, channel_id=record.channel_id, player=record.is_member(user_id))

    def onlooker_turn(self, user_id: int | None, record: MatchRecord) -> AbstractAsyncContextManager[Any]:
        """Where heavy work asked for by someone not playing in `record` waits its turn: one at a time, so
        however many onlookers ask at once they hold at most one worker thread, and the players' own
        drawing never queues behind theirs. The bot's own work and the players' pass straight through."""
        if user_id is None or record.is_member(user_id):
            return contextlib.nullcontext()
        return self._onlookers

    async def legal_moves(
        self,
        *,
        user_id: int,
        channel_id: int | None = None,
        match_id: int | None = None,
        typed: str = "",
        verb: str | None = None,
    ) -> list[str]:
        """The user's legal actions that contain `typed` (with `verb`, only that verb's), for autocomplete
        (at most 25)."""
        try:
            record = await self._target(channel_id, match_id)
        except Refusal:
            return []
        seat = record.seat_of(user_id)
        if record.status != "active" or seat is None:
            return []
        game = get_game(record.game)
        state = self._state(record)
        wanted = " ".join(typed.lower().split())
        out: list[str] = []
        for action in game.legal_actions(state, seat):
            if verb is not None and action.verb != verb:
                continue
            text = game.describe_action(state, seat, action)
            if wanted in text.lower():
                out.append(text)
                if len(out) == AUTOCOMPLETE_LIMIT:
                    break
        return out

    async def log_entries(self, match_id: int) -> list[LogEntry]:
        """The match's whole log, private events included: a caller shows each reader only what they may see."""
        return await self.repo.log_entries(match_id)

    async def history(
        self,
        *,
        user_id: int | None,
        page: int = 1,
        channel_id: int | None = None,
        match_id: int | None = None,
    ) -> HistoryPage:
        """The move log as the asker may read it: the public story plus their own private events."""
        record = await self._target(channel_id, match_id, any_status=True)
        lines = await self.story(record, record.seat_of(user_id) if user_id is not None else None)
        pages = max(1, -(-len(lines) // HISTORY_PAGE))
        page = min(max(page, 1), pages)
        return HistoryPage(lines[(page - 1) * HISTORY_PAGE : page * HISTORY_PAGE], page, pages)

    async def story(self, record: MatchRecord, viewer: Seat | None) -> list[Text]:
        """The whole log as `viewer` (a seat, or None for the public) may read it now."""
        game = get_game(record.game)
        lines: list[Text] = []
        for entry in await self.repo.log_entries(record.id):
            lines.extend(describe_entry(game, record, entry, viewer))
        if record.started:  # a card named by its copy then and hidden again now is named without it
            lines = forget_hidden(game, self._state(record), lines)
        if record.result and not record.live:
            lines.append(result_line(game, record))
        return lines

    async def matches(
        self, *, guild_id: int | None = None, user_id: int | None = None, live_only: bool = True
    ) -> list[MatchRecord]:
        return await self.repo.list_matches(guild_id=guild_id, user_id=user_id, live_only=live_only)

    def waiting_on(self, record: MatchRecord) -> list[int]:
        """User ids the match waits on now."""
        if record.status != "active":
            return []
        game = get_game(record.game)
        seats = game.to_move(self._state(record))
        return [u for s in sorted(seats) if (u := record.user_at(s)) is not None]

    def status_line(self, record: MatchRecord) -> Text:
        game = get_game(record.game)
        if record.status == "lobby":
            return t(
                "app-lobby-status",
                count=len(record.members),
                fewest=game.min_players,
                most=game.max_players,
                names=", ".join(f"<@{m.user_id}>" for m in record.members),
                rated="rated" if record.rated else "unrated",
                join=command(record.game, "join"),
                start=command(record.game, "start"),
            )
        if record.status == "active":
            return t("app-waiting-on", names=", ".join(f"<@{u}>" for u in self.waiting_on(record)))
        return result_line(game, record)

    # --------------------------------------------------------------------------------- delivery

    async def deliver_pending(self, match_id: int | None = None, *, force: bool = False) -> int:
        """Send what was committed but not yet delivered; returns how many outbox rows are now done.

        A match's board is written by one pass at a time (app/board_writer.py): a change made while its
        board is being written, or waits for its channel, joins the next pass and this returns 0 at once.
        Private views go out at once, whatever happens to the board. A board that could not be posted is
        tried again with back-off (`retry_delay`), not on every move; `force` tries every pending board now
        (at start-up). Never raises: the change is committed whatever happens here, so trouble is logged
        and the rows stay pending for the next try.
        """
        if match_id is not None:
            return await self._boards.request(match_id, force=force)
        try:
            pending = await self.repo.pending_outbox()
        except Exception:
            log.exception("reading the outbox failed; pending updates wait for the next try")
            return 0
        delivered = 0
        for mid in sorted({item.match_id for item in pending}):
            delivered += await self._boards.request(mid, force=force)
        return delivered

    async def _deliver_safely(self, match_id: int, force: bool) -> int:
        try:
            return await self._deliver_match(match_id, force=force)
        except Throttled:
            raise  # the writer tries again once the channel may be written
        except Exception:
            log.exception("delivering the updates of match %s failed; they stay queued", match_id)
            return 0

    async def _deliver_match(self, match_id: int, *, force: bool) -> int:
        items = await self.repo.pending_outbox(match_id)
        if not items:
            return 0
        record = await self._fresh(match_id)
        # The private views do not wait for the board: a channel closed to the bot must not keep hands
        # from their players. Each row's views go out once; a later retry only posts the board.
        fresh = [i for i in items if not i.privates_sent]
        done = 0
        while items:
            # Rows that span turns (written together after a wait for the channel) are shown turn by turn,
            # so every turn keeps its own message and its own story.
            segment, at = self._first_turn(record, items)
            try:
                shown = await self._deliver_turn(record, at, segment, fresh, force=force)
            finally:
                self._pinned.clear()
            fresh = []
            if not shown:
                break
            done += len(segment)
            items = items[len(segment) :]
        return done

    async def _deliver_turn(
        self, record: MatchRecord, at: MatchRecord, items: list[OutboxItem], fresh: list[OutboxItem], *, force: bool
    ) -> bool:
        """Show the board of `items` (rows of one turn; `at` is the match as of the last of them) and send the
        private views of the `fresh` rows. True when the rows are done."""
        match_id = record.id
        lines, pinged = await self._story(at, items)
        # A change nobody can see (a patrol being planned, a secret pick) posts no board: the next
        # visible change shows it. Private views still go out below.
        visible = bool(lines or pinged) or not at.live
        # One message per turn: a change within the turn its channel's message shows edits that message,
        # which then tells the turn's whole story; a new turn (or the end) posts a new one.
        turn = self._turn(at)
        shown = await self.repo.board_message(match_id) if turn is not None else None
        editing = shown is not None and shown.turn == turn
        since = shown.since if shown is not None and editing else items[0].version
        if editing:
            lines = await self._lines_since(at, since)
        elif at.live:
            # A new turn's message pings everyone it waits on, once: an edit pings nobody, so a seat that
            # came to owe a choice inside the last turn (and was told by DM) is named here for its own turn.
            pinged = sorted(set(pinged) | set(self.waiting_on(at)))
        attempt = visible and (force or self._due(items))
        post = await self._board_for(at, lines, pinged, render=attempt)
        if editing and shown is not None:
            post = replace(post, edit=shown.handle)
        throttled: Throttled | None = None
        posted, handle = False, None
        if attempt:
            try:
                posted, handle = await self._post_board(at, items, post)
            except Throttled as busy:
                throttled = busy
        if fresh and record.status == "active":
            for seat in sorted({seat for item in fresh for seat in item.recipients}):
                await self._send_private(record, seat, post)
        now = self._now()
        if visible and not posted:
            if fresh:
                await self._quietly(
                    self.repo.mark_privates_sent([i.id for i in fresh], now), "recording private views", match_id
                )
            if throttled is not None:
                raise throttled
            return False
        later = [i.id for i in fresh if i.id not in {item.id for item in items}]
        if later:  # rows of the turns shown next had their private views sent with these
            await self._quietly(self.repo.mark_privates_sent(later, now), "recording private views", match_id)
        board = None if handle is None or turn is None else BoardMessage(turn, since, handle)
        await self._quietly(
            self.repo.mark_delivered([i.id for i in items], now, match_id=match_id, board=board),
            "marking delivered",
            match_id,
        )
        if at is record and record.started and not record.live:  # its last board is out: the ending is announced
            await self._finished(record)
        return True

    def _first_turn(self, record: MatchRecord, items: list[OutboxItem]) -> tuple[list[OutboxItem], MatchRecord]:
        """The pending rows of the first turn among `items`, and the match as of the last of them. All of them
        and the match as it is when they are of one turn, or when a turn cannot be told (a row's position is
        no longer remembered, as after a restart: then they share one board)."""
        if len(items) < 2 or not record.started:
            return items, record
        keys: list[str | None] = []
        states: list[Any] = []
        for item in items:
            state = (
                self._state(record) if item.version == record.version else self._states.get((record.id, item.version))
            )
            if state is None:
                return items, record
            states.append(state)
            keys.append(self._turn_of(record, state))
        count = next((n for n, key in enumerate(keys) if key != keys[0]), len(items))
        if count == len(items):
            return items, record
        last = items[count - 1]
        # Held for this delivery: the remembered positions may be evicted meanwhile, and the match as of
        # `last` must never be read from the latest snapshot.
        self._pinned[(record.id, last.version)] = states[count - 1]
        return items[:count], replace(record, version=last.version, status="active", result=None)

    def _turn(self, record: MatchRecord) -> str | None:
        """The turn the match is in (Game.turn_key), or None where no board is edited: before the start and
        after the end, which each get a message of their own."""
        if record.status != "active":
            return None
        return self._turn_of(record, self._state(record))

    def _turn_of(self, record: MatchRecord, state: Any) -> str | None:
        game = get_game(record.game)
        try:
            return None if game.outcome(state) is not None else game.turn_key(state)
        except Exception:  # a faulty hook only costs the edit: the board is posted anew
            log.exception("match %s: the game's turn key failed; the board is posted as a new message", record.id)
            return None

    async def _finished(self, record: MatchRecord) -> None:
        for listener in self.after_finish:
            try:
                await listener(record)
            except Exception:
                log.exception("after-finish listener failed for match %s", record.id)

    async def _story(self, record: MatchRecord, items: list[OutboxItem]) -> tuple[list[Text], list[int]]:
        """The public lines of the pending rows and the users to ping (those the match now waits on)."""
        entries = {e.version: e for e in await self.repo.log_entries(record.id, since_version=items[0].version - 1)}
        lines = self._public_lines(record, [entries[i.version] for i in items if i.version in entries])
        waiting = set(self.waiting_on(record))
        pinged: set[int] = set()
        for item in items:
            seats = range(len(record.seated())) if item.mention is None else item.mention
            pinged |= {u for s in seats if (u := record.user_at(s)) is not None and u in waiting}
        return lines, sorted(pinged)

    async def _lines_since(self, record: MatchRecord, since: int) -> list[Text]:
        """The public story from version `since` to the record's: what a turn's board message tells."""
        entries = await self.repo.log_entries(record.id, since_version=since - 1)
        return self._public_lines(record, [e for e in entries if e.version <= record.version])

    def _public_lines(self, record: MatchRecord, entries: Iterable[LogEntry]) -> list[Text]:
        game = get_game(record.game)
        lines = [line for entry in entries for line in describe_entry(game, record, entry, None)]
        if record.started:  # rows that waited may name a card that is hidden again by now
            lines = forget_hidden(game, self._state(record), lines)
        return lines

    def _due(self, items: list[OutboxItem]) -> bool:
        """Whether the board may be tried now: no pending row of the match is waiting out a back-off."""
        now = self.clock()
        return all(i.next_attempt_at is None or datetime.fromisoformat(i.next_attempt_at) <= now for i in items)

    async def _board_for(self, record: MatchRecord, lines: list[Text], pinged: list[int], *, render: bool) -> BoardPost:
        """The board post; without its image when none is needed now, or when drawing it fails (the text
        board still goes out, since the move stands)."""
        if render:
            try:
                return await self._board_post(record, lines, mention=pinged)
            except Exception:
                log.exception("drawing the board of match %s failed; it is posted without its image", record.id)
        return await self._board_post(record, lines, mention=pinged, render=False)

    async def _post_board(
        self, record: MatchRecord, items: list[OutboxItem], post: BoardPost
    ) -> tuple[bool, dict[str, Any] | None]:
        """Post (or edit) the board: whether it is shown, and the handle of its message. When that fails,
        schedule the next try and, if the bot may not post in the channel, tell the match's creator what to
        fix (once per outage). Throttled passes through: the channel is only busy."""
        try:
            return True, await self.delivery.post_board(post)
        except Throttled:
            raise
        except ChannelUnreachable as closed:
            log.warning(
                "match %s: cannot post in channel %s (missing %s); the board waits",
                record.id,
                record.channel_id,
                closed.permission,
            )
            told = any(i.warned for i in items) or await self._tell_unreachable(record, closed)
        except Exception:
            log.exception("posting the board of match %s failed; it stays queued", record.id)
            told = False
        attempts = max(i.attempts for i in items) + 1
        await self._quietly(
            self.repo.retry_later(
                [i.id for i in items],
                attempts=attempts,
                next_attempt_at=iso(self.clock() + retry_delay(attempts)),
                warned_at=self._now() if told else None,
            ),
            "scheduling the next board post",
            record.id,
        )
        return False, None

    async def _tell_unreachable(self, record: MatchRecord, closed: ChannelUnreachable) -> bool:
        """DM the match's creator (else another player) what the bot needs in the channel. True once told."""
        text = t(
            "app-cannot-post",
            channel=f"<#{record.channel_id}>",
            title=self.title(record),
            permissions=listing(closed.missing),
        )
        others = [m.user_id for m in record.members if m.user_id != record.creator_id]
        for user_id in (record.creator_id, *others):
            try:
                if await self.delivery.send_notice(user_id, text):
                    return True
            except Exception:
                log.exception("telling user %s that match %s cannot be posted failed", user_id, record.id)
        return False

    async def _quietly(self, work: Awaitable[None], what: str, match_id: int) -> None:
        """Bookkeeping after a delivery: a failure only means the rows are tried again."""
        try:
            await work
        except Exception:
            log.exception("%s for match %s failed; its updates will be tried again", what, match_id)

    async def _send_private(self, record: MatchRecord, seat: Seat, board: BoardPost) -> None:
        user_id = record.user_at(seat)
        if user_id is None or user_id < 0:
            return  # a bot seat (app/bots.py) is no Discord user: it is never sent a DM
        try:
            ok, checked = await self.repo.dm_status(user_id)
            if ok is False and checked is not None and self._since(checked) < DM_RETRY:
                return  # they were told; the board's "my hand" button serves them until we try again
            private = await self._private_post(record, seat, render=True)
            sent = await self.delivery.send_private(private)
            if sent != ok:
                await self.repo.set_dm_status(user_id, sent, self._now())
            if not sent:
                await self.delivery.dm_refused(board, user_id)
        except ChannelUnreachable:
            log.warning("match %s: cannot tell seat %s in the channel that their DMs are closed", record.id, seat)
        except Exception:
            log.exception("sending the private view of match %s to seat %s failed", record.id, seat)

    async def player_locale(self, user_id: int) -> str | None:
        """The locale the player's Discord client last showed (DMs are written in it); None if never seen."""
        if user_id not in self._locales:
            self._locales[user_id] = await self.repo.player_locale(user_id)
        return self._locales[user_id]

    async def remember_locale(self, user_id: int, locale: str) -> None:
        """Note the locale an interaction of the player carried; written only when it changed."""
        if await self.player_locale(user_id) != locale:
            await self.repo.set_player_locale(user_id, locale)
            self._locales[user_id] = locale

    async def reset_dm_status(self, user_id: int) -> None:
        """The player says DMs work again (for example after changing their privacy settings)."""
        await self.repo.set_dm_status(user_id, True, self._now())

    async def _board_post(
        self, record: MatchRecord, lines: list[Text], mention: list[int] | None = None, *, render: bool = True
    ) -> BoardPost:
        game = get_game(record.game)
        title = self.title(record)
        image = None
        if record.started and render:
            state = self._state(record)
            image = await self._images.image(
                ("board", record.id, record.version),
                # An image is drawn once for every reader: its few words are in English.
                lambda: self.renderer.board(game.name, i18n.english(title), game.view(state, None)),
            )
        return BoardPost(
            match_id=record.id,
            version=record.version,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            title=title,
            lines=lines,
            status=self.status_line(record),
            waiting_on=self.waiting_on(record),
            mention=self.waiting_on(record) if mention is None else mention,
            image=image,
            finished=not record.live,
            clocks=self.clock_lines(record) if record.live else [],
        )

    async def _private_post(self, record: MatchRecord, seat: Seat, *, render: bool) -> PrivatePost:
        game = get_game(record.game)
        state = self._state(record)
        view = game.view(state, seat)
        title = t("app-private-title", title=self.title(record), seat=game.seat_name(seat))
        image = None
        if render:
            # Keyed by seat too: one seat's view is never served to another.
            key = ("private", record.id, record.version, seat)
            image = await self._images.image(key, lambda: self.renderer.private(game.name, i18n.english(title), view))
        legal: list[str] = []
        if record.status == "active":
            legal = [game.describe_action(state, seat, a) for a in game.legal_actions(state, seat)]
        return PrivatePost(
            match_id=record.id,
            version=record.version,
            user_id=record.user_at(seat) or 0,
            seat=seat,
            title=title,
            lines=game.view_lines(view),
            image=image,
            legal=legal,
            your_move=record.status == "active" and seat in game.to_move(state),
            game=game.name,
            guild_id=record.guild_id,
        )

    def title(self, record: MatchRecord) -> Msg:
        return t("app-match-title", game=get_game(record.game).title, id=record.id)

    # ---------------------------------------------------------------------------------- helpers

    def _now(self) -> str:
        return iso(self.clock())

    def _since(self, moment: str) -> timedelta:
        return self.clock() - datetime.fromisoformat(moment)

    def lock(self, match_id: int) -> asyncio.Lock:
        """The lock every change of this match is made under."""
        return self._locks.setdefault(match_id, asyncio.Lock())

    _lock = lock

    async def drain(self) -> None:
        """Return once no change or delivery is under way, so a shutdown closes the store between them. A
        board waiting for its channel is dropped: its rows stay in the outbox for the next start."""
        while True:
            for lock in [lk for lk in self._locks.values() if lk.locked()]:
                async with lock:
                    pass
            await self._boards.stop()
            if not any(lk.locked() for lk in self._locks.values()):
                return

    async def settled(self) -> None:
        """Return once every board write, including one waiting for its channel, is done."""
        await self._boards.settled()

    async def fresh(self, match_id: int) -> MatchRecord:
        """The match as stored now (read under its lock before changing it)."""
        return await self._fresh(match_id)

    async def _fresh(self, match_id: int) -> MatchRecord:
        record = await self.repo.get_match(match_id)
        if record is None:
            raise NoMatch(t("app-no-match-id", id=match_id))
        return record

    async def _live(self, channel_id: int) -> MatchRecord:
        record = await self.repo.live_match_in_channel(channel_id)
        if record is None:
            raise NoMatch(t("app-no-match-here", commands=open_table()))
        return record

    async def _locate(self, channel_id: int | None, match_id: int | None) -> int:
        """The id of the match meant, reading the database only when it must be looked up by channel."""
        if match_id is not None:
            return match_id
        return (await self._target(channel_id, None)).id

    async def _target(self, channel_id: int | None, match_id: int | None, *, any_status: bool = False) -> MatchRecord:
        if match_id is not None:
            return await self._fresh(match_id)
        if channel_id is None:
            raise NoMatch(t("app-name-a-match"))
        if any_status:
            record = await self.repo.latest_in_channel(channel_id)
        else:
            record = await self.repo.live_match_in_channel(channel_id)
        if record is None:
            raise NoMatch(t("app-no-match-here", commands=open_table()))
        return record

    def _require_active(self, record: MatchRecord) -> None:
        if record.status == "lobby":
            raise WrongStatus(t("app-not-started", command=command(record.game, "start")))
        if record.status != "active":
            raise WrongStatus(t("app-match-over"))

    def _seat(self, record: MatchRecord, user_id: int) -> Seat:
        seat = record.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(t("app-not-playing"))
        return seat

    def _state(self, record: MatchRecord) -> Any:
        key = (record.id, record.version)
        if key in self._pinned:
            return self._pinned[key]
        cached = self._states.get(key)
        if cached is not None:
            self._states.move_to_end(key)
            return cached
        if not record.started:
            raise WrongStatus(t("app-not-started-yet"))
        game = get_game(record.game)
        data = record.snapshot
        if record.snapshot_schema != game.schema_version:
            data = game.upgrade(data, record.snapshot_schema or 0)
        state = game.from_json(data)
        self._remember(record, state)
        return state

    def _remember(self, record: MatchRecord, state: Any) -> None:
        if not record.started:
            return
        self._states[(record.id, record.version)] = state
        self._states.move_to_end((record.id, record.version))
        while len(self._states) > self._state_cache_size:
            self._states.popitem(last=False)

    async def _commit(self, record: MatchRecord, change: MatchChange) -> MatchRecord:
        try:
            return await self.repo.apply_change(record.id, change, self._now())
        except StaleVersion:
            # Another process changed the match between our read and our write: nothing was written.
            raise StaleClick(t("app-changed-meanwhile"), record.id, record.version) from None

    async def commit_state(self, record: MatchRecord, change: MatchChange, state: Any) -> MatchRecord:
        """Write a change computed elsewhere (rewinds) and remember its state. The caller holds the lock."""
        record = await self._commit(record, change)
        self._remember(record, state)
        return record

    async def render_public(
        self, game: Game[Any], title: Text, position: Callable[[], Any], *, key: Hashable
    ) -> bytes | None:
        """A public board (a replay page), drawn once per `key`, which names the position. `position`
        computes the state in the worker thread, and only when the page was not drawn before."""
        return await self._images.image(
            key, lambda: self.renderer.board(game.name, i18n.english(title), game.view(position(), None))
        )

    def game_change(
        self,
        record: MatchRecord,
        game: Game[Any],
        before: Any,
        after: Any,
        events: Iterable[Event],
        *,
        kind: str,
        seat: Seat | None,
        user_id: int | None,
        action: Action | None = None,
        notation: str | None = None,
        paused: Mapping[int, datetime] | None = None,
        reason: str | None = None,
    ) -> MatchChange:
        events = list(events)
        outcome = game.outcome(after)
        if outcome is not None and reason is not None and outcome.reason == "resign":
            outcome = replace(outcome, reason=reason)  # a timeout ends the game through the resignation rule
        private_to = {s for e in events if e.to is not None for s in e.to}
        waiting_before, waiting_after = game.to_move(before), game.to_move(after)
        clock = None
        if record.clock is not None:
            if outcome is not None:
                clock = self._stopped_clock(record)
            else:
                current = clocks.MatchClock.from_json(record.clock)
                clock = clocks.after_change(
                    current, waiting_before, waiting_after, self.clock(), paused or {}
                ).to_json()
        return MatchChange(
            record.version,
            snapshot=game.to_json(after),
            snapshot_schema=game.schema_version,
            status="finished" if outcome is not None else None,
            result=self._result_json(record, outcome) if outcome is not None else None,
            log=LogEntry(
                0, kind, seat, user_id, action and action.to_json(), notation, [e.to_json() for e in events], ""
            ),
            outbox_recipients=[] if outcome is not None else sorted(private_to | (waiting_after - waiting_before)),
            # Only seats that newly owe a decision are pinged: one that still owes a secret pick is not
            # pinged again on every move of the others.
            outbox_mention=sorted(waiting_after - waiting_before),
            clock=clock,
        )

    def _stopped_clock(self, record: MatchRecord) -> dict[str, Any] | None:
        if record.clock is None:
            return None
        return clocks.stop_all(clocks.MatchClock.from_json(record.clock), self.clock()).to_json()

    # ------------------------------------------------------------------------------------ clocks

    def time_control(self, game_name: str, chosen: Mapping[str, Any]) -> clocks.TimeControl:
        """The time control for a new match: the players' choices over the game's and global defaults."""
        base = self.clock_config
        own = base.games.get(game_name)

        def pick(chosen_key: str, setting: str) -> Any:
            """The player's choice, else the game's setting, else the global one."""
            if chosen.get(chosen_key) is not None:
                return chosen[chosen_key]
            value = getattr(own, setting, None) if own is not None else None
            return getattr(base, setting) if value is None else value

        kind = pick("kind", "default")
        if kind not in ("none", "per_move", "total"):
            raise Refusal(t("app-clock-kinds"))
        days = chosen.get("days")
        if days is not None and not 0 < float(days) <= 3650:
            raise Refusal(t("app-clock-days"))
        per_move = float(days if days is not None and kind == "per_move" else pick("per_move_days", "per_move_days"))
        total = float(days if days is not None and kind == "total" else pick("total_days", "total_days"))
        bank = float(pick("bank_days", "bank_cap_days"))
        on_timeout = pick("on_timeout", "on_timeout")
        if on_timeout not in ("claim", "auto"):
            raise Refusal(t("app-clock-on-timeout"))
        return clocks.TimeControl(
            kind=kind,
            per_move=timedelta(days=per_move),
            bank_cap=timedelta(days=max(bank, per_move)),
            total=timedelta(days=total),
            on_timeout=on_timeout,
            reminders=tuple(clocks.ReminderPoint.parse(r) for r in base.reminders),
        )

    async def paused_seats(self, record: MatchRecord) -> dict[int, datetime]:
        """Seats whose player is on vacation now, with when it ends."""
        if record.clock is None:
            return {}
        return await self._paused_by_user({m.seat: m.user_id for m in record.seated() if m.seat is not None})

    async def _paused_by_user(self, users: Mapping[int, int]) -> dict[int, datetime]:
        now = self.clock()
        paused: dict[int, datetime] = {}
        for seat, user_id in users.items():
            for vacation in await self.repo.vacations(user_id, ending_after=iso(now)):
                start, end = datetime.fromisoformat(vacation.starts_at), datetime.fromisoformat(vacation.ends_at)
                if start <= now < end:
                    paused[seat] = end
        return paused

    def clock_lines(self, record: MatchRecord) -> list[Text]:
        if record.clock is None:
            return []
        clock = clocks.MatchClock.from_json(record.clock)
        if not clock.seats:
            return [t("app-clock", control=clock.control.describe())]
        game = get_game(record.game)
        now = self.clock()
        lines: list[Text] = []
        for seat, c in enumerate(clock.seats):
            who = f"{game.seat_name(seat)} <@{record.user_at(seat)}>"
            left = clocks.describe_duration(c.left(now))
            if c.running and c.since is not None and c.since > now:
                lines.append(t("app-clock-vacation", who=who, left=left, until=f"{c.since:%Y-%m-%d %H:%M}"))
            elif c.running and c.left(now).total_seconds() <= 0:
                lines.append(t("app-clock-out", who=who))
            elif c.running:
                lines.append(t("app-clock-running", who=who, left=left))
            else:
                lines.append(t("app-clock-stopped", who=who, left=left))
        return lines

    def _result_json(self, record: MatchRecord, outcome: Outcome) -> dict[str, Any]:
        data = outcome.to_json()
        data["winner_users"] = [record.user_at(s) for s in sorted(outcome.winners)]
        return data


def read_scenario(text: str) -> Any:
    from engine.scenario import ScenarioError, load_scenario

    try:
        return load_scenario(text, "attachment")
    except ScenarioError as problem:
        raise Refusal(problem.describe(t("app-attached-file"), for_players=True)) from None


def scenario_start(text: str) -> tuple[Game[Any], int, Any]:
    """(game, players, state) of a scenario file's position; refusals name the line.

    The match starts at the position itself: a file's steps are its "when" (a puzzle's solution, a bug's
    reproduction), not part of the setup.
    """
    from engine.scenario import ScenarioError, initial_state, load_hooks

    scenario = read_scenario(text)
    try:
        load_hooks(get_game(scenario.game))
        return initial_state(scenario, play_steps=False)
    except ScenarioError as problem:
        if problem.crashed:  # our bug: its text (an exception, a file path) is for the log, not the table
            log.error("a scenario position could not be set up: %s", problem.message)
            raise Refusal(t("app-position-crashed")) from None
        raise Refusal(problem.describe(t("app-attached-file"), for_players=True)) from None
    except GameError as problem:
        raise Refusal(t("app-position-refused", reason=problem.msg)) from None


def retry_delay(attempts: int) -> timedelta:
    """How long a board waits after its `attempts`-th failed post: 1 minute, doubling, at most an hour."""
    return min(BOARD_RETRY_FIRST * 2 ** min(max(attempts - 1, 0), 16), BOARD_RETRY_LONGEST)


def forget_hidden(game: Game[Any], state: Any, lines: list[Text]) -> list[Text]:
    """`game.forget_hidden` on the lines the game wrote (plain text, or its own messages); the platform's
    messages (app/summary.py) name no card and are left as they are."""
    plain = [i for i, line in enumerate(lines) if not is_platform_line(line)]
    forgot = game.forget_hidden(state, [lines[i] for i in plain])
    if len(forgot) != len(plain):  # not one line for one: the game's lines follow the platform's, as it gave them
        return [line for line in lines if is_platform_line(line)] + list(forgot)
    out = list(lines)
    for i, line in zip(plain, forgot, strict=True):
        out[i] = line
    return out


def _public_lines(game: Game[Any], events: Iterable[Event]) -> list[Text]:
    return [line for e in events if e.to is None and (line := game.describe_event(e, None))]


def _said(game: Game[Any], events: Iterable[Event], match_id: int) -> list[Text]:
    """The public lines of a committed move; none (logged) if the game cannot describe them."""
    try:
        return _public_lines(game, events)
    except Exception:
        log.exception("describing a committed move of match %s failed", match_id)
        return []

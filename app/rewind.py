"""Undo, takebacks, replay and export: everything that rebuilds a position from the action log.

History is never edited in place. Taking moves back appends a "rewind" entry naming the version the
match returns to; the position is then rebuilt by replaying, from the start entry's stored base, the
entries that are still in effect. The same replay serves each game's `replay` command and `python bot.py replay`.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.delivery import BoardPost, Notice
from app.errors import NotAllowed, NotAPlayer, Refusal, StaleClick, WrongStatus
from app.hints import command
from app.service import MatchService
from db.records import LogEntry, MatchRecord
from engine.core import Action, Event, Game, GameError, get_game
from engine.i18n import Text, t

log = logging.getLogger(__name__)

EXPORT_FORMAT = "arbiter-match-log"
EXPORT_VERSION = 1


# -------------------------------------------------------------------------------------------- replay


def effective_entries(entries: Sequence[LogEntry]) -> tuple[LogEntry, list[LogEntry]]:
    """The start entry and the entries still in effect after every rewind, in order."""
    if not entries or entries[0].kind != "start":
        raise ValueError("a match log begins with its start entry")
    applied: list[LogEntry] = []
    for entry in entries[1:]:
        if entry.kind in ("action", "resign"):
            applied.append(entry)
        elif entry.kind == "rewind":
            back_to = int(entry.events[0]["data"]["to"])
            applied = [a for a in applied if a.version <= back_to]
    return entries[0], applied


def base_state(game: Game[Any], start: LogEntry, record_seed: int, players: int, options: dict[str, Any]) -> Any:
    if start.base is None:  # matches started before bases were stored were set up from the seed
        return game.setup(players, options, record_seed)
    data = start.base["state"]
    if start.base["schema"] != game.schema_version:
        data = game.upgrade(data, start.base["schema"])
    return game.from_json(data)


def apply_entry(game: Game[Any], state: Any, entry: LogEntry) -> Any:
    if entry.kind == "action":
        return game.apply(state, entry.seat, Action.from_json(entry.action)).state
    try:
        return game.resign(state, entry.seat).state
    except GameError:
        return state  # the platform ended the match; the position itself did not change


def replay(game: Game[Any], base: Any, entries: Sequence[LogEntry]) -> Any:
    state = base
    for entry in entries:
        state = apply_entry(game, state, entry)
    return state


def fingerprint(game: Game[Any], state: Any) -> str:
    text = json.dumps(game.to_json(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


# ------------------------------------------------------------------------------------- the use cases


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    step: int
    steps: int
    post: BoardPost


class Rewinder:
    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.repo = service.repo

    async def _history(self, record: MatchRecord) -> tuple[Game[Any], Any, list[LogEntry]]:
        game = get_game(record.game)
        start, applied = effective_entries(await self.repo.log_entries(record.id))
        base = base_state(game, start, record.seed, len(record.seated()), record.options)
        return game, base, applied

    # -------------------------------------------------------------------------------------- undo

    async def undo(self, *, user_id: int, channel_id: int | None = None, match_id: int | None = None) -> Text:
        """Take back the player's own last move, if it is still their turn and nothing was revealed."""
        record = await self.service.find(channel_id=channel_id, match_id=match_id)
        async with self.service.lock(record.id):
            record = await self.service.fresh(record.id)
            seat = self._active_seat(record, user_id)
            game, base, applied = await self._history(record)
            if not applied or applied[-1].seat != seat or applied[-1].kind != "action":
                raise NotAllowed(t("app-undo-not-last", command=command(record.game, "takeback")))
            last = applied[-1]
            if any(game.reveals(Event.from_json(e)) for e in last.events):
                raise NotAllowed(t("app-undo-revealed", command=command(record.game, "takeback")))
            if seat not in game.may_act(self.service.state_of(record)):
                raise NotAllowed(t("app-undo-turn-passed", command=command(record.game, "takeback")))
            earlier = applied[:-1]
            back_to = earlier[-1].version if earlier else (await self._start_version(record))
            await self._rewind(record, game, replay(game, base, earlier), back_to, seat, user_id, "undo")
        await self.service.deliver_pending(record.id)
        return t("app-undone", move=last.notation) if last.notation else t("app-undone-last")

    async def _start_version(self, record: MatchRecord) -> int:
        entries = await self.repo.log_entries(record.id)
        return entries[0].version

    def _active_seat(self, record: MatchRecord, user_id: int) -> int:
        if record.status != "active":
            raise WrongStatus(t("app-not-in-play"))
        seat = record.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(t("app-not-your-match"))
        return seat

    async def _rewind(
        self, record: MatchRecord, game: Game[Any], state: Any, back_to: int, seat: int, user_id: int, how: str
    ) -> MatchRecord:
        before = self.service.state_of(record)
        event = Event("rewound", {"to": back_to, "seat": seat, "how": how})
        change = self.service.game_change(
            record,
            game,
            before,
            state,
            [event],
            kind="rewind",
            seat=seat,
            user_id=user_id,
            paused=await self.service.paused_seats(record),
        )
        change.outbox_recipients = list(range(len(record.seated())))  # every hand may have changed back
        change.clear_pending = True
        return await self.service.commit_state(record, change, state)

    # --------------------------------------------------------------------------------- takeback

    async def request_takeback(
        self, *, user_id: int, channel_id: int | None = None, match_id: int | None = None
    ) -> Text:
        record = await self.service.find(channel_id=channel_id, match_id=match_id)
        async with self.service.lock(record.id):
            record = await self.service.fresh(record.id)
            seat = self._active_seat(record, user_id)
            if record.pending is not None and record.pending.get("version") == record.version:
                raise WrongStatus(t("app-takeback-waiting"))
            _, _, applied = await self._history(record)
            mine = [e for e in applied if e.seat == seat and e.kind == "action"]
            if not mine:
                raise Refusal(t("app-takeback-nothing"))
            target = mine[-1]
            earlier = [e for e in applied if e.version < target.version]
            back_to = earlier[-1].version if earlier else await self._start_version(record)
            others = [m.seat for m in record.seated() if m.seat is not None and m.seat != seat]
            pending = {
                "kind": "takeback",
                "by": seat,
                "to": back_to,
                "version": record.version,
                "need": others,
                "accepted": [],
                "moves": len(applied) - len(earlier),
            }
            if not await self.repo.set_pending(record.id, record.version, pending):
                raise StaleClick(t("app-takeback-moved-on"), record.id, record.version)
        count = pending["moves"]
        others_users = [record.user_at(s) for s in others]
        notice = Notice(
            record.id,
            record.version,
            record.guild_id,
            record.channel_id,
            t(
                "app-takeback-asked",
                who=f"<@{user_id}>",
                count=count,
                others=" ".join(f"<@{u}>" for u in others_users),
            ),
            mention=[u for u in others_users if u is not None],
            buttons=["takeback_yes", "takeback_no"],
        )
        # The request is stored: a notice that cannot be posted must not report it as refused.
        try:
            await self.service.delivery.post_notice(notice)
        except Exception:
            log.warning("match %s: the takeback request could not be posted", record.id, exc_info=True)
            return t("app-takeback-unposted")
        return t("app-takeback-posted")

    async def answer_takeback(self, *, user_id: int, match_id: int, version: int, accept: bool) -> Text:
        async with self.service.lock(match_id):
            record = await self.service.fresh(match_id)
            pending = record.pending
            if pending is None or pending.get("version") != version or record.version != version:
                raise StaleClick(t("app-takeback-closed"), record.id, record.version)
            seat = record.seat_of(user_id)
            if seat is None or seat not in pending["need"]:
                raise NotAllowed(t("app-takeback-opponents-only"))
            asker = f"<@{record.user_at(pending['by'])}>"
            if not accept:
                await self.repo.set_pending(record.id, record.version, None)
                message = t("app-takeback-declined", who=f"<@{user_id}>", asker=asker)
            else:
                accepted = sorted({*pending["accepted"], seat})
                if set(accepted) != set(pending["need"]):
                    await self.repo.set_pending(record.id, record.version, {**pending, "accepted": accepted})
                    return t("app-takeback-accepted-one")
                game, base, applied = await self._history(record)
                kept = [e for e in applied if e.version <= pending["to"]]
                await self._rewind(
                    record, game, replay(game, base, kept), pending["to"], pending["by"], user_id, "takeback"
                )
                message = t("app-takeback-accepted", who=f"<@{user_id}>", asker=asker)
        await self.service.deliver_pending(match_id)
        return message

    # ------------------------------------------------------------------------------------ replay

    async def frame(self, *, match_id: int, step: int, user_id: int | None = None) -> ReplayFrame:
        """The public board after `step` moves in effect (0 is the start); with `user_id`, the page counts
        against that person's limits."""
        record = await self.service.fresh(match_id)
        if not record.started:
            raise WrongStatus(t("app-not-started-yet"))
        if user_id is not None:
            self.service.throttle(user_id, record)
        async with self.service.onlooker_turn(user_id, record):
            game, base, applied = await self._history(record)
            step = min(max(step, 0), len(applied))
            title = t("app-replay-title", title=self.service.title(record), step=step, steps=len(applied))
            image = await self.service.render_public(
                game, title, lambda: replay(game, base, applied[:step]), key=("replay", record.id, record.version, step)
            )
        lines: list[Text] = []
        if step:
            entry = applied[step - 1]
            lines = [line for e in entry.events if (line := game.describe_event(Event.from_json(e), None))]
        post = BoardPost(
            record.id, record.version, record.guild_id, record.channel_id, title, lines, "", [], image, True
        )
        return ReplayFrame(step, len(applied), post)

    # ------------------------------------------------------------------------------------ export

    async def export(self, *, match_id: int, user_id: int | None = None) -> str:
        """The whole log as text that `python bot.py replay FILE` rebuilds and verifies; with `user_id`,
        the export counts against that person's limits.

        Only for matches that are over: the seed and every secret choice are in it.
        """
        record = await self.service.fresh(match_id)
        if record.live:
            raise WrongStatus(t("app-export-live"))
        if not record.started:
            raise WrongStatus(t("app-export-never-started"))
        if user_id is not None:
            self.service.throttle(user_id, record)
        game, base, applied = await self._history(record)
        entries = await self.repo.log_entries(record.id)
        final = replay(game, base, applied)
        header = {
            "format": EXPORT_FORMAT,
            "format_version": EXPORT_VERSION,
            "game": record.game,
            "match": record.id,
            "options": record.options,
            "seed": record.seed,
            "seats": [m.user_id for m in record.seated()],
            "result": record.result,
        }
        lines = [json.dumps(header, sort_keys=True)]
        for e in entries:
            row = {"v": e.version, "kind": e.kind, "seat": e.seat, "action": e.action, "notation": e.notation}
            if e.kind == "start":
                row["base"] = e.base
            if e.kind == "rewind":
                row["events"] = e.events
            lines.append(json.dumps(row, sort_keys=True))
        lines.append(json.dumps({"final_sha256": fingerprint(game, final)}))
        return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class VerifiedExport:
    game: str
    moves: int
    ok: bool
    expected: str
    actual: str


def verify_export(text: str) -> VerifiedExport:
    """Rebuild an exported match and compare its final position with the one recorded."""
    rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    if len(rows) < 3 or rows[0].get("format") != EXPORT_FORMAT:
        raise ValueError("not an Arbiter match export (the first line must name the format)")
    header, body, footer = rows[0], rows[1:-1], rows[-1]
    game = get_game(header["game"])
    entries = [
        LogEntry(r["v"], r["kind"], r["seat"], None, r["action"], r["notation"], r.get("events", []), "", r.get("base"))
        for r in body
    ]
    start, applied = effective_entries(entries)
    base = base_state(game, start, header["seed"], len(header["seats"]), header["options"])
    try:
        actual = fingerprint(game, replay(game, base, applied))
    except (GameError, ValueError) as refused:
        actual = f"replay refused a logged move: {refused}"
    return VerifiedExport(game.name, len(applied), actual == footer["final_sha256"], footer["final_sha256"], actual)

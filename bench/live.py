"""Platform figures, each measured in a fresh child process so its memory and start-up are its own.

    python -m bench.live live --game G [--matches 1000] [--seconds 15] [--clients 50] [--import MOD]
    python -m bench.live cold --db PATH --match ID [--import MOD]

`live` opens the matches through the service on a new SQLite file, then plays random legal moves on
all of them from concurrent clients for a while and reports the sustained rate and the memory held.
`cold` is a restart: import, open a database that already holds many matches, redeliver the outbox
and serve one action; it reports how long that took. Both print one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

_STARTED = time.perf_counter()
"""Taken before the platform's own imports (engine, app, db), which a restart pays for too."""

ROOT = Path(__file__).resolve().parent.parent


# -------------------------------------------------------------------------------------- in the child


async def live(game_name: str, matches: int, seconds: float, clients: int, seed: int) -> dict[str, Any]:
    from bench.tables import open_match, open_service, users_for
    from bench.util import game_by_name, peak_rss_mb, percentile, rounded, rss_mb
    from db.records import MatchRecord
    from engine.playout import choose_move

    game = game_by_name(game_name)
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="arbiter-live-") as tmp:
        store, service = await open_service(Path(tmp) / "live.db", seed=seed)
        try:
            baseline = rss_mb()
            t0 = time.perf_counter()
            records: list[MatchRecord] = []
            for m in range(matches):
                users = users_for(m, game.min_players)
                channel = 700_000 + m
                records.append(await open_match(service, game, channel=channel, users=users, seed=rng.randrange(2**31)))
            setup_s = time.perf_counter() - t0
            latencies: list[float] = []
            failures: list[str] = []
            replaced = 0
            deadline = time.perf_counter() + seconds

            async def client(slots: list[int], crng: random.Random) -> None:
                nonlocal replaced
                while time.perf_counter() < deadline:
                    for i in slots:
                        if time.perf_counter() >= deadline:
                            return
                        record = records[i]
                        if record.status != "active":
                            users = users_for(i, game.min_players)
                            records[i] = await open_match(
                                service, game, channel=record.channel_id, users=users, seed=crng.randrange(2**31)
                            )
                            replaced += 1
                            continue
                        move = choose_move(game, service.state_of(record), crng)
                        if move is None:
                            continue
                        seat, action = move
                        user = record.user_at(seat)
                        assert user is not None
                        a0 = time.perf_counter()
                        try:
                            result = await service.act(user_id=user, action=action, match_id=record.id)
                        except Exception as error:  # counted and reported: the rate is only worth its errors
                            failures.append(f"{type(error).__name__}: {error}")
                            records[i] = await service.find(match_id=record.id)
                            continue
                        latencies.append((time.perf_counter() - a0) * 1000)
                        records[i] = result.record

            started = time.perf_counter()
            await asyncio.gather(
                *(client(list(range(c, matches, clients)), random.Random(seed * 97 + c)) for c in range(clients))
            )
            elapsed = time.perf_counter() - started
            return {
                "live_matches": matches,
                "clients": clients,
                "errors": len(failures),
                "error_samples": sorted(set(failures))[:3],
                "setup_s": rounded(setup_s, 2),
                "load_s": rounded(elapsed, 2),
                "actions": len(latencies),
                "actions_per_s": rounded(len(latencies) / elapsed, 1),
                "action_ms_p50_under_load": rounded(percentile(latencies, 50)),
                "action_ms_p99_under_load": rounded(percentile(latencies, 99)),
                "matches_finished_and_replaced": replaced,
                "rss_mb": rounded(rss_mb(), 1),
                "rss_mb_before_matches": rounded(baseline, 1),
                "peak_rss_mb": rounded(peak_rss_mb(), 1),
            }
        finally:
            await store.close()


async def cold(db: Path, match_id: int, seed: int) -> dict[str, Any]:
    import engine
    from bench.tables import open_service
    from bench.util import rounded
    from engine.playout import choose_move

    engine.load_games()
    imported = time.perf_counter()
    store, service = await open_service(db, seed=seed)
    try:
        opened = time.perf_counter()
        redelivered = await service.deliver_pending()
        record = await service.find(match_id=match_id)
        move = choose_move(engine.get_game(record.game), service.state_of(record), random.Random(seed))
        assert move is not None, f"match {match_id} has no move to make"
        seat, action = move
        user = record.user_at(seat)
        assert user is not None
        result = await service.act(user_id=user, action=action, match_id=match_id)
        served = time.perf_counter()
        assert result.record.version == record.version + 1
        stored = await store.count_matches()
    finally:
        await store.close()
    return {
        "cold_start_ms": rounded((served - _STARTED) * 1000, 1),
        "import_ms": rounded((imported - _STARTED) * 1000, 1),
        "open_ms": rounded((opened - imported) * 1000, 1),
        "first_action_ms": rounded((served - opened) * 1000, 1),
        "redelivered": redelivered,
        "stored_matches": stored,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.live")
    parser.add_argument("mode", choices=["live", "cold"])
    parser.add_argument("--game")
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", type=Path)
    parser.add_argument("--match", type=int)
    parser.add_argument("--import", dest="imports", action="append", default=[])
    args = parser.parse_args(argv)
    from bench.util import import_modules

    import_modules(args.imports)
    if args.mode == "live":
        out = asyncio.run(live(args.game, args.matches, args.seconds, args.clients, args.seed))
    else:
        out = asyncio.run(cold(args.db, args.match, args.seed))
    print(json.dumps(out), flush=True)
    return 0


# ------------------------------------------------------------------------------------- in the parent


def run_child(args: list[str], imports: list[str], timeout: float) -> dict[str, Any]:
    command = [sys.executable, "-m", "bench.live", *args]
    for name in imports:
        command += ["--import", name]
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    wall = (time.perf_counter() - started) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"bench.live {args[0]} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    out: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    out["process_ms"] = round(wall, 1)
    return out


async def build_store(
    path: Path, game_name: str, *, stored: int, templates: int = 24, seed: int = 1
) -> tuple[int, list[int]]:
    """A database holding `stored` matches: `templates` played through the service (a few to the end,
    the others part-way), then copied row for row in SQL. Returns (matches stored, ids of live ones)."""
    from bench.tables import open_match, open_service, users_for
    from bench.util import game_by_name
    from engine.playout import choose_move

    game = game_by_name(game_name)
    rng = random.Random(seed)
    templates = max(1, min(templates, stored))
    store, service = await open_service(path, seed=seed)
    try:
        for t in range(templates):
            record = await open_match(
                service, game, channel=600_000 + t, users=users_for(t, game.min_players), seed=rng.randrange(2**31)
            )
            # One in six goes to the end; the rest stop somewhere in the first hundred moves, still live.
            to_the_end = t % 6 == 0
            for _ in range(100_000 if to_the_end else rng.randrange(0, 100)):
                if record.status != "active":
                    break
                state = service.state_of(record)
                move = choose_move(game, state, rng)
                if move is None:
                    break
                seat, action = move
                if not to_the_end and game.outcome(game.apply(state, seat, action).state) is not None:
                    break
                user = record.user_at(seat)
                assert user is not None
                record = (await service.act(user_id=user, action=action, match_id=record.id)).record
    finally:
        await store.close()
    clone_matches(path, stored - templates, first_channel=600_000 + templates)
    conn = sqlite3.connect(path)
    try:
        live_ids = [r[0] for r in conn.execute("SELECT id FROM matches WHERE status = 'active' ORDER BY id")]
        count = conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
    finally:
        conn.close()
    return int(count), live_ids


def clone_matches(path: Path, copies: int, *, first_channel: int) -> None:
    """Copy the matches already in the file, with their seats, log and outbox rows, `copies` times in all.

    Set-based (one statement per table), and columns are read from the schema, so the copy keeps up with
    migrations."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        originals = [r[0] for r in conn.execute("SELECT id FROM matches ORDER BY id")]
        if not originals or copies <= 0:
            return
        top = conn.execute("SELECT MAX(id) FROM matches").fetchone()[0]
        match_cols = ", ".join(c for c in _columns(conn, "matches") if c not in ("id", "channel_id"))
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("CREATE TEMP TABLE copies (new_id INTEGER PRIMARY KEY, source INTEGER, channel INTEGER)")
        conn.executemany(
            "INSERT INTO copies VALUES (?, ?, ?)",
            [(top + 1 + i, originals[i % len(originals)], first_channel + i) for i in range(copies)],
        )
        conn.execute(
            f"INSERT INTO matches (id, channel_id, {match_cols}) "
            f"SELECT c.new_id, c.channel, {', '.join(f'm.{x.strip()}' for x in match_cols.split(','))} "
            "FROM copies c JOIN matches m ON m.id = c.source ORDER BY c.new_id"
        )
        for table in _child_tables(conn):
            cols = [c for c in _columns(conn, table) if c not in ("match_id", "id")]
            listed = ", ".join(cols)
            picked = ", ".join(f"t.{c}" for c in cols)
            conn.execute(
                f"INSERT INTO {table} (match_id, {listed}) SELECT c.new_id, {picked} "
                f"FROM copies c JOIN {table} t ON t.match_id = c.source ORDER BY c.new_id"
            )
        conn.execute("DROP TABLE copies")
        conn.execute("COMMIT")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]


def _child_tables(conn: sqlite3.Connection) -> list[str]:
    """Tables with a match_id column (seats, log, outbox, and whatever later migrations add)."""
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    return [n for n in names if n != "matches" and "match_id" in _columns(conn, n)]


if __name__ == "__main__":
    sys.exit(main())

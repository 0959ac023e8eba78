"""Arbiter: a Discord bot that referees complete tabletop games.

python bot.py                      run the bot (needs DISCORD_TOKEN)
python bot.py play GAME            a local hot-seat table in the terminal, no token needed
python bot.py backup PATH          a consistent copy of the database, safe while the bot runs
python bot.py selfplay GAME ...    random legal matches through the whole stack
python bot.py bench [GAME ...] [--quick] [--json]   the benchmarks in bench/ (all offered games by default)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from app.config import Config, ConfigError, discord_token, load_config
from db.health import UnusableDatabase

NO_TOKEN = """\
Arbiter needs a Discord bot token to connect, and none is set.

  1. Open https://discord.com/developers/applications, create an application, add a Bot,
     and copy its token (Bot -> Reset Token).
  2. Invite it with the scopes `bot` and `applications.commands` (OAuth2 -> URL Generator),
     with permissions to send messages, embed links and attach files.
  3. Set the token in your environment, never in a file in this folder:
        export DISCORD_TOKEN=your-token-here        (Windows: set DISCORD_TOKEN=...)
     then run `python bot.py` again.

No token yet? Try a game locally in this terminal:
  python bot.py play{game_hint}
"""


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        config = load_config(Path(args.config) if args.config else None)
    except ConfigError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=getattr(logging, config.logging.level),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    # aiosqlite's debug output carries every statement's parameters, snapshots (and so hands) included.
    logging.getLogger("aiosqlite").setLevel(max(logging.INFO, getattr(logging, config.logging.level)))
    try:
        return _dispatch(args, config)
    except UnusableDatabase as unusable:
        # Damaged, read-only or too new: one message naming the file and what to do, no traceback.
        print(unusable, file=sys.stderr)
        return 1


def _dispatch(args: argparse.Namespace, config: Config) -> int:
    command = args.command or "run"
    if command == "run":
        return _run(config)
    if command == "play":
        return asyncio.run(_play(config, args))
    if command == "selfplay":
        return asyncio.run(_selfplay(args))
    if command == "bench":
        from bench import run_benchmarks

        return run_benchmarks(as_json=args.json, games=args.games or None, quick=args.quick)
    if command == "soak":
        from bench.soak import soak_command

        return soak_command(args.game, actions=args.actions, seed=args.seed, config=config)
    if command == "replay":
        return _replay(Path(args.file))
    if command == "cards":
        return _cards(args)
    if command == "backup":
        from app.backup import backup_command

        return backup_command(config, Path(args.path), force=args.force, out=sys.stdout, err=sys.stderr)
    if command == "scenario":
        from app.scenario_cli import scenario_command

        return scenario_command(args.scenario_args, config=config)
    raise AssertionError(command)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bot.py", description="Arbiter, the tabletop referee for Discord.")
    parser.add_argument("--config", help="path to config.toml (default: the one beside bot.py)")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="connect to Discord (needs DISCORD_TOKEN)")
    play = sub.add_parser("play", help="play a local hot-seat match in this terminal")
    play.add_argument("game", nargs="?", help="which game; leave out to list them")
    play.add_argument("--players", type=int, help="number of players (default: the game's minimum)")
    play.add_argument("--seed", type=int, help="seed for a reproducible match")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    play.add_argument("--new", action="store_true", help="start a fresh match instead of resuming the unfinished one")
    selfplay = sub.add_parser("selfplay", help="random legal matches through the whole stack")
    selfplay.add_argument("game")
    selfplay.add_argument("--matches", type=int, default=10)
    selfplay.add_argument("--seed", type=int, default=0)
    selfplay.add_argument("--players", type=int, help="number of seats (default: the fewest the mode takes)")
    selfplay.add_argument("--mode", help="the game's mode, passed as its `mode` option (Codex: standard, 2v2, ffa)")
    selfplay.add_argument("--no-render", action="store_true", help="skip drawing boards")
    selfplay.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    selfplay.add_argument("--json", action="store_true", help="print one JSON line")
    bench = sub.add_parser("bench", help="run the benchmarks")
    bench.add_argument("games", nargs="*", metavar="GAME", help="the games to measure (default: every offered one)")
    bench.add_argument("--quick", action="store_true", help="a short run with few samples (a smoke test)")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    soak = sub.add_parser("soak", help="deep property, fuzz, crash, concurrency and leak runs for one game")
    soak.add_argument("game")
    soak.add_argument("--actions", type=int, default=10_000)
    soak.add_argument("--seed", type=int, default=0)
    replay = sub.add_parser("replay", help="rebuild an exported match log and verify its final position")
    replay.add_argument("file", help="a file from /match export")
    cards = sub.add_parser("cards", help="a game's card pool: what is implemented and tested")
    cards.add_argument("game", help="a game with a card pool, e.g. codex")
    cards.add_argument("--coverage", action="store_true", help="per colour and spec: implemented and tested")
    cards.add_argument("--json", action="store_true", help="print one JSON object")
    backup = sub.add_parser("backup", help="write a consistent copy of the database (safe while the bot runs)")
    backup.add_argument("path", help="the file to write, or a folder to put a dated copy in")
    backup.add_argument("--force", action="store_true", help="replace PATH if it exists")
    scenario = sub.add_parser("scenario", help="run scenario files, or dump a stored match as one")
    scenario.add_argument("scenario_args", nargs=argparse.REMAINDER, help="run PATH... | dump MATCH_ID")
    return parser


def _run(config: Config) -> int:
    token = discord_token()
    if token is None:
        from engine import load_games, offered_games

        load_games()
        games = offered_games()
        print(NO_TOKEN.format(game_hint=f" {games[0].name}" if games else ""), file=sys.stderr)
        return 1
    from cogs.client import run_bot

    return run_bot(config, token)


def _games_listing() -> str:
    from engine import offered_games

    games = offered_games()
    if not games:
        return "No games are installed yet."
    rows = [f"  {g.name:<14} {g.title} ({g.min_players}–{g.max_players} players)" for g in games]
    return "Games you can play:\n" + "\n".join(rows)


def _options(pairs: list[str]) -> dict[str, object]:
    """KEY=VALUE pairs; values are read as JSON where they parse (numbers, true/false), else as text."""
    from app.options import parse_options

    return parse_options(" ".join(pairs))


async def _play(config: Config, args: argparse.Namespace) -> int:
    from app.instance import InstanceLock
    from app.local import TerminalDelivery, play_local, stdin_line
    from app.wiring import open_service
    from engine import GAMES, load_games

    load_games()
    if not args.game:
        print(_games_listing())
        print("\nStart one with: python bot.py play GAME")
        return 0
    if args.game not in GAMES or not GAMES[args.game].offered:
        print(f"There is no game called {args.game!r}.\n{_games_listing()}", file=sys.stderr)
        return 2
    game = GAMES[args.game]
    # One folder and database per game, so the unfinished match of that game is found next time.
    folder = config.resolve(config.play.boards_dir) / game.name
    database = folder / "match.db"
    lock = InstanceLock(database)
    if not lock.acquire():
        print(f"Another `python bot.py play {game.name}` is using {database}; finish that one first.", file=sys.stderr)
        return 1
    try:
        delivery = TerminalDelivery(sys.stdout, folder, keep=config.play.keep_boards)
        service = await open_service(config, delivery, db_path=database)
        try:
            print(f"Boards and the match database are in {folder}")
            return await play_local(
                service,
                delivery,
                game.name,
                players=args.players or game.seat_range(_options(args.option))[0],
                seed=args.seed,
                read_line=stdin_line,
                options=_options(args.option),
                fresh=args.new,
            )
        finally:
            await service.repo.close()
    finally:
        lock.release()


async def _selfplay(args: argparse.Namespace) -> int:
    from app.selfplay import selfplay
    from engine import GAMES, load_games

    load_games()
    if args.game not in GAMES:
        print(f"There is no game called {args.game!r}.\n{_games_listing()}", file=sys.stderr)
        return 2
    report = await selfplay(
        args.game,
        matches=args.matches,
        seed=args.seed,
        players=args.players,
        render=not args.no_render,
        options={**_options(args.option), **({"mode": args.mode} if args.mode else {})},
    )
    if args.json:
        print(json.dumps(report.as_json()))
    else:
        for key, value in report.as_json().items():
            print(f"{key:>14}: {value}")
    for sample in report.error_samples:
        # Beside the JSON line (stdout stays one object), or under the table.
        print(f"  ! {sample}", file=sys.stderr if args.json else sys.stdout)
    return 0 if report.errors == 0 and report.finished == report.matches else 1


def _replay(path: Path) -> int:
    from app.rewind import verify_export
    from engine import load_games
    from engine.core import GameError

    load_games()
    try:
        report = verify_export(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError, GameError) as problem:
        print(f"Cannot replay {path}: {problem}", file=sys.stderr)
        return 2
    if report.ok:
        print(f"{report.game}: replayed {report.moves} moves; the final position matches ({report.actual[:16]}…).")
        return 0
    print(f"{report.game}: replayed {report.moves} moves, but the final position differs.", file=sys.stderr)
    print(f"  recorded {report.expected}\n  rebuilt  {report.actual}", file=sys.stderr)
    return 1


def _cards(args: argparse.Namespace) -> int:
    from bench.coverage import TESTS, cards_marked_in_tests, coverage, report
    from engine import GAMES, load_games

    load_games()
    with_cards = sorted(name for name, g in GAMES.items() if g.offered and g.card_pool())
    if args.game not in with_cards:
        print(f"No card pool for {args.game!r}; games with cards: {', '.join(with_cards) or 'none'}.", file=sys.stderr)
        return 2
    if not args.coverage:
        print(f"Say what to show: python bot.py cards {args.game} --coverage")
        return 2
    if not (TESTS / args.game).is_dir():
        print(f"No tests folder at {TESTS / args.game}: coverage reads the tests' card markers.", file=sys.stderr)
        return 2
    cov = coverage(GAMES[args.game].card_pool(), cards_marked_in_tests(args.game))
    print(json.dumps(cov.to_json()) if args.json else report(cov))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`python bot.py scenario run PATH...` and `python bot.py scenario dump MATCH_ID`.

run   runs scenario files (folders are searched for *.toml), prints each failure with its first failing
      expectation and the actual value, and ends with `N passed, N failed`; exit status 0 only if all pass.
dump  writes the current position of a stored match (from the configured database) as a scenario file.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from app.config import Config
from app.scenarios import DumpError, dump, report, run_paths

USAGE_EXIT = 2


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of exiting, so errors come back as an exit status."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(f"{self.prog}: {message}")


class _UsageError(Exception):
    pass


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="bot.py scenario", description="Run scenario files, or dump a stored match as one.")
    sub = parser.add_subparsers(dest="action", required=True, parser_class=_Parser)
    run = sub.add_parser("run", help="run scenario files or folders of them")
    run.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="a scenario file or a folder")
    run.add_argument("-v", "--verbose", action="store_true", help="also list the scenarios that pass")
    dumper = sub.add_parser("dump", help="write a stored match's current position as a scenario file")
    dumper.add_argument("match_id", type=int, metavar="MATCH_ID")
    seen = dumper.add_mutually_exclusive_group()
    seen.add_argument("--as", dest="viewer", metavar="SEAT", help="only what this seat (p1, p2, ...) may know")
    seen.add_argument("--public", action="store_true", help="only what anyone watching may know")
    dumper.add_argument("-o", "--out", metavar="FILE", help="where to write it (default match-ID.toml; - prints it)")
    dumper.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    return parser


def scenario_command(
    argv: Sequence[str], config: Config, *, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        args = _parser().parse_args(list(argv))
    except _UsageError as error:
        err.write(
            f"{error}\nUsage: python bot.py scenario run PATH... | dump MATCH_ID [--as pN | --public] [-o FILE]\n"
        )
        return USAGE_EXIT
    if args.action == "run":
        results = run_paths(args.paths)
        if not results:
            err.write("No scenario files (*.toml) were found there.\n")
            return USAGE_EXIT
        return 0 if report(results, out, verbose=args.verbose).ok else 1
    try:
        text = asyncio.run(dump(config.database_path, args.match_id, args.viewer, public=args.public))
    except DumpError as error:
        err.write(f"{error}\n")
        return 1
    target = args.out or f"match-{args.match_id}.toml"
    if target == "-":
        out.write(text)
        return 0
    path = Path(target)
    if path.exists() and not args.force:
        err.write(f"{path} already exists; choose another file with -o, or add --force.\n")
        return 1
    path.write_text(text, encoding="utf-8")
    out.write(f"Wrote match #{args.match_id} to {path}\n")
    return 0

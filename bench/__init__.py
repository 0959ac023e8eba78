"""Benchmarks, run by `python bot.py bench`. They measure; they never fail a test run."""

from __future__ import annotations

import asyncio
import json

from bench.platform import platform_benchmarks


def run_benchmarks(*, as_json: bool = False) -> int:
    results = asyncio.run(platform_benchmarks())
    if as_json:
        print(json.dumps(results))
    else:
        for game, figures in results["games"].items():
            print(game)
            for key, value in figures.items():
                print(f"  {key:>22}: {value}")
    return 0

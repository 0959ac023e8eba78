"""Fixtures for twin-based tests: a running DiscordTwin and a guard against logged errors.

discord.py logs exceptions raised inside event handlers, commands and views instead of
raising them, so a bot bug would otherwise pass silently. Every test in this directory
fails if anything logs at ERROR or above while it runs (``logged_errors`` is autouse); a test
that provokes an error on purpose can inspect and ``clear()`` the list.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Generator, Iterator

import pytest

from .patch import pointed_at
from .server import DiscordTwin

ANSWER_TIMEOUT = 30.0


class _ErrorCollector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def _describe(records: list[logging.LogRecord]) -> str:
    lines = []
    for record in records:
        lines.append(f"{record.levelname} {record.name}: {record.getMessage()}")
        if record.exc_info and record.exc_info[1] is not None:
            lines.append(f"    {type(record.exc_info[1]).__name__}: {record.exc_info[1]}")
    return "\n".join(lines)


@pytest.fixture(autouse=True)
def logged_errors(request: pytest.FixtureRequest) -> Iterator[list[logging.LogRecord]]:
    """Records of everything logged at ERROR+; non-empty at the end of the test fails it."""
    collector = _ErrorCollector()
    root = logging.getLogger()
    root.addHandler(collector)
    request.node._twin_error_records = collector.records
    try:
        yield collector.records
    finally:
        root.removeHandler(collector)
    if collector.records:
        pytest.fail("errors were logged during teardown:\n" + _describe(collector.records), pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    result = yield
    records: list[logging.LogRecord] | None = getattr(item, "_twin_error_records", None)
    if records:
        message = "errors were logged by discord.py or the bot:\n" + _describe(records)
        records.clear()  # reported here; do not report again at teardown
        pytest.fail(message, pytrace=False)
    return result


@pytest.fixture
async def twin() -> AsyncIterator[DiscordTwin]:
    """A started DiscordTwin with discord.py pointed at it (patches undone afterwards)."""
    # The wait for a bot's answer only catches a hang: tests run in parallel on busy machines, where starting
    # a four-seat match with its images can take longer than the twin's own default of 5 s.
    async with DiscordTwin(default_timeout=ANSWER_TIMEOUT) as started:
        with pointed_at(started):
            yield started

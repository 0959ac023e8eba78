"""SIGKILL between commit and delivery loses nothing: the restarted service posts it and play goes on."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from app.rendering import NoImages
from app.service import MatchService
from db.sqlite import SqliteStore
from tests.app.crash_child import BOB, CHANNEL
from tests.fakes import RecordingDelivery

ROOT = Path(__file__).resolve().parents[2]


async def test_sigkill_after_commit_before_delivery_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    child = subprocess.run(
        [sys.executable, "-m", "tests.app.crash_child", str(db)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert "survived" not in child.stdout

    delivery = RecordingDelivery()
    store = await SqliteStore.open(db)
    service = MatchService(store, delivery, NoImages(), allow_unoffered_games=True)
    try:
        record = await service.find(channel_id=CHANNEL)
        entries = await store.log_entries(record.id)
        assert [e.kind for e in entries] == ["start", "action"]
        assert entries[-1].notation == "bid 1" and entries[-1].version == record.version
        # The move was committed but never posted: the restart posts it.
        assert [p.version for p in await store.pending_outbox()] == [record.version]
        assert await service.deliver_pending() == 1
        assert delivery.boards[-1].version == record.version
        assert "p1 has bid." in delivery.boards[-1].lines
        # And the match goes on from exactly where it stopped.
        result = await service.act(user_id=BOB, action="bid 0", channel_id=CHANNEL)
        assert result.record.version == record.version + 1
        assert service.waiting_on(result.record)  # someone owes the next move: the match is live
    finally:
        await store.close()

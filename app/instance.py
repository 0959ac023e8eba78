"""A file lock beside a database: one process at a time may serve it.

Two bots on one database would answer every interaction twice; two terminal tables on one local
database would fight over the same match. The operating system drops the lock when the process
ends, however it ends, so a crash never leaves a stale lock behind.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO


class InstanceLock:
    def __init__(self, db_path: Path) -> None:
        self.path = db_path.with_name(db_path.name + ".lock")
        self._file: IO[str] | None = None

    def acquire(self) -> bool:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = self.path.open("a")  # not "w": a refused second process must not wipe the holder's pid
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return False
        handle.truncate(0)
        handle.write(str(os.getpid()))
        handle.flush()
        self._file = handle
        return True

    def release(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

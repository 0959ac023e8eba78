"""ruff is part of the build: lint findings and unformatted files fail the test run."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _ruff(*args: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    assert exe, "ruff is a test dependency: install with `pip install -e .[test]`"
    return subprocess.run([exe, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_ruff_check_is_clean() -> None:
    done = _ruff("check", "--quiet", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_is_clean() -> None:
    done = _ruff("format", "--check", "--quiet", ".")
    assert done.returncode == 0, done.stdout + done.stderr

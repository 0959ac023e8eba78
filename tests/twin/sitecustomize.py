"""Auto-patch discord.py in a child process when ``ARBITER_TWIN_URL`` is set.

Python imports ``sitecustomize`` at startup from ``sys.path``; a test that launches the bot with
``PYTHONPATH=tests/twin`` and ``ARBITER_TWIN_URL=<twin.base_url>`` gets a bot that talks to the
twin. ``ARBITER_TWIN_GUILD_READY_TIMEOUT`` (seconds, optional) shortens discord.py's wait before
``on_ready``. Without ``ARBITER_TWIN_URL`` this module does nothing (and imports nothing heavy).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path


def _install() -> None:
    url = os.environ.get("ARBITER_TWIN_URL")
    if not url:
        return
    spec = importlib.util.spec_from_file_location("_arbiter_twin_patch", Path(__file__).with_name("patch.py"))
    if spec is None or spec.loader is None:
        raise ImportError("cannot load tests/twin/patch.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    timeout = os.environ.get("ARBITER_TWIN_GUILD_READY_TIMEOUT")
    module.apply(url, guild_ready_timeout=float(timeout) if timeout else None)


_install()

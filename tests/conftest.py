"""The test profiles: quick for the default run, deep for the long runs.

`ARBITER_PROFILE=deep python -m pytest -n auto` (or `-m deep`, which selects only the long tests) plays
more and longer playouts with every check on every state (bench/properties.py's `Depth`), and runs the
tests marked `deep`, which the default run leaves out. The hypothesis profile of the same name is loaded,
so `@given` tests without their own `max_examples` draw as many examples as the profile plays.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from bench.properties import PROFILE_ENV, PROFILES, profile

for _depth in PROFILES.values():
    settings.register_profile(
        _depth.name, max_examples=_depth.playouts, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


def pytest_configure(config: pytest.Config) -> None:
    marks = config.getoption("markexpr") or ""
    if "deep" in marks and "not deep" not in marks:
        os.environ.setdefault(PROFILE_ENV, "deep")  # asking for the long tests means the deep profile
    settings.load_profile(profile().name)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The default (quick) run leaves the long tests out; they are deselected, not skipped."""
    if profile().name == "deep" or config.getoption("markexpr"):
        return
    long = [item for item in items if item.get_closest_marker("deep") is not None]
    if long:
        config.hook.pytest_deselected(items=long)
        items[:] = [item for item in items if item.get_closest_marker("deep") is None]

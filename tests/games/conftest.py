"""The twin's fixtures (a running Discord twin, and failing on any logged error) for every game's smoke match."""

from tests.twin.conftest import logged_errors, pytest_runtest_call, twin

__all__ = ["logged_errors", "pytest_runtest_call", "twin"]

"""The twin's fixtures (a running Discord twin, and failing on any logged error) for Ascension's twin tests."""

from tests.twin.conftest import logged_errors, pytest_runtest_call, twin

__all__ = ["logged_errors", "pytest_runtest_call", "twin"]

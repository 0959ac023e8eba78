"""Tests of the scenario format, its expectation language, runner and CLI (engine/scenario, app/scenarios)."""

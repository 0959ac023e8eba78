"""Scenarios: a position as text, steps in a game's own notation, and expectations on the result.

Game-agnostic: the file format (`model`), the expectation language (`expr`), the runner (`runner`) and
the TOML writer for dumps (`writer`). A game takes part through three optional `Game` methods:
`position_from_scenario`, `scenario_projection` and `position_to_scenario`. docs/scenarios.md has the
format with examples. Pure: files are read and written by app/scenarios.py.
"""

from engine.scenario.errors import EvalError, KeyPath, PositionError, ScenarioError
from engine.scenario.expr import Check, Env, Verdict, evaluate, parse_check
from engine.scenario.model import Expectation, Scenario, StepSpec, load_scenario
from engine.scenario.runner import ERROR, FAILED, PASSED, Result, initial_state, load_hooks, run_scenario
from engine.scenario.writer import to_toml

__all__ = [
    "ERROR",
    "FAILED",
    "PASSED",
    "Check",
    "Env",
    "EvalError",
    "Expectation",
    "KeyPath",
    "PositionError",
    "Result",
    "Scenario",
    "ScenarioError",
    "StepSpec",
    "Verdict",
    "evaluate",
    "initial_state",
    "load_hooks",
    "load_scenario",
    "parse_check",
    "run_scenario",
    "to_toml",
]

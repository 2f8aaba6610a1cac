"""The check engine, apart from any topic: a `Problem` is declared in an exercises module and
`problem.check(answer)` says exactly what happened. See `kit.checks.engine`."""

from kit.checks.engine import Observation, Pitfall, Problem
from kit.checks.report import Result, show_source

__all__ = ["Observation", "Pitfall", "Problem", "Result", "show_source"]

"""The check engine, apart from any topic: a `Problem` is declared in an exercises module and
`problem.check(answer)` says exactly what happened. See `kit.checks.engine` (the check loop and
its outcomes), `kit.checks.answers` (one text per answer, pitfalls as edits of it) and
`kit.checks.report` (how results look)."""

from kit.checks.engine import Observation, Pitfall, Problem, TooSlow, a_kind, difference, same
from kit.checks.report import Result, show_source

__all__ = ["Observation", "Pitfall", "Problem", "Result", "TooSlow", "a_kind", "difference",
           "same", "show_source"]

"""The check engine, apart from any topic: a `Problem` is declared in an exercises module and
`problem.check(answer)` says exactly what happened. See `kit.checks.engine` (the check loop and
its outcomes), `kit.checks.answers` (one text per answer, pitfalls as edits of it),
`kit.checks.mutate` (the mutation zoo), `kit.checks.meter` (counting the work an answer does),
`kit.checks.returned` (an argument handed back where a new object is promised) and
`kit.checks.report` (how results look)."""

from kit.checks.engine import (
    Observation,
    Pitfall,
    Problem,
    Verdict,
    a_kind,
    difference,
    same,
    too_slow,
)
from kit.checks.report import Outcome, Result, show_source
from kit.checks.returned import GivenBack, Reused, given_back

__all__ = ["GivenBack", "Observation", "Outcome", "Pitfall", "Problem", "Result", "Reused",
           "Verdict", "a_kind", "difference", "given_back", "same", "show_source", "too_slow"]

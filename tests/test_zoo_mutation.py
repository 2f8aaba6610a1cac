"""Every automatic mutant of every exercise's answer fails its check, or is declared equivalent
with a reason (`python -m kit zoo` prints the same table)."""

import pytest

from kit.checks import answers
from kit.checks.mutate import equivalents, mutants, run
from kit.exercises import TOPICS, questions


@pytest.mark.parametrize("topic", TOPICS)
def test_no_mutant_survives_unexplained(topic):
    problems = questions(topic)
    assert all(p.answer is not None for p in problems.values()), f"{topic}: no answer text"
    for q, problem in problems.items():
        report = run(problem)
        assert not report.survived, f"{topic}.{q} survivors: {report.survived}"
        assert not report.stale, f"{topic}.{q} stale equivalents: {report.stale}"
        reasons = equivalents(problem, mutants(answers.shown(answers.source_of(problem.answer))))
        assert all(reasons[k].strip() for k in report.equivalent)

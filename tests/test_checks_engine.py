"""The check engine: every outcome, the smallest counterexample, pitfalls; it never raises."""

import time

import pytest
from hypothesis import strategies as st

from kit import edf
from kit.checks import Pitfall, Problem
from kit.edf import Job
from kit.exercises import edf_lateness as ex

DOUBLE = Problem(
    name="double",
    arg_names=("xs",),
    cases=st.lists(st.integers(0, 100), max_size=6).map(lambda xs: (xs,)),
    reference=lambda xs: [2 * x for x in xs],
    examples=[("empty", ([],))],
    pitfalls=[Pitfall("squared instead", "double means 2x", lambda xs: [x * x for x in xs])],
    hints=["multiply", "by two"],
    timeout=0.5,
)


def test_passed_is_truthy_and_counts_cases():
    r = DOUBLE.check(lambda xs: [x + x for x in xs])
    assert r and r.status == "passed"
    assert r.cases >= 50 and r.edge_cases == ["empty"]
    assert "passed" in repr(r) and "passed" in r._repr_html_()


def test_failure_is_the_smallest_input_and_names_the_pitfall():
    r = DOUBLE.check(lambda xs: [x * x for x in xs])
    assert not r and r.status == "failed"
    assert r.case == ([1],)  # 0 and 2 square to their doubles; 1 is the smallest that does not
    assert (r.expected, r.got) == ([2], [1])
    assert r.pitfall.name == "squared instead"
    assert "squared instead" in repr(r) and "expected" in repr(r)


def test_failure_without_a_known_pitfall_names_none():
    r = DOUBLE.check(lambda xs: [2 * x for x in xs][:2])
    assert r.status == "failed" and r.pitfall is None
    assert len(r.case[0]) == 3  # the shortest list where truncation shows


def test_not_attempted():
    def todo(xs):
        raise NotImplementedError

    r = DOUBLE.check(todo)
    assert not r and r.status == "not attempted"


def test_crash_reports_type_message_and_input():
    r = DOUBLE.check(lambda xs: [2 * x for x in xs] if len(xs) < 2 else xs[9])
    assert r.status == "crashed"
    assert "IndexError" in r.error and len(r.case[0]) == 2


def test_mutating_the_input_is_reported():
    def in_place(xs):
        for i in range(len(xs)):
            xs[i] *= 2
        return xs

    r = DOUBLE.check(in_place)
    assert r.status == "mutated its input"
    assert r.case == ([1],)


def test_a_function_that_never_returns_is_stopped():
    def forever(xs):
        while True:
            pass

    started = time.perf_counter()
    r = DOUBLE.check(forever)
    assert r.status == "timed out"
    assert time.perf_counter() - started < 5
    assert DOUBLE.check(lambda xs: [2 * x for x in xs])  # and the process is still usable


def test_swallowing_exceptions_does_not_escape_the_timeout():
    def stubborn(xs):
        while True:
            try:
                while True:
                    pass
            except Exception:
                pass

    assert DOUBLE.check(stubborn).status == "timed out"


def test_check_never_raises():
    assert DOUBLE.check(42).status == "crashed"

    def exits(xs):
        raise SystemExit(3)

    assert DOUBLE.check(exits).status == "crashed"


def test_checks_are_deterministic():
    wrong = lambda js: sorted(js, key=lambda j: (j.deadline, j.duration))  # noqa: E731
    assert repr(ex.q1.check(wrong)) == repr(ex.q1.check(wrong))


def test_hints_and_solution():
    assert "Hint 1 of 2" in repr(DOUBLE.hint())
    assert "by two" in repr(DOUBLE.hint(2))
    assert "hints 1 to 2" in repr(DOUBLE.hint(3))
    assert "sorted" in ex.q1.solution()._repr_markdown_()


@pytest.mark.parametrize("problem, reference", [
    (ex.q1, edf.edf_order), (ex.q2, edf.max_lateness), (ex.q3, edf.feasible),
    (ex.q4, edf.min_late_jobs)])
def test_edf_references_pass_their_own_checks(problem, reference):
    assert problem.check(reference)


@pytest.mark.parametrize("problem", [ex.q1, ex.q2, ex.q3, ex.q4])
def test_every_edf_pitfall_is_caught_and_named(problem):
    for pitfall in problem.pitfalls:
        r = problem.check(pitfall.answer)
        assert not r, pitfall.name
        assert r.pitfall is not None and r.pitfall.name == pitfall.name, (pitfall.name, repr(r))
        assert len(r.case[0]) <= 5


def test_q4_accepts_any_largest_on_time_set():
    def other_largest(jobs):  # keeps the shortest jobs first: a different but valid answer
        chosen = list(edf.min_late_jobs(jobs))
        return list(reversed(chosen)) if edf.max_lateness(chosen[::-1]) <= 0 else chosen

    assert ex.q4.check(other_largest)


def test_failure_is_shown_as_a_table():
    r = ex.q1.check(lambda js: sorted(js, key=lambda j: -j.deadline))
    text = repr(r)
    assert "name  duration  deadline" in text
    assert "<table" in r._repr_html_() and "latest deadline first" in r._repr_html_()
    # the named edge cases run first: the first one that tells is reported under its name
    assert r.label == "equal deadlines with names against input order"
    assert r.case == ([Job("C", 2, 5), Job("A", 1, 5), Job("B", 1, 3)],)
    assert "on the edge case 'equal deadlines with names against input order'" in text


def test_a_timeout_the_answer_swallows_once_still_stops_it():
    """Python drops an exception raised in a gc callback or a __del__; an answer may catch one
    too. The alarm repeats until the call ends, so the check still times out."""
    from kit.checks import Problem as P

    def stubborn(xs):
        try:
            while True:
                pass
        except BaseException:  # swallows the first alarm
            pass
        while True:
            pass

    q = P("f", st.lists(st.integers(), max_size=2).map(lambda xs: (xs,)), answer=lambda xs: xs,
          timeout=0.3)
    result = q.check(stubborn)
    assert result.status == "timed out", repr(result)


def test_an_answer_that_allocates_without_bound_crashes_with_memory_error(monkeypatch):
    from kit.checks import Problem as P
    from kit.checks import engine

    monkeypatch.setattr(engine, "MEMORY_HEADROOM", 256 << 20)

    def hoarder(xs):
        kept = []
        while True:
            kept.append(bytearray(16 << 20))

    q = P("f", st.lists(st.integers(), max_size=2).map(lambda xs: (xs,)), answer=lambda xs: xs)
    result = q.check(hoarder)
    assert result.status == "crashed" and "MemoryError" in result.error, repr(result)
    assert q.check(lambda xs: list(xs))  # the limit is lifted again afterwards
    big = bytearray(512 << 20)  # more than the headroom, outside a check
    assert len(big) == 512 << 20

"""The check engine: every outcome, the smallest counterexample, pitfalls; it never raises."""

import inspect
import json
import subprocess
import sys
import time

import pytest
from hypothesis import strategies as st

from kit import edf
from kit.checks import (
    Outcome,
    Pitfall,
    Problem,
    Result,
    Verdict,
    answers,
    difference,
    too_slow,
)
from kit.checks.report import COLOURS, MARKS
from kit.edf import Job
from kit.exercises import TOPICS
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


def test_an_alarm_dropped_in_a_del_times_out_and_is_not_reported_as_unraisable(monkeypatch):
    from kit.checks import Problem as P

    reported = []
    monkeypatch.setattr(sys, "unraisablehook", reported.append)

    class Slow:
        def __del__(self):  # only the alarm ends this: Python drops it and calls the hook
            while True:
                pass

    def leaky(xs):
        Slow()
        while True:  # the alarm again, 50 ms later: this one stops the answer
            pass

    q = P("f", st.lists(st.integers(), max_size=2).map(lambda xs: (xs,)), answer=lambda xs: xs,
          timeout=0.3)
    assert q.check(leaky).status == "timed out"
    assert reported == [] and sys.unraisablehook == reported.append  # restored


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


# -- outcomes, verdicts and the order cases run in ---------------------------------------------
def test_every_outcome_is_one_enum_member_equal_to_its_old_string_and_has_a_colour():
    assert [o.value for o in Outcome] == ["passed", "failed", "not attempted", "timed out",
                                          "crashed", "mutated its input", "too slow"]
    assert set(COLOURS) == set(Outcome) and set(MARKS) == set(Outcome)
    r = DOUBLE.check(lambda xs: xs)
    assert r.status is Outcome.FAILED and r.outcome is r.status and r.status == "failed"
    assert json.dumps({"status": r.status}) == '{"status": "failed"}'  # the grader's wire
    assert Result(DOUBLE, "too slow").status is Outcome.TOO_SLOW  # a string is read as one
    with pytest.raises(ValueError, match="'slow-ish' is not a valid Outcome"):
        Result(DOUBLE, "slow-ish")


def _steps(slow):
    def count_up(n):
        steps, out = 0, []
        for i in range(n):
            out.append(i)
            steps += 1 + (n if slow else 0)
        return out, steps
    return count_up


def test_a_judge_says_too_slow_with_a_verdict_not_a_marked_string():
    q = Problem("count_up", st.tuples(st.integers(0, 20)), reference=_steps(False),
                judge=lambda case, expected, got: difference(expected[0], got[0]) or (
                    too_slow(f"right, but {got[1]} steps") if got[1] > case[0] else None))
    assert q.check(_steps(False))
    r = q.check(_steps(True))
    assert r.status is Outcome.TOO_SLOW and r.error.startswith("right, but")
    assert "too slow" in repr(r) and COLOURS[Outcome.TOO_SLOW] in r._repr_html_()
    assert too_slow("x") == Verdict(Outcome.TOO_SLOW, "x")


def test_named_edge_cases_run_first_and_a_failure_there_is_reported_by_name():
    seen = []
    q = Problem("double", st.lists(st.integers(0, 9), max_size=4).map(lambda xs: (xs,)),
                reference=lambda xs: [2 * x for x in xs],
                examples=[("nine", ([9],)), ("empty", ([],))])

    def answer(xs):
        seen.append(list(xs))
        return [2 * x for x in xs] if xs != [9] else [0]

    r = q.check(answer)
    # the first edge case, before any generated case (asked twice: the failure is asked again,
    # to tell a learner whose answer keeps state between calls)
    assert seen == [[9], [9]]
    assert r.label == "nine" and r.case == ([9],) and "on the edge case 'nine'" in repr(r)
    seen.clear()
    assert q.check(lambda xs: seen.append(list(xs)) or [2 * x for x in xs])
    assert seen[:2] == [[9], []] and len(seen) > 2  # edge cases, then generated ones


def test_check_says_in_its_signature_that_nbgrader_gets_none(monkeypatch, capsys):
    assert inspect.signature(Problem.check).return_annotation == "Result | None" or \
        inspect.signature(Problem.check).return_annotation == Result | None
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    assert DOUBLE.check(lambda xs: [2 * x for x in xs]) is None
    assert "passed" in capsys.readouterr().out
    with pytest.raises(AssertionError, match="failed"):
        DOUBLE.check(lambda xs: xs)


def test_declaring_a_problem_compiles_nothing_and_first_use_compiles_once(monkeypatch):
    compiled = []
    real = answers.compile_answer
    monkeypatch.setattr(answers, "compile_answer",
                        lambda *a, **k: compiled.append(a[3]) or real(*a, **k))

    def total(xs):
        t = 0
        for x in xs:
            t += x
        return t

    q = Problem("total", st.lists(st.integers(0, 3)).map(lambda xs: (xs,)), answer=total,
                pitfalls=[Pitfall("starts at one", "start at 0", edit=[("t = 0", "t = 1")]),
                          Pitfall("drops the last", "all of them", edit=[("xs:", "xs[:-1]:")])])
    assert compiled == []
    wrong = q.pitfalls[0].answer
    assert compiled == ["pitfall starts at one"] and wrong([2]) == 3
    assert q.pitfalls[0].answer is wrong and len(compiled) == 1  # kept by the engine
    with pytest.raises(AttributeError, match="frozen"):
        q.pitfalls[0].name = "other"


# lease_queue makes its chained pitfalls itself, at import (`rebuilt`); `Pitfall(build=...)`
# would make them on first use
EAGER = {"lease_queue"}


@pytest.mark.parametrize("topic", [t for t in TOPICS if t not in EAGER])
def test_importing_an_exercises_module_compiles_no_pitfall_and_makes_no_mutant(topic):
    """In a fresh interpreter: an exercises module (mock_round built every mutant of its answer
    six times at import) imports without compiling a pitfall's text or making one mutant."""
    probe = ("import kit.checks.answers as a, kit.checks.mutate as m\n"
             "calls = []\nreal = a.compile_answer\n"
             "a.compile_answer = lambda *x, **k: calls.append(x[3]) or real(*x, **k)\n"
             f"import kit.exercises.{topic}\n"
             "print(len(calls), m.mutants.cache_info().currsize)\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["0", "0"]


def test_a_built_pitfall_is_made_on_first_use_only():
    made = []
    q = Problem("double", DOUBLE.cases, reference=DOUBLE.reference,
                pitfalls=[Pitfall("squared", "2x", build=lambda: made.append(1) or (
                    lambda xs: [x * x for x in xs]))])
    assert made == []
    r = q.check(lambda xs: [x * x for x in xs])
    assert r.pitfall.name == "squared" and made == [1]
    assert q.check(q.pitfalls[0].answer).pitfall.name == "squared" and made == [1]


def _counted(case, expected, got):
    """Right when the values are equal and the count is within twice the expected one."""
    return None if got[0] == expected[0] and got[1] <= 2 * expected[1] + 5 else "differs"


COUNTED = Problem(
    name="double, counted",
    arg_names=("xs",),
    cases=st.lists(st.integers(0, 100), min_size=1, max_size=6).map(lambda xs: (xs,)),
    reference=lambda xs: ([2 * x for x in xs], len(xs)),
    judge=_counted,
    pitfalls=[Pitfall("squared instead", "double means 2x",
                      lambda xs: ([x * x for x in xs], len(xs)))],
    timeout=0.5,
)


def test_a_pitfall_is_named_when_only_a_count_the_judge_accepts_differs():
    """Evidence on the sample cases is what the problem's judge can tell apart: another
    program doing the same thing counts differently on long inputs, and is the same slip (the
    failing case itself must still agree strictly)."""
    r = COUNTED.check(lambda xs: ([x * x for x in xs], len(xs) + (len(xs) > 3)))
    assert not r and r.pitfall is not None and r.pitfall.name == "squared instead", repr(r)
    other = COUNTED.check(lambda xs: ([x * 3 for x in xs], len(xs)))
    assert not other and other.pitfall is None, repr(other)


# -- the generated cases, drawn once and replayed ------------------------------------------------

def _drawn_by_hypothesis(problem) -> list:
    """The cases hypothesis itself hands the check's probe (its settings, seed and phases) when
    nothing fails: what the replay must equal."""
    from hypothesis import Phase, given, seed

    from kit.checks.engine import CASE_SEED, _settings

    seen = []

    @_settings(problem.max_examples, [Phase.generate, Phase.shrink])
    @seed(CASE_SEED)
    @given(problem.cases)
    def probe(case):
        seen.append(case)

    probe()
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("topic", TOPICS)
def test_the_replayed_cases_are_the_ones_hypothesis_draws(topic):
    """Replaying `generated()` instead of drawing again changes no check: for every exercise the
    replay is hypothesis' own sequence, case for case, in order."""
    from kit.exercises import questions

    for q, problem in questions(topic).items():
        assert problem.generated() == _drawn_by_hypothesis(problem), f"{topic}.{q}"


def test_a_right_answer_is_checked_on_the_replayed_cases_without_drawing(monkeypatch):
    DOUBLE.generated()
    import kit.checks.engine as engine

    monkeypatch.setattr(engine, "given", lambda *a, **k: pytest.fail("drew cases again"))
    seen = []

    def observe(case):
        seen.append(case)
        return engine.Observation("ok", DOUBLE.expected(case))

    r = DOUBLE.evaluate(observe)
    assert r and r.cases == len(DOUBLE.generated())
    assert seen == [case for _, case in DOUBLE.examples] + DOUBLE.generated()


def test_a_wrong_answer_is_still_shrunk_after_the_replay_finds_it():
    r = DOUBLE.check(lambda xs: [2 * x if x < 60 else 0 for x in xs])
    assert r.status == "failed" and r.case == ([60],)  # the smallest, not the replay's first


def test_an_answer_wrong_only_on_the_replay_still_fails():
    """An answer that is not deterministic may fail the replay and pass hypothesis' second draw:
    the replay's failure stands."""
    calls = [0]

    def flaky(xs):
        calls[0] += 1
        return [2 * x for x in xs] + ([0] if calls[0] == 3 else [])

    r = DOUBLE.check(flaky)
    assert r.status == "failed" and r.got[-1] == 0


def test_a_sample_of_another_size_is_drawn_for_that_size_not_the_first_one_cached():
    """sample(n) caches per n: asking for 30 cases first must not cut a later sample(60) short
    (a test asking for many cases, after another asked for few in the same process, saw few)."""
    few, many = DOUBLE.sample(3), DOUBLE.sample(60)
    examples = [case for _, case in DOUBLE.examples]
    assert few[3:] == examples and many[60:] == examples
    assert len(set(map(repr, many[:60]))) > 3
    assert DOUBLE.sample(3) is few


def test_an_argument_handed_back_is_a_failure_naming_it_here_and_through_the_grader_wire():
    """given_back: the very object (not an equal copy) is reported, by argument and part; the
    record crosses the grader's wire for every topic and is judged failed by the engine."""
    from kit.checks import GivenBack, Observation, given_back
    from kit.grading import judging, wire

    xs = [3, 1]
    assert given_back(list(xs), (xs,), ("xs",)) == [3, 1]  # an equal new list is fine
    back = given_back(xs, (7, xs), ("n", "xs"))
    assert back == GivenBack("xs", "", [3, 1]) and back.value is not xs
    part = given_back(("s", xs), (xs,), ("xs",), part="second item", of=lambda r: r[1])
    assert part.part == "second item" and "its second item is the very list `xs`" in part.why()
    for topic in TOPICS:
        assert wire.loads(wire.dumps(back), judging.records_of(topic)) == back, topic
    verdict = DOUBLE.judged(([3, 1],), Observation("ok", back))
    assert verdict.outcome == "failed" and "the very list `xs` it was given" in verdict.why


def test_a_failure_that_changes_when_asked_again_says_the_answer_keeps_state():
    calls = []

    def leaky(xs):  # a counter kept between calls: each call doubles, then adds the calls so far
        calls.append(1)
        return [2 * x + len(calls) for x in xs]

    r = DOUBLE.check(leaky)
    assert not r and "called again on the same input, it gave" in r.error
    assert "state kept between calls" in r.error
    assert "called again" not in DOUBLE.check(lambda xs: [2 * x + 1 for x in xs]).error


def test_a_kind_names_a_type_whose_name_is_a_builtin_s_by_its_module():
    """numpy's bool is named `bool` too: "expected a bool, got a bool" would contradict itself."""
    from kit.checks.engine import a_kind

    class bool_like:  # noqa: N801 - named like the builtin on purpose
        pass

    bool_like.__name__ = "bool"
    assert a_kind(bool_like()) == f"a {__name__}.bool"
    assert a_kind(True) == "a bool" and a_kind([]) == "a list" and a_kind(None) == "None"
    from fractions import Fraction
    assert a_kind(Fraction(1, 2)) == "a Fraction"


def test_long_values_are_shown_by_their_ends_and_count():
    from kit.checks.report import around, brief

    assert brief(list(range(5))) == "[0, 1, 2, 3, 4]"  # short: repr itself
    log = [f"tick {i}" for i in range(25)]
    assert brief(log) == repr(log)  # a log of 25 lines reads whole
    assert brief(list(range(1000))) == "[0, 1, 2, …, 999] (1000 items)"
    assert brief({f"k{i}": i for i in range(200)}) == \
        "{'k0': 0, 'k1': 1, 'k2': 2, …, 'k199': 199} (200 items)"
    assert brief((list(range(1000)), 7)) == "([0, 1, 2, …, 999] (1000 items), 7)"  # inside too
    want, got = list(range(1000)), list(range(1000))
    got[500] = -1
    assert around(want, got) == ("items 498 to 502 of 1000: expected [498, 499, 500, 501, 502], "
                                 "got [498, 499, -1, 501, 502]")
    assert around([1, 2, 3], [1, 2]) == "items 0 to 2 of 3: expected [1, 2, 3], got [1, 2]"


def test_a_wrong_answer_on_a_thousand_jobs_gets_a_short_report(capsys):
    """09 q2's stress case has 1,000 jobs: a report that printed every name ran to 24 KB."""
    from pathlib import Path

    from kit.quiz import main as quiz

    answer = Path(__file__).parent / "zoo/blind_25r5/dependency_scheduler/q2/wrong_strseq.py"
    assert quiz(["dependency_scheduler", "q2", str(answer)]) == 1
    report = capsys.readouterr().out
    assert "(1000 items)" in report or "of 1000" in report, report
    assert len(report) < 3000, len(report)

"""The classes of wrong answers blind round 25b found accepted or badly named, each tried as a
class: every statement that names a number's type is held to it, jobs released together by
several finishes, an empty DRR share, and messages said for the case that failed."""

import dataclasses
import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

from kit.checks import same
from kit.exercises import backoff_and_jitter as bj
from kit.exercises import dependency_scheduler as ds
from kit.exercises import edf_lateness as edf
from kit.exercises import load_balancing as lb
from kit.exercises import mlfq_and_fairness as mf
from kit.exercises import policies as pol
from kit.exercises import restarts_cooldowns_batching as rc

ROOT = Path(__file__).parent.parent
ZOO = Path(__file__).parent / "zoo" / "blind_25b"
NOTEBOOKS = {"01_policies": pol, "02_edf_lateness": edf, "03_mlfq_and_fairness": mf,
             "04_backoff_and_jitter": bj, "09_dependency_scheduler": ds,
             "10_load_balancing": lb, "11_restarts_cooldowns_batching": rc}
NAMES_A_TYPE = re.compile(r"\(an \*\*int\*\*\)|as a \*\*float\*\*|\*\*list\*\* of ints|"
                          r"\{tenant: float\}")


def blind(topic, q, name):
    path = ZOO / topic / q / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def statements_naming_a_number_type():
    """(problem, statement) for every exercise of these notebooks whose statement names int or
    float for a number it returns."""
    found = []
    for stem, module in NOTEBOOKS.items():
        for cell in nbformat.read(ROOT / "solutions" / f"{stem}.ipynb", 4).cells:
            head = re.match(r"### (q\d+) · `(\w+)", cell.source)
            if cell.cell_type == "markdown" and head and NAMES_A_TYPE.search(cell.source):
                problem = getattr(module, head[1])
                assert problem.answer_name == head[2], (stem, head[0])
                found.append(pytest.param(problem, id=f"{stem}:{head[1]}"))
    return found


def retyped(value):
    """The value with every whole float made an int and every int a float (bools kept)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, int):
        return float(value)
    if isinstance(value, list | tuple):
        return type(value)(map(retyped, value))
    if isinstance(value, dict):
        return {k: retyped(v) for k, v in value.items()}
    return value


def test_the_statements_that_name_a_type_are_found():
    assert len(statements_naming_a_number_type()) >= 5


@pytest.mark.parametrize("problem", statements_naming_a_number_type())
def test_an_answer_of_the_other_number_type_is_rejected(problem):
    """The reference's own values, ints as floats and whole floats as ints: the statement named
    the type, so the check says which one it wanted."""
    reference = problem.reference

    def answer(*args):
        return retyped(reference(*args))

    result = problem.check(answer)
    assert not result and re.search(r"expected an? (int|float), got an? (int|float)",
                                    repr(result)), repr(result)


def test_numbers_are_one_kind_where_no_type_is_named():
    assert same(6, 6.0) and same([1, (2, 3.0)], [1.0, (2.0, 3)])
    assert ds.q5.check(lambda jobs: (float(ds.critical_path(jobs)[0]), ds.critical_path(jobs)[1]))


def test_load_balancing_q4_float_bound_is_rejected_with_its_type():
    result = lb.q4.check(blind("load_balancing", "q4", "wrong_float_bound").min_makespan)
    assert not result and "expected an int, got a float" in repr(result)


def test_load_balancing_q2_true_division_says_the_type():
    result = lb.q2.check(blind("load_balancing", "q2", "wrong_float_mid").min_time_contiguous)
    assert not result and "expected an int, got a float" in repr(result)


# -- several jobs finishing together -------------------------------------------------------------
def test_q3_generated_cases_alone_catch_release_order_among_simultaneous_finishes():
    """Without the edge cases: children released at one instant by several finishes must enter
    in the order of `jobs`, whatever order their parents are retired in."""
    generated_only = dataclasses.replace(ds.q3, examples=[])
    assert not generated_only.check(
        blind("dependency_scheduler", "q3", "wrong_end_ties_by_name").run)
    assert generated_only.check(blind("dependency_scheduler", "q3", "right_three_heaps").run)


def test_simultaneous_releases_really_release_equal_children_together():
    """Many generated cases have two or more jobs ending at one instant and two or more jobs of
    one priority made ready by those finishes."""
    together = 0
    for jobs, workers in ds.q3.sample(150):
        if not isinstance(jobs, dict):
            continue  # the stress case
        end = {name: e for name, _, e, _ in ds.dag.run(jobs, workers)[0]}
        for t in {e for e in end.values() if list(end.values()).count(e) >= 2}:
            released = [c for c, (_, _, deps) in jobs.items()
                        if deps and max(end[d] for d in deps) == t]
            priorities = [jobs[c][0] for c in released]
            together += any(priorities.count(p) >= 2 for p in priorities)
    assert together >= 20


# -- a DRR share of nothing -----------------------------------------------------------------------
def test_mlfq_q4_zeros_when_nothing_was_served_is_rejected():
    result = mf.q4.check(blind("mlfq_and_fairness", "q4", "wrong_zero_div").shares_after)
    assert not result and "nothing was served at all: expected {}" in repr(result)


def test_mlfq_q4_a_whole_share_as_an_int_is_rejected():
    def int_shares(*args):
        return {t: int(s) if s.is_integer() else s for t, s in mf.shares_after(*args).items()}

    result = mf.q4.check(int_shares)
    assert not result and "expected a float, got an int (1)" in repr(result)


# -- messages said for the case -------------------------------------------------------------------
def test_backoff_overflow_pitfall_quotes_the_failing_attempt():
    result = bj.q1.check(blind("backoff_and_jitter", "q1", "wrong_naive_overflow").backoff_delay)
    attempt = result.case[0]
    assert f"with attempt = {attempt} is too big" in repr(result)


@pytest.mark.parametrize("case, level", [(([("A", 0, 3), ("B", 2, 1)], None), 1),
                                          (([("B", 0, 8), ("A", 4, 2)], None), 2)])
def test_mlfq_no_preemption_pitfall_names_the_level_of_the_case(case, level):
    assert f"runs at level {level}," in mf._no_preemption_why(case)


def test_mlfq_no_preemption_report_names_the_running_level():
    result = mf.q2.check(blind("mlfq_and_fairness", "q2", "wrong_no_preempt").mlfq_schedule)
    assert "arrivals wait for the quantum to end" in repr(result)
    assert mf._no_preemption_why(result.case) in repr(result)


@pytest.mark.parametrize("name", ["wrong_late_ties", "wrong_name_tie"])
def test_restarts_q5_shows_what_the_function_returns_and_the_tie_rule(name):
    result = rc.q5.check(blind("restarts_cooldowns_batching", "q5", name).top_k_longest)
    text = repr(result)
    assert isinstance(result.expected, list) and "compared" not in text, text
    assert "item 0: item 0" not in text and "the tie rule is wrong" in text, text


def test_restarts_q5_wrong_order_is_said_plainly():
    result = rc.q5.check(lambda durations, k: rc.top_k_longest(durations, k)[::-1])
    assert "The right jobs in the wrong order: longest first" in repr(result)


def test_each_question_of_notebook_09_lists_its_own_edge_cases():
    assert not {label for label, _ in ds.q5.examples} & {label for label, _ in ds.q2.examples} \
        - {"no jobs", "one job", "the seed's worked example"}
    assert ds.q5.check(ds.critical_path)


def test_edf_q3_strict_test_names_the_notebooks_pitfall():
    result = edf.q3.check(blind("edf_lateness", "q3", "wrong_strict").feasible)
    assert "On time or late?" in repr(result)
    result = edf.q3.check(lambda jobs: all(
        t < j.deadline for t, j in zip(_finishes(edf.edf_order(jobs)), edf.edf_order(jobs),
                                       strict=True)))
    assert "On time or late?" in repr(result)


def _finishes(order):
    t = 0
    for j in order:
        t += j.duration
        yield t


@pytest.mark.parametrize("empty", [float("-inf"), None, -1])
def test_edf_q2_no_jobs_says_the_answer_is_0(empty):
    result = edf.q2.check(lambda order: edf.max_lateness(order) if order else empty)
    assert f"with no jobs nothing is late: return 0, not {empty!r}" in repr(result)

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.edf import (
    Job,
    edf_order,
    feasible,
    max_lateness,
    max_profit_unit_jobs,
    min_late_jobs,
    run_in_order,
)

SEED_JOBS = [Job("report", 3, 9), Job("email", 1, 2), Job("deploy", 2, 4), Job("backup", 4, 14)]


def test_seed_example_order_and_lateness():
    order = edf_order(SEED_JOBS)
    assert [j.name for j in order] == ["email", "deploy", "report", "backup"]
    assert max_lateness(order) == -1  # every job at least one tick early
    assert max_lateness(SEED_JOBS) == 2  # input order: email finishes at 4, due at 2
    assert feasible(SEED_JOBS)
    assert not feasible([Job("a", 3, 2), Job("b", 1, 10)])


def test_no_jobs():
    assert edf_order([]) == []
    assert max_lateness([]) == 0
    assert feasible([])
    assert min_late_jobs([]) == []
    assert max_profit_unit_jobs([]) == (0, [])


def test_run_in_order_reports_each_slot():
    slots = run_in_order(edf_order(SEED_JOBS))
    assert [(s.name, s.start, s.finish, s.lateness) for s in slots] == [
        ("email", 0, 1, -1), ("deploy", 1, 3, -1), ("report", 3, 6, -3), ("backup", 6, 10, -4)]


def test_ties_keep_input_order():
    jobs = [Job("x", 1, 5), Job("y", 2, 5), Job("a", 1, 1), Job("z", 3, 5)]
    assert [j.name for j in edf_order(jobs)] == ["a", "x", "y", "z"]


jobs_st = st.lists(
    st.builds(Job, st.text("abcdefgh", min_size=1, max_size=2),
              st.integers(0, 9), st.integers(-3, 30)),
    max_size=7)


def brute_min_max_lateness(jobs):
    return min((max_lateness(p) for p in itertools.permutations(jobs)), default=0)


@settings(max_examples=150, deadline=None)
@given(jobs_st)
def test_edf_is_optimal_for_max_lateness(jobs):
    assert max_lateness(edf_order(jobs)) == brute_min_max_lateness(jobs)
    assert feasible(jobs) == (brute_min_max_lateness(jobs) <= 0)


@settings(max_examples=100, deadline=None)
@given(jobs_st)
def test_edf_order_is_a_stable_sort(jobs):
    order = edf_order(jobs)
    assert sorted(order) == sorted(jobs)
    indexed = sorted(range(len(jobs)), key=lambda i: jobs[i].deadline)
    assert order == [jobs[i] for i in indexed]


def unique(jobs):
    return [Job(f"j{i}", j.duration, j.deadline) for i, j in enumerate(jobs)]


@settings(max_examples=150, deadline=None)
@given(jobs_st.map(unique).filter(lambda js: len(js) <= 8))
def test_moore_hodgson_equals_brute_force(jobs):
    best = max((k for k in range(len(jobs) + 1)
                for subset in itertools.combinations(jobs, k) if feasible(subset)), default=0)
    chosen = min_late_jobs(jobs)
    assert len(chosen) == best
    assert feasible(chosen) and max_lateness(chosen) <= 0  # returned in a runnable (EDF) order
    assert set(chosen) <= set(jobs)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 5), st.integers(0, 50)), max_size=7))
def test_max_profit_equals_brute_force(pairs):
    jobs = [(f"p{i}", d, p) for i, (d, p) in enumerate(pairs)]

    def fits(subset):  # unit jobs fit when, by deadline order, the k-th finishes by its deadline
        return all(k + 1 <= d for k, (_, d, _) in enumerate(sorted(subset, key=lambda j: j[1])))

    best = max((sum(p for _, _, p in s) for k in range(len(jobs) + 1)
                for s in itertools.combinations(jobs, k) if fits(s)), default=0)
    profit, names = max_profit_unit_jobs(jobs)
    assert profit == best
    chosen = [j for n in names for j in jobs if j[0] == n]
    assert fits(chosen) and sum(p for _, _, p in chosen) == profit


def test_max_profit_classic_example():
    jobs = [("a", 2, 100), ("b", 1, 19), ("c", 2, 27), ("d", 1, 25), ("e", 3, 15)]
    assert max_profit_unit_jobs(jobs) == (142, ["a", "c", "e"])


@pytest.mark.parametrize("fn", [edf_order, max_lateness, feasible, min_late_jobs, run_in_order])
def test_bad_jobs_are_named(fn):
    with pytest.raises(ValueError, match=r"duration of job 'a' must be >= 0, got -1"):
        fn([Job("a", -1, 3)])
    with pytest.raises(TypeError, match=r"deadline of job 'a' must be a number, got 'soon'"):
        fn([Job("a", 1, "soon")])
    with pytest.raises(TypeError, match=r"each job must be Job"):
        fn([("a", 1)])


def test_duplicate_names_where_it_matters():
    with pytest.raises(ValueError, match=r"unique, got 'a' twice"):
        min_late_jobs([Job("a", 1, 3), Job("a", 2, 4)])
    with pytest.raises(ValueError, match=r"unique, got 'a' twice"):
        max_profit_unit_jobs([("a", 1, 3), ("a", 2, 4)])
    with pytest.raises(TypeError,
                       match=r"deadline of job .a. \(an integer tick\) must be an int, got 1.5"):
        max_profit_unit_jobs([("a", 1.5, 3)])
    with pytest.raises(TypeError, match=r"profit of job 'a' must be a number, got None"):
        max_profit_unit_jobs([("a", 1, None)])

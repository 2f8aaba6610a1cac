import graphlib
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.dag import (
    WORKED_EXAMPLE,
    CriticalPath,
    LogEntry,
    critical_path,
    lower_bound,
    run,
    topological_order,
)

# ---------------------------------------------------------------- naive models, written here


def tick_sim(jobs, workers):
    """Unit-tick simulation with integer durations: at each tick retire what ends now, release
    jobs whose deps are all done, let free workers (lowest index first) pick the best released
    job by (priority, release round, submission index). Zero-duration jobs end in the same tick,
    so a tick repeats in rounds until nothing more starts; a job released in an earlier round
    became ready first even at the same instant."""
    order = {name: i for i, name in enumerate(jobs)}
    done, released, running, log = set(), {}, {}, []
    t = rounds = 0
    while len(done) < len(jobs):
        while True:
            for w, (name, end) in list(running.items()):
                if end == t:
                    done.add(name)
                    del running[w]
            for name in jobs:
                if name not in released and all(d in done for d in jobs[name][2]):
                    released[name] = rounds
            rounds += 1
            started = False
            for w in range(workers):
                if w in running:
                    continue
                started_names = {e.name for e in log}
                waiting = [n for n in released if n not in started_names]
                if not waiting:
                    break
                best = min(waiting, key=lambda n: (jobs[n][0], released[n], order[n]))
                running[w] = (best, t + jobs[best][1])
                log.append(LogEntry(best, t, t + jobs[best][1], w))
                started = True
            if not (started and any(end == t for _, end in running.values())):
                break
        t += 1
    return log, max((e.end for e in log), default=0)


def all_paths_longest(jobs):
    """Brute force: the heaviest chain over every path in the graph."""
    def heaviest_ending_at(name):
        _, duration, deps = jobs[name]
        return duration + max((heaviest_ending_at(d) for d in deps), default=0)
    return max((heaviest_ending_at(n) for n in jobs), default=0)


def has_cycle(jobs):
    state = {}

    def visit(n):
        state[n] = "open"
        for d in jobs[n][2]:
            if state.get(d) == "open" or (d not in state and visit(d)):
                return True
        state[n] = "closed"
        return False
    return any(n not in state and visit(n) for n in jobs)


@st.composite
def dags(draw, max_jobs=9, max_duration=4):
    """Random DAGs whose submission order is not a topological order."""
    n = draw(st.integers(0, max_jobs))
    rank = draw(st.permutations(range(n)))  # job i may only need jobs of lower rank
    jobs = {}
    for i in range(n):
        earlier = [f"J{j}" for j in range(n) if rank[j] < rank[i]]
        deps = draw(st.lists(st.sampled_from(earlier), unique=True, max_size=3)) if earlier else []
        jobs[f"J{i}"] = (draw(st.integers(0, 2)), draw(st.integers(0, max_duration)), tuple(deps))
    return jobs


# ---------------------------------------------------------------- the seed's worked example


def test_worked_example_one_worker():
    log, makespan = run(WORKED_EXAMPLE, 1)
    assert [e.name for e in log] == ["B", "A", "C", "E", "D"]
    assert makespan == 12 == sum(d for _, d, _ in WORKED_EXAMPLE.values())
    assert log[1] == LogEntry("A", 2, 5, 0)
    assert log[-1] == LogEntry("D", 10, 12, 0)


def test_worked_example_two_workers():
    log, makespan = run(WORKED_EXAMPLE, 2)
    assert log == [LogEntry("B", 0, 2, 0), LogEntry("A", 0, 3, 1), LogEntry("C", 3, 7, 0),
                   LogEntry("D", 3, 5, 1), LogEntry("E", 7, 8, 0)]
    assert makespan == 8


@pytest.mark.parametrize("workers", [2, 3, 5, 100])
def test_worked_example_more_workers_cannot_beat_the_critical_path(workers):
    assert run(WORKED_EXAMPLE, workers).makespan == 8
    assert critical_path(WORKED_EXAMPLE) == CriticalPath(8, ["A", "C", "E"])


def test_worked_example_lower_bounds():
    assert lower_bound(WORKED_EXAMPLE, 1) == 12
    assert lower_bound(WORKED_EXAMPLE, 2) == 8
    assert lower_bound(WORKED_EXAMPLE, 3) == 8


# ---------------------------------------------------------------- the rules, one at a time


def test_equal_priorities_released_together_keep_submission_order_not_name_order():
    jobs = {"z": (1, 1, ()), "y": (1, 1, ()), "x": (1, 1, ())}
    assert [e.name for e in run(jobs, 1).log] == ["z", "y", "x"]


def test_equal_priorities_go_to_the_job_that_became_ready_first():
    # B is submitted first but only becomes ready at 2, after A has been waiting since 0
    jobs = {"B": (1, 1, ("S",)), "S": (0, 2, ()), "A": (1, 1, ())}
    assert [e.name for e in run(jobs, 1).log] == ["S", "A", "B"]


def test_all_simultaneous_finishes_are_retired_before_dispatching():
    # A and B end together at 2; B releases two urgent jobs which must beat the waiting W
    jobs = {"A": (1, 2, ()), "B": (1, 2, ()), "W": (9, 5, ()),
            "U": (0, 1, ("B",)), "V": (0, 1, ("B",))}
    log = {e.name: e for e in run(jobs, 2).log}
    assert log["U"] == LogEntry("U", 2, 3, 0)
    assert log["V"] == LogEntry("V", 2, 3, 1)
    assert log["W"].start == 3


def test_free_workers_lowest_index_first():
    jobs = {"long": (0, 5, ()), "short": (0, 1, ()), "next": (1, 1, ())}
    log = run(jobs, 3).log
    assert [(e.name, e.worker) for e in log] == [("long", 0), ("short", 1), ("next", 2)]
    jobs = {"long": (0, 5, ()), "short": (0, 1, ()), "later": (1, 1, ("short",))}
    assert run(jobs, 3).log[-1] == LogEntry("later", 1, 2, 1)  # worker 1 freed, 2 never used


def test_zero_duration_jobs_release_their_children_at_once():
    jobs = {"gate": (0, 0, ()), "work": (0, 3, ("gate",))}
    assert run(jobs, 1) == ([LogEntry("gate", 0, 0, 0), LogEntry("work", 0, 3, 0)], 3)


def test_float_durations():
    jobs = {"a": (1, 0.5, ()), "b": (1, 1.25, ("a",))}
    assert run(jobs, 2).makespan == 1.75
    assert lower_bound(jobs, 2) == 1.75
    assert lower_bound({"a": (1, 0.5, ()), "b": (1, 0.5, ())}, 2) == 0.5


def test_no_jobs():
    assert run({}, 3) == ([], 0)
    assert critical_path({}) == (0, [])
    assert lower_bound({}, 2) == 0


def test_run_does_not_mutate_its_input():
    jobs = {"a": (1, 2, ["b"]), "b": (0, 1, [])}
    snapshot = {k: (p, d, list(deps)) for k, (p, d, deps) in jobs.items()}
    run(jobs, 2)
    critical_path(jobs)
    assert jobs == snapshot


# ---------------------------------------------------------------- properties vs naive models


@settings(max_examples=300, deadline=None)
@given(dags(), st.integers(1, 4))
def test_run_matches_the_unit_tick_simulation(jobs, workers):
    assert run(jobs, workers) == tick_sim(jobs, workers)


@settings(max_examples=200, deadline=None)
@given(dags(max_jobs=12, max_duration=6), st.integers(1, 4))
def test_log_respects_dependencies_and_worker_count(jobs, workers):
    log, makespan = run(jobs, workers)
    assert sorted(e.name for e in log) == sorted(jobs)
    end = {e.name: e.end for e in log}
    for e in log:
        assert e.end - e.start == jobs[e.name][1]
        assert all(e.start >= end[d] for d in jobs[e.name][2])
        assert 0 <= e.worker < workers
    for t in {e.start for e in log}:
        busy = [e for e in log if e.start <= t < e.end]
        assert len(busy) <= workers
        assert len({e.worker for e in busy}) == len(busy)
    assert makespan == max(end.values(), default=0)
    assert makespan >= lower_bound(jobs, workers)


@settings(max_examples=150, deadline=None)
@given(dags(max_jobs=10, max_duration=6))
def test_one_worker_never_idles_and_enough_workers_hit_the_critical_path(jobs):
    total = sum(d for _, d, _ in jobs.values())
    assert run(jobs, 1).makespan == total
    assert run(jobs, max(1, len(jobs))).makespan == critical_path(jobs).length


@settings(max_examples=200, deadline=None)
@given(dags(max_jobs=10, max_duration=6))
def test_critical_path_is_the_heaviest_chain(jobs):
    length, path = critical_path(jobs)
    assert length == all_paths_longest(jobs)
    assert sum(jobs[n][1] for n in path) == length
    assert all(a in jobs[b][2] for a, b in zip(path, path[1:], strict=False))
    assert math.isclose(lower_bound(jobs, 1), sum(d for _, d, _ in jobs.values()))


@settings(max_examples=150, deadline=None)
@given(dags(max_jobs=10))
def test_topological_order_puts_deps_first(jobs):
    order = topological_order(jobs)
    assert sorted(order) == sorted(jobs)
    position = {n: i for i, n in enumerate(order)}
    assert all(position[d] < position[n] for n in jobs for d in jobs[n][2])


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.lists(
    st.lists(st.integers(0, n - 1), unique=True, max_size=3), min_size=n, max_size=n)))
def test_cycles_are_found_and_named(dep_lists):
    jobs = {f"J{i}": (0, 1, tuple(f"J{j}" for j in deps)) for i, deps in enumerate(dep_lists)}
    if not has_cycle(jobs):
        assert len(run(jobs, 2).log) == len(jobs)
        return
    with pytest.raises(graphlib.CycleError) as caught:
        run(jobs, 2)
    chain = str(caught.value).split(": ")[1].split(" (")[0].split(" -> ")
    assert chain[0] == chain[-1]
    assert all(b in jobs[a][2] for a, b in zip(chain, chain[1:], strict=False))  # a needs b


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.lists(
    st.lists(st.integers(0, n - 1), unique=True, max_size=3), min_size=n, max_size=n)))
def test_a_topological_order_exists_exactly_when_there_is_no_cycle(dep_lists):
    jobs = {f"J{i}": (0, 1, tuple(f"J{j}" for j in deps)) for i, deps in enumerate(dep_lists)}
    try:
        order = topological_order(jobs)
    except graphlib.CycleError:
        assert has_cycle(jobs)
    else:
        assert not has_cycle(jobs) and sorted(order) == sorted(jobs)


# ---------------------------------------------------------------- bad input


def test_cycle_message_names_only_the_jobs_on_it():
    jobs = {"ok": (0, 1, ()), "A": (0, 1, ("B", "ok")), "B": (0, 1, ("A",))}
    for fn in (lambda: run(jobs, 1), lambda: critical_path(jobs), lambda: lower_bound(jobs, 1)):
        with pytest.raises(graphlib.CycleError, match=r"cycle.*(A -> B -> A|B -> A -> B)") as e:
            fn()
        assert "ok" not in str(e.value)
        assert set(e.value.args[1]) == {"A", "B"}


def test_self_dependency_is_a_cycle():
    with pytest.raises(graphlib.CycleError, match="A -> A"):
        run({"A": (0, 1, ("A",))}, 1)


@pytest.mark.parametrize("fn", [
    lambda jobs: run(jobs, 1), critical_path, lambda jobs: lower_bound(jobs, 1), topological_order,
])
@pytest.mark.parametrize(("jobs", "error", "message"), [
    ({"a": (0, 1, ("zz",))}, ValueError, r"jobs\['a'\] depends on 'zz'"),
    ({"a": (0, -1, ())}, ValueError, r"jobs\['a'\] duration must be >= 0.*-1"),
    ({"a": (0, math.inf, ())}, ValueError, r"duration.*inf"),
    ({"a": (0, "3", ())}, TypeError, r"jobs\['a'\] duration must be a number, got '3'"),
    ({"a": ("hi", 1, ())}, TypeError, r"jobs\['a'\] priority must be a number, got 'hi'"),
    ({"a": (math.nan, 1, ())}, ValueError, r"priority must be finite, got nan"),
    ({"a": (0, 1, "b"), "b": (0, 1, ())}, TypeError, r"jobs\['a'\] deps.*got 'b'"),
    ({"a": (0, 1, iter(()))}, TypeError, r"jobs\['a'\] deps"),
    ({"a": (0, 1)}, TypeError, r"jobs\['a'\] must be \(priority, duration, deps\), got \(0, 1\)"),
    ([("a", 0, 1, ())], TypeError, r"jobs must be a dict.*got \[\("),
])
def test_bad_jobs(fn, jobs, error, message):
    with pytest.raises(error, match=message):
        fn(jobs)


@pytest.mark.parametrize(("workers", "error", "message"), [
    (0, ValueError, "workers must be >= 1, got 0"),
    (-2, ValueError, "workers must be >= 1, got -2"),
    (1.5, TypeError, "workers must be an int, got 1.5"),
    (True, TypeError, "workers must be an int, got True"),
])
def test_bad_workers(workers, error, message):
    for fn in (run, lower_bound):
        with pytest.raises(error, match=message):
            fn(WORKED_EXAMPLE, workers)

import graphlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.dag import run
from kit.incremental import (
    EXAMPLE_JOBS,
    EXAMPLE_SOURCES,
    INPUTS_CHANGED,
    NEVER_RAN,
    UNCHANGED,
    build,
    input_keys,
)


def first_build(workers=1):
    return build(EXAMPLE_JOBS, EXAMPLE_SOURCES, None, workers)


def test_first_build_runs_everything_like_the_plain_scheduler():
    b = first_build()
    assert b.ran == ["B", "A", "C", "E", "D"] and b.skipped == []
    assert set(b.why.values()) == {NEVER_RAN}
    assert (b.log, b.makespan) == run(EXAMPLE_JOBS, 1)
    assert b.record == input_keys(EXAMPLE_JOBS, EXAMPLE_SOURCES)


def test_rebuild_with_nothing_changed_skips_everything():
    b = build(EXAMPLE_JOBS, EXAMPLE_SOURCES, first_build().record)
    assert b.ran == [] and b.skipped == ["A", "B", "C", "D", "E"]
    assert b.log == [] and b.makespan == 0
    assert set(b.why.values()) == {UNCHANGED}


def test_changing_a_leaf_reruns_only_that_job():
    sources = dict(EXAMPLE_SOURCES, D="source of D, version 2")
    b = build(EXAMPLE_JOBS, sources, first_build().record, 2)
    assert b.ran == ["D"] and b.skipped == ["A", "B", "C", "E"]
    assert b.why["D"] == INPUTS_CHANGED and b.makespan == 2


def test_changing_a_root_reruns_everything_below_it():
    sources = dict(EXAMPLE_SOURCES, A="source of A, version 2")
    b = build(EXAMPLE_JOBS, sources, first_build().record, 2)
    assert b.ran == ["A", "C", "D", "E"] and b.skipped == ["B"]
    assert b.why == {"A": INPUTS_CHANGED, "B": UNCHANGED, "C": "needs 'A', which re-ran",
                     "D": "needs 'A', which re-ran", "E": "needs 'C', which re-ran"}
    assert b.makespan == 8  # A -> C -> E, B's output is reused


def test_a_job_missing_from_the_record_reruns_with_its_dependents():
    record = dict(first_build().record)
    del record["B"]
    b = build(EXAMPLE_JOBS, EXAMPLE_SOURCES, record)
    assert b.ran == ["B", "E"] and b.why["B"] == NEVER_RAN


def test_keys_ignore_dep_order_but_not_which_dep_has_which_content():
    jobs1 = {"a": (0, 1, ()), "b": (0, 1, ()), "c": (0, 1, ("a", "b"))}
    jobs2 = {"a": (0, 1, ()), "b": (0, 1, ()), "c": (0, 1, ("b", "a"))}
    sources = {"a": "x", "b": "y", "c": "z"}
    assert input_keys(jobs1, sources) == input_keys(jobs2, sources)
    swapped = input_keys(jobs1, {"a": "y", "b": "x", "c": "z"})
    assert swapped["c"] != input_keys(jobs1, sources)["c"]


def test_str_and_bytes_sources_with_the_same_utf8_content_agree():
    jobs = {"a": (0, 1, ())}
    assert input_keys(jobs, {"a": "é"}) == input_keys(jobs, {"a": "é".encode()})
    assert input_keys(jobs, {"a": "ab"}) != input_keys(jobs, {"a": "a"})


@st.composite
def dags_with_edits(draw):
    n = draw(st.integers(1, 9))
    jobs = {}
    for i in range(n):
        deps = draw(st.lists(st.sampled_from(range(i)), unique=True, max_size=3)) if i else []
        jobs[f"J{i}"] = (draw(st.integers(0, 2)), draw(st.integers(0, 4)),
                         tuple(f"J{j}" for j in deps))
    names = list(jobs)[::-1]  # submit in reverse so submission order is not topological
    jobs = {name: jobs[name] for name in names}
    edited = draw(st.sets(st.sampled_from(names)))
    forgotten = draw(st.sets(st.sampled_from(names)))
    return jobs, edited, forgotten, draw(st.integers(1, 3))


@settings(max_examples=200, deadline=None)
@given(dags_with_edits())
def test_reruns_are_exactly_the_jobs_downstream_of_a_change(case):
    jobs, edited, forgotten, workers = case
    old = {name: f"v1 {name}" for name in jobs}
    new = {name: f"v2 {name}" if name in edited else old[name] for name in jobs}
    record = {k: v for k, v in build(jobs, old).record.items() if k not in forgotten}
    b = build(jobs, new, record, workers)

    def upstream(name):  # name and everything it needs, transitively (brute force)
        seen, todo = set(), [name]
        while todo:
            n = todo.pop()
            if n not in seen:
                seen.add(n)
                todo.extend(jobs[n][2])
        return seen
    expected = {n for n in jobs if upstream(n) & (edited | forgotten)}
    assert set(b.ran) == expected
    assert set(b.skipped) == set(jobs) - expected
    for name in b.skipped:  # skipping is closed downwards
        assert all(dep in b.skipped for dep in jobs[name][2])
    todo = {n: (p, d, tuple(x for x in deps if x in expected))
            for n, (p, d, deps) in jobs.items() if n in expected}
    assert (b.log, b.makespan) == run(todo, workers)
    assert b.record == input_keys(jobs, new)
    assert build(jobs, new, b.record).ran == []


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: build(EXAMPLE_JOBS, dict(EXAMPLE_SOURCES, Z="?")), ValueError,
     r"sources\['Z'\] names no job"),
    (lambda: build(EXAMPLE_JOBS, {"A": "x"}), ValueError, "sources has no entry for job 'B'"),
    (lambda: build(EXAMPLE_JOBS, dict(EXAMPLE_SOURCES, A=3)), TypeError,
     r"sources\['A'\] must be str or bytes, got 3"),
    (lambda: build(EXAMPLE_JOBS, ["A"]), TypeError, r"sources must be a dict.*got \['A'\]"),
    (lambda: build(EXAMPLE_JOBS, EXAMPLE_SOURCES, ["A"]), TypeError,
     r"last_run must be a dict.*got \['A'\]"),
    (lambda: build(EXAMPLE_JOBS, EXAMPLE_SOURCES, None, 0), ValueError,
     "workers must be >= 1, got 0"),
    (lambda: input_keys({"a": (0, -1, ())}, {"a": ""}), ValueError, r"duration.*-1"),
    (lambda: input_keys({"a": (0, 1, ("q",))}, {"a": ""}), ValueError, "depends on 'q'"),
])
def test_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_cycle_is_reported_with_its_jobs():
    jobs = {"a": (0, 1, ("b",)), "b": (0, 1, ("a",))}
    with pytest.raises(graphlib.CycleError, match="a -> b -> a|b -> a -> b"):
        build(jobs, {"a": "", "b": ""})

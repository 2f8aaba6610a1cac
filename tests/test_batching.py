"""Batching under a capacity: both rules against brute force on small inputs; bad input."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.batching import (
    Batch,
    BatchJob,
    BatchQueue,
    fullest_batch,
    pick_batch,
    run_batches,
)

CAP = 10


def in_priority_order(jobs):
    return sorted(jobs, key=lambda job: (job.priority, job.arrival))  # ties: first come first


def brute_stop(jobs, capacity):
    """The longest prefix of the priority order whose sizes fit."""
    order = in_priority_order(jobs)
    best = []
    for k in range(len(order) + 1):
        if sum(job.size for job in order[:k]) <= capacity:
            best = order[:k]
    return [job.name for job in best]


def brute_skip(jobs, capacity):
    """Of every subset that fits, the lexicographically greatest in priority order (a more
    urgent job in beats any number of less urgent ones)."""
    order = in_priority_order(jobs)
    best = None
    for bits in itertools.product((1, 0), repeat=len(order)):  # greatest vector first
        if sum(job.size for job, b in zip(order, bits, strict=True) if b) <= capacity:
            best = bits
            break
    return [job.name for job, b in zip(order, best, strict=True) if b]


JOBS = st.lists(st.tuples(st.integers(1, CAP), st.integers(1, 3)), max_size=8).map(
    lambda specs: [BatchJob(f"j{i}", size, priority) for i, (size, priority) in enumerate(specs)])


@settings(max_examples=400)
@given(JOBS)
def test_one_pick_matches_the_brute_force_definition_of_each_rule(jobs):
    stop, skip = pick_batch(jobs, CAP, "stop"), pick_batch(jobs, CAP, "skip")
    assert stop == brute_stop(jobs, CAP)
    assert skip == brute_skip(jobs, CAP)
    size = {job.name: job.size for job in jobs}
    assert set(stop) <= set(skip)  # skip only adds to what stop admits
    used = sum(size[n] for n in skip)
    assert sum(size[n] for n in stop) <= used <= fullest_batch(jobs, CAP)[0] <= CAP


def test_the_rules_differ_where_a_big_job_blocks_the_line():
    jobs = [BatchJob("a", 4, 1), BatchJob("big", 7, 2), BatchJob("b", 3, 3), BatchJob("c", 3, 3)]
    assert pick_batch(jobs, 10, "stop") == ["a"]  # big does not fit in 6: stop there
    assert pick_batch(jobs, 10, "skip") == ["a", "b", "c"]  # b and c overtake big
    assert fullest_batch(jobs, 10)[0] == 10  # (big, b) fills it too: 10 is the best
    greedy_misses = [BatchJob("x", 6, 1), BatchJob("y", 5, 2), BatchJob("z", 5, 3)]
    assert pick_batch(greedy_misses, 10, "skip") == ["x"]  # 6 of 10, while y + z fill 10
    assert fullest_batch(greedy_misses, 10) == (10, ("y", "z"))


def naive_run(jobs, capacity, rule):
    """Each tick: the room is what no started, unfinished job holds; sort what has arrived and
    not started, apply the brute-force definition to that room."""
    started, out, tick = {}, [], 0
    brute = brute_stop if rule == "stop" else brute_skip
    while len(started) < len(jobs):
        held = sum(j.size for j in jobs if j.name in started
                   and started[j.name] <= tick < started[j.name] + j.duration)
        ready = [j for j in jobs if j.arrival <= tick and j.name not in started]
        names = brute(ready, capacity - held)
        started |= {name: tick for name in names}
        out.append((tick, tuple(names), held + sum(j.size for j in ready if j.name in names)))
        tick += 1
    return out


@settings(max_examples=300)
@given(st.lists(st.tuples(st.integers(1, CAP), st.integers(1, 3), st.integers(0, 4),
                          st.integers(1, 3)), max_size=8),
       st.sampled_from(["stop", "skip"]))
def test_run_batches_picks_each_tick_as_the_brute_force_would(specs, rule):
    jobs = [BatchJob(f"j{i}", s, p, a, d) for i, (s, p, a, d) in enumerate(specs)]
    batches = run_batches(jobs, CAP, rule)
    assert [(b.tick, b.names, b.used) for b in batches] == naive_run(jobs, CAP, rule)
    ran = [name for b in batches for name in b.names]
    assert sorted(ran) == sorted(job.name for job in jobs)  # each job exactly once
    assert all(b.used <= CAP for b in batches)


def test_skip_lets_small_jobs_starve_a_big_one_while_stop_lets_it_in():
    # room frees one unit at a time; a steady stream of size-1 jobs keeps taking it under skip
    jobs = [BatchJob(f"s{t}", 1, 3, t, 4) for t in range(12)] + [BatchJob("big", 4, 2, 1, 1)]
    jobs += [BatchJob(f"f{i}", 1, 3, 0, 1 + i) for i in range(3)]  # staggered ends at 1, 2, 3
    start = {rule: {n: b.tick for b in run_batches(jobs, 4, rule) for n in b.names}
             for rule in ("stop", "skip")}
    assert start["stop"]["big"] == 4  # waits until all 4 units are free, the stream waits too
    assert start["skip"]["big"] == 15  # the stream took every unit as it came back


def test_a_queue_keeps_skipped_jobs_in_their_place():
    q = BatchQueue(5, "skip")
    for job in [BatchJob("a", 3, 1), BatchJob("big", 4, 2), BatchJob("b", 2, 3)]:
        q.put(job)
    assert [j.name for j in q.pick()] == ["a", "b"]
    q.put(BatchJob("c", 1, 1))
    assert [j.name for j in q.pick()] == ["c", "big"] and len(q) == 0
    assert run_batches([("x", 2, 1, 2)], 5) == [Batch(0, (), 0, 0), Batch(1, (), 0, 0),
                                                Batch(2, ("x",), 2, 0)]
    q.put(BatchJob("d", 3, 1))
    assert q.pick(room=2) == [] and [j.name for j in q.pick(room=3)] == ["d"]


def test_bad_input():
    with pytest.raises(ValueError, match="capacity must be > 0, got 0"):
        pick_batch([], 0)
    with pytest.raises(TypeError, match="capacity must be a number, got '5'"):
        BatchQueue("5")
    with pytest.raises(ValueError, match="rule must be one of 'stop', 'skip', got 'fill'"):
        pick_batch([], 5, "fill")
    with pytest.raises(ValueError, match="size of 'a' must be <= 5, got 6"):
        pick_batch([BatchJob("a", 6)], 5)
    with pytest.raises(ValueError, match="size of 'a' must be > 0, got 0"):
        pick_batch([BatchJob("a", 0)], 5)
    with pytest.raises(TypeError, match="priority of 'a' must be a number, got None"):
        pick_batch([BatchJob("a", 1, None)], 5)
    with pytest.raises(ValueError, match="arrival of 'a' must be >= 0, got -1"):
        run_batches([BatchJob("a", 1, 1, -1)], 5)
    with pytest.raises(ValueError, match="duration of 'a' must be >= 1, got 0"):
        run_batches([BatchJob("a", 1, 1, 0, 0)], 5)
    with pytest.raises(ValueError, match="room must be >= 0, got -1"):
        BatchQueue(5).pick(room=-1)
    with pytest.raises(ValueError, match="job names must be unique, got 'a' twice"):
        pick_batch([BatchJob("a", 1), BatchJob("a", 2)], 5)
    with pytest.raises(TypeError, match="jobs must be a list of BatchJob, got 3"):
        run_batches(3, 5)
    with pytest.raises(TypeError, match="each job must be a BatchJob or a tuple"):
        pick_batch(["a"], 5)
    with pytest.raises(TypeError, match=r"job must be a BatchJob\(name, size"):
        BatchQueue(5).put(("a", 1))
    with pytest.raises(TypeError, match=r"job name must be hashable, got \[1\]"):
        pick_batch([BatchJob([1], 1)], 5)
    with pytest.raises(ValueError, match="at most 20 jobs, got 21"):
        fullest_batch([BatchJob(i, 1) for i in range(21)], 5)


def test_the_batching_explorer_shows_the_big_job_waiting_longer_under_skip():
    from kit.widgets.batching import BatchingExplorer

    e = BatchingExplorer(capacity=8, big=6, seed=4)
    assert e.lines[1].endswith("BIG waits 4 ticks") and e.lines[2].endswith("BIG waits 7 ticks")
    before = e.picture.value
    e.rule.value = "stop"
    assert e.picture.value != before
    e.big.value = 16  # larger than the capacity: drawn at the capacity, never refused
    assert "BIG of size 8" in e.lines[0]

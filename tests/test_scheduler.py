"""The tick-model scheduler: the seed's main flow step by step, a naive model, bad inputs."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.clock import FakeClock
from kit.heap import Heap
from kit.scheduler import (
    FifoPolicy,
    Job,
    OldestDuePolicy,
    PriorityPolicy,
    Run,
    Scheduler,
    Snapshot,
    Status,
)

P, R, D, F, C = Status.PENDING, Status.RUNNING, Status.DONE, Status.FAILED, Status.CANCELLED


def make(workers=1, policy=None, start=0):
    clock = FakeClock(start)
    return clock, Scheduler(clock, policy or PriorityPolicy(), workers)


def ok(value=None):
    return lambda: value


def failing(times, message="boom"):
    """A task that raises on its first `times` calls, then returns 'ok'."""
    calls = []

    def task():
        calls.append(1)
        if len(calls) <= times:
            raise RuntimeError(message)
        return "ok"
    return task


# -- the Heap ------------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5))))
def test_heap_pops_in_the_order_of_its_rule(items):
    by_before = Heap(before=lambda a, b: a < b)
    by_key = Heap(key=lambda item: item[0])
    for item in items:
        by_before.push(item)
        by_key.push(item)
    assert by_before.ordered() == sorted(items)
    assert by_key.ordered() == sorted(items, key=lambda item: item[0])  # stable: ties FIFO
    assert [by_before.pop() for _ in items] == sorted(items)
    assert [by_key.pop() for _ in items] == sorted(items, key=lambda item: item[0])
    assert not by_before and len(by_key) == 0


def test_heap_list_is_a_heap_and_peek_is_the_front():
    rng = random.Random(7)
    h = Heap(before=lambda a, b: a < b)
    values = [rng.randrange(100) for _ in range(50)]
    for v in values:
        h.push(v)
    a = h.items()
    assert all(a[(i - 1) // 2] <= a[i] for i in range(1, len(a)))
    assert h.peek() == min(values) == a[0]
    assert len(h) == 50


def test_heap_comparing_on_priority_alone_loses_submission_order():
    # the seed's slip: with no sequence number, three equal priorities come out a, c, b
    h = Heap(before=lambda a, b: a[0] < b[0])
    for item in [(1, "a"), (1, "b"), (1, "c")]:
        h.push(item)
    assert [h.pop()[1] for _ in range(3)] == ["a", "c", "b"]


def test_heap_bad_input():
    with pytest.raises(TypeError, match="exactly one of before or key"):
        Heap()
    with pytest.raises(TypeError, match="exactly one of before or key"):
        Heap(before=min, key=abs)
    with pytest.raises(TypeError, match="before must be callable, got 3"):
        Heap(before=3)
    with pytest.raises(TypeError, match="key must be callable, got 'x'"):
        Heap(key="x")
    with pytest.raises(IndexError, match="pop from an empty Heap"):
        Heap(key=abs).pop()
    with pytest.raises(IndexError, match="peek at an empty Heap"):
        Heap(before=min).peek()


# -- Job and the policies ------------------------------------------------------------------

def test_claim_is_the_only_way_from_pending_to_running():
    job = Job("a", ok(), 5, 0, 0, 10, 0)
    assert job.status is P
    assert job.claim() is True and job.status is R
    assert job.claim() is False  # a second worker loses
    for status in (D, F, C):
        job.status = status
        assert job.claim() is False and job.status is status


def test_each_policy_ends_on_submission_order():
    a = Job("a", ok(), 3, 5, 0, 10, seq=0)
    b = Job("b", ok(), 3, 5, 0, 10, seq=1)
    for policy in (PriorityPolicy(), FifoPolicy(), OldestDuePolicy()):
        assert policy.before(a, b) and not policy.before(b, a)
        assert not policy.before(a, a)


def test_policies_rank_by_their_own_rule():
    early_low = Job("x", ok(), 9, 1, 0, 10, seq=1)
    late_high = Job("y", ok(), 1, 3, 0, 10, seq=2)
    first = Job("z", ok(), 5, 4, 0, 10, seq=0)
    assert PriorityPolicy().before(late_high, early_low)
    assert OldestDuePolicy().before(early_low, late_high)
    assert FifoPolicy().before(first, early_low) and FifoPolicy().before(first, late_high)


# -- the main flow, one statement at a time ------------------------------------------------

def test_submit_creates_a_pending_job_on_the_delayed_heap():
    clock, s = make(start=3)
    assert s.submit("a", ok(1), delay=2) == "a"
    assert s.status_of("a") is P
    snap = s.snapshot()
    assert [v.id for v in snap.delayed] == ["a"] and snap.delayed[0].run_at == 5
    assert snap.ready == () and snap.tick == -1


def test_the_delayed_heap_is_ordered_by_run_time():
    clock, s = make()
    for name, delay in [("c", 7), ("a", 1), ("b", 4), ("a2", 1)]:
        s.submit(name, ok(), delay=delay)
    assert [v.id for v in s.snapshot().delayed] == ["a", "a2", "b", "c"]


def test_a_job_is_promoted_exactly_when_the_clock_reaches_its_run_time():
    clock, s = make()
    s.submit("a", ok("A"), delay=2)
    assert s.tick() == []  # now = 0
    clock.advance(1.5)
    assert s.tick() == []  # now = 1.5 < 2
    clock.advance(0.5)
    assert s.tick() == [Run(2, 2, 0, "a", 1, D)]  # now == run_at: due
    assert s.info("a").result == "A"


def test_promotion_drops_cancelled_jobs():
    clock, s = make()
    s.submit("a", ok(), delay=1)
    assert s.cancel("a") is True
    clock.advance(1)
    assert s.tick() == []
    assert [(e.kind, e.id) for e in s.snapshot().events][-1] == ("drop", "a")
    assert s.snapshot().delayed == () and s.snapshot().ready == ()


def test_slots_are_filled_from_zero_with_the_policy_first_job():
    clock, s = make(workers=2)
    for name, priority in [("low", 9), ("mid", 5), ("high", 1)]:
        s.submit(name, ok(), priority=priority)
    runs = s.tick()
    assert [(r.worker, r.id) for r in runs] == [(0, "high"), (1, "mid")]
    snap = s.snapshot()
    assert [v.id for v in snap.ready] == ["low"]
    assert snap.slots == tuple(runs)
    clock.advance(1)
    assert [(r.worker, r.id) for r in s.tick()] == [(0, "low")]
    assert s.snapshot().slots[1] is None


def test_a_job_cancelled_after_it_was_queued_is_skipped_and_the_next_popped():
    clock, s = make(workers=1)
    for name in "abc":
        s.submit(name, ok())
    assert [r.id for r in s.tick()] == ["a"]  # b and c now wait in the ready heap
    assert s.cancel("b") is True
    assert [r.id for r in s.tick()] == ["c"]
    kinds = [(e.kind, e.id) for e in s.snapshot().events]
    assert ("skip", "b") in kinds and kinds.index(("skip", "b")) < kinds.index(("run", "c"))
    assert s.status_of("b") is C


def test_retries_back_off_exponentially_then_fail_with_the_message():
    clock, s = make()
    s.submit("j", failing(99, "disk full"), retries=3, backoff=10)
    runs = s.drain(step=1, limit=200)
    assert [(r.time, r.attempt, r.status) for r in runs] == [
        (0, 1, P), (10, 2, P), (30, 3, P), (70, 4, F)]  # 0 + 10, + 20, + 40
    info = s.info("j")
    assert info.status is F and info.error == "disk full" and info.attempts == 4


def test_a_retry_that_succeeds_ends_done():
    clock, s = make()
    s.submit("j", failing(1), retries=2, backoff=3)
    assert [(r.time, r.status) for r in s.drain()] == [(0, P), (3, D)]
    assert s.info("j").result == "ok"


def test_a_failure_without_retries_fails_at_once_and_keeps_an_empty_message_readable():
    clock, s = make()

    def task():
        raise KeyError

    s.submit("j", task)
    assert s.tick()[0].status is F
    assert s.info("j").error == "KeyError"


def test_swapping_the_policy_is_one_constructor_argument():
    def order(policy):
        clock, s = make(policy=policy)
        s.submit("a", ok(), priority=5, delay=2)
        s.submit("b", ok(), priority=1, delay=3)
        s.submit("c", ok(), priority=9, delay=0)
        clock.advance(3)
        return [r.id for r in s.drain()]

    assert order(PriorityPolicy()) == ["b", "a", "c"]
    assert order(FifoPolicy()) == ["a", "b", "c"]
    assert order(OldestDuePolicy()) == ["c", "a", "b"]


def test_equal_priorities_run_in_submission_order():
    clock, s = make(workers=3)
    names = [f"j{i}" for i in range(20)]
    for name in reversed(names[:10]):
        s.submit(name, ok(), priority=2)
    for name in names[10:]:
        s.submit(name, ok(), priority=2)
    expected = list(reversed(names[:10])) + names[10:]
    assert [r.id for r in s.drain()] == expected


def test_cancel_acts_only_on_pending_jobs():
    clock, s = make()
    seen = []
    s.submit("self", lambda: seen.append(s.cancel("self")))
    s.submit("done", ok())
    s.drain()
    assert seen == [False]  # a running job cannot be cancelled
    assert s.status_of("self") is D
    assert s.cancel("done") is False
    s.submit("p", ok(), delay=5)
    assert s.cancel("p") is True and s.cancel("p") is False
    assert s.status_of("p") is C


def test_drain_stops_at_its_limit_and_when_the_heaps_are_empty():
    clock, s = make()
    for i in range(5):
        s.submit(i, ok())
    assert len(s.drain(limit=3)) == 3 and s.ticks == 3
    assert len(s.drain(limit=100)) == 2
    assert s.ticks == 5 and clock.now() == 5  # stopped once both heaps were empty
    assert s.drain() == [] and s.ticks == 5


def test_drain_steps_the_clock_by_step():
    clock, s = make()
    s.submit("a", ok(), delay=1)
    assert [r.time for r in s.drain(step=0.25)] == [1]
    assert clock.now() == 1.25


def test_shutdown_refuses_submits_and_can_cancel_what_waits():
    clock, s = make()
    s.submit("a", ok(), delay=5)
    s.submit("b", ok())
    s.shutdown()
    with pytest.raises(RuntimeError, match="shut down; cannot submit id='c'"):
        s.submit("c", ok())
    assert [r.id for r in s.drain(limit=10)] == ["b", "a"]  # queued work still runs
    clock2, s2 = make()
    s2.submit("a", ok(), delay=5)
    s2.submit("b", ok())
    s2.tick()
    s2.shutdown(cancel_pending=True)
    assert (s2.status_of("a"), s2.status_of("b")) == (C, D)


def test_a_task_may_submit_more_work_which_runs_no_earlier_than_the_next_tick():
    clock, s = make(workers=2)
    s.submit("parent", lambda: s.submit("child", ok()))
    assert [(r.tick, r.id) for r in s.drain()] == [(0, "parent"), (1, "child")]


def test_snapshot_and_events_are_plain_data_for_an_explorer():
    clock, s = make(workers=2)
    s.submit("a", ok(), priority=2)
    s.submit("b", failing(1), priority=1, retries=1, backoff=4)
    s.submit("c", ok(), delay=9)
    s.submit("d", ok(), priority=3)
    s.tick()
    snap = s.snapshot()
    assert isinstance(snap, Snapshot) and snap.tick == 0 and snap.now == 0
    assert [(v.id, v.run_at) for v in snap.delayed] == [("b", 4), ("c", 9)]
    assert [v.id for v in snap.ready] == ["d"] and snap.ready_tree == ("d",)
    assert [(r.worker, r.id, r.status) for r in snap.slots] == [(0, "b", P), (1, "a", D)]
    assert [(e.kind, e.id) for e in snap.events] == [
        ("submit", "a"), ("submit", "b"), ("submit", "c"), ("submit", "d"),
        ("promote", "a"), ("promote", "b"), ("promote", "d"),
        ("run", "b"), ("retry", "b"), ("run", "a"), ("done", "a")]
    assert snap.events[8].detail == 4
    assert set(snap.delayed_tree) == {"b", "c"}
    assert s.events(0) == list(snap.events) and s.events() == list(snap.events)
    s.cancel("c")
    assert [(e.kind, e.id) for e in s.events(1)] == [("cancel", "c")]


# -- bad inputs ----------------------------------------------------------------------------

def test_constructor_rejects_bad_arguments():
    with pytest.raises(TypeError, match="clock must have a now.. method, got 5"):
        Scheduler(5, PriorityPolicy(), 1)
    with pytest.raises(TypeError, match="policy must have a before.a, b. method, got 'fifo'"):
        Scheduler(FakeClock(), "fifo", 1)
    with pytest.raises(ValueError, match="workers must be >= 1, got 0"):
        Scheduler(FakeClock(), FifoPolicy(), 0)
    with pytest.raises(TypeError, match="workers must be an int, got 2.0"):
        Scheduler(FakeClock(), FifoPolicy(), 2.0)


@pytest.mark.parametrize("kwargs, error, message", [
    ({"id": ["x"]}, TypeError, r"id must be hashable, got \['x'\]"),
    ({"task": "print"}, TypeError, "task must be callable, got 'print'"),
    ({"priority": "high"}, TypeError, "priority must be a number, got 'high'"),
    ({"priority": float("nan")}, ValueError, "priority must be finite, got nan"),
    ({"delay": -1}, ValueError, "delay must be >= 0, got -1"),
    ({"delay": True}, TypeError, "delay must be a number, got True"),
    ({"delay": float("inf")}, ValueError, "delay must be finite, got inf"),
    ({"retries": 1.5}, TypeError, "retries must be an int, got 1.5"),
    ({"retries": -2}, ValueError, "retries must be >= 0, got -2"),
    ({"backoff": -0.5}, ValueError, r"backoff must be >= 0, got -0.5"),
    ({"backoff": None}, TypeError, "backoff must be a number, got None"),
])
def test_submit_rejects_bad_arguments(kwargs, error, message):
    clock, s = make()
    args = {"id": "j", "task": ok()} | kwargs
    with pytest.raises(error, match=message):
        s.submit(**args)
    assert s.snapshot().delayed == ()


def test_submit_rejects_a_used_id_and_lookups_reject_unknown_ids():
    clock, s = make()
    s.submit("a", ok())
    with pytest.raises(ValueError, match="id 'a' is already used"):
        s.submit("a", ok())
    for method in (s.cancel, s.status_of, s.info):
        with pytest.raises(ValueError, match="no job with id 'zz'"):
            method("zz")
        with pytest.raises(TypeError, match=r"id must be hashable, got \{\}"):
            method({})


def test_drain_and_events_reject_bad_arguments():
    clock, s = make()
    with pytest.raises(ValueError, match="step must be > 0, got 0"):
        s.drain(step=0)
    with pytest.raises(ValueError, match="step must be > 0, got -1"):
        s.drain(step=-1)
    with pytest.raises(TypeError, match="limit must be an int, got 'all'"):
        s.drain(limit="all")
    with pytest.raises(ValueError, match="tick must be <= 0, got 3"):
        s.events(3)
    with pytest.raises(ValueError, match="tick must be >= 0, got -1"):
        s.events(-1)

    class WallClock:
        def now(self):
            return 0

    real = Scheduler(WallClock(), FifoPolicy(), 1)
    with pytest.raises(TypeError, match="drain needs a clock with advance.., got"):
        real.drain()


# -- a random mix against a naive model ----------------------------------------------------

KEYS = {
    "priority": (PriorityPolicy, lambda j: (j["priority"], j["seq"])),
    "fifo": (FifoPolicy, lambda j: j["seq"]),
    "oldest": (OldestDuePolicy, lambda j: (j["run_at"], j["seq"])),
}

OPS = st.lists(st.one_of(
    st.tuples(st.just("submit"), st.integers(1, 3), st.integers(0, 4), st.integers(0, 2),
              st.integers(0, 3), st.integers(0, 3)),  # priority delay retries backoff fails
    st.tuples(st.just("cancel"), st.integers(0, 40)),
    st.tuples(st.just("tick"), st.integers(1, 2)),
), max_size=40)


def naive_run(ops, policy, workers):
    """Brute force: each tick sort every due PENDING job by the policy's key, run the first N."""
    key = KEYS[policy][1]
    jobs, runs, cancels, now, tick = {}, [], [], 0, 0

    def one_tick(step):
        nonlocal now, tick
        due = sorted((j for j in jobs.values() if j["status"] is P and j["run_at"] <= now), key=key)
        for worker, j in enumerate(due[:workers]):
            j["attempts"] += 1
            if j["attempts"] > j["fails"]:
                j["status"] = D
            elif j["attempts"] <= j["retries"]:
                j["run_at"] = now + j["backoff"] * 2 ** (j["attempts"] - 1)
            else:
                j["status"] = F
            runs.append((tick, now, worker, j["id"], j["attempts"], j["status"]))
        tick += 1
        now += step

    for op in ops:
        if op[0] == "submit":
            _, priority, delay, retries, backoff, fails = op
            n = len(jobs)
            jobs[n] = dict(id=n, priority=priority, run_at=now + delay, seq=n, retries=retries,
                           backoff=backoff, fails=fails, attempts=0, status=P)
        elif op[0] == "cancel" and jobs:
            j = jobs[op[1] % len(jobs)]
            cancels.append(j["status"] is P)
            if j["status"] is P:
                j["status"] = C
        elif op[0] == "tick":
            one_tick(op[1])
    while any(j["status"] is P for j in jobs.values()):
        one_tick(1)
    return runs, cancels, {j["id"]: j["status"] for j in jobs.values()}


@settings(max_examples=250, deadline=None)
@given(OPS, st.sampled_from(sorted(KEYS)), st.integers(1, 3))
def test_random_mix_matches_the_naive_model_and_keeps_the_invariants(ops, policy, workers):
    clock, s = make(workers, KEYS[policy][0]())
    started, cancelled_at, cancels = [], {}, []

    def task_for(i, fails):
        calls = []

        def task():
            info = s.info(i)
            assert info.status is R
            started.append((i, len(calls) + 1, s.ticks, clock.now(), info.run_at))
            calls.append(1)
            if len(calls) <= fails:
                raise ValueError(f"attempt {len(calls)} of {i} failed")
            return i
        return task

    n, runs = 0, []
    for op in ops:
        if op[0] == "submit":
            _, priority, delay, retries, backoff, fails = op
            s.submit(n, task_for(n, fails), priority, delay, retries, backoff)
            n += 1
        elif op[0] == "cancel" and n:
            i = op[1] % n
            cancels.append(s.cancel(i))
            if cancels[-1]:
                cancelled_at[i] = s.ticks
        elif op[0] == "tick":
            runs += s.tick()
            clock.advance(op[1])
    runs += s.drain(step=1, limit=10_000)
    naive_runs, naive_cancels, naive_final = naive_run(ops, policy, workers)

    assert [tuple(r) for r in runs] == naive_runs
    assert cancels == naive_cancels
    assert {i: s.status_of(i) for i in range(n)} == naive_final
    # nothing runs twice: each (job, attempt) starts once, attempts count up from 1
    assert len({(i, a) for i, a, *_ in started}) == len(started)
    for i in range(n):
        attempts = [a for j, a, *_ in started if j == i]
        assert attempts == list(range(1, len(attempts) + 1))
        assert s.info(i).attempts == len(attempts)
    # nothing cancelled runs after the cancel; every job ends in exactly one final state
    for i, tick in cancelled_at.items():
        assert all(t < tick for j, _, t, *_ in started if j == i)
    assert all(s.status_of(i) in (D, F, C) for i in range(n))
    # no job runs before its run_at
    assert all(now >= run_at for *_, now, run_at in started)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(0, 3)), max_size=30),
       st.integers(1, 4))
def test_equal_priorities_never_overtake_each_other(specs, workers):
    clock, s = make(workers)
    for i, (priority, delay) in enumerate(specs):
        s.submit(i, ok(), priority=priority, delay=delay)
    order = [r.id for r in s.drain()]
    for i, (pi, di) in enumerate(specs):
        for j in range(i + 1, len(specs)):
            pj, dj = specs[j]
            if pi == pj and di <= dj:  # same priority, i submitted first and due no later
                assert order.index(i) < order.index(j)


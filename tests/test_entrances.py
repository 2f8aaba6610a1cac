"""Every public entrance of the core refuses a bad argument at its door, by name: one table of
(call, the argument named in the error), each with one bad value, walked by one test. The
argument's name must appear in the message, and so must the value (or its kind)."""

import math

import pytest

from kit import backoff, balance, batching, cooldown, dag, delayed, edf, fair, heap_habits, herd
from kit.clock import FakeClock
from kit.jobs import PriorityPolicy
from kit.lease import LeaseQueue
from kit.policies import Task, simulate, simulate_fast
from kit.scheduler import Scheduler
from kit.store import SqliteLeaseQueue
from kit.threaded import ThreadedScheduler


def queue(**kw):
    return LeaseQueue(FakeClock(), **{"lease_for": 5, "max_attempts": 3, **kw})


def failed_with_bad_retry_delay(q):
    """fail() a lease on a queue whose retry_delay returns a str: refused by name, every queue."""
    q.put("a")
    q.fail(q.lease("w1"))


def scheduler(**kw):
    return Scheduler(FakeClock(), **{"policy": PriorityPolicy(), "workers": 1, **kw})


UNHASHABLE = ([],)  # a tuple isinstance(x, Hashable) says yes to; hash() says no
TASKS = [Task("a", 0, 2)]
JOB = edf.Job("a", 1, 2)

# (label, call, the words the message must hold)
ENTRANCES = [
    ("edf_order: a job", lambda: edf.edf_order([("a", 1)]), ["each job", "('a', 1)"]),
    ("edf_order: duration", lambda: edf.edf_order([("a", -1, 2)]), ["duration of job 'a'", "-1"]),
    ("max_lateness: deadline", lambda: edf.max_lateness([("a", 1, "x")]),
     ["deadline of job 'a'", "'x'"]),
    ("feasible: duration", lambda: edf.feasible([("a", math.nan, 2)]), ["duration of job 'a'"]),
    ("min_late_jobs: names", lambda: edf.min_late_jobs([JOB, JOB]), ["job names", "'a'"]),
    ("simulate: policy", lambda: simulate(TASKS, "lifo"), ["policy", "'lifo'"]),
    ("simulate: quantum", lambda: simulate(TASKS, "rr", 0), ["quantum", "0"]),
    ("simulate_fast: quantum", lambda: simulate_fast(TASKS, "rr", -1), ["quantum", "-1"]),
    ("backoff_delay: attempt", lambda: backoff.backoff_delay(-1, 1, 10), ["attempt", "-1"]),
    ("backoff_delay: cap", lambda: backoff.backoff_delay(1, 1, "10"), ["cap", "'10'"]),
    ("retry_schedule: attempts", lambda: backoff.retry_schedule(1.5, 1, 10, lambda: 0.5),
     ["attempts", "1.5"]),
    ("LeaseQueue: lease_for", lambda: queue(lease_for=0), ["lease_for", "0"]),
    ("LeaseQueue: max_attempts", lambda: queue(max_attempts=True), ["max_attempts", "True"]),
    ("LeaseQueue: retry_delay", lambda: queue(retry_delay=5), ["retry_delay", "5"]),
    ("LeaseQueue.put: job_id", lambda: queue().put(UNHASHABLE), ["job_id", "([],)"]),
    ("LeaseQueue.put: delay", lambda: queue().put("a", delay=-1), ["delay", "-1"]),
    ("LeaseQueue.status: job_id", lambda: queue().status(UNHASHABLE), ["job_id", "([],)"]),
    ("LeaseQueue.fail: what retry_delay returned",
     lambda: failed_with_bad_retry_delay(queue(retry_delay=lambda r: "1")),
     ["retry_delay(0) must return", "'1'"]),
    ("SqliteLeaseQueue.fail: what retry_delay returned",
     lambda: failed_with_bad_retry_delay(SqliteLeaseQueue(":memory:", 5, 3,
                                                          retry_delay=lambda r: "1")),
     ["retry_delay(0) must return", "'1'"]),
    ("SqliteLeaseQueue: lease_for", lambda: SqliteLeaseQueue(":memory:", lease_for=-1,
                                                           max_attempts=3), ["lease_for", "-1"]),
    ("Scheduler: workers", lambda: scheduler(workers=0), ["workers", "0"]),
    ("Scheduler.submit: id", lambda: scheduler().submit(UNHASHABLE, print), ["id", "([],)"]),
    ("Scheduler.submit: priority", lambda: scheduler().submit("a", print, priority="1"),
     ["priority", "'1'"]),
    ("Scheduler.submit: task", lambda: scheduler().submit("a", 3), ["task", "3"]),
    ("Scheduler.cancel: id", lambda: scheduler().cancel(UNHASHABLE), ["id", "([],)"]),
    ("ThreadedScheduler: workers", lambda: ThreadedScheduler(workers=-1, policy=PriorityPolicy()),
     ["workers", "-1"]),
    ("dag.run: workers", lambda: dag.run({"a": (1, 1, [])}, workers=0), ["workers", "0"]),
    ("dag.run: a dependency", lambda: dag.run({"a": (1, 1, ["b"])}), ["'b'"]),
    ("balance.lpt: cpus", lambda: balance.lpt([1, 2], 0), ["cpus", "0"]),
    ("balance.min_makespan: cpus", lambda: balance.min_makespan([1, 2], 1.5), ["cpus", "1.5"]),
    ("balance.min_time_contiguous: tasks", lambda: balance.min_time_contiguous([1, -2], 2),
     ["-2"]),
    ("cooldown.least_interval: n", lambda: cooldown.least_interval(["a"], -1), ["n", "-1"]),
    ("cooldown.least_interval: a task", lambda: cooldown.least_interval([UNHASHABLE], 1),
     ["each task", "([],)"]),
    ("DelayedQueue.schedule: item", lambda: delayed.DelayedQueue().schedule(UNHASHABLE, 1),
     ["item", "([],)"]),
    ("ReadyQueue.push: name", lambda: heap_habits.ReadyQueue().push(UNHASHABLE, 1),
     ["name", "([],)"]),
    ("top_k_longest: k", lambda: heap_habits.top_k_longest([1, 2], -1), ["k", "-1"]),
    ("pick_batch: capacity", lambda: batching.pick_batch([], -1), ["capacity", "-1"]),
    ("deficit_round_robin: quantum", lambda: fair.deficit_round_robin({"a": [1]}, quantum=0),
     ["quantum", "0"]),
    ("aws_experiment: clients", lambda: herd.aws_experiment(0, "full", runs=1), ["clients", "0"]),
    ("aws_experiment: strategy", lambda: herd.aws_experiment(2, "half", runs=1),
     ["strategy", "'half'"]),
]


@pytest.mark.parametrize("call, words", [(c, w) for _, c, w in ENTRANCES],
                         ids=[label for label, _, _ in ENTRANCES])
def test_a_bad_argument_is_refused_at_the_door_by_name(call, words):
    with pytest.raises((TypeError, ValueError)) as caught:
        call()
    message = str(caught.value)
    missing = [w for w in words if w not in message]
    assert not missing, f"{type(caught.value).__name__}: {message!r} does not name {missing}"
    assert "unhashable type" not in message  # the bare TypeError of a dict lookup

"""kit.checks.interleave: racy code fails on every run, locked code passes on every run, a
deadlock is reported, not hung."""

import threading
import time
from threading import Lock as ImportedLock

import pytest

from kit.checks import interleave
from kit.checks.interleave import CoopLock, explore


# -- the code under test: a counter and a claim, racy and locked ------------------------------
class RacyCounter:
    def __init__(self):
        self.value = 0

    def add(self):
        seen = self.value
        self.value = seen + 1


class LockedCounter:
    def __init__(self):
        self.value = 0
        self.lock = threading.Lock()  # made while the check builds it: a cooperative lock

    def add(self):
        with self.lock:
            seen = self.value
            self.value = seen + 1


class ImportedLockCounter(LockedCounter):
    def __init__(self):
        self.value = 0
        self.lock = ImportedLock()  # `from threading import Lock`: rebound while built


class ClassLockCounter(LockedCounter):
    lock = threading.Lock()  # a real lock made before the check: adopted onto the instance

    def __init__(self):
        self.value = 0


class Job:
    def __init__(self):
        self.status = "PENDING"


def racy_claim(job, lock):
    if job.status != "PENDING":
        return False
    with lock:
        job.status = "RUNNING"
    return True


def locked_claim(job, lock):
    with lock:
        if job.status != "PENDING":
            return False
        job.status = "RUNNING"
        return True


def counter_case(cls):
    return dict(setup=cls, threads={"first": lambda c: c.add(), "second": lambda c: c.add()},
                check=lambda c, out: None if c.value == 2 else f"value {c.value} after two adds",
                watch=[cls])


def claim_case(claim):
    def setup():
        return Job(), CoopLock()

    def check(state, out):
        winners = [name for name, won in out.items() if won is True]
        return None if len(winners) == 1 else f"{len(winners)} claims won"

    return dict(setup=setup, threads={"worker 1": lambda s: claim(*s),
                                      "worker 2": lambda s: claim(*s)},
                check=check, watch=[claim])


@pytest.mark.parametrize("case", [counter_case(RacyCounter), claim_case(racy_claim)],
                         ids=["racy counter", "racy claim"])
def test_a_race_fails_on_every_one_of_100_runs(case):
    verdicts = {(r.failure, r.schedule) for r in (explore(**case) for _ in range(100))}
    assert len(verdicts) == 1
    ((failure, schedule),) = verdicts
    assert failure is not None and "pauses before" in schedule, schedule


@pytest.mark.parametrize("case", [counter_case(LockedCounter), counter_case(ImportedLockCounter),
                                  counter_case(ClassLockCounter), claim_case(locked_claim)],
                         ids=["locked counter", "imported Lock", "class-level lock",
                              "locked claim"])
def test_the_locked_versions_pass_on_every_one_of_100_runs(case):
    results = [explore(**case) for _ in range(100)]
    assert all(results), results[0]
    assert len({r.schedules for r in results}) == 1 and results[0].schedules > 3


def test_the_failing_schedule_says_who_paused_where():
    found = explore(**claim_case(racy_claim))
    assert found.failure == "2 claims won"
    assert found.schedule.startswith("worker 1 starts; worker 1 pauses before `with lock:`; "
                                     "worker 2 goes on"), found.schedule


def test_one_preemption_is_needed_and_zero_finds_nothing():
    assert explore(**counter_case(RacyCounter), preemptions=0)
    assert not explore(**counter_case(RacyCounter), preemptions=1)


def test_a_deadlock_is_reported_not_hung():
    def setup():
        return CoopLock(), CoopLock()

    def one_way(locks):
        with locks[0]:
            with locks[1]:
                return "ok"

    def other_way(locks):
        with locks[1]:
            with locks[0]:
                return "ok"

    started = time.perf_counter()
    found = explore(setup, {"A": one_way, "B": other_way}, lambda s, out: None)
    assert time.perf_counter() - started < 5
    assert found.failure == "deadlock: A and B each wait for a lock another one holds", found
    assert found.deadlock and "waits for the lock" in found.schedule


@pytest.mark.parametrize("who, want", [
    ("itself", "deadlock: B waits for a lock it holds itself (a Lock taken twice; an RLock may "
               "be)"),
    ("leaked", "deadlock: B waits for a lock A still held when it ended"),
])
def test_a_deadlock_of_one_thread_says_whose_lock_it_waits_for(who, want):
    def twice(lock):
        with lock:
            with lock:
                return "ok"

    def leak(lock):
        lock.acquire()

    threads = {"A": (lambda lock: None) if who == "itself" else leak,
               "B": twice if who == "itself" else (lambda lock: lock.acquire())}
    found = explore(CoopLock, threads, lambda s, out: None, preemptions=0)
    assert found.deadlock and found.failure == want, found


def test_the_kits_own_objects_are_interleaved_when_watched():
    """A claim written as `return job.claim()` races inside the kit's Job.claim."""
    from kit.exercises.concurrent_scheduler import make_job
    from kit.jobs import Job

    def setup():
        return make_job("x")

    threads = {"1": lambda job: job.claim(), "2": lambda job: job.claim()}

    def one_winner(job, out):
        return None if sorted(out.values()) == [False, True] else f"both won: {out}"

    assert explore(setup, threads, one_winner, watch=[])  # unwatched: one line, never split
    assert not explore(setup, threads, one_winner, watch=[Job])


def test_a_thread_spinning_on_another_is_stopped():
    class Flag:
        def __init__(self):
            self.up = False

        def wait(self):
            while not self.up:
                pass

        def raise_(self):
            self.up = True

    found = explore(Flag, {"waiter": Flag.wait, "raiser": Flag.raise_}, lambda s, out: None,
                    watch=[Flag], max_steps=500)
    assert not found and "more than 500 steps" in found.failure


def test_a_thread_blocked_on_a_lock_the_check_cannot_see_is_reported():
    outside = threading.Lock()

    def hold(_):
        with outside:
            time.sleep(0)
        return True

    outside.acquire()
    try:
        found = explore(lambda: None, {"holder": hold}, lambda s, out: None, stall=0.2)
    finally:
        outside.release()
    assert not found and "holder is stuck" in found.failure


def test_errors_raised_in_threads_are_results():
    found = explore(lambda: None, {"boom": lambda _: 1 / 0},
                    lambda s, out: type(out["boom"]).__name__)
    assert found.failure == "ZeroDivisionError"


def test_held_locks_tell_a_task_it_runs_under_a_lock():
    def setup():
        return CoopLock()

    def under(lock):
        with lock:
            return len(interleave.held_locks())

    found = explore(setup, {"t": under}, lambda s, out: f"held {out['t']}")
    assert found.failure == "held 1" and interleave.held_locks() == []


def test_coop_lock_outside_a_run_is_a_plain_lock():
    lock = CoopLock()
    with lock:
        assert lock.locked() and not lock.acquire(blocking=False)
        with pytest.raises(RuntimeError, match="still held by a call that returned"):
            lock.acquire()
    assert not lock.locked()
    with pytest.raises(RuntimeError, match="does not hold"):
        lock.release()
    reentrant = CoopLock(reentrant=True)
    with reentrant, reentrant:
        assert reentrant.count == 2
    assert "free" in repr(reentrant)


def test_patching_is_undone_after_setup():
    assert threading.Lock is interleave._LOCK and ImportedLock is interleave._LOCK
    with interleave.cooperative_locks(ImportedLockCounter) as made:
        counter = ImportedLockCounter()
        assert isinstance(counter.lock, CoopLock) and made == [counter.lock]
    assert threading.Lock is interleave._LOCK
    assert ImportedLockCounter().lock.__class__ is not CoopLock


def test_a_bug_that_needs_two_preemptions_is_found_with_a_bound_of_two():
    class Log:
        def __init__(self):
            self.items = []

        def a(self):
            self.items.append(1)
            self.items.append(2)
            self.items.append(3)

        def b(self):
            self.items.append("x")
            self.items.append("y")

    def check(log, out):  # only 1, x, 2, 3, y is wrong: A, B, A and then B, two preemptions
        return "interleaved twice" if log.items == [1, "x", 2, 3, "y"] else None

    case = dict(setup=Log, threads={"A": Log.a, "B": Log.b}, check=check, watch=[Log])
    assert explore(**case, preemptions=1)
    found = explore(**case, preemptions=2)
    assert found.failure == "interleaved twice"
    assert found.schedule == ("A starts; A pauses before `self.items.append(2)`; B goes on; "
                              "B pauses before `self.items.append(\"y\")`; A goes on; "
                              "A runs to the end; B goes on; B runs to the end")
    assert explore(**case, preemptions=2).schedules == found.schedules  # the same every time


def test_a_condition_made_while_the_object_is_built_can_notify():
    class Queue:
        def __init__(self):
            self.items = []
            self.ready = threading.Condition()  # over a cooperative RLock

        def put(self, item):
            with self.ready:
                self.items.append(item)
                self.ready.notify()

    found = explore(Queue, {"a": lambda q: q.put(1), "b": lambda q: q.put(2)},
                    lambda q, out: None if sorted(q.items) == [1, 2] else repr(out),
                    watch=[Queue])
    assert found, found


def test_racing_is_true_while_a_schedule_runs_not_in_its_check():
    seen = []

    def check(state, out):
        seen.append(("check", interleave.racing()))
        return None

    def setup():
        seen.append(("setup", interleave.racing()))
        return None

    explore(setup, {"a": lambda s: seen.append(("thread", interleave.racing()))}, check)
    assert not interleave.racing()
    assert set(seen) == {("setup", True), ("thread", True), ("check", False)}

"""The real-thread scheduler: futures, cancel vs claim, shutdown, a stress run and an idle check."""

import itertools
import random
import threading
import time
from concurrent.futures import CancelledError, wait

import pytest

from kit.clock import FakeClock
from kit.scheduler import FifoPolicy, PriorityPolicy, Status
from kit.threaded import ThreadedScheduler

D, F, C = Status.DONE, Status.FAILED, Status.CANCELLED


def test_submit_returns_a_future_with_the_result_or_the_final_error():
    with ThreadedScheduler(2, PriorityPolicy()) as s:
        good = s.submit("good", lambda: 42)
        calls = []

        def flaky():
            calls.append(1)
            raise OSError(f"try {len(calls)}")

        bad = s.submit("bad", flaky, retries=2, backoff=0.001)
        assert good.result(timeout=5) == 42
        assert isinstance(bad.exception(timeout=5), OSError)
    assert str(bad.exception()) == "try 3" and len(calls) == 3
    assert s.status_of("good") is D and s.info("bad").error == "try 3"
    assert all(not t.is_alive() for t in s.threads)


def test_delayed_jobs_wait_and_then_run_in_policy_order():
    order = []
    with ThreadedScheduler(1, PriorityPolicy()) as s:
        running, gate = threading.Event(), threading.Event()
        # keeps the only worker busy while the rest queue up: wait until it runs, or a worker that
        # had not taken it yet would run "a", "b", "c" first (the gate's priority is lower)
        s.submit("gate", lambda: (running.set(), gate.wait()))
        assert running.wait(5)
        for name, priority in [("c", 3), ("a", 1), ("b", 2), ("a2", 1)]:
            s.submit(name, lambda name=name: order.append(name), priority=priority)
        start = time.monotonic()
        late = s.submit("late", lambda: time.monotonic(), delay=0.05)
        gate.set()
    assert order == ["a", "a2", "b", "c"]
    assert late.result() - start >= 0.05


def test_cancel_wins_only_while_pending_and_cancels_the_future():
    started, release = threading.Event(), threading.Event()
    with ThreadedScheduler(1, FifoPolicy()) as s:
        running = s.submit("running", lambda: (started.set(), release.wait()))
        waiting = s.submit("waiting", lambda: "never")
        started.wait(5)
        assert running.running() and not waiting.running()
        assert s.cancel("running") is False  # already claimed
        assert waiting.cancel() is True  # the Future's cancel goes through the scheduler
        assert s.cancel("waiting") is False
        release.set()
    assert waiting.cancelled() and s.status_of("waiting") is C
    with pytest.raises(CancelledError):
        waiting.result()
    assert s.status_of("running") is D


def test_a_slow_task_does_not_block_submit():
    release = threading.Event()
    with ThreadedScheduler(1, FifoPolicy()) as s:
        s.submit("slow", release.wait)
        t0 = time.monotonic()
        for i in range(100):
            s.submit(i, int)
        assert time.monotonic() - t0 < 2  # the lock is not held while "slow" runs
        release.set()


def test_shutdown_can_cancel_pending_jobs_and_refuses_new_ones():
    s = ThreadedScheduler(2, FifoPolicy())
    far = s.submit("far", lambda: 1, delay=60)
    s.shutdown(wait=True, cancel_pending=True)
    assert far.cancelled() and s.status_of("far") is C
    assert all(not t.is_alive() for t in s.threads)
    with pytest.raises(RuntimeError, match="shut down; cannot submit id='x'"):
        s.submit("x", int)
    s.shutdown()  # again: harmless


def test_concurrent_futures_wait_sees_cancelled_futures():
    with ThreadedScheduler(1, FifoPolicy()) as s:
        fut = s.submit("x", int, delay=30)
        s.cancel("x")
        done, not_done = wait([fut], timeout=2)
    assert done == {fut} and not not_done


def test_bad_input():
    with pytest.raises(ValueError, match="workers must be >= 1, got 0"):
        ThreadedScheduler(0, FifoPolicy())
    with pytest.raises(TypeError, match="policy must have a before.a, b. method, got None"):
        ThreadedScheduler(1, None)
    with pytest.raises(TypeError, match="clock must have a now.. method, got 'wall'"):
        ThreadedScheduler(1, FifoPolicy(), clock="wall")
    with ThreadedScheduler(1, FifoPolicy(), clock=FakeClock()) as s:
        with pytest.raises(TypeError, match="task must be callable, got 1"):
            s.submit("a", 1)
        with pytest.raises(ValueError, match="delay must be >= 0, got -0.1"):
            s.submit("a", int, delay=-0.1)
        with pytest.raises(TypeError, match="retries must be an int, got '2'"):
            s.submit("a", int, retries="2")
        s.submit("a", int)
        with pytest.raises(ValueError, match="id 'a' is already used"):
            s.submit("a", int)
        for method in (s.status_of, s.info):
            with pytest.raises(ValueError, match="no job with id 'nope'"):
                method("nope")
        assert s.cancel("nope") is False  # as documented: not a job it can cancel


def test_stress_many_producers_and_cancellers():
    """8 producers submit 20 000 jobs (delays, priorities, failures) while 2 threads cancel."""
    producers, per_producer, workers = 8, 2500, 4
    s = ThreadedScheduler(workers, PriorityPolicy())
    order = itertools.count()  # next() is atomic under the GIL: a global order of events
    starts = {}  # id -> list of order numbers when an attempt started
    plan = {}  # id -> (fails, retries)
    submitted, cancelled_at = [], {}
    futures = {}
    producing = threading.Event()

    def make_task(i, fails):
        def task():
            starts.setdefault(i, []).append(next(order))
            n = len(starts[i])
            if n <= fails:
                raise ValueError(f"{i} attempt {n}")
            return i
        return task

    def produce(p):
        rng = random.Random(p)
        for k in range(per_producer):
            i = (p, k)
            fails, retries = rng.choice([0, 0, 0, 1, 3]), rng.randint(0, 2)
            plan[i] = (fails, retries)
            delay = rng.choice([0, 0, rng.uniform(0, 0.005)])
            futures[i] = s.submit(i, make_task(i, fails), priority=rng.randint(1, 9),
                                  delay=delay, retries=retries, backoff=0.0005)
            submitted.append(i)

    def cancel_randomly(c):
        rng = random.Random(100 + c)
        while producing.is_set() or rng.random() < 0.5:
            if submitted:
                i = submitted[rng.randrange(len(submitted))]
                if s.cancel(i):
                    cancelled_at[i] = next(order)
            time.sleep(0)

    producing.set()
    threads = [threading.Thread(target=produce, args=(p,)) for p in range(producers)]
    cancellers = [threading.Thread(target=cancel_randomly, args=(c,)) for c in range(2)]
    for t in threads + cancellers:
        t.start()
    for t in threads:
        t.join(timeout=60)
    producing.clear()
    for t in cancellers:
        t.join(timeout=60)
    closer = threading.Thread(target=s.shutdown, kwargs={"wait": True})
    closer.start()
    closer.join(timeout=60)
    assert not closer.is_alive(), "shutdown did not return"
    assert all(not t.is_alive() for t in threads + cancellers + list(s.threads))

    assert len(submitted) == producers * per_producer
    assert 0 < len(cancelled_at) < len(submitted)
    for i, (fails, retries) in plan.items():
        status, n = s.status_of(i), len(starts.get(i, ()))
        fut = futures[i]
        if status is C:
            assert fut.cancelled() and i in cancelled_at
            assert all(t < cancelled_at[i] for t in starts.get(i, ()))  # none after the cancel
            assert n <= min(fails, retries)  # cancelled only before a first or retried attempt
        elif status is D:
            assert fails <= retries and n == fails + 1 and fut.result() == i
        else:
            assert status is F and fails > retries and n == retries + 1
            assert str(fut.exception()) == f"{i} attempt {n}"
        assert fut.done()


def test_an_idle_scheduler_sleeps_instead_of_spinning():
    with ThreadedScheduler(4, FifoPolicy()) as s:
        cpu, wall = time.process_time(), time.monotonic()
        fut = s.submit("later", time.monotonic, delay=2)
        fut.result(timeout=10)
        cpu, wall = time.process_time() - cpu, time.monotonic() - wall
    assert wall >= 2
    assert cpu < 0.05 * wall, f"used {cpu:.3f} s of CPU while waiting {wall:.2f} s"


# -- workers that die (issue 18) -----------------------------------------------------------------
@pytest.mark.parametrize("error", [SystemExit(3), KeyboardInterrupt(), GeneratorExit()],
                         ids=["SystemExit", "KeyboardInterrupt", "GeneratorExit"])
def test_a_task_raising_a_base_exception_fails_its_job_and_the_worker_lives_on(error):
    def quit_():
        raise error

    with ThreadedScheduler(1, FifoPolicy()) as s:
        dead = s.submit("quit", quit_)
        after = s.submit("after", lambda: "ran")
        assert after.result(timeout=5) == "ran"  # the one worker is still there
        assert dead.exception(timeout=5) is error
    assert s.status_of("quit") is F and s.status_of("after") is D
    assert s.worker_errors == []


def test_a_base_exception_is_retried_like_any_failure():
    calls = []

    def exits_once():
        calls.append(1)
        if len(calls) == 1:
            raise SystemExit("first try")
        return "second try"

    with ThreadedScheduler(1, FifoPolicy()) as s:
        future = s.submit("job", exits_once, retries=1, backoff=0.001)
        assert future.result(timeout=5) == "second try"
    assert s.info("job").attempts == 2 and s.status_of("job") is D


class BreaksOnce(ThreadedScheduler):
    """An error injected into the worker loop itself, outside any task: the first time a worker
    has claimed a job, `error` is raised in `where` ("take": just after the claim, under the
    lock; "run": instead of running the task)."""

    def __init__(self, where, error):
        self.where, self.error, self.broken = where, error, False
        super().__init__(1, FifoPolicy())

    def _break(self):
        if not self.broken:
            self.broken = True
            raise self.error

    def _take(self, slot):
        job = super()._take(slot)
        if job is not None and self.where == "take":
            self._break()
        return job

    def _run(self, job):
        if self.where == "run":
            self._break()
        super()._run(job)


def test_a_worker_whose_loop_breaks_is_replaced_and_its_job_settled():
    s = BreaksOnce("run", RuntimeError("worker loop broke"))
    first_thread = s.threads[0]
    lost = s.submit("lost", lambda: "never ran")
    assert isinstance(lost.exception(timeout=5), RuntimeError)  # resolved, not left RUNNING
    later = s.submit("later", lambda: "ran")
    assert later.result(timeout=5) == "ran"
    s.shutdown(wait=True)
    assert s.status_of("lost") is F and s.worker_errors == [
        "worker 0: RuntimeError: worker loop broke"]
    assert s.threads[0] is not first_thread and not first_thread.is_alive()
    assert all(not t.is_alive() for t in s.threads)


def test_a_broken_loop_with_retries_left_runs_the_job_again_on_the_new_worker():
    s = BreaksOnce("take", SystemExit("injected"))
    future = s.submit("job", lambda: "done", retries=1, backoff=0.001)
    assert future.result(timeout=5) == "done"
    s.shutdown()
    assert s.info("job").attempts == 2 and s.worker_errors == ["worker 0: SystemExit: injected"]

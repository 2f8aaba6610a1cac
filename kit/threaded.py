"""The same scheduler on real threads: one lock, one condition variable, one claim step.

`kit.scheduler` steps workers by hand. Here N worker threads take jobs themselves, and everything
they share (the delayed heap, the ready heap and the job map) sits behind one lock:

- `claim()`, the PENDING -> RUNNING test-and-set, happens under that lock, and so does `cancel`'s
  PENDING -> CANCELLED, so exactly one of a racing worker and canceller wins;
- the task itself runs *outside* the lock, so a slow task never blocks `submit` or `cancel`;
- an idle worker sleeps on a condition variable until the next `run_at` (a timed wait) or until a
  `submit` wakes it: no sleep loop, no spinning, no CPU burnt while nothing is due.

`submit` returns a `concurrent.futures.Future` that is resolved with the task's result, its final
exception, or cancelled. A task that raises anything, `SystemExit` and `KeyboardInterrupt`
included, is a failed attempt (retried or FAILED), never a dead worker; a worker whose own loop
breaks anyway settles the job it held the same way and is replaced by a new thread.

`shutdown` refuses new work, wakes every worker, and the workers leave once no PENDING job is
left (after running them, or at once with `cancel_pending=True`); with `timeout` it waits at
most that long and returns the ids of the tasks still running.

Every Future resolves, whatever the task returns or raises (an exception whose `__str__`
raises included), however many retries it has (waits are capped, `kit.jobs.retry_wait`), and
whatever the policy does: a `before` that raises (or returns something whose truth value
raises), KeyboardInterrupt and SystemExit included, is recorded in `worker_errors` and that
comparison falls back to submission order, so the ready heap stays whole and every job runs.
"""

import contextlib
import itertools
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from kit import validate
from kit.clock import MonotonicClock
from kit.heap import Heap
from kit.jobs import (
    Job,
    JobInfo,
    Status,
    check_clock_and_policy,
    check_submit,
    find_job,
    retry_wait,
)
from kit.validate import error_message

__all__ = ["ThreadedScheduler", "JobFuture"]


@dataclass(slots=True, eq=False)
class _ThreadJob(Job):
    future: Any = None


class JobFuture(Future):
    """A Future whose `cancel()` goes through the scheduler, so the job map stays the one truth.

    `running()` reports the job's status; the future itself only ever leaves PENDING for
    FINISHED or CANCELLED, because a retried job goes back from RUNNING to PENDING.
    """

    def __init__(self, scheduler: "ThreadedScheduler", id):
        super().__init__()
        self._scheduler, self._id = scheduler, id

    def cancel(self) -> bool:
        return self._scheduler.cancel(self._id)

    def running(self) -> bool:
        return self._scheduler.status_of(self._id) is Status.RUNNING


class ThreadedScheduler:
    """N worker threads sharing two heaps and a job map under one lock. Usable as `with ...:`.

    Times are seconds on `clock` (a `MonotonicClock` by default); idle workers wait real seconds
    until the next `run_at`, so a `FakeClock` only suits jobs with no delay and no backoff.
    Worker threads are daemons: an interpreter exit does not wait for a forgotten scheduler.
    """

    def __init__(self, workers: int, policy, clock=None):
        validate.integer("workers", workers, low=1)
        clock = MonotonicClock() if clock is None else clock
        check_clock_and_policy(clock, policy)
        self.workers, self.policy, self.clock = workers, policy, clock
        # re-entrant: a policy's before() runs under it and may read the scheduler (status_of)
        self._lock = threading.RLock()
        self._wake = threading.Condition(self._lock)  # "something is due or was submitted"
        self._jobs = {}
        self._delayed = Heap(key=lambda job: (job.run_at, job.seq))
        self._ready = Heap(before=self._before)
        self._seq = itertools.count()
        self._pending = 0  # PENDING jobs, i.e. work a worker may still have to do
        self._closed = False
        self.worker_errors: list[str] = []  # why a worker loop died (it was replaced)
        self._held: dict = {}  # worker slot -> the job it claimed and is running
        self._threads = tuple(self._start_worker(i) for i in range(workers))

    def __repr__(self) -> str:
        return f"ThreadedScheduler(workers={self.workers}, policy={self.policy!r})"

    def __enter__(self):
        return self

    def __exit__(self, *exc_info) -> None:
        self.shutdown(wait=True)

    @property
    def threads(self) -> tuple:
        """The worker threads (to check they were joined)."""
        return self._threads

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=0.1) -> Future:
        """Queue `task()` to run `delay` seconds from now; return its Future; O(log n) locked.

        Same checks and retry rule as `Scheduler.submit`; `delay` and `backoff` are in seconds.
        """
        with self._lock:
            check_submit(self._jobs, self._closed, id, task, priority, delay, retries, backoff)
            run_at = validate.clock_reading(self.clock) + delay
            job = _ThreadJob(id, task, priority, run_at, retries, backoff, next(self._seq))
            job.future = JobFuture(self, id)
            self._jobs[id] = job
            self._delayed.push(job)
            self._pending += 1
            if self._delayed.peek() is job:  # due sooner than every sleeper's timed wait
                self._wake.notify()
        return job.future

    def cancel(self, id) -> bool:
        """Cancel a PENDING job and its Future (True); a RUNNING or finished job, or an id never
        submitted, is left (False). An id that is not hashable is a TypeError.

        The status test-and-set happens under the lock; the Future is cancelled after it. O(1).
        """
        validate.hashable("id", id)
        with self._lock:
            job = self._jobs.get(id)
            if job is None or job.status is not Status.PENDING:
                return False
            job.status = Status.CANCELLED
            self._pending -= 1
            if self._closed and self._pending == 0:
                self._wake.notify_all()  # nothing left: let the workers leave
        Future.cancel(job.future)
        job.future.set_running_or_notify_cancel()  # wakes concurrent.futures.wait() callers
        return True

    def status_of(self, id) -> Status:
        """The job's current Status; O(1) under the lock."""
        with self._lock:
            return self._job(id).status

    def info(self, id) -> JobInfo:
        """Status, attempts, result and error message of one job as plain data; O(1)."""
        with self._lock:
            j = self._job(id)
            return JobInfo(j.id, j.status, j.priority, j.run_at, j.attempts, j.result, j.error)

    def shutdown(self, wait=True, cancel_pending=False, timeout=None) -> list:
        """Refuse new submits and let the workers leave once no job is PENDING.

        `cancel_pending=True` cancels the PENDING jobs first; `wait=True` joins the workers, for
        at most `timeout` seconds when given (None: until they leave). Returns the ids of the
        jobs still RUNNING when it returns (empty once every worker has left), so a task that
        never returns is named instead of hanging the caller. Calling it again is harmless.
        """
        if timeout is not None:
            validate.number("timeout", timeout, low=0)
        with self._lock:
            self._closed = True
            cancelled = []
            if cancel_pending:
                for job in self._jobs.values():
                    if job.status is Status.PENDING:
                        job.status = Status.CANCELLED
                        cancelled.append(job)
                self._pending -= len(cancelled)
            self._wake.notify_all()
        for job in cancelled:
            Future.cancel(job.future)
            job.future.set_running_or_notify_cancel()
        if wait:
            deadline = None if timeout is None else time.monotonic() + timeout
            me, joined = threading.current_thread(), ()
            while joined != self._threads:  # a worker replaced meanwhile is joined too
                joined = self._threads
                for thread in joined:
                    if thread is not me:  # a task may call shutdown from a worker
                        thread.join(None if deadline is None
                                    else max(0.0, deadline - time.monotonic()))
                if deadline is not None and time.monotonic() >= deadline:
                    break
        with self._lock:
            return [job.id for job in self._held.values() if job.status is Status.RUNNING]

    # -- the worker loop -------------------------------------------------------------------

    def _start_worker(self, slot: int) -> threading.Thread:
        thread = threading.Thread(target=self._work, args=(slot,), daemon=True,
                                  name=f"scheduler-worker-{slot}")
        thread.start()
        return thread

    def _work(self, slot: int) -> None:
        try:
            while True:
                with self._lock:
                    job = self._take(slot)
                if job is None:
                    return
                self._run(job)
                self._held.pop(slot, None)
        except BaseException as exc:  # the loop itself broke: settle its job, start a new worker
            self._worker_died(slot, exc)

    def _worker_died(self, slot: int, exc: BaseException) -> None:
        """A worker whose loop raised outside a task: the job it had claimed counts as a failed
        attempt (retried or FAILED, so its Future resolves) and a new thread takes the slot."""
        with self._lock:
            self.worker_errors.append(f"worker {slot}: {type(exc).__name__}: "
                                      f"{error_message(exc)}")
            job = self._held.pop(slot, None)
            threads = list(self._threads)
            threads[slot] = self._start_worker(slot)
            self._threads = tuple(threads)
        if job is not None and job.status is Status.RUNNING:
            self._finish(job, exc)
        elif job is not None and not job.future.done():  # settled in the file, not the Future
            self._resolve(job, exc)

    def _take(self, slot: int):
        """Under the lock: claim the best due job for worker `slot` (noted in `_held` until it
        ends), or sleep until one may be due; None = leave."""
        delayed, ready = self._delayed, self._ready
        while True:
            now = self.clock.now()
            while delayed and (delayed.peek().run_at <= now
                               or delayed.peek().status is not Status.PENDING):
                job = delayed.pop()  # due, or cancelled (dropped early so waits stay exact)
                if job.status is Status.PENDING:
                    ready.push(job)
            while ready:
                job = ready.pop()
                if job.claim():
                    job.attempts += 1
                    self._held[slot] = job
                    self._pending -= 1
                    if self._closed and self._pending == 0:
                        self._wake.notify_all()  # nothing left: let the others leave
                    elif ready:
                        self._wake.notify()  # pass the baton to another sleeping worker
                    return job
            if self._closed and self._pending == 0:
                return None
            timeout = delayed.peek().run_at - now if delayed else None
            # a run_at years away is a wait the OS cannot time: wait its longest, then look again
            self._wake.wait(None if timeout is None else min(timeout, threading.TIMEOUT_MAX))

    def _run(self, job: _ThreadJob) -> None:
        try:
            result = job.task()  # outside the lock
        except BaseException as exc:  # SystemExit, KeyboardInterrupt too: the worker lives on
            self._finish(job, exc)
        else:
            with self._lock:
                job.status = Status.DONE
                job.result = result
            self._resolve(job, result=result)

    def _finish(self, job: _ThreadJob, exc: BaseException) -> None:
        """A failed attempt: back to the delayed heap within the retry budget, else FAILED."""
        message = error_message(exc)  # never raises, whatever exc's __str__ does
        with self._lock:
            if job.attempts <= job.retries:
                job.status = Status.PENDING
                job.run_at = self.clock.now() + retry_wait(job.backoff, job.attempts)
                self._delayed.push(job)
                self._pending += 1
                self._wake.notify()
                return
            job.status = Status.FAILED
            job.error = message
        self._resolve(job, exc)

    @staticmethod
    def _resolve(job: _ThreadJob, exc: BaseException | None = None, result=None) -> None:
        """Settle the Future (once: someone may have settled it by hand already)."""
        with contextlib.suppress(Exception):  # InvalidStateError: it was settled already
            if exc is None:
                job.future.set_result(result)
            else:
                job.future.set_exception(exc)

    def _before(self, a: _ThreadJob, b: _ThreadJob) -> bool:
        """The policy's order; a policy that raises anything (a BaseException included) falls
        back to submission order (noted in worker_errors) instead of tearing the ready heap
        apart mid-sift."""
        try:
            return bool(self.policy.before(a, b))
        except BaseException as exc:  # KeyboardInterrupt, SystemExit too: never a torn heap
            if len(self.worker_errors) < 100:  # a note, not a log of every comparison
                self.worker_errors.append(f"policy: {type(exc).__name__}: {error_message(exc)}")
            return a.seq < b.seq

    def _job(self, id) -> Job:
        return find_job(self._jobs, id)

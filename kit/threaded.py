"""The same scheduler on real threads: one lock, one condition variable, one claim step.

`kit.scheduler` steps workers by hand. Here N worker threads take jobs themselves, and everything
they share (the delayed heap, the ready heap and the job map) sits behind one lock:

- `claim()`, the PENDING -> RUNNING test-and-set, happens under that lock, and so does `cancel`'s
  PENDING -> CANCELLED, so exactly one of a racing worker and canceller wins;
- the task itself runs *outside* the lock, so a slow task never blocks `submit` or `cancel`;
- an idle worker sleeps on a condition variable until the next `run_at` (a timed wait) or until a
  `submit` wakes it: no sleep loop, no spinning, no CPU burnt while nothing is due.

`submit` returns a `concurrent.futures.Future` that is resolved with the task's result, its final
exception, or cancelled. `shutdown` refuses new work, wakes every worker, and the workers leave
once no PENDING job is left (after running them, or at once with `cancel_pending=True`).
"""

import itertools
import threading
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from kit.clock import MonotonicClock
from kit.heap import Heap
from kit.jobs import (
    Job,
    JobInfo,
    Status,
    check_int,
    check_submit,
    error_message,
    find_job,
)

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
        check_int("workers", workers, low=1)
        if not callable(getattr(policy, "before", None)):
            raise TypeError(f"policy must have a before(a, b) method, got {policy!r}")
        clock = MonotonicClock() if clock is None else clock
        if not callable(getattr(clock, "now", None)):
            raise TypeError(f"clock must have a now() method, got {clock!r}")
        self.workers, self.policy, self.clock = workers, policy, clock
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)  # "something is due or was submitted"
        self._jobs = {}
        self._delayed = Heap(key=lambda job: (job.run_at, job.seq))
        self._ready = Heap(before=policy.before)
        self._seq = itertools.count()
        self._pending = 0  # PENDING jobs, i.e. work a worker may still have to do
        self._closed = False
        self._threads = tuple(
            threading.Thread(target=self._work, name=f"scheduler-worker-{i}", daemon=True)
            for i in range(workers))
        for thread in self._threads:
            thread.start()

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
            run_at = self.clock.now() + delay
            job = _ThreadJob(id, task, priority, run_at, retries, backoff, next(self._seq))
            job.future = JobFuture(self, id)
            self._jobs[id] = job
            self._delayed.push(job)
            self._pending += 1
            if self._delayed.peek() is job:  # due sooner than every sleeper's timed wait
                self._wake.notify()
        return job.future

    def cancel(self, id) -> bool:
        """Cancel a PENDING job and its Future (True); a RUNNING or finished job is left (False).

        The status test-and-set happens under the lock; the Future is cancelled after it. O(1).
        """
        with self._lock:
            job = self._job(id)
            if job.status is not Status.PENDING:
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

    def shutdown(self, wait=True, cancel_pending=False) -> None:
        """Refuse new submits and let the workers leave once no job is PENDING.

        `cancel_pending=True` cancels the PENDING jobs first; `wait=True` joins the workers.
        Calling it again is harmless.
        """
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
            me = threading.current_thread()
            for thread in self._threads:
                if thread is not me:  # a task may call shutdown from a worker
                    thread.join()

    # -- the worker loop -------------------------------------------------------------------

    def _work(self) -> None:
        while True:
            with self._lock:
                job = self._take()
            if job is None:
                return
            self._run(job)

    def _take(self):
        """Under the lock: claim the best due job, or sleep until one may be due; None = leave."""
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
                    self._pending -= 1
                    if self._closed and self._pending == 0:
                        self._wake.notify_all()  # nothing left: let the others leave
                    elif ready:
                        self._wake.notify()  # pass the baton to another sleeping worker
                    return job
            if self._closed and self._pending == 0:
                return None
            timeout = delayed.peek().run_at - now if delayed else None
            self._wake.wait(timeout)

    def _run(self, job: _ThreadJob) -> None:
        try:
            result = job.task()  # outside the lock
        except Exception as exc:
            with self._lock:
                if job.attempts <= job.retries:
                    job.status = Status.PENDING
                    job.run_at = self.clock.now() + job.backoff * 2 ** (job.attempts - 1)
                    self._delayed.push(job)
                    self._pending += 1  # this worker's next _take sees it
                    return
                job.status = Status.FAILED
                job.error = error_message(exc)
            job.future.set_exception(exc)
        else:
            with self._lock:
                job.status = Status.DONE
                job.result = result
            job.future.set_result(result)

    def _job(self, id) -> Job:
        return find_job(self._jobs, id)

"""A job scheduler that keeps *when* apart from *which*: two heaps, one claim step, tick by tick.

Time decides when a job may run; a policy decides which runnable job goes next. The scheduler
keeps one heap for each question:

- the *delayed heap* holds submitted jobs ordered by `(run_at, seq)`;
- the *ready heap* holds jobs that are due, ordered by the injected policy's `before(a, b)`.

`tick()` moves every job with `run_at <= now` from the delayed heap to the ready heap (dropping
cancelled ones), then fills worker slots 0..N-1: a slot pops the best ready job and runs it only if
`job.claim()` succeeds. `claim()` is the single PENDING -> RUNNING move, and `cancel()` only acts
on PENDING, so a cancel either wins (the slot skips the job) or loses (cancel returns False).
Cancelled jobs are deleted lazily: O(1) to cancel, skipped when popped.

A failing task within its retry budget goes back to PENDING with
`run_at = now + backoff * 2 ** (attempts - 1)` (the wait capped at `kit.jobs.MAX_WAIT`, so no
retry count overflows); otherwise it ends FAILED with the error message.
Swapping the ordering rule is one constructor argument. The clock is injected (a `FakeClock` in
tests and notebooks), so delays and retries replay exactly; tasks run synchronously inside `tick`.
"""

import itertools
from typing import NamedTuple

from kit import validate
from kit.heap import Heap
from kit.jobs import (
    Event,
    FifoPolicy,
    Job,
    JobInfo,
    JobView,
    OldestDuePolicy,
    PriorityPolicy,
    Run,
    Status,
    check_clock_and_policy,
    check_submit,
    find_job,
    retry_wait,
)
from kit.validate import error_message

__all__ = ["Status", "Job", "PriorityPolicy", "FifoPolicy", "OldestDuePolicy", "Scheduler",
           "Run", "Event", "JobView", "JobInfo", "Snapshot", "check_submit"]


class Snapshot(NamedTuple):
    tick: int  # index of the last tick run, -1 before the first
    now: float
    delayed: tuple  # JobViews by (run_at, seq), cancelled entries included (lazy deletion)
    ready: tuple  # JobViews in the order the policy would pop them
    slots: tuple  # one Run or None per worker: what each slot ran in the last tick
    events: tuple  # the Events of the last tick (and the submits/cancels that led up to it)
    delayed_tree: tuple  # ids in heap-list order: index i has children 2i+1 and 2i+2
    ready_tree: tuple


class Scheduler:
    """Jobs, two heaps and N worker slots, stepped one `tick()` at a time by an injected clock."""

    def __init__(self, clock, policy, workers: int):
        check_clock_and_policy(clock, policy)
        validate.integer("workers", workers, low=1)
        self.clock, self.policy, self.workers = clock, policy, workers
        self._jobs = {}
        self._delayed = Heap(key=lambda job: (job.run_at, job.seq))
        self._ready = Heap(before=policy.before)
        self._seq = itertools.count()
        self._closed = False
        self._log = [[]]  # _log[k]: the events of tick k; the last list is the tick to come
        self._slots = (None,) * workers

    def __repr__(self) -> str:
        return (f"Scheduler(clock={self.clock!r}, policy={self.policy!r}, workers={self.workers},"
                f" jobs={len(self._jobs)})")

    @property
    def ticks(self) -> int:
        """How many ticks have run."""
        return len(self._log) - 1

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        """Create a PENDING job due at now + delay and push it on the delayed heap; O(log n).

        `task()` is called with no arguments; lower `priority` runs first under PriorityPolicy.
        """
        check_submit(self._jobs, self._closed, id, task, priority, delay, retries, backoff)
        job = self._new_job(id, task, priority, delay, retries, backoff)
        self._delayed.push(job)
        return id

    def cancel(self, id) -> bool:
        """Cancel a PENDING job (True); a job already RUNNING or finished is left alone (False).

        Lazy deletion: the job stays in its heap and is skipped when popped. O(1).
        """
        job = self._job(id)
        if job.status is not Status.PENDING:
            return False
        job.status = Status.CANCELLED
        self._note("cancel", job)
        self._settle(job)
        return True

    def status_of(self, id) -> Status:
        """The job's current Status; O(1)."""
        return self._job(id).status

    def info(self, id) -> JobInfo:
        """Status, attempts, result and error message of one job as plain data; O(1)."""
        j = self._job(id)
        return JobInfo(j.id, j.status, j.priority, j.run_at, j.attempts, j.result, j.error)

    def tick(self) -> list:
        """Promote due jobs, then fill worker slots 0..N-1 with claimed jobs; return the Runs.

        Cost O((p + r + N) log n) for p promoted jobs and r dead entries skipped.
        """
        self._promote(validate.clock_reading(self.clock))
        runs = []
        for worker in range(self.workers):
            job = self._next_job()
            if job is None:
                break
            runs.append(self._run(worker, job))
        self._slots = tuple(runs) + (None,) * (self.workers - len(runs))
        self._log.append([])
        return runs

    def drain(self, step=1, limit=1000) -> list:
        """Tick, then advance the clock by `step`, until both heaps are empty or `limit` ticks ran.

        Needs a clock with `advance` (a FakeClock). Returns every Run in order.
        """
        validate.number("step", step, low=0, low_open=True)
        validate.integer("limit", limit, low=0)
        if not callable(getattr(self.clock, "advance", None)):
            raise TypeError(f"drain needs a clock with advance(), got {self.clock!r}")
        runs = []
        for _ in range(limit):
            if not self._delayed and not self._ready:
                break
            runs += self.tick()
            self.clock.advance(step)
        return runs

    def shutdown(self, cancel_pending=False) -> None:
        """Refuse further submits; with `cancel_pending`, also cancel every PENDING job. O(n)."""
        self._closed = True
        if cancel_pending:
            for job in list(self._jobs.values()):
                if job.status is Status.PENDING:
                    self.cancel(job.id)

    def events(self, tick=None) -> list:
        """The Events of tick `tick` (`ticks` = the one to come), or all of them when None."""
        if tick is None:
            return [event for events in self._log for event in events]
        validate.integer("tick", tick, low=0, high=self.ticks)  # high: the ticks run so far
        return list(self._log[tick])

    def snapshot(self) -> Snapshot:
        """Both heaps, the worker slots and the last tick's events as plain data; O(n log n)."""
        view = _view
        last = self.ticks - 1
        return Snapshot(
            tick=last,
            now=validate.clock_reading(self.clock),
            delayed=tuple(view(job) for job in self._delayed.ordered()),
            ready=tuple(view(job) for job in self._ready.ordered()),
            slots=self._slots,
            events=tuple(self._log[last]) if last >= 0 else (),
            delayed_tree=tuple(job.id for job in self._delayed.items()),
            ready_tree=tuple(job.id for job in self._ready.items()),
        )

    # -- the steps of a tick ---------------------------------------------------------------

    def _promote(self, now) -> None:
        delayed, ready = self._delayed, self._ready
        while delayed and delayed.peek().run_at <= now:
            job = delayed.pop()
            if job.status is Status.PENDING:
                ready.push(job)
                self._note("promote", job)
            else:
                self._note("drop", job)

    def _next_job(self):
        while self._ready:
            job = self._ready.pop()
            if job.claim():
                return job
            self._note("skip", job)  # cancelled after it was queued
        return None

    def _run(self, worker: int, job: Job) -> Run:
        job.attempts += 1
        start = validate.clock_reading(self.clock)
        self._note("run", job, worker)
        try:
            job.result = job.task()
        except Exception as exc:
            self._failed(job, error_message(exc), worker)
        else:
            job.status = Status.DONE
            self._note("done", job, worker)
            self._settle(job)
        return Run(self.ticks, start, worker, job.id, job.attempts, job.status)

    def _failed(self, job: Job, message: str, worker: int) -> None:
        if job.attempts <= job.retries:
            job.status = Status.PENDING
            job.run_at = validate.clock_reading(self.clock) + retry_wait(job.backoff, job.attempts)
            self._delayed.push(job)
            self._note("retry", job, worker, job.run_at)
        else:
            job.status = Status.FAILED
            job.error = message
            self._note("fail", job, worker, message)
            self._settle(job)

    # -- helpers shared with kit.extensions ------------------------------------------------

    def _new_job(self, id, task, priority, delay, retries, backoff) -> Job:
        run_at = validate.clock_reading(self.clock) + delay
        job = Job(id, task, priority, run_at, retries, backoff, next(self._seq))
        self._jobs[id] = job
        self._note("submit", job)
        return job

    def _job(self, id) -> Job:
        return find_job(self._jobs, id)

    def _note(self, kind, job, worker=None, detail=None) -> None:
        now = validate.clock_reading(self.clock)
        self._log[-1].append(Event(self.ticks, now, kind, job.id, worker, detail))

    def _settle(self, job: Job) -> None:
        """Called once when a job reaches DONE, FAILED or CANCELLED; a hook for extensions."""


def _view(job: Job) -> JobView:
    return JobView(job.id, job.priority, job.run_at, job.seq, job.attempts, job.status)

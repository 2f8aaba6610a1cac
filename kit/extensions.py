"""Three change requests an interviewer throws at the two-heap scheduler, each a small addition.

- **Aging** (`AgingPolicy`): a job's effective priority improves by one for every `age_every` time
  units it has been due, so a stream of urgent jobs cannot starve a low one forever. Because every
  due job ages at the same rate, comparing `priority - (now - run_at) / age_every` at any `now` is
  the same as comparing the fixed number `priority * age_every + run_at`: the order never changes
  while jobs wait, so the ready heap stays valid with no re-sorting.
- **Recurring jobs** (`ExtendedScheduler.every`): the next occurrence is submitted only when the
  current one finishes, so two runs of one series never overlap. A run that finishes late skips
  the slots it missed instead of firing them back to back.
- **Waiting for another job's success** (`submit(..., after=id)`): the job is held outside both
  heaps until its dependency ends DONE, then released into the delayed heap; if the dependency
  ends FAILED or CANCELLED the waiting job is cancelled too (and so on down the chain). For whole
  graphs of dependencies see `kit.dag`, which gates a ready heap with `graphlib`.
"""

import math
from typing import Any, NamedTuple

from kit import validate
from kit.jobs import Status, check_submit
from kit.scheduler import Scheduler

__all__ = ["AgingPolicy", "ExtendedScheduler", "SeriesInfo"]


class AgingPolicy:
    """Lower `priority - (now - run_at) / age_every` first, then submission order.

    A job due at `run_at` with priority p overtakes a job of priority q due at s once
    `p * age_every + run_at < q * age_every + s`; comparison is O(1).
    """

    def __init__(self, age_every=10):
        self.age_every = validate.number("age_every", age_every, low=0, low_open=True)

    def score(self, job) -> float:
        """The fixed number the rule compares: priority * age_every + run_at."""
        return job.priority * self.age_every + job.run_at

    def before(self, a, b) -> bool:
        return (self.score(a), a.seq) < (self.score(b), b.seq)

    def __repr__(self) -> str:
        return f"AgingPolicy(age_every={self.age_every!r})"


class SeriesInfo(NamedTuple):
    id: Any
    interval: float
    runs: tuple  # (occurrence, start, finish) per finished run
    skipped: int  # slots missed because a run finished after the next one was due
    active: bool


class _Series:
    def __init__(self, id, task, interval, priority, times):
        self.id, self.task, self.interval = id, task, interval
        self.priority, self.times = priority, times
        self.count = 0  # occurrences submitted so far; occurrence k has job id (id, k)
        self.runs, self.skipped, self.active = [], 0, True


class ExtendedScheduler(Scheduler):
    """A `Scheduler` plus recurring jobs (`every`, `stop`) and `submit(..., after=id)`."""

    def __init__(self, clock, policy, workers: int):
        super().__init__(clock, policy, workers)
        self._waiting = {}  # dependency id -> jobs held until it ends
        self._series = {}

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10, after=None):
        """As `Scheduler.submit`; with `after`, hold the job until job `after` ends DONE.

        Released at max(its own run_at, the time the dependency finished). O(log n).
        """
        if after is None:
            return super().submit(id, task, priority, delay, retries, backoff)
        check_submit(self._jobs, self._closed, id, task, priority, delay, retries, backoff)
        dependency = self._jobs.get(after) if validate.is_hashable(after) else None
        if dependency is None:
            raise ValueError(f"after must be the id of a submitted job, got {after!r}")
        job = self._new_job(id, task, priority, delay, retries, backoff)  # in neither heap
        self._waiting.setdefault(after, []).append(job)
        self._note("hold", job, detail=after)
        if dependency.status in (Status.DONE, Status.FAILED, Status.CANCELLED):
            self._settle(dependency)
        return id

    def every(self, id, task, interval, priority=5, delay=0, times=None):
        """Run `task()` every `interval` from now + delay, at most `times` times (None: no end).

        Occurrence k is the job `(id, k)`; it submits occurrence k + 1 when it finishes. O(log n).
        """
        if validate.hashable("id", id) in self._series:
            raise ValueError(f"id {id!r} is already used by a series")
        validate.function("task", task)
        validate.number("interval", interval, low=0, low_open=True)
        if times is not None:
            validate.integer("times", times, low=1)
        series = _Series(id, task, interval, priority, times)
        self._submit_occurrence(series, self.clock.now() + delay, delay)
        self._series[id] = series
        return id

    def stop(self, id) -> bool:
        """End a series: no further occurrences; a PENDING one is cancelled. False if ended."""
        series = self._get_series(id)
        was_active, series.active = series.active, False
        current = (id, series.count - 1)
        if current in self._jobs:
            self.cancel(current)
        return was_active

    def series_info(self, id) -> SeriesInfo:
        """The finished runs, skipped slots and state of a series as plain data; O(runs)."""
        s = self._get_series(id)
        return SeriesInfo(s.id, s.interval, tuple(s.runs), s.skipped, s.active)

    def _get_series(self, id) -> _Series:
        if validate.hashable("id", id) not in self._series:
            raise ValueError(f"no series with id {id!r}")
        return self._series[id]

    def _submit_occurrence(self, series: _Series, due, delay) -> None:
        k = series.count
        self.submit((series.id, k), lambda: self._occur(series, k, due), series.priority, delay)
        series.count += 1

    def _occur(self, series: _Series, k: int, due):
        start = self.clock.now()
        try:
            return series.task()
        finally:
            finish = self.clock.now()
            series.runs.append((k, start, finish))
            more = series.times is None or series.count < series.times
            if series.active and more and not self._closed:
                due += series.interval
                if due < finish:  # the slots this run overran are skipped, not fired late
                    missed = math.ceil((finish - due) / series.interval)
                    series.skipped += missed
                    due += missed * series.interval
                self._submit_occurrence(series, due, due - finish)
            else:
                series.active = False

    def _settle(self, job) -> None:
        """Release (DONE) or cancel (FAILED, CANCELLED) the jobs held on `job`, down the chain."""
        stack = [job]
        while stack:
            ended = stack.pop()
            for held in self._waiting.pop(ended.id, ()):
                if held.status is not Status.PENDING:
                    continue  # cancelled while held
                if ended.status is Status.DONE:
                    held.run_at = max(held.run_at, self.clock.now())
                    self._delayed.push(held)
                    self._note("release", held, detail=ended.id)
                else:
                    held.status = Status.CANCELLED
                    held.error = f"dependency {ended.id!r} ended {ended.status}"
                    self._note("cancel", held, detail=held.error)
                    stack.append(held)


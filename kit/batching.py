"""Batching under a capacity: each pick admits as many ready jobs as fit, not just one.

The seed's variation: "instead of one job per pick, admit as many as fit under a capacity limit".
Jobs have a size (memory, GPU slots, rows); a batch's sizes may add up to at most `capacity`.
The pick walks the ready jobs in priority order (lower number first, then arrival) and admits
each one that fits in the room left. What it does with the first job that does *not* fit is the
rule, and an interviewer wants it said out loud:

- `"stop"`: stop there. The batch is the longest prefix of the priority order that fits, so no job
  ever runs ahead of a more urgent one (strict order), at the price of idle capacity: one big job
  at the head blocks the small ones behind it (head-of-line blocking). A pick pops only the b jobs
  it admits and one more: O((b + 1) log n).
- `"skip"`: skip it and keep filling. The batch is then the first subset in priority order (the
  lexicographically greatest): fuller batches, but a less urgent small job overtakes a more
  urgent big one. When jobs hold their room for a while (`duration`) and room comes back a
  little at a time, small jobs take each bit as it frees and a big job can wait for ever
  (starvation; add aging, or reserve the room for it). A pick may look at every ready job and
  push the skipped ones back: O(n log n) in the worst case.

Neither rule promises the fullest batch: that is subset sum (knapsack), NP-hard in general, though
whole-number sizes allow a dynamic programme in O(n * capacity);
`fullest_batch` finds it by brute force for small inputs, to compare.
`BatchQueue.pick` is the one routine with the switch; `pick_batch` and `run_batches` use it.
"""

import heapq
import itertools
from collections.abc import Iterable
from typing import Any, NamedTuple

from kit import validate

__all__ = ["BatchJob", "Batch", "BatchQueue", "pick_batch", "run_batches", "fullest_batch",
           "RULES"]

RULES = ("stop", "skip")


class BatchJob(NamedTuple):
    name: Any
    size: float
    priority: float = 5
    arrival: int = 0  # the tick it becomes ready (run_batches only)
    duration: int = 1  # ticks it holds its room (run_batches only)


class Batch(NamedTuple):
    tick: int
    names: tuple  # admitted at this tick, in priority order
    used: float  # room in use after the pick (jobs still running included), <= capacity
    waiting: int  # ready jobs left for a later pick


class BatchQueue:
    """Ready jobs in a heap keyed `(priority, seq)`; `pick()` admits a batch under the rule."""

    def __init__(self, capacity: float, rule: str = "stop"):
        self.capacity = validate.number("capacity", capacity, low=0, low_open=True)
        self.rule = validate.choice("rule", rule, RULES)
        self._heap: list = []  # (priority, seq, job): ties leave first in, first out
        self._seq = itertools.count()

    def __len__(self) -> int:
        return len(self._heap)

    def __repr__(self) -> str:
        return f"BatchQueue(capacity={self.capacity!r}, rule={self.rule!r}, ready={len(self)})"

    def put(self, job: BatchJob) -> None:
        """Add a ready job; O(log n)."""
        _check_job(job, self.capacity)
        heapq.heappush(self._heap, (job.priority, next(self._seq), job))

    def pick(self, room: float | None = None) -> list:
        """Admit jobs in priority order while they fit in `room` (default: the capacity); at the
        first that doesn't, stop or skip. Returns the admitted jobs, in priority order."""
        room = self.capacity if room is None else validate.number("room", room, low=0)
        heap, batch, skipped = self._heap, [], []
        while heap and room > 0:
            entry = heapq.heappop(heap)
            job = entry[2]
            if job.size <= room:
                batch.append(job)
                room -= job.size
            else:
                skipped.append(entry)
                if self.rule == "stop":
                    break
        for entry in skipped:  # they keep their (priority, seq): their place in line
            heapq.heappush(heap, entry)
        return batch


def _check_job(job, capacity) -> None:
    if not isinstance(job, BatchJob):
        raise TypeError(f"job must be a BatchJob(name, size, priority, arrival), got {job!r}")
    validate.hashable("job name", job.name)
    validate.number(f"size of {job.name!r}", job.size, low=0, low_open=True, high=capacity)
    validate.number(f"priority of {job.name!r}", job.priority)
    validate.integer(f"arrival of {job.name!r}", job.arrival, low=0)
    validate.integer(f"duration of {job.name!r}", job.duration, low=1)


def _check_jobs(jobs) -> list:
    if not isinstance(jobs, Iterable):
        raise TypeError(f"jobs must be a list of BatchJob, got {jobs!r}")
    jobs = [BatchJob(*job) if type(job) is tuple else job for job in jobs]
    for job in jobs:
        if not isinstance(job, BatchJob):
            raise TypeError(f"each job must be a BatchJob or a tuple (name, size, priority, "
                            f"arrival), got {job!r}")
        validate.hashable("job name", job.name)
    validate.unique_names("job names", (job.name for job in jobs))
    return jobs


def pick_batch(jobs, capacity: float, rule: str = "stop") -> list:
    """The names one pick admits from `jobs` (all ready), in priority order."""
    queue = BatchQueue(capacity, rule)
    for job in _check_jobs(jobs):
        queue.put(job)
    return [job.name for job in queue.pick()]


def run_batches(jobs, capacity: float, rule: str = "stop") -> list:
    """One pick per tick into the room that is free, until every job has started. A job joins
    the queue at its `arrival` tick and holds its size for `duration` ticks from its start.
    Returns a Batch per tick (empty ones included). O(n log n) plus the picks."""
    jobs = sorted(_check_jobs(jobs), key=lambda job: job.arrival)  # stable: input order kept
    queue = BatchQueue(capacity, rule)
    running: list = []  # (end tick, seq, size): room comes back when a job ends
    out, i, used, seq = [], 0, 0, itertools.count()
    for tick in itertools.count():
        while running and running[0][0] <= tick:
            used -= heapq.heappop(running)[2]
        while i < len(jobs) and jobs[i].arrival <= tick:
            queue.put(jobs[i])
            i += 1
        if i == len(jobs) and not queue:
            return out
        batch = queue.pick(capacity - used)
        for job in batch:
            heapq.heappush(running, (tick + job.duration, next(seq), job.size))
            used += job.size
        out.append(Batch(tick, tuple(job.name for job in batch), used, len(queue)))


def fullest_batch(jobs, capacity: float) -> tuple:
    """The largest total size any subset of `jobs` fits under `capacity`, and one such subset
    (brute force over all 2**n subsets: for small n only, to compare the rules with)."""
    jobs = _check_jobs(jobs)
    validate.number("capacity", capacity, low=0, low_open=True)
    if len(jobs) > 20:
        raise ValueError(f"fullest_batch is brute force: at most 20 jobs, got {len(jobs)}")
    best = (0, ())
    for r in range(1, len(jobs) + 1):
        for subset in itertools.combinations(jobs, r):
            total = sum(job.size for job in subset)
            if total <= capacity and total > best[0]:
                best = (total, tuple(job.name for job in subset))
    return best

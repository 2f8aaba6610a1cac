"""A dependency scheduler: ready jobs in a min-heap, a topological sorter gating it, N workers.

A job is `name -> (priority, duration, deps)`; a lower priority number runs first. The
scheduler keeps three things:

- a *topological sorter* (`graphlib.TopologicalSorter`) that counts each job's unfinished
  dependencies and hands out a job only once all of them are done;
- a *ready heap* of `(priority, seq, name)` entries holding exactly those jobs, where `seq`
  counts releases, so equal priorities leave in the order they became ready (jobs released at
  the same instant keep their submission order);
- a *running heap* of `(finish, worker, name)` entries, so the clock can jump straight to the
  next finish instead of ticking.

The loop: fill every free worker (lowest index first) with the best ready job; jump to the next
finish time; retire *every* job ending at that instant; release the jobs that became ready; repeat.
Each job is pushed and popped once on each heap and each dependency is counted once, so a run
costs O((V + E) + V log V) for V jobs and E dependencies.

No schedule can beat the *critical path* (the longest chain of dependent work) nor the total work
spread evenly over the workers; `lower_bound` is the larger of the two.
"""

import heapq
import itertools
from collections.abc import Collection, Hashable, Mapping
from graphlib import CycleError, TopologicalSorter
from typing import NamedTuple

from kit import validate

# The seed's worked example: 1 worker dispatches B, A, C, E, D (makespan 12, the total work);
# 2 workers finish at 8, which is the critical path A -> C -> E (3 + 4 + 1).
WORKED_EXAMPLE = {
    "A": (2, 3, ()),
    "B": (1, 2, ()),
    "C": (1, 4, ("A",)),
    "D": (3, 2, ("A",)),
    "E": (1, 1, ("B", "C")),
}


class LogEntry(NamedTuple):
    name: Hashable
    start: float
    end: float
    worker: int  # 0-based worker index


class DagRun(NamedTuple):
    log: list  # LogEntry in dispatch order
    makespan: float  # end of the last job (0 for no jobs)


class CriticalPath(NamedTuple):
    length: float
    path: list  # job names, first to last; each needs the one before it


class DependencyCycle(CycleError):
    """A `graphlib.CycleError` whose message names the jobs; `args[1]` is graphlib's list."""

    def __str__(self) -> str:
        return self.args[0]


def check_jobs(jobs) -> None:
    """Raise TypeError/ValueError naming the job and the bad field; O(V + E)."""
    if not isinstance(jobs, Mapping):
        raise TypeError(
            f"jobs must be a dict of name -> (priority, duration, deps), got {jobs!r}")
    for name, spec in jobs.items():
        if not isinstance(spec, tuple | list) or len(spec) != 3:
            raise TypeError(f"jobs[{name!r}] must be (priority, duration, deps), got {spec!r}")
        priority, duration, deps = spec
        validate.number(f"jobs[{name!r}] priority", priority)
        validate.number(f"jobs[{name!r}] duration", duration, low=0)
        if isinstance(deps, str | bytes) or not isinstance(deps, Collection):
            raise TypeError(
                f"jobs[{name!r}] deps must be a collection of job names, got {deps!r}")
        for dep in deps:
            if dep not in jobs:
                raise ValueError(f"jobs[{name!r}] depends on {dep!r}, which is not in jobs")


def check_workers(workers) -> int:
    """`workers`, an int >= 1, or a TypeError/ValueError naming it."""
    return validate.integer("workers", workers, low=1)


def prepared_sorter(jobs) -> TopologicalSorter:
    """A prepared TopologicalSorter over `jobs` (already checked); a cycle raises
    `DependencyCycle`, a CycleError whose message lists the jobs on it. O(V + E)."""
    ts = TopologicalSorter({name: deps for name, (_, _, deps) in jobs.items()})
    try:
        ts.prepare()
    except CycleError as err:
        cycle = err.args[1]  # graphlib lists each job before the job that needs it
        chain = " -> ".join(str(name) for name in reversed(cycle))
        raise DependencyCycle(
            f"jobs form a dependency cycle, so none of them can ever start: {chain} "
            f"(each needs the next)", cycle) from None
    return ts


def topological_order(jobs) -> list:
    """Every job after all of its deps; O(V + E).

    Such an order exists exactly when the jobs have no dependency cycle; a cycle raises
    `DependencyCycle` naming its jobs."""
    check_jobs(jobs)
    return order_checked(jobs)


def order_checked(jobs) -> list:
    ts, order = prepared_sorter(jobs), []
    while ts.is_active():
        batch = ts.get_ready()
        order.extend(batch)
        ts.done(*batch)
    return order


def run(jobs, workers: int = 1) -> DagRun:
    """Simulate `jobs` on `workers` workers; return `(log, makespan)`.

    Only jobs whose dependencies are all done enter the ready heap. Free workers, lowest index
    first, each take the best ready job: lowest priority number, then the one that became ready
    first, then submission order (the order of `jobs`). The clock jumps to the next finish; all
    jobs finishing at that instant are retired before anyone is dispatched again. (A job of
    duration 0 ends the instant it starts; the jobs it releases count as ready after the ones
    already waiting, even at the same time.)
    Cost O((V + E) + V log V) time, O(V + E) space.
    """
    check_jobs(jobs)
    return run_checked(jobs, check_workers(workers))


def run_checked(jobs, workers: int) -> DagRun:
    """The loop of `run`, on jobs and workers already checked."""
    ts = prepared_sorter(jobs)  # counts each job's unfinished deps
    submitted = {name: i for i, name in enumerate(jobs)}
    seq = itertools.count()  # the tie-break: release order, never the name
    ready, running, log = [], [], []  # ready: (priority, seq, name); running: (end, worker, name)
    free = list(range(min(workers, len(jobs))))  # a sorted list is a heap; extra workers idle
    clock = 0

    def release():
        for name in sorted(ts.get_ready(), key=submitted.__getitem__):  # deps all done
            heapq.heappush(ready, (jobs[name][0], next(seq), name))

    release()
    while ready or running:
        while ready and free:  # fill idle workers, best job first
            name = heapq.heappop(ready)[2]
            worker = heapq.heappop(free)
            end = clock + jobs[name][1]
            heapq.heappush(running, (end, worker, name))
            log.append(LogEntry(name, clock, end, worker))
        clock = running[0][0]  # jump to the next finish
        while running and running[0][0] == clock:  # retire everything ending now
            _, worker, name = heapq.heappop(running)
            ts.done(name)
            heapq.heappush(free, worker)
        release()
    return DagRun(log, clock)


def critical_path(jobs) -> CriticalPath:
    """The longest chain of dependent work: `(length, path)`.

    A job's earliest finish is its duration plus the latest earliest-finish among its deps.
    Ties go to the job submitted first. Cost O(V + E) after a topological order.
    """
    check_jobs(jobs)
    return _critical_path(jobs)


def _critical_path(jobs) -> CriticalPath:
    if not jobs:
        return CriticalPath(0, [])
    submitted = {name: i for i, name in enumerate(jobs)}

    def weight(name):  # the later finish wins; on a tie, the job submitted first
        return finish[name], -submitted[name]

    finish, via = {}, {}  # earliest finish, and the dep it waits for last
    for name in order_checked(jobs):
        _, duration, deps = jobs[name]
        via[name] = max(deps, key=weight, default=None)
        finish[name] = duration + (0 if via[name] is None else finish[via[name]])
    path = [max(jobs, key=weight)]
    while via[path[-1]] is not None:
        path.append(via[path[-1]])
    return CriticalPath(finish[path[0]], path[::-1])


def lower_bound(jobs, workers: int = 1) -> float:
    """No schedule on `workers` workers finishes sooner than this.

    The larger of the critical path and total work / workers. With integer durations every
    start and end is an integer, so the second term is rounded up. Cost O(V + E).
    """
    check_jobs(jobs)
    check_workers(workers)
    durations = [duration for _, duration, _ in jobs.values()]
    total = sum(durations)
    if all(isinstance(d, int) for d in durations):
        spread = -(-total // workers)  # ceil without float rounding
    else:
        spread = total / workers
    return max(_critical_path(jobs).length, spread)

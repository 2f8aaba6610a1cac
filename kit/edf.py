"""Earliest deadline first on one worker, and two classic relatives.

Jackson's rule: run the jobs in order of deadline. On one worker, started at t = 0 and run back to
back, that order has the smallest possible *maximum lateness*. Exchange argument: if two adjacent
jobs are out of deadline order, swapping them never makes the worst lateness larger, so sorting
(a sequence of such swaps) can only help.

- `edf_order`, `max_lateness`, `feasible`: the rule itself, O(n log n).
- `min_late_jobs` (Moore-Hodgson): the most jobs that can finish on time, O(n log n).
- `max_profit_unit_jobs`: unit-length jobs with deadlines and profits, O(n log n).

Lateness = finish - deadline; negative means early.
"""

import heapq
from operator import attrgetter
from typing import NamedTuple

from kit import validate


class Job(NamedTuple):
    name: str
    duration: float
    deadline: float


class Slot(NamedTuple):
    """One job as it ran: when it started and finished, and how late it was."""

    name: str
    start: float
    finish: float
    deadline: float
    lateness: float


class ProfitJob(NamedTuple):
    name: str
    deadline: int  # the job must *finish* by this tick; each job takes one tick
    profit: float


_deadline = attrgetter("deadline")


def _check_jobs(jobs, unique_names: bool = False) -> list[Job]:
    """The jobs as a list of `Job`, or a clear error naming the bad job and field. O(n)."""
    jobs = list(jobs)
    for i, j in enumerate(jobs):
        if type(j) is not Job:
            if not isinstance(j, tuple) or len(j) != 3:
                raise TypeError(f"each job must be Job(name, duration, deadline), got {j!r}")
            jobs[i] = j = Job(*j)
        name, duration, deadline = j
        validate.number(f"duration of job {name!r}", duration, low=0, finite=False)
        validate.number(f"deadline of job {name!r}", deadline, finite=False)
    if unique_names:
        validate.unique_names("job names", (j.name for j in jobs))
    return jobs


def edf_order(jobs) -> list[Job]:
    """Jobs sorted by deadline; equal deadlines keep their input order (stable sort). O(n log n)."""
    return sorted(_check_jobs(jobs), key=_deadline)


def run_in_order(order) -> list[Slot]:
    """Run the jobs back to back from t = 0, in the order given. O(n)."""
    t, slots = 0, []
    for j in _check_jobs(order):
        slots.append(Slot(j.name, t, t + j.duration, j.deadline, t + j.duration - j.deadline))
        t += j.duration
    return slots


def max_lateness(order) -> float:
    """The worst finish - deadline when the jobs run back to back in this order; 0 for no jobs.
    One pass, O(n)."""
    return _max_lateness(_check_jobs(order))


def _max_lateness(order: list[Job]) -> float:
    """The pass of `max_lateness`, on jobs already checked: the clock after each job is its
    finish."""
    t, worst = 0, None
    for _, duration, deadline in order:
        t += duration
        if worst is None or t - deadline > worst:
            worst = t - deadline
    return 0 if worst is None else worst


def feasible(jobs) -> bool:
    """True when some order meets every deadline. If EDF is late, every order is. O(n log n)."""
    return _max_lateness(edf_order(jobs)) <= 0


def min_late_jobs(jobs) -> list[Job]:
    """Moore-Hodgson: the largest set of jobs that can all finish on time, in EDF order.

    Walk the jobs by deadline, keeping a max-heap of the durations taken so far. When the newest
    job would finish late, drop the longest job taken (it frees the most time). The late jobs can
    run afterwards in any order. O(n log n).
    """
    taken, t = [], 0  # heap of (-duration, -seq, job): the longest (latest among equals) on top
    jobs = _check_jobs(jobs, unique_names=True)  # checked once here; the steps below trust it
    for seq, j in enumerate(sorted(jobs, key=_deadline)):
        heapq.heappush(taken, (-j.duration, -seq, j))
        t += j.duration
        if t > j.deadline:
            minus_duration, _, _ = heapq.heappop(taken)
            t += minus_duration
    return sorted((j for _, _, j in taken), key=_deadline)


def max_profit_unit_jobs(jobs) -> tuple[float, list[str]]:
    """Unit-length jobs with integer deadlines and profits: the most profit that fits on time.

    Walk the jobs by deadline, keeping a min-heap of the profits taken. After adding a job, if
    more jobs are taken than the deadline allows, drop the least profitable one. Returns
    (total profit, names of the chosen jobs in the order to run them). O(n log n).
    """
    jobs = list(jobs)
    for j in jobs:
        if not isinstance(j, tuple) or len(j) != 3:
            raise TypeError(f"each job must be ProfitJob(name, deadline, profit), got {j!r}")
        name, deadline, profit = j
        validate.integer(f"deadline of job {name!r} (an integer tick)", deadline)
        validate.number(f"profit of job {name!r}", profit, finite=False)
    validate.unique_names("job names", (j[0] for j in jobs))
    taken = []  # min-heap of (profit, seq, job): least profitable (earliest among equals) on top
    for seq, j in enumerate(sorted(map(lambda j: ProfitJob(*j), jobs), key=lambda j: j.deadline)):
        heapq.heappush(taken, (j.profit, seq, j))
        if len(taken) > max(j.deadline, 0):
            heapq.heappop(taken)
    chosen = sorted(taken, key=lambda e: (e[2].deadline, e[1]))
    return sum(p for p, _, _ in chosen), [j.name for _, _, j in chosen]

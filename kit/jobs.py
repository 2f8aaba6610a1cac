"""What a scheduler schedules: a Job, its Status, the ordering policies, and submit's checks.

A job's status moves PENDING -> RUNNING -> DONE | FAILED, with PENDING -> CANCELLED as the only
other exit and RUNNING -> PENDING when a failed attempt is retried. `Job.claim()` is the single
place that moves PENDING to RUNNING, so whoever claims a job (a tick's worker slot, a thread under
the scheduler's lock) and whoever cancels it test the same field and exactly one of them wins.

A policy is a strategy with one method, `before(a, b)`: should job a leave the ready heap before
job b? Every policy ends on `seq`, the submission order, so no two jobs tie and equal priorities
come out first in, first out, the same on every run. A rule is swapped by passing another policy.

`Run`, `Event`, `JobView` and `JobInfo` are the plain records a scheduler hands out.
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from kit import validate


class Status(StrEnum):
    PENDING = "PENDING"
    RUNNING = "RUNNING"
    DONE = "DONE"
    FAILED = "FAILED"
    CANCELLED = "CANCELLED"


FINAL = frozenset({Status.DONE, Status.FAILED, Status.CANCELLED})


@dataclass(slots=True, eq=False)
class Job:
    """One submitted task and its state; `seq` is the submission order, the last tie-break."""

    id: Any
    task: Any
    priority: float
    run_at: float
    retries: int
    backoff: float
    seq: int
    attempts: int = 0
    status: Status = Status.PENDING
    result: Any = None
    error: str | None = None

    def claim(self) -> bool:
        """The only move from PENDING to RUNNING: test and set in one step; O(1)."""
        if self.status is not Status.PENDING:
            return False
        self.status = Status.RUNNING
        return True


class PriorityPolicy:
    """Lower priority number first; equal priorities in submission order."""

    def before(self, a: Job, b: Job) -> bool:
        return (a.priority, a.seq) < (b.priority, b.seq)

    def __repr__(self) -> str:
        return "PriorityPolicy()"


class FifoPolicy:
    """Submission order only."""

    def before(self, a: Job, b: Job) -> bool:
        return a.seq < b.seq

    def __repr__(self) -> str:
        return "FifoPolicy()"


class OldestDuePolicy:
    """The job that has been due the longest (earliest run_at) first, then submission order."""

    def before(self, a: Job, b: Job) -> bool:
        return (a.run_at, a.seq) < (b.run_at, b.seq)

    def __repr__(self) -> str:
        return "OldestDuePolicy()"


class Run(NamedTuple):
    tick: int
    time: float
    worker: int
    id: Any
    attempt: int
    status: Status  # after the run: DONE, FAILED, or PENDING when a retry was scheduled


class Event(NamedTuple):
    tick: int  # the tick it happened in, or the next tick for submits/cancels between ticks
    time: float
    kind: str  # submit cancel promote drop skip run done retry fail (+ hold release in extensions)
    id: Any
    worker: int | None = None
    detail: Any = None  # retry: the new run_at; fail: the error message


class JobView(NamedTuple):
    id: Any
    priority: float
    run_at: float
    seq: int
    attempts: int
    status: Status


class JobInfo(NamedTuple):
    id: Any
    status: Status
    priority: float
    run_at: float
    attempts: int
    result: Any
    error: str | None


def check_clock_and_policy(clock, policy) -> None:
    """A clock has `now()`, a policy has `before(a, b)`; O(1)."""
    if not callable(getattr(clock, "now", None)):
        raise TypeError(f"clock must have a now() method, got {clock!r}")
    if not callable(getattr(policy, "before", None)):
        raise TypeError(f"policy must have a before(a, b) method, got {policy!r}")


def find_job(jobs: dict, id) -> "Job":
    """The job with this id, or a clear error; O(1)."""
    job = jobs.get(validate.hashable("id", id))
    if job is None:
        raise ValueError(f"no job with id {id!r}")
    return job


def check_submit(jobs, closed, id, task, priority, delay, retries, backoff) -> None:
    """Reject a bad submit with an error naming the argument and its value; O(1)."""
    validate.hashable("id", id)
    if closed:
        raise RuntimeError(f"the scheduler is shut down; cannot submit id={id!r}")
    if id in jobs:
        raise ValueError(f"id {id!r} is already used")
    validate.function("task", task)
    validate.number("priority", priority)
    validate.number("delay", delay, low=0)
    validate.integer("retries", retries, low=0)
    validate.number("backoff", backoff, low=0)


def retry_wait(backoff: float, attempts: int) -> float:
    """The wait before retrying after failed attempt number `attempts`: backoff * 2**(attempts-1),
    capped at MAX_WAIT seconds, so no number of retries overflows. O(1)."""
    return min(MAX_WAIT, backoff * 2 ** min(attempts - 1, 1000))


MAX_WAIT = 10.0**9  # seconds (about 31 years): a retry wait longer than this is never meant

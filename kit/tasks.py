"""Task in, Schedule out: the plain data of a one-worker simulation (`kit.policies.simulate`).

A `Task` is a name, an arrival time, a duration, a priority (1 = most urgent) and an optional
deadline. A `Schedule` is what happened: the slices the worker ran (`(name, start, end)`, one
per contiguous run of one task) and, per task, the metrics the kit uses everywhere:

    response   = first run - arrival
    turnaround = finish - arrival
    wait       = turnaround - duration      (time spent ready but not running)
    lateness   = finish - deadline          (negative = early; None without a deadline)

`summary()` averages them and counts missed deadlines and context switches (a context switch is a
task taken off the worker before it is done, so `len(slices) - len(tasks)`). `at(t)` is the picture
a clock widget shows at time `t`: who is waiting, who is running, who is done. For mlfq, `levels`
lists every move between levels as `(time, name, new level)` (every task starts at level 0).

A `Task` checks its fields when it is made, so a bad one fails on the line that wrote it. A
`Schedule` keeps what the simulation wrote as columns (per task: first run, finish; per slice:
task, start, end) and builds `slices`, `stats` and `levels` from them on first read.
"""

from bisect import bisect_right
from dataclasses import dataclass, field
from functools import cached_property, partial
from operator import itemgetter, sub
from typing import NamedTuple

from kit import validate


class _TaskFields(NamedTuple):
    name: str
    arrival: float
    duration: float
    priority: int = 1  # 1 = most urgent
    deadline: float | None = None


class Task(_TaskFields):
    """`Task(name, arrival, duration, priority=1, deadline=None)`, checked when it is made.

    Rules: name a str, arrival >= 0, duration > 0, priority and deadline finite numbers (bools are
    not numbers here). A bad task fails where it is written, with the task and field in the
    message; `_make` and `_replace` check too, so every `Task` is a valid one. O(1).
    """

    __slots__ = ()

    def __new__(cls, name, arrival, duration, priority=1, deadline=None):
        _check_fields(name, arrival, duration, priority, deadline)
        return tuple.__new__(cls, (name, arrival, duration, priority, deadline))

    @classmethod
    def _make(cls, iterable):
        return cls(*iterable)


class TaskStats(NamedTuple):
    arrival: float
    start: float  # first time the task ran
    finish: float
    response: float
    turnaround: float
    wait: float
    lateness: float | None  # None when the task has no deadline


class Summary(NamedTuple):
    tasks: int
    avg_response: float | None  # None when there are no tasks
    avg_turnaround: float | None
    avg_wait: float | None
    missed_deadlines: int  # tasks that finished after their deadline
    max_lateness: float | None  # None when no task has a deadline
    throughput: float | None  # tasks per unit time, first arrival to last finish
    context_switches: int  # preemptions: a task left the worker before it was done
    makespan: float  # last finish - first arrival


class Moment(NamedTuple):
    time: float
    waiting: tuple[str, ...]  # arrived, not done, not running (in arrival order)
    running: str | None
    done: tuple[str, ...]  # finished at or before `time` (in finish order)


@dataclass(frozen=True, repr=False)
class Schedule:
    """What `kit.policies.simulate` returns, kept as the columns the simulation wrote.

    `slices`, `stats` and `levels` are built from those columns the first time they are read
    (O(n + slices), then kept); `summary()` and `at(t)` read the columns directly, so a caller who
    only wants the averages of a million tasks never pays for a record per task.
    """

    policy: str
    tasks: tuple  # the Task tuples, in input order
    first: list  # per task, in input order: the time it first ran
    finish: list  # per task: the time it finished
    runs: tuple  # the slices in time order as three columns: task index, start, end
    moves: list = field(default_factory=list)  # mlfq: (time, task index, new level) per move

    def __repr__(self):
        return (f"Schedule({self.policy!r}, {len(self.tasks)} tasks, "
                f"{len(self.runs[0])} slices)")

    @cached_property
    def slices(self) -> list[tuple]:
        """(name, start, end) per contiguous run of one task, in time order."""
        names = [t.name for t in self.tasks]
        who, starts, ends = self.runs
        return list(zip(map(names.__getitem__, who), starts, ends, strict=True))

    @cached_property
    def stats(self) -> dict[str, TaskStats]:
        """The `TaskStats` of every task by name, in input order."""
        arrival, turnaround, wait, lateness = self._metrics
        response = map(sub, self.first, arrival)
        record = partial(tuple.__new__, TaskStats)  # a TaskStats without its Python-level __new__
        return dict(zip([t.name for t in self.tasks],
                        map(record, zip(arrival, self.first, self.finish, response, turnaround,
                                        wait, lateness, strict=True)), strict=True))

    @cached_property
    def levels(self) -> list[tuple]:
        """mlfq: (time, name, new level) per move between levels, in time order."""
        return [(t, self.tasks[i].name, level) for t, i, level in self.moves]

    @cached_property
    def _metrics(self) -> tuple[list, list, list, list]:
        """Per-task columns: arrival, turnaround, wait and lateness (None without a deadline);
        built once, read by `summary()` and `stats`."""
        arrival = [t.arrival for t in self.tasks]
        turnaround = list(map(sub, self.finish, arrival))
        wait = list(map(sub, turnaround, [t.duration for t in self.tasks]))
        lateness = [None if t.deadline is None else f - t.deadline
                    for t, f in zip(self.tasks, self.finish, strict=True)]
        return arrival, turnaround, wait, lateness

    def summary(self) -> Summary:
        """Averages and counts over all tasks. Cost O(n)."""
        n = len(self.tasks)
        switches = len(self.runs[0]) - n
        if n == 0:
            return Summary(0, None, None, None, 0, None, None, switches, 0)
        arrival, turnaround, wait, lateness = self._metrics
        late = [x for x in lateness if x is not None]
        makespan = max(self.finish) - min(arrival)
        return Summary(
            tasks=n,
            avg_response=sum(map(sub, self.first, arrival)) / n,
            avg_turnaround=sum(turnaround) / n,
            avg_wait=sum(wait) / n,
            missed_deadlines=sum(1 for x in late if x > 0),
            max_lateness=max(late) if late else None,
            throughput=n / makespan,
            context_switches=switches,
            makespan=makespan,
        )

    def at(self, t: float) -> Moment:
        """Who is waiting (in arrival order), running and done (in finishing order) at time `t`;
        a task finishing at `t` is done.

        Cost O(log n + tasks arrived by t): binary searches over the slice starts and over the
        tasks ordered by arrival and by finish (both orders sorted once, on the first call).
        """
        who, starts, ends = self.runs
        k = bisect_right(starts, t) - 1
        running = self.tasks[who[k]].name if k >= 0 and t < ends[k] else None
        by_arrival, arrivals, by_finish, finishes = self._orders
        arrived = by_arrival[:bisect_right(arrivals, t)]
        waiting = [self.tasks[i].name for i in arrived if self.finish[i] > t]
        done = by_finish[:bisect_right(finishes, t)]
        return Moment(t, tuple(name for name in waiting if name != running), running,
                        tuple(self.tasks[i].name for i in done))

    @cached_property
    def _orders(self) -> tuple[list, list, list, list]:
        """For `at(t)`: task indexes by arrival (ties in input order) with their arrival times,
        and by finish (one worker: no two tasks finish together) with their finish times."""
        by_arrival = sorted(range(len(self.tasks)), key=lambda i: self.tasks[i].arrival)
        by_finish = sorted(range(len(self.tasks)), key=self.finish.__getitem__)
        return (by_arrival, [self.tasks[i].arrival for i in by_arrival],
                by_finish, [self.finish[i] for i in by_finish])


def _check_fields(name, arrival, duration, priority, deadline):
    if not isinstance(name, str):
        raise TypeError(f"task name must be a str, got {name!r}")
    validate.number(f"arrival of task {name!r}", arrival, low=0)
    validate.number(f"duration of task {name!r}", duration, low=0, low_open=True)
    validate.number(f"priority of task {name!r}", priority)
    if deadline is not None:
        validate.number(f"deadline of task {name!r}", deadline)


def check_tasks(tasks) -> tuple:
    """Tasks (Task or plain tuples) as a tuple of `Task`, or an error naming the bad task.

    Each `Task` checked its own fields when it was made (plain tuples become Tasks here), so
    what is left is what no single task can check: unique names. O(n).
    """
    if isinstance(tasks, str | bytes) or not hasattr(tasks, "__iter__"):
        raise TypeError(f"tasks must be a list of Task, got {tasks!r}")
    tasks = tuple(tasks)
    if not set(map(type, tasks)) <= {Task}:
        tasks = tuple(map(_as_task, tasks))
    if len(set(map(itemgetter(0), tasks))) < len(tasks):  # a C-speed test; validate says which
        validate.unique_names("task names", map(itemgetter(0), tasks))
    return tasks


def _as_task(t):
    if type(t) is Task:
        return t
    if not isinstance(t, tuple) or not 3 <= len(t) <= 5:
        raise TypeError(f"each task must be a Task(name, arrival, duration), got {t!r}")
    return Task(*t)

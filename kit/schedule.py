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
"""

from bisect import bisect_right
from dataclasses import dataclass, field
from math import inf
from numbers import Real
from typing import NamedTuple


class Task(NamedTuple):
    name: str
    arrival: float
    duration: float
    priority: int = 1  # 1 = most urgent
    deadline: float | None = None


class Stats(NamedTuple):
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


class Snapshot(NamedTuple):
    time: float
    waiting: tuple[str, ...]  # arrived, not done, not running (in arrival order)
    running: str | None
    done: tuple[str, ...]  # finished at or before `time` (in finish order)


@dataclass(frozen=True)
class Schedule:
    """What `kit.policies.simulate` returns: slices in time order and stats per task name."""

    policy: str
    tasks: tuple  # the Task tuples, in input order
    slices: list[tuple]  # (name, start, end), plain tuples: a run can make millions of them
    stats: dict[str, Stats]
    levels: list[tuple] = field(default_factory=list)  # mlfq: (time, name, new level) per move

    def summary(self) -> Summary:
        """Averages and counts over all tasks. Cost O(n)."""
        n = len(self.stats)
        switches = len(self.slices) - n
        if n == 0:
            return Summary(0, None, None, None, 0, None, None, switches, 0)
        stats = self.stats.values()
        late = [s.lateness for s in stats if s.lateness is not None]
        first = min(s.arrival for s in stats)
        makespan = max(s.finish for s in stats) - first
        return Summary(
            tasks=n,
            avg_response=sum(s.response for s in stats) / n,
            avg_turnaround=sum(s.turnaround for s in stats) / n,
            avg_wait=sum(s.wait for s in stats) / n,
            missed_deadlines=sum(1 for x in late if x > 0),
            max_lateness=max(late) if late else None,
            throughput=n / makespan,
            context_switches=switches,
            makespan=makespan,
        )

    def at(self, t: float) -> Snapshot:
        """Who is waiting, running and done at time `t` (a task finishing at `t` is done).

        Cost O(slices + n log n): a binary search finds the running slice, a scan sorts the rest.
        """
        k = bisect_right([start for _, start, _ in self.slices], t) - 1
        running = None
        if k >= 0 and self.slices[k][1] <= t < self.slices[k][2]:
            running = self.slices[k][0]
        waiting, done = [], []
        for k, task in enumerate(sorted(self.tasks, key=lambda task: task.arrival)):
            st = self.stats[task.name]
            if st.finish <= t:
                done.append((st.finish, k, task.name))
            elif task.arrival <= t and task.name != running:
                waiting.append(task.name)
        return Snapshot(t, tuple(waiting), running, tuple(name for _, _, name in sorted(done)))


_PLAIN = (int, float)


def check_number(name, value, low=None, allow_low=False):
    """A finite real number (not a bool), above `low` (or equal to it if `allow_low`). O(1)."""
    if not isinstance(value, Real) or isinstance(value, bool):
        raise TypeError(f"{name} must be a number, got {value!r}")
    if value != value or value in (inf, -inf):
        raise ValueError(f"{name} must be finite, got {value!r}")
    if low is not None and (value < low or value == low and not allow_low):
        raise ValueError(f"{name} must be {'>=' if allow_low else '>'} {low}, got {value!r}")


def check_tasks(tasks):
    """Tasks (Task or plain tuples) as a tuple of `Task`, or an error naming the task and field.

    Rules: unique str names, arrival >= 0, duration > 0, numeric priority and deadline. O(n).
    """
    if isinstance(tasks, (str, bytes)) or not hasattr(tasks, "__iter__"):
        raise TypeError(f"tasks must be a list of Task, got {tasks!r}")
    checked, seen = [], set()
    for t in tasks:
        if type(t) is not Task:
            if not isinstance(t, tuple) or not 3 <= len(t) <= 5:
                raise TypeError(f"each task must be a Task(name, arrival, duration), got {t!r}")
            t = Task(*t)
        name, arrival, duration, priority, deadline = t
        if name in seen:
            raise ValueError(f"task names must be unique, got {name!r} twice")
        seen.add(name)
        checked.append(t)
        # fast path for plain int/float fields; anything else gets the full check below
        if (type(name) is str and type(arrival) in _PLAIN and 0 <= arrival < inf
                and type(duration) in _PLAIN and 0 < duration < inf
                and type(priority) in _PLAIN and -inf < priority < inf
                and (deadline is None or type(deadline) in _PLAIN and -inf < deadline < inf)):
            continue
        if not isinstance(name, str):
            raise TypeError(f"task name must be a str, got {name!r}")
        check_number(f"arrival of task {name!r}", arrival, low=0, allow_low=True)
        check_number(f"duration of task {name!r}", duration, low=0)
        check_number(f"priority of task {name!r}", priority)
        if deadline is not None:
            check_number(f"deadline of task {name!r}", deadline)
    return tuple(checked)

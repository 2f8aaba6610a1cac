"""Exercises for 01_policies: FIFO metrics, priority with a tie-breaker, round robin, SRTF.

Every case is plain data: lists of numbers or of `Task` tuples (name, arrival, duration, priority,
deadline), a quantum. The references call `kit.policies.simulate`, so the conventions are the
kit's: priority 1 runs first; equal keys are served in the order the tasks became ready (earlier
arrival first, then list order); in round robin, tasks that arrived during a slice, or exactly as
it ends, queue *ahead* of the task whose quantum just ran out.
"""

import math

from hypothesis import strategies as st

from kit.checks.engine import Pitfall, Problem
from kit.policies import DEFAULT_JOBS, Task, simulate

NAMES = "ABCDEFGH"
LENGTHS = [6, 8, 7, 3]  # the FCFS vs SJF example: average wait 10.25 vs 7


def _tasks(specs) -> list[Task]:
    return [Task(NAMES[i], a, d, p) for i, (a, d, p) in enumerate(specs)]


task_lists = st.lists(st.tuples(st.integers(0, 8), st.integers(1, 6), st.integers(1, 3)),
                      max_size=6).map(_tasks)
RACE = [Task(t.name, t.arrival, t.duration, t.priority) for t in DEFAULT_JOBS]
AT_ZERO = [Task(NAMES[i], 0, d) for i, d in enumerate(LENGTHS)]
GAP = [Task("A", 1, 2, 2), Task("B", 6, 1, 1), Task("C", 6, 2, 3)]


def _queue_order(tasks):
    """Indices by arrival, equal arrivals in list order (sorted is stable)."""
    return sorted(range(len(tasks)), key=lambda i: tasks[i].arrival)


# -- q1: FIFO metrics ---------------------------------------------------------------------------
def fifo_metrics_reference(arrivals, durations):
    tasks = [Task(str(i), a, d) for i, (a, d) in enumerate(zip(arrivals, durations, strict=True))]
    stats = simulate(tasks, "fifo").stats
    return [(s.response, s.turnaround, s.wait) for s in stats.values()]


def fifo_metrics(arrivals, durations):
    """Serve by arrival (ties in list order); an idle worker waits for the next arrival."""
    result = [None] * len(arrivals)
    clock = 0
    for i in sorted(range(len(arrivals)), key=lambda i: arrivals[i]):
        start = max(clock, arrivals[i])
        clock = start + durations[i]
        turnaround = clock - arrivals[i]
        result[i] = (start - arrivals[i], turnaround, turnaround - durations[i])
    return result


def _fifo_no_idle(arrivals, durations):
    result, clock = [None] * len(arrivals), 0
    for i in sorted(range(len(arrivals)), key=lambda i: arrivals[i]):
        start = clock  # forgot: the worker cannot start a job before it arrives
        clock = start + durations[i]
        result[i] = (start - arrivals[i], clock - arrivals[i], clock - arrivals[i] - durations[i])
    return result


def _fifo_list_order(arrivals, durations):
    result, clock = [], 0
    for a, d in zip(arrivals, durations, strict=True):  # list order, not arrival order
        start = max(clock, a)
        clock = start + d
        result.append((start - a, clock - a, clock - a - d))
    return result


def _fifo_from_zero(arrivals, durations):
    result = [None] * len(arrivals)
    clock = 0
    for i in sorted(range(len(arrivals)), key=lambda i: arrivals[i]):
        start = max(clock, arrivals[i])
        clock = start + durations[i]
        result[i] = (start, clock, clock - durations[i])  # measured from t = 0, not from arrival
    return result


def _fifo_ties_by_length(arrivals, durations):
    result = [None] * len(arrivals)
    clock = 0
    for i in sorted(range(len(arrivals)), key=lambda i: (arrivals[i], durations[i])):
        start = max(clock, arrivals[i])
        clock = start + durations[i]
        result[i] = (start - arrivals[i], clock - arrivals[i], clock - arrivals[i] - durations[i])
    return result


two_lists = st.lists(st.tuples(st.integers(0, 8), st.integers(1, 6)), max_size=6).map(
    lambda pairs: ([a for a, _ in pairs], [d for _, d in pairs]))

q1 = Problem(
    name="fifo_metrics",
    arg_names=("arrivals", "durations"),
    cases=two_lists,
    reference=fifo_metrics_reference,
    solution_source=fifo_metrics,
    examples=[("no jobs", ([], [])),
              ("lengths 6 8 7 3 at t = 0", ([0] * 4, LENGTHS)),
              ("an idle gap", ([0, 5], [2, 1])),
              ("arrivals listed out of order", ([4, 0, 2], [1, 3, 2])),
              ("equal arrivals", ([1, 1, 0], [3, 1, 2])),
              ("the race", ([t.arrival for t in RACE], [t.duration for t in RACE]))],
    pitfalls=[
        Pitfall("no idle time", "when the worker is free before the next job arrives, it waits: "
                "a job starts at max(clock, arrival), never before it arrives",
                _fifo_no_idle),
        Pitfall("served in list order, not arrival order",
                "FIFO means first to *arrive*; sort the jobs by arrival (stably, so equal "
                "arrivals keep their list order)", _fifo_list_order),
        Pitfall("measured from time 0, not from arrival",
                "response, turnaround and wait are counted from the job's arrival; the textbook "
                "examples where every job arrives at 0 hide this", _fifo_from_zero),
        Pitfall("ties broken by length",
                "jobs arriving together are served in list order under FIFO; shortest first is "
                "SJF", _fifo_ties_by_length),
    ],
    hints=["Take the jobs in arrival order (`sorted(range(n), key=lambda i: arrivals[i])` is "
           "stable) and keep a clock: the time the worker becomes free.",
           "A job starts at `max(clock, arrival)`; it finishes at start + duration.",
           "response = start − arrival, turnaround = finish − arrival, wait = turnaround − "
           "duration. Return them in the *input* order."],
)


# -- q2: priority with a tie-breaker ------------------------------------------------------------
def priority_order_reference(tasks):
    return [name for name, _, _ in simulate(tasks, "priority").slices]


def priority_order(tasks):
    """Non-preemptive: when the worker is free, the ready task with the smallest
    (priority, arrival, list position) runs to completion."""
    import heapq

    waiting = _queue_order(tasks)
    ready, order, clock, k = [], [], 0, 0
    while k < len(waiting) or ready:
        if not ready and tasks[waiting[k]].arrival > clock:
            clock = tasks[waiting[k]].arrival  # idle until the next arrival
        while k < len(waiting) and tasks[waiting[k]].arrival <= clock:
            i = waiting[k]
            heapq.heappush(ready, (tasks[i].priority, k, i))  # k: arrival rank, the tie-breaker
            k += 1
        _, _, i = heapq.heappop(ready)
        order.append(tasks[i].name)
        clock += tasks[i].duration
    return order


def _priority_by(key):
    """Non-preemptive priority with `key(task, arrival rank)` as the heap key."""
    def answer(tasks):
        import heapq

        waiting = _queue_order(tasks)
        ready, order, clock, k = [], [], 0, 0
        while k < len(waiting) or ready:
            if not ready and tasks[waiting[k]].arrival > clock:
                clock = tasks[waiting[k]].arrival
            while k < len(waiting) and tasks[waiting[k]].arrival <= clock:
                i = waiting[k]
                heapq.heappush(ready, (key(tasks[i], k), i))
                k += 1
            _, i = heapq.heappop(ready)
            order.append(tasks[i].name)
            clock += tasks[i].duration
        return order
    return answer


def _priority_sorted_once(tasks):
    order = sorted(tasks, key=lambda t: (t.priority, t.arrival))  # ignores who has arrived
    return [t.name for t in order]


q2 = Problem(
    name="priority_order",
    arg_names=("tasks",),
    cases=task_lists.map(lambda ts: (ts,)),
    reference=priority_order_reference,
    solution_source=priority_order,
    examples=[("no tasks", ([],)), ("one task", (_tasks([(2, 3, 2)]),)),
              ("equal priorities", (_tasks([(0, 2, 2), (1, 1, 2), (1, 1, 2), (1, 1, 1)]),)),
              ("an idle gap", (GAP,)), ("the race", (RACE,))],
    pitfalls=[
        Pitfall("higher number treated as more urgent",
                "in the kit priority 1 is the most urgent and runs first (some systems use the "
                "other direction: always ask)", _priority_by(lambda t, k: (-t.priority, k))),
        Pitfall("ties not FIFO",
                "among equal priorities the task that arrived first goes first (equal arrivals: "
                "list order); push (priority, arrival rank, ...) so the heap never decides by "
                "name or length", _priority_by(lambda t, k: (t.priority, t.duration, k))),
        Pitfall("ties last-in first-out",
                "equal priorities came out newest first: the tie-breaker must grow with arrival, "
                "not shrink", _priority_by(lambda t, k: (t.priority, -k))),
        Pitfall("tasks run before they arrive",
                "sorting everything by priority once ignores arrivals: when the worker is free, "
                "choose only among tasks that have already arrived (and if none has, wait for "
                "the next one)", _priority_sorted_once),
    ],
    hints=["Simulate a clock. When the worker is free, look only at tasks whose arrival <= clock.",
           "Keep the ready tasks in a heap keyed on (priority, arrival rank): the rank breaks "
           "ties first-come first-served, and the heap never compares two tasks.",
           "If nothing is ready, jump the clock to the next arrival. A chosen task runs to the "
           "end: clock += duration."],
)


# -- q3: round robin ----------------------------------------------------------------------------
def round_robin_reference(tasks, quantum):
    return {name: s.finish for name, s in simulate(tasks, "rr", quantum).stats.items()}


def _round_robin(tasks, quantum, *, full_quantum=False, back_first=False, all_at_zero=False):
    from collections import deque

    arrival = (lambda i: 0) if all_at_zero else (lambda i: tasks[i].arrival)
    waiting = deque(sorted(range(len(tasks)), key=arrival))
    left = {i: tasks[i].duration for i in waiting}
    queue, finish, clock = deque(), {}, 0

    def admit():
        while waiting and arrival(waiting[0]) <= clock:
            queue.append(waiting.popleft())

    while waiting or queue:
        admit()
        if not queue:
            clock = arrival(waiting[0])
            continue
        i = queue.popleft()
        ran = quantum if full_quantum else min(quantum, left[i])
        clock += ran
        left[i] -= ran
        if left[i] > 0 and back_first:
            queue.append(i)  # put back before the tasks that arrived meanwhile
            admit()
        elif left[i] > 0:
            admit()
            queue.append(i)
        else:
            finish[tasks[i].name] = clock
    return {t.name: finish[t.name] for t in tasks}


def round_robin(tasks, quantum):
    """One slice at a time: run min(quantum, left); admit the arrivals up to the slice's end; then,
    if the task is not done, it goes to the back of the queue, behind them."""
    from collections import deque

    waiting = deque(sorted(tasks, key=lambda t: t.arrival))
    left = {t.name: t.duration for t in tasks}
    queue, finish, clock = deque(), {}, 0
    while waiting or queue:
        while waiting and waiting[0].arrival <= clock:
            queue.append(waiting.popleft())
        if not queue:
            clock = waiting[0].arrival  # idle until the next arrival
            continue
        task = queue.popleft()
        ran = min(quantum, left[task.name])
        clock += ran
        left[task.name] -= ran
        while waiting and waiting[0].arrival <= clock:  # arrivals first ...
            queue.append(waiting.popleft())
        if left[task.name] > 0:
            queue.append(task)  # ... then the task whose quantum ran out
        else:
            finish[task.name] = clock
    return finish


q3 = Problem(
    name="round_robin",
    arg_names=("tasks", "quantum"),
    cases=st.tuples(task_lists, st.integers(1, 4)),
    reference=round_robin_reference,
    solution_source=round_robin,
    examples=[("no tasks", ([], 2)),
              ("lengths 6 8 7 3 at t = 0, q = 1", (AT_ZERO, 1)),
              ("a remainder shorter than q", ([Task("A", 0, 3), Task("B", 0, 3)], 2)),
              ("an arrival exactly as a quantum ends",
               ([Task("A", 0, 3), Task("B", 0, 2), Task("C", 2, 1)], 2)),
              ("an idle gap", (GAP, 1)), ("the race, q = 1", (RACE, 1)),
              ("the race, q = 5", (RACE, 5))],
    pitfalls=[
        Pitfall("a short remainder used a full quantum",
                "a task with less than q left runs only what it needs and frees the worker "
                "early: run min(q, left)",
                lambda tasks, q: _round_robin(tasks, q, full_quantum=True)),
        Pitfall("preempted task queued before new arrivals",
                "the kit's convention: tasks that arrived during the slice (or exactly at its "
                "end) join the queue first, then the task whose quantum ran out goes behind them",
                lambda tasks, q: _round_robin(tasks, q, back_first=True)),
        Pitfall("every task treated as present at time 0",
                "a task cannot run before it arrives: admit tasks to the queue as the clock "
                "reaches their arrival, and jump the clock over idle gaps",
                lambda tasks, q: _round_robin(tasks, q, all_at_zero=True)),
    ],
    hints=["Keep a FIFO queue (collections.deque) of ready tasks and how much each has left.",
           "Each step: take the front task, run it for min(quantum, left), advance the clock.",
           "Before putting an unfinished task back, add every task that has arrived by now; if "
           "the queue is empty, jump the clock to the next arrival."],
)


# -- q4: SRTF against FIFO ----------------------------------------------------------------------
def srtf_average_wait_reference(tasks):
    return simulate(tasks, "srtf").summary().avg_wait


def srtf_average_wait(tasks):
    """Preemptive shortest remaining time first, one tick at a time (durations are whole ticks);
    wait = finish − arrival − duration."""
    left = {t.name: t.duration for t in tasks}
    finish, clock = {}, 0
    while left:
        ready = [t for t in tasks if t.name in left and t.arrival <= clock]
        if not ready:
            clock = min(t.arrival for t in tasks if t.name in left)
            continue
        task = min(ready, key=lambda t: left[t.name])
        left[task.name] -= 1
        clock += 1
        if left[task.name] == 0:
            del left[task.name]
            finish[task.name] = clock
    return sum(finish[t.name] - t.arrival - t.duration for t in tasks) / len(tasks)


def _judge_wait(case, expected, got) -> str | None:
    if isinstance(got, bool) or not isinstance(got, int | float):
        return f"return the average wait as a number, not {type(got).__name__}"
    if not math.isclose(got, expected, rel_tol=1e-9, abs_tol=1e-9):
        return "the average wait differs from the expected one"
    return None


def _average(tasks, policy, metric):
    return sum(getattr(s, metric) for s in simulate(tasks, policy).stats.values()) / len(tasks)


def _wait_from_zero(tasks):
    stats = simulate(tasks, "srtf").stats
    return sum(s.finish - t.duration for t, s in zip(tasks, stats.values(), strict=True)) / len(
        tasks)


def _by_total_length(tasks):
    """Preemptive, but compares the tasks' full durations instead of the time they have left."""
    left = {t.name: t.duration for t in tasks}
    finish, clock = {}, 0
    while left:
        ready = [t for t in tasks if t.name in left and t.arrival <= clock]
        if not ready:
            clock = min(t.arrival for t in tasks if t.name in left)
            continue
        task = min(ready, key=lambda t: t.duration)
        left[task.name] -= 1
        clock += 1
        if left[task.name] == 0:
            del left[task.name]
            finish[task.name] = clock
    return sum(finish[t.name] - t.arrival - t.duration for t in tasks) / len(tasks)


q4 = Problem(
    name="srtf_average_wait",
    arg_names=("tasks",),
    cases=st.lists(st.tuples(st.integers(0, 8), st.integers(1, 6), st.just(1)), min_size=1,
                   max_size=6).map(lambda specs: (_tasks(specs),)),
    reference=srtf_average_wait_reference,
    solution_source=srtf_average_wait,
    judge=_judge_wait,
    examples=[("one task", ([Task("A", 3, 2)],)), ("lengths 6 8 7 3 at t = 0", (AT_ZERO,)),
              ("the race", (RACE,)), ("an idle gap", (GAP,))],
    pitfalls=[
        Pitfall("non-preemptive SJF",
                "shortest *remaining* time first preempts: when a task arrives that needs less "
                "than the running one has left, it takes the worker at once",
                lambda tasks: _average(tasks, "sjf", "wait")),
        Pitfall("compared total length, not time left",
                "a long task that has almost finished has little left: compare the remaining "
                "time, which shrinks as a task runs", _by_total_length),
        Pitfall("response time instead of wait",
                "with preemption a task can wait several times; wait = turnaround − duration, "
                "not first run − arrival", lambda tasks: _average(tasks, "srtf", "response")),
        Pitfall("wait counted from time 0, not from arrival",
                "wait = finish − arrival − duration", _wait_from_zero),
        Pitfall("FIFO's average wait", "the question asks for SRTF's average wait",
                lambda tasks: _average(tasks, "fifo", "wait")),
    ],
    hints=["Durations are whole ticks, so you may simulate one tick at a time.",
           "At every tick, among the tasks that have arrived and are not done, run the one with "
           "the least time *left* (not the shortest in total).",
           "Record each finish; wait = finish − arrival − duration; return the mean."],
)

PROBLEMS = [q1, q2, q3, q4]

"""Exercises for 01_policies: FIFO metrics, priority with a tie-breaker, round robin, SRTF.

Every case is plain data: lists of numbers or of `Task` tuples (name, arrival, duration, priority,
deadline), a quantum. The references call `kit.policies.simulate`, so the conventions are the
kit's: priority 1 runs first; equal keys are served in the order the tasks became ready (earlier
arrival first, then list order); in round robin, tasks that arrived during a slice, or exactly as
it ends, queue *ahead* of the task whose quantum just ran out. Task names are drawn apart from the
list order, so a name never hints at an arrival or a position.
"""

import heapq
import math
from collections import deque
from itertools import count

from hypothesis import strategies as st

from kit.checks import Pitfall, Problem, difference
from kit.policies import DEFAULT_JOBS, Task, simulate


@st.composite
def task_lists(draw, min_size=0, max_size=6, priorities=(-1, 3)) -> list[Task]:
    """Tasks in any arrival order, their names a random draw (never A, B, C in list order);
    priorities from -1 (a priority is any number: the smallest runs first)."""
    specs = draw(st.lists(st.tuples(st.integers(0, 8), st.integers(1, 6),
                                    st.integers(*priorities)), min_size=min_size,
                          max_size=max_size))
    names = draw(st.permutations("ABCDEFGH"))[:len(specs)]
    return [Task(n, a, d, p) for n, (a, d, p) in zip(names, specs, strict=True)]


RACE = [Task(t.name, t.arrival, t.duration, t.priority) for t in DEFAULT_JOBS]
LENGTHS = [6, 8, 7, 3]  # the FCFS vs SJF example: average wait 10.25 vs 7
AT_ZERO = [Task(n, 0, d) for n, d in zip("DBCA", LENGTHS, strict=True)]
GAP = [Task("C", 1, 2, 2), Task("A", 6, 1, 1), Task("B", 6, 2, 3)]
# equal keys whose names sort against the list order: a tie broken by name shows
TIES = [Task("D", 0, 2, 2), Task("C", 1, 1, 2), Task("A", 1, 3, 2), Task("B", 1, 1, 1)]
LATE_FIRST = [Task("A", 3, 1, 1), Task("C", 0, 2, 2), Task("B", 1, 1, 1)]  # listed out of order


# -- the answers: what solution() shows and the notebook holds, the text each pitfall edits -------
def fifo_metrics(arrivals, durations):
    """First come, first served on one worker (equal arrivals in list order). A list of
    (response, turnaround, wait) tuples, one per job, in the input order."""
    result = [None] * len(arrivals)
    free_at = 0  # when the worker is next free
    for i in sorted(range(len(arrivals)), key=lambda i: arrivals[i]):  # stable: ties in order
        start = max(free_at, arrivals[i])  # an idle worker waits for the job to arrive
        free_at = start + durations[i]
        turnaround = free_at - arrivals[i]
        result[i] = (start - arrivals[i], turnaround, turnaround - durations[i])
    return result


def priority_order(tasks):
    """Non-preemptive priority: a free worker takes the ready task with the smallest priority
    number (ties: earliest arrival, then list order) and runs it to the end. The names, in the
    order they run, as a list."""
    arriving = deque(sorted(tasks, key=lambda t: t.arrival))  # stable: ties keep list order
    ready, order, clock, seq = [], [], 0, count()  # seq: 0, 1, 2, ... one per push
    while arriving or ready:
        if not ready:
            clock = max(clock, arriving[0].arrival)  # idle until the next arrival
        while arriving and arriving[0].arrival <= clock:
            task = arriving.popleft()
            heapq.heappush(ready, (task.priority, next(seq), task))  # first come, first served
        task = heapq.heappop(ready)[-1]  # the entry's last item is the task
        order.append(task.name)
        clock += task.duration
    return order


def round_robin(tasks, quantum):
    """Round robin: the front task runs min(quantum, time left); arrivals up to the slice's end
    join the queue first, then the task goes to the back if not done. A dict {name: finish}."""
    arriving = deque(sorted(tasks, key=lambda t: t.arrival))  # stable: ties keep list order
    left = {t.name: t.duration for t in tasks}
    queue, finish, clock = deque(), {}, 0
    while arriving or queue:
        while arriving and arriving[0].arrival <= clock:
            queue.append(arriving.popleft())
        if not queue:
            clock = arriving[0].arrival  # idle until the next arrival
            continue
        task = queue.popleft()
        ran = min(quantum, left[task.name])
        clock += ran
        left[task.name] -= ran
        while arriving and arriving[0].arrival <= clock:  # arrivals during the slice go first
            queue.append(arriving.popleft())
        if left[task.name]:
            queue.append(task)
        else:
            finish[task.name] = clock
    return finish


def srtf_average_wait(tasks):
    """Preemptive shortest remaining time first, one tick at a time (durations are whole ticks);
    the average of finish - arrival - duration, as a float."""
    left = {t.name: t.duration for t in tasks}
    finish, clock = {}, 0
    while left:
        ready = [t for t in tasks if t.name in left and t.arrival <= clock]
        if not ready:
            clock = min(t.arrival for t in tasks if t.name in left)  # idle until an arrival
            continue
        task = min(ready, key=lambda t: left[t.name])  # the least time *left* runs this tick
        left[task.name] -= 1
        clock += 1
        if not left[task.name]:
            del left[task.name]
            finish[task.name] = clock
    return sum(finish[t.name] - t.arrival - t.duration for t in tasks) / len(tasks)


# -- q1: FIFO metrics ---------------------------------------------------------------------------
def fifo_metrics_in_core(arrivals, durations):
    """The reference: the kit's simulator, whose FIFO is proven on its own tests."""
    tasks = [Task(str(i), a, d) for i, (a, d) in enumerate(zip(arrivals, durations, strict=True))]
    return [(s.response, s.turnaround, s.wait) for s in simulate(tasks, "fifo").stats.values()]


q1 = Problem(
    name="fifo_metrics",
    arg_names=("arrivals", "durations"),
    cases=st.lists(st.tuples(st.integers(0, 8), st.integers(1, 6)), max_size=6).map(
        lambda pairs: ([a for a, _ in pairs], [d for _, d in pairs])),
    answer=fifo_metrics,
    reference=fifo_metrics_in_core,
    equivalent={"fifo_metrics constant: `0` -> `-1` in `free_at = "
                "0`": "arrivals are never negative, so a worker free "
                "from -1 starts the first job at its arrival, as one free from 0 does"},
    examples=[("no jobs", ([], [])),
              ("lengths 6 8 7 3 at t = 0", ([0] * 4, LENGTHS)),
              ("an idle gap", ([0, 5], [2, 1])),
              ("arrivals listed out of order", ([4, 0, 2], [1, 3, 2])),
              ("equal arrivals, the longer job listed first", ([1, 1, 0], [3, 1, 2])),
              ("the race", ([t.arrival for t in RACE], [t.duration for t in RACE]))],
    pitfalls=[
        Pitfall("no idle time", "when the worker is free before the next job arrives, it waits: "
                "a job starts at max(clock, arrival), never before it arrives",
                edit=[("start = max(free_at, arrivals[i])", "start = free_at")]),
        Pitfall("served in list order, not arrival order",
                "FIFO means first to *arrive*; sort the jobs by arrival (stably, so equal "
                "arrivals keep their list order)",
                edit=[("sorted(range(len(arrivals)), key=lambda i: arrivals[i])",
                       "range(len(arrivals))")]),
        Pitfall("measured from time 0, not from arrival",
                "response, turnaround and wait are counted from the job's arrival; the textbook "
                "examples where every job arrives at 0 hide this",
                edit=[("(start - arrivals[i], turnaround, turnaround - durations[i])",
                       "(start, free_at, free_at - durations[i])")]),
        Pitfall("ties broken by length",
                "jobs arriving together are served in list order under FIFO; shortest first is "
                "SJF", edit=[("key=lambda i: arrivals[i])", "key=lambda i: (arrivals[i], "
                              "durations[i]))")]),
        Pitfall("ties last-in first-out",
                "jobs arriving together are served in list order: the earlier one in the list "
                "first", edit=[("key=lambda i: arrivals[i])", "key=lambda i: (arrivals[i], -i))")]),
    ],
    hints=["Take the jobs in arrival order (`sorted(range(n), key=lambda i: arrivals[i])` is "
           "stable) and keep a clock: the time the worker becomes free.",
           "A job starts at `max(clock, arrival)`; it finishes at start + duration.",
           "response = start − arrival, turnaround = finish − arrival, wait = turnaround − "
           "duration. Return a list of tuples in the *input* order."],
)


# -- q2: priority with a tie-breaker ------------------------------------------------------------
def priority_order_in_core(tasks):
    return [name for name, _, _ in simulate(tasks, "priority").slices]


one_list = task_lists().map(lambda ts: (ts,))
q2 = Problem(
    name="priority_order",
    arg_names=("tasks",),
    cases=one_list,
    answer=priority_order,
    reference=priority_order_in_core,
    equivalent={"priority_order constant: `0` -> `-1` in `ready, order, clock, seq = ([], [], 0, "
                "count())`": "a free worker jumps the clock to the first "
                "arrival, and max(-1, arrival) is that arrival, as max(0, arrival) is"},
    examples=[("no tasks", ([],)), ("one task", ([Task("A", 2, 3, 2)],)),
              ("equal priorities, names against the arrival order", (TIES,)),
              ("equal priorities and arrivals, names against the list order",
               ([Task("B", 0, 1, 1), Task("C", 0, 2, 2), Task("A", 0, 1, 2)],)),
              ("tasks listed out of arrival order", (LATE_FIRST,)),
              ("an idle gap", (GAP,)), ("the race", (RACE,))],
    pitfalls=[
        Pitfall("higher number treated as more urgent",
                "in the kit priority 1 is the most urgent and runs first (some systems use the "
                "other direction: always ask)",
                edit=[("(task.priority, next(seq)", "(-task.priority, next(seq)")]),
        Pitfall("ties not FIFO",
                "among equal priorities the task that arrived first goes first (equal arrivals: "
                "list order); push (priority, seq, task) so the heap never decides by name",
                edit=[("(task.priority, next(seq)", "(task.priority, task.name, next(seq)")]),
        Pitfall("ties broken by length",
                "equal priorities go first come, first served; shortest first is SJF",
                edit=[("(task.priority, next(seq)", "(task.priority, task.duration, next(seq)")]),
        Pitfall("ties last-in first-out",
                "equal priorities came out newest first: the tie-breaker must grow with arrival, "
                "not shrink", edit=[("(task.priority, next(seq)", "(task.priority, -next(seq)")]),
        Pitfall("a task arriving exactly now left out (< for <=)",
                "a task that arrives at the very moment the worker becomes free is ready: admit "
                "every task with arrival <= clock",
                edit=[("while arriving and arriving[0].arrival <= clock:",
                       "while arriving and arriving[0].arrival < clock:")]),
        Pitfall("tasks run before they arrive",
                "sorting everything by priority once ignores arrivals: when the worker is free, "
                "choose only among tasks that have already arrived (and if none has, wait for "
                "the next one)",
                edit=[("while arriving and arriving[0].arrival <= clock:", "while arriving:")]),
    ],
    hints=["Simulate a clock. When the worker is free, look only at tasks whose arrival <= clock.",
           "Keep the ready tasks in a heap keyed on (priority, seq), seq counting the pushes: it "
           "breaks ties first-come first-served, and the heap never compares two tasks.",
           "If nothing is ready, jump the clock to the next arrival. A chosen task runs to the "
           "end: clock += duration. Return a list of names."],
)


# -- q3: round robin ----------------------------------------------------------------------------
def round_robin_in_core(tasks, quantum):
    return {name: s.finish for name, s in simulate(tasks, "rr", quantum).stats.items()}


q3 = Problem(
    name="round_robin",
    arg_names=("tasks", "quantum"),
    cases=st.tuples(task_lists(), st.integers(1, 4) | st.just(1000)),  # 1000: longer than all
    answer=round_robin,
    reference=round_robin_in_core,
    equivalent={"round_robin constant: `0` -> `-1` in `queue, finish, clock = (deque(), {}, "
                "0)`": "with nothing queued at -1 the clock jumps to the "
                "first arrival, where a clock starting at 0 also is or jumps to"},
    examples=[("no tasks", ([], 2)),
              ("lengths 6 8 7 3 at t = 0, q = 1", (AT_ZERO, 1)),
              ("a remainder shorter than q", ([Task("B", 0, 3), Task("A", 0, 3)], 2)),
              ("an arrival exactly as a quantum ends",
               ([Task("C", 0, 3), Task("B", 0, 2), Task("A", 2, 1)], 2)),
              ("equal arrivals, names against the list order",
               ([Task("B", 0, 2), Task("A", 1, 2), Task("C", 1, 1)], 1)),
              ("tasks listed out of arrival order", (LATE_FIRST, 1)),
              ("an idle gap", (GAP, 1)), ("the race, q = 1", (RACE, 1)),
              ("a task alone starts a fresh quantum: B, arriving mid-quantum, waits for its end",
               ([Task("A", 0, 10), Task("B", 3, 1)], 2)),
              ("the race, q = 5", (RACE, 5))],
    pitfalls=[
        Pitfall("a short remainder used a full quantum",
                "a task with less than q left runs only what it needs and frees the worker "
                "early: run min(q, left)",
                edit=[("ran = min(quantum, left[task.name])", "ran = quantum"),
                      ("if left[task.name]:", "if left[task.name] > 0:")]),
        Pitfall("preempted task queued before new arrivals",
                "the kit's convention: tasks that arrived during the slice (or exactly at its "
                "end) join the queue first, then the task whose quantum ran out goes behind them",
                edit=[("        while arriving and arriving[0].arrival <= clock:  # arrivals "
                       "during the slice go first\n            queue.append(arriving.popleft())\n",
                       "")]),
        Pitfall("an arrival at the slice's end queued last (< for <=)",
                "the convention: a task arriving exactly as a slice ends joins the queue before "
                "the task whose quantum ran out; admit arrivals with arrival <= clock",
                edit=[("        while arriving and arriving[0].arrival <= clock:  # arrivals "
                       "during", "        while arriving and arriving[0].arrival < clock:  # "
                       "arrivals during")]),
        Pitfall("every task treated as present at time 0",
                "a task cannot run before it arrives: admit tasks to the queue as the clock "
                "reaches their arrival, and jump the clock over idle gaps",
                edit=[("arriving = deque(sorted(tasks, key=lambda t: t.arrival))",
                       "arriving = deque()"),
                      ("queue, finish, clock = deque(), {}, 0",
                       "queue, finish, clock = deque(tasks), {}, 0")]),
        Pitfall("equal arrivals ordered by name",
                "tasks arriving together queue in list order; a name says nothing about order",
                edit=[("key=lambda t: t.arrival)", "key=lambda t: (t.arrival, t.name))")]),
    ],
    hints=["Keep a FIFO queue (collections.deque) of ready tasks and how much each has left.",
           "Each step: take the front task, run it for min(quantum, left), advance the clock.",
           "Before putting an unfinished task back, add every task that has arrived by now; if "
           "the queue is empty, jump the clock to the next arrival. Return a dict."],
)


# -- q4: SRTF against FIFO ----------------------------------------------------------------------
def srtf_average_wait_in_core(tasks):
    return simulate(tasks, "srtf").summary().avg_wait


def _judge_wait(case, expected, got) -> str | None:
    """A float (the problem's exact_numbers refuses an int before this judge), equal up to
    rounding."""
    kind = difference(expected, got)
    if kind is None or not kind.startswith("the answer differs"):
        return kind
    if math.isclose(got, expected, rel_tol=1e-9, abs_tol=1e-9):
        return None
    return f"expected an average wait of {expected!r}, got {got!r}"


def _average(tasks, policy, metric):
    return sum(getattr(s, metric) for s in simulate(tasks, policy).stats.values()) / len(tasks)


q4 = Problem(
    exact_numbers=True,  # the statement names the type
    name="srtf_average_wait",
    arg_names=("tasks",),
    cases=task_lists(min_size=1, max_size=5, priorities=(1, 1)).map(lambda ts: (ts,)),
    answer=srtf_average_wait,
    reference=srtf_average_wait_in_core,
    equivalent={"srtf_average_wait constant: `0` -> `-1` in `finish, clock = ({}, "
                "0)`": "with nothing ready at -1 the clock jumps to the "
                "first arrival, where a clock starting at 0 also is or jumps to"},
    judge=_judge_wait,
    examples=[("one task", ([Task("A", 3, 2)],)), ("lengths 6 8 7 3 at t = 0", (AT_ZERO,)),
              ("a short task arrives while a long one runs",
               ([Task("B", 0, 5), Task("A", 1, 1)],)),
              ("tasks listed out of arrival order", (LATE_FIRST,)),
              ("the race", (RACE,)), ("an idle gap", (GAP,))],
    pitfalls=[
        Pitfall("non-preemptive SJF",
                "shortest *remaining* time first preempts: when a task arrives that needs less "
                "than the running one has left, it takes the worker at once",
                answer=lambda tasks: _average(tasks, "sjf", "wait")),
        Pitfall("compared total length, not time left",
                "a long task that has almost finished has little left: compare the remaining "
                "time, which shrinks as a task runs",
                edit=[("key=lambda t: left[t.name])", "key=lambda t: t.duration)")]),
        Pitfall("response time instead of wait",
                "with preemption a task can wait several times; wait = turnaround − duration, "
                "not first run − arrival",
                answer=lambda tasks: _average(tasks, "srtf", "response")),
        Pitfall("wait counted from time 0, not from arrival",
                "wait = finish − arrival − duration",
                edit=[("finish[t.name] - t.arrival - t.duration", "finish[t.name] - t.duration")]),
        Pitfall("FIFO's average wait", "the question asks for SRTF's average wait",
                answer=lambda tasks: _average(tasks, "fifo", "wait")),
    ],
    hints=["Durations are whole ticks, so you may simulate one tick at a time.",
           "At every tick, among the tasks that have arrived and are not done, run the one with "
           "the least time *left* (not the shortest in total).",
           "Record each finish; wait = finish − arrival − duration; return the mean as a float."],
)

PROBLEMS = [q1, q2, q3, q4]

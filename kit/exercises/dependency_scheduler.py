"""Exercises for 09_dependency_scheduler: a heap with a tie-break counter, the dependency
scheduler on one worker and on N workers, cycle detection, the critical path.

Two of the seed's common mistakes give the right answer slowly rather than a wrong answer:
re-sorting the ready list on every arrival. To make that observable, q1 and q2 each have a
*stress* edge case whose priorities are ints that count how often they are compared; the answer
must stay within a comparison budget a heap meets easily (about n log n) and re-sorting cannot
(about n² / 2). Keeping a sorted list with `bisect.insort` makes O(log n) comparisons per insert
(its O(n) cost is moving items, which comparisons cannot see), so it passes.
"""

import heapq
import itertools
from dataclasses import dataclass

from hypothesis import strategies as st

from kit import dag
from kit.checks.engine import Pitfall, Problem
from kit.dag import WORKED_EXAMPLE

NAMES = "ABCDEF"


# -- counting comparisons --------------------------------------------------------------------
_TALLY = [0]


class Counted(int):
    """An int priority that counts every comparison made with it (to tell a heap from a re-sort).
    Tuples such as (priority, seq, name) compare their first items with == and then <, so every
    entry comparison that reaches the priority is counted."""

    __slots__ = ()

    def __lt__(self, other):
        _TALLY[0] += 1
        return int.__lt__(self, other)

    def __le__(self, other):
        _TALLY[0] += 1
        return int.__le__(self, other)

    def __gt__(self, other):
        _TALLY[0] += 1
        return int.__gt__(self, other)

    def __ge__(self, other):
        _TALLY[0] += 1
        return int.__ge__(self, other)

    def __eq__(self, other):
        _TALLY[0] += 1
        return int.__eq__(self, other)

    def __ne__(self, other):
        _TALLY[0] += 1
        return int.__ne__(self, other)

    __hash__ = int.__hash__


@dataclass(frozen=True)
class Stress:
    """A large edge case described in one line; `run` builds it with counted priorities."""

    text: str
    n: int
    budget: int

    def __repr__(self) -> str:
        return self.text


def _judge_stress(got) -> str | None:
    if isinstance(got, str) and "more than" in got:
        return ("the order is right, but far too many comparisons: a heap needs about log n "
                "per push or pop, while re-sorting or scanning the list costs about n each time")
    return None


def _verdict(right: bool, compared: int, budget: int) -> str:
    order = "right order" if right else "wrong order"
    within = f"at most {budget:,}" if compared <= budget else f"more than {budget:,}"
    return f"{order}; {within} priority comparisons"


# -- q1: a heap with a tie-break counter ------------------------------------------------------
class JobHeap:
    """Waiting jobs in a min-heap of (priority, seq, name): lowest priority first, ties FIFO."""

    def __init__(self):
        self.heap = []
        self.seq = itertools.count()  # never equal, so the name is never compared

    def push(self, name, priority):
        heapq.heappush(self.heap, (priority, next(self.seq), name))

    def pop(self):
        return heapq.heappop(self.heap)[2]


HEAP_STRESS = Stress("600 pushes (job0, job1, ... with priorities 0, 7, 4, 1, 8, ...), "
                     "then 600 pops", n=600, budget=40_000)


def replay(answer, case) -> list | str:
    """Make a fresh `answer()`, replay the operations, return the names popped (or, for the
    stress case, whether the order was right and the comparisons within budget)."""
    (ops,) = case
    if isinstance(ops, Stress):
        pushes = [(f"job{i}", Counted(i * 7 % 10)) for i in range(ops.n)]
        _TALLY[0] = 0
        heap = answer()
        for name, priority in pushes:
            heap.push(name, priority)
        popped = [heap.pop() for _ in pushes]
        compared = _TALLY[0]
        want = [name for name, _ in sorted(pushes, key=lambda p: int(p[1]))]
        return _verdict(popped == want, compared, ops.budget)
    heap, popped = answer(), []
    for op in ops:
        if op == "pop":
            popped.append(heap.pop())
        else:
            _, name, priority = op.split()
            heap.push(name, int(priority))
    return popped


@st.composite
def op_lists(draw):
    """Up to 5 pushes ("push b 2": name b, priority 2) and pops, then pops until empty."""
    names = draw(st.permutations("abcde"))  # push order is not name order, so ties show
    steps = draw(st.lists(st.one_of(st.integers(0, 3), st.none()), max_size=9))
    ops, waiting, pushed = [], 0, 0
    for step in steps:
        if step is None and waiting:
            ops.append("pop")
            waiting -= 1
        elif step is not None and pushed < len(names):
            ops.append(f"push {names[pushed]} {step}")
            pushed, waiting = pushed + 1, waiting + 1
    return (ops + ["pop"] * waiting,)


class _NameTieBreak(JobHeap):
    def push(self, name, priority):
        heapq.heappush(self.heap, (priority, name))

    def pop(self):
        return heapq.heappop(self.heap)[1]


class _Lifo(JobHeap):
    def push(self, name, priority):
        heapq.heappush(self.heap, (priority, -next(self.seq), name))


class _SortOnArrival(JobHeap):
    def push(self, name, priority):
        self.heap.append((priority, next(self.seq), name))
        self.heap.sort()

    def pop(self):
        return self.heap.pop(0)[2]


class _HighestFirst(JobHeap):
    def push(self, name, priority):
        heapq.heappush(self.heap, (-priority, next(self.seq), name))


NO_TIE_BREAK = "no tie-break"
SORTING = "sorting on every arrival"

q1 = Problem(
    name="JobHeap",
    arg_names=("operations",),
    cases=op_lists(),
    reference=JobHeap,
    run=replay,
    judge=lambda case, expected, got: None if got == expected else (
        _judge_stress(got) or "the names came out in a different order"),
    examples=[
        ("z, y, x with equal priority",
         (["push z 1", "push y 1", "push x 1", "pop", "pop", "pop"],)),
        ("a pop between pushes", (["push c 2", "push d 1", "pop", "push a 1", "pop", "pop"],)),
        ("stress: counts comparisons", (HEAP_STRESS,)),
    ],
    pitfalls=[
        Pitfall(NO_TIE_BREAK, "with entries (priority, name), equal priorities leave in name "
                "order; put a counter between them: (priority, next(counter), name)",
                _NameTieBreak),
        Pitfall("ties last in, first out", "equal priorities must leave in the order they came "
                "in: the counter goes up, and a smaller count wins", _Lifo),
        Pitfall(SORTING, "re-sorting (or scanning) the whole list for every push or pop costs "
                "about n comparisons each time; heapq.heappush and heappop cost about log n",
                _SortOnArrival),
        Pitfall("largest priority number first", "in this kit a lower number runs first, and "
                "heapq is a min-heap, so use the priority as it is", _HighestFirst),
    ],
    hints=["Keep a list and use heapq.heappush / heapq.heappop on it; never sort it.",
           "Equal priorities must leave first in, first out: what extra field in each entry "
           "would make earlier pushes compare smaller?",
           "Entries (priority, next(counter), name) with `counter = itertools.count()` made in "
           "__init__; pop returns the entry's last field."],
)


# -- jobs for q2, q3 and q5 -------------------------------------------------------------------
@st.composite
def job_sets(draw, max_jobs=5):
    """Up to `max_jobs` acyclic jobs {name: (priority, duration, deps)}. A job may depend on a
    job listed after it, and names are not in submission order (so name ties show)."""
    n = draw(st.integers(0, max_jobs))
    specs = []
    for i in range(n):
        deps = draw(st.sets(st.integers(0, i - 1), max_size=2)) if i else set()
        specs.append((draw(st.integers(0, 3)), draw(st.integers(1, 4)), sorted(deps)))
    order = draw(st.permutations(range(n)))
    names = draw(st.permutations(NAMES[:n]))
    return {names[i]: (specs[i][0], specs[i][1], tuple(names[d] for d in specs[i][2]))
            for i in order}


SIMULTANEOUS = {"A": (1, 1, ()), "B": (1, 1, ()), "W": (5, 1, ()), "Z": (0, 1, ("B",))}
TIES = {"C": (1, 1, ()), "B": (1, 1, ("C",)), "A": (1, 1, ())}
JOB_EDGES = [("no jobs", ({},)), ("one job", ({"A": (1, 3, ())},)),
             ("ties: ready longest goes first", (TIES,)),
             ("the seed's worked example", (WORKED_EXAMPLE,))]


# -- q2: one worker ----------------------------------------------------------------------------
def dispatch_order(jobs):
    """One worker: the order jobs run in. Only jobs whose deps are done wait in the heap."""
    waiting = {name: len(deps) for name, (_, _, deps) in jobs.items()}  # unfinished deps
    needed_by = {name: [] for name in jobs}
    for name, (_, _, deps) in jobs.items():
        for dep in deps:
            needed_by[dep].append(name)
    seq = itertools.count()  # ties: the job that became ready first
    ready = [(jobs[name][0], next(seq), name) for name in jobs if waiting[name] == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        _, _, name = heapq.heappop(ready)
        order.append(name)
        for child in needed_by[name]:  # finishing releases children, in the order of jobs
            waiting[child] -= 1
            if waiting[child] == 0:
                heapq.heappush(ready, (jobs[child][0], next(seq), child))
    return order


def _order_by_core(jobs):
    return [entry.name for entry in dag.run(jobs, 1).log]


ORDER_STRESS = Stress("1000 jobs: chain0 -> chain1 -> ... -> chain499 (priority 0, each needs "
                      "the one before) and other0 ... other499 (priority 1, no deps)",
                      n=500, budget=100_000)


def _stress_jobs(n):
    jobs = {f"chain{i}": (Counted(0), 1, (f"chain{i - 1}",) if i else ()) for i in range(n)}
    jobs.update({f"other{i}": (Counted(1), 1, ()) for i in range(n)})
    return jobs


def run_order(answer, case):
    """Call `answer(jobs)`; for the stress case, say whether the order was right and the
    comparisons within budget."""
    (jobs,) = case
    if isinstance(jobs, Stress):
        built = _stress_jobs(jobs.n)
        _TALLY[0] = 0
        got = answer(built)
        compared = _TALLY[0]
        return _verdict(list(got) == _order_by_core(_stress_jobs(jobs.n)), compared, jobs.budget)
    got = answer(jobs)
    return list(got) if isinstance(got, (list, tuple)) else got


def _judge_order(case, expected, got) -> str | None:
    if got == expected:
        return None
    (jobs,) = case
    if isinstance(got, list) and sorted(got, key=str) == sorted(jobs, key=str):
        for i, name in enumerate(got):
            missing = [dep for dep in jobs[name][2] if dep not in got[:i]]
            if missing:
                return f"{name!r} runs before {missing[0]!r}, which it needs"
    elif isinstance(got, list):
        return "the order must list every job exactly once"
    if isinstance(got, list):
        i = next(i for i, (a, b) in enumerate(zip(got, expected, strict=True)) if a != b)
        return f"job number {i + 1} to run should be {expected[i]!r}, not {got[i]!r}"
    return _judge_stress(got) or "the answer differs from the expected one"


def _ignore_deps(jobs):
    return sorted(jobs, key=lambda name: jobs[name][0])


def _push_all(jobs):
    """Every job in the heap from the start; a popped job that is not ready is put back."""
    heap = [(p, i, name) for i, (name, (p, _, _)) in enumerate(jobs.items())]
    heapq.heapify(heap)
    done, order = set(), []
    while heap:
        held = []
        while not all(d in done for d in jobs[heap[0][2]][2]):
            held.append(heapq.heappop(heap))
        name = heapq.heappop(heap)[2]
        done.add(name)
        order.append(name)
        for entry in held:
            heapq.heappush(heap, entry)
    return order


def _one_worker_by_name(jobs):
    done, ready, order = set(), [], []
    for name in jobs:
        if not jobs[name][2]:
            heapq.heappush(ready, (jobs[name][0], name))
    while ready:
        name = heapq.heappop(ready)[1]
        done.add(name)
        order.append(name)
        for child in jobs:
            if name in jobs[child][2] and all(d in done for d in jobs[child][2]):
                heapq.heappush(ready, (jobs[child][0], child))
    return order


def _one_worker_sorting(jobs):
    done, ready, order, seq = set(), [], [], itertools.count()
    for name in jobs:
        if not jobs[name][2]:
            ready.append((jobs[name][0], next(seq), name))
    ready.sort()
    while ready:
        name = ready.pop(0)[2]
        done.add(name)
        order.append(name)
        for child in jobs:
            if name in jobs[child][2] and all(d in done for d in jobs[child][2]):
                ready.append((jobs[child][0], next(seq), child))
                ready.sort()  # the mistake: a full sort for every arrival
    return order


PUSHED_EARLY = "pushed jobs whose dependencies are not done"
PUSHED_EARLY_WHY = ("only ready jobs enter the heap, numbered when they become ready; a job "
                    "pushed (or numbered) at submission jumps ahead of equal-priority jobs that "
                    "were ready before it")

q2 = Problem(
    name="dispatch_order",
    arg_names=("jobs",),
    cases=job_sets().map(lambda jobs: (jobs,)),
    reference=_order_by_core,
    solution_source=dispatch_order,
    run=run_order,
    judge=_judge_order,
    examples=JOB_EDGES + [("stress: counts comparisons", (ORDER_STRESS,))],
    pitfalls=[
        Pitfall("dependencies ignored", "a job may start only after every job it needs has "
                "finished; keep it out of the heap until then", _ignore_deps),
        Pitfall(PUSHED_EARLY, PUSHED_EARLY_WHY, _push_all),
        Pitfall(NO_TIE_BREAK, "entries (priority, name) break ties by name; use (priority, "
                "next(counter), name), counting when each job becomes ready", _one_worker_by_name),
        Pitfall(SORTING, "re-sorting the ready list whenever a job arrives costs about n "
                "comparisons per arrival; a heap push costs about log n", _one_worker_sorting),
    ],
    hints=["Count each job's unfinished dependencies, and list for each job the jobs that "
           "need it. The jobs with a count of 0 are ready.",
           "Ready jobs wait in a heap of (priority, next(counter), name). Pop one, run it, then "
           "lower its children's counts; a child that reaches 0 is pushed.",
           "Build the children lists by walking `jobs` in order, so children released together "
           "enter in the order of `jobs`."],
)


# -- q3: N workers -----------------------------------------------------------------------------
def run(jobs, workers):
    """N workers: (log, makespan), log entries (name, start, end, worker) in dispatch order."""
    waiting = {name: len(deps) for name, (_, _, deps) in jobs.items()}
    needed_by = {name: [] for name in jobs}
    for name, (_, _, deps) in jobs.items():
        for dep in deps:
            needed_by[dep].append(name)
    submitted = {name: i for i, name in enumerate(jobs)}
    seq = itertools.count()
    ready, running, free, log = [], [], list(range(workers)), []  # free: a sorted list is a heap

    def release(names):  # jobs becoming ready together enter in the order of jobs
        for name in sorted(names, key=submitted.get):
            heapq.heappush(ready, (jobs[name][0], next(seq), name))

    release([name for name in jobs if waiting[name] == 0])
    clock = 0
    while ready or running:
        while ready and free:  # fill every free worker, lowest number first
            _, _, name = heapq.heappop(ready)
            worker = heapq.heappop(free)
            end = clock + jobs[name][1]
            heapq.heappush(running, (end, worker, name))
            log.append((name, clock, end, worker))
        clock = running[0][0]  # jump to the next finish
        finished = []
        while running and running[0][0] == clock:  # retire *everything* ending now
            _, worker, name = heapq.heappop(running)
            heapq.heappush(free, worker)
            finished.append(name)
        newly_ready = []
        for name in finished:
            for child in needed_by[name]:
                waiting[child] -= 1
                if waiting[child] == 0:
                    newly_ready.append(child)
        release(newly_ready)
    return log, clock


def run_jobs(answer, case):
    """Call `answer(jobs, workers)`; the log as tuples sorted by (start, worker), the makespan."""
    jobs, workers = case
    log, makespan = answer(jobs, workers)
    return sorted((tuple(entry) for entry in log), key=lambda e: (e[1], e[3])), makespan


def _judge_run(case, expected, got) -> str | None:
    if got == expected:
        return None
    (log, makespan), (want_log, want_makespan) = got, expected
    if makespan != want_makespan:
        return f"the makespan should be {want_makespan}, not {makespan}"
    if sorted(e[:3] for e in log) == sorted(e[:3] for e in want_log):
        return ("every job starts and ends at the right time, but on another worker: a free "
                "worker with the lowest number takes the next job")
    return "the log differs from the expected one (compare the start times)"


def _variant(jobs, workers, *, key="counter", retire_all=True, wait_for_all=False,
             lowest_worker=True, ready_only=True):
    """The reference loop with one thing changed (the pitfalls below)."""
    submitted = {name: i for i, name in enumerate(jobs)}
    seq, done = itertools.count(), set()
    queued, ready, running, log = set(), [], [], []
    free = list(range(workers))
    clock = 0

    def release():
        for name in jobs:
            if name not in queued and (not ready_only or all(d in done for d in jobs[name][2])):
                queued.add(name)
                tie = {"counter": next(seq), "name": name, "submitted": submitted[name]}[key]
                heapq.heappush(ready, (jobs[name][0], tie, name))

    release()
    while ready or running:
        held = []
        while ready and free:
            entry = heapq.heappop(ready)
            if not all(d in done for d in jobs[entry[2]][2]):
                held.append(entry)  # pushed too early: put it back after this round
                continue
            worker = heapq.heappop(free) if lowest_worker else free.pop()
            end = clock + jobs[entry[2]][1]
            heapq.heappush(running, (end, worker, entry[2]))
            log.append((entry[2], clock, end, worker))
        for entry in held:
            heapq.heappush(ready, entry)
        if not running:
            break
        clock = max(running)[0] if wait_for_all else running[0][0]
        while running and running[0][0] <= clock:
            _, worker, name = heapq.heappop(running)
            done.add(name)
            if lowest_worker:
                heapq.heappush(free, worker)
            else:
                free.append(worker)
            if not retire_all:
                break
        release()
    return log, clock


q3 = Problem(
    name="run",
    arg_names=("jobs", "workers"),
    cases=st.tuples(job_sets(), st.integers(1, 3)),
    reference=dag.run,
    solution_source=run,
    run=run_jobs,
    judge=_judge_run,
    examples=[(label, (jobs, 2)) for label, (jobs,) in JOB_EDGES] + [
        ("the worked example on one worker", (WORKED_EXAMPLE, 1)),
        ("two jobs finish together", (SIMULTANEOUS, 2)),
        ("more workers than jobs", ({"A": (1, 2, ()), "B": (1, 1, ("A",))}, 4)),
    ],
    pitfalls=[
        Pitfall("dispatching before all simultaneous finishes are retired",
                "when several jobs end at the same instant, mark them all done (and release "
                "their children) before any worker takes a new job, or an urgent job released "
                "by the second finish loses to a lesser job already waiting",
                lambda jobs, workers: _variant(jobs, workers, retire_all=False)),
        Pitfall(PUSHED_EARLY, PUSHED_EARLY_WHY,
                lambda jobs, workers: _variant(jobs, workers, key="submitted", ready_only=False)),
        Pitfall(NO_TIE_BREAK, "entries (priority, name) break ties by name; use (priority, "
                "next(counter), name), counting when each job becomes ready",
                lambda jobs, workers: _variant(jobs, workers, key="name")),
        Pitfall("waited for every running job", "jump to the *next* finish, not the last one: "
                "a worker that frees up should start the next ready job at once",
                lambda jobs, workers: _variant(jobs, workers, wait_for_all=True)),
        Pitfall("free workers not taken lowest number first", "keep the free workers in a "
                "heap (or sorted list) and take the smallest number",
                lambda jobs, workers: _variant(jobs, workers, lowest_worker=False)),
    ],
    hints=["Two heaps: ready jobs (priority, next(counter), name) and running jobs "
           "(end, worker, name). Free workers go in a third heap so the lowest number is first.",
           "Loop: while a job is ready and a worker is free, start it. Then set the clock to the "
           "earliest end in the running heap.",
           "Pop *every* running job that ends at that clock before releasing children and "
           "starting anything new. Return (log, clock) when both heaps are empty."],
)


# -- q4: a cycle, named ------------------------------------------------------------------------
def find_cycle(deps):
    """A list of jobs, each needing the next and the last needing the first; None if acyclic."""
    state = {}  # job -> "on path" while we are inside it, "done" once all its deps are explored
    for start in deps:
        if start in state:
            continue
        path, todo = [start], [iter(deps[start])]  # depth-first, without recursion
        state[start] = "on path"
        while todo:
            for dep in todo[-1]:
                if state.get(dep) == "on path":  # back to a job on the current path: a cycle
                    return path[path.index(dep):]
                if dep not in state:
                    state[dep] = "on path"
                    path.append(dep)
                    todo.append(iter(deps[dep]))
                    break
            else:  # every dependency of path[-1] explored
                state[path.pop()] = "done"
                todo.pop()
    return None


def _cycle_by_core(deps):
    try:
        dag.topological_order({name: (0, 1, tuple(d)) for name, d in deps.items()})
    except dag.DependencyCycle as err:
        return list(reversed(err.args[1]))[:-1]  # graphlib lists a dep before the job needing it
    return None


@st.composite
def graphs(draw):
    """Up to 5 jobs {name: deps} with random dependencies (cycles and self-loops possible)."""
    n = draw(st.integers(1, 5))
    names = list(NAMES[:n])
    return ({name: tuple(sorted(draw(st.sets(st.sampled_from(names), max_size=2)),
                                key=names.index)) for name in names},)


def run_cycle(answer, case):
    got = answer(*case)
    if isinstance(got, (list, tuple)):
        got = list(got)
        if len(got) > 1 and got[0] == got[-1]:
            got = got[:-1]  # a cycle written with its first job repeated at the end is fine
    return got


def _judge_cycle(case, expected, got) -> str | None:
    (deps,) = case
    if got is None:
        return None if expected is None else f"there is a cycle, for example {expected}"
    if not isinstance(got, list):
        return f"return a list of job names or None, not {type(got).__name__}"
    if expected is None:
        return "these jobs have no cycle (every job can run once its deps are done): return None"
    if not got:
        return "an empty list is not a cycle; return None only when there is no cycle"
    if any(name not in deps for name in got):
        return "every name in the cycle must be a job"
    if len(set(got)) != len(got):
        return "a cycle lists each job once (the first may be repeated at the end)"
    pairs = list(zip(got, got[1:] + got[:1], strict=True))
    broken = [(a, b) for a, b in pairs if b not in deps[a]]
    if not broken:
        return None
    if all(a in deps[b] for a, b in pairs):
        return "that is the cycle backwards: each job must need the *next* one"
    a, b = broken[0]
    return f"{a!r} does not need {b!r}, so this is not a cycle"


def _visited_only(deps):
    """One 'seen' set: meeting any seen job counts as a cycle (a diamond is not a cycle)."""
    seen = set()

    def visit(name, path):
        if name in seen:
            return path[path.index(name):] if name in path else path + [name]
        seen.add(name)
        for dep in deps[name]:
            found = visit(dep, path + [name])
            if found:
                return found
        return None

    for name in deps:
        if name not in seen:
            found = visit(name, [])
            if found:
                return found
    return None


def _path_into_cycle(deps):
    state = {}

    def visit(name, path):
        state[name] = "on path"
        for dep in deps[name]:
            if state.get(dep) == "on path":
                return path + [name]  # the mistake: the whole path, not from `dep` on
            if dep not in state:
                found = visit(dep, path + [name])
                if found:
                    return found
        state[name] = "done"
        return None

    for name in deps:
        if name not in state:
            found = visit(name, [])
            if found:
                return found
    return None


def _first_job_only(deps):
    if not deps:
        return None
    return find_cycle({name: ds for name, ds in deps.items()
                       if name in _reachable(deps, next(iter(deps)))})


def _reachable(deps, start):
    seen, todo = {start}, [start]
    while todo:
        for dep in deps[todo.pop()]:
            if dep not in seen:
                seen.add(dep)
                todo.append(dep)
    return seen


q4 = Problem(
    name="find_cycle",
    arg_names=("deps",),
    cases=graphs(),
    reference=_cycle_by_core,
    solution_source=find_cycle,
    run=run_cycle,
    judge=_judge_cycle,
    examples=[
        ("no cycle: a diamond", ({"A": ("B", "C"), "B": ("D",), "C": ("D",), "D": ()},)),
        ("a job that needs itself", ({"A": (), "B": ("B",)},)),
        ("A needs B, B needs A", ({"A": ("B",), "B": ("A",)},)),
        ("a cycle away from the first job", ({"A": (), "B": ("C",), "C": ("D",), "D": ("B",)},)),
    ],
    pitfalls=[
        Pitfall("one visited set, no 'on the current path' set", "reaching a job you have seen "
                "before is not a cycle (two jobs may share a dependency); it is a cycle only "
                "when that job is still on the current path", _visited_only),
        Pitfall("returned the path into the cycle", "start the list at the job you came back "
                "to, not at the job the search started from", _path_into_cycle),
        Pitfall("searched only from the first job", "start a search from every job not yet "
                "visited; a cycle need not be reachable from the first one", _first_job_only),
        Pitfall("cycle written backwards", "list each job before the job it needs: "
                "A needs B, B needs C, C needs A gives [A, B, C]",
                lambda deps: None if (c := find_cycle(deps)) is None else c[::-1]),
    ],
    hints=["Depth-first search along dependencies, marking each job 'on the current path' "
           "while you are inside it and 'finished' once all its deps are explored.",
           "Meeting a 'finished' job is fine (a shared dependency). Meeting a job that is on the "
           "current path closes a cycle.",
           "Keep the current path as a list; the cycle is the part of it from the job you met "
           "again to the end. Start a search from every job not yet seen."],
)


# -- q5: the critical path ---------------------------------------------------------------------
def critical_path(jobs):
    """(length, path): the longest chain of dependent work, path first job to last."""
    finish, via = {}, {}

    def earliest_finish(name):  # memoised: each job and each dependency once, O(V + E)
        if name not in finish:
            deps = jobs[name][2]
            via[name] = max(deps, key=earliest_finish, default=None)
            finish[name] = jobs[name][1] + (finish[via[name]] if deps else 0)
        return finish[name]

    if not jobs:
        return 0, []
    last = max(jobs, key=earliest_finish)
    path = [last]
    while via[path[-1]] is not None:
        path.append(via[path[-1]])
    return finish[last], path[::-1]


def run_critical(answer, case):
    length, path = answer(*case)
    return length, list(path)


def _judge_critical(case, expected, got) -> str | None:
    (jobs,) = case
    (length, path), want = got, expected[0]
    if length != want:
        return f"the longest chain takes {want}, not {length}"
    if not jobs:
        return None if path == [] else "with no jobs the path is []"
    if any(name not in jobs for name in path) or len(set(path)) != len(path):
        return "the path must list jobs, each once"
    for a, b in zip(path, path[1:], strict=False):
        if a not in jobs[b][2]:
            return f"{b!r} does not need {a!r}: each job on the path needs the one before it"
    total = sum(jobs[name][1] for name in path)
    if total != length:
        return f"the jobs on the path take {total}, not {length}"
    return None


def _chains(jobs):
    """Every chain ending at each job, as lists (small inputs only)."""
    def ending_at(name):
        deps = jobs[name][2]
        return [[name]] if not deps else [c + [name] for d in deps for c in ending_at(d)]
    return [c for name in jobs for c in ending_at(name)]


def _most_jobs(jobs):
    if not jobs:
        return 0, []
    path = max(_chains(jobs), key=len)
    return sum(jobs[n][1] for n in path), path


def _without_own_duration(jobs):
    start, via = {}, {}

    def earliest_start(name):
        if name not in start:
            deps = jobs[name][2]
            via[name] = max(deps, key=lambda d: earliest_start(d) + jobs[d][1], default=None)
            start[name] = earliest_start(via[name]) + jobs[via[name]][1] if deps else 0
        return start[name]

    if not jobs:
        return 0, []
    last = max(jobs, key=earliest_start)
    path = [last]
    while via[path[-1]] is not None:
        path.append(via[path[-1]])
    return start[last], path[::-1]


def _greedy(jobs):
    if not jobs:
        return 0, []
    needed = {d for _, _, deps in jobs.values() for d in deps}
    path = [max((n for n in jobs if n not in needed), key=lambda n: jobs[n][1])]
    while jobs[path[-1]][2]:
        path.append(max(jobs[path[-1]][2], key=lambda d: jobs[d][1]))
    return sum(jobs[n][1] for n in path), path[::-1]


q5 = Problem(
    name="critical_path",
    arg_names=("jobs",),
    cases=job_sets().map(lambda jobs: (jobs,)),
    reference=dag.critical_path,
    solution_source=critical_path,
    run=run_critical,
    judge=_judge_critical,
    examples=JOB_EDGES + [
        ("a long job beats a long chain",
         ({"A": (1, 1, ()), "B": (1, 1, ("A",)), "C": (1, 1, ("B",)), "D": (1, 5, ())},)),
    ],
    pitfalls=[
        Pitfall("total work instead of the longest chain", "the total is what one worker "
                "needs; the critical path is the longest chain of jobs that must run one after "
                "another", lambda jobs: (sum(d for _, d, _ in jobs.values()), list(jobs))),
        Pitfall("most jobs instead of most time", "the longest chain is measured in time: add "
                "durations, do not count jobs", _most_jobs),
        Pitfall("left out the last job's own duration", "a job's earliest *finish* is its own "
                "duration plus the latest finish among its deps; the earliest start is not "
                "enough", _without_own_duration),
        Pitfall("greedy: followed the longest dependency", "the longest chain need not go "
                "through the longest job at each step; compute every job's earliest finish "
                "first", _greedy),
    ],
    hints=["A job's earliest finish = its duration + the largest earliest finish among its "
           "dependencies (0 when it has none).",
           "Compute it for every job (memoise, or walk a topological order), remembering which "
           "dependency gave the maximum.",
           "The job with the largest earliest finish ends the path; follow the remembered "
           "dependencies back and reverse."],
)

PROBLEMS = [q1, q2, q3, q4, q5]

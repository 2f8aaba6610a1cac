"""Exercises for 09_dependency_scheduler: a heap with a tie-break counter, the dependency
scheduler on one worker and on N workers, cycle detection, the critical path.

Re-sorting the ready list on every arrival gives the right order, slowly. To observe that cost,
q1 and q2 each have a *stress* edge case whose priorities are ints that count how often they are
compared: a heap stays within the budget (about n log n comparisons), re-sorting or scanning
cannot (about n² / 2), and the check says "too slow". (A sorted list kept with `bisect.insort`
makes O(log n) comparisons per insert; its O(n) cost is moving items, which comparisons cannot
see, so it passes.)
"""

import heapq
import itertools
import math
from dataclasses import dataclass
from graphlib import TopologicalSorter

from hypothesis import strategies as st

from kit import dag, validate
from kit.checks import Pitfall, Problem, a_kind, difference, meter, programs, same, too_slow
from kit.checks.report import around
from kit.dag import WORKED_EXAMPLE

NAMES = "ABCDEFGH"


@dataclass(frozen=True)
class Stress:
    """A large edge case described in one line; the check builds it with counted priorities."""

    text: str
    n: int
    budget: int

    def __repr__(self) -> str:
        return self.text


def counted(call, stress: Stress) -> tuple:
    """`(call(), within the comparison budget?)`, the comparisons counted from zero."""
    value, m = meter.measure(call)
    return value, m.count <= stress.budget


def stress_difference(want, value) -> str | None:
    """`difference` of two long results, with the items around the first list item that
    differs (the first list of a tuple: a log)."""
    wrong = difference(want, value)
    w, v = (want[0], value[0]) if type(want) is tuple and type(value) is tuple else (want, value)
    if wrong is not None and isinstance(w, list) and isinstance(v, list):
        return f"{wrong} ({around(w, v)})"
    return wrong


def judge_counted(case, expected, got) -> str | None:
    """Strict comparison; on a stress case, a right answer over budget is too slow."""
    if not isinstance(case[0], Stress):
        return difference(expected, got)
    (want, _), (value, within) = expected, got
    wrong = stress_difference(want, value)
    if wrong is None and not within:
        return too_slow(f"gives the right answers, but makes more than {case[0].budget:,} "
                       "priority comparisons: re-sorting or scanning the waiting jobs costs "
                       "about n per push or pop, a heap about log n")
    return wrong


# -- q1: a heap with a tie-break counter ------------------------------------------------------
class JobHeap:
    """Waiting jobs in a min-heap of (priority, seq, name): lowest priority first, ties FIFO."""

    def __init__(self):
        self.heap = []
        self.seq = itertools.count()  # never equal, so the name is never compared

    def push(self, name, priority):
        """Add a waiting job (a str name, a number priority); returns None."""
        heapq.heappush(self.heap, (priority, next(self.seq), name))

    def pop(self):
        """Remove the best waiting job and return its name (a str)."""
        return heapq.heappop(self.heap)[2]


HEAP_STRESS = Stress("600 pushes (job0, job1, ... with priorities 0, 7, 4, 1, 8, ...), "
                     "then 600 pops", n=600, budget=40_000)


def replay(answer, case):
    """Make a fresh `answer()`, replay the operations, return what each one returned; on the
    stress case, (the names popped, within budget?)."""
    (ops,) = case
    heap = answer()
    if isinstance(ops, Stress):
        pushes = [(f"job{i}", meter.Int(i * 7 % 10)) for i in range(ops.n)]

        def push_all_pop_all():
            for name, priority in pushes:
                heap.push(name, priority)
            return [heap.pop() for _ in pushes]

        return counted(push_all_pop_all, ops)

    second = answer()  # a second queue made beside it: the two must not share their jobs

    def do(heap, step):  # what each call returned, with its type: push None, pop a str name
        if step.name == "second":  # "second push q 0", "second pop": the other instance
            heap, step = second, programs.parse(" ".join(step.words))
        if step.name == "pop":
            return repr(heap.pop())
        name, priority = step.words
        return repr(heap.push(name, validate.parse_number(priority)))

    return programs.replay(heap, ops, do)


# a priority is any number: whole, halves, below 0, and the float just above a whole one (a key
# such as `priority + eps * seq` reorders p and nextafter(p) for any eps the float can hold)
PRIORITIES = st.integers(-1, 3) | st.sampled_from([-0.5, 0.5, 1.5]) | st.integers(-1, 3).map(
    lambda p: math.nextafter(p, math.inf))


@st.composite
def op_lists(draw):
    """Up to 10 pushes ("push b 2": name b, priority 2) and pops, then pops until empty; names
    drawn apart from push order, so a name tie-break shows (never one pushed twice: waiting
    names are distinct, as the kit's ReadyQueue requires); priorities from a pool of one to
    three numbers, so ties are common. Now and then a second instance gets pushes and pops of
    its own ("second push q0 1"), so two queues that share their state show it."""
    names = programs.names(draw, "abcdefghij", 10)
    pool = draw(st.lists(PRIORITIES, min_size=1, max_size=3))  # few values: ties are common
    steps = draw(st.lists(st.one_of(st.sampled_from(pool), st.none(), st.just("second")),
                          max_size=14))
    ops, waiting, pushed, theirs, named = [], 0, 0, 0, 0
    for step in steps:
        if step == "second":
            if theirs and draw(st.booleans()):
                ops.append("second pop")
                theirs -= 1
            else:
                ops.append(f"second push q{named} {draw(st.sampled_from(pool))}")
                theirs, named = theirs + 1, named + 1
        elif step is None and waiting:
            ops.append("pop")
            waiting -= 1
        elif step is not None and pushed < len(names):
            ops.append(f"push {names[pushed]} {step}")
            pushed, waiting = pushed + 1, waiting + 1
    return (ops + ["pop"] * waiting + ["second pop"] * theirs,)


def judge_heap(case, expected, got) -> str | None:
    """`judge_counted`; when only equal priorities leave out of order, the class is said too."""
    problem = judge_counted(case, expected, got)
    (ops,) = case
    if problem is None or isinstance(ops, Stress) or not isinstance(got, list):
        return problem
    priority = {op.split()[1]: validate.parse_number(op.split()[2]) for op in ops
                if op.startswith("push")}

    def popped(lines):
        return [priority.get(line.split("→ ")[1].strip("'")) for line in lines
                if line.startswith("pop")]
    if sorted(got) == sorted(expected) and popped(got) == popped(expected):
        return (f"{problem}: the priorities leave in the right order, but equal ones not in the "
                "order they were pushed: a wrong tie key (a counter, not the name)")
    return problem


TIE_BY_NAME_KEY = "ties broken by name, not by push order (a wrong tie key)"
TIE_BY_NAME = ("with entries (priority, name), equal priorities leave in name order; put a "
               "counter between them: (priority, next(counter), name)")
HIGHEST_FIRST = ("in this kit a lower number runs first, and heapq is a min-heap, so use the "
                 "priority as it is (a system where higher is more urgent pushes -priority)")

q1 = Problem(
    name="JobHeap",
    arg_names=("operations",),
    cases=op_lists(),
    answer=JobHeap,
    run=replay,
    judge=judge_heap,
    examples=[
        ("z, y, x with equal priority",
         (["push z 1", "push y 1", "push x 1", "pop", "pop", "pop"],)),
        ("a pop between pushes, names against push order",
         (["push c 2", "push d 1", "pop", "push a 1", "pop", "pop"],)),
        ("two queues side by side: each pops only what was pushed to it",
         (["push a 1", "second push q0 0", "pop", "second pop"],)),
        ("priorities 2, 1.0000000000000002, 1 and -0.5: any number, however close",
         (["push a 2", f"push b {math.nextafter(1, 2)!r}", "push c 1", "push d -0.5", "pop",
           "pop", "pop", "pop"],)),
        ("stress: counts comparisons", (HEAP_STRESS,)),
    ],
    pitfalls=[
        Pitfall(TIE_BY_NAME_KEY, TIE_BY_NAME,
                edit=[("(priority, next(self.seq), name)", "(priority, name, name)")]),
        Pitfall("ties last in, first out", "equal priorities must leave in the order they came "
                "in: the counter goes up, and a smaller count wins",
                edit=[("next(self.seq)", "-next(self.seq)")]),
        Pitfall("largest priority number first", HIGHEST_FIRST,
                edit=[("(priority, next", "(-priority, next")]),
    ],
    hints=["Keep a list and use heapq.heappush / heapq.heappop on it; never sort it.",
           "Equal priorities must leave first in, first out: what extra field in each entry "
           "would make earlier pushes compare smaller?",
           "Entries (priority, next(counter), name) with `counter = itertools.count()` made in "
           "__init__; pop returns the entry's last field."],
)


# -- jobs for q2, q3 and q5 -------------------------------------------------------------------
# a duration is any number >= 0: whole ticks, halves (exact sums, so equal finishes stay equal)
# and 0 (a job that finishes the moment it starts)
DURATIONS = st.integers(1, 4) | st.integers(0, 8).map(lambda x: x / 2)


@st.composite
def job_sets(draw, max_jobs=5):
    """Up to `max_jobs` acyclic jobs {name: (priority, duration, deps)}: names drawn apart from
    the dict's order, the dict's order apart from the dependency order, deps in any order."""
    n = draw(st.integers(0, max_jobs))
    specs = []
    for i in range(n):
        deps = draw(st.permutations(sorted(draw(st.sets(st.integers(0, i - 1), max_size=2))))
                    ) if i else []
        specs.append((draw(PRIORITIES), draw(DURATIONS), deps))
    names = draw(st.permutations(NAMES))[:n]
    return {names[i]: (specs[i][0], specs[i][1], tuple(names[d] for d in specs[i][2]))
            for i in draw(st.permutations(range(n)))}


# C and A are ready at 0 with equal priority: the dict's order says C, names say A; B becomes
# ready after A has waited, so a counter taken at submission puts B before A
TIES = {"C": (1, 1, ()), "B": (1, 1, ("C",)), "A": (1, 1, ())}
# Y's finish releases B and A together, with Z waiting since 0: Z first, then B, A (dict order)
TOGETHER = {"Y": (0, 1, ()), "Z": (1, 1, ()), "B": (1, 1, ("Y",)), "A": (1, 1, ("Y",))}
# C needs A but comes first in `jobs`; B is ready at once
LISTED_FIRST = {"C": (1, 1, ("A",)), "B": (1, 1, ()), "A": (1, 1, ())}
# B takes 0 ticks: its finish at 0 releases D after A and C, which were waiting already. Ready
# "at the same moment" means released by the same event, not at the same clock time
ZERO_TICK = {"B": (0, 0, ()), "A": (0, 1, ()), "D": (0, 1, ("B",)), "C": (0, 1, ())}
JOB_EDGES = [("no jobs", ({},)), ("one job", ({"A": (1, 3, ())},)),
             ("equal priorities: the job ready longest goes first, not the first name", (TIES,)),
             ("equal priorities released together keep the order of jobs", (TOGETHER,)),
             ("the seed's worked example", (WORKED_EXAMPLE,)),
             ("graphlib's get_ready() order is not the order of jobs", (LISTED_FIRST,)),
             ("a 0-tick job's children join after the jobs already waiting", (ZERO_TICK,))]
# X's finish releases R while Y and Z wait: R takes the next counter number, after theirs
LATER_WAVE = {"X": (1, 1, ()), "Y": (1, 1, ()), "Z": (1, 1, ()), "R": (1, 1, ("X",))}
# A's finish releases C (2 deps) and D (1 dep) together: C first, as in `jobs`
TOGETHER_UNEQUAL = {"X": (0, 1, ()), "A": (0, 1, ()), "C": (1, 1, ("A", "X")),
                    "D": (1, 1, ("A",))}


@st.composite
def one_release(draw):
    """Jobs one finish releases together: a parent P (after 0 to 2 jobs that run first), and 2
    to 4 children of P of one priority, each maybe also needing a job that ran before P, with
    durations and names drawn apart from `jobs`' order, and maybe a job waiting meanwhile."""
    early = [(draw(st.integers(-1, 0)), draw(DURATIONS), ()) for _ in range(draw(
        st.integers(0, 2)))]
    specs = early + [(1, draw(DURATIONS), tuple(range(len(early))))]
    parent, child_priority = len(specs) - 1, draw(PRIORITIES.filter(lambda p: p >= 1))
    for _ in range(draw(st.integers(2, 4))):
        extra = draw(st.sets(st.integers(0, parent - 1), max_size=2)) if parent else set()
        specs.append((child_priority, draw(DURATIONS), (parent, *sorted(extra))))
    if draw(st.booleans()):
        specs.append((child_priority, draw(DURATIONS), ()))  # waiting since the start
    names = draw(st.permutations("ABCDEFGHIJ"))[:len(specs)]
    return {names[i]: (specs[i][0], specs[i][1], tuple(names[d] for d in specs[i][2]))
            for i in draw(st.permutations(range(len(specs))))}


# -- q2: one worker ----------------------------------------------------------------------------
def dispatch_order(jobs):
    """The names in the order one worker runs the jobs, as a list. Only a job whose deps are
    all done may start; the lowest priority number wins; ties go to the job that became ready
    first, and jobs that became ready together keep the order of `jobs`."""
    sorter = TopologicalSorter({name: deps for name, (_, _, deps) in jobs.items()})
    sorter.prepare()  # counts each job's unfinished deps
    position = {name: i for i, name in enumerate(jobs)}
    seq = itertools.count()  # ties: the job that became ready first
    ready, order = [], []
    while sorter.is_active():
        for name in sorted(sorter.get_ready(), key=position.get):  # newly ready, in jobs order
            heapq.heappush(ready, (jobs[name][0], next(seq), name))
        name = heapq.heappop(ready)[2]
        order.append(name)
        sorter.done(name)  # may release its children
    return order


def _order_by_core(jobs):
    return [entry.name for entry in dag.run(jobs, 1).log]


ORDER_STRESS = Stress("1000 jobs: chain0 -> chain1 -> ... -> chain499 (priority 0, each needs "
                      "the one before) and other0 ... other499 (priority 1, no deps)",
                      n=500, budget=100_000)


def stress_jobs(n: int) -> dict:
    jobs = {f"chain{i}": (meter.Int(0), 1, (f"chain{i - 1}",) if i else ()) for i in range(n)}
    jobs.update({f"other{i}": (meter.Int(1), 1, ()) for i in range(n)})
    return jobs


def run_order(answer, case):
    """`answer(jobs)`; on the stress case, (the order, within budget?)."""
    (jobs,) = case
    if isinstance(jobs, Stress):
        built = stress_jobs(jobs.n)
        return counted(lambda: answer(built), jobs)
    return answer(jobs)


def judge_order(case, expected, got) -> str | None:
    wrong = judge_counted(case, expected, got)
    (jobs,) = case
    if wrong is None or isinstance(jobs, Stress) or not isinstance(got, list):
        return wrong
    if sorted(map(repr, got)) != sorted(map(repr, jobs)):
        return "the order must list every job exactly once"
    for i, name in enumerate(got):
        missing = [dep for dep in jobs[name][2] if dep not in got[:i]]
        if missing:
            return f"{name!r} runs before {missing[0]!r}, which it needs"
    for i, name in enumerate(got):  # every pick ready and most urgent: only the ties differ
        done = set(got[:i])
        ready = [n for n in jobs if n not in done and all(d in done for d in jobs[n][2])]
        if jobs[name][0] != min(jobs[n][0] for n in ready):
            return f"{wrong}: {name!r} runs while a job of a lower priority number is ready"
    return (f"{wrong}: every pick is ready and of the lowest priority number, so the tie-break "
            "is wrong: among equal priorities the job that became ready first goes first, and "
            "jobs released together (at the start, or by one finish) keep the order of `jobs`; "
            "a job released later goes after the jobs already waiting, even at the same clock "
            "time (after a 0-tick job). graphlib's get_ready() order is not the order of jobs")


WRONG_TIE = "ties broken by the wrong key"
WRONG_TIE_WHY = ("among equal priorities the job that became ready first goes first, and jobs "
                 "ready together keep the order of `jobs`: push (priority, next(counter), name). "
                 "Any other tie key (the name, the duration, the newest first) decides by "
                 "something the rule does not mention")
WRONG_TIES = [Pitfall(WRONG_TIE, WRONG_TIE_WHY, edit=[("next(seq), name)", key),
                                                      ("heappop(ready)[2]", "heappop(ready)[-1]")])
              for key in ("name, name)", "jobs[name][1], next(seq), name)",
                          "-jobs[name][1], next(seq), name)", "-next(seq), name)")]
PUSHED_EARLY = "numbered at submission, not when ready"
PUSHED_EARLY_WHY = ("a job enters the heap, and takes its counter number, when its last "
                    "dependency finishes; a job pushed (or numbered) at submission jumps ahead "
                    "of equal-priority jobs that were ready before it")

q2 = Problem(
    name="dispatch_order",
    arg_names=("jobs",),
    cases=(job_sets() | one_release()).map(lambda jobs: (jobs,)),
    answer=dispatch_order,
    reference=_order_by_core,
    run=run_order,
    judge=judge_order,
    examples=JOB_EDGES[:2] + [
        ("equal priorities: a job released later numbers after the jobs waiting", (LATER_WAVE,)),
        ("one finish releases two jobs: they go in the order of jobs, whatever their deps",
         (TOGETHER_UNEQUAL,))] + JOB_EDGES[2:] + [
        ("stress: counts comparisons", (ORDER_STRESS,))],
    pitfalls=[
        Pitfall("dependencies ignored", "a job may start only after every job it needs has "
                "finished; keep it out of the heap until then",
                edit=[("deps for name, (_, _, deps)", "() for name, (_, _, deps)")]),
        Pitfall(PUSHED_EARLY, PUSHED_EARLY_WHY, edit=[("next(seq)", "position[name]")]),
        *WRONG_TIES,
        Pitfall("largest priority number first", HIGHEST_FIRST,
                edit=[("(jobs[name][0],", "(-jobs[name][0],")]),
    ],
    hints=["Count each job's unfinished dependencies (graphlib.TopologicalSorter does it: "
           "prepare(), get_ready(), done(name); but get_ready() lists the newly ready jobs in "
           "its own order, not the order of `jobs`). The jobs with none left are ready.",
           "Ready jobs wait in a heap of (priority, next(counter), name). Pop one, run it, mark "
           "it done; push the jobs that became ready.",
           "Push jobs that become ready together in the order of `jobs`: "
           "sorted(newly_ready, key=position.get)."],
)


# -- q3: N workers -----------------------------------------------------------------------------
def run(jobs, workers):
    """N workers: a tuple (log, makespan); log is a list of (name, start, end, worker) tuples,
    workers numbered from 0. Free workers, lowest number first, take the best ready job (ties
    as in q2); the clock jumps to the next finish, and every job ending then is retired (and
    releases its children) before anyone starts again."""
    waiting = {name: len(deps) for name, (_, _, deps) in jobs.items()}  # unfinished deps
    needed_by = {name: [] for name in jobs}
    for name, (_, _, deps) in jobs.items():
        for dep in deps:
            needed_by[dep].append(name)
    position = {name: i for i, name in enumerate(jobs)}
    seq = itertools.count()
    ready, running, free, log = [], [], list(range(workers)), []  # free: a sorted list is a heap

    def release(names):  # jobs becoming ready together enter in the order of jobs
        for name in sorted(names, key=position.get):
            heapq.heappush(ready, (jobs[name][0], next(seq), name))

    release([name for name in jobs if waiting[name] == 0])
    clock = 0
    while ready or running:
        while ready and free:  # fill every free worker, lowest number first
            name = heapq.heappop(ready)[2]
            worker = heapq.heappop(free)
            heapq.heappush(running, (clock + jobs[name][1], worker, name))
            log.append((name, clock, clock + jobs[name][1], worker))
        clock = running[0][0]  # jump to the next finish
        released = []
        while running and running[0][0] == clock:  # retire *everything* ending now
            _, worker, name = heapq.heappop(running)
            heapq.heappush(free, worker)
            for child in needed_by[name]:
                waiting[child] -= 1
                if waiting[child] == 0:
                    released.append(child)
        release(released)
    return log, clock


def log_sorted(got):
    """(log, makespan) with the log sorted by (start, worker) and its entries plain tuples (a
    NamedTuple is a tuple); anything else is passed on, to be judged by its type."""
    if not isinstance(got, tuple) or len(got) != 2:
        return got
    log, makespan = got
    if isinstance(log, list) and all(isinstance(e, tuple) and len(e) == 4 for e in log):
        log = sorted((tuple(e) for e in log), key=lambda e: (e[1], e[3]))
    return log, makespan


def run_jobs(answer, case):
    """`answer(jobs, workers)`, its log sorted; on the stress case, (that, within budget?)."""
    jobs, workers = case
    if isinstance(jobs, Stress):
        built = stress_jobs(jobs.n)
        return counted(lambda: log_sorted(answer(built, workers)), jobs)
    return log_sorted(answer(jobs, workers))


def judge_run(case, expected, got) -> str | None:
    if isinstance(case[0], Stress):
        return judge_counted(case, expected, got)
    wrong = difference(expected, got)
    shaped = isinstance(got, tuple) and len(got) == 2 and isinstance(got[0], list) and all(
        isinstance(e, tuple) and len(e) == 4 for e in got[0])
    if wrong is None or not shaped:
        return wrong  # right, or not (a list of 4-tuples, a number): the type is the message
    (log, makespan), (want_log, want_makespan) = got, expected
    if same(log, want_log):
        return (f"the log is right, but the makespan should be {want_makespan!r}, not "
                f"{makespan!r}: the makespan is the time the last job ends (the latest end), "
                "as a number of the clock's own type")
    if _only_ties_differ(*case, log):
        return f"{wrong}: {TIES_WRONG}"
    if sorted(map(repr, (e[:3] for e in log))) == sorted(map(repr, (e[:3] for e in want_log))):
        at = next(e[1] for e, w in zip(log, want_log, strict=True) if e != w)
        mine = [(e[0], e[3]) for e in log if e[1] == at]
        want = [(e[0], e[3]) for e in want_log if e[1] == at]
        return (f"every job starts and ends at the right time, but at time {at:g} the jobs "
                f"take other workers: expected (job, worker) {want}, got {mine}. Retire every "
                "job that ends at a moment (and release its children) before dispatching; then "
                "free workers, lowest number first, take the best ready jobs in turn")
    if makespan != want_makespan:
        return f"the makespan should be {want_makespan!r}, not {makespan!r}"
    return wrong


TIES_WRONG = ("every job starts once its deps are done and every pick is a most urgent ready "
              "job, so the tie-break is wrong: among equal priorities the job that became ready "
              "first goes first, and jobs released together (at the start, or by the finishes of "
              "one moment) keep the order of `jobs`; a job released later goes after the jobs "
              "already waiting, even at the same clock time")


def _only_ties_differ(jobs, workers, log) -> bool:
    """True when the log is q3's rule replayed with other tie choices: the picks, in start order
    (lowest worker first), each start at the moment the rule dispatches, on the worker it
    dispatches to, with a job of the lowest priority number then ready."""
    picks = iter(sorted(log, key=lambda e: (e[1], e[3])))
    waiting = {name: len(deps) for name, (_, _, deps) in jobs.items()}
    ready = {name for name in jobs if waiting[name] == 0}
    running, free, clock = [], list(range(workers)), 0
    while ready or running:
        while ready and free:
            worker, pick = heapq.heappop(free), next(picks, None)
            if (pick is None or pick[0] not in ready or pick[1:] != (
                    clock, clock + jobs[pick[0]][1], worker)
                    or jobs[pick[0]][0] != min(jobs[n][0] for n in ready)):
                return False
            ready.remove(pick[0])
            heapq.heappush(running, (pick[2], worker, pick[0]))
        clock = running[0][0]
        while running and running[0][0] == clock:
            _, worker, name = heapq.heappop(running)
            heapq.heappush(free, worker)
            for child in (n for n, (_, _, deps) in jobs.items() if name in deps):
                waiting[child] -= 1
                if waiting[child] == 0:
                    ready.add(child)
    return next(picks, None) is None


SIMULTANEOUS = {"A": (1, 1, ()), "B": (1, 1, ()), "W": (5, 1, ()), "Z": (0, 1, ("B",))}
# X and Y end together at 1 and release C and D at once; D comes first in `jobs`, although X (on
# worker 0) is retired first: released together means the order of `jobs`, not of release
RELEASED_TOGETHER = {"X": (0, 1, ()), "Y": (0, 1, ()), "R": (0, 5, ()), "D": (0, 1, ("Y",)),
                     "C": (0, 1, ("X",))}


@st.composite
def simultaneous_releases(draw):
    """(jobs, workers): 2 or 3 parents of one duration, started together, each releasing one or
    two children of one equal priority when they all end at the same instant (a child may need
    two parents), and maybe a long job holding a worker; names and the dict's order drawn apart
    from the order the parents are retired in."""
    k, duration, child_priority = draw(st.integers(2, 3)), draw(DURATIONS), draw(st.integers(0, 2))
    specs = [(draw(st.integers(-1, 1)), duration, ()) for _ in range(k)]
    for parent in range(k):
        for _ in range(draw(st.integers(1, 2))):
            extra = draw(st.sets(st.integers(0, k - 1), max_size=1)) - {parent}
            specs.append((child_priority, draw(DURATIONS), (parent, *extra)))
    if draw(st.booleans()):
        specs.append((draw(st.integers(-1, 1)), duration + 4, ()))  # holds a worker meanwhile
    names = draw(st.permutations("ABCDEFGHIJ"))[:len(specs)]
    jobs = {names[i]: (specs[i][0], specs[i][1], tuple(names[d] for d in specs[i][2]))
            for i in draw(st.permutations(range(len(specs))))}
    return jobs, draw(st.integers(k, k + 1))


q3 = Problem(
    name="run",
    arg_names=("jobs", "workers"),
    cases=st.tuples(job_sets() | one_release(), st.integers(1, 3)) | simultaneous_releases(),
    answer=run,
    reference=dag.run,
    run=run_jobs,
    judge=judge_run,
    examples=[(label, (jobs, 2)) for label, (jobs,) in JOB_EDGES] + [
        ("the worked example on one worker", (WORKED_EXAMPLE, 1)),
        ("a 0-tick job on one worker: its child joins after the jobs waiting", (ZERO_TICK, 1)),
        ("equal priorities on one worker: a job released later numbers after the jobs waiting",
         (LATER_WAVE, 1)),
        ("two jobs finish together", (SIMULTANEOUS, 2)),
        ("several jobs finish together and release children in the order of jobs",
         (RELEASED_TOGETHER, 2)),
        ("more workers than jobs", ({"B": (1, 2, ()), "A": (1, 1, ("B",))}, 4)),
        ("stress: counts comparisons", (ORDER_STRESS, 2)),
    ],
    pitfalls=[
        Pitfall("dispatching before all simultaneous finishes are retired",
                "when several jobs end at the same instant, mark them all done (and release "
                "their children) before any worker takes a new job, or an urgent job released "
                "by the second finish loses to a lesser job already waiting",
                edit=[("while running and running[0][0] == clock:",
                       "if running[0][0] == clock:")]),
        Pitfall(PUSHED_EARLY, PUSHED_EARLY_WHY, edit=[("next(seq)", "position[name]")]),
        *WRONG_TIES,
        Pitfall("largest priority number first", HIGHEST_FIRST,
                edit=[("(jobs[name][0], next(seq)", "(-jobs[name][0], next(seq)")]),
        Pitfall("waited for every running job", "jump to the *next* finish, not the last one: "
                "a worker that frees up should start the next ready job at once",
                edit=[("clock = running[0][0]", "clock = max(running)[0]"),
                      ("== clock:", "<= clock:")]),
        Pitfall("free workers not taken lowest number first", "keep the free workers in a "
                "heap (or sorted list) and take the smallest number",
                edit=[("worker = heapq.heappop(free)", "worker = free.pop()"),
                      ("heapq.heappush(free, worker)", "free.append(worker)")]),
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
    """A list of jobs in which each job needs the next and the last needs the first, or None
    when there is no cycle. `deps` maps each job to the jobs it needs; every needed job is a
    key too."""
    on_path, finished = [], set()  # the jobs we are inside of; the jobs fully explored

    def visit(name):  # depth first along the dependencies
        on_path.append(name)
        for dep in deps[name]:
            if dep in on_path:  # back at a job we are still inside of: a cycle
                return on_path[on_path.index(dep):]
            if dep not in finished:
                cycle = visit(dep)
                if cycle:
                    return cycle
        finished.add(on_path.pop())
        return None

    for name in deps:
        if name not in finished:
            cycle = visit(name)
            if cycle:
                return cycle
    return None


def _cycle_by_core(deps):
    try:
        dag.topological_order({name: (0, 1, tuple(d)) for name, d in deps.items()})
    except dag.DependencyCycle as err:
        return list(reversed(err.args[1]))[:-1]  # graphlib lists a dep before the job needing it
    return None


@st.composite
def graphs(draw):
    """Up to 5 jobs {name: deps} with random dependencies (cycles and self-loops possible),
    names drawn apart from the dict's order, deps in any order."""
    n = draw(st.integers(1, 5))
    names = draw(st.permutations(NAMES))[:n]
    return ({name: tuple(draw(st.permutations(sorted(draw(st.sets(st.sampled_from(names),
                                                                    max_size=2))))))
             for name in names},)


def run_cycle(answer, case):
    got = answer(*case)
    if isinstance(got, list) and len(got) > 1 and got[0] == got[-1]:
        return got[:-1]  # a cycle written with its first job repeated at the end is fine
    return got


def judge_cycle(case, expected, got) -> str | None:
    (deps,) = case
    if got is None:
        return None if expected is None else f"there is a cycle, for example {expected}"
    if not isinstance(got, list):
        return f"expected a list of job names or None, got {a_kind(got)}"
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


def diamond_ladder(levels: int) -> dict:
    """t0 <- l0, r0 <- t1 <- ... : 2 ** levels paths from the top, listed from the bottom up, so
    a search that explores a finished job again (instead of once) takes exponential time."""
    deps = {"t0": ()}
    for i in range(levels):
        deps[f"l{i}"] = deps[f"r{i}"] = (f"t{i}",)
        deps[f"t{i + 1}"] = (f"l{i}", f"r{i}")
    return deps


# c199 needs c198, ..., c1 needs c0, listed from c199: a search that stops after a few levels
# misses its end (200 deep: the statement keeps chains well within the recursion limit)
CHAIN_200 = dict((f"c{i}", (f"c{i - 1}",) if i else ()) for i in range(199, -1, -1))

q4 = Problem(
    name="find_cycle",
    arg_names=("deps",),
    cases=graphs(),
    answer=find_cycle,
    reference=_cycle_by_core,
    run=run_cycle,
    judge=judge_cycle,
    examples=[
        ("no cycle: a diamond", ({"A": ("C", "B"), "B": ("D",), "C": ("D",), "D": ()},)),
        ("a job that needs itself", ({"A": (), "B": ("B",)},)),
        ("A needs B, B needs A", ({"B": ("A",), "A": ("B",)},)),
        ("a cycle away from the first job", ({"A": (), "D": ("B",), "C": ("D",), "B": ("C",)},)),
        ("24 diamonds in a row, listed from the bottom (2 ** 24 paths: explore each job once)",
         (diamond_ladder(24),)),
        ("a chain of 200 jobs, listed from its last (c199 needs c198, ..., c1 needs c0)",
         (CHAIN_200,)),
        ("the same chain, and c0 needs c199: one cycle through all 200",
         (dict(CHAIN_200, c0=("c199",)),)),
    ],
    equivalent={
        "find_cycle.visit delete: `return None` -> "
        "`pass`": "falling off the end of visit returns None too",
        "find_cycle delete: `return None` -> `pass`": "falling off the end returns None too"},
    pitfalls=[
        Pitfall("one visited set, no 'on the current path' set", "reaching a job you have seen "
                "before is not a cycle (two jobs may share a dependency); it is a cycle only "
                "when that job is still on the current path",
                edit=[("if dep in on_path:", "if dep in on_path or dep in finished:"),
                      ("return on_path[on_path.index(dep):]",
                       "return on_path[on_path.index(dep):] if dep in on_path else on_path")]),
        Pitfall("returned the path into the cycle", "start the list at the job you came back "
                "to, not at the job the search started from",
                edit=[("return on_path[on_path.index(dep):]", "return list(on_path)")]),
        Pitfall("searched only from the first job", "start a search from every job not yet "
                "visited; a cycle need not be reachable from the first one",
                edit=[("for name in deps:", "for name in list(deps)[:1]:")]),
        Pitfall("cycle written backwards", "list each job before the job it needs: "
                "A needs B, B needs C, C needs A gives [A, B, C]",
                edit=[("on_path[on_path.index(dep):]", "on_path[on_path.index(dep):][::-1]")]),
    ],
    hints=["Depth-first search along dependencies, marking each job 'on the current path' "
           "while you are inside it and 'finished' once all its deps are explored.",
           "Meeting a 'finished' job is fine (a shared dependency). Meeting a job that is on the "
           "current path closes a cycle.",
           "Keep the current path as a list; the cycle is the part of it from the job you met "
           "again to the end. Start a search from every job not yet finished."],
)


# -- q5: the critical path ---------------------------------------------------------------------
def critical_path(jobs):
    """A tuple (length, path): the total duration of the longest chain of dependent jobs, and
    that chain as a list from first job to last, each needing the one before; (0, []) for no
    jobs. When chains tie, any of them."""
    finish, via = {}, {}  # each job's earliest finish, and the dep it waits for last

    def earliest_finish(name):  # memoised: each job and each dependency once, O(V + E)
        if name not in finish:
            deps = jobs[name][2]
            via[name] = max(deps, key=earliest_finish, default=None)
            finish[name] = jobs[name][1] + (earliest_finish(via[name]) if deps else 0)
        return finish[name]

    if not jobs:
        return 0, []
    last = max(jobs, key=earliest_finish)
    path = [last]
    while via[path[-1]] is not None:
        path.append(via[path[-1]])
    return finish[last], path[::-1]


def run_critical(answer, case):
    """`answer(jobs)`, a NamedTuple (length, path) taken as the plain tuple it is."""
    got = answer(*case)
    return (got[0], got[1]) if isinstance(got, tuple) and len(got) == 2 else got


def judge_critical(case, expected, got) -> str | None:
    (jobs,) = case
    if not isinstance(got, tuple) or len(got) != 2 or not isinstance(got[1], list):
        return difference(expected, got)
    (length, path), want = got, expected[0]
    if difference(want, length) is not None:
        return f"the longest chain takes {want}, not {length!r}"
    if any(name not in jobs for name in path) or len(set(path)) != len(path):
        return "the path must list jobs, each once"
    for a, b in zip(path, path[1:], strict=False):
        if a not in jobs[b][2]:
            return f"{b!r} does not need {a!r}: each job on the path needs the one before it"
    total = sum(jobs[name][1] for name in path)
    if total != length:
        return f"the jobs on the path take {total}, not {length}"
    return None


def _total_work(jobs):
    """The pitfall of q5 as its own (one-line) algorithm: what one worker needs."""
    return sum(duration for _, duration, _ in jobs.values()), list(jobs)


q5 = Problem(
    name="critical_path",
    arg_names=("jobs",),
    cases=job_sets().map(lambda jobs: (jobs,)),
    answer=critical_path,
    reference=dag.critical_path,
    run=run_critical,
    judge=judge_critical,
    examples=[
        ("no jobs", ({},)), ("one job", ({"A": (1, 3, ())},)),
        ("a chain of two beside a lone job", (TIES,)),
        ("one job needed by two: either chain", (TOGETHER,)),
        ("the seed's worked example", (WORKED_EXAMPLE,)),
        ("a job listed before the job it needs", (LISTED_FIRST,)),
        ("a job needing two others: the longer one counts",
         ({"Y": (0, 1, ()), "Z": (1, 3, ()), "B": (1, 1, ("Y", "Z"))},)),
        ("durations of 0 and halves",
         ({"A": (0, 0, ()), "B": (0, 0.5, ("A",)), "C": (2, 1.5, ()), "D": (1, 0, ("B", "C"))},)),
        ("a long job beats a long chain",
         ({"B": (1, 1, ("A",)), "D": (1, 5, ()), "C": (1, 1, ("B",)), "A": (1, 1, ())},)),
        ("24 diamonds in a row (2 ** 24 chains: compute each job's finish once)",
         ({name: (0, 1, deps) for name, deps in diamond_ladder(24).items()},)),
        ("a chain of 200 jobs, listed from its last (c199 needs c198, ..., c1 needs c0)",
         ({name: (0, 1, deps) for name, deps in CHAIN_200.items()},)),
    ],
    pitfalls=[
        Pitfall("total work instead of the longest chain", "the total is what one worker "
                "needs; the critical path is the longest chain of jobs that must run one after "
                "another", answer=_total_work),
        Pitfall("most jobs instead of most time", "the longest chain is measured in time: add "
                "durations, do not count jobs",
                edit=[("jobs[name][1] + (earliest", "1 + (earliest")]),
        Pitfall("left out the last job's own duration", "a job's earliest *finish* is its own "
                "duration plus the latest finish among its deps; the earliest start is not "
                "enough", edit=[("return finish[last],", "return finish[last] - jobs[last][1],")]),
        Pitfall("greedy: followed the longest dependency", "the longest chain need not go "
                "through the longest job at each step; compute every job's earliest finish "
                "first",
                edit=[("key=earliest_finish, default", "key=lambda d: jobs[d][1], default")]),
    ],
    hints=["A job's earliest finish = its duration + the largest earliest finish among its "
           "dependencies (0 when it has none).",
           "Compute it for every job (memoise, or walk a topological order), remembering which "
           "dependency gave the maximum.",
           "The job with the largest earliest finish ends the path; follow the remembered "
           "dependencies back and reverse."],
)

PROBLEMS = [q1, q2, q3, q4, q5]


# -- q6: a heap written by hand, ordered by a comparison ---------------------------------------
# Appended (issue 28). The learner writes the sift-up and the sift-down that `heapq` hides; the
# check replays generated programs against `heapq` (through `functools.cmp_to_key`) after every
# step and counts the calls of `before`. Items are records that cannot be compared with `<`.


@dataclass(frozen=True, eq=False)
class Item:
    """One waiting job of q6: only `before` may compare two of them."""

    name: str
    priority: int
    seq: int

    def __repr__(self) -> str:
        return f"{self.name}(p={self.priority})"


BEFORE = {  # the rules q6 hands the heap; every one a strict total order on items
    "lowest priority, then first in":
        lambda a, b: (a.priority, a.seq) < (b.priority, b.seq),
    "highest priority, then first in":
        lambda a, b: (-a.priority, a.seq) < (-b.priority, b.seq),
    "lowest priority, then last in":
        lambda a, b: (a.priority, -a.seq) < (b.priority, -b.seq),
}


class Heap:
    """A binary min-heap ordered by `before(a, b)` ("should a leave before b?"): `push(item)`,
    `pop()` and `peek()` (IndexError when empty), `len(heap)`. O(log n) calls of `before`."""

    def __init__(self, before):
        self.before = before
        self.items = []  # heap order: items[(i - 1) // 2] never leaves after items[i]

    def __len__(self):
        return len(self.items)

    def push(self, item):
        """Add `item` at the end, then swap it up past every parent it should leave before."""
        a = self.items
        a.append(item)
        i = len(a) - 1
        while i > 0:
            parent = (i - 1) // 2
            if not self.before(a[i], a[parent]):
                break
            a[i], a[parent] = a[parent], a[i]
            i = parent

    def peek(self):
        """The first item, left in place."""
        return self.items[0]  # an empty list raises IndexError, as heapq's heap[0] does

    def pop(self):
        """Remove and return the first item: the last leaf takes the root's place and sinks,
        swapping with its better child while that child should leave before it."""
        a = self.items
        top, last = a[0], a.pop()  # IndexError when empty
        if a:
            a[0] = last
            i, n = 0, len(a)
            while True:
                child = 2 * i + 1
                if child >= n:
                    break
                if child + 1 < n and self.before(a[child + 1], a[child]):
                    child += 1  # the right child should leave first
                if not self.before(a[child], a[i]):
                    break
                a[i], a[child] = a[child], a[i]
                i = child
        return top


class _HeapqModel:
    """The reference: `heapq` itself, its `<` being `before` (one call per comparison)."""

    def __init__(self, before):
        class Entry:
            __slots__ = ("item",)

            def __init__(self, item):
                self.item = item

            def __lt__(self, other):
                return before(self.item, other.item)

        self.entry, self.heap = Entry, []

    def __len__(self):
        return len(self.heap)

    def push(self, item):
        heapq.heappush(self.heap, self.entry(item))

    def peek(self):
        return self.heap[0].item

    def pop(self):
        return heapq.heappop(self.heap).item


def height(n: int) -> int:
    """floor(log2 n): the longest root-to-leaf path of a heap of n >= 1 items, in edges."""
    return int(math.log2(n)) if n > 1 else 0


def sift_budget(op: str, size: int) -> int:
    """The most calls of `before` one operation needs on a heap of `size` items: a push climbs
    at most height(size + 1) levels, one call each; a pop sinks at most height(size - 1)
    levels, two calls each (the siblings, then the winner against the sinking item)."""
    if op == "push":
        return height(size + 1)
    if op == "pop":
        return 2 * height(size - 1) if size > 1 else 0
    return 0


SIFT_STRESS = Stress("600 pushes (priorities 0, 7, 4, 1, 8, ...), then 600 pops, "
                     "rule: lowest priority, then first in", n=600, budget=0)


def heap_list(heap) -> list | None:
    """The answer's array, root first, when it keeps one: a list attribute holding exactly its
    len() items (after one placeholder at index 0, for a heap counted from 1); else None."""
    for value in vars(heap).values() if hasattr(heap, "__dict__") else ():
        if isinstance(value, list):
            items = value[1:] if value and not isinstance(value[0], Item) else value
            if all(isinstance(x, Item) for x in items) and len(items) == len(heap):
                return items
    return None


def heap_order_broken(items, rule) -> str | None:
    """Where the array breaks heap order under `rule` (an item leaves before its parent)."""
    for i in range(1, len(items)):
        parent = (i - 1) // 2
        if BEFORE[rule](items[i], items[parent]):
            return (f"{items[i].name} at index {i} should leave before its parent "
                    f"{items[parent].name} at index {parent}")
    return None


def climb(items, new, rule) -> list:
    """The comparisons a sift-up of `new`, appended to the heap array `items`, makes: with its
    parent, that one's parent, ..., until it should not leave before one (names, as sets)."""
    pairs, i = [], len(items)
    while i > 0:
        i = (i - 1) // 2
        pairs.append(frozenset((new.name, items[i].name)))
        if not BEFORE[rule](new, items[i]):
            break
    return pairs


def sink(items, rule) -> tuple[int, int]:
    """(levels, calls): how far the last leaf of the heap array `items` sinks once it takes the
    root's place, and the calls of `before` the sift-down makes: two per level with two children
    (the siblings, then the winner against it), one with one child, up to the level that stops
    it."""
    a = list(items)
    a[0] = a.pop()
    i = levels = calls = 0
    while 2 * i + 1 < len(a):
        child = 2 * i + 1
        if child + 1 < len(a):
            calls += 1
            child += BEFORE[rule](a[child + 1], a[child])
        calls += 1
        if not BEFORE[rule](a[child], a[i]):
            break
        a[i], a[child], i, levels = a[child], a[i], child, levels + 1
    return levels, calls


def replay_heap(answer, case):
    """Build `answer(before)`, replay the program; per step: (what it returned or raised, len,
    calls of before). On the stress case, (names popped, calls per operation within budget?).
    When the answer keeps its items in a list, a step also says where that list breaks heap
    order, or, for a push, which comparisons it made where a sift-up makes others."""
    rule, ops = case
    calls, compared = [0], []

    def before(a, b):
        if not (isinstance(a, Item) and isinstance(b, Item)):
            raise TypeError(f"before() compares two items, got {a_kind(a)} and {a_kind(b)}")
        calls[0] += 1
        compared.append(frozenset((a.name, b.name)))
        return BEFORE[rule](a, b)

    beside = answer(before)  # a second heap beside it, holding one item: heaps share nothing
    beside.push(Item("beside", -9, -1))
    heap = answer(before)
    if isinstance(ops, Stress):
        within, popped = True, []
        for i in range(ops.n):
            calls[0] = 0
            heap.push(Item(f"job{i}", i * 7 % 10, i))
            within &= calls[0] <= sift_budget("push", i)
        for i in range(ops.n, 0, -1):
            calls[0] = 0
            popped.append(heap.pop().name)
            within &= calls[0] <= sift_budget("pop", i)
        return popped, within
    steps, seq = [], itertools.count()
    for op in ops:
        calls[0] = 0
        compared.clear()
        size, array = len(heap), heap_list(heap)
        wrong = None
        try:
            if op.startswith("push"):
                _, name, priority = op.split()
                new = Item(name, int(priority), next(seq))
                heap_before = array is not None and not heap_order_broken(array, rule)
                want = climb(list(array), new, rule) if heap_before else []
                got = heap.push(new)
                stray = [p for p in compared if p not in want and name in p]
                if heap_before and stray:
                    said = ", ".join("-".join(sorted(p)) for p in want)
                    other = "".join(sorted(stray[0] - {name}))
                    wrong = (f"before() compared {name} with {other}, which is not above it: "
                             f"a sift-up compares the new item (at index {size}) with its "
                             f"parent (index (i - 1) // 2), then that one's parent, up to the "
                             f"root: {said}")
                elif heap_before and calls[0] > len(want):
                    climbed = len(want) - (not BEFORE[rule](new, array[0]) if array else 0)
                    wrong = (f"this push called before() {calls[0]} times, where the sift-up "
                             f"needs {len(want)}: {name} climbs {climbed} level(s), one call "
                             "each, plus the call that stops it. Once the new item should not "
                             "leave before its parent, stop (break): the heap above it is "
                             "already in order")
            elif op == "pop" and size > 1 and array is not None \
                    and not heap_order_broken(array, rule):
                levels, needed = sink(array, rule)
                got = heap.pop()
                got = got.name if isinstance(got, Item) else got
                if calls[0] > needed:
                    wrong = (f"this pop called before() {calls[0]} times, where the sift-down "
                             f"needs {needed}: the last leaf, {array[-1].name}, sinks {levels} "
                             "level(s), two calls each (the siblings, then the winner against "
                             "it), plus the calls that stop it. Once no child should leave "
                             "before it, stop (break): the heap below it is already in order")
            elif op == "len":
                got = len(heap)
            else:
                item = getattr(heap, op)()
                got = item.name if isinstance(item, Item) else item
        except IndexError:
            got = "IndexError"
        steps.append((got, calls[0], sift_budget(op.split()[0], size))
                     + ((wrong,) if wrong else ()))
    return steps


def judge_heap(case, expected, got) -> str | None:
    rule, ops = case
    if isinstance(ops, Stress):
        (want, _), (value, within) = expected, got
        wrong = stress_difference(want, value)
        if wrong is None and not within:
            return too_slow("gives the right answers, but some push or pop calls before() more "
                           "often than one root-to-leaf walk needs: a push at most log2 n times, "
                           "a pop at most 2 log2 n times (a scan or a re-sort costs about n)")
        return wrong
    if not isinstance(got, list) or len(got) != len(ops):
        return difference(expected, got)
    for k, (op, (want, *_), (value, *_)) in enumerate(zip(ops, expected, got, strict=True), 1):
        if not same(want, value):
            said = "raise IndexError" if want == "IndexError" else repr(want)
            was = "raised IndexError" if value == "IndexError" else repr(value)
            shared = (": 'beside' was pushed to another Heap, made beside this one; the two "
                      "share their items (a class attribute, a mutable default argument)"
                      if value == "beside" else "")
            return f"step {k} ({op}, rule: {rule}): expected {said}, got {was}{shared}"
    for k, (op, step) in enumerate(zip(ops, got, strict=True), 1):
        if len(step) > 3:
            return f"step {k} ({op}, rule: {rule}): {step[3]}"
    for k, (op, (_, calls, budget, *_)) in enumerate(zip(ops, got, strict=True), 1):
        if calls > budget:
            return too_slow(f"right answers, but step {k} ({op}) called before() {calls} "
                           f"times; on that heap one root-to-leaf walk needs at most {budget}")
    return None


@st.composite
def heap_programs(draw):
    """A rule and up to 14 operations: pushes of fresh names (priorities 0 to 3, so equal
    priorities meet), pops, peeks and lens, now and then on an empty heap."""
    rule = draw(st.sampled_from(sorted(BEFORE)))
    names = iter(draw(st.permutations("abcdefghijklmn")))
    kinds = draw(st.lists(st.sampled_from(["push", "push", "push", "push", "pop", "pop",
                                           "peek", "len"]), max_size=14))
    ops = [f"push {next(names)} {draw(st.integers(0, 3))}" if k == "push" else k for k in kinds]
    return rule, ops


LOW_FIRST = "lowest priority, then first in"
q6 = Problem(
    name="Heap",
    arg_names=("the before rule", "operations"),
    cases=heap_programs(),
    answer=Heap,
    reference=_HeapqModel,
    run=replay_heap,
    judge=judge_heap,
    timeout=10.0,  # the cost is counted, never timed: the stress case gets room on a busy machine
    examples=[
        ("pop and peek on an empty heap", (LOW_FIRST, ["pop", "peek", "len"])),
        ("the right child should leave first",
         (LOW_FIRST, ["push a 0", "push b 3", "push c 1", "push d 2", "pop", "pop", "pop"])),
        ("the last leaf sinks two levels",
         (LOW_FIRST, ["push a 0", "push b 1", "push c 2", "push d 1", "push e 1", "push f 3",
                      "push g 3", "pop", "pop", "pop", "pop", "len"])),
        ("the last leaf stops one level down, a deep heap below it",
         (LOW_FIRST, [f"push {name} {p}" for name, p in zip(
             "abcdefghijklmnop", (0, 5, 1, 6, 7, 20, 21, 8, 9, 10, 11, 22, 23, 24, 25, 12),
             strict=True)] + ["pop", "pop", "len"])),
        ("highest first: only before() decides",
         ("highest priority, then first in", ["push a 1", "push b 3", "push c 2", "pop",
                                              "peek", "pop", "pop"])),
        ("stress: counts the calls of before()", (LOW_FIRST, SIFT_STRESS)),
    ],
    pitfalls=[
        Pitfall("sank into the left child always",
                "a sinking item must swap with the child that should leave first; taking the "
                "left one puts a later item above an earlier one",
                edit=[("if child + 1 < n and self.before(a[child + 1], a[child]):",
                       "if False:")]),
        Pitfall("sift-up stops below the root",
                "the new item climbs while it is not at the root (i > 0): the root's children, "
                "at 1 and 2, must be compared with the root too",
                edit=[("while i > 0:", "while i > 1:")]),
        Pitfall("pop kept the last leaf out",
                "after taking the root, the last leaf must move into its place and sink; "
                "otherwise the root slot still holds the item just popped",
                edit=[("            a[0] = last\n", "")]),
        Pitfall("sift-up compares the wrong way round",
                "before(a, b) means a leaves first: the new item climbs while "
                "before(item, parent)",
                edit=[("if not self.before(a[i], a[parent]):",
                       "if not self.before(a[parent], a[i]):")]),
        Pitfall("sift-down stops at the first level",
                "the sinking item keeps going down until no child should leave before it",
                edit=[("                i = child\n", "                break\n")]),
        Pitfall("pop of an empty heap returns None",
                "an empty heap has nothing to give: raise IndexError, as heapq and list.pop do",
                edit=[("        top, last = a[0], a.pop()",
                       "        if not a:\n            return None\n"
                       "        top, last = a[0], a.pop()")]),
    ],
    hints=["Keep the items in a list with the root at index 0: the children of i are 2i + 1 and "
           "2i + 2, its parent (i - 1) // 2. Never compare items with <: call before(a, b).",
           "push: append, then while the item is not at the root and before(item, parent), swap "
           "them and move up. pop: remember a[0], move the last item to index 0, and sink it.",
           "Sinking: pick the child that should leave first (compare the two siblings with "
           "before), swap while that child should leave before the item, stop at a leaf. "
           "Raise IndexError on an empty pop or peek."],
    points=2,
)

PROBLEMS.append(q6)

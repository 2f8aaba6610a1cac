"""Exercises for 10_load_balancing: the greedy feasibility check, the binary search on the finish
time, LPT, and the exact minimum makespan by backtracking with pruning.

q1 to q3 are compared with the core (`kit.balance`). q4 is exact, so it is checked on instances
where LPT misses the optimum, and on one larger edge case (Graham's worst case for 5 CPUs: 11
tasks, 5 ** 11 ≈ 49 million assignments) that a pruned search answers in milliseconds and trying
every assignment cannot answer within the check's time limit. That last edge case is judged by
time, so trying every assignment is reported as *timed out* on it (named by the edge case's
label), not as a named pitfall.
"""

import heapq
from typing import NamedTuple

from hypothesis import strategies as st

from kit import balance
from kit.checks import Pitfall, Problem, difference

SEED_TASKS = [7, 2, 5, 10, 8]  # the seed-style example: 2 CPUs finish at 18, blocks [7,2,5][10,8]
BIG_SIZES = [10**9, 3, 10**9 - 7, 1, 10**9]  # binary search: ~31 probes; trying each limit: 10**9


class Repeated(NamedTuple):
    """A long list of task sizes, `sizes` repeated `times` times, that a report shows in one
    short line; `run_tasks` hands the answer the list itself."""

    sizes: tuple
    times: int

    def __repr__(self) -> str:
        return f"{list(self.sizes)} * {self.times}  ({len(self.sizes) * self.times:,} tasks)"


def _listed(tasks):
    return list(tasks.sizes) * tasks.times if isinstance(tasks, Repeated) else tasks


def run_tasks(answer, case):
    """Call the answer with the case's tasks as a plain list (a `Repeated` written out)."""
    tasks, *rest = case
    return answer(_listed(tasks), *rest)


# 10,000 tasks: a loop takes a blink, a recursion one level per task hits Python's limit
LONG = Repeated((0, 7, 4, 1, 8, 5, 2, 9, 6, 3), 1000)
LONG_LABEL = "10,000 tasks (a recursion one level per task goes past Python's recursion limit)"


def _is_number(x) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


# -- the inputs the statements allow: sizes from 0 to 10**9, up to 10,000 tasks, any cpus >= 1 --
UNITS_OF_SIZE = st.sampled_from([1, 1, 1, 1000, 10**6, 10**8])  # a case's magnitude
LARGEST = 10**9


def sizes_of(unit: int) -> st.SearchStrategy:
    """Whole sizes 0 to 9, or, in a case of a larger unit, k × unit + j (k up to 10, j up to 9,
    at most 10**9), so sizes of millions differ by 1 as well as by millions."""
    small = st.integers(0, 9)
    if unit == 1:
        return small | st.integers(0, 15)
    return small | st.tuples(st.integers(0, 10), small).map(
        lambda kj: min(LARGEST, kj[0] * unit + kj[1]))


@st.composite
def task_lists(draw, unit=None):
    """0 to 40 whole sizes of one magnitude (0 to 10**9), small ones mixed in; the long lists
    (8 or more tasks) as likely as the short ones."""
    sizes = sizes_of(draw(UNITS_OF_SIZE) if unit is None else unit)
    return draw(st.lists(sizes, max_size=7) | st.lists(sizes, min_size=8, max_size=40))


CPUS = st.integers(1, 4) | st.integers(5, 40)


@st.composite
def fits_cases(draw):
    """(tasks, cpus, limit): the limit where a block of the greedy cut just takes its next task
    or one below (it just does not), or at a task's size or one below, or at random; cpus as
    many as the blocks the greedy cuts at that limit, or one fewer or more (where True turns
    False), or at random."""
    unit = draw(UNITS_OF_SIZE)
    tasks = draw(task_lists(unit))
    how = draw(st.sampled_from(["block", "block", "task", "random"])) if tasks else "random"
    if how == "block":
        i = draw(st.integers(0, len(tasks) - 1))
        blocks = balance.cut_blocks(tasks, max(max(tasks), sum(
            tasks[i:draw(st.integers(i + 1, len(tasks)))])))
        k = draw(st.integers(0, len(blocks) - 1))
        limit = sum(blocks[k]) + (blocks[k + 1][0] if k + 1 < len(blocks) else 0)
    elif how == "task":
        limit = draw(st.sampled_from(tasks))
    else:
        limit = draw(st.integers(0, 20) | st.integers(0, 30 * unit))
    limit = max(0, limit - draw(st.integers(0, 1))) if how != "random" else limit
    if tasks and max(tasks) <= limit and draw(st.integers(0, 2)):
        blocks = len(balance.cut_blocks(tasks, limit))
        return tasks, max(1, blocks + draw(st.integers(-1, 1))), limit
    return tasks, draw(CPUS), limit


# -- q1: the greedy feasibility check -----------------------------------------------------------
def fits(tasks, cpus, limit):
    """True (a bool) when the tasks, in the order given, can be cut into at most `cpus` blocks
    of neighbours, none summing past `limit` (a block may sum to exactly `limit`)."""
    used, run = 1, 0  # CPUs opened so far, and the sum of the current block
    for t in tasks:
        if t > limit:
            return False  # no CPU can run this task by the limit
        if run + t <= limit:
            run += t  # the current block has room
        else:
            used, run = used + 1, t  # close it and open the next CPU
    return used <= cpus


def _first_fit(tasks, cpus, limit):
    """The pitfall of q1 as its own algorithm: each task onto the first CPU with room."""
    loads = [0] * cpus
    for t in tasks:
        room = [c for c in range(cpus) if loads[c] + t <= limit]
        if not room:
            return False
        loads[room[0]] += t
    return True


q1 = Problem(
    name="fits",
    arg_names=("tasks", "cpus", "limit"),
    cases=fits_cases(),
    answer=fits,
    run=run_tasks,
    reference=balance.fits,
    examples=[("no tasks", ([], 1, 0)),
              ("the seed-style example at 18", (SEED_TASKS, 2, 18)),
              ("the seed-style example at 17", (SEED_TASKS, 2, 17)),
              ("a block exactly at the limit", ([2, 2], 1, 4)),
              ("a task longer than the limit", ([1, 5], 3, 4)),
              ("tasks of size 0", ([0, 0, 0], 1, 0)),
              ("a task of 0 after a block that reaches the limit: it fits there", ([4, 0], 1, 4)),
              ("in the order given, not sorted: [1, 2, 1, 2] fits on 2 CPUs by 3",
               ([1, 2, 1, 2], 2, 3)),
              ("one task well under the limit, one CPU", ([3], 1, 5)),
              ("sizes near 10**9: [10**9, 10**9 - 1, 1] on 2 CPUs by 10**9",
               ([10**9, 10**9 - 1, 1], 2, 10**9)),
              ("900 tasks whose blocks each reach the limit exactly, one CPU short",
               (Repeated((1, 2, 3), 300), 299, 6)),
              (LONG_LABEL, (LONG, 3, 4 * 10**4))],
    pitfalls=[
        Pitfall("closed a block that exactly reached the limit",
                "a block may sum to the limit itself: keep the task when run + t <= limit",
                edit=[("if run + t <= limit:", "if run + t < limit:")]),
        Pitfall("let a task longer than the limit through",
                "a task longer than the limit fits on no CPU: answer False at once",
                edit=[("        if t > limit:\n            return False  # no CPU can run this "
                       "task by the limit\n", "")]),
        Pitfall("one CPU too many", "count blocks, not cuts: the first block already uses a CPU "
                "(start the count at 1, or compare cuts < cpus)",
                edit=[("used, run = 1, 0", "used, run = 0, 0")]),
        Pitfall("put tasks on any CPU with room",
                "in this version each CPU runs one contiguous block, in order: once a block is "
                "closed, no later task may go back to it", answer=_first_fit),
        Pitfall("one CPU short", "at most `cpus` blocks: as many blocks as CPUs is fine "
                "(blocks <= cpus, not <)",
                edit=[("used, run = 1, 0", "used, run = int(bool(tasks)), 0"),
                      ("return used <= cpus", "return used < cpus")]),
        Pitfall("sorted the tasks", "the tasks must stay in the order given: the blocks are "
                "runs of neighbours", edit=[("for t in tasks:", "for t in sorted(tasks):")]),
    ],
    hints=["Walk the tasks once, keeping the sum of the current block.",
           "If the next task still fits under the limit, add it to the block; otherwise open a new "
           "block (a new CPU) that starts with that task.",
           "Two ways to fail: a single task above the limit, or more blocks than CPUs. Finishing "
           "exactly at the limit is allowed."],
)


# -- q2: binary search on the finish time -------------------------------------------------------
def min_time_contiguous(tasks, cpus):
    """The least finish time (an int) when each CPU runs one block of neighbouring tasks, in
    order; 0 for no tasks. Binary search on the limit, using `fits`."""
    if not tasks:
        return 0
    low, high = max(tasks), sum(tasks)  # high always fits; the answer is in [low, high]
    while low < high:
        mid = (low + high) // 2
        if fits(tasks, cpus, mid):
            high = mid  # mid works: the answer is mid or smaller
        else:
            low = mid + 1  # mid fails: the answer is larger
    return low


def _even_share(tasks, cpus):
    """A pitfall as its own (one-line) answer: the lower bound, not searched."""
    return max(max(tasks), -(-sum(tasks) // cpus)) if tasks else 0


def judge_finish_time(case, expected, got) -> str | None:
    """Strict comparison, then whether a wrong number is too high or too low."""
    wrong = difference(expected, got)
    if wrong is None or not _is_number(got) or got < 0:
        return wrong
    tasks, cpus = _listed(case[0]), case[1]
    if balance.fits(tasks, cpus, got):
        return f"{got} can be met, but so can {expected}: the answer is too high"
    return f"no split into {cpus} blocks finishes by {got}: the answer is too low"


q2 = Problem(
    exact_numbers=True,  # the statement names the type
    name="min_time_contiguous",
    arg_names=("tasks", "cpus"),
    cases=st.tuples(task_lists(), CPUS),
    answer=min_time_contiguous,
    run=run_tasks,
    reference=balance.min_time_contiguous,
    judge=judge_finish_time,
    equivalent={"min_time_contiguous call: `max(tasks)` -> `min(tasks)` in `low, high = "
                "(max(tasks), sum(tasks))`": "a lower start is still at most the "
                "answer, and fits rejects every limit below the largest task: the same answer, "
                "a probe or two later"},
    examples=[("no tasks", ([], 2)), ("one task", ([6], 3)),
              ("more CPUs than tasks", ([4, 1, 3], 5)),
              ("the seed-style example", (SEED_TASKS, 2)),
              ("the seed-style example on 3 CPUs", (SEED_TASKS, 3)),
              ("only tasks of size 0", ([0, 0, 0], 2)),
              ("sizes of 10**9: a search over every limit cannot finish", (BIG_SIZES, 2))],
    pitfalls=[
        Pitfall("high = mid - 1 skipped the answer",
                "when mid fits, mid itself may be the answer: set high = mid, not mid - 1",
                edit=[("high = mid  #", "high = mid - 1  #")]),
        Pitfall("the lowest bound was never tried",
                "with `while high - low > 1` and `low = mid` the loop returns high without ever "
                "checking low, which may already fit; use `while low < high`, `high = mid` on a "
                "fit and `low = mid + 1` on a miss",
                edit=[("while low < high:", "while high - low > 1:"),
                      ("low = mid + 1", "low = mid"), ("return low", "return high")]),
        Pitfall("upper bound too small",
                "the answer can be as large as the total (one CPU runs everything): search up to "
                "sum(tasks), not max(tasks)", edit=[("max(tasks), sum(tasks)", "0, max(tasks)")]),
        Pitfall("returned the lower bound instead of searching",
                "max(largest task, total / cpus) is a floor, not the answer: the blocks must "
                "break between tasks", answer=_even_share),
    ],
    hints=["Any answer is at least the largest task and at most the total. Which limits fit is "
           "monotone: if T fits, so does T + 1.",
           "Binary search for the smallest limit that fits, using your check from q1.",
           "`low, high = max(tasks), sum(tasks)`; while low < high: mid = (low + high) // 2; "
           "if it fits, high = mid, else low = mid + 1. Return low (0 for no tasks)."],
)


# -- q3: LPT ------------------------------------------------------------------------------------
def lpt(tasks, cpus):
    """Longest task first, each onto the CPU with the least load so far (the lowest-numbered
    CPU on a tie): the loads, as a list with loads[c] for CPU c."""
    heap = [(0, c) for c in range(cpus)]  # (load, cpu): the cpu number breaks ties
    loads = [0] * cpus
    for t in sorted(tasks, reverse=True):
        load, c = heapq.heappop(heap)  # the least-loaded CPU
        loads[c] = load + t
        heapq.heappush(heap, (loads[c], c))
    return loads


def _lpt_loads(tasks, cpus):
    return balance.lpt(tasks, cpus).loads


def _round_robin(tasks, cpus):
    """The pitfall of q3 as its own algorithm: the next CPU in turn, not the least loaded."""
    loads = [0] * cpus
    for i, t in enumerate(sorted(tasks, reverse=True)):
        loads[i % cpus] += t
    return loads


def judge_loads(case, expected, got) -> str | None:
    wrong = difference(expected, got)
    if wrong is None or not isinstance(got, list) or len(got) != len(expected) or not all(
            _is_number(x) for x in got):
        return wrong
    tasks = _listed(case[0])
    if sum(got) != sum(tasks):
        return f"the loads add up to {sum(got)}, but the tasks add up to {sum(tasks)}"
    if sorted(got) == sorted(expected):
        return ("the same loads, on different CPUs: placing the tasks longest first, with "
                f"ties going to the lowest-numbered CPU, CPU 0 ends with {expected[0]}")
    return (f"LPT finishes at {max(expected)} with loads {expected}; this answer "
            f"finishes at {max(got)}")


q3 = Problem(
    name="lpt",
    arg_names=("tasks", "cpus"),
    cases=st.tuples(task_lists(), st.integers(1, 4) | st.integers(5, 12)),
    answer=lpt,
    run=run_tasks,
    reference=_lpt_loads,
    judge=judge_loads,
    examples=[("no tasks", ([], 2)), ("one task, two CPUs", ([3], 2)),
              ("the seed-style example", (SEED_TASKS, 2)),
              ("Graham's worst case for 3 CPUs, shortest first", (
                  sorted(balance.graham_worst_case(3)), 3)),
              ("sizes of millions, shortest first", ([2 * 10**6, 3 * 10**6, 4 * 10**6], 2)),
              (LONG_LABEL, (LONG, 6))],
    pitfalls=[
        Pitfall("no sorting", "LPT takes the tasks longest first; in the given order a big task "
                "that comes last can land on top of a full CPU",
                edit=[("sorted(tasks, reverse=True)", "tasks")]),
        Pitfall("sorted shortest first", "sort descending, longest first: small tasks placed "
                "last fill the gaps", edit=[("sorted(tasks, reverse=True)", "sorted(tasks)")]),
        Pitfall("ties to the highest-numbered CPU", "when loads are equal, choose the lowest "
                "CPU index (a heap of (load, cpu) does this by itself)",
                edit=[("(0, c) for c", "(0, -c) for c"),
                      ("load, c = heapq.heappop(heap)", "load, c = heapq.heappop(heap)\n"
                       "        c = -c"), ("(loads[c], c))", "(loads[c], -c))")]),
        Pitfall("round robin instead of least loaded", "each task goes to the CPU with the "
                "least load so far, not to the next CPU in turn", answer=_round_robin),
    ],
    hints=["Sort the tasks longest first.",
           "Give each task to the CPU with the smallest load so far; on a tie, the lowest index.",
           "A heap of (load, cpu) pops exactly that CPU in O(log N); push it back with its new "
           "load. Return the loads, indexed by CPU."],
)


# -- q4: the exact minimum makespan ----------------------------------------------------------
def min_makespan(tasks, cpus):
    """The smallest makespan (an int) when any task may run on any CPU: backtracking that
    places tasks longest first and cuts every branch that cannot beat the best found."""
    sizes = sorted(tasks, reverse=True)
    floor = max(max(sizes, default=0), -(-sum(sizes) // cpus))  # nothing can beat this
    best = max(lpt(sizes, cpus))  # LPT's answer is a good first bound
    loads = [0] * cpus

    def place(k):
        nonlocal best
        if k == len(sizes):
            best = max(loads)  # pruning guarantees it is better than the old best
            return best == floor  # True: stop, nothing can beat the lower bound
        tried = set()
        for c in range(cpus):
            if loads[c] in tried or loads[c] + sizes[k] >= best:
                continue  # an equal load was tried already, or this cannot beat best
            tried.add(loads[c])
            loads[c] += sizes[k]
            done = place(k + 1)
            loads[c] -= sizes[k]  # undo before trying the next CPU
            if done:
                return True
        return False

    if best > floor:
        place(0)
    return best


def _exact_reference(tasks, cpus):
    return balance.min_makespan(tasks, cpus).makespan


def judge_exact(case, expected, got) -> str | None:
    wrong = difference(expected, got)
    if wrong is None or not _is_number(got):
        return wrong
    tasks, cpus = case
    if got < expected:
        return f"no assignment finishes by {got}: the answer is too low"
    if got == balance.lpt(tasks, cpus).makespan:
        return f"that is LPT's answer; the tasks can all finish by {expected}"
    return f"the tasks can all finish by {expected}: the answer is too high"


def lpt_misses(case) -> bool:
    tasks, cpus = case
    return balance.lpt(tasks, cpus).makespan > balance.min_makespan(tasks, cpus).makespan


# An exact answer may take exponential time, and the check's limit is 2 s: every instance keeps a
# search over the subsets of tasks, 3**n × (cpus − 1) steps, within about as many as 12 tasks on
# 4 CPUs take (Graham's case for 5 CPUs aside: 11 tasks), so an exact answer of any style ends.
STEPS = 3**12 * 3


def within_steps(tasks, cpus) -> bool:
    return 3 ** len(tasks) * max(1, cpus - 1) <= STEPS


any_instance = st.one_of(
    st.tuples(st.lists(st.integers(0, 9), max_size=7), st.integers(1, 3)),
    st.tuples(st.lists(st.integers(0, 9), min_size=8, max_size=12), st.integers(1, 3)),
    st.tuples(st.lists(st.integers(0, 9), max_size=9), st.integers(4, 8)))
# more than 5 CPUs and one more task than CPUs, of sizes 5 to 9 (any two add up to more
# than the largest): where max(largest, ⌈total / cpus⌉) is not the answer (and a search with no
# cut for equal loads still ends in time)
many_cpus = st.integers(6, 7).flatmap(lambda m: st.tuples(
    st.lists(st.integers(5, 9), min_size=m + 1, max_size=m + 1), st.just(m)))
# a case's unit of size: its sizes times it (so up to 6 * 10**8, within the 10**9 allowed);
# LPT and the optimum scale with it, so an instance LPT misses stays one
UNITS = st.sampled_from([1, 1, 1, 1000, 10**6, 5 * 10**7])


@st.composite
def lpt_miss_instances(draw):
    """5 to 8 tasks on 2 to 4 CPUs where LPT is not optimal (about one random draw in five on 2
    CPUs is one; after 12 tries, Graham's worst case for 2 or 3 CPUs, shuffled). On 3 or 4 CPUs
    a search that tries only some CPUs for a task (the least loaded and the fullest, say) can
    miss the optimum; on 2 it tries them all."""
    cpus = draw(st.sampled_from([2, 3, 3, 4]))
    for _ in range(12):
        case = (draw(st.lists(st.integers(1, 9), min_size=5, max_size=8)), cpus)
        if lpt_misses(case):
            return case
    m = min(cpus, 3)
    return (draw(st.permutations(balance.graham_worst_case(m))), m)


FIRST = "first solution instead of best"
FIRST_WHY = ("the first complete assignment the search reaches is only a candidate: keep "
             "searching, and stop early only when a makespan equals the lower bound")


def _partial_search(tasks, cpus, choose):
    """A search that tries, for each task, only the CPUs `choose(loads, size, best)` picks
    (every CPU: exact; fewer: a pitfall of q4 that looks complete and is not)."""
    sizes, loads, best = sorted(tasks, reverse=True), [0] * cpus, [sum(tasks) + 1]

    def place(k):
        if k == len(sizes):
            best[0] = min(best[0], max(loads))
            return
        for c in choose(loads, sizes[k], best[0]):
            if loads[c] + sizes[k] >= best[0]:
                continue  # cannot beat the best found
            loads[c] += sizes[k]
            place(k + 1)
            loads[c] -= sizes[k]

    place(0)
    return best[0]


def _least_and_fullest(loads, size, best):
    """The least loaded CPU and the fullest one where the task still beats the best."""
    least = min(range(len(loads)), key=loads.__getitem__)
    room = [c for c in range(len(loads)) if loads[c] + size < best]
    return {least, max(room, key=loads.__getitem__, default=least)}


def _two_least(loads, size, best):
    """The two least loaded CPUs."""
    return sorted(range(len(loads)), key=loads.__getitem__)[:2]


# each partial search, and an instance it misses: the one a generated case falls back on
PARTIAL = {_least_and_fullest: [2, 7, 5, 3, 2, 4], _two_least: [2, 2, 2, 2, 2, 2, 3, 3]}


@st.composite
def full_search_instances(draw):
    """Tasks that fill 3 or 4 CPUs exactly to one load T, the optimum (each CPU's share cut
    into 1 to 3 tasks, then shuffled), where a search that tries only some CPUs for each task
    (the least loaded and the fullest, or the two least loaded: one is drawn) misses T; after
    12 tries, an instance on 3 CPUs that one misses, shuffled."""
    choose = draw(st.sampled_from(list(PARTIAL)))
    for _ in range(12):
        cpus, total = draw(st.sampled_from([3, 4, 4])), draw(st.integers(6, 12))
        tasks = []
        for _ in range(cpus):
            cuts = sorted(draw(st.sets(st.integers(1, total - 1), max_size=2)))
            tasks += [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        if _partial_search(tasks, cpus, choose) != total:
            return draw(st.permutations(tasks)), cpus
    return draw(st.permutations(PARTIAL[choose])), 3


def _first_complete(tasks, cpus):
    """A pitfall of q4 as its own answer: the search returns its first complete assignment,
    which with no bound to beat puts every task on CPU 0."""
    return sum(tasks)


GRAHAM_5 = balance.graham_worst_case(5)
FLOOR = 'the floor only ends the search early; a lower floor gives the same minimum, later'
CUT = ('a cut that only saves time: the search still tries every placement that could be'
       'at the best found, and returns the same minimum')
# five tasks where LPT misses (17 against 15, 7 against 6) and, for the first, a search that
# forgets to undo a placement misses too; drawn first, in any order
SMALL_MISSES = st.sampled_from([[4, 4, 6, 7, 9], [3, 3, 2, 2, 2]]).flatmap(
    st.permutations).map(lambda tasks: (tasks, 2))


@st.composite
def widened(draw, instances):
    """An instance LPT misses, made larger the ways the statement allows that keep LPT missing:
    its sizes times a unit, tasks of size 0 added (up to 12 tasks), or up to 5 CPUs, each new
    one with one more task of the optimum's size (when LPT still misses then); within STEPS."""
    tasks, cpus = draw(instances)
    unit = draw(UNITS)
    tasks = [t * unit for t in tasks]
    how = draw(st.sampled_from(["as is", "zeros", "cpus"]))
    if how == "zeros" and within_steps([*tasks, 0], cpus):
        most = max(z for z in range(1, 8) if within_steps(tasks + [0] * z, cpus))
        zeros = draw(st.just(most) | st.integers(1, most))  # as many as allowed, or fewer
        return draw(st.permutations(tasks + [0] * zeros)), cpus
    if how == "cpus" and cpus < 5 and within_steps([*tasks, 0], cpus + 1):  # (5: a search with
        # no cut for equal loads tries each of them for every task)
        more = draw(st.integers(1, 5 - cpus).filter(
            lambda k: within_steps(tasks + [0] * k, cpus + k)))
        wider = (draw(st.permutations(tasks + [_exact_reference(tasks, cpus)] * more)),
                 cpus + more)
        if lpt_misses(wider):
            return wider
    return tasks, cpus


# 12 tasks on 4 CPUs (sizes up to 10**9, two of 0) where LPT misses and a search stopped after
# 3,000 branches misses too (each task of 0 multiplies the branches below it by up to 3): only a
# search that runs to its end is sure to reach the optimum. (Not more tasks: a search over every
# subset of tasks, exact too, takes 3**n steps, and would not end within the limit.)
LONG_SEARCH = [1000 * t for t in [500114, 803187, 791097, 543101, 346953, 631639, 735543, 473292,
                                  0, 213910, 0, 829267]]

q4 = Problem(
    exact_numbers=True,  # the statement names the type
    name="min_makespan",
    arg_names=("tasks", "cpus"),
    cases=st.one_of(widened(SMALL_MISSES), widened(lpt_miss_instances()),
                    widened(full_search_instances()), any_instance, many_cpus,
                    st.tuples(any_instance, UNITS).map(lambda c: ([t * c[1] for t in c[0][0]],
                                                                  c[0][1]))),
    answer=min_makespan,
    reference=_exact_reference,
    judge=judge_exact,
    max_examples=120,
    equivalent={
        "min_makespan call: `max(max(sizes, default=0), -(-sum(sizes) // cpus))` -> "
        "`min(max(sizes, default=0), -(-sum(sizes) // cpus))` in `floor = max(max(sizes, "
        "default=0), -(-sum(sizes) // cpus))`": FLOOR,
        "min_makespan call: `max(sizes, default=0)` -> `min(sizes, default=0)` in `floor = "
        "max(max(sizes, default=0), -(-sum(sizes) // cpus))`": FLOOR,
        "min_makespan sign: `-(-sum(sizes) // cpus)` -> `-sum(sizes) // cpus` in `floor = "
        "max(max(sizes, default=0), -(-sum(sizes) // cpus))`": FLOOR,
        "min_makespan arithmetic: `-sum(sizes) // cpus` -> `-sum(sizes) / cpus` in `floor = "
        "max(max(sizes, default=0), -(-sum(sizes) // cpus))`": FLOOR,
        "min_makespan sign: `-sum(sizes)` -> `sum(sizes)` in `floor = max(max(sizes, default=0), "
        "-(-sum(sizes) // cpus))`": FLOOR,
        "min_makespan constant: `0` -> `1` in `floor = max(max(sizes, default=0), -(-sum(sizes) "
        "// cpus))`": FLOOR,
        "min_makespan constant: `0` -> `-1` in `floor = max(max(sizes, default=0), -(-sum(sizes) "
        "// cpus))`": FLOOR,
        "min_makespan compare: `best > floor` -> `best >= floor` in `if best > floor:`": CUT,
        "min_makespan.place delete: `tried.add(loads[c])` -> `pass`": CUT,
        "min_makespan.place delete: `if done:` -> `pass`": CUT,
        "min_makespan.place delete: `return True` -> `pass`": CUT,
        "min_makespan.place constant: `True` -> `False` in `return True`": CUT,
        "min_makespan.place compare: `loads[c] + sizes[k] >= best` -> `loads[c] + sizes[k] > "
        "best` in `if loads[c] in tried or loads[c] + sizes[k] >= best:`": CUT,
        "min_makespan constant: `True` -> `False` in `sizes = sorted(tasks, "
        "reverse=True)`": "any order of placing the tasks is exact; longest "
        "first only makes bad branches fail sooner",
        "min_makespan.place delete: `return False` -> "
        "`pass`": "falling off the end returns None, which is "
        "as false as False",
    },
    examples=[("no tasks", ([], 2)), ("one CPU", ([4, 2, 3], 1)),
              ("the same tasks on 2 CPUs (an answer kept from the call before is wrong)",
               ([3, 2, 4], 2)),
              ("more CPUs than tasks", ([5, 1], 4)),
              ("three equal tasks on 2 CPUs: the floor, 3, cannot be met", ([2, 2, 2], 2)),
              ("a placement left in place misses the best", ([5, 8, 6, 7, 9, 3], 2)),
              ("Graham's worst case for 2 CPUs", (balance.graham_worst_case(2), 2)),
              ("Graham's worst case for 3 CPUs, shuffled", ([3, 4, 5, 3, 4, 3, 5], 3)),
              ("3 CPUs where the best needs a CPU that is neither the least loaded nor the "
               "fullest", ([2, 7, 5, 3, 2, 4], 3)),
              ("3 CPUs where the best puts a task on neither of the two least loaded",
               ([2, 2, 2, 3, 2, 2, 3, 2], 3)),
              ("Graham's worst case for 5 CPUs (11 tasks: 5 ** 11 ≈ 49 million assignments, "
               "far too many to try one by one)", (GRAHAM_5, 5)),
              ("Graham's worst case for 3 CPUs, sizes times 10**8, 5 tasks of 0 added", (
                  [0] * 3 + [10**8 * t for t in balance.graham_worst_case(3)] + [0] * 2, 3)),
              ("7 tasks of 5 on 6 CPUs: the floor, 6, cannot be met", ([5] * 7, 6)),
              ("12 tasks on 4 CPUs, sizes up to 10**9, where the search must run to its end: "
               "stopped after a few thousand branches it misses the optimum", (LONG_SEARCH, 4))],
    pitfalls=[
        Pitfall("LPT is a heuristic, not exact",
                "longest-first onto the least-loaded CPU can miss the optimum (Graham's example); "
                "search every placement, cutting only branches that cannot win",
                edit=[("    if best > floor:\n        place(0)\n", "")]),
        Pitfall("returned the lower bound", "max(largest task, ⌈total / cpus⌉) is a floor; "
                "whole tasks often cannot meet it",
                edit=[("    return best\n", "    return floor\n")]),
        Pitfall("kept the tasks in order", "that is the contiguous version; here any task may "
                "go on any CPU", answer=min_time_contiguous),
        Pitfall(FIRST, FIRST_WHY, edit=[("return best == floor  #", "return True  #")]),
        Pitfall(FIRST, FIRST_WHY, answer=_first_complete),
        Pitfall("tried only some CPUs for a task",
                "a search is exact only if every CPU a task could go on is tried (the cuts may "
                "skip a CPU only when it cannot win, or its load equals one tried already): "
                "the least loaded and the fullest CPU are not enough on 3 CPUs or more",
                answer=lambda tasks, cpus: _partial_search(tasks, cpus, _least_and_fullest)),
        Pitfall("tried only some CPUs for a task",
                "a search is exact only if every CPU a task could go on is tried: the two least "
                "loaded CPUs are not enough on 3 CPUs or more",
                answer=lambda tasks, cpus: _partial_search(tasks, cpus, _two_least)),
        Pitfall("forgot to undo a placement", "after the recursive call, take the task off the "
                "CPU again before trying the next one",
                edit=[("            loads[c] -= sizes[k]  # undo before trying the next CPU\n",
                       "")]),
    ],
    hints=["Try every CPU for every task, recursively, and keep the best complete assignment. "
           "That is correct but exponential: now cut branches.",
           "Place the tasks longest first, start `best` at LPT's answer, and skip a CPU when "
           "load + task >= best: that branch cannot win.",
           "Two more cuts: CPUs with equal loads are interchangeable, so try only one of them; and "
           "stop at once when best reaches the lower bound max(largest, ⌈total / cpus⌉)."],
)

PROBLEMS = [q1, q2, q3, q4]

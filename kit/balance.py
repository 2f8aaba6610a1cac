"""Load balancing on N CPUs: the least time in which M known tasks can all be finished.

This is a different problem from a priority scheduler. Nothing arrives over time and no task waits
on another; every size is known up front, and the only question is how to spread the work so that
the busiest CPU finishes as early as possible (the makespan). There are two versions.

* Contiguous: the tasks keep their order and each CPU runs one block of neighbours. Whether a
  finish time T can be met is a greedy O(M) scan (keep filling the current CPU until the next task
  would pass T, then open the next CPU), and a larger T never hurts, so a binary search on T finds
  the smallest one that fits.
* Any CPU: each task may go anywhere. No known method is both fast and exact on every input (the
  problem is NP-hard). LPT is the quick heuristic: longest task first, onto the least-loaded CPU,
  found with a heap keyed on load; it is never worse than (4/3 - 1/(3m)) times the optimum on m
  CPUs. The exact answer is a backtracking search that starts from LPT's answer and cuts every
  branch that cannot beat the best found; it can take exponential time, so it accepts a limit.

No answer can be below `lower_bound`: some CPU runs the largest task, and some CPU gets at least
an even share of the total.

Sizes are ints (all arithmetic exact) or floats (a list holding any non-integer is treated as
floats; loads are then summed left to right in placement order, so they carry rounding).
"""

import heapq
import math
from numbers import Integral
from typing import NamedTuple

from kit import validate
from kit.clock import MonotonicClock

MAX_SEARCH_TASKS = 500  # deeper searches would pass Python's recursion limit (and never finish)


class Step(NamedTuple):
    """One probe of the binary search: the optimum lies in [low, high]; `guess` was tried."""

    low: float
    high: float
    guess: float
    feasible: bool  # did every task fit on the CPUs with no block above `guess`?


class Split(NamedTuple):
    """Contiguous answer. `blocks[c]` is the slice of tasks CPU c runs (empty if unused)."""

    makespan: float
    loads: list
    blocks: list


class Balance(NamedTuple):
    """Any-CPU answer. `assignment[c]` lists the sizes CPU c runs, in the order they were placed
    (longest first); `cpu_of[i]` is the CPU that runs tasks[i]; `optimal` is True only when the
    makespan is proven to be the minimum."""

    makespan: float
    loads: list
    assignment: list
    cpu_of: list
    optimal: bool


def _check(tasks, cpus) -> list:
    """Validate the inputs; return the sizes as a list of ints, or of floats if any is not whole."""
    validate.integer("cpus", cpus, low=1)
    if isinstance(tasks, str | bytes) or not hasattr(tasks, "__iter__"):
        raise TypeError(f"tasks must be a list of numbers, got {tasks!r}")
    sizes = [validate.number(f"tasks[{i}]", t, low=0) for i, t in enumerate(tasks)]
    if all(isinstance(t, Integral) for t in sizes):
        return [int(t) for t in sizes]
    return [float(t) for t in sizes]


def lower_bound(tasks, cpus: int):
    """max(largest task, total / cpus), the total rounded up for ints. O(M).

    Some CPU runs the largest task, and some CPU gets at least an even share of the total. (If
    a task could be cut into pieces that run one after another on different CPUs, this bound
    would be the answer, without the rounding; a piece can never run on two CPUs at once.)
    For floats the total is `math.fsum` (correctly rounded) divided by cpus."""
    return _lower_bound(_check(tasks, cpus), cpus)


def _lower_bound(sizes: list, cpus: int):
    if not sizes:
        return 0
    if isinstance(sizes[0], int):
        return max(max(sizes), -(-sum(sizes) // cpus))
    return max(max(sizes), math.fsum(sizes) / cpus)


# --- contiguous blocks: binary search on the finish time -----------------------------------------


def _greedy(sizes: list, cpus: int, limit):
    """Fill each CPU until the next task would pass `limit`. One pass, O(M).

    Returns (True, the largest block) when `cpus` blocks suffice, else (False, nudge): the least
    block-plus-next-task seen, i.e. the smallest limit that would cut anywhere differently. Any
    limit below the nudge cuts the same blocks and fails too, so the optimum is >= nudge."""
    used, run, worst, nudge = 1, 0, 0, math.inf
    for t in sizes:
        after = run + t
        if after <= limit:
            run = after
            continue
        if t > limit:
            return False, min(nudge, t)
        nudge = min(nudge, after)
        if used == cpus:
            return False, nudge
        used += 1
        worst = max(worst, run)
        run = t
    return True, max(worst, run)


def cut_blocks(tasks, limit) -> list[list]:
    """The contiguous blocks the greedy check cuts at `limit`, using as many CPUs as it needs;
    `fits(tasks, cpus, limit)` holds exactly when there are at most `cpus` of them (and no task is
    larger than `limit`). For drawing the check. O(M)."""
    sizes = _check(tasks, 1)
    validate.number("limit", limit, low=0)
    blocks: list[list] = []
    run = 0
    for t in sizes:
        if not blocks or run + t > limit:
            blocks.append([])
            run = 0
        blocks[-1].append(t)
        run += t
    return blocks


def fits(tasks, cpus: int, limit) -> bool:
    """Can the tasks, in order, be cut into at most `cpus` contiguous blocks each summing to at
    most `limit`? Greedy: close a block only when the next task would pass the limit; that never
    uses more blocks than any other cut. O(M) time, O(1) extra space."""
    sizes = _check(tasks, cpus)
    validate.number("limit", limit, low=0)
    return _greedy(sizes, cpus, limit)[0]


def _search(sizes: list, cpus: int, steps: list):
    """Binary search on the finish time; appends each probe to `steps`; returns the optimum.

    Invariant: the optimum is in [low, high]. A guess that fits lowers `high` to the largest block
    the greedy actually cut; a guess that fails raises `low` to the greedy's nudge. Both ends are
    always sums of real blocks, so the answer is exact for floats too (no tolerance), and each
    step at least halves the range."""
    if not sizes:
        return 0
    low, high = max(sizes), _greedy(sizes, 1, math.inf)[1]  # largest task; one CPU runs all
    whole = isinstance(low, int)
    while low < high:
        guess = (low + high) // 2 if whole else low + (high - low) / 2
        if guess >= high:  # floats: no float lies strictly between low and high
            guess = low
        ok, value = _greedy(sizes, cpus, guess)
        steps.append(Step(low, high, guess, ok))
        if ok:
            high = value
        else:
            low = value
    return high


def min_time_contiguous(tasks, cpus: int):
    """Smallest finish time when each CPU runs one contiguous block of the tasks, in order.
    Binary search between the largest task and the total, one greedy check per guess:
    O(M log(total)) for ints, O(M (53 + log2 M)) for floats; the answer is an exact block sum."""
    return _search(_check(tasks, cpus), cpus, [])


def search_steps(tasks, cpus: int) -> list[Step]:
    """The probes `min_time_contiguous` makes, as (low, high, guess, feasible) rows, for
    animating the search. Same cost as `min_time_contiguous`."""
    steps: list[Step] = []
    _search(_check(tasks, cpus), cpus, steps)
    return steps


def split_contiguous(tasks, cpus: int) -> Split:
    """The optimum and the blocks the greedy check cuts at that limit: `len(blocks) == cpus`,
    unused CPUs get empty blocks at the end. Cost of `min_time_contiguous` plus one O(M) pass."""
    sizes = _check(tasks, cpus)
    best = _search(sizes, cpus, [])
    blocks, loads, run = [[]], [0], 0
    for t in sizes:
        if blocks[-1] and run + t > best:
            blocks.append([])
            loads.append(0)
            run = 0
        run += t
        blocks[-1].append(t)
        loads[-1] = run
    zero = 0.0 if sizes and isinstance(sizes[0], float) else 0
    loads = [zero + x for x in loads] + [zero] * (cpus - len(blocks))
    return Split(best, loads, blocks + [[] for _ in range(cpus - len(blocks))])


# --- any CPU: LPT heuristic and exact backtracking ----------------------------------------------


def _longest_first(sizes: list) -> list[int]:
    """Task indices by size, largest first; equal sizes keep input order (sorted is stable)."""
    return sorted(range(len(sizes)), key=lambda i: -sizes[i])


def _balance(sizes: list, cpus: int, cpu_of: list, optimal: bool) -> Balance:
    zero = 0.0 if sizes and isinstance(sizes[0], float) else 0
    loads, assignment = [zero] * cpus, [[] for _ in range(cpus)]
    for i in _longest_first(sizes):
        loads[cpu_of[i]] += sizes[i]
        assignment[cpu_of[i]].append(sizes[i])
    return Balance(max(loads), loads, assignment, list(cpu_of), optimal)


def lpt(tasks, cpus: int) -> Balance:
    """Longest processing time first: sort the tasks largest first and give each one to the CPU
    with the least load so far (lowest index on ties). The heap entry is (load, cpu): the CPU
    index is unique, so it is the tie-breaking counter and nothing else is ever compared.
    O(M log M + M log N). `optimal` is True only when the makespan meets `lower_bound`."""
    return _lpt(_check(tasks, cpus), cpus)


def _lpt(sizes: list, cpus: int) -> Balance:
    heap = [(0, c) for c in range(cpus)]  # sorted, hence already a heap
    cpu_of = [0] * len(sizes)
    for i in _longest_first(sizes):
        load, c = heap[0]  # the least-loaded CPU, lowest index on a tie
        cpu_of[i] = c
        heapq.heapreplace(heap, (load + sizes[i], c))
    result = _balance(sizes, cpus, cpu_of, False)
    return result._replace(optimal=result.makespan <= _lower_bound(sizes, cpus))


class _OutOfTime(Exception):
    pass


def min_makespan(tasks, cpus: int, time_limit=None, clock=None) -> Balance:
    """The exact minimum makespan, by backtracking over "which CPU runs the next task".

    The search answers "can every CPU finish by `cap`?": first for cap = `lower_bound` (when
    that works nothing can beat it), then, starting from LPT's answer, for a cap just below the
    best makespan found so far, until the answer is no; the best found is then proven optimal.
    Each question (`fill`) places the tasks largest first, each on every CPU in turn, never past
    the cap. Prunings that only cut branches that cannot succeed are kept apart, named, below it:
    `hopeless` (too little room left for the work left), `already_tried` (equal loads, equal
    tasks) and `cpus_to_try` (a CPU the task fills exactly to the cap is the only one tried).
    Worst case O(N^M): the problem is NP-hard. Tens of tasks are usually fine, hundreds are
    hopeless (more than MAX_SEARCH_TASKS is refused unless LPT already meets the bound).

    `time_limit` (seconds on `clock`, read every 256 branches) stops the search early and returns
    the best found, which is never worse than LPT's, with `optimal=False` unless it meets the
    bound. The default clock is `MonotonicClock()`, real time, so a limited answer can vary from
    run to run; pass a `FakeClock` (or any object with `now()`) to make it repeatable."""
    sizes = _check(tasks, cpus)
    if time_limit is not None:
        validate.number("time_limit", time_limit, low=0)
    start = _lpt(sizes, cpus)
    if start.optimal:
        return start
    if len(sizes) > MAX_SEARCH_TASKS:
        raise ValueError(f"tasks must have at most {MAX_SEARCH_TASKS} items for the exact search "
                         f"(it is exponential), got {len(sizes)}; use lpt(tasks, cpus)")
    clock = MonotonicClock() if clock is None else clock
    deadline = None if time_limit is None else clock.now() + time_limit
    bound = _lower_bound(sizes, cpus)
    order = _longest_first(sizes)
    big = [sizes[i] for i in order]
    whole, zero, smallest = isinstance(big[0], int), 0 * big[0], big[-1]
    left = [sum(big[k:]) for k in range(len(big))] if whole else []  # work still to place
    best, best_where = start.makespan, [start.cpu_of[i] for i in order]
    loads, where, branches = [zero] * cpus, [0] * len(big), 0

    def fill(k: int, cap, done=frozenset()) -> bool:
        """The search itself: place tasks k, k+1, ... so that no load passes `cap`; True (loads
        and `where` filled) if possible. Task k tries each CPU, least loaded first, and the
        search goes on with task k + 1; a dead end puts the task back and tries the next CPU.
        `done`: the loads the previous task already went to in branches that failed."""
        if k == len(big):
            return True
        out_of_time()
        if hopeless(k, cap):
            return False
        t, tried = big[k], already_tried(k, done)
        for c in cpus_to_try(t, cap):
            old = loads[c]
            if old + t > cap or old in tried:
                continue
            before = frozenset(tried)
            tried.add(old)
            loads[c], where[k] = old + t, c
            if fill(k + 1, cap, before):
                return True
            loads[c] = old  # restore the saved value: float (a + t) - t need not equal a
        return False

    # -- the prunings: each cuts only branches that cannot succeed (a first reading may skip them)
    def hopeless(k: int, cap) -> bool:
        """(ints) The room left on CPUs that can still take the smallest task is less than the
        work left."""
        return whole and sum(cap - x for x in loads if x + smallest <= cap) < left[k]

    def already_tried(k: int, done) -> set:
        """Loads not worth trying for task k: equal loads are interchangeable (the loop adds each
        load it tries), and a task as big as the previous one skips the loads that one already
        tried (swapping the two gives a case already searched)."""
        return set(done) if k and big[k] == big[k - 1] else set()

    def cpus_to_try(t, cap) -> list[int]:
        """The CPUs least loaded first; but when one would be filled exactly to the cap, that
        placement alone, since any answer can swap the task with whatever fills that gap."""
        exact = [c for c in range(cpus) if loads[c] + t == cap][:1]
        return exact or sorted(range(cpus), key=loads.__getitem__)

    def out_of_time() -> None:
        """The deadline clock: read every 256 branches, past `time_limit` the search stops."""
        nonlocal branches
        branches += 1
        if deadline is not None and branches % 256 == 0 and clock.now() >= deadline:
            raise _OutOfTime

    def below(x):
        return x - 1 if whole else math.nextafter(x, -math.inf)

    try:
        if fill(0, bound):  # meeting the bound ends the search at once
            best, best_where = max(loads), where[:]
        else:
            while below(best) > bound:  # the bound itself is already known to fail
                loads[:] = [zero] * cpus
                if not fill(0, below(best)):
                    break
                best, best_where = max(loads), where[:]
        proven = True
    except _OutOfTime:
        proven = best <= bound
    cpu_of = [0] * len(sizes)
    for k, i in enumerate(order):
        cpu_of[i] = best_where[k]
    return _balance(sizes, cpus, cpu_of, proven)


def graham_worst_case(cpus: int) -> list[int]:
    """Graham's tight example for LPT on m CPUs: two tasks each of 2m-1, 2m-2, ..., m+1, then
    three of m (2m + 1 tasks). LPT finishes at 4m - 1, the optimum is 3m. O(m)."""
    validate.integer("cpus", cpus, low=1)
    return [s for s in range(2 * cpus - 1, cpus, -1) for _ in range(2)] + [cpus] * 3

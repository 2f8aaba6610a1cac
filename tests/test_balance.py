import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.balance import (
    Balance,
    Split,
    Step,
    cut_blocks,
    fits,
    graham_worst_case,
    lower_bound,
    lpt,
    min_makespan,
    min_time_contiguous,
    search_steps,
    split_contiguous,
)
from kit.clock import FakeClock

FAST = settings(max_examples=80, deadline=None, derandomize=True, database=None)

small_ints = st.lists(st.integers(0, 12), max_size=9)
dyadic = st.lists(st.integers(0, 40).map(lambda x: x / 4), max_size=9)  # exact float sums
any_floats = st.lists(st.floats(0, 1e6, allow_nan=False, allow_infinity=False), max_size=12)


# --- naive models written here, independent of the module -----------------------------------


def brute_makespan(tasks, m):
    """Try every assignment of tasks to CPUs (m ** n of them)."""
    best = math.inf
    for where in itertools.product(range(m), repeat=len(tasks)):
        loads = [0] * m
        for t, c in zip(tasks, where, strict=True):
            loads[c] += t
        best = min(best, max(loads))
    return best if tasks else 0


def block_sum(tasks, i, j):
    run = 0
    for t in tasks[i:j]:
        run += t  # left to right, as a CPU would add its block up
    return run


def dp_contiguous(tasks, m):
    """best[k][j]: least possible largest block when tasks[:j] go to k CPUs; try every split."""
    n = len(tasks)
    best = [[math.inf] * (n + 1) for _ in range(m + 1)]
    best[0][0] = 0
    for k in range(1, m + 1):
        for j in range(n + 1):
            for i in range(j + 1):
                best[k][j] = min(best[k][j], max(best[k - 1][i], block_sum(tasks, i, j)))
    return min(best[k][n] for k in range(1, m + 1))


def check_balance(b, tasks, m):
    assert isinstance(b, Balance)
    assert len(b.loads) == len(b.assignment) == m and len(b.cpu_of) == len(tasks)
    assert sorted(x for a in b.assignment for x in a) == sorted(tasks)
    for c in range(m):
        mine = [t for t, w in zip(tasks, b.cpu_of, strict=True) if w == c]
        assert sorted(b.assignment[c]) == sorted(mine)
        assert b.loads[c] == sum(b.assignment[c])
    assert b.makespan == max(b.loads)


def instance(max_m=4, max_cells=20_000):
    """Tasks and a CPU count small enough for brute force (m ** n assignments)."""
    return st.integers(1, max_m).flatmap(
        lambda m: st.tuples(
            st.lists(st.integers(0, 12), max_size=min(9, int(math.log(max_cells, m + 0.01)))),
            st.just(m),
        )
    )


# --- lower bound and errors ----------------------------------------------------------------


def test_lower_bound_is_largest_task_or_even_share():
    assert lower_bound([5, 1, 1], 2) == 5
    assert lower_bound([3, 3, 3], 2) == 5  # ceil(9 / 2)
    assert lower_bound([1.5, 1.5, 1.0], 2) == 2.0
    assert lower_bound([], 3) == 0


FUNCS = [lower_bound, lpt, min_makespan, min_time_contiguous, split_contiguous, search_steps,
         lambda t, c: fits(t, c, 10)]


@pytest.mark.parametrize("fn", FUNCS)
@pytest.mark.parametrize("tasks, cpus, err, match", [
    ([1], 0, ValueError, r"cpus must be >= 1, got 0"),
    ([1], -2, ValueError, r"cpus .* got -2"),
    ([1], 1.5, TypeError, r"cpus must be an int, got 1\.5"),
    ([1], True, TypeError, r"cpus must be an int, got True"),
    ([1], "2", TypeError, r"cpus must be an int, got '2'"),
    ([1, -3], 2, ValueError, r"tasks\[1\] must be >= 0, got -3"),
    ([math.nan], 2, ValueError, r"tasks\[0\] .* got nan"),
    ([math.inf], 2, ValueError, r"tasks\[0\] .* got inf"),
    ([1, "x"], 2, TypeError, r"tasks\[1\] must be a number, got 'x'"),
    ([None], 2, TypeError, r"tasks\[0\] must be a number, got None"),
    ([False], 2, TypeError, r"tasks\[0\] must be a number, got False"),
    (5, 2, TypeError, r"tasks must be a list of numbers, got 5"),
    ("12", 2, TypeError, r"tasks must be a list of numbers, got '12'"),
])
def test_bad_input_names_argument_and_value(fn, tasks, cpus, err, match):
    with pytest.raises(err, match=match):
        fn(tasks, cpus)


def test_bad_limit_and_time_limit():
    with pytest.raises(ValueError, match=r"limit must be >= 0, got -1"):
        fits([1], 1, -1)
    with pytest.raises(TypeError, match=r"limit must be a number, got '5'"):
        fits([1], 1, "5")
    with pytest.raises(ValueError, match=r"time_limit must be >= 0, got -0\.5"):
        min_makespan([1], 1, time_limit=-0.5)
    with pytest.raises(TypeError, match=r"time_limit must be a number, got 'soon'"):
        min_makespan([1], 1, time_limit="soon")
    with pytest.raises(ValueError, match=r"limit must be finite, got nan"):
        fits([1], 1, math.nan)
    with pytest.raises(ValueError, match=r"time_limit must be finite, got nan"):
        min_makespan([1], 1, time_limit=math.nan)


@pytest.mark.parametrize("bad, err, match", [
    (0, ValueError, r"cpus must be >= 1, got 0"),
    (2.0, TypeError, r"cpus must be an int, got 2\.0"),
])
def test_graham_bad_input(bad, err, match):
    with pytest.raises(err, match=match):
        graham_worst_case(bad)


@pytest.mark.parametrize("fn", [lpt, min_makespan, split_contiguous])
def test_empty_task_list_has_makespan_zero(fn):
    result = fn([], 3)
    assert result.makespan == 0 and result.loads == [0, 0, 0]
    assert min_time_contiguous([], 3) == 0 and search_steps([], 3) == [] and fits([], 3, 0)


# --- contiguous blocks ---------------------------------------------------------------------


def test_contiguous_worked_example():
    s = split_contiguous([7, 2, 5, 10, 8], 2)
    assert s == Split(18, [14, 18], [[7, 2, 5], [10, 8]])
    assert fits([7, 2, 5, 10, 8], 2, 18) and not fits([7, 2, 5, 10, 8], 2, 17)


@FAST
@given(st.lists(st.integers(0, 30), max_size=10), st.integers(1, 4))
def test_contiguous_equals_dp_over_split_points(tasks, m):
    assert min_time_contiguous(tasks, m) == dp_contiguous(tasks, m)


@FAST
@given(any_floats, st.integers(1, 4))
def test_contiguous_floats_exact_no_tolerance(tasks, m):
    assert min_time_contiguous(tasks, m) == dp_contiguous(tasks, m)  # bit for bit


def test_contiguous_floats_tenths():
    assert min_time_contiguous([0.1] * 10, 3) == 0.1 + 0.1 + 0.1 + 0.1  # a real block's sum


@FAST
@given(st.lists(st.integers(0, 30), max_size=10), st.integers(1, 4), st.integers(0, 200))
def test_fits_iff_limit_reaches_optimum(tasks, m, limit):
    assert fits(tasks, m, limit) == (dp_contiguous(tasks, m) <= limit)


@FAST
@given(st.one_of(small_ints, any_floats), st.integers(1, 5))
def test_split_blocks_cover_tasks_in_order(tasks, m):
    s = split_contiguous(tasks, m)
    assert len(s.blocks) == len(s.loads) == m
    assert [t for b in s.blocks for t in b] == list(tasks)
    assert s.loads == [block_sum(b, 0, len(b)) for b in s.blocks]
    assert max(s.loads) == s.makespan == min_time_contiguous(tasks, m)


@FAST
@given(st.one_of(st.lists(st.integers(0, 10**6), max_size=12), any_floats), st.integers(1, 5))
def test_search_steps_are_a_shrinking_binary_search(tasks, m):
    steps, best = search_steps(tasks, m), min_time_contiguous(tasks, m)
    for s, nxt in itertools.pairwise(steps + [None]):
        assert isinstance(s, Step) and s.low <= best <= s.high and s.low <= s.guess < s.high
        assert s.feasible == fits(tasks, m, s.guess) == (s.guess >= best)
        if nxt is not None:
            assert (nxt.high - nxt.low) <= (s.high - s.low) / 2 * (1 + 1e-12)  # fp rounding
    if tasks:
        assert len(steps) <= 64 + math.log2(len(tasks) + 1)


@FAST
@given(st.lists(st.integers(0, 30), max_size=10), st.integers(1, 5))
def test_more_cpus_never_worse_contiguous(tasks, m):
    assert min_time_contiguous(tasks, m + 1) <= min_time_contiguous(tasks, m)


# --- any CPU: LPT and the exact search ----------------------------------------------------------


def test_lpt_places_longest_first_on_least_loaded_lowest_index():
    b = lpt([2, 5, 3, 5], 2)
    assert b.assignment == [[5, 3], [5, 2]] and b.cpu_of == [1, 0, 0, 1]
    assert b.makespan == 8 and b.optimal  # 8 == ceil(15 / 2)


@pytest.mark.parametrize("m", [1, 2, 3, 4, 5, 6])
def test_graham_worst_case(m):
    tasks = graham_worst_case(m)
    assert sorted(tasks) == sorted([s for s in range(m + 1, 2 * m) for _ in (0, 1)] + [m] * 3)
    assert lpt(tasks, m).makespan == 4 * m - 1
    exact = min_makespan(tasks, m)
    assert exact.makespan == 3 * m and exact.optimal
    check_balance(exact, tasks, m)


@FAST
@given(instance())
def test_exact_equals_brute_force(inst):
    tasks, m = inst
    b = min_makespan(tasks, m)
    assert b.makespan == brute_makespan(tasks, m) and b.optimal
    check_balance(b, tasks, m)


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(st.integers(1, 3).flatmap(lambda m: st.tuples(dyadic, st.just(m))))
def test_exact_with_float_sizes_equals_brute_force(inst):
    tasks, m = inst
    if m ** len(tasks) > 20_000:
        tasks = tasks[:6]
    assert min_makespan(tasks, m).makespan == brute_makespan(tasks, m)


@FAST
@given(instance())
def test_lpt_within_grahams_ratio(inst):
    tasks, m = inst
    b, opt = lpt(tasks, m), brute_makespan(tasks, m)
    check_balance(b, tasks, m)
    assert 3 * m * b.makespan <= (4 * m - 1) * opt  # LPT <= (4/3 - 1/(3m)) * optimum
    assert lower_bound(tasks, m) <= opt <= b.makespan
    assert b.optimal == (b.makespan == lower_bound(tasks, m))


@FAST
@given(st.lists(st.integers(1, 30), max_size=14), st.integers(1, 4))
def test_more_cpus_never_worse_exact(tasks, m):
    assert min_makespan(tasks, m + 1).makespan <= min_makespan(tasks, m).makespan


class TickingClock:
    """Every reading moves time on by one second."""

    def __init__(self):
        self.t = 0

    def now(self):
        self.t += 1
        return self.t


HARD = [332, 971, 155, 405, 667, 50, 75, 841, 549, 97, 375, 597, 60, 932]  # bound 1527, LPT 1596


def test_time_limit_returns_best_found_not_proven():
    clock = TickingClock()
    b = min_makespan(HARD, 4, time_limit=0, clock=clock)
    greedy = lpt(HARD, 4)
    check_balance(b, HARD, 4)
    assert not greedy.optimal and b.makespan <= greedy.makespan
    assert not b.optimal and clock.t == 2  # read at the start and after the first 256 branches
    assert b.makespan > min_makespan(HARD, 4).makespan == 1529  # stopped before the optimum


@FAST
@given(st.lists(st.integers(1, 40), max_size=14), st.integers(2, 4))
def test_tiny_time_limit_never_worse_than_lpt(tasks, m):
    b = min_makespan(tasks, m, time_limit=0, clock=TickingClock())
    check_balance(b, tasks, m)
    assert b.makespan <= lpt(tasks, m).makespan
    full = min_makespan(tasks, m)
    assert (b.makespan == full.makespan) if b.optimal else b.makespan >= full.makespan


def test_generous_time_limit_proves_optimum():
    clock = FakeClock()  # never moves, so the limit is never reached
    b = min_makespan(HARD, 4, time_limit=1, clock=clock)
    assert b.optimal and b.makespan == min_makespan(HARD, 4).makespan


def test_exact_beats_lpt_when_lpt_misses():
    tasks = graham_worst_case(3)
    assert lpt(tasks, 3).makespan == 11 and not lpt(tasks, 3).optimal
    assert sorted(map(sorted, min_makespan(tasks, 3).assignment)) == [[3, 3, 3], [4, 5], [4, 5]]


def test_exact_search_refuses_hundreds_of_tasks_unless_lpt_meets_the_bound():
    tasks = graham_worst_case(3) + [0] * 500  # zeros change no load, LPT still misses
    with pytest.raises(ValueError, match=r"tasks must have at most 500 items .* got 507"):
        min_makespan(tasks, 3)
    assert min_makespan([1] * 1000, 3).optimal  # LPT meets the bound: no search needed


def test_cut_blocks_are_what_fits_decides():
    for tasks in ([7, 2, 5, 10, 8], [1, 4, 1, 4], [3], [], [2, 2, 2, 2], [0.5, 0.25, 1.0]):
        for cpus in (1, 2, 3):
            limits = range(int(max(tasks, default=0)) + 1, int(sum(tasks)) + 2)
            for limit in limits:
                blocks = cut_blocks(tasks, limit)
                assert [t for b in blocks for t in b] == tasks
                assert all(sum(b) <= limit for b in blocks)
                assert (len(blocks) <= cpus) == fits(tasks, cpus, limit)
    assert cut_blocks([7, 2, 5, 10, 8], 18) == [[7, 2, 5], [10, 8]]


def test_cut_blocks_bad_input_is_named():
    with pytest.raises(ValueError, match=r"limit must be >= 0, got -1"):
        cut_blocks([1, 2], -1)
    with pytest.raises(TypeError, match=r"limit must be a number, got 'x'"):
        cut_blocks([1, 2], "x")
    with pytest.raises(TypeError, match=r"tasks\[0\] must be a number, got None"):
        cut_blocks([None], 3)

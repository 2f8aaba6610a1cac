"""Load balancing: the exact search on random instances, LPT's gap to it, and the contiguous
binary search on a million tasks against one pass of `sum` over the same list."""

import random
import statistics
import time

from benchmarks.common import Row, median_time
from kit.balance import lpt, min_makespan, min_time_contiguous, search_steps

TOPIC = "balance"


def _instances(quick: bool):
    """Seeded task lists: sizes 1..100, n tasks on m CPUs."""
    rng = random.Random(2024)
    sizes = [(8, 2), (10, 3), (12, 4)] if quick else [
        (n, m) for n in (10, 20, 30) for m in (2, 4, 6, 8)]
    per = 2 if quick else 3
    return [([rng.randint(1, 100) for _ in range(n)], m) for n, m in sizes for _ in range(per)]


def _exact_rows(quick: bool) -> list[Row]:
    limit = 0.5 if quick else 10.0
    times, gaps, proven = [], [], 0
    cases = _instances(quick)
    for tasks, m in cases:
        t0 = time.perf_counter()
        best = min_makespan(tasks, m, time_limit=limit)
        times.append(time.perf_counter() - t0)
        proven += best.optimal
        gaps.append(100 * (lpt(tasks, m).makespan / best.makespan - 1))
    n_max = max(len(t) for t, _ in cases)
    m_max = max(m for _, m in cases)
    lpt_time = statistics.median(median_time(lambda t=t, m=m: lpt(t, m)) for t, m in cases)
    return [
        Row(TOPIC, f"min_makespan, {len(cases)} seeded instances, n<={n_max}, m<={m_max}, sizes "
                   f"1..100, limit {limit:g} s: median per instance; worst {max(times):.2f} s; "
                   f"proven optimal {proven}/{len(cases)}",
            statistics.median(times), "", 0.0, "median and worst time (no target)"),
        Row(TOPIC, f"lpt on the same instances (median); gap to the exact answer: mean "
                   f"{statistics.mean(gaps):.2f}%, worst {max(gaps):.2f}%, LPT optimal on "
                   f"{sum(g == 0 for g in gaps)}/{len(gaps)}",
            lpt_time, "", 0.0, "gap <= 33% (Graham)"),
    ]


def _contiguous_rows(quick: bool) -> list[Row]:
    n, m = (50_000 if quick else 1_000_000), 8
    rng = random.Random(7)
    rows = []
    for kind, tasks in (("int 1..1000", [rng.randint(1, 1000) for _ in range(n)]),
                        ("float 0..1", [rng.random() for _ in range(n)])):
        probes = len(search_steps(tasks, m))
        floor = median_time(lambda tasks=tasks: sum(tasks))
        seconds = median_time(lambda tasks=tasks: min_time_contiguous(tasks, m))
        per_probe = seconds / floor / (probes + 1)  # +1: the pass that finds `high`
        rows.append(Row(TOPIC, f"min_time_contiguous, {n:,} {kind} tasks, {m} CPUs: {probes} "
                               f"probes of the O(M) greedy check, ~{per_probe:.0f}x sum() each "
                               f"(validation included)",
                        seconds, f"sum() over the {n:,} tasks", floor, "report (no target)"))
    return rows


def run(quick: bool) -> list[Row]:
    return _exact_rows(quick) + _contiguous_rows(quick)

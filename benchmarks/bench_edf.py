"""EDF: `edf_order` + `max_lateness` on 1M jobs against a bare `sorted` of the same keys, and the
median latency of each EDF exercise check (target under 2 s)."""

import random
import statistics
import time

from benchmarks.common import Row, median_time
from kit import edf
from kit.exercises import edf_lateness as ex


def run(quick: bool = False) -> list[Row]:
    n = 20_000 if quick else 1_000_000
    rng = random.Random(1)
    jobs = [edf.Job(f"j{i}", rng.randint(1, 100), rng.randint(1, 50 * n)) for i in range(n)]
    keys = [j.deadline for j in jobs]
    mine = median_time(lambda: edf.max_lateness(edf.edf_order(jobs)))
    floor = median_time(lambda: sorted(keys))
    rows = [Row("edf", f"edf_order + max_lateness, {n:,} jobs", mine, "bare sorted(keys)", floor,
                "-")]
    references = [(ex.q1, edf.edf_order), (ex.q2, edf.max_lateness), (ex.q3, edf.feasible),
                  (ex.q4, edf.min_late_jobs)]
    for problem, answer in references:
        times = []
        for _ in range(1 if quick else 5):
            t0 = time.perf_counter()
            assert problem.check(answer)
            times.append(time.perf_counter() - t0)
        rows.append(Row("edf", f"check() latency, {problem.name} (median)",
                        statistics.median(times), "", 0, "< 2 s"))
    return rows

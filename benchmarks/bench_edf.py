"""EDF: `edf_order` + `max_lateness` on 1M jobs against a bare `sorted` of the same keys. (Check
latency for every topic is `bench_checks`.)"""

import random

from benchmarks.common import Row, median_time
from kit import edf


def run(quick: bool = False) -> list[Row]:
    n = 20_000 if quick else 1_000_000
    rng = random.Random(1)
    jobs = [edf.Job(f"j{i}", rng.randint(1, 100), rng.randint(1, 50 * n)) for i in range(n)]
    keys = [j.deadline for j in jobs]
    mine = median_time(lambda: edf.max_lateness(edf.edf_order(jobs)))
    floor = median_time(lambda: sorted(keys))
    rows = [Row("edf", f"edf_order + max_lateness, {n:,} jobs", mine, "bare sorted(keys)", floor,
                "-")]
    return rows

"""The dependency scheduler against its own building blocks.

`kit.dag.run` on V jobs and 3V dependencies with 8 workers, compared with the floor the issue sets:
a bare `TopologicalSorter(graph).static_order()` plus a bare heapq push and pop of the same V jobs.
"""

import heapq
import random
from graphlib import TopologicalSorter

from benchmarks.common import Row, median_time
from kit import dag


def random_jobs(n: int, edges_per_job: int, seed: int = 8) -> dict:
    """n jobs, each needing `edges_per_job` distinct earlier jobs (fewer for the first few)."""
    rng = random.Random(seed)
    jobs = {}
    for i in range(n):
        deps = tuple(f"j{k}" for k in rng.sample(range(i), min(i, edges_per_job)))
        jobs[f"j{i}"] = (rng.randrange(10), rng.randint(1, 10), deps)
    names = list(jobs)
    rng.shuffle(names)  # submission order is not a topological order
    return {name: jobs[name] for name in names}


def floor(jobs: dict) -> None:
    list(TopologicalSorter({name: deps for name, (_, _, deps) in jobs.items()}).static_order())
    heap = []
    for seq, (name, (priority, _, _)) in enumerate(jobs.items()):
        heapq.heappush(heap, (priority, seq, name))
    while heap:
        heapq.heappop(heap)


def run_rows(n: int, workers: int, repeat: int) -> list[Row]:
    jobs = random_jobs(n, 3)
    edges = sum(len(deps) for _, _, deps in jobs.values())
    floor_seconds = median_time(lambda: floor(jobs), repeat=repeat)
    seconds = median_time(lambda: dag.run(jobs, workers), repeat=repeat)
    return [Row("dag", f"run: {n:,} jobs, {edges:,} edges, {workers} workers", seconds,
                "static_order + heap push/pop", floor_seconds, "<= 6x")]


def run(quick: bool = False) -> list[Row]:
    return run_rows(10_000 if quick else 100_000, 8, 3)

"""The two-heap scheduler against a bare heapq floor: push and pop of n (key, seq, item) tuples.

Rows: the comparison-taking Heap alone, the tick model (submit n jobs, then `drain`), and the
threaded scheduler (submit n trivial jobs to 4 worker threads, then `shutdown(wait=True)`). Then
check latency: the slowest exercise of notebooks 07 and 08 (a check of the shown answer, its caches
cleared first, so the reference runs too), an absolute time with the issue's target of < 2 s.
"""

import heapq
import random

from benchmarks.common import Row, median_time
from kit.clock import FakeClock
from kit.heap import Heap
from kit.scheduler import Job, PriorityPolicy, Scheduler
from kit.threaded import ThreadedScheduler


def _floor(n: int, keys: list) -> None:
    heap = []
    for seq, key in enumerate(keys):
        heapq.heappush(heap, (key, seq, None))
    for _ in range(n):
        heapq.heappop(heap)


def _heap_only(keys: list) -> None:
    heap = Heap(before=PriorityPolicy().before)
    for seq, key in enumerate(keys):
        heap.push(Job(seq, None, key, 0, 0, 0, seq))
    while heap:
        heap.pop()


def _tick_model(keys: list, delays: list) -> None:
    s = Scheduler(FakeClock(), PriorityPolicy(), 100)
    for i, (key, delay) in enumerate(zip(keys, delays, strict=True)):
        s.submit(i, int, priority=key, delay=delay)
    runs = s.drain(step=1, limit=len(keys))
    assert len(runs) == len(keys)


def _threaded(n: int, keys: list) -> None:
    with ThreadedScheduler(4, PriorityPolicy()) as s:
        for i in range(n):
            s.submit(i, int, priority=keys[i])


def _slowest_check(topic: str, repeat: int) -> tuple[float, str]:
    from kit.exercises import questions

    def fresh(problem):
        problem.__dict__.pop("_expected", None)
        problem.__dict__.pop("_sample", None)

    times = {q: median_time(lambda p=p: p.check(p.answer), repeat=repeat,
                            setup=lambda p=p: fresh(p))
             for q, p in questions(topic).items()}
    worst = max(times, key=times.get)
    return times[worst], worst


def run(quick: bool) -> list:
    n = 10_000 if quick else 100_000
    rng = random.Random(1)
    keys = [rng.randint(1, 9) for _ in range(n)]
    delays = [rng.randrange(100) for _ in range(n)]
    repeat = 1 if quick else 3
    floor = median_time(lambda: _floor(n, keys), repeat=repeat)
    label, target = f"heapq push+pop {n // 1000}k tuples", "none set"
    return [
        Row("scheduler", f"Heap(before=policy) push+pop {n // 1000}k jobs",
            median_time(lambda: _heap_only(keys), repeat=repeat), label, floor, target),
        Row("scheduler", f"tick model: submit + drain {n // 1000}k jobs, 100 slots",
            median_time(lambda: _tick_model(keys, delays), repeat=repeat), label, floor, target),
        Row("scheduler", f"threaded: {n // 1000}k trivial jobs on 4 threads",
            median_time(lambda: _threaded(n, keys), repeat=repeat), label, floor, target),
        *(Row("scheduler", f"check latency, slowest of {topic} ({q})", seconds, "", 0, "< 2 s")
          for topic in ("concurrent_scheduler", "mock_round")
          for seconds, q in [_slowest_check(topic, repeat)]),
    ]

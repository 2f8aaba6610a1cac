"""Check latency, per topic: how long `qN.check(answer)` takes for the shown answer (which must
pass, so every generated case and edge case runs). Target: under 2 s median for every exercise.

The first check of a problem also computes and caches the reference's answers; later checks (a
learner's second try) reuse them. Both are reported: the row's time is the median of the first
checks over the topic's exercises, and the text names the slowest exercise, cold and warm.
"""

import importlib
import statistics
import time

from benchmarks.common import Row
from kit.exercises import TOPICS, questions


def _latency(problem) -> float:
    t0 = time.perf_counter()
    assert problem.check(problem.answer or problem.reference)
    return time.perf_counter() - t0


def run(quick: bool = False) -> list[Row]:
    rows = []
    for topic in TOPICS:
        importlib.import_module(f"kit.exercises.{topic}")
        cold, warm = {}, {}
        for q, problem in questions(topic).items():
            problem.__dict__.pop("_expected", None)  # a cold cache: the learner's first check
            cold[q] = _latency(problem)
            warm[q] = statistics.median(_latency(problem) for _ in range(1 if quick else 3))
        slowest = max(cold, key=cold.get)
        n = len(cold)
        rows.append(Row("checks", f"{topic}: median first check of {n} exercise{'s' * (n != 1)}; "
                        f"slowest {slowest} {cold[slowest]:.2f} s cold, {warm[slowest]:.2f} s warm",
                        statistics.median(cold.values()), "", 0, "< 2 s median"))
    return rows

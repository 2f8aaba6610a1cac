"""Policies: `simulate_fast` (the tuned loop) on 200k tasks for every policy, against a bare
heapq push+pop of 200k tuples; FIFO and RR also against a bare deque loop that computes the same
finish times. The readable `simulate` (what notebook 01 shows) is measured on the same floor, to
show what readability costs; both loops compute the same Schedule (tests/test_policies.py)."""

import heapq
import random
import statistics
from collections import deque

from benchmarks.common import Row, median_time
from kit.policies import POLICIES, Task, simulate, simulate_fast

QUANTUM = 2


def workload(n, seed=1):
    """n tasks, one every 0..12 ticks, 1..10 ticks long: the worker is busy about 90% of the time.
    Priorities 1..5, deadlines 0..60 ticks of slack."""
    rng = random.Random(seed)
    tasks, t = [], 0
    for k in range(n):
        t += rng.randint(0, 12)
        d = rng.randint(1, 10)
        tasks.append(Task(f"t{k}", t, d, rng.randint(1, 5), t + d + rng.randint(0, 60)))
    return tasks


def bare_heap(keys):
    heap = []
    for seq, k in enumerate(keys):
        heapq.heappush(heap, (k, seq, seq))
    while heap:
        heapq.heappop(heap)


def bare_fifo(arrival, duration):
    queue, now, finish = deque(range(len(arrival))), 0, [0] * len(arrival)
    while queue:
        i = queue.popleft()
        now = max(now, arrival[i]) + duration[i]
        finish[i] = now
    return finish


def bare_rr(arrival, duration, q):
    n = len(arrival)
    rem, queue, finish, nxt, now = list(duration), deque(), [0] * n, 0, 0
    while nxt < n or queue:
        if not queue:
            now = max(now, arrival[nxt])
        while nxt < n and arrival[nxt] <= now:
            queue.append(nxt)
            nxt += 1
        i = queue.popleft()
        ran = min(q, rem[i])
        now += ran
        rem[i] -= ran
        while nxt < n and arrival[nxt] <= now:
            queue.append(nxt)
            nxt += 1
        if rem[i]:
            queue.append(i)
        else:
            finish[i] = now
    return finish


def read_all(schedule):
    """Everything a Schedule builds on first read (`simulate` itself stores columns only)."""
    return schedule.summary(), schedule.stats, schedule.slices


def paired(fn, floor, repeat):
    """Median times of `fn` and `floor`, run alternately so both see the same machine load."""
    times, floors = [], []
    for _ in range(repeat):
        floors.append(median_time(floor, 1))
        times.append(median_time(fn, 1))
    return statistics.median(times), statistics.median(floors)


def run(quick: bool = False) -> list[Row]:
    n = 10_000 if quick else 200_000
    repeat = 1 if quick else 5
    tasks = workload(n)
    arrival = [t.arrival for t in tasks]
    duration = [t.duration for t in tasks]
    keys = [random.Random(2).random() for _ in range(n)]
    # the floors compute what simulate computes, so check that before timing anything
    assert [s.finish for s in simulate_fast(tasks, "fifo").stats.values()] == bare_fifo(
        arrival, duration)
    assert [s.finish for s in simulate_fast(tasks, "rr", QUANTUM).stats.values()] == bare_rr(
        arrival, duration, QUANTUM)

    size = f"{n // 1000}k"
    heap_floor = f"heapq push+pop {size} tuples"
    rows = []
    for policy in POLICIES:
        slices = len(simulate_fast(tasks, policy, QUANTUM).slices)
        seconds, floor = paired(lambda p=policy: simulate_fast(tasks, p, QUANTUM),
                                lambda: bare_heap(keys), repeat)
        rows.append(Row("policies", f"simulate_fast {policy}, {size} tasks ({slices:,} slices)",
                        seconds, heap_floor, floor, "<= 4x"))
        seconds, floor = paired(lambda p=policy: simulate(tasks, p, QUANTUM),
                                lambda: bare_heap(keys), repeat)
        rows.append(Row("policies", f"simulate {policy} (the readable loop), {size} tasks",
                        seconds, heap_floor, floor, "report"))
        if policy == "fifo":
            seconds, floor = paired(lambda: simulate_fast(tasks, "fifo"),
                                    lambda: bare_fifo(arrival, duration), repeat)
            rows.append(Row("policies", f"simulate_fast fifo, {size} tasks", seconds,
                            "bare deque FIFO loop", floor, "<= 4x"))
            seconds, floor = paired(lambda: simulate(tasks, "fifo"),
                                    lambda: bare_fifo(arrival, duration), repeat)
            rows.append(Row("policies", f"simulate fifo (the readable loop), {size} tasks",
                            seconds, "bare deque FIFO loop", floor, "report"))
            seconds, floor = paired(lambda: read_all(simulate_fast(tasks, "fifo")),
                                    lambda: bare_fifo(arrival, duration), repeat)
            rows.append(Row("policies", f"simulate_fast fifo, {size} tasks, then summary(), "
                            "stats and slices", seconds, "bare deque FIFO loop", floor, "-"))
        if policy == "rr":
            seconds, floor = paired(lambda: simulate_fast(tasks, "rr", QUANTUM),
                                    lambda: bare_rr(arrival, duration, QUANTUM), repeat)
            rows.append(Row("policies", f"simulate_fast rr q={QUANTUM}, {size} tasks", seconds,
                            f"bare deque RR loop q={QUANTUM}", floor, "<= 4x"))
    return rows

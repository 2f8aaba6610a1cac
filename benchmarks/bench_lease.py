"""Lease queue costs: lease+ack with many leases outstanding, and a mass expiry.

1. lease+ack: N leases are held (and never acked) while we time K fresh jobs being leased and
   acked. The expiry heap holds N entries, so a push costs O(log N) at worst; the target is that
   1M outstanding leases cost at most 2x the 1k case.
2. Mass expiry: 1M leases that all expire at the same tick, applied by one call. The floor is a
   bare heapq holding the same number of `(expires_at, seq, job)` entries, popped until empty:
   the least any heap-based expiry can do. The queue also moves each job to the retry heap,
   counts it and writes trace events, so a small constant factor over the floor is expected.

The cyclic garbage collector is paused inside the timed code (for the floor too): with millions of
live objects its full passes would measure the interpreter, not the queue.
"""

import gc
import heapq

from benchmarks.common import Row, median_time
from kit.clock import FakeClock
from kit.lease import LeaseQueue

FOREVER = 10**9  # a lease_for that never runs out during the lease+ack measurement


def _paused_gc(fn):
    def timed():
        gc.disable()
        try:
            fn()
        finally:
            gc.enable()

    return timed


def _held_queue(n: int, lease_for: float) -> tuple[FakeClock, LeaseQueue]:
    """A queue with n jobs leased at t = 0 and never acked."""
    clock = FakeClock(0)
    q = LeaseQueue(clock, lease_for, max_attempts=3, retry_delay=lambda r: 1)
    for i in range(n):
        q.put(f"held-{i}")  # a str or an int, as every queue of the kit takes
    for _ in range(n):
        q.lease("holder")
    return clock, q


def _lease_ack_time(n: int, k: int, repeat: int) -> float:
    clock, q = _held_queue(n, FOREVER)
    batch = iter(range(10**9))

    def put_k():
        b = next(batch)
        for i in range(k):
            q.put(f"{b}-{i}")

    def lease_ack_k():
        lease, ack = q.lease, q.ack
        for _ in range(k):
            ack(lease("w"))

    return median_time(_paused_gc(lease_ack_k), repeat=repeat, setup=put_k)


def _mass_expiry_time(n: int) -> tuple[float, float]:
    clock, q = _held_queue(n, lease_for=5)
    clock.advance(5)  # every lease expires at exactly this tick
    queue_seconds = median_time(_paused_gc(q.stats), repeat=1)
    assert q.stats().delayed == n, "every expired lease must be waiting to retry"
    del q

    heap: list = []

    def fill():
        heap[:] = [(5, i, ("held", i)) for i in range(n)]  # already a valid heap

    def pop_all():
        pop = heapq.heappop
        while heap and heap[0][0] <= 5:
            pop(heap)

    floor_seconds = median_time(_paused_gc(pop_all), repeat=3, setup=fill)
    return queue_seconds, floor_seconds


def run(quick: bool) -> list[Row]:
    sizes = [1_000, 10_000, 100_000] if quick else [1_000, 100_000, 1_000_000]
    k = 2_000 if quick else 20_000
    mass = 100_000 if quick else 1_000_000
    rows = []
    base = _lease_ack_time(sizes[0], k, repeat=5)
    base_label = f"{k:,} lease+ack with {sizes[0]:,} outstanding"
    rows.append(Row("lease", base_label, base, "", 0.0, ""))
    for n in sizes[1:]:
        seconds = _lease_ack_time(n, k, repeat=3)
        rows.append(Row("lease", f"{k:,} lease+ack with {n:,} outstanding", seconds,
                        base_label, base, "<= 2x at 1M"))
    queue_seconds, floor_seconds = _mass_expiry_time(mass)
    rows.append(Row("lease", f"mass expiry: {mass:,} leases at one tick -> retry heap",
                    queue_seconds, f"bare heapq pop of {mass:,}", floor_seconds,
                    "small constant factor"))
    return rows

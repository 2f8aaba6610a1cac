"""The exercises of 11_restarts_cooldowns_batching: answers pass, pitfalls are named, correct
answers written another way pass, the top-k cost check tells a heap from a sort."""

import heapq
from collections import Counter
from functools import cache

import pytest

from kit.exercises import restarts_cooldowns_batching as ex

PITFALLS = [(q, p) for q in ex.PROBLEMS for p in q.pitfalls]


@pytest.mark.parametrize("problem", ex.PROBLEMS, ids=lambda q: q.name)
def test_each_answer_passes(problem):  # its mutants: tests/test_zoo_mutation.py
    result = problem.check(problem.answer)
    assert result, repr(result)


@pytest.mark.parametrize("problem, pitfall", PITFALLS,
                         ids=[f"{q.name}: {p.name}" for q, p in PITFALLS])
def test_each_pitfall_fails_and_is_named(problem, pitfall):
    result = problem.check(pitfall.answer)
    assert result.status == "failed", repr(result)
    assert result.pitfall is pitfall, (result.pitfall, result.case)


def test_an_unfinished_answer_is_not_attempted():
    def recover(jobs, now, on_start, max_recoveries):
        raise NotImplementedError

    assert ex.q1.check(recover).status == "not attempted"


# -- correct answers written another way -------------------------------------------------------

def recover_by_comprehension(jobs, now, on_start, max_recoveries):
    def fix(j):
        if j.state != "RUNNING" or not (on_start or now >= j.lease_until):
            return j
        return ex.Row(j.id, "FAILED" if j.recoveries >= max_recoveries else "READY",
                      j.attempts - 1, j.recoveries + 1, None)
    return [fix(j) for j in jobs]


def least_interval_by_simulation(tasks, n):
    left, cooling, t = Counter(tasks), {}, 0
    while +left:
        ready = [k for k in left if left[k] and cooling.get(k, -1) < t]
        if ready:
            k = max(ready, key=lambda k: left[k])
            left[k] -= 1
            cooling[k] = t + n
        t += 1
    return t


class BucketWithDebtTime:
    """Tracks when the bucket will be full instead of the tokens."""

    def __init__(self, rate, capacity, clock):
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.full_at = clock.now()

    def try_acquire(self, cost=1):
        now = self.clock.now()
        tokens = self.capacity - max(0, self.full_at - now) * self.rate
        if tokens < cost:
            return False
        self.full_at = max(self.full_at, now) + cost / self.rate
        return True


def pick_batch_with_a_heap(jobs, capacity, skip):
    heap = [(j.priority, i, j) for i, j in enumerate(jobs)]
    heapq.heapify(heap)
    batch = []
    while heap:
        job = heapq.heappop(heap)[2]
        if job.size <= capacity - sum(j.size for j in batch):
            batch.append(job)
        elif not skip:
            break
    return [j.name for j in batch]


def top_k_with_nlargest(durations, k):
    return heapq.nlargest(k, durations, key=lambda pair: pair[1])


def max_profit_latest_free_slot(jobs):
    slots = {}
    for job in sorted(jobs, key=lambda j: -j.profit):
        for t in range(job.deadline, 0, -1):
            if t not in slots:
                slots[t] = job
                break
    chosen = [slots[t] for t in sorted(slots)]
    return sum(j.profit for j in chosen), [j.name for j in chosen]


def to_rebuild_recursive(deps, changed, last_built):
    @cache
    def dirty(name):
        return name not in last_built or name in changed or any(map(dirty, deps[name]))
    return [name for name in deps if dirty(name)]


@pytest.mark.parametrize("problem, answer", [
    (ex.q1, recover_by_comprehension), (ex.q2, least_interval_by_simulation),
    (ex.q3, BucketWithDebtTime), (ex.q4, pick_batch_with_a_heap), (ex.q5, top_k_with_nlargest),
    (ex.q6, max_profit_latest_free_slot), (ex.q7, to_rebuild_recursive),
], ids=lambda x: getattr(x, "__name__", ""))
def test_correct_answers_written_another_way_pass(problem, answer):
    result = problem.check(answer)
    assert result, repr(result)


# -- the cost check of q5 --------------------------------------------------------------------

def top_k_by_sorting(durations, k):
    pairs = list(durations)
    return sorted(pairs, key=lambda pair: -pair[1])[:k]


def top_k_by_heapify_all(durations, k):
    heap = [(-d, seq, name) for seq, (name, d) in enumerate(durations)]
    heapq.heapify(heap)
    return [(name, -d) for d, _, name in (heapq.heappop(heap) for _ in range(min(k, len(heap))))]


def top_k_by_scanning_for_the_weakest(durations, k):
    kept = []
    for seq, (name, d) in enumerate(durations):
        kept.append((d, -seq, name))
        if len(kept) > k:
            kept.remove(min(kept))
    return [(name, d) for d, _, name in sorted(kept, reverse=True)]


@pytest.mark.parametrize("answer, says", [
    (top_k_by_sorting, "held 4999 jobs at once for k = 64"),
    (top_k_by_heapify_all, "held 5000 jobs at once for k = 64"),
    (top_k_by_scanning_for_the_weakest, "comparisons for 5000 jobs and k = 64"),
])
def test_right_answers_that_break_the_size_k_promise_are_too_slow(answer, says):
    result = ex.q5.check(answer)
    assert result.status == "too slow" and says in result.error, repr(result)
    assert result.label == "a stream of 5000 jobs, k = 64"


def test_the_size_k_heap_stays_within_its_bounds():
    got, costs = ex._run_top_k(ex.top_k_longest, (ex.BIG, ex.BIG_K))
    assert costs["held"] <= ex.BIG_K + 2 and costs["compared"] <= 6 * len(ex.BIG)
    assert [d for _, d in got] == sorted((d for _, d in ex.BIG), reverse=True)[:ex.BIG_K]

"""The exercises of 11_restarts_cooldowns_batching: answers pass, pitfalls are named, correct
answers written another way pass, the top-k cost check tells a heap from a sort."""

import heapq
from collections import Counter
from functools import cache

import hypothesis
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
    assert result.label == "a stream of 5000 jobs, durations 1 to 49 (ties all along), k = 64"


def test_the_size_k_heap_stays_within_its_bounds():
    got, costs = ex._run_top_k(ex.top_k_longest, (ex.BIG, ex.BIG_K))
    assert costs["held"] <= ex.BIG_K + 2 and costs["compared"] <= 6 * len(ex.BIG)
    assert [d for _, d in got] == sorted((d for _, d in ex.BIG), reverse=True)[:ex.BIG_K]


# -- issue 25: more wrong answers a candidate writes, and the boundaries the statements allow -----
def _recover_int_lease(jobs, now, on_start, max_recoveries):
    return ex.recover([j._replace(lease_until=int(j.lease_until)) if j.lease_until else j
                       for j in jobs], now, on_start, max_recoveries)


def _recover_cap_off_by_one(jobs, now, on_start, max_recoveries):
    out = []
    for j in jobs:
        if j.state == "RUNNING" and (on_start or j.lease_until <= now):
            state = "READY" if j.recoveries + 1 < max_recoveries else "FAILED"
            j = j._replace(state=state, attempts=j.attempts - 1, recoveries=j.recoveries + 1,
                           lease_until=None)
        out.append(j)
    return out


def _recover_keeps_lease(jobs, now, on_start, max_recoveries):
    return [r._replace(lease_until=j.lease_until) if r.state != j.state else r
            for r, j in zip(ex.recover(jobs, now, on_start, max_recoveries), jobs, strict=True)]


def _interval_greedy_fifo(tasks, n):
    last, t = {}, 0
    for task in tasks:  # in the given order, waiting when needed
        t = max(t, last.get(task, -n - 1) + n + 1)
        last[task] = t
        t += 1
    return t


def _interval_no_widen_when_n_0(tasks, n):
    if n == 0:
        return len(tasks)
    c = Counter(tasks)
    m = max(c.values(), default=0)
    return (m - 1) * (n + 1) + list(c.values()).count(m) if tasks else 0


def _pick_by_name_ties(jobs, capacity, skip):
    return ex.pick_batch(sorted(jobs, key=lambda j: j.name), capacity, skip)


def _pick_stop_after_first_skip(jobs, capacity, skip):
    room, batch = capacity, []
    for job in sorted(jobs, key=lambda j: j.priority):
        if job.size <= room:
            batch.append(job.name)
            room -= job.size
        elif skip:
            continue
        if room == 0:
            break
    return batch  # with skip False it never stops at a misfit


def _top_k_heap_ties_by_name(durations, k):
    heap = []
    for name, d in durations:
        heapq.heappush(heap, (d, name))
        if len(heap) > k:
            heapq.heappop(heap)
    return [(name, d) for d, name in sorted(heap, reverse=True)]


def _profit_by_profit_first(jobs):
    chosen = []
    for j in sorted(jobs, key=lambda j: -j.profit):
        if j.deadline >= 1 and len(chosen) < j.deadline:
            chosen.append(j)
    chosen.sort(key=lambda j: j.deadline)
    return sum(j.profit for j in chosen), [j.name for j in chosen]


def _profit_deadline_zero_counted(jobs):
    taken = []
    for seq, j in enumerate(sorted(jobs, key=lambda j: j.deadline)):
        heapq.heappush(taken, (j.profit, seq, j))
        if len(taken) > max(j.deadline, 1):
            heapq.heappop(taken)
    chosen = sorted(taken, key=lambda e: e[1])
    return sum(p for p, _, _ in chosen), [j.name for _, _, j in chosen]


def _rebuild_changed_only_direct(deps, changed, last_built):
    return [n for n in deps if n not in last_built or n in changed
            or any(d in changed for d in deps[n])]


def _rebuild_sorted(deps, changed, last_built):
    return sorted(ex.to_rebuild(deps, changed, last_built))


@pytest.mark.parametrize("problem, answer", [
    (ex.q1, _recover_int_lease), (ex.q1, _recover_cap_off_by_one), (ex.q1, _recover_keeps_lease),
    (ex.q2, _interval_greedy_fifo), (ex.q2, _interval_no_widen_when_n_0),
    (ex.q2, lambda tasks, n: len(tasks) + n),
    (ex.q4, _pick_by_name_ties), (ex.q4, _pick_stop_after_first_skip),
    (ex.q4, lambda jobs, capacity, skip: [j.name for j in jobs if j.size <= capacity]),
    (ex.q5, _top_k_heap_ties_by_name),
    (ex.q5, lambda durations, k: sorted(durations, key=lambda p: p[1])[-k:][::-1] if k else []),
    (ex.q5, lambda durations, k: [tuple(p) for p in sorted(durations, key=lambda p: -p[1])[:k]]),
    (ex.q6, _profit_by_profit_first), (ex.q6, _profit_deadline_zero_counted),
    (ex.q6, lambda jobs: (sum(j.profit for j in jobs), [j.name for j in jobs])),
    (ex.q7, _rebuild_changed_only_direct), (ex.q7, _rebuild_sorted),
    (ex.q7, lambda deps, changed, last_built: [n for n in deps if n in changed]),
])
def test_issue_25_undeclared_wrong_answers_fail(problem, answer):
    result = problem.check(answer)
    assert not result, repr(result)


def test_recovery_cases_draw_float_times_and_least_interval_a_long_cooldown():
    assert drawn(ex.q1.cases, lambda c: any(isinstance(r.lease_until, float) for r in c[0]))
    assert drawn(ex.q2.cases, lambda c: c[1] == 100)


def drawn(strategy, condition):
    """Some case the strategy draws meets the condition (a search, not the check's sample)."""
    return hypothesis.find(strategy, condition, settings=hypothesis.settings(
        database=None, derandomize=True, max_examples=2000)) is not None

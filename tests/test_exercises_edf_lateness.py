"""Exercises for 02_edf_lateness: the references pass; wrong answers a candidate writes fail (named
where the class is declared); right answers in other styles pass; floats and negative deadlines
are drawn, as `Job` allows them."""

import heapq
import itertools

import hypothesis
import pytest

from kit.exercises import edf_lateness as ex


def test_every_reference_passes_and_every_pitfall_fails_named():
    for problem in ex.PROBLEMS:
        assert problem.check(problem.answer), problem.name
        for pitfall in problem.pitfalls:
            result = problem.check(pitfall.answer)
            assert result.status == "failed" and result.pitfall is not None, (pitfall.name, result)


def test_cases_draw_floats_zero_durations_and_deadlines_below_zero():
    assert drawn(ex.q2.cases, lambda c: any(isinstance(j.deadline, float) for j in c[0]))
    assert drawn(ex.q2.cases, lambda c: any(j.duration == 0 for j in c[0]))
    assert drawn(ex.q2.cases, lambda c: any(j.deadline < 0 for j in c[0]))


# -- wrong answers nobody declared, as a candidate writes them ------------------------------------
def order_heap_by_name(jobs):
    heap = [(j.deadline, j.name, j) for j in jobs]
    heapq.heapify(heap)
    return [heapq.heappop(heap)[2] for _ in range(len(heap))]


def order_in_place(jobs):
    jobs.sort(key=lambda j: j.deadline)
    return jobs


def lateness_int_clock(order):
    t, worst = 0, float("-inf")
    for j in order:
        t += int(j.duration)  # floats truncated
        worst = max(worst, t - j.deadline)
    return worst if order else 0


def lateness_start(order):
    t, worst = 0, None
    for j in order:
        late = t - j.deadline
        t += j.duration
        worst = late if worst is None else max(worst, late)
    return worst or 0


def feasible_strict(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        t += j.duration
        if t >= j.deadline:
            return False
    return True


def feasible_by_duration(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.duration):
        t += j.duration
        if t > j.deadline:
            return False
    return True


def feasible_total(jobs):
    return sum(j.duration for j in jobs) <= max((j.deadline for j in jobs), default=0)


def late_jobs_drop_newest(jobs):
    taken, t = [], 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        taken.append(j)
        t += j.duration
        if t > j.deadline:
            t -= taken.pop().duration
    return taken


def late_jobs_sjf(jobs):
    taken, t = [], 0
    for j in sorted(jobs, key=lambda j: j.duration):
        if t + j.duration <= j.deadline:
            taken.append(j)
            t += j.duration
    return sorted(taken, key=lambda j: j.deadline)


def late_jobs_tuple(jobs):
    return tuple(ex.min_late_jobs(jobs))


@pytest.mark.parametrize("problem, answer, pitfall", [
    (ex.q1, order_heap_by_name, "ties not kept in input order"),
    (ex.q1, lambda jobs: sorted(jobs, key=lambda j: (j.deadline, j.duration)),
     "ties not kept in input order"),
    (ex.q1, lambda jobs: sorted(jobs, key=lambda j: j.deadline, reverse=True)[::-1], None),
    (ex.q1, order_in_place, None),
    (ex.q2, lateness_int_clock, None),
    (ex.q2, lateness_start, None),
    (ex.q2, lambda order: max([0] + [0]), None),
    (ex.q3, feasible_strict, None),
    (ex.q3, feasible_by_duration, None),
    (ex.q3, feasible_total, None),
    (ex.q4, late_jobs_drop_newest, None),
    (ex.q4, late_jobs_sjf, None),
    (ex.q4, late_jobs_tuple, None),
])
def test_undeclared_wrong_answers_fail(problem, answer, pitfall):
    result = problem.check(answer)
    assert not result, (answer, result)
    if pitfall is not None:
        assert result.pitfall is not None and result.pitfall.name == pitfall, repr(result)


# -- right answers in other styles ----------------------------------------------------------------
def order_heap_seq(jobs):
    heap = [(j.deadline, i, j) for i, j in enumerate(jobs)]
    heapq.heapify(heap)
    return [heapq.heappop(heap)[2] for _ in range(len(heap))]


def lateness_accumulate(order):
    finishes = itertools.accumulate(j.duration for j in order)
    return max((f - j.deadline for f, j in zip(finishes, order, strict=True)), default=0)


def feasible_all(jobs):
    finishes = itertools.accumulate(j.duration for j in order_heap_seq(jobs))
    return all(f <= j.deadline for f, j in zip(finishes, order_heap_seq(jobs), strict=True))


def late_jobs_list_max(jobs):
    taken = []
    for j in sorted(jobs, key=lambda j: j.deadline):
        taken.append(j)
        if sum(x.duration for x in taken) > j.deadline:
            taken.remove(max(taken, key=lambda x: x.duration))
    return taken


@pytest.mark.parametrize("problem, answer", [
    (ex.q1, order_heap_seq), (ex.q2, lateness_accumulate), (ex.q3, feasible_all),
    (ex.q4, late_jobs_list_max)])
def test_right_answers_in_other_styles_pass(problem, answer):
    assert problem.check(answer)



def drawn(strategy, condition):
    """Some case the strategy draws meets the condition (a search, not the check's sample)."""
    return hypothesis.find(strategy, condition, settings=hypothesis.settings(
        database=None, derandomize=True, max_examples=2000)) is not None

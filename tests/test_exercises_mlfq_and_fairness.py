"""Exercises for 03_mlfq_and_fairness: the shown answers agree with the core, wrong answers nobody
declared fail, differently written right answers pass; and the two explorers."""

import heapq
from collections import deque
from fractions import Fraction

import hypothesis
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit import fair
from kit.checks.answers import edited
from kit.exercises import mlfq_and_fairness as ex
from kit.grading import wire
from kit.policies import simulate

PROBLEMS = ex.PROBLEMS
FAST = settings(max_examples=300, deadline=None, derandomize=True, database=None)


def test_not_attempted_stubs():
    def todo(*args):
        raise NotImplementedError

    assert all(p.check(todo).status == "not attempted" for p in PROBLEMS)


# -- q1 ------------------------------------------------------------------------------------------
def levels_with_a_budget(bursts, allotments):
    level, budget, out = 0, allotments[0], []
    for b in bursts:
        budget -= b
        if budget <= 0:
            level = min(level + 1, len(allotments) - 1)
            budget = allotments[level]
        out.append(level)
    return out


def levels_by_index(bursts, allotments):
    state = {"level": 0, "used": 0}
    bottom = len(allotments) - 1
    result = []
    for i in range(len(bursts)):
        state["used"] += bursts[i]
        if not state["used"] < allotments[state["level"]]:
            state = {"level": state["level"] + (state["level"] < bottom), "used": 0}
        result.append(state["level"])
    return result


@pytest.mark.parametrize("answer", [levels_with_a_budget, levels_by_index])
def test_q1_differently_written_answers_pass(answer):
    assert ex.q1.check(answer)


def test_cases_and_answers_are_plain_data_for_the_grader():
    for problem in PROBLEMS:
        for case in problem.sample(5):
            assert wire.loads(wire.dumps(case)) == case
            seen = problem.expected(case)
            assert wire.loads(wire.dumps(seen)) == seen


@FAST
@given(st.lists(st.integers(1, 12), max_size=20), st.lists(st.integers(1, 12), min_size=1,
                                                            max_size=6))
def test_q1_shown_answer_is_the_core_rule_on_larger_cases(bursts, allotments):
    assert ex.levels_after(*ex._fit(bursts, allotments)) == ex.levels_in_core(
        *ex._fit(bursts, allotments))


def test_q1_gaming_example_by_hand():
    assert ex.levels_after([1, 1, 1, 1], [2, 4, 8]) == [0, 1, 1, 1]
    assert ex.q1.pitfalls[0].answer([1, 1, 1, 1], [2, 4, 8]) == [0, 0, 0, 0]  # never drops


# -- q2 ------------------------------------------------------------------------------------------
def mlfq_by_heap(tasks, boost):
    """Event-free but heap-keyed: ready entries are (level, seq, name); one tick per step, and
    slices left as one tick each (the check joins them)."""
    quanta = [1, 2, 4]
    arrivals = sorted(range(len(tasks)), key=lambda i: tasks[i][1])
    left = {n: d for n, _, d in tasks}
    level, used = dict.fromkeys(left, 0), dict.fromkeys(left, 0)
    heap, seq, run, t, out, k = [], 0, None, 0, [], 0
    while any(left.values()):
        while k < len(arrivals) and tasks[arrivals[k]][1] <= t:
            heapq.heappush(heap, (0, seq, tasks[arrivals[k]][0]))
            seq, k = seq + 1, k + 1
        if boost and t % boost == 0:
            order = [n for _, _, n in sorted(heap)] + ([run] if run else [])
            heap, run = [], None
            for n in order:
                level[n] = used[n] = 0
                heapq.heappush(heap, (0, seq, n))
                seq += 1
        if run is not None:
            if used[run] >= quanta[level[run]]:
                level[run], used[run] = min(level[run] + 1, 2), 0
                heapq.heappush(heap, (level[run], seq, run))
                seq, run = seq + 1, None
            elif heap and heap[0][0] < level[run]:
                heapq.heappush(heap, (level[run], seq, run))
                seq, run = seq + 1, None
        if run is None and heap:
            run = heapq.heappop(heap)[2]
        if run is not None:
            out.append((run, t, t + 1))  # one tick per slice: the check joins them
            left[run] -= 1
            used[run] += 1
            if not left[run]:
                run = None
        t += 1
    return out


def test_q2_a_heap_keyed_tick_by_tick_answer_passes():
    assert ex.q2.check(mlfq_by_heap)


def test_q2_the_solution_shown_has_the_core_s_merged_slices():
    assert ex.q2.check(lambda tasks, boost: ex.mlfq_schedule(tasks, boost))


@FAST
@given(st.lists(st.tuples(st.integers(0, 12), st.integers(1, 9)), min_size=1, max_size=5),
       st.none() | st.integers(1, 10), st.permutations("ABCDE"))
def test_q2_solution_agrees_with_the_core_on_larger_cases(specs, boost, names):
    tasks = [(names[i], a, d) for i, (a, d) in enumerate(specs)]
    assert ex._joined(ex.mlfq_schedule(tasks, boost)) == simulate(tasks, "mlfq", 1,
                                                                  boost=boost).slices


def test_q2_wrong_shapes_are_judged_not_crashed():
    result = ex.q2.check(lambda tasks, boost: None)
    assert result.status == "failed" and result.error == "expected a list, got None"
    as_lists = ex.q2.check(lambda tasks, boost: [list(s) for s in ex.mlfq_schedule(tasks, boost)])
    assert as_lists.status == "failed" and as_lists.error == "item 0: expected a tuple, got a list"


# -- q3 ------------------------------------------------------------------------------------------
def drr_round_with_deques(queues, deficits, weights, quantum):
    served, after = [], {}
    for tenant in queues:
        line = deque(queues[tenant])
        credit = deficits[tenant] + quantum * weights[tenant] if line else 0
        while line and line[0] <= credit:
            size = line.popleft()
            credit -= size
            served.append((tenant, size))
        after[tenant] = credit if line else 0
    return served, after


def drr_round_by_slicing(queues, deficits, weights, quantum):
    served, after = [], dict(deficits)
    for tenant, jobs in queues.items():
        budget = deficits[tenant] + quantum * weights[tenant]
        sent = 0
        for size in jobs:
            if size > budget:
                break
            budget -= size
            sent += 1
            served.append((tenant, size))
        after[tenant] = budget if sent < len(jobs) else 0
    return served, after


@pytest.mark.parametrize("answer", [drr_round_with_deques, drr_round_by_slicing])
def test_q3_differently_written_answers_pass(answer):
    assert ex.q3.check(answer)


@FAST
@given(st.dictionaries(st.sampled_from("abcd"), st.lists(st.integers(1, 10), max_size=12),
                       min_size=1),
       st.integers(1, 12), st.lists(st.integers(1, 3), min_size=4, max_size=4))
def test_q3_rounds_of_drr_round_replay_the_core(queues, quantum, ws):
    weights = dict(zip("abcd", ws, strict=True))
    weights = {t: weights[t] for t in queues}
    core = [(s.round, s.tenant, s.size) for s in fair.deficit_round_robin(queues, weights, quantum)]
    left = {t: list(j) for t, j in queues.items()}
    deficits, mine, r = dict.fromkeys(queues, 0), [], 0
    while any(left.values()):
        r += 1
        served, deficits = ex.drr_round(left, deficits, weights, quantum)
        for tenant, size in served:
            left[tenant].pop(0)
            mine.append((r, tenant, size))
    assert mine == core


# -- q4 ------------------------------------------------------------------------------------------
def shares_with_zeros(queues, weights, quantum, k):
    trace = fair.deficit_round_robin(queues, weights, quantum, rounds=k)
    work = {t: sum(s.size for s in trace if s.tenant == t) for t in queues}
    total = sum(work.values())
    # a tenant served nothing gets 0.0; with nothing served at all the statement asks for {}
    return {t: x / total for t, x in work.items()} if total else {}


def shares_from_scratch(queues, weights, quantum, k):
    pos = dict.fromkeys(queues, 0)
    deficit = dict.fromkeys(queues, 0)
    got = dict.fromkeys(queues, 0)
    for _ in range(k):
        for t, jobs in queues.items():
            if pos[t] == len(jobs):
                continue
            deficit[t] += quantum * weights[t]
            while pos[t] < len(jobs) and jobs[pos[t]] <= deficit[t]:
                deficit[t] -= jobs[pos[t]]
                got[t] += jobs[pos[t]]
                pos[t] += 1
            if pos[t] == len(jobs):
                deficit[t] = 0
    total = sum(got.values())
    return {t: g / total for t, g in got.items() if g}


def shares_visiting_tenants_by_name(queues, weights, quantum, k):
    """Within a round, tenants do not touch each other's credit: any visiting order gives the
    same shares, so this is right for q4 (and wrong for q3, which returns the order)."""
    return ex.shares_after(dict(sorted(queues.items())), weights, quantum, k)


@pytest.mark.parametrize("answer", [shares_with_zeros, shares_from_scratch,
                                    shares_visiting_tenants_by_name])
def test_q4_differently_written_answers_pass(answer):
    assert ex.q4.check(answer)


# -- wrong answers nobody declared ---------------------------------------------------------------
def levels_as_tuple(bursts, allotments):
    return tuple(ex.levels_after(bursts, allotments))


def levels_counted_from_one(bursts, allotments):
    return [level + 1 for level in ex.levels_after(bursts, allotments)]


def variant(answer, name, *edits):
    """A wrong answer nobody declared, as an edit of the shown answer's text."""
    wrong = edited(answer, edits, name)
    wrong.__name__ = name
    return wrong


# the level appended before the burst is charged: one burst behind
levels_before_the_drop = variant(
    ex.levels_after, "levels_before_the_drop",
    ("        used += burst  #", "        after.append(level)\n        used += burst  #"),
    ("        after.append(level)\n    return after", "    return after"))


def levels_with_the_top_allotment_everywhere(bursts, allotments):
    return ex.levels_after(bursts, [allotments[0]] * len(allotments))


def mlfq_equal_arrivals_by_name(tasks, boost):
    return ex.mlfq_schedule(sorted(tasks, key=lambda t: (t[1], t[0])), boost)


# the boost puts the running task at the front of level 0 instead of the back
mlfq_boost_running_first = variant(ex.mlfq_schedule, "mlfq_boost_running_first", (
    "everyone = [name for q in queues for name in q] + ([running] if running else [])",
    "everyone = ([running] if running else []) + [name for q in queues for name in q]"))
# a task pushed off by a higher level goes back to the front of its own queue
mlfq_preempted_to_the_front = variant(ex.mlfq_schedule, "mlfq_preempted_to_the_front", (
    "# rule 1: higher level first\n                queues[level[running]].append(running)",
    "# rule 1: higher level first\n                queues[level[running]].appendleft(running)"))


def drr_tenants_by_name(queues, deficits, weights, quantum):
    return ex.drr_round(dict(sorted(queues.items())), deficits, weights, quantum)


def drr_in_the_order_of_deficits(queues, deficits, weights, quantum):
    return ex.drr_round({t: queues[t] for t in deficits}, deficits, weights, quantum)


def drr_strictly_less(queues, deficits, weights, quantum):
    """A job is sent only when it is strictly smaller than the credit."""
    served, after = [], {}
    for tenant, jobs in queues.items():
        credit = deficits[tenant] + quantum * weights[tenant] if jobs else 0
        k = 0
        while k < len(jobs) and jobs[k] < credit:
            credit -= jobs[k]
            served.append((tenant, jobs[k]))
            k += 1
        after[tenant] = credit if k < len(jobs) else 0
    return served, after


def drr_in_place(queues, deficits, weights, quantum):
    served, after = ex.drr_round(queues, deficits, weights, quantum)
    deficits.update(after)
    return served, deficits


def shares_in_percent(queues, weights, quantum, k):
    return {t: 100 * x for t, x in ex.shares_after(queues, weights, quantum, k).items()}


def shares_as_fractions(queues, weights, quantum, k):
    trace = fair.deficit_round_robin(queues, weights, quantum, rounds=k)
    total = sum(s.size for s in trace)
    return {t: Fraction(sum(s.size for s in trace if s.tenant == t), total)
            for t in queues} if total else {}


def shares_weighted_afterwards(queues, weights, quantum, k):
    shares = ex.shares_after(queues, weights, quantum, k)
    total = sum(x * weights[t] for t, x in shares.items())
    return {t: x * weights[t] / total for t, x in shares.items()} if total else {}


def shares_of_k_jobs_each(queues, weights, quantum, k):
    work = {t: sum(jobs[:k]) for t, jobs in queues.items()}
    return {t: x / sum(work.values()) for t, x in work.items()}


WRONG = {  # per exercise, wrong answers nobody declared
    "levels_after": [levels_as_tuple, levels_counted_from_one, levels_before_the_drop,
                     levels_with_the_top_allotment_everywhere],
    "mlfq_schedule": [mlfq_equal_arrivals_by_name, mlfq_boost_running_first,
                      mlfq_preempted_to_the_front],
    "drr_round": [drr_tenants_by_name, drr_in_the_order_of_deficits, drr_strictly_less,
                  drr_in_place],
    "shares_after": [shares_in_percent, shares_as_fractions, shares_weighted_afterwards,
                     shares_of_k_jobs_each],
}
BY_NAME = {p.name: p for p in PROBLEMS}


@pytest.mark.parametrize("name, answer", [(n, a) for n, wrong in WRONG.items() for a in wrong],
                         ids=lambda x: getattr(x, "__name__", x))
def test_wrong_answers_nobody_declared_fail(name, answer):
    result = BY_NAME[name].check(answer)
    assert result.status in ("failed", "mutated its input"), repr(result)


def test_types_are_said_as_such():
    assert ex.q1.check(levels_as_tuple).error == "expected a list, got a tuple"
    assert ex.q4.check(shares_as_fractions).error.endswith("expected a float, got a Fraction")


def test_tenant_dicts_come_in_orders_other_than_by_name():
    """The dicts of a case list the tenants in different orders, some not sorted."""
    cases = ex.q3.sample(30)
    assert any(list(q) != sorted(q) for q, *_ in cases)
    assert any(list(q) != list(d) for q, d, *_ in cases if len(q) > 1)


# -- the explorers --------------------------------------------------------------------------------
def test_mlfq_explorer_readout_follows_the_controls():
    from kit.widgets.mlfq import MlfqExplorer

    explorer = MlfqExplorer()
    text = explorer._repr_mimebundle_()["text/plain"]
    assert text.startswith("[MLFQ explorer]\nrender (CPU-bound, 16 ticks of work)")
    assert "longest wait between two runs 35 ticks" in explorer.lines[0]
    assert "ended at level 2" in explorer.lines[0]
    assert explorer.lines[-1].startswith("no boost")
    assert bytes(explorer.picture.value[:4]) == b"\x89PNG"
    explorer.boost_on.value = True
    assert "longest wait between two runs 10 ticks" in explorer.lines[0]
    assert explorer.lines[-1] == "boosts at 10, 20, 30, 40, 50"
    explorer.period.value = 5
    assert explorer.lines[-1].startswith("boosts at 5, 10, 15")
    explorer.load.value = "one interactive job"
    assert len(explorer.lines) == 3 and "every burst ran at level 0" in explorer.lines[1]


def test_fair_explorer_readout_follows_the_weights():
    from kit.widgets.mlfq import FairExplorer

    explorer = FairExplorer(rounds=60)
    assert explorer.lines[0] == "after 60 rounds, quantum 3:"
    assert "(target 50.0%)" in explorer.lines[3]
    explorer.weights["small"].value = 3
    assert "weight 3" in explorer.lines[1] and "(target 37.5%)" in explorer.lines[1]
    assert float(explorer.lines[-1].split(": ")[1].split()[0]) < 2


# -- issue 25: states the inputs must reach, wrong answers nobody declared ----------------------
def _drr_keeping_idle_deficits(queues, deficits, weights, quantum):
    served, after = [], dict(deficits)  # an idle tenant keeps what it had
    for tenant, jobs in queues.items():
        if not jobs:
            continue
        credit, k = deficits[tenant] + quantum * weights[tenant], 0
        while k < len(jobs) and jobs[k] <= credit:
            credit -= jobs[k]
            served.append((tenant, jobs[k]))
            k += 1
        after[tenant] = credit if k < len(jobs) else 0
    return served, after


def _drr_sorted_tenants(queues, deficits, weights, quantum):
    return ex.drr_round(dict(sorted(queues.items())), deficits, weights, quantum)


def _drr_pops_the_queue(queues, deficits, weights, quantum):
    served, after = [], {}
    for tenant, jobs in queues.items():
        credit = deficits[tenant] + quantum * weights[tenant]
        while jobs and jobs[0] <= credit:
            credit -= jobs[0]
            served.append((tenant, jobs.pop(0)))
        after[tenant] = credit if jobs else 0
    return served, after


def test_q3_draws_idle_tenants_that_hold_a_deficit():
    assert drawn(ex.q3.cases, lambda c: any(not c[0][t] and c[1][t] > 0 for t in c[0]))


@pytest.mark.parametrize("answer, pitfall", [
    (_drr_keeping_idle_deficits, "an idle tenant kept its old deficit"),
    (_drr_sorted_tenants, None),
    (_drr_pops_the_queue, None),
])
def test_q3_undeclared_wrong_answers_fail(answer, pitfall):
    result = ex.q3.check(answer)
    assert not result, repr(result)
    if pitfall:
        assert result.pitfall is not None and result.pitfall.name == pitfall, repr(result)


def _levels_reset_only_at_bottom(bursts, allotments):
    level, used, out = 0, 0, []
    for b in bursts:
        used += b
        if used >= allotments[level] and level < len(allotments) - 1:
            level, used = level + 1, 0  # at the bottom the usage is never reset: harmless
        out.append(level)
    return out


def _levels_counting_bursts(bursts, allotments):
    level, runs, out = 0, 0, []
    for _ in bursts:
        runs += 1  # counts runs, not time
        if runs >= allotments[level]:
            level, runs = min(level + 1, len(allotments) - 1), 0
        out.append(level)
    return out


def _levels_tuple(bursts, allotments):
    return tuple(ex.levels_after(bursts, allotments))


def _mlfq_boost_at_zero_skipped(tasks, boost):
    return ex.mlfq_schedule(tasks, boost) if not boost else [
        s for s in ex.mlfq_schedule(tasks, boost + 1)]


def _mlfq_no_preemption_at_level_1(tasks, boost):
    return ex.mlfq_in_core([(n, a, d) for n, a, d in sorted(tasks, key=lambda t: t[0])], boost)


def _shares_percent(queues, weights, quantum, k):
    return {t: 100 * s for t, s in ex.shares_after(queues, weights, quantum, k).items()}


def _shares_of_all_work(queues, weights, quantum, k):
    total = sum(map(sum, queues.values()))
    got = ex.shares_after(queues, weights, quantum, k)
    served = {t: s for t, s in got.items()}
    return {t: s * 1.0 for t, s in served.items()} if total == 0 else {
        t: sum(queues[t]) / total for t in queues}


@pytest.mark.parametrize("problem, answer", [
    (ex.q1, _levels_counting_bursts), (ex.q1, _levels_tuple),
    (ex.q1, lambda bursts, allotments: [min(i, len(allotments) - 1) for i in range(len(bursts))]),
    (ex.q2, _mlfq_boost_at_zero_skipped), (ex.q2, _mlfq_no_preemption_at_level_1),
    (ex.q2, lambda tasks, boost: ex.mlfq_in_core(tasks, None)),
    (ex.q4, _shares_percent), (ex.q4, _shares_of_all_work),
    (ex.q4, lambda queues, weights, quantum, k: ex.shares_after(queues, weights, quantum, 1)),
])
def test_issue_25_more_undeclared_wrong_answers_fail(problem, answer):
    assert not problem.check(answer)


def test_q1_a_usage_left_at_the_bottom_level_is_right():
    assert ex.q1.check(_levels_reset_only_at_bottom)


def test_q2_draws_a_boost_at_every_tick():
    assert drawn(ex.q2.cases, lambda c: c[1] == 1)


def drawn(strategy, condition):
    """Some case the strategy draws meets the condition (a search, not the check's sample)."""
    return hypothesis.find(strategy, condition, settings=hypothesis.settings(
        database=None, derandomize=True, max_examples=2000)) is not None

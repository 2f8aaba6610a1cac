"""Exercises for 03_mlfq_and_fairness: the MLFQ rule, a small MLFQ with boost, deficit round robin.

- q1 `levels_after(bursts, allotments)`: the demotion rule with allotment accounting;
- q2 `mlfq_schedule(tasks, boost)`: three levels (quanta 1, 2, 4), preemption, periodic boost;
- q3 `drr_round(queues, deficits, weights, quantum)`: one round of deficit round robin;
- q4 `shares_after(queues, weights, quantum, k)`: each tenant's share of the work after k rounds.

The references are the kit's core where it has the answer (`kit.mlfq.mlfq_rule`,
`kit.policies.simulate`, `kit.fair`); q3's one-round step is written here and tested against
`kit.fair.deficit_round_robin`. What `solution()` shows is a short, self-contained answer.
The pitfalls are the classic wrong answers, most of them one switch away from the right one.
"""

from collections import deque

from hypothesis import strategies as st

from kit import fair
from kit.checks.engine import Pitfall, Problem
from kit.mlfq import mlfq_rule
from kit.policies import simulate

QUANTA = (1, 2, 4)  # q2: three levels, quantum 1 doubling downwards; allotment = one quantum


# -- q1: the demotion rule -----------------------------------------------------------------------
def reference_levels_after(bursts, allotments):
    """The kit's own rule (`kit.mlfq.mlfq_rule`) applied to one task, burst by burst."""
    level, used = [0], [0]
    _, _, drop = mlfq_rule(1, None, list(allotments), None, None, level, used)
    after = []
    for burst in bursts:
        used[0] += burst
        drop(0)
        after.append(level[0])
    return after


def levels_after(bursts, allotments):
    level, used = 0, 0
    after = []
    for burst in bursts:
        used += burst  # usage adds up over every run at this level
        if used >= allotments[level]:
            level = min(level + 1, len(allotments) - 1)
            used = 0
        after.append(level)
    return after


def _fit(bursts, allotments):
    """Cut each burst to what is left of the allotment at the task's level (the scheduler stops a
    task there), so every case is one a real MLFQ could produce."""
    level, used, fitted = 0, 0, []
    for burst in bursts:
        burst = min(burst, allotments[level] - used)
        fitted.append(burst)
        used += burst
        if used >= allotments[level]:
            level, used = min(level + 1, len(allotments) - 1), 0
    return fitted, allotments


def _levels_variant(bursts, allotments, *, carry=True, every_run=False, floor=True, reset=True,
                    strict=False):
    level, used, after = 0, 0, []
    for burst in bursts:
        used = used + burst if carry else burst
        full = used > allotments[level] if strict else used >= allotments[level]
        if full or every_run:
            level = min(level + 1, len(allotments) - 1) if floor else level + 1
            used = 0 if reset else used
        after.append(level)
    return after


q1 = Problem(
    name="levels_after",
    arg_names=("bursts", "allotments"),
    cases=st.tuples(st.lists(st.integers(1, 8), max_size=8),
                    st.lists(st.integers(1, 8), min_size=1, max_size=4))
    .map(lambda c: _fit(*c)),
    reference=reference_levels_after,
    solution_source=levels_after,
    examples=[("no bursts", ([], [2, 4, 8])),
              ("one level only", ([1, 1, 1], [1])),
              ("the gaming job: short bursts that never fill a quantum", ([1, 1, 1, 1], [2, 4, 8])),
              ("a CPU hog: every burst fills the allotment", ([2, 4, 8, 8], [2, 4, 8]))],
    pitfalls=[
        Pitfall("usage forgotten between runs (the gaming hole)",
                "charging each run on its own lets a job that gives up the CPU just before its "
                "quantum ends stay on top forever; add every run at a level to its usage",
                lambda b, a: _levels_variant(b, a, carry=False)),
        Pitfall("demoted after every run",
                "a task drops only once its usage reaches the allotment of its level, not each "
                "time it gives up the CPU",
                lambda b, a: _levels_variant(b, a, every_run=True)),
        Pitfall("fell off the bottom level",
                "the lowest level has nowhere to drop to: stay at len(allotments) - 1",
                lambda b, a: _levels_variant(b, a, floor=False)),
        Pitfall("usage kept after a drop",
                "a task starts every level with a fresh allotment: set its usage back to 0",
                lambda b, a: _levels_variant(b, a, reset=False)),
        Pitfall("dropped one tick late (> instead of >=)",
                "a task that has used exactly its allotment drops: test used >= allotment",
                lambda b, a: _levels_variant(b, a, strict=True)),
    ],
    hints=["Keep two numbers for the task: its level and how much it has used at that level.",
           "After each burst add it to the usage; the task drops when the usage reaches "
           "allotments[level].",
           "On a drop: level = min(level + 1, len(allotments) - 1) and usage back to 0. Append the "
           "level after every burst."],
)


# -- q2: a whole small MLFQ ----------------------------------------------------------------------
def mlfq_schedule(tasks, boost):
    quanta = [1, 2, 4]
    arriving = deque(sorted(tasks, key=lambda task: task[1]))  # stable: ties keep input order
    left = {name: duration for name, _, duration in tasks}
    level, used = dict.fromkeys(left, 0), dict.fromkeys(left, 0)
    queues = [deque(), deque(), deque()]
    running, ticks, t = None, [], 0
    while any(left.values()):
        while arriving and arriving[0][1] <= t:
            queues[0].append(arriving.popleft()[0])
        if boost and t % boost == 0:  # everyone back to the top, in queue order
            everyone = [name for q in queues for name in q] + ([running] if running else [])
            queues = [deque(everyone), deque(), deque()]
            for name in everyone:
                level[name] = used[name] = 0
            running = None
        if running is not None:
            if used[running] == quanta[level[running]]:  # allotment used up: drop a level
                level[running] = min(level[running] + 1, 2)
                used[running] = 0
                queues[level[running]].append(running)
                running = None
            elif any(queues[k] for k in range(level[running])):  # preempted from above
                queues[level[running]].append(running)
                running = None
        if running is None:
            running = next((q.popleft() for q in queues if q), None)
        ticks.append(running)
        if running is not None:
            left[running] -= 1
            used[running] += 1
            if left[running] == 0:
                running = None
        t += 1
    slices = []
    for t, name in enumerate(ticks):
        if name is not None:
            if slices and slices[-1][0] == name and slices[-1][2] == t:
                slices[-1] = (name, slices[-1][1], t + 1)
            else:
                slices.append((name, t, t + 1))
    return slices


def reference_mlfq_schedule(tasks, boost):
    return list(simulate(tasks, "mlfq", 1, boost=boost).slices)


def _merged(slices):
    """The slices as (name, start, end) tuples, a run of one task split at ticks joined up; an
    answer that is not a list of 3-item slices is returned as it is (and judged wrong)."""
    if not isinstance(slices, list | tuple):
        return slices
    out = []
    for s in slices:
        if not isinstance(s, list | tuple) or len(s) != 3:
            return list(slices)
        name, start, end = s
        if out and out[-1][0] == name and out[-1][2] == start:
            out[-1] = (name, out[-1][1], end)
        else:
            out.append((name, start, end))
    return out


def _run_schedule(answer, case):
    return _merged(answer(*case))


def _mlfq_variant(tasks, boost, *, preempt=True, keep_usage=True, lift_running=True,
                  late=False, quanta=QUANTA):
    """The answer above with one rule switched off (the pitfalls)."""
    arriving = deque(sorted(tasks, key=lambda task: task[1]))
    left = {name: duration for name, _, duration in tasks}
    level, used = dict.fromkeys(left, 0), dict.fromkeys(left, 0)
    queues = [deque(), deque(), deque()]
    running, ticks, t = None, [], 0
    while any(left.values()):
        while arriving and arriving[0][1] <= t:
            queues[0].append(arriving.popleft()[0])
        if boost and t % boost == (1 if late else 0):
            everyone = [name for q in queues for name in q]
            if lift_running and running:
                everyone.append(running)
                running = None
            queues = [deque(everyone), deque(), deque()]
            for name in everyone:
                level[name] = used[name] = 0
        if running is not None:
            if used[running] >= quanta[level[running]]:
                level[running] = min(level[running] + 1, 2)
                used[running] = 0
                queues[level[running]].append(running)
                running = None
            elif preempt and any(queues[k] for k in range(level[running])):
                if not keep_usage:
                    used[running] = 0
                queues[level[running]].append(running)
                running = None
        if running is None:
            running = next((q.popleft() for q in queues if q), None)
        ticks.append(running)
        if running is not None:
            left[running] -= 1
            used[running] += 1
            if left[running] == 0:
                running = None
        t += 1
    return _merged([(name, t, t + 1) for t, name in enumerate(ticks) if name is not None])


def _tasks(specs):
    return [("ABCDE"[i], arrival, duration) for i, (arrival, duration) in enumerate(specs)]


task_lists = st.lists(st.tuples(st.integers(0, 6), st.integers(1, 7)), min_size=1, max_size=4)
q2 = Problem(
    name="mlfq_schedule",
    arg_names=("tasks", "boost"),
    cases=st.tuples(task_lists.map(_tasks), st.none() | st.integers(2, 8)),
    reference=reference_mlfq_schedule,
    solution_source=mlfq_schedule,
    run=_run_schedule,
    examples=[("one task alone sinks to the bottom", ([("A", 0, 9)], None)),
              ("a short task arrives while a long one is at level 2",
               ([("A", 0, 8), ("B", 4, 2)], None)),
              ("boost every 4 ticks", ([("A", 0, 6), ("B", 0, 6)], 4)),
              ("an idle gap before the second task", ([("A", 0, 2), ("B", 5, 2)], 3))],
    pitfalls=[
        Pitfall("no boost", "every `boost` ticks (t = boost, 2·boost, ...) every task goes back "
                "to level 0 with a fresh allotment; without it sunk tasks can starve",
                lambda tasks, boost: _mlfq_variant(tasks, None)),
        Pitfall("boost skips the running task",
                "the boost lifts every task, the one on the worker too: it joins the back of "
                "level 0 behind the waiting tasks",
                lambda tasks, boost: _mlfq_variant(tasks, boost, lift_running=False)),
        Pitfall("boost one tick late", "the boost happens at the start of tick t = k·boost, "
                "before the worker chooses who runs in it",
                lambda tasks, boost: _mlfq_variant(tasks, boost, late=True)),
        Pitfall("usage forgotten on preemption (the gaming hole)",
                "a task pushed off the worker by a higher level keeps what it used: it gets only "
                "the rest of its allotment later, not a fresh quantum",
                lambda tasks, boost: _mlfq_variant(tasks, boost, keep_usage=False)),
        Pitfall("arrivals wait for the quantum to end",
                "a task at a higher level preempts at once: a newcomer at level 0 does not wait "
                "behind a task running at level 2",
                lambda tasks, boost: _mlfq_variant(tasks, boost, preempt=False)),
        Pitfall("the same quantum at every level",
                "lower levels get longer quanta: 1, 2 and 4 ticks",
                lambda tasks, boost: _mlfq_variant(tasks, boost, quanta=(1, 1, 1))),
    ],
    hints=["Simulate one tick at a time. Keep three FIFO queues, and per task its level, its "
           "usage at that level and the work left.",
           "At the start of each tick, in this order: admit arrivals to the back of level 0; "
           "boost if t is a multiple of boost; then decide about the running task (allotment "
           "used up: drop a level and go to the back of the new queue; a task waiting at a higher "
           "level: go to the back of your own queue).",
           "If nobody is running, take the front of the highest non-empty queue; run it one tick. "
           "At the end, join consecutive ticks of the same task into one (name, start, end)."],
)


# -- q3: one round of deficit round robin --------------------------------------------------------
def drr_round(queues, deficits, weights, quantum):
    served, after = [], {}
    for tenant, jobs in queues.items():
        if not jobs:
            after[tenant] = 0  # an idle tenant earns nothing
            continue
        credit = deficits[tenant] + quantum * weights[tenant]
        k = 0
        while k < len(jobs) and jobs[k] <= credit:
            credit -= jobs[k]
            served.append((tenant, jobs[k]))
            k += 1
        after[tenant] = credit if k < len(jobs) else 0  # an emptied queue forfeits its credit
    return served, after


def _drr_variant(queues, deficits, weights, quantum, *, carry=True, by_job=False, reset=True,
                 idle_credit=False, one_job=False, weighted=True):
    served, after = [], {}
    for tenant, jobs in queues.items():
        if not jobs and not idle_credit:
            after[tenant] = deficits[tenant] if not reset else 0
            continue
        if by_job:
            served.append((tenant, jobs[0]))
            after[tenant] = deficits[tenant]
            continue
        credit = (deficits[tenant] if carry else 0) + quantum * (weights[tenant] if weighted else 1)
        k = 0
        while k < len(jobs) and jobs[k] <= credit and not (one_job and k):
            credit -= jobs[k]
            served.append((tenant, jobs[k]))
            k += 1
        after[tenant] = credit if k < len(jobs) or not reset else 0
    return served, after


@st.composite
def drr_states(draw):
    tenants = draw(st.lists(st.sampled_from("abc"), min_size=1, max_size=3, unique=True))
    queues = {t: draw(st.lists(st.integers(1, 6), max_size=4)) for t in tenants}
    deficits = {t: draw(st.integers(0, queues[t][0] - 1)) if queues[t] else 0 for t in tenants}
    weights = {t: draw(st.integers(1, 3)) for t in tenants}
    return queues, deficits, weights, draw(st.integers(1, 6))


def _drr_judge(case, expected, got):
    if not (isinstance(got, tuple | list) and len(got) == 2):
        return "return a pair: (served, deficits)"
    served, after = got
    if not isinstance(served, list | tuple) or [tuple(s) if isinstance(s, list | tuple) else s
                                                 for s in served] != expected[0]:
        return "the jobs served (tenant, size), in order, differ from the expected ones"
    if after != expected[1]:
        return "the jobs served are right, but the deficits after the round are not"
    return None


q3 = Problem(
    name="drr_round",
    arg_names=("queues", "deficits", "weights", "quantum"),
    cases=drr_states(),
    reference=drr_round,
    judge=_drr_judge,
    examples=[("nobody has work", ({"a": [], "b": []}, {"a": 0, "b": 0}, {"a": 1, "b": 1}, 3)),
              ("a big job waits for a second round", ({"a": [3, 1]}, {"a": 0}, {"a": 1}, 2)),
              ("the second round of that: credit 2 + 2 pays for 3 and 1",
               ({"a": [3, 1]}, {"a": 2}, {"a": 1}, 2)),
              ("weights 1 and 2, small jobs", ({"a": [1] * 4, "b": [1] * 4}, {"a": 0, "b": 0},
                                               {"a": 1, "b": 2}, 1))],
    pitfalls=[
        Pitfall("deficit not carried over",
                "unspent credit stays with the tenant for the next round; without it a job "
                "larger than quantum·weight is never sent",
                lambda q, d, w, n: _drr_variant(q, d, w, n, carry=False)),
        Pitfall("plain round robin by job",
                "counting turns, one job each, gives tenants with big jobs more of the worker; "
                "DRR counts work: send jobs while they fit in the credit",
                lambda q, d, w, n: _drr_variant(q, d, w, n, by_job=True)),
        Pitfall("deficit kept when a queue empties",
                "a tenant whose queue runs dry forfeits its leftover (reset to 0), or it could "
                "save credit while idle and burst later",
                lambda q, d, w, n: _drr_variant(q, d, w, n, reset=False)),
        Pitfall("credit given to an empty queue",
                "only a backlogged tenant earns quantum·weight; an idle tenant's deficit is 0",
                lambda q, d, w, n: _drr_variant(q, d, w, n, reset=False, idle_credit=True)),
        Pitfall("one job per turn",
                "keep sending head jobs while the next one still fits in the credit",
                lambda q, d, w, n: _drr_variant(q, d, w, n, one_job=True)),
        Pitfall("weight ignored", "a tenant earns quantum · its weight per round",
                lambda q, d, w, n: _drr_variant(q, d, w, n, weighted=False)),
    ],
    hints=["Visit the tenants in the order of `queues`. A tenant with an empty queue gets nothing "
           "and its deficit is 0.",
           "A backlogged tenant's credit is deficits[t] + quantum * weights[t]; send head jobs "
           "while the head fits in the credit, subtracting each job's size.",
           "Its new deficit is the credit left, or 0 if its queue is now empty. Build new lists "
           "and a new dict; do not pop from the queues you were given."],
)


# -- q4: shares after k rounds --------------------------------------------------------------------
def reference_shares_after(queues, weights, quantum, k):
    return fair.shares(fair.deficit_round_robin(queues, weights, quantum, rounds=k))


def shares_after(queues, weights, quantum, k):
    queues = {tenant: list(jobs) for tenant, jobs in queues.items()}
    deficits = dict.fromkeys(queues, 0)
    work = dict.fromkeys(queues, 0)
    for _ in range(k):
        served, deficits = drr_round(queues, deficits, weights, quantum)
        for tenant, size in served:
            work[tenant] += size
            queues[tenant].pop(0)
    total = sum(work.values())
    return {tenant: w / total for tenant, w in work.items() if w} if total else {}


def _drr_trace(queues, weights, quantum, k, **variant):
    """(tenant, size) of every job served in k rounds, by `_drr_variant` round after round."""
    queues = {tenant: list(jobs) for tenant, jobs in queues.items()}
    deficits = dict.fromkeys(queues, 0)
    out = []
    for _ in range(k):
        served, deficits = _drr_variant(queues, deficits, weights, quantum, **variant)
        for tenant, _ in served:
            queues[tenant].pop(0)
        out += served
    return out


def _fractions(amounts):
    total = sum(amounts.values())
    return {t: x / total for t, x in amounts.items() if x} if total else {}


def _served_by(trace, count=False):
    amounts = {}
    for tenant, size in trace:
        amounts[tenant] = amounts.get(tenant, 0) + (1 if count else size)
    return amounts


def _shares_judge(case, expected, got):
    if not isinstance(got, dict):
        return f"return a dict {{tenant: share}}, not {type(got).__name__}"
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in got.values()):
        return "every share must be a number"
    tenants = set(expected) | set(got)
    if any(abs(got.get(t, 0) - expected.get(t, 0)) > 1e-9 for t in tenants):
        return "the shares differ from the expected ones (a tenant served nothing has share 0)"
    return None


@st.composite
def backlogs(draw):
    tenants = draw(st.lists(st.sampled_from("abc"), min_size=1, max_size=3, unique=True))
    queues = {t: draw(st.lists(st.integers(1, 8), min_size=1, max_size=5)) for t in tenants}
    weights = {t: draw(st.integers(1, 3)) for t in tenants}
    return queues, weights, draw(st.integers(1, 8)), draw(st.integers(1, 5))


q4 = Problem(
    name="shares_after",
    arg_names=("queues", "weights", "quantum", "k"),
    cases=backlogs(),
    reference=reference_shares_after,
    solution_source=shares_after,
    judge=_shares_judge,
    examples=[("big jobs against small ones, equal weights",
               ({"a": [3, 3, 3], "b": [1] * 9}, {"a": 1, "b": 1}, 3, 1)),
              ("nothing fits yet", ({"a": [5]}, {"a": 1}, 2, 1)),
              ("weights 1 and 3", ({"a": [2] * 5, "b": [2] * 5}, {"a": 1, "b": 3}, 2, 2))],
    pitfalls=[
        Pitfall("counted jobs, not work",
                "a share is the fraction of the *work* (sum of job sizes) served, not of the jobs",
                lambda q, w, n, k: _fractions(_served_by(_drr_trace(q, w, n, k), count=True))),
        Pitfall("the weights, not what was served",
                "the weights are where shares head over many rounds; after k rounds measure "
                "what was actually served",
                lambda q, w, n, k: _fractions(w)),
        Pitfall("deficit not carried over",
                "unspent credit stays for the next round; without it big jobs never go",
                lambda q, w, n, k: _fractions(_served_by(_drr_trace(q, w, n, k, carry=False)))),
        Pitfall("one round too many", "count the rounds from 1 to k: stop after round k",
                lambda q, w, n, k: reference_shares_after(q, w, n, k + 1)),
        Pitfall("share of all queued work",
                "divide by the work served in those k rounds, not by all the work in the queues",
                lambda q, w, n, k: {t: x / sum(sum(j) for j in q.values())
                                    for t, x in _served_by(_drr_trace(q, w, n, k)).items()}),
    ],
    hints=["Run k rounds of deficit round robin (your drr_round helps), adding up the sizes each "
           "tenant sent.",
           "Remove the jobs that were served from (a copy of) the queues between rounds.",
           "Share = a tenant's work / all the work served in the k rounds; with nothing served "
           "return {}."],
)

PROBLEMS = [q1, q2, q3, q4]

"""kit.policies / kit.tasks / kit.mlfq: one event loop, many policies.

The event loop is checked against a naive model that steps one tick at a time (written here, not
shared with the kit), against OSTEP's cpu-sched rules with every arrival at 0, against numbers
worked out by hand, and against every "what to notice" statement of the policy race.
"""

import itertools
from fractions import Fraction
from math import inf

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.policies import DEFAULT_JOBS, POLICIES, Task, simulate, simulate_fast, urgent_stream
from kit.tasks import Moment, Schedule, Summary

FAST = settings(max_examples=120, deadline=None, derandomize=True, database=None)


# ---------------------------------------------------------------- a naive model, one tick at a time

def tick_model(tasks, policy, quantum=1, preemptive=False, aging=0, levels=3, allotment=None,
               boost=None):
    """Who runs in each tick [t, t+1), decided afresh at every tick. Integer inputs only."""
    n = len(tasks)
    rem = [t.duration for t in tasks]
    ready = {}  # task index -> (tick it entered the ready set, entry counter)
    counter = itertools.count()
    lv, used = [0] * n, [0] * n
    quanta = [quantum * 2 ** k for k in range(levels)]
    allot = quanta if allotment is None else [allotment] * levels
    sliced = policy in ("rr", "mlfq") or (policy == "priority" and aging and preemptive)
    preempts = policy in ("srtf", "mlfq") or (policy in ("priority", "edf") and preemptive)

    def key(i, t):
        task = tasks[i]
        if policy in ("fifo", "rr"):
            return 0
        if policy == "sjf":
            return task.duration
        if policy == "srtf":
            return rem[i]
        if policy == "edf":
            return inf if task.deadline is None else task.deadline
        if policy == "mlfq":
            return lv[i]
        waited = t - ready[i][0] if i in ready else 0
        return task.priority - aging * waited

    def best(t):
        return min(ready, key=lambda i: (key(i, t), ready[i][1]))

    def quantum_of(i):
        return min(quanta[lv[i]], allot[lv[i]] - used[i]) if policy == "mlfq" else quantum

    arrivals = sorted(range(n), key=lambda i: (tasks[i].arrival, i))
    timeline, run, budget, t = [], None, None, 0
    while any(rem):
        for i in arrivals:
            if tasks[i].arrival == t:
                ready[i] = (t, next(counter))
        if policy == "mlfq" and boost and t > 0 and t % boost == 0:
            for i in sorted(ready, key=lambda i: (lv[i], ready[i][1])):
                ready[i] = (t, next(counter))
            for i in list(ready) + ([run] if run is not None else []):
                lv[i] = used[i] = 0
            if run is not None:
                budget = 0
        if run is not None:
            if sliced and budget == 0:
                if policy == "mlfq" and used[run] >= allot[lv[run]]:
                    used[run] = 0
                    lv[run] = min(lv[run] + 1, levels - 1)
                if ready and key(best(t), t) <= key(run, t):
                    ready[run] = (t, next(counter))
                    run = None
                else:
                    budget = quantum_of(run)
            elif preempts and ready and key(best(t), t) < key(run, t):
                ready[run] = (t, next(counter))
                run = None
        if run is None and ready:
            run = best(t)
            del ready[run]
            budget = quantum_of(run) if sliced else None
        timeline.append(run)
        if run is not None:
            rem[run] -= 1
            used[run] += 1
            if sliced:
                budget -= 1
            if rem[run] == 0:
                run = None
        t += 1
    slices = []
    for t, i in enumerate(timeline):
        if i is None:
            continue
        name = tasks[i].name
        if slices and slices[-1][0] == name and slices[-1][2] == t:
            slices[-1] = (name, slices[-1][1], t + 1)
        else:
            slices.append((name, t, t + 1))
    return slices


@st.composite
def task_sets(draw, max_tasks=6):
    n = draw(st.integers(1, max_tasks))
    tasks = []
    for k in range(n):
        arrival = draw(st.integers(0, 10))
        duration = draw(st.integers(1, 5))
        deadline = draw(st.none() | st.integers(0, 12).map(lambda s, a=arrival + duration: a + s))
        tasks.append(Task(chr(ord("a") + k), arrival, duration, draw(st.integers(1, 3)), deadline))
    return tasks


def as_tuples(schedule):
    return schedule.slices


@FAST
@given(task_sets(), st.sampled_from(["fifo", "sjf", "srtf", "edf"]))
def test_heap_policies_match_the_tick_model(tasks, policy):
    assert as_tuples(simulate(tasks, policy)) == tick_model(tasks, policy,
                                                            preemptive=policy == "edf")


@FAST
@given(task_sets(), st.booleans(), st.sampled_from([0, 0.5, 1]))
def test_priority_matches_the_tick_model(tasks, preemptive, aging):
    got = simulate(tasks, "priority", preemptive=preemptive, aging=aging)
    assert as_tuples(got) == tick_model(tasks, "priority", preemptive=preemptive, aging=aging)


@FAST
@given(task_sets(), st.integers(1, 4))
def test_round_robin_matches_the_tick_model(tasks, q):
    assert as_tuples(simulate(tasks, "rr", q)) == tick_model(tasks, "rr", quantum=q)


@FAST
@given(task_sets(), st.integers(1, 2), st.integers(1, 3), st.none() | st.integers(1, 4),
       st.none() | st.integers(2, 9))
def test_mlfq_matches_the_tick_model(tasks, q, levels, allotment, boost):
    got = simulate(tasks, "mlfq", q, levels=levels, allotment=allotment, boost=boost)
    want = tick_model(tasks, "mlfq", quantum=q, levels=levels, allotment=allotment, boost=boost)
    assert as_tuples(got) == want


@FAST
@given(task_sets(max_tasks=8), st.sampled_from(POLICIES), st.integers(1, 3))
def test_invariants_of_every_schedule(tasks, policy, q):
    s = simulate(tasks, policy, q)
    by_name = {t.name: t for t in tasks}
    service = dict.fromkeys(by_name, 0)
    for (a_name, _, a_end), (b_name, b_start, _) in zip(s.slices, s.slices[1:], strict=False):
        assert a_end <= b_start, "slices overlap or are out of order"
        assert a_name != b_name or a_end < b_start, "one contiguous run split in two"
        for t in tasks:  # the worker is never idle while a task waits
            if a_end < b_start and t.arrival < b_start:
                assert s.stats[t.name].finish <= a_end
    for name, start, end in s.slices:
        assert start < end
        assert start >= by_name[name].arrival, "ran before it arrived"
        service[name] += end - start
    assert service == {t.name: t.duration for t in tasks}
    assert s.slices[0][1] == min(t.arrival for t in tasks)
    for t in tasks:
        st_ = s.stats[t.name]
        mine = [sl for sl in s.slices if sl[0] == t.name]
        assert st_.start == mine[0][1] and st_.finish == mine[-1][2]
        assert st_.response == st_.start - t.arrival
        assert st_.turnaround == st_.finish - t.arrival
        assert st_.wait == st_.turnaround - t.duration
        assert st_.lateness == (None if t.deadline is None else st_.finish - t.deadline)
    summary = s.summary()
    assert summary.context_switches == len(s.slices) - len(tasks) >= 0
    if policy in ("fifo", "sjf", "priority"):
        assert summary.context_switches == 0
    stats = list(s.stats.values())
    late = [x.lateness for x in stats if x.lateness is not None]
    makespan = max(x.finish for x in stats) - min(t.arrival for t in tasks)
    assert summary == Summary(
        len(tasks), sum(x.response for x in stats) / len(tasks),
        sum(x.turnaround for x in stats) / len(tasks), sum(x.wait for x in stats) / len(tasks),
        sum(x > 0 for x in late), max(late, default=None), len(tasks) / makespan,
        len(s.slices) - len(tasks), makespan)


@FAST
@given(task_sets(max_tasks=8), st.sampled_from(POLICIES),
       st.lists(st.integers(0, 40).map(lambda x: x / 2), min_size=1, max_size=4))
def test_at_matches_the_slices(tasks, policy, times):
    """`at(t)` against a scan of the slices: running is the slice holding t, done is every task
    whose last slice ended by t (in finish order), the rest of the arrived tasks wait. Several
    times on one schedule, since `at` keeps its orders between calls."""
    s = simulate(tasks, policy, 2)
    last_end = {name: end for name, _, end in s.slices}
    by_arrival = [x.name for x in sorted(tasks, key=lambda x: x.arrival)]
    for t in times:
        running = [name for name, start, end in s.slices if start <= t < end]
        done = sorted((end, by_arrival.index(name), name)
                      for name, end in last_end.items() if end <= t)
        waiting = [x.name for x in sorted(tasks, key=lambda x: x.arrival)
                   if x.arrival <= t and last_end[x.name] > t and x.name not in running]
        assert s.at(t) == Moment(t, tuple(waiting), running[0] if running else None,
                                   tuple(name for *_, name in done))


@st.composite
def runs(draw):
    """A policy with options it accepts, on tasks with whole or half ticks in any order."""
    policy = draw(st.sampled_from(POLICIES))
    tick = st.integers(0, 20).map(lambda x: x / 2)
    options = {}
    if policy in ("priority", "edf"):
        options["preemptive"] = draw(st.sampled_from([None, False, True]))
    if policy == "priority":
        options["aging"] = draw(st.sampled_from([0, 0.25, 0.5, 1, 2]))
    if policy == "mlfq":
        options.update(levels=draw(st.none() | st.integers(1, 4)),
                       allotment=draw(st.none() | st.sampled_from([0.5, 1, 3])),
                       boost=draw(st.none() | st.sampled_from([1.5, 2, 5, 9])))
    n = draw(st.integers(0, 7))
    names = draw(st.permutations("abcdefgh"))[:n]
    tasks = [Task(name, draw(tick), draw(tick.filter(bool)), draw(st.integers(1, 3)),
                  draw(st.none() | st.integers(0, 20))) for name in names]
    return tasks, policy, draw(st.sampled_from([0.5, 1, 2, 3])), options


@settings(max_examples=600, deadline=None, derandomize=True, database=None)
@given(runs())
def test_the_tuned_loop_computes_the_readable_loops_schedule(run):
    """simulate_fast is simulate, tuned: the same slices, first runs, finishes and level moves."""
    tasks, policy, q, options = run
    readable, tuned = simulate(tasks, policy, q, **options), simulate_fast(tasks, policy, q,
                                                                           **options)
    assert (tuned.slices, tuned.first, tuned.finish, tuned.levels) == (
        readable.slices, readable.first, readable.finish, readable.levels)


@pytest.mark.parametrize("run", [simulate, simulate_fast])
def test_aging_counts_from_arrival_even_while_the_worker_is_busy(run):
    """Non-preemptive priority with aging: B (priority 3) arrived at 1 and C (priority 2) at 3,
    both while A ran; at 5 B has aged to 3 - 4 = -1 and C to 2 - 2 = 0, so B goes first.
    (An earlier loop keyed both at the time it admitted them, 5, and ran C first.)"""
    tasks = [Task("A", 0, 5, 1), Task("B", 1, 1, 3), Task("C", 3, 1, 2)]
    assert run(tasks, "priority", aging=1).slices == [("A", 0, 5), ("B", 5, 6), ("C", 6, 7)]
    assert run(tasks, "priority", aging=1).slices == tick_model(tasks, "priority", aging=1)


def test_simulate_fast_checks_its_input_too():
    with pytest.raises(ValueError, match=r"task names must be unique, got 'a' twice"):
        simulate_fast([Task("a", 0, 1), Task("a", 1, 1)], "fifo")
    with pytest.raises(ValueError, match=r"quantum must be > 0, got 0"):
        simulate_fast(DEFAULT_JOBS, "rr", 0)


def test_long_tasks_alone_do_not_step_through_every_quantum_in_either_loop():
    for run in (simulate, simulate_fast):
        s = run([Task("a", 0, 10**12), Task("b", 5, 3)], "rr", 1)
        assert len(s.slices) == 7 and s.stats["a"].finish == 10**12 + 3


def test_a_schedule_shows_its_size_not_its_slices():
    assert repr(simulate(DEFAULT_JOBS, "rr")) == "Schedule('rr', 5 tasks, 13 slices)"


# --------------------------------------------- OSTEP's cpu-sched conventions: every arrival at 0

def ostep_round_robin(lengths, q):
    """OSTEP cpu-sched's RR: a run list; a job with more than q left runs q and goes to the back;
    wait adds up the time since the job last ran."""
    runlist = list(enumerate(lengths))
    response, turnaround, wait, last = {}, {}, dict.fromkeys(range(len(lengths)), 0), {}
    now = 0
    while runlist:
        job, left = runlist.pop(0)
        response.setdefault(job, now)
        wait[job] += now - last.get(job, 0)
        ran = min(q, left)
        now += ran
        last[job] = now
        if left > q:
            runlist.append((job, left - q))
        else:
            turnaround[job] = now
    return [(response[j], turnaround[j], wait[j]) for j in range(len(lengths))]


def numbers(schedule):
    return [(s.response, s.turnaround, s.wait) for s in schedule.stats.values()]


def jobs(lengths):
    return [Task(f"job{k}", 0, x) for k, x in enumerate(lengths)]


def test_fcfs_vs_sjf_on_lengths_6_8_7_3():
    fifo, sjf = simulate(jobs([6, 8, 7, 3]), "fifo"), simulate(jobs([6, 8, 7, 3]), "sjf")
    assert numbers(fifo) == [(0, 6, 0), (6, 14, 6), (14, 21, 14), (21, 24, 21)]
    assert fifo.summary().avg_wait == 10.25
    assert fifo.summary().avg_turnaround == 16.25
    # shortest first: job3 (3), job0 (6), job2 (7), job1 (8)
    assert numbers(sjf) == [(3, 9, 3), (16, 24, 16), (9, 16, 9), (0, 3, 0)]
    assert sjf.summary().avg_wait == 7
    assert sjf.summary().avg_turnaround == 13


def test_round_robin_on_lengths_6_8_7_3_by_hand():
    # q = 1: four jobs share the worker until job3 ends at 12, then three until job0 ends at 19,
    # then job1 and job2 alternate: job2 ends at 23, job1 at 24.
    rr = simulate(jobs([6, 8, 7, 3]), "rr", 1)
    assert numbers(rr) == [(0, 19, 13), (1, 24, 16), (2, 23, 16), (3, 12, 9)]
    assert rr.summary()[1:4] == (1.5, 19.5, 13.5)
    assert numbers(rr) == ostep_round_robin([6, 8, 7, 3], 1)


@FAST
@given(st.lists(st.integers(1, 12), min_size=1, max_size=7), st.integers(1, 5))
def test_all_at_zero_matches_ostep(lengths, q):
    assert numbers(simulate(jobs(lengths), "rr", q)) == ostep_round_robin(lengths, q)
    # FIFO: each job waits for the ones before it; SJF is FIFO over the stably sorted list
    before = list(itertools.accumulate([0] + lengths[:-1]))
    assert numbers(simulate(jobs(lengths), "fifo")) == [(b, b + x, b) for b, x in
                                                        zip(before, lengths, strict=True)]
    order = sorted(range(len(lengths)), key=lengths.__getitem__)
    start = dict(zip(order, itertools.accumulate([0] + [lengths[k] for k in order[:-1]]),
                     strict=True))
    assert numbers(simulate(jobs(lengths), "sjf")) == [(start[k], start[k] + x, start[k])
                                                       for k, x in enumerate(lengths)]


# ------------------------------------------------------------ the policy race on DEFAULT_JOBS

def race(**priority_options):
    return {"fifo": simulate(DEFAULT_JOBS, "fifo"),
            "priority": simulate(DEFAULT_JOBS, "priority", **priority_options),
            "rr": simulate(DEFAULT_JOBS, "rr", 1),
            "edf": simulate(DEFAULT_JOBS, "edf")}


def test_default_jobs_are_five_jobs_a_to_e_with_a_the_long_one_first():
    assert [j.name for j in DEFAULT_JOBS] == ["A", "B", "C", "D", "E"]
    assert min(DEFAULT_JOBS, key=lambda j: j.arrival).name == "A"
    assert max(DEFAULT_JOBS, key=lambda j: j.duration).name == "A"
    assert all(j.deadline is not None for j in DEFAULT_JOBS)


@pytest.mark.parametrize("preemptive", [False, True])
def test_fifo_misses_four_of_five_the_most(preemptive):
    lanes = race(preemptive=preemptive)
    fifo = lanes["fifo"]
    assert fifo.summary().missed_deadlines == 4
    assert fifo.slices[0][0] == "A"
    assert [n for n, s in fifo.stats.items() if s.lateness > 0] == ["B", "C", "D", "E"]
    for name in ("priority", "rr", "edf"):
        assert lanes[name].summary().missed_deadlines < 4, name


def test_fifo_misses_because_a_arrived_first():
    without_a = [j for j in DEFAULT_JOBS if j.name != "A"]
    assert simulate(without_a, "fifo").summary().missed_deadlines == 0


@pytest.mark.parametrize("preemptive", [False, True])
def test_priority_serves_b_and_e_quickly_and_d_ends_last_after_waiting_8(preemptive):
    s = simulate(DEFAULT_JOBS, "priority", preemptive=preemptive)
    if preemptive:  # B and E take the worker the moment they arrive
        assert s.stats["B"].response == s.stats["E"].response == 0
    else:  # the first picks after A: B, then E, which arrived after C and D
        assert sorted(s.stats, key=lambda n: s.stats[n].start) == ["A", "B", "E", "C", "D"]
    assert s.stats["E"].response < simulate(DEFAULT_JOBS, "fifo").stats["E"].response
    finish = {n: st_.finish for n, st_ in s.stats.items()}
    assert max(finish, key=finish.get) == "D"
    assert sorted(finish.values())[-2] < finish["D"]
    assert s.stats["D"].wait == 8


@pytest.mark.parametrize("preemptive", [False, True])
def test_round_robin_q1_has_the_best_average_response(preemptive):
    lanes = race(preemptive=preemptive)
    best = lanes["rr"].summary().avg_response
    for name in ("fifo", "priority", "edf"):
        assert best < lanes[name].summary().avg_response, name


@pytest.mark.parametrize("q", [5, 6, 100, 10**9])
def test_a_large_quantum_is_fifo(q):
    rr, fifo = simulate(DEFAULT_JOBS, "rr", q), simulate(DEFAULT_JOBS, "fifo")
    assert rr.slices == fifo.slices
    assert rr.stats == fifo.stats


@FAST
@given(task_sets())
def test_a_quantum_longer_than_every_task_is_fifo(tasks):
    q = max(t.duration for t in tasks)
    assert simulate(tasks, "rr", q).slices == simulate(tasks, "fifo").slices


def test_edf_meets_every_deadline():
    s = simulate(DEFAULT_JOBS, "edf")
    assert s.summary().missed_deadlines == 0
    assert all(st_.lateness <= 0 for st_ in s.stats.values())


def test_race_numbers_by_hand():
    # FIFO: A 0-5, B 5-6, C 6-9, D 9-10, E 10-13
    fifo = simulate(DEFAULT_JOBS, "fifo")
    assert fifo.slices == [("A", 0, 5), ("B", 5, 6), ("C", 6, 9),
                                               ("D", 9, 10), ("E", 10, 13)]
    assert fifo.summary() == Summary(tasks=5, avg_response=3.4, avg_turnaround=6.0, avg_wait=3.4,
                                     missed_deadlines=4, max_lateness=3, throughput=5 / 13,
                                     context_switches=0, makespan=13)
    # EDF preempts A for B (deadline 3) and C (7); D and E finish exactly on their deadlines
    edf = simulate(DEFAULT_JOBS, "edf")
    assert edf.slices == [("A", 0, 1), ("B", 1, 2), ("A", 2, 3), ("C", 3, 6),
                                              ("D", 6, 7), ("E", 7, 10), ("A", 10, 13)]
    assert edf.summary().max_lateness == 0 and edf.summary().context_switches == 2


# ------------------------------------------------------------------- starvation and aging

def test_raise_everyone_else_and_the_last_one_starves():
    urgent = [j._replace(priority=1) if j.name != "C" else j._replace(priority=9)
              for j in DEFAULT_JOBS]
    s = simulate(urgent, "priority")
    assert max(s.stats, key=lambda n: s.stats[n].finish) == "C"


def test_a_stream_of_urgent_jobs_starves_a_low_priority_one():
    for preemptive in (False, True):
        assert simulate(urgent_stream(50), "priority", preemptive=preemptive).stats[
            "low"].start == 50


@pytest.mark.parametrize("preemptive", [False, True])
def test_aging_lets_the_low_priority_job_run(preemptive):
    # u_t arrives at t with key 1 + t/2; "low" keeps 5 + 0; at t = 8 they tie and "low",
    # in the queue first, wins
    s = simulate(urgent_stream(50), "priority", preemptive=preemptive, aging=0.5)
    assert s.stats["low"].start == 8
    assert simulate(urgent_stream(50), "priority", aging=0.25).stats["low"].start == 16


def test_priority_ties_stay_fifo():
    tasks = [Task("x", 0, 2, 2), Task("y", 1, 1, 2), Task("z", 1, 1, 2), Task("w", 1, 1, 1)]
    assert [name for name, _, _ in simulate(tasks, "priority").slices] == ["x", "w", "y", "z"]


# ---------------------------------------------------------------------------------- mlfq

def test_mlfq_cpu_bound_job_sinks_and_interactive_jobs_stay_on_top():
    tasks = [Task("cpu", 0, 40)] + [Task(f"i{k}", 5 * k + 1, 1) for k in range(8)]
    s = simulate(tasks, "mlfq")
    assert s.levels == [(1, "cpu", 1), (4, "cpu", 2)]  # quanta 1, 2 used up: down to the bottom
    assert all(s.stats[f"i{k}"].response == 0 for k in range(8))


def test_mlfq_boost_lifts_the_sunk_job_back_and_ends_its_starvation():
    tasks = [Task("cpu", 0, 10)] + [Task(f"i{k}", k, 1) for k in range(1, 41)]
    starved = simulate(tasks, "mlfq")
    assert [s for s in starved.slices if s[0] == "cpu"] == [("cpu", 0, 1), ("cpu", 41, 50)]
    boosted = simulate(tasks, "mlfq", boost=10)
    assert (10, "cpu", 0) in boosted.levels and (20, "cpu", 0) in boosted.levels
    ran_early = sum(min(end, 41) - start for name, start, end in boosted.slices
                    if name == "cpu" and start < 41)
    assert ran_early >= 4


def test_mlfq_quanta_and_allotment():
    lone = [Task("a", 0, 20)]
    assert simulate(lone, "mlfq").levels == [(1, "a", 1), (3, "a", 2)]
    assert simulate(lone, "mlfq", allotment=3).levels == [(3, "a", 1), (6, "a", 2)]
    assert simulate(lone, "mlfq", quanta=[2, 5]).levels == [(2, "a", 1)]
    assert simulate(lone, "mlfq", levels=1).levels == []
    assert simulate(lone, "mlfq", quantum=4, levels=2).levels == [(4, "a", 1)]


# ------------------------------------------------------------------ idle gaps, at(), summary

def test_idle_gaps_and_at():
    s = simulate([Task("a", 2, 1), Task("b", 6, 2), Task("c", 6, 1)], "fifo")
    assert s.slices == [("a", 2, 3), ("b", 6, 8), ("c", 8, 9)]
    assert s.stats["b"].response == 0 and s.stats["c"].wait == 2
    assert s.at(0) == Moment(0, (), None, ())
    assert s.at(2) == Moment(2, (), "a", ())
    assert s.at(4) == Moment(4, (), None, ("a",))
    assert s.at(6) == Moment(6, ("c",), "b", ("a",))
    assert s.at(8.5) == Moment(8.5, (), "c", ("a", "b"))
    assert s.at(100) == Moment(100, (), None, ("a", "b", "c"))


def test_at_on_the_race():
    s = simulate(DEFAULT_JOBS, "fifo")
    assert s.at(3) == Moment(3, ("B", "C"), "A", ())
    assert s.at(5) == Moment(5, ("C", "D", "E"), "B", ("A",))
    assert len(s.at(13).done) == 5


def test_empty_and_tuple_input():
    s = simulate([], "rr")
    assert isinstance(s, Schedule) and s.slices == [] and s.stats == {}
    assert s.summary().avg_wait is None and s.summary().tasks == 0
    t = simulate([("a", 0, 2), ("b", 0, 1, 1, 5)], "sjf")
    assert [x[0] for x in t.slices] == ["b", "a"]
    assert t.summary().max_lateness == -4


def test_summary_without_deadlines_and_throughput():
    s = simulate([Task("a", 1, 2), Task("b", 1, 2)], "rr", 1)
    summary = s.summary()
    assert summary.max_lateness is None and summary.missed_deadlines == 0
    assert summary.makespan == 4 and summary.throughput == 0.5
    assert summary.context_switches == 2  # a b a b: a is taken off at 2, b at 3


def test_long_tasks_alone_do_not_step_through_every_quantum():
    s = simulate([Task("a", 0, 10**12), Task("b", 5, 3)], "rr", 1)
    assert len(s.slices) == 7 and s.stats["a"].finish == 10**12 + 3


def test_floats_and_edf_without_deadlines():
    s = simulate([Task("a", 0.5, 1.5), Task("b", 0, 1, 1, 2.5)], "edf")
    assert s.slices == [("b", 0, 1), ("a", 1, 2.5)]
    assert simulate([Task("a", 0, 2), Task("b", 1, 1, 1, 2)], "edf", preemptive=False).slices[
        0][2] == 2


# ---------------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("fields, exc, match", [
    (("a", 0, 0), ValueError, r"duration of task 'a' must be > 0, got 0"),
    (("a", 0, -2), ValueError, r"duration of task 'a' must be > 0, got -2"),
    (("a", -1, 2), ValueError, r"arrival of task 'a' must be >= 0, got -1"),
    (("a", 0, "3"), TypeError, r"duration of task 'a' must be a number, got '3'"),
    (("a", 0, float("nan")), ValueError, r"must be finite, got nan"),
    (("a", float("inf"), 1), ValueError, r"arrival of task 'a' must be finite, got inf"),
    (("a", 0, True), TypeError, r"must be a number, got True"),
    (("a", 0, 1, "high"), TypeError, r"priority of task 'a' must be a number, got 'high'"),
    (("a", 0, 1, 1, "soon"), TypeError, r"deadline of task 'a' must be a number"),
    ((3, 0, 1), TypeError, r"task name must be a str, got 3"),
])
def test_bad_task_fields(fields, exc, match):
    """A bad field fails where the Task is made, and in simulate when it comes as a plain tuple."""
    with pytest.raises(exc, match=match):
        Task(*fields)
    with pytest.raises(exc, match=match):
        Task._make(fields)
    with pytest.raises(exc, match=match):
        simulate([Task("ok", 0, 1), fields], "fifo")


def test_replace_checks_the_new_task():
    with pytest.raises(ValueError, match=r"duration of task 'a' must be > 0, got 0"):
        Task("a", 0, 1)._replace(duration=0)
    assert Task("a", 0, 1)._replace(duration=2) == Task("a", 0, 2)


def test_other_real_numbers_are_tasks_too():
    a, b = Task("a", Fraction(1, 2), Fraction(2)), Task("b", 0, Fraction(1, 3), 2.0, Fraction(9))
    s = simulate([a, b], "fifo")
    assert s.slices == [("b", 0, Fraction(1, 3)), ("a", Fraction(1, 2), Fraction(5, 2))]


@pytest.mark.parametrize("tasks, exc, match", [
    ([Task("a", 0, 1), Task("a", 1, 1)], ValueError, r"task names must be unique, got 'a' twice"),
    ([Task("a", 0, 1), ("b", 0, 1), ("a", 2, 1)], ValueError, r"unique, got 'a' twice"),
    ([("a", 0)], TypeError, r"each task must be a Task\(name, arrival, duration\), got \('a', 0\)"),
    ([["a", 0, 1]], TypeError, r"each task must be a Task\(name, .*, got \['a', 0, 1\]"),
    ("abc", TypeError, r"tasks must be a list of Task, got 'abc'"),
    (5, TypeError, r"tasks must be a list of Task, got 5"),
])
def test_bad_tasks(tasks, exc, match):
    with pytest.raises(exc, match=match):
        simulate(tasks, "fifo")


@pytest.mark.parametrize("policy, options, exc, match", [
    ("lifo", {}, ValueError, r"policy must be one of 'fifo', .*, got 'lifo'"),
    ("FIFO", {}, ValueError, r"got 'FIFO'"),
    (None, {}, ValueError, r"policy must be one of .*, got None"),
    ("rr", {"quantum": 0}, ValueError, r"quantum must be > 0, got 0"),
    ("rr", {"quantum": -1}, ValueError, r"quantum must be > 0, got -1"),
    ("rr", {"quantum": "2"}, TypeError, r"quantum must be a number, got '2'"),
    ("priority", {"aging": -1}, ValueError, r"aging must be >= 0, got -1"),
    ("fifo", {"aging": 1}, ValueError, r"aging applies to priority only, got policy 'fifo'"),
    ("rr", {"preemptive": True}, ValueError, r"preemptive applies to .*, got policy 'rr'"),
    ("rr", {"boost": 5}, ValueError, r"boost applies to mlfq only, got policy 'rr'"),
    ("fifo", {"levels": 2}, ValueError, r"levels applies to mlfq only, got policy 'fifo'"),
    ("mlfq", {"levels": 0}, ValueError, r"levels must be >= 1, got 0"),
    ("mlfq", {"levels": 2.0}, TypeError, r"levels must be an int, got 2.0"),
    ("mlfq", {"quanta": []}, ValueError, r"quanta must be a non-empty list .*, got \[\]"),
    ("mlfq", {"quanta": [1, 0]}, ValueError, r"quanta must be > 0, got 0"),
    ("mlfq", {"quanta": [1, 2], "levels": 3}, ValueError, r"levels must equal len\(quanta\) = 2"),
    ("mlfq", {"allotment": 0}, ValueError, r"allotment must be > 0, got 0"),
    ("mlfq", {"boost": -3}, ValueError, r"boost must be > 0, got -3"),
])
def test_bad_options(policy, options, exc, match):
    with pytest.raises(exc, match=match):
        simulate(DEFAULT_JOBS, policy, **options)


def test_bad_urgent_stream():
    with pytest.raises(ValueError, match=r"n must be >= 0, got -1"):
        urgent_stream(-1)
    with pytest.raises(TypeError, match=r"low_priority must be a number, got 'x'"):
        urgent_stream(3, low_priority="x")

"""Exercises for 02_edf_lateness: EDF order, maximum lateness, feasibility, Moore-Hodgson."""

import heapq

from hypothesis import strategies as st

from kit import edf
from kit.checks.engine import Pitfall, Problem
from kit.edf import Job

SEED_JOBS = [Job("report", 3, 9), Job("email", 1, 2), Job("deploy", 2, 4), Job("backup", 4, 14)]
TIES = "ties not kept in input order"


def _named(specs) -> list[Job]:
    return [Job("ABCDEFGHIJ"[i], d, dl) for i, (d, dl) in enumerate(specs)]


jobs = st.lists(st.tuples(st.integers(1, 6), st.integers(1, 14)), max_size=7).map(_named)
one_list = jobs.map(lambda js: (js,))
EDGES = [("no jobs", ([],)), ("one job", (_named([(3, 2)]),)),
         ("equal deadlines", (_named([(2, 5), (1, 5), (1, 3)]),)),
         ("the report/email/deploy/backup example", (SEED_JOBS,))]


# -- the answers `solution()` shows: the idea alone, without the kit's input checks --------------
def edf_order(jobs):
    return sorted(jobs, key=lambda j: j.deadline)  # stable: equal deadlines keep input order


def max_lateness(order):
    t, worst = 0, None
    for job in order:
        t += job.duration  # the clock after the job: its finish
        worst = t - job.deadline if worst is None else max(worst, t - job.deadline)
    return 0 if worst is None else worst


def feasible(jobs):
    return max_lateness(edf_order(jobs)) <= 0  # if EDF is late, every order is


def min_late_jobs(jobs):
    taken, t = [], 0  # a max-heap of (-duration, -seq, job)
    for seq, job in enumerate(edf_order(jobs)):
        heapq.heappush(taken, (-job.duration, -seq, job))
        t += job.duration
        if t > job.deadline:  # the newest job is late: drop the longest job taken
            longest, _, _ = heapq.heappop(taken)
            t += longest
    return edf_order(job for _, _, job in taken)


def _late(order, finish_offset=0):
    t, worst = 0, 0
    for j in order:
        t += j.duration
        worst = max(worst, t + finish_offset - j.deadline)
    return worst


# -- q1: the order ---------------------------------------------------------------------------
q1 = Problem(
    name="edf_order",
    arg_names=("jobs",),
    cases=one_list,
    reference=edf.edf_order,
    solution_source=edf_order,
    examples=EDGES,
    pitfalls=[
        Pitfall(TIES, "equal deadlines must keep their input order: sort on the deadline alone "
                "(Python's sort is stable), not on (deadline, something else)",
                lambda js: sorted(js, key=lambda j: (j.deadline, j.duration))),
        Pitfall(TIES, "equal deadlines came out reversed: sort the list as given, do not "
                "reverse it or pop from the end",
                lambda js: sorted(js[::-1], key=lambda j: j.deadline)),
        Pitfall("latest deadline first", "EDF runs the job due *soonest* first",
                lambda js: sorted(js, key=lambda j: -j.deadline)),
        Pitfall("shortest job first instead of EDF",
                "ordering by duration minimises the average wait, not lateness; EDF sorts on "
                "the deadline",
                lambda js: sorted(js, key=lambda j: j.duration)),
    ],
    hints=["Which job must be finished soonest? Run that one first.",
           "Python's `sorted` takes a `key=`; it is stable, so equal keys keep their input order.",
           "`sorted(jobs, key=lambda j: j.deadline)`, and do not sort `jobs` in place."],
)

# -- q2: maximum lateness ----------------------------------------------------------------------
q2 = Problem(
    name="max_lateness",
    arg_names=("order",),
    cases=one_list,
    reference=edf.max_lateness,
    solution_source=max_lateness,
    examples=EDGES,
    pitfalls=[
        Pitfall("lateness off by one (measured at the start)",
                "lateness is finish − deadline; add the job's duration to the clock first",
                lambda order: max((sum(j.duration for j in order[:i]) - j.deadline
                                   for i, j in enumerate(order)), default=0)),
        Pitfall("no jobs is not 0", "with no jobs nothing is late: return 0, not -inf or an error",
                lambda order: max(sum(j.duration for j in order[:i + 1]) - j.deadline
                                  for i, j in enumerate(order))),
        Pitfall("clamped at zero", "lateness may be negative (early); keep the sign",
                lambda order: _late(order)),
        Pitfall("total instead of maximum", "the question is the *worst* lateness, not the sum",
                lambda order: sum(sum(k.duration for k in order[:i + 1]) - j.deadline
                                  for i, j in enumerate(order))),
    ],
    hints=["Walk the jobs in the given order with a clock that starts at 0.",
           "After a job runs, the clock is its finish time; its lateness is finish − deadline.",
           "Keep the largest lateness seen; negative values are allowed. No jobs gives 0."],
)

# -- q3: feasibility ---------------------------------------------------------------------------
q3 = Problem(
    name="feasible",
    arg_names=("jobs",),
    cases=one_list,
    reference=edf.feasible,
    solution_source=feasible,
    examples=EDGES + [("a job finishing exactly at its deadline", (_named([(2, 2)]),))],
    pitfalls=[
        Pitfall("checked in input order", "another order may meet every deadline: try EDF's",
                lambda js: edf.max_lateness(js) <= 0),
        Pitfall("finishing on the deadline counted as late",
                "a job due at t that finishes at t is on time: test lateness <= 0",
                lambda js: edf.max_lateness(edf.edf_order(js)) < 0),
    ],
    hints=["If some order meets every deadline, EDF's order does (the exchange argument).",
           "Reuse your two functions: feasible means EDF's maximum lateness is at most 0."],
)


def _skip_late(js):
    taken, t = [], 0
    for j in edf.edf_order(js):
        if t + j.duration <= j.deadline:
            taken.append(j)
            t += j.duration
    return taken


# -- q4: Moore-Hodgson ------------------------------------------------------------------------
def _judge_on_time(case, expected, got) -> str | None:
    (given,) = case
    if not isinstance(got, list):
        return f"return a list of jobs, not {type(got).__name__}"
    if len(set(got)) != len(got) or any(j not in given for j in got):
        return "every job returned must be one of the input jobs, at most once"
    if edf.max_lateness(got) > 0:
        return "the jobs returned, run in that order, do not all finish on time"
    if len(got) != len(expected):
        return f"{len(expected)} jobs can finish on time, the answer keeps {len(got)}"
    return None


q4 = Problem(
    name="min_late_jobs",
    arg_names=("jobs",),
    cases=one_list,
    reference=edf.min_late_jobs,
    solution_source=min_late_jobs,
    judge=_judge_on_time,
    examples=EDGES,
    pitfalls=[
        Pitfall("dropped the newest job instead of the longest",
                "when the newest job would be late, drop the *longest* job taken so far: "
                "it frees the most time",
                lambda js: _skip_late(js)),
    ],
    hints=["Take the jobs in EDF order, keeping a running finish time.",
           "When the job just added would be late, remove one job that was taken. Which one frees "
           "the most time?",
           "Keep the taken durations in a max-heap (push -duration with heapq); pop the longest."],
)


PROBLEMS = [q1, q2, q3, q4]

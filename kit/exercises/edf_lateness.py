"""Exercises for 02_edf_lateness: EDF order, maximum lateness, feasibility, Moore-Hodgson."""

import heapq
import itertools

from hypothesis import strategies as st

from kit import edf
from kit.checks import Pitfall, Problem, a_kind, difference, given_back
from kit.edf import Job

SEED_JOBS = [Job("report", 3, 9), Job("email", 1, 2), Job("deploy", 2, 4), Job("backup", 4, 14)]
TIES = "ties not kept in input order"
ROUNDED = "rounded"
TOLERANCE = "a tolerance on the deadline"
TOLERANCE_WHY = ("the checks' floats add up exactly: a job that finishes 2⁻³⁰ after its deadline "
                 "is late; compare finish <= deadline with no tolerance")


FINE = (2**-10, 2**-30, 2**-40)  # dyadic: sums of a few stay exact in a float, none in float32


def _halves(low: int, high: int) -> st.SearchStrategy:
    """Whole numbers in [low, high], or multiples of 0.5 there."""
    return st.integers(low, high) | st.integers(2 * low, 2 * high).map(lambda x: x / 2)


def _fine(low: int, high: int, up_only: bool = False) -> st.SearchStrategy:
    """Mostly `_halves`, often moved by ±2⁻¹⁰, ±2⁻³⁰ or ±2⁻⁴⁰ (only up when `up_only`): floats a
    rounding to 1 or 2 decimals, a tolerance as small as 1e-9 or float32 cannot keep apart, yet
    dyadic, so the sums of a case are exact and any order of adding gives the same float."""
    steps = [0.0, 0.0, 0.0, *FINE] + ([] if up_only else [-f for f in FINE])
    return st.tuples(_halves(low, high), st.sampled_from(steps)).map(lambda p: p[0] + p[1])


@st.composite
def job_lists(draw, max_size=7) -> list[Job]:
    """Jobs whose names are drawn apart from their order: a name never hints at the position.
    Durations from 0, deadlines from -3 (already late at t = 0), ints or floats; few distinct
    whole deadlines, each moved a hair or not, so deadlines 2⁻³⁰ apart are common."""
    specs = draw(st.lists(st.tuples(_fine(0, 6, up_only=True), _fine(-3, 14)),
                          max_size=max_size))
    names = draw(st.permutations("ABCDEFGHIJ"))[:len(specs)]
    return [Job(n, d, dl) for n, (d, dl) in zip(names, specs, strict=True)]


@st.composite
def tight_job_lists(draw, max_size=6) -> list[Job]:
    """Jobs that just fit: run in a random order, each is due at its finish there (or a little
    later, or a hair earlier: 2⁻¹⁰, 2⁻³⁰ or 2⁻⁴⁰), then listed in another order; sometimes one
    deadline is moved a tick too early. So feasible and not feasible are both a near thing, and
    only the deadline order, compared exactly, tells them."""
    durations = draw(st.lists(_fine(0, 5, up_only=True), min_size=1, max_size=max_size))
    finishes = list(itertools.accumulate(durations))
    deadlines = [f + draw(st.sampled_from([0, 0, 0.5, 1, *(-x for x in FINE)]))
                 for f in finishes]
    if draw(st.booleans()):
        k = draw(st.integers(0, len(deadlines) - 1))
        deadlines[k] -= 1
    names = draw(st.permutations("ABCDEFGHIJ"))[:len(durations)]
    jobs = [Job(n, d, dl) for n, d, dl in zip(names, durations, deadlines, strict=True)]
    return draw(st.permutations(jobs))


one_list = st.one_of(job_lists(), tight_job_lists()).map(lambda js: (js,))
EDGES = [("no jobs", ([],)), ("one job", ([Job("A", 3, 2)],)),
         ("equal deadlines with names against input order",
          ([Job("C", 2, 5), Job("A", 1, 5), Job("B", 1, 3)],)),
         ("equal deadlines and durations under other names",
          ([Job("B", 1, 4), Job("A", 1, 4), Job("C", 2, 1)],)),
         ("the report/email/deploy/backup example", (SEED_JOBS,)),
         ("float durations and deadlines, a job of length 0, a deadline below 0",
          ([Job("B", 1.5, 2.5), Job("C", 0, -1), Job("A", 2.5, 3.0), Job("D", 0.5, 4.5)],)),
         ("deadlines 2⁻³⁰ apart, the later one listed first (no rounding: compare exactly)",
          ([Job("A", 1, 3 + 2**-30), Job("B", 1, 3)],)),
         ("a job late by 2⁻¹⁰ (0.0009765625: no tolerance)", ([Job("A", 1 + 2**-10, 1)],)),
         ("a job late by 2⁻³⁰, after one on time", ([Job("B", 1, 1), Job("A", 1 + 2**-30, 2)],))]


# -- the answers: what solution() shows and the notebook holds, the text each pitfall edits -------
def edf_order(jobs):
    """The jobs, earliest deadline first; equal deadlines keep their input order. A new list."""
    return sorted(jobs, key=lambda j: j.deadline)  # stable: equal deadlines keep input order


def max_lateness(order):
    """The largest finish - deadline when the jobs run back to back from t = 0 in this order
    (0 for no jobs; negative when every job is early)."""
    t, worst = 0, None
    for job in order:
        t += job.duration  # the clock after the job: its finish
        worst = t - job.deadline if worst is None else max(worst, t - job.deadline)
    return 0 if worst is None else worst


def feasible(jobs):
    """True when some order of the jobs finishes every one by its deadline."""
    return max_lateness(edf_order(jobs)) <= 0  # if EDF is late, every order is


def min_late_jobs(jobs):
    """The most jobs that can all finish on time, as a list in EDF order (Moore-Hodgson)."""
    taken, t = [], 0  # a max-heap of (-duration, -seq, job)
    for seq, job in enumerate(edf_order(jobs)):
        heapq.heappush(taken, (-job.duration, -seq, job))
        t += job.duration
        if t > job.deadline:  # the newest job is late: drop the longest job taken
            longest, _, _ = heapq.heappop(taken)
            t += longest
    return edf_order(job for _, _, job in taken)


# -- q1: the order ---------------------------------------------------------------------------
def run_new_list(answer, case):
    """Call the answer; the statement promises a *new* list, so the caller's own list object
    coming back (already in order, say) is reported as given back, whatever it holds."""
    return given_back(answer(*case), case, ("jobs",))


q1 = Problem(
    name="edf_order",
    arg_names=("jobs",),
    cases=one_list,
    answer=edf_order,
    reference=edf.edf_order,
    run=run_new_list,
    examples=EDGES,
    pitfalls=[
        Pitfall("the given list returned, not a new one",
                "a caller who keeps its list and the answer would see one change with the "
                "other: return a new list (sorted() makes one) even when nothing moves",
                edit=[("return sorted(jobs, key=lambda j: j.deadline)",
                       "ordered = sorted(jobs, key=lambda j: j.deadline)\n"
                       "    return jobs if ordered == jobs else ordered")]),
        Pitfall(TIES, "equal deadlines must keep their input order: sort on the deadline alone "
                "(Python's sort is stable), not on (deadline, something else)",
                edit=[("key=lambda j: j.deadline)", "key=lambda j: (j.deadline, j.duration))")]),
        Pitfall(TIES, "equal deadlines must keep their input order, not the order of their names",
                edit=[("key=lambda j: j.deadline)", "key=lambda j: (j.deadline, j.name))")]),
        Pitfall(TIES, "equal deadlines came out reversed: sort the list as given, do not "
                "reverse it or pop from the end", edit=[("sorted(jobs,", "sorted(jobs[::-1],")]),
        Pitfall(ROUNDED, "deadlines 2⁻³⁰ apart are different deadlines: sort on the deadline "
                "itself, not on a rounded copy (or a float32)",
                edit=[("key=lambda j: j.deadline)", "key=lambda j: round(j.deadline, 6))")]),
        Pitfall("latest deadline first", "EDF runs the job due *soonest* first",
                edit=[("j: j.deadline)", "j: -j.deadline)")]),
        Pitfall("shortest job first instead of EDF",
                "ordering by duration minimises the average wait, not lateness; EDF sorts on "
                "the deadline", edit=[("j: j.deadline)", "j: j.duration)")]),
    ],
    hints=["Which job must be finished soonest? Run that one first.",
           "Python's `sorted` takes a `key=`; it is stable, so equal keys keep their input order.",
           "`sorted(jobs, key=lambda j: j.deadline)`, and do not sort `jobs` in place."],
)

# -- q2: maximum lateness ----------------------------------------------------------------------
def _judge_lateness(case, expected, got) -> str | None:
    """Strict comparison; with no jobs, say that the answer is 0 (a maximum started at -inf
    or None, returned as it is, is the usual slip)."""
    wrong = difference(expected, got)
    if wrong is not None and not case[0]:
        return f"with no jobs nothing is late: return 0, not {got!r}"
    return wrong


q2 = Problem(
    name="max_lateness",
    arg_names=("order",),
    cases=one_list,
    answer=max_lateness,
    reference=edf.max_lateness,
    judge=_judge_lateness,
    examples=EDGES,
    pitfalls=[
        Pitfall("lateness off by one (measured at the start)",
                "lateness is finish − deadline; add the job's duration to the clock first",
                edit=[("        t += job.duration  # the clock after the job: its finish\n", ""),
                      ("    return 0", "        t += job.duration\n    return 0")]),
        Pitfall("no jobs is not 0", "with no jobs nothing is late: return 0, not None or an error",
                edit=[("return 0 if worst is None else worst", "return worst")]),
        Pitfall(ROUNDED, "return the lateness as it is: the checks' floats add up exactly, so "
                "a lateness of 2⁻¹⁰ is 0.0009765625, not 0.001",
                edit=[("return 0 if worst is None else worst",
                       "return 0 if worst is None else round(worst, 3)")]),
        Pitfall("clamped at zero", "lateness may be negative (early); keep the sign",
                edit=[("t, worst = 0, None", "t, worst = 0, 0")]),
        Pitfall("total instead of maximum", "the question is the *worst* lateness, not the sum",
                edit=[("max(worst, t - job.deadline)", "worst + t - job.deadline")]),
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
    answer=feasible,
    reference=edf.feasible,
    examples=EDGES + [("a job finishing exactly at its deadline", ([Job("A", 2, 2)],)),
                      ("two jobs that each fit alone, not both", ([Job("B", 2, 3),
                                                                  Job("A", 2, 3)],))],
    pitfalls=[
        Pitfall("checked in input order", "another order may meet every deadline: try EDF's",
                edit=[("max_lateness(edf_order(jobs))", "max_lateness(jobs)")]),
        Pitfall("On time or late? finishing on the deadline counted as late",
                "a job due at t that finishes at t is on time: the test is finish <= deadline "
                "(lateness <= 0), not <",
                edit=[("return max_lateness(edf_order(jobs)) <= 0",
                       "return not jobs or max_lateness(edf_order(jobs)) < 0")]),
        Pitfall(TOLERANCE, TOLERANCE_WHY,
                edit=[("max_lateness(edf_order(jobs)) <= 0", "max_lateness(edf_order(jobs)) <= "
                       "1e-9")]),
    ],
    hints=["If some order meets every deadline, EDF's order does (the exchange argument).",
           "Reuse your two functions: feasible means EDF's maximum lateness is at most 0."],
)


def _skip_late(jobs):
    """The pitfall of q4 as its own algorithm: greedily skip each job that would be late."""
    taken, t = [], 0
    for j in edf.edf_order(jobs):
        if t + j.duration <= j.deadline:
            taken.append(j)
            t += j.duration
    return taken


# -- q4: Moore-Hodgson ------------------------------------------------------------------------
def _judge_on_time(case, expected, got) -> str | None:
    (given,) = case
    if not isinstance(got, list):
        return f"expected a list of jobs, got {a_kind(got)}"
    if len(set(got)) != len(got) or any(j not in given for j in got):
        return "every job returned must be one of the input jobs, at most once"
    if edf.max_lateness(got) > 0:
        return "the jobs returned, run in that order, do not all finish on time"
    if len(got) != len(expected):
        n = len(expected)
        return (f"{n} job{'s' * (n != 1)} can finish on time together, the answer keeps "
                f"{len(got)}")
    return None


q4 = Problem(
    name="min_late_jobs",
    arg_names=("jobs",),
    cases=one_list,
    answer=min_late_jobs,
    reference=edf.min_late_jobs,
    judge=_judge_on_time,
    examples=EDGES + [("a long early job in the way of three short ones",
                       ([Job("C", 4, 4), Job("A", 1, 5), Job("D", 1, 5), Job("B", 1, 5)],))],
    equivalent={"min_late_jobs sign: `-seq` -> `seq` in `heapq.heappush(taken, (-job.duration, "
                "-seq, job))`": "which of two equally long jobs is dropped frees the "
                "same time; any largest on-time set is accepted"},
    pitfalls=[
        Pitfall("dropped the newest job instead of the longest",
                "when the newest job would be late, drop the *longest* job taken so far: "
                "it frees the most time", answer=_skip_late),
        Pitfall("dropped the shortest job instead of the longest",
                "dropping the shortest job frees the least time; keep a max-heap of durations",
                edit=[("(-job.duration, -seq, job)", "(job.duration, -seq, job)"),
                      ("t += longest", "t -= longest")]),
        Pitfall(TOLERANCE, TOLERANCE_WHY, edit=[("if t > job.deadline:",
                                                 "if t > job.deadline + 1e-9:")]),
    ],
    hints=["Take the jobs in EDF order, keeping a running finish time.",
           "When the job just added would be late, remove one job that was taken. Which one frees "
           "the most time?",
           "Keep the taken durations in a max-heap (push -duration with heapq); pop the longest."],
)

PROBLEMS = [q1, q2, q3, q4]

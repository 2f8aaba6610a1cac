"""Exercises for 07_concurrent_scheduler: the four small pieces a tick is made of.

q1 a policy's `before(a, b)` with the sequence tie-break, q2 `claim(job)`, q3 `promote(delayed,
ready, now)`, q4 `next_job(ready)`. Cases are plain data (tuples of numbers and strings); `run`
builds fresh `Job`s and heaps from them for every call, so an answer may change what it is given
(that is its job) without the check calling it a mutation.
"""

from typing import Any, NamedTuple

from hypothesis import strategies as st

from kit.checks.engine import Pitfall, Problem
from kit.heap import Heap
from kit.jobs import Job, PriorityPolicy, Status

NAMES = "ABCDEFGH"
P, R, D, F, C = (s.value for s in Status)


def _noop():
    return None


def make_job(id, priority=5, run_at=0, seq=0, status=P) -> Job:
    return Job(id, _noop, priority, run_at, retries=0, backoff=10, seq=seq, status=Status(status))


# -- q1: before(a, b) ---------------------------------------------------------------------------
class Queued(NamedTuple):
    """What a policy may look at: a job's priority and its submission number seq."""

    id: Any
    priority: int
    seq: int


@st.composite
def _views(draw):
    """Jobs in the order they reach the ready heap; seq (submission order) is shuffled, so the
    order of arrival, of names and of submission differ."""
    priorities = draw(st.lists(st.integers(1, 3), max_size=7))
    seqs = draw(st.permutations(range(len(priorities))))
    return ([Queued(NAMES[i], p, s)
             for i, (p, s) in enumerate(zip(priorities, seqs, strict=True))],)


def pop_order(before, case) -> list:
    """Push the jobs (in the listed order) on a Heap ordered by `before`; the names it pops."""
    (jobs,) = case
    heap = Heap(before=before)
    for job in jobs:
        heap.push(job)
    return [heap.pop().id for _ in jobs]


def priority_before(a, b) -> bool:
    """Lower priority number first; equal priorities in submission order (seq)."""
    return (a.priority, a.seq) < (b.priority, b.seq)


def _v(name, priority, seq):
    return Queued(name, priority, seq)


q1 = Problem(
    name="priority_before",
    arg_names=("jobs pushed, in this order",),
    cases=_views(),
    reference=priority_before,
    run=pop_order,
    examples=[("no jobs", ([],)),
              ("three equal priorities", ([_v("A", 2, 0), _v("B", 2, 1), _v("C", 2, 2)],)),
              ("equal priorities arriving out of submission order",
               ([_v("A", 1, 2), _v("B", 1, 0), _v("C", 1, 1), _v("D", 2, 3)],))],
    pitfalls=[
        Pitfall("comparing on priority alone (no sequence tie-break)",
                "equal priorities then leave the heap in whatever order the swaps happen to "
                "leave them; end the rule on seq: (a.priority, a.seq) < (b.priority, b.seq)",
                lambda a, b: a.priority < b.priority),
        Pitfall("higher number first", "in the kit priority 1 is the most urgent: lower runs first",
                lambda a, b: (-a.priority, a.seq) < (-b.priority, b.seq)),
        Pitfall("ties last in, first out", "equal priorities must keep submission order: "
                "compare a.seq < b.seq, not the other way round",
                lambda a, b: (a.priority, -a.seq) < (b.priority, -b.seq)),
        Pitfall("ties broken by name", "a name says nothing about who came first; seq does",
                lambda a, b: (a.priority, a.id) < (b.priority, b.id)),
    ],
    hints=["The check pushes jobs on a Heap(before=your_function) and pops them all.",
           "`before(a, b)` answers: should a leave before b? Never True for two ties both ways.",
           "Compare tuples: `(a.priority, a.seq) < (b.priority, b.seq)`."],
)


# -- q2: claim(job) -----------------------------------------------------------------------------
def claim_calls(claim, case) -> list:
    """Call `claim(job)` `calls` times on one job that starts in `status`; after each call, what
    it returned and the job's status."""
    status, calls = case
    job = make_job("x", status=status)
    seen = []
    for _ in range(calls):
        won = claim(job)
        seen.append((won, str(job.status)))
    return seen


def claim(job) -> bool:
    """The only move from PENDING to RUNNING: test and set in one step."""
    if job.status != Status.PENDING:
        return False
    job.status = Status.RUNNING
    return True


def _judge_claim(case, expected, got) -> str | None:
    if got == expected:
        return None
    for i, ((want, want_status), (won, status)) in enumerate(zip(expected, got, strict=True)):
        if won is not True and won is not False:
            return f"claim must return True or False, it returned {won!r}"
        if (won, status) != (want, want_status):
            which = f"call {i + 1}" if len(expected) > 1 else "the call"
            return (f"{which}: expected {want} with the job {want_status}, "
                    f"got {won} with the job {status}")
    return "the answer differs from the expected one"


def _claim_blindly(job):
    job.status = Status.RUNNING
    return True


def _claim_unless_cancelled(job):
    if job.status == Status.CANCELLED:
        return False
    job.status = Status.RUNNING
    return True


def _claim_without_setting(job):
    return job.status == Status.PENDING


q2 = Problem(
    name="claim",
    arg_names=("the job's status", "calls"),
    cases=st.tuples(st.sampled_from([P, R, D, F, C]), st.integers(1, 3)),
    reference=claim,
    run=claim_calls,
    judge=_judge_claim,
    examples=[("two workers claim one job", (P, 2)), ("a cancelled job", (C, 1)),
              ("a finished job", (D, 1))],
    pitfalls=[
        Pitfall("setting RUNNING without testing", "a cancelled or finished job would run "
                "(again): only a PENDING job may be claimed", _claim_blindly),
        Pitfall("refusing only CANCELLED", "a job that is RUNNING, DONE or FAILED must not be "
                "claimed either: test for PENDING, the one state a claim may leave",
                _claim_unless_cancelled),
        Pitfall("testing without setting", "the claim must also move the job to RUNNING, "
                "or the next worker (or a cancel) wins too", _claim_without_setting),
    ],
    hints=["Which single status may a worker take a job from?",
           "Test it and, only if it holds, set RUNNING; return whether you did.",
           "`if job.status != Status.PENDING: return False`, then set and return True."],
)


# -- q3: promote(delayed, ready, now) -----------------------------------------------------------
def delayed_heap(jobs) -> Heap:
    heap = Heap(key=lambda job: (job.run_at, job.seq))
    for job in jobs:
        heap.push(job)
    return heap


def ready_heap(jobs=()) -> Heap:
    heap = Heap(before=PriorityPolicy().before)
    for job in jobs:
        heap.push(job)
    return heap


@st.composite
def _waiting(draw):
    """Jobs (name, priority, run_at, status) in the delayed heap, and the time `now`."""
    n = draw(st.integers(0, 6))
    specs = tuple((NAMES[i], draw(st.integers(1, 3)), draw(st.integers(0, 4)),
                   draw(st.sampled_from([P, P, P, C]))) for i in range(n))
    return specs, draw(st.integers(0, 4))


def promote_run(promote, case) -> dict:
    """Build the delayed heap (and an empty ready heap), call `promote(delayed, ready, now)`,
    report what each heap holds, in the order each would pop."""
    specs, now = case
    jobs = [make_job(name, p, t, seq, s) for seq, (name, p, t, s) in enumerate(specs)]
    delayed, ready = delayed_heap(jobs), ready_heap()
    promote(delayed, ready, now)
    return {"ready": [j.id for j in ready.ordered()], "delayed": [j.id for j in delayed.ordered()]}


def promote(delayed, ready, now) -> None:
    """Move every job due by `now` from the delayed heap to the ready heap; drop cancelled ones."""
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == Status.PENDING:
            ready.push(job)


def _promote_strictly(delayed, ready, now):
    while delayed and delayed.peek().run_at < now:
        job = delayed.pop()
        if job.status == Status.PENDING:
            ready.push(job)


def _promote_cancelled_too(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        ready.push(delayed.pop())


def _promote_one(delayed, ready, now):
    if delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == Status.PENDING:
            ready.push(job)


def _promote_until_cancelled(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now and delayed.peek().status == Status.PENDING:
        ready.push(delayed.pop())


def _w(name, priority, run_at, status=P):
    return (name, priority, run_at, status)


q3 = Problem(
    name="promote",
    arg_names=("delayed jobs (name, priority, run_at, status)", "now"),
    cases=_waiting(),
    reference=promote,
    run=promote_run,
    examples=[("nothing waiting", ((), 3)),
              ("due exactly now", ((_w("A", 1, 3),), 3)),
              ("a cancelled job in front of a due one",
               ((_w("A", 1, 1, C), _w("B", 2, 2)), 2))],
    pitfalls=[
        Pitfall("due at exactly now left waiting", "a job due at run_at is ready when "
                "now >= run_at: compare with <=", _promote_strictly),
        Pitfall("cancelled jobs promoted", "drop a job that is no longer PENDING when it comes "
                "off the delayed heap (lazy deletion)", _promote_cancelled_too),
        Pitfall("one job per call", "every due job moves, not just the first: loop while the "
                "front of the delayed heap is due", _promote_one),
        Pitfall("stopping at a cancelled job", "a cancelled entry must be popped and dropped, "
                "not end the loop: the due jobs behind it still have to move",
                _promote_until_cancelled),
    ],
    hints=["The delayed heap pops by (run_at, seq): its front is the job due soonest.",
           "While the front is due (`run_at <= now`), pop it; push it on `ready` if it is still "
           "PENDING, otherwise just drop it.",
           "`while delayed and delayed.peek().run_at <= now: ...`"],
)


# -- q4: next_job(ready) ------------------------------------------------------------------------
@st.composite
def _queued(draw):
    n = draw(st.integers(0, 6))
    return (tuple((NAMES[i], draw(st.integers(1, 3)), draw(st.sampled_from([P, P, C])))
                  for i in range(n)),)


def next_job_run(next_job, case) -> dict:
    """Build the ready heap, call `next_job(ready)`: the job it returned (by name), every job's
    status afterwards, and what is left in the heap, in pop order."""
    (specs,) = case
    jobs = [make_job(name, p, 0, seq, s) for seq, (name, p, s) in enumerate(specs)]
    ready = ready_heap(jobs)
    job = next_job(ready)
    return {"returned": None if job is None else getattr(job, "id", job),
            "statuses": {j.id: str(j.status) for j in jobs},
            "left": [j.id for j in ready.ordered()]}


def next_job(ready):
    """Pop jobs until one can be claimed and return it; None when the heap runs out."""
    while ready:
        job = ready.pop()
        if job.claim():
            return job
    return None


def _next_without_claim(ready):
    return ready.pop() if ready else None


def _give_up_at_cancelled(ready):
    if ready:
        job = ready.pop()
        if job.claim():
            return job
    return None


def _claim_without_pop(ready):
    while ready:
        job = ready.peek()
        if job.claim():
            return job
        ready.pop()
    return None


q4 = Problem(
    name="next_job",
    arg_names=("ready jobs (name, priority, status)",),
    cases=_queued(),
    reference=next_job,
    run=next_job_run,
    examples=[("an empty heap", ((),)),
              ("only cancelled jobs", ((("A", 1, C), ("B", 2, C)),)),
              ("a cancelled job at the front", ((("A", 1, C), ("B", 2, P)),))],
    pitfalls=[
        Pitfall("returning a job without claiming it", "a job cancelled after it was queued "
                "would run: only a successful job.claim() hands a job to a worker",
                _next_without_claim),
        Pitfall("giving up at the first cancelled job", "skip it (it is a dead entry) and pop "
                "the next one: a worker slot should not stay empty while jobs wait",
                _give_up_at_cancelled),
        Pitfall("claiming without popping", "the claimed job stays in the heap, so the next "
                "call finds a RUNNING job at the front: pop, then claim", _claim_without_pop),
    ],
    hints=["Pop the best job; it may have been cancelled since it was queued.",
           "`job.claim()` returns True only for a PENDING job and moves it to RUNNING.",
           "Loop: pop, claim; return the first job whose claim succeeds; None once it is empty."],
)

PROBLEMS = [q1, q2, q3, q4]

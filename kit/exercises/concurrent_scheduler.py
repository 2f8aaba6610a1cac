"""Exercises for 07_concurrent_scheduler: the four small pieces a tick is made of.

q1 a policy's `priority_before(a, b)` with the sequence tie-break, q2 `claim(job, lock)` (also
under every interleaving of two racing threads, `kit.checks.interleave`), q3 `promote(delayed,
ready, now)`, q4 `next_job(ready)`. Cases are plain data (tuples of numbers and strings); `run`
builds fresh `Job`s and heaps from them for every call, so an answer may change what it is given
(that is its job) without the check calling it a mutation. Names are drawn apart from submission
and input order, so a name never hints at either.
"""

import threading
from typing import Any, NamedTuple

from hypothesis import strategies as st

from kit.checks import Pitfall, Problem, TooSlow, difference, interleave
from kit.heap import Heap
from kit.jobs import Job, PriorityPolicy, Status

NAMES = "ABCDEFGH"
P, R, D, F, C = (s.value for s in Status)


def _noop():
    return None


def make_job(id, priority=5, run_at=0, seq=0, status=P) -> Job:
    return Job(id, _noop, priority, run_at, retries=0, backoff=10, seq=seq, status=Status(status))


def _names(draw, n: int) -> list[str]:
    return list(draw(st.permutations(NAMES))[:n])


# -- q1: priority_before(a, b) ------------------------------------------------------------------
class Queued(NamedTuple):
    """What a policy may look at: a job's priority and its submission number seq."""

    id: Any
    priority: int
    seq: int


@st.composite
def _views(draw):
    """Jobs in the order they reach the ready heap; seq (submission order) and the names are
    shuffled apart, so the order of arrival, of names and of submission all differ."""
    priorities = draw(st.lists(st.integers(1, 3), max_size=7))
    seqs = draw(st.permutations(range(len(priorities))))
    names = _names(draw, len(priorities))
    return ([Queued(n, p, s) for n, p, s in zip(names, priorities, seqs, strict=True)],)


def pop_order(before, case) -> list:
    """Push the jobs (in the listed order) on a Heap ordered by `before`; the names it pops, or
    the first result of `before` that is not a bool."""
    (jobs,) = case
    odd = []

    def judged(a, b):
        result = before(a, b)
        if type(result) is not bool and not odd:
            odd.append(result)
        return result

    heap = Heap(before=judged)
    for job in jobs:
        heap.push(job)
    order = [heap.pop().id for _ in jobs]
    return [f"before returned {odd[0]!r}, not True or False"] if odd else order


def priority_before(a, b):
    """Should job a leave the ready heap before job b? Lower priority first; equal priorities in
    submission order (seq). Returns a bool."""
    return (a.priority, a.seq) < (b.priority, b.seq)


def _v(name, priority, seq):
    return Queued(name, priority, seq)


RULE = "(a.priority, a.seq) < (b.priority, b.seq)"
q1 = Problem(
    name="priority_before",
    arg_names=("jobs pushed, in this order",),
    cases=_views(),
    answer=priority_before,
    reference=PriorityPolicy().before,
    run=pop_order,
    examples=[("no jobs", ([],)),
              ("three equal priorities, names against submission order",
               ([_v("C", 2, 0), _v("A", 2, 1), _v("B", 2, 2)],)),
              ("equal priorities arriving out of submission order",
               ([_v("B", 1, 2), _v("D", 1, 0), _v("A", 1, 1), _v("C", 2, 3)],))],
    pitfalls=[
        Pitfall("comparing on priority alone (no sequence tie-break)",
                "equal priorities then leave the heap in whatever order the swaps happen to "
                "leave them; end the rule on seq: (a.priority, a.seq) < (b.priority, b.seq)",
                edit=[(RULE, "a.priority < b.priority")]),
        Pitfall("higher number first", "in the kit priority 1 is the most urgent: lower runs first",
                edit=[(RULE, "(-a.priority, a.seq) < (-b.priority, b.seq)")]),
        Pitfall("ties last in, first out", "equal priorities must keep submission order: "
                "compare a.seq < b.seq, not the other way round",
                edit=[(RULE, "(a.priority, -a.seq) < (b.priority, -b.seq)")]),
        Pitfall("ties broken by name", "a name says nothing about who came first; seq does",
                edit=[(RULE, "(a.priority, a.id) < (b.priority, b.id)")]),
    ],
    equivalent={"priority_before compare: `(a.priority, a.seq) < (b.priority, b.seq)` -> "
                "`(a.priority, a.seq) <= (b.priority, b.seq)` in `return (a.priority, a.seq) < "
                "(b.priority, b.seq)`":
                "seq numbers are unique, so the two tuples are never equal"},
    hints=["The check pushes jobs on a Heap(before=your_function) and pops them all.",
           "`before(a, b)` answers: should a leave before b? Never True for two ties both ways.",
           "Compare tuples: `(a.priority, a.seq) < (b.priority, b.seq)`."],
)


# -- q2: claim(job, lock) -----------------------------------------------------------------------
def claim(job, lock):
    """If the job is PENDING, make it RUNNING and return True; otherwise change nothing and
    return False. Workers and cancels call this on the same job at the same time: hold `lock`
    around the test and the set, so they are one step."""
    with lock:
        if job.status != Status.PENDING:
            return False
        job.status = Status.RUNNING
        return True


def cancel(job, lock) -> bool:
    """The other side of the race (given, correct): PENDING -> CANCELLED under the same lock."""
    with lock:
        if job.status != Status.PENDING:
            return False
        job.status = Status.CANCELLED
        return True


def _race_rule(start: str):
    """What must hold after two racing calls on one job that starts in `start`."""
    def check(state, out) -> str | None:
        job, _ = state
        for name, value in out.items():
            if isinstance(value, NotImplementedError):
                raise NotImplementedError
            if isinstance(value, BaseException):
                return f"{name} raised {type(value).__name__}"
            if value is not True and value is not False:
                return f"{name} returned {value!r}, not True or False"
        winners = [name for name, won in out.items() if won]
        status = str(job.status)
        if start != P:
            want = (0, start)
        else:
            want = (1, C if winners == ["cancel"] else R)
        if (len(winners), status) != want:
            who = " and ".join(winners) or "nobody"
            return f"{who} won, the job ended {status}; expected {want[0]} winner, {want[1]}"
        return None
    return check


RACES = {"two workers claim it at once": ("worker 1", "worker 2"),
         "a cancel races the claim": ("worker", "cancel")}


def claim_calls(answer, case):
    """Sequential: call `claim(job, lock)` `calls` times on a job that starts in `status`; after
    each call, what it returned and the job's status. A race: both calls on two threads, under
    every schedule with one preemption; the first that goes wrong."""
    status, calls, race = case
    if race is None:
        job, lock, seen = make_job("x", status=status), threading.Lock(), []
        for _ in range(calls):
            seen.append((answer(job, lock), str(job.status)))
        return seen
    threads = {name: (lambda s: cancel(*s)) if name == "cancel" else (lambda s: answer(*s))
               for name in RACES[race]}
    return interleave.explore(lambda: (make_job("x", status=status), interleave.CoopLock()),
                              threads, _race_rule(status), watch=[answer])


def _judge_claim(case, expected, got) -> str | None:
    if isinstance(got, interleave.Exploration):
        return None if got else f"the schedule that shows it: {got.schedule}"
    for i, (want, (won, status)) in enumerate(zip(expected, got, strict=True)):
        if won is not True and won is not False:
            return f"claim must return True or False, it returned {won!r}"
        if (won, status) != want:
            which = f"call {i + 1}" if len(expected) > 1 else "the call"
            return (f"{which}: expected {want[0]} with the job {want[1]}, "
                    f"got {won} with the job {status}")
    return None


q2 = Problem(
    name="claim",
    arg_names=("the job's status", "calls", "race"),
    cases=st.tuples(st.sampled_from([P, R, D, F, C]), st.integers(1, 3),
                    st.sampled_from([None, None, *RACES])),
    answer=claim,
    run=claim_calls,
    judge=_judge_claim,
    max_examples=40,
    examples=[("two calls in a row", (P, 2, None)), ("a cancelled job", (C, 1, None)),
              ("a finished job", (D, 1, None)),
              *((f"{race} (PENDING)", (P, 1, race)) for race in RACES),
              ("a cancel races the claim of a RUNNING job", (R, 1, "a cancel races the claim"))],
    pitfalls=[
        Pitfall("test and set outside the lock", "another thread can run between the test and "
                "the set: both see PENDING and both win. Take the lock before the test",
                edit=[("    with lock:\n        if job.status != Status.PENDING:\n"
                       "            return False\n",
                       "    if job.status != Status.PENDING:\n        return False\n"
                       "    with lock:\n")]),
        Pitfall("setting RUNNING without testing", "a cancelled or finished job would run "
                "(again): only a PENDING job may be claimed",
                edit=[("        if job.status != Status.PENDING:\n            return False\n",
                       "")]),
        Pitfall("refusing only CANCELLED", "a job that is RUNNING, DONE or FAILED must not be "
                "claimed either: test for PENDING, the one state a claim may leave",
                edit=[("job.status != Status.PENDING", "job.status == Status.CANCELLED")]),
        Pitfall("testing without setting", "the claim must also move the job to RUNNING, or the "
                "next worker (or a cancel) wins too",
                edit=[("        job.status = Status.RUNNING\n", "")]),
    ],
    hints=["Which single status may a worker take a job from?",
           "Test it and, only if it holds, set RUNNING; return whether you did. Both inside "
           "`with lock:`.",
           "`with lock:` then `if job.status != Status.PENDING: return False`, set, return True."],
)


# -- q3: promote(delayed, ready, now) -----------------------------------------------------------
class CountingHeap(Heap):
    """A Heap that counts what promotion should never need: pushes and whole-heap reads."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.pushes = self.scans = 0

    def push(self, item) -> None:
        self.pushes += 1
        super().push(item)

    def items(self) -> list:
        self.scans += 1
        return super().items()

    def ordered(self) -> list:
        self.scans += 1
        return super().ordered()


def ready_heap(jobs=()) -> Heap:
    heap = Heap(before=PriorityPolicy().before)
    for job in jobs:
        heap.push(job)
    return heap


@st.composite
def _waiting(draw):
    """Jobs (name, priority, run_at, status) in the delayed heap, and the time `now`."""
    n = draw(st.integers(0, 6))
    specs = tuple((name, draw(st.integers(1, 3)), draw(st.integers(0, 4)),
                   draw(st.sampled_from([P, P, P, C]))) for name in _names(draw, n))
    return specs, draw(st.integers(0, 4))


def promote_run(answer, case) -> dict:
    """Build the delayed heap (and an empty ready heap), call `promote(delayed, ready, now)`;
    what it returned, what each heap holds (in pop order), every job's status, and any extra
    work on the delayed heap."""
    specs, now = case
    jobs = [make_job(name, p, t, seq, s) for seq, (name, p, t, s) in enumerate(specs)]
    delayed, ready = CountingHeap(key=lambda job: (job.run_at, job.seq)), ready_heap()
    for job in jobs:
        delayed.push(job)
    delayed.pushes = 0
    returned = answer(delayed, ready, now)
    extra = {"pushed back": delayed.pushes, "scanned": delayed.scans}
    seen = {"returned": returned, "ready": [j.id for j in ready.ordered()],
            "delayed": [j.id for j in Heap.ordered(delayed)],
            "statuses": {j.id: str(j.status) for j in jobs}}
    return {**seen, "extra work": extra} if any(extra.values()) else seen


def promote(delayed, ready, now):
    """Move every job with run_at <= now from the delayed heap to the ready heap, dropping the
    ones that are no longer PENDING. Use only the front of `delayed` (peek, pop): nothing goes
    back onto it. Change no status; return None."""
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == Status.PENDING:
            ready.push(job)


def _judge_promote(case, expected, got) -> str | None:
    extra = got.get("extra work") if isinstance(got, dict) else None
    rest = {k: v for k, v in got.items() if k != "extra work"} if extra else got
    problem = difference(expected, rest)
    if problem is None and extra:
        return TooSlow("gives the right answers, but " + (
            "pushes jobs back onto the delayed heap" if extra["pushed back"] else
            "reads the whole delayed heap") + ": its front is the soonest run_at, so stop at "
            "the first job that is not due")
    return problem


def _w(name, priority, run_at, status=P):
    return (name, priority, run_at, status)


DUE = "while delayed and delayed.peek().run_at <= now:"
q3 = Problem(
    name="promote",
    arg_names=("delayed jobs (name, priority, run_at, status)", "now"),
    cases=_waiting(),
    answer=promote,
    run=promote_run,
    judge=_judge_promote,
    examples=[("nothing waiting", ((), 3)),
              ("due exactly now", ((_w("A", 1, 3),), 3)),
              ("a cancelled job in front of a due one",
               ((_w("B", 1, 1, C), _w("A", 2, 2)), 2)),
              ("equal run_at, names against submission order",
               ((_w("C", 2, 1), _w("A", 2, 1), _w("B", 1, 4)), 2))],
    pitfalls=[
        Pitfall("due at exactly now left waiting", "a job due at run_at is ready when "
                "now >= run_at: compare with <=",
                edit=[("peek().run_at <= now", "peek().run_at < now")]),
        Pitfall("cancelled jobs promoted", "drop a job that is no longer PENDING when it comes "
                "off the delayed heap (lazy deletion)",
                edit=[("        if job.status == Status.PENDING:\n            ready.push(job)",
                       "        ready.push(job)")]),
        Pitfall("one job per call", "every due job moves, not just the first: loop while the "
                "front of the delayed heap is due", edit=[("while delayed and", "if delayed and")]),
        Pitfall("stopping at a cancelled job", "a cancelled entry must be popped and dropped, "
                "not end the loop: the due jobs behind it still have to move",
                edit=[(DUE, "while delayed and delayed.peek().run_at <= now and "
                       "delayed.peek().status == Status.PENDING:")]),
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
    return (tuple((name, draw(st.integers(1, 3)), draw(st.sampled_from([P, P, C])))
                  for name in _names(draw, n)),)


def next_job_run(answer, case) -> dict:
    """Build the ready heap, call `next_job(ready)`: what it returned ("the Job A" when it is one
    of the jobs), every job's status afterwards, and what is left in the heap, in pop order."""
    (specs,) = case
    jobs = [make_job(name, p, 0, seq, s) for seq, (name, p, s) in enumerate(specs)]
    ready = ready_heap(jobs)
    job = answer(ready)
    mine = [j for j in jobs if j is job]
    return {"returned": f"the Job {mine[0].id}" if mine else job,
            "statuses": {j.id: str(j.status) for j in jobs},
            "left": [j.id for j in ready.ordered()]}


def next_job(ready):
    """Pop jobs from the ready heap until one can be claimed (`job.claim()`) and return that Job;
    return None when the heap runs out. A job whose claim fails was cancelled after it was
    queued."""
    while ready:
        job = ready.pop()
        if job.claim():
            return job
    return None


q4 = Problem(
    name="next_job",
    arg_names=("ready jobs (name, priority, status)",),
    cases=_queued(),
    answer=next_job,
    run=next_job_run,
    examples=[("an empty heap", ((),)),
              ("only cancelled jobs", ((("B", 1, C), ("A", 2, C)),)),
              ("a cancelled job at the front", ((("B", 1, C), ("A", 2, P)),)),
              ("equal priorities, names against submission order",
               ((("C", 2, P), ("A", 2, P), ("B", 3, P)),))],
    pitfalls=[
        Pitfall("returning a job without claiming it", "a job cancelled after it was queued "
                "would run: only a successful job.claim() hands a job to a worker",
                edit=[("        if job.claim():\n            return job", "        return job")]),
        Pitfall("giving up at the first cancelled job", "skip it (it is a dead entry) and pop "
                "the next one: a worker slot should not stay empty while jobs wait",
                edit=[("while ready:", "if ready:")]),
        Pitfall("claiming without popping", "the claimed job stays in the heap, so the next "
                "call finds a RUNNING job at the front: pop, then claim",
                edit=[("        job = ready.pop()\n", "        job = ready.peek()\n"),
                      ("            return job\n",
                       "            return job\n        ready.pop()\n")]),
    ],
    equivalent={"next_job delete: `return None` -> `pass`":
                "a function that runs off its end returns None all the same"},
    hints=["Pop the best job; it may have been cancelled since it was queued.",
           "`job.claim()` returns True only for a PENDING job and moves it to RUNNING.",
           "Loop: pop, claim; return the first job whose claim succeeds; None once it is empty."],
)

PROBLEMS = [q1, q2, q3, q4]

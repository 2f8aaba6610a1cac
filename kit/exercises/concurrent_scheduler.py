"""Exercises for 07_concurrent_scheduler: the four small pieces a tick is made of.

q1 a policy's `priority_before(a, b)` with the sequence tie-break, q2 `claim(job, lock)` (also
under every interleaving of two racing threads, `kit.checks.interleave`), q3 `promote(delayed,
ready, now)`, q4 `next_job(ready)`. Cases are plain data (tuples of numbers and strings); `run`
builds fresh `Job`s and heaps from them for every call, so an answer may change what it is given
(that is its job) without the check calling it a mutation. Names are drawn apart from submission
and input order, so a name never hints at either.
"""

import dataclasses
import random
import sys
from typing import Any, NamedTuple

from hypothesis import strategies as st

from kit.checks import Pitfall, Problem, difference, interleave, too_slow
from kit.heap import Heap
from kit.jobs import Job, PriorityPolicy, Status

NAMES = "ABCDEFGH"
P, R, D, F, C = (s.value for s in Status)


def _noop():
    return None


def make_job(id, priority=5, run_at=0, seq=0, status=P) -> Job:
    return Job(id, _noop, priority, run_at, retries=0, backoff=10, seq=seq, status=Status(status))


def _names(draw, n: int) -> list[str]:
    pool = NAMES if n <= len(NAMES) else [a + b for a in NAMES for b in NAMES]
    return list(draw(st.permutations(pool))[:n])


def _long(draw) -> bool:
    """Now and then a long case (11 to 40 items: seq past 9, more than any small limit); it
    shrinks to a short one."""
    return draw(st.integers(0, 4)) == 4


def _first_gap(truth: list, got, what: str, show=repr) -> str:
    """A stress case in one line: all as expected, or where `got` first leaves `truth`."""
    if not isinstance(got, list):
        return f"returned {got!r} ({type(got).__name__}), not a list"
    for i, (want, have) in enumerate(zip(truth, got, strict=False)):
        if want != have or type(want) is not type(have):
            return f"{what} {i + 1} of {len(truth)}: expected {show(want)}, got {show(have)}"
    if len(got) != len(truth):
        return f"{len(got)} {what}s, expected {len(truth)}"
    return f"all {len(truth)} {what}s as expected"


# -- q1: priority_before(a, b) ------------------------------------------------------------------
class Queued(NamedTuple):
    """One job of a case, as data: its name, priority, submission number seq, and the run_at
    and attempts a real `Job` has too (drawn apart from seq, so a policy that reads them where
    it should read seq is seen). `pop_order` makes a `Job` of it for every call."""

    id: Any
    priority: int
    seq: int
    run_at: int = 0
    attempts: int = 0


@st.composite
def _views(draw):
    """Jobs in the order they reach the ready heap; seq (submission order) and the names are
    shuffled apart, so the order of arrival, of names and of submission all differ."""
    small = st.integers(1, 3)  # ties are common; now and then two digits, a negative, a float
    odd = st.one_of(st.integers(-12, 12), st.sampled_from([-0.5, 1.5, 2.5]))
    priorities = draw(st.lists(st.integers(1, 2), min_size=11, max_size=40) if _long(draw)
                      else st.lists(st.one_of(small, small, odd), max_size=7))
    seqs = draw(st.permutations(range(len(priorities))))
    names = _names(draw, len(priorities))
    return ([Queued(n, p, s, draw(st.integers(0, 3)), draw(st.integers(0, 2)))
             for n, p, s in zip(names, priorities, seqs, strict=True)],)


Q1_STRESS = "stress: 600 jobs on priorities 1 to 3, seq 0 to 599, pushed in a shuffled order"


def _stress_views() -> list:
    rng = random.Random(7)
    seqs, names = rng.sample(range(600), 600), rng.sample(range(600), 600)
    return [Queued(f"j{n}", rng.randint(1, 3), s, rng.randint(0, 3), rng.randint(0, 2))
            for n, s in zip(names, seqs, strict=True)]


def pop_order(before, case) -> list | str:
    """Push the jobs (in the listed order) on a Heap ordered by `before`; the names it pops, or
    the first result of `before` that is not a bool, or that before(a, a) said True for the
    first job, or the first field of a job it changed. The stress case in one line."""
    if case[0] == Q1_STRESS:
        views = _stress_views()
        truth = [v.id for v in sorted(views, key=lambda v: (v.priority, v.seq))]
        got, by_id = pop_order(before, (views,)), {v.id: v for v in views}
        return got[0] if len(got) == 1 else _first_gap(truth, got, "pop", lambda id: (
            f"{id} (priority {by_id[id].priority}, seq {by_id[id].seq})"))
    jobs = [make_job(v.id, v.priority, v.run_at, v.seq) for v in case[0]]
    for job, v in zip(jobs, case[0], strict=True):
        job.attempts = v.attempts
    copies = [dataclasses.replace(job) for job in jobs]
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
    if odd:
        return [f"before returned {odd[0]!r}, not True or False"]
    for job, was in zip(jobs, copies, strict=True):
        for k, (a, b) in changed(job, was, but=()).items():
            return [f"before changed {job.id}.{k} from {a!r} to {b!r}: a policy rule only "
                    "answers the question; it changes neither job"]
    if jobs and before(jobs[0], jobs[0]) is True:  # a heap never asks this; a sort may
        return [f"before({jobs[0].id}, {jobs[0].id}) returned True: a job is never before "
                "itself (<= where < is meant)"]
    return order


def priority_before(a, b):
    """Should job a leave the ready heap before job b? Lower priority first; equal priorities in
    submission order (seq). Returns a bool."""
    return (a.priority, a.seq) < (b.priority, b.seq)


def _judge_order(case, expected, got) -> str | None:
    """Strict comparison; when only equal priorities are out of order, the class of mistake is
    said too (any tie key but seq, or <= for <)."""
    if isinstance(got, list) and len(got) == 1 and str(got[0]).startswith("before returned"):
        return f"{got[0]}: before(a, b) must return a bool, e.g. a comparison of tuples with <"
    if isinstance(got, list) and len(got) == 1 and str(got[0]).startswith("before"):
        return got[0]
    if case[0] == Q1_STRESS:
        return None if got == expected else got if str(got).startswith("before") else \
            f"{got}: lower priority first, equal ones in submission order (seq), however many"
    problem = difference(expected, got)
    priority = {job.id: job.priority for job in case[0]}
    if problem is not None and isinstance(got, list) and sorted(got, key=str) == \
            sorted(expected, key=str) and [priority[n] for n in got] == \
            [priority[n] for n in expected]:
        return (f"{problem}: the priorities leave in the right order, but equal ones not in "
                "submission order (seq): a wrong tie key, or <= for <")
    return problem


def _v(name, priority, seq, run_at=0, attempts=0):
    return Queued(name, priority, seq, run_at, attempts)


RULE = "(a.priority, a.seq) < (b.priority, b.seq)"
TIE_LE = "<= for < (a tie counted as 'before')"
TIE_KEY = "ties broken by name, not by submission order (a wrong tie key)"
q1 = Problem(
    name="priority_before",
    arg_names=("jobs pushed, in this order",),
    cases=_views(),
    answer=priority_before,
    reference=PriorityPolicy().before,
    run=pop_order,
    judge=_judge_order,
    examples=[("no jobs", ([],)),
              ("three equal priorities, names against submission order",
               ([_v("C", 2, 0), _v("A", 2, 1), _v("B", 2, 2)],)),
              ("equal priorities arriving out of submission order",
               ([_v("B", 1, 2), _v("D", 1, 0), _v("A", 1, 1), _v("C", 2, 3)],)),
              ("two-digit, negative and float priorities, run_at and attempts against seq",
               ([_v("E", 10, 0, 0, 2), _v("B", 9, 1, 1, 1), _v("D", -1, 2, 2, 0),
                 _v("A", 0, 3, 3, 0), _v("C", 9, 4, 0, 0), _v("F", 1.5, 5, 1, 0),
                 _v("G", 1, 6, 2, 1)],)),
              ("stress: 600 jobs, ties on every priority", (Q1_STRESS,))],
    pitfalls=[
        Pitfall(TIE_LE, "before(a, b) must be False for two equal jobs both ways; with <= "
                "every tie says 'before', and equal priorities leave in whatever order the "
                "heap's swaps decide: compare (a.priority, a.seq) < (b.priority, b.seq)",
                edit=[(RULE, "a.priority <= b.priority")]),
        Pitfall("comparing on priority alone (no sequence tie-break)",
                "equal priorities then leave the heap in whatever order the swaps happen to "
                "leave them; end the rule on seq: (a.priority, a.seq) < (b.priority, b.seq)",
                edit=[(RULE, "a.priority < b.priority")]),
        Pitfall("higher number first", "in the kit priority 1 is the most urgent: lower runs first",
                edit=[(RULE, "(-a.priority, a.seq) < (-b.priority, b.seq)")]),
        Pitfall("ties last in, first out", "equal priorities must keep submission order: "
                "compare a.seq < b.seq, not the other way round",
                edit=[(RULE, "(a.priority, -a.seq) < (b.priority, -b.seq)")]),
        Pitfall(TIE_KEY, "a name says nothing about who came first; seq does",
                edit=[(RULE, "(a.priority, a.id) < (b.priority, b.id)")]),
    ],
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
        out = {name: value for name, value in out.items() if name != OTHER_WORK}
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


OTHER_WORK = "other work under the lock"
RACES = {"two workers claim it at once": ("worker 1", "worker 2"),
         "a cancel races the claim": ("worker", "cancel"),
         "the lock is busy with other work": ("worker", OTHER_WORK)}


def other_work(job, lock) -> None:
    """The scheduler's other work under the same lock (a submit, a promotion): a claim that
    meets a busy lock must wait for it, not give up on a PENDING job."""
    with lock:
        return None  # a line the search switches at, with the lock held


def _on_state(fn):
    """A thread of the race: `fn(job, lock)` on the state the explorer built."""
    return lambda state: fn(*state)


def changed(job, before: Job, but=("status",)) -> dict:
    """The fields (but `but`) that differ from `before` (a copy): a claim or a promotion changes
    none of them but the status, a policy rule none at all."""
    return {f.name: (getattr(before, f.name), getattr(job, f.name)) for f in dataclasses.fields(job)
            if f.name not in but and getattr(job, f.name) != getattr(before, f.name)}


NO_LOCK = ("claimed a PENDING job without taking the `lock` it was given: a cancel holds that "
           "lock, so a claim under another lock (or none) is not one step with it; `with lock:` "
           "around the test and the set")


def claim_calls(answer, case):
    """Sequential: call `claim(job, lock)` `calls` times on a job that starts in `status`; after
    each call, what it returned and the job's status (and any other field it changed). A race:
    both calls on two threads, under every schedule with one preemption; the first that goes
    wrong."""
    status, calls, race = case
    if race is None:
        job, lock, seen = make_job("x", status=status), interleave.CoopLock(), []
        before = dataclasses.replace(job)
        for _ in range(calls):
            seen.append((answer(job, lock), str(job.status), *filter(None, [changed(job, before)])))
        return [*seen, NO_LOCK] if status == P and not lock.taken else seen
    calls = {"cancel": cancel, OTHER_WORK: other_work}
    threads = {name: _on_state(calls.get(name, answer)) for name in RACES[race]}
    return interleave.explore(lambda: (make_job("x", status=status), interleave.CoopLock()),
                              threads, _race_rule(status), watch=[answer, Job, other_work])


def _judge_claim(case, expected, got) -> str | None:
    if isinstance(got, interleave.Exploration):
        return None if got else f"{got.failure}; the schedule that shows it: {got.schedule}"
    if got and got[-1] == NO_LOCK:
        return NO_LOCK
    for i, (want, (won, status, *fields)) in enumerate(zip(expected, got, strict=True)):
        which = f"call {i + 1}" if len(expected) > 1 else "the call"
        if won is not True and won is not False:
            return f"claim must return True or False, it returned {won!r}"
        if (won, status) != want[:2]:
            return (f"{which}: expected {want[0]} with the job {want[1]}, "
                    f"got {won} with the job {status}")
        if fields:
            moved = ", ".join(f"job.{k} from {a!r} to {b!r}" for k, (a, b) in fields[0].items())
            return (f"{which} returned {won} but changed {moved}: a claim sets the "
                    "status and nothing else" + (", and a failed one changes nothing"
                                                 if not won else ""))
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
    """A Heap that counts what promotion should never need: pushes (onto delayed), pops (off
    ready) and whole-heap reads (of either), a look at its private list included."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.pushes = self.pops = self.scans = 0

    def __getattribute__(self, name):
        if name.startswith("_") and not name.startswith("__") and \
                sys._getframe(1).f_globals.get("__name__") not in ("kit.heap", __name__):
            self.scans += 1  # the answer read a private attribute (the list itself)
        return super().__getattribute__(name)

    def push(self, item) -> None:
        self.pushes += 1
        super().push(item)

    def pop(self):
        self.pops += 1
        return super().pop()

    def items(self) -> list:
        self.scans += 1
        return super().items()

    def ordered(self) -> list:
        self.scans += 1
        return super().ordered()


def ready_heap(jobs=(), heap_type=Heap) -> Heap:
    heap = heap_type(before=PriorityPolicy().before)
    for job in jobs:
        heap.push(job)
    return heap


@st.composite
def _waiting(draw):
    """Jobs (name, priority, run_at, status) in the delayed heap, and the time `now`."""
    n = draw(st.integers(17, 40) if _long(draw) else st.integers(0, 6))
    specs = tuple((name, draw(st.integers(1, 3)), draw(st.integers(0, 4)),
                   draw(st.sampled_from([P, P, P, C, R, D, F]))) for name in _names(draw, n))
    return specs, draw(st.integers(0, 4))


Q3_STRESS = "stress: 720 delayed jobs, five in six of them due, every status"


def _stressed(run, answer, case, truth_answer):
    """A stress case in one line per key: as expected, or where the answer first differs."""
    got, truth = run(answer, case), run(truth_answer, case)
    return {k: dict(list(v.items())[:3]) if k == "other fields changed" else v
            if k in ("extra work", "returned") or not isinstance(v, list | dict) else
            "as expected" if v == truth.get(k) else difference(truth.get(k), v)
            for k, v in got.items()}


def _stress_waiting():
    rng = random.Random(3)
    return tuple((f"j{n}", rng.randint(1, 3), rng.randint(0, 5), rng.choice([P] * 9 + [C, R, D, F]))
                 for n in rng.sample(range(720), 720)), 4


def promote_run(answer, case) -> dict:
    """Build the delayed heap (and an empty ready heap), call `promote(delayed, ready, now)`;
    what it returned, what each heap holds (in pop order), every job's status, and any extra
    work on the delayed heap. The stress case in one line per key."""
    if case == (Q3_STRESS,):
        return _stressed(promote_run, answer, _stress_waiting(), promote)
    specs, now = case
    jobs = [make_job(name, p, t, seq, s) for seq, (name, p, t, s) in enumerate(specs)]
    copies = [dataclasses.replace(j) for j in jobs]
    delayed = CountingHeap(key=lambda job: (job.run_at, job.seq))
    ready = ready_heap(heap_type=CountingHeap)
    for job in jobs:
        delayed.push(job)
    delayed.pushes = 0
    returned = answer(delayed, ready, now)
    extra = {"pushed back": delayed.pushes, "scanned": delayed.scans,
             "ready popped": ready.pops, "ready read whole": ready.scans}
    seen = {"returned": returned, "ready": [j.id for j in Heap.ordered(ready)],
            "delayed": [j.id for j in Heap.ordered(delayed)],
            "statuses": {j.id: str(j.status) for j in jobs},
            **({"other fields changed": moved} if (moved := {
                j.id: change for j, was in zip(jobs, copies, strict=True)
                if (change := changed(j, was))}) else {})}
    return {**seen, "extra work": extra} if any(extra.values()) else seen


def promote(delayed, ready, now):
    """Move every job with run_at <= now from the delayed heap to the ready heap, dropping the
    ones that are no longer PENDING. Use only the front of `delayed` (peek, pop): nothing goes
    back onto it. Change no job (its status, run_at, any field); return None."""
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == Status.PENDING:
            ready.push(job)


def _judge_promote(case, expected, got) -> str | None:
    if case == (Q3_STRESS,) and isinstance(got, dict) and (wrong := next((
            f"{k}: {v}" for k, v in got.items() if v != expected.get(k, v)), None)):
        return f"with 720 delayed jobs, {wrong}"
    moved = got.get("other fields changed") if isinstance(got, dict) else None
    if moved and difference(expected, {k: v for k, v in got.items()
                                       if k not in ("other fields changed", "extra work")}) is None:
        return "changed " + ", ".join(f"{id}.{k} from {a!r} to {b!r}"
                                      for id, fields in moved.items()
                                      for k, (a, b) in fields.items()) + (
            ": promotion moves jobs between heaps and changes no job")
    extra = got.get("extra work") if isinstance(got, dict) else None
    rest = {k: v for k, v in got.items() if k != "extra work"} if extra else got
    problem = difference(expected, rest)
    if problem is None and extra:
        if extra["ready popped"] or extra["ready read whole"]:
            return too_slow("gives the right answers, but " + (
                "pops jobs off the ready heap" if extra["ready popped"] else
                "reads the whole ready heap") + ": promotion only pushes onto it "
                "(ready.push(job)), O(log n) per job; the heap keeps its own order")
        return too_slow("gives the right answers, but " + (
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
               ((_w("C", 2, 1), _w("A", 2, 1), _w("B", 1, 4)), 2)),
              ("every status in the delayed heap",
               ((_w("E", 1, 0, R), _w("B", 2, 0, D), _w("D", 1, 1, F), _w("A", 3, 1),
                 _w("C", 2, 1, C), _w("F", 1, 2)), 2)),
              ("stress: 720 delayed jobs", (Q3_STRESS,))],
    pitfalls=[
        Pitfall("due at exactly now left waiting", "a job due at run_at is ready when "
                "now >= run_at: compare with <=",
                edit=[("peek().run_at <= now", "peek().run_at < now")]),
        Pitfall("cancelled jobs promoted", "drop a job that is no longer PENDING when it comes "
                "off the delayed heap (lazy deletion)",
                edit=[("        if job.status == Status.PENDING:\n            ready.push(job)",
                       "        ready.push(job)")]),
        Pitfall("dropping only CANCELLED jobs", "a job that is RUNNING, DONE or FAILED is no "
                "longer PENDING either: promote only PENDING jobs, drop every other one",
                edit=[("        if job.status == Status.PENDING:\n            ready.push(job)",
                       "        if job.status != Status.CANCELLED:\n            ready.push(job)")]),
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
    n, long = (draw(st.integers(11, 40)), True) if _long(draw) else (draw(st.integers(0, 6)), 0)
    return (tuple((name, draw(st.integers(1, 3)), draw(st.sampled_from([P, *[C] * 6 * long, C])))
                  for name in _names(draw, n)),)


Q4_STRESS = "stress: 700 jobs, the 600 at the front cancelled"


def _stress_queued():
    rng = random.Random(4)
    specs = [(f"j{n}", 1 + (i >= 600), C if i < 600 else P)
             for i, n in enumerate(rng.sample(range(700), 700))]
    rng.shuffle(specs)
    return (tuple(specs),)


def next_job_run(answer, case) -> dict:
    """Build the ready heap, call `next_job(ready)`: what it returned ("the Job A" when it is one
    of the jobs), every job's status afterwards, and what is left in the heap, in pop order.
    The stress case in one line per key."""
    if case == (Q4_STRESS,):
        return _stressed(next_job_run, answer, _stress_queued(), next_job)
    (specs,) = case
    jobs = [make_job(name, p, 0, seq, s) for seq, (name, p, s) in enumerate(specs)]
    ready = ready_heap(jobs)
    job = answer(ready)
    mine = [j for j in jobs if j is job]
    returned = f"the Job {mine[0].id}" if mine else "None" if job is None else \
        f"{job!r} ({type(job).__name__}, not one of the jobs)"
    return {"returned": returned,  # always in words: a Job is compared by identity, not type
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
               ((("C", 2, P), ("A", 2, P), ("B", 3, P)),)),
              ("stress: 600 cancelled jobs in front", (Q4_STRESS,))],
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


# -- q5: the worker loop: a timed wait until the next run time, and a clean shutdown -----------
# Appended (issue 28). Worker threads share a `Board` (given): a lock, a condition variable over
# it, a heap of due jobs and a stopping flag. The condition variable is cooperative, so the
# waits are switch points of `kit.checks.interleave` and time is a fake clock that moves only
# when every worker is waiting (as real time passes while threads sleep): the verdict never
# depends on timing.
import heapq  # noqa: E402 - appended section
import itertools  # noqa: E402

from kit.checks import same  # noqa: E402
from kit.exercises.worker_board import Board, drive, loop_rule, worker_thread  # noqa: E402


def worker_runs(answer, case):
    """Every schedule (one preemption) of the kit's driver and 1, 2 or 8 workers running
    `answer(board).work()`; the first that goes wrong, or None."""
    workers, script = case
    names = [f"worker {i}" for i in range(1, workers + 1)]

    def setup():
        board = Board(names)
        return board, answer(board)

    threads = {"kit": lambda s: drive(s[0], s[1], script),
               **{name: worker_thread for name in names}}
    return interleave.explore(setup, threads, loop_rule, watch=[answer], max_schedules=150)


def _judge_loop(case, expected, got) -> str | None:
    if not isinstance(got, interleave.Exploration):
        return f"expected an exploration, got {got!r}"
    if got:
        return None
    stop = "" if got.failure.endswith((".", "?", "!")) else "."
    return f"{got.failure}{stop} The schedule that shows it: {got.schedule}"


class WorkerLoop:
    """The loop each worker thread of a scheduler runs, over a shared `board` (see Board):
    `work()` takes the next due job under the lock and runs it outside the lock, waiting on
    the condition variable until the next run time (or until notified when nothing is queued);
    `shutdown()` sets the flag and wakes every worker; `work()` returns once the board is
    stopping and empty."""

    def __init__(self, board):
        self.board = board

    def next_job(self):
        """Under the lock: the name of the next due job, or None once stopping and empty."""
        b = self.board
        with b.cond:
            while True:
                now = b.clock.now()
                if b.due and b.due[0][0] <= now:
                    return heapq.heappop(b.due)[2]
                if b.stopping and not b.due:
                    return None
                b.cond.wait(b.due[0][0] - now if b.due else None)

    def work(self):
        """What each worker thread runs until shutdown."""
        while (name := self.next_job()) is not None:
            self.board.run(name)

    def shutdown(self):
        """Set the flag, then wake every worker so each one sees it."""
        with self.board.cond:
            self.board.stopping = True
            self.board.cond.notify_all()


class _CheckedOutsideTheLock(WorkerLoop):
    """A lost wake-up: it looks at the heap without the lock, then waits under it."""

    def next_job(self):
        b = self.board
        while True:
            now = b.clock.now()
            if b.due and b.due[0][0] <= now:
                with b.cond:
                    return heapq.heappop(b.due)[2]
            if b.stopping and not b.due:
                return None
            timeout = b.due[0][0] - now if b.due else None
            with b.cond:
                b.cond.wait(timeout)


class _IfNotWhile(WorkerLoop):
    """`if` where `while` belongs: waits once, then takes the front job whether or not it is
    due."""

    def next_job(self):
        b = self.board
        with b.cond:
            now = b.clock.now()
            if not (b.due and b.due[0][0] <= now) and not (b.stopping and not b.due):
                b.cond.wait(b.due[0][0] - now if b.due else None)
            return heapq.heappop(b.due)[2] if b.due else None


_SUBMIT = "submit"
q5 = Problem(
    name="WorkerLoop",
    arg_names=("workers", "what the kit does before shutting down"),
    cases=st.tuples(st.integers(1, 2), st.permutations("abc").flatmap(lambda names: st.lists(
        st.one_of(st.tuples(st.just(_SUBMIT), st.integers(0, 6)),
                  st.tuples(st.just("advance"), st.integers(1, 6))), max_size=3).map(
        lambda acts: [(_SUBMIT, names[i], a[1]) if a[0] == _SUBMIT else a
                      for i, a in enumerate(acts)]))),
    answer=WorkerLoop,
    run=worker_runs,
    judge=_judge_loop,
    max_examples=20,
    timeout=60.0,
    examples=[("nothing to do, then shut down", (2, [])),
              ("a job due later", (1, [(_SUBMIT, "a", 5)])),
              ("an earlier job arrives while a worker waits for a later one",
               (1, [(_SUBMIT, "b", 5), ("advance", 1), (_SUBMIT, "a", 2)])),
              ("two workers, two jobs due now", (2, [(_SUBMIT, "a", 0), (_SUBMIT, "b", 0)])),
              ("shut down with a job still in the future", (2, [(_SUBMIT, "a", 4)])),
              ("a job at the exact tick", (1, [("advance", 2), (_SUBMIT, "a", 3)])),
              ("three jobs, the last one due between the others (the heap is not sorted)",
               (1, [(_SUBMIT, "a", 1), (_SUBMIT, "b", 3), (_SUBMIT, "c", 2)])),
              ("eight workers, two jobs: the shutdown wakes every one",
               (8, [(_SUBMIT, "a", 0), (_SUBMIT, "b", 2)]))],
    pitfalls=[
        Pitfall("a polling loop", "waking every tick to look is a sleep loop with extra "
                "steps: wait exactly until the next run time, or until notified when nothing is "
                "queued", edit=[("b.cond.wait(b.due[0][0] - now if b.due else None)",
                                 "b.cond.wait(1)")]),
        Pitfall("notify instead of notify_all at shutdown", "notify wakes one waiter; the "
                "others sleep through the shutdown and never exit",
                edit=[("self.board.cond.notify_all()", "self.board.cond.notify()")]),
        Pitfall("shutdown without a wake-up", "setting the flag wakes nobody: a worker waiting "
                "until notified never sees it. Set it and call notify_all, both under "
                "`with board.cond:` (a notify without the lock raises RuntimeError)",
                edit=[("            self.board.cond.notify_all()\n", "")]),
        Pitfall("exits while jobs remain", "a clean shutdown drains: a worker exits when the "
                "board is stopping *and* empty", edit=[("if b.stopping and not b.due:",
                                                        "if b.stopping:")]),
        Pitfall("a worker that never exits", "the loop must look at the stopping flag, or "
                "work() never returns", edit=[("if b.stopping and not b.due:", "if False:")]),
        Pitfall("a lost wake-up: looked at the heap without the lock", "between the look and "
                "the wait, a submit can push a job and notify nobody (nobody waits yet); then "
                "the worker sleeps past it. Look and wait under one `with board.cond:`",
                answer=_CheckedOutsideTheLock),
        Pitfall("if instead of while around the wait", "a wake-up is a hint, not a promise: "
                "after any wait, look again (a submit wakes you for a job due later)",
                answer=_IfNotWhile),
        Pitfall("pop(0) on the heap", "board.due is a heap, not a sorted list: pop(0) takes "
                "the front but leaves the rest out of heap order, so a later job can come "
                "first. Take it with heapq.heappop(board.due)",
                edit=[("return heapq.heappop(b.due)[2]", "return b.due.pop(0)[2]")]),
        Pitfall("now read once, before the loop", "after a wait the time has moved on: read "
                "board.clock.now() again at every turn of the loop, or a job that became due "
                "while the worker slept still looks early, and it waits again",
                edit=[("            while True:\n                now = b.clock.now()\n",
                       "            now = b.clock.now()\n            while True:\n")]),
        Pitfall("due only after its run time", "a job is due at its run time (run_at <= now); "
                "with run_at < now the worker waits 0 at the exact tick, again and again",
                edit=[("if b.due and b.due[0][0] <= now:", "if b.due and b.due[0][0] < now:")]),
        Pitfall("ran the job holding the lock", "the other workers cannot take jobs while one "
                "runs: take the job under the lock, run it after",
                edit=[("            self.board.run(name)\n",
                       "            with self.board.cond:\n                self.board.run(name)\n"
                       )]),
    ],
    hints=["Everything a worker looks at (the heap, the flag) is read and changed under "
           "`with board.cond:`; the job itself runs after the `with`.",
           "Inside the `with`, loop: if the front job is due, pop it; elif stopping and empty, "
           "return None; else `board.cond.wait(timeout)` and look again.",
           "timeout = `board.due[0][0] - now` when something is queued, None when nothing is. "
           "shutdown(): under the lock set `board.stopping = True` and `notify_all()`."],
    points=3,
)

PROBLEMS.append(q5)


# -- q6: reprioritise a waiting job, in O(log n) (lazy re-insert with a version check) ---------
# Appended (issue 28). Programs of pushes, reprioritises, pops and lens are replayed against a
# plain model (a dict scanned for the minimum) after every step; a stress case hands in
# priorities that count their comparisons, so a scan or a re-heapify per call is too slow.
_COMPARED = [0]


def _counting(compare):
    def counted(self, other):
        _COMPARED[0] += 1
        return compare(self, other)
    return counted


class _Priority(int):
    """An int priority that counts every comparison made with it."""

    __slots__ = ()
    __lt__, __le__ = _counting(int.__lt__), _counting(int.__le__)
    __gt__, __ge__ = _counting(int.__gt__), _counting(int.__ge__)
    __eq__, __ne__ = _counting(int.__eq__), _counting(int.__ne__)
    __hash__ = int.__hash__


class Reprioritisable:
    """Waiting jobs, lowest priority number first; equal priorities in the order the jobs got
    that priority. `push(name, priority)`; `reprioritise(name, priority)` (False when the job is
    not waiting); `pop()` (the next name, or None); `len()`. Each O(log n), amortised."""

    def __init__(self):
        self.heap = []
        self.current = {}  # name -> the seq of its live entry; older entries are dead
        self.seq = itertools.count()

    def __len__(self):
        return len(self.current)

    def push(self, name, priority):
        """Add a waiting job."""
        seq = next(self.seq)
        self.current[name] = seq
        heapq.heappush(self.heap, (priority, seq, name))

    def reprioritise(self, name, priority):
        """Give a waiting job a new priority: a fresh entry; the old one dies where it lies."""
        if name not in self.current:
            return False
        self.push(name, priority)
        return True

    def pop(self):
        """Remove and return the job to run next, skipping dead entries; None when none waits."""
        while self.heap:
            _, seq, name = heapq.heappop(self.heap)
            if self.current.get(name) == seq:
                del self.current[name]
                return name
        return None  # nothing waits


class _KeptOldSeq(Reprioritisable):
    """The listed slip "keeping the old sequence number": the new entry reuses the job's first
    seq (live entries are told apart by (seq, priority)), so at its new priority the job goes
    ahead of the jobs already waiting there."""

    def push(self, name, priority, seq=None):
        seq = next(self.seq) if seq is None else seq
        self.current[name] = (seq, priority)
        heapq.heappush(self.heap, (priority, seq, name))

    def reprioritise(self, name, priority):
        if name not in self.current:
            return False
        self.push(name, priority, self.current[name][0])
        return True

    def pop(self):
        while self.heap:
            priority, seq, name = heapq.heappop(self.heap)
            if self.current.get(name) == (seq, priority):
                del self.current[name]
                return name
        return None


class _SamePriorityKept(Reprioritisable):
    """The slip "a change to the priority it has is a no-op": the job keeps its place."""

    def __init__(self):
        super().__init__()
        self.priorities = {}

    def push(self, name, priority):
        self.priorities[name] = priority
        super().push(name, priority)

    def reprioritise(self, name, priority):
        if name in self.current and self.priorities[name] == priority:
            return True
        return super().reprioritise(name, priority)


class _RebuiltByName(Reprioritisable):
    """The slip "a rebuild that renumbers": once dead entries outnumber live ones twice, the
    live ones are pushed again in name order with fresh seqs, so ties lose who came first."""

    def reprioritise(self, name, priority):
        if not super().reprioritise(name, priority):
            return False
        if len(self.heap) > 2 * len(self.current):
            live = sorted((n, p) for p, s, n in self.heap if self.current.get(n) == s)
            self.heap = []
            for n, p in live:
                self.push(n, p)
        return True


class _Model:
    """The plain truth: a dict name -> (priority, seq), scanned for the minimum."""

    def __init__(self):
        self.waiting, self.seq = {}, itertools.count()

    def __len__(self):
        return len(self.waiting)

    def push(self, name, priority):
        self.waiting[name] = (priority, next(self.seq))

    def reprioritise(self, name, priority):
        if name not in self.waiting:
            return False
        self.push(name, priority)
        return True

    def pop(self):
        if not self.waiting:
            return None
        name = min(self.waiting, key=self.waiting.get)
        del self.waiting[name]
        return name


REPRIO_STRESS = "stress: 500 pushes, 500 reprioritises, 500 pops (counted comparisons)"
REPRIO_BUDGET = 60_000  # the answer makes about 16 000 here; a scan per change about 900 000


def reprio_run(answer, case):
    """Replay the program on a fresh `answer()`: per step what it returned and len() after. On
    the stress case: (the names popped, comparisons within budget?)."""
    (ops,) = case
    queue = answer()
    if ops == REPRIO_STRESS:
        n, phases = 500, []
        _COMPARED[0] = 0
        for i in range(n):
            queue.push(f"j{i}", _Priority(i * 7 % 10))
        phases.append(_COMPARED[0])
        for i in range(n):
            queue.reprioritise(f"j{i * 3 % n}", _Priority(i * 3 % 10))
        phases.append(_COMPARED[0] - sum(phases))
        popped = [queue.pop() for _ in range(n)]
        phases.append(_COMPARED[0] - sum(phases))
        return popped, tuple(phases) if _COMPARED[0] > REPRIO_BUDGET else True
    seen = []
    for op in ops:
        what, *arg = op.split()
        got = queue.pop() if what == "pop" else len(queue) if what == "len" else \
            getattr(queue, what)(arg[0], int(arg[1]))
        seen.append((got, len(queue)))
    return seen


def _judge_reprio(case, expected, got) -> str | None:
    (ops,) = case
    if ops == REPRIO_STRESS:
        (want, _), (value, within) = expected, got
        wrong = difference(want, value)
        if wrong is None and within is not True:
            calls = ", ".join(f"the 500 {what} {n:,} ({n / 500:.0f} a call)" for what, n in
                              zip(("pushes", "reprioritises", "pops"), within, strict=True))
            return too_slow(f"right answers, but {sum(within):,} priority comparisons, over "
                           f"the {REPRIO_BUDGET:,} allowed: {calls}. A heap needs about "
                           "log2(500) = 9 a call; about n a call is a scan (to find the job, "
                           "or the minimum), a re-heapify or a sort after each change")
        return wrong
    for k, (op, want, value) in enumerate(zip(ops, expected, got, strict=True), 1):
        if not same(want, value):
            return (f"step {k} ({op}): expected {want[0]!r} with {want[1]} waiting, got "
                    f"{value[0]!r} with {value[1]} waiting")
    return None


@st.composite
def _reprio_programs(draw):
    """Up to 12 operations: pushes of fresh names, reprioritises of waiting, popped or unknown
    names, pops (now and then of an empty queue) and lens; priorities 0 to 3."""
    names = list(draw(st.permutations("abcdefgh")))
    ops, pushed = [], []
    for kind in draw(st.lists(st.sampled_from(["push", "push", "re", "re", "pop", "len"]),
                              max_size=12)):
        p = draw(st.integers(0, 3))
        if kind == "push" and names:
            pushed.append(names.pop())
            ops.append(f"push {pushed[-1]} {p}")
        elif kind == "re":
            ops.append(f"reprioritise {draw(st.sampled_from(pushed + ['z']))} {p}")
        elif kind in ("pop", "len"):
            ops.append(kind)
    return (ops,)


@st.composite
def _tied_programs(draw):
    """Two to four jobs on priorities 0 and 1 (ties everywhere), then up to 16 reprioritises
    (often to the priority the job has) and pops: dead entries come to outnumber live ones
    while equal priorities still wait, the state a rebuild of the heap reaches."""
    names = list(draw(st.permutations("abcd")))[:draw(st.integers(2, 4))]
    ops = [f"push {name} {draw(st.integers(0, 1))}" for name in names]
    for kind in draw(st.lists(st.sampled_from(["re"] * 6 + ["pop"]), max_size=16)):
        ops.append(f"reprioritise {draw(st.sampled_from(names))} {draw(st.integers(0, 1))}"
                   if kind == "re" else "pop")
    return (ops + ["pop"] * len(names),)


class _ScanToChange(Reprioritisable):
    """Right answers, found by a scan of the heap and a re-heapify for every change."""

    def reprioritise(self, name, priority):
        if name not in self.current:
            return False
        self.heap = [e for e in self.heap if e[2] != name]
        heapq.heapify(self.heap)
        self.push(name, priority)
        return True


q6 = Problem(
    name="Reprioritisable",
    arg_names=("operations",),
    cases=st.one_of(_reprio_programs(), _tied_programs()),
    answer=Reprioritisable,  # the reference too; tests prove it equal to _Model, the plain truth
    run=reprio_run,
    judge=_judge_reprio,
    examples=[("raised, then lowered", (["push a 2", "push b 1", "reprioritise a 0", "pop",
                                          "reprioritise b 3", "push c 2", "pop", "pop", "pop"],)),
              ("a new priority goes behind those already there",
               (["push a 1", "push b 2", "reprioritise a 2", "pop", "pop"],)),
              ("given the priority it has, behind one waiting there",
               (["push a 1", "push b 1", "reprioritise a 1", "pop", "pop"],)),
              ("ties kept through many changes of another job",
               (["push b 5", "push a 5", "push c 1", *(f"reprioritise c {p}" for p in
                                                       (2, 3, 4, 1)), "pop", "pop", "pop"],)),
              ("a job that already ran", (["push a 1", "pop", "reprioritise a 0", "pop",
                                            "len"],)),
              ("changed twice", (["push a 3", "push b 2", "reprioritise a 0",
                                  "reprioritise a 3", "pop", "len"],)),
              ("stress: counts comparisons", (REPRIO_STRESS,))],
    pitfalls=[
        Pitfall("no version check", "the old entry is still in the heap: when it reaches the "
                "front it must be skipped. Keep each job's live seq and pop only that entry",
                edit=[("if self.current.get(name) == seq:", "if name in self.current:")]),
        Pitfall("kept its old sequence number", "so the job jumps the line at its new "
                "priority; it must go behind the jobs already waiting there: its new entry "
                "needs a fresh seq (and the old entry is dead)", answer=_KeptOldSeq),
        Pitfall("kept its place in line", "a job given a new priority goes behind the jobs "
                "already waiting at that priority: give it a fresh seq",
                edit=[("        self.push(name, priority)\n        return True\n",
                       "        heapq.heappush(self.heap, (priority, self.current[name], name))\n"
                       "        return True\n")]),
        Pitfall("a change to the priority it has skipped", "a job given a priority goes behind "
                "the jobs already waiting at it, even the priority it had: a fresh entry, as "
                "for any change", answer=_SamePriorityKept),
        Pitfall("a rebuild that renumbers", "when the heap is rebuilt from its live entries, "
                "each keeps its seq (heapify them as they are): new numbers in name order lose "
                "who got a priority first", answer=_RebuiltByName),
        Pitfall("brought a finished job back", "reprioritise only changes a job that is still "
                "waiting; one that already ran (or never came) stays out, and the answer is "
                "False", edit=[("        if name not in self.current:\n            return False\n"
                                "        self.push", "        self.push")]),
        Pitfall("len counts dead entries", "the heap holds every entry ever pushed until it "
                "surfaces; the jobs waiting are the live ones",
                edit=[("return len(self.current)", "return len(self.heap)")]),
    ],
    hints=["Do not look for the old entry: push a new one with the new priority and a fresh "
           "sequence number, and remember which sequence number is the job's current one.",
           "pop: pop entries until one is the job's current entry (its seq matches); the others "
           "are dead, drop them.",
           "Keep `current = {name: seq}`; delete the name when it is popped; len is "
           "len(current); reprioritise returns False for a name not in current."],
    equivalent={"Reprioritisable.pop delete: `return None` -> `pass`":
                "a method that runs off its end returns None all the same"},
    points=2,
)

PROBLEMS.append(q6)


# -- q7: a recurring job that never overlaps itself ---------------------------------------------
# Appended (issue 28): "run every N seconds without letting a slow run overlap the next one".
def recurring_starts(first, period, durations):
    """The start times of a job due at first, first + period, first + 2 * period, ...; run k
    lasts durations[k]. A run never starts while the previous one is still going: the slots a
    slow run covers are skipped, and the next run starts at the first slot at or after its end.
    Every duration is at least 1. The times are ints when the inputs are (as they are here)."""
    starts, due = [], first
    for duration in durations:
        starts.append(due)
        finish = due + duration
        while due < finish:  # its own slot, and any slot the run is still going at: skipped
            due += period
    return starts


def _start_when_free(first, period, durations):
    """Starts a late run the moment the slow one ends (off the grid, a pile-up when runs are
    slow), as a fixed-rate timer without skipping does."""
    starts, due, free = [], first, first
    for duration in durations:
        start = max(due, free)
        starts.append(start)
        free, due = start + duration, due + period
    return starts


Q7_STRESS = "stress: 500 durations from 1 to 12"


def recurring_run(answer, case):
    """`answer(*case)`; the stress case in one line."""
    first, period, durations = case
    if durations != Q7_STRESS:
        return answer(*case)
    rng = random.Random(5)
    durations = [rng.randint(1, 12) for _ in range(500)]
    return _first_gap(recurring_starts(first, period, durations),
                      answer(first, period, durations), "start")


q7 = Problem(
    name="recurring_starts",
    arg_names=("first", "period", "durations"),
    cases=st.tuples(st.integers(0, 5), st.integers(1, 5), st.integers(0, 4).flatmap(
        lambda n: st.lists(st.integers(1, 12), min_size=21 * (n == 4),
                           max_size=40 if n == 4 else 6))),
    answer=recurring_starts,
    run=recurring_run,
    judge=lambda case, expected, got: None if got == expected else got
    if case[2] == Q7_STRESS else difference(expected, got),
    exact_numbers=True,  # the times are ints like the inputs: 4.0 is not the slot 4
    examples=[("no runs", (0, 5, [])), ("every run on time", (2, 5, [1, 4, 5])),
              ("a run that ends exactly at the next slot", (0, 5, [5, 1])),
              ("a slow run covers two slots", (0, 3, [7, 1, 1])),
              ("slow, then fast, then slow", (1, 4, [9, 1, 5, 2])),
              ("times past 2**53: exact ints", (2**60 + 1, 2**54, [2**55 + 1, 1, 3])),
              ("stress: 500 runs", (3, 4, Q7_STRESS))],
    pitfalls=[
        Pitfall("a slow run overlaps the next", "the next run starts at its slot while the "
                "previous one is still going: two copies of one job at once. Skip the slots a "
                "run covers", edit=[("while due < finish:", "if due < finish:")]),
        Pitfall("the late run starts when the slow one ends", "without skipping, every slot a "
                "slow run covered is owed, and the runs pile up back to back, off the grid; "
                "skip to the first slot at or after the end", answer=_start_when_free),
        Pitfall("fixed delay instead of fixed rate", "finish + period drifts off the grid by "
                "every run's length; the slots stay first + k * period",
                edit=[("        while due < finish:  # its own slot, and any slot the run is "
                       "still going at: skipped\n            due += period\n",
                       "        due = finish + period\n")]),
        Pitfall("skipped the slot at the exact end", "a run that ends at t does not overlap a "
                "run that starts at t: skip while the slot is *before* the end",
                edit=[("while due < finish:", "while due <= finish:")]),
    ],
    hints=["Keep the next slot `due`. Each run starts at `due`; work out when it finishes.",
           "Move `due` one period on; while that slot is before the finish, the run is still "
           "going then: move on again (the slot is skipped).",
           "`due += period`, then `while due < finish: due += period`."],
)

PROBLEMS.append(q7)

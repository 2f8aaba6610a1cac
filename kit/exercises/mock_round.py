"""Exercises for 08_mock_round: one `JobScheduler` class, built level by level, checked by replay.

The class the learner writes (the API every check relies on):

    JobScheduler(clock, policy=None, workers=1)   policy None means PriorityPolicy()
      submit(id, task, priority=5, delay=0, retries=0, backoff=10) -> id
      cancel(id) -> bool          True only when the job was PENDING (it is then CANCELLED)
      status(id) -> str           "PENDING" "RUNNING" "DONE" "FAILED" or "CANCELLED"
      tick() -> list              the ids whose task ran in this tick, slot 0 first (the tasks
                                  themselves may run in any order)

cancel and status are only called with submitted ids (the statement leaves others open); a
negative delay is any delay below 0, -0.5 too; a retry keeps its submission number.

Levels: L1 submit and tick, L2 delayed start, L3 cancel, L4 retries with backoff, L5 swappable
policy, L6 thread safety. The answer is one class, `JobScheduler` (also `ModelAnswer`, for the
notebook's demo); each pitfall is a small edit of its text.

L1-L5 replay generated operation sequences ("submit a p=2 delay=1", "tick", "cancel a") against
the learner's class and the answer, and compare what each call returned and, after every step,
every job's status and how often its task ran. A "tick" step is `tick()` followed by
`clock.advance(1)`. While a replay runs, the time module's clocks are watched
(`watch.watching_clocks`): a scheduler that reads them (instead of the injected clock) is
reported as such. Costs the statement promises
(cancel O(1), promotion from the front of the delayed heap) are checked by counting the lines
of the class that run, on a small and a large scheduler, at the level that promises them and at
every later one (L6 replays the whole class, costs included).

L6 runs each race scenario under every schedule with at most one preemption
(`kit.checks.interleave`): the threads take turns at the lines of the learner's class, of its Job
records and of `kit.heap.Heap`, and at its lock, so a test and a set outside the lock fail every
time, not once in a thousand runs. Besides three scenarios with their own rules, every public
method races every other one (`PAIRS`): the two results and the state after three more ticks
must be what the two calls give one after the other, in either order, or with the other call
made while the tick runs its tasks (linearizable).
"""

import ast
import contextlib
import functools
import itertools
import random
import re
import sys
import threading
from collections import Counter
from collections.abc import Callable

from hypothesis import strategies as st

from kit.checks import (
    Pitfall,
    Problem,
    a_kind,
    answers,
    interleave,
    mutate,
    programs,
    report,
    too_slow,
    watch,
)
from kit.clock import FakeClock, MonotonicClock  # noqa: F401 - the wall-clock pitfall's text
from kit.heap import Heap
from kit.jobs import FifoPolicy, OldestDuePolicy, PriorityPolicy

__all__ = ["Job", "JobScheduler", "ModelAnswer", "HighestNumberFirst", "POLICIES", "LEVELS",
           "progress", "q1", "q2", "q3", "q4", "q5", "q6"]


# -- the record the learner uses ---------------------------------------------------------------
class Job:
    """One submitted job: `status` is a plain string, `seq` the submission number (0, 1, ...)."""

    def __init__(self, id, task, priority, run_at, seq, retries=0, backoff=10):
        self.id, self.task, self.priority, self.run_at, self.seq = id, task, priority, run_at, seq
        self.retries, self.backoff = retries, backoff
        self.attempts = 0
        self.error = None
        self.status = "PENDING"

    def __repr__(self) -> str:
        return f"Job({self.id!r}, {self.status})"


class HighestNumberFirst:
    """A policy the learner has never seen: higher priority number first, then submission."""

    def before(self, a, b) -> bool:
        return (-a.priority, a.seq) < (-b.priority, b.seq)


class Reversed:
    """A policy the learner has never seen, made with an argument: the reverse of `policy`
    (given FifoPolicy(): the job submitted last first; given OldestDuePolicy(): the one due
    last first, so its order hangs on run_at and seq both)."""

    def __init__(self, policy):
        self.policy = policy

    def before(self, a, b) -> bool:
        return self.policy.before(b, a)


POLICIES = {"priority": PriorityPolicy, "fifo": FifoPolicy, "oldest due": OldestDuePolicy,
            "highest number first": HighestNumberFirst,
            "newest first": lambda: Reversed(FifoPolicy()),
            "due last first": lambda: Reversed(OldestDuePolicy())}


# -- the answer: one class for all six levels ------------------------------------------------------
class JobScheduler:
    """Jobs run on `workers` slots per tick: two heaps (when, which), one lock, one claim."""

    def __init__(self, clock, policy=None, workers=1):
        self.clock = clock  # L2: the only source of time
        self.policy = policy or PriorityPolicy()  # L5: the ordering rule is an argument
        self.workers = workers
        self.jobs = {}
        self.delayed = Heap(key=lambda job: (job.run_at, job.seq))  # when: by run time
        self.ready = Heap(before=self.policy.before)  # which: by the policy
        self.seq = itertools.count()  # L1: the tie-break
        self.lock = threading.Lock()  # L6: one lock around the heaps and the job map

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        if delay < 0:
            raise ValueError(f"delay must be >= 0, got {delay!r}")
        with self.lock:
            if id in self.jobs:
                raise ValueError(f"id {id!r} is already used")
            run_at = self.clock.now() + delay
            job = Job(id, task, priority, run_at, next(self.seq), retries, backoff)
            self.jobs[id] = job
            self.delayed.push(job)
        return id

    def cancel(self, id):
        with self.lock:
            job = self.jobs[id]
            if job.status != "PENDING":
                return False
            job.status = "CANCELLED"  # lazy deletion: skipped when it is popped
            return True

    def status(self, id):
        with self.lock:
            return self.jobs[id].status

    def tick(self):
        with self.lock:
            now = self.clock.now()
            while self.delayed and self.delayed.peek().run_at <= now:
                job = self.delayed.pop()
                if job.status == "PENDING":  # a cancelled job is dropped here
                    self.ready.push(job)
            taken = []
            while self.ready and len(taken) < self.workers:
                job = self.ready.pop()
                if job.status == "PENDING":  # the claim: test and set under the lock
                    job.status = "RUNNING"
                    job.attempts += 1
                    taken.append(job)
        for job in taken:  # outside the lock: a slow task never blocks submit
            try:
                job.task()
            except Exception:
                with self.lock:
                    if job.attempts <= job.retries:  # L4: back to PENDING after its backoff
                        job.status = "PENDING"
                        job.run_at = self.clock.now() + job.backoff * 2 ** (job.attempts - 1)
                        self.delayed.push(job)
                    else:
                        job.status = "FAILED"
            else:
                with self.lock:
                    job.status = "DONE"
        return [job.id for job in taken]


ModelAnswer = JobScheduler  # the name the notebook's demo and "where candidates slip" use


WALL_CLOCK = "read the system clock"


# -- replaying operations ------------------------------------------------------------------------
class LeftLocked(RuntimeError):
    """A call raised and left the scheduler's lock held: said, not hung on at the next call."""


class EscapedFromTick(Exception):
    """A task's exception that tick() let through: said as such, not as the task's own error."""


class TaskError(Exception):
    """A task's own exception type: a tick must catch any Exception, not a list of names."""


class Unprintable(Exception):
    """An exception that cannot even be printed: a tick that formats it crashes (level 4 says a
    task may raise one, and that the error is kept without formatting it)."""

    def __str__(self) -> str:
        raise RuntimeError("this exception cannot be printed: a task may raise any Exception, "
                           "even one whose str() raises, so keep the error without formatting "
                           "it (repr(e), or e itself)")


ERRORS = (ValueError, KeyError, TaskError, Unprintable)  # what failing tasks raise, in turn


def _failure(id: str, call: int) -> Exception:
    """What job `id`'s task raises on its failing `call`: the types take turns, so every
    failing job of a program (and every retry of one) raises a different one."""
    return ERRORS[(ord(id[0]) + call) % len(ERRORS)](f"{id} failed (call {call})")


UNDER_LOCK = "the scheduler's lock was held"
LOCK_TYPES = (type(threading.Lock()),)  # a task under one of these would deadlock asking
ALL_LOCK_TYPES = (*LOCK_TYPES, type(threading.RLock()))  # level 6: no task under any lock


def _holds_lock(sched, kinds) -> bool:
    """Whether this thread holds a lock of `sched` of one of the types `kinds` (a replay has
    one thread: a locked Lock is held by it)."""
    for lock in getattr(sched, "__dict__", {}).values():
        if isinstance(lock, kinds):
            owned = getattr(lock, "_is_owned", None)  # an RLock: held by this thread?
            if owned() if owned is not None else lock.locked():
                return True
    return False


def _task(sched, id, fails, calls, during, locks=LOCK_TYPES, cancels=False):
    def task():
        calls[id] += 1
        # a task may ask: its job is RUNNING meanwhile (unless the task runs under the lock,
        # where asking would deadlock on a Lock: that is said, not hung); with `cancels` it
        # also cancels its own RUNNING job, which must change nothing and return False
        under = _holds_lock(sched, locks)
        during[id] = UNDER_LOCK if under else _status(sched.status(id))
        if cancels and not under:
            during[id] += f" and cancel({id!r}) → {_call_said(lambda: sched.cancel(id))}"
        if calls[id] <= fails:
            exc = _failure(id, calls[id])
            exc.task_of = id  # noted: a tick that lets it escape is told so
            raise exc
        return False  # a task's result says nothing: only raising is a failure
    return task


def _call_said(call) -> str:
    """What `call()` returned, or the type of what it raised: an observation, never a crash."""
    try:
        return repr(call())
    except NotImplementedError:
        raise
    except Exception as exc:  # noqa: BLE001 - the answer's error is what it did
        return f"raised {type(exc).__name__}"


def _ids(ran) -> str:
    """A tick's list of ids as "[a, b]"; anything else (a tuple, a list of Jobs) as what it is:
    the statement promises a list of ids."""
    if not isinstance(ran, list) or not all(isinstance(x, str) for x in ran):
        return f"{ran!r} ({a_kind(ran)}, expected a list of ids)" if not isinstance(ran, list) \
            else f"{ran!r} (expected a list of ids)"
    return "[" + ", ".join(ran) + "]"


def _status(value) -> str:
    return str(getattr(value, "value", value))


_KEYS = {"p": "priority", "delay": "delay", "retries": "retries", "backoff": "backoff"}


def _apply(sched, clock, op: str, calls: dict, during: dict, locks=LOCK_TYPES, kept=None):
    """Do one step; what it returned, as the replay writes it. `kept`: the lists earlier ticks
    returned, and (under "records") the Job record each accepted submit made."""
    kept = {"lists": [], "records": {}, "made": []} if kept is None else kept
    step = programs.parse(op)
    if step.name == "tick":
        now = clock.now()
        try:
            ran = sched.tick()
        except Exception as exc:
            if getattr(exc, "task_of", None) is None:
                raise
            raise EscapedFromTick(
                f"the {type(exc).__name__} that {exc.task_of}'s task raised came out of tick(): a "
                "task that raises has failed this attempt, whatever it raises (any Exception); "
                "catch Exception around each task, record the failure and go on") from exc
        clock.advance(1)
        if isinstance(ran, list) and any(ran is earlier for earlier in kept["lists"]):
            return (f"tick at t={now} → the very list an earlier tick gave: tick() "
                    f"{ALIASED}")
        kept["lists"].append(ran)
        return f"tick at t={now} → {_ids(ran)}"
    if step.name == "cancel":
        return f"{op} → {_call_said(lambda: sched.cancel(step.words[0]))}"
    if step.name == "wait":  # the clock jumps: time passes with no tick
        clock.advance(int(step.words[0]))
        return None
    id, opts = step.words[0], dict(step.options)
    fails, cancels = opts.pop("fails", 0), opts.pop("cancels", 0)
    calls.setdefault(id, 0)
    made = len(kept["made"])
    try:
        got = sched.submit(id, _task(sched, id, fails, calls, during, locks, cancels),
                           **{_KEYS[k]: v for k, v in opts.items()})
        mine = [job for job in kept["made"][made:] if getattr(job, "id", None) == id]
        kept["records"][id] = mine[-1] if mine else None  # the record this submit made
    except NotImplementedError:
        raise
    except Exception as exc:  # a refused submit is an observation: its error type
        got = type(exc).__name__
        if _holds_lock(sched, LOCK_TYPES):  # one thread: a locked Lock is this one's, left
            raise LeftLocked(f"submit raised {got} and left the scheduler's lock held, so the "
                             "next call would wait for ever: release it on every path "
                             "(`with self.lock:`, or try/finally)") from exc
    return f"{op} → {got}"


def _fate(sched, id, calls: dict, during: dict, records=None) -> str:
    """"a DONE (ran 1 while RUNNING)": a job's status, and how often its task ran and as what;
    with `records` (levels 4-6) also its Job record's `attempts`, a field the statement
    defines (the runs so far)."""
    ran = f"ran {calls[id]} while {during[id]}" if calls[id] else "ran 0"
    if records is not None:
        job = records.get(id)
        ran += f", attempts {job.attempts!r}" if job is not None else \
            ", attempts unknown (no Job record made at its submit)"
    return f"{id} {_status(sched.status(id))} ({ran})"


@contextlib.contextmanager
def _job_records():
    """Every Job made while it is open, in order: the replay reads `attempts` off the record
    the learner's scheduler made for each job."""
    made, init = [], Job.__init__

    def noted(job, *args, **kwargs):
        init(job, *args, **kwargs)
        made.append(job)

    Job.__init__ = noted
    try:
        yield made
    finally:
        Job.__init__ = init


ALIASED = "returned its own internal list: return a copy"


def replay(cls, case, locks=LOCK_TYPES, attempts=False) -> list | str:
    """Build `cls(FakeClock(0), ...)` and apply each operation. After each: what it returned, and
    then, for every job submitted so far, its status and how often its task ran, and what its
    task saw: its job RUNNING, or UNDER_LOCK when it ran while a lock of the scheduler of the
    types `locks` was held (a Lock always: asking status() would hang). WALL_CLOCK if the
    class read the system clock. With `attempts` (levels 4-6) each job's Job.attempts too."""
    policy, workers, ops = case if len(case) == 3 else (None, *case)
    compact = bool(ops) and ops[0] in STRESS  # a line per tick; the calls and fates counted
    ops = _stress_ops(STRESS[ops[0]]) if compact else ops
    clock, seen, calls, during, said = FakeClock(0), [], {}, {}, Counter()
    options = {} if policy is None else {"policy": POLICIES[policy]()}
    if workers is not None:  # None: the default, one worker
        options["workers"] = workers
    with watch.watching_clocks(cls) as reads, _job_records() as made:
        sched, kept = cls(clock, **options), {"lists": [], "records": {}, "made": made}
        records = kept["records"] if attempts else None
        for op in ops:
            result = _apply(sched, clock, op, calls, during, locks, kept)
            if compact and op != "tick":
                value = result.partition(" → ")[2]
                said[f"{op.split()[0]} → " + ("its id" if value == op.split()[1] else value)] += 1
                continue
            seen.append(op if result is None else result)
            known = [id for id in calls if id != "z"]  # z: the refused negative delay
            if known and not compact:
                seen.append("  " + ", ".join(_fate(sched, id, calls, during, records)
                                             for id in known))
        if compact:
            ends = Counter(_fate(sched, id, calls, during, records).partition(" ")[2]
                           for id in calls)
            seen.append(f"in the end: {_counted(said)}; jobs {_counted(ends)}")
        with contextlib.suppress(Exception):  # unseen: a submit and a tick, so that a clock
            sched.submit("probe", lambda: None)  # read shows on every case, not only on some
            sched.tick()
    return WALL_CLOCK if reads else seen


def _counted(counts: Counter) -> str:
    return ", ".join(f"{n} × {what}" for what, n in sorted(counts.items()))


STRESS = {"stress: 400 jobs of one priority": 1,  # label -> the level whose steps it takes
          "stress: 400 jobs of one priority, 200 of them delayed, the last 10 urgent": 2,
          "stress: 400 jobs of one priority, 200 delayed (the last 10 urgent), 200 cancelled": 3}


def _stress_ops(level: int) -> tuple:
    """400 submits of priority 1 in a shuffled name order, every second delayed by 2 (level
    2, the last 10 of them urgent); after the first tick the next 150 undelayed and 50 delayed
    ones cancelled (level 3); then ticks until every job ran: ties past seq 9 and 99 (live on
    both sides), 200 jobs promoted by one tick (the urgent last), 150 dead entries in front."""
    names = [f"j{n}" for n in random.Random(8).sample(range(400), 400)]
    ops = [f"submit {name} p={0 if i >= 380 else 1}" + " delay=2" if level >= 2 and i % 2
           else f"submit {name} p=1" for i, name in enumerate(names)] + ["tick"]
    if level >= 3:  # the first tick ran the 7 undelayed submitted first
        ops += [f"cancel {name}" for name in names[14:314:2] + names[281:380:2]]
    return (*ops, *["tick"] * 60)


def judge_replay(case, expected, got) -> str | None:
    """None when every observation agrees; else the first that differs, in words (a status line
    names the job)."""
    if got == expected:
        return None
    if got == WALL_CLOCK:
        return ("the scheduler read the system clock (the time module); take every time from "
                "the clock it was given, or delays and retries cannot be tested")
    if not isinstance(got, list):
        return f"the replay gave {got!r}"
    for i, (want, have) in enumerate(zip(expected, got, strict=False)):
        if want == have:
            continue
        if want.startswith("in the end: "):
            return f"in the end, expected {want[12:]}; got {have.removeprefix('in the end: ')}"
        if want.startswith("  "):
            step = expected[i - 1].partition(" → ")[0]
            fates = [re.split(r"(?<=\)), ", line.strip()) for line in (want, have)]
            for w, h in zip(*fates, strict=False):
                if w != h:
                    return f"after `{step}`: expected {w}, got {h}"
        step, _, result = want.partition(" → ")
        return f"at `{step}`: expected {result}, got {have.partition(' → ')[2]}"
    return "the answer differs from the expected one"


@st.composite
def rounds(draw, level: int, policies: bool = False):
    """(workers, ops) -- or (policy, workers, ops) -- for a level: each level adds one kind of
    step or option to the ones before; None leaves an argument at its default. Names are drawn
    in a shuffled order, so name order, submission order and priority order differ; a priority
    or backoff is sometimes left out."""
    policy = draw(st.sampled_from([None, *POLICIES])) if policies else None
    workers = draw(st.sampled_from([1, 1, 2, 3, None]))  # None: leave the default (1)
    names = draw(st.permutations("abcdef"))
    ops, used, retrying = [], [], []  # retrying: the jobs that fail and have retries
    # one raw step: (kind, rare, priority, delay, retries, backoff, fails, pick); a list, so the
    # shrinker can delete any step, not only the last ones
    raw = st.tuples(st.integers(0, 5), st.integers(0, 11), st.integers(1, 6), st.integers(0, 3),
                    st.integers(0, 5), st.integers(0, 4), st.integers(0, 6), st.integers(0, 5))
    refused = False
    for kind, rare, p, delay, retries, backoff, fails, pick in draw(
            st.lists(raw, min_size=1, max_size=10 if level < 4 else 14)):
        # kind 0-1 submit, 2-4 tick, 5 cancel (a tick before L3); from L2 a tick is now and
        # then a jump of the clock instead (time passes with no tick); a cancel
        # of an id never submitted is left out: the statement does not say what it does
        if kind >= 2:
            if kind == 5 and level >= 4 and retrying and rare < 5:  # often one that may be
                ops.append(f"cancel {retrying[pick % len(retrying)]}")  # waiting for a retry
            elif kind == 5 and level >= 3 and used:
                ops.append(f"cancel {used[pick % len(used)]}")
            elif level >= 2 and rare >= 10:
                ops.append(f"wait {1 + 3 * delay}")
            else:
                ops.append("tick")
            continue
        # rare 9-10: a used id again (waiting, finished, cancelled or failed by now);
        # 11: a negative delay (from L2), whole or not, refused; after it, the refused id is free
        if rare == 11 and level >= 2:
            ops.append("submit z p=1" if refused and pick < 2 else
                       f"submit z p=1 delay={-1 if pick % 2 else -0.5}")
            refused = True
        elif rare >= 9 and used:
            ops.append(f"submit {used[pick % len(used)]} p=1")
        elif len(used) < len(names):
            name = names[len(used)]
            used.append(name)
            parts = [f"submit {name}"]
            if p != 6:  # 6: the default priority, 5
                parts.append(f"p={p}")
            if level >= 2 and delay:
                parts.append(f"delay={delay}")
            if level >= 3 and pick == 4:
                parts.append("cancels=1")  # its task cancels its own RUNNING job
            if level >= 4:
                retries = retries if retries < 3 or pick > 2 else retries - 3  # 3-5: rarer
                if retries:
                    parts.append(f"retries={retries}")
                    if backoff != 4:  # 4: the default, 10
                        parts.append(f"backoff={backoff}")
                if fails:
                    parts.append(f"fails={fails}")
                    if retries:
                        retrying.append(name)
            ops.append(" ".join(parts))
    ops = tuple(ops) + ("tick",) * draw(st.integers(0, 10 if level >= 4 else 4))  # then later
    if level >= 2:  # and long after: jumps of the clock, each followed by a tick
        ops += ("wait 7", "tick") * draw(st.integers(0, 3 if level >= 4 else 1))
    if used and draw(st.booleans()):  # an id used again once it is done, cancelled or failed
        ops += (f"submit {used[draw(st.integers(0, len(used) - 1))]} p=1", "tick")
    return (policy, workers, ops) if policies else (workers, ops)


# -- cost promises, by counting the lines of the class that run -----------------------------------
SMALL, LARGE = 4, 400
COSTS = {"tick": (1, ("submit a p=2", "submit b p=1 delay=1", "tick", "tick")),
         "cancel": (1, ("submit a p=2", "submit b p=1", "cancel a", "tick"))}


def _lines(cls, waiting: int, step: str) -> int:
    """Lines of `cls` run by one `step` ("cancel" a job, or a "tick" promoting one due job) on a
    scheduler where `waiting` other jobs wait for a later time."""
    sched = cls(FakeClock(0), workers=1)
    sched.submit("due", lambda: None, priority=1)
    for i in range(waiting):
        sched.submit(f"w{i}", lambda: None, priority=2, delay=1000 + i)
    if step == "cancel":
        return watch.lines_run(lambda: sched.cancel("w0"), cls)
    return watch.lines_run(sched.tick, cls)


def cost(cls, case, *how, **kw) -> list | str:
    """The replay (`how`, `kw`: replay's); on a case of COSTS (with no policy), then that step's
    counted cost (a broken promise at the end)."""
    seen = replay(cls, case, *how, **kw)
    plain = case[-2:] if len(case) == 2 or case[0] is None else None
    broken = [step for step, costly in COSTS.items() if plain == costly
              and _lines(cls, LARGE, step) > 2 * _lines(cls, SMALL, step) + 20]
    return seen if seen == WALL_CLOCK or not broken else [*seen, ("too slow", *broken)]


SLOW = {"tick": "each tick looks at every waiting job; promote from the front of the delayed "
                "heap (the soonest run_at) and stop at the first one not due",
        "cancel": "cancel does work for every job; it only flips the status (lazy deletion) "
                  "and the dead entry is skipped when it is popped"}


def judge_costs(case, expected, got) -> str | None:
    if isinstance(got, list) and got and isinstance(got[-1], tuple):
        problem = judge_replay(case, expected, got[:-1])
        if problem is None:
            return too_slow("gives the right answers, but " + "; and ".join(
                SLOW[step] for step in got[-1][1:]))
        return problem
    return judge_replay(case, expected, got)


# -- L6: every interleaving with one preemption, forced -----------------------------------------
def _one_job(cls, workers=1):
    """A scheduler with one PENDING job x; its task notes whether it runs under a lock."""
    ran = []
    sched = cls(FakeClock(0), workers=workers)
    interleave.adopt_locks(sched)  # any lock it made, now, before the setup's own calls
    sched.submit("x", lambda: ran.append("under a lock" if interleave.held_locks() else "ran"))
    return sched, ran


def _errors(out: dict) -> str | None:
    for name, value in out.items():
        if isinstance(value, NotImplementedError):
            raise NotImplementedError
        if isinstance(value, BaseException):
            return f"{name.split()[0]}() raised {type(value).__name__} in a thread"
    return None


def _cancel_vs_claim(state, out) -> str | None:
    sched, ran = state
    cancelled = out["cancel"] is True
    if cancelled and ran:
        return ("cancel('x') returned True and x ran anyway: both threads saw PENDING before "
                "either wrote a new status")
    if not cancelled and not ran:
        return "cancel('x') returned False, yet x never ran"
    if len(ran) > 1:
        return "x ran twice"
    want = ["[]", "CANCELLED"] if cancelled else ["[x]", "DONE"]
    got = [_ids(out["tick"]), _status(sched.status("x"))]
    return None if got == want else f"tick() returned {got[0]} and x ended {got[1]}, " \
        f"expected {want[0]} and {want[1]}"


def _two_ticks(state, out) -> str | None:
    sched, ran = state
    if len(ran) != 1:
        return f"two ticks at once ran x {len(ran)} times: a pop and its claim must be one step"
    returned = sorted([_ids(out["tick 1"]), _ids(out["tick 2"])])
    if returned != ["[]", "[x]"] or _status(sched.status("x")) != "DONE":
        return f"the ticks returned {' and '.join(returned)}, x ended {sched.status('x')}"
    return None


def _submit_while_running(state, out) -> str | None:
    sched, ran = state
    if "under a lock" in ran:
        return ("x's task ran while tick() held the lock: one slow task would block every "
                "submit and cancel")
    if out["submit"] != "y" or _status(sched.status("y")) != "PENDING":
        return f"submit('y') returned {out['submit']!r} and y is {sched.status('y')}"
    return None


def _returned(value) -> str:
    """What one racing call gave, in words: its value, or the type of what it raised."""
    if isinstance(value, NotImplementedError):
        raise NotImplementedError
    if isinstance(value, BaseException):
        return f"raised {type(value).__name__}"
    return _ids(value) if isinstance(value, list | tuple) else repr(value)


CALLS = {  # the public API, one call each, on the race's scheduler (job x due, job w at t=1)
    "tick": lambda s: s[0].tick(),
    "submit('y')": lambda s: s[0].submit("y", s[2]("y")),
    "submit('v')": lambda s: s[0].submit("v", s[2]("v")),
    "cancel('x')": lambda s: s[0].cancel("x"),
    "status('x')": lambda s: _status(s[0].status("x")),
}
PAIRS = [("tick", "tick"), ("tick", "submit('y')"), ("tick", "cancel('x')"),
         ("tick", "status('x')"), ("submit('y')", "submit('y')"),
         ("submit('y')", "submit('v')"),
         ("submit('y')", "cancel('x')"), ("cancel('x')", "cancel('x')"),
         ("submit('y')", "status('x')")]


def _noting(method, name: str, calls: list):
    """`method`, noting (`name`, whether a lock is held) in `calls` when it is called in a
    race (its setup's submits included: made under the lock, or with none)."""
    def noted(*args):
        if interleave.racing():
            caller = sys._getframe(1).f_code.co_name  # the scheduler's method making the call
            in_race = threading.current_thread().name.startswith("interleave-")
            calls.append((name, bool(interleave.held_locks()), caller, in_race))
        return method(*args)
    return noted


def _unguarded(calls: list) -> str | None:
    """The first heap call made with no lock held, when another one was made under a lock (a
    class that locks its heaps in one place and forgets it in another); else None."""
    if not any(held for _, held, *_ in calls):
        return None
    return next(((name, caller, in_race) for name, held, caller, in_race in calls if not held),
                None)


def _pair_setup(cls, during=None):
    """A scheduler on two workers with job x (due now) and job w (due at t=1); every task notes
    that it ran, and x's task calls `during(state)` when given. x's first run fails (it has one
    retry, backoff 1), so a race also meets a failure being recorded: the retry's push onto the
    delayed heap and its status write. (scheduler, {id: runs}, a maker of such tasks)."""
    runs = {}

    def task(id):
        def run():
            runs[id] = runs.get(id, 0) + 1
            if id == "x" and during is not None:
                during(state)
            if id == "x" and runs[id] == 1:
                raise _failure(id, 1)
        runs.setdefault(id, 0)
        return run

    sched, unlocked = cls(FakeClock(0), workers=2), []
    interleave.adopt_locks(sched)  # any lock it made, now: the submits below are under it
    for name, heap in getattr(sched, "__dict__", {}).items():
        if isinstance(heap, Heap):  # a heap changed while the threads race, with no lock held
            for op in ("push", "pop"):
                setattr(heap, op, _noting(getattr(heap, op), f"self.{name}.{op}", unlocked))
    state = (sched, runs, task, unlocked)
    state[0].submit("x", task("x"), retries=1, backoff=1)
    state[0].submit("w", task("w"), delay=1)
    return state


def _settled(state) -> str:
    """After the race: three more ticks (the clock moving one step each time), then every
    job's status and how often its task ran."""
    sched, runs = state[:2]
    for _ in range(3):
        sched.tick()
        sched.clock.advance(1)
    return ", ".join(f"{id} {_status(sched.status(id))} ran {runs[id]}" for id in runs)


def _outcome(first: str, second: str, got: dict, state) -> str:
    return f"{first} → {got[0]}, {second} → {got[1]}; then {_settled(state)}"


def _call(name, state) -> str:
    try:
        return _returned(CALLS[name](state))
    except Exception as exc:
        return _returned(exc)


@functools.cache  # on first use, not at import
def _sequential(first: str, second: str) -> frozenset:
    """What the two calls give on the answer's text one after the other, in either order, and,
    when one is a tick, with the other made while x's task runs (a tick runs its tasks outside
    the lock, so any call may come then)."""
    outcomes = set()
    for order in ((0, 1), (1, 0)):
        state, got = _pair_setup(JobScheduler), {}
        for i in order:
            got[i] = _call((first, second)[i], state)
        outcomes.add(_outcome(first, second, got, state))
    for i, name in enumerate((first, second)):
        if name == "tick":
            other, inside = 1 - i, {}
            state = _pair_setup(JobScheduler, lambda s, o=other, into=inside: into.__setitem__(
                o, _call((first, second)[o], s)))
            inside[i] = _call(name, state)
            got = inside
            outcomes.add(_outcome(first, second, got, state))
    return frozenset(outcomes)


def _pair_rule(first: str, second: str):
    """At the end of a race of two calls: the two results and the state that follows must be
    what the calls give one after the other (linearizable)."""
    def rule(state, out) -> str | None:
        seqs = {getattr(job, "id", None): getattr(job, "seq", None) for job in list(_MADE[0])}
        shared = [(a, b) for a, b in itertools.combinations(seqs, 2) if seqs[a] == seqs[b]]
        if shared:
            a, b = shared[0]
            return (f"{first} and {second} at once gave {a} and {b} the same seq, {seqs[a]!r}: "
                    "take the submission number under the lock with the rest of submit (or "
                    "from one next(counter)); two jobs never tie, every policy ends on seq")
        allowed = _sequential(first, second)
        seen = _outcome(first, second, {i: _returned(v) for i, v in enumerate(out.values())},
                        state)
        unguarded = _unguarded(state[3])
        if seen in allowed and unguarded:  # right this time, by luck: the heap was unguarded
            call, caller, in_race = unguarded
            when = f"while {first} and {second} raced" if in_race else \
                f"in the setup before {first} raced {second} (its submits of x and w)"
            return (f"{call}(...) in {caller} ran with no lock held, {when}, where other calls "
                    "change that heap under the lock: a kit.heap.Heap is not thread-safe, so "
                    "every change to a heap happens under the lock")
        if seen in allowed:
            return None
        return (f"{first} and {second} at once gave “{seen}”, which no order of the two calls "
                "one after the other gives (" + "; ".join(f"“{x}”" for x in sorted(allowed))
                + ")")
    return rule


RACES = {  # scenario: (setup, threads, what must hold at the end)
    "cancel('x') racing a tick's claim of x":
        (lambda cls: _one_job(cls, 1),
         {"tick": lambda s: s[0].tick(), "cancel": lambda s: s[0].cancel("x")},
         _cancel_vs_claim),
    "two ticks at once, one job x":
        (lambda cls: _one_job(cls, 2),
         {"tick 1": lambda s: s[0].tick(), "tick 2": lambda s: s[0].tick()}, _two_ticks),
    "submit('y') while x's task runs":
        (lambda cls: _one_job(cls, 1),
         {"tick": lambda s: s[0].tick(), "submit": lambda s: s[0].submit("y", print)},
         _submit_while_running),
    **{f"{a} racing {b}": (_pair_setup, {f"{a} 1": CALLS[a], f"{b} 2": CALLS[b]},
                           _pair_rule(a, b)) for a, b in PAIRS},
}


def run_race(cls, case) -> interleave.Exploration | list | str:
    """A race scenario (a 1-tuple): every schedule with at most one preemption, switching at
    every line of the class, of its Job records and of kit.heap.Heap; the first that goes
    wrong. Any other case is a replay: level 6 checks the whole class again."""
    if len(case) != 1:  # level 6: no task under a lock, and the costs kept
        return cost(cls, case, ALL_LOCK_TYPES, attempts=True)
    (scenario,) = case
    setup, threads, rule = RACES[scenario]

    def check(state, out):  # a pair's rule judges raised errors too: one of them may be right
        return (None if setup is _pair_setup else _errors(out)) or rule(state, out)

    def fresh():
        _MADE[0].clear()  # the Job records this schedule's scheduler makes, and no others
        return setup(cls)

    with _job_records() as made:
        _MADE[0] = made
        try:
            return interleave.explore(fresh, threads, check, watch=[cls, Job, Heap],
                                      max_schedules=400)
        finally:
            _MADE[0] = []


_MADE: list[list] = [[]]  # the Job records of the race being explored (the pairs read seq)


def judge_race(case, expected, got) -> str | None:
    if len(case) != 1:
        return judge_costs(case, expected, got)
    return None if got else f"{got.failure}; the schedule that shows it: {got.schedule}"


# -- the six levels ------------------------------------------------------------------------------
SLIP = "comparing on priority alone (no sequence tie-break)"
TIE_KEY = "ties broken by id, not by submission order (a wrong tie key)"
TIE_KEY_WHY = ("equal priorities leave in the order they were submitted: end the rule on the "
               "submission number seq, not on the id or anything else")
TIE_LE = "<= for < (a tie counted as 'before')"
TIE_LE_WHY = ("before(a, b) must be False for two equal jobs both ways; with <= every tie says "
              "'before', and equal priorities leave in an order the heap's swaps decide: "
              "compare (priority, seq) with <")
SLIP_WHY = ("equal priorities then come out in whatever order the heap leaves them (or by name): "
            "end the rule on the submission number seq")
FROM_RUN_AT = "backoff timed from the old run_at, not from now"
SUBMIT_UNLOCKED = "submit outside the lock"
TICK_UNLOCKED = "tick's claim outside the lock"
CLAIM_AFTER_POPS = TICK_UNLOCKED + " (the pops under it)"
WALL = "reading the system clock inside the scheduler"
WALL_WHY = ("take time only from the injected clock: the check's FakeClock starts at 0 while the "
            "system clocks say otherwise, and a test can never wait for real delays")
HARD = "hard-coded ordering (the policy is not swappable)"
LOCK = "check-then-set without a lock"
READY = "self.ready = Heap(before=self.policy.before)"
BY_POLICY = Pitfall("delayed heap ordered by the policy, not by run time", "the policy decides "
                    "*which* ready job goes next; *when* a job is ready is always run_at order, "
                    "and promotion stops at the first job that is not due",
                    edit=[("Heap(key=lambda job: (job.run_at, job.seq))",
                           "Heap(before=self.policy.before)")])
WALL_PITFALL = Pitfall(WALL, WALL_WHY,
                       edit=[("self.clock = clock", "self.clock = MonotonicClock()")])


def _not_reached(level: int) -> Callable[[mutate.Mutant], str | None]:
    """The automatic mutants of JobScheduler's text that a level cannot tell apart from it: its
    statement rules out the inputs that would (no delay before level 2, no cancel before 3, no
    failing task before 4), so on that level they compute the same thing; each is killed by the
    level that first allows those inputs (see `python -m kit zoo mock_round`). A rule, read on
    the mutants of the text as it is now: it never goes stale."""

    def reason(m: mutate.Mutant) -> str | None:
        lines, spans = _spans()
        n, line, change = m.lineno, lines[m.lineno - 1], f"{m.op}: `{m.before}` -> `{m.after}`"
        default = m.statement.partition("=")[0] if "def submit" in line else ""  # "retries=0"
        if default == "retries" and change == "constant: `0` -> `-1`":
            return ("retries=-1 fails a job at its first error as retries=0 does "
                    "(attempts is at least 1)")
        if level < 2 and any(piece in line and change.endswith(end) for piece, end in NO_DELAY):
            return "level 1 has no delay: every job is due when it is submitted"
        if level < 3 and n in spans["cancel"]:
            return f"level {level} has no cancel: this is level 3's code"
        if level < 4 and (n in spans["failure"] or "attempts += 1" in line or (
                default in ("retries", "backoff") and "def submit" in line)):
            return (f"level {level} has no failing task: attempts, retries and backoff "
                    "are level 4's")
        return None

    return reason


@functools.cache
def _spans() -> tuple[list[str], dict[str, range]]:
    """JobScheduler's shown lines, and the lines of its cancel and of its failure handler."""
    text = answers.shown(answers.source_of(JobScheduler))
    tree = ast.parse(text)
    cancel = next(n for n in ast.walk(tree) if getattr(n, "name", "") == "cancel")
    handler = next(n for n in ast.walk(tree) if isinstance(n, ast.ExceptHandler))
    return text.splitlines(), {"cancel": range(cancel.lineno + 1, cancel.end_lineno + 1),
                               "failure": range(handler.lineno, handler.end_lineno + 1)}


NO_DELAY = [  # (a piece of the line, how the change ends): level 1 cannot see these
    ("if delay < 0", "delete: `if delay < 0:` -> `pass`"),
    ("if delay < 0", "-> `delay > 0`"), ("if delay < 0", "constant: `0` -> `-1`"),
    ("delay must be", "-> `pass`"), ("+ delay", "-> `self.clock.now() - delay`"),
    ("peek().run_at <= now", "-> `self.delayed.peek().run_at >= now`"),
    ("(job.run_at, job.seq)", "-> `(job.seq, job.run_at)`")]


def _level(n, title, points, pitfalls, hints, examples=(), policies=False, costs=(),
           races=False, **kw) -> Problem:
    if n != 2:  # every replay watches the clock; level 2 lists this pitfall first, by itself
        pitfalls = [*pitfalls, WALL_PITFALL]
    shared = [*EVERY_LEVEL, *(DELAYED if n >= 2 else ()), *(CANCELS if n >= 3 else ()),
              *(RETRIES if n >= 4 else ())]
    for step in costs:
        shared.append((f"400 waiting jobs: what a {step} costs", COSTS[step]))
    stress = next(label for label, level in STRESS.items() if level == min(n, 3))
    shared.append((stress + ", seven workers", (7, (stress,))))
    if policies:
        shared = [(label, (None, *case)) for label, case in shared]
    examples = [*shared, *examples]
    if races:
        examples += [(name, (name,)) for name in RACES]
    return Problem(name=f"JobScheduler level {n} ({title})", defines="JobScheduler",
                   answer=JobScheduler,
                   run=run_race if races else
                   functools.partial(cost if costs else replay, attempts=n >= 4),
                   judge=judge_race if races else judge_costs if costs else judge_replay,
                   arg_names=(("race or policy" if races else "policy"), "workers",
                              "operations") if policies else ("workers", "operations"),
                   cases=rounds(min(n, 4), policies=policies), points=points, pitfalls=pitfalls,
                   hints=hints, examples=examples, max_examples=120,
                   equivalent=_not_reached(n), **kw)


EVERY_LEVEL = [("priority 5 when none is given", (1, ("submit b p=6", "submit a", "submit c p=4",
                                                      "tick", "tick", "tick"))),
               ("three jobs on two workers",
                (2, ("submit c p=2", "submit a p=3", "submit b p=1", "tick", "tick"))),
               ("one worker when none is given", (None, ("submit b p=2", "submit a p=1", "tick"))),
               ("a finished id submitted again", (1, ("submit c p=1", "tick", "submit c p=2",
                                                      "tick")))]
# From level 2 a job can reach the ready heap later than one submitted after it: a ready heap
# keyed on priority alone (kit.heap.Heap keeps equal keys in the order they were pushed) then
# differs from one that ends on seq. Level 1 pushes in submission order, so there it cannot.
DELAYED = [("equal priorities, the one submitted first due later",
            (1, ("submit a p=2 delay=1", "submit b p=2", "submit c p=1", "tick", "tick",
                 "tick"))),
           ("the clock jumps between ticks", (1, ("submit b p=1 delay=4", "submit a p=2 delay=2",
                                                  "wait 5", "tick", "submit c p=1 delay=1",
                                                  "tick", "wait 3", "tick"))),
           ("a refused id is not used", (1, ("submit z p=1 delay=-1", "submit z p=1", "tick"))),
           ("a delay of -0.5 is negative too", (1, ("submit z p=1 delay=-0.5", "tick")))]
CANCELS = [("cancel after the job ran", (1, ("submit a p=1", "tick", "cancel a"))),
           ("a cancelled job in front", (1, ("submit a p=1", "submit b p=2", "cancel a", "tick"))),
           ("a job cancelled while it waits in the ready heap",
            (1, ("submit a p=1", "submit b p=2", "submit c p=3", "tick", "cancel b", "tick"))),
           ("a cancelled job in front of a due one in the delayed heap",
            (1, ("submit c p=1 delay=1", "submit a p=2 delay=2", "cancel c", "tick", "tick",
                 "tick"))),
           ("a task cancels its own RUNNING job",
            (2, ("submit b p=1 cancels=1", "submit a p=2", "tick", "cancel b",
                 "tick"))),
           ("a cancelled id submitted again", (1, ("submit d p=1 delay=2", "cancel d",
                                                   "submit d p=2", "tick", "tick")))]
RETRIES = [("one retry with backoff 2",
            (1, ("submit a p=1 retries=1 backoff=2 fails=1", "tick", "tick", "tick"))),
           ("two retries with backoff 1",
            (1, ("submit a p=1 retries=2 backoff=1 fails=2", "tick", "tick", "tick", "tick"))),
           ("retries run out: retries=2 runs a task at most three times",
            (1, ("submit a p=1 retries=2 backoff=1 fails=3", *["tick"] * 8))),
           ("a retry waits its backoff from when it ran, not from its run_at",
            (1, ("submit a p=1", "submit b p=2 retries=1 backoff=3 fails=1", "tick", "tick",
                 "tick", "tick", "tick"))),
           ("the default backoff is 10",
            (1, ("submit a p=1 retries=2 fails=2", *["tick"] * 32))),
           ("a retry keeps its submission number",
            (1, ("submit c p=1 retries=1 backoff=1 fails=1", "submit b p=1 delay=1", "tick",
                 "tick", "tick"))),
           ("backoff 0 with free slots: the retry still waits for the next tick",
            (3, ("submit a p=1 retries=2 backoff=0 fails=2", "tick", "tick", "tick"))),
           ("a job cancelled while it waits out its retry backoff (PENDING)",
            (1, ("submit a p=1 retries=2 backoff=2 fails=1", "tick", "cancel a", "tick", "tick",
                 "tick", "tick"))),
           ("cancel a job that failed for good", (1, ("submit b p=1 fails=1", "tick", "cancel b",
                                                       "tick"))),
           ("five retries wait 1, 2, 4, 8 and 16",
            (1, ("submit e p=1 retries=5 backoff=1 fails=5", "tick", "tick", "wait 1", "tick",
                 "wait 3", "tick", "wait 7", "tick", "wait 14", "tick", "tick", "tick")))]


q1 = _level(1, "submit and tick", 2, [
    Pitfall(SLIP, SLIP_WHY, edit=[(READY, "self.ready = Heap(before=lambda a, b: "
                                   "a.priority < b.priority)")]),
    Pitfall(TIE_KEY, TIE_KEY_WHY, edit=[(READY, "self.ready = Heap(key=lambda job: "
                                         "(job.priority, job.id))")]),
    Pitfall(TIE_LE, TIE_LE_WHY, edit=[(READY, "self.ready = Heap(before=lambda a, b: "
                                       "a.priority <= b.priority)")]),
    Pitfall("higher number first", "priority 1 is the most urgent here: lower numbers run first",
            edit=[(READY, "self.ready = Heap(before=HighestNumberFirst().before)")]),
    Pitfall("one job per tick", "a tick fills every worker slot, 0 to workers - 1",
            edit=[("len(taken) < self.workers", "len(taken) < 1")]),
    Pitfall("a used id accepted", "submit must refuse an id it already knows (ValueError)",
            edit=[("            if id in self.jobs:\n"
                   "                raise ValueError(f\"id {id!r} is already used\")\n", "")]),
], ["Keep a dict id -> Job and a ready heap; tick pops up to `workers` jobs and runs them.",
    "Give each job seq = next(counter) at submit; order by (priority, seq).",
    "kit.heap.Heap(before=PriorityPolicy().before) or heapq with (priority, seq, id) entries."],
    examples=[("three equal priorities, names against submission order, three workers",
               (3, ("submit c p=1", "submit a p=1", "submit b p=1", "tick"))),
              ("equal priorities, one worker, names against submission order",
               (1, ("submit b p=2", "submit c p=2", "submit a p=2", "tick", "tick", "tick"))),
              ("a used id", (1, ("submit a p=1", "submit a p=1", "tick")))])

q2 = _level(2, "delayed start", 1, [
    WALL_PITFALL,
    Pitfall("due at exactly now left waiting", "a job due at run_at is ready when now >= run_at",
            edit=[("self.delayed.peek().run_at <= now", "self.delayed.peek().run_at < now")]),
    Pitfall("a negative delay accepted", "submit must refuse delay < 0 (ValueError)",
            edit=[("        if delay < 0:\n"
                   "            raise ValueError(f\"delay must be >= 0, got {delay!r}\")\n", "")]),
    BY_POLICY,
], ["run_at = clock.now() + delay; a job waits in a delayed heap ordered by (run_at, seq).",
    "At the start of tick, move every job with run_at <= clock.now() to the ready heap; stop at "
    "the first that is not due (the heap's front is the soonest).",
    "Never call time.time() or time.monotonic(): the clock you were given is the time."],
    examples=[("due exactly at the second tick", (1, ("submit a p=1 delay=1", "tick", "tick"))),
              ("a later job submitted first", (1, ("submit b p=1 delay=3", "submit a p=2 delay=1",
                                                   "tick", "tick", "tick", "tick")))],
    costs=("tick",))

q3 = _level(3, "cancel", 2, [
    Pitfall("a cancelled job still runs", "tick must skip a job that is no longer PENDING when "
            "it is popped: only a successful claim runs a task",
            edit=[('if job.status == "PENDING":  # the claim', 'if job:  # the claim')]),
    Pitfall("cancel wins against a job that already ran", "cancel acts only on PENDING jobs and "
            "returns False otherwise",
            edit=[('            if job.status != "PENDING":\n                return False\n', "")]),
    Pitfall("a skipped cancelled job used up a worker slot", "after skipping a dead entry, pop "
            "the next job for the same slot",
            edit=[("while self.ready and len(taken) < self.workers:",
                   "for _ in range(min(self.workers, len(self.ready))):")]),
], ["cancel: if the job is PENDING, set CANCELLED and return True; otherwise return False.",
    "Leave the job in its heap (lazy deletion, O(1)); tick drops it when it comes off a heap.",
    "In tick, keep popping until a job passes the PENDING test or the heap is empty."],
    costs=("tick", "cancel"))

q4 = _level(4, "retries with backoff", 2, [
    Pitfall("catching only some exception types", "a task may raise anything: ValueError, "
            "KeyError, an exception of its own, even one that cannot be printed; tick catches "
            "Exception, records the failure and keeps the error without formatting it",
            edit=[("            except Exception:\n", "            except RuntimeError:\n")]),
    Pitfall("one retry too few", "retries counts the runs *after* the first: a job with "
            "retries=1 runs twice before it is FAILED",
            edit=[("job.attempts <= job.retries", "job.attempts < job.retries")]),
    Pitfall("constant backoff", "wait backoff * 2 ** (attempts - 1): 1x, 2x, 4x the backoff",
            edit=[("job.backoff * 2 ** (job.attempts - 1)", "job.backoff")]),
    Pitfall("backoff doubled from the first retry", "the first retry waits backoff itself: "
            "2 ** (attempts - 1) with attempts counting the runs so far",
            edit=[("2 ** (job.attempts - 1)", "2 ** job.attempts")]),
    Pitfall(FROM_RUN_AT, "a retry waits its backoff from now, when the attempt failed; a "
            "job that waited behind others ran later than its run_at",
            edit=[("job.run_at = self.clock.now() + job.backoff",
                   "job.run_at = job.run_at + job.backoff")]),
    Pitfall("retried at once", "a failed job waits its backoff before it is due again",
            edit=[(" + job.backoff * 2 ** (job.attempts - 1)", "")]),
], ["Count attempts when a job is claimed; a failing task with attempts <= retries goes back.",
    "Going back means PENDING again, run_at = now + backoff * 2 ** (attempts - 1), onto the "
    "delayed heap.",
    "Otherwise the job is FAILED."], costs=("tick", "cancel"))

POLICY_CASES = [  # level 5's, replayed at level 6 too
    ("first in, first out", ("fifo", 1, ("submit a p=3", "submit b p=1", "tick"))),
    ("a policy never seen, made with an argument: newest first",
     ("newest first", 1, ("submit bbb p=1", "submit a p=2", "submit cc p=3", "tick",
                          "tick", "tick"))),
    ("oldest due: run_at against submission order",
     ("oldest due", 1, ("submit b delay=2", "submit c", "submit e", "submit f",
                        *["tick"] * 5))),
    ("oldest due: two jobs promoted by one tick keep their run_at",
     ("oldest due", 1, ("submit b delay=3", "submit a delay=1", "wait 5", "tick",
                        "tick"))),
    ("oldest due: a retry is due again only from its new run_at",
     ("oldest due", 1, ("submit b delay=3", "submit a retries=1 backoff=3 fails=1",
                        "submit c delay=1", *["tick"] * 7))),
    ("due last first: a policy never seen that reads run_at and seq",
     ("due last first", 2, ("submit a p=1 delay=2", "submit d p=1", "submit c p=1",
                            "submit b p=2 delay=2", "tick", "tick", "tick",
                            "tick")))]


q5 = _level(5, "swappable policy", 1, [
    Pitfall(HARD, "the rule must come from the policy argument (its before(a, b)); then 'now "
            "order by deadline' is a new class, not an edit of the scheduler",
            edit=[(READY, "self.ready = Heap(before=PriorityPolicy().before)")]),
    BY_POLICY,
], ["Store the policy; build the ready heap from policy.before.",
    "The policies read job.priority, job.seq and job.run_at: use Job records.",
    "policy=None means PriorityPolicy()."], policies=True,
    examples=POLICY_CASES, costs=("tick", "cancel"))

q6 = _level(6, "thread safety", 2, [
    Pitfall(LOCK, "the PENDING test and the new status must be one step: take one lock around "
            "the heaps, the job map and every status change",
            edit=[("self.lock = threading.Lock()", "self.lock = contextlib.nullcontext()")]),
    Pitfall(SUBMIT_UNLOCKED, "two submits of one id at once both pass the `id in jobs` test: "
            "every method that reads or changes the job map or a heap takes the lock, submit "
            "too", edit=[("        with self.lock:\n            if id in self.jobs:",
                          "        with contextlib.nullcontext():\n"
                          "            if id in self.jobs:")]),
    Pitfall(TICK_UNLOCKED, "a tick's pop and claim race another tick and a cancel: take "
            "the lock around the promotion, the pops and the claims",
            edit=[("        with self.lock:\n            now = self.clock.now()",
                   "        with contextlib.nullcontext():\n            now = self.clock.now()")]),
    Pitfall(CLAIM_AFTER_POPS, "the pops are under the lock but the PENDING test and the "
            "new status come after it is released, so a cancel in between returns True and "
            "the job runs anyway: claim each popped job before releasing the lock",
            edit=[("                job = self.ready.pop()\n"
                   "                if job.status == \"PENDING\":  # the claim: test and set "
                   "under the lock\n"
                   "                    job.status = \"RUNNING\"\n"
                   "                    job.attempts += 1\n"
                   "                    taken.append(job)\n",
                   "                taken.append(self.ready.pop())\n"
                   "        taken = [job for job in taken if job.status == \"PENDING\"]\n"
                   "        for job in taken:  # the claim, after the lock is released\n"
                   "            job.status = \"RUNNING\"\n"
                   "            job.attempts += 1\n")]),
    Pitfall("cancel outside the lock", "cancel's PENDING test and its new status race a "
            "tick's claim: take the lock in cancel too",
            edit=[("        with self.lock:\n            job = self.jobs[id]\n",
                   "        with contextlib.nullcontext():\n            job = self.jobs[id]\n")]),
    Pitfall("running the task while holding the lock", "claim under the lock, release it, run "
            "the task, then take the lock again to record the end",
            edit=[("threading.Lock()", "threading.RLock()"),
                  ("        for job in taken:  # outside the lock: a slow task never blocks "
                   "submit\n", "        with self.lock:  # the task runs under the lock\n"
                   "          for job in taken:\n")]),
], ["One threading.Lock; every method takes it around shared state.",
    "tick: under the lock promote, pop and claim; outside it run the tasks; under it again "
    "record DONE, FAILED or the retry.",
    "cancel: under the lock test PENDING and set CANCELLED."], POLICY_CASES, policies=True,
    races=True,
    costs=("tick", "cancel"), timeout=20)

PROBLEMS = LEVELS = [q1, q2, q3, q4, q5, q6]
TITLES = ["submit and tick", "delayed start", "cancel", "retries with backoff", "swappable policy",
          "thread safety"]


def progress(cls) -> report.Progress:
    """Run every level's check on `cls` and show one table (it never raises)."""
    return report.progress(LEVELS, TITLES, cls)

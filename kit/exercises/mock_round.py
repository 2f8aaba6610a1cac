"""Exercises for 08_mock_round: one `JobScheduler` class, built level by level, checked by replay.

The class the learner writes (the API every check relies on):

    JobScheduler(clock, policy=None, workers=1)   policy None means PriorityPolicy()
      submit(id, task, priority=5, delay=0, retries=0, backoff=10) -> id
      cancel(id) -> bool          True only when the job was PENDING (it is then CANCELLED)
      status(id) -> str           "PENDING" "RUNNING" "DONE" "FAILED" or "CANCELLED"
      tick() -> list              the ids whose task ran in this tick, slot 0 first

Jobs are `Job` records (below): the policies read `priority`, `seq` and `run_at`, and the L6
check watches `status`. Levels: L1 submit and tick, L2 delayed start, L3 cancel, L4 retries with
backoff, L5 swappable policy, L6 thread safety.

L1-L5 replay generated operation sequences ("submit a p=2 delay=1", "tick", "cancel a") against
the learner's class and `ModelAnswer` and compare every observation. A "tick" step is `tick()`
followed by `clock.advance(1)`. While a replay runs, the time module's clocks are watched: a
scheduler that reads them (instead of the injected clock) is reported as such. L6 runs the class
on real threads and forces the cancel-versus-claim race with a rendezvous at the first status
writes, so a check-then-set without a lock loses every time, not once in a thousand runs.

Each wrong class in the zoo is `ModelAnswer` with one mistake switched on (`_Variant`), named
after the seed's "where candidates slip".
"""

import contextlib
import heapq
import itertools
import sys
import threading
import time
from dataclasses import dataclass

from hypothesis import strategies as st

from kit.checks.engine import Pitfall, Problem
from kit.clock import FakeClock
from kit.heap import Heap
from kit.jobs import FifoPolicy, OldestDuePolicy, PriorityPolicy

__all__ = ["Job", "ModelAnswer", "HighestNumberFirst", "POLICIES", "LEVELS", "progress",
           "q1", "q2", "q3", "q4", "q5", "q6"]


# -- the record the learner uses ---------------------------------------------------------------
class Job:
    """One submitted job. `status` is a plain string; `seq` is the submission number (0, 1, ...).

    Assigning `status` is an ordinary assignment, except while the L6 check forces a race: then
    the first status write of each racing thread waits (briefly) for the other one.
    """

    def __init__(self, id, task, priority, run_at, seq, retries=0, backoff=10):
        self.id, self.task, self.priority, self.run_at, self.seq = id, task, priority, run_at, seq
        self.retries, self.backoff = retries, backoff
        self.attempts = 0
        self.error = None
        self._status = "PENDING"

    @property
    def status(self):
        return self._status

    @status.setter
    def status(self, value):
        race = _RACE[0]
        if race is not None:
            race.at_write()
        self._status = value

    def __repr__(self) -> str:
        return f"Job({self.id!r}, {self._status})"


class HighestNumberFirst:
    """A policy the learner has never seen: higher priority number first, then submission."""

    def before(self, a, b) -> bool:
        return (-a.priority, a.seq) < (-b.priority, b.seq)


POLICIES = {"priority": PriorityPolicy, "fifo": FifoPolicy, "oldest due": OldestDuePolicy,
            "highest number first": HighestNumberFirst}


# -- one answer to all six levels -----------------------------------------------------------------
class ModelAnswer:
    """Two heaps, one lock, one claim step; tasks run outside the lock."""

    def __init__(self, clock, policy=None, workers=1):
        self.clock = clock  # L2: the only source of time
        self.policy = policy or PriorityPolicy()  # L5: the ordering rule is an argument
        self.workers = workers
        self.jobs = {}
        self.delayed = Heap(key=lambda job: (job.run_at, job.seq))  # when: by run time
        self.ready = Heap(before=self.policy.before)  # which: by the policy
        self.seq = itertools.count()
        self.lock = threading.Lock()  # L6: one lock around the heaps and the job map

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        if delay < 0:
            raise ValueError(f"delay must be >= 0, got {delay!r}")
        with self.lock:
            if id in self.jobs:
                raise ValueError(f"id {id!r} is already used")
            job = Job(id, task, priority, self.clock.now() + delay, next(self.seq), retries,
                      backoff)
            self.jobs[id] = job
            self.delayed.push(job)
        return id

    def cancel(self, id):
        with self.lock:
            job = self.jobs[id]
            if job.status != "PENDING":
                return False
            job.status = "CANCELLED"  # lazy deletion: the heap entry is skipped later
            return True

    def status(self, id):
        with self.lock:
            return self.jobs[id].status

    def tick(self):
        with self.lock:
            now = self.clock.now()
            while self.delayed and self.delayed.peek().run_at <= now:
                job = self.delayed.pop()
                if job.status == "PENDING":
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
            except Exception as exc:
                with self.lock:
                    if job.attempts <= job.retries:
                        job.status = "PENDING"
                        job.run_at = self.clock.now() + job.backoff * 2 ** (job.attempts - 1)
                        self.delayed.push(job)
                    else:
                        job.status = "FAILED"
                        job.error = str(exc)
            else:
                with self.lock:
                    job.status = "DONE"
        return [job.id for job in taken]


# -- the zoo: ModelAnswer with one mistake switched on --------------------------------------------
class _NoLock:
    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        return False


class _Variant:
    """`ModelAnswer` with switches; each pitfall is a subclass with one switch set in `flags`."""

    flags: dict = {}

    def __init__(self, clock, policy=None, workers=1):
        f = self.flags
        self.clock = clock
        self.workers = 1 if f.get("one_worker") else workers
        policy = PriorityPolicy() if policy is None or f.get("hard_coded") else policy
        tie = f.get("tie")
        if tie == "none":
            self.ready = Heap(before=lambda a, b: a.priority < b.priority)
        elif tie == "name":
            self.ready = Heap(key=lambda job: (job.priority, job.id))
        elif tie == "job":
            self.ready = _TupleHeap()
        elif f.get("high_first"):
            self.ready = Heap(before=HighestNumberFirst().before)
        else:
            self.ready = Heap(before=policy.before)
        self.delayed = (Heap(before=policy.before) if f.get("delayed_by_policy")
                        else Heap(key=lambda job: (job.run_at, job.seq)))
        self.jobs, self.seq = {}, itertools.count()
        self.lock = _NoLock() if f.get("no_lock") else threading.Lock()

    def _now(self):
        return time.monotonic() if self.flags.get("wall_clock") else self.clock.now()

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        if delay < 0 and not self.flags.get("negative_delay"):
            raise ValueError(f"delay must be >= 0, got {delay!r}")
        with self.lock:
            if id in self.jobs and not self.flags.get("duplicates"):
                raise ValueError(f"id {id!r} is already used")
            job = Job(id, task, priority, self._now() + delay, next(self.seq), retries, backoff)
            self.jobs[id] = job
            self.delayed.push(job)
        return id

    def cancel(self, id):
        with self.lock:
            job = self.jobs[id]
            if job.status != "PENDING" and not self.flags.get("cancel_any"):
                return False
            job.status = "CANCELLED"
            return True

    def status(self, id):
        with self.lock:
            return self.jobs[id].status

    def tick(self):
        f = self.flags
        with self.lock:
            now = self._now()
            while self.delayed and (self.delayed.peek().run_at < now if f.get("strict_due")
                                    else self.delayed.peek().run_at <= now):
                job = self.delayed.pop()
                if job.status == "PENDING" or f.get("no_claim"):
                    self.ready.push(job)
            taken, slots = [], self.workers
            while self.ready and len(taken) < slots:
                job = self.ready.pop()
                if job.status == "PENDING" or f.get("no_claim"):
                    job.status = "RUNNING"
                    job.attempts += 1
                    taken.append(job)
                elif f.get("skip_uses_slot"):
                    slots -= 1
            if f.get("task_in_lock"):
                for job in taken:
                    self._run(job, _NoLock())
                return [job.id for job in taken]
        for job in taken:
            self._run(job, self.lock)
        return [job.id for job in taken]

    def _run(self, job, lock):
        f = self.flags
        try:
            job.task()
        except Exception as exc:
            with lock:
                budget = job.retries - 1 if f.get("retries_off_by_one") else job.retries
                if job.attempts <= budget:
                    wait = {"constant": job.backoff, "late": job.backoff * 2 ** job.attempts,
                            "none": 0}.get(f.get("backoff"),
                                           job.backoff * 2 ** (job.attempts - 1))
                    job.status = "PENDING"
                    job.run_at = self._now() + wait
                    self.delayed.push(job)
                else:
                    job.status = "FAILED"
                    job.error = str(exc)
        else:
            with lock:
                job.status = "DONE"


class _TupleHeap:
    """The ready heap as heapq of (priority, job): ties compare two Jobs and raise TypeError."""

    def __init__(self):
        self.items = []

    def __bool__(self):
        return bool(self.items)

    def push(self, job):
        heapq.heappush(self.items, (job.priority, job))

    def pop(self):
        return heapq.heappop(self.items)[1]


def _variant(name: str, **flags) -> type:
    return type(name, (_Variant,), {"flags": flags})


# -- watching the system clock -------------------------------------------------------------------
_TIME_NAMES = ("time", "monotonic", "perf_counter", "process_time", "time_ns", "monotonic_ns",
               "perf_counter_ns")
WALL_CLOCK = "read the system clock"


def _files_of(cls) -> set:
    """The source files of the class's methods (a notebook cell counts as a file)."""
    files = set()
    for klass in cls.__mro__[:-1]:
        for value in vars(klass).values():
            fn = getattr(value, "__func__", getattr(value, "fget", value))
            code = getattr(fn, "__code__", None)
            if code is not None:
                files.add(code.co_filename)
    return files


def _called_from(files) -> bool:
    """Whether a frame of the calling stack, below the replay itself, runs code from `files`
    (so a clock object the class made for itself, such as MonotonicClock(), counts too)."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code is not replay.__code__:
        if frame.f_code.co_filename in files:
            return True
        frame = frame.f_back
    return False


@contextlib.contextmanager
def watching_wall_clock(cls):
    """While inside: calls to the time module's clocks made (in this thread) by `cls`'s own code,
    directly or through something it called, are listed in the yielded list. `from time import
    monotonic` in the class's module is covered too."""
    me, files, reads = threading.get_ident(), _files_of(cls), []
    originals = {name: getattr(time, name) for name in _TIME_NAMES}

    def spy(name, fn):
        def read(*args):
            if threading.get_ident() == me and _called_from(files):
                reads.append(name)
            return fn(*args)
        return read

    spies = {name: spy(name, fn) for name, fn in originals.items()}
    rebound = []  # (globals, name, original) for names bound by `from time import ...`
    for klass in cls.__mro__[:-1]:
        for value in vars(klass).values():
            g = getattr(getattr(value, "__func__", value), "__globals__", None)
            if g is None:
                continue
            for name, bound in list(g.items()):
                for tname, original in originals.items():
                    if bound is original:
                        rebound.append((g, name, bound))
                        g[name] = spies[tname]
    for name, fn in spies.items():
        setattr(time, name, fn)
    try:
        yield reads
    finally:
        for name, fn in originals.items():
            setattr(time, name, fn)
        for g, name, bound in rebound:
            g[name] = bound


# -- replaying operations ------------------------------------------------------------------------
def _task(id, fails, calls):
    def task():
        calls[id] += 1
        if calls[id] <= fails:
            raise RuntimeError(f"{id} failed (call {calls[id]})")
        return id
    return task


def _ids(ran) -> str:
    if not isinstance(ran, list | tuple):
        return repr(ran)
    return "[" + ", ".join(str(getattr(x, "id", x)) for x in ran) + "]"


def _status(value) -> str:
    return str(getattr(value, "value", value))


_KEYS = {"p": "priority", "delay": "delay", "retries": "retries", "backoff": "backoff"}


def replay(cls, case) -> list | str:
    """Build `cls(FakeClock(0), ...)`, apply each operation and note what it returned; end with
    every job's status and how often its task ran. WALL_CLOCK if the class read the system clock.
    """
    policy, workers, ops = case if len(case) == 3 else (None, *case)
    clock, seen, calls, order = FakeClock(0), [], {}, []
    with watching_wall_clock(cls) as reads:
        if policy is None:
            sched = cls(clock, workers=workers)
        else:
            sched = cls(clock, policy=POLICIES[policy](), workers=workers)
        for op in ops:
            word, *rest = op.split()
            if word == "tick":
                seen.append(f"tick at t={clock.now()} → {_ids(sched.tick())}")
                clock.advance(1)
            elif word == "cancel":
                seen.append(f"{op} → {sched.cancel(rest[0])!r}")
            else:
                id, opts = rest[0], dict(w.split("=") for w in rest[1:])
                fails = int(opts.pop("fails", 0))
                kwargs = {_KEYS[k]: int(v) for k, v in opts.items()}
                calls.setdefault(id, 0)
                try:
                    got = sched.submit(id, _task(id, fails, calls), **kwargs)
                except NotImplementedError:
                    raise
                except Exception as exc:
                    got = type(exc).__name__
                if id != "z" and id not in order:
                    order.append(id)
                seen.append(f"{op} → {got}")
        seen.append("at the end: " + (", ".join(
            f"{id} {_status(sched.status(id))} (ran {calls[id]})" for id in order) or "no jobs"))
    return WALL_CLOCK if reads else seen


def judge_replay(case, expected, got) -> str | None:
    """None when every observation agrees; else the first step that differs, in words."""
    if got == expected:
        return None
    if got == WALL_CLOCK:
        return ("the scheduler read the system clock (the time module); take every time from "
                "the clock it was given, or delays and retries cannot be tested")
    if not isinstance(got, list):
        return f"the replay gave {got!r}"
    for want, have in zip(expected, got, strict=False):
        if want != have:
            step, _, result = want.partition(" → ")
            if step.startswith("at the end"):
                return f"after the last step: expected {want[13:]}; got {have[13:]}"
            return f"at `{step}`: expected {result}, got {have.partition(' → ')[2]}"
    return "the answer differs from the expected one"


@st.composite
def rounds(draw, level: int, policies: bool = False):
    """(workers, ops) -- or (policy, workers, ops) -- for a level: each level adds one kind of
    step or option to the ones before. Names are submitted in a shuffled order, so name order,
    submission order and priority order differ."""
    policy = draw(st.sampled_from(list(POLICIES))) if policies else None
    workers = draw(st.integers(1, 3))
    names = draw(st.permutations("abcdef"))
    ops, used = [], []
    for _ in range(draw(st.integers(0, 10))):
        kind = draw(st.integers(0, 5))  # 0-1 submit, 2-4 tick, 5 cancel (a tick before L3)
        if kind >= 2:
            if kind == 5 and level >= 3 and used:
                ops.append(f"cancel {draw(st.sampled_from(used))}")
            else:
                ops.append("tick")
            continue
        rare = draw(st.integers(0, 11))  # 10: a used id again, 11: a negative delay (from L2)
        if rare == 11 and level >= 2:
            ops.append("submit z p=1 delay=-1")
        elif rare == 10 and used:
            ops.append(f"submit {draw(st.sampled_from(used))} p=1")
        elif len(used) < len(names):
            name = names[len(used)]
            used.append(name)
            parts = [f"submit {name}", f"p={draw(st.integers(1, 3))}"]
            if level >= 2 and (delay := draw(st.integers(0, 3))):
                parts.append(f"delay={delay}")
            if level >= 4:
                if retries := draw(st.integers(0, 2)):
                    parts += [f"retries={retries}", f"backoff={draw(st.integers(0, 3))}"]
                if fails := draw(st.integers(0, 3)):
                    parts.append(f"fails={fails}")
            ops.append(" ".join(parts))
    ops = tuple(ops)
    return (policy, workers, ops) if policies else (workers, ops)


# -- L6: real threads ----------------------------------------------------------------------------
RENDEZVOUS = 0.8  # seconds a racing status write waits for the other thread
SUBMIT_WAIT = 1.5  # seconds submit may take while another thread's task runs
_RACE: list = [None]


class _Race:
    """A one-shot rendezvous: the first status write made by a racing thread waits until the other
    racing thread also reaches a status write (or has returned, or RENDEZVOUS passes). Without a
    lock both threads then hold a stale "PENDING" and both win; with a lock the other thread is
    blocked outside, the wait times out, and only one wins."""

    def __init__(self, timeout=RENDEZVOUS):
        self.cond = threading.Condition()
        self.parties: set = set()
        self.waiting = self.finished = self.writes = 0
        self.spent = False
        self.timeout = timeout

    def at_write(self) -> None:
        if threading.get_ident() not in self.parties:
            return
        with self.cond:
            self.writes += 1
            if self.spent:
                return
            self.waiting += 1
            self.cond.notify_all()
            self.cond.wait_for(lambda: self.spent or self.waiting + self.finished >= 2,
                               self.timeout)
            self.spent = True
            self.cond.notify_all()

    def finish(self) -> None:
        with self.cond:
            self.finished += 1
            self.cond.notify_all()


def _thread_error(name, value) -> str | None:
    if isinstance(value, NotImplementedError):
        raise NotImplementedError
    if isinstance(value, BaseException):
        return f"{name}() raised {type(value).__name__} in a thread: {value}"
    return None


def _race_cancel_and_claim(cls) -> str | None:
    """tick() and cancel('x') at once, on one PENDING job x: exactly one of them may win."""
    sched, runs = cls(FakeClock(0), workers=1), []
    sched.submit("x", lambda: runs.append("x"))
    race, gate, out = _Race(), threading.Barrier(2), {}

    def party(name, call):
        race.parties.add(threading.get_ident())
        try:
            gate.wait(timeout=2)
            out[name] = call()
        except BaseException as exc:  # reported below
            out[name] = exc
        finally:
            race.finish()

    threads = [threading.Thread(target=party, args=("tick", sched.tick), daemon=True),
               threading.Thread(target=party, args=("cancel", lambda: sched.cancel("x")),
                                daemon=True)]
    _RACE[0] = race
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(3)
    finally:
        _RACE[0] = None
    if any(t.is_alive() for t in threads):
        return "tick() or cancel() was still running after 3 s: does something wait forever?"
    for name in ("tick", "cancel"):
        if problem := _thread_error(name, out.get(name)):
            return problem
    if race.writes == 0:
        return ("no status change was seen: keep each job's state in `job.status` of a `Job` "
                "record, as the API says (the check watches it)")
    cancelled, ran = out["cancel"] is True, runs.count("x")
    if cancelled and ran:
        return ("cancel() returned True and the task ran anyway: both threads saw PENDING "
                "before either wrote a new status, so both won")
    if ran > 1:
        return "the task of one job ran twice"
    if not cancelled and not ran:
        return "cancel() returned False, yet the job never ran"
    return None


def _race_slow_task(cls) -> str | None:
    """While one thread's tick() runs a task that blocks, submit() from another thread returns."""
    sched = cls(FakeClock(0), workers=1)
    started, release, answered = threading.Event(), threading.Event(), threading.Event()

    def slow():
        started.set()
        release.wait(3)

    sched.submit("slow", slow)
    box: dict = {}

    def ticker():
        try:
            sched.tick()
        except BaseException as exc:  # reported below
            box["tick"] = exc

    def meanwhile():
        try:
            box["submit"] = sched.submit("next", lambda: None)
            box["cancel"] = sched.cancel("slow")
        except BaseException as exc:  # reported below
            box["submit"] = exc
        finally:
            answered.set()

    threads = [threading.Thread(target=ticker, daemon=True),
               threading.Thread(target=meanwhile, daemon=True)]
    threads[0].start()
    quick = False
    if started.wait(2):
        threads[1].start()
        quick = answered.wait(SUBMIT_WAIT)
    release.set()
    for t in threads:
        if t.ident is not None:
            t.join(3)
    for name in ("tick", "submit"):
        if problem := _thread_error(name, box.get(name)):
            return problem
    if not started.is_set():
        return "tick() in a thread never started the task of the one PENDING job"
    if not quick:
        return ("submit() waited while another thread's task was running: run tasks outside "
                "the lock, so one slow job never blocks every submit")
    if box.get("cancel") is True:
        return "cancel() returned True for a job that was RUNNING"
    return None


def _stress(cls, n=150, tickers=3) -> str | None:
    """Three threads tick while a fourth cancels every third job; then every job has one fate."""
    sched, runs = cls(FakeClock(0), workers=2), []
    for i in range(n):
        sched.submit(i, (lambda i=i: runs.append(i)), priority=i % 3)
    cancelled, errors = [], []

    def tick_until_idle():
        try:
            for _ in range(n):
                if not sched.tick():
                    return
        except BaseException as exc:  # reported below
            errors.append(("tick", exc))

    def cancel_some():
        try:
            cancelled.extend(i for i in range(0, n, 3) if sched.cancel(i) is True)
        except BaseException as exc:  # reported below
            errors.append(("cancel", exc))

    threads = [threading.Thread(target=tick_until_idle, daemon=True) for _ in range(tickers)]
    threads.append(threading.Thread(target=cancel_some, daemon=True))
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # switch threads often, so unguarded steps interleave
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(5)
    finally:
        sys.setswitchinterval(interval)
    if any(t.is_alive() for t in threads):
        return "a thread was still inside tick() or cancel() after 5 s"
    for name, exc in errors:
        if problem := _thread_error(name, exc):
            return problem
    for _ in range(n):
        if not sched.tick():
            break
    counts = {i: runs.count(i) for i in range(n)}
    if twice := [i for i, c in counts.items() if c > 1]:
        return f"{len(twice)} job(s) ran more than once under concurrent ticks"
    if both := [i for i in cancelled if counts[i]]:
        return f"{len(both)} job(s) ran although cancel() returned True"
    if lost := [i for i, c in counts.items() if not c and i not in cancelled]:
        return f"{len(lost)} job(s) were neither run nor cancelled"
    return None


RACES = ("cancel() racing a tick's claim on one job (forced with a rendezvous); submit() while a "
         "task runs; 3 tickers and a canceller on 150 jobs")
ALL_WELL = "each race ended with exactly one winner and nothing ran twice"


def judge_races(case, expected, got) -> str | None:
    if got == expected:
        return None
    return "the first race that went wrong is described above (got)"


def run_races(cls, case) -> str:
    """The first problem found by the three races, or ALL_WELL."""
    for race in (_race_cancel_and_claim, _race_slow_task, _stress):
        problem = race(cls)
        if problem is not None:
            return problem
    return ALL_WELL


# -- the six levels ------------------------------------------------------------------------------
SLIP = "comparing on priority alone (no sequence tie-break)"
SLIP_WHY = ("equal priorities then come out in whatever order the heap leaves them (or by name, "
            "or the Jobs get compared): end the rule on the submission number seq")
WALL = "reading the system clock inside the scheduler"
WALL_WHY = ("take time only from the injected clock: the check's FakeClock starts at 0 while the "
            "wall clock says otherwise, and a test can never wait for real delays")
HARD = "hard-coded ordering (the policy is not swappable)"
LOCK = "check-then-set without a lock"


def _level(n, title, points, pitfalls, hints, examples=(), **kw) -> Problem:
    if n != 2:  # every replay watches the clock; level 2 lists this pitfall first, by itself
        pitfalls = [*pitfalls, Pitfall(WALL, WALL_WHY, _variant("WallClock", wall_clock=True))]
    return Problem(name=f"JobScheduler level {n} ({title})", defines="JobScheduler",
                 reference=ModelAnswer, run=replay,
                 judge=judge_replay, arg_names=("workers", "operations"),
                 cases=rounds(n), points=points, pitfalls=pitfalls, hints=hints,
                 examples=list(examples), max_examples=120, **kw)


q1 = _level(1, "submit and tick", 2, [
    Pitfall(SLIP, SLIP_WHY, _variant("PriorityAlone", tie="none")),
    Pitfall(SLIP, SLIP_WHY, _variant("PriorityThenName", tie="name")),
    Pitfall(SLIP, SLIP_WHY, _variant("PriorityThenJob", tie="job")),
    Pitfall("higher number first", "priority 1 is the most urgent here: lower numbers run first",
            _variant("HighFirst", high_first=True)),
    Pitfall("one job per tick", "a tick fills every worker slot, 0 to workers - 1",
            _variant("OneWorker", one_worker=True)),
    Pitfall("a used id accepted", "submit must refuse an id it already knows (ValueError)",
            _variant("Duplicates", duplicates=True)),
], ["Keep a dict id -> Job and a ready heap; tick pops up to `workers` jobs and runs them.",
    "Give each job seq = next(counter) at submit; order by (priority, seq).",
    "kit.heap.Heap(before=PriorityPolicy().before) or heapq with (priority, seq, id) entries."],
    examples=[("three equal priorities, three workers",
               (3, ("submit c p=1", "submit a p=1", "submit b p=1", "tick"))),
              ("a used id", (1, ("submit a p=1", "submit a p=1", "tick")))])

q2 = _level(2, "delayed start", 1, [
    Pitfall(WALL, WALL_WHY, _variant("WallClock", wall_clock=True)),
    Pitfall("due at exactly now left waiting", "a job due at run_at is ready when now >= run_at",
            _variant("Strict", strict_due=True)),
    Pitfall("a negative delay accepted", "submit must refuse delay < 0 (ValueError)",
            _variant("NegativeDelay", negative_delay=True)),
    Pitfall("delayed heap ordered by priority, not by run time", "promotion stops at the first "
            "job that is not due, so the delayed heap must put the soonest run_at in front",
            _variant("DelayedByPolicy", delayed_by_policy=True)),
], ["run_at = clock.now() + delay; a job waits in a delayed heap ordered by (run_at, seq).",
    "At the start of tick, move every job with run_at <= clock.now() to the ready heap.",
    "Never call time.time() or time.monotonic(): the clock you were given is the time."],
    examples=[("due exactly at the second tick", (1, ("submit a p=1 delay=1", "tick", "tick")))])

q3 = _level(3, "cancel", 2, [
    Pitfall("a cancelled job still runs", "tick must skip a job that is no longer PENDING when "
            "it is popped: only a successful claim runs a task",
            _variant("NoClaim", no_claim=True)),
    Pitfall("cancel wins against a job that already ran", "cancel acts only on PENDING jobs and "
            "returns False otherwise", _variant("CancelAny", cancel_any=True)),
    Pitfall("a skipped cancelled job used up a worker slot", "after skipping a dead entry, pop "
            "the next job for the same slot", _variant("SkipUsesSlot", skip_uses_slot=True)),
], ["cancel: if the job is PENDING, set CANCELLED and return True; otherwise return False.",
    "Leave the job in its heap (lazy deletion); tick drops it when it comes off a heap.",
    "In tick, keep popping until a job passes the PENDING test or the heap is empty."],
    examples=[("cancel after the job ran", (1, ("submit a p=1", "tick", "cancel a"))),
              ("a cancelled job in front", (1, ("submit a p=1", "submit b p=2", "cancel a",
                                                 "tick"))),
              ("a job cancelled while it waits in the ready heap",
               (1, ("submit a p=1", "submit b p=2", "submit c p=3", "tick", "cancel b",
                    "tick")))])

q4 = _level(4, "retries with backoff", 2, [
    Pitfall("one retry too few", "retries counts the runs *after* the first: a job with "
            "retries=1 runs twice before it is FAILED",
            _variant("OffByOne", retries_off_by_one=True)),
    Pitfall("constant backoff", "wait backoff * 2 ** (attempts - 1): 1x, 2x, 4x the backoff",
            _variant("Constant", backoff="constant")),
    Pitfall("backoff doubled from the first retry", "the first retry waits backoff itself: "
            "2 ** (attempts - 1) with attempts counting the runs so far",
            _variant("Late", backoff="late")),
    Pitfall("retried at once", "a failed job waits its backoff before it is due again",
            _variant("NoWait", backoff="none")),
], ["Count attempts when a job is claimed; a failing task with attempts <= retries goes back.",
    "Going back means PENDING again, run_at = now + backoff * 2 ** (attempts - 1), onto the "
    "delayed heap.",
    "Otherwise the job is FAILED (keep str(error) if you like)."],
    examples=[("one retry with backoff 2",
               (1, ("submit a p=1 retries=1 backoff=2 fails=1", "tick", "tick", "tick"))),
              ("two retries with backoff 1",
               (1, ("submit a p=1 retries=2 backoff=1 fails=2", "tick", "tick", "tick",
                    "tick")))])

q5 = Problem(name="JobScheduler level 5 (swappable policy)", defines="JobScheduler",
           reference=ModelAnswer, run=replay,
           judge=judge_replay, arg_names=("policy", "workers", "operations"),
           cases=rounds(4, policies=True), points=1, max_examples=120, pitfalls=[
               Pitfall(HARD, "the rule must come from the policy argument (its before(a, b)); "
                       "then 'now order by deadline' is a new class, not an edit of the "
                       "scheduler", _variant("HardCoded", hard_coded=True)),
               Pitfall("delayed heap ordered by the policy", "the policy decides *which* ready "
                       "job goes next; *when* a job is ready is always run_at order",
                       _variant("DelayedByPolicy", delayed_by_policy=True)),
               Pitfall(WALL, WALL_WHY, _variant("WallClock", wall_clock=True)),
           ], hints=["Store the policy; build the ready heap from policy.before.",
                     "The policies read job.priority, job.seq and job.run_at: use Job records.",
                     "policy=None means PriorityPolicy()."],
           examples=[("first in, first out", ("fifo", 1, ("submit a p=3", "submit b p=1",
                                                          "tick")))])

q6 = Problem(name="JobScheduler level 6 (thread safety)", defines="JobScheduler",
           reference=ModelAnswer, run=run_races,
           judge=judge_races,
           arg_names=("races",), cases=st.just((RACES,)), points=2, max_examples=1, timeout=15,
           pitfalls=[
               Pitfall(LOCK, "the PENDING test and the new status must be one step: take one "
                       "lock around the heaps, the job map and every status change",
                       _variant("NoLock", no_lock=True)),
               Pitfall("running the task while holding the lock", "claim under the lock, "
                       "release it, run the task, then take the lock again to record the end",
                       _variant("TaskInLock", task_in_lock=True)),
           ], hints=["One threading.Lock; every method takes it around shared state.",
                     "tick: under the lock promote, pop and claim; outside it run the tasks; "
                     "under it again record DONE, FAILED or the retry.",
                     "cancel: under the lock test PENDING and set CANCELLED."])

PROBLEMS = LEVELS = [q1, q2, q3, q4, q5, q6]
TITLES = ["submit and tick", "delayed start", "cancel", "retries with backoff", "swappable policy",
          "thread safety"]


@dataclass
class Progress:
    """The table `progress` shows: one row per level, and the points."""

    results: list

    @property
    def points(self) -> int:
        return sum(q.points for q, r in zip(LEVELS, self.results, strict=True) if r)

    def table(self) -> str:
        rows = ["| level | what | points | outcome |", "|---|---|---|---|"]
        for i, (title, q, r) in enumerate(zip(TITLES, LEVELS, self.results, strict=True), 1):
            outcome = r.status + (f": {r.pitfall.name}" if r.pitfall is not None else "")
            rows.append(f"| L{i} | {title} | {q.points if r else 0} / {q.points} | {outcome} |")
        total = sum(q.points for q in LEVELS)
        return "\n".join(rows + ["", f"**Total: {self.points} / {total} points**"])

    def __repr__(self) -> str:
        return self.table()

    def _repr_markdown_(self) -> str:
        return self.table()


def progress(cls) -> Progress:
    """Run every level's check on `cls` and show one table (it never raises)."""
    return Progress([q.check(cls) for q in LEVELS])


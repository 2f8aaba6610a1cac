"""Thread interleavings on demand: the same verdict on every run, no sleeps, no timing.

A race shows only when a thread is switched out at the worst moment, say between a claim's
`if job.status == "PENDING"` and its `job.status = "RUNNING"`. Real threads switch whenever the
interpreter likes, so a check that just starts threads catches such a bug now and then. Here the
threads of a scenario run *cooperatively*: one holds the baton, the others wait, and the baton
moves only at *switch points*:

- before each line of the watched code (the learner's class or function, via `sys.settrace`);
- before each `acquire` and after each `release` of a cooperative lock (`CoopLock`): the locks a
  check hands in, or the `threading.Lock()` / `RLock()` the learner's object makes while it is
  built (`cooperative_locks`), or a real lock found on the object afterwards (`adopt_locks`);
- when a thread ends, or blocks on a lock another thread holds (the baton moves on; a blocked
  acquire never waits for real).

A *schedule* is the list of choices made at those points. `explore` enumerates schedules depth
first, each replayed from a fresh `setup()`, with at most `preemptions` switches away from a thread
that could have gone on. That is CHESS's preemption bounding (Musuvathi and Qadeer, 2007): almost
every concurrency bug needs only one or two preemptions, and one preemption costs about one run per
switch point instead of exponentially many. The first schedule whose end state the check rejects is
returned with a readable account of who paused where. When every thread is blocked, the run is
a *deadlock*, reported as such; a run longer than `max_steps` (a thread spinning on another) and a
thread stuck on something the check cannot see (a real lock, an Event, a sleep) are reported too,
never hung.

Limits, said plainly: a switch happens only between lines of the watched code, so a test and a
set squeezed onto one line are not split; `threading.Condition.wait` on a cooperative lock blocks
for real (reported as stuck).
"""

import _thread
import linecache
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from kit.checks.watch import code_files, globals_of

__all__ = ["CoopLock", "Exploration", "adopt_locks", "cooperative_locks", "explore", "held_locks"]

_real_lock = _thread.allocate_lock  # batons and waits use the real thing, never a patched one
_REAL_LOCKS = (type(_thread.allocate_lock()), type(threading.RLock()))
_LOCK, _RLOCK = threading.Lock, threading.RLock


class _Abandoned(BaseException):
    """Unwinds a thread of a run that ended early (deadlock, too many steps, a failure)."""


_RUN: list = [None]  # the run in progress: one at a time


def _here():
    """(the run in progress, the calling thread's record in it), or (None, None)."""
    run = _RUN[0]
    return (run, run.threads_by_ident.get(threading.get_ident())) if run else (None, None)


class CoopLock:
    """A lock whose waits are switch points: acquiring a lock another thread holds hands the baton
    on instead of blocking. Outside a run (setup, the final check) it is an ordinary lock that must
    be free. `reentrant=True` behaves like an RLock."""

    def __init__(self, reentrant: bool = False):
        self.reentrant = reentrant
        self.owner = None  # thread ident
        self.count = 0
        self.taken = 0  # acquisitions so far: a check can tell whether an answer used the lock
        if _RUN[0] is not None:
            _RUN[0].locks.append(self)

    def _free_for(self, ident) -> bool:
        return self.owner is None or (self.reentrant and self.owner == ident)

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        run, me = _here()
        ident = threading.get_ident()
        if me is None:
            if not self._free_for(ident):
                if not blocking:
                    return False
                raise RuntimeError("the lock is still held by a call that returned: some "
                                   "path (an error?) acquires it and never releases it, so "
                                   "the next call would wait for ever")
        elif run.aborting:
            return True  # unwinding: locks no longer matter
        else:
            run.switch(me, ("acquire",))
            while not self._free_for(ident):
                if not blocking:
                    return False
                me.blocked_on = self
                run.switch(me, ("blocked",))
                me.blocked_on = None
        self.owner, self.count, self.taken = ident, self.count + 1, self.taken + 1
        return True

    def release(self) -> None:
        run, me = _here()
        if run is not None and run.aborting and me is not None:
            return
        if self.owner != threading.get_ident():
            raise RuntimeError("release of a lock this thread does not hold")
        self.count -= 1
        if self.count == 0:
            self.owner = None
        if me is not None:
            run.switch(me, ("release",))

    def locked(self) -> bool:
        return self.owner is not None

    def _is_owned(self) -> bool:  # what threading.Condition asks before notify()
        return self.owner == threading.get_ident()

    __enter__ = acquire

    def __exit__(self, *exc_info) -> None:
        self.release()

    def __repr__(self) -> str:
        state = "locked" if self.owner is not None else "free"
        return f"CoopLock({'reentrant, ' * self.reentrant}{state})"


def racing() -> bool:
    """True while `explore` runs a schedule: its setup and its threads (not its check)."""
    return _RUN[0] is not None


def held_locks() -> list:
    """The cooperative locks the calling thread holds (a task can tell it runs under a lock)."""
    run = _RUN[0]
    ident = threading.get_ident()
    return [lock for lock in (run.locks if run else ()) if lock.owner == ident]


@contextmanager
def cooperative_locks(*objects):
    """While inside, `threading.Lock()` and `threading.RLock()` called by this thread make
    CoopLocks (other threads still get real ones), and so do `Lock`/`RLock` names that the
    globals of `objects`' code bound with `from threading import Lock`."""
    me, made = threading.get_ident(), []

    def factory(real, reentrant):
        def make(*args, **kwargs):
            if threading.get_ident() != me:
                return real(*args, **kwargs)
            lock = CoopLock(reentrant)
            made.append(lock)
            return lock
        return make

    fakes = {_LOCK: factory(_LOCK, False), _RLOCK: factory(_RLOCK, True)}
    rebound = []
    for g in globals_of(objects):
        for name, value in list(g.items()):
            if any(value is real for real in fakes):
                rebound.append((g, name, value))
                g[name] = fakes[value]
    threading.Lock, threading.RLock = fakes[_LOCK], fakes[_RLOCK]
    try:
        yield made
    finally:
        threading.Lock, threading.RLock = _LOCK, _RLOCK
        for g, name, value in rebound:
            g[name] = value


def adopt_locks(obj) -> list:
    """Replace each real Lock/RLock held in an attribute of `obj` (its own or its class's) by a
    CoopLock on `obj`, and each (Bounded)Semaphore(1), the other lock `threading` offers; return
    the new locks."""
    new = []
    names = {**{k: v for klass in reversed(type(obj).__mro__) for k, v in vars(klass).items()},
             **getattr(obj, "__dict__", {})}
    for name, value in names.items():
        as_lock = isinstance(value, threading.Semaphore) and getattr(value, "_value", 0) == 1
        if isinstance(value, _REAL_LOCKS) or as_lock:  # a Semaphore(1) is used as a lock
            lock = CoopLock(reentrant=isinstance(value, _REAL_LOCKS[1]))
            setattr(obj, name, lock)
            new.append(lock)
    return new


# -- one run of one schedule ----------------------------------------------------------------------
class _Thread:
    def __init__(self, index: int, name: str, fn: Callable):
        self.index, self.name, self.fn = index, name, fn
        self.baton = _real_lock()
        self.baton.acquire()  # held: the thread waits on it until it is given the turn
        self.done = False
        self.blocked_on = None
        self.result: Any = None

    @property
    def enabled(self) -> bool:
        return not self.done and (self.blocked_on is None or self.blocked_on.owner is None)


class _Run:
    def __init__(self, plan: tuple, files: set, max_steps: int):
        self.plan, self.files, self.max_steps = plan, files, max_steps
        self.steps: list = []  # (enabled indices, the thread that asked, the one chosen, label)
        self.threads: list[_Thread] = []
        self.threads_by_ident: dict = {}
        self.locks: list = []
        self.aborting = False
        self.failure: str | None = None
        self.finished = _real_lock()
        self.finished.acquire()

    def choose(self, me: _Thread | None, label) -> int:
        """Record one switch point and pick the thread that goes on."""
        enabled = [t.index for t in self.threads if t.enabled]
        i = len(self.steps)
        if i < len(self.plan) and self.plan[i] in enabled:
            choice = self.plan[i]
        elif me is not None and me.index in enabled:
            choice = me.index
        else:
            choice = enabled[0]
        self.steps.append((tuple(enabled), None if me is None else me.index, choice, label))
        return choice

    def too_long(self) -> str:
        """Why a run was cut at max_steps, naming the thread that kept running."""
        recent = Counter(chosen for _, _, chosen, _ in self.steps[-200:])
        who = self.threads[recent.most_common(1)[0][0]].name
        others = [t.name for t in self.threads if not t.done and t.name != who]
        return (f"more than {self.max_steps} steps and {who} never finished" +
                (f" (nor did {' and '.join(others)})" if others else "") +
                f": {who} loops for ever, never returning (a worker that never exits?) or "
                "waiting in a loop for another thread")

    def switch(self, me: _Thread, label) -> None:
        """A switch point of thread `me`: go on, or hand the baton over and wait for it."""
        if self.aborting:
            raise _Abandoned
        if not any(t.enabled for t in self.threads):
            if all(t.done for t in self.threads):
                self.finished.release()
                return
            self.abort(self.deadlock())
            raise _Abandoned
        if len(self.steps) >= self.max_steps:
            self.abort(self.too_long())
            raise _Abandoned
        choice = self.choose(me, label)
        if choice == me.index:
            return
        self.threads[choice].baton.release()
        if me.done:
            return
        me.baton.acquire()
        if self.aborting:
            raise _Abandoned

    def deadlock(self) -> str:
        """The deadlock in words: who waits for which lock, held by whom."""
        blocked = [t for t in self.threads if not t.done]
        if len(blocked) > 1:
            names = ", ".join(t.name for t in blocked[:-1]) + f" and {blocked[-1].name}"
            return f"deadlock: {names} each wait for a lock another one holds"
        (me,) = blocked
        owner = me.blocked_on.owner if me.blocked_on is not None else None
        holder = next((t for t in self.threads if self.threads_by_ident.get(owner) is t), None)
        if holder is me:
            return (f"deadlock: {me.name} waits for a lock it holds itself (a Lock taken twice; "
                    "an RLock may be)")
        if holder is not None:
            return f"deadlock: {me.name} waits for a lock {holder.name} still held when it ended"
        return f"deadlock: {me.name} waits for a lock nobody will release"

    def abort(self, why: str) -> None:
        if self.failure is None:
            self.failure = why
        self.aborting = True
        for t in self.threads:
            if t.baton.locked():
                t.baton.release()
        if self.finished.locked():
            self.finished.release()

    def tracer(self, me: _Thread):
        files = self.files

        def local(frame, event, arg):
            if event == "line":
                self.switch(me, ("line", frame.f_code.co_filename, frame.f_lineno))
            return local

        def calls(frame, event, arg):
            return local if frame.f_code.co_filename in files else None

        return calls

    def body(self, me: _Thread, state) -> None:
        self.threads_by_ident[threading.get_ident()] = me
        me.baton.acquire()  # wait for the first turn
        try:
            if self.aborting:
                raise _Abandoned
            sys.settrace(self.tracer(me))
            me.result = me.fn(state)
        except _Abandoned:
            me.result = None
        except BaseException as exc:  # a thread's error is part of what the check judges
            me.result = exc
        finally:
            sys.settrace(None)
            me.done = True
        if not self.aborting:
            try:
                self.switch(me, ("end",))
            except _Abandoned:
                pass

    def execute(self, state, threads: dict, stall: float) -> None:
        self.threads = [_Thread(i, name, fn) for i, (name, fn) in enumerate(threads.items())]
        real = [threading.Thread(target=self.body, args=(t, state), daemon=True,
                                 name=f"interleave-{t.name}") for t in self.threads]
        for thread in real:
            thread.start()
        while len(self.threads_by_ident) < len(real):  # every thread registered and waiting
            self.finished.acquire(timeout=0.001)
        self.threads[self.choose(None, ("start",))].baton.release()
        seen = -1
        try:
            while not self.finished.acquire(timeout=stall):
                if len(self.steps) == seen:
                    running = self.threads[self.steps[-1][2]].name
                    self.abort(f"{running} is stuck on something the check cannot switch at "
                               "(a lock made elsewhere, an Event, a sleep?)")
                    break
                seen = len(self.steps)
        except BaseException:  # a time limit of the caller: unwind the threads, then go
            self.abort("interrupted")
            raise
        for thread in real:
            thread.join(stall)

    def account(self) -> str:
        """Who ran, paused and went on, in words."""
        words, running = [], None
        for _, asked, chosen, label in self.steps:
            if asked is None:
                words.append(f"{self.threads[chosen].name} starts")
            elif chosen != asked:
                name = self.threads[asked].name
                kind = label[0]
                if kind == "end":
                    words.append(f"{name} runs to the end")
                elif kind == "blocked":
                    words.append(f"{name} waits for the lock")
                elif kind == "line":
                    text = linecache.getline(label[1], label[2]).strip()
                    words.append(f"{name} pauses before `{text}`")
                else:
                    words.append(f"{name} pauses at {'an' if kind[0] in 'aeiou' else 'a'} "
                                 f"{kind} of the lock")
                words.append(f"{self.threads[chosen].name} goes on")
            running = chosen
        if running is not None and self.threads[running].done:
            words.append(f"{self.threads[running].name} runs to the end")
        return "; ".join(words)


@dataclass(frozen=True)
class Exploration:
    """What `explore` found: how many schedules ran, and the first failing one (or none).

    Two explorations are equal when they found the same failure (or none): how many schedules
    it took and the words for the schedule depend on the code's lines, not on its behaviour."""

    schedules: int = field(compare=False)
    failure: str | None = None
    schedule: str = field(default="", compare=False)  # the failing schedule, in words
    deadlock: bool = False

    def __bool__(self) -> bool:
        return self.failure is None

    def __repr__(self) -> str:
        if self.failure is None:
            return f"every one of {self.schedules} schedules ended well"
        return self.failure


def explore(setup: Callable[[], Any], threads: dict[str, Callable[[Any], Any]],
            check: Callable[[Any, dict], str | None], *, watch: Iterable = (),
            preemptions: int = 1, max_schedules: int = 2000, max_steps: int = 5000,
            stall: float = 2.0) -> Exploration:
    """Run `threads` ({name: fn(state)}) on a fresh `setup()` under every schedule with at most
    `preemptions` preemptions, switching at the lines of `watch`'s code and at cooperative locks;
    after each, `check(state, {name: returned value or raised exception})` says what is wrong or
    None. Returns the first failure (deadlocks, endless runs and stuck threads included)."""
    watch = tuple(watch)
    files = code_files(*watch)
    stack: list[tuple] = [()]
    runs = 0
    while stack and runs < max_schedules:
        plan = stack.pop()
        run = _Run(plan, files, max_steps)
        _RUN[0] = run
        try:
            with cooperative_locks(*watch) as made:
                state = setup()
            del made  # registered with the run as they were made
            _adopt_all(state)
            run.execute(state, threads, stall)
        finally:
            _RUN[0] = None
        runs += 1
        problem = run.failure
        if problem is None:
            problem = check(state, {t.name: t.result for t in run.threads})
        if problem is not None:
            return Exploration(runs, problem, run.account(),
                               deadlock=(run.failure or "").startswith("deadlock"))
        stack.extend(reversed(_children(run, plan, preemptions)))
    return Exploration(runs)


def _adopt_all(state) -> None:
    """Adopt the real locks of the state (or of the objects in a tuple, list or dict of it)."""
    items = state.values() if isinstance(state, dict) else \
        state if isinstance(state, list | tuple) else [state]
    for obj in items:
        if hasattr(obj, "__dict__") and not isinstance(obj, type):
            adopt_locks(obj)


def _children(run: _Run, plan: tuple, bound: int) -> list[tuple]:
    """The schedules that follow this run's choices up to a point and then choose otherwise, within
    the preemption bound, branching only after the plan's own choices (so each is tried once)."""
    out, used, prefix = [], 0, []
    for j, (enabled, asked, chosen, _) in enumerate(run.steps):
        if j >= len(plan):
            for other in enabled:
                preempts = asked is not None and asked in enabled and other != asked
                if other != chosen and used + preempts <= bound:
                    out.append((*prefix, other))
        used += asked is not None and asked in enabled and chosen != asked
        prefix.append(chosen)
    return [c for c in out if len(c) > 1] + [c for c in out if len(c) == 1]  # who starts: last

"""The board that q5 of 07_concurrent_scheduler (the worker loop) runs on: given code, kept in
a file of its own so that `kit.checks.interleave`, which switches threads at every line of the
answer's files, treats the kit's side (submitting, letting time pass, the condition variable) as
atomic steps, as a real `threading.Condition` is.

Worker threads share a `Board`: a lock, a condition variable over it, a heap of due jobs and a
stopping flag. The condition variable is cooperative: a waiter sleeps behind a closed gate (a
`CoopLock` held by nobody), so its wait is a switch point, and the kit's driver thread moves a
fake clock only when every worker waits (as real time passes while threads sleep), stopping at
every deadline and run time. The verdict never depends on timing.
"""

import heapq
import itertools
import threading
from collections import Counter

from kit.checks import interleave
from kit.clock import FakeClock

_ASLEEP = "asleep"  # the owner of a closed gate: the thread behind it waits to be woken


class _GaveUp(BaseException):
    """Unwinds a worker the check gave up on (it would wait for ever)."""


def _me() -> str:
    return threading.current_thread().name.removeprefix("interleave-")


class _Condition:
    """`threading.Condition`'s wait / notify / notify_all over the board's cooperative lock. A
    waiter sleeps behind a closed gate (a CoopLock nobody holds for real): notify opens it, and
    so does the clock reaching the wait's deadline."""

    def __init__(self, board):
        self.board = board

    def __enter__(self):
        return self.board.lock.__enter__()

    def __exit__(self, *exc):
        return self.board.lock.__exit__(*exc)

    def _owned(self, what):
        if not self.board.lock._is_owned():
            raise RuntimeError(f"cannot {what} on un-acquired lock")

    def wait(self, timeout=None) -> bool:
        """Release the lock, sleep until notified or until `timeout` has passed on the board's
        clock, take the lock again; True when notified."""
        b = self._owned("wait") or self.board
        if timeout is not None and (isinstance(timeout, bool)
                                    or not isinstance(timeout, int | float)):
            raise TypeError(f"timeout must be a number or None, got {timeout!r}")
        now, me = b.clock.now(), _me()
        b.waits.append((me, now, timeout, b.due[0][0] if b.due else None))
        gate = interleave.CoopLock()
        gate.owner = _ASLEEP
        entry = b.waiting[me] = [gate, None if timeout is None else now + max(timeout, 0), False]
        b.wake_driver()
        b.lock.release()
        gate.acquire()
        gate.release()
        del b.waiting[me]
        if b.abandon:
            b.lock.acquire()  # the caller's `with` releases it on the way out
            raise _GaveUp
        b.lock.acquire()
        return entry[2]

    def notify(self, n: int = 1) -> None:
        self._owned("notify")
        for entry in [e for e in self.board.waiting.values() if e[0].owner == _ASLEEP][:n]:
            entry[2] = True
            entry[0].owner = None

    def notify_all(self) -> None:
        self.notify(len(self.board.waiting))


class Board:
    """What the worker threads share (given). `cond` is the condition variable over `lock`
    (use `with board.cond:`); `due` a heapq list of `(run_at, seq, name)`; `stopping` the
    shutdown flag; `clock.now()` the time; `run(name)` runs a job (call it without the lock)."""

    def __init__(self, workers):
        self.clock, self.lock = FakeClock(0), interleave.CoopLock()
        self.cond = _Condition(self)
        self.due, self.stopping, self.seq = [], False, itertools.count()
        self.workers = workers
        self.jobs, self.ran, self.waits, self.failures = {}, [], [], []
        self.waiting: dict = {}  # worker -> [gate, deadline or None, notified]
        self.exited: set = set()
        self.abandon, self.driver_gate = False, None

    # the kit's side: submitting, running, time passing
    def submit(self, name, run_at) -> None:
        with self.cond:
            self.jobs[name] = run_at
            heapq.heappush(self.due, (run_at, next(self.seq), name))
            self.cond.notify()

    def run(self, name) -> None:
        now = self.clock.now()
        if name not in self.jobs:
            self._fail(f"{_me()} ran {name!r}, which is not a submitted job")
        elif now < self.jobs[name]:
            self._fail(f"{_me()} ran {name} at t={now:g}, before its run time "
                       f"{self.jobs[name]:g}")
        if self.lock._is_owned():
            self._fail(f"{_me()} ran {name} holding the board's lock: no other worker can "
                       "take a job meanwhile. Take the job under the lock, run it after")
        self.ran.append(name)

    def _fail(self, why: str) -> None:
        self.failures.append(why)

    def _idle(self) -> bool:
        asleep = {w for w, (gate, _, _) in self.waiting.items() if gate.owner == _ASLEEP}
        return all(w in asleep or w in self.exited for w in self.workers)

    def wake_driver(self) -> None:
        if self.driver_gate is not None and self._idle():
            self.driver_gate.owner = None

    def exit(self) -> None:
        self.exited.add(_me())
        self.wake_driver()

    def settle(self) -> None:
        """Let the workers run until every one waits or has exited (time stands still)."""
        while True:
            now = self.clock.now()
            for gate, deadline, _ in self.waiting.values():
                if gate.owner == _ASLEEP and deadline is not None and deadline <= now:
                    gate.owner = None  # the wait timed out
            if self._idle():
                break
            self.driver_gate = gate = interleave.CoopLock()
            gate.owner = _ASLEEP
            gate.acquire()
            gate.release()
            self.driver_gate = None
        if self.due and self.due[0][0] <= now and not self.failures:
            run_at, _, name = self.due[0]
            if all(w in self.exited for w in self.workers):
                self._fail(f"at t={now:g} job {name} (due at t={run_at:g}) was waiting and "
                           "every worker had exited: a clean shutdown runs what is queued first")
            else:
                self._fail(f"at t={now:g} job {name} (due at t={run_at:g}) was waiting and "
                           "every worker slept: nobody woke for it (a lost wake-up, or a wait "
                           "that does not end at the next run time)")

    def pass_time(self, until) -> None:
        """Move the clock to `until` (None: as long as a worker can still wake), stopping at
        every wait's deadline and every job's run time, settling at each."""
        while True:
            self.settle()
            now = self.clock.now()
            times = [d for gate, d, _ in self.waiting.values()
                     if gate.owner == _ASLEEP and d is not None] + [r for r, _, _ in self.due]
            later = min((t for t in times if t > now), default=None)
            if until is not None and (later is None or later > until):
                if until > now:
                    self.clock.advance(until - now)
                    self.settle()
                return
            if later is None:
                return
            self.clock.advance(later - now)


def _drive(board, loop, script) -> None:
    """The kit's thread: submit and let time pass as the script says, shut down, drain."""
    for action, *args in script:
        if action == "submit":
            board.submit(*args)
        else:
            board.pass_time(board.clock.now() + args[0])
    loop.shutdown()
    board.pass_time(None)
    stuck = [w for w in board.workers if w not in board.exited]
    if stuck and not board.failures:
        left = ", ".join(name for _, _, name in sorted(board.due)) or "nothing"
        one = len(stuck) == 1
        board._fail(f"{' and '.join(stuck)} never exit{'s' * one}: after shutdown, with {left} "
                    f"left to run, {'it waits' if one else 'they wait'} and nothing will wake "
                    f"{'it' if one else 'them'} "
                    "(set the flag and notify_all under the lock; exit when stopping and empty)")
    board.abandon = True
    for gate, _, _ in list(board.waiting.values()):
        gate.owner = None


def _worker_thread(state):
    board, loop = state
    try:
        return loop.work()
    finally:
        board.exit()


def _loop_rule(state, out) -> str | None:
    board, _ = state
    for name, value in out.items():
        if isinstance(value, NotImplementedError):
            raise NotImplementedError
        if isinstance(value, BaseException) and not isinstance(value, _GaveUp):
            return f"{name} raised {type(value).__name__}: {value}"
    if board.failures:
        return board.failures[0]
    for job in board.jobs:
        if job not in board.ran:
            return f"job {job} never ran"
    for job, n in Counter(board.ran).items():
        if n > 1:
            return f"job {job} ran {n} times"
    for who, now, timeout, next_due in board.waits:
        want = None if next_due is None else next_due - now
        if timeout != want:
            until = "until notified (timeout None)" if want is None else \
                f"{want:g} (until the next run time, t={next_due:g})"
            return (f"{who} waited {timeout!r} at t={now:g}; it should wait {until}. A shorter "
                    "wait is a polling loop: it wakes for nothing; a longer one starts a job late")
    return None

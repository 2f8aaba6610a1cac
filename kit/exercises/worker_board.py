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


SPIN_LIMIT = 50  # times a worker may take the lock at one instant without waiting or running


class _Condition:
    """`threading.Condition` over the board's cooperative lock: acquire / release (or `with`),
    wait / notify / notify_all. A waiter sleeps behind a closed gate (a CoopLock nobody holds for
    real): notify opens it, and so does the clock reaching the wait's deadline."""

    def __init__(self, board):
        self.board = board

    def acquire(self, blocking=True, timeout=-1) -> bool:
        self.board.spun()
        return self.board.lock.acquire(blocking, timeout)

    def release(self) -> None:
        self.board.lock.release()

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc):
        if exc[0] is _GaveUp and not self.board.lock._is_owned():
            return None  # the check gave up in an acquire inside this `with`: nothing is held
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
        b.spins.pop(me, None)
        front = min(b._due) if b._due else None
        if front is not None and front[0] <= now and not b.failures:
            stale = timeout is not None and timeout > 0
            b._fail(f"{me} waited at t={now:g} with job {front[2]} due (run at t={front[0]:g}): "
                    + (f"its timeout, {timeout:g}, was measured from an old now (t="
                       f"{front[0] - timeout:g}); read board.clock.now() again after every wait"
                       if stale else "a job is due once run_at <= now; take it instead of "
                       "waiting"))
            raise _GaveUp
        b.waits.append((me, now, timeout, None if front is None else front[0]))
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
        self._due, self._stopping, self.seq = [], False, itertools.count()
        self.unlocked_reads: list = []  # (worker, what) a worker looked at without the lock
        self.spins: dict = {}  # worker -> (time, lock takings since its last wait or run)
        self.workers = workers
        self.jobs, self.ran, self.waits, self.failures = {}, [], [], []
        self.waiting: dict = {}  # worker -> [gate, deadline or None, notified]
        self.exited: set = set()
        self.abandon, self.driver_gate = False, None

    # what a worker looks at: noted when it looks without the lock (a lost wake-up in waiting)
    def _looked(self, what):
        me = _me()
        if me in self.workers and not self.lock._is_owned():
            self.unlocked_reads.append((me, what))

    @property
    def due(self):
        self._looked("board.due")
        return self._due

    @due.setter
    def due(self, value):
        self._due = value

    @property
    def stopping(self):
        self._looked("board.stopping")
        return self._stopping

    @stopping.setter
    def stopping(self, value):
        self._stopping = value

    def spun(self) -> None:
        """A worker takes the lock: one that keeps taking it while time stands still, neither
        waiting nor running a job, spins (time.sleep, or a wait that returns at once)."""
        me, now = _me(), self.clock.now()
        if me not in self.workers:
            return
        at, n = self.spins.get(me, (now, 0))
        n = n + 1 if at == now else 1
        self.spins[me] = (now, n)
        if n > SPIN_LIMIT and not self.failures:
            self._fail(f"{me} took the lock {n} times at t={now:g} without waiting on "
                       "board.cond or running a job: a loop that spins (time.sleep, or a check "
                       "that never finds the front job due) instead of board.cond.wait(timeout) "
                       "until the next run time")
            raise _GaveUp

    def lost_wakeup(self, stuck=()) -> str:
        """Why a worker slept through something, when it looked without the lock: or ''. The
        looks of the `stuck` workers come first."""
        if not self.unlocked_reads:
            return ""
        who, what = min(self.unlocked_reads, key=lambda read: read[0] not in stuck)
        return (f"; {who} looked at {what} without holding the lock, so a submit or a shutdown "
                "between that look and its wait notified nobody (a lost wake-up): look and "
                "wait under one `with board.cond:`")

    # the kit's side: submitting, running, time passing
    def submit(self, name, run_at) -> None:
        with self.cond:
            self.jobs[name] = run_at
            heapq.heappush(self._due, (run_at, next(self.seq), name))
            self.cond.notify()

    def run(self, name) -> None:
        self.spins.pop(_me(), None)
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
        self._one_taken_at_a_time(name)

    def _one_taken_at_a_time(self, name) -> None:
        """A worker takes one job, runs it, then takes the next: a job taken off the heap and
        not yet run belongs to a worker between its take and its run, so there are never more
        of them than such workers. More means a worker took a batch: the jobs behind the first
        wait for it although they are due (and a job of the same batch starts late whenever
        the one before takes time), while the other workers sleep."""
        queued = {n for _, _, n in self._due}
        taken = [n for n in self.jobs if n not in self.ran and n not in queued]
        busy = [w for w in self.workers if w != _me() and w not in self.exited
                and not (w in self.waiting and self.waiting[w][0].owner == _ASLEEP)]
        if len(taken) > len(busy) and not self.failures:
            idle = [w for w in self.workers if w != _me() and w not in busy]
            self._fail(f"{_me()} ran {name} while {', '.join(taken)} (due, taken off the heap "
                       f"too) waited for it" + (f", with {' and '.join(idle)} idle" if idle
                                                 else "") +
                       ": take one job under the lock, run it, then come back for the next")

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
        if self._due and min(self._due)[0] <= now and not self.failures:
            run_at, _, name = min(self._due)
            if all(w in self.exited for w in self.workers):
                self._fail(f"at t={now:g} job {name} (due at t={run_at:g}) was waiting and "
                           "every worker had exited: a clean shutdown runs what is queued first")
            else:
                long = [(who, at, timeout, want) for who, at, timeout, want in self.waits
                        if want is not None and timeout is not None and timeout > want - at]
                self._fail(f"{long[0][0]} waited {long[0][2]!r} at t={long[0][1]:g}; it should "
                           f"wait {long[0][3] - long[0][1]:g} (until the next run time, "
                           f"t={long[0][3]:g}): job {name} started late" if long else
                           f"at t={now:g} job {name} (due at t={run_at:g}) was waiting and "
                           "every worker slept: nobody woke for it"
                           + (self.lost_wakeup() or " (a lost wake-up, or a wait that does not "
                              "end at the next run time)"))

    def pass_time(self, until) -> None:
        """Move the clock to `until` (None: as long as a worker can still wake), stopping at
        every wait's deadline and every job's run time, settling at each."""
        while True:
            self.settle()
            now = self.clock.now()
            times = [d for gate, d, _ in self.waiting.values()
                     if gate.owner == _ASLEEP and d is not None] + [r for r, _, _ in self._due]
            later = min((t for t in times if t > now), default=None)
            if until is not None and (later is None or later > until):
                if until > now:
                    self.clock.advance(until - now)
                    self.settle()
                return
            if later is None:
                return
            self.clock.advance(later - now)


class ShutdownRaised(Exception):
    """The answer's shutdown() raised (it runs on the kit's thread): said as the answer's."""


def drive(board, loop, script) -> None:
    """The kit's thread: submit and let time pass as the script says, shut down, drain."""
    for action, *args in script:
        if action == "submit":
            board.submit(*args)
        else:
            board.pass_time(board.clock.now() + args[0])
    try:
        loop.shutdown()
    except Exception as e:  # noqa: BLE001 - the answer's shutdown(), on the kit's thread
        raise ShutdownRaised(f"your shutdown() raised {type(e).__name__}: {e}") from e
    board.pass_time(None)
    stuck = [w for w in board.workers if w not in board.exited]
    if stuck and not board.failures:
        left = ", ".join(name for _, _, name in sorted(board._due)) or "nothing"
        one = len(stuck) == 1
        board._fail(f"{' and '.join(stuck)} never exit{'s' * one}: after shutdown, with {left} "
                    f"left to run, {'it waits' if one else 'they wait'} and nothing will wake "
                    f"{'it' if one else 'them'}" + (board.lost_wakeup(stuck) or
                    " (set the flag and notify_all under the lock; exit when stopping and "
                    "empty)"))
    board.abandon = True
    for gate, _, _ in list(board.waiting.values()):
        gate.owner = None


def worker_thread(state):
    board, loop = state
    try:
        return loop.work()
    finally:
        board.exit()


def loop_rule(state, out) -> str | None:
    board, _ = state
    for name, value in out.items():
        if isinstance(value, NotImplementedError):
            raise NotImplementedError
        if isinstance(value, ShutdownRaised):
            return str(value)
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

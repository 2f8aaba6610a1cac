"""Faults of the thread scheduler and the durable scheduler that once left them stuck.

ThreadedScheduler: every Future resolves whatever the task raises (an exception whose __str__
raises), however many retries (no overflow at attempt 1025), whatever the policy raises; and
shutdown(wait=True, timeout=...) returns, naming the tasks still running.
DurableScheduler: one per file by the file's identity (the same path, a symlink, a hard link,
another process), refused with one line; a damaged file is one clear error; ids a file cannot
hold are refused by name.
"""

import os
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import wait

import pytest

from kit.clock import FakeClock
from kit.durable_scheduler import DurableScheduler
from kit.jobs import MAX_WAIT, retry_wait
from kit.scheduler import FifoPolicy, Scheduler, Status
from kit.store import QueueFileError
from kit.threaded import ThreadedScheduler


class Unprintable(Exception):
    def __str__(self):
        raise RuntimeError("no message for you")


def _raise(exc):
    def task():
        raise exc
    return task


def test_a_future_resolves_when_the_exceptions_str_raises():
    with ThreadedScheduler(2, FifoPolicy()) as s:
        f = s.submit("a", _raise(Unprintable()))
        done, _ = wait([f], timeout=10)
        assert done == {f} and isinstance(f.exception(), Unprintable)
        assert s.info("a").error == "Unprintable (its __str__ raised)"


def test_many_retries_with_zero_backoff_do_not_overflow():
    assert retry_wait(0.0, 5000) == 0 and retry_wait(0.1, 5000) == MAX_WAIT
    assert retry_wait(1e308, 3) == MAX_WAIT
    with ThreadedScheduler(1, FifoPolicy()) as s:
        f = s.submit("a", _raise(ValueError("again")), retries=5000, backoff=0.0)
        done, _ = wait([f], timeout=60)
        assert done == {f} and isinstance(f.exception(), ValueError)
        assert s.info("a").attempts == 5001


class Exploding:
    def before(self, a, b):
        raise ZeroDivisionError("policy bug")


class Untruthy:
    class Answer:
        def __bool__(self):
            raise TypeError("no truth")

    def before(self, a, b):
        return self.Answer()


class Interrupting:
    """A policy raising BaseExceptions (blind round c26: 18 of 20 futures never resolved)."""

    def __init__(self, exc):
        self.exc = exc

    def before(self, a, b):
        raise self.exc


class BaseTruth:
    class Answer:
        def __bool__(self):
            raise SystemExit(4)

    def before(self, a, b):
        return self.Answer()


@pytest.mark.parametrize("policy", [Exploding(), Untruthy(), Interrupting(KeyboardInterrupt()),
                                    Interrupting(SystemExit(2)), BaseTruth()],
                         ids=["raises", "bool-raises", "keyboard-interrupt", "system-exit",
                              "bool-exits"])
def test_every_future_resolves_whatever_the_policy_raises(policy):
    gate = threading.Event()
    s = ThreadedScheduler(2, policy)
    futures = [s.submit("gate", gate.wait)]
    futures += [s.submit(i, lambda i=i: i * i) for i in range(40)]
    gate.set()
    done, pending = wait(futures, timeout=30)
    assert not pending, f"{len(pending)} of {len(futures)} futures never resolved"
    assert sorted(f.result() for f in futures[1:]) == sorted(i * i for i in range(40))
    assert any(e.startswith("policy: ") for e in s.worker_errors)
    assert s.shutdown(wait=True, timeout=10) == []


def test_cancel_of_an_unknown_id_is_false_as_documented():
    """The docs say cancel returns False for a job it cannot cancel; an id never submitted is
    one (blind round c26: it raised ValueError). A malformed id is still an error."""
    with ThreadedScheduler(1, FifoPolicy()) as s:
        assert s.cancel("nosuch") is False
        with pytest.raises(TypeError, match="id"):
            s.cancel(["unhashable"])
    with tempfile.TemporaryDirectory() as folder:
        d = DurableScheduler(os.path.join(folder, "s.db"), {"ok": lambda x: x})
        try:
            assert d.cancel("nosuch") is False
            with pytest.raises(ValueError, match="id"):
                d.cancel("a\x00b")
        finally:
            d.close()


def test_shutdown_with_a_timeout_returns_and_names_the_running_tasks():
    release = threading.Event()
    s = ThreadedScheduler(2, FifoPolicy())
    s.submit("stuck", release.wait)
    s.submit("quick", lambda: 1)
    while s.status_of("stuck") != "RUNNING":
        time.sleep(0.01)
    started = time.monotonic()
    assert s.shutdown(wait=True, timeout=0.3) == ["stuck"]
    assert time.monotonic() - started < 5
    release.set()
    assert s.shutdown(wait=True, timeout=10) == []
    with pytest.raises(ValueError, match="timeout must be >= 0, got -1"):
        s.shutdown(timeout=-1)


# -- DurableScheduler -----------------------------------------------------------------------

TASKS = {"square": lambda x: x * x}


@pytest.fixture
def folder():
    with tempfile.TemporaryDirectory() as d:
        yield d


@pytest.mark.parametrize("how", ["same path", "symlink", "hard link", "relative path"])
def test_one_scheduler_per_file_by_its_identity(folder, how, monkeypatch):
    path = os.path.join(folder, "jobs.db")
    first = DurableScheduler(path, TASKS)
    other = {"same path": path, "symlink": os.path.join(folder, "link.db"),
             "hard link": os.path.join(folder, "hard.db"), "relative path": "jobs.db"}[how]
    if how == "symlink":
        os.symlink(path, other)
    elif how == "hard link":
        os.link(path, other)
    elif how == "relative path":
        monkeypatch.chdir(folder)
    with pytest.raises(RuntimeError, match=f"another DurableScheduler has {other!r} open "
                                           r"\(the same file, device \d+ inode \d+"):
        DurableScheduler(other, TASKS)
    first.close()
    DurableScheduler(other, TASKS).close()  # free once the first has let go


def test_another_process_is_refused_too(folder):
    path = os.path.join(folder, "jobs.db")
    with DurableScheduler(path, TASKS):
        code = ("import sys; from kit.durable_scheduler import DurableScheduler\n"
                "try:\n    DurableScheduler(sys.argv[1], {'t': print})\n"
                "except RuntimeError as e:\n    print(e); sys.exit(3)\n")
        done = subprocess.run([sys.executable, "-c", code, os.path.join(folder, "jobs.db")],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 3 and "another DurableScheduler has" in done.stdout


def test_a_damaged_file_is_one_clear_error(folder):
    path = os.path.join(folder, "jobs.db")
    with DurableScheduler(path, TASKS) as s:
        for i in range(300):
            s.submit(i, "square", payload="x" * 200)
    size = os.path.getsize(path)
    with open(path, "r+b") as f:  # scribble over every page but the header
        f.seek(4096)
        f.write(os.urandom(size - 4096))
    with pytest.raises(QueueFileError, match="jobs.db"):
        with DurableScheduler(path, TASKS) as s:
            s.jobs()
            s.drain(limit=5, sleep=lambda t: None)


@pytest.mark.parametrize("bad, message", [("a\x00", "NUL"), ("\udc80", "lone surrogate"),
                                          ("x" * 5000, "at most 1024 bytes")])
def test_ids_a_file_cannot_hold_are_refused_by_name(folder, bad, message):
    with DurableScheduler(os.path.join(folder, "jobs.db"), TASKS) as s:
        with pytest.raises(ValueError, match=f"id must .*{message}"):
            s.submit(bad, "square", 1)
        assert s.jobs() == []


def _replace_by_copy(path):
    os.rename(path, path + ".old")
    with open(path + ".old", "rb") as src, open(path, "wb") as dst:
        dst.write(src.read())


@pytest.mark.parametrize("how", ["mv + cp", "mv", "rm"])
def test_a_file_replaced_under_a_running_scheduler_lets_no_second_one_in(folder, how):
    """B4 (blind round f26): `mv s.db s.db.old; cp s.db.old s.db` while A ran a job let B in
    (the flock was on the old inode, the WAL is shared by name): B recovered the RUNNING job
    and ran it again, then A failed with "no such table". A second scheduler is refused by
    the name too, and A stops with one line at its next step instead of writing on."""
    path = os.path.join(folder, "s.db")
    seen = {}

    def task(x):
        {"mv + cp": _replace_by_copy, "mv": lambda p: os.rename(p, p + ".old"),
         "rm": os.remove}[how](path)
        try:
            with DurableScheduler(path, {"task": task}) as second:
                seen["second ran"] = [r.id for r in second.drain(limit=3, sleep=lambda t: None)]
        except RuntimeError as e:
            seen["refused"] = str(e)
        return x

    first = DurableScheduler(path, {"task": task})
    first.submit("job", "task", payload=1)
    with pytest.raises(QueueFileError, match="s.db' was replaced or moved") as err:
        first.drain(limit=3, sleep=lambda t: None)
    first.close()
    assert "second ran" not in seen, seen
    assert seen["refused"].startswith(f"another DurableScheduler has {path!r} open"), seen
    assert "\n" not in str(err.value)


# -- blind round 3 ---------------------------------------------------------------------------

class _ReadsTheScheduler:
    """A policy whose before() asks the scheduler itself (under the scheduler's lock)."""

    def __init__(self):
        self.scheduler = None

    def before(self, a, b):
        self.scheduler.status_of(a.id)
        return a.seq < b.seq


def test_a_policy_that_reads_its_scheduler_neither_deadlocks_it_nor_its_shutdown():
    policy = _ReadsTheScheduler()
    s = policy.scheduler = ThreadedScheduler(1, policy)
    gate = threading.Event()
    futures = [s.submit("gate", gate.wait)] + [s.submit(i, lambda i=i: i) for i in range(5)]
    gate.set()
    done, _ = wait(futures, timeout=10)
    assert len(done) == 6 and [f.result() for f in futures[1:]] == list(range(5))
    start = time.monotonic()
    assert s.shutdown(timeout=2) == [] and time.monotonic() - start < 2.5


@pytest.mark.parametrize("delay", [9.3e9, 1e10, 1e308])
def test_a_delay_beyond_the_longest_timed_wait_is_waited_without_spinning(delay):
    with ThreadedScheduler(1, FifoPolicy()) as s:
        s.submit("far", lambda: "far", delay=delay)
        cpu = time.process_time()
        assert s.submit("near", lambda: "near").result(timeout=5) == "near"
        time.sleep(0.5)
        assert s.worker_errors == [] and s.status_of("far") is Status.PENDING
        assert time.process_time() - cpu < 0.3  # a spinning worker burns ~0.5 s here
        s.shutdown(cancel_pending=True)


HUGE = 10**400


@pytest.mark.parametrize("make", ["Scheduler", "ThreadedScheduler", "DurableScheduler"])
@pytest.mark.parametrize("arg", ["priority", "delay", "backoff"])
def test_every_scheduler_refuses_a_number_no_float_holds_by_name(make, arg, folder):
    s = _scheduler(make, folder)
    with pytest.raises(ValueError, match=f"{arg} must be a number a float can hold .*, got 1000"):
        _submit(make, s, "a", **{arg: HUGE})
    _close(make, s)


@pytest.mark.parametrize("make", ["Scheduler", "ThreadedScheduler", "DurableScheduler"])
@pytest.mark.parametrize("args", [dict(priority=10**30), dict(retries=10**30),
                                  dict(retries=2**63), dict(priority=-(2**70), backoff=2**64)],
                         ids=repr)
def test_every_scheduler_takes_the_same_big_ints(make, args, folder):
    s = _scheduler(make, folder)
    _submit(make, s, "a", **args)
    assert s.status_of("a") in (Status.PENDING, Status.RUNNING, Status.DONE)
    _close(make, s)


def _scheduler(make, folder):
    if make == "DurableScheduler":
        return DurableScheduler(os.path.join(folder, "s.db"), {"t": lambda x: x})
    if make == "ThreadedScheduler":
        return ThreadedScheduler(1, FifoPolicy())
    return Scheduler(FakeClock(0), FifoPolicy(), 1)


def _submit(make, s, id, **kw):
    if make == "DurableScheduler":
        return s.submit(id, "t", 1, **kw)
    return s.submit(id, lambda: 1, **kw)


def _close(make, s):
    if make == "DurableScheduler":
        s.close()
    elif make == "ThreadedScheduler":
        s.shutdown(cancel_pending=True)


@pytest.mark.parametrize("reading", [True, HUGE, float("nan")], ids=["True", "10**400", "nan"])
def test_every_scheduler_checks_its_clock_readings(reading, folder):
    class Clock:
        def now(self):
            return reading
    for s in (Scheduler(Clock(), FifoPolicy(), 1),
              DurableScheduler(os.path.join(folder, "s.db"), {"t": print}, clock=FakeClock(0))):
        s.clock = Clock()
        with pytest.raises((TypeError, ValueError), match=r"clock.now\(\) must be"):
            _submit(type(s).__name__, s, "a")
        _close(type(s).__name__, s)


def test_a_durable_scheduler_used_from_another_thread_says_so(folder):
    with DurableScheduler(os.path.join(folder, "s.db"), TASKS) as s:
        s.submit("a", "square", 3)
        seen = []
        t = threading.Thread(target=lambda: seen.append(_error_of(s.tick)))
        t.start()
        t.join()
        assert seen == ["RuntimeError: the durable scheduler on "
                        f"{os.path.join(folder, 's.db')!r} is used from another thread than the "
                        "one that made it (the file is fine): use each DurableScheduler from "
                        "its own thread only"]
        s.drain(limit=5, sleep=lambda t: None)
        assert s.status_of("a") == "DONE"


def _error_of(call):
    try:
        call()
    except Exception as e:
        return f"{type(e).__name__}: {e}"
    return None


def test_a_folder_moved_under_a_running_scheduler_and_copied_back_lets_no_second_one_in(folder):
    """Blind round 3: renaming the folder moved the file and its -lock together; a copy at
    the old path let a second scheduler in, which reran the RUNNING job at the same time."""
    jobs = os.path.join(folder, "jobs")
    os.mkdir(jobs)
    path = os.path.join(jobs, "s.db")
    seen = {}

    def task(x):
        os.rename(jobs, jobs + ".old")
        os.mkdir(jobs)
        with open(os.path.join(jobs + ".old", "s.db"), "rb") as src, open(path, "wb") as dst:
            dst.write(src.read())
        try:
            with DurableScheduler(path, {"task": task}) as second:
                seen["second ran"] = [r.id for r in second.drain(limit=3, sleep=lambda t: None)]
        except RuntimeError as e:
            seen["refused"] = str(e)
        return x

    first = DurableScheduler(path, {"task": task})
    first.submit("job", "task", payload=1)
    with pytest.raises(QueueFileError, match="s.db' was replaced or moved"):
        first.drain(limit=3, sleep=lambda t: None)
    first.close()
    assert "second ran" not in seen, seen
    assert seen["refused"].startswith(f"another DurableScheduler has {path!r} open"), seen
    with DurableScheduler(path, {"task": task}):
        pass  # free again once the first has let go

"""The durable scheduler: the tick Scheduler as model, restarts, the recovery rule, SIGKILL."""

import importlib.util
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.clock import FakeClock
from kit.durable_scheduler import (
    DurableScheduler,
    FifoPolicy,
    OldestDuePolicy,
    PriorityPolicy,
    RowStatus,
    WallClock,
)
from kit.scheduler import Scheduler
from kit.store import QueueFileError, SqliteLeaseQueue

P, Y, R, D, F, C = (RowStatus.PENDING, RowStatus.READY, RowStatus.RUNNING, RowStatus.DONE,
                    RowStatus.FAILED, RowStatus.CANCELLED)


def square(n):
    return n * n


def peek(path, id):
    """The job's row read through a connection of its own: what a restart would find."""
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT state, attempts, recoveries, lease_until, run_at FROM jobs "
                            "WHERE id = ?", (id,)).fetchone()


@pytest.fixture
def db(tmp_path):
    return tmp_path / "jobs.db"


def make(db, tasks=None, start=0, **kwargs):
    clock = FakeClock(start)
    return clock, DurableScheduler(db, tasks or {"square": square}, clock=clock, **kwargs)


# -- the tick Scheduler as a model: same programs, same runs and statuses --------------------

POLICIES = {"priority": PriorityPolicy, "fifo": FifoPolicy, "oldest": OldestDuePolicy}

OPS = st.lists(st.one_of(
    st.tuples(st.just("submit"), st.integers(1, 3), st.integers(0, 4), st.integers(0, 2),
              st.integers(0, 3), st.integers(0, 3)),  # priority delay retries backoff fails
    st.tuples(st.just("cancel"), st.integers(0, 40)),
    st.tuples(st.just("tick"), st.integers(1, 2)),
    st.tuples(st.just("restart")),
), max_size=30)


def as_model(status):
    """The tick Scheduler has no READY: a due job waiting for a slot is still PENDING there."""
    return "PENDING" if status is Y else str(status)


@settings(max_examples=120, deadline=None)
@given(OPS, st.sampled_from(sorted(POLICIES)), st.integers(1, 3))
def test_same_programs_give_the_same_runs_and_statuses_as_the_tick_scheduler(ops, policy,
                                                                             workers):
    model_clock, clock = FakeClock(), FakeClock()
    model = Scheduler(model_clock, POLICIES[policy](), workers)
    calls = {}

    def job(payload):  # fails on its first `fails` calls
        i = payload["id"]
        calls[i] = calls.get(i, 0) + 1
        if calls[i] <= payload["fails"]:
            raise ValueError(f"attempt {calls[i]} of {i} failed")
        return i

    def model_task(i, fails):
        count = []

        def task():
            count.append(1)
            if len(count) <= fails:
                raise ValueError(f"attempt {len(count)} of {i} failed")
            return i
        return task

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "jobs.db"

        def open_():
            return DurableScheduler(path, {"job": job}, clock=clock, policy=POLICIES[policy](),
                                    workers=workers)
        s, n = open_(), 0

        def compare():
            assert {i: as_model(s.status_of(i)) for i in range(n)} == \
                   {i: str(model.status_of(i)) for i in range(n)}
            ready = {v.id for v in model.snapshot().ready if str(v.status) == "PENDING"}
            assert {row.id for row in s.jobs() if row.status is Y} == ready

        for op in ops:
            if op[0] == "submit":
                _, priority, delay, retries, backoff, fails = op
                model.submit(n, model_task(n, fails), priority, delay, retries, backoff)
                s.submit(n, "job", {"id": n, "fails": fails}, priority, delay, retries, backoff)
                n += 1
            elif op[0] == "cancel" and n:
                assert s.cancel(op[1] % n) == model.cancel(op[1] % n)
            elif op[0] == "tick":
                got, want = s.tick(), model.tick()
                assert [(*r[1:5], str(r.status)) for r in got] == \
                       [(*r[1:5], str(r.status)) for r in want]
                clock.advance(op[1])
                model_clock.advance(op[1])
            elif op[0] == "restart":
                s.close()
                s = open_()
            compare()
        got, want = s.drain(limit=10_000), model.drain(limit=10_000)
        assert [(*r[1:5], str(r.status)) for r in got] == \
               [(*r[1:5], str(r.status)) for r in want]
        compare()
        assert all(s.status_of(i) in (D, F, C) for i in range(n))
        for i in range(n):
            assert s.info(i).attempts == model.info(i).attempts
            assert s.info(i).error == model.info(i).error
        s.close()


# -- the states, each written before it acts ---------------------------------------------

def test_a_job_moves_pending_ready_running_done_and_each_state_is_in_the_file_first(db):
    seen = []

    def look(n):
        seen.append(peek(db, n))  # another connection sees RUNNING, the lease and the attempt
        return n

    clock, s = make(db, {"look": look}, lease_for=5)
    s.submit(1, "look", 1, delay=2)
    s.submit(2, "look", 2, delay=2, priority=9)
    assert peek(db, 1)[0] == "PENDING"  # submit returned: the row is there
    assert s.tick() == [] and s.status_of(1) is P
    clock.advance(2)
    runs = s.tick()
    assert [(r.id, r.status) for r in runs] == [(1, D)]
    assert seen == [("RUNNING", 1, 0, 7, 2)]  # claimed at 2, lease until 2 + 5
    assert s.status_of(2) is Y and peek(db, 2)[0] == "READY"  # due, waiting for a slot
    assert s.cancel(2) and peek(db, 2)[0] == "CANCELLED"
    assert s.tick() == []
    assert s.info(1).result == 1 and s.info(1).lease_until is None


def test_retries_back_off_exponentially_then_fail_with_the_message(db):
    def boom(n):
        raise RuntimeError(f"boom {n}")

    clock, s = make(db, {"boom": boom})
    s.submit("x", "boom", 7, retries=2, backoff=3)
    times = []
    for _ in range(20):
        runs = s.tick()
        times += [(clock.now(), r.attempt, r.status) for r in runs]
        clock.advance(1)
    assert times == [(0, 1, P), (3, 2, P), (9, 3, F)]  # 0 + 3 * 2**0, then 3 + 3 * 2**1
    assert s.info("x").error == "boom 7" and s.info("x").attempts == 3


def test_cancel_acts_on_pending_and_ready_only(db):
    def cancel_other(n):
        return s.cancel(n)

    clock, s = make(db, {"square": square, "cancel": cancel_other})
    s.submit("a", "cancel", "a")  # a task cancelling itself: it is RUNNING, so False
    s.submit("b", "square", 2, delay=5)
    s.tick()
    assert s.info("a").result is False and s.status_of("a") is D
    assert not s.cancel("a")
    assert s.cancel("b") and not s.cancel("b") and s.status_of("b") is C


def test_shutdown_refuses_submits_and_can_cancel_what_waits(db):
    clock, s = make(db)
    s.submit("a", "square", 1)
    s.submit("b", "square", 2, delay=3)
    s.tick()
    s.shutdown(cancel_pending=True)
    with pytest.raises(RuntimeError, match="shut down; cannot submit id='c'"):
        s.submit("c", "square", 3)
    assert [s.status_of(i) for i in "ab"] == [D, C]


# -- restarts -----------------------------------------------------------------------------

def test_delays_retries_and_ready_jobs_survive_a_restart(db):
    calls = []

    def flaky(n):
        calls.append(n)
        if calls.count(n) == 1:
            raise RuntimeError("first try fails")
        return n

    tasks = {"flaky": flaky, "square": square}
    clock, s = make(db, tasks)
    s.submit("late", "square", 3, delay=10)
    s.submit("retry", "flaky", 1, retries=1, backoff=4)
    s.submit("r1", "square", 1, priority=9)
    s.tick()  # "retry" fails at 0, due again at 4; "r1" waits (one worker)
    assert [s.status_of(i) for i in ("late", "retry", "r1")] == [P, P, Y]
    s.close()
    clock.advance(3)
    s = DurableScheduler(db, tasks, clock=clock)
    assert [s.status_of(i) for i in ("late", "retry", "r1")] == [P, P, Y]
    assert [r.id for r in s.tick()] == ["r1"]
    clock.advance(1)
    assert [(r.id, r.attempt, r.status) for r in s.tick()] == [("retry", 2, D)]
    clock.advance(5)
    assert s.tick() == []  # 9 < 10: still early
    clock.advance(1)
    assert [(r.id, r.status) for r in s.tick()] == [("late", D)]
    assert s.info("late").result == 9


def interrupt(n):
    raise KeyboardInterrupt  # "stop the process": not a failed attempt


def test_an_interrupted_job_stays_running_and_is_recovered_when_its_lease_expires(db):
    tasks = {"square": square, "job": interrupt}
    clock, s = make(db, tasks, lease_for=5)
    s.submit("x", "job", 4)
    with pytest.raises(KeyboardInterrupt):
        s.tick()
    assert s.status_of("x") is R and peek(db, "x")[:2] == ("RUNNING", 1)
    s.tasks["job"] = square  # the next run works
    clock.advance(4.9)
    assert s.tick() == []  # the lease is held until 5
    clock.advance(0.1)
    assert [(r.id, r.attempt, r.status) for r in s.tick()] == [("x", 1, D)]
    info = s.info("x")
    assert (info.recoveries, info.attempts, info.result) == (1, 1, 16)


def test_on_start_every_running_job_is_unfinished_at_once(db):
    clock, s = make(db, {"job": interrupt}, lease_for=100)
    s.submit("x", "job", 5, retries=0)
    with pytest.raises(KeyboardInterrupt):
        s.tick()
    s.close()  # the process "died" with x RUNNING and its lease live for 100 more
    clock, s = make(db, {"job": square})
    assert s.status_of("x") is Y  # no waiting for the lease: nobody else can be running it
    assert [(r.id, r.attempt, r.status) for r in s.tick()] == [("x", 1, D)]
    assert s.info("x").recoveries == 1  # not counted against retries=0


def test_a_job_interrupted_more_than_max_recoveries_times_fails(db):
    tasks = {"job": interrupt}
    for _ in range(3):
        clock, s = make(db, tasks, max_recoveries=2)
        if not s.jobs():
            s.submit("x", "job", 1)
        with pytest.raises(KeyboardInterrupt):
            s.tick()
        s.close()
    clock, s = make(db, tasks, max_recoveries=2)
    assert s.status_of("x") is F
    assert s.info("x").error == "interrupted 3 times" and s.info("x").recoveries == 3
    assert s.tick() == []


def test_one_scheduler_per_file_and_the_lock_goes_with_close(db):
    clock, s = make(db)
    with pytest.raises(RuntimeError, match="another DurableScheduler has .*jobs.db' open"):
        DurableScheduler(db, {"square": square}, clock=clock)
    s.close()
    with DurableScheduler(db, {"square": square}, clock=clock) as again:
        assert again.jobs() == []


def test_a_task_missing_from_the_registry_after_a_restart_fails_with_its_name(db):
    clock, s = make(db, {"old": square, "square": square})
    s.submit("x", "old", 2)
    s.close()
    clock, s = make(db, {"square": square})
    s.tick()
    assert s.status_of("x") is F and s.info("x").error == "no task named 'old' in tasks"


def test_a_result_that_is_not_json_is_a_failed_attempt(db):
    clock, s = make(db, {"obj": lambda n: object()})
    s.submit("x", "obj", 1)
    s.tick()
    assert s.status_of("x") is F
    assert s.info("x").error.startswith("the result of task 'obj' must be JSON data")


def test_the_heartbeat_keeps_a_long_job_leased_and_stops_with_it(db):
    leases = []

    def long(n):  # runs until the lease has moved past its first expiry (3 s at most)
        first = peek(db, n)[3]
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and (not leases or leases[-1] <= first + 0.1):
            time.sleep(0.05)
            leases.append(peek(db, n)[3])
        return first

    s = DurableScheduler(db, {"long": long}, clock=WallClock(), lease_for=0.15)
    s.submit(1, "long", 1)
    s.tick()
    assert s.status_of(1) is D
    first = s.info(1).result
    assert leases[-1] > first + 0.1, "the heartbeat never moved the lease"
    assert leases == sorted(leases)
    assert s.info(1).lease_until is None  # the outcome clears it; no beat comes after


# -- bad input: every argument ------------------------------------------------------------

def test_constructor_rejects_bad_arguments(db, tmp_path):
    good = {"square": square}
    cases = [
        (dict(path=5), TypeError, "path must be a file name, got 5"),
        (dict(tasks={}), TypeError, "tasks must be a non-empty dict"),
        (dict(tasks=[square]), TypeError, "tasks must be a non-empty dict"),
        (dict(tasks={1: square}), TypeError, "tasks names must be str, got 1"),
        (dict(tasks={"x": 3}), TypeError, r"tasks\['x'\] must be callable, got 3"),
        (dict(clock=5), TypeError, r"clock must have a now\(\) method, got 5"),
        (dict(policy="fifo"), TypeError, r"policy must have a before\(a, b\) method, got 'fifo'"),
        (dict(workers=0), ValueError, "workers must be >= 1, got 0"),
        (dict(workers=1.5), TypeError, "workers must be an int, got 1.5"),
        (dict(lease_for=0), ValueError, "lease_for must be > 0, got 0"),
        (dict(lease_for="1"), TypeError, "lease_for must be a number, got '1'"),
        (dict(max_recoveries=-1), ValueError, "max_recoveries must be >= 0, got -1"),
        (dict(timeout=-1), ValueError, "timeout must be >= 0, got -1"),
    ]
    for kwargs, error, message in cases:
        args = dict(path=db, tasks=good) | kwargs
        with pytest.raises(error, match=message):
            DurableScheduler(**args)
    text = tmp_path / "notes.txt"
    text.write_text("not a database, just words " * 50)
    with pytest.raises(QueueFileError, match="is not a durable-scheduler database"):
        DurableScheduler(text, good)
    queue = tmp_path / "queue.db"
    SqliteLeaseQueue(queue, 1, 1).close()
    with pytest.raises(QueueFileError, match="not a durable scheduler"):
        DurableScheduler(queue, good)


@pytest.mark.parametrize("kwargs, error, message", [
    (dict(id=1.5), TypeError, "id must be a str or an int, got 1.5"),
    (dict(id=True), TypeError, "id must be a str or an int, got True"),
    (dict(task_name="cube"), ValueError, "task_name must be one of 'square', got 'cube'"),
    (dict(payload={1, 2}), TypeError, r"payload must be JSON data .*, got \{1, 2\}"),
    (dict(payload=float("nan")), TypeError, "payload must be JSON data"),
    (dict(priority="high"), TypeError, "priority must be a number, got 'high'"),
    (dict(priority=float("inf")), ValueError, "priority must be finite, got inf"),
    (dict(delay=-1), ValueError, "delay must be >= 0, got -1"),
    (dict(retries=-1), ValueError, "retries must be >= 0, got -1"),
    (dict(retries=1.0), TypeError, "retries must be an int, got 1.0"),
    (dict(backoff=-2), ValueError, "backoff must be >= 0, got -2"),
])
def test_submit_rejects_bad_arguments(db, kwargs, error, message):
    clock, s = make(db)
    args = dict(id="a", task_name="square", payload=1) | kwargs
    with pytest.raises(error, match=message):
        s.submit(**args)
    assert s.jobs() == []  # nothing half-written


def test_lookups_and_drain_reject_bad_arguments(db):
    clock, s = make(db)
    s.submit("a", "square", 1)
    with pytest.raises(ValueError, match="id 'a' is already used"):
        s.submit("a", "square", 1)
    assert s.cancel("zz") is False  # as documented: not a job it can cancel
    for method in (s.cancel, s.status_of, s.info):
        if method != s.cancel:
            with pytest.raises(ValueError, match="no job with id 'zz'"):
                method("zz")
        with pytest.raises(TypeError, match=r"id must be a str or an int, got \[\]"):
            method([])
    with pytest.raises(ValueError, match="step must be > 0, got 0"):
        s.drain(step=0)
    with pytest.raises(TypeError, match="limit must be an int, got 'all'"):
        s.drain(limit="all")
    s2 = DurableScheduler(db.with_name("wall.db"), {"square": square}, clock=WallClock())
    s2.submit(1, "square", 1)
    with pytest.raises(TypeError, match="sleep must be callable, got 3"):
        s2.drain(sleep=3)
    s.close()
    with pytest.raises(ValueError, match="is closed"):
        s.cancel("a")


# -- the crash test: SIGKILL while a job runs ---------------------------------------------

CRASH_TASKS = '''
import time
from pathlib import Path

HERE = Path(__file__).parent


def _runs(name, n):
    """Log this start and return how many starts of (name, n) the log now holds."""
    log = HERE / "runs.log"
    with log.open("a") as f:
        f.write(f"{name} {n} {time.time()!r}\\n")
    return sum(line.split()[:2] == [name, str(n)] for line in log.read_text().splitlines())


def square(n):
    _runs("square", n)
    return n * n


def flaky(n):  # fails on its first n runs
    runs = _runs("flaky", n)
    if runs <= n:
        raise RuntimeError(f"flaky {n} run {runs}")
    return "ok"


def slow(n):  # the first run hangs until the process is killed
    if _runs("slow", n) == 1:
        (HERE / "slow.started").write_text("yes")
        time.sleep(60)
    return "slow ok"


TASKS = {"square": square, "flaky": flaky, "slow": slow}
'''

CRASH_CHILD = '''
import sys, time
sys.path.insert(0, sys.argv[1])
from crash_tasks import TASKS
from kit.durable_scheduler import DurableScheduler

s = DurableScheduler(sys.argv[2], TASKS, workers=2, lease_for=30)
s.submit("sq3", "square", 3)
s.submit("flaky1", "flaky", 1, retries=2, backoff=1.0)   # fails once, retried 1 s later
s.submit("flaky5", "flaky", 5, retries=1, backoff=0.2)   # fails twice: FAILED
s.submit("slow", "slow", 0, priority=9)
s.submit("sq4", "square", 4, delay=1.5)                   # still waiting at the kill
while True:
    s.tick()
    time.sleep(0.01)
'''


def test_a_process_sigkilled_while_a_job_runs_loses_nothing(tmp_path):
    (tmp_path / "crash_tasks.py").write_text(CRASH_TASKS)
    child = tmp_path / "child.py"
    child.write_text(textwrap.dedent(CRASH_CHILD))
    path = tmp_path / "crash.db"
    proc = subprocess.Popen([sys.executable, child, tmp_path, path], stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while not (tmp_path / "slow.started").exists():
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.monotonic() < deadline, "the slow job never started"
            time.sleep(0.01)
        before = {id: peek(path, id)[:2] for id in ("sq3", "flaky1", "slow", "sq4")}
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL
    assert before == {"sq3": ("DONE", 1), "flaky1": ("PENDING", 1), "slow": ("RUNNING", 1),
                      "sq4": ("PENDING", 0)}

    spec = importlib.util.spec_from_file_location("crash_tasks", tmp_path / "crash_tasks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with DurableScheduler(path, module.TASKS, workers=2) as s:  # the restart
        s.drain(step=0.02, limit=1000)
        jobs = {row.id: row for row in s.jobs()}
    assert set(jobs) == {"sq3", "flaky1", "flaky5", "slow", "sq4"}  # nothing lost
    assert {i: (j.status, j.attempts, j.recoveries) for i, j in jobs.items()} == {
        "sq3": (D, 1, 0), "flaky1": (D, 2, 0), "flaky5": (F, 2, 0),
        "slow": (D, 1, 1), "sq4": (D, 1, 0)}
    assert jobs["flaky5"].error == "flaky 5 run 2"
    assert (jobs["sq4"].result, jobs["slow"].result) == (16, "slow ok")
    starts = [line.split() for line in (tmp_path / "runs.log").read_text().splitlines()]
    count = {(name, n): sum(s[:2] == [name, n] for s in starts) for name, n, _ in starts}
    assert count == {("square", "3"): 1, ("flaky", "1"): 2, ("flaky", "5"): 2,
                     ("slow", "0"): 2, ("square", "4"): 1}  # the interrupted one ran again
    sq4_start = next(float(t) for name, n, t in starts if (name, n) == ("square", "4"))
    assert sq4_start >= jobs["sq4"].run_at  # its delay survived the restart

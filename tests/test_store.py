"""SqliteLeaseQueue: restarts, a process that dies holding a lease, several connections on one
file, bad input and bad files. The state machine against the model runs on it in
test_lease_machine.py (in memory and on a file); the crash test with real worker processes is in
test_crash.py."""

import math
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from queue_errors import assert_operation_errors, assert_same_story

from kit.clock import FakeClock
from kit.lease import DeadLetter, Stats
from kit.store import QueueFileError, SqliteLeaseQueue, WallClock

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def path(tmp_path):
    return tmp_path / "queue.db"


def make(path, lease_for=5, max_attempts=3, retry_delay=None, start=0):
    clock = FakeClock(start)
    return clock, SqliteLeaseQueue(path, lease_for, max_attempts, retry_delay=retry_delay,
                                   clock=clock)


def test_same_story_as_the_in_memory_queue(path):
    clock, q = make(path, retry_delay=lambda r: 2)
    assert_same_story(q, clock)


def test_retry_is_timed_from_the_expiry_not_from_when_it_was_noticed(path):
    clock, q = make(path, lease_for=2, retry_delay=lambda r: 3)
    q.put("A")
    q.lease("w1")
    clock.advance(100)  # nobody looks until t = 100
    assert q.status("A") == "ready"
    assert q.lease("w2").attempt == 2
    clock, q2 = make(path.with_name("other.db"), lease_for=2, retry_delay=lambda r: 3)
    q2.put("A")
    q2.lease("w1")
    clock.advance(4)  # expired at 2, due again at 5: still delayed at 4
    assert q2.status("A") == "delayed"
    clock.advance(1)
    assert q2.status("A") == "ready"


def test_poison_message_dead_letters_and_can_be_put_again(path):
    clock, q = make(path, max_attempts=2, retry_delay=lambda r: 0)
    q.put("P", payload=[1, 2])
    q.fail(q.lease("w1"))
    q.fail(q.lease("w1"))
    assert q.dead_letters == [DeadLetter("P", [1, 2], 2, 0, "fail")]
    q.put("P", payload="again")
    assert q.dead_letters == [] and q.lease("w1").payload == "again"


def test_survives_a_restart(path):
    clock, q = make(path, lease_for=10)
    for i in range(50):
        q.put(i, payload={"n": i})
    held = q.lease("w1")
    q.close()  # the process ends without acking
    q = SqliteLeaseQueue(path, 10, 3, retry_delay=lambda r: 0, clock=clock)
    assert q.stats() == Stats(ready=49, leased=1, delayed=0, done=0, dead=0,
                              duplicate_deliveries=0)
    assert q.holder(0) == held
    clock.advance(10)  # the dead holder's lease expires: job 0 is ready again since t = 10,
    seen = []  # behind the 49 jobs that have been ready since t = 0
    while (lease := q.lease("w2")) is not None:
        seen.append((lease.job, lease.attempt))
        assert lease.token != held.token, "tokens stay unique across a restart"
        assert q.ack(lease)
    assert seen == [(i, 1) for i in range(1, 50)] + [(0, 2)]
    assert q.stats().duplicate_deliveries == 1


def test_two_connections_see_one_queue_and_never_share_a_lease(path):
    clock = FakeClock(0)
    a = SqliteLeaseQueue(path, 5, 3, clock=clock)
    b = SqliteLeaseQueue(path, 5, 3, clock=clock)
    for name in "xyz":
        a.put(name)
    got = [a.lease("A"), b.lease("B"), a.lease("A"), b.lease("B")]
    assert [g and g.job for g in got] == ["x", "y", "z", None]
    assert b.ack(got[0]) is True, "any process may ack a live lease it was handed"
    assert a.status("x") == "done"
    with pytest.raises(ValueError, match="job_id 'y' is already in the queue .state 'leased'."):
        b.put("y")
    a.close()
    b.close()


HOLDER = """
import sys, time
from kit.store import SqliteLeaseQueue
q = SqliteLeaseQueue(sys.argv[1], lease_for=0.5, max_attempts=3, retry_delay=lambda r: 0)
lease = q.lease("doomed")
print(lease.job, flush=True)
time.sleep(60)
"""


def test_a_lease_held_by_a_killed_process_is_redelivered(path):
    q = SqliteLeaseQueue(path, 0.5, 3, retry_delay=lambda r: 0)
    q.put("A", payload=7)
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE,
                            text=True, cwd=ROOT)
    try:
        assert proc.stdout.readline().strip() == "A"
        assert q.holder("A").worker == "doomed"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
    deadline = time.monotonic() + 5
    while (lease := q.lease("rescuer")) is None:
        assert time.monotonic() < deadline, "the dead holder's lease never expired"
        time.sleep(0.05)
    assert (lease.job, lease.attempt, lease.payload) == ("A", 2, 7)
    assert q.ack(lease) and q.stats().duplicate_deliveries == 1
    q.close()


def test_wall_clock_is_the_default(path):
    q = SqliteLeaseQueue(path, 30, 3)
    assert isinstance(q.clock, WallClock)
    q.put("A")
    before = time.time()
    lease = q.lease("w")
    assert before + 30 <= lease.expires_at <= time.time() + 30
    q.close()


# -- bad input, bad files -----------------------------------------------------------------

def test_constructor_errors(path):
    clock = FakeClock()
    with pytest.raises(TypeError, match="path must be a file name, got 3"):
        SqliteLeaseQueue(3, 5, 3)
    with pytest.raises(ValueError, match="lease_for must be > 0, got 0"):
        SqliteLeaseQueue(path, 0, 3)
    with pytest.raises(ValueError, match="lease_for must be a number, got nan"):
        SqliteLeaseQueue(path, math.nan, 3)
    with pytest.raises(TypeError, match="max_attempts must be an int, got 2.5"):
        SqliteLeaseQueue(path, 5, 2.5)
    with pytest.raises(ValueError, match="max_attempts must be >= 1, got 0"):
        SqliteLeaseQueue(path, 5, 0)
    with pytest.raises(TypeError, match="retry_delay must be callable, got 2"):
        SqliteLeaseQueue(path, 5, 3, retry_delay=2)
    with pytest.raises(TypeError, match="clock must have a now.. method, got 0"):
        SqliteLeaseQueue(path, 5, 3, clock=0)
    assert not path.exists(), "bad arguments are rejected before the file is touched"
    SqliteLeaseQueue(path, 5, 3, clock=clock).close()


def test_operation_errors(path):
    clock, q = make(path)
    assert_operation_errors(q)
    q.close()
    with pytest.raises(ValueError, match="the queue on .* is closed"):
        q.status("A")


def test_a_bad_retry_delay_rolls_the_whole_operation_back(path):
    clock, q = make(path, retry_delay=lambda r: -1)
    q.put("A")
    lease = q.lease("w1")
    with pytest.raises(ValueError, match=r"retry_delay\(0\) must return a finite .* got -1"):
        q.fail(lease)
    q.retry_delay = lambda r: 0
    assert q.status("A") == "leased" and q.fail(lease) is True


def test_a_file_that_is_not_a_database(tmp_path):
    junk = tmp_path / "notes.txt"
    junk.write_text("shopping list: milk, eggs\n" * 100)
    with pytest.raises(QueueFileError, match="notes.txt' is not a lease-queue database "
                                             r"\(file is not a database\)"):
        SqliteLeaseQueue(junk, 5, 3)
    assert junk.read_text().startswith("shopping list"), "the file is left alone"


def test_another_applications_database(tmp_path):
    other = tmp_path / "app.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE jobs (name TEXT)")
    conn.close()
    with pytest.raises(QueueFileError, match=r"is an SQLite database but not a lease queue "
                                             r"\(application_id 0, tables \['jobs'\]\)"):
        SqliteLeaseQueue(other, 5, 3)


def test_a_damaged_queue_file(tmp_path):
    path = tmp_path / "q.db"
    clock, q = make(path)
    for i in range(2000):
        q.put(i, payload="x" * 50)
    q.close()
    data = bytearray(path.read_bytes())
    data[4096:] = b"\xff" * (len(data) - 4096)  # keep the header page, wreck the rest
    path.write_bytes(bytes(data))
    for wal in tmp_path.glob("q.db-*"):
        wal.unlink()
    with pytest.raises(QueueFileError, match="q.db"):
        q = SqliteLeaseQueue(path, 5, 3, clock=clock)
        q.stats()


def test_a_folder_is_not_a_queue_file(tmp_path):
    with pytest.raises(QueueFileError, match="cannot .*"):
        SqliteLeaseQueue(tmp_path, 5, 3)


def test_a_refused_put_still_commits_the_catch_up(path):
    """The expiries a call applies have happened whatever the call does next: a put refused for
    a live job id must not roll them back (redoing them would call retry_delay again, and a
    jittered delay would come out different)."""
    calls = []
    clock, q = make(path, lease_for=2, retry_delay=lambda r: calls.append(r) or 3)
    q.put("A")
    q.lease("w1")
    clock.advance(2)  # A's lease expires now; nobody has looked yet
    with pytest.raises(ValueError, match="job_id 'A' is already in the queue .state 'delayed'."):
        q.put("A")
    assert q.status("A") == "delayed" and calls == [0], "one expiry, one retry_delay call"
    q.close()


def test_one_queue_object_shared_by_threads(path):
    """Each operation holds the object's lock: a second thread's put waits while the first
    thread's transaction is open (here held open inside its clock reading), then goes through."""
    import threading

    inside, release = threading.Event(), threading.Event()

    class HeldClock(FakeClock):
        hold = False

        def now(self):
            if self.hold:
                self.hold = False
                inside.set()
                release.wait(10)
            return super().now()

    clock = HeldClock()
    q = SqliteLeaseQueue(path, lease_for=5, max_attempts=3, clock=clock)
    errors, done = [], []

    def call(what, *args):
        try:
            getattr(q, what)(*args)
            done.append(args[0])
        except Exception as e:  # what a raw "objects created in a thread" error would be
            errors.append(repr(e))

    clock.hold = True
    first = threading.Thread(target=call, args=("put", "a"))
    first.start()
    assert inside.wait(10)
    second = threading.Thread(target=call, args=("put", "b"))
    second.start()
    second.join(0.2)
    assert second.is_alive() and done == []  # waiting for the lock, not failing
    release.set()
    first.join(10)
    second.join(10)
    assert errors == [] and done == ["a", "b"]
    assert [q.lease("w").job for _ in range(2)] == ["a", "b"]
    q.close()

"""Crashes of the PostgreSQL *server*, not of a client: each test starts its own cluster
(`kit.pgqueue.LocalServer`), crashes it mid-run and starts it again.

- `kill -9` of one idle backend: the postmaster then resets every backend and replays the WAL;
- `kill -9` of the postmaster (and so of the whole server), then start;
- `pg_ctl stop -m immediate` (no checkpoint), then start.

A client thread puts jobs and leases and acks them, remembering every put that returned and
every ack that returned True; while the server is down its calls fail (QueueServerError) and it
tries again. Afterwards every remembered put must be in the table and every remembered ack must
be `done`: 0 acknowledged writes lost. (With `durable=False`, synchronous_commit=off, the same
test loses puts and undoes acks: that is the cost the docstring of `kit.pgqueue.connect` names.)

Then the fleet: 4 worker processes on a server that is crashed and down for a second mid-run,
and on a server that is not up yet when they start; they wait it out and finish every job.
"""

import threading
import time

import pytest

from kit.durable_worker import Fleet, run_worker, setup, summary
from kit.pgqueue import LocalServer, PostgresLeaseQueue, QueueServerError, ServerMissing, connect

pytestmark = pytest.mark.slow


@pytest.fixture
def server():
    try:
        s = LocalServer()
    except ServerMissing as e:
        pytest.fail(str(e), pytrace=False)
    s.start()
    yield s
    s.close()


def _kill_idle_backend(server):
    idle = connect(server.dsn)
    pid = idle.execute("SELECT pg_backend_pid()").fetchone()[0]
    server.kill(pid)  # the postmaster resets every backend and replays the WAL


def _kill_postmaster(server):
    server.kill()
    server.start()


def _immediate_stop(server):
    server.stop("immediate")
    server.start()


CRASHES = {"kill -9 backend": _kill_idle_backend, "kill -9 postmaster": _kill_postmaster,
           "pg_ctl stop -m immediate": _immediate_stop}


class Client(threading.Thread):
    """Puts job i, leases one job and acks it, over and over; remembers what was acknowledged."""

    def __init__(self, dsn, durable=True):
        super().__init__(daemon=True)
        self.q = PostgresLeaseQueue(dsn, 60, 3, durable=durable)
        self.put, self.acked, self.errors = [], [], 0
        self.stop = threading.Event()

    def run(self):
        for i in range(10**9):  # every id once: a put that raised may or may not be in
            if self.stop.is_set():
                return
            try:
                self.q.put(i)
                self.put.append(i)
                lease = self.q.lease("client")
                if lease is not None and self.q.ack(lease):
                    self.acked.append(lease.job)
            except QueueServerError:  # the server is down or restarting: try again
                self.errors += 1
                time.sleep(0.02)

    def finish(self):
        self.stop.set()
        self.join(30)
        self.q.close()


def _connect_when_up(dsn, seconds=30):
    """A connection once the server accepts one (after a crash it replays its WAL first)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return connect(dsn)
        except QueueServerError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def _check_nothing_acknowledged_was_lost(dsn, client):
    with _connect_when_up(dsn) as conn:
        states = dict(conn.execute("SELECT id #>> '{}', state FROM kit_lease_jobs").fetchall())
    lost_puts = [i for i in client.put if str(i) not in states]
    undone_acks = [j for j in client.acked if states.get(str(j)) != "done"]
    return lost_puts, undone_acks


@pytest.mark.parametrize("crash", sorted(CRASHES))
def test_no_acknowledged_put_or_ack_is_lost_when_the_server_crashes(server, crash):
    client = Client(server.dsn)
    client.start()
    time.sleep(0.6)
    before = (len(client.put), len(client.acked))
    CRASHES[crash](server)
    time.sleep(0.6)
    client.finish()
    lost_puts, undone_acks = _check_nothing_acknowledged_was_lost(server.dsn, client)
    assert client.errors > 0, "the crash must have cut the client at least once"
    assert before[0] > 5 and len(client.put) > before[0], "the client worked before and after"
    assert lost_puts == [] and undone_acks == [], (
        f"{crash}: {len(lost_puts)} of {len(client.put)} acknowledged puts lost, "
        f"{len(undone_acks)} of {len(client.acked)} acks undone")


def test_a_fleet_outlives_a_server_crash_and_restart(server):
    setup(server.dsn, 400)
    with Fleet(server.dsn, work_seconds=0.005, lease_for=0.5, max_attempts=8,
               max_seconds=90, outage=30) as fleet, connect(server.dsn) as admin:
        fleet.start(4)
        while admin.execute("SELECT count(*) FROM kit_lease_jobs WHERE state = 'done'"
                            ).fetchone()[0] < 80:
            time.sleep(0.05)
        server.stop("immediate")
        time.sleep(1.0)  # down for a second: every worker's calls fail meanwhile
        server.start()
        codes = fleet.wait(90)
        errors = fleet.errors()
    end = summary(server.dsn)
    assert codes == dict.fromkeys(codes, 0), (codes, errors)
    assert errors == ""
    assert (end.jobs, end.done, end.live, end.lost, end.done_without_result) == (400, 400, 0, 0, 0)
    assert end.wrong_values == 0


def test_a_fleet_waits_for_a_server_that_is_down_at_start(server):
    setup(server.dsn, 100)
    server.stop("fast")
    with Fleet(server.dsn, work_seconds=0, max_seconds=60, outage=30) as fleet:
        fleet.start(2)
        time.sleep(1.0)
        assert len(fleet.alive()) == 2, fleet.errors()
        server.start()
        codes = fleet.wait(60)
        errors = fleet.errors()
    assert codes == {"w1": 0, "w2": 0} and errors == ""
    assert summary(server.dsn).done == 100


def test_a_worker_gives_up_after_its_outage_allowance_with_one_line(server):
    setup(server.dsn, 5)
    server.stop("fast")
    started = time.monotonic()
    with pytest.raises(ConnectionError, match="unreachable for .* s .outage=0.5."):
        run_worker(server.dsn, "w1", exit_when_empty=True, outage=0.5)
    assert time.monotonic() - started < 10


def test_a_stop_signal_while_the_server_is_down_exits_at_once_and_says_the_lease_will_expire(
        server):
    """B2 (blind round f26): SIGINT to a worker holding a lease while the server was down was
    ignored for the whole outage (exit 1 after `outage` seconds). A stop request is checked at
    every reconnect attempt: the worker tries to give the lease back for a short bound, then
    exits 130 saying truthfully that the lease stays until it expires."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    from kit.durable_worker import open_queue

    setup(server.dsn, 2, lease_for=30)
    kit = str(Path(__file__).resolve().parent.parent)
    proc = subprocess.Popen([sys.executable, "-m", "kit.durable_worker", server.dsn, "--name",
                             "w1", "--work", "6", "--lease-for", "30", "--outage", "60"],
                            stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=kit))
    try:
        with open_queue(server.dsn, lease_for=30) as q:
            deadline = time.monotonic() + 60
            while q.status(0) != "leased":
                assert time.monotonic() < deadline
                time.sleep(0.02)
        server.stop("immediate")
        time.sleep(1.0)
        began = time.monotonic()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        took = time.monotonic() - began
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 130 and err.count("\n") == 1 and took < 8, (proc.returncode, err)
    assert "given back" not in err and "left to expire at" in err, err
    server.start()
    with open_queue(server.dsn, lease_for=30) as q:
        assert q.status(0) == "leased"  # what the line said: it comes back when it expires

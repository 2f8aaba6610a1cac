"""PostgresLeaseQueue on the server the suite starts itself (fixture `pg_dsn`): the same stories
as the SQLite queue, claims racing from many connections, the server's clock, LISTEN/NOTIFY
waits, lost connections, bad input, bad DSNs and unreachable servers. The state machine against
the model runs on it in test_lease_machine.py; the crash test over TCP is in test_crash_pg.py."""

import itertools
import math
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from queue_errors import assert_operation_errors, assert_same_story

from kit.clock import FakeClock
from kit.lease import DeadLetter, Stats
from kit.pgqueue import PostgresLeaseQueue, QueueServerError, ServerClock, connect

ROOT = Path(__file__).resolve().parent.parent
_names = itertools.count()


@pytest.fixture
def queue_name():
    return f"t{next(_names)}"


@pytest.fixture
def make(pg_dsn, queue_name):
    """make(lease_for, max_attempts, retry_delay, clock) -> a queue on a fresh queue name;
    every queue made is dropped and closed at the end of the test."""
    made = []

    def make(lease_for=5, max_attempts=3, retry_delay=None, clock=None, queue=queue_name):
        q = PostgresLeaseQueue(pg_dsn, lease_for, max_attempts, retry_delay=retry_delay,
                               clock=FakeClock(0) if clock is None else clock, queue=queue)
        made.append(q)
        return q

    yield make
    for q in made:
        if q._conn is not None:
            q.drop()
        q.close()


def test_same_story_as_the_in_memory_queue(make):
    q = make(retry_delay=lambda r: 2)
    clock = q.clock
    assert_same_story(q, clock)


def test_heartbeat_keeps_the_lease_and_a_stale_lease_is_rejected(make):
    q = make(lease_for=4, retry_delay=lambda r: 0)
    clock = q.clock
    q.put("A")
    lease = q.lease("w1")
    clock.advance(3)
    assert q.heartbeat(lease, extend_by=4) is True  # now held until 7
    clock.advance(3)
    assert q.holder("A").expires_at == 7 and q.status("A") == "leased"
    clock.advance(1)  # t = 7: expired at the exact tick
    assert q.heartbeat(lease) is False and q.status("A") == "ready"
    again = q.lease("w1")
    assert again.token != lease.token and q.ack(lease) is False, "same worker, old grant"
    assert q.ack(again._replace(worker="w2")) is False, "someone else's lease"
    assert q.ack(again) is True


def test_poison_message_dead_letters_and_can_be_put_again(make):
    q = make(max_attempts=2, retry_delay=lambda r: 0)
    q.put("P", payload=[1, 2])
    assert q.fail(q.lease("w1")) is True
    q.fail(q.lease("w1"))
    assert q.dead_letters == [DeadLetter("P", [1, 2], 2, 0, "fail")]
    q.put("P", payload="again")
    assert q.dead_letters == [] and q.lease("w1").payload == "again"


def test_ids_keep_their_type_and_queues_are_apart(make, queue_name):
    q = make()
    other = make(queue=queue_name + "-other")
    q.put(1, payload="int")
    q.put("1", payload="str")
    other.put(1, payload="elsewhere")
    assert [q.lease("w").payload, q.lease("w").payload, q.lease("w")] == ["int", "str", None]
    assert other.status(1) == "ready"
    got = other.lease(7)
    assert (got.job, got.worker, got.payload) == (1, 7, "elsewhere")


def test_survives_a_restart(make, pg_dsn, queue_name):
    q = make(lease_for=10)
    clock = q.clock
    for i in range(50):
        q.put(i, payload={"n": i})
    held = q.lease("w1")
    q.close()  # the process ends without acking
    q = make(lease_for=10, retry_delay=lambda r: 0, clock=clock)
    assert q.stats() == Stats(ready=49, leased=1, delayed=0, done=0, dead=0,
                              duplicate_deliveries=0)
    assert q.holder(0) == held
    clock.advance(10)  # the dead holder's lease expires: job 0 is ready again since t = 10
    seen = []
    while (lease := q.lease("w2")) is not None:
        seen.append((lease.job, lease.attempt))
        assert lease.token != held.token, "tokens stay unique across a restart"
        assert q.ack(lease)
    assert seen == [(i, 1) for i in range(1, 50)] + [(0, 2)]
    assert q.stats().duplicate_deliveries == 1


def test_racing_claims_from_many_connections_never_share_a_job(make, queue_name):
    """8 threads, each with its own connection, claim 400 jobs as fast as they can: SKIP LOCKED
    lets them run side by side, and every job is handed out exactly once."""
    clock = FakeClock(0)
    queues = [make(clock=clock, lease_for=10**6) for _ in range(8)]
    for i in range(400):
        queues[0].put(i)
    got = [[] for _ in queues]
    go = threading.Barrier(len(queues))

    def drain(k):
        go.wait()
        while (lease := queues[k].lease(f"w{k}")) is not None:
            got[k].append(lease.job)
            assert queues[k].ack(lease)

    threads = [threading.Thread(target=drain, args=(k,)) for k in range(len(queues))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    claimed = [job for jobs in got for job in jobs]
    assert sorted(claimed) == list(range(400)), "each job exactly once"
    assert sum(1 for jobs in got if jobs) >= 2, "more than one connection got work"
    assert queues[0].stats().done == 400


def test_one_claim_takes_one_job_whatever_plan_the_statistics_choose(make, queue_name):
    """With table statistics in place the planner may put the claim's subquery on the inner
    side of a join and rescan it once per row; a rescan skips the row just taken and takes the
    next. (The first version of CLAIM joined the subquery in FROM and, after an ANALYZE, leased
    every ready job at once.) An uncorrelated subquery in WHERE runs once, whatever the plan."""
    q = make()
    q._conn.execute("INSERT INTO kit_lease_jobs (queue, id, state, due, seq) SELECT %s, "
                    "to_jsonb(g), 'done', 0, g FROM generate_series(1, 3000) g",
                    (queue_name + "-history",))
    q._conn.execute("ANALYZE kit_lease_jobs")
    try:
        for job in range(3):
            q.put(job)
        assert q.lease("w").job == 0
        assert q.stats().leased == 1, "one claim, one job"
        assert q.lease("w").job == 1 and q.stats().leased == 2
    finally:
        q._conn.execute("DELETE FROM kit_lease_jobs WHERE queue = %s", (queue_name + "-history",))


def test_the_claim_is_one_statement_that_skips_locked_rows():
    from kit import pgqueue
    assert pgqueue.CLAIM.count(";") == 0 and "FOR UPDATE SKIP LOCKED" in pgqueue.CLAIM
    assert pgqueue.CLAIM.lstrip().startswith("UPDATE")


def test_the_servers_clock_is_the_default(make, pg_dsn, queue_name):
    q = PostgresLeaseQueue(pg_dsn, 30, 3, queue=queue_name)
    try:
        assert isinstance(q.clock, ServerClock)
        q.put("A")
        before = q.clock.now()
        lease = q.lease("w")
        assert before + 30 <= lease.expires_at <= q.clock.now() + 30
        assert abs(q.clock.now() - time.time()) < 5, "the server runs on this machine"
    finally:
        q.drop()
        q.close()


def test_one_server_clock_for_workers_whose_own_clocks_disagree(make, pg_dsn, queue_name):
    """Clock skew: with their own clocks, a worker running 3 s fast steals a live lease; on the
    server's clock both agree on when it expires."""
    real = FakeClock(100)

    class Skewed:
        def __init__(self, offset):
            self.offset = offset

        def now(self):
            return real.now() + self.offset

    no_wait = lambda r: 0  # noqa: E731
    honest = make(lease_for=5, clock=Skewed(0), retry_delay=no_wait)
    fast = make(lease_for=5, clock=Skewed(3), retry_delay=no_wait)
    honest.put("A")
    mine = honest.lease("honest")  # held from 100 until 105
    real.advance(2)  # 2 s into the lease: the fast worker's clock already says 105
    assert fast.lease("fast") is not None, "the skewed clock expired a lease that was held"
    assert honest.ack(mine) is False
    a = PostgresLeaseQueue(pg_dsn, 5, 3, queue=queue_name + "-server")
    b = PostgresLeaseQueue(pg_dsn, 5, 3, queue=queue_name + "-server")
    try:
        a.put("A")
        mine = a.lease("honest")
        assert b.lease("other") is None and a.ack(mine) is True
    finally:
        a.drop()
        a.close()
        b.close()


def test_an_idle_worker_is_woken_by_a_put(pg_dsn, queue_name):
    waiter = PostgresLeaseQueue(pg_dsn, 5, 3, queue=queue_name)
    producer = PostgresLeaseQueue(pg_dsn, 5, 3, queue=queue_name)
    try:
        assert waiter.wait(0.05) is False, "nothing in the queue: the wait times out"
        timer = threading.Timer(0.3, producer.put, args=("A",))
        started = time.monotonic()
        timer.start()
        assert waiter.wait(10) is True
        woke = time.monotonic() - started
        timer.join()
        assert 0.25 < woke < 5, woke
        assert waiter.lease("w").job == "A"
    finally:
        waiter.drop()
        waiter.close()
        producer.close()


def test_an_idle_worker_wakes_when_a_delayed_job_is_due(pg_dsn, queue_name):
    q = PostgresLeaseQueue(pg_dsn, 5, 3, queue=queue_name)
    try:
        q.put("later", delay=0.4)
        assert q.lease("w") is None
        started = time.monotonic()
        assert q.wait(10) is True
        assert 0.3 < time.monotonic() - started < 5
        assert q.lease("w").job == "later"
        assert q.wait(0) is False, "the held lease expires in 5 s, not within a zero timeout"
    finally:
        q.drop()
        q.close()


def test_a_terminated_connection_is_one_clear_error_then_the_queue_reconnects(make, pg_dsn):
    q = make()
    q.put("A")
    lease = q.lease("w")
    pid = q._conn.info.backend_pid
    with connect(pg_dsn) as admin:
        assert admin.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone()[0] is True
    with pytest.raises(QueueServerError, match=r"lost the connection to PostgreSQL at "
                                               r"127\.0\.0\.1:\d+"):
        q.heartbeat(lease)
    assert q.ack(lease) is True, "the next call connects again; the lease is still live"


HOLDER = """
import sys, time
from kit.pgqueue import PostgresLeaseQueue
q = PostgresLeaseQueue(sys.argv[1], lease_for=0.5, max_attempts=3, retry_delay=lambda r: 0,
                       queue=sys.argv[2])
print(q.lease("doomed").job, flush=True)
time.sleep(60)
"""


def test_a_lease_held_by_a_killed_process_is_redelivered(pg_dsn, queue_name):
    q = PostgresLeaseQueue(pg_dsn, 0.5, 3, retry_delay=lambda r: 0, queue=queue_name)
    q.put("A", payload=7)
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, pg_dsn, queue_name],
                            stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert proc.stdout.readline().strip() == "A"
        assert q.holder("A").worker == "doomed"
        proc.kill()
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
    q.wait(5)  # sleeps until the dead holder's lease expires
    lease = q.lease("rescuer")
    assert (lease.job, lease.attempt, lease.payload) == ("A", 2, 7)
    assert q.ack(lease) and q.stats().duplicate_deliveries == 1
    q.drop()
    q.close()


# -- bad input, bad DSNs, no server -------------------------------------------------------

def test_constructor_errors(pg_dsn):
    with pytest.raises(TypeError, match="dsn must be a connection string, got 3"):
        PostgresLeaseQueue(3, 5, 3)
    with pytest.raises(ValueError, match="lease_for must be > 0, got 0"):
        PostgresLeaseQueue(pg_dsn, 0, 3)
    with pytest.raises(ValueError, match="lease_for must be a number, got nan"):
        PostgresLeaseQueue(pg_dsn, math.nan, 3)
    with pytest.raises(TypeError, match="max_attempts must be an int, got 2.5"):
        PostgresLeaseQueue(pg_dsn, 5, 2.5)
    with pytest.raises(ValueError, match="max_attempts must be >= 1, got 0"):
        PostgresLeaseQueue(pg_dsn, 5, 0)
    with pytest.raises(TypeError, match="retry_delay must be callable, got 2"):
        PostgresLeaseQueue(pg_dsn, 5, 3, retry_delay=2)
    with pytest.raises(TypeError, match="clock must have a now.. method, got 0"):
        PostgresLeaseQueue(pg_dsn, 5, 3, clock=0)
    with pytest.raises(ValueError, match="queue must be a non-empty str, got ''"):
        PostgresLeaseQueue(pg_dsn, 5, 3, queue="")


def test_a_bad_dsn_is_named():
    with pytest.raises(ValueError, match="dsn is not a PostgreSQL connection string: 'nonsense'"):
        PostgresLeaseQueue("nonsense", 5, 3)


def test_an_unreachable_server_names_host_and_port():
    import socket
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    started = time.monotonic()
    with pytest.raises(QueueServerError, match=rf"cannot connect to PostgreSQL at "
                                               rf"127\.0\.0\.1:{port}: .*(?i:refused)"):
        PostgresLeaseQueue(f"postgresql://postgres@127.0.0.1:{port}/postgres", 5, 3)
    assert time.monotonic() - started < 10
    with pytest.raises(QueueServerError, match=r"at 127\.0\.0\.1:5999"):
        PostgresLeaseQueue("host=127.0.0.1 port=5999 user=postgres", 5, 3)


def test_a_missing_driver_says_what_to_install():
    code = ("import sys; sys.modules['psycopg'] = None\n"
            "import kit.pgqueue\n"  # importing the module needs no driver
            "try:\n    kit.pgqueue.PostgresLeaseQueue('host=x', 5, 3)\n"
            "except ImportError as e:\n    print(e)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert "pip install 'kit[postgres]'" in out.stdout, out.stderr


def test_operation_errors(make):
    q = make()
    assert_operation_errors(q)
    q.put("D", delay=3)
    with pytest.raises(ValueError, match="job_id 'D' is already in the queue .state 'delayed'."):
        q.put("D")
    with pytest.raises(ValueError, match="timeout must be >= 0, got -1"):
        q.wait(-1)
    q.drop()
    q.close()
    with pytest.raises(ValueError, match="the queue 't\\d+' on 127.0.0.1:\\d+ is closed"):
        q.status("A")


def test_a_bad_retry_delay_rolls_the_whole_operation_back(make):
    q = make(retry_delay=lambda r: -1)
    q.put("A")
    lease = q.lease("w1")
    with pytest.raises(ValueError, match=r"retry_delay\(0\) must return a finite .* got -1"):
        q.fail(lease)
    q.retry_delay = lambda r: 0
    assert q.status("A") == "leased" and q.fail(lease) is True


# -- the throwaway server -----------------------------------------------------------------

def test_server_binaries_are_found_or_named(tmp_path):
    from kit.pgqueue import ServerMissing, server_binaries
    for version in ("9", "15"):
        (tmp_path / version / "bin").mkdir(parents=True)
        (tmp_path / version / "bin" / "initdb").touch()
    assert server_binaries(debian=str(tmp_path)) == tmp_path / "15" / "bin", "newest first"
    with pytest.raises(ServerMissing, match="^PostgreSQL's server .initdb, pg_ctl. is not "
                                            "installed: apt-get install postgresql$"):
        server_binaries(debian=str(tmp_path / "none"), path=str(tmp_path))


def test_the_fixture_fails_in_one_line_when_the_server_is_missing(monkeypatch, tmp_path):
    import kit.pgqueue
    try:
        from pg_server import throwaway_server
    except ImportError:  # tests/ is a package
        from tests.pg_server import throwaway_server
    real = kit.pgqueue.server_binaries
    monkeypatch.setattr(kit.pgqueue, "server_binaries",
                        lambda: real(str(tmp_path), path=str(tmp_path)))
    with pytest.raises(pytest.fail.Exception, match="apt-get install postgresql") as failed:
        with throwaway_server():
            pass
    assert "\n" not in str(failed.value)


def test_the_suites_server_is_its_own(pg_dsn):
    """The session's server listens on 127.0.0.1 only, from a data folder this session made."""
    with connect(pg_dsn) as conn:
        data = conn.execute("SHOW data_directory").fetchone()[0]
        listen = conn.execute("SHOW listen_addresses").fetchone()[0]
    assert Path(data).parent.name.startswith("kit-pg-") and listen == "127.0.0.1"


def test_the_durable_worker_story_on_postgres(pg_dsn):
    """Notebook 06's crash story on a DSN: w1 records job 0 and dies before its ack; after the
    expiry w2 runs everything, job 0 twice, and the upsert leaves one row per job."""
    from kit import durable_worker as dw
    with connect(pg_dsn) as admin:
        admin.execute("DROP DATABASE IF EXISTS story WITH (FORCE)")
        admin.execute("CREATE DATABASE story")
    dsn = pg_dsn.rsplit("/", 1)[0] + "/story"
    try:
        clock = FakeClock(0)
        dw.setup(dsn, jobs=3, lease_for=5, clock=clock)
        w1, w2 = (dw.open_queue(dsn, lease_for=5, clock=clock) for _ in range(2))
        results = dw.open_results(dsn)
        first = w1.lease("w1")
        dw.record(results, first.job, dw.work(first.payload), "w1")
        w1.close()
        clock.advance(5)
        order = []
        while (lease := w2.lease("w2")) is not None:
            order.append((lease.job, lease.attempt))
            assert dw.handle(w2, results, lease, "w2") is True
            clock.advance(1)
        w2.close()
        results.close()
        assert order == [(1, 1), (2, 1), (0, 2)]
        end = dw.summary(dsn, clock=clock)
        assert (end.jobs, end.done, end.lost, end.results, end.wrong_values) == (3, 3, 0, 3, 0)
        assert (end.extra_runs, end.duplicate_deliveries) == (1, 1)
        assert dw.is_dsn(dsn) and not dw.is_dsn("queue.db")
    finally:
        with connect(pg_dsn) as admin:
            admin.execute("DROP DATABASE story WITH (FORCE)")


def test_a_refused_put_still_commits_the_catch_up(make):
    calls = []
    q = make(lease_for=2, retry_delay=lambda r: calls.append(r) or 3)
    q.put("A")
    q.lease("w1")
    q.clock.advance(2)  # A's lease expires now; nobody has looked yet
    with pytest.raises(ValueError, match="job_id 'A' is already in the queue .state 'delayed'."):
        q.put("A")
    assert q.status("A") == "delayed" and calls == [0], "one expiry, one retry_delay call"


def test_killing_a_stopped_local_server_is_one_clear_error():
    from kit.pgqueue import LocalServer
    server = LocalServer()
    try:
        with pytest.raises(RuntimeError, match="PostgreSQL server in .* is not running: there "
                                               "is no postmaster to kill"):
            server.kill()
        server.start()
        server.stop()
        with pytest.raises(RuntimeError, match="is not running"):
            server.kill()
    finally:
        server.close()

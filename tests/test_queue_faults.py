"""Faults every lease queue must meet the same way: memory, SQLite and PostgreSQL.

All or nothing: a refused call (a delay that never ends, a retry_delay returning inf, NaN, a
negative number or a non-number) raises one error naming the argument and changes nothing. The
queue counts for itself: a Lease whose attempt, expiry or payload a client edited is treated as
the lease the store holds. An id the SQL stores cannot hold is one clear error.
"""

import itertools
import math
import os

import pytest

from kit import durable_worker
from kit.clock import FakeClock
from kit.lease import LeaseQueue
from kit.pgqueue import PostgresLeaseQueue
from kit.store import QueueFileError, SqliteLeaseQueue

_names = itertools.count()


def _memory(request, clock, **kw):
    return LeaseQueue(clock, **kw)


def _sqlite(request, clock, **kw):
    return SqliteLeaseQueue(":memory:", clock=clock, **kw)


def _postgres(request, clock, **kw):
    dsn = request.getfixturevalue("pg_dsn")
    q = PostgresLeaseQueue(dsn, clock=clock, queue=f"faults-{next(_names)}", **kw)
    request.addfinalizer(lambda: (q.drop(), q.close()))
    return q


QUEUES = {"memory": _memory, "sqlite": _sqlite, "postgres": _postgres}


@pytest.fixture(params=sorted(QUEUES))
def make(request):
    def build(lease_for=5, max_attempts=3, retry_delay=None):
        clock = FakeClock(100)
        q = QUEUES[request.param](request, clock, lease_for=lease_for,
                                  max_attempts=max_attempts, retry_delay=retry_delay)
        return clock, q
    build.kind = request.param
    return build


def _nothing_changed(q, job="A"):
    with pytest.raises(ValueError, match="was never put"):
        q.status(job)
    assert tuple(q.stats()) == (0, 0, 0, 0, 0, 0)


@pytest.mark.parametrize("delay, error, message", [
    (math.inf, ValueError, "delay must keep now . delay finite, got inf"),
    (-math.inf, ValueError, "delay must be >= 0, got -inf"),
    (math.nan, ValueError, "delay must be a number, got nan"),
    (-1, ValueError, "delay must be >= 0, got -1"),
    ("1", TypeError, "delay must be a number, got '1'"),
    (True, TypeError, "delay must be a number, got True"),
    (None, TypeError, "delay must be a number, got None"),
])
def test_put_refuses_a_bad_delay_and_changes_nothing(make, delay, error, message):
    clock, q = make()
    with pytest.raises(error, match=message):
        q.put("A", delay=delay)
    _nothing_changed(q)
    q.put("A")  # the id was never taken
    assert q.status("A") == "ready"


@pytest.mark.parametrize("bad", [math.inf, math.nan, -1, -math.inf, "2", None, True])
def test_a_bad_retry_delay_refuses_the_operation_and_keeps_the_lease(make, bad):
    clock, q = make(retry_delay=lambda r: bad)
    q.put("A")
    lease = q.lease("w1")
    with pytest.raises(ValueError, match=r"retry_delay\(0\) must return a finite number >= 0"):
        q.fail(lease)
    assert q.status("A") == "leased" and q.holder("A").token == lease.token
    assert q.ack(lease) is True


@pytest.mark.parametrize("bad", [math.inf, math.nan, -1, "2", None, 10**400, ZeroDivisionError],
                         ids=["inf", "nan", "-1", "str", "None", "10**400", "raises"])
def test_a_bad_retry_delay_at_an_expiry_dead_letters_that_job_and_the_queue_goes_on(make, bad):
    """Blind round c26: one NaN from retry_delay at an expiry refused every later call, for good
    (memory, SQLite): a queue stopped by one job. Nobody holds an expired job, so it is
    dead-lettered with the reason, and every other call works, the same on all three."""
    def retry_delay(r):
        if bad is ZeroDivisionError:
            return 1 / 0
        return bad if r == 0 else 1.0
    clock, q = make(retry_delay=retry_delay)
    q.put("A")
    q.put("B")
    lease = q.lease("w1")
    clock.advance(5)  # A's lease expires; its retry cannot be timed
    q.put("C")
    assert q.status("A") == "dead" and q.ack(lease) is False
    (dead,) = q.dead_letters
    assert (dead.job, dead.attempts, dead.reason) == ("A", 1, "expire")
    assert dead.error.startswith(("no retry: ValueError: retry_delay(0) must return a finite",
                                  "no retry: ZeroDivisionError"))
    assert q.stats() == (2, 0, 0, 0, 1, 0)
    assert q.ack(q.lease("w2")) and q.ack(q.lease("w2")) and q.lease("w2") is None


def test_heartbeat_refuses_an_endless_extension(make):
    clock, q = make()
    q.put("A")
    lease = q.lease("w1")
    with pytest.raises(ValueError, match="extend_by"):
        q.heartbeat(lease, extend_by=math.inf)
    with pytest.raises(ValueError, match="extend_by"):
        q.heartbeat(lease, extend_by=math.nan)
    assert q.holder("A").expires_at == 105


def test_the_queue_counts_attempts_itself_not_the_lease(make):
    clock, q = make(max_attempts=2, retry_delay=lambda r: 0)
    q.put("A")
    assert q.fail(q.lease("w1"))
    second = q.lease("w1")
    assert second.attempt == 2
    assert q.fail(second._replace(attempt=1)) is True  # the edit is not believed
    assert q.status("A") == "dead" and q.dead_letters[0].attempts == 2


def test_edited_deadlines_tokens_and_workers_are_not_believed(make):
    clock, q = make(lease_for=5)
    q.put("A")
    lease = q.lease("w1")
    assert q.ack(lease._replace(token=lease.token + 1)) is False
    assert q.ack(lease._replace(token=float(lease.token))) is False
    assert q.ack(lease._replace(token=True)) is False
    assert q.ack(lease._replace(worker="w2")) is False
    clock.advance(5)
    assert q.ack(lease._replace(expires_at=10**9)) is False  # expired in the store
    assert q.heartbeat(lease._replace(expires_at=10**9)) is False
    clock.advance(1)
    again = q.lease("w2")
    assert again.attempt == 2
    assert q.ack(again._replace(attempt=99, expires_at=0, payload="x")) is True
    assert q.status("A") == "done"


def test_the_error_of_a_failed_attempt_is_kept_in_its_dead_letter(make):
    clock, q = make(max_attempts=1)
    q.put("A", payload=7)
    lease = q.lease("w1")
    with pytest.raises(TypeError, match="error must be a str or None, got 5"):
        q.fail(lease, error=5)
    assert q.status("A") == "leased"
    assert q.fail(lease, error="TypeError: can't multiply sequence") is True
    (dead,) = q.dead_letters
    assert (dead.job, dead.payload, dead.attempts, dead.reason, dead.error) == (
        "A", 7, 1, "fail", "TypeError: can't multiply sequence")


def test_any_error_message_can_be_kept(make):
    clock, q = make(max_attempts=1)
    q.put("A")
    assert q.fail(q.lease("w1"), error="nul\x00 and \ud800 and " + "x" * 20_000) is True
    (dead,) = q.dead_letters
    assert dead.error.startswith("nul\\x00 and \\ud800 and xxx") and len(dead.error) < 8100


@pytest.mark.parametrize("bad, message", [
    ("a\x00b", "must not contain NUL"),
    ("\ud800", "must be valid Unicode .no lone surrogate."),
    ("é" * 600, "must be at most 1024 bytes in UTF-8, got 1200 bytes"),
    ("x" * 9000, "must be at most 1024 bytes in UTF-8, got 9000 bytes"),
])
def test_every_queue_refuses_ids_and_names_a_store_cannot_hold(make, bad, message):
    """One rule on all three (kit.validate.store_name): the memory queue accepted these while
    both SQL queues refused them (blind round c26), so code tried on memory failed on SQL."""
    clock, q = make()
    with pytest.raises(ValueError, match=f"job_id {message}"):
        q.put(bad)
    with pytest.raises(ValueError, match=f"job_id {message}"):
        q.status(bad)
    q.put("A")
    with pytest.raises(ValueError, match=f"worker {message}"):
        q.lease(bad)
    assert q.status("A") == "ready"
    lease = q.lease("w1")
    assert q.ack(lease._replace(job=bad)) is False and q.ack(lease._replace(worker=bad)) is False
    assert q.ack(lease) is True


@pytest.mark.parametrize("bad", [math.nan, 1.5, True, 2**63, -(2**63) - 1, ("a", 1), None,
                                 b"a", frozenset()], ids=repr)
def test_every_queue_refuses_ids_and_names_that_are_not_a_str_or_a_64_bit_int(make, bad):
    clock, q = make()
    with pytest.raises(TypeError, match="job_id must be a str or an int, got"):
        q.put(bad)
    _nothing_changed(q)
    q.put("A")
    with pytest.raises(TypeError, match="worker must be a str or int name, got"):
        q.lease(bad)
    assert q.status("A") == "ready" and q.stats().leased == 0


@pytest.mark.parametrize("good", [-(2**63), 2**63 - 1, "é" * 512, "", 0])
def test_every_queue_takes_the_same_edge_ids(make, good):
    clock, q = make()
    q.put(good, payload=1)
    lease = q.lease(good)
    assert (lease.job, lease.worker) == (good, good) and q.ack(lease)


@pytest.mark.parametrize("payload", [
    pytest.param(object(), id="object"),
    pytest.param({1j: 2}, id="complex-key"),
    pytest.param(b"x", id="bytes"),
    pytest.param((1, 2), id="tuple-becomes-list"),
    pytest.param({"a": [1, (2,)]}, id="nested-tuple"),
    pytest.param({1: 2}, id="int-key-becomes-str"),
    pytest.param({True: 2}, id="bool-key"),
    pytest.param({1: "a", "1": "b"}, id="keys-collide"),
    pytest.param(math.nan, id="nan"),
    pytest.param([math.inf], id="inf"),
    pytest.param({"x": -math.inf}, id="-inf"),
])
def test_every_queue_refuses_payloads_json_cannot_round_trip(make, payload):
    """Each store keeps a payload as JSON text (memory: the value decoded from it), so what a
    lease hands back equals what was put, on all three; one that would come back different
    (a tuple as a list, an int key as a str) or not at all (NaN) is refused the same way."""
    clock, q = make()
    with pytest.raises(TypeError, match="payload must be JSON data"):
        q.put("A", payload=payload)
    _nothing_changed(q)


@pytest.mark.parametrize("payload", [None, 0, -0.0, 2**80, 0.1, 1e308, "a\x00b", "\ud800",
                                     [1, [2, {"k": None}]], {"é": True}], ids=repr)
def test_every_queue_gives_back_an_equal_copy_of_a_json_payload(make, payload):
    clock, q = make()
    q.put("A", payload=payload)
    got = q.lease("w1").payload
    assert repr(got) == repr(payload) and type(got) is type(payload)
    if isinstance(payload, list):
        got.append("mine")  # the caller's copy: the queue's is untouched
        clock.advance(100)
        assert q.lease("w2").payload == payload


def test_a_payload_nested_too_deep_is_one_clear_error(make):
    clock, q = make()
    deep = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(TypeError, match="payload must be JSON data"):
        q.put("A", payload=deep)
    _nothing_changed(q)


def _copy_of_a_queue(tmp_path):
    path = tmp_path / "q.db"
    with SqliteLeaseQueue(path, lease_for=5, max_attempts=3) as q:
        q.put("x")
    return path


def test_a_queue_file_with_a_second_hard_link_is_refused_by_either_name(tmp_path):
    """SQLite keys its -wal and -shm by name: workers on q.db and on a hard link to it corrupted
    the file and lost acknowledged writes (blind round c26). Either name is refused, in one
    line naming the file, before anything is opened."""
    path = _copy_of_a_queue(tmp_path)
    os.link(path, tmp_path / "other.db")
    for name in (path, tmp_path / "other.db"):
        with pytest.raises(QueueFileError, match=r"has 2 hard links .*keep one name") as e:
            SqliteLeaseQueue(name, lease_for=5, max_attempts=3)
        assert "\n" not in str(e.value) and os.fspath(name) in str(e.value)
    with pytest.raises(QueueFileError, match="hard links"):
        durable_worker.summary(path)
    os.unlink(tmp_path / "other.db")  # one name again: it opens, nothing was lost
    with SqliteLeaseQueue(path, lease_for=5, max_attempts=3) as q:
        assert q.status("x") == "ready"
    assert sorted(os.listdir(tmp_path)) == ["q.db"]


def test_every_other_name_of_a_queue_file_opens_the_one_canonical_name(tmp_path):
    """A symlink or a path through `..` is resolved: every connection, the worker's results
    table included, uses one name, so there is one WAL."""
    path = _copy_of_a_queue(tmp_path)
    (tmp_path / "sub").mkdir()
    os.symlink(path, tmp_path / "sub" / "link.db")
    for name in (tmp_path / "sub" / "link.db", tmp_path / "sub" / ".." / "q.db"):
        with SqliteLeaseQueue(name, lease_for=5, max_attempts=3) as q:
            assert q.path == os.fspath(path) and q.status("x") == "ready"
            results = durable_worker.open_results(os.fspath(name))
            results.close()
    assert not any(n.startswith("link.db-") for n in os.listdir(tmp_path / "sub"))


@pytest.mark.parametrize("bad", ["", b"q.db", None, 3])
def test_a_queue_path_that_names_no_file_is_refused(bad):
    with pytest.raises((TypeError, ValueError), match="path must"):
        SqliteLeaseQueue(bad, lease_for=5, max_attempts=3)


# -- two bad arguments at once (blind round f26, B6) ----------------------------------------

BAD_IDS = [None, 1.5, "a\x00b"]
BAD_PAYLOADS = [(1, 2), {1: 2}, math.nan, object(), b"x"]
BAD_DELAYS = [-1, math.nan, math.inf, "1"]


def _refusal(call, *args, **kwargs):
    try:
        call(*args, **kwargs)
    except (TypeError, ValueError) as e:
        return type(e).__name__, str(e).split(",")[0]
    return None


def _all_three(request):
    clock = FakeClock(100)
    return {kind: QUEUES[kind](request, clock, lease_for=5, max_attempts=3, retry_delay=None)
            for kind in sorted(QUEUES)}


def test_every_queue_checks_the_arguments_in_the_same_order(request):
    """Memory checked the payload before the delay, SQLite and PostgreSQL the delay first: two
    bad arguments gave TypeError in one and ValueError in the others. Every queue checks an
    operation's arguments in the order of its signature, through the same routine."""
    queues = _all_three(request)
    seen = set()
    for job_id in ["A", *BAD_IDS]:
        for payload in [None, *BAD_PAYLOADS]:
            for delay in [0, *BAD_DELAYS]:
                got = {kind: _refusal(q.put, job_id, payload, delay=delay)
                       for kind, q in queues.items()}
                assert len(set(got.values())) == 1, (job_id, payload, delay, got)
                first = ("job_id" if job_id != "A" else "payload" if payload is not None
                         else "delay" if delay != 0 else None)
                if first is not None:
                    assert got["memory"][1].startswith(first), (job_id, payload, delay, got)
                    seen.add(first)
                for q in queues.values():
                    if first is None:
                        q.ack(q.lease("w"))  # the one good put: done, so "A" can be put again
    assert seen == {"job_id", "payload", "delay"}
    leases = {kind: (q.put("B"), q.lease("w"))[1] for kind, q in queues.items()}
    for lease_edit in [None, "not a lease"]:
        for extend_by in [None, -1, math.nan, "1"]:
            got = {kind: _refusal(q.heartbeat, lease_edit or leases[kind], extend_by)
                   for kind, q in queues.items()}
            assert len(set(got.values())) == 1, (lease_edit, extend_by, got)
        for error in [None, 3, b"x"]:
            got = {kind: _refusal(q.fail, lease_edit or leases[kind], error=error)
                   for kind, q in queues.items() if error is not None or lease_edit}
            assert len(set(got.values())) <= 1, (lease_edit, error, got)


# -- a lease belongs to the queue that granted it (blind round f26, note N1) -----------------

def _two_queues(kind, request, tmp_path):
    clock = FakeClock(100)
    if kind == "sqlite-files":
        return [SqliteLeaseQueue(tmp_path / f"{name}.db", 5, 3, clock=clock) for name in "ab"]
    return [QUEUES[kind](request, clock, lease_for=5, max_attempts=3, retry_delay=None)
            for _ in "ab"]


@pytest.mark.parametrize("kind", ["memory", "sqlite", "sqlite-files", "postgres"])
def test_a_lease_from_another_queue_is_refused_by_name(kind, request, tmp_path):
    """Tokens start again in every SQLite file and memory queue: a lease of queue A, handed to
    queue B that has the same job id, worker and token, was accepted. A lease carries the
    identity of the queue that granted it; another queue refuses it, naming both."""
    a, b = _two_queues(kind, request, tmp_path)
    for q in (a, b):
        q.put("job", payload=1)
    from_a, from_b = a.lease("w"), b.lease("w")
    assert from_a.queue == a.identity and from_b.queue == b.identity != a.identity
    for call in (b.ack, b.heartbeat, b.fail):
        with pytest.raises(ValueError, match="lease was granted by another queue"):
            call(from_a)
    assert b.status("job") == "leased" and b.holder("job") == from_b
    assert b.ack(from_b) is True and a.ack(from_a) is True
    if kind == "sqlite-files":  # the others are closed by their fixtures
        for q in (a, b):
            q.close()


def test_every_opening_of_one_queue_file_is_the_same_queue(tmp_path):
    path = tmp_path / "q.db"
    clock = FakeClock(100)
    with SqliteLeaseQueue(path, 5, 3, clock=clock) as one, \
            SqliteLeaseQueue(path, 5, 3, clock=clock) as two:
        one.put("job")
        assert two.ack(one.lease("w")) is True and one.identity == two.identity


# -- blind round 3: the same faults, the same answer on every queue -------------------------------

class _Reading:
    def __init__(self, value):
        self.value = value

    def now(self):
        return self.value


class _StrRaises(Exception):
    def __str__(self):
        raise RuntimeError("its __str__ raised")


def _raises_unprintable(retry):
    raise _StrRaises()


def test_a_retry_delay_raising_an_unprintable_error_at_an_expiry_dead_letters_only_that_job(make):
    clock, q = make(retry_delay=_raises_unprintable)
    q.put("A")
    q.put("B")
    q.lease("w1")
    clock.advance(10)  # A's lease expires: its retry_delay raises, its message cannot be read
    assert q.status("B") == "ready" and q.status("A") == "dead"
    (dead,) = q.dead_letters
    assert dead.job == "A" and dead.error.startswith("no retry: _StrRaises")
    q.put("C")
    assert q.lease("w2").job == "B" and tuple(q.stats())[:2] == (1, 1)


def test_a_heartbeat_during_a_clock_step_back_never_shortens_the_lease(make):
    _, q = make(lease_for=10)
    q.clock = clock = _Reading(100)  # a wall clock an NTP correction steps back
    q.put("A")
    lease = q.lease("w1")  # at 100, until 110
    clock.value = 50  # the lease still ends at 110
    assert q.heartbeat(lease) is True
    assert q.holder("A").expires_at == 110  # max(110, 50 + 10), not 60
    assert q.heartbeat(lease, extend_by=100) is True and q.holder("A").expires_at == 150
    clock.value = 105
    assert q.lease("w2") is None and q.ack(lease) is True


HUGE = 10**400


@pytest.mark.parametrize("call, name", [
    (lambda q, lease: q.put("B", delay=HUGE), "delay"),
    (lambda q, lease: q.heartbeat(lease, extend_by=HUGE), "extend_by"),
])
def test_every_queue_refuses_an_int_no_float_holds_by_name(make, call, name):
    clock, q = make()
    q.put("A")
    lease = q.lease("w1")
    with pytest.raises(ValueError, match=f"{name} must be a number a float can hold .*, got 1000"):
        call(q, lease)
    assert q.holder("A").expires_at == 105 and q.stats().ready + q.stats().delayed == 0


@pytest.mark.parametrize("kind", sorted(QUEUES))
def test_every_queue_refuses_a_lease_for_no_float_holds_at_its_door(kind, request):
    with pytest.raises(ValueError, match="lease_for must be a number a float can hold"):
        QUEUES[kind](request, FakeClock(0), lease_for=HUGE, max_attempts=3)


def test_the_postgres_wait_refuses_a_timeout_no_float_holds(request):
    q = _postgres(request, FakeClock(0), lease_for=5, max_attempts=3)
    with pytest.raises(ValueError, match="timeout must be a number a float can hold"):
        q.wait(HUGE)


def test_exponential_retry_refuses_a_base_no_float_holds_and_never_returns_inf():
    from kit.jobs import MAX_WAIT
    from kit.lease import exponential_retry
    with pytest.raises(ValueError, match="base must be a number a float can hold"):
        exponential_retry(base=HUGE)
    forever = exponential_retry(base=1, cap=math.inf)
    assert [forever(r) for r in (0, 10, 1024, 10**6)] == [1, 1024, MAX_WAIT, MAX_WAIT]


@pytest.mark.parametrize("reading, error, message", [
    (True, TypeError, "clock.now.. must be a number, got True"),
    (HUGE, ValueError, "clock.now.. must be a number a float can hold"),
    (math.nan, ValueError, "clock.now.. must be finite, got nan"),
    (math.inf, ValueError, "clock.now.. must be finite, got inf"),
    ("1", TypeError, "clock.now.. must be a number, got '1'"),
], ids=["True", "10**400", "nan", "inf", "'1'"])
def test_every_queue_checks_each_clock_reading_the_same_way(make, reading, error, message):
    clock, q = make()
    q.put("A")
    q.clock = _Reading(reading)
    for call in (lambda: q.put("B"), lambda: q.lease("w1"), q.stats):
        with pytest.raises(error, match=message):
            call()
    q.clock = clock
    assert q.status("A") == "ready" and q.stats().ready == 1


def test_every_queue_says_a_str_subclass_is_not_exactly_a_str(make):
    class Name(str):
        pass
    clock, q = make()
    with pytest.raises(TypeError, match="job_id must be exactly a str .not the subclass Name. "
                                        "or an int, got 'x'"):
        q.put(Name("x"))
    q.put("A")
    with pytest.raises(TypeError, match="worker must be exactly a str"):
        q.lease(Name("w"))
    assert q.stats().ready == 1


def test_an_empty_postgres_queue_name_is_a_value_error(pg_dsn):
    with pytest.raises(ValueError, match="queue must be a non-empty str, got ''"):
        PostgresLeaseQueue(pg_dsn, 5, 3, queue="")
    with pytest.raises(TypeError, match="queue must be a non-empty str, got 3"):
        PostgresLeaseQueue(pg_dsn, 5, 3, queue=3)


def test_a_nul_in_a_queue_path_is_refused_by_name():
    with pytest.raises(ValueError, match=r"path must not contain NUL \(\\x00\), got 'a\\x00b'"):
        SqliteLeaseQueue("a\x00b", 5, 3)

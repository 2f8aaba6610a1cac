"""A poison job among good ones: the kit worker fails that attempt (the error kept with the job),
the queue retries it with backoff and dead-letters it at max_attempts, and the fleet finishes
every good job. (Server restarts and outages: tests/test_crash_server.py.)"""

import math
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from kit.durable_worker import Fleet, open_queue, run_worker, setup, summary

KIT = str(Path(__file__).resolve().parent.parent)


def test_a_poison_job_is_dead_lettered_and_the_fleet_goes_on():
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "q.db")
        setup(path, 60, max_attempts=3)
        with open_queue(path, max_attempts=3) as q:
            q.put("poison", payload="x")  # work("x") is "x" * "x": TypeError
            q.put("huge", payload=2**40)  # its result does not fit the results table
        with Fleet(path, work_seconds=0, max_attempts=3, max_seconds=60) as fleet:
            fleet.start(3)
            codes = fleet.wait(60)
            errors = fleet.errors()
        assert codes == {"w1": 0, "w2": 0, "w3": 0} and errors == ""
        end = summary(path, max_attempts=3)
        assert (end.done, end.dead, end.live, end.lost, end.wrong_values) == (60, 2, 0, 0, 0)
        with open_queue(path, max_attempts=3) as q:
            dead = {d.job: d for d in q.dead_letters}
        assert dead["poison"].attempts == 3 and dead["poison"].reason == "fail"
        assert dead["poison"].error.startswith("TypeError: can't multiply sequence")
        assert dead["huge"].error.startswith("ValueError: the result of job 'huge' must be "
                                              "an int of 64 bits")


def test_a_handler_that_raises_fails_the_attempt_in_process():
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "q.db")
        setup(path, 5, max_attempts=2, retry_base=0)

        def handler(payload):
            if payload == 3:
                raise KeyError(payload)
            return payload

        done = run_worker(path, "w1", exit_when_empty=True, max_seconds=30, handler=handler,
                          max_attempts=2, retry_base=0)
        assert done == 4
        with open_queue(path, max_attempts=2) as q:
            (dead,) = q.dead_letters
        assert (dead.job, dead.attempts, dead.error) == (3, 2, "KeyError: 3")


def _run_handler(handler, jobs=4, path=None):
    """run_worker in this process with `handler`, max_attempts=2, on a new SQLite file (or
    the PostgreSQL database `path`); the jobs handled, the dead letters by job, the stats."""
    with tempfile.TemporaryDirectory() as folder:
        path = path or os.path.join(folder, "q.db")
        setup(path, jobs, max_attempts=2, retry_base=0)
        done = run_worker(path, "w1", exit_when_empty=True, max_seconds=30, handler=handler,
                          max_attempts=2, retry_base=0)
        with open_queue(path, max_attempts=2) as q:
            return done, {d.job: d for d in q.dead_letters}, q.stats()


def _raiser(exc):
    def handler(payload):
        if payload == 1:
            raise exc
        return payload
    return handler


@pytest.mark.parametrize("exc", [SystemExit(3), KeyboardInterrupt(), GeneratorExit()],
                         ids=["system-exit", "keyboard-interrupt", "generator-exit"])
def test_a_handler_raising_a_base_exception_fails_the_attempt_and_the_worker_goes_on(exc):
    """Blind round c26: SystemExit or KeyboardInterrupt from a handler killed the worker with
    the job left leased. It is a failed attempt like any other (a real SIGINT is not: below)."""
    done, dead, stats = _run_handler(_raiser(exc))
    assert done == 3 and list(dead) == [1] and dead[1].attempts == 2
    assert dead[1].error.startswith(type(exc).__name__)
    assert (stats.ready, stats.leased, stats.delayed) == (0, 0, 0)


@pytest.mark.parametrize("value, message", [
    (math.nan, "must be an int of 64 bits, got nan"),
    (math.inf, "got inf"),
    (2.5, "got 2.5"),
    ("text", "got 'text'"),
    ("a\x00b", "got 'a"),
    (True, "got True"),
    (object(), "got <object"),
    (2**63, "got 9223372036854775808"),
])
def test_a_result_the_results_table_cannot_hold_fails_the_same_way_on_both_stores(value,
                                                                                   message):
    """Blind round c26: a NaN result was done on SQLite and dead-lettered on PostgreSQL with
    the driver's text. The rule is checked before either store is touched, so it is the same
    on both."""
    from kit.durable_worker import result_value

    with pytest.raises((TypeError, ValueError), match=message):
        result_value(7, value)
    done, dead, _ = _run_handler(lambda payload: value if payload == 1 else payload)
    assert done == 3 and list(dead) == [1]
    assert dead[1].error.startswith(("TypeError: the result of job 1", "ValueError: the result"))


@pytest.mark.parametrize("value", [math.nan, "a\x00b", 2.5])
def test_postgres_refuses_the_same_results_with_the_same_error(pg_dsn, value):
    handler = lambda payload: value if payload == 1 else payload  # noqa: E731
    with tempfile.TemporaryDirectory() as folder:
        on_file = _run_handler(handler, path=os.path.join(folder, "q.db"))
    on_server = _run_handler(handler, path=pg_dsn)
    assert on_file[0] == on_server[0] == 3
    assert {j: d.error for j, d in on_file[1].items()} == \
        {j: d.error for j, d in on_server[1].items()}


def _worker(path, *args):
    return subprocess.run([sys.executable, "-m", "kit.durable_worker", os.fspath(path), *args],
                          capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=KIT))


def test_a_worker_on_a_missing_path_is_refused_unless_told_to_create(tmp_path):
    """Blind round c26: a mistyped path made an empty queue and exited 0."""
    typo = tmp_path / "qeue.db"
    run = _worker(typo, "--exit-when-empty")
    assert run.returncode == 2 and not typo.exists()
    assert run.stderr.count("\n") == 1 and "does not exist" in run.stderr
    assert os.fspath(typo) in run.stderr and "--create" in run.stderr
    run = _worker(typo, "--exit-when-empty", "--create")
    assert (run.returncode, run.stderr) == (0, "") and typo.exists()


@pytest.mark.parametrize("content", [b"not a database at all" * 100, b"SQLite format 3\x00" +
                                     bytes(range(256)) * 20], ids=["text", "damaged-header"])
def test_a_worker_on_a_damaged_file_says_so_in_one_line(tmp_path, content):
    bad = tmp_path / "q.db"
    bad.write_bytes(content)
    run = _worker(bad, "--exit-when-empty")
    assert run.returncode == 1 and run.stderr.count("\n") == 1, run.stderr
    assert os.fspath(bad) in run.stderr and "Traceback" not in run.stderr


def test_a_real_sigint_stops_the_worker_cleanly_after_failing_its_lease(tmp_path):
    """A SIGINT to the worker process is not a poison job: the worker fails the attempt it
    holds (so the job comes back at once, not after its lease) and exits 130 in one line."""
    path = tmp_path / "q.db"
    setup(path, 1, lease_for=30, max_attempts=5)
    proc = subprocess.Popen([sys.executable, "-m", "kit.durable_worker", os.fspath(path),
                             "--work", "60", "--lease-for", "30", "--max-seconds", "100"],
                            stderr=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=KIT))
    try:
        deadline = time.monotonic() + 60
        with open_queue(path, lease_for=30) as q:
            while q.status(0) != "leased":
                assert time.monotonic() < deadline, "the worker never leased the job"
                time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 130 and err.count("\n") == 1 and "interrupted" in err, err
    with open_queue(path, lease_for=30) as q:
        assert q.status(0) in ("ready", "delayed") and q.holder(0) is None


# -- stop requests: SIGINT and SIGTERM (blind round f26, B1-B3) ----------------------------

def _start(target, *args, name="w1"):
    """A worker process on `target` (its PostgreSQL connections named `name`), stderr piped."""
    return subprocess.Popen([sys.executable, "-m", "kit.durable_worker", os.fspath(target),
                             "--name", name, *args], stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=KIT, PGAPPNAME=name))


def _wait_leased(target, job=0, lease_for=30):
    deadline = time.monotonic() + 60
    with open_queue(target, lease_for=lease_for) as q:
        while q.status(job) != "leased":
            assert time.monotonic() < deadline, "the worker never leased the job"
            time.sleep(0.02)


def _stopped(proc, timeout=30):
    """Exit code, stderr and how long the worker took to exit (it is killed if it hangs)."""
    began = time.monotonic()
    try:
        _, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
        return "hung", err, time.monotonic() - began
    return proc.returncode, err, time.monotonic() - began


@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)],
                         ids=["SIGINT", "SIGTERM"])
def test_sigterm_stops_the_worker_like_sigint(tmp_path, sig, code):
    """What docker and systemd send is a stop request too: the lease given back, 128 + signal."""
    path = tmp_path / "q.db"
    setup(path, 1, lease_for=30)
    proc = _start(path, "--work", "60", "--lease-for", "30")
    _wait_leased(path)
    proc.send_signal(sig)
    rc, err, took = _stopped(proc)
    assert rc == code and err.count("\n") == 1, (rc, err)
    assert f"interrupted ({sig.name})" in err and "given back" in err and took < 10
    with open_queue(path, lease_for=30) as q:
        assert q.status(0) in ("ready", "delayed") and q.holder(0) is None


def _truthful(err, target, job=0):
    """The one line says the lease was given back only when it was."""
    with open_queue(target, lease_for=30) as q:
        leased = q.status(job) == "leased"
    if "given back" in err:
        assert not leased, f"the line says given back, but job {job} is still leased: {err}"
    else:
        assert leased and "left to expire" in err, err


@pytest.mark.parametrize("store", ["sqlite", "postgres"])
def test_two_quick_stop_signals_exit_130_with_one_true_line(tmp_path, store, request):
    """An impatient Ctrl-C Ctrl-C: the second signal never becomes a traceback, an exit by the
    signal (-2) or a line saying the lease was given back while it was not."""
    for gap in (0, 0.002, 0.007, 0.015, 0.03):
        target = (request.getfixturevalue("pg_dsn") if store == "postgres"
                  else tmp_path / f"q{gap}.db")
        setup(target, 1, lease_for=30)
        proc = _start(target, "--work", "60", "--lease-for", "30")
        _wait_leased(target)
        proc.send_signal(signal.SIGINT)
        time.sleep(gap)
        proc.send_signal(signal.SIGINT)
        rc, err, _ = _stopped(proc)
        assert rc == 130 and err.count("\n") == 1 and "Traceback" not in err, (gap, rc, err)
        _truthful(err, target)


def _cut_connections_of(dsn, name):
    from kit.pgqueue import connect
    with connect(dsn) as conn:
        return conn.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                            "WHERE application_name = %s", (name,)).fetchone()[0]


@pytest.mark.parametrize("gap", [0, 0.05, 0.1])
def test_sigint_right_after_the_connection_is_cut_mid_job_stops_the_worker(pg_dsn, gap):
    """B1: the cut made the attempt's fail raise a connection error, the reconnect loop
    swallowed the SIGINT, and the worker went on with every job (exit 0 after 33 s)."""
    setup(pg_dsn, 3, lease_for=30)
    proc = _start(pg_dsn, "--work", "3", "--lease-for", "30", "--exit-when-empty")
    _wait_leased(pg_dsn)
    time.sleep(0.3)
    assert _cut_connections_of(pg_dsn, "w1") >= 1
    time.sleep(gap)
    proc.send_signal(signal.SIGINT)
    rc, err, took = _stopped(proc)
    assert rc == 130 and err.count("\n") == 1 and took < 10, (rc, err, took)
    assert "given back" in err, err  # the server is up: the lease can be given back
    with open_queue(pg_dsn, lease_for=30) as q:
        assert q.status(0) in ("ready", "delayed") and q.status(2) == "ready"


def _in_bwrap(*mounts):
    """The command prefix that runs a process with `mounts` (bubblewrap arguments) over the
    machine's file system, in a mount namespace of its own (nothing outside changes)."""
    import shutil

    bwrap = shutil.which("bwrap")
    if bwrap is None:
        pytest.fail("bubblewrap is needed for this test: apt-get install -y bubblewrap",
                    pytrace=False)
    return [bwrap, "--bind", "/", "/", "--dev", "/dev", "--proc", "/proc", *mounts,
            "--die-with-parent"]


def _run_in(prefix, *args):
    return subprocess.run([*prefix, sys.executable, *args], capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, PYTHONPATH=KIT))


def test_a_worker_on_a_read_only_file_system_says_so_in_one_line(tmp_path):
    """B5 (blind round f26): a 14-line sqlite3 traceback from the results table (the queue
    held open elsewhere, so its WAL and shared memory exist and reading works)."""
    folder = tmp_path / "ro"
    folder.mkdir()
    with open_queue(folder / "q.db") as q:  # a queue with no results table yet
        q.put(0, payload=0)
        run = _run_in(_in_bwrap("--ro-bind", os.fspath(folder), os.fspath(folder)),
                      "-m", "kit.durable_worker", os.fspath(folder / "q.db"), "--name", "w",
                      "--exit-when-empty")
    assert run.returncode == 1 and run.stderr.count("\n") == 1, run.stderr
    assert "Traceback" not in run.stderr and os.fspath(folder / "q.db") in run.stderr


def test_a_worker_on_a_full_disk_says_so_in_one_line():
    """The same on a disk that fills up before the worker starts (a tmpfs of its own)."""
    script = """import sys
from kit.durable_worker import main, setup
setup('/mnt/full/q.db', 100)
try:
    with open('/mnt/full/filler', 'wb') as f:
        while True:
            f.write(b'x' * 4096)
            f.flush()
except OSError:
    pass
sys.exit(main(['/mnt/full/q.db', '--name', 'w', '--exit-when-empty']))
"""
    run = _run_in(_in_bwrap("--size", str(4 * 2**20), "--tmpfs", "/mnt/full"), "-c", script)
    assert run.returncode == 1 and run.stderr.count("\n") == 1, run.stderr
    assert "Traceback" not in run.stderr and "full" in run.stderr, run.stderr


# -- blind round 3 ---------------------------------------------------------------------------

def test_a_handler_raising_the_kits_own_stop_requested_is_a_failed_attempt():
    """Blind round 3: a handler raising StopRequested (no signal came) made the worker return
    0 with its job left leased. Only a real stop request stops a worker."""
    from kit.durable_worker import StopRequested
    done, dead, stats = _run_handler(_raiser(StopRequested()))
    assert done == 3 and list(dead) == [1] and dead[1].error.startswith("StopRequested")
    assert (stats.ready, stats.leased, stats.delayed) == (0, 0, 0)


HANGS = """
import sys, time
from kit.durable_worker import Stopped, run_worker, setup
setup(sys.argv[1], 2, lease_for=30)
try:
    run_worker(sys.argv[1], "w1", max_seconds=2, lease_for=30, handler=lambda p: time.sleep(1e6))
except Stopped as e:
    print(e, file=sys.stderr)
    sys.exit(e.code)
"""


def test_a_handler_that_never_returns_is_ended_at_max_seconds_and_its_lease_given_back(tmp_path):
    path = tmp_path / "q.db"
    proc = subprocess.Popen([sys.executable, "-c", HANGS, os.fspath(path)],
                            stderr=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=KIT))
    code, err, took = _stopped(proc, timeout=30)
    assert (code, err) == (142, "worker w1: max_seconds=2 s reached while a handler ran; its "
                                "lease on job 0 was given back\n") and took < 10
    with open_queue(path, lease_for=30) as q:  # given back by fail(): ready, or still within
        # the retry base (20 ms) of the give-back when read; never leased, never dead
        assert q.status(0) in ("ready", "delayed") and q.status(1) == "ready"


@pytest.mark.parametrize("args, message", [
    (["--lease-for", "nan"], "--lease-for: must be finite, got nan"),
    (["--lease-for", "0"], "--lease-for: must be > 0, got 0"),
    (["--lease-for", "-1"], "--lease-for: must be > 0, got -1"),
    (["--lease-for", "1e400"], "--lease-for: must be finite, got inf"),
    (["--max-attempts", "0"], "--max-attempts: must be >= 1, got 0"),
    (["--max-attempts", "2.5"], "--max-attempts: must be an int, got 2.5"),
    (["--work", "-1"], "--work: must be >= 0, got -1"),
    (["--work", "nan"], "--work: must be finite, got nan"),
    (["--outage", "nan"], "--outage: must be finite, got nan"),
    (["--max-seconds", "nan"], "--max-seconds: must be finite, got nan"),
    (["--max-seconds", "x"], "--max-seconds: must be a number, got 'x'"),
    (["--name", "\udcff"], "--name: must be valid Unicode (no lone surrogate), got '\\udcff'"),
    (["--name", "x" * 1100], "--name: must be at most 1024 bytes in UTF-8, got 1100 bytes"),
], ids=lambda a: a[0] + "=" + a[1][:8] if isinstance(a, list) else None)
def test_every_bad_worker_option_is_one_line_exit_2(tmp_path, args, message):
    path = tmp_path / "q.db"
    setup(path, 1)
    run = subprocess.run([sys.executable, "-m", "kit.durable_worker", os.fspath(path), *args,
                          "--exit-when-empty"], capture_output=True, timeout=120,
                         env=dict(os.environ, PYTHONPATH=KIT))
    err = run.stderr.decode("utf-8", "surrogateescape")
    assert run.returncode == 2 and "Traceback" not in err, err
    assert err.splitlines()[-1].startswith("python -m kit.durable_worker: error: argument ")
    assert message in err.splitlines()[-1], err


@pytest.fixture
def frozen_server():
    """A PostgreSQL server of its own, and a function that freezes it (SIGSTOP of the
    postmaster and its children: to a client, a network partition, the sockets open and
    silent); it is thawed and deleted at the end."""
    from kit.pgqueue import LocalServer
    server = LocalServer()
    frozen = []

    def freeze():
        pm = server.postmaster_pid()
        children = subprocess.run(["pgrep", "-P", str(pm)], capture_output=True, text=True)
        frozen.extend([pm, *map(int, children.stdout.split())])
        for pid in frozen:
            os.kill(pid, signal.SIGSTOP)

    server.start()
    try:
        yield server.dsn, freeze
    finally:
        for pid in frozen:
            os.kill(pid, signal.SIGCONT)
        server.close()


def test_a_stop_request_is_honoured_while_the_server_does_not_answer(frozen_server):
    """Blind round 3: with the server frozen a SIGTERM was only noted, for 32 s (until the
    server came back): a statement blocked on a silent socket is bounded now (cut 0.5 s after a
    stop request, else after IO_TIMEOUT), and the give-back tries for 2 s."""
    dsn, freeze = frozen_server
    setup(dsn, 2000)
    proc = _start(dsn, "--work", "0.01", "--lease-for", "5", "--exit-when-empty")
    time.sleep(3)
    freeze()
    time.sleep(1)
    proc.send_signal(signal.SIGTERM)
    code, err, took = _stopped(proc, timeout=30)
    assert code == 143 and took < 8, (code, took, err)
    assert err.count("\n") == 1 and "interrupted (SIGTERM)" in err and "Traceback" not in err


def test_the_outage_allowance_ends_a_worker_whose_server_does_not_answer(frozen_server):
    dsn, freeze = frozen_server
    setup(dsn, 2000)
    proc = _start(dsn, "--work", "0.01", "--lease-for", "5", "--outage", "3",
                  "--exit-when-empty")
    time.sleep(3)
    freeze()
    code, err, took = _stopped(proc, timeout=40)
    assert code == 1 and took < 20, (code, took, err)
    assert err.count("\n") == 1 and "unreachable" in err and "outage=3" in err, err

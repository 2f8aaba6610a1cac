"""The crash test over TCP: worker processes on one PostgreSQL queue, SIGKILLed at random moments,
and connections cut by the server in the middle of a lease.

4 workers (`python -m kit.durable_worker postgresql://...`) share 1 200 jobs of 10 ms whose
work is idempotent (the result is an upsert keyed by job id). A killer, every 50-150 ms, either
SIGKILLs a random live worker and starts a replacement (24 times), or (5 times, spread among the
kills) has the server `pg_terminate_backend` the connections of every worker that holds a lease
at that very moment (one statement, so the worker is mid-lease when its connection dies). Such a
worker drops its job (the lease expires and the job is delivered again), connects again and goes
on. Then the killing stops and the rest drains. When no job is live, every job must be done with
one result row of the right value, or dead; none lost. Duplicate deliveries and extra runs are
counted and reported: the price of at-least-once, not a failure.
"""

import random
import time

import pytest

from kit.durable_worker import Fleet, setup, summary
from kit.pgqueue import connect

JOBS, WORKERS, KILLS, CUTS, SEED = 1_200, 4, 24, 5, 6
LIMIT_SECONDS = 50  # a hard stop; the run takes about 10 s on 2 slow cores
LIVE = "SELECT count(*) FROM kit_lease_jobs WHERE state IN ('ready', 'delayed', 'leased')"

# One statement: the server cuts the connections of the workers holding a lease right now.
CUT_HOLDERS = """
SELECT count(pg_terminate_backend(a.pid)) FROM pg_stat_activity a
 WHERE a.application_name IN (SELECT worker #>> '{}' FROM kit_lease_jobs WHERE state = 'leased')
"""


@pytest.fixture
def crash_dsn(pg_dsn):
    """A database of its own on the suite's server, dropped at the end."""
    with connect(pg_dsn) as admin:
        admin.execute("DROP DATABASE IF EXISTS crash WITH (FORCE)")
        admin.execute("CREATE DATABASE crash")
    yield pg_dsn.rsplit("/", 1)[0] + "/crash"
    with connect(pg_dsn) as admin:
        admin.execute("DROP DATABASE crash WITH (FORCE)")


@pytest.mark.slow
def test_killed_workers_and_cut_connections_lose_no_job(crash_dsn, record_property, capsys):
    setup(crash_dsn, JOBS)
    rng = random.Random(SEED)
    cuts = connections_cut = 0  # times a cut hit at least one holder; connections cut
    started = time.monotonic()
    with Fleet(crash_dsn, work_seconds=0.01, lease_for=0.5, max_attempts=8,
               max_seconds=LIMIT_SECONDS) as fleet, connect(crash_dsn) as admin:
        fleet.start(WORKERS)
        while admin.execute(LIVE).fetchone()[0]:
            assert time.monotonic() - started < LIMIT_SECONDS, summary(crash_dsn)
            time.sleep(rng.uniform(0.05, 0.15))
            if cuts < CUTS and fleet.killed >= (cuts + 1) * KILLS // (CUTS + 1):
                cut = admin.execute(CUT_HOLDERS).fetchone()[0]
                cuts += cut > 0
                connections_cut += cut
            elif fleet.killed < KILLS:
                fleet.kill(rng=rng)
                fleet.start(1)
        elapsed = time.monotonic() - started
        fleet.stop()
        errors = fleet.errors()
        kills = fleet.killed
    end = summary(crash_dsn)
    report = (f"PostgreSQL over TCP: {JOBS} jobs, {WORKERS} workers, {kills} SIGKILLs, "
              f"{connections_cut} connections of lease holders cut ({cuts} times) in "
              f"{elapsed:.1f} s: {end.done} done, {end.dead} dead, {end.lost} lost; "
              f"{end.duplicate_deliveries} duplicate deliveries, {end.extra_runs} extra runs")
    record_property("crash_test_pg", report)
    with capsys.disabled():
        print("\n" + report)
    assert errors == "", f"a worker wrote to stderr:\n{errors}"
    assert kills == KILLS and cuts == CUTS, report
    assert end.jobs == JOBS and end.live == 0
    assert end.lost == 0, report
    assert end.done + end.dead == JOBS, report
    assert end.done_without_result == 0, "an acked job must have its result written first"
    assert end.wrong_values == 0
    assert end.results <= JOBS
    assert end.extra_runs >= 0 and end.duplicate_deliveries >= 0
    assert elapsed < LIMIT_SECONDS

"""The crash test: real worker processes on one SQLite queue file, SIGKILLed at random moments.

4 workers share 2 000 jobs whose work is idempotent (the result is written keyed by job id). A
killer picks a random live worker every 20-120 ms, kills it with SIGKILL (mid-transaction,
mid-work, between the result and the ack: wherever it happens to be), and starts a replacement,
until the queue has no live job. Then every job must be done with exactly one result row of the
right value, or be in the dead-letter queue; none may be lost. Duplicate deliveries and extra runs
are counted and reported: they are the price of at-least-once, not a failure.
"""

import random
import time

import pytest

from kit.durable_worker import Fleet, setup, summary

JOBS, WORKERS, MIN_KILLS, SEED = 2_000, 4, 20, 6
LIMIT_SECONDS = 120  # a hard stop; the run takes about 5-15 s on 2 slow cores


@pytest.mark.slow
def test_sigkilled_workers_lose_no_job(tmp_path, record_property, capsys):
    path = tmp_path / "crash.db"
    setup(path, JOBS)
    rng = random.Random(SEED)
    started = time.monotonic()
    with Fleet(path, work_seconds=0.004, lease_for=0.5, max_attempts=8,
               max_seconds=LIMIT_SECONDS) as fleet:
        fleet.start(WORKERS)
        while True:
            time.sleep(rng.uniform(0.02, 0.12))
            now = summary(path)
            if now.live == 0:
                break
            assert time.monotonic() - started < LIMIT_SECONDS, f"still running: {now}"
            fleet.kill(rng=rng)
            fleet.start(1)
        elapsed = time.monotonic() - started
        fleet.stop()
        errors = fleet.errors()
        kills = fleet.killed
    end = summary(path)
    report = (f"{JOBS} jobs, {WORKERS} workers, {kills} SIGKILLs in {elapsed:.1f} s: "
              f"{end.done} done, {end.dead} dead, {end.lost} lost; "
              f"{end.duplicate_deliveries} duplicate deliveries, {end.extra_runs} extra runs")
    record_property("crash_test", report)
    with capsys.disabled():
        print("\n" + report)
    assert errors == "", f"a worker wrote to stderr:\n{errors}"
    assert kills >= MIN_KILLS, report
    assert end.jobs == JOBS and end.live == 0
    assert end.lost == 0, report
    assert end.done + end.dead == JOBS, report
    assert end.done_without_result == 0, "an acked job must have its result written first"
    assert end.wrong_values == 0
    assert end.results <= JOBS  # one row per job at most: the primary key makes re-runs idempotent
    assert end.extra_runs >= 0 and end.duplicate_deliveries >= 0
    assert elapsed < LIMIT_SECONDS

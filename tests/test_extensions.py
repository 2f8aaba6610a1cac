"""The interviewer's follow-ups: aging, recurring jobs without overlap, waiting on another job."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.clock import FakeClock
from kit.extensions import AgingPolicy, ExtendedScheduler, SeriesInfo
from kit.scheduler import Job, PriorityPolicy, Scheduler, Status

D, F, C, P = Status.DONE, Status.FAILED, Status.CANCELLED, Status.PENDING


def ok(value=None):
    return lambda: value


# -- aging ---------------------------------------------------------------------------------

def starve(policy, ticks=120):
    """One worker; a fresh priority-1 job arrives every tick; one priority-9 job waits from 0."""
    clock = FakeClock()
    s = Scheduler(clock, policy, 1)
    s.submit("low", ok(), priority=9)
    for t in range(ticks):
        s.submit(t, ok(), priority=1)
        s.tick()
        if s.status_of("low") is D:
            return t
        clock.advance(1)
    return None


def test_priority_alone_starves_a_low_job_and_aging_bounds_its_wait():
    assert starve(PriorityPolicy()) is None
    # low's score 9 * 5 + 0 = 45; the job arriving at t scores 5 + t, so low wins at t = 40
    assert starve(AgingPolicy(age_every=5)) == 40
    assert starve(AgingPolicy(age_every=1)) == 8


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 9), st.integers(0, 50)), min_size=1, max_size=12),
       st.integers(1, 10), st.integers(50, 100))
def test_aging_order_is_the_effective_priority_order_at_any_time(specs, age_every, now):
    jobs = [Job(i, ok(), p, r, 0, 10, seq=i) for i, (p, r) in enumerate(specs)]
    policy = AgingPolicy(age_every)

    def effective(job):  # brute force: the priority after aging, exactly, at time `now`
        return (job.priority - Fraction(now - job.run_at, age_every), job.seq)

    for a in jobs:
        for b in jobs:
            assert policy.before(a, b) == (effective(a) < effective(b))


def test_aging_rejects_a_bad_rate():
    with pytest.raises(ValueError, match="age_every must be > 0, got 0"):
        AgingPolicy(0)
    with pytest.raises(TypeError, match="age_every must be a number, got 'fast'"):
        AgingPolicy("fast")


# -- recurring jobs ------------------------------------------------------------------------

def test_a_series_runs_every_interval():
    clock = FakeClock()
    s = ExtendedScheduler(clock, PriorityPolicy(), 1)
    s.every("beat", ok(), interval=3, delay=1, times=4)
    runs = s.drain(limit=100)
    assert [(r.time, r.id) for r in runs] == [
        (1, ("beat", 0)), (4, ("beat", 1)), (7, ("beat", 2)), (10, ("beat", 3))]
    info = s.series_info("beat")
    assert info == SeriesInfo("beat", 3, ((0, 1, 1), (1, 4, 4), (2, 7, 7), (3, 10, 10)), 0, False)


def test_a_slow_run_never_overlaps_the_next_and_skips_missed_slots():
    clock = FakeClock()
    s = ExtendedScheduler(clock, PriorityPolicy(), 3)  # free workers: overlap would be possible
    durations = iter([5, 1, 1])

    def slow():
        clock.advance(next(durations))  # the run takes this long

    s.every("job", slow, interval=2, times=3)
    runs = s.drain(limit=100)
    assert len({r.tick for r in runs}) == len(runs)  # never two runs of the series in one tick
    info = s.series_info("job")
    starts = [start for _, start, _ in info.runs]
    finishes = [finish for _, _, finish in info.runs]
    assert all(start >= finish for start, finish in zip(starts[1:], finishes, strict=False))
    # run 0 spans 0..5, so the slots at 2 and 4 are skipped and the next run is due at 6
    assert info.runs[:2] == ((0, 0, 5), (1, 6, 7)) and info.skipped == 2


def test_presubmitting_every_occurrence_would_overlap():
    # the naive answer this extension avoids: every occurrence queued up front
    clock = FakeClock()
    s = Scheduler(clock, PriorityPolicy(), 3)
    for k in range(4):
        s.submit(k, lambda: clock.advance(5), delay=2 * k)
    runs = s.drain(limit=100)
    assert len({r.tick for r in runs}) < len(runs)  # two occurrences in the same tick


def test_stop_ends_a_series_and_cancels_its_waiting_occurrence():
    clock = FakeClock()
    s = ExtendedScheduler(clock, PriorityPolicy(), 1)
    s.every("tick", ok(), interval=1)
    s.drain(limit=3)
    assert s.stop("tick") is True and s.stop("tick") is False
    assert s.status_of(("tick", 3)) is C
    assert s.drain(limit=50) == [] and not s.series_info("tick").active
    assert len(s.series_info("tick").runs) == 3


def test_a_failing_occurrence_does_not_end_the_series():
    clock = FakeClock()
    s = ExtendedScheduler(clock, PriorityPolicy(), 1)
    results = iter([ValueError("bad"), None, None])

    def sometimes():
        outcome = next(results)
        if outcome:
            raise outcome

    s.every("s", sometimes, interval=1, times=3)
    assert [r.status for r in s.drain()] == [F, D, D]


def test_every_rejects_bad_arguments():
    s = ExtendedScheduler(FakeClock(), PriorityPolicy(), 1)
    with pytest.raises(ValueError, match="interval must be > 0, got 0"):
        s.every("a", ok(), 0)
    with pytest.raises(TypeError, match="interval must be a number, got '5s'"):
        s.every("a", ok(), "5s")
    with pytest.raises(ValueError, match="times must be >= 1, got 0"):
        s.every("a", ok(), 1, times=0)
    with pytest.raises(TypeError, match="task must be callable, got None"):
        s.every("a", None, 1)
    with pytest.raises(ValueError, match="delay must be >= 0, got -1"):
        s.every("a", ok(), 1, delay=-1)
    s.every("a", ok(), 1)
    with pytest.raises(ValueError, match="id 'a' is already used by a series"):
        s.every("a", ok(), 1)
    for method in (s.stop, s.series_info):
        with pytest.raises(ValueError, match="no series with id 'b'"):
            method("b")


# -- waiting for another job's success -----------------------------------------------------

def test_a_job_waits_for_its_dependency_to_succeed():
    clock = FakeClock()
    s = ExtendedScheduler(clock, PriorityPolicy(), 2)
    s.submit("build", ok(), delay=3)
    s.submit("test", ok(), priority=1, after="build")
    s.submit("deploy", ok(), after="test", delay=10)
    assert s.status_of("test") is P and s.snapshot().delayed[0].id == "build"
    runs = s.drain(limit=100)
    assert [(r.time, r.id) for r in runs] == [(3, "build"), (4, "test"), (10, "deploy")]
    kinds = [(e.kind, e.id) for e in s.events() if e.kind in ("hold", "release")]
    assert kinds == [("hold", "test"), ("hold", "deploy"), ("release", "test"),
                     ("release", "deploy")]


def test_a_failed_or_cancelled_dependency_cancels_the_chain():
    clock = FakeClock()
    s = ExtendedScheduler(clock, PriorityPolicy(), 1)

    def broken():
        raise RuntimeError("compile error")

    s.submit("build", broken)
    s.submit("test", ok(), after="build")
    s.submit("deploy", ok(), after="test")
    s.submit("other", ok(), delay=5)
    s.submit("after_other", ok(), after="other")
    s.cancel("other")
    assert s.status_of("after_other") is C
    assert [r.id for r in s.drain()] == ["build"]
    assert (s.status_of("test"), s.status_of("deploy")) == (C, C)
    assert s.info("deploy").error == "dependency 'test' ended CANCELLED"
    assert s.info("test").error == "dependency 'build' ended FAILED"


def test_depending_on_a_finished_job_releases_or_cancels_at_once():
    clock = FakeClock()
    s = ExtendedScheduler(clock, PriorityPolicy(), 1)
    s.submit("done", ok())
    s.submit("gone", ok(), delay=9)
    s.cancel("gone")
    s.drain()
    s.submit("next", ok(), after="done")
    s.submit("never", ok(), after="gone")
    assert s.status_of("never") is C
    assert [r.id for r in s.drain()] == ["next"]


def test_a_held_job_can_be_cancelled_and_is_not_released():
    clock = FakeClock()
    s = ExtendedScheduler(clock, PriorityPolicy(), 1)
    s.submit("a", ok(), delay=2)
    s.submit("b", ok(), after="a")
    assert s.cancel("b") is True
    assert [r.id for r in s.drain()] == ["a"] and s.status_of("b") is C


def test_after_rejects_unknown_ids():
    s = ExtendedScheduler(FakeClock(), PriorityPolicy(), 1)
    with pytest.raises(ValueError, match="after must be the id of a submitted job, got 'x'"):
        s.submit("a", ok(), after="x")
    with pytest.raises(ValueError, match=r"after must be the id of a submitted job, got \[1\]"):
        s.submit("a", ok(), after=[1])
    s.submit("a", ok())
    with pytest.raises(ValueError, match="id 'a' is already used"):
        s.submit("a", ok(), after="a")

"""LeaseQueue: the seed's scenarios as plain tests, the exact expiry tick, errors, the trace,
and the named scenarios the explorer replays. The model-based state machine is in
test_lease_machine.py."""

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.clock import FakeClock
from kit.lease import (
    STATES,
    DeadLetter,
    Lease,
    LeaseEvent,
    LeaseQueue,
    Stats,
    exponential_retry,
    is_held,
)
from kit.lease_scenarios import SCENARIOS, Frame, Scenario, ScenarioStep, replay


def make(lease_for=5, max_attempts=3, retry_delay=None, start=0):
    clock = FakeClock(start)
    return clock, LeaseQueue(clock, lease_for, max_attempts, retry_delay=retry_delay)


def kinds(q):
    return [e.kind for e in q.trace]


# -- the seed's scenarios -------------------------------------------------------------------

def test_happy_path():
    clock, q = make()
    q.put("A", payload={"to": "x@example.com"})
    lease = q.lease("w1")
    assert lease == Lease("A", "w1", 1, 5, lease.token, {"to": "x@example.com"})
    assert q.lease("w2") is None, "a leased job is invisible to other workers"
    clock.advance(3)
    assert q.ack(lease) is True
    assert q.status("A") == "done"
    assert q.stats() == Stats(ready=0, leased=0, delayed=0, done=1, dead=0,
                              duplicate_deliveries=0)
    assert q.ack(lease) is False, "a second ack of a finished job is rejected"
    assert kinds(q) == ["put", "lease", "empty", "ack", "ack_rejected"]


def test_worker_crash_then_expiry_then_redelivery():
    clock, q = make(retry_delay=lambda r: 2)
    q.put("A")
    first = q.lease("w1")
    clock.advance(4.999)
    assert q.status("A") == "leased"
    clock.advance(0.001)  # t = 5 = expires_at
    assert q.status("A") == "delayed", "at exactly expires_at the lease has expired"
    clock.advance(1.999)
    assert q.lease("w2") is None, "backing off until t = 7"
    clock.advance(0.001)
    second = q.lease("w2")
    assert (second.job, second.worker, second.attempt) == ("A", "w2", 2)
    assert second.token != first.token
    assert q.ack(second) is True
    assert q.stats().duplicate_deliveries == 1  # the queue cannot tell a crash from slowness
    assert [(e.time, e.kind) for e in q.trace if e.kind in ("expire", "retry", "ready")] == \
        [(5, "expire"), (5, "retry"), (7, "ready")]


def test_expiry_at_the_exact_tick_with_integer_time():
    clock, q = make(lease_for=30)
    q.put("A")
    lease = q.lease("w1")
    clock.advance(29)
    assert q.heartbeat(lease, extend_by=1) is True  # now runs until exactly 30
    clock.advance(1)
    assert q.ack(lease) is False, "held while now < 30; at 30 it has expired"
    assert q.heartbeat(lease) is False
    assert q.fail(lease) is False
    assert is_held(29, 30) and not is_held(30, 30) and not is_held(31, 30)


def test_heartbeat_keeps_a_slow_workers_lease():
    clock, q = make()
    q.put("A")
    lease = q.lease("w1")
    for _ in range(5):  # 20 ticks of work with a 5-tick lease
        clock.advance(4)
        assert q.heartbeat(lease) is True
        assert q.holder("A").expires_at == clock.now() + 5
        assert q.lease("w2") is None
    assert q.ack(lease) is True
    assert q.stats().duplicate_deliveries == 0
    assert [e.until for e in q.trace if e.kind == "heartbeat"] == [9, 13, 17, 21, 25]


def test_heartbeat_sets_the_deadline_from_now_but_never_shortens_it():
    clock, q = make(lease_for=10)
    q.put("A")
    lease = q.lease("w1")
    clock.advance(1)
    assert q.heartbeat(lease, extend_by=2) is True  # until max(10, 1 + 2)
    assert q.holder("A").expires_at == 10
    assert q.heartbeat(lease, extend_by=12) is True and q.holder("A").expires_at == 13
    clock.advance(12)
    assert q.status("A") == "delayed"


def test_slow_worker_without_heartbeat_causes_a_counted_duplicate():
    clock, q = make(retry_delay=lambda r: 0)
    q.put("A")
    slow = q.lease("w1")
    clock.advance(5)
    fast = q.lease("w2")
    assert fast.job == "A" and fast.attempt == 2
    clock.advance(3)
    assert q.ack(slow) is False, "the slow worker finished, but its lease had expired"
    assert q.status("A") == "leased" and q.holder("A").worker == "w2"
    assert q.ack(fast) is True
    assert q.stats() == Stats(0, 0, 0, 1, 0, duplicate_deliveries=1)


def test_explicit_failure_is_not_counted_as_a_duplicate():
    clock, q = make(retry_delay=lambda r: 0)
    q.put("A")
    assert q.fail(q.lease("w1")) is True
    assert q.ack(q.lease("w2")) is True
    assert q.stats().duplicate_deliveries == 0


def test_poison_message_reaches_the_dead_letter_queue():
    clock, q = make(max_attempts=3, retry_delay=exponential_retry(base=1, cap=60))
    q.put("P", payload="boom")
    q.put("B")
    waits = []
    for attempt in (1, 2, 3):
        lease = q.lease("w1")
        assert (lease.job, lease.attempt) == ("P", attempt)
        assert q.fail(lease) is True
        if attempt == 1:
            assert q.ack(q.lease("w2")) is True  # B is not stuck behind P
        if attempt < 3:
            retry = [e for e in q.trace if e.kind == "retry"][-1]
            waits.append(retry.until - clock.now())
            clock.advance(waits[-1])
    assert waits == [1, 2]  # base * 2**r
    assert q.status("P") == "dead"
    assert q.dead_letters == [DeadLetter("P", "boom", 3, 3, "fail")]
    clock.advance(1000)
    assert q.lease("w1") is None, "a dead job is never retried"
    assert q.stats() == Stats(0, 0, 0, 1, 1, 0)


def test_expired_attempts_also_dead_letter():
    clock, q = make(lease_for=2, max_attempts=2, retry_delay=lambda r: 0)
    q.put("A")
    q.lease("w1")
    clock.advance(2)
    q.lease("w2")
    clock.advance(2)
    assert q.dead_letters == [DeadLetter("A", None, 2, 4, "expire")]
    assert q.stats().duplicate_deliveries == 1


def test_stale_ack_from_an_older_lease_of_the_same_worker_is_rejected():
    clock, q = make(retry_delay=lambda r: 0)
    q.put("A")
    old = q.lease("w1")
    clock.advance(5)
    new = q.lease("w1")
    assert (new.worker, new.attempt) == ("w1", 2)
    assert q.ack(old) is False
    assert q.heartbeat(old) is False and q.fail(old) is False
    assert q.status("A") == "leased"
    assert q.ack(new) is True


def test_ack_from_another_worker_is_rejected():
    clock, q = make()
    q.put("A")
    lease = q.lease("w1")
    assert q.ack(lease._replace(worker="w2")) is False
    assert q.ack(lease._replace(token=lease.token + 1)) is False
    assert q.ack(lease._replace(job="nope")) is False
    assert q.ack(lease._replace(job=["unhashable"])) is False
    assert q.status("A") == "leased"
    assert kinds(q)[-4:] == ["ack_rejected"] * 4


def test_ready_jobs_come_out_fifo_by_when_they_became_ready():
    clock, q = make(retry_delay=lambda r: 3)
    q.put("late", delay=2)
    q.put("now")
    q.put("early", delay=1)
    lease = q.lease("w1")
    assert lease.job == "now"
    q.fail(lease)  # "now" is ready again at t = 3
    clock.advance(3)
    assert [q.lease("w").job for _ in range(3)] == ["early", "late", "now"]


def test_put_with_delay_is_ready_when_now_reaches_run_at():
    clock, q = make()
    q.put("A", delay=2.5)
    assert q.status("A") == "delayed" and q.lease("w1") is None
    clock.advance(2.5)
    assert q.status("A") == "ready"
    assert q.trace[0] == LeaseEvent(0, "put", "A", None, 0, 2.5)


def test_a_finished_job_id_can_be_put_again_and_old_leases_stay_stale():
    clock, q = make(max_attempts=1)
    q.put("A", payload=1)
    first = q.lease("w1")
    q.fail(first)
    assert q.status("A") == "dead"
    q.put("A", payload=2)  # re-drive from the dead-letter queue
    assert q.dead_letters == [] and q.status("A") == "ready"
    second = q.lease("w1")
    assert (second.attempt, second.payload) == (1, 2)
    assert q.ack(first) is False and q.ack(second) is True
    q.put("A", payload=3)
    assert q.stats() == Stats(1, 0, 0, 0, 0, 0)


def test_catch_up_applies_many_expiries_and_retries_in_time_order():
    clock, q = make(lease_for=1, max_attempts=4, retry_delay=lambda r: 1)
    for name in "abc":
        q.put(name)
    leases = [q.lease("w1"), q.lease("w2"), q.lease("w3")]
    q.heartbeat(leases[0], extend_by=3)  # a expires at 3, b and c at 1
    clock.advance(10)  # nothing looks at the queue in between
    assert [q.lease("w").job for _ in range(3)] == ["b", "c", "a"]
    times = [e.time for e in q.trace]
    assert times == sorted(times)


def test_every_operation_appends_to_the_trace():
    clock, q = make(max_attempts=1)
    q.put("A")
    lease = q.lease("w1")
    q.heartbeat(lease)
    q.fail(lease)
    q.lease("w2")
    q.heartbeat(lease)
    q.fail(lease)
    assert kinds(q) == ["put", "lease", "heartbeat", "fail", "dead", "empty",
                        "heartbeat_rejected", "fail_rejected"]
    assert all(isinstance(e, LeaseEvent) for e in q.trace)
    assert q.trace[1] == LeaseEvent(0, "lease", "A", "w1", 1, 5)


def test_injected_jitter_is_deterministic_and_bounded():
    def run(seed):
        clock, q = make(lease_for=1, max_attempts=6,
                        retry_delay=exponential_retry(1, 8, rand=random.Random(seed).random))
        q.put("A")
        for _ in range(5):
            q.fail(q.lease("w"))
            clock.advance(q.trace[-1].until - clock.now())
        return [e.until - e.time for e in q.trace if e.kind == "retry"]

    waits = run(7)
    assert waits == run(7) and waits != run(8)
    assert all(0 <= w < min(8, 2**r) for r, w in enumerate(waits))


def test_exponential_retry_without_jitter_is_the_capped_ceiling():
    delay = exponential_retry(base=0.5, cap=10)
    assert [delay(r) for r in range(7)] == [0.5, 1, 2, 4, 8, 10, 10]
    assert delay(10**9) == 10  # clamped exponent: no overflow
    assert LeaseQueue(FakeClock(), 1, 1).retry_delay(3) == 8  # default: base 1, cap 60


# -- bad input ------------------------------------------------------------------------------

def test_constructor_errors_name_the_argument_and_value():
    clock = FakeClock()
    with pytest.raises(ValueError, match="lease_for must be > 0, got 0"):
        LeaseQueue(clock, 0, 3)
    with pytest.raises(ValueError, match="lease_for must be > 0, got -1"):
        LeaseQueue(clock, -1, 3)
    with pytest.raises(ValueError, match="lease_for must be a number, got nan"):
        LeaseQueue(clock, math.nan, 3)
    with pytest.raises(TypeError, match="lease_for must be a number, got '5'"):
        LeaseQueue(clock, "5", 3)
    with pytest.raises(ValueError, match="max_attempts must be >= 1, got 0"):
        LeaseQueue(clock, 5, 0)
    with pytest.raises(TypeError, match="max_attempts must be an int, got 2.5"):
        LeaseQueue(clock, 5, 2.5)
    with pytest.raises(TypeError, match="max_attempts must be an int, got True"):
        LeaseQueue(clock, 5, True)
    with pytest.raises(TypeError, match="clock must have a now.. method, got 0"):
        LeaseQueue(0, 5, 3)
    with pytest.raises(TypeError, match="retry_delay must be callable, got 2"):
        LeaseQueue(clock, 5, 3, retry_delay=2)


def test_operation_errors_name_the_argument_and_value():
    clock, q = make()
    q.put("A")
    with pytest.raises(ValueError, match="job_id 'A' is already in the queue .state 'ready'."):
        q.put("A")
    with pytest.raises(ValueError, match="delay must be >= 0, got -1"):
        q.put("B", delay=-1)
    with pytest.raises(ValueError, match="delay must be a number, got nan"):
        q.put("B", delay=math.nan)
    with pytest.raises(TypeError, match="delay must be a number, got '1'"):
        q.put("B", delay="1")
    with pytest.raises(TypeError, match=r"job_id must be a str or an int, got \['B'\]"):
        q.put(["B"])
    with pytest.raises(TypeError, match="worker must be a str or int name, got None"):
        q.lease(None)
    with pytest.raises(TypeError, match=r"worker must be a str or int name, got \{\}"):
        q.lease({})
    lease = q.lease("w1")
    with pytest.raises(ValueError, match="job_id 'A' is already in the queue .state 'leased'."):
        q.put("A")
    with pytest.raises(TypeError, match="lease must be a Lease returned by lease.., got 'A'"):
        q.ack("A")
    with pytest.raises(TypeError, match=r"lease must be a Lease returned by lease.., got \('A',"):
        q.fail(tuple(lease))
    with pytest.raises(TypeError, match="lease must be a Lease returned by lease.., got None"):
        q.heartbeat(None)
    with pytest.raises(ValueError, match="extend_by must be > 0, got 0"):
        q.heartbeat(lease, extend_by=0)
    with pytest.raises(TypeError, match="extend_by must be a number, got '3'"):
        q.heartbeat(lease, extend_by="3")
    with pytest.raises(ValueError, match="job_id 'Z' was never put in this queue"):
        q.status("Z")
    with pytest.raises(ValueError, match="job_id 'Z' was never put in this queue"):
        q.holder("Z")
    with pytest.raises(TypeError, match=r"job_id must be a str or an int, got \[\]"):
        q.status([])
    assert q.status("A") == "leased" and [e.kind for e in q.trace] == ["put", "lease"]


def test_bad_retry_delay_results_and_exponential_retry_arguments():
    clock, q = make(retry_delay=lambda r: -1)
    q.put("A")
    with pytest.raises(ValueError, match=r"retry_delay\(0\) must return a finite .* got -1"):
        q.fail(q.lease("w1"))
    with pytest.raises(ValueError, match="base must be >= 0, got -1"):
        exponential_retry(base=-1)
    with pytest.raises(TypeError, match="cap must be a number, got None"):
        exponential_retry(cap=None)
    with pytest.raises(TypeError, match="rand must be callable, got 0.5"):
        exponential_retry(rand=0.5)


# -- the trace tells the whole story ----------------------------------------------------------

ENTERS = {"put": None, "ready": "ready", "lease": "leased", "heartbeat": "leased",
          "ack": "done", "retry": "delayed", "dead": "dead"}

program = st.lists(st.tuples(st.sampled_from(["put", "lease", "ack", "hb", "fail", "wait"]),
                             st.integers(0, 3), st.integers(0, 3)), max_size=40)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(program)
def test_the_state_read_from_the_trace_matches_status(ops):
    """The explorer draws from the trace alone, so the trace must say where every job is."""
    clock, q = make(lease_for=2, max_attempts=2, retry_delay=lambda r: r + 1)
    leases, put = [], set()
    for op, a, b in ops:
        if op == "put" and (a not in put or q.status(a) in ("done", "dead")):
            q.put(a, delay=b % 2)
            put.add(a)
        elif op == "lease" and (got := q.lease(f"w{a}")) is not None:
            leases.append(got)
        elif op in ("ack", "hb", "fail") and leases:
            lease = leases[a % len(leases)]
            {"ack": q.ack, "hb": q.heartbeat, "fail": q.fail}[op](lease)
        elif op == "wait":
            clock.advance(b)
    q.stats()  # catch up
    seen = {}
    for e in q.trace:
        if e.kind == "put":
            seen[e.job] = "ready" if e.until is None else "delayed"
        elif ENTERS.get(e.kind):
            seen[e.job] = ENTERS[e.kind]
    assert seen == {job: q.status(job) for job in seen}
    assert all(state in STATES for state in seen.values())


# -- the named scenarios the explorer replays --------------------------------------------------

def test_every_scenario_replays_into_one_frame_per_step():
    for name, scenario in SCENARIOS.items():
        frames = replay(name)
        assert len(frames) == len(scenario.steps) + 1
        assert frames[0] == Frame(0, None, None, 0, {}, Stats(0, 0, 0, 0, 0, 0), ())
        assert [f.step for f in frames[1:]] == scenario.steps
        assert all(len(a.trace) <= len(b.trace) for a, b in zip(frames, frames[1:], strict=False))
        assert replay(name) == frames, "replaying is deterministic"


def results(name, op):
    return [f.result for f in replay(name)[1:] if f.step.op == op]


def test_scenario_facts():
    end = {name: replay(name)[-1] for name in SCENARIOS}
    assert end["happy_path"].status == {"A": "done"} and results("happy_path", "ack") == [True]
    crash = replay("crash")
    assert (crash[4].time, crash[4].status) == (5, {"A": "delayed"})  # the exact expiry tick
    assert [None if r is None else r.attempt for r in results("crash", "lease")] == [1, None, 2]
    assert end["crash"].stats.duplicate_deliveries == 1
    assert results("heartbeat", "heartbeat") == [True, True]
    assert end["heartbeat"].stats == Stats(0, 0, 0, 1, 0, 0)
    assert results("slow_duplicate", "ack") == [False, True]
    assert end["slow_duplicate"].stats.duplicate_deliveries == 1
    assert end["poison"].status == {"P": "dead", "B": "done"}
    assert results("poison", "lease")[-1] is None
    assert results("stale_ack", "ack") == [False, True]
    assert [r.worker for r in results("stale_ack", "lease")] == ["w1", "w1"]


def test_a_custom_scenario_and_bad_scenarios():
    custom = Scenario("mine", "two workers",
                      [ScenarioStep("put", value="J"), ScenarioStep("lease", "w9"),
                       ScenarioStep("heartbeat", "w9", value=7)], lease_for=1)
    last = replay(custom)[-1]
    assert last.result is True and last.trace[-1].until == 7
    with pytest.raises(ValueError, match="scenario must be one of .*, got 'nope'"):
        replay("nope")
    with pytest.raises(TypeError, match="scenario must be a Scenario or a name, got 3"):
        replay(3)
    with pytest.raises(ValueError, match="step must be a ScenarioStep with op in .*, "
                                         "got ScenarioStep.op='jump'"):
        replay(Scenario("x", "x", [ScenarioStep("jump")]))
    with pytest.raises(ValueError, match="names a lease that was never granted: 'w1'"):
        replay(Scenario("x", "x", [ScenarioStep("ack", "w1")]))

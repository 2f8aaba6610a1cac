"""The lease stories from the seed, as plain lists of steps, and a replay that records each frame.

A scenario is data: `ScenarioStep("put", value="A")`, `ScenarioStep("lease", who="w1")`,
`ScenarioStep("advance", value=4)`.
`replay` runs the steps against a fresh LeaseQueue on a FakeClock starting at 0 and returns one
`Frame` per step (frame 0 is the empty queue), so an explorer can go Step / Back / Reset by index
without re-running anything. Worker steps act on the lease a worker holds: by default the latest
one it was granted, or the grant stored under `label` (that is how a stale lease is replayed).
"""

from typing import NamedTuple

from kit.clock import FakeClock
from kit.lease import Lease, LeaseEvent, LeaseQueue, Stats, exponential_retry

OPS = ("put", "lease", "ack", "heartbeat", "fail", "advance")


class ScenarioStep(NamedTuple):
    op: str  # one of OPS
    who: str | None = None  # the worker, for lease / ack / heartbeat / fail
    value: object = None  # job id (put), dt (advance), extend_by (heartbeat, None = lease_for)
    label: str | None = None  # lease: also store the grant under this name; others: use it
    note: str = ""  # what is going on, in words, for the explorer


class Scenario(NamedTuple):
    name: str
    title: str
    steps: list[ScenarioStep]
    lease_for: float = 5
    max_attempts: int = 3
    retry_base: float = 1  # retry r waits min(retry_cap, retry_base * 2**r), no jitter
    retry_cap: float = 8


class Frame(NamedTuple):
    index: int  # 0 = before the first step
    step: ScenarioStep | None
    result: object  # what the operation returned: a Lease, None, True/False
    time: float
    status: dict  # job id -> state, in the order the jobs were put
    stats: Stats
    trace: tuple[LeaseEvent, ...]  # every event so far


def _s(op, who=None, value=None, label=None, note=""):
    return ScenarioStep(op, who, value, label, note)


SCENARIOS: dict[str, Scenario] = {s.name: s for s in [
    Scenario("happy_path", "Happy path: lease, work, ack", [
        _s("put", value="A"),
        _s("lease", "w1", note="w1 borrows A until t=5; nobody else can see it"),
        _s("advance", value=3, note="w1 works for 3 ticks"),
        _s("ack", "w1", note="acked before t=5: A is done"),
    ]),
    Scenario("crash", "Worker crash: expiry, then redelivery", [
        _s("put", value="A"),
        _s("lease", "w1", note="w1 holds A while now < 5"),
        _s("advance", value=4, note="w1 crashes and never answers"),
        _s("advance", value=1, note="t=5 is the expiry tick: the lease has ended; retry in 1"),
        _s("lease", "w2", note="A is backing off until t=6: nothing ready"),
        _s("advance", value=1),
        _s("lease", "w2", note="A is delivered again: attempt 2"),
        _s("ack", "w2"),
    ]),
    Scenario("heartbeat", "Heartbeats keep a slow worker's lease", [
        _s("put", value="A"),
        _s("lease", "w1", note="w1 holds A until t=5"),
        _s("advance", value=4),
        _s("heartbeat", "w1", note="still working: the lease now runs until t=9"),
        _s("advance", value=4),
        _s("lease", "w2", note="t=8: A is still invisible to w2"),
        _s("heartbeat", "w1", note="until t=13"),
        _s("advance", value=3),
        _s("ack", "w1", note="done at t=11 with one delivery, no duplicate"),
    ]),
    Scenario("slow_duplicate", "A slow worker without heartbeats: the job runs twice", [
        _s("put", value="A"),
        _s("lease", "w1", note="w1 holds A until t=5 but needs 8 ticks"),
        _s("advance", value=5, note="no heartbeat: expired at t=5, retry at t=6"),
        _s("advance", value=1),
        _s("lease", "w2", note="w2 gets A too: a duplicate delivery"),
        _s("advance", value=2),
        _s("ack", "w1", note="w1 finishes, but its lease ended: rejected (the work ran anyway)"),
        _s("advance", value=2),
        _s("ack", "w2", note="the live holder's ack is accepted"),
    ]),
    Scenario("poison", "A poison message reaches the dead-letter queue", [
        _s("put", value="P"),
        _s("put", value="B"),
        _s("lease", "w1", note="P crashes every handler"),
        _s("fail", "w1", note="attempt 1 failed: retry after 1"),
        _s("lease", "w2", note="B is not blocked by P"),
        _s("ack", "w2"),
        _s("advance", value=1),
        _s("lease", "w1"),
        _s("fail", "w1", note="attempt 2 failed: retry after 2"),
        _s("advance", value=2),
        _s("lease", "w2"),
        _s("fail", "w2", note="attempt 3 = max_attempts: P goes to the dead-letter queue"),
        _s("advance", value=10),
        _s("lease", "w1", note="nothing left to retry: no retrying forever"),
    ]),
    Scenario("stale_ack", "An ack from an older lease is rejected", [
        _s("put", value="A"),
        _s("lease", "w1", label="first", note="w1's first lease on A, until t=5"),
        _s("advance", value=6, note="it expired at t=5; A was ready again at t=6"),
        _s("lease", "w1", label="second", note="w1 gets A again: attempt 2, a new token"),
        _s("ack", "w1", label="first", note="same worker, old lease: rejected"),
        _s("ack", "w1", label="second", note="the current lease: accepted"),
    ]),
]}


def replay(scenario: Scenario | str) -> list[Frame]:
    """Run a scenario (or the name of one in SCENARIOS) step by step on a fresh queue.

    Returns len(steps) + 1 frames; the queue is observed after each step. O(steps * jobs).
    """
    if isinstance(scenario, str):
        if scenario not in SCENARIOS:
            raise ValueError(f"scenario must be one of {sorted(SCENARIOS)}, got {scenario!r}")
        scenario = SCENARIOS[scenario]
    if not isinstance(scenario, Scenario):
        raise TypeError(f"scenario must be a Scenario or a name, got {scenario!r}")
    clock = FakeClock(0)
    queue = LeaseQueue(clock, scenario.lease_for, scenario.max_attempts,
                       retry_delay=exponential_retry(scenario.retry_base, scenario.retry_cap))
    held: dict[str, Lease] = {}  # worker name or label -> grant
    jobs: list = []
    frames = [Frame(0, None, None, clock.now(), {}, queue.stats(), ())]
    for index, step in enumerate(scenario.steps, 1):
        result = _apply(queue, clock, held, jobs, step)
        status = {job: queue.status(job) for job in jobs}
        frames.append(Frame(index, step, result, clock.now(), status, queue.stats(),
                            tuple(queue.trace)))
    return frames


def _apply(queue, clock, held, jobs, step):
    if not isinstance(step, ScenarioStep) or step.op not in OPS:
        raise ValueError(f"step must be a ScenarioStep with op in {OPS}, got {step!r}")
    if step.op == "put":
        queue.put(step.value)
        if step.value not in jobs:
            jobs.append(step.value)
        return None
    if step.op == "advance":
        return clock.advance(step.value)
    if step.op == "lease":
        grant = queue.lease(step.who)
        if grant is not None:
            held[step.who] = grant
            if step.label is not None:
                held[step.label] = grant
        return grant
    key = step.who if step.label is None else step.label
    if key not in held:
        raise ValueError(f"step {step!r} names a lease that was never granted: {key!r}")
    if step.op == "heartbeat":
        return queue.heartbeat(held[key], step.value)
    return queue.ack(held[key]) if step.op == "ack" else queue.fail(held[key])

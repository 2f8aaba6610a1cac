"""A hypothesis state machine that drives a lease queue and checks it against a brute-force model.

The machine is built by `make_machine(factory)`, so the same suite runs against any implementation
with LeaseQueue's semantics. `factory(clock, lease_for, max_attempts, retry_delay)` returns a fresh
queue on the given FakeClock (a `close()` method, if any, is called at teardown). Another test file
reuses it like this (pytest puts tests/ on sys.path):

    from test_lease_machine import make_machine
    TestMyQueue = make_machine(my_factory).TestCase

Below, one parametrised test runs it against the three queues of the kit: in memory (kit.lease),
SQLite (kit.store; in memory and on a file) and PostgreSQL (kit.pgqueue, on the server the suite
starts itself, fixture `pg_dsn`).

The model keeps one record per job and scans all of them at every step: no heaps, no lazy deletion.
It applies expiries and delayed jobs in time order (expiries first on a tie, then the order in which
they were set), and hands out the job that has been ready longest (ties: the order they were made
ready). Observation happens after every step except clock advances, so several advances in a row
make the queue catch up on many expiries and retries at once.
"""

import itertools
import os
import random
import tempfile

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    multiple,
    rule,
    run_state_machine_as_test,
)

from kit.clock import FakeClock
from kit.lease import Lease, LeaseQueue
from kit.pgqueue import PostgresLeaseQueue
from kit.store import SqliteLeaseQueue

WORKERS = ("w1", "w2")  # few names, so the same worker often meets its own old lease
JOB_IDS = ("a", "b", "c")
LIVE = ("ready", "delayed", "leased")
STATES = ("ready", "delayed", "leased", "done", "dead")


class SteppingClock(FakeClock):
    """A FakeClock that can also step backwards, as a wall clock does after an NTP correction."""

    def step_back(self, dt):
        self._now -= dt


def _jittered(seed):
    rng = random.Random(seed)
    return lambda r: rng.random() * min(4, 2**r)


# Each entry makes a fresh retry_delay, so the model and the queue never share random state.
RETRY_DELAYS = {
    "zero": lambda: (lambda r: 0),
    "one": lambda: (lambda r: 1),
    "exponential": lambda: (lambda r: min(4, 2**r)),
    "jitter": lambda: _jittered(7),
}

# What a client may have edited in its copy of a Lease before handing it back. The queue counts
# attempts, deadlines and payloads for itself, so none of these edits may change what happens.
EDITS = st.sampled_from([None, "attempt=1", "attempt=99", "expires_at=far", "expires_at=past",
                         "payload"])


def edited(lease, edit):
    if edit is None:
        return lease
    field, value = edit.split("=") if "=" in edit else (edit, None)
    new = {"attempt=1": 1, "attempt=99": 99, "expires_at=far": 10**9, "expires_at=past": -1,
           "payload": "edited"}[edit]
    return lease._replace(**{field: new})


MACHINE_SETTINGS = settings(max_examples=500, stateful_step_count=30, deadline=None,
                            derandomize=True, database=None,
                            suppress_health_check=[HealthCheck.too_slow])


class Model:
    """The naive reference: a dict of plain records, scanned in full at every step."""

    def __init__(self, lease_for, max_attempts, retry_delay):
        self.lease_for, self.max_attempts, self.retry_delay = lease_for, max_attempts, retry_delay
        self.jobs = {}  # job id -> dict
        self.dead = []  # (job id, attempts, reason) in the order they died
        self.duplicates = 0
        self._n = 0

    def tick(self):
        self._n += 1
        return self._n

    def settle(self, now):
        while True:
            due = []
            for j in self.jobs.values():
                if j["state"] == "leased" and j["expires_at"] <= now:  # held while now < expiry
                    due.append((j["expires_at"], 0, j["n"], j))
                elif j["state"] == "delayed" and j["run_at"] <= now:
                    due.append((j["run_at"], 1, j["n"], j))
            if not due:
                return
            time, kind, _, j = min(due, key=lambda d: d[:3])
            if kind == 0:
                self.end_attempt(j, time, expired=True)
            else:  # ready jobs go out in the order they became ready, whatever the clock did
                j["state"], j["ready_key"] = "ready", self.tick()

    def end_attempt(self, j, time, expired):
        j["expired_last"], j["token"], j["worker"] = expired, None, None
        if j["attempts"] >= self.max_attempts:
            j["state"] = "dead"
            self.dead.append((j["id"], j["attempts"], "expire" if expired else "fail"))
        else:
            j["state"], j["n"] = "delayed", self.tick()
            j["run_at"] = time + self.retry_delay(j["attempts"] - 1)

    def put(self, now, job_id, payload, delay):
        self.dead = [d for d in self.dead if d[0] != job_id]
        j = self.jobs[job_id] = {"id": job_id, "payload": payload, "attempts": 0, "token": None,
                                 "worker": None, "expired_last": False, "n": self.tick()}
        if delay == 0:
            j["state"], j["ready_key"] = "ready", j["n"]
        else:
            j["state"], j["run_at"] = "delayed", now + delay

    def next_ready(self):
        ready = [j for j in self.jobs.values() if j["state"] == "ready"]
        return min(ready, key=lambda j: j["ready_key"]) if ready else None

    def live(self, lease):
        j = self.jobs.get(lease.job)
        return (j is not None and j["state"] == "leased" and j["token"] == lease.token
                and j["worker"] == lease.worker)


def make_machine(factory, machine_settings=MACHINE_SETTINGS):
    """Build the state-machine class for queues made by `factory`; run it via `.TestCase`."""

    class LeaseQueueMachine(RuleBasedStateMachine):
        leases = Bundle("leases")

        @initialize(lease_for=st.integers(1, 5), max_attempts=st.integers(1, 4),
                    delays=st.sampled_from(sorted(RETRY_DELAYS)))
        def start(self, lease_for, max_attempts, delays):
            self.clock = SteppingClock(100)
            self.queue = factory(self.clock, lease_for, max_attempts, RETRY_DELAYS[delays]())
            self.model = Model(lease_for, max_attempts, RETRY_DELAYS[delays]())
            self.granted = []  # every lease ever handed out, stale ones included
            self.tokens = set()
            self.puts = 0
            self.just_advanced = False
            self.stepped_back = False

        def step(self):
            self.just_advanced = False
            now = self.clock.now()
            self.model.settle(now)
            return now

        @rule(job_id=st.sampled_from(JOB_IDS), delay=st.sampled_from([0, 0, 1, 3]))
        def put(self, job_id, delay):
            now = self.step()
            self.puts += 1
            payload = f"{job_id}#{self.puts}"
            old = self.model.jobs.get(job_id)
            if old is not None and old["state"] in LIVE:
                with pytest.raises(ValueError, match=f"job_id '{job_id}' is already"):
                    self.queue.put(job_id, payload, delay=delay)
            else:
                self.queue.put(job_id, payload, delay=delay)
                self.model.put(now, job_id, payload, delay)

        @rule(target=leases, worker=st.sampled_from(WORKERS))
        def lease(self, worker):
            now = self.step()
            got = self.queue.lease(worker)
            j = self.model.next_ready()
            if j is None:
                assert got is None
                return multiple()  # nothing added to the bundle
            assert isinstance(got, Lease)
            assert got.token not in self.tokens, "a token must be unique to its grant"
            if j["expired_last"]:
                self.model.duplicates += 1
            j["attempts"] += 1
            j.update(state="leased", worker=worker, token=got.token, expired_last=False,
                     expires_at=now + self.model.lease_for, n=self.model.tick())
            want = (j["id"], worker, j["attempts"], j["expires_at"], j["payload"])
            assert (got.job, got.worker, got.attempt, got.expires_at, got.payload) == want
            self.tokens.add(got.token)
            self.granted.append(got)
            return got

        @rule(lease=leases, edit=EDITS)
        def ack(self, lease, edit):
            self.step()
            live = self.model.live(lease)
            assert self.queue.ack(edited(lease, edit)) is live, \
                "ack accepted iff the lease is the live grant (whatever the client edited)"
            if live:
                self.model.jobs[lease.job]["state"] = "done"
                self.model.jobs[lease.job]["token"] = None

        @rule(lease=leases, intruder=st.sampled_from((*WORKERS, "w3")))
        def ack_as_someone_else(self, lease, intruder):
            self.step()
            if intruder != lease.worker:
                assert self.queue.ack(lease._replace(worker=intruder)) is False

        @rule(lease=leases, extend_by=st.sampled_from([None, 1, 4]), edit=EDITS)
        def heartbeat(self, lease, extend_by, edit):
            now = self.step()
            live = self.model.live(lease)
            assert self.queue.heartbeat(edited(lease, edit), extend_by) is live
            if live:
                j = self.model.jobs[lease.job]
                j["expires_at"] = max(j["expires_at"],  # never shortened (a step back)
                                      now + (self.model.lease_for if extend_by is None
                                             else extend_by))
                j["n"] = self.model.tick()

        @rule(lease=leases, edit=EDITS)
        def fail(self, lease, edit):
            now = self.step()
            live = self.model.live(lease)
            assert self.queue.fail(edited(lease, edit)) is live
            if live:
                self.model.end_attempt(self.model.jobs[lease.job], now, expired=False)
                self.model.settle(now)

        @rule(dt=st.integers(0, 4))
        def advance(self, dt):
            self.clock.advance(dt)
            self.just_advanced = True  # observe lazily: the next operation catches up

        @rule(dt=st.sampled_from([1, 3]))
        def step_back(self, dt):
            """The clock steps backwards (an NTP correction): what has happened stays
            happened (a job once ready stays ready, an expired lease stays expired); deadlines
            and run-at times are still compared with the clock's reading."""
            self.clock.step_back(dt)
            self.stepped_back = True

        @invariant()
        def agrees_with_model(self):
            if self.just_advanced:
                return
            now = self.clock.now()
            model = self.model
            model.settle(now)
            counts = dict.fromkeys(STATES, 0)
            for job_id, j in model.jobs.items():
                assert self.queue.status(job_id) == j["state"], job_id
                counts[j["state"]] += 1
                holder = self.queue.holder(job_id)
                if j["state"] != "leased":
                    assert holder is None
                    continue
                # at most one live lease per job: exactly one granted lease carries its token
                live = [g for g in self.granted if g.job == job_id and g.token == holder.token]
                assert len(live) == 1 and live[0].token == j["token"], live
                assert (holder.worker, holder.expires_at) == (j["worker"], j["expires_at"])
                assert now < holder.expires_at
            stats = self.queue.stats()
            assert tuple(stats)[:5] == tuple(counts[s] for s in ("ready", "leased", "delayed",
                                                                  "done", "dead"))
            assert sum(tuple(stats)[:5]) == len(model.jobs), "every job put is somewhere"
            assert stats.duplicate_deliveries == model.duplicates
            dead = [(d.job, d.attempts, d.reason) for d in self.queue.dead_letters]
            assert dead == model.dead
            assert all(d[1] == model.max_attempts for d in dead)
            assert all(1 <= g.attempt <= model.max_attempts for g in self.granted)
            trace = getattr(self.queue, "trace", None)
            if trace is not None and not self.stepped_back:
                times = [e.time for e in trace]
                assert times == sorted(times), "the trace runs forward in time"

        def teardown(self):
            close = getattr(getattr(self, "queue", None), "close", None)
            if close is not None:
                close()

    LeaseQueueMachine.TestCase.settings = machine_settings
    return LeaseQueueMachine


# -- the three queues ----------------------------------------------------------------------

def in_memory(clock, lease_for, max_attempts, retry_delay):
    return LeaseQueue(clock, lease_for, max_attempts, retry_delay=retry_delay)


def sqlite_in_memory(clock, lease_for, max_attempts, retry_delay):
    return SqliteLeaseQueue(":memory:", lease_for, max_attempts, retry_delay=retry_delay,
                            clock=clock)


class SqliteOnDisk:
    """A queue on a fresh file; close() also removes the file (the machine calls it)."""

    def __init__(self, clock, lease_for, max_attempts, retry_delay):
        self.folder = tempfile.TemporaryDirectory()
        path = os.path.join(self.folder.name, "q.db")
        self.queue = SqliteLeaseQueue(path, lease_for, max_attempts, retry_delay=retry_delay,
                                      clock=clock)

    def __getattr__(self, name):
        return getattr(self.queue, name)

    def close(self):
        self.queue.close()
        self.folder.cleanup()


def on_postgres(dsn):
    """A factory of queues on the test server, each under a queue name of its own (so examples
    never see each other's jobs); close() deletes its rows."""
    names = itertools.count()

    class OnPostgres:
        def __init__(self, clock, lease_for, max_attempts, retry_delay):
            self.queue = PostgresLeaseQueue(dsn, lease_for, max_attempts, retry_delay=retry_delay,
                                            clock=clock, queue=f"machine-{next(names)}")

        def __getattr__(self, name):
            return getattr(self.queue, name)

        def close(self):
            self.queue.drop()
            self.queue.close()

    return OnPostgres


def _budget(examples):
    return settings(MACHINE_SETTINGS, max_examples=examples)


# One suite, parametrised: every queue meets the same model with the same rules. The in-memory
# ones get the full budget; a file and a server (every step is several round trips) a smaller one.
QUEUES = {
    "memory": (lambda request: in_memory, MACHINE_SETTINGS),
    "sqlite": (lambda request: sqlite_in_memory, MACHINE_SETTINGS),
    "sqlite-file": (lambda request: SqliteOnDisk, _budget(60)),
    "postgres": (lambda request: on_postgres(request.getfixturevalue("pg_dsn")), _budget(100)),
}


@pytest.mark.parametrize("kind", sorted(QUEUES))
def test_the_queue_agrees_with_the_model(kind, request):
    factory, budget = QUEUES[kind]
    run_state_machine_as_test(make_machine(factory(request)), settings=budget)

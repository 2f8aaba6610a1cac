"""The blind zoo of the class exercises: wrong answers a candidate writes from the learner
notebooks (the known ones of issue 25 first), each rejected with a true name or a true reason,
and right answers in other styles, each accepted."""

import heapq
import threading

import pytest

from kit.exercises import concurrent_scheduler as cs
from kit.exercises import lease_queue as lq
from kit.exercises import mock_round as mr
from kit.jobs import Status


# -- lease queue -------------------------------------------------------------------------------
class HolderWithoutCatchUp(lq.ExpiringQueue):
    """holder(job, now) reads the table as it is: expiries due by now are not applied first."""

    def holder(self, job, now):
        return self.held.get(job)

    def holds(self, worker, job, token, now):
        self.catch_up(now)
        lease = self.held.get(job)
        return lease is not None and lease[:2] == (worker, token)


class RetriesBeforeExpiries(lq.RetryQueue):
    """Due retries move back before the expiries due by now are applied."""

    def catch_up(self, now):
        while self.waiting and self.waiting[0][0] <= now:
            self.ready.append(heapq.heappop(self.waiting)[2])
        lq.ExpiringQueue.catch_up(self, now)


class RetriesByName(lq.RetryQueue):
    """Retries due at the same time rejoin by job name, not in the order they were scheduled."""

    def expired(self, job, when):
        if self.attempts[job] >= self.max_attempts:
            self.dead.append(job)
        else:
            ready_at = when + self.base * 2 ** (self.attempts[job] - 1)
            heapq.heappush(self.waiting, (ready_at, job, next(self.seq)))

    def catch_up(self, now):
        lq.ExpiringQueue.catch_up(self, now)
        while self.waiting and self.waiting[0][0] <= now:
            self.ready.append(heapq.heappop(self.waiting)[1])


class ExpiryFromNow(lq.RetryQueue):
    """An expired attempt waits its backoff from the call that noticed it."""

    def catch_up(self, now):
        while self.expiries and self.expiries[0][0] <= now:
            expires_at, _, job = heapq.heappop(self.expiries)
            if self.held.get(job, (None, None, None))[2] == expires_at:
                del self.held[job]
                self.expired(job, now)
        while self.waiting and self.waiting[0][0] <= now:
            self.ready.append(heapq.heappop(self.waiting)[2])


class DeadLettersAsTuple(lq.RetryQueue):
    def dead_letters(self):
        return tuple(self.dead)


class HeartbeatNewDeadlineFromLease(lq.HeartbeatQueue):
    """A heartbeat sets the deadline from when the lease was granted, plus two lease times."""

    def heartbeat(self, worker, job, token, now):
        if not self.holds(worker, job, token, now):
            return False
        self.hold(job, worker, token, self.held[job][2] + self.lease_for)
        return True


class DelayedByName(lq.DelayedJobs):
    def schedule(self, name, at, payload):
        seq = next(self.seq)
        self.live[name] = seq
        heapq.heappush(self.heap, (at, name, seq, payload))

    def pop_due(self, now):
        due = []
        while self.heap and self.heap[0][0] <= now:
            _, name, seq, payload = heapq.heappop(self.heap)
            if self.live.get(name) == seq:
                del self.live[name]
                due.append((name, payload))
        return due


class DelayedDueAsTuples(lq.DelayedJobs):
    def pop_due(self, now):
        return tuple(super().pop_due(now))


class DelayedCancelKeepsName(lq.DelayedJobs):
    """cancel answers True for a name popped already (it only checks it was ever scheduled)."""

    def __init__(self):
        super().__init__()
        self.ever = set()

    def schedule(self, name, at, payload):
        self.ever.add(name)
        super().schedule(name, at, payload)

    def cancel(self, name):
        super().cancel(name)
        return name in self.ever


LEASE_WRONG = [
    (lq.q2, "holder without catching up", HolderWithoutCatchUp),
    (lq.q4, "retries moved back before expiries", RetriesBeforeExpiries),
    (lq.q4, "retries due together rejoin by name", RetriesByName),
    (lq.q4, "expiry backoff timed from the call that noticed it", ExpiryFromNow),
    (lq.q4, "dead_letters as a tuple", DeadLettersAsTuple),
    (lq.q3, "heartbeat extends from the old deadline", HeartbeatNewDeadlineFromLease),
    (lq.q5, "ties by name", DelayedByName),
    (lq.q5, "pop_due returns a tuple", DelayedDueAsTuples),
    (lq.q5, "cancel of a popped name accepted", DelayedCancelKeepsName),
]


@pytest.mark.parametrize("problem, label, answer", LEASE_WRONG, ids=[w[1] for w in LEASE_WRONG])
def test_lease_queue_wrong_answers_fail(problem, label, answer):
    assert not problem.check(answer), label


# -- mock round --------------------------------------------------------------------------------
class TickAsTuple(mr.JobScheduler):
    def tick(self):
        return tuple(super().tick())


class BackoffFromRunAt(mr.JobScheduler):
    """A retry's backoff counted from the job's old run_at, not from now."""

    def tick(self):
        with self.lock:
            now = self.clock.now()
            while self.delayed and self.delayed.peek().run_at <= now:
                job = self.delayed.pop()
                if job.status == "PENDING":
                    self.ready.push(job)
            taken = []
            while self.ready and len(taken) < self.workers:
                job = self.ready.pop()
                if job.status == "PENDING":
                    job.status = "RUNNING"
                    job.attempts += 1
                    taken.append(job)
        for job in taken:
            try:
                job.task()
            except Exception:
                with self.lock:
                    if job.attempts <= job.retries:
                        job.status = "PENDING"
                        job.run_at = job.run_at + job.backoff * 2 ** (job.attempts - 1)
                        self.delayed.push(job)
                    else:
                        job.status = "FAILED"
            else:
                with self.lock:
                    job.status = "DONE"
        return [job.id for job in taken]


class SubmitWithoutLock(mr.JobScheduler):
    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        if delay < 0:
            raise ValueError(f"delay must be >= 0, got {delay!r}")
        if id in self.jobs:
            raise ValueError(f"id {id!r} is already used")
        job = mr.Job(id, task, priority, self.clock.now() + delay, next(self.seq), retries,
                     backoff)
        self.jobs[id] = job
        self.delayed.push(job)
        return id


class CancelWithoutLock(mr.JobScheduler):
    def cancel(self, id):
        job = self.jobs[id]
        if job.status != "PENDING":
            return False
        job.status = "CANCELLED"
        return True


MOCK_WRONG = [
    (mr.q1, "tick returns a tuple", TickAsTuple),
    (mr.q4, "backoff from the old run_at", BackoffFromRunAt),
    (mr.q6, "submit without the lock", SubmitWithoutLock),
    (mr.q6, "cancel without the lock", CancelWithoutLock),
]


@pytest.mark.parametrize("problem, label, answer", MOCK_WRONG, ids=[w[1] for w in MOCK_WRONG])
def test_mock_round_wrong_answers_fail(problem, label, answer):
    assert not problem.check(answer), label


# -- claim and the scheduler's pieces ------------------------------------------------------------
def claim_by_the_job(job, lock):
    return job.claim()


def claim_locked_test_only(job, lock):
    with lock:
        pending = job.status == Status.PENDING
    if pending:
        job.status = Status.RUNNING
    return pending


def priority_before_le(a, b):
    return (a.priority, a.seq) <= (b.priority, b.seq) if a.priority != b.priority \
        else a.priority <= b.priority


def priority_before_by_id(a, b):
    return (a.priority, a.id) < (b.priority, b.id)


CLAIM_WRONG = [
    (cs.q2, "claim is job.claim() with no lock", claim_by_the_job),
    (cs.q2, "the lock around the test only", claim_locked_test_only),
    (cs.q1, "<= on equal priorities", priority_before_le),
    (cs.q1, "ties by id", priority_before_by_id),
]


@pytest.mark.parametrize("problem, label, answer", CLAIM_WRONG, ids=[w[1] for w in CLAIM_WRONG])
def test_concurrent_scheduler_wrong_answers_fail(problem, label, answer):
    assert not problem.check(answer), label


def claim_with_a_fresh_lock(job, lock):
    """Takes a lock, but a new one on every call: nothing is shared, nothing excluded."""
    with threading.Lock():
        if job.status != Status.PENDING:
            return False
        job.status = Status.RUNNING
        return True


def promote_stops_at_cancelled(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now and delayed.peek().status == Status.PENDING:
        ready.push(delayed.pop())


def next_job_without_loop(ready):
    job = ready.pop() if ready else None
    return job if job is not None and job.claim() else None


MORE_CLAIM_WRONG = [
    (cs.q2, "a fresh lock on every call", claim_with_a_fresh_lock),
    (cs.q3, "stops at a cancelled job", promote_stops_at_cancelled),
    (cs.q4, "gives up after one pop", next_job_without_loop),
]


@pytest.mark.parametrize("problem, label, answer", MORE_CLAIM_WRONG,
                         ids=[w[1] for w in MORE_CLAIM_WRONG])
def test_more_concurrent_scheduler_wrong_answers_fail(problem, label, answer):
    assert not problem.check(answer), label


# -- more lease queue mistakes, in a candidate's own style -----------------------------------------
class HolderAsList(lq.BorrowQueue):
    def holder(self, job, now):
        lease = self.held.get(job)
        return None if lease is None else list(lease)


class LeaseAsList(lq.BorrowQueue):
    def lease(self, worker, now):
        grant = super().lease(worker, now)
        return None if grant is None else list(grant)


class AckByTokenOnlyPerJob(lq.BorrowQueue):
    """Tokens count per job (0 for every job's first lease) and the ack checks the token only."""

    def lease(self, worker, now):
        if not self.ready:
            return None
        job = self.ready.popleft()
        self.hold(job, worker, 0, now + self.lease_for)
        return job, 0

    def holds(self, worker, job, token, now):
        lease = self.held.get(job)
        return lease is not None and lease[1] == token


class ExpiredToTheFront(lq.ExpiringQueue):
    def expired(self, job, when):
        self.ready.appendleft(job)


class PutWithoutCatchUp(lq.ExpiringQueue):
    def put(self, job, now):
        self.ready.append(job)


class ExpiriesByName(lq.ExpiringQueue):
    def hold(self, job, worker, token, expires_at):
        self.held[job] = (worker, token, expires_at)
        heapq.heappush(self.expiries, (expires_at, job, next(self.seq)))

    def catch_up(self, now):
        while self.expiries and self.expiries[0][0] <= now:
            expires_at, job, _ = heapq.heappop(self.expiries)
            if self.held.get(job, (None, None, None))[2] == expires_at:
                del self.held[job]
                self.expired(job, expires_at)


class HeartbeatNewToken(lq.HeartbeatQueue):
    def heartbeat(self, worker, job, token, now):
        if not self.holds(worker, job, token, now):
            return False
        self.hold(job, worker, next(self.tokens), now + self.lease_for)
        return True


class HeartbeatFromAnyWorker(lq.HeartbeatQueue):
    def heartbeat(self, worker, job, token, now):
        lease = self.holder(job, now)
        if lease is None or lease[1] != token:
            return False
        self.hold(job, lease[0], token, now + self.lease_for)
        return True


class HeartbeatReturnsNone(lq.HeartbeatQueue):
    def heartbeat(self, worker, job, token, now):
        super().heartbeat(worker, job, token, now)


class BackoffFromAttemptZero(lq.RetryQueue):
    def expired(self, job, when):
        if self.attempts[job] >= self.max_attempts:
            self.dead.append(job)
        else:
            heapq.heappush(self.waiting, (when + self.base * 2 ** self.attempts[job],
                                          next(self.seq), job))


class OnlyFailsCount(lq.RetryQueue):
    """Counts an attempt when it fails, not when it is leased: expiries never dead-letter."""

    def lease(self, worker, now):
        return lq.HeartbeatQueue.lease(self, worker, now)

    def fail(self, worker, job, token, now):
        if not self.holds(worker, job, token, now):
            return False
        self.attempts[job] += 1
        del self.held[job]
        self.expired(job, now)
        return True

    def expired(self, job, when):
        if self.attempts[job] >= self.max_attempts:
            self.dead.append(job)
        else:
            ready_at = when + self.base * 2 ** max(self.attempts[job] - 1, 0)
            heapq.heappush(self.waiting, (ready_at, next(self.seq), job))


class CancelReturnsNone(lq.DelayedJobs):
    def cancel(self, name):
        self.live.pop(name, None)


class PopDueNamesOnly(lq.DelayedJobs):
    def pop_due(self, now):
        return [name for name, _ in super().pop_due(now)]


MORE_LEASE_WRONG = [
    (lq.q1, "holder as a list", HolderAsList),
    (lq.q1, "lease returns a list", LeaseAsList),
    (lq.q1, "one token for every job, ack by token only", AckByTokenOnlyPerJob),
    (lq.q2, "an expired job to the front of the line", ExpiredToTheFront),
    (lq.q2, "put does not catch up", PutWithoutCatchUp),
    (lq.q2, "equal deadlines expire by name", ExpiriesByName),
    (lq.q3, "a heartbeat hands out a new token", HeartbeatNewToken),
    (lq.q3, "a heartbeat from another worker", HeartbeatFromAnyWorker),
    (lq.q3, "heartbeat returns None", HeartbeatReturnsNone),
    (lq.q4, "the first retry waits 2 * base", BackoffFromAttemptZero),
    (lq.q4, "only fails count as attempts", OnlyFailsCount),
    (lq.q5, "cancel returns None", CancelReturnsNone),
    (lq.q5, "pop_due returns names only", PopDueNamesOnly),
]


@pytest.mark.parametrize("problem, label, answer", MORE_LEASE_WRONG,
                         ids=[w[1] for w in MORE_LEASE_WRONG])
def test_more_lease_queue_wrong_answers_fail(problem, label, answer):
    assert not problem.check(answer), label


# -- more mock round mistakes ----------------------------------------------------------------
class TickReturnsJobs(mr.JobScheduler):
    def tick(self):
        ids = super().tick()
        return [self.jobs[id] for id in ids]


class RunAtFromTheFirstTick(mr.JobScheduler):
    """The delay counted from the first tick, not from the submit."""

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        got = super().submit(id, task, priority, delay, retries, backoff)
        self.jobs[id].run_at = delay
        return got


class CancelForgetsTheJob(mr.JobScheduler):
    def cancel(self, id):
        done = super().cancel(id)
        if done:
            self.jobs[id].status = "CANCELLED"
        return done

    def status(self, id):
        job = self.jobs.get(id)
        return job.status if job is not None else "CANCELLED"


class RetryResetsAttempts(mr.JobScheduler):
    """Retries push the job with a fresh Job record: its attempts start again at 0."""

    def tick(self):
        ran = super().tick()
        for id in ran:
            job = self.jobs[id]
            if job.status == "PENDING" and job.attempts >= 2:
                job.attempts = 1
        return ran


MORE_MOCK_WRONG = [
    (mr.q1, "tick returns Job records", TickReturnsJobs),
    (mr.q2, "the delay counted from t=0", RunAtFromTheFirstTick),
    (mr.q4, "attempts start again", RetryResetsAttempts),
]


@pytest.mark.parametrize("problem, label, answer", MORE_MOCK_WRONG,
                         ids=[w[1] for w in MORE_MOCK_WRONG])
def test_more_mock_round_wrong_answers_fail(problem, label, answer):
    assert not problem.check(answer), label


# -- right answers in other styles ------------------------------------------------------------
class UuidTokens(lq.RetryQueue):
    """Tokens are strings, not counters: any value that is new for each grant is right."""

    def lease(self, worker, now):
        self.catch_up(now)
        if not self.ready:
            return None
        job = self.ready.popleft()
        token = f"grant-{next(self.tokens)}-{job}"
        self.hold(job, worker, token, now + self.lease_for)
        self.attempts[job] += 1
        return job, token


class StatusWithoutLock(mr.JobScheduler):
    """Reads one attribute: atomic, so a lock-free status is right."""

    def status(self, id):
        return self.jobs[id].status


def claim_with_acquire(job, lock):
    lock.acquire()
    try:
        if job.status is Status.PENDING:
            job.status = Status.RUNNING
            return True
        return False
    finally:
        lock.release()


def priority_before_tuple_key(a, b):
    def key(job):
        return job.priority, job.seq
    return key(a) < key(b)


RIGHT = [
    (lq.q4, "string tokens", UuidTokens),
    (mr.q6, "status without the lock", StatusWithoutLock),
    (mr.q1, "status without the lock (level 1)", StatusWithoutLock),
    (cs.q2, "acquire and release by hand", claim_with_acquire),
    (cs.q1, "a key function", priority_before_tuple_key),
]


@pytest.mark.parametrize("problem, label, answer", RIGHT, ids=[w[1] for w in RIGHT])
def test_right_answers_in_other_styles_pass(problem, label, answer):
    assert problem.check(answer), label

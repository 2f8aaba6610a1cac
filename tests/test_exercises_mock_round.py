"""The mock round: six levels checked by replay and by forced races, pitfalls named, the clock."""

import functools
import heapq
import itertools
import threading
import time
from pathlib import Path
from time import monotonic

import pytest
from hypothesis import given, settings

from kit import quiz
from kit.clock import FakeClock
from kit.exercises import mock_round as ex
from kit.exercises.mock_round import Job, ModelAnswer
from kit.heap import Heap
from kit.jobs import PriorityPolicy, Status
from kit.scheduler import Scheduler
from kit.widgets.mock_round import RoundClock, phase_at


# -- learner-style answers, written differently from ModelAnswer --------------------------------
class HeapqScheduler:
    """heapq for both heaps; the policy enters through functools.cmp_to_key."""

    def __init__(self, clock, policy=None, workers=1):
        self.clock, self.workers = clock, workers
        policy = policy or PriorityPolicy()
        self.key = functools.cmp_to_key(
            lambda a, b: -1 if policy.before(a, b) else (1 if policy.before(b, a) else 0))
        self.jobs, self.delayed, self.ready = {}, [], []
        self.seq = itertools.count()
        self.lock = threading.Lock()

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        if delay < 0:
            raise ValueError("delay")
        with self.lock:
            if id in self.jobs:
                raise ValueError("id")
            job = Job(id, task, priority, self.clock.now() + delay, next(self.seq), retries,
                      backoff)
            self.jobs[id] = job
            heapq.heappush(self.delayed, (job.run_at, job.seq, job))
        return id

    def cancel(self, id):
        with self.lock:
            job = self.jobs[id]
            if job.status == "PENDING":
                job.status = "CANCELLED"
                return True
            return False

    def status(self, id):
        return self.jobs[id].status

    def _claim_batch(self):
        now = self.clock.now()
        while self.delayed and self.delayed[0][0] <= now:
            job = heapq.heappop(self.delayed)[2]
            if job.status == "PENDING":
                heapq.heappush(self.ready, self.key(job))
        batch = []
        while self.ready and len(batch) < self.workers:
            job = heapq.heappop(self.ready).obj
            if job.status == "PENDING":
                job.status = "RUNNING"
                job.attempts += 1
                batch.append(job)
        return batch

    def tick(self):
        with self.lock:
            batch = self._claim_batch()
        for job in batch:
            try:
                job.task()
                outcome = "DONE"
            except Exception:
                outcome = "RETRY" if job.attempts <= job.retries else "FAILED"
            with self.lock:
                if outcome == "RETRY":
                    job.status = "PENDING"
                    job.run_at = self.clock.now() + job.backoff * 2 ** (job.attempts - 1)
                    heapq.heappush(self.delayed, (job.run_at, job.seq, job))
                else:
                    job.status = outcome
        return [job.id for job in batch]


class SortedListScheduler:
    """No heaps at all: sort the due jobs with the policy every tick (slower, still right)."""

    def __init__(self, clock, policy=None, workers=1):
        self.clock, self.policy, self.workers = clock, policy or PriorityPolicy(), workers
        self.jobs, self.count = {}, 0
        self.lock = threading.RLock()

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        with self.lock:
            if delay < 0 or id in self.jobs:
                raise ValueError(id)
            self.jobs[id] = Job(id, task, priority, self.clock.now() + delay, self.count,
                                retries, backoff)
            self.count += 1
            return id

    def cancel(self, id):
        with self.lock:
            if self.jobs[id].status != Status.PENDING:
                return False
            self.jobs[id].status = Status.CANCELLED
            return True

    def status(self, id):
        with self.lock:
            return self.jobs[id].status

    def tick(self):
        with self.lock:
            now = self.clock.now()
            due = [j for j in self.jobs.values() if j.status == Status.PENDING and j.run_at <= now]
            due.sort(key=functools.cmp_to_key(lambda a, b: -1 if self.policy.before(a, b) else 1))
            batch = due[: self.workers]
            for job in batch:
                job.status, job.attempts = Status.RUNNING, job.attempts + 1
        for job in batch:
            try:
                job.task()
            except Exception:
                with self.lock:
                    if job.attempts <= job.retries:
                        job.status = Status.PENDING
                        job.run_at = now + job.backoff * 2 ** (job.attempts - 1)
                    else:
                        job.status = Status.FAILED
            else:
                with self.lock:
                    job.status = Status.DONE
        return [job.id for job in batch]


# -- learner-style wrong answers -----------------------------------------------------------------
class _Unlocked:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class UnlockedHeapq(HeapqScheduler):
    """A learner who never added the lock."""

    def __init__(self, clock, policy=None, workers=1):
        super().__init__(clock, policy, workers)
        self.lock = _Unlocked()


class HalfLocked(ModelAnswer):
    """cancel is locked, but tick runs without the lock."""

    def tick(self):
        lock, self.lock = self.lock, _Unlocked()
        try:
            return super().tick()
        finally:
            self.lock = lock


class MonotonicInside(HeapqScheduler):
    """Reads the wall clock through a name imported with `from time import monotonic`."""

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        self.clock = type("Wall", (), {"now": staticmethod(lambda: monotonic())})()
        return super().submit(id, task, priority, delay, retries, backoff)


class TimeModule(HeapqScheduler):
    def tick(self):
        self.started = time.time()
        return super().tick()


class TuplesByPriority(HeapqScheduler):
    """heapq entries (priority, id): ties broken by name, not by submission."""

    def __init__(self, clock, policy=None, workers=1):
        super().__init__(clock, policy, workers)
        self.key = lambda job: _ByName(job)


class _ByName:
    def __init__(self, job):
        self.obj = job

    def __lt__(self, other):
        return (self.obj.priority, self.obj.id) < (other.obj.priority, other.obj.id)


class OwnRecords(HeapqScheduler):
    """Keeps statuses in its own dict instead of Job.status, all under the lock: right too."""

    def __init__(self, clock, policy=None, workers=1):
        super().__init__(clock, policy, workers)
        self.states = {}

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        if delay < 0:
            raise ValueError("delay")
        with self.lock:  # the record and its status together: a tick may come in between
            if id in self.jobs:
                raise ValueError("id")
            job = Job(id, task, priority, self.clock.now() + delay, next(self.seq), retries,
                      backoff)
            self.jobs[id], self.states[id] = job, "PENDING"
            heapq.heappush(self.delayed, (job.run_at, job.seq, job))
        return id

    def cancel(self, id):
        with self.lock:
            if self.states[id] == "PENDING":
                self.states[id] = "CANCELLED"
                return True
            return False

    def status(self, id):
        with self.lock:
            return self.states[id]

    def tick(self):
        with self.lock:
            now = self.clock.now()
            while self.delayed and self.delayed[0][0] <= now:
                heapq.heappush(self.ready, self.key(heapq.heappop(self.delayed)[2]))
            batch = []
            while self.ready and len(batch) < self.workers:
                job = heapq.heappop(self.ready).obj
                if self.states[job.id] == "PENDING":
                    self.states[job.id] = "RUNNING"
                    batch.append(job)
        for job in batch:
            try:
                job.task()
                failed = False
            except Exception:
                failed = True
            with self.lock:  # the outcome under the lock, a retry's push too
                job.attempts += 1
                if not failed:
                    self.states[job.id] = "DONE"
                elif job.attempts <= job.retries:
                    self.states[job.id] = "PENDING"
                    job.run_at = self.clock.now() + job.backoff * 2 ** (job.attempts - 1)
                    heapq.heappush(self.delayed, (job.run_at, job.seq, job))
                else:
                    self.states[job.id] = "FAILED"
        return [job.id for job in batch]


class AcquireRelease(ModelAnswer):
    """The model answer with explicit acquire/release, an RLock and a claim helper: right."""

    def __init__(self, clock, policy=None, workers=1):
        super().__init__(clock, policy, workers)
        self.lock = threading.RLock()

    def _claim(self, job):
        self.lock.acquire()
        try:
            if job.status != "PENDING":
                return False
            job.status = "RUNNING"
            job.attempts += 1
            return True
        finally:
            self.lock.release()

    def tick(self):
        self.lock.acquire()
        try:
            now = self.clock.now()
            while self.delayed and self.delayed.peek().run_at <= now:
                job = self.delayed.pop()
                if job.status == "PENDING":
                    self.ready.push(job)
            taken = []
            while self.ready and len(taken) < self.workers:
                job = self.ready.pop()
                if self._claim(job):
                    taken.append(job)
        finally:
            self.lock.release()
        for job in taken:
            try:
                job.task()
            except Exception:
                with self.lock:
                    if job.attempts <= job.retries:
                        job.status = "PENDING"
                        job.run_at = self.clock.now() + job.backoff * 2 ** (job.attempts - 1)
                        self.delayed.push(job)
                    else:
                        job.status = "FAILED"
            else:
                with self.lock:
                    job.status = "DONE"
        return [job.id for job in taken]


# -- wrong answers nobody declared: each must fail its level -------------------------------------
class ClaimOutsideLock(ModelAnswer):
    """Pops under the lock, but tests and sets the status after releasing it."""

    def tick(self):
        with self.lock:
            now = self.clock.now()
            while self.delayed and self.delayed.peek().run_at <= now:
                job = self.delayed.pop()
                if job.status == "PENDING":
                    self.ready.push(job)
            popped = [self.ready.pop() for _ in range(min(self.workers, len(self.ready)))]
        taken = []
        for job in popped:
            if job.status == "PENDING":
                job.status = "RUNNING"
                taken.append(job)
        for job in taken:
            job.task()
            with self.lock:
                job.status = "DONE"
        return [job.id for job in taken]


class UnlockedCancel(ModelAnswer):
    """tick is locked; cancel tests and sets without the lock."""

    def cancel(self, id):
        job = self.jobs[id]
        if job.status != "PENDING":
            return False
        job.status = "CANCELLED"
        return True


class PeekClaimPop(ModelAnswer):
    """Claims the front of the ready heap under one lock, pops it under another acquisition."""

    def tick(self):
        taken = []
        with self.lock:
            now = self.clock.now()
            while self.delayed and self.delayed.peek().run_at <= now:
                job = self.delayed.pop()
                if job.status == "PENDING":
                    self.ready.push(job)
        while len(taken) < self.workers:
            with self.lock:
                if not self.ready:
                    break
                job = self.ready.peek()
            if job.status == "PENDING":
                job.status = "RUNNING"
                taken.append(job)
            with self.lock:
                if self.ready and self.ready.peek() is job:
                    self.ready.pop()
        for job in taken:
            job.task()
            with self.lock:
                job.status = "DONE"
        return [job.id for job in taken]


class StatusOnlyAtTheEnd(ModelAnswer):
    """Marks a job RUNNING only after its task ran (so status() never says RUNNING, and a cancel
    during the task still wins)."""

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
                    taken.append(job)
        for job in taken:
            job.task()
            with self.lock:
                job.status = "DONE"
        return [job.id for job in taken]


class RetryToReady(ModelAnswer):
    """A failed job goes straight back to the ready heap, its backoff ignored."""

    def tick(self):
        ran = super().tick()
        with self.lock:
            for job in list(self.delayed.items()):
                job.run_at = min(job.run_at, self.clock.now())
        return ran


class DefaultPriorityOne(HeapqScheduler):
    def submit(self, id, task, priority=1, delay=0, retries=0, backoff=10):
        return super().submit(id, task, priority, delay, retries, backoff)


class CancelRemoves(ModelAnswer):
    """cancel takes the job out of its heap by rebuilding it: right answers, O(n) per cancel."""

    def cancel(self, id):
        with self.lock:
            job = self.jobs[id]
            if job.status != "PENDING":
                return False
            job.status = "CANCELLED"
            for name in ("delayed", "ready"):
                old = getattr(self, name)
                keep = [j for j in old.ordered() if j is not job]
                new = Heap(key=lambda j: (j.run_at, j.seq)) if name == "delayed" else \
                    Heap(before=self.policy.before)
                for j in keep:
                    new.push(j)
                setattr(self, name, new)
            return True


class Stub:
    def __init__(self, clock, policy=None, workers=1):
        raise NotImplementedError

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        raise NotImplementedError


def test_points_are_declared_per_level():
    assert [q.points for q in ex.LEVELS] == [2, 1, 2, 2, 1, 2]


@pytest.mark.parametrize("cls", [HeapqScheduler, ModelAnswer, AcquireRelease])
def test_differently_written_classes_pass_every_level(cls):
    table = ex.progress(cls)
    assert table.points == 10, table
    assert "**Total: 10 / 10 points**" in repr(table)


@pytest.mark.parametrize("cls,level,name", [
    (UnlockedHeapq, ex.q6, ex.LOCK),
    (HalfLocked, ex.q6, ex.TICK_UNLOCKED),
    (MonotonicInside, ex.q2, ex.WALL),
    (MonotonicInside, ex.q1, ex.WALL),
    (TimeModule, ex.q3, ex.WALL),
    (TuplesByPriority, ex.q1, ex.TIE_KEY),
])
def test_learner_written_mistakes_get_the_seed_names(cls, level, name):
    result = level.check(cls)
    assert not result
    assert result.pitfall is not None and result.pitfall.name == name, result


@pytest.mark.parametrize("cls,level", [
    (ClaimOutsideLock, ex.q6), (UnlockedCancel, ex.q6), (PeekClaimPop, ex.q6),
    (StatusOnlyAtTheEnd, ex.q1), (StatusOnlyAtTheEnd, ex.q6), (RetryToReady, ex.q4),
    (DefaultPriorityOne, ex.q1),
    (CancelRemoves, ex.q3), (SortedListScheduler, ex.q2), (SortedListScheduler, ex.q3),
], ids=lambda x: getattr(x, "__name__", "level"))
def test_undeclared_wrong_answers_fail(cls, level):
    result = level.check(cls)
    assert not result, result


def test_costs_are_their_own_outcome():
    assert ex.q2.check(SortedListScheduler).status == "too slow"
    result = ex.q3.check(CancelRemoves)
    assert result.status == "too slow" and "cancel does work for every job" in result.error
    assert ex.q1.check(SortedListScheduler)  # level 1 promises no cost


def test_later_levels_keep_the_cost_promises():  # level 6 replays the whole class
    for q in ex.LEVELS[3:]:
        assert q.check(SortedListScheduler).status == "too slow", q.name
        result = q.check(CancelRemoves)
        assert result.status == "too slow" and "cancel does work for every job" in result.error


def test_the_unlocked_class_passes_the_single_threaded_levels():
    assert all(q.check(UnlockedHeapq) for q in ex.LEVELS[:5])


@pytest.mark.parametrize("cls", [UnlockedHeapq, HalfLocked, ClaimOutsideLock, UnlockedCancel])
def test_the_race_is_found_on_every_one_of_100_runs(cls):
    race = ("cancel('x') racing a tick's claim of x",)
    verdicts = {ex.run_race(cls, race) for _ in range(100)}
    assert len(verdicts) == 1 and not next(iter(verdicts)), verdicts


def test_the_level_6_check_gives_one_verdict_every_time():  # the races: 100 runs, above
    results = [ex.q6.check(UnlockedHeapq) for _ in range(5)]
    assert {(r.status, r.case, r.pitfall.name) for r in results} == {
        ("failed", ("cancel('x') racing a tick's claim of x",), ex.LOCK)}
    assert all(ex.q6.check(HeapqScheduler) for _ in range(5))


def test_a_failed_race_shows_the_schedule():
    result = ex.q6.check(UnlockedHeapq)
    assert "cancel goes on" in result.error and "pauses before" in result.error, result


def test_statuses_kept_outside_job_records_win_every_race():
    for race in ex.RACES:
        assert ex.run_race(OwnRecords, (race,)), race
    assert not ex.run_race(UnlockedHeapq, (next(iter(ex.RACES)),))


def test_not_attempted_everywhere_and_progress_counts_zero():
    table = ex.progress(Stub)
    assert [r.status for r in table.results] == ["not attempted"] * 6
    assert table.points == 0 and "| L6 | thread safety | 0 / 2 | not attempted |" in repr(table)


def test_only_reads_made_by_the_class_during_a_replay_count():
    class Subclass(ModelAnswer):
        def tick(self):
            return super().tick()
    time.monotonic()  # a read outside the replay
    assert ex.replay(Subclass, (1, ("submit a p=1", "tick"))) != ex.WALL_CLOCK
    assert ex.q1.check(Subclass)
    assert time.monotonic.__name__ == "monotonic"  # the spies are gone again


def test_every_pitfall_edit_is_the_answer_with_one_mistake():
    for level in ex.LEVELS:
        for pitfall in level.pitfalls:
            assert pitfall.edit, pitfall.name  # an edit of JobScheduler, not its own class


class _CoreAdapter:
    """kit.scheduler.Scheduler behind the mock-round API, to cross-check ModelAnswer."""

    def __init__(self, clock, policy=None, workers=1):
        self.core = Scheduler(clock, policy or PriorityPolicy(), workers)

    def submit(self, id, task, priority=5, delay=0, retries=0, backoff=10):
        return self.core.submit(id, task, priority, delay, retries, backoff)

    def cancel(self, id):
        return self.core.cancel(id)

    def status(self, id):
        return self.core.status_of(id)

    def tick(self):
        return [run.id for run in self.core.tick()]


@settings(max_examples=150, deadline=None)
@given(ex.rounds(4, policies=True))
def test_model_answer_agrees_with_the_core_scheduler(case):
    assert ex.replay(ModelAnswer, case) == ex.replay(_CoreAdapter, case)


def test_replay_observations_read_like_the_steps():
    seen = ex.replay(ModelAnswer, (2, ("submit b p=2", "submit a p=1 delay=1", "tick",
                                       "cancel b", "tick")))
    assert seen == ["submit b p=2 → b", "  b PENDING (ran 0)",
                    "submit a p=1 delay=1 → a", "  b PENDING (ran 0), a PENDING (ran 0)",
                    "tick at t=0 → [b]", "  b DONE (ran 1 while RUNNING), a PENDING (ran 0)",
                    "cancel b → False", "  b DONE (ran 1 while RUNNING), a PENDING (ran 0)",
                    "tick at t=1 → [a]",
                    "  b DONE (ran 1 while RUNNING), a DONE (ran 1 while RUNNING)"]


def test_judge_points_at_the_first_differing_step_and_names_the_job():
    expected = ["submit a p=1 → a", "  a PENDING (ran 0)", "tick at t=0 → [a]",
                "  a DONE (ran 1)"]
    got = ["submit a p=1 → a", "  a PENDING (ran 0)", "tick at t=0 → []", "  a PENDING (ran 0)"]
    assert ex.judge_replay(None, expected, got) == "at `tick at t=0`: expected [a], got []"
    got = expected[:3] + ["  a RUNNING (ran 1)"]
    assert ex.judge_replay(None, expected, got) == \
        "after `tick at t=0`: expected a DONE (ran 1), got a RUNNING (ran 1)"
    assert "system clock" in ex.judge_replay(None, expected, ex.WALL_CLOCK)


def test_job_status_is_a_plain_attribute():
    job = Job("x", print, 1, 0, 0)
    job.status = "RUNNING"
    assert job.status == "RUNNING" and job.attempts == 0 and repr(job) == "Job('x', RUNNING)"


# -- the clock widget ----------------------------------------------------------------------------
def test_round_clock_starts_at_zero_and_follows_its_play_value():
    clock = RoundClock()
    assert clock.lines == ["00:00 elapsed · 60:00 left",
                           "now: clarify the scope: ask the questions below (until 05:00)"]
    first = bytes(clock.picture.value)
    clock.play.value = 615
    assert clock.lines == ["10:15 elapsed · 49:45 left", "now: L1 submit and tick (until 17:00)"]
    assert bytes(clock.picture.value) != first
    clock.play.value = 3600
    assert clock.lines[1].startswith("time is up")
    text = clock._repr_mimebundle_()["text/plain"]
    assert text.splitlines() == ["[60-minute round]", "60:00 elapsed · 00:00 left",
                                 clock.lines[1]]


def test_the_plan_covers_the_hour_without_gaps():
    assert [phase_at(m * 60)[0] for m in (0, 5, 10, 39, 59)] == [
        "clarify", "class map", "L1", "L6", "extend"]
    assert phase_at(3600) is None


def test_fake_clock_is_what_the_replays_use():
    assert FakeClock().now() == 0


# -- issue 25a: failing tasks raise varied types; outcomes recorded under the lock -----------------
class _Escape(BaseException):
    """Not an Exception: a model tick does not catch it."""


def _letting_through(kind):
    """The model answer, but a task's `kind` escapes tick (as if tick caught every other one)."""
    class LetsThrough(ModelAnswer):
        def submit(self, id, task, *args, **kwargs):
            def run():
                try:
                    return task()
                except kind as exc:
                    raise _Escape(type(exc).__name__) from exc
            return super().submit(id, run, *args, **kwargs)
    return LetsThrough


@pytest.mark.parametrize("kind", ex.ERRORS, ids=lambda k: k.__name__)
def test_a_tick_catching_only_some_exception_types_fails(kind):
    assert not ex.q4.check(_letting_through(kind))


def test_failing_tasks_raise_every_type_and_one_cannot_be_printed():
    kinds = {type(ex._failure(id, call)) for id in "abcdef" for call in range(1, 5)}
    assert kinds == set(ex.ERRORS)
    with pytest.raises(RuntimeError):
        str(ex.Unprintable("x"))


BLIND = Path(__file__).parent / "zoo" / "blind_25a" / "mock_round" / "q6"


def _blind(name):
    return quiz._load(str(BLIND / name), "JobScheduler")


def test_a_retry_pushed_outside_the_lock_fails_a_race():
    cls = _blind("wrong_completion_unlocked.py")
    failed = [race for race in ex.RACES if not ex.run_race(cls, (race,))]
    assert failed and all("no lock held" in repr(ex.run_race(cls, (r,))) for r in failed)
    assert not ex.q6.check(cls)


def test_a_task_run_under_the_lock_is_named_not_hung():
    result = ex.q6.check(_blind("wrong_task_under_lock.py"))
    assert not result
    assert result.pitfall is not None
    assert result.pitfall.name == "running the task while holding the lock", result
    assert "lock was held" in repr(result)

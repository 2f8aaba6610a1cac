"""Exercises and explorer of 07_concurrent_scheduler: references pass, pitfalls are named."""


import threading

import pytest

from kit.exercises import concurrent_scheduler as ex
from kit.jobs import Status
from kit.widgets.scheduler import SchedulerExplorer, play


def _before_nested(a, b):
    if a.priority < b.priority:
        return True
    if a.priority > b.priority:
        return False
    return a.seq < b.seq


def _before_key(a, b):
    def key(job):
        return job.priority * 1000 + job.seq
    return key(a) < key(b)


def _claim_match(job, lock):
    with lock:
        match job.status:
            case "PENDING":
                job.status = Status.RUNNING
                return True
            case _:
                return False


def _claim_acquire(job, lock):
    lock.acquire()
    try:
        ok = str(job.status) == "PENDING"
        if ok:
            job.status = "RUNNING"
        return ok
    finally:
        lock.release()


def _promote_collect(delayed, ready, now):
    due = []
    while len(delayed) > 0 and not delayed.peek().run_at > now:
        due.append(delayed.pop())
    for job in due:
        if job.status is Status.PENDING:
            ready.push(job)


def _promote_recursive(delayed, ready, now):
    if not delayed or delayed.peek().run_at > now:
        return
    job = delayed.pop()
    if job.status == "PENDING":
        ready.push(job)
    _promote_recursive(delayed, ready, now)


def _next_for(ready):
    for _ in range(len(ready)):
        job = ready.pop()
        if job.claim():
            return job
    return None


def _next_recursive(ready):
    if not ready:
        return None
    job = ready.pop()
    return job if job.claim() else _next_recursive(ready)


@pytest.mark.parametrize("problem,answer", [
    (ex.q1, _before_nested), (ex.q1, _before_key),
    (ex.q2, _claim_match), (ex.q2, _claim_acquire),
    (ex.q3, _promote_collect), (ex.q3, _promote_recursive),
    (ex.q4, _next_for), (ex.q4, _next_recursive),
])
def test_differently_written_answers_pass(problem, answer):
    result = problem.check(answer)
    assert result, result


def test_not_attempted():
    def stub(*args):
        raise NotImplementedError
    for problem in ex.PROBLEMS:
        assert problem.check(stub).status == "not attempted"


def test_claim_that_returns_none_is_told_to_return_a_bool():
    def sloppy(job, lock):
        with lock:
            if job.status == "PENDING":
                job.status = Status.RUNNING
                return True
    result = ex.q2.check(sloppy)
    assert result.status == "failed" and "True or False" in result.error, result


# -- wrong answers nobody declared ----------------------------------------------------------
def _before_by_name_only(a, b):
    return a.id < b.id


def _before_seq_only(a, b):
    return a.seq < b.seq


def _before_int(a, b):
    return int((a.priority, a.seq) < (b.priority, b.seq))


def _claim_no_lock(job, lock):
    if job.status != Status.PENDING:
        return False
    job.status = Status.RUNNING
    return True


def _claim_lock_around_the_set_only(job, lock):
    pending = job.status == Status.PENDING
    if pending:
        with lock:
            job.status = Status.RUNNING
    return pending


def _claim_lock_released_early(job, lock):
    with lock:
        pending = job.status == Status.PENDING
    if pending:
        job.status = Status.RUNNING
    return pending


def _promote_marks_running(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == Status.PENDING:
            job.status = Status.RUNNING  # the statement says: change no status
            ready.push(job)


def _promote_cancels_late_ones(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == Status.PENDING:
            ready.push(job)
        else:
            job.status = Status.FAILED


def _promote_pop_all_push_back(delayed, ready, now):
    later = []
    while delayed:
        job = delayed.pop()
        if job.run_at > now:
            later.append(job)
        elif job.status == Status.PENDING:
            ready.push(job)
    for job in later:
        delayed.push(job)


def _promote_scan(delayed, ready, now):
    for _ in [job for job in delayed.items() if job.run_at <= now]:
        job = delayed.pop()
        if job.status == Status.PENDING:
            ready.push(job)


def _next_returns_id(ready):
    while ready:
        job = ready.pop()
        if job.claim():
            return job.id
    return None


def _next_cancels_skipped(ready):
    while ready:
        job = ready.pop()
        if job.claim():
            return job
        job.status = Status.FAILED
    return None


def _next_by_name(ready):
    jobs = [ready.pop() for _ in range(len(ready))]
    for job in sorted(jobs, key=lambda j: j.id):
        if job.claim():
            return job
    return None


@pytest.mark.parametrize("problem,answer", [
    (ex.q1, _before_by_name_only), (ex.q1, _before_seq_only), (ex.q1, _before_int),
    (ex.q2, _claim_no_lock), (ex.q2, _claim_lock_around_the_set_only),
    (ex.q2, _claim_lock_released_early),
    (ex.q3, _promote_marks_running), (ex.q3, _promote_cancels_late_ones),
    (ex.q3, _promote_pop_all_push_back), (ex.q3, _promote_scan),
    (ex.q4, _next_returns_id), (ex.q4, _next_cancels_skipped), (ex.q4, _next_by_name),
], ids=lambda x: getattr(x, "__name__", getattr(x, "name", "")))
def test_undeclared_wrong_answers_fail(problem, answer):
    result = problem.check(answer)
    assert not result, result


def test_a_promote_that_scans_or_pushes_back_is_too_slow_not_wrong():
    for answer in (_promote_pop_all_push_back, _promote_scan):
        result = ex.q3.check(answer)
        assert result.status == "too slow", result


@pytest.mark.parametrize("answer", [_claim_no_lock, _claim_lock_around_the_set_only,
                                    _claim_lock_released_early])
def test_an_unlocked_claim_fails_on_every_one_of_100_runs(answer):
    race = (ex.P, 1, "two workers claim it at once")
    verdicts = {ex.claim_calls(answer, race) for _ in range(100)}
    assert len(verdicts) == 1 and not next(iter(verdicts)), verdicts
    assert all(ex.claim_calls(ex.claim, race) for _ in range(100))


def test_a_failed_race_names_the_schedule():
    result = ex.q2.check(_claim_lock_around_the_set_only)
    assert result.pitfall is not None and result.pitfall.name == "test and set outside the lock"
    assert "pauses before" in result.error, result


def test_a_claim_that_never_takes_the_given_lock_is_told_so():
    """Without the lock, or under one of its own (which hung the race into a time-out that said
    nothing of locks): said on the first sequential case already."""
    own = threading.Lock()

    def claim_under_its_own_lock(job, lock):
        with own:
            return _claim_no_lock(job, lock)

    for answer in (_claim_no_lock, claim_under_its_own_lock):
        result = ex.q2.check(answer)
        assert result.status == "failed" and result.error == ex.NO_LOCK, result


# -- the explorer -----------------------------------------------------------------------------
def test_play_is_the_core_scheduler_replayed():
    from kit.jobs import PriorityPolicy

    sched, results = play(PriorityPolicy(), workers=1, ticks=3)
    assert results == {0: [], 1: [("digest", True)], 2: [("cleanup", True)]}
    assert [e.id for e in sched.events() if e.kind == "run"] == ["resize", "deploy", "report"]


def test_explorer_steps_resets_and_reacts_to_its_controls():
    e = SchedulerExplorer()
    assert e.lines[0].startswith("before the first tick (t=0): 8 jobs submitted")
    assert e.lines[2] == "ready heap: empty"
    e.advance()
    assert e.ticks.value == 1
    assert e.lines[0] == "tick 0 at t=0 · priority · 1 worker(s)"
    assert e.lines[1].endswith("slot 0 runs resize")
    assert e.lines[3] == "ready heap: email p3, cleanup p4, backup p5"
    e.ticks.value = 3
    assert "cancel cleanup → True" in e.lines[1]
    assert "cleanup p4 (cancelled)" in e.lines[3]
    e.workers.value = 2
    assert "cancel cleanup → False" in e.lines[1]
    e.policy.value = "FIFO (submission order)"
    assert "FIFO" in e.lines[0]
    e.reset.click()
    assert e.ticks.value == 0 and e.lines[0].startswith("before the first tick")
    for _ in range(20):
        e.step.click()
    assert e.ticks.value == 10 and bytes(e.picture.value)[:4] == b"\x89PNG"


def test_explorer_text_form_is_its_readout():
    e = SchedulerExplorer(ticks=7)
    text = e._repr_mimebundle_()["text/plain"]
    assert text.splitlines()[0] == "[Two-heap scheduler explorer]"
    assert "skip cleanup (cancelled)" in text
